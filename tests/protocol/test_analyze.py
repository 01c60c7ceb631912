"""The analyze request and result (``fanshu.protocol.analyze``): every field reaches
``fanshu.analyze`` as it should, every bound and type is checked, with the field named."""

from __future__ import annotations

from typing import Any

import pytest

from fanshu import analyze
from fanshu.analysis.position import Opponent
from fanshu.hand import Meld, MeldKind, WinContext
from fanshu.protocol.analyze import (
    ANALYZE_FIELDS,
    OPPONENT_FIELDS,
    analysis_object,
    analyze_line,
    parse_analyze_request,
)
from fanshu.protocol.bounds import ANALYSIS_SEED, BUDGET, OFFERED_BY, WALL
from fanshu.tiles import Tile

NINE_GATES = "1112345678999m"
#: 3m and 6m keep the same tiles; only after 6m is the wait (7s) worth 8 fan or more.
SANSHOKU = "3456m345p34568sEE"
#: A small budget: the tests check the wiring, not the estimates.
BUDGET_SMALL = 40


def test_analyze_line_fields() -> None:
    obj = {
        "id": [1, "a"],
        "hand": NINE_GATES,
        "visible": "9m",
        "rules": "mcr",
        "by": "value",
        "look_ahead": "all",
        "seat_wind": "W",
        "prevalent_wind": "S",
        "flowers": 1,
        "options": {"two_concealed_kongs": 8},
        "dealer": True,
        "wall": 50,
        "seats": 4,
        "void": None,
        "offered": "5m",
        "offered_by": 3,
        "opponents": [{"discards": "1s", "relative": 3}],
        "budget": BUDGET_SMALL,
        "seed": 7,
        "wildcard": None,  # no wild tile (tests/protocol/test_wildcard.py: with one)
        "notation": None,  # detected (tests/protocol/test_notations.py: named)
    }
    assert set(obj) == set(ANALYZE_FIELDS)
    out = analyze_line(obj)
    assert out["error"] is None and out["id"] == [1, "a"]
    assert {w["tile"]: w["remaining"] for w in out["waits"]}["9m"] == 0
    # every field reaches fanshu.analyze as the Python call gives it
    req = parse_analyze_request(obj)
    ctx = WinContext(seat_wind="W", prevalent_wind="S", flowers=1, dealer=True)
    assert req.options is not None and req.options.two_concealed_kongs == 8
    expected = analyze(
        NINE_GATES,
        [Tile.M9, Tile.S1],  # visible, and the opponent's discard
        context=ctx,
        options=req.options,
        rules="mcr",
        by="value",
        wall=50,
        seats=4,
        dealer=True,
        opponents=[Opponent(discards=(Tile.S1, Tile.M5), relative=3)],  # then it threw 5m
        offered="5m",
        offered_by=3,
        budget=BUDGET_SMALL,
        seed=7,
        look_ahead="all",
    )
    assert out == analysis_object([1, "a"], expected)
    assert out["claims"] and out["by"] == "value"


def test_value_is_the_default_and_efficiency_is_todays_ranking() -> None:
    value = analyze_line({"hand": SANSHOKU, "budget": BUDGET_SMALL})
    assert value["by"] == "value" and value["rules"] == "mcr"
    assert value == analysis_object(None, analyze(SANSHOKU, budget=BUDGET_SMALL))
    # the known case: after 6m the wait 7s is worth 三色三同顺, after 3m it is under 8 fan
    assert value["best"] == "discard 6m"
    assert value["discards"][0]["tile"] == "6m"
    first = value["discards"][0]
    for key in ("p_win", "p_minimum", "expected_points", "targets", "danger", "why"):
        assert key in first
    assert 0 <= first["p_win"] <= 1 and 0 <= first["p_minimum"] <= 1
    efficiency = analyze_line({"hand": SANSHOKU, "by": "efficiency"})
    assert efficiency == analysis_object(None, analyze(SANSHOKU, by="efficiency"))
    assert efficiency["by"] == "efficiency"
    assert efficiency["discards"][0]["tile"] == "3m"  # today's order: 3m and 6m tie, 3m first
    assert "p_win" not in efficiency["discards"][0]


def test_opponents_tiles_count_as_seen_once() -> None:
    """An opponent's discards and melds lower the counts as ``visible`` does."""
    seen = analyze_line({"hand": NINE_GATES, "by": "efficiency", "visible": "9m"})
    by_opponent = analyze_line(
        {"hand": NINE_GATES, "by": "efficiency", "opponents": [{"discards": "9m"}]}
    )
    assert by_opponent["waits"] == seen["waits"]
    melded = analyze_line(
        {"hand": NINE_GATES, "by": "efficiency", "opponents": [{"melds": "[789m]"}]}
    )
    left = {w["tile"]: w["remaining"] for w in melded["waits"]}
    alone = analyze_line({"hand": NINE_GATES, "by": "efficiency"})
    plain = {w["tile"]: w["remaining"] for w in alone["waits"]}
    assert [plain[t] - left[t] for t in ("7m", "8m", "9m", "6m")] == [1, 1, 1, 0]


def test_opponent_parsed_with_its_defaults() -> None:
    req = parse_analyze_request(
        {
            "hand": SANSHOKU,
            "opponents": [
                {"discards": "19m", "melds": "[123s][EEEE1]", "concealed_kongs": 1},
                {"void": "p", "won": True, "declared_ready": True},
            ],
        }
    )
    first, second = req.opponents
    assert first.discards == (Tile.M1, Tile.M9)
    assert first.melds == (Meld(MeldKind.CHOW, Tile.S1, 1), Meld(MeldKind.KONG, Tile.EAST, 1))
    assert (first.concealed_kongs, first.relative) == (1, 1)
    assert (second.void, second.won, second.declared_ready, second.relative) == (2, True, True, 2)
    assert set(OPPONENT_FIELDS) == {
        "discards",
        "melds",
        "concealed_kongs",
        "declared_ready",
        "won",
        "void",
        "relative",
    }


def test_two_player_defaults_to_two_seats() -> None:
    req = parse_analyze_request({"hand": SANSHOKU, "rules": "two-player"})
    assert req.seats is None  # the rule set's, decided by analyze
    out = analyze_line({"id": 1, "hand": SANSHOKU, "rules": "two-player", "offered_by": 2})
    assert out["error"]["code"] == "out_of_range"
    assert "offered_by must be 1 to 1" in out["error"]["message"]


@pytest.mark.parametrize(
    ("obj", "code", "message"),
    [
        ({}, "bad_field", "missing 'hand'"),
        ({"hand": 5}, "bad_field", "hand must be a string"),
        ({"hand": NINE_GATES, "visible": 5}, "bad_field", "visible must be a tile string"),
        ({"hand": NINE_GATES, "self_drawn": True}, "bad_field", "unknown key 'self_drawn'"),
        ({"hand": NINE_GATES, "seat_wind": "Q"}, "bad_field", "seat_wind"),
        ({"hand": NINE_GATES, "flowers": 9}, "invalid_hand", "8 flowers"),
        ({"hand": NINE_GATES, "options": {"x": 1}}, "bad_option", "unknown option"),
        ({"hand": "12x"}, "bad_notation", "unknown suit"),
        ({"hand": NINE_GATES, "visible": "1x"}, "bad_notation", "unknown suit"),
        ({"hand": "123m"}, "invalid_hand", "13 or 14 tiles"),
        ({"hand": NINE_GATES, "visible": "1m1m"}, "invalid_hand", "1m"),
        ({"hand": NINE_GATES, "rules": "nope"}, "bad_option", "unknown rule set 'nope'"),
        ({"hand": NINE_GATES, "rules": 3}, "bad_field", "rules must be a rule set name"),
        ({"hand": NINE_GATES, "by": "speed"}, "bad_field", 'by must be "value" or "efficiency"'),
        ({"hand": NINE_GATES, "dealer": "yes"}, "bad_field", "dealer must be true or false"),
        ({"hand": NINE_GATES, "wall": -1}, "out_of_range", WALL.message(-1)),
        ({"hand": NINE_GATES, "wall": 137}, "out_of_range", WALL.message(137)),
        ({"hand": NINE_GATES, "wall": 5.5}, "bad_field", "wall must be a whole number 0 to 136"),
        ({"hand": NINE_GATES, "wall": True}, "bad_field", "wall must be a whole number"),
        ({"hand": NINE_GATES, "seats": 3}, "out_of_range", "seats must be 2 (two-player) or 4"),
        ({"hand": NINE_GATES, "seats": "4"}, "bad_field", "seats must be 2 or 4"),
        ({"hand": NINE_GATES, "void": "x"}, "bad_field", "void must be a suit: m (万)"),
        ({"hand": NINE_GATES, "void": "mm"}, "bad_field", "void must be a suit"),
        ({"hand": NINE_GATES, "offered": "5m5m"}, "bad_field", "offered must be one tile, not 2"),
        ({"hand": NINE_GATES, "offered": "5x"}, "bad_notation", "offered: unknown suit"),
        ({"hand": NINE_GATES, "offered": "1f"}, "bad_field", "offered must be a tile in play"),
        ({"hand": NINE_GATES, "offered": 5}, "bad_field", "offered must be one tile"),
        ({"hand": NINE_GATES, "offered_by": 1}, "bad_field", "give offered"),
        (
            {"hand": NINE_GATES, "offered": "5m", "offered_by": 4},
            "out_of_range",
            OFFERED_BY.message(4),
        ),
        (
            {"hand": NINE_GATES, "seats": 2, "offered": "5m", "offered_by": 2},
            "out_of_range",
            "offered_by must be 1 to 1 (the other seats at 2), not 2",
        ),
        ({"hand": NINE_GATES, "budget": 0}, "out_of_range", BUDGET.message(0)),
        ({"hand": NINE_GATES, "budget": BUDGET.high + 1}, "out_of_range", "budget must be 1 to"),
        ({"hand": NINE_GATES, "seed": -1}, "out_of_range", ANALYSIS_SEED.message(-1)),
        ({"hand": NINE_GATES, "seed": 2**32}, "out_of_range", ANALYSIS_SEED.message(2**32)),
        ({"hand": NINE_GATES, "opponents": {}}, "bad_field", "opponents must be an array"),
        ({"hand": NINE_GATES, "opponents": [{}] * 4}, "out_of_range", "at most 3, one per"),
        (
            {"hand": NINE_GATES, "seats": 2, "opponents": [{}, {}]},
            "out_of_range",
            "opponents has 2 entries: at most 1",
        ),
        ({"hand": NINE_GATES, "opponents": [5]}, "bad_field", "opponents[0] must be an object"),
        ({"hand": NINE_GATES, "opponents": [{"x": 1}]}, "bad_field", "opponents[0]: unknown key"),
        (
            {"hand": NINE_GATES, "opponents": [{}, {"discards": "1x"}]},
            "bad_notation",
            "opponents[1].discards: unknown suit",
        ),
        (
            {"hand": NINE_GATES, "opponents": [{"discards": "1f"}]},
            "bad_field",
            "a flower is never discarded",
        ),
        (
            {"hand": NINE_GATES, "opponents": [{"melds": "123s"}]},
            "bad_field",
            "opponents[0].melds must be melds in brackets only",
        ),
        (
            {"hand": NINE_GATES, "opponents": [{"melds": "[12s]"}]},
            "bad_notation",
            "opponents[0].melds: a meld has 3 or 4 tiles",
        ),
        (
            {"hand": NINE_GATES, "opponents": [{"concealed_kongs": 5}]},
            "out_of_range",
            "opponents[0].concealed_kongs must be 0 to 4",
        ),
        (
            {"hand": NINE_GATES, "opponents": [{"melds": "[123s][EEE]", "concealed_kongs": 3}]},
            "bad_field",
            "at most 4 in all",
        ),
        (
            {"hand": NINE_GATES, "opponents": [{"relative": 0}]},
            "out_of_range",
            "opponents[0].relative must be 1 to 3",
        ),
        (
            {"hand": NINE_GATES, "opponents": [{"relative": 2}, {"relative": 2}]},
            "bad_field",
            "are both at relative 2",
        ),
        (
            {"hand": NINE_GATES, "opponents": [{"won": None}]},
            "bad_field",
            "opponents[0].won must be true or false",
        ),
        (
            {"hand": NINE_GATES, "opponents": [{"void": "z"}]},
            "bad_field",
            "opponents[0].void must be a suit",
        ),
    ],
)
def test_analyze_line_errors(obj: dict[str, Any], code: str, message: str) -> None:
    out = analyze_line({"id": "k", **obj})
    assert list(out) == ["id", "error"]
    assert out["id"] == "k"
    assert out["error"]["code"] == code
    assert message in out["error"]["message"]


def test_analyze_line_not_an_object() -> None:
    out = analyze_line([1, 2])
    assert out == {
        "id": None,
        "error": {"code": "bad_json", "message": "a line must be a JSON object, not an array"},
    }


def test_look_ahead_reaches_analyze_and_is_checked() -> None:
    hand = "123m456p789s135sEN"
    for mode in ("best", "all", "none"):
        out = analyze_line({"hand": hand, "by": "efficiency", "look_ahead": mode})
        expected = analyze(hand, by="efficiency", look_ahead=mode).to_dict()  # type: ignore[arg-type]
        assert {k: v for k, v in out.items() if k not in ("id", "error")} == expected
    bad = analyze_line({"hand": hand, "look_ahead": "deep"})
    assert bad["error"]["code"] == "bad_field"
    assert 'look_ahead must be "best", "all" or "none", not "deep"' in bad["error"]["message"]
