"""Bringing a database to the schema this fanshu writes, forward only.

The core schema (:data:`fanshu.store.schema.MIGRATIONS`) is versioned with
``PRAGMA user_version`` in SQLite and the one row of ``schema_version`` in PostgreSQL;
each part (the ``games`` table …) has its own version, a row of ``schema_parts``, and is
created on first use, so that a fanshu that knows nothing of a part still opens a
database another command has used.  Every step runs in one transaction with the version
it reaches; a database newer than this fanshu is refused, not damaged.

PostgreSQL runs the same steps but the first of the core and of the parts that SQLite's
own SQL wrote (:mod:`fanshu.store.postgres_schema`); every later step is portable SQL.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from fanshu.i18n import msg
from fanshu.store import postgres_schema, schema
from fanshu.store.connection import Database
from fanshu.store.interface import StoreError
from fanshu.store.sql import Connection, dialect, has_table

__all__ = ["migrate", "migrate_part", "part_version", "schema_version", "stored_part_version"]


def _core_version(c: Connection) -> int:
    if dialect(c) == "sqlite":
        return int(c.execute("PRAGMA user_version").fetchone()[0])
    if not has_table(c, "schema_version"):
        return 0
    row = c.execute("SELECT version FROM schema_version").fetchone()
    return 0 if row is None else int(row[0])


def _set_core_version(c: Connection, version: int) -> None:
    if dialect(c) == "sqlite":
        c.execute(f"PRAGMA user_version = {int(version)}")
    else:
        c.execute(
            "INSERT INTO schema_version (one, version) VALUES (TRUE, ?) "
            "ON CONFLICT (one) DO UPDATE SET version = excluded.version",
            (version,),
        )


def _steps(
    c: Connection, part: str, migrations: Sequence[schema.Migration]
) -> Sequence[schema.Migration]:
    """The steps of ``part`` (``"core"`` or a part's name) as this connection's database runs
    them."""
    if dialect(c) == "sqlite":
        return migrations
    return postgres_schema.steps(part, migrations)


def schema_version(db: Database) -> int:
    """The core schema version of the open database (``PRAGMA user_version`` in SQLite)."""
    try:
        return _core_version(db.conn)
    except sqlite3.DatabaseError as exc:
        raise StoreError(
            msg("cannot use {path} as a fanshu database: {exc}", path=db.path, exc=exc)
        ) from None


def migrate(db: Database) -> None:
    """Run the core migrations the database has not had yet, in order."""
    migrations = _steps(db.conn, "core", schema.MIGRATIONS)  # read at call time: tests add steps
    target = len(migrations)
    version = schema_version(db)
    if version == target:
        return
    if version > target:
        raise StoreError(
            msg(
                "the database {path} has schema version {version}, newer than this "
                "fanshu understands ({target}): upgrade fanshu",
                path=db.path,
                version=version,
                target=target,
            )
        )
    if db.read_only:  # an older file that cannot be written is viewed as it is
        return
    with db.transaction() as c:
        if dialect(c) == "postgresql":
            c.execute(postgres_schema.VERSION_TABLE)
        # Read again under the write lock: another process may have migrated meanwhile.
        version = _core_version(c)
        for n in range(version, target):
            schema.run_step(c, migrations[n])
            _set_core_version(c, n + 1)


def stored_part_version(c: Connection, name: str) -> int:
    """The version of schema part ``name`` as ``c`` sees it (0: not created yet); inside
    a transaction, under its write lock."""
    if not has_table(c, "schema_parts"):
        return 0
    row = c.execute("SELECT version FROM schema_parts WHERE name = ?", (name,)).fetchone()
    return 0 if row is None else int(row[0])


def part_version(db: Database, name: str) -> int:
    """The version of schema part ``name`` in the database (0: not created yet)."""
    try:
        return stored_part_version(db.conn, name)
    except sqlite3.DatabaseError as exc:
        raise StoreError(
            msg("cannot use {path} as a fanshu database: {exc}", path=db.path, exc=exc)
        ) from None


def migrate_part(db: Database, name: str, migrations: Sequence[schema.Migration]) -> None:
    """Create or migrate schema part ``name`` as :func:`migrate` does the core: the
    missing steps, in order, in one transaction with the version they reach."""
    migrations = _steps(db.conn, name, migrations)
    target = len(migrations)
    version = part_version(db, name)
    if version == target:
        return
    newer = (
        f"the database {db.path} has {name} schema version {{}}, newer than this "
        f"fanshu understands ({target}): upgrade fanshu"
    )
    if version > target:
        raise StoreError(newer.format(version))
    with db.transaction() as c:
        sqlite = dialect(c) == "sqlite"
        c.execute(schema.PARTS_TABLE if sqlite else postgres_schema.PARTS_TABLE)
        # Read again under the write lock: another process may have migrated meanwhile.
        version = stored_part_version(c, name)
        if version > target:
            raise StoreError(newer.format(version))
        for n in range(version, target):
            schema.run_step(c, migrations[n])
        c.execute(
            "INSERT INTO schema_parts (name, version) VALUES (?, ?) "
            "ON CONFLICT (name) DO UPDATE SET version = excluded.version",
            (name, target),
        )
