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


class Cluster:
    """A running PostgreSQL cluster in a temporary folder; :meth:`stop` removes it."""

    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
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
