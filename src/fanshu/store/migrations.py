"""Bringing a database file to the schema this fanshu writes, forward only.

The core schema (:data:`fanshu.store.schema.MIGRATIONS`) is versioned with
``PRAGMA user_version``; each part (the ``games`` table …) has its own version, a row of
``schema_parts``, and is created on first use, so that a fanshu that knows nothing of a
part still opens a file another command has used.  Every step runs in one transaction
with the version it reaches; a file newer than this fanshu is refused, not damaged.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from fanshu.store import schema
from fanshu.store.connection import Database
from fanshu.store.interface import StoreError

__all__ = ["migrate", "migrate_part", "part_version", "schema_version"]


def schema_version(db: Database) -> int:
    """The core schema version of the open database (``PRAGMA user_version``)."""
    try:
        return int(db.conn.execute("PRAGMA user_version").fetchone()[0])
    except sqlite3.DatabaseError as exc:
        raise StoreError(f"cannot use {db.path} as a fanshu database: {exc}") from None


def migrate(db: Database) -> None:
    """Run the core migrations the file has not had yet, in order."""
    migrations = schema.MIGRATIONS  # read at call time: tests add steps
    target = len(migrations)
    version = schema_version(db)
    if version == target:
        return
    if version > target:
        raise StoreError(
            f"the database {db.path} has schema version {version}, newer than this "
            f"fanshu understands ({target}): upgrade fanshu"
        )
    with db.transaction() as c:
        # Read again under the write lock: another process may have migrated meanwhile.
        version = c.execute("PRAGMA user_version").fetchone()[0]
        for n in range(version, target):
            schema.run_step(c, migrations[n])
            c.execute(f"PRAGMA user_version = {n + 1}")


def part_version(db: Database, name: str) -> int:
    """The version of schema part ``name`` in the file (0: not created yet)."""
    try:
        row = db.conn.execute("SELECT version FROM schema_parts WHERE name = ?", (name,)).fetchone()
    except sqlite3.OperationalError as exc:
        if "no such table" in str(exc):
            return 0
        raise StoreError(f"cannot use {db.path} as a fanshu database: {exc}") from None
    return 0 if row is None else int(row[0])


def migrate_part(db: Database, name: str, migrations: Sequence[schema.Migration]) -> None:
    """Create or migrate schema part ``name`` as :func:`migrate` does the core: the
    missing steps, in order, in one transaction with the version they reach."""
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
        c.execute(schema.PARTS_TABLE)
        # Read again under the write lock: another process may have migrated meanwhile.
        version = part_version(db, name)
        if version > target:
            raise StoreError(newer.format(version))
        for n in range(version, target):
            schema.run_step(c, migrations[n])
        c.execute(
            "INSERT INTO schema_parts (name, version) VALUES (?, ?) "
            "ON CONFLICT (name) DO UPDATE SET version = excluded.version",
            (name, target),
        )
