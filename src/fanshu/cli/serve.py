"""``fanshu serve``: the HTTP API and the browser app (:mod:`fanshu.web`) on a local port.

It listens before it says so: the line ``fanshu serving on http://HOST:PORT/`` is printed
once the port is bound (``--port 0`` picks a free port and prints it), then uvicorn
serves until Ctrl-C.  The score sheets live in the database of ``fanshu match``
(``--db``, else ``$FANSHU_DB``, else the default file).  Needs ``pip install
'fanshu[web]'``.

Hardening (issue 14; defaults in brackets): the server answers only for the hosts it
knows (``--allowed-host``, repeatable; [the address it listens on and the localhost
names; for 0.0.0.0 or :: also this machine's name and addresses]); changes and log-ins
are rate-limited per client (``--rate-write`` [120 a minute], ``--rate-login`` [10],
``--rate-compute`` [0: unlimited, so a load test runs at full speed]; ``--trust-proxy``
counts the address a reverse proxy puts last in X-Forwarded-For); a request body must
arrive within ``--body-timeout`` [20 s]; an idle keep-alive connection is closed after
``--keep-alive-timeout`` [5 s]; past ``--limit-concurrency`` [256] connections and
requests at once, uvicorn answers 503.  ``--read-only`` serves everything that reads
and answers changes 503; so does a database file that cannot be written, which is said
on start.

The command line never imports :mod:`fanshu.web` (the two front ends stand side by
side): uvicorn loads the app by its import string, from the factory
``fanshu.web.app:app_from_environment``; ``--db`` travels in the environment variable
that factory reads, the other settings as JSON in a second one.

``--workers N`` (1 to :data:`MAX_WORKERS`, default 1) serves with N processes on the one
listening socket (uvicorn's supervisor, each worker builds the app from the factory and
opens the database itself): the banner comes once every worker is ready, followed by
the line ``N worker processes: PID, …`` (``1 worker process: PID``: this process).  A
database file is shared safely (WAL, ``BEGIN IMMEDIATE``, a busy timeout: writers
queue), so is PostgreSQL; ``:memory:`` is one process's scratch database and is refused
with more than one worker.  Ctrl-C
or SIGTERM stops the workers gracefully (each finishes its requests), then the
supervisor; a worker that dies is replaced, a worker whose supervisor is gone stops
itself.  Rate limits and ``--limit-concurrency`` count per worker.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import time
from collections.abc import Callable
from importlib.util import find_spec
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from fanshu.cli.errors import fail
from fanshu.cli.match import DbOption

if TYPE_CHECKING:
    import uvicorn

__all__ = ["MAX_WORKERS", "serve_command"]

#: The app factory uvicorn imports, and the variable it reads ``--db`` from
#: (``fanshu.web.app.SERVE_DB_VARIABLE``).
APP_FACTORY = "fanshu.web.app:app_from_environment"
SERVE_DB_VARIABLE = "FANSHU_SERVE_DB"
#: ``fanshu.web.app.SERVE_CONFIG_VARIABLE``: the other settings, as a JSON object.
SERVE_CONFIG_VARIABLE = "FANSHU_SERVE_CONFIG"
#: The names a server on this machine is reached by (``fanshu.web.security.LOCAL_HOSTS``).
LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1")
#: Addresses that listen on every interface.
WILDCARD_HOSTS = ("0.0.0.0", "::", "")
#: What the web extra brings besides uvicorn: checked before the port is bound, so that
#: a missing one is one error line, not a traceback from inside uvicorn.
WEB_MODULES = ("fastapi", "starlette", "fastapi_offline")
#: The most worker processes ``--workers`` takes.  More than the machine's CPUs only
#: adds memory and switching; the bound catches a mistyped count.
MAX_WORKERS = 64
#: Seconds each worker has to build the app and start serving before the start fails.
WORKER_START_TIMEOUT = 120.0


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


def _database_writable(db: str | None) -> bool:
    """Whether the database file can be written (``:memory:`` can; a file that does not
    exist yet can when its folder can)."""
    from fanshu.store import is_postgres_url, resolve_target

    if db is not None and db.strip() == ":memory:":
        return True
    where = resolve_target(db)  # --db, else $FANSHU_DB, else the default file
    if is_postgres_url(where):
        return True  # a database server says for itself what may be written
    path = Path(where)
    if path.exists():
        return os.access(path, os.W_OK)
    return os.access(path.parent if path.parent.exists() else Path.cwd(), os.W_OK)


def allowed_hosts(host: str, extra: list[str]) -> list[str]:
    """The hosts the server answers for (module text)."""
    hosts = [host, *LOCAL_HOSTS]
    if host in WILDCARD_HOSTS:  # reached by whatever name or address the machine has
        name = socket.gethostname()
        hosts += [name, socket.getfqdn()]
        with contextlib.suppress(OSError):
            hosts += [str(info[4][0]) for info in socket.getaddrinfo(name, None)]
    hosts += extra
    return list(dict.fromkeys(h for h in hosts if h and h not in WILDCARD_HOSTS))


def _has_organiser(db: str | None) -> bool:
    """Whether the database has an organiser account (club mode needs one to start
    tournaments and make other accounts)."""
    from fanshu.store import open_store

    with open_store(db) as store:
        return any(a.role == "organiser" for a in store.list_accounts())


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
    allowed_host: Annotated[
        list[str] | None,
        typer.Option(
            "--allowed-host",
            metavar="NAME",
            help="Also answer for this Host (repeatable; *.example.org: any name under it; "
            "*: any, when a proxy checks Host). Default: the --host address and localhost.",
        ),
    ] = None,
    read_only: Annotated[
        bool,
        typer.Option(
            "--read-only",
            help="Serve what reads; answer changes 503 (automatic when the database file "
            "cannot be written).",
        ),
    ] = False,
    trust_proxy: Annotated[
        bool,
        typer.Option(
            "--trust-proxy",
            help="Behind a reverse proxy: rate-limit by the last X-Forwarded-For address.",
        ),
    ] = False,
    accounts: Annotated[
        bool,
        typer.Option(
            "--accounts",
            help="Club mode: log-ins with the accounts of `fanshu accounts`; creating a "
            "match needs an account, a tournament an organiser.",
        ),
    ] = False,
    rate_write: Annotated[
        float,
        typer.Option(
            "--rate-write",
            metavar="N",
            min=0,
            help="Changes a client may make a minute (0: unlimited).",
        ),
    ] = 120,
    rate_login: Annotated[
        float,
        typer.Option(
            "--rate-login",
            metavar="N",
            min=0,
            help="Log-ins a client may try a minute (0: unlimited).",
        ),
    ] = 10,
    rate_compute: Annotated[
        float,
        typer.Option(
            "--rate-compute",
            metavar="N",
            min=0,
            help="Score/analyze/settle requests a client may send a minute (0: unlimited).",
        ),
    ] = 0,
    body_timeout: Annotated[
        float,
        typer.Option(
            "--body-timeout",
            metavar="S",
            min=0.1,
            help="Seconds a request body may take to arrive (then 408).",
        ),
    ] = 20.0,
    keep_alive_timeout: Annotated[
        int,
        typer.Option(
            "--keep-alive-timeout",
            metavar="S",
            min=1,
            help="Seconds an idle keep-alive connection stays open.",
        ),
    ] = 5,
    limit_concurrency: Annotated[
        int,
        typer.Option(
            "--limit-concurrency",
            metavar="N",
            min=1,
            help="Connections and requests at once; past it, 503.",
        ),
    ] = 256,
    workers: Annotated[
        int,
        typer.Option(
            "--workers",
            metavar="N",
            min=1,
            max=MAX_WORKERS,
            help=f"Worker processes serving the port (1-{MAX_WORKERS}; one per CPU uses "
            "them all). Each opens the database; not with --db :memory:.",
        ),
    ] = 1,
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
    memory = db is not None and db.strip() == ":memory:"
    if memory and workers > 1:
        raise fail(
            f"--db :memory: is one process's scratch database: --workers {workers} needs a "
            "database file or a postgresql:// URL that every worker opens"
        )
    if not memory:
        _check_database(db)  # also creates and migrates it before any worker opens it
    unwritable = not read_only and not _database_writable(db)
    settings: dict[str, Any] = {
        "allowed_hosts": allowed_hosts(host, list(allowed_host or ())),
        "read_only": read_only or unwritable,
        "trust_proxy": trust_proxy,
        "rate_write": rate_write,
        "rate_login": rate_login,
        "rate_compute": rate_compute,
        "body_timeout": body_timeout,
        "accounts": accounts,
    }
    if workers > 1:  # each worker stops itself when this process is gone
        settings["supervisor_pid"] = os.getpid()
    sock = _listen(host, port)
    bound_port = sock.getsockname()[1]
    config = uvicorn.Config(
        APP_FACTORY,
        factory=True,
        log_level="warning",
        access_log=False,
        server_header=False,
        timeout_keep_alive=keep_alive_timeout,
        limit_concurrency=limit_concurrency,
        # the scheme from X-Forwarded-Proto only behind a proxy (--trust-proxy); the
        # rate limits read X-Forwarded-For themselves (its last address, not its first)
        proxy_headers=trust_proxy,
        forwarded_allow_ips="*" if trust_proxy else None,
        workers=workers,
    )
    # unset when --db is not given, so that the app falls back as create_app() does
    os.environ.pop(SERVE_DB_VARIABLE, None)
    if db is not None:
        os.environ[SERVE_DB_VARIABLE] = db
    os.environ[SERVE_CONFIG_VARIABLE] = json.dumps(settings)
    url = _url(host, bound_port)

    def started(pids: list[int]) -> None:
        typer.echo(f"fanshu serving on {url}")
        plural = "es" if workers > 1 else ""
        typer.echo(f"{workers} worker process{plural}: {', '.join(map(str, pids))}")
        if unwritable:
            typer.echo(
                "the database file cannot be written: serving it read-only "
                "(changes are answered 503 read_only)"
            )
        elif read_only:
            typer.echo("read-only (--read-only): changes are answered 503 read_only")
        if accounts and not _has_organiser(db):
            typer.echo(
                "club mode (--accounts) has no organiser yet: "
                "fanshu accounts add NAME --role organiser"
            )

    try:
        if workers == 1:
            server = uvicorn.Server(config)
            config.load()  # builds the app now, so that it is ready when we say so
            started([os.getpid()])
            server.run(sockets=[sock])
        else:
            _supervise(config, sock, started)
    finally:
        os.environ.pop(SERVE_DB_VARIABLE, None)
        os.environ.pop(SERVE_CONFIG_VARIABLE, None)
        sock.close()


def _supervise(
    config: uvicorn.Config, sock: socket.socket, started: Callable[[list[int]], None]
) -> None:
    """Serve with ``config.workers`` processes: start them, wait until each serves, say
    so (``started`` with their ids), then keep them running until SIGINT or SIGTERM,
    which stop them gracefully; the signal then ends this process as it ends a single
    worker's (Ctrl-C: status 130).  A worker that cannot start is an ``error:`` line."""
    from uvicorn.supervisors.multiprocess import SIGNALS, Multiprocess

    class Supervisor(Multiprocess):
        stopped_by: int | None = None

        def handle_int(self) -> None:
            self.stopped_by = signal.SIGINT
            super().handle_int()

        def handle_term(self) -> None:
            self.stopped_by = signal.SIGTERM
            super().handle_term()

        def start(self) -> bool:
            """Start the workers and wait until every one serves (False: a signal came
            first)."""
            self.init_processes()
            deadline = time.monotonic() + WORKER_START_TIMEOUT
            for process in self.processes:
                while not process.is_ready(timeout=1):
                    self.handle_signals()
                    if self.should_exit.is_set():
                        return False
                    if not process.process.is_alive() or time.monotonic() > deadline:
                        self.stop()
                        code = process.exitcode
                        why = "did not start in time" if code is None else f"ended ({code})"
                        raise fail(f"a worker process of fanshu serve {why}")
                    time.sleep(0.1)
            return True

        def stop(self) -> None:
            self.terminate_all()
            self.join_all()

    handlers = {sig: signal.getsignal(sig) for sig in SIGNALS}
    supervisor = Supervisor(config, sockets=[sock])  # catches the signals from here on
    try:
        if supervisor.start():
            started([p.pid for p in supervisor.processes if p.pid is not None])
            while not supervisor.should_exit.wait(0.5):
                supervisor.handle_signals()
                supervisor.keep_subprocess_alive()
        supervisor.stop()
    finally:
        for sig, handler in handlers.items():
            if handler is not None:  # None: not set from Python, nothing to put back
                signal.signal(sig, handler)
    if supervisor.stopped_by is not None:
        signal.raise_signal(supervisor.stopped_by)  # as uvicorn does for one worker
    else:  # the supervisor gave up: a worker failed as it started
        raise fail("the worker processes of fanshu serve could not start")
