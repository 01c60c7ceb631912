"""``fanshu serve``: the HTTP API and the browser app (:mod:`fanshu.web`) on a local port.

It listens before it says so: the line ``fanshu serving on http://HOST:PORT/`` is printed
once the port is bound (``--port 0`` picks a free port and prints it), then uvicorn
serves until Ctrl-C.  The score sheets live in the database of ``fanshu match``
(``--db``, else ``$FANSHU_DB``, else the default file).  Needs ``pip install
'fanshu[web]'``.

The command line never imports :mod:`fanshu.web` (the two front ends stand side by
side): uvicorn loads the app by its import string, from the factory
``fanshu.web.app:app_from_environment``, and ``--db`` travels in the environment
variable that factory reads.
"""

from __future__ import annotations

import os
import socket
from importlib.util import find_spec
from typing import Annotated

import typer

from fanshu.cli.errors import fail
from fanshu.cli.match import DbOption

__all__ = ["serve_command"]

#: The app factory uvicorn imports, and the variable it reads ``--db`` from
#: (``fanshu.web.app.SERVE_DB_VARIABLE``).
APP_FACTORY = "fanshu.web.app:app_from_environment"
SERVE_DB_VARIABLE = "FANSHU_SERVE_DB"
#: What the web extra brings besides uvicorn: checked before the port is bound, so that
#: a missing one is one error line, not a traceback from inside uvicorn.
WEB_MODULES = ("fastapi", "starlette", "fastapi_offline")


def _listen(host: str, port: int) -> socket.socket:
    """A listening TCP socket on ``host:port``; ``fail`` with the reason otherwise."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (OSError, UnicodeError) as e:
        raise fail(f"cannot listen on {host}:{port}: {getattr(e, 'strerror', None) or e}") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(2048)
    except OSError as e:
        sock.close()
        raise fail(f"cannot listen on {host}:{port}: {e.strerror or e}") from None
    sock.set_inheritable(True)
    return sock


def _check_database(db: str | None) -> None:
    """Open the score-sheet database once, so that a bad --db fails now, not on the
    first request."""
    from fanshu.errors import FanshuError
    from fanshu.store import open_store

    try:
        open_store(db).close()
    except FanshuError as e:
        raise fail(e.message) from None


def _url(host: str, port: int) -> str:
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def serve_command(
    host: Annotated[
        str, typer.Option("--host", metavar="HOST", help="The address to listen on.")
    ] = "127.0.0.1",
    port: Annotated[
        int,
        typer.Option(
            "--port", "-p", metavar="PORT", help="The port (0: any free port).", min=0, max=65535
        ),
    ] = 8000,
    db: DbOption = None,
) -> None:
    """Serve the HTTP API (/v1, OpenAPI at /docs) and the browser app at
    http://HOST:PORT/ until Ctrl-C."""
    try:
        import uvicorn
    except ImportError as e:
        raise fail(f"fanshu serve needs {e.name or 'uvicorn'}: pip install 'fanshu[web]'") from None
    missing = next((name for name in WEB_MODULES if find_spec(name) is None), None)
    if missing is not None:
        raise fail(f"fanshu serve needs {missing}: pip install 'fanshu[web]'")
    if db is None or db.strip() != ":memory:":
        _check_database(db)
    sock = _listen(host, port)
    bound_port = sock.getsockname()[1]
    config = uvicorn.Config(
        APP_FACTORY, factory=True, log_level="warning", access_log=False, server_header=False
    )
    server = uvicorn.Server(config)
    # unset when --db is not given, so that the app falls back as create_app() does
    os.environ.pop(SERVE_DB_VARIABLE, None)
    if db is not None:
        os.environ[SERVE_DB_VARIABLE] = db
    try:
        config.load()  # builds the app now, so that it is ready when we say so
        typer.echo(f"fanshu serving on {_url(host, bound_port)}")
        server.run(sockets=[sock])
    finally:
        os.environ.pop(SERVE_DB_VARIABLE, None)
        sock.close()
