"""Checks of HTTP API responses shared by the tests of ``fanshu.web``."""

from __future__ import annotations

from typing import Any

PROBLEM = "application/problem+json"


def ok(r: Any, status: int = 200) -> Any:
    """The JSON body of a successful response, checked for its status and media type."""
    assert r.status_code == status, r.text
    assert r.headers["content-type"] == "application/json"
    return r.json()


def problem(r: Any, status: int, code: str) -> dict[str, Any]:
    """The problem document of a response, checked for status, media type and members."""
    assert r.status_code == status, r.text
    assert r.headers["content-type"].startswith(PROBLEM)
    body = r.json()
    assert (body["status"], body["code"]) == (status, code)
    assert body["type"] == f"urn:fanshu:problem:{code}"
    assert body["title"] and body["detail"]
    return dict(body)
