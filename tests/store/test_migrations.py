"""``fanshu.store.schema`` and ``migrations``: the frozen version-1 schema, what the
database itself refuses, and migrations applied in order (or not at all)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from fanshu.match.sheet import Match
from fanshu.store import (
    SCHEMA_VERSION,
    SqliteStore,
    StoreError,
)
from fanshu.store import schema as schema_mod
from support.store_files import PLAYERS

# SQLite's schema as files of older releases hold it, written by raw SQLite SQL and read
# with PRAGMAs; PostgreSQL's migrations and constraints: test_postgres.py.
pytestmark = pytest.mark.sqlite_only(reason="raw SQLite files, PRAGMA user_version")


def test_schema_rejects_a_17th_hand_row(db: Path, store: SqliteStore) -> None:
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


#: Migration 2 (issue 14) as released, frozen as version 1 above: who made each change.
SCHEMA_V2_STEP = "ALTER TABLE events ADD COLUMN actor TEXT NOT NULL DEFAULT ''"


def test_fresh_database_has_the_frozen_v1_schema_and_step_2(tmp_path: Path) -> None:
    _v1_database(tmp_path / "raw.db")
    with sqlite3.connect(tmp_path / "raw.db") as c:
        c.execute(SCHEMA_V2_STEP)
    SqliteStore.open(tmp_path / "new.db").close()
    assert _schema(tmp_path / "new.db") == _schema(tmp_path / "raw.db")
    assert SCHEMA_VERSION == 2


def test_v1_database_opens_and_records(tmp_path: Path) -> None:
    """A file of the previous release (version 1) is brought to version 2: its events
    get an actor ('' on the rows written before), the new ones say who wrote them."""
    path = tmp_path / "v1.db"
    expected = _v1_database(path)
    with sqlite3.connect(path) as c:
        c.execute(
            "INSERT INTO events (at, match_id, action, detail) "
            "VALUES ('2026-01-01T00:00:00Z', 'old001', 'create', '{}')"
        )
    with SqliteStore.open(path) as s:
        assert s.schema_version() == SCHEMA_VERSION == 2
        assert s.load_match("old001") == expected
        with s.acting_as("cli:ann"):
            s.record_win("old001", "Di", fan=8)
        assert s.load_match("old001").hands_played == 3
        assert [(e["action"], e["actor"]) for e in s.events("old001")] == [
            ("create", ""),
            ("win", "cli:ann"),
        ]


def test_later_migrations_are_applied_in_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "v1.db"
    expected = _v1_database(path)
    order: list[int] = []

    def backfill(c: sqlite3.Connection) -> None:
        order.append(3)
        c.execute("UPDATE matches SET venue = 'club' WHERE venue IS NULL")

    def note(c: sqlite3.Connection) -> None:
        order.append(2)

    m3: Any = ("ALTER TABLE matches ADD COLUMN venue TEXT",)
    monkeypatch.setattr(schema_mod, "MIGRATIONS", (*schema_mod.MIGRATIONS, m3, note, backfill))
    with SqliteStore.open(path) as s:
        assert s.schema_version() == SCHEMA_VERSION + 3
        assert order == [2, 3]
        assert s.load_match("old001") == expected
        venue = s._conn.execute("SELECT venue FROM matches").fetchone()[0]
        assert venue == "club"
    with SqliteStore.open(path) as s:  # already migrated: nothing runs again
        assert order == [2, 3]
    # a database newer than this code is refused, not damaged
    monkeypatch.setattr(schema_mod, "MIGRATIONS", schema_mod.MIGRATIONS[:1])
    with pytest.raises(StoreError, match=f"schema version {SCHEMA_VERSION + 3}, newer"):
        SqliteStore.open(path)


def test_failed_migration_leaves_version_1(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "v1.db"
    _v1_database(path)
    bad: Any = ("ALTER TABLE matches ADD COLUMN venue TEXT", "THIS IS NOT SQL")
    monkeypatch.setattr(schema_mod, "MIGRATIONS", (*schema_mod.MIGRATIONS, bad))
    with pytest.raises(sqlite3.OperationalError):
        SqliteStore.open(path)
    with sqlite3.connect(path) as c:
        assert c.execute("PRAGMA user_version").fetchone()[0] == 1
        assert "venue" not in [col[1] for col in c.execute("PRAGMA table_info(matches)")]


def test_a_v1_file_takes_rule_sheets_in_a_part_of_their_own(tmp_path: Path) -> None:
    """Another rule set's sheet creates the rule_sheets part; the MCR schema, its
    user_version and the old match stay exactly as they were."""
    path = tmp_path / "v1.db"
    expected = _v1_database(path)
    raw = tmp_path / "raw.db"
    _v1_database(raw)
    SqliteStore.open(raw).close()  # the core brought forward, no rule sheet
    with SqliteStore.open(path) as s:
        sid = s.create_match(["A", "B"], rule_set="two-player")
        assert s.schema_version() == SCHEMA_VERSION
        assert s.part_version("rule_sheets") == len(schema_mod.RULE_SHEETS_MIGRATIONS)
        assert s.load_match("old001") == expected
        assert s.load_match(sid).rules == "two-player"
    part = ("rule_", "schema_parts", "sqlite_autoindex_rule_", "sqlite_autoindex_schema_parts")
    core = [(kind, name) for kind, name in _schema(path) if not name.startswith(part)]
    assert core == _schema(raw)
    with sqlite3.connect(path) as c:
        assert c.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_a_read_only_v1_file_is_viewed_as_it_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A file of the previous release that cannot be written is not migrated (that is a
    write): its sheets, events (actor '') and tournaments still read, changes are refused."""
    from fanshu.store import connection
    from fanshu.store.interface import ReadOnlyStore

    path = tmp_path / "v1.db"
    expected = _v1_database(path)
    with sqlite3.connect(path) as c:
        c.execute(
            "INSERT INTO events (at, match_id, action, detail) "
            "VALUES ('2026-01-01T00:00:00Z', 'old001', 'create', '{}')"
        )
        c.execute(
            "INSERT INTO tournaments VALUES ('t1', '2026-01-01T00:00:00Z', 'club', "
            '\'["A","B","C","D"]\', \'{}\', \'2026-01-01T00:00:00Z\')'
        )
        c.execute(
            "INSERT INTO events (at, tournament_id, action, detail) "
            "VALUES ('2026-01-01T00:00:00Z', 't1', 'create', '{}')"
        )
    monkeypatch.setattr(connection, "_unwritable", lambda path: True)
    with SqliteStore.open(path) as s:
        assert s.schema_version() == 1
        assert s.load_match("old001") == expected
        assert [(e["action"], e["actor"]) for e in s.events("old001")] == [("create", "")]
        assert [e["actor"] for e in s.tournament_events("t1")] == [""]
        assert s.grant_for("any-token") is None
        with pytest.raises(ReadOnlyStore):
            s.record_draw("old001")
    with sqlite3.connect(path) as c:
        assert c.execute("PRAGMA user_version").fetchone()[0] == 1
