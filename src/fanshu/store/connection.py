"""One SQLite connection as fanshu uses it: opened with WAL, a busy timeout, foreign keys
and ``synchronous=FULL``, and written only inside :meth:`Database.transaction`.

Every change is one ``BEGIN IMMEDIATE … COMMIT`` transaction: a crash or an error at any
point leaves the data as it was before or after that change, never between; two
processes writing to one file queue behind each other's write lock instead of losing a
change.

A file that cannot be written is opened read-only (viewing works; a change is
:class:`~fanshu.store.interface.ReadOnlyStore`, saying so), and a full disk is
:class:`~fanshu.store.interface.DiskFull` (saying the disk is full and nothing was
recorded), not SQLite's "disk I/O error", which reads like damage.
"""

from __future__ import annotations

import json
import os
import secrets
import sqlite3
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import quote

from fanshu.i18n import msg
from fanshu.store.interface import DiskFull, ReadOnlyStore, StoreError
from fanshu.store.paths import is_default, resolve_db_path
from fanshu.store.sql import Connection

__all__ = ["BUSY_TIMEOUT_MS", "Database", "dumps", "new_id", "now"]

#: How long a writer waits for another process's write lock before giving up.
BUSY_TIMEOUT_MS = 30_000

#: Readable ids: no vowels (no accidental words), no 0/1/l/o/i look-alikes.
_ID_ALPHABET = "23456789bcdfghjkmnpqrstvwxz"
_ID_LENGTH = 6


def now() -> str:
    """The current UTC time as stored: ISO 8601 with milliseconds and a ``Z``."""
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def created_after(newest: str | None) -> str:
    """A creation time for a new row: now, or a millisecond after ``newest`` (the newest
    row's) when that is not earlier.  Stored times have millisecond steps, so without it
    two rows made in one millisecond would list in the order of their random ids, not
    oldest first."""
    at = now()
    if newest is None or newest < at:
        return at
    try:
        later = datetime.fromisoformat(newest) + timedelta(milliseconds=1)
    except ValueError:  # a timestamp not of our writing (an edited file): keep now
        return at
    return later.astimezone(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def new_id() -> str:
    """A short random id such as ``k7m2qx`` (27⁶ ≈ 387 million of them)."""
    return "".join(secrets.choice(_ID_ALPHABET) for _ in range(_ID_LENGTH))


def dumps(obj: object) -> str:
    """JSON as stored: compact, keys sorted, text kept as it is (no ``\\u`` escapes)."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


class Database:
    """An open, configured SQLite connection and the file it is on."""

    def __init__(self, conn: Connection, path: str) -> None:
        self.conn = conn
        self.path = path

    @classmethod
    def connect(
        cls, path_or_url: str | Path | None = None, *, busy_timeout_ms: int = BUSY_TIMEOUT_MS
    ) -> Database:
        """Open (creating if needed) the database named by ``path_or_url``, else
        ``$FANSHU_DB``, else the default file under the user's data directory."""
        path = resolve_db_path(path_or_url)
        if path != ":memory:" and is_default(path_or_url):
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        if path != ":memory:" and os.path.isdir(path):
            raise StoreError(msg("cannot open the database {path}: it is a directory", path=path))
        read_only = path != ":memory:" and _unwritable(path)
        try:
            conn = _connect(path, busy_timeout_ms, read_only=read_only)
        except sqlite3.Error as exc:
            raise StoreError(
                msg("cannot open the database {path}: {exc}", path=path, exc=exc)
            ) from None
        db = cls(conn, path)
        db.read_only = read_only
        try:
            db._configure(busy_timeout_ms)
        except BaseException:
            conn.close()
            raise
        return db

    #: Opened read-only: the file cannot be written (:func:`_unwritable`).
    read_only: bool = False

    def _configure(self, busy_timeout_ms: int) -> None:
        c = self.conn
        try:
            c.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            if self.read_only:  # no switch to WAL (a write); reading works in any mode
                c.execute("PRAGMA foreign_keys = ON")
                c.execute("SELECT count(*) FROM sqlite_master").fetchone()
                return
            mode = _switch_to_wal(c, busy_timeout_ms)
            if mode not in ("wal", "memory"):
                raise StoreError(
                    msg(
                        "cannot switch {path} to WAL mode (it stays in {mode})",
                        path=self.path,
                        mode=mode,
                    )
                )
            c.execute("PRAGMA synchronous = FULL")  # a committed hand survives a power cut
            c.execute("PRAGMA foreign_keys = ON")
        except sqlite3.DatabaseError as exc:
            raise StoreError(
                msg("cannot use {path} as a fanshu database: {exc}", path=self.path, exc=exc)
            ) from None

    def close(self) -> None:
        self.conn.close()

    @contextmanager
    def transaction(self) -> Iterator[Connection]:
        """One write transaction: ``BEGIN IMMEDIATE`` takes the write lock up front (waiting
        up to the busy timeout for another writer), so the reads inside see the latest
        committed state and nobody else writes until ``COMMIT``.  Any error rolls back."""
        c = self.conn
        if self.read_only:
            raise self.read_only_error()
        try:
            c.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            raise self.write_error(exc, "is busy or unwritable") from None
        try:
            yield c
        except sqlite3.OperationalError as exc:
            if c.in_transaction:
                c.execute("ROLLBACK")
            error = self.write_error(exc, "")
            if isinstance(error, DiskFull | ReadOnlyStore):
                raise error from None
            raise
        except BaseException:
            if c.in_transaction:
                c.execute("ROLLBACK")
            raise
        try:
            c.execute("COMMIT")
        except sqlite3.Error as exc:
            if c.in_transaction:
                c.execute("ROLLBACK")
            raise self.write_error(exc, "could not commit") from None

    def read_only_error(self) -> ReadOnlyStore:
        return ReadOnlyStore(
            msg(
                "the database {path} is read-only (the file or its folder cannot be "
                "written): it can be viewed but not changed",
                path=self.path,
            )
        )

    def write_error(self, exc: sqlite3.Error, what: str) -> StoreError:
        """The store error for a write that failed: a full disk and a read-only file say
        so (SQLite's own words for them, "database or disk is full" and "disk I/O error",
        read like damage); anything else keeps SQLite's message after ``what``."""
        code = getattr(exc, "sqlite_errorcode", 0) & 0xFF
        if code == sqlite3.SQLITE_FULL:
            return DiskFull(
                msg(
                    "the disk holding the database {path} is full: nothing was recorded "
                    "and the database is not damaged; free some space and try again",
                    path=self.path,
                )
            )
        if code == sqlite3.SQLITE_READONLY:
            return self.read_only_error()
        if what == "could not commit":
            return StoreError(msg("could not commit to {path}: {exc}", path=self.path, exc=exc))
        if what == "is busy or unwritable":
            return StoreError(
                msg("the database {path} is busy or unwritable: {exc}", path=self.path, exc=exc)
            )
        if what:
            return StoreError(
                msg("the database {path} {what}: {exc}", path=self.path, what=what, exc=exc)
            )
        return StoreError(msg("the database {path} failed: {exc}", path=self.path, exc=exc))

    #: Who the changes are made by, written with each one to the audit trail
    #: (``token:<label>``, ``account:<name>``, ``cli:<user>``; set by the store's
    #: ``acting_as``).
    actor: str = ""

    def log(
        self,
        c: Connection,
        action: str,
        detail: dict[str, Any],
        *,
        match_id: str | None = None,
        tournament_id: str | None = None,
        actor: str | None = None,
    ) -> None:
        """Append a change to the audit trail (the ``events`` table), by ``actor``
        (default: :attr:`actor`)."""
        c.execute(
            "INSERT INTO events (at, match_id, tournament_id, action, detail, actor) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (
                now(),
                match_id,
                tournament_id,
                action,
                dumps(detail),
                self.actor if actor is None else actor,
            ),
        )

    @staticmethod
    def fresh_id(c: Connection, table: str) -> str:
        """A new id not yet used in ``table``."""
        while True:
            candidate = new_id()
            if c.execute(f"SELECT 1 FROM {table} WHERE id = ?", (candidate,)).fetchone() is None:
                return candidate

    def exists(self, c: Connection, table: str, row_id: str) -> bool:
        """Whether ``table`` has a row with id ``row_id``."""
        return c.execute(f"SELECT 1 FROM {table} WHERE id = ?", (row_id,)).fetchone() is not None


def _unwritable(path: str) -> bool:
    """Whether ``path`` is a file this process cannot write (the folder of a WAL file
    must be writable too, for its ``-wal`` and ``-shm`` files, unless they exist)."""
    if not os.path.exists(path):
        return False
    if not os.access(path, os.W_OK):
        return True
    folder = os.path.dirname(os.path.abspath(path))
    return not os.access(folder, os.W_OK) and not os.path.exists(path + "-wal")


def _connect(path: str, busy_timeout_ms: int, *, read_only: bool) -> sqlite3.Connection:
    """An SQLite connection on ``path``; read-only (``mode=ro``) when asked, falling
    back to ``immutable=1`` when a WAL file's ``-shm`` cannot be made either."""
    timeout = busy_timeout_ms / 1000
    if not read_only:
        return sqlite3.connect(path, timeout=timeout, isolation_level=None)
    uri = "file:" + quote(os.path.abspath(path))
    conn = sqlite3.connect(uri + "?mode=ro", timeout=timeout, isolation_level=None, uri=True)
    try:
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.OperationalError:
        conn.close()
        conn = sqlite3.connect(
            uri + "?mode=ro&immutable=1", timeout=timeout, isolation_level=None, uri=True
        )
    return conn


def _switch_to_wal(c: Connection, busy_timeout_ms: int) -> str:
    """``PRAGMA journal_mode = WAL``, retried while another connection holds the lock.

    The switch needs the database to itself, and SQLite may answer "database is locked"
    at once rather than wait out ``busy_timeout`` (several stores opening a new file at
    the same moment, as servers starting together do); so it is tried again, briefly
    apart, until the same timeout has passed.
    """
    deadline = time.monotonic() + busy_timeout_ms / 1000
    pause = 0.005
    while True:
        try:
            mode: str = c.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            return mode
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() >= deadline:
                raise
        time.sleep(pause)
        pause = min(pause * 2, 0.1)
