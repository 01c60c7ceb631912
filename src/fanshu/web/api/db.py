"""The database behind ``/v1/matches``, ``/v1/tournaments`` and ``/v1/games`` (score
sheets, and the games against bots: :mod:`fanshu.web.api.games`).

Each request opens its own :class:`~fanshu.store.Store` (a store is not shared
between threads) on the database given to ``fanshu serve --db`` (an SQLite file or a
``postgresql://`` URL), else ``$FANSHU_DB``, else the default file of the ``fanshu
match`` commands; every change is one transaction, so the server and the command line,
or several servers on one PostgreSQL database, may write at the same time.
``:memory:`` is a scratch file removed when the server stops.  Messages name a
PostgreSQL database by its URL without the password.

A PostgreSQL store is kept open after its request for the next one (up to
:data:`IDLE_STORES` of them, each used by one request at a time): a new connection and
its schema check cost several times a request's statements.  An SQLite store is opened
for each request, as it always was (it costs a file open).
"""

from __future__ import annotations

import os
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager

from fanshu.store import PostgresStore, Store, StoreError, open_store
from fanshu.store.postgres import NUL_REFUSED
from fanshu.web.problems import Problem

__all__ = ["IDLE_STORES", "Database"]

#: How many PostgreSQL stores wait open between requests (as many as requests run at
#: once, at most: uvicorn's thread pool).
IDLE_STORES = 16


class Database:
    """Where the score sheets and games are; :meth:`open` gives a store for one request."""

    def __init__(self, target: str | None = None) -> None:
        self._scratch: tempfile.TemporaryDirectory[str] | None = None
        self._memory = target is not None and target.strip() == ":memory:"
        self.target = None if self._memory else target
        self._idle: list[PostgresStore] = []
        self._lock = threading.Lock()

    def _where(self) -> str | None:
        if self._memory and self._scratch is None:
            self._scratch = tempfile.TemporaryDirectory(prefix="fanshu-serve-")
            self.target = os.path.join(self._scratch.name, "fanshu.db")
        return self.target

    @contextmanager
    def open(self) -> Iterator[Store]:
        """A store for one request; store errors become problems (404 for an unknown id,
        503 when the database cannot be used)."""
        store = self._take()
        try:
            yield store
        except StoreError as e:
            raise _problem(e, store.path) from None
        finally:
            self._give_back(store)

    def _take(self) -> Store:
        while True:
            with self._lock:
                if not self._idle:
                    break
                idle = self._idle.pop()
            if idle.reusable() and idle.ping():
                return idle
            idle.close()
        try:
            return open_store(self._where())
        except StoreError as e:
            raise Problem("store_error", e.message) from None

    def _give_back(self, store: Store) -> None:
        if isinstance(store, PostgresStore) and store.reusable():
            store.actor = ""  # the next request says who it is
            with self._lock:
                if len(self._idle) < IDLE_STORES:
                    self._idle.append(store)
                    return
        store.close()

    def close(self) -> None:
        with self._lock:
            idle, self._idle = self._idle, []
        for store in idle:
            store.close()
        if self._scratch is not None:
            self._scratch.cleanup()
            self._scratch = None


def _problem(e: StoreError, path: str) -> Problem:
    message = e.without_hint.replace(f" in {path}", "")  # no other ids over HTTP
    if message.startswith(("no match ", "no tournament ")):
        return Problem("not_found", message)
    if message.startswith(("unknown format", "a match id", "a tournament id")):
        return Problem("bad_field", message)
    if "already exists" in message:
        return Problem("bad_match", message, 409)
    if message == NUL_REFUSED:
        return Problem("invalid_text", message, 422)
    return Problem(e.code, message)  # store_error; disk_full (507), read_only (503)
