"""POST /v1/settle: payments for one win by each rule set's settlement."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from fanshu.rules import names
from fanshu.rules.mcr.settlement import settle_win

P = ["Ann", "Bo", "Cy", "Di"]


def settled(client: TestClient, body: dict[str, Any]) -> dict[str, Any]:
    r = client.post("/v1/settle", json=body)
    assert r.status_code == 200, r.text
    out = r.json()
    assert sum(out["payments"].values()) == 0
    return dict(out)


def test_mcr_by_fan_total(client: TestClient) -> None:
    out = settled(client, {"players": P, "winner": "Ann", "discarder": "Bo", "fan": 10})
    assert out == {
        "rules": "mcr",
        "total": 10,
        "payments": {"Ann": 34, "Bo": -18, "Cy": -8, "Di": -8},
    }
    out = settled(client, {"players": P, "winner": "Cy", "fan": 12, "flowers": 2})
    assert out["payments"] == settle_win(P, "Cy", discarder=None, fan=12, flowers=2).payments


def test_mcr_by_hand_scores_it_first(client: TestClient) -> None:
    body = {"players": P, "winner": "Bo", "hand": "[EEEE]123m456p789s11s", "seat_wind": "S"}
    out = settled(client, body)  # no discarder: self-drawn
    assert out["total"] == 17
    assert out["payments"] == {"Ann": -25, "Bo": 75, "Cy": -25, "Di": -25}
    assert out["score"]["fans"][0]["name"] == "花龙"


def test_other_rule_sets(client: TestClient) -> None:
    out = settled(
        client, {"rules": "sichuan", "players": P, "winner": "Ann", "discarder": "Bo", "fan": 3}
    )
    assert out["payments"] == {"Ann": 4, "Bo": -4, "Cy": 0, "Di": 0}
    out = settled(
        client, {"rules": "sichuan", "players": P, "winner": "Ann", "hand": "11123455678999m"}
    )
    assert (out["total"], out["payments"]["Bo"]) == (4, -8)
    out = settled(
        client,
        {
            "rules": "two-player",
            "players": ["Ann", "Bo"],
            "winner": "Ann",
            "discarder": "Bo",
            "hand": "123m456p789s11sEEE",
        },
    )
    assert out["payments"] == {"Ann": 11, "Bo": -11}
    out = settled(
        client,
        {
            "rules": "beijing",
            "players": P,
            "winner": "Cy",
            "hand": "123m456m789m11mEEE",
            "dealer_player": "Ann",
        },
    )
    assert out["payments"]["Cy"] > 0


@pytest.mark.parametrize(
    ("body", "code", "detail"),
    [
        ({"winner": "Ann", "discarder": "Bo", "fan": 7}, "bad_match",
         "a win needs 8 fan without flowers: 7 fan; record it as a 错和 (false win, "
         "under_minimum) instead"),
        ({"winner": "Ann", "hand": "123m456p789s11s135m"}, "not_a_win",
         "the tiles form none of 4 sets + pair, 七对, 十三幺, 全不靠 or 组合龙"),
        ({"winner": "Ann", "hand": "123m456p789s11s1x"}, "bad_notation", None),
        ({"winner": "Ann", "fan": 9, "hand": "123m456p789s11sEEE"}, "bad_field",
         "give the fan total (fan) or the hand (hand), one of them"),
        ({"winner": "Ann", "fan": 9, "discarder": "Bo", "self_drawn": True}, "bad_field",
         "say how the hand was won: self_drawn true, or the discarder (one of them)"),
        ({"winner": "Eve", "fan": 9}, "bad_match", "unknown winner 'Eve': the players are "
         "Ann, Bo, Cy, Di"),
        ({"winner": "Ann", "fan": 9, "rules": "riichi"}, "bad_option",
         f"unknown rule set 'riichi': use one of {', '.join(names())}"),
        ({"winner": "Ann", "fan": 9, "rules": "beijing"}, "bad_field",
         "the beijing rule set settles a scored hand: give 'hand', not 'fan'"),
        ({"winner": "Ann", "fan": 9, "dealer_player": "Bo"}, "bad_field",
         "dealer_player is for the beijing rule set"),
        ({"winner": "Ann", "fan": "9"}, "bad_field", 'fan: input should be a valid integer, '
         'not "9"'),
        ({"winner": "Ann", "fan": 9, "flower": 1}, "bad_field", "unknown key 'flower'"),
        ({"fan": 9}, "bad_field", "missing 'winner'"),
        ({"winner": "Ann", "hand": "[EEEE]123m456p789s11s", "seat_wind": "X"}, "bad_field",
         'seat_wind must be E, S, W or N, not "X"'),
    ],
)  # fmt: skip
def test_bad_requests_are_422_problems(
    client: TestClient, body: dict[str, Any], code: str, detail: str | None
) -> None:
    r = client.post("/v1/settle", json={"players": P, **body})
    assert r.status_code == 422, r.text
    assert r.headers["content-type"] == "application/problem+json"
    problem = r.json()
    assert problem["code"] == code
    if detail is not None:
        assert problem["detail"] == detail


def test_two_player_needs_two_players(client: TestClient) -> None:
    r = client.post(
        "/v1/settle",
        json={"rules": "two-player", "players": P, "winner": "Ann", "hand": "123m456p789s11sEEE"},
    )
    assert (r.status_code, r.json()["code"]) == (422, "bad_match")
    assert r.json()["detail"].startswith("the two-player game has two players")


def test_a_body_that_is_not_an_object_is_400_bad_json(client: TestClient) -> None:
    r = client.post("/v1/settle", json=[1])
    assert (r.status_code, r.json()["code"]) == (400, "bad_json")
    r = client.post("/v1/settle", content=b"{", headers={"content-type": "application/json"})
    assert (r.status_code, r.json()["code"]) == (400, "bad_json")


def test_a_wild_hand_is_settled_with_its_wildcard(client: TestClient, wild_rules: Any) -> None:
    from support.wild_rules import NAME

    body = {"players": ["A", "B", "C", "D"], "winner": "A", "rules": NAME,
            "hand": "123m456p789sEEE5sC", "wildcard": "C"}  # fmt: skip
    r = client.post("/v1/settle", json=body)
    assert r.status_code == 200, r.text
    assert r.json()["score"]["wildcards"] == {"kind": "C", "stood_for": [], "winning": "5s"}
    bad = client.post("/v1/settle", json={**body, "rules": "sichuan", "hand": "11123455678999m"})
    assert bad.status_code == 422 and bad.json()["code"] == "bad_option"
