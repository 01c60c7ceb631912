"""What the store's parts need of a database connection, whichever backend is behind it.

The parts (:mod:`~fanshu.store.matches`, :mod:`~fanshu.store.tournaments`,
:mod:`~fanshu.store.games`) write one SQL for both backends: ``?`` placeholders, no
``INSERT OR IGNORE`` (``ON CONFLICT … DO NOTHING`` instead), no ``sqlite_master``.  A
:class:`sqlite3.Connection` is a :class:`Connection` as it is; the PostgreSQL backend
wraps its psycopg connection to be one (:class:`fanshu.store.postgres.PgConnection`,
which turns the ``?`` into psycopg's ``%s``).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Literal, Protocol

__all__ = ["Connection", "Cursor", "Dialect", "dialect", "has_table"]

#: The SQL a connection speaks, for the few statements that differ (schema versions,
#: the catalogue of tables, the first step of each schema part).
Dialect = Literal["sqlite", "postgresql"]


class Cursor(Protocol):
    """The result of a statement: its rows (tuples) and how many rows it changed."""

    @property
    def rowcount(self) -> int: ...
    def fetchone(self) -> Any: ...
    def fetchall(self) -> list[Any]: ...
    def __iter__(self) -> Iterator[Any]: ...


class Connection(Protocol):
    """A database connection as the store's parts use it (``?`` placeholders)."""

    @property
    def in_transaction(self) -> bool: ...
    def execute(self, sql: str, parameters: Sequence[Any] = ..., /) -> Cursor: ...
    def executemany(self, sql: str, parameters: Iterable[Sequence[Any]], /) -> Cursor: ...
    def close(self) -> None: ...


def dialect(c: Connection) -> Dialect:
    """``sqlite`` for a :class:`sqlite3.Connection`, else ``postgresql`` (the only other
    backend)."""
    return "sqlite" if isinstance(c, sqlite3.Connection) else "postgresql"


def has_table(c: Connection, name: str) -> bool:
    """Whether the database has a table ``name`` (in PostgreSQL: in the current schema).
    A query that cannot fail: a failed statement aborts a PostgreSQL transaction."""
    if dialect(c) == "sqlite":
        query = "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?"
        return c.execute(query, (name,)).fetchone() is not None
    # the current schema's table, found without a scan of the catalogue's views
    query = "SELECT to_regclass(quote_ident(current_schema()) || '.' || quote_ident(?))"
    return c.execute(query, (name,)).fetchone()[0] is not None
