"""``fanshu.store.connection``: the pragmas, files that are not databases, a failed change
that rolls back, several processes writing at once, and SIGKILL at random moments while
recording; the last three on SQLite and on PostgreSQL (two servers on one database are
two of these processes)."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from fanshu.match.sheet import Match
from fanshu.store import (
    BUSY_TIMEOUT_MS,
    SCHEMA_VERSION,
    SqliteStore,
    Store,
    StoreError,
    open_store,
)
from support.store_files import PLAYERS, snapshot


def test_pragmas(sqlite_store: SqliteStore) -> None:
    """SQLite only: PRAGMAs (PostgreSQL has WAL, foreign keys and a lock timeout by its
    own means; test_postgres.py checks the lock timeout)."""
    c = sqlite_store._conn
    assert c.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert c.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert c.execute("PRAGMA busy_timeout").fetchone()[0] == BUSY_TIMEOUT_MS
    assert sqlite_store.schema_version() == SCHEMA_VERSION


def test_not_a_database(tmp_path: Path) -> None:
    """SQLite only: a file that is not a database (PostgreSQL's errors: test_postgres.py)."""
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"this is not SQLite, just some text that is long enough" * 20)
    with pytest.raises(StoreError, match=r"junk\.db"):
        SqliteStore.open(junk)
    with pytest.raises(StoreError, match="directory"):
        SqliteStore.open(tmp_path)


def test_failure_inside_the_transaction_rolls_back(db: str, store: Store) -> None:
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


# -- several processes -------------------------------------------------------------------

SRC = str(Path(__file__).resolve().parents[2] / "src")

WRITER = """
import sys
from fanshu.store import open_store
db, k, shared, own = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
s = open_store(db)
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


def test_concurrent_writers_lose_nothing(backend: str, db: str, store: Store) -> None:
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
    if backend == "sqlite":  # PostgreSQL has no file of its own to check
        assert store._conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


CRASHER = """
import random, sys
from fanshu.store import open_store
db, seed = sys.argv[1], int(sys.argv[2])
rng = random.Random(seed)
s = open_store(db)
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


def test_sigkill_while_recording_loses_no_committed_hand(
    backend: str, db: str, store: Store
) -> None:
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

    if backend == "sqlite":  # PostgreSQL checks its foreign keys on every write
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


# --- a full disk and a read-only file (issue 14) ------------------------------------------


@pytest.mark.sqlite_only(reason="SQLite's page limit stands in for a full disk")
def test_a_full_disk_says_so_and_loses_nothing(backend: str, db: str) -> None:
    from fanshu.store.interface import DiskFull

    store = open_store(db)
    kept = store.create_match(PLAYERS)
    assert isinstance(store, SqliteStore)
    pages = store._conn.execute("PRAGMA page_count").fetchone()[0]
    store._conn.execute(f"PRAGMA max_page_count = {pages}")  # SQLITE_FULL from now on
    with pytest.raises(DiskFull) as e:
        for _ in range(200):
            store.create_match(PLAYERS)
    assert e.value.code == "disk_full"
    message = e.value.message
    assert message.startswith(f"the disk holding the database {db} is full: nothing was recorded")
    assert "not damaged" in message and "I/O" not in message
    store.close()
    with open_store(db) as again:  # the file is whole, and takes changes again
        assert kept in [m.id for m in again.list_matches()]
        again.record_draw(kept)


@pytest.mark.sqlite_only(reason="file permissions")
def test_a_read_only_file_can_be_viewed_and_says_why_it_cannot_change(
    backend: str, db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from fanshu.store import connection
    from fanshu.store.interface import ReadOnlyStore

    with open_store(db) as store:
        mid = store.create_match(PLAYERS)
        store.record_draw(mid)
    # tests may run as root, whom permissions do not stop: the check is what is tested
    monkeypatch.setattr(connection, "_unwritable", lambda path: True)
    with open_store(db) as store:
        assert [m.id for m in store.list_matches()] == [mid]
        assert len(store.load_match(mid).hands) == 1
        with pytest.raises(ReadOnlyStore) as e:
            store.record_draw(mid)
    assert e.value.code == "read_only"
    assert e.value.message == (
        f"the database {db} is read-only (the file or its folder cannot be written): it can "
        "be viewed but not changed"
    )


@pytest.mark.sqlite_only(reason="SQLite's read-only open")
def test_sqlite_refusing_a_write_is_the_read_only_error(backend: str, db: str) -> None:
    import sqlite3

    from fanshu.store.connection import Database
    from fanshu.store.interface import ReadOnlyStore

    with open_store(db) as store:
        store.create_match(PLAYERS)
    ro = Database(sqlite3.connect(f"file:{db}?mode=ro", uri=True, isolation_level=None), db)
    with pytest.raises(ReadOnlyStore), ro.transaction() as c:
        c.execute("DELETE FROM matches")
    ro.close()


@pytest.mark.sqlite_only(reason="file permissions")
def test_the_command_line_shows_a_read_only_database_and_refuses_a_change(
    backend: str, db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from typer.testing import CliRunner

    from fanshu.cli.main import app
    from fanshu.store import connection

    with open_store(db) as store:
        mid = store.create_match(PLAYERS)
    monkeypatch.setattr(connection, "_unwritable", lambda path: True)
    shown = CliRunner().invoke(app, ["match", "show", mid, "--db", db])
    assert shown.exit_code == 0, shown.output
    assert PLAYERS[0] in shown.output
    refused = CliRunner().invoke(app, ["match", "record", mid, "--draw", "--db", db])
    assert refused.exit_code != 0
    assert f"the database {db} is read-only" in refused.output


def test_first_opens_at_once_migrate_once(db: str) -> None:
    """Eight stores open a database that does not exist yet at the same moment (as
    servers starting together): the schema is made once, under the write lock, and
    every one of them can write (a part made at first use too)."""
    start = threading.Barrier(8)

    def first_use(k: int) -> str:
        start.wait()
        with open_store(db) as s:
            mid = s.create_match(["A", "B"], rule_set="two-player")  # the rule_sheets part
            s.open_games()
            return mid

    with ThreadPoolExecutor(8) as pool:
        made = list(pool.map(first_use, range(8)))
    with open_store(db) as s:
        assert s.schema_version() == SCHEMA_VERSION
        assert sorted(m.id for m in s.list_matches()) == sorted(made)
