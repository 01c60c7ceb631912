"""``fanshu.match.store``: SQLite round trips, errors that write nothing, schema migration,
two processes writing at once, and SIGKILL at random moments while recording."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from fanshu.errors import FanshuError
from fanshu.match import store as store_mod
from fanshu.match.sheet import SCALE_48, SCALE_STANDARD, Match, MatchError
from fanshu.match.store import Store, StoreError, default_db_path, resolve_db_path

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
HAND = "[EEEE]123m456p789s11s"


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "fanshu.db"


@pytest.fixture
def store(db: Path) -> Any:
    s = Store.open(db)
    yield s
    s.close()


def snapshot(path: Path) -> list[tuple[Any, ...]]:
    """Every row of every table (but the audit log), to check that nothing was written."""
    with sqlite3.connect(path) as c:
        out: list[tuple[Any, ...]] = []
        tables = [r[0] for r in c.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        for t in sorted(tables):
            if t in ("events", "sqlite_sequence"):
                continue
            out += sorted(((t, *row) for row in c.execute(f"SELECT * FROM {t}")), key=repr)
        out.append(("events", c.execute("SELECT count(*) FROM events").fetchone()[0]))
    return out


# -- where the database is ---------------------------------------------------------------


def test_resolve_path_url_env_and_default(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("FANSHU_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    if sys.platform.startswith("linux"):
        assert default_db_path() == tmp_path / "xdg" / "fanshu" / "fanshu.db"
    assert resolve_db_path(None) == str(default_db_path())
    assert resolve_db_path(tmp_path / "a.db") == str(tmp_path / "a.db")
    assert resolve_db_path("sqlite:///rel/b.db") == "rel/b.db"
    assert resolve_db_path(f"sqlite:///{tmp_path}/c.db") == f"{tmp_path}/c.db"
    monkeypatch.setenv("FANSHU_DB", f"sqlite:///{tmp_path}/env.db")
    assert resolve_db_path(None) == f"{tmp_path}/env.db"
    assert resolve_db_path("x.db") == "x.db"  # an explicit target wins over the variable
    for bad in ("postgres://u@h/db", "mysql://h/db", "sqlite://h/db", "sqlite:///"):
        with pytest.raises(StoreError, match="sqlite:///path"):
            resolve_db_path(bad)


def test_default_location_is_created(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("FANSHU_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    with Store.open() as s:
        mid = s.create_match(PLAYERS)
        assert Path(s.path).is_file()
    with Store.open() as s:
        assert s.load_match(mid).players == tuple(PLAYERS)


def test_pragmas(store: Store) -> None:
    c = store._conn
    assert c.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert c.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert c.execute("PRAGMA busy_timeout").fetchone()[0] == store_mod.BUSY_TIMEOUT_MS
    assert store.schema_version() == store_mod.SCHEMA_VERSION


def test_not_a_database(tmp_path: Path) -> None:
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"this is not SQLite, just some text that is long enough" * 20)
    with pytest.raises(StoreError, match=r"junk\.db"):
        Store.open(junk)
    with pytest.raises(StoreError, match="directory"):
        Store.open(tmp_path)


# -- round trips -------------------------------------------------------------------------


def test_match_round_trip(db: Path, store: Store) -> None:
    mid = store.create_match(PLAYERS)
    assert len(mid) == 6 and mid.isalnum()
    expected = Match(PLAYERS, id=mid)
    store.record_win(mid, "Bo", discarder="Di", fan=10)
    expected.record_win("Bo", discarder="Di", fan=10)
    store.add_penalty(mid, "Cy", 5, "slow play")
    expected.add_penalty("Cy", 5, "slow play")
    store.record_false_win(mid, "Ann", "not_complete")
    expected.record_false_win("Ann", "not_complete")
    rec = store.record_win(mid, "Ann", hand=HAND, flowers=2)
    assert (
        rec.hand == HAND
        and rec.fans
        and rec.fan == expected.record_win("Ann", hand=HAND, flowers=2).fan
    )
    store.record_draw(mid)
    expected.record_draw()
    store.correct(mid, 1, winner="Cy", fan=9)
    expected.correct(1, winner="Cy", fan=9)
    assert store.undo(mid).kind == "draw"
    expected.undo()
    # a fresh connection reads exactly the same sheet
    with Store.open(db) as again:
        loaded = again.load_match(mid)
    assert loaded == expected
    assert loaded.to_dict() == expected.to_dict()
    assert [e["action"] for e in store.events(mid)] == [
        "create", "win", "penalty", "false_win", "win", "draw", "correct", "undo",
    ]  # fmt: skip
    summary = store.list_matches()
    assert [m.id for m in summary] == [mid]
    assert summary[0].totals == expected.totals() and summary[0].hands_played == 2


def test_full_match_table_points_and_scale(store: Store) -> None:
    mid = store.create_match(PLAYERS)
    wide = store.create_match(PLAYERS, scale=SCALE_48)
    for m in (mid, wide):
        for i in range(16):
            store.record_win(m, PLAYERS[i % 3], fan=8 + i)  # Di never wins
    totals = store.load_match(mid).totals()
    assert sum(totals.values()) == 0
    points = {p["name"]: p["table_points"] for p in store.match_dict(mid)["players"]}
    assert sorted(points.values()) == [0, 1, 2, 4] and points["Di"] == 0
    wide_points = {p["name"]: p["table_points"] for p in store.match_dict(wide)["players"]}
    assert wide_points == {p: v * 12 for p, v in points.items()}
    with pytest.raises(MatchError, match="complete"):
        store.record_draw(mid)


def test_export_import_match(store: Store) -> None:
    mid = store.create_match(PLAYERS, scale=SCALE_48)
    for i in range(16):
        store.record_win(mid, PLAYERS[i % 4], discarder=PLAYERS[(i + 1) % 4], fan=8 + i % 5)
    store.add_penalty(mid, "Di", 10, "late")
    for fmt in ("json", "csv"):
        text = store.export_match(mid, fmt)
        new = store.import_match(text, fmt)
        assert new != mid
        assert store.load_match(new).records == store.load_match(mid).records
        assert store.match_scale(new) == SCALE_48
        assert store.match_dict(new)["players"] == store.match_dict(mid)["players"]
        if fmt == "json":
            assert json.loads(text) == {**store.match_dict(mid), "id": mid}
            assert store.match_dict(new)["players"] == store.match_dict(mid)["players"]
    tampered = store.export_match(mid).replace('"fan": 8', '"fan": 9', 1)
    before = len(store.list_matches())
    with pytest.raises(MatchError):
        store.import_match(tampered)
    assert len(store.list_matches()) == before
    with pytest.raises(StoreError, match="format"):
        store.export_match(mid, "xml")


def test_csv_keeps_the_scale_of_an_incomplete_match_and_reads_old_files(store: Store) -> None:
    mid = store.create_match(PLAYERS, scale=SCALE_48)
    store.record_win(mid, "Bo", discarder="Di", fan=10)
    text = store.export_match(mid, "csv")
    new = store.import_match(text, "csv")
    assert store.match_scale(new) == SCALE_48
    assert store.load_match(new).records == store.load_match(mid).records
    # a file written before the scale was kept: no points on the match row
    old = text.replace("48/24/12/0", "", 1)
    assert "48/24/12/0" not in old
    assert store.match_scale(store.import_match(old, "csv")) == SCALE_STANDARD
    before = len(store.list_matches())
    with pytest.raises(MatchError, match="bad scale"):
        store.import_match(text.replace("48/24/12/0", "48/24/twelve/0", 1), "csv")
    assert len(store.list_matches()) == before


def test_json_keeps_the_scale_of_an_incomplete_match(store: Store) -> None:
    mid = store.create_match(PLAYERS, scale=SCALE_48)
    store.record_win(mid, "Bo", discarder="Di", fan=10)
    text = store.export_match(mid, "json")
    assert json.loads(text)["scale"] == [48, 24, 12, 0]
    new = store.import_match(text, "json")
    assert store.load_match(new).records == store.load_match(mid).records
    assert store.match_scale(new) == SCALE_48
    assert store.match_dict(new) == {**store.match_dict(mid), "id": new}
    # a file written before the scale was kept: inferred from the table points, as before
    old = json.loads(text)
    del old["scale"]
    assert store.match_scale(store.import_match(json.dumps(old), "json")) == SCALE_STANDARD


def test_tournament_round_trip_and_exchange(db: Path, store: Store) -> None:
    players = [f"P{i}" for i in range(8)]
    tid = store.create_tournament(players, sessions=2, name="club night")
    store.seat_session(tid, 1, [players[:4], players[4:]])
    seating = store.generate_seating(tid, seed=3)
    assert len(seating.sessions) == 2
    t1 = store.table_match(tid, 1, 1)
    assert t1 == f"{tid}-s1t1" and store.table_match(tid, 1, 1) == t1
    for i in range(16):
        store.record_win(t1, players[i % 4], fan=8 + i)
    store.set_result(tid, 1, 2, {"P4": 30, "P5": 10, "P6": -10, "P7": -30})
    with Store.open(db) as again:
        standings = [s.to_dict() for s in again.standings(tid)]
    assert standings[0]["table_points"] == 4 and len(standings) == 8
    for fmt in ("json", "csv"):
        copy = store.import_tournament(store.export_tournament(tid, fmt), fmt)
        assert [s.to_dict() for s in store.standings(copy)] == standings
        assert store.load_tournament(copy).seating(2) == store.load_tournament(tid).seating(2)
    assert next(t["id"] for t in store.list_tournaments()) == tid
    before = snapshot(db)
    with pytest.raises(MatchError):
        store.seat_session(tid, 1, [players[4:], players[:4]])  # session 1 has results
    with pytest.raises(MatchError):
        store.set_result(tid, 2, 1, {"P0": 1})
    with pytest.raises(StoreError, match="no tournament"):
        store.standings("nope")
    assert snapshot(db) == before


# -- errors write nothing ----------------------------------------------------------------


def test_unknown_match_id(store: Store) -> None:
    with pytest.raises(StoreError, match=r"no match 'zzzzzz'.*holds no matches"):
        store.load_match("zzzzzz")
    mid = store.create_match(PLAYERS)
    with pytest.raises(StoreError, match=rf"no match 'zzzzzz'.*recent matches: {mid}"):
        store.record_draw("zzzzzz")


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda s, m: s.record_win(m, "Eve", fan=8), "unknown winner 'Eve'"),
        (lambda s, m: s.record_win(m, "Ann", discarder="Zed", fan=8), "unknown discarder"),
        (lambda s, m: s.record_win(m, "Ann", discarder="Ann", fan=8), "cannot be the winner"),
        (lambda s, m: s.record_win(m, "Ann", fan=-3), "below"),
        (lambda s, m: s.record_win(m, "Ann", fan=7), "8 fan"),
        (lambda s, m: s.record_win(m, "Ann", fan=9, flowers=2), "8 fan"),
        (lambda s, m: s.record_win(m, "Ann", hand="123m"), "14 tiles"),
        (lambda s, m: s.record_win(m, "Ann"), "fan total or a hand"),
        (lambda s, m: s.add_penalty(m, "Ann", 0), "penalty points"),
        (lambda s, m: s.add_penalty(m, "Eve", 5), "unknown player"),
        (lambda s, m: s.record_false_win(m, "Ann", "rude"), "unknown false win"),
        (lambda s, m: s.correct(m, 9, winner="Ann", fan=8), "not recorded"),
        (lambda s, m: s.record_draw(m), "complete"),  # a 17th hand
    ],
)
def test_bad_input_writes_nothing(db: Path, store: Store, call: Any, message: str) -> None:
    mid = store.create_match(PLAYERS)
    hands = 16 if message == "complete" else 3
    for i in range(hands):
        store.record_win(mid, PLAYERS[i % 4], fan=8)
    before = snapshot(db)
    with pytest.raises(FanshuError, match=message):
        call(store, mid)
    assert snapshot(db) == before


def test_bad_create_writes_nothing(db: Path, store: Store) -> None:
    before = snapshot(db)
    for players in (["A", "B", "C"], ["A", "A", "B", "C"], "ABCD", ["A", "B", "C", ""]):
        with pytest.raises(MatchError):
            store.create_match(players)  # type: ignore[arg-type]
    with pytest.raises(MatchError):
        store.create_match(PLAYERS, scale=(4, 2, 1))
    with pytest.raises(MatchError):
        store.create_tournament(["A", "B", "C"])
    assert snapshot(db) == before
    mid = store.create_match(PLAYERS)
    with pytest.raises(StoreError, match="already exists"):
        store.create_match(PLAYERS, id=mid)


def test_undo_on_empty_sheet(store: Store) -> None:
    mid = store.create_match(PLAYERS)
    with pytest.raises(MatchError, match="nothing to undo"):
        store.undo(mid)


def test_failure_inside_the_transaction_rolls_back(db: Path, store: Store) -> None:
    mid = store.create_match(PLAYERS)
    store.record_draw(mid)
    before = snapshot(db)

    def half_then_fail(m: Match, _: dict[str, Any]) -> None:
        m.record_win("Ann", fan=8)
        m.record_win("Bo", fan=8)
        raise RuntimeError("power cut in the middle")

    with pytest.raises(RuntimeError):
        store.update_match(mid, half_then_fail, "test")
    assert snapshot(db) == before
    assert not store._conn.in_transaction
    store.record_draw(mid)  # the store is still usable
    assert store.load_match(mid).hands_played == 2


def test_schema_rejects_a_17th_hand_row(db: Path, store: Store) -> None:
    """The database itself refuses what the model would: hand numbers 1-16, one each."""
    mid = store.create_match(PLAYERS)
    store.record_draw(mid)
    with sqlite3.connect(db) as c, pytest.raises(sqlite3.IntegrityError):
        c.execute(
            "INSERT INTO hands (match_id, number, seq, kind, record) "
            "VALUES (?, 17, 1, 'draw', '{}')",
            (mid,),
        )
    with sqlite3.connect(db) as c, pytest.raises(sqlite3.IntegrityError):
        c.execute(
            "INSERT INTO hands (match_id, number, seq, kind, record) "
            "VALUES (?, 1, 1, 'draw', '{}')",
            (mid,),
        )


# -- schema migration --------------------------------------------------------------------

#: Schema version 1 exactly as fanshu 0.1 wrote it, frozen here: migration 1 must never
#: change, and a database written by it must keep opening.
SCHEMA_V1 = """
CREATE TABLE tournaments (
    id TEXT PRIMARY KEY, created TEXT NOT NULL, name TEXT NOT NULL DEFAULT '',
    players TEXT NOT NULL CHECK (json_valid(players) AND json_type(players) = 'array'),
    options TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(options)), updated TEXT NOT NULL);
CREATE TABLE sessions (
    tournament_id TEXT NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    number INTEGER NOT NULL CHECK (number >= 1), PRIMARY KEY (tournament_id, number)
) WITHOUT ROWID;
CREATE TABLE matches (
    id TEXT PRIMARY KEY, created TEXT NOT NULL,
    players TEXT NOT NULL CHECK (json_valid(players) AND json_array_length(players) = 4),
    options TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(options)), updated TEXT NOT NULL);
CREATE TABLE tables (
    tournament_id TEXT NOT NULL, session INTEGER NOT NULL,
    number INTEGER NOT NULL CHECK (number >= 1),
    players TEXT NOT NULL CHECK (json_valid(players) AND json_array_length(players) = 4),
    match_id TEXT UNIQUE REFERENCES matches(id) ON DELETE SET NULL,
    result TEXT CHECK (result IS NULL OR json_valid(result)),
    PRIMARY KEY (tournament_id, session, number),
    FOREIGN KEY (tournament_id, session)
        REFERENCES sessions(tournament_id, number) ON DELETE CASCADE
) WITHOUT ROWID;
CREATE TABLE hands (
    match_id TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    number INTEGER NOT NULL CHECK (number BETWEEN 1 AND 16),
    seq INTEGER NOT NULL CHECK (seq >= 0),
    kind TEXT NOT NULL CHECK (kind IN ('win', 'draw')),
    record TEXT NOT NULL CHECK (json_valid(record)),
    PRIMARY KEY (match_id, number), UNIQUE (match_id, seq)
) WITHOUT ROWID;
CREATE TABLE penalties (
    match_id TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL CHECK (seq >= 0),
    number INTEGER NOT NULL CHECK (number BETWEEN 1 AND 16),
    kind TEXT NOT NULL CHECK (kind IN ('false_win', 'penalty')),
    player TEXT NOT NULL, record TEXT NOT NULL CHECK (json_valid(record)),
    PRIMARY KEY (match_id, seq)
) WITHOUT ROWID;
CREATE TABLE events (
    id INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT NOT NULL,
    match_id TEXT REFERENCES matches(id) ON DELETE CASCADE,
    tournament_id TEXT REFERENCES tournaments(id) ON DELETE CASCADE,
    action TEXT NOT NULL, detail TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(detail)));
CREATE INDEX events_by_match ON events(match_id);
CREATE INDEX events_by_tournament ON events(tournament_id);
CREATE INDEX tables_by_match ON tables(match_id);
PRAGMA user_version = 1;
"""


def _v1_database(path: Path) -> Match:
    """A version-1 file written by raw SQL, holding one match with three rows."""
    m = Match(PLAYERS, id="old001")
    m.record_win("Cy", discarder="Ann", fan=12, flowers=1)
    m.add_penalty("Bo", 10, "phone")
    m.record_draw()
    with sqlite3.connect(path) as c:
        c.executescript(SCHEMA_V1)
        c.execute(
            "INSERT INTO matches VALUES ('old001', '2026-01-01T00:00:00Z', ?, "
            "'{\"scale\":[4,2,1,0]}', '2026-01-01T00:00:00Z')",
            (json.dumps(PLAYERS),),
        )
        for seq, r in enumerate(m.records):
            row = r.to_dict()
            if r.is_hand:
                c.execute(
                    "INSERT INTO hands VALUES ('old001', ?, ?, ?, ?)",
                    (r.number, seq, r.kind, json.dumps(row)),
                )
            else:
                c.execute(
                    "INSERT INTO penalties VALUES ('old001', ?, ?, ?, ?, ?)",
                    (seq, r.number, r.kind, r.offender, json.dumps(row)),
                )
    return m


def _schema(path: Path) -> list[tuple[str, str]]:
    with sqlite3.connect(path) as c:
        rows = c.execute("SELECT type, name FROM sqlite_master ORDER BY name").fetchall()
        cols = [
            (t, f"{t}.{col[1]}:{col[2]}")
            for (t,) in c.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            for col in c.execute(f"PRAGMA table_info({t})")
        ]
    return sorted(rows + cols)


def test_fresh_database_has_the_frozen_v1_schema(tmp_path: Path) -> None:
    _v1_database(tmp_path / "raw.db")
    Store.open(tmp_path / "new.db").close()
    assert _schema(tmp_path / "new.db") == _schema(tmp_path / "raw.db")


def test_v1_database_opens_and_records(tmp_path: Path) -> None:
    path = tmp_path / "v1.db"
    expected = _v1_database(path)
    with Store.open(path) as s:
        assert s.schema_version() == 1
        assert s.load_match("old001") == expected
        s.record_win("old001", "Di", fan=8)
        assert s.load_match("old001").hands_played == 3


def test_migration_2_is_applied_in_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "v1.db"
    expected = _v1_database(path)
    order: list[int] = []

    def backfill(c: sqlite3.Connection) -> None:
        order.append(3)
        c.execute("UPDATE matches SET venue = 'club' WHERE venue IS NULL")

    def note(c: sqlite3.Connection) -> None:
        order.append(2)

    m2: Any = ("ALTER TABLE matches ADD COLUMN venue TEXT",)
    monkeypatch.setattr(store_mod, "MIGRATIONS", (*store_mod.MIGRATIONS, m2, note, backfill))
    with Store.open(path) as s:
        assert s.schema_version() == 4
        assert order == [2, 3]
        assert s.load_match("old001") == expected
        venue = s._conn.execute("SELECT venue FROM matches").fetchone()[0]
        assert venue == "club"
    with Store.open(path) as s:  # already migrated: nothing runs again
        assert order == [2, 3]
    # a database newer than this code is refused, not damaged
    monkeypatch.setattr(store_mod, "MIGRATIONS", store_mod.MIGRATIONS[:1])
    with pytest.raises(StoreError, match="schema version 4, newer"):
        Store.open(path)


def test_failed_migration_leaves_version_1(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "v1.db"
    _v1_database(path)
    bad: Any = ("ALTER TABLE matches ADD COLUMN venue TEXT", "THIS IS NOT SQL")
    monkeypatch.setattr(store_mod, "MIGRATIONS", (*store_mod.MIGRATIONS, bad))
    with pytest.raises(sqlite3.OperationalError):
        Store.open(path)
    with sqlite3.connect(path) as c:
        assert c.execute("PRAGMA user_version").fetchone()[0] == 1
        assert "venue" not in [col[1] for col in c.execute("PRAGMA table_info(matches)")]


# -- several processes -------------------------------------------------------------------

SRC = str(Path(__file__).resolve().parents[2] / "src")

WRITER = """
import sys
from fanshu.match.store import Store
db, k, shared, own = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
s = Store.open(db)
players = ["Ann", "Bo", "Cy", "Di"]
print("ready", flush=True)
sys.stdin.readline()  # wait for the start signal, so that all writers overlap
for i in range(16):
    s.record_win(own, players[i % 4], fan=8 + i)
    if i % 4 == 0:
        s.record_win(shared, players[k], discarder=players[(k + 1) % 4], fan=8 + k)
    s.add_penalty(shared, players[k], 1, f"w{k}-{i}")
print("done", flush=True)
"""


def _python(code: str, *args: str, **kw: Any) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": SRC + os.pathsep + os.environ.get("PYTHONPATH", "")}
    env.pop("FANSHU_DB", None)
    return subprocess.Popen(
        [sys.executable, "-c", code, *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        **kw,
    )


def _close(p: subprocess.Popen[str]) -> None:
    for f in (p.stdin, p.stdout, p.stderr):
        if f is not None:
            f.close()


def test_concurrent_writers_lose_nothing(db: Path, store: Store) -> None:
    """Four processes write at once: each its own match, and all into one shared match
    (4 hands and 16 penalties each).  Every hand and penalty arrives, exactly once."""
    shared = store.create_match(PLAYERS)
    own = [store.create_match(PLAYERS) for _ in range(4)]
    procs = [_python(WRITER, str(db), str(k), shared, own[k]) for k in range(4)]
    for p in procs:
        assert p.stdout is not None
        assert p.stdout.readline().strip() == "ready", p.stderr.read() if p.stderr else ""
    for p in procs:
        assert p.stdin is not None
        p.stdin.write("go\n")
        p.stdin.flush()
    for p in procs:
        assert p.stdout is not None and p.stderr is not None
        p.wait(timeout=60)
        out, err = p.stdout.read(), p.stderr.read()
        _close(p)
        assert p.returncode == 0, err
        assert out.strip() == "done"
    for k in range(4):
        m = store.load_match(own[k])
        assert m.is_complete and [r.number for r in m.hands] == list(range(1, 17))
    m = store.load_match(shared)
    assert [r.number for r in m.hands] == list(range(1, 17))
    assert sorted(r.winner or "" for r in m.hands) == sorted(PLAYERS * 4)
    reasons = sorted(r.penalties[0].reason for r in m.records if r.kind == "penalty")
    assert reasons == sorted(f"w{k}-{i}" for k in range(4) for i in range(16))
    assert store._conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


CRASHER = """
import random, sys
from fanshu.match.store import Store
db, seed = sys.argv[1], int(sys.argv[2])
rng = random.Random(seed)
s = Store.open(db)
players = ["Ann", "Bo", "Cy", "Di"]
print("ready", flush=True)
while True:
    mid = s.create_match(players)
    print(mid, 0, flush=True)
    rows = 0
    while s.load_match(mid).current_hand is not None:
        r = rng.random()
        if r < 0.6:
            w = rng.randrange(4)
            d = None if r < 0.2 else players[(w + rng.randint(1, 3)) % 4]
            s.record_win(mid, players[w], discarder=d, fan=rng.randint(8, 40))
        elif r < 0.75:
            s.record_draw(mid)
        elif r < 0.9:
            s.add_penalty(mid, rng.choice(players), rng.randint(1, 30), "kill test")
        else:
            kind = rng.choice(["under_minimum", "not_complete"])
            s.record_false_win(mid, rng.choice(players), kind)
        rows += 1
        print(mid, rows, flush=True)  # after COMMIT: this row is on disk
"""


def test_sigkill_while_recording_loses_no_committed_hand(db: Path, store: Store) -> None:
    """30 writers killed with SIGKILL at random moments, three at a time on one file: the
    file stays intact, every row a writer reported committed is there, and each match
    holds at most the one row that was being written when its writer died."""
    rng = random.Random(20261129)
    reported: dict[str, int] = {}
    kills = 0
    started = time.monotonic()
    # Bounded by count; the time guard only stops a hung run (a loaded machine is slow).
    while kills < 30 and time.monotonic() - started < 180:
        procs = [_python(CRASHER, str(db), str(rng.randrange(10**9))) for _ in range(3)]
        for p in procs:
            assert p.stdout is not None
            line = p.stdout.readline().strip()
            assert line == "ready", p.stderr.read() if p.stderr else line
        for p in procs:
            time.sleep(rng.uniform(0.005, 0.12))
            p.send_signal(signal.SIGKILL)
        for p in procs:
            assert p.stdout is not None
            p.wait(timeout=30)
            # read through the buffered reader: communicate() would skip what readline()
            # already buffered
            out = p.stdout.read()
            _close(p)
            assert p.returncode == -signal.SIGKILL
            lines = out.split("\n")
            # A kill can land between the writes of one print: only whole lines count.
            for line in lines[:-1]:
                mid, rows = line.split()
                reported[mid] = max(reported.get(mid, 0), int(rows))
            kills += 1
    assert kills == 30
    assert sum(reported.values()) > 30  # the writers did get some work done

    c = store._conn
    assert c.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert c.execute("PRAGMA foreign_key_check").fetchall() == []
    all_ids = [m.id for m in store.list_matches()]  # every match reads back and validates
    assert set(reported) <= set(all_ids)
    for mid in all_ids:
        m = store.load_match(mid)  # rows contiguous, every payment re-settled by the rules
        numbers = [r.number for r in m.hands]
        assert numbers == list(range(1, len(numbers) + 1))
        committed = reported.get(mid, 0)
        assert committed <= len(m.records) <= committed + 1, (mid, committed, len(m.records))
