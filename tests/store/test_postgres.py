"""``fanshu.store.postgres``: what only the PostgreSQL backend has: URLs, its migrations
(a ``schema_version`` row, its own first steps, the same later ones), the constraints of
its schema, its error messages, and two stores on one database (the rest of the store's
suite runs on both backends: conftest.py)."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from fanshu.store import (
    SCHEMA_VERSION,
    PostgresStore,
    StoredGame,
    StoreError,
    open_store,
)
from fanshu.store import schema as schema_mod
from fanshu.store.interface import ReadOnlyStore
from fanshu.store.postgres import NUL_REFUSED, PgDatabase, pg_sql
from support.postgres import required
from support.store_files import PLAYERS, snapshot

try:
    import psycopg
except ImportError:  # pragma: no cover - the dev extra installs it
    if required():
        raise
    pytest.skip("psycopg is not installed", allow_module_level=True)


def _tables(url: str) -> set[str]:
    with psycopg.connect(url) as c:
        rows = c.execute("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")
        return {r[0] for r in rows}


def test_open_store_and_fanshu_db_take_a_postgres_url(
    pg_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with open_store(pg_db) as s:
        assert isinstance(s, PostgresStore) and s.path == pg_db
        mid = s.create_match(PLAYERS)
    monkeypatch.setenv("FANSHU_DB", pg_db)
    with open_store() as s:
        assert isinstance(s, PostgresStore)
        assert s.load_match(mid).players == tuple(PLAYERS)
    with PostgresStore.open() as s:
        assert s.list_matches()[0].id == mid


def test_migration_from_empty(pg_db: str) -> None:
    assert _tables(pg_db) == set()
    with PostgresStore.open(pg_db) as s:
        assert s.schema_version() == SCHEMA_VERSION
        assert s.part_version("games") == s.part_version("rule_sheets") == 0
        core = {"tournaments", "sessions", "matches", "tables", "hands", "penalties", "events"}
        assert _tables(pg_db) == core | {"schema_version"}
        s.open_games()
        s.create_match(["A", "B"], rule_set="two-player")
        assert s.part_version("games") == len(schema_mod.GAMES_MIGRATIONS)
        assert s.part_version("rule_sheets") == len(schema_mod.RULE_SHEETS_MIGRATIONS)
    with psycopg.connect(pg_db) as c:
        assert c.execute("SELECT one, version FROM schema_version").fetchall() == [
            (True, SCHEMA_VERSION)
        ]
        # the later, portable steps ran here too: the audit trail says who
        columns = c.execute(
            "SELECT table_name FROM information_schema.columns WHERE column_name = 'actor'"
        ).fetchall()
        assert {"events", "rule_events"} <= {r[0] for r in columns}
    with PostgresStore.open(pg_db) as s:  # opened again: nothing runs twice
        assert s.schema_version() == SCHEMA_VERSION


def test_later_migrations_run_in_order_and_a_newer_database_is_refused(
    pg_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    PostgresStore.open(pg_db).close()
    order: list[int] = []

    def note(c: Any) -> None:
        order.append(2)

    def backfill(c: Any) -> None:
        order.append(3)
        c.execute("UPDATE matches SET venue = ? WHERE venue IS NULL", ("club",))

    step: Any = ("ALTER TABLE matches ADD COLUMN venue TEXT",)
    monkeypatch.setattr(schema_mod, "MIGRATIONS", (*schema_mod.MIGRATIONS, step, note, backfill))
    with PostgresStore.open(pg_db) as s:
        assert s.schema_version() == SCHEMA_VERSION + 3 and order == [2, 3]
        mid = s.create_match(PLAYERS)
    PostgresStore.open(pg_db).close()
    assert order == [2, 3]
    with psycopg.connect(pg_db) as c:
        assert c.execute("SELECT venue FROM matches WHERE id = %s", (mid,)).fetchone() == (None,)
    monkeypatch.setattr(schema_mod, "MIGRATIONS", schema_mod.MIGRATIONS[:1])
    with pytest.raises(StoreError, match=f"schema version {SCHEMA_VERSION + 3}, newer"):
        PostgresStore.open(pg_db)


def test_a_failed_migration_leaves_the_version_and_the_tables(
    pg_db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    PostgresStore.open(pg_db).close()
    bad: Any = ("ALTER TABLE matches ADD COLUMN venue TEXT", "THIS IS NOT SQL")
    monkeypatch.setattr(schema_mod, "MIGRATIONS", (*schema_mod.MIGRATIONS, bad))
    with pytest.raises(psycopg.errors.SyntaxError):
        PostgresStore.open(pg_db)
    with psycopg.connect(pg_db) as c:  # PostgreSQL's DDL is transactional
        assert c.execute("SELECT version FROM schema_version").fetchone() == (SCHEMA_VERSION,)
        columns = c.execute(
            "SELECT column_name FROM information_schema.columns WHERE table_name = 'matches'"
        ).fetchall()
        assert "venue" not in {r[0] for r in columns}


def test_the_schema_refuses_what_the_model_would(pg_db: str) -> None:
    with PostgresStore.open(pg_db) as s:
        mid = s.create_match(PLAYERS)
        s.record_draw(mid)
    insert = "INSERT INTO hands (match_id, number, seq, kind, record) VALUES (%s, %s, %s, %s, %s)"
    with psycopg.connect(pg_db) as c, pytest.raises(psycopg.errors.CheckViolation):
        c.execute(insert, (mid, 17, 1, "draw", "{}"))
    with psycopg.connect(pg_db) as c, pytest.raises(psycopg.errors.UniqueViolation):
        c.execute(insert, (mid, 1, 1, "draw", "{}"))
    with psycopg.connect(pg_db) as c, pytest.raises(psycopg.errors.InvalidTextRepresentation):
        c.execute(insert, (mid, 2, 1, "draw", "not json"))
    with psycopg.connect(pg_db) as c, pytest.raises(psycopg.errors.CheckViolation):
        c.execute("INSERT INTO matches (id, created, players, updated) VALUES ('x', '', '[1]', '')")


def test_ids_and_times_sort_bytewise_whatever_the_locale(pg_db: str) -> None:
    PostgresStore.open(pg_db).close()
    with psycopg.connect(pg_db) as c:
        collation = c.execute(
            "SELECT collation_name FROM information_schema.columns "
            "WHERE table_name = 'matches' AND column_name IN ('id', 'created')"
        ).fetchall()
    assert collation == [("C",), ("C",)]


def test_a_second_store_sees_committed_writes_only(pg_db: str) -> None:
    with PostgresStore.open(pg_db) as a, PostgresStore.open(pg_db, busy_timeout_ms=300) as b:
        mid = a.create_match(PLAYERS)
        assert b.load_match(mid).hands_played == 0
        a.record_win(mid, "Bo", discarder="Di", fan=10)
        assert b.load_match(mid).totals() == a.load_match(mid).totals()

        def meanwhile(m: Any, _: Any) -> None:
            m.record_draw()
            assert b.load_match(mid).hands_played == 1  # a's draw is not committed yet
            with pytest.raises(StoreError, match="busy"):  # a holds the write lock
                b.record_draw(mid)

        a.update_match(mid, meanwhile, "draw")
        assert b.load_match(mid).hands_played == 2
        b.record_draw(mid)
        assert a.load_match(mid).hands_played == 3


def test_a_lost_race_for_a_game_is_refused(pg_db: str) -> None:
    game = StoredGame(
        id="g1", rules="mcr", seat=0, players=("human", "greedy", "greedy", "greedy"),
        seed=2**40, options=None, config={}, events=1, done=False, log="{}\n",
    )  # fmt: skip
    with PostgresStore.open(pg_db) as a, PostgresStore.open(pg_db) as b:
        a.open_games()
        assert a.insert_game(game, keep=5) == []
        newer = replace(game, events=2)
        assert a.update_game(newer, previous=1)
        assert not b.update_game(replace(game, events=3), previous=1)  # the same 409
        loaded = b.load_game("g1")
        assert loaded is not None and loaded.events == 2 and loaded.seed == 2**40


def test_the_lock_timeout_is_the_busy_timeout(pg_db: str) -> None:
    with PostgresStore.open(pg_db, busy_timeout_ms=1234) as s:
        assert s._conn.execute("SHOW lock_timeout").fetchone() == ("1234ms",)


def test_connection_errors_say_where_without_the_password(tmp_path: Path) -> None:
    url = f"postgresql://ann:s3cret@/club?host={tmp_path}&connect_timeout=2"
    with pytest.raises(StoreError, match="cannot connect to the PostgreSQL database") as e:
        open_store(url)
    assert "s3cret" not in str(e.value) and f"postgresql://ann@/club?host={tmp_path}" in str(
        e.value
    )
    with pytest.raises(StoreError, match="cannot read the PostgreSQL URL") as e:
        open_store("postgresql://ann:s3cret@/club?nonsense=1")
    assert "s3cret" not in str(e.value)


def test_a_lost_connection_is_a_store_error(pg_db: str) -> None:
    with PostgresStore.open(pg_db) as s:
        mid = s.create_match(PLAYERS)
        pid = s._conn.execute("SELECT pg_backend_pid()").fetchone()[0]
        with psycopg.connect(pg_db, autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
        with pytest.raises(StoreError, match=r"PostgreSQL database .* failed"):
            s.load_match(mid)
        with pytest.raises(StoreError, match="busy or unwritable"):
            s.record_draw(mid)


def test_without_psycopg_a_one_line_error(pg_db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)  # import psycopg raises ImportError
    with pytest.raises(StoreError) as e:
        PgDatabase.connect(pg_db)
    assert str(e.value) == (
        "PostgreSQL needs psycopg, which is not installed: pip install 'fanshu[postgres]'"
    )


def test_import_fanshu_store_does_not_import_psycopg(tmp_path: Path) -> None:
    code = (
        "import sys, fanshu.store as s\n"
        f"s.open_store({str(tmp_path / 'a.db')!r}).close()\n"
        "print('psycopg' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_placeholders_are_translated() -> None:
    assert pg_sql("SELECT ? || '%'") == "SELECT %s || '%%'"


def test_a_nul_character_is_refused_and_nothing_written(pg_db: str) -> None:
    """SQLite keeps a NUL in its text; PostgreSQL's text cannot hold one: the write is
    refused with a StoreError of its own (not psycopg's DataError) and writes nothing."""
    with PostgresStore.open(pg_db) as s:
        mid = s.create_match(PLAYERS)
        players = [f"P{i}" for i in range(4)]
        before = snapshot(pg_db)
        with pytest.raises(StoreError) as e:
            s.create_tournament(players, name="club\x00night")
        assert str(e.value) == NUL_REFUSED
        assert snapshot(pg_db) == before
        # text inside the JSON columns is escaped (\u0000), so it is kept, as in SQLite
        s.add_penalty(mid, "Ann", 1, "slow\x00")
        assert s.load_match(mid).records[0].penalties[0].reason == "slow\x00"


def test_a_store_knows_when_it_can_serve_again(pg_db: str) -> None:
    with PostgresStore.open(pg_db) as s:
        assert s.reusable() and s.ping()
        pid = s._conn.execute("SELECT pg_backend_pid()").fetchone()[0]
        with psycopg.connect(pg_db, autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
        assert not s.ping() and not s.reusable()


def test_a_server_that_takes_no_writes_is_viewed_read_only(pg_db: str) -> None:
    """As a read-only SQLite file: a database the server keeps read-only (a standby,
    default_transaction_read_only) opens for viewing, and a change is refused with the
    read_only error (HTTP 503 read_only), writing nothing."""
    with PostgresStore.open(pg_db) as s:
        mid = s.create_match(PLAYERS)
        s.record_draw(mid)
    dbname = pg_db.split("/")[3].split("?")[0]
    with psycopg.connect(pg_db, autocommit=True) as admin:
        admin.execute(f"ALTER DATABASE {dbname} SET default_transaction_read_only = on")
    before = snapshot(pg_db)
    with PostgresStore.open(pg_db) as s:
        assert s.load_match(mid).hands_played == 1 and [m.id for m in s.list_matches()] == [mid]
        with pytest.raises(ReadOnlyStore, match=r"read-only .*the server takes no writes"):
            s.record_draw(mid)
    assert snapshot(pg_db) == before


def test_a_role_that_may_only_read_is_refused_read_only(pg_db: str, pg_cluster: Any) -> None:
    with PostgresStore.open(pg_db) as s:
        mid = s.create_match(PLAYERS)
    role = f"viewer_{pg_db.split('/')[3].split('?')[0]}"
    with psycopg.connect(pg_db, autocommit=True) as admin:
        admin.execute(f"CREATE ROLE {role} LOGIN")
        admin.execute(f"GRANT SELECT ON ALL TABLES IN SCHEMA public TO {role}")
    try:
        viewer = pg_db.replace("postgresql://fanshu@", f"postgresql://{role}@")
        with PostgresStore.open(viewer) as s:
            assert s.load_match(mid).hands_played == 0
            with pytest.raises(ReadOnlyStore, match=r"read-only .*permission denied"):
                s.record_draw(mid)
            assert s.load_match(mid).hands_played == 0
    finally:
        pg_cluster.drop_database(pg_db.split("/")[3].split("?")[0])
        with psycopg.connect(pg_cluster.url(), autocommit=True) as admin:
            admin.execute(f"DROP ROLE {role}")


def _every_part(s: Any) -> None:
    """Make every schema part there is: games, rule sheets, access."""
    s.open_games()
    s.create_match(["A", "B"], rule_set="two-player")
    s.grant("match", s.create_match(PLAYERS), "view")


def test_the_schema_has_the_tables_and_columns_of_sqlite(pg_db: str, tmp_path: Path) -> None:
    """PostgreSQL's first steps translate SQLite's: the same tables, the same columns in
    the same order, after every step of every part (a step added to one backend only,
    or a column misspelt in the translation, fails here)."""
    import sqlite3

    with PostgresStore.open(pg_db) as pg, open_store(tmp_path / "a.db") as lite:
        _every_part(pg)
        _every_part(lite)
        for name in ("games", "rule_sheets", "access"):
            assert pg.part_version(name) == lite.part_version(name) > 0
    with sqlite3.connect(tmp_path / "a.db") as c:
        tables = [
            r[0]
            for r in c.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            if r[0] != "sqlite_sequence"
        ]
        lite_columns = {t: [col[1] for col in c.execute(f"PRAGMA table_info({t})")] for t in tables}
    with psycopg.connect(pg_db) as c:
        rows = c.execute(
            "SELECT table_name, column_name FROM information_schema.columns "
            "WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position"
        ).fetchall()
    pg_columns: dict[str, list[str]] = {}
    for table, column in rows:
        pg_columns.setdefault(table, []).append(column)
    assert pg_columns.pop("schema_version") == ["one", "version"]  # PRAGMA user_version
    assert pg_columns == lite_columns
