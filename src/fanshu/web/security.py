"""The checks every request passes and the headers every answer carries.

- :class:`HostCheck`: the ``Host`` header must name this server (one of the allowed
  hosts: by default the localhost names; ``fanshu serve`` adds the address it is bound
  to and each ``--allowed-host``), else 421 ``bad_host``.  A page of another site whose
  name was made to point at this machine (DNS rebinding) sends its own name as Host.
- :class:`OriginCheck`: a request that changes something (POST, PUT, PATCH, DELETE)
  sent by a browser from another site (``Sec-Fetch-Site: cross-site`` or
  ``same-site``, or an ``Origin`` that is not this server's) is 403 ``bad_origin``.
  Clients that are not browsers send neither header and are not affected.
- :func:`json_only`: POST, PUT and PATCH take JSON only, ``Content-Type:
  application/json`` even with no body, else 415 ``json_only``: a cross-site HTML form
  can send ``text/plain`` or a form encoding without a CORS preflight, never JSON.
- :class:`SecurityHeaders`: every answer, errors and static files included, carries
  :data:`HEADERS`: a Content-Security-Policy without ``'unsafe-inline'`` (scripts and
  styles from files of this server only; no frames, plugins, ``<base>`` or forms to
  elsewhere), ``X-Content-Type-Options: nosniff``, ``X-Frame-Options: DENY`` (the Undo
  button cannot be clickjacked) and ``Referrer-Policy: no-referrer``.
"""

from __future__ import annotations

from collections.abc import Iterable
from urllib.parse import urlsplit

from fastapi import Request
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from fanshu import i18n
from fanshu.i18n import msg
from fanshu.web.problems import Problem, problem_response, scope_language

__all__ = [
    "CSP",
    "HEADERS",
    "LOCAL_HOSTS",
    "UNSAFE_METHODS",
    "HostCheck",
    "OriginCheck",
    "SecurityHeaders",
    "host_name",
    "json_only",
]

#: The names a server on this machine is reached by, allowed whatever else is.
LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1")
#: The methods that change something.
UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})

CSP = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",  # Swagger UI's icons are data: URLs
        "connect-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)
#: The headers of every answer.
HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", CSP.encode("ascii")),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
)


def host_name(host: str) -> str:
    """The host name of a ``Host`` value or an address, without port, brackets or a
    final dot, lower case.

    >>> host_name("LocalHost:8000"), host_name("[::1]:80"), host_name("::1"), host_name("a.b.")
    ('localhost', '::1', '::1', 'a.b')
    """
    host = host.strip().lower()
    if host.startswith("["):  # [v6]:port
        host = host[1 : host.find("]")] if "]" in host else host[1:]
    elif host.count(":") == 1:  # name:port (a bare v6 address has several colons)
        host = host.split(":", 1)[0]
    return host.rstrip(".")


class HostCheck:
    """ASGI middleware: 421 ``bad_host`` for a request whose Host is not allowed.

    ``allowed`` are host names (any port), ``*.example.org`` for every name under
    ``example.org``, or ``*`` for any (behind a proxy that checks Host itself)."""

    def __init__(self, app: ASGIApp, allowed: Iterable[str] = LOCAL_HOSTS) -> None:
        self.app = app
        names = {host_name(h) for h in allowed if h.strip()}
        self.any = "*" in names
        self.suffixes = tuple(n[1:] for n in names if n.startswith("*."))
        self.names = frozenset(n for n in names if not n.startswith("*"))
        self.shown = ", ".join(sorted(names))

    def allows(self, host: str) -> bool:
        name = host_name(host)
        return self.any or name in self.names or (bool(name) and name.endswith(self.suffixes))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket") or self.any:
            await self.app(scope, receive, send)
            return
        host = Headers(scope=scope).get("host", "")
        if self.allows(host):
            await self.app(scope, receive, send)
            return
        if host:
            detail = msg(
                "this server does not answer for the host {host!r}; it answers for: "
                "{names} (fanshu serve --allowed-host NAME adds one)",
                host=host,
                names=self.shown,
            )
        else:
            detail = msg(
                "this server does not answer for the host none; it answers for: "
                "{names} (fanshu serve --allowed-host NAME adds one)",
                names=self.shown,
            )
        problem = Problem("bad_host", detail)
        await problem_response(problem, scope_language(scope))(scope, receive, send)


def _origin_of(scope: Scope, headers: Headers) -> tuple[str, str, int]:
    """(scheme, host name, port) of this server as the request addressed it."""
    scheme = "https" if scope.get("scheme") in ("https", "wss") else "http"
    host = headers.get("host", "")
    port = _port(host, scheme)
    return scheme, host_name(host), port


def _port(netloc: str, scheme: str) -> int:
    default = 443 if scheme == "https" else 80
    tail = netloc.rsplit("]", 1)[-1] if netloc.startswith("[") else netloc
    if tail.count(":") == 1:
        text = tail.rsplit(":", 1)[1]
        return int(text) if text.isdigit() else -1
    return default


class OriginCheck:
    """ASGI middleware: 403 ``bad_origin`` for a change sent by a page of another site.

    ``Sec-Fetch-Site`` (sent by current browsers) must be ``same-origin`` or ``none``
    (typed by the user); otherwise an ``Origin``, when sent, must be this server's (the
    scheme, host and port the request was addressed to; a proxy that terminates TLS
    and forwards plain HTTP is allowed its ``https`` origin on the same host)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") not in UNSAFE_METHODS:
            await self.app(scope, receive, send)
            return
        refused = self.refusal(scope)
        if refused is None:
            await self.app(scope, receive, send)
            return
        problem = Problem("bad_origin", refused, 403)
        await problem_response(problem, scope_language(scope))(scope, receive, send)

    @staticmethod
    def refusal(scope: Scope) -> i18n.Message | None:
        """Why the request is refused, or None."""
        headers = Headers(scope=scope)
        site = headers.get("sec-fetch-site", "").strip().lower()
        if site and site not in ("same-origin", "none"):
            return msg(
                "a {method} from another site (Sec-Fetch-Site: {site}) is refused: changes "
                "come from pages of this server only",
                method=scope.get("method"),
                site=site,
            )
        origin = headers.get("origin")
        if origin is None:
            return None
        scheme, host, port = _origin_of(scope, headers)
        parts = urlsplit(origin.strip())
        if parts.scheme in ("http", "https") and parts.netloc:
            theirs = (host_name(parts.netloc), _port(parts.netloc, parts.scheme))
            if theirs == (host, port) or (
                parts.scheme == "https" and scheme == "http" and theirs[0] == host
            ):
                return None
        shown = origin if len(origin) <= 60 else origin[:57] + "..."
        return msg(
            "a {method} from the origin {origin!r} is refused: changes come from pages of "
            "this server only",
            method=scope.get("method"),
            origin=shown,
        )


async def json_only(request: Request) -> None:
    """415 ``json_only`` for a POST, PUT or PATCH not sent as ``application/json`` (a
    dependency of every route, so that an unknown path or method is still 404 or 405;
    DELETE with no body needs no Content-Type)."""
    method = request.method
    if method not in UNSAFE_METHODS:
        return
    given = request.headers.get("content-type")
    if method == "DELETE" and given is None:
        return
    media = (given or "").split(";", 1)[0].strip().lower()
    if media != "application/json":
        if given:
            detail = msg(
                "{method} takes JSON only: send Content-Type: application/json (also with "
                "no body), not Content-Type {given!r}",
                method=method,
                given=given,
            )
        else:
            detail = msg(
                "{method} takes JSON only: send Content-Type: application/json (also with "
                "no body), not no Content-Type",
                method=method,
            )
        raise Problem("json_only", detail)


class SecurityHeaders:
    """ASGI wrapper: add :data:`HEADERS` to every answer that does not set its own."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", ()))
                present = {name.lower() for name, _ in headers}
                headers += [(n, v) for n, v in HEADERS if n not in present]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)
