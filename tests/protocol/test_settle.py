"""The settle request (``fanshu.protocol.settle``): payments for one win, the checks of
what its fields mean together."""

from __future__ import annotations

from typing import Any

import pytest

from fanshu.errors import FanshuError
from fanshu.protocol.errors import LineError
from fanshu.protocol.score import parse_request, score_line, score_object, score_request
from fanshu.protocol.settle import SettleRequest, settle
from fanshu.rules.mcr.settlement import settle_win
from support.wild_rules import NAME

P = ("Ann", "Bo", "Cy", "Di")


def test_mcr_by_fan_total() -> None:
    out = settle(SettleRequest(players=P, winner="Ann", discarder="Bo", fan=10))
    assert out == {
        "rules": "mcr",
        "total": 10,
        "payments": {"Ann": 34, "Bo": -18, "Cy": -8, "Di": -8},
    }
    out = settle(SettleRequest(players=P, winner="Cy", fan=12, flowers=2))
    assert out["payments"] == settle_win(P, "Cy", discarder=None, fan=12, flowers=2).payments


def test_by_hand_gives_the_score_answer() -> None:
    hand = "[EEEE]123m456p789s11s"
    out = settle(SettleRequest(players=P, winner="Bo", hand=hand, seat_wind="S"))
    assert out["total"] == 17
    assert out["payments"] == {"Ann": -25, "Bo": 75, "Cy": -25, "Di": -25}
    assert sum(out["payments"].values()) == 0
    line = score_line({"hand": hand, "self_drawn": True, "seat_wind": "S"})
    assert [f["name"] for f in out["score"]["fans"]] == [f["name"] for f in line["fans"]]
    assert out["score"]["fans"][0]["name"] == "花龙"
    assert list(out) == ["rules", "total", "payments", "score"]


def test_score_is_the_display_answer() -> None:
    hand = "[EEEE]123m456p789s11s"
    out = settle(SettleRequest(players=P, winner="Bo", hand=hand))
    line = {"hand": hand, "self_drawn": True}
    assert out["score"] == score_object(None, score_request(parse_request(line)))


@pytest.mark.parametrize(
    ("fields", "code", "message"),
    [
        ({"winner": "Ann", "fan": 9, "hand": "123m456p789s11sEEE"}, "bad_field",
         "give the fan total (fan) or the hand (hand), one of them"),
        ({"winner": "Ann", "fan": 9, "discarder": "Bo", "self_drawn": True}, "bad_field",
         "say how the hand was won: self_drawn true, or the discarder (one of them)"),
        ({"winner": "Ann", "fan": 9, "rules": "riichi"}, "bad_option",
         "unknown rule set 'riichi'"),
        ({"winner": "Ann", "fan": 9, "rules": "beijing"}, "bad_field",
         "the beijing rule set settles a scored hand: give 'hand', not 'fan'"),
        ({"winner": "Ann", "fan": 9, "dealer_player": "Bo"}, "bad_field",
         "dealer_player is for the beijing rule set"),
        ({"winner": "Ann", "hand": "123m456p789s11s135m"}, "not_a_win", "the tiles form none"),
        ({"winner": "Ann", "hand": "[EEEE]123m456p789s11s", "seat_wind": "X"}, "bad_field",
         'seat_wind must be E, S, W or N, not "X"'),
    ],
)  # fmt: skip
def test_what_cannot_be_settled_is_a_line_error(
    fields: dict[str, Any], code: str, message: str
) -> None:
    with pytest.raises(LineError) as caught:
        settle(SettleRequest(players=P, **fields))
    assert caught.value.code == code
    assert caught.value.message.startswith(message)


def test_the_settlement_refusing_is_its_fanshu_error() -> None:
    with pytest.raises(FanshuError) as caught:
        settle(SettleRequest(players=P, winner="Ann", discarder="Bo", fan=7))
    assert caught.value.code == "bad_match"
    with pytest.raises(FanshuError) as caught:
        settle(SettleRequest(players=P, winner="Ann", hand="123m456p789s11s1x"))
    assert caught.value.code == "bad_notation"


# -- the wild tile (issue 16) ---------------------------------------------------------


def test_a_hand_with_a_wild_tile_is_settled_as_scored(wild_rules: object) -> None:
    out = settle(
        SettleRequest(
            players=("A", "B", "C", "D"),
            winner="A",
            discarder="B",
            rules=NAME,
            hand="123m456p789sEEE5sC",
            wildcard="C",
        )
    )
    line = score_line({"hand": "123m456p789sEEE5sC", "rules": NAME, "wildcard": "C"})
    assert out["total"] == line["total"]
    assert (
        out["score"]["wildcards"]
        == line["wildcards"]
        == {
            "kind": "C",
            "stood_for": [],
            "winning": "5s",
        }
    )


def test_a_wildcard_needs_the_hand_and_a_rule_set_with_one() -> None:
    players = ("A", "B", "C", "D")
    with pytest.raises(LineError) as e:
        settle(SettleRequest(players=players, winner="A", fan=8, wildcard="C"))
    assert e.value.code == "bad_field" and "give 'hand', not 'fan'" in e.value.message
    with pytest.raises(LineError) as e:
        settle(
            SettleRequest(
                players=players, winner="A", rules="sichuan", hand="11123455678999m",
                wildcard="5m",
            )
        )  # fmt: skip
    assert e.value.code == "bad_option"
    assert e.value.message.startswith("sichuan is played without wildcards")
