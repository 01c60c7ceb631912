"""The app under test, for the HTTP API tests: on an in-memory database shared by a
module's tests, or on a database file of a test's own."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from fanshu.web.app import create_app
from fanshu.web.ratelimit import RateLimits
from support.wild_rules import wild_rules  # noqa: F401  (a fixture: a rule set with wild tiles)

#: Where the test client sends its requests: a host the app answers for (the localhost
#: names; TestClient's own default, ``testserver``, is refused with 421 ``bad_host``).
BASE_URL = "http://localhost"
#: The functional tests make many changes from one client in a moment: no rate limits
#: (tests/web/test_api_limits.py tests them, on by default).
NO_LIMITS = RateLimits.off()


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    """The app on an in-memory database; a server error comes back as a 500 response."""
    with TestClient(
        create_app(":memory:", rate_limits=NO_LIMITS),
        raise_server_exceptions=False,
        base_url=BASE_URL,
    ) as c:
        yield c


@pytest.fixture
def db(tmp_path: Path) -> Path:
    """A database file of the test's own."""
    return tmp_path / "club.db"


@pytest.fixture
def file_client(db: Path) -> Iterator[TestClient]:
    """The app on the test's database file (``db``)."""
    with TestClient(
        create_app(str(db), rate_limits=NO_LIMITS), raise_server_exceptions=False, base_url=BASE_URL
    ) as c:
        yield c
