"""POST /v1/convert: a hand (melds included) rewritten in another notation, the notation
detected or named, bad input as problem documents."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from fanshu.notation import HAND_NOTATIONS, read_hand
from support.http import ok, problem

HAND = "[EEE2][123m3]456p789s1s1s"


@pytest.mark.parametrize("to", list(HAND_NOTATIONS))
def test_converts_to_every_notation_and_back(client: TestClient, to: str) -> None:
    body = ok(client.post("/v1/convert", json={"hand": HAND, "to": to}))
    assert (body["from"], body["to"]) == ("fanshu", to)
    # the answer reads back, in the notation it says, as the same hand
    assert read_hand(body["hand"], to)[0] == read_hand(HAND, "fanshu")[0]
    back = ok(client.post("/v1/convert", json={"hand": body["hand"], "from": to, "to": "fanshu"}))
    assert read_hand(back["hand"])[0] == read_hand(HAND)[0]


def test_detects_the_notation(client: TestClient) -> None:
    body = ok(client.post("/v1/convert", json={"hand": "[PENG F1 2] W1 W1", "to": "mpsz"}))
    assert body == {"hand": "[111z2]11m", "from": "botzone", "to": "mpsz"}


@pytest.mark.parametrize(
    ("body", "status", "code", "says"),
    [
        ({"hand": HAND}, 422, "bad_field", "missing 'to'"),
        ({"to": "mpsz"}, 422, "bad_field", "missing 'hand'"),
        ({"hand": 5, "to": "mpsz"}, 422, "bad_field", "hand must be a string"),
        ({"hand": HAND, "to": 5}, 422, "bad_field", "to must be a notation name"),
        ({"hand": HAND, "to": "tenhou"}, 422, "bad_option", "unknown notation 'tenhou'"),
        ({"hand": HAND, "to": "mpsz", "x": 1}, 422, "bad_field", "unknown key 'x'"),
        ({"hand": "123m456p789s11s555z", "to": "fanshu"}, 422, "bad_notation", "differently"),
        ({"hand": "W1 W2 X3", "to": "fanshu"}, 422, "bad_notation", "read as botzone"),
        ({"hand": HAND, "from": "botzone", "to": "mpsz"}, 422, "bad_notation", "pack"),
    ],
)
def test_bad_input_is_a_problem(
    client: TestClient, body: dict[str, Any], status: int, code: str, says: str
) -> None:
    p = problem(client.post("/v1/convert", json=body), status, code)
    assert says in p["detail"]


def test_not_an_object_is_bad_json(client: TestClient) -> None:
    problem(client.post("/v1/convert", json=[1]), 400, "bad_json")


def test_the_route_is_in_the_openapi_document(client: TestClient) -> None:
    doc = client.get("/v1/openapi.json")
    if doc.status_code != 200:
        doc = client.get("/openapi.json")
    paths = doc.json()["paths"]
    assert any(p.endswith("/convert") for p in paths)
