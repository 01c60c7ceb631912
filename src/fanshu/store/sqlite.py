"""The SQLite store: matches, tournaments and games in one file (standard library only).

:class:`SqliteStore` implements :class:`fanshu.store.interface.Store` from one part per
kind of thing kept (:mod:`~fanshu.store.matches`, :mod:`~fanshu.store.tournaments`,
:mod:`~fanshu.store.games`) over one :class:`~fanshu.store.connection.Database`, and
migrates the file forward on open (:mod:`~fanshu.store.migrations`).

>>> store = SqliteStore.open(":memory:")
>>> mid = store.create_match(["Ann", "Bo", "Cy", "Di"])
>>> store.record_win(mid, "Bo", discarder="Di", fan=10).payments
{'Ann': -8, 'Bo': 34, 'Cy': -8, 'Di': -18}
>>> store.load_match(mid).totals()
{'Ann': -8, 'Bo': 34, 'Cy': -8, 'Di': -18}
>>> store.close()
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from fanshu.store import migrations
from fanshu.store.access import SqlAccess
from fanshu.store.connection import BUSY_TIMEOUT_MS, Database
from fanshu.store.games import SqlGames
from fanshu.store.matches import SqlMatches, bring_rule_sheets_forward
from fanshu.store.tournaments import SqlTournaments

if TYPE_CHECKING:
    from fanshu.store.interface import Store

__all__ = ["SqliteStore"]


class SqliteStore(SqlMatches, SqlTournaments, SqlGames, SqlAccess):
    """Matches, tournaments and games in one SQLite database.  Use :meth:`open`.

    Not thread-safe: give each thread (and each process) its own store.
    """

    def __init__(self, db: Database) -> None:
        self._db = db
        self._conn = db.conn  # the raw connection, for tests and maintenance
        self.path = db.path

    @classmethod
    def open(
        cls, path_or_url: str | Path | None = None, *, busy_timeout_ms: int = BUSY_TIMEOUT_MS
    ) -> SqliteStore:
        """Open (creating if needed) and migrate the database named by ``path_or_url``,
        else ``$FANSHU_DB``, else the default file under the user's data directory."""
        db = Database.connect(path_or_url, busy_timeout_ms=busy_timeout_ms)
        try:
            migrations.migrate(db)
            bring_rule_sheets_forward(db)
        except BaseException:
            db.close()
            raise
        return cls(db)

    def schema_version(self) -> int:
        """The schema version of the open database (``PRAGMA user_version``)."""
        return migrations.schema_version(self._db)

    def part_version(self, name: str) -> int:
        """The version of schema part ``name`` in the file (0: not created yet)."""
        return migrations.part_version(self._db, name)

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> SqliteStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"SqliteStore({self.path!r})"


if TYPE_CHECKING:
    _IS_A_STORE: Store = SqliteStore.open()
