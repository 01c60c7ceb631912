"""``fanshu serve``: starts the HTTP service on a port, says where, answers, stops on
SIGTERM; a port in use or a missing web extra is an ``error:`` line and status 2."""

from __future__ import annotations

import builtins
import json
import os
import signal
import socket
import subprocess
import sys
import urllib.error
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
