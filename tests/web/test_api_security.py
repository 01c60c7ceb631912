"""The checks every request passes and the headers every answer carries: Host (DNS
rebinding), Origin and Sec-Fetch-Site (CSRF from another site), JSON only, the security
headers (a CSP without 'unsafe-inline', nosniff, no framing, no referrer), read-only."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from fanshu.web.app import create_app
from fanshu.web.ratelimit import RateLimits
from fanshu.web.security import CSP, host_name
from support.http import problem

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
JSON = {"content-type": "application/json"}


@pytest.fixture
def static(tmp_path: Path) -> Path:
    (tmp_path / "index.html").write_text("<!doctype html><p>app</p>")
    return tmp_path


@pytest.fixture
def client(static: Path) -> Iterator[TestClient]:
    app = create_app(":memory:", static_dir=static, rate_limits=RateLimits.off())
    with TestClient(app, raise_server_exceptions=False, base_url="http://localhost") as c:
        yield c


# --- Host -------------------------------------------------------------------------------


@pytest.mark.parametrize("host", ["localhost", "localhost:8000", "127.0.0.1:1", "[::1]:80"])
def test_the_localhost_names_are_answered(client: TestClient, host: str) -> None:
    assert client.get("/v1/rules", headers={"host": host}).status_code == 200


@pytest.mark.parametrize("host", ["evil.example", "evil.example:8000", "localhost.evil.example"])
def test_another_host_is_a_421_problem(client: TestClient, host: str) -> None:
    # DNS rebinding: a page of evil.example whose name now points here sends its own name
    body = problem(client.get("/v1/rules", headers={"host": host}), 421, "bad_host")
    assert body["detail"].startswith(f"this server does not answer for the host {host!r}")
    assert "--allowed-host" in body["detail"]
    problem(client.get("/", headers={"host": host}), 421, "bad_host")  # the app too


def test_allowed_hosts_are_configurable_with_wildcards(static: Path) -> None:
    app = create_app(":memory:", static_dir=static, allowed_hosts=["club.example", "*.lan"])
    with TestClient(app, base_url="http://club.example") as c:
        assert c.get("/v1/rules").status_code == 200
        assert c.get("/v1/rules", headers={"host": "table3.lan:8000"}).status_code == 200
        assert c.get("/v1/rules", headers={"host": "localhost"}).status_code == 200
        problem(c.get("/v1/rules", headers={"host": "lan"}), 421, "bad_host")
        problem(c.get("/v1/rules", headers={"host": "other.example"}), 421, "bad_host")
    with TestClient(create_app(":memory:", allowed_hosts=["*"])) as c:
        assert c.get("/v1/rules").status_code == 200  # testserver: any host


def test_host_names_are_compared_without_port_case_or_final_dot() -> None:
    assert host_name("LOCALHOST.:80") == "localhost"
    assert host_name("[::1]") == "::1"


# --- Origin and Sec-Fetch-Site ------------------------------------------------------------


def test_a_change_from_another_origin_is_a_403_problem(client: TestClient) -> None:
    r = client.post(
        "/v1/matches", json={"players": PLAYERS}, headers={"origin": "http://evil.example"}
    )
    body = problem(r, 403, "bad_origin")
    assert body["detail"] == (
        "a POST from the origin 'http://evil.example' is refused: changes come from pages "
        "of this server only"
    )
    for origin in ("null", "http://localhost:9999", "https://localhost.evil.example"):
        r = client.post("/v1/matches", json={"players": PLAYERS}, headers={"origin": origin})
        problem(r, 403, "bad_origin")


@pytest.mark.parametrize("site", ["cross-site", "same-site"])
def test_a_change_a_browser_marks_as_from_another_site_is_refused(
    client: TestClient, site: str
) -> None:
    r = client.post("/v1/matches", json={"players": PLAYERS}, headers={"sec-fetch-site": site})
    assert problem(r, 403, "bad_origin")["detail"].startswith(
        f"a POST from another site (Sec-Fetch-Site: {site})"
    )
    r = client.delete("/v1/games/nope", headers={"sec-fetch-site": site})
    problem(r, 403, "bad_origin")


def test_a_change_from_this_server_or_no_browser_is_accepted(client: TestClient) -> None:
    same = {"origin": "http://localhost", "sec-fetch-site": "same-origin"}
    assert client.post("/v1/matches", json={"players": PLAYERS}, headers=same).status_code == 201
    # behind a TLS proxy the page is https, the request to us plain http, the host the same
    proxied = {"origin": "https://localhost"}
    r = client.post("/v1/matches", json={"players": PLAYERS}, headers=proxied)
    assert r.status_code == 201
    assert client.post("/v1/matches", json={"players": PLAYERS}).status_code == 201  # curl
    # reading from another site is not a change (the browser keeps the answer from it)
    r = client.get("/v1/rules", headers={"origin": "http://evil.example"})
    assert r.status_code == 200


# --- JSON only ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "content_type", [None, "text/plain", "application/x-www-form-urlencoded", "multipart/form-data"]
)
def test_changes_take_json_only_even_without_a_body(
    client: TestClient, content_type: str | None
) -> None:
    # what a cross-site HTML form can send without a preflight
    headers = {} if content_type is None else {"content-type": content_type}
    mid = client.post("/v1/matches", json={"players": PLAYERS}).json()["id"]
    for path in ("/v1/matches", f"/v1/matches/{mid}/undo", "/v1/score"):
        r = client.post(path, content=b'{"players": []}', headers=headers)
        body = problem(r, 415, "json_only")
        assert body["detail"].startswith(
            "POST takes JSON only: send Content-Type: application/json"
        )
    r = client.put(f"/v1/matches/{mid}/hands/1", content=b"{}", headers=headers)
    problem(r, 415, "json_only")


def test_json_with_a_charset_is_json_and_a_delete_needs_no_type(client: TestClient) -> None:
    r = client.post(
        "/v1/score",
        content=b'{"hand": "[EEEE]123m456p789s11s", "self_drawn": true}',
        headers={"content-type": "application/json; charset=utf-8"},
    )
    assert r.status_code == 200
    problem(client.delete("/v1/games/nope"), 404, "game_not_found")


def test_an_unknown_route_or_method_stays_404_or_405(client: TestClient) -> None:
    problem(client.put("/v1/matches"), 405, "method_not_allowed")
    problem(client.post("/v1/nothing"), 404, "not_found")


def test_the_json_only_check_answers_in_the_asked_language_only_on_routed_requests(
    client: TestClient,
) -> None:
    # the check is a middleware: it must tell a routed request from one that is not,
    # and answer like the problem handlers do (in the language asked for)
    text = {"content-type": "text/plain"}
    r = client.post("/v1/score", content=b"{}", headers={**text, "accept-language": "zh"})
    problem(r, 415, "json_only")
    assert r.headers["content-language"] == "zh"
    r = client.post("/v1/score/batch", content=b"{}", headers=text)
    problem(r, 415, "json_only")
    assert r.headers["content-language"] == "en"
    problem(client.put("/v1/score", content=b"{}", headers=text), 405, "method_not_allowed")
    problem(client.patch("/v1/nothing", content=b"{}", headers=text), 404, "not_found")
    problem(client.post("/v1/matches/nope/undo", content=b"{}", headers=text), 415, "json_only")


# --- headers --------------------------------------------------------------------------------


def _has_security_headers(headers: Mapping[str, str]) -> None:
    get = headers.get
    csp = get("content-security-policy")
    assert csp == CSP
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
    for directive in (
        "default-src 'self'",
        "frame-ancestors 'none'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
    ):
        assert directive in csp
    assert get("x-content-type-options") == "nosniff"
    assert get("x-frame-options") == "DENY"
    assert get("referrer-policy") == "no-referrer"


def test_every_answer_has_the_security_headers(client: TestClient) -> None:
    answers = [
        client.get("/"),  # the browser app (a static file)
        client.get("/docs"),
        client.get("/docs/init.js"),
        client.get("/docs/assets/swagger-ui.css"),
        client.get("/openapi.json"),
        client.get("/v1/rules"),
        client.post("/v1/score", json={"hand": "x"}),  # 422
        client.get("/v1/nothing"),  # 404
        client.put("/v1/matches"),  # 405
        client.post("/v1/score", content=b"x"),  # 415
        client.get("/v1/rules", headers={"host": "evil.example"}),  # 421
    ]
    for r in answers:
        _has_security_headers(r.headers)


def test_a_server_error_has_the_security_headers_too(static: Path) -> None:
    app = create_app(":memory:", static_dir=static)

    @app.get("/v1/boom")
    def boom() -> None:
        raise RuntimeError("kaboom")

    with TestClient(app, raise_server_exceptions=False, base_url="http://localhost") as c:
        r = c.get("/v1/boom")
        assert r.status_code == 500
        _has_security_headers(r.headers)


def test_the_docs_page_has_no_inline_script(client: TestClient) -> None:
    page = client.get("/docs").text
    assert "<script>" not in page and "<script src=" in page
    init = client.get("/docs/init.js")
    assert init.headers["content-type"].startswith("text/javascript")
    assert "SwaggerUIBundle(" in init.text


def test_the_shipped_browser_app_has_no_inline_script_or_style() -> None:
    from fanshu.web.app import STATIC_DIR

    index = (STATIC_DIR / "index.html").read_text(encoding="utf-8")
    assert "<style" not in index and " style=" not in index
    assert "<script>" not in index and " onclick=" not in index
    with TestClient(create_app(":memory:"), base_url="http://localhost") as c:
        _has_security_headers(c.get("/").headers)
        _has_security_headers(c.get("/app.js").headers)


# --- read-only ------------------------------------------------------------------------------


def test_read_only_serves_reads_and_computing_and_refuses_changes(tmp_path: Path) -> None:
    db = str(tmp_path / "club.db")
    with TestClient(create_app(db), base_url="http://localhost") as c:
        mid = c.post("/v1/matches", json={"players": PLAYERS}).json()["id"]
    app = create_app(db, read_only=True)
    with TestClient(app, base_url="http://localhost") as c:
        assert app.state.read_only is True
        assert c.get(f"/v1/matches/{mid}").status_code in (200, 401)  # viewing: no write
        assert c.post("/v1/score", json={"hand": "[EEEE]123m456p789s11s"}).status_code == 200
        body = problem(c.post("/v1/matches", json={"players": PLAYERS}), 503, "read_only")
        assert body["detail"] == (
            "this server is read-only (--read-only): it shows the score sheets and "
            "tournaments but records nothing"
        )
        problem(c.post(f"/v1/matches/{mid}/undo", headers=JSON), 503, "read_only")
        problem(c.post("/v1/games", json={}), 503, "read_only")


def test_an_unwritable_database_file_makes_the_server_read_only(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import fanshu.web.app as web_app

    db = str(tmp_path / "club.db")
    with TestClient(create_app(db), base_url="http://localhost") as c:
        c.post("/v1/matches", json={"players": PLAYERS})
    monkeypatch.setattr(web_app, "database_writable", lambda target: False)
    with TestClient(create_app(db), base_url="http://localhost") as c:
        body = problem(c.post("/v1/matches", json={"players": PLAYERS}), 503, "read_only")
        assert "the database file is not writable" in body["detail"]


def test_a_full_disk_is_a_507_problem_that_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sqlite3

    from fanshu.store import connection

    db = str(tmp_path / "club.db")
    with TestClient(create_app(db), base_url="http://localhost") as c:
        c.post("/v1/matches", json={"players": PLAYERS})
    real = connection._connect

    def full_disk(path: str, busy_timeout_ms: int, *, read_only: bool) -> sqlite3.Connection:
        conn = real(path, busy_timeout_ms, read_only=read_only)
        pages = conn.execute("PRAGMA page_count").fetchone()[0]
        conn.execute(f"PRAGMA max_page_count = {pages}")  # SQLite's "disk full" from now on
        return conn

    monkeypatch.setattr(connection, "_connect", full_disk)
    with TestClient(create_app(db, rate_limits=RateLimits.off()), base_url="http://localhost") as c:
        for _ in range(100):
            r = c.post("/v1/matches", json={"players": PLAYERS})
            if r.status_code != 201:
                break
        body = problem(r, 507, "disk_full")
        assert body["detail"].startswith("the disk holding the database")
        assert "is full: nothing was recorded" in body["detail"]
