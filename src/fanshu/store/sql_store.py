"""What every SQL store is, whatever the database: the parts (matches, tournaments, games,
live tables, access) over one :class:`~fanshu.store.connection.Database`, migrated
forward when opened.

:class:`~fanshu.store.sqlite.SqliteStore` and :class:`~fanshu.store.postgres.PostgresStore`
differ only in how they connect (and what a connection can say about itself); the rest,
here, is written once so the two cannot drift apart.
"""

from __future__ import annotations

from typing import Self

from fanshu.store import migrations
from fanshu.store.access import SqlAccess
from fanshu.store.connection import Database
from fanshu.store.games import SqlGames
from fanshu.store.matches import SqlMatches, bring_rule_sheets_forward
from fanshu.store.tables import SqlTables
from fanshu.store.tournaments import SqlTournaments

__all__ = ["SqlStore"]


class SqlStore(SqlMatches, SqlTournaments, SqlGames, SqlTables, SqlAccess):
    """Matches, tournaments, games, live tables and access in one SQL database.  A
    backend subclasses it with an ``open`` that connects and calls :meth:`opened`.

    Not thread-safe: give each thread (and each process) its own store.
    """

    def __init__(self, db: Database) -> None:
        self._db = db
        self._conn = db.conn  # the connection, for tests and maintenance
        self.path = db.path

    @classmethod
    def opened(cls, db: Database) -> Self:
        """The store on ``db`` once its schema is brought forward; ``db`` is closed if
        that fails, so a refused database leaves no connection behind."""
        try:
            migrations.migrate(db)
            bring_rule_sheets_forward(db)
        except BaseException:
            db.close()
            raise
        return cls(db)

    def schema_version(self) -> int:
        """The core schema version of the open database."""
        return migrations.schema_version(self._db)

    def part_version(self, name: str) -> int:
        """The version of schema part ``name`` in the database (0: not created yet)."""
        return migrations.part_version(self._db, name)

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.path!r})"
