"""Fixtures of the store tests: a database per test and a store open on it, on each
backend: an SQLite file, and a fresh database on a throwaway PostgreSQL cluster
(:mod:`support.postgres`, started once per test session: its fixtures ``pg_cluster``
and ``pg_db`` serve every test under tests/, see tests/conftest.py).

A test that takes ``db`` or ``store`` runs once per backend (``backend`` says which).  A
test of what only SQLite has (PRAGMAs, WAL, file paths, raw SQLite files) is marked
``@pytest.mark.sqlite_only(reason=...)`` and runs on SQLite only, or takes
``sqlite_db``/``sqlite_store``.  Without PostgreSQL's binaries the PostgreSQL runs are
skipped, unless ``FANSHU_REQUIRE_POSTGRES=1`` (``make test``): then they fail.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from fanshu.store import SqliteStore, Store, open_store

BACKENDS = ("sqlite", "postgres")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "sqlite_only(reason): a store test of what only the SQLite backend has"
    )


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "backend" not in metafunc.fixturenames:
        return
    marker = metafunc.definition.get_closest_marker("sqlite_only")
    if marker is not None and not marker.kwargs.get("reason"):
        raise pytest.UsageError(f"{metafunc.definition.nodeid}: sqlite_only needs a reason")
    metafunc.parametrize("backend", ["sqlite"] if marker else list(BACKENDS))


@pytest.fixture
def db(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """Where the test's database is: an SQLite file, or a PostgreSQL URL."""
    if backend == "sqlite":
        return str(tmp_path / "fanshu.db")
    url: str = request.getfixturevalue("pg_db")
    return url


@pytest.fixture
def store(db: str) -> Iterator[Store]:
    s = open_store(db)
    yield s
    s.close()


@pytest.fixture
def sqlite_db(tmp_path: Path) -> Path:
    return tmp_path / "fanshu.db"


@pytest.fixture
def sqlite_store(sqlite_db: Path) -> Iterator[SqliteStore]:
    s = SqliteStore.open(sqlite_db)
    yield s
    s.close()
