"""What a request does, by its method and path: the rate limits and the read-only mode
treat requests by this kind, not route by route.

- ``read``: GET, HEAD, OPTIONS (and what is not under ``/v1``);
- ``compute``: the routes that answer from the body alone and keep nothing (score,
  analyze, settle, rules, replays, and resolving tokens, which only reads);
- ``login``: ``POST /v1/session`` (a password is tried);
- ``write``: every other change (matches, tournaments, hands, games, accounts,
  sessions, shares …): it writes to the database.

>>> request_kind("POST", "/v1/score/batch"), request_kind("POST", "/v1/matches/k7m2qx/undo")
('compute', 'write')
>>> request_kind("POST", "/v1/session"), request_kind("GET", "/v1/matches")
('login', 'read')
"""

from __future__ import annotations

from typing import Literal

__all__ = ["COMPUTE_PREFIXES", "LOGIN_PATH", "RequestKind", "request_kind"]

RequestKind = Literal["read", "compute", "login", "write"]

#: Paths (under /v1) whose POST computes an answer and writes nothing.
COMPUTE_PREFIXES = (
    "/v1/score",
    "/v1/analyze",
    "/v1/settle",
    "/v1/rules",
    "/v1/access/resolve",
    "/v1/replays",
)
#: Where a password is tried.
LOGIN_PATH = "/v1/session"

_READS = frozenset({"GET", "HEAD", "OPTIONS"})


def request_kind(method: str, path: str) -> RequestKind:
    """The kind of a request (module text)."""
    if method in _READS or not (path == "/v1" or path.startswith("/v1/")):
        return "read"
    if any(path == p or path.startswith(p + "/") for p in COMPUTE_PREFIXES):
        return "compute"
    if path == LOGIN_PATH and method == "POST":
        return "login"
    return "write"
