"""Bad Sichuan input: honours, flowers, claimed chows, impossible contexts; 缺一门."""

from __future__ import annotations

import pytest

import fanshu
from fanshu.errors import InvalidHandError, OptionError
from fanshu.hand import WinContext
from fanshu.notation import parse_hand
from fanshu.rules import get_rules, names
from fanshu.rules.sichuan.options import SichuanOptions
from fanshu.rules.sichuan.ruleset import RULES


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("123m456m789mEEE1m1m", "no honours (E in the concealed tiles)"),
        ("[CCC1]123m456m789m1m1m", "no honours (C in the meld"),
        ("123m456m789m111p1mP", "no honours (P as the winning tile)"),
    ],
)
def test_honours_are_rejected(text: str, words: str) -> None:
    with pytest.raises(InvalidHandError, match="Sichuan uses 108 tiles") as e:
        RULES.score(parse_hand(text))
    assert words in str(e.value)


def test_flowers_are_rejected() -> None:
    with pytest.raises(InvalidHandError, match="no flowers"):
        RULES.score(parse_hand("123m345m222p999p6p6p", WinContext(flowers=1)))


def test_claimed_chow_is_rejected_but_concealed_run_is_fine() -> None:
    with pytest.raises(InvalidHandError, match="no chow in Sichuan"):
        RULES.score(parse_hand("[123m]456m789m111p2p2p"))
    assert RULES.score(parse_hand("123m456m789m111p2p2p")).is_win


@pytest.mark.parametrize(
    ("ctx", "words"),
    [
        ({"kong_discard": True, "self_drawn": True}, "杠上炮"),
        ({"kong_discard": True, "kong": True}, "cannot both hold"),
        ({"first_turn": True, "dealer": True}, "天胡"),
    ],
)
def test_impossible_contexts(ctx: dict[str, bool], words: str) -> None:
    with pytest.raises(InvalidHandError, match=words):
        RULES.score(parse_hand("123m345m222p66p789p", WinContext(**ctx)))


def test_first_turn_with_a_meld_is_rejected() -> None:
    h = parse_hand("[222p1]123m345m66p789p", WinContext(first_turn=True, self_drawn=True))
    with pytest.raises(InvalidHandError, match="before any claim"):
        RULES.score(h)


def test_too_many_tiles_is_rejected() -> None:
    with pytest.raises(InvalidHandError, match="14 tiles"):
        RULES.score(parse_hand("123m345m222p999p6p6p7p"))


def test_three_suits_is_not_a_win_with_a_clear_reason() -> None:
    r = RULES.score(parse_hand("123m456s789p11m22m3m"))
    assert not r.is_win
    assert (
        r.reason == "缺一门: a Sichuan win must be void in one suit; this hand holds 万, 条 and 筒"
    )
    assert r.to_dict()["error"]["code"] == "not_a_win"
    assert r.details["suits"] == "万条筒"


def test_incomplete_hand_is_not_a_win() -> None:
    r = RULES.score(parse_hand("123m456m789m11p2p3p5p"))
    assert not r.is_win and r.reason is not None and "not a winning shape" in r.reason


@pytest.mark.parametrize(
    "data",
    [{"colour": 1}, {"preset": "seed003"}, {"cap": 0}, {"cap": "4"}, {"base": 0},
     {"ready_payment": "avg"}, {"void_suit": "yes"}],
)  # fmt: skip
def test_bad_options(data: dict[str, object]) -> None:
    with pytest.raises(OptionError):
        RULES.options_from(data)


def test_options_by_mapping_and_cap_none() -> None:
    assert RULES.options_from({"preset": "seed002", "cap": "none"}).cap is None
    assert RULES.options_from({}) == SichuanOptions()
    with pytest.raises(OptionError):
        RULES.score(parse_hand("123m345m222p999p6p6p"), options=42)


# --- through the registry and fanshu.score -------------------------------------------


def test_registry_finds_sichuan() -> None:
    assert "sichuan" in names()
    rules = get_rules("sichuan")
    assert rules is RULES
    assert (rules.name, rules.title_zh, rules.flowers, rules.combine) == (
        "sichuan", "四川麻将 血战到底", False, "double")  # fmt: skip
    assert rules.tiles == frozenset(range(27)) and rules.cap is None and rules.minimum == 0
    assert [r.key for r in rules.fans][:2] == ["ping_hu", "dui_dui_hu"]
    assert {n for n, _, _ in rules.describe_options()} >= {"preset", "cap", "base"}


def test_fanshu_score_with_rules_sichuan() -> None:
    r = fanshu.score("123s567s234s888s9s9s", rules="sichuan", self_drawn=True)
    assert r.is_win and r.total == 4
    assert r.to_dict() == {
        "total": 4,
        "fans": [
            {"name": "清一色", "name_en": "Pure one suit", "value": 3, "count": 1},
            {"name": "自摸", "name_en": "Self-drawn", "value": 1, "count": 1},
        ],
        "multiplier": 8,
        "error": None,
    }
    r = fanshu.score("123s567s234s888s9s9s", rules="sichuan", options={"preset": "seed002"})
    assert r.total == 3
    with pytest.raises(InvalidHandError, match="no honours"):
        fanshu.score("123m456m789mEEE1m1m", rules="sichuan")
