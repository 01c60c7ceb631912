"""The fanshu HTTP service: :func:`create_app` builds the FastAPI application.

- JSON endpoints under ``/v1`` (one module per resource in :mod:`fanshu.web.api`):
  score, analyze, rules, settle, matches, tournaments, games;
- the OpenAPI description at ``/openapi.json`` and its pages at ``/docs`` (Swagger UI),
  whose script and style are served from ``/docs/assets`` (the files shipped by the
  ``fastapi-offline`` package), so they work with no network;
- the browser app (``fanshu/web/static/``) at ``/``;
- every error a problem document (:mod:`fanshu.web.problems`); request bodies over
  1 MiB are refused with 413 ``too_large`` before they are read in full.

Run it with ``fanshu serve`` (:mod:`fanshu.cli.serve`) or any ASGI server::

    uvicorn --factory fanshu.web.app:create_app
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib.resources import files
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.openapi.docs import get_swagger_ui_html
from starlette.responses import HTMLResponse
from starlette.routing import Match, Mount
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from fanshu import __version__
from fanshu.web.api import access as access_routes
from fanshu.web.api import accounts as account_routes
from fanshu.web.api import analyze, games, matches, rules, score, settle, tournaments
from fanshu.web.api.common import MAX_BODY_BYTES, MAX_GAMES
from fanshu.web.api.db import Database
from fanshu.web.api.games import GameTable
from fanshu.web.problems import Problem, install_handlers, problem_response

__all__ = ["API_PREFIX", "DOCS_ASSETS", "DOCS_ASSETS_DIR", "STATIC_DIR", "BodyLimit", "create_app"]

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
`too_large`), batches up to 1,000 hands (413 `too_many_items`); games against the bots
are kept in the database (the 10,000 most recently played), so a restart continues them.
"""


class BodyLimit:
    """ASGI middleware: refuse a request body over ``limit`` bytes with 413 ``too_large``.

    A declared ``Content-Length`` over the limit is refused at once; otherwise the body
    is read (up to the limit) before the application sees it, so a chunked body cannot
    get past either.
    """

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.limit = limit

    def _too_large(self) -> Problem:
        return Problem(
            "too_large",
            f"the request body is over {self.limit} bytes ({self.limit // 1024} KiB)",
            limit=self.limit,
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        length = _content_length(scope)
        if length is not None and length > self.limit:
            await problem_response(self._too_large())(scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client went away
                await self.app(scope, _replay([message], receive), send)
                return
            body = message.get("body", b"")
            size += len(body)
            if size > self.limit:
                await problem_response(self._too_large())(scope, receive, send)
                return
            chunks.append(body)
            if not message.get("more_body", False):
                break
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


def _add_docs_pages(app: FastAPI) -> None:
    """``/docs`` as FastAPI builds it, with every URL on this server (FastAPI's
    "self-hosting JavaScript and CSS for docs")."""
    app.mount(DOCS_ASSETS, StaticFiles(directory=DOCS_ASSETS_DIR), name="docs-assets")

    @app.get("/docs", include_in_schema=False)
    async def swagger_ui(request: Request) -> HTMLResponse:
        root = request.scope.get("root_path", "")
        return get_swagger_ui_html(
            openapi_url=f"{root}{app.openapi_url}",
            title=f"{app.title} - Swagger UI",
            swagger_js_url=f"{root}{DOCS_ASSETS}/swagger-ui-bundle.js",
            swagger_css_url=f"{root}{DOCS_ASSETS}/swagger-ui.css",
            swagger_favicon_url=f"{root}{DOCS_ASSETS}/favicon.png",
            # no badge from the online validator (validator.swagger.io)
            swagger_ui_parameters={"validatorUrl": None},
        )


def create_app(
    db_path: str | None = None,
    *,
    static_dir: str | Path | None = None,
    max_body: int = MAX_BODY_BYTES,
    max_games: int = MAX_GAMES,
) -> FastAPI:
    """The fanshu service.  ``db_path`` is the score-sheet database (a path or
    ``sqlite:///`` URL; None: ``$FANSHU_DB``, else the default file of ``fanshu match``;
    ``:memory:``: a scratch file for this process).  ``static_dir`` is the browser app
    served at ``/`` (default: the one shipped in the package, when present)."""
    database = Database(db_path)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        database.close()

    app = FastAPI(
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
        ],
    )
    app.state.db = database
    app.state.games = GameTable(max_games)
    install_handlers(app)
    _add_docs_pages(app)
    resources = (score, analyze, rules, settle, matches, tournaments, games)
    for module in (*resources, access_routes, account_routes):
        app.include_router(module.router, prefix=API_PREFIX)
    static = Path(static_dir) if static_dir is not None else STATIC_DIR
    if static.is_dir():
        app.router.routes.append(
            StaticMount("/", StaticFiles(directory=static, html=True), name="static")
        )
    app.add_middleware(BodyLimit, limit=max_body)
    return app


#: The environment variable ``fanshu serve`` passes its ``--db`` in (the command line
#: starts uvicorn by import string, so it hands no objects to the app).
SERVE_DB_VARIABLE = "FANSHU_SERVE_DB"


def app_from_environment() -> FastAPI:
    """The service on the database named by ``$FANSHU_SERVE_DB`` (unset: as
    ``create_app()``): the factory ``fanshu serve`` gives uvicorn."""
    from os import environ

    return create_app(environ.get(SERVE_DB_VARIABLE))
