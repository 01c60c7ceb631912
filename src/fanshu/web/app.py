"""The fanshu HTTP service: :func:`create_app` builds the FastAPI application.

- JSON endpoints under ``/v1`` (one module per resource in :mod:`fanshu.web.api`):
  score, analyze, rules, settle, matches, tournaments, games, replays;
- the OpenAPI description at ``/openapi.json`` and its pages at ``/docs`` (Swagger UI),
  whose script and style are served from ``/docs/assets`` (the files shipped by the
  ``fastapi-offline`` package), so they work with no network;
- the browser app (``fanshu/web/static/``) at ``/``;
- every error a problem document (:mod:`fanshu.web.problems`); request bodies over
  1 MiB are refused with 413 ``too_large`` before they are read in full, a body that
  has not arrived in full after ``body_timeout`` seconds (20) with 408 ``body_timeout``;
- the checks of :mod:`fanshu.web.security` (Host, Origin, JSON only, the security
  headers on every answer), the rate limits of :mod:`fanshu.web.ratelimit`, strings
  that are not Unicode text and integers too big for anyone refused by
  :mod:`fanshu.web.values`, and, read-only
  (``read_only``, or a database file that cannot be written), every write answered
  503 ``read_only`` while everything that reads is served.

Run it with ``fanshu serve`` (:mod:`fanshu.cli.serve`) or any ASGI server::

    uvicorn --factory fanshu.web.app:create_app
"""

from __future__ import annotations

import asyncio
import html
import json
import os
import signal
import threading
import time
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from importlib.resources import files
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.routing import APIRoute
from starlette.responses import HTMLResponse, Response
from starlette.routing import Match, Mount
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from fanshu import __version__
from fanshu.i18n import msg
from fanshu.store import is_postgres_url, resolve_target
from fanshu.web.api import access as access_routes
from fanshu.web.api import accounts as account_routes
from fanshu.web.api import (
    analyze,
    convert,
    games,
    matches,
    replays,
    rules,
    score,
    settle,
    tables,
    tournaments,
)
from fanshu.web.api.common import MAX_BODY_BYTES, MAX_GAMES
from fanshu.web.api.db import Database
from fanshu.web.api.games import GameTable
from fanshu.web.kinds import request_kind
from fanshu.web.problems import (
    Problem,
    install_handlers,
    problem_response,
    problem_responses,
    scope_language,
)
from fanshu.web.ratelimit import DEFAULT_LIMITS, Rate, RateLimit, RateLimits
from fanshu.web.security import (
    LOCAL_HOSTS,
    UNSAFE_METHODS,
    HostCheck,
    OriginCheck,
    SecurityHeaders,
    json_only,
)
from fanshu.web.values import BodyValues

__all__ = [
    "API_PREFIX",
    "BODY_TIMEOUT",
    "DOCS_ASSETS",
    "DOCS_ASSETS_DIR",
    "DOCS_INIT",
    "STATIC_DIR",
    "BodyLimit",
    "FanshuApp",
    "JsonOnly",
    "ReadOnly",
    "create_app",
]

API_PREFIX = "/v1"
STATIC_DIR = Path(__file__).resolve().parent / "static"
#: Where the API pages' scripts and styles are served: under ``/docs``, which the browser
#: app's mount leaves to the API.
DOCS_ASSETS = "/docs/assets"
#: Swagger UI 5 (``swagger-ui-bundle.js``, ``swagger-ui.css``) and ``favicon.png``, as the
#: ``fastapi-offline`` package ships them (the ``web`` extra pins it).  FastAPI's own page
#: would fetch them from a CDN.
DOCS_ASSETS_DIR = Path(str(files("fastapi_offline") / "static"))

DESCRIPTION = """\
Score mahjong hands under the Chinese Official rules (MCR) and the other rule sets of
fanshu, analyse hands, settle wins, keep match score sheets and tournaments, and play
hands against the built-in bots.

Every error is a problem document (RFC 9457, `application/problem+json`) with `type`,
`title`, `status`, `detail` and `code`; `code` and `detail` are the error code and
message of the `fanshu` command line.  Limits: request bodies up to 1 MiB (413
`too_large`), arriving within 20 s (408 `body_timeout`), batches up to 1,000 hands (413
`too_many_items`); games against the bots are kept in the database (the 10,000 most
recently played), so a restart continues them.

Every number a request carries has a documented bound (`minimum`/`maximum` in the
schemas; docs/http-api.md lists them): past it is a 422 problem `out_of_range` or
`bad_field` naming the bound.  A string that is not Unicode text (a lone surrogate such
as `"\\ud800"`) is a 422 problem `invalid_text` naming the field; in a batch, that
item's error object.

Hardening: the `Host` must be one this server answers for (421 `bad_host`); a change
(POST, PUT, PATCH, DELETE) from a page of another site is 403 `bad_origin`; POST, PUT
and PATCH take `Content-Type: application/json` only, also with no body (415
`json_only`); changes and log-ins are rate-limited per client (429 `rate_limited` with
`Retry-After`); a read-only server answers changes 503 `read_only`; a full disk is 507
`disk_full`.
"""

#: Seconds a request body may take to arrive in full: then 408 ``body_timeout``.
BODY_TIMEOUT = 20.0


class BodyLimit:
    """ASGI middleware: refuse a request body over ``limit`` bytes with 413 ``too_large``,
    and one that has not arrived in full after ``timeout`` seconds with 408
    ``body_timeout`` (a client that stops sending holds no worker for longer).

    A declared ``Content-Length`` over the limit is refused at once; otherwise the body
    is read (up to the limit) before the application sees it, so a chunked body cannot
    get past either.
    """

    def __init__(
        self, app: ASGIApp, limit: int = MAX_BODY_BYTES, timeout: float = BODY_TIMEOUT
    ) -> None:
        self.app = app
        self.limit = limit
        self.timeout = timeout

    def _too_slow(self) -> Problem:
        return Problem(
            "body_timeout",
            msg(
                "the request body did not arrive in full within {seconds:g} s", seconds=self.timeout
            ),
            headers={"Connection": "close"},
            limit=self.timeout,
        )

    def _too_large(self) -> Problem:
        return Problem(
            "too_large",
            msg(
                "the request body is over {limit} bytes ({kib} KiB)",
                limit=self.limit,
                kib=self.limit // 1024,
            ),
            limit=self.limit,
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        length = _content_length(scope)
        if length is not None and length > self.limit:
            await problem_response(self._too_large(), scope_language(scope))(scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        try:
            async with asyncio.timeout(self.timeout):
                while True:
                    message = await receive()
                    if message["type"] != "http.request":  # the client went away
                        await self.app(scope, _replay([message], receive), send)
                        return
                    body = message.get("body", b"")
                    size += len(body)
                    if size > self.limit:
                        too_large = problem_response(self._too_large(), scope_language(scope))
                        await too_large(scope, receive, send)
                        return
                    chunks.append(body)
                    if not message.get("more_body", False):
                        break
        except TimeoutError:
            await problem_response(self._too_slow(), scope_language(scope))(scope, receive, send)
            return
        first: Message = {"type": "http.request", "body": b"".join(chunks), "more_body": False}
        await self.app(scope, _replay([first], receive), send)


def _content_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


def _replay(messages: list[Message], receive: Receive) -> Receive:
    pending = list(messages)

    async def replayed() -> Message:
        if pending:
            return pending.pop(0)
        return await receive()

    return replayed


class StaticMount(Mount):
    """The browser app at ``/``, except under ``/v1``, ``/docs`` and ``/openapi.json``:
    there a wrong method stays the API's 405 (with its ``Allow``) and an unknown path its
    404 problem, instead of the static files' answer."""

    def matches(self, scope: Scope) -> tuple[Match, Scope]:
        path = scope.get("path", "")
        for prefix in (API_PREFIX, "/docs", "/openapi.json", "/redoc"):
            if path == prefix or path.startswith(prefix + "/"):
                return Match.NONE, {}
        return super().matches(scope)


#: Where the page's own script is: it starts Swagger UI on the URL the page gives in
#: ``data-openapi`` (a file, not an inline script, so the CSP needs no 'unsafe-inline').
DOCS_INIT = "/docs/init.js"
_DOCS_INIT_JS = """\
// Swagger UI on this server's OpenAPI description (fanshu.web.app).
const root = document.getElementById("swagger-ui");
window.ui = SwaggerUIBundle({
  url: root.dataset.openapi,
  dom_id: "#swagger-ui",
  layout: "BaseLayout",
  deepLinking: true,
  showExtensions: true,
  showCommonExtensions: true,
  validatorUrl: null, // no badge from the online validator (validator.swagger.io)
  presets: [SwaggerUIBundle.presets.apis, SwaggerUIBundle.SwaggerUIStandalonePreset],
});
"""
_DOCS_PAGE = """\
<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link type="text/css" rel="stylesheet" href="{assets}/swagger-ui.css">
<link rel="icon" href="{assets}/favicon.png">
<title>{title}</title>
</head>
<body>
<div id="swagger-ui" data-openapi="{openapi}"></div>
<script src="{assets}/swagger-ui-bundle.js"></script>
<script src="{init}"></script>
</body>
</html>
"""


def _add_docs_pages(app: FastAPI) -> None:
    """``/docs``: Swagger UI with every URL on this server (FastAPI's "self-hosting
    JavaScript and CSS for docs"), started by a script file (``/docs/init.js``)."""
    app.mount(DOCS_ASSETS, StaticFiles(directory=DOCS_ASSETS_DIR), name="docs-assets")

    @app.get("/docs", include_in_schema=False)
    async def swagger_ui(request: Request) -> HTMLResponse:
        root = request.scope.get("root_path", "")
        return HTMLResponse(
            _DOCS_PAGE.format(
                assets=html.escape(f"{root}{DOCS_ASSETS}"),
                title=html.escape(f"{app.title} - Swagger UI"),
                openapi=html.escape(f"{root}{app.openapi_url}"),
                init=html.escape(f"{root}{DOCS_INIT}"),
            )
        )

    @app.get(DOCS_INIT, include_in_schema=False)
    async def swagger_init() -> Response:
        return Response(_DOCS_INIT_JS, media_type="text/javascript")


class ReadOnly:
    """ASGI middleware: 503 ``read_only`` for every request that writes
    (:func:`fanshu.web.kinds.request_kind` ``write`` or ``login``); reads and the
    compute routes are served."""

    def __init__(self, app: ASGIApp, why: str) -> None:
        self.app = app
        self.why = why

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and request_kind(
            scope.get("method", "GET"), scope.get("path", "")
        ) in ("write", "login"):
            problem = Problem(
                "read_only",
                msg(
                    "this server is read-only ({why}): it shows the score sheets and "
                    "tournaments but records nothing",
                    why=self.why,
                ),
            )
            await problem_response(problem, scope_language(scope))(scope, receive, send)
            return
        await self.app(scope, receive, send)


class JsonOnly:
    """ASGI middleware: :func:`fanshu.web.security.json_only` (415 ``json_only``) on every
    request an API route takes, the innermost check: a request that no route takes
    (an unknown path or method) still goes on to its 404 or 405.  A middleware rather
    than a dependency of every route: FastAPI would solve that dependency on every
    request, about a tenth of the app's own time on ``POST /v1/score``.

    ``routes``: each API route with the prefix it is mounted under; looked at only when
    a request fails the check."""

    def __init__(self, app: ASGIApp, routes: list[tuple[str, APIRoute]]) -> None:
        self.app = app
        self.routes = routes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope.get("method") in UNSAFE_METHODS:
            try:
                await json_only(Request(scope))
            except Problem as problem:
                if self._routed(scope):
                    await problem_response(problem, scope_language(scope))(scope, receive, send)
                    return
        await self.app(scope, receive, send)

    def _routed(self, scope: Scope) -> bool:
        """Whether an API route takes this request (its path and method)."""
        path: str = scope.get("path", "")
        root: str = scope.get("root_path", "")
        if root and path.startswith(root):
            path = path[len(root) :]
        method = scope.get("method")
        return any(
            path.startswith(prefix)
            and route.path_regex.match(path[len(prefix) :]) is not None
            and method in (route.methods or ())
            for prefix, route in self.routes
        )


class FanshuApp(FastAPI):
    """The FastAPI application with the security headers added outside everything,
    so that they are on the 500 answers of Starlette's outermost error handler too, and
    the answers of the checks every request passes in the description of each route."""

    def build_middleware_stack(self) -> ASGIApp:
        return SecurityHeaders(super().build_middleware_stack())

    def openapi(self) -> dict[str, Any]:
        if self.openapi_schema is None:
            self.openapi_schema = with_checks_answers(super().openapi())
        return self.openapi_schema


def with_checks_answers(spec: dict[str, Any]) -> dict[str, Any]:
    """``spec`` with the problems the middleware may answer listed on each operation:
    421 on all; on changes 403, 415 (POST, PUT, PATCH), 408 and 413 (a body), 429
    (rate-limited kinds), 503 and 507 (writes)."""
    for path, item in spec.get("paths", {}).items():
        for method, operation in item.items():
            verb = method.upper()
            statuses = [421, 422] if verb in ("POST", "PUT", "PATCH") else [421]
            kind = request_kind(verb, path)
            if kind != "read":
                statuses += [403, 408, 413, 429]
                if verb != "DELETE":
                    statuses.append(415)
            if kind in ("write", "login"):
                statuses += [503, 507]
            responses = operation.setdefault("responses", {})
            for status, entry in problem_responses(*statuses).items():
                responses.setdefault(str(status), entry)
    return spec


def database_writable(target: str | None) -> bool:
    """Whether the database file (``fanshu serve --db``) can be written: a file that
    does not exist yet can when its folder can (``:memory:`` always)."""
    if target is not None and target.strip() == ":memory:":
        return True
    where = resolve_target(target)
    if is_postgres_url(where):  # the server's to say: a role that may not write fails then
        return True
    path = Path(where)
    if path.exists():
        return os.access(path, os.W_OK)
    return os.access(path.parent if path.parent.exists() else Path.cwd(), os.W_OK)


def create_app(
    db_path: str | None = None,
    *,
    static_dir: str | Path | None = None,
    max_body: int = MAX_BODY_BYTES,
    max_games: int = MAX_GAMES,
    allowed_hosts: Iterable[str] | None = None,
    rate_limits: RateLimits = DEFAULT_LIMITS,
    read_only: bool = False,
    body_timeout: float = BODY_TIMEOUT,
    accounts: bool = False,
) -> FastAPI:
    """The fanshu service.  ``db_path`` is the score-sheet database (a path or
    ``sqlite:///`` URL; None: ``$FANSHU_DB``, else the default file of ``fanshu match``;
    ``:memory:``: a scratch file for this process).  ``static_dir`` is the browser app
    served at ``/`` (default: the one shipped in the package, when present).

    ``allowed_hosts``: the names the ``Host`` header may give, besides the localhost
    names (``*.example.org``: any under it; ``*``: any).  ``rate_limits``: per client
    (:mod:`fanshu.web.ratelimit`).  ``read_only``: serve reads only (also when the
    database file cannot be written).  ``body_timeout``: seconds a body may take.
    ``accounts``: club mode (:mod:`fanshu.web.api.accounts`): log-ins with the accounts
    of ``fanshu accounts``; creating a match needs a logged-in account, a tournament an
    organiser."""
    database = Database(db_path)
    unwritable = not database_writable(db_path)  # looked at once: it says why, too
    read_only = read_only or unwritable

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        database.close()

    app = FanshuApp(
        docs_url=None,  # replaced by a same-origin page (FastAPI's loads from a CDN)
        # No ReDoc: its page loads Redocly's logo from their CDN (seen in the e2e test).
        redoc_url=None,
        title="fanshu",
        version=__version__,
        summary="A mahjong rules engine over HTTP",
        description=DESCRIPTION,
        lifespan=lifespan,
        openapi_tags=[
            {"name": "score", "description": "Score hands (all rule sets)"},
            {"name": "analyze", "description": "Shanten, useful tiles, waits, discards"},
            {"name": "rules", "description": "The rule sets, their fans and options"},
            {"name": "settle", "description": "Payments for one win"},
            {"name": "matches", "description": "MCR score sheets in the database"},
            {"name": "tournaments", "description": "Tournaments in the database"},
            {"name": "games", "description": "Play a hand against the bots"},
            {"name": "replays", "description": "Step through a logged game"},
            {"name": "tables", "description": "Live tables of people and bots (WebSocket)"},
        ],
    )
    app.state.db = database
    app.state.read_only = read_only
    app.state.accounts = accounts
    app.state.games = GameTable(max_games)
    install_handlers(app)
    _add_docs_pages(app)
    resources = (score, analyze, convert, rules, settle, matches, tournaments, games, replays)
    modules = (*resources, tables, access_routes, account_routes)
    for module in modules:
        app.include_router(module.router, prefix=API_PREFIX)
    static = Path(static_dir) if static_dir is not None else STATIC_DIR
    if static.is_dir():
        app.router.routes.append(
            StaticMount("/", StaticFiles(directory=static, html=True), name="static")
        )
    # add_middleware wraps: the last added is outermost, so a request meets the Host
    # check first, then the Origin check, read-only, the rate limit, the body limit and
    # the values check, and last the JSON-only check; the security headers are outside
    # all of them (FanshuApp).
    api_routes = [
        *((API_PREFIX, r) for m in modules for r in m.router.routes if isinstance(r, APIRoute)),
        *(("", r) for r in app.router.routes if isinstance(r, APIRoute)),
    ]
    app.add_middleware(JsonOnly, routes=api_routes)
    app.add_middleware(BodyValues)
    app.add_middleware(BodyLimit, limit=max_body, timeout=body_timeout)
    app.add_middleware(RateLimit, limits=rate_limits)
    if read_only:
        why = msg("the database file is not writable") if unwritable else "--read-only"
        app.add_middleware(ReadOnly, why=why)
    app.add_middleware(OriginCheck)
    app.add_middleware(HostCheck, allowed=(*LOCAL_HOSTS, *(allowed_hosts or ())))
    return app


#: The environment variable ``fanshu serve`` passes its ``--db`` in (the command line
#: starts uvicorn by import string, so it hands no objects to the app).
SERVE_DB_VARIABLE = "FANSHU_SERVE_DB"
#: The variable of the other settings of ``fanshu serve``: a JSON object with
#: ``allowed_hosts`` (list), ``read_only``, ``trust_proxy`` (booleans), ``rate_write``,
#: ``rate_login``, ``rate_compute`` (requests a minute, 0: unlimited),
#: ``body_timeout`` (seconds) and ``accounts`` (club mode); a missing key keeps
#: ``create_app``'s default.  With ``fanshu serve --workers N`` (N > 1) also
#: ``supervisor_pid``: the process that started this worker (see :func:`stop_when_orphaned`).
SERVE_CONFIG_VARIABLE = "FANSHU_SERVE_CONFIG"


def _limits(config: dict[str, Any]) -> RateLimits:
    def rate(key: str, default: Rate | None) -> Rate | None:
        return Rate.a_minute(float(config[key])) if key in config else default

    return RateLimits(
        write=rate("rate_write", DEFAULT_LIMITS.write),
        login=rate("rate_login", DEFAULT_LIMITS.login),
        compute=rate("rate_compute", DEFAULT_LIMITS.compute),
        trust_proxy=bool(config.get("trust_proxy", False)),
    )


def stop_when_orphaned(supervisor_pid: int, every: float = 0.5) -> threading.Thread:
    """Watch, in a daemon thread, that this worker's parent is still ``supervisor_pid``;
    once it is not (the supervisor was killed, so nobody would stop this worker), send
    this process SIGTERM, which uvicorn answers with a graceful shutdown."""

    def watch() -> None:
        while os.getppid() == supervisor_pid:
            time.sleep(every)
        os.kill(os.getpid(), signal.SIGTERM)

    thread = threading.Thread(target=watch, name="fanshu-supervisor-watch", daemon=True)
    thread.start()
    return thread


def app_from_environment() -> FastAPI:
    """The service on the database named by ``$FANSHU_SERVE_DB`` (unset: as
    ``create_app()``), with the settings of ``$FANSHU_SERVE_CONFIG``: the factory
    ``fanshu serve`` gives uvicorn."""
    config: dict[str, Any] = json.loads(os.environ.get(SERVE_CONFIG_VARIABLE) or "{}")
    if config.get("supervisor_pid"):  # a worker of fanshu serve --workers N
        stop_when_orphaned(int(config["supervisor_pid"]))
    return create_app(
        os.environ.get(SERVE_DB_VARIABLE),
        allowed_hosts=[str(h) for h in config.get("allowed_hosts", ())],
        rate_limits=_limits(config),
        read_only=bool(config.get("read_only", False)),
        body_timeout=float(config.get("body_timeout", BODY_TIMEOUT)),
        accounts=bool(config.get("accounts", False)),
    )
