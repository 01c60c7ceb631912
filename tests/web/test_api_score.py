"""POST /v1/score and /v1/score/batch: the batch format over HTTP, the same codes and
messages as ``fanshu score --batch``, the display extras, the limits."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

import fanshu
from fanshu.notation import parse_hand
from fanshu.protocol.lines import run_batch
from fanshu.protocol.score import score_line
from fanshu.protocol.wildcard import WILDCARD_PATTERN
from support.http import problem
from support.wild_rules import NAME


def test_scores_an_mcr_hand_with_the_batch_object_and_the_display_extras(
    client: TestClient,
) -> None:
    line = {"id": 7, "hand": "[EEEE]123m456p789s11s", "self_drawn": True, "seat_wind": "S"}
    r = client.post("/v1/score", json=line)
    assert r.status_code == 200
    assert r.headers["content-type"] == "application/json"
    body = r.json()
    batch = score_line(line)
    # the batch output object, fan for fan, with more on each fan and more keys
    assert (body["id"], body["total"], body["multiplier"], body["error"]) == (7, 17, None, None)
    assert [{k: f[k] for k in ("name", "name_en", "value", "count")} for f in body["fans"]] == (
        batch["fans"]
    )
    assert list(body)[-1] == "error"
    dragon = body["fans"][0]
    assert dragon["name"] == "花龙" and sorted(dragon["sets"]) == ["123m", "456p", "789s"]
    assert {
        "name": "自摸",
        "name_en": "Self-Drawn",
        "by": "不求人",
        "by_en": "Fully Concealed Hand",
    } in [{k: x[k] for k in ("name", "name_en", "by", "by_en")} for x in body["excluded"]]
    # the echo is the hand as written (issue 18), not the fanshu form of the hand scored
    assert body["hand"] == line["hand"] != str(fanshu.score(line["hand"], self_drawn=True).hand)
    assert body["notation"] == "fanshu"
    assert body["shape"] == "regular"
    assert body["meets_minimum"] is True and body["total_without_flowers"] == 17


def test_other_rule_sets_answer_their_batch_object(client: TestClient) -> None:
    line = {"hand": "11123455678999m", "rules": "sichuan", "self_drawn": True}
    body = client.post("/v1/score", json=line).json()
    assert (body["total"], body["multiplier"]) == (4, 8)
    assert [f["name"] for f in body["fans"]] == ["清一色", "自摸"]
    assert body["details"]["pattern"] == "qing_yi_se"
    two = client.post("/v1/score", json={"hand": "123m456p789s11sEEE", "rules": "two-player"})
    assert two.json()["total"] == 11
    assert two.json()["fans"][0]["sets"]  # MCR fans: the sets come along


def test_a_legal_hand_that_is_not_a_win_is_an_answer_not_an_error(client: TestClient) -> None:
    line = {"id": "x", "hand": "123m456p789s11s135m"}
    r = client.post("/v1/score", json=line)
    assert r.status_code == 200
    body = r.json()
    assert (body["id"], body["total"], body["fans"]) == ("x", 0, [])
    assert body["error"] == score_line(line)["error"]
    assert body["error"]["code"] == "not_a_win"


# Bad lines: the problem has the code and the message the batch output gives.
BAD_LINES = [
    ({"hand": "123m456p789s11s1x"}, "bad_notation"),  # unknown tile (suit)
    ({"hand": "123m456p789s11s13m"}, "invalid_hand"),  # 13 tiles
    ({"hand": "11111m23456p789s11s"}, "bad_notation"),  # five copies
    ({"hand": "123m456p789s11sEEE", "rules": "riichi"}, "bad_option"),  # wrong rule set
    ({"hand": "123m456p789s11sEEE", "options": {"nope": 1}}, "bad_option"),
    ({"hand": "123m456p789s11sEEE", "self_drawn": "yes"}, "bad_field"),
    ({"hand": "123m456p789s11sEEE", "selfdrawn": True}, "bad_field"),
    ({"hand": 5}, "bad_field"),
    ({}, "bad_field"),
]


@pytest.mark.parametrize(("line", "code"), BAD_LINES)
def test_unscorable_hands_are_422_problems_with_the_cli_code_and_message(
    client: TestClient, line: dict[str, Any], code: str
) -> None:
    body = problem(client.post("/v1/score", json=line), 422, code)
    assert body["detail"] == score_line(line)["error"]["message"]


def test_unknown_tile_and_wrong_rule_set_details(client: TestClient) -> None:
    body = problem(client.post("/v1/score", json={"hand": "123m4x"}), 422, "bad_notation")
    assert body["detail"] == "unknown suit 'x' at 5"
    body = problem(
        client.post("/v1/score", json={"hand": "123m", "rules": "riichi"}), 422, "bad_option"
    )
    assert body["detail"].startswith("unknown rule set 'riichi': use one of mcr")


@pytest.mark.parametrize(
    ("content", "detail"),
    [
        (b"[1, 2]", "the body must be a JSON object, not an array"),
        (b'"hand"', "the body must be a JSON object, not a string"),
        (b"{", "not JSON: Expecting property name enclosed in double quotes"),
        (b"", "the request needs a JSON body"),
        (b'{"hand": "\xff"}', "not JSON: the body is not UTF-8 (byte 10)"),
        (b"[" * 100_000, "not JSON: nested too deeply"),
    ],
)
def test_a_body_that_is_not_a_json_object_is_a_400_bad_json(
    client: TestClient, content: bytes, detail: str
) -> None:
    r = client.post("/v1/score", content=content, headers={"content-type": "application/json"})
    assert problem(r, 400, "bad_json")["detail"].startswith(detail)


def test_batch_gives_the_batch_output_objects_in_order(client: TestClient) -> None:
    items: list[Any] = [
        {"id": 1, "hand": "[EEEE]123m456p789s11s", "self_drawn": True},
        {"id": 2, "hand": "123m4x"},
        {"id": 3, "hand": "11123455678999m", "rules": "sichuan", "self_drawn": True},
        [1, 2],
        {"id": 5, "hand": "123m456p789s11s135m"},
        {"id": 6, "hand": "123m456p789s11sEEE", "rules": "mars"},
    ]
    r = client.post("/v1/score/batch", json={"items": items})
    assert r.status_code == 200
    expected = [json.loads(out) for out in run_batch(json.dumps(x) for x in items)]
    assert r.json() == {"results": expected}
    codes = [x["error"] and x["error"]["code"] for x in r.json()["results"]]
    assert codes == [None, "bad_notation", None, "bad_json", "not_a_win", "bad_option"]


def test_batch_of_1000_is_accepted_and_1001_is_413_too_many_items(client: TestClient) -> None:
    item = {"hand": "[EEEE]123m456p789s11s", "self_drawn": True}
    r = client.post("/v1/score/batch", json={"items": [item] * 1000})
    assert r.status_code == 200 and len(r.json()["results"]) == 1000
    body = problem(
        client.post("/v1/score/batch", json={"items": [item] * 1001}), 413, "too_many_items"
    )
    assert body["detail"] == "a batch holds at most 1000 items, not 1001: split it"
    assert body["limit"] == 1000


@pytest.mark.parametrize(
    ("body", "detail"),
    [
        ({}, "missing 'items'"),
        ({"items": {"hand": "1m"}}, "items must be an array"),
        ({"items": [], "hands": []}, "unknown key 'hands'; known: items"),
    ],
)
def test_batch_body_errors(client: TestClient, body: Any, detail: str) -> None:
    r = client.post("/v1/score/batch", json=body)
    assert problem(r, 422, "bad_field")["detail"].startswith(detail)


def test_a_body_over_1_mib_is_413_too_large(client: TestClient) -> None:
    padding = "x" * (1024 * 1024)
    r = client.post("/v1/score", json={"hand": "123m", "id": padding})
    body = problem(r, 413, "too_large")
    assert body["limit"] == 1024 * 1024


def test_a_chunked_body_over_1_mib_is_413_too_large(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"items": ['
        for _ in range(20_000):
            yield b'{"hand": "[EEEE]123m456p789s11s", "self_drawn": true},'
        yield b"{}]}"

    r = client.post(
        "/v1/score/batch", content=chunks(), headers={"content-type": "application/json"}
    )
    problem(r, 413, "too_large")


def test_a_body_just_under_the_limit_is_read(client: TestClient) -> None:
    line = {"hand": "[EEEE]123m456p789s11s", "self_drawn": True, "id": ""}
    line["id"] = "x" * (1024 * 1024 - len(json.dumps(line)) - 10)
    r = client.post(
        "/v1/score", content=json.dumps(line).encode(), headers={"content-type": "application/json"}
    )
    assert r.status_code == 200
    assert r.json()["total"] == score_line(line)["total"]


# -- the wild tile (issue 16) ---------------------------------------------------------


def test_a_wild_tile_says_what_it_stood_for(client: TestClient, wild_rules: Any) -> None:
    line = {"id": 1, "hand": "123m456p789sEEE5sC", "rules": NAME, "wildcard": "C"}
    r = client.post("/v1/score", json=line)
    assert r.status_code == 200, r.text
    body = r.json()
    wild = {"kind": "C", "stood_for": [], "winning": "5s"}
    assert body["wildcards"] == wild and body["details"]["wildcards"] == wild
    assert body["hand"] == str(parse_hand("123m456p789sEEE5s5s"))  # the concrete hand
    batch = client.post("/v1/score/batch", json={"items": [line]}).json()["results"]
    assert batch == [score_line(line)] and batch[0]["wildcards"] == wild


@pytest.mark.parametrize(
    ("extra", "code", "detail"),
    [
        ({"wildcard": "9f"}, "bad_field", "wildcard must be one tile kind such as 5p or C"),
        ({"wildcard": 5}, "bad_field", "wildcard must be one tile kind such as 5p or C"),
        (
            {"wildcard": "5m", "rules": "sichuan"},
            "bad_option",
            "sichuan is played without wildcards: drop wildcard",
        ),
    ],
)
def test_a_bad_wildcard_is_a_problem_naming_it(
    client: TestClient, extra: dict[str, Any], code: str, detail: str
) -> None:
    r = client.post("/v1/score", json={"hand": "11123455678999m", **extra})
    assert r.status_code == 422
    body = r.json()
    assert body["code"] == code and body["detail"].startswith(detail), body


def test_the_openapi_body_declares_the_wildcard(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    body = spec["paths"]["/v1/score"]["post"]["requestBody"]["content"]["application/json"]
    wild = body["schema"]["properties"]["wildcard"]
    assert any(v.get("pattern") == WILDCARD_PATTERN for v in wild.get("anyOf", [wild]))
    assert "bad_option" in wild["description"]


# -- notations (issue 18) -------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "notation"),
    [
        ("[EEEE]123m456p789s11s", "fanshu"),
        ("[1111z]123m456p789s11s", "mpsz"),
        ("[GANG F1 0] W1 W2 W3 B4 B5 B6 T7 T8 T9 T1 T1", "botzone"),
        ("[🀀🀀🀀🀀] 🀇🀈🀉🀜🀝🀞🀖🀗🀘🀐 🀐", "unicode"),
        ("[东东东东] 一万二万三万四饼五饼六饼七条八条九条一条 一条", "chinese"),
    ],
)
def test_every_notation_scores_the_same_and_is_echoed(
    client: TestClient, hand: str, notation: str
) -> None:
    line = {"hand": hand, "self_drawn": True, "seat_wind": "S"}
    body = client.post("/v1/score", json=line).json()
    assert body["error"] is None, body
    assert (
        body["total"] == fanshu.score("[EEEE]123m456p789s11s", self_drawn=True, seat_wind="S").total
    )
    assert (body["hand"], body["notation"]) == (hand, notation)
    named = client.post("/v1/score", json={**line, "notation": notation}).json()
    assert named["total"] == body["total"] and named["notation"] == notation


def test_an_ambiguous_hand_is_a_problem_naming_both_readings(client: TestClient) -> None:
    r = client.post("/v1/score", json={"hand": "123m456p789s11s555z"})
    p = problem(r, 422, "bad_notation")
    assert "mpsz" in p["detail"] and "cmh" in p["detail"] and "--notation" in p["detail"]
    ok = client.post("/v1/score", json={"hand": "123m456p789s11s555z", "notation": "cmh"})
    assert ok.status_code == 200 and ok.json()["notation"] == "cmh"


def test_an_unknown_notation_is_bad_option(client: TestClient) -> None:
    r = client.post("/v1/score", json={"hand": "[EEEE]123m456p789s11s", "notation": "tenhou"})
    assert "mpsz" in problem(r, 422, "bad_option")["detail"]
