"""What fanshu keeps: match score sheets, tournaments and the web app's games against
bots, behind one small interface (:class:`Store`) with SQLite (the embedded default) or
PostgreSQL behind it.

- :mod:`~fanshu.store.interface`: the protocols a backend implements (``MatchStore``,
  ``TournamentStore``, ``GameStore``, ``AccessStore``, composed into ``Store``) and
  what they return;
- :mod:`~fanshu.store.paths`: where the database is (a path, a ``sqlite:///`` URL, a
  ``postgresql://`` URL, ``$FANSHU_DB`` or the default file in the user's data
  directory);
- :mod:`~fanshu.store.schema` and :mod:`~fanshu.store.migrations`: the versioned schema
  and how a file is brought forward; :mod:`~fanshu.store.connection`: one transaction
  per change;
- :mod:`~fanshu.store.matches`, :mod:`~fanshu.store.tournaments`,
  :mod:`~fanshu.store.games`, :mod:`~fanshu.store.tables` (live tables),
  :mod:`~fanshu.store.access` (share tokens, accounts,
  who makes a change): one part per kind of thing kept, in SQL both backends run
  (:mod:`~fanshu.store.sql`), composed into :class:`~fanshu.store.sqlite.SqliteStore`
  and :class:`~fanshu.store.postgres.PostgresStore` (psycopg 3, imported only when a
  ``postgresql://`` URL is opened; :mod:`~fanshu.store.postgres_schema` its first
  schema steps).

>>> with open_store(":memory:") as store:
...     mid = store.create_match(["Ann", "Bo", "Cy", "Di"])
...     store.record_draw(mid).kind
'draw'
"""

from __future__ import annotations

from pathlib import Path

from fanshu.store.connection import BUSY_TIMEOUT_MS
from fanshu.store.formats import FORMATS, guess_format
from fanshu.store.interface import (
    AccessStore,
    Account,
    GameStore,
    Grant,
    LoginSession,
    MatchStore,
    MatchSummary,
    Store,
    StoredGame,
    StoredTable,
    StoreError,
    TableStore,
    TournamentStore,
)
from fanshu.store.paths import default_db_path, is_postgres_url, resolve_db_path, resolve_target
from fanshu.store.postgres import PostgresStore
from fanshu.store.schema import GAMES_MIGRATIONS, MIGRATIONS, SCHEMA_VERSION
from fanshu.store.sqlite import SqliteStore

__all__ = [
    "BUSY_TIMEOUT_MS",
    "FORMATS",
    "GAMES_MIGRATIONS",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "AccessStore",
    "Account",
    "GameStore",
    "Grant",
    "LoginSession",
    "MatchStore",
    "MatchSummary",
    "PostgresStore",
    "SqliteStore",
    "Store",
    "StoreError",
    "StoredGame",
    "StoredTable",
    "TableStore",
    "TournamentStore",
    "default_db_path",
    "guess_format",
    "is_postgres_url",
    "open_store",
    "resolve_db_path",
    "resolve_target",
]


def open_store(
    path_or_url: str | Path | None = None, *, busy_timeout_ms: int = BUSY_TIMEOUT_MS
) -> Store:
    """Open (creating and migrating if needed) the database named by ``path_or_url``,
    else ``$FANSHU_DB``, else the default file under the user's data directory: a
    ``postgresql://`` URL opens a :class:`PostgresStore`, anything else an SQLite file."""
    if is_postgres_url(resolve_target(path_or_url)):
        return PostgresStore.open(path_or_url, busy_timeout_ms=busy_timeout_ms)
    return SqliteStore.open(path_or_url, busy_timeout_ms=busy_timeout_ms)
