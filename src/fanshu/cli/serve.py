"""``fanshu serve``: the HTTP API and the browser app (:mod:`fanshu.web`) on a local port.

It listens before it says so: the line ``fanshu serving on http://HOST:PORT/`` is printed
once the port is bound (``--port 0`` picks a free port and prints it), then uvicorn
serves until Ctrl-C.  The score sheets live in the database of ``fanshu match``
(``--db``, else ``$FANSHU_DB``, else the default file).  Needs ``pip install
'fanshu[web]'``.
"""

from __future__ import annotations

import socket
from typing import Annotated

import typer

from fanshu.cli.errors import fail
from fanshu.cli.match import DbOption

__all__ = ["serve_command"]


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
    from fanshu.match.store import Store

    try:
        Store.open(db).close()
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

        from fanshu.web.app import create_app
    except ImportError as e:
        raise fail(f"fanshu serve needs {e.name or 'fastapi'}: pip install 'fanshu[web]'") from None
    if db is None or db.strip() != ":memory:":
        _check_database(db)
    sock = _listen(host, port)
    bound_port = sock.getsockname()[1]
    app = create_app(db)
    config = uvicorn.Config(app, log_level="warning", access_log=False, server_header=False)
    server = uvicorn.Server(config)
    typer.echo(f"fanshu serving on {_url(host, bound_port)}")
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
