"""POST /v1/analyze: the ``analyze --batch`` object over HTTP, its errors as problems."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from fanshu.protocol.analyze import analyze_line


def test_a_ready_hand_gives_its_waits_as_the_batch_line_does(client: TestClient) -> None:
    line = {"id": 3, "hand": "1112345678999m", "visible": "9m"}
    r = client.post("/v1/analyze", json=line)
    assert r.status_code == 200
    body = r.json()
    assert body == analyze_line(line)
    assert (body["id"], body["shanten"], body["useful"]) == (3, 0, "123456789m")
    nine = next(w for w in body["waits"] if w["tile"] == "9m")
    assert nine["remaining"] == 0  # three held, one visible


def test_fourteen_tiles_rank_every_discard(client: TestClient) -> None:
    body = client.post("/v1/analyze", json={"hand": "123m456p789s135sEN"}).json()
    assert [d["tile"] for d in body["discards"][:2]] == ["E", "N"]
    assert body["error"] is None


@pytest.mark.parametrize(
    ("line", "code"),
    [
        ({"hand": "123m456p789s1x"}, "bad_notation"),
        ({"hand": "123m", "visible": 5}, "bad_field"),
        ({"hand": "123m456p789s11s"}, "invalid_hand"),
        ({"hand": "1112345678999m", "seat": "E"}, "bad_field"),
        ({"hand": "1112345678999m", "options": {"x": 1}}, "bad_option"),
    ],
)
def test_bad_input_is_a_422_problem_with_the_batch_code_and_message(
    client: TestClient, line: dict[str, Any], code: str
) -> None:
    r = client.post("/v1/analyze", json=line)
    assert r.status_code == 422
    assert r.headers["content-type"] == "application/problem+json"
    body = r.json()
    assert (body["code"], body["status"]) == (code, 422)
    assert body["detail"] == analyze_line(line)["error"]["message"]


def test_not_an_object_is_400_bad_json(client: TestClient) -> None:
    r = client.post("/v1/analyze", json=["1112345678999m"])
    assert (r.status_code, r.json()["code"]) == (400, "bad_json")
