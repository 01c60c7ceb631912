"""``fanshu serve``: starts the HTTP service on a port, says where, answers, stops on
SIGTERM; a port in use or a missing web extra is an ``error:`` line and status 2."""

from __future__ import annotations

import builtins
import contextlib
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from fanshu.cli.main import app

CMD = [sys.executable, "-c", "from fanshu.cli import run; run()"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[str], str, Path]]:
    db = tmp_path / "served.db"
    port = free_port()
    proc = subprocess.Popen(
        [*CMD, "serve", "--port", str(port), "--db", str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "FANSHU_DB": str(tmp_path / "not-this.db")},
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline().strip()  # printed once the port is bound
        yield proc, line, db
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def get(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=10) as r:
        return json.load(r)


def test_serve_starts_answers_and_stops(
    server: tuple[subprocess.Popen[str], str, Path],
) -> None:
    proc, line, db = server
    assert line.startswith("fanshu serving on http://127.0.0.1:") and line.endswith("/")
    url = line.removeprefix("fanshu serving on ")
    rules = get(url + "v1/rules")
    assert rules[0]["name"] == "mcr"
    req = urllib.request.Request(
        url + "v1/matches",
        data=json.dumps({"players": ["A", "B", "C", "D"]}).encode(),
        headers={"content-type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=10) as r:
        assert r.status == 201
    assert db.exists()  # --db, not $FANSHU_DB
    proc.send_signal(signal.SIGTERM)
    # uvicorn shuts down, then lets the signal end the process, as SIGTERM does
    assert proc.wait(timeout=10) in (0, -signal.SIGTERM)
    assert proc.stderr is not None and "Traceback" not in proc.stderr.read()


def test_port_zero_picks_a_free_port() -> None:
    proc = subprocess.Popen(
        [*CMD, "serve", "--port", "0", "--db", ":memory:"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline().strip()
        port = int(line.rsplit(":", 1)[1].rstrip("/"))
        assert port > 0
        assert get(f"http://127.0.0.1:{port}/v1/rules/sichuan")["name"] == "sichuan"
        proc.send_signal(signal.SIGINT)  # Ctrl-C: a clean stop, status 130
        _, err = proc.communicate(timeout=10)
        assert proc.returncode == 130 and "Traceback" not in err
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_a_port_in_use_is_an_error_line() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        result = CliRunner().invoke(app, ["serve", "--port", str(port), "--db", ":memory:"])
    assert result.exit_code == 2
    assert f"error: cannot listen on 127.0.0.1:{port}:" in result.output
    assert "fanshu serving" not in result.output


def test_a_database_that_cannot_be_opened_is_an_error_line(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["serve", "--port", "0", "--db", str(tmp_path)])
    assert result.exit_code == 2
    assert f"error: cannot open the database {tmp_path}: it is a directory" in result.output
    result = CliRunner().invoke(app, ["serve", "--port", "0", "--db", "postgres://h/db"])
    assert result.exit_code == 2
    # issue 14: PostgreSQL is a store; an unreachable server is one error line
    assert "error: cannot connect to the PostgreSQL database postgres://h/db" in result.output


def test_without_the_web_extra_it_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    real_import = builtins.__import__

    def no_uvicorn(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "uvicorn":
            raise ImportError("No module named 'uvicorn'", name="uvicorn")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_uvicorn)
    result = CliRunner().invoke(app, ["serve", "--port", "0"])
    assert result.exit_code == 2
    assert "error: fanshu serve needs uvicorn: pip install 'fanshu[web]'" in result.output


def test_help_names_the_options() -> None:
    result = CliRunner().invoke(app, ["serve", "--help"])
    assert result.exit_code == 0
    for option in (
        "--host",
        "--port",
        "--db",
        "--allowed-host",
        "--read-only",
        "--trust-proxy",
        "--rate-write",
        "--rate-login",
        "--rate-compute",
        "--body-timeout",
        "--keep-alive-timeout",
        "--limit-concurrency",
        "--workers",
    ):
        assert option in result.output


def test_the_command_line_does_not_import_the_web_app() -> None:
    # cli and web stand side by side: serve hands uvicorn an import string
    code = (
        "import sys, fanshu.cli.main, fanshu.cli.serve; "
        "print(sorted(m for m in sys.modules if m.startswith('fanshu.web')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert out.stdout.strip() == "[]"


def test_serve_names_the_factory_and_variable_the_web_app_has() -> None:
    pytest.importorskip("fastapi")
    import fanshu.web.app as web_app
    from fanshu.cli import serve

    module, name = serve.APP_FACTORY.split(":")
    assert module == web_app.__name__ and callable(getattr(web_app, name))
    assert serve.SERVE_DB_VARIABLE == web_app.SERVE_DB_VARIABLE
    assert serve.SERVE_CONFIG_VARIABLE == web_app.SERVE_CONFIG_VARIABLE
    from fanshu.web.security import LOCAL_HOSTS

    assert serve.LOCAL_HOSTS == LOCAL_HOSTS


def test_the_allowed_hosts_are_the_address_the_localhost_names_and_the_extra_ones() -> None:
    from fanshu.cli.serve import allowed_hosts

    assert allowed_hosts("192.168.1.5", ["club.example.org"]) == [
        "192.168.1.5",
        "localhost",
        "127.0.0.1",
        "::1",
        "club.example.org",
    ]
    everywhere = allowed_hosts("0.0.0.0", [])
    assert socket.gethostname() in everywhere and "0.0.0.0" not in everywhere


def _request(url: str, method: str = "GET", headers: dict[str, str] | None = None) -> int:
    body = b"{}" if method != "GET" else None
    req = urllib.request.Request(
        url,
        data=body,
        method=method,
        headers={"content-type": "application/json", **(headers or {})},
    )
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return int(r.status)
    except urllib.error.HTTPError as e:
        return int(e.code)


def test_read_only_serves_reads_refuses_changes_and_checks_the_host(tmp_path: Path) -> None:
    db = tmp_path / "club.db"
    made = CliRunner().invoke(
        app, ["match", "new", "--db", str(db), "--players", "A", "B", "C", "D"]
    )
    assert made.exit_code == 0, made.output
    proc = subprocess.Popen(
        [*CMD, "serve", "--port", "0", "--db", str(db), "--read-only"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        url = proc.stdout.readline().strip().removeprefix("fanshu serving on ")
        assert proc.stdout.readline().strip() == f"1 worker process: {proc.pid}"
        assert proc.stdout.readline().strip().startswith("read-only (--read-only)")
        assert _request(url + "v1/rules") == 200
        assert _request(url + "v1/matches", "POST") == 503
        assert _request(url + "v1/score", "POST") == 422  # computing is not writing
        assert _request(url + "v1/rules", headers={"Host": "evil.example"}) == 421
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=10)


def test_an_unwritable_database_is_served_read_only_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from fanshu.cli import serve

    db = tmp_path / "club.db"
    CliRunner().invoke(app, ["match", "new", "--db", str(db), "--players", "A", "B", "C", "D"])
    monkeypatch.setattr(serve, "_database_writable", lambda db: False)
    seen: dict[str, Any] = {}

    def run(self: Any, sockets: Any = None) -> None:  # instead of serving
        seen.update(json.loads(os.environ[serve.SERVE_CONFIG_VARIABLE]))

    monkeypatch.setattr("uvicorn.Server.run", run)
    result = CliRunner().invoke(app, ["serve", "--port", "0", "--db", str(db)])
    assert result.exit_code == 0, result.output
    assert "the database file cannot be written: serving it read-only" in result.output
    assert seen["read_only"] is True and seen["rate_write"] == 120 and seen["rate_compute"] == 0


def test_a_half_sent_body_is_answered_408_and_the_connection_closed() -> None:
    proc = subprocess.Popen(
        [*CMD, "serve", "--port", "0", "--db", ":memory:", "--body-timeout", "0.5"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        port = int(proc.stdout.readline().strip().rsplit(":", 1)[1].rstrip("/"))
        with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
            s.sendall(
                b"POST /v1/score HTTP/1.1\r\nHost: localhost\r\n"
                b'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"ha'
            )
            answer = b""
            while chunk := s.recv(4096):  # the server closes the connection after it
                answer += chunk
        assert answer.startswith(b"HTTP/1.1 408 ")
        assert b'"code":"body_timeout"' in answer
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=10)


def test_accounts_switches_club_mode_on_and_says_how_to_make_an_organiser(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: dict[str, Any] = {}

    def run(self: Any, sockets: Any = None) -> None:  # instead of serving
        seen.update(json.loads(os.environ[serve.SERVE_CONFIG_VARIABLE]))

    from fanshu.cli import serve

    monkeypatch.setattr("uvicorn.Server.run", run)
    db = tmp_path / "club.db"
    result = CliRunner().invoke(app, ["serve", "--port", "0", "--db", str(db), "--accounts"])
    assert result.exit_code == 0, result.output
    assert seen["accounts"] is True
    assert "fanshu accounts add NAME --role organiser" in result.output
    plain = CliRunner().invoke(app, ["serve", "--port", "0", "--db", str(db)])
    assert plain.exit_code == 0 and seen["accounts"] is False


# --- --workers N: several processes on one port ------------------------------------


def _start_workers(db: str, workers: int = 2) -> tuple[subprocess.Popen[str], str, list[int]]:
    """``fanshu serve --workers N`` on a free port: the process, its URL and its workers'
    process ids (the second line of the banner)."""
    args = ["serve", "--port", "0", "--db", db, "--workers", str(workers)]
    proc = subprocess.Popen(
        [*CMD, *args, "--keep-alive-timeout", "60"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline().strip()
    assert line.startswith("fanshu serving on http://127.0.0.1:"), (line, _stderr(proc))
    second = proc.stdout.readline().strip()
    assert second.startswith(f"{workers} worker processes: "), second
    pids = [int(p) for p in second.split(": ", 1)[1].split(", ")]
    assert len(set(pids)) == workers and proc.pid not in pids
    return proc, line.removeprefix("fanshu serving on "), pids


def _stderr(proc: subprocess.Popen[str]) -> str:
    if proc.poll() is None:
        return ""
    return proc.stderr.read() if proc.stderr is not None else ""


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return Path(f"/proc/{pid}").exists() and "zombie" not in _proc_state(pid)


def _proc_state(pid: int) -> str:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return "gone"
    return next((x for x in status.splitlines() if x.startswith("State:")), "").lower()


def _gone(pids: list[int], within: float = 20.0) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if not any(_alive(p) for p in pids):
            return True
        time.sleep(0.1)
    return False


def _stop(proc: subprocess.Popen[str]) -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def _worker_of(conn: http.client.HTTPConnection, port: int, pids: list[int]) -> int | None:
    """The worker holding the server's end of ``conn`` (Linux: /proc/net/tcp* for the
    socket's inode, then the workers' open files)."""
    assert conn.sock is not None
    mine = conn.sock.getsockname()[1]
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(OSError):
            for row in Path(table).read_text().splitlines()[1:]:
                fields = row.split()
                local, remote = fields[1], fields[2]
                if (
                    int(local.rsplit(":", 1)[1], 16) == port
                    and int(remote.rsplit(":", 1)[1], 16) == mine
                ):
                    inodes.add(f"socket:[{fields[9]}]")
    for pid in pids:
        fds = Path(f"/proc/{pid}/fd")
        for fd in fds.iterdir():
            with contextlib.suppress(OSError):
                if os.readlink(fd) in inodes:
                    return pid
    return None


def _call(
    conn: http.client.HTTPConnection,
    method: str,
    path: str,
    body: Any = None,
    token: str | None = None,
) -> tuple[int, Any]:
    headers = {"Content-Type": "application/json"} if body is not None else {}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    conn.request(method, path, body=data, headers=headers)
    resp = conn.getresponse()
    return resp.status, json.loads(resp.read())


def _one_connection_per_worker(url: str, pids: list[int]) -> dict[int, http.client.HTTPConnection]:
    """Keep-alive connections until one is served by each worker (the kernel hands a new
    connection to whichever worker accepts first)."""
    parts = urllib.parse.urlsplit(url)
    assert parts.hostname is not None and parts.port is not None
    by_worker: dict[int, http.client.HTTPConnection] = {}
    spare = []
    for _ in range(200):
        conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
        status, rules = _call(conn, "GET", "/v1/rules")
        assert status == 200 and rules[0]["name"] == "mcr"
        pid = _worker_of(conn, parts.port, pids)
        assert pid is not None
        if pid in by_worker:
            spare.append(conn)
        else:
            by_worker[pid] = conn
        if len(by_worker) == len(pids):
            break
    for conn in spare:
        conn.close()
    assert sorted(by_worker) == sorted(pids), "every worker serves connections"
    return by_worker


def _score_and_share_a_match(url: str, pids: list[int]) -> None:
    """On a connection to each worker: score a hand; a match made on one and a hand
    recorded on the other are read back from both."""
    conns = _one_connection_per_worker(url, pids)
    try:
        first, second = (conns[p] for p in pids)
        for conn in (first, second):
            status, scored = _call(conn, "POST", "/v1/score", {"hand": "1112345678999m5m"})
            assert status == 200 and scored["total"] >= 88  # 九莲宝灯
        status, made = _call(first, "POST", "/v1/matches", {"players": ["A", "B", "C", "D"]})
        assert status == 201, made
        mid, edit, view = made["id"], made["access"]["edit_token"], made["access"]["view_token"]
        hand = {"winner": "A", "discarder": "B", "fan": 8}
        for n, writer in enumerate((second, first, second), start=1):
            status, sheet = _call(writer, "POST", f"/v1/matches/{mid}/hands", hand, edit)
            assert status == 200 and sheet["hands_played"] == n, sheet
            for reader in (first, second):  # the other worker sees the write at once
                status, read = _call(reader, "GET", f"/v1/matches/{mid}", token=view)
                assert status == 200 and read["hands_played"] == n
    finally:
        for conn in conns.values():
            conn.close()


@pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="reads Linux's /proc")
def test_two_workers_share_the_port_and_the_sqlite_file(tmp_path: Path) -> None:
    proc, url, pids = _start_workers(str(tmp_path / "club.db"))
    try:
        _score_and_share_a_match(url, pids)
        proc.send_signal(signal.SIGTERM)  # graceful: the workers first, then the supervisor
        assert proc.wait(timeout=20) in (0, -signal.SIGTERM)
        assert _gone(pids), "no worker outlives the supervisor"
        assert "Traceback" not in _stderr(proc)
    finally:
        _stop(proc)
    listed = CliRunner().invoke(app, ["match", "list", "--json", "--db", str(tmp_path / "club.db")])
    assert listed.exit_code == 0
    assert [m["hands_played"] for m in json.loads(listed.output)] == [3]  # in the file


@pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="reads Linux's /proc")
def test_two_workers_share_a_postgres_database(pg_db: str) -> None:
    proc, url, pids = _start_workers(pg_db)
    try:
        _score_and_share_a_match(url, pids)
    finally:
        _stop(proc)
    assert _gone(pids)


def test_ctrl_c_stops_every_worker_with_status_130(tmp_path: Path) -> None:
    proc, url, pids = _start_workers(str(tmp_path / "club.db"))
    try:
        assert get(url + "v1/rules/mcr")["name"] == "mcr"
        proc.send_signal(signal.SIGINT)  # Ctrl-C
        _, err = proc.communicate(timeout=20)
        assert proc.returncode == 130 and "Traceback" not in err
        assert _gone(pids)
    finally:
        _stop(proc)


def test_workers_stop_when_their_supervisor_is_killed(tmp_path: Path) -> None:
    proc, url, pids = _start_workers(str(tmp_path / "club.db"))
    try:
        assert get(url + "v1/rules/mcr")["name"] == "mcr"
        proc.kill()  # SIGKILL: the supervisor cannot stop them; they notice and stop
        proc.wait(timeout=10)
        assert _gone(pids), "orphaned workers stop themselves"
    finally:
        _stop(proc)
        for pid in pids:  # never leave one behind, even when the test fails
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--workers", "0"], "Invalid value for '--workers'"),
        (["--workers", "65"], "Invalid value for '--workers'"),
        (["--workers", "two"], "Invalid value for '--workers'"),
        (
            ["--workers", "2", "--db", ":memory:"],
            "error: --db :memory: is one process's scratch database: --workers 2 needs",
        ),
    ],
)
def test_a_bad_worker_count_is_an_error_line(args: list[str], message: str) -> None:
    result = CliRunner().invoke(app, ["serve", "--port", "0", *args])
    assert result.exit_code == 2
    assert message in result.output
    assert "fanshu serving" not in result.output


def test_one_worker_is_the_default_and_is_this_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from fanshu.cli import serve

    seen: dict[str, Any] = {}

    def run(self: Any, sockets: Any = None) -> None:  # instead of serving
        seen.update(json.loads(os.environ[serve.SERVE_CONFIG_VARIABLE]))
        seen["workers"] = self.config.workers

    monkeypatch.setattr("uvicorn.Server.run", run)
    result = CliRunner().invoke(app, ["serve", "--port", "0", "--db", str(tmp_path / "a.db")])
    assert result.exit_code == 0, result.output
    assert seen["workers"] == 1 and "supervisor_pid" not in seen
    assert f"\n1 worker process: {os.getpid()}\n" in result.output


def test_a_worker_that_cannot_start_is_an_error_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from fanshu.cli import serve

    # the workers import the app by this string: one that does not import fails each
    monkeypatch.setattr(serve, "APP_FACTORY", "fanshu.no_such_module:app")
    before = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
    result = CliRunner().invoke(
        app, ["serve", "--port", "0", "--db", str(tmp_path / "a.db"), "--workers", "2"]
    )
    assert result.exit_code == 2, result.output
    assert "error: a worker process of fanshu serve ended" in result.output
    assert "fanshu serving" not in result.output
    assert {sig: signal.getsignal(sig) for sig in before} == before  # handlers put back


@pytest.mark.skipif(not Path("/proc/net/tcp").exists(), reason="reads Linux's /proc")
def test_sigterm_lets_a_worker_finish_the_request_it_is_answering(tmp_path: Path) -> None:
    from fanshu.batch.samples import score_lines
    from fanshu.protocol.score import score_line

    items = [json.loads(line) for line in score_lines(20261203, 1000)]
    proc, url, pids = _start_workers(str(tmp_path / "club.db"))
    try:
        parts = urllib.parse.urlsplit(url)
        assert parts.hostname is not None and parts.port is not None
        conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60)
        assert _call(conn, "GET", "/v1/rules")[0] == 200  # a worker holds the connection
        body = json.dumps({"items": items}).encode()
        conn.request("POST", "/v1/score/batch", body, {"Content-Type": "application/json"})
        time.sleep(0.25)  # 1,000 fresh hands: the worker is still scoring them
        proc.send_signal(signal.SIGTERM)
        resp = conn.getresponse()
        assert resp.status == 200
        results = json.loads(resp.read())["results"]
        assert [r.get("total") for r in results] == [score_line(i).get("total") for i in items]
        conn.close()
        assert proc.wait(timeout=30) in (0, -signal.SIGTERM)
        assert _gone(pids)
    finally:
        _stop(proc)
