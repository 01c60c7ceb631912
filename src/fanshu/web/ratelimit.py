"""Per-client rate limits: a token bucket for each client address and kind of request
(:mod:`fanshu.web.kinds`), answered 429 ``rate_limited`` with ``Retry-After`` when empty.

A bucket holds up to ``burst`` requests and refills at ``per_minute``; a client may send
a burst at once, then ``per_minute`` a minute.  The defaults (:data:`DEFAULT_LIMITS`):
writes (matches, tournaments, hands, games, accounts …) 120 a minute after a burst of
120; log-ins 10 a minute after a burst of 10 (passwords are not guessed quickly); the
compute routes (score, analyze, settle, rules) unlimited, so that a load test runs at
full speed: ``fanshu serve --rate-compute N`` limits them too.  Reads are not limited.

The client is the peer address of the connection; behind a reverse proxy that is the
proxy's, so ``trust_proxy`` (``fanshu serve --trust-proxy``) takes the last address of
``X-Forwarded-For`` instead (the one the proxy itself appended; the ones before it are
whatever the client wrote).  At most :data:`MAX_CLIENTS` buckets are kept (the least
recently used goes first), so many addresses cannot fill the memory.
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

from fanshu.i18n import Message, msg
from fanshu.web.kinds import RequestKind, request_kind
from fanshu.web.problems import Problem, problem_response, scope_language

__all__ = ["DEFAULT_LIMITS", "MAX_CLIENTS", "Rate", "RateLimit", "RateLimits", "TokenBuckets"]

#: The most clients whose buckets are kept at once.
MAX_CLIENTS = 10_000

#: The requests of each kind, as a 429's detail names them (translated with it).
_REQUESTS: dict[RequestKind, Message] = {
    "read": msg("read requests"),
    "compute": msg("compute requests"),
    "login": msg("login requests"),
    "write": msg("write requests"),
}


@dataclass(frozen=True, slots=True)
class Rate:
    """``per_minute`` requests a minute after a first ``burst`` (both > 0)."""

    per_minute: float
    burst: int

    def __post_init__(self) -> None:
        if not (self.per_minute > 0 and self.burst >= 1):
            raise ValueError(f"a rate needs per_minute > 0 and burst >= 1, not {self}")

    @classmethod
    def a_minute(cls, n: float) -> Rate | None:
        """``n`` a minute with a burst of as many (0: unlimited, None)."""
        return cls(n, max(1, math.ceil(n))) if n > 0 else None


@dataclass(frozen=True, slots=True)
class RateLimits:
    """The rate of each kind of request (None: unlimited), and whose address counts."""

    write: Rate | None = field(default_factory=lambda: Rate(120, 120))
    login: Rate | None = field(default_factory=lambda: Rate(10, 10))
    compute: Rate | None = None
    trust_proxy: bool = False

    @classmethod
    def off(cls) -> RateLimits:
        """No limits at all."""
        return cls(write=None, login=None, compute=None)

    def rate(self, kind: RequestKind) -> Rate | None:
        if kind == "write":
            return self.write
        if kind == "login":
            return self.login
        if kind == "compute":
            return self.compute
        return None


DEFAULT_LIMITS = RateLimits()


class TokenBuckets:
    """Buckets by key (client and kind), at most ``max_keys`` of them."""

    def __init__(
        self, max_keys: int = MAX_CLIENTS, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.max_keys = max_keys
        self.clock = clock
        self._buckets: OrderedDict[tuple[str, str], tuple[float, float]] = OrderedDict()

    def take(self, key: tuple[str, str], rate: Rate) -> float:
        """Take one request from ``key``'s bucket: 0 when allowed, else the seconds until
        one is back."""
        now = self.clock()
        per_second = rate.per_minute / 60
        tokens, then = self._buckets.pop(key, (float(rate.burst), now))
        tokens = min(float(rate.burst), tokens + (now - then) * per_second)
        wait = 0.0
        if tokens >= 1:
            tokens -= 1
        else:
            wait = (1 - tokens) / per_second
        self._buckets[key] = (tokens, now)
        while len(self._buckets) > self.max_keys:
            self._buckets.popitem(last=False)
        return wait


def client_address(scope: Scope, trust_proxy: bool) -> str:
    """Whose bucket a request takes from (module text)."""
    if trust_proxy:
        forwarded = Headers(scope=scope).get("x-forwarded-for", "")
        last = forwarded.rsplit(",", 1)[-1].strip()
        if last:
            return last
    client = scope.get("client")
    return str(client[0]) if client else "?"


class RateLimit:
    """ASGI middleware: 429 ``rate_limited`` when the client's bucket of the request's
    kind is empty (module text)."""

    def __init__(self, app: ASGIApp, limits: RateLimits = DEFAULT_LIMITS) -> None:
        self.app = app
        self.limits = limits
        self.buckets = TokenBuckets()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        kind = request_kind(scope.get("method", "GET"), scope.get("path", ""))
        rate = self.limits.rate(kind)
        if rate is None:
            await self.app(scope, receive, send)
            return
        who = client_address(scope, self.limits.trust_proxy)
        wait = self.buckets.take((who, kind), rate)
        if wait <= 0:
            await self.app(scope, receive, send)
            return
        seconds = max(1, math.ceil(wait))
        problem = Problem(
            "rate_limited",
            msg(
                "too many {requests} from {who}: at most {per_minute:g} a minute after "
                "{burst}; try again in {seconds} s",
                requests=_REQUESTS[kind],
                who=who,
                per_minute=rate.per_minute,
                burst=rate.burst,
                seconds=seconds,
            ),
            headers={"Retry-After": str(seconds)},
            retry_after=seconds,
        )
        await problem_response(problem, scope_language(scope))(scope, receive, send)
