"""fanshu.score: strings and Hands, flags, winds, options, printing, the output shapes
and the errors it raises."""

from __future__ import annotations

import json
from typing import Any

import pytest

import fanshu
from fanshu import (
    Fan,
    FanshuError,
    Hand,
    InvalidHandError,
    McrOptions,
    McrResult,
    NotationError,
    OptionError,
    Tile,
    WinContext,
)
from fanshu.notation import parse_hand
from fanshu.rules.mcr.result import is_mcr_result

KONG_HAND = "[EEEE]123m456p789s11s"  # 花龙, 暗杠, 圈风刻, 单钓将 (+ 门前清 or 不求人)
PLAIN = "123m456p789s11sEEE"  # 花龙, 圈风刻 (E), 门前清 when seated South
SOUTH = "S"
NOT_A_WIN = "123m456p789s11sESE"


def names(r: McrResult) -> list[str]:
    return [e.name_zh for e in r.fans]


# -- strings, Hands and flags -------------------------------------------------------------


def test_score_a_string() -> None:
    r = fanshu.score(PLAIN, seat_wind=SOUTH)
    assert is_mcr_result(r)
    assert r.is_win and r.shape == "regular"
    assert names(r) == ["花龙", "圈风刻", "门前清"]
    assert r.total == 12 and r.meets_minimum
    assert fanshu.score(PLAIN).total == 14  # seated East: 门风刻 too


def test_score_a_hand_uses_its_own_context() -> None:
    h = parse_hand(KONG_HAND, WinContext(self_drawn=True, seat_wind=Tile.SOUTH))
    r = fanshu.score(h)
    assert r.hand is h
    assert r.total == 17
    # flags passed with a Hand are ignored
    assert fanshu.score(h, self_drawn=False, flowers=3, seat_wind="E").total == 17


def test_score_string_and_hand_agree() -> None:
    ctx = {"self_drawn": True, "seat_wind": "S", "flowers": 2}
    by_string = fanshu.score(KONG_HAND, **ctx)  # type: ignore[arg-type]
    by_hand = fanshu.score(parse_hand(KONG_HAND, WinContext(**ctx)))  # type: ignore[arg-type]
    assert by_string == by_hand


def test_docstring_example() -> None:
    r = fanshu.score(KONG_HAND, self_drawn=True, seat_wind="S")
    assert (r.total, r.meets_minimum) == (17, True)
    assert fanshu.score(KONG_HAND, self_drawn=True).total == 19  # 门风刻 too


def test_self_drawn_flag() -> None:
    discard = fanshu.score(PLAIN, seat_wind="S")
    drawn = fanshu.score(PLAIN, seat_wind="S", self_drawn=True)
    assert Fan.CONCEALED_HAND in discard and Fan.FULLY_CONCEALED_HAND not in discard
    assert Fan.FULLY_CONCEALED_HAND in drawn and Fan.CONCEALED_HAND not in drawn
    assert drawn.total == discard.total + 2


@pytest.mark.parametrize(
    ("flags", "fan"),
    [
        ({"self_drawn": True, "wall_last": True}, Fan.LAST_TILE_DRAW),
        ({"wall_last": True}, Fan.LAST_TILE_CLAIM),
        ({"self_drawn": True, "kong": True}, Fan.OUT_WITH_REPLACEMENT_TILE),
    ],
)
def test_win_flags(flags: dict[str, bool], fan: Fan) -> None:
    r = fanshu.score(KONG_HAND, **flags)  # type: ignore[arg-type]
    assert fan in r
    assert fan not in fanshu.score(KONG_HAND)


def test_robbing_the_kong_and_last_tile_flags() -> None:
    hand = "[234m1]456s789p34m11s5m"
    assert Fan.ROBBING_THE_KONG in fanshu.score(hand, kong=True)
    assert Fan.LAST_TILE in fanshu.score(hand, fourth_tile=True)


@pytest.mark.parametrize("wind", ["S", "s", "南", "south", 1, Tile.SOUTH])
def test_winds_in_every_form(wind: str | int | Tile) -> None:
    hand = "123m456p789s11sSSS"
    r = fanshu.score(hand, seat_wind=wind)
    assert Fan.SEAT_WIND in r and Fan.PREVALENT_WIND not in r
    r = fanshu.score(hand, prevalent_wind=wind)
    assert Fan.PREVALENT_WIND in r and Fan.SEAT_WIND not in r
    assert r.hand.context.prevalent_wind is Tile.SOUTH


@pytest.mark.parametrize("wind", ["E", 0, Tile.EAST, "东"])
def test_east_in_every_form(wind: str | int | Tile) -> None:
    r = fanshu.score(PLAIN, seat_wind=wind, prevalent_wind=wind)
    assert Fan.SEAT_WIND in r and Fan.PREVALENT_WIND in r


def test_flowers() -> None:
    r = fanshu.score(KONG_HAND, seat_wind="S", self_drawn=True, flowers=2)
    assert r.flowers == 2
    assert r.count_of(Fan.FLOWER_TILES) == 2
    assert r.total == 19 and r.total_without_flowers == 17


def test_flowers_do_not_reach_the_minimum() -> None:
    r = fanshu.score("[123m][456p][678s]12s44m3s", flowers=8)  # a chicken hand with 8 flowers
    assert r.is_win and r.total_without_flowers < 8 <= r.total
    assert not r.meets_minimum


def test_options() -> None:
    hand = "[1111m1][2222s]345p678m99p"
    default = fanshu.score(hand)
    green = fanshu.score(hand, options=McrOptions(concealed_and_melded_kong=6))
    assert Fan.CONCEALED_KONG_AND_MELDED_KONG in default
    assert default.total == 8 and green.total == 9
    entry = next(e for e in green.fans if e.fan is Fan.CONCEALED_KONG_AND_MELDED_KONG)
    assert entry.value == 6


def test_options_with_a_hand() -> None:
    h = parse_hand("[1111m][2222s]345p678m99p")
    assert fanshu.score(h).total < fanshu.score(h, options=McrOptions(two_concealed_kongs=8)).total


def test_bad_option() -> None:
    with pytest.raises(OptionError, match="concealed_and_melded_kong is 5 or 6"):
        McrOptions(concealed_and_melded_kong=7)
    with pytest.raises(OptionError, match="unknown option 'nope'"):
        McrOptions.from_dict({"nope": True})


# -- printing and output shapes -----------------------------------------------------------


def test_str_of_a_win() -> None:
    r = fanshu.score(KONG_HAND, self_drawn=True, seat_wind="S", flowers=2)
    text = str(r)
    lines = text.splitlines()
    assert lines[0] == "[EEEE]123m456p1789s1s"
    for e in r.fans:
        assert e.name_zh in text and e.name_en in text
    assert "花龙 Mixed Straight: 8" in text
    assert "花牌 Flower Tiles: 1 ×2" in text
    assert lines[-1] == "  total 19 (17 without flowers, meets the 8-fan minimum)"


def test_str_under_the_minimum() -> None:
    r = fanshu.score("[123m][456p][678s]12s44m3s")
    assert r.is_win and not r.meets_minimum
    assert f"total {r.total}" in str(r)
    assert "is under the 8-fan minimum" in str(r)


def test_to_dict() -> None:
    r = fanshu.score(PLAIN, seat_wind=SOUTH)
    d = r.to_dict()
    assert set(d) == {"total", "fans", "multiplier", "error"}
    assert d["multiplier"] is None
    assert d["error"] is None and d["total"] == 12
    assert d["fans"] == [
        {"name": "花龙", "name_en": "Mixed Straight", "value": 8, "count": 1},
        {"name": "圈风刻", "name_en": "Prevalent Wind", "value": 2, "count": 1},
        {"name": "门前清", "name_en": "Concealed Hand", "value": 2, "count": 1},
    ]


def test_to_full_dict() -> None:
    r = fanshu.score(PLAIN, seat_wind=SOUTH)
    d = r.to_full_dict()
    assert set(d) == {
        "total",
        "fans",
        "multiplier",
        "error",
        "hand",
        "shape",
        "total_without_flowers",
        "meets_minimum",
        "excluded",
    }
    assert d["hand"] == str(r.hand) == "123m456p11789sEEE"
    assert d["shape"] == "regular"
    assert (d["total"], d["total_without_flowers"], d["meets_minimum"]) == (12, 12, True)
    assert d["fans"][0] == {
        "name": "花龙",
        "name_en": "Mixed Straight",
        "value": 8,
        "count": 1,
        "sets": ["123m", "789s", "456p"],
    }
    assert d["fans"][1]["sets"] == ["EEE"]
    assert d["fans"][2]["sets"] == []
    assert d["excluded"] == [
        {"name": "幺九刻", "name_en": "Pung of Terminals or Honors", "by": "圈风刻",
         "by_en": "Prevalent Wind", "reason": "implied", "reason_zh": "不重复",
         "reason_en": "implied", "sets": ["EEE"], "also_by": [], "also_by_en": []}
    ]  # fmt: skip


def test_to_json() -> None:
    r = fanshu.score(PLAIN, seat_wind=SOUTH)
    text = r.to_json()
    assert "花龙" in text  # not escaped
    assert json.loads(text) == r.to_dict()


# -- hands that are not wins ---------------------------------------------------------------


def test_not_a_win() -> None:
    r = fanshu.score(NOT_A_WIN)
    assert not r.is_win
    assert r.reason
    assert r.fans == () and r.total == 0 and not r.meets_minimum
    d = r.to_dict()
    assert d["error"]["code"] == "not_a_win"
    assert d["error"]["message"] == r.reason
    assert (d["total"], d["fans"]) == (0, [])
    full = r.to_full_dict()
    assert full["error"]["code"] == "not_a_win"
    assert (full["total_without_flowers"], full["meets_minimum"]) == (0, False)
    assert full["hand"] == str(r.hand)
    assert json.loads(r.to_json())["error"]["code"] == "not_a_win"
    assert str(r) == f"{r.hand}: not a winning hand ({r.reason})"


def test_not_a_win_with_melds_says_why() -> None:
    r = fanshu.score("[123m][456p]789s11sESE")
    assert not r.is_win and r.reason == "the concealed tiles do not form sets and a pair"


def test_not_a_win_keeps_its_flowers() -> None:
    r = fanshu.score(NOT_A_WIN, flowers=3)
    assert not r.is_win and r.flowers == 3 and r.total == 0


# -- bad input ----------------------------------------------------------------------------


def test_notation_error_with_position() -> None:
    with pytest.raises(NotationError, match="unknown suit 'x' at 2") as info:
        fanshu.score("12x")
    assert info.value.position == 2
    assert info.value.code == "bad_notation"
    assert isinstance(info.value, FanshuError) and isinstance(info.value, ValueError)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty hand"),
        ("[123m", r"'\[' without a closing '\]' at 0"),
        ("1m2", "digits with no suit after them at 2"),
        ("0m", "there is no tile 0"),
        ("[124m]456p789s11sEEE", "a chow must be three consecutive tiles"),
        ("123m[456p]789s11sEEE", "melds come before the concealed tiles"),
        ("[111m]11m456p789s11s1m", "five copies of 1m"),
        ("123m456p789s11sEE1f", "a flower is not part of the hand: 1f"),
    ],
)
def test_notation_errors(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        fanshu.score(text)


def test_thirteen_tiles_is_an_invalid_hand() -> None:
    with pytest.raises(InvalidHandError, match="a complete hand has 14 tiles") as info:
        fanshu.score("123m456p789s11sEE")
    assert "this one has 13" in info.value.message
    assert info.value.code == "invalid_hand"
    assert not isinstance(info.value, NotationError)


def test_invalid_context_through_score() -> None:
    with pytest.raises(InvalidHandError, match="杠上开花"):
        fanshu.score(PLAIN, self_drawn=True, kong=True)
    with pytest.raises(InvalidHandError, match="unknown wind 'X'"):
        fanshu.score(PLAIN, seat_wind="X")
    with pytest.raises(InvalidHandError, match="flowers"):
        fanshu.score(PLAIN, flowers=-1)


def test_a_flag_that_cannot_be_a_key_is_refused_or_kept() -> None:
    # an unhashable value is no cache key: WinContext itself says what is wrong with it
    unhashable: Any = ["S"]
    with pytest.raises(InvalidHandError, match=r"unknown wind \['S'\]"):
        fanshu.score(PLAIN, seat_wind=unhashable)
    with pytest.raises(InvalidHandError, match="flowers must be a count"):
        fanshu.score(PLAIN, flowers=unhashable)


def test_the_contexts_kept_are_bounded() -> None:
    from fanshu import api

    seen = set()
    for n in range(api._CONTEXTS_MAX + 50):  # all different: 8 flags, 2 winds, 0-1 flowers
        b = [bool(n >> i & 1) for i in (0, 1, 2, 3, 8, 9, 10, 11)]
        flags = (b[0], b[1], b[2], b[3], n >> 4 & 3, n >> 6 & 3, n >> 12, b[4], b[5], b[6], b[7])
        seen.add(api._context(flags))
        assert len(api._CONTEXTS) <= api._CONTEXTS_MAX
    assert len(seen) > api._CONTEXTS_MAX  # the flags above are all different
    south = (True, False, False, False, "S", "E", 2, False, False, False, False)
    assert api._context(south) is api._context(south)
    assert (
        api._context(south)
        == fanshu.parse_hand(PLAIN).with_context(self_drawn=True, seat_wind="S", flowers=2).context
    )


def test_invalid_hand_object() -> None:
    h = Hand(parse_hand("123m456p789s11sEE").concealed)
    with pytest.raises(InvalidHandError, match="this one has 13"):
        fanshu.score(h)


def test_error_codes() -> None:
    assert FanshuError.code == "invalid_input"
    assert NotationError.code == "bad_notation"
    assert InvalidHandError.code == "invalid_hand"
    assert OptionError.code == "bad_option"
    for cls in (NotationError, InvalidHandError, OptionError):
        assert issubclass(cls, FanshuError)


@pytest.mark.parametrize("bad", [123, None, ["1m"]])
def test_score_rejects_what_is_not_a_hand(bad: object) -> None:
    with pytest.raises(NotationError, match="a hand is a hand string or a Hand"):
        fanshu.score(bad)  # type: ignore[arg-type]


def test_shanten_quick_call() -> None:
    assert fanshu.shanten("1112345678999m") == 0
    assert fanshu.shanten("123m456p789sEEE1s1s") == -1
    assert fanshu.shanten("[123m]456p789sEE1s5s") == 1
    with pytest.raises(fanshu.InvalidHandError, match="13 or 14 tiles"):
        fanshu.shanten("123m")
    with pytest.raises(NotationError):
        fanshu.shanten(5)  # type: ignore[arg-type]
