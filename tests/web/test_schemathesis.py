"""Schemathesis against the OpenAPI description of the service (in-process, ASGI):
generated requests, valid and invalid, never meet a server error, and each answer keeps
to the documented statuses, media types, headers and schemas.  A short run in the suite;
the long one (``-m slow``) tries many more examples per operation.  Each runs without
credentials (the match and tournament routes answer 401) and with them: an edit token
of a match and of a tournament that exist, their ids put in the generated paths, so that
the routes behind the check are explored too."""

from __future__ import annotations

from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, settings

from fanshu.web.app import create_app
from fanshu.web.ratelimit import RateLimits

# testserver: the Host of schemathesis' ASGI client; no rate limits, so that every
# operation is explored rather than answered 429
APP = create_app(
    ":memory:", max_games=50, allowed_hosts=["testserver"], rate_limits=RateLimits.off()
)
SCHEMA = schemathesis.openapi.from_asgi("/openapi.json", APP)
SETTINGS = {"deadline": None, "suppress_health_check": list(HealthCheck), "database": None}
# A request valid by the schema may still name an unknown match or an impossible hand:
# those are 404 and 422 problems, so "valid data is accepted" is left out.  Every other
# default check runs, not_a_server_error among them.
EXCLUDED = [schemathesis.checks.positive_data_acceptance]


@SCHEMA.parametrize()
@settings(max_examples=8, **SETTINGS)
def test_no_server_error(case: schemathesis.Case) -> None:
    case.call_and_validate(excluded_checks=EXCLUDED)


@pytest.mark.slow
@SCHEMA.parametrize()
@settings(max_examples=300, **SETTINGS)
def test_no_server_error_long(case: schemathesis.Case) -> None:
    case.call_and_validate(excluded_checks=EXCLUDED)


def _owned() -> dict[str, str]:
    """A match and a tournament in the app's database, with an edit token of each."""
    with APP.state.db.open() as s:
        mid = s.create_match(["Ann", "Bo", "Cy", "Di"])
        tid = s.create_tournament([f"P{i}" for i in range(8)], sessions=2)
        return {
            "match_id": mid,
            "match": s.grant("match", mid, "edit"),
            "tid": tid,
            "tournament": s.grant("tournament", tid, "edit"),
        }


OWNED = _owned()


def _with_credentials(case: schemathesis.Case) -> dict[str, Any]:
    """The case aimed at the owned match or tournament, and its bearer header."""
    params = case.path_parameters
    token = OWNED["match"]
    if params is not None and "tid" in params:
        params["tid"], token = OWNED["tid"], OWNED["tournament"]
    elif params is not None and "match_id" in params:
        params["match_id"] = OWNED["match_id"]
    return {"Authorization": f"Bearer {token}"}


@SCHEMA.parametrize()
@settings(max_examples=8, **SETTINGS)
def test_no_server_error_with_credentials(case: schemathesis.Case) -> None:
    case.call_and_validate(headers=_with_credentials(case), excluded_checks=EXCLUDED)


@pytest.mark.slow
@SCHEMA.parametrize()
@settings(max_examples=300, **SETTINGS)
def test_no_server_error_with_credentials_long(case: schemathesis.Case) -> None:
    case.call_and_validate(headers=_with_credentials(case), excluded_checks=EXCLUDED)
