"""What the store tests share: the players, a hand, and a snapshot of a database (an
SQLite file or a PostgreSQL URL)."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from fanshu.store.paths import is_postgres_url

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
HAND = "[EEEE]123m456p789s11s"


def snapshot(where: Path | str) -> list[tuple[Any, ...]]:
    """Every row of every table (but the audit log), to check that nothing was written."""
    if is_postgres_url(str(where)):
        return _pg_snapshot(str(where))
    with sqlite3.connect(where) as c:
        out: list[tuple[Any, ...]] = []
        tables = [r[0] for r in c.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        for t in sorted(tables):
            if t in ("events", "sqlite_sequence"):
                continue
            out += sorted(((t, *row) for row in c.execute(f"SELECT * FROM {t}")), key=repr)
        out.append(("events", c.execute("SELECT count(*) FROM events").fetchone()[0]))
    return out


def _pg_snapshot(url: str) -> list[tuple[Any, ...]]:
    import psycopg

    with psycopg.connect(url) as c:
        out: list[tuple[Any, ...]] = []
        tables = [
            r[0]
            for r in c.execute(
                "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
            )
        ]
        for t in sorted(tables):
            if t == "events":
                continue
            rows = c.execute(f"SELECT * FROM {t}").fetchall()
            out += sorted(((t, *row) for row in rows), key=repr)
        out.append(("events", c.execute("SELECT count(*) FROM events").fetchone()[0]))
    return out


def count_rows(where: Path | str, table: str) -> int:
    """How many rows ``table`` of the database has, read by a connection of its own."""
    query = f"SELECT count(*) FROM {table}"
    if is_postgres_url(str(where)):
        import psycopg

        with psycopg.connect(str(where)) as pg:
            row = pg.execute(query).fetchone()
    else:
        with sqlite3.connect(where) as c:
            row = c.execute(query).fetchone()
    assert row is not None
    return int(row[0])
