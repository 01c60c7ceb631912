"""The app under test, for the HTTP API tests: on an in-memory database shared by a
module's tests, or on a database file of a test's own."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from fanshu.web.app import create_app


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    """The app on an in-memory database; a server error comes back as a 500 response."""
    with TestClient(create_app(":memory:"), raise_server_exceptions=False) as c:
        yield c


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """A database file of the test's own."""
    return tmp_path / "club.db"


@pytest.fixture
def file_client(db: Path) -> Iterator[TestClient]:
    """The app on the test's database file (``db``)."""
    with TestClient(create_app(str(db)), raise_server_exceptions=False) as c:
        yield c
