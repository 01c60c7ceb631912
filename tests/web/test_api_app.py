"""The application as a whole: the OpenAPI description, the browser app at /, problem
documents for unknown paths, wrong methods, validation errors and bugs."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from fanshu.web.app import STATIC_DIR, create_app
from fanshu.web.problems import TITLES
from support.http import problem as checked_problem

ENDPOINTS = {
    "/v1/score": {"post"},
    "/v1/score/batch": {"post"},
    "/v1/analyze": {"post"},
    "/v1/analyze/batch": {"post"},
    "/v1/convert": {"post"},
    "/v1/fans/{name}": {"get"},
    "/v1/rules": {"get"},
    "/v1/rules/{name}": {"get"},
    "/v1/settle": {"post"},
    "/v1/matches": {"get", "post"},
    "/v1/matches/import": {"post"},
    "/v1/matches/{match_id}": {"get"},
    "/v1/matches/{match_id}/hands": {"post"},
    "/v1/matches/{match_id}/hands/{number}": {"put"},
    "/v1/matches/{match_id}/penalties": {"post"},
    "/v1/matches/{match_id}/false-wins": {"post"},
    "/v1/matches/{match_id}/undo": {"post"},
    "/v1/matches/{match_id}/export": {"get"},
    "/v1/matches/{match_id}/events": {"get"},
    "/v1/matches/{match_id}/share": {"post"},
    "/v1/access/resolve": {"post"},
    "/v1/session": {"get", "post", "delete"},
    "/v1/accounts": {"get", "post"},
    "/v1/tournaments": {"get", "post"},
    "/v1/tournaments/import": {"post"},
    "/v1/tournaments/{tid}/export": {"get"},
    "/v1/tournaments/{tid}": {"get"},
    "/v1/tournaments/{tid}/standings": {"get"},
    "/v1/tournaments/{tid}/seating": {"post"},
    "/v1/tournaments/{tid}/tables/{session}/{table}/match": {"post"},
    "/v1/tournaments/{tid}/tables/{session}/{table}/result": {"put"},
    "/v1/tournaments/{tid}/events": {"get"},
    "/v1/tournaments/{tid}/share": {"post"},
    "/v1/tournaments/{tid}/tables/{session}/{table}/share": {"post"},
    "/v1/games": {"post"},
    "/v1/games/{game_id}": {"get", "delete"},
    "/v1/games/{game_id}/actions": {"post"},
    "/v1/tables": {"post", "get"},
    "/v1/tables/{table_id}": {"get"},
    "/v1/replays": {"post"},
}


@pytest.fixture
def static(tmp_path: Path) -> Path:
    d = tmp_path / "static"
    d.mkdir()
    (d / "index.html").write_text("<!doctype html><title>fanshu</title>", encoding="utf-8")
    (d / "app.js").write_text("console.log('fanshu')", encoding="utf-8")
    return d


@pytest.fixture
def client(static: Path) -> Iterator[TestClient]:
    app = create_app(":memory:", static_dir=static)
    with TestClient(app, raise_server_exceptions=False, base_url="http://localhost") as c:
        yield c


def problem(r: Any, status: int, code: str) -> dict[str, Any]:
    body = checked_problem(r, status, code)
    assert body["title"] == TITLES[code]
    return body


def test_the_openapi_description_lists_every_endpoint(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    assert spec["openapi"].startswith("3.")
    paths = {p: set(ops) for p, ops in spec["paths"].items()}
    assert paths == ENDPOINTS
    score = spec["paths"]["/v1/score"]["post"]
    body = score["requestBody"]["content"]["application/json"]["schema"]
    assert body["required"] == ["hand"] and body["additionalProperties"] is False
    assert "application/problem+json" in score["responses"]["422"]["content"]
    assert client.get("/docs").status_code == 200


def test_the_browser_app_is_served_at_the_root(client: TestClient) -> None:
    r = client.get("/")
    assert r.status_code == 200 and "<title>fanshu</title>" in r.text
    assert client.get("/app.js").text == "console.log('fanshu')"
    assert client.get("/v1/rules").status_code == 200


def test_the_package_ships_the_static_directory() -> None:
    # the browser app's author fills it; the app mounts it when it is there
    app = create_app(":memory:")
    mounted = any(getattr(r, "name", None) == "static" for r in app.router.routes)
    assert mounted == STATIC_DIR.is_dir()


def test_unknown_paths_and_methods_are_problems(client: TestClient) -> None:
    body = problem(client.get("/v1/nothing"), 404, "not_found")
    assert body["detail"] == "no such resource: GET /v1/nothing"
    problem(client.get("/nothing.html"), 404, "not_found")
    r = client.delete("/v1/score")
    body = problem(r, 405, "method_not_allowed")
    assert body["detail"] == "DELETE is not allowed on /v1/score (allowed: POST)"
    assert r.headers["allow"] == "POST"
    r = client.put("/v1/matches")
    assert problem(r, 405, "method_not_allowed") and r.headers["allow"] == "GET, POST"


def test_validation_errors_are_bad_field_problems_listing_the_fields(client: TestClient) -> None:
    r = client.get("/v1/games/abc", params={"since": "x"})
    body = problem(r, 422, "bad_field")
    assert body["errors"][0]["field"] == "since"
    assert body["detail"].startswith("since: input should be a valid integer")
    body = problem(
        client.post("/v1/matches", json={"players": ["A", 2, "C", "D"]}), 422, "bad_field"
    )
    assert body["detail"] == "players.1: input should be a valid string, not 2"
    json_type = {"content-type": "application/json"}
    body = problem(client.post("/v1/matches", headers=json_type), 400, "bad_json")
    assert body["detail"] == "the request needs a JSON object body"
    # issue 14: a POST not sent as JSON is refused before it is read (a cross-site form
    # can send text/plain), with or without a body
    body = problem(client.post("/v1/matches"), 415, "json_only")
    assert body["detail"] == (
        "POST takes JSON only: send Content-Type: application/json (also with no body), "
        "not no Content-Type"
    )
    r = client.post(
        "/v1/matches", content=b'{"players": []}', headers={"content-type": "text/plain"}
    )
    body = problem(r, 415, "json_only")
    assert body["detail"].endswith("not Content-Type 'text/plain'")


def test_a_bug_is_a_500_problem_not_a_traceback(tmp_path: Path) -> None:
    app = create_app(":memory:", static_dir=tmp_path / "none")

    @app.get("/v1/boom")
    def boom() -> None:
        raise RuntimeError("kaput")

    with TestClient(app, raise_server_exceptions=False, base_url="http://localhost") as c:
        body = problem(c.get("/v1/boom"), 500, "internal_error")
        assert body["detail"] == "RuntimeError: kaput (please report it)"


def test_a_declared_length_over_the_limit_is_refused_before_reading(client: TestClient) -> None:
    r = client.post(
        "/v1/score",
        content=b"{}",
        headers={"content-type": "application/json", "content-length": str(2 * 1024 * 1024)},
    )
    problem(r, 413, "too_large")


def test_the_limit_can_be_set(static: Path) -> None:
    with TestClient(
        create_app(":memory:", max_body=100, static_dir=static), base_url="http://localhost"
    ) as c:
        body = problem(c.post("/v1/score", json={"hand": "1" * 200}), 413, "too_large")
        assert body["detail"] == "the request body is over 100 bytes (0 KiB)"
        assert c.post("/v1/score", json={"hand": "1m"}).status_code == 422
