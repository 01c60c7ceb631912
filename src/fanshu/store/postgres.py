"""The PostgreSQL store: the same parts as :class:`~fanshu.store.sqlite.SqliteStore`
(matches, tournaments, games, access) over a PostgreSQL database, with psycopg 3.

Install it with ``pip install 'fanshu[postgres]'``; psycopg is imported only here and
only when a ``postgresql://`` URL is opened, so ``import fanshu.store`` stays standard
library only.

The promises are SQLite's: every change is one transaction, and writers queue behind
one another as behind SQLite's ``BEGIN IMMEDIATE``: each write transaction first takes
one advisory lock of the database (``pg_advisory_xact_lock``), held until its COMMIT or
ROLLBACK, so that the reads inside it see every change committed before and nobody else
writes until it ends; two servers on one database lose nothing, and the loser of a race
for a game finds its version moved on (the same 409 over HTTP).  Reads outside a
transaction run in autocommit, each statement on the latest committed state.  A writer
killed in the middle of a transaction has its connection dropped, and PostgreSQL rolls
the transaction back.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fanshu.i18n import msg
from fanshu.store.connection import BUSY_TIMEOUT_MS, Database
from fanshu.store.interface import DiskFull, ReadOnlyStore, StoreError
from fanshu.store.paths import is_postgres_url, redact_url, resolve_target
from fanshu.store.sql_store import SqlStore

if TYPE_CHECKING:
    import psycopg

    from fanshu.store.interface import Store

__all__ = [
    "NUL_REFUSED",
    "WRITE_LOCK",
    "PgConnection",
    "PgDatabase",
    "PostgresStore",
    "pg_sql",
    "store_error",
]

#: The advisory lock every write transaction takes first (one per database: the ASCII
#: of "fanshu"), as SQLite's write lock of the file.
WRITE_LOCK = 0x66616E736875

#: How long a connection attempt may take before it is given up, unless the URL says.
CONNECT_TIMEOUT_S = 10

#: The message of a write refused for a NUL character, which SQLite keeps in its text
#: and PostgreSQL's text cannot hold (the web app answers it 422 ``invalid_text``).
NUL_REFUSED = "a text to keep holds the NUL character (\\x00), which PostgreSQL cannot store"


def _require_psycopg() -> None:
    """Import psycopg on first use (later imports of it in this module are a lookup); a
    clear error when it is not installed."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        raise StoreError(
            msg("PostgreSQL needs psycopg, which is not installed: pip install 'fanshu[postgres]'")
        ) from None


@functools.lru_cache(maxsize=1024)
def pg_sql(sql: str) -> str:
    """The store's SQL (``?`` placeholders) as psycopg takes it (``%s``; a literal ``%``
    doubled).  The store's statements hold no ``?`` or ``%`` in a string literal.

    >>> pg_sql("SELECT id FROM games WHERE id = ? AND log LIKE '%x'")
    "SELECT id FROM games WHERE id = %s AND log LIKE '%%x'"
    """
    return sql.replace("%", "%%").replace("?", "%s")


def _reason(exc: BaseException, secrets: Sequence[str]) -> str:
    """The first line of a driver error, with any secret of the URL blanked out."""
    text = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
    for secret in secrets:
        if secret:
            text = text.replace(secret, "***")
    return text


#: The SQLSTATEs of a write the server refuses because it takes no writes: a read-only
#: transaction (a standby, ``default_transaction_read_only``) and a role without the
#: privilege; and of a full disk on the server.
_READ_ONLY_STATES = ("25006", "42501")
_DISK_FULL_STATE = "53100"


def read_only_message(where: str, why: str) -> str:
    return f"the database {where} is read-only ({why}): it can be viewed but not changed"


def store_error(exc: psycopg.Error, where: str) -> StoreError | None:
    """The store error for a failed statement that is the database's state, not a
    mistake of the store's SQL: a server that takes no writes, a full disk, a lost
    connection (None: the driver's error stands, as SQLite's do).

    >>> import psycopg
    >>> store_error(psycopg.errors.DiskFull(), "postgresql://db/club").code
    'disk_full'
    >>> store_error(psycopg.errors.ReadOnlySqlTransaction(), "postgresql://db/club").code
    'read_only'
    >>> store_error(psycopg.errors.UniqueViolation(), "postgresql://db/club") is None
    True
    """
    import psycopg

    state = exc.sqlstate or ""
    if state in _READ_ONLY_STATES:
        return ReadOnlyStore(read_only_message(where, _reason(exc, ())))
    if state == _DISK_FULL_STATE:
        return DiskFull(
            msg(
                "the disk of the PostgreSQL server of {where} is full: nothing was "
                "recorded and the database is not damaged; free some space and try "
                "again",
                where=where,
            )
        )
    if isinstance(exc, psycopg.OperationalError):
        return StoreError(
            msg(
                "the PostgreSQL database {where} failed: {reason}",
                where=where,
                reason=_reason(exc, ()),
            )
        )
    return None


def _check_text(parameters: Sequence[Any]) -> None:
    """Refuse, before it is sent, a text PostgreSQL cannot store (a StoreError, where
    psycopg would raise its own DataError)."""
    for value in parameters:
        if isinstance(value, str) and "\x00" in value:
            raise StoreError(NUL_REFUSED)


class PgConnection:
    """A psycopg connection (in autocommit mode) as the store's parts use a connection
    (:class:`fanshu.store.sql.Connection`): ``?`` placeholders, and a lost connection
    or server as a :class:`StoreError`."""

    def __init__(self, raw: psycopg.Connection[tuple[Any, ...]], where: str) -> None:
        self.raw = raw
        self.where = where

    @property
    def in_transaction(self) -> bool:
        from psycopg.pq import TransactionStatus

        status = self.raw.info.transaction_status
        return status in (TransactionStatus.INTRANS, TransactionStatus.INERROR)

    def execute(
        self, sql: str, parameters: Sequence[Any] = (), /
    ) -> psycopg.Cursor[tuple[Any, ...]]:
        import psycopg

        _check_text(parameters)
        try:
            return self.raw.execute(pg_sql(sql), tuple(parameters))
        except psycopg.Error as exc:
            error = store_error(exc, self.where)
            if error is None:
                raise
            raise error from None

    def executemany(
        self, sql: str, parameters: Iterable[Sequence[Any]], /
    ) -> psycopg.Cursor[tuple[Any, ...]]:
        import psycopg

        rows = [tuple(p) for p in parameters]
        for row in rows:
            _check_text(row)
        cursor = self.raw.cursor()
        try:
            cursor.executemany(pg_sql(sql), rows)
        except psycopg.Error as exc:
            error = store_error(exc, self.where)
            if error is None:
                raise
            raise error from None
        return cursor

    def close(self) -> None:
        self.raw.close()


class PgDatabase(Database):
    """An open PostgreSQL connection as :class:`~fanshu.store.connection.Database` is an
    SQLite one: the same audit trail, ids and lookups (inherited: they are portable
    SQL), its own connecting and transactions.  ``path`` is the URL without its
    password, for messages."""

    conn: PgConnection

    def __init__(self, conn: PgConnection, path: str) -> None:
        super().__init__(conn, path)

    @classmethod
    def connect(
        cls, path_or_url: str | Path | None = None, *, busy_timeout_ms: int = BUSY_TIMEOUT_MS
    ) -> PgDatabase:
        """Connect to the PostgreSQL database named by ``path_or_url`` (a
        ``postgresql://`` URL), else ``$FANSHU_DB``.  A writer waits up to
        ``busy_timeout_ms`` for another's write lock."""
        url = resolve_target(path_or_url)
        if not is_postgres_url(url):
            raise StoreError(
                msg("{url!r} is not a PostgreSQL URL (postgresql://user@host/dbname)", url=url)
            )
        where = redact_url(url)
        _require_psycopg()
        import psycopg
        from psycopg.conninfo import conninfo_to_dict

        try:
            params = conninfo_to_dict(url)
        except psycopg.Error as exc:
            raise StoreError(
                msg(
                    "cannot read the PostgreSQL URL {where}: {reason}",
                    where=where,
                    reason=_reason(exc, ()),
                )
            ) from None
        secrets = [str(params.get("password") or "")]
        extra: dict[str, Any] = {"application_name": "fanshu"}
        if "connect_timeout" not in params:
            extra["connect_timeout"] = CONNECT_TIMEOUT_S
        try:
            raw = psycopg.connect(url, autocommit=True, **extra)
        except psycopg.Error as exc:
            raise StoreError(
                msg(
                    "cannot connect to the PostgreSQL database {where}: {reason}",
                    where=where,
                    reason=_reason(exc, secrets),
                )
            ) from None
        try:
            raw.execute(
                "SELECT set_config('lock_timeout', %s, false)", (f"{int(busy_timeout_ms)}ms",)
            )
            row = raw.execute("SHOW transaction_read_only").fetchone()
        except psycopg.Error as exc:
            raw.close()
            raise StoreError(
                msg(
                    "cannot use the PostgreSQL database {where}: {reason}",
                    where=where,
                    reason=_reason(exc, secrets),
                )
            ) from None
        db = cls(PgConnection(raw, where), where)
        # a standby, or default_transaction_read_only: viewing works, as on a read-only
        # SQLite file (a role without the right to write is found at its first write)
        db.read_only = row is not None and row[0] == "on"
        return db

    def read_only_error(self) -> ReadOnlyStore:
        return ReadOnlyStore(read_only_message(self.path, "the server takes no writes"))

    def close(self) -> None:
        self.conn.close()

    @contextmanager
    def transaction(self) -> Iterator[PgConnection]:
        """One write transaction: ``BEGIN``, then the database's write lock (waiting up to
        the busy timeout for another writer), so the reads inside see the latest
        committed state and nobody else writes until ``COMMIT``.  Any error rolls back."""
        import psycopg

        c = self.conn
        if self.read_only:
            raise self.read_only_error()
        try:
            c.raw.execute("BEGIN")
            c.raw.execute("SELECT pg_advisory_xact_lock(%s)", (WRITE_LOCK,))
        except psycopg.Error as exc:
            self._rollback()
            raise StoreError(
                msg(
                    "the database {path} is busy or unwritable: {reason}",
                    path=self.path,
                    reason=_reason(exc, ()),
                )
            ) from None
        try:
            yield c
        except BaseException:
            self._rollback()
            raise
        try:
            c.raw.execute("COMMIT")
        except psycopg.Error as exc:
            self._rollback()
            error = store_error(exc, self.path)
            if isinstance(error, DiskFull | ReadOnlyStore):
                raise error from None
            raise StoreError(
                msg(
                    "could not commit to {path}: {reason}",
                    path=self.path,
                    reason=_reason(exc, ()),
                )
            ) from None

    def _rollback(self) -> None:
        """Roll back what is open, if the connection still stands (a lost connection
        has no transaction left: the server rolled it back)."""
        import psycopg

        if not self.conn.in_transaction:
            return
        with suppress(psycopg.Error):
            self.conn.raw.execute("ROLLBACK")


class PostgresStore(SqlStore):
    """Matches, tournaments, games and access in one PostgreSQL database, with the
    semantics of :class:`~fanshu.store.sqlite.SqliteStore`.  Use :meth:`open`.

    Not thread-safe: give each thread (and each process) its own store.
    """

    _db: PgDatabase

    @classmethod
    def open(
        cls, path_or_url: str | Path | None = None, *, busy_timeout_ms: int = BUSY_TIMEOUT_MS
    ) -> PostgresStore:
        """Connect to and migrate the database named by ``path_or_url`` (a
        ``postgresql://`` URL), else ``$FANSHU_DB``."""
        return cls.opened(PgDatabase.connect(path_or_url, busy_timeout_ms=busy_timeout_ms))

    def reusable(self) -> bool:
        """Whether the store may serve another request (its connection stands and holds
        no transaction open): the web app keeps such stores open for the next requests,
        since a connection costs far more than a request's statements."""
        raw = self._db.conn.raw
        return not raw.closed and not raw.broken and not self._db.conn.in_transaction

    def ping(self) -> bool:
        """Whether the server still answers on this store's connection (one that waited
        idle may have been closed by the server or a proxy)."""
        try:
            self._db.conn.execute("SELECT 1").fetchone()
        except StoreError:
            return False
        return True


if TYPE_CHECKING:
    _IS_A_STORE: Store = PostgresStore.open()
