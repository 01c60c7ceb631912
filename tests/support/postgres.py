"""A throwaway PostgreSQL cluster for the tests: Debian's ``postgresql`` binaries
(``/usr/lib/postgresql/<version>/bin``), a data directory and a Unix socket in a temporary
folder, no TCP port; started once per test session (per pytest-xdist worker) and removed
at its end.  Each test gets a database of its own (:meth:`Cluster.fresh_database`).
The fixtures ``pg_cluster`` and ``pg_db`` (tests/conftest.py makes them every test's)
skip without PostgreSQL, or fail when ``FANSHU_REQUIRE_POSTGRES=1`` (``make test``).

PostgreSQL refuses to run as root: as root the folder belongs to the ``postgres`` user
and ``initdb`` and ``postgres`` run as that user (``runuser``).
"""

from __future__ import annotations

import glob
import importlib.util
import os
import pwd
import secrets
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import pytest

__all__ = ["BINDIR_ENV", "REQUIRE_ENV", "Cluster", "find_bindir", "pg_cluster", "pg_db", "required"]

#: ``make test`` sets it: a machine without PostgreSQL fails the PostgreSQL tests
#: instead of skipping them.
REQUIRE_ENV = "FANSHU_REQUIRE_POSTGRES"
#: The cluster's superuser (``initdb -U``); trusted on the socket, which only we reach.
SUPERUSER = "fanshu"


def required() -> bool:
    return os.environ.get(REQUIRE_ENV, "").strip() not in ("", "0")


#: Names the folder of ``initdb``, ``pg_ctl`` and ``postgres`` where they are elsewhere.
BINDIR_ENV = "FANSHU_POSTGRES_BINDIR"


def find_bindir() -> Path | None:
    """``$FANSHU_POSTGRES_BINDIR`` (if it has ``initdb``), else the newest
    ``/usr/lib/postgresql/*/bin`` with ``initdb``, else the ``initdb`` on ``PATH``'s
    folder, else None."""
    named = os.environ.get(BINDIR_ENV, "").strip()
    if named:
        return Path(named) if (Path(named) / "initdb").is_file() else None
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda p: int(Path(p).parts[-3]) if Path(p).parts[-3].isdigit() else 0,
    )
    if found:
        return Path(found[-1]).parent
    on_path = shutil.which("initdb")
    return Path(on_path).parent if on_path else None


#: The file of a cluster's folder naming the test process it is for.
_OWNER_FILE = "owner.pid"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class Cluster:
    """A running PostgreSQL cluster in a temporary folder; :meth:`stop` removes it.

    A test session killed before it could stop its cluster does not leave it running: a
    watchdog shell stops it when the test process is gone, and the next session stops
    and removes any cluster whose test process is gone that it missed (:meth:`sweep`)."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.sweep(bindir)
        owner: pwd.struct_passwd | None = None
        if os.geteuid() == 0:
            try:
                owner = pwd.getpwnam("postgres")
            except KeyError:
                raise RuntimeError(
                    "PostgreSQL refuses to run as root, and there is no 'postgres' user "
                    "to run it as (Debian's postgresql package makes one)"
                ) from None
        # as root: in /tmp, which the postgres user can reach (a private TMPDIR it may not)
        self.root = Path(tempfile.mkdtemp(prefix="fanshu-pg-", dir="/tmp" if owner else None))
        self.data = self.root / "data"
        self.socket = self.root / "sock"
        self.socket.mkdir()
        (self.root / _OWNER_FILE).write_text(str(os.getpid()))
        self._as: list[str] = []
        if owner is not None:
            for path in (self.root, self.socket):
                os.chown(path, owner.pw_uid, owner.pw_gid)
            self._as = ["runuser", "-u", "postgres", "--"]
        try:
            self._run(
                "initdb", "-D", str(self.data), "-U", SUPERUSER, "--auth=trust",
                "--encoding=UTF8", "--locale=C", "--no-sync",
            )  # fmt: skip
            # fsync off: the tests kill clients, never this server, and a cluster that
            # dies with its test session has nothing to keep
            options = f"-k {self.socket} -c listen_addresses='' -c fsync=off -c max_connections=200"
            self._run(
                "pg_ctl", "-D", str(self.data), "-l", str(self.root / "log"), "-o", options,
                "-w", "-t", "60", "start",
            )  # fmt: skip
        except BaseException:
            shutil.rmtree(self.root, ignore_errors=True)
            raise
        self._watchdog = self._watch()

    def _watch(self) -> subprocess.Popen[bytes]:
        """A shell that stops and removes the cluster once this test process is gone,
        however it ends (a SIGTERM or SIGKILL runs no fixture teardown); in a session
        of its own, so that a signal to the test's process group spares it."""
        stop = " ".join([*self._as, str(self.bindir / "pg_ctl")])
        script = (
            f"while kill -0 {os.getpid()} 2>/dev/null; do sleep 1; done; "
            f"{stop} -D '{self.data}' -m immediate -w stop >/dev/null 2>&1; "
            f"rm -rf '{self.root}'"
        )
        return subprocess.Popen(
            ["sh", "-c", script],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )

    @staticmethod
    def sweep(bindir: Path) -> None:
        """Stop and remove the clusters of test processes that are gone."""
        roots = {tempfile.gettempdir(), "/tmp"}
        owners = sorted({f for r in roots for f in glob.glob(f"{r}/fanshu-pg-*/{_OWNER_FILE}")})
        for owner in owners:
            root = Path(owner).parent
            try:
                pid = int(Path(owner).read_text())
            except (OSError, ValueError):
                continue
            if _alive(pid):
                continue
            as_owner = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
            subprocess.run(
                [
                    *as_owner,
                    str(bindir / "pg_ctl"),
                    "-D",
                    str(root / "data"),
                    "-m",
                    "immediate",
                    "stop",
                ],
                capture_output=True,
                timeout=60,
                check=False,
            )
            shutil.rmtree(root, ignore_errors=True)

    def _run(self, tool: str, *args: str) -> None:
        done = subprocess.run(
            [*self._as, str(self.bindir / tool), *args],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        if done.returncode != 0:
            log = self.root / "log"
            tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            raise RuntimeError(f"{tool} failed ({done.returncode}): {done.stderr}{tail}")

    def url(self, dbname: str = "postgres") -> str:
        """The URL of database ``dbname`` on this cluster (over its Unix socket)."""
        return f"postgresql://{SUPERUSER}@/{dbname}?host={quote(str(self.socket), safe='')}"

    def _admin(self, statement: str) -> None:
        import psycopg

        with psycopg.connect(self.url(), autocommit=True) as c:
            c.execute(statement)  # a name we made: t_<hex>

    def fresh_database(self) -> str:
        """A new, empty database; returns its name."""
        name = f"t_{secrets.token_hex(6)}"
        self._admin(f"CREATE DATABASE {name}")
        return name

    def drop_database(self, name: str) -> None:
        # FORCE: a writer a test killed may not have been noticed gone yet
        self._admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.root, ignore_errors=True)
            self._watchdog.kill()  # the shell started above, by its pid
            self._watchdog.wait()


def _unavailable(why: str) -> None:
    if required():
        pytest.fail(f"PostgreSQL is required ({REQUIRE_ENV}=1) but {why}", pytrace=False)
    pytest.skip(f"PostgreSQL tests skipped: {why}")


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    """A PostgreSQL cluster for this test session (this pytest-xdist worker)."""
    bindir = find_bindir()
    if bindir is None:
        _unavailable(
            f"no initdb in ${BINDIR_ENV}, /usr/lib/postgresql/*/bin or on PATH "
            "(apt install postgresql)"
        )
    if importlib.util.find_spec("psycopg") is None:
        _unavailable("psycopg is not installed (pip install 'fanshu[postgres]')")
    assert bindir is not None
    cluster = Cluster(bindir)
    yield cluster
    cluster.stop()


@pytest.fixture
def pg_db(pg_cluster: Cluster) -> Iterator[str]:
    """The URL of a fresh, empty PostgreSQL database, dropped after the test."""
    name = pg_cluster.fresh_database()
    yield pg_cluster.url(name)
    pg_cluster.drop_database(name)
