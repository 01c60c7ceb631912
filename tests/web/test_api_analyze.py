"""POST /v1/analyze: the ``analyze --batch`` object over HTTP, its errors as problems."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from fanshu import analyze
from fanshu.protocol.analyze import (
    ANALYZE_FIELDS,
    OPPONENT_FIELDS,
    analysis_object,
    analyze_line,
    analyze_request,
    parse_analyze_request,
)
from fanshu.protocol.bounds import BUDGET, WALL
from fanshu.web.api.analyze import ANALYZE_SCHEMA


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
    line = {"hand": "123m456p789s135sEN", "by": "efficiency"}
    body = client.post("/v1/analyze", json=line).json()
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


# -- value advice ---------------------------------------------------------------------------

SANSHOKU = "3456m345p34568sEE"


def test_value_advice_is_the_default_and_names_the_best(client: TestClient) -> None:
    line = {"id": 1, "hand": SANSHOKU, "budget": 30}
    body = client.post("/v1/analyze", json=line).json()
    assert body == analyze_line(line)
    assert body == analysis_object(1, analyze(SANSHOKU, budget=30))
    assert (body["by"], body["rules"], body["best"]) == ("value", "mcr", "discard 6m")
    assert body["discards"][0]["tile"] == "6m"
    efficiency = client.post("/v1/analyze", json={**line, "by": "efficiency"}).json()
    assert efficiency["discards"][0]["tile"] == "3m" and "p_win" not in efficiency["discards"][0]


def test_every_new_field_over_http(client: TestClient) -> None:
    line = {
        "id": "c",
        "hand": "3456m345p3456sEE",
        "rules": "mcr",
        "wall": 44,
        "seats": 4,
        "dealer": True,
        "offered": "E",
        "offered_by": 2,
        "opponents": [{"discards": "19m", "relative": 2}, {"melds": "[789p]", "relative": 1}],
        "budget": 25,
        "seed": 3,
    }
    r = client.post("/v1/analyze", json=line)
    assert r.status_code == 200, r.text
    body = r.json()
    assert body == analyze_line(line)
    assert [c["action"] for c in body["claims"]] == [
        c.action for c in analyze_request(parse_analyze_request(line)).claims
    ]
    batch = client.post("/v1/analyze/batch", json={"items": [line, {**line, "budget": 0}]})
    results = batch.json()["results"]
    assert results[0] == body
    assert results[1]["error"]["code"] == "out_of_range"


@pytest.mark.parametrize(
    ("line", "code", "detail"),
    [
        ({"hand": SANSHOKU, "budget": 501}, "out_of_range", BUDGET.message(501)),
        ({"hand": SANSHOKU, "wall": 137}, "out_of_range", "wall must be 0 to 136"),
        ({"hand": SANSHOKU, "by": "fast"}, "bad_field", "by must be"),
        ({"hand": SANSHOKU, "opponents": [{"relative": 4}]}, "out_of_range", "relative"),
        ({"hand": SANSHOKU, "opponents": [{"colour": "red"}]}, "bad_field", "unknown key"),
        ({"hand": SANSHOKU, "seats": 3}, "out_of_range", "seats must be 2"),
    ],
)
def test_new_fields_out_of_bounds_are_422_problems(
    client: TestClient, line: dict[str, Any], code: str, detail: str
) -> None:
    r = client.post("/v1/analyze", json=line)
    assert r.status_code == 422
    body = r.json()
    assert body["code"] == code and detail in body["detail"]
    assert body["detail"] == analyze_line(line)["error"]["message"]


def test_openapi_describes_the_new_fields_with_their_bounds(client: TestClient) -> None:
    doc = client.get("/openapi.json").json()
    post = doc["paths"]["/v1/analyze"]["post"]
    item = post["requestBody"]["content"]["application/json"]["schema"]
    props = item["properties"]
    assert item["additionalProperties"] is False
    assert set(props) == set(ANALYZE_FIELDS)
    budget = next(s for s in props["budget"]["anyOf"] if s.get("type") == "integer")
    assert (budget["minimum"], budget["maximum"]) == (BUDGET.low, BUDGET.high)
    wall = next(s for s in props["wall"]["anyOf"] if s.get("type") == "integer")
    assert (wall["minimum"], wall["maximum"]) == (WALL.low, WALL.high)
    opponent = next(s for s in props["opponents"]["anyOf"] if s.get("type") == "array")
    assert opponent["maxItems"] == 3
    assert set(opponent["items"]["properties"]) == set(OPPONENT_FIELDS)
    assert opponent["items"]["additionalProperties"] is False
    answer = post["responses"]["200"]["content"]["application/json"]["schema"]
    assert answer == ANALYZE_SCHEMA
    assert {"by", "rules", "best", "claims", "value"} <= set(answer["properties"])


def test_look_ahead_all_gives_the_complete_efficiency_order(client: TestClient) -> None:
    line = {"hand": "123m456p789s135sEN", "by": "efficiency", "look_ahead": "all"}
    body = client.post("/v1/analyze", json=line).json()
    assert body == analyze_line(line)
    r = client.post("/v1/analyze", json={**line, "look_ahead": 3})
    assert r.status_code == 422


def test_the_wild_kind_is_analysed_and_echoed(client: TestClient) -> None:
    body = {"hand": "1112345678999m", "by": "efficiency", "wildcard": "5m"}
    r = client.post("/v1/analyze", json=body)
    assert r.status_code == 200, r.text
    assert r.json()["wildcard"] == "5m"
    assert r.json() == analyze_line(body)
    bad = client.post("/v1/analyze", json={**body, "rules": "sichuan"})
    assert bad.status_code == 422 and bad.json()["code"] == "bad_option"
    assert bad.json()["detail"].startswith("sichuan is played without wildcards")
    tile = client.post("/v1/analyze", json={**body, "wildcard": "1f"})
    assert tile.status_code == 422 and tile.json()["code"] == "bad_field"
