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

from fanshu.store.connection import BUSY_TIMEOUT_MS, Database
from fanshu.store.sql_store import SqlStore

if TYPE_CHECKING:
    from fanshu.store.interface import Store

__all__ = ["SqliteStore"]


class SqliteStore(SqlStore):
    """Matches, tournaments, games and access in one SQLite database.  Use :meth:`open`.

    Not thread-safe: give each thread (and each process) its own store.
    """

    @classmethod
    def open(
        cls, path_or_url: str | Path | None = None, *, busy_timeout_ms: int = BUSY_TIMEOUT_MS
    ) -> SqliteStore:
        """Open (creating if needed) and migrate the database named by ``path_or_url``,
        else ``$FANSHU_DB``, else the default file under the user's data directory."""
        return cls.opened(Database.connect(path_or_url, busy_timeout_ms=busy_timeout_ms))


if TYPE_CHECKING:
    _IS_A_STORE: Store = SqliteStore.open()
