"""Schemathesis against the OpenAPI description of the service (in-process, ASGI):
generated requests, valid and invalid, never meet a server error, and each answer keeps
to the documented statuses, media types, headers and schemas.  A short run in the suite;
the long one (``-m slow``) tries many more examples per operation."""

from __future__ import annotations

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
