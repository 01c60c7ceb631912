"""The score request and result (``fanshu.protocol.score``): one object in, one out,
bad fields reported with their code, every rule set."""

from __future__ import annotations

from typing import Any

import pytest

import fanshu
from fanshu.protocol.score import FIELDS, parse_request, score_line, score_object, score_request
from fanshu.rules.base import ScoreResult

HAND = "[EEEE]123m456p789s11s"
NOT_A_WIN = "[EEEE]123m456p789s19p"
FLUSH = "11123455678999m"  # one suit, no honours: legal under every rule set


def test_score_line_good() -> None:
    out = score_line({"id": 3, "hand": HAND, "self_drawn": True, "seat_wind": "S"})
    expected = fanshu.score(HAND, self_drawn=True, seat_wind="S")
    assert out == {
        "id": 3,
        "total": expected.total,
        "fans": [e.to_dict() for e in expected.fans],
        "multiplier": None,
        "total_without_flowers": expected.total_without_flowers,
        "meets_minimum": expected.meets_minimum,
        "error": None,
    }


def test_score_line_defaults() -> None:
    out = score_line({"hand": HAND})
    assert out["id"] is None
    assert out["total"] == fanshu.score(HAND).total


def test_score_line_all_fields() -> None:
    obj = {
        "id": {"game": 1, "round": [2, 3]},
        "hand": "[123m]456p678s55s23m4m",
        "self_drawn": False,
        "fourth_tile": True,
        "kong": False,
        "wall_last": True,
        "seat_wind": "N",
        "prevalent_wind": "S",
        "flowers": 4,
        "options": {"two_concealed_kongs": 8, "seven_pairs_tile_hog": False},
        "rules": "mcr",
        "dealer": True,
        "first_turn": False,
        "ready_at_start": False,
        "kong_discard": False,
        "wildcard": None,  # no wild tile (tests/protocol/test_wildcard.py: with one)
        "notation": "fanshu",
    }
    assert set(obj) == set(FIELDS)
    out = score_line(obj)
    assert out["error"] is None, out
    assert out["id"] == {"game": 1, "round": [2, 3]}
    expected = fanshu.score(
        "[123m]456p678s55s23m4m",
        fourth_tile=True,
        wall_last=True,
        seat_wind="N",
        prevalent_wind="S",
        flowers=4,
        options=fanshu.McrOptions(two_concealed_kongs=8),
    )
    assert out["total"] == expected.total


@pytest.mark.parametrize(
    ("obj", "code", "message"),
    [
        ({}, "bad_field", "missing 'hand'"),
        ({"id": 1}, "bad_field", "missing 'hand'"),
        ({"hand": 5}, "bad_field", "hand must be a string"),
        ({"hand": None}, "bad_field", "hand must be a string"),
        ({"hand": HAND, "self_drawn": "yes"}, "bad_field", "self_drawn must be true or false"),
        ({"hand": HAND, "kong": 1}, "bad_field", "kong must be true or false"),
        ({"hand": HAND, "wall_last": None}, "bad_field", "wall_last"),
        ({"hand": HAND, "fourth_tile": "false"}, "bad_field", "fourth_tile"),
        ({"hand": HAND, "seat_wind": "Q"}, "bad_field", "seat_wind must be E, S, W or N"),
        ({"hand": HAND, "prevalent_wind": 0}, "bad_field", "prevalent_wind"),
        ({"hand": HAND, "flowers": "2"}, "bad_field", "flowers must be an integer"),
        ({"hand": HAND, "flowers": 1.0}, "bad_field", "flowers must be an integer"),
        ({"hand": HAND, "flowers": True}, "bad_field", "flowers must be an integer"),
        ({"hand": HAND, "flowers": 9}, "invalid_hand", "8 flowers"),
        ({"hand": HAND, "flowers": -1}, "invalid_hand", "flowers"),
        ({"hand": HAND, "selfdrawn": True}, "bad_field", "unknown key 'selfdrawn'"),
        ({"hand": HAND, "options": [1]}, "bad_field", "options must be an object"),
        ({"hand": HAND, "options": {"nope": 1}}, "bad_option", "unknown option 'nope'"),
        (
            {"hand": HAND, "options": {"seven_pairs_tile_hog": "yes"}},
            "bad_option",
            "seven_pairs_tile_hog",
        ),
        ({"hand": HAND, "options": {"two_concealed_kongs": 7}}, "bad_option", "6 or 8"),
        ({"hand": "xyz"}, "bad_notation", "unexpected character 'x'"),
        ({"hand": ""}, "bad_notation", "empty hand"),
        ({"hand": "123m"}, "invalid_hand", "14 tiles"),
        ({"hand": "123m456p789s11sEEE", "kong": True}, "invalid_hand", "抢杠和"),
        ({"hand": NOT_A_WIN}, "not_a_win", ""),
    ],
)
def test_score_line_errors(obj: dict[str, Any], code: str, message: str) -> None:
    obj = {"id": "k", **obj} if "id" not in obj else obj
    out = score_line(obj)
    assert list(out) == ["id", "error"]
    assert out["id"] == obj["id"]
    assert out["error"]["code"] == code
    assert message in out["error"]["message"]
    assert out["error"]["message"]


def test_score_line_not_an_object() -> None:
    out = score_line([1, 2])  # type: ignore[arg-type]
    message = "a line must be a JSON object, not an array"
    assert out == {"id": None, "error": {"code": "bad_json", "message": message}}


@pytest.mark.parametrize(
    ("obj", "code", "message"),
    [
        ({"hand": HAND, "rules": "nope"}, "bad_option", "unknown rule set 'nope'"),
        ({"hand": HAND, "rules": 3}, "bad_field", "rules must be a rule set name"),
        ({"hand": HAND, "rules": ["mcr"]}, "bad_field", "rules"),
        ({"hand": HAND, "dealer": "yes"}, "bad_field", "dealer must be true or false"),
        ({"hand": HAND, "first_turn": 1}, "bad_field", "first_turn"),
        ({"hand": HAND, "ready_at_start": None}, "bad_field", "ready_at_start"),
        ({"hand": HAND, "kong_discard": "no"}, "bad_field", "kong_discard"),
        ({"hand": HAND, "rule": "mcr"}, "bad_field", "unknown key 'rule'"),
    ],
)
def test_rules_and_context_errors(obj: dict[str, Any], code: str, message: str) -> None:
    out = score_line({"id": "r", **obj})
    assert list(out) == ["id", "error"]
    assert out["error"]["code"] == code
    assert message in out["error"]["message"]


def test_unknown_rules_names_the_known_ones() -> None:
    message = score_line({"hand": HAND, "rules": "nope"})["error"]["message"]
    assert all(name in message for name in fanshu.rules.names())


def test_mcr_lines_gain_multiplier_null() -> None:
    out = score_line({"hand": HAND, "rules": "mcr", "dealer": True, "kong_discard": False})
    assert out["multiplier"] is None
    assert {**out} == {**score_line({"hand": HAND})}


def test_rules_null_is_the_default() -> None:
    assert score_line({"hand": HAND, "rules": None}) == score_line({"hand": HAND})


@pytest.mark.skipif("sichuan" not in fanshu.rules.names(), reason="Sichuan not registered yet")
def test_sichuan_line() -> None:
    out = score_line({"id": "s", "hand": FLUSH, "rules": "sichuan", "self_drawn": True})
    assert out["error"] is None, out
    assert {"total", "fans", "multiplier"} <= set(out)
    assert out["multiplier"] == 2 ** (out["total"] - 1)
    assert "清一色" in [f["name"] for f in out["fans"]]


# -- score_object: the HTTP answer, the result with the display extras -------------------


def _scored(obj: dict[str, Any]) -> ScoreResult:
    return score_request(parse_request(obj))


def test_score_object_of_an_mcr_win_adds_the_display_extras() -> None:
    out = score_object(5, _scored({"hand": HAND, "self_drawn": True}))
    line = score_line({"id": 5, "hand": HAND, "self_drawn": True})
    assert list(out)[:4] == ["id", "total", "fans", "multiplier"] and list(out)[-1] == "error"
    assert {"hand", "shape", "total_without_flowers", "meets_minimum", "excluded"} <= set(out)
    assert (out["id"], out["total"], out["error"]) == (5, line["total"], None)
    assert [f["name"] for f in out["fans"]] == [f["name"] for f in line["fans"]]
    assert all("sets" in f for f in out["fans"])


def test_score_object_of_a_hand_that_is_not_a_win_is_an_answer() -> None:
    out = score_object("n", _scored({"hand": NOT_A_WIN}))
    assert out["total"] == 0 and out["fans"] == [] and out["multiplier"] is None
    assert out["error"]["code"] == "not_a_win" and list(out)[-1] == "error"
    assert out["hand"]


@pytest.mark.parametrize("name", [n for n in fanshu.rules.names() if n != "mcr"])
def test_score_object_of_other_rule_sets_keeps_the_line_and_adds_the_hand(name: str) -> None:
    obj = {"id": 1, "hand": FLUSH, "rules": name, "self_drawn": True}
    out = score_object(1, _scored(obj))
    line = score_line(obj)
    if line["error"] is None:
        assert {k: out[k] for k in ("id", "total", "multiplier")} == {
            k: line[k] for k in ("id", "total", "multiplier")
        }
        assert "hand" in out and list(out)[-1] == "error"


def test_result_has_total_without_flowers_and_meets_minimum() -> None:
    # 8 fan with no flowers meets the minimum; the same with flowers shows both totals
    for flowers in (0, 3):
        out = score_line({"hand": HAND, "flowers": flowers})
        expected = fanshu.score(HAND, flowers=flowers)
        assert out["total"] == expected.total
        assert out["total_without_flowers"] == expected.total - flowers
        assert out["meets_minimum"] is (expected.total - flowers >= 8)
    # under the minimum: a cheap hand whose flowers do not count toward it
    cheap = "[123m]456p678s55s23m4m"
    low = score_line({"hand": cheap, "flowers": 8})
    assert low["error"] is None
    assert low["meets_minimum"] is False
    assert low["total_without_flowers"] == low["total"] - 8
    assert list(low)[-1] == "error"


@pytest.mark.parametrize("rules", fanshu.rules.names())
def test_every_rule_set_result_has_the_minimum_fields(rules: str) -> None:
    out = score_line({"hand": FLUSH, "rules": rules})
    if out["error"] is not None:
        assert out["error"]["code"] == "not_a_win"
        return
    assert isinstance(out["total_without_flowers"], int)
    assert isinstance(out["meets_minimum"], bool)
    result = fanshu.score(FLUSH, rules=rules)
    assert out["meets_minimum"] is result.meets_minimum
