"""Fixtures of the store tests: a database file per test and a store open on it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from fanshu.store import SqliteStore


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "fanshu.db"


@pytest.fixture
def store(db: Path) -> Iterator[SqliteStore]:
    s = SqliteStore.open(db)
    yield s
    s.close()
