"""The 底分 × 2^番 list (seed 000, 快速入门规则): each row of the list on a hand that
scores it and on a near miss, the readings the options switch, shapes, bad input and
the rule set as the registry finds it."""

from __future__ import annotations

from typing import Any

import pytest

import fanshu
from fanshu.errors import InvalidHandError, OptionError
from fanshu.rules import get_rules, names
from fanshu.rules.base import RuleResult
from fanshu.rules.common import RULES
from fanshu.rules.common.fans import BY_KEY, FANS
from fanshu.rules.common.options import CommonOptions


def score(hand: str, **kw: Any) -> RuleResult:
    r = fanshu.score(hand, rules="common", **kw)
    assert isinstance(r, RuleResult)
    return r


def fans_of(r: RuleResult) -> dict[str, int]:
    return {f.name_zh: f.count for f in r.fans}


# --- the list as data ---------------------------------------------------------------


def test_values_as_the_seed_gives_them() -> None:
    # §二 番数计算方法: 平和 1, 一杯口 1, 七对子 2, 混一色 2, 无字 3, 对对和 3,
    # 混全带幺九 3, 混全带字 3, 清一色 6, 小三元 13, 大三元 26
    assert {f.name_zh: f.value for f in FANS} == {
        "平和": 1, "一杯口": 1, "七对子": 2, "混一色": 2, "无字": 3, "对对和": 3,
        "混全带幺九": 3, "混全带字": 3, "清一色": 6, "小三元": 13, "大三元": 26,
    }  # fmt: skip
    assert all(f.source.startswith("seed 000, 快速入门规则") for f in FANS)


def test_registry_finds_it() -> None:
    assert "common" in names()
    rules = get_rules("common")
    assert rules is RULES and rules.wildcards is None and rules.combine == "double"
    assert rules.engine_variant == "fanshu.engine.variants.common:CommonVariant"
    assert [n for n, _, _ in rules.describe_options()][:2] == ["base", "cap"]


# --- one hand per row -----------------------------------------------------------------

ROWS = [
    # (row, hand, the fans counted, total)
    ("平和", "123m456m789p234sEE", {"平和": 1}, 1),
    ("一杯口", "123m123m456sEEEFF", {"一杯口": 1}, 1),
    ("七对子", "1m1m4m4m7p7p2s2s5s5sEEFF", {"七对子": 1}, 2),
    ("混一色", "123m456m789mEEEFF", {"混一色": 1}, 2),
    ("无字", "123m456m789m123s5s5s", {"无字": 1}, 3),
    ("对对和", "111m555pEEEFFF9s9s", {"对对和": 1}, 3),
    ("混全带幺九", "123m789m123s789p99p", {"无字": 1, "混全带幺九": 1}, 6),
    ("混全带字", "123m789m123sEEE99p", {"混全带字": 1}, 3),
    ("清一色", "123m456m789m234m55m", {"清一色": 1}, 6),
    ("小三元", "CCCFFF123m456pPP", {"小三元": 1}, 13),
    ("大三元", "CCCFFFPPP123m5p5p", {"大三元": 1}, 26),
]


@pytest.mark.parametrize(("row", "hand", "fans", "total"), ROWS, ids=[r[0] for r in ROWS])
def test_each_row(row: str, hand: str, fans: dict[str, int], total: int) -> None:
    r = score(hand)
    assert r.is_win and fans_of(r) == fans and r.total == total
    assert r.multiplier == 2**total and r.details["points"] == 10 * 2**total


NEAR_MISSES = [
    # (row, hand that misses it, why)
    ("平和", "123m456m789p234s5s5s", "无字 is a fan: no longer a plain hand"),
    ("一杯口", "123m234m456sEEEFF", "two different chows"),
    ("七对子", "1m1m4m4m7p7p2s2s5s5sEFFF", "not seven pairs (and not a win)"),
    ("混一色", "123m456p789mEEEFF", "two suits"),
    ("无字", "123m456m789m123sE E", "an honour pair"),
    ("对对和", "111m555pEEE789s9s9s", "one chow"),
    ("混全带幺九", "123m789m234s789p99p", "234s holds no 1 or 9"),
    ("混全带字", "123m789m123sEEE55p", "the pair 55p"),
    ("清一色", "123m456m789m234m5p5p", "a 5p pair"),
    ("小三元", "CCCFF123m456p789p", "only one dragon pung"),
    ("大三元", "CCCFFFPP123m456p", "the third dragon is a pair"),
]


@pytest.mark.parametrize(("row", "hand", "why"), NEAR_MISSES, ids=[r[0] for r in NEAR_MISSES])
def test_each_row_near_miss(row: str, hand: str, why: str) -> None:
    r = score(hand.replace(" ", ""))
    assert row not in fans_of(r), why


def test_fan_add_up_and_exclusions() -> None:
    # 清一色 6 (无字 and 混一色 not counted) + 一杯口 1 + 混全带幺九 3
    r = score("123m123m789m999m11m")
    assert fans_of(r) == {"一杯口": 1, "混全带幺九": 1, "清一色": 1} and r.total == 10
    assert {(x.row.name_zh, x.by_row.name_zh) for x in r.excluded} == {("无字", "清一色")}
    # 大三元 excludes 小三元; 混一色 + 对对和 + 混全带字 on top
    r = score("CCCFFFPPP111m99m")
    assert fans_of(r) == {"混一色": 1, "对对和": 1, "混全带字": 1, "大三元": 1}
    assert r.total == 2 + 3 + 3 + 26
    assert ("小三元", "大三元") in {(x.row.name_zh, x.by_row.name_zh) for x in r.excluded}


def test_two_pairs_of_identical_chows_count_twice() -> None:
    r = score("123m123m456p456p9s9s")
    assert fans_of(r) == {"一杯口": 2, "无字": 1} and r.total == 5


def test_best_reading_kept() -> None:
    # 112233m 445566p 77s: 七对子 (2) + 无字 (3) against two 一杯口 (2) + 无字 (3): a tie
    # kept either way; with a 1-9 it is the regular reading (混全带幺九 needs the sets)
    r = score("1m1m2m2m3m3m4p4p5p5p6p6p7s7s")
    assert r.total == 5
    # 111m222m333m as three pungs (无字 3) or as three 123m chows, every set with a 1
    # or a 9 (无字 3 + 一杯口 1 + 混全带幺九 3): the chows are kept
    r = score("111m222m333m789p99p")
    assert fans_of(r) == {"一杯口": 1, "无字": 1, "混全带幺九": 1} and r.total == 7


def test_seven_pairs_with_four_of_a_kind_is_an_option() -> None:
    hand = "1m1m1m1m7p7p2s2s5s5sEEFF"
    assert fans_of(score(hand)) == {"七对子": 1}
    r = score(hand, options={"seven_pairs_four_of_a_kind": False})
    assert not r.is_win and "four of a kind" in (r.reason or "")


def test_thirteen_orphans_is_not_in_the_list() -> None:
    r = score("19m19p19sESWNCFPP")
    assert not r.is_win and "七对子" in (r.reason or "")


# --- the readings the options switch ---------------------------------------------------


def test_ping_he_all_chows() -> None:
    # "all_chows": four chows, whatever else the hand scores
    r = score("123m456m789p234s5s5s", options={"ping_he": "all_chows"})
    assert fans_of(r) == {"平和": 1, "无字": 1} and r.total == 4
    # a pung in the hand: no 平和, and under "all_chows" a hand may score 0
    r = score("123m456m789pEEE5s5s", options={"ping_he": "all_chows"})
    assert fans_of(r) == {} and r.total == 0 and r.details["points"] == 10
    assert fans_of(score("123m456m789pEEE5s5s")) == {"平和": 1}


def test_outside_hand_stacked() -> None:
    hand = "123m789m123sEEE99p"
    assert fans_of(score(hand)) == {"混全带字": 1}
    r = score(hand, options={"outside_hand": "stacked"})
    assert fans_of(r) == {"混全带幺九": 1, "混全带字": 1} and r.total == 6
    r = score("123m789m123s789p99p", options={"outside_hand": "stacked"})
    assert fans_of(r) == {"无字": 1, "混全带幺九": 1}


def test_xiao_san_yuan_literal() -> None:
    # two dragon pungs and one more pung (the literal 两组箭牌和一组刻子)
    hand = "CCCFFFEEE123mPP"
    assert fans_of(score(hand))["小三元"] == 1
    hand = "CCCFFFEEE123m9m9m"
    assert "小三元" not in fans_of(score(hand))
    assert "小三元" in fans_of(score(hand, options={"xiao_san_yuan": "literal"}))
    # the literal reading needs the third pung: two dragon pungs and two chows miss
    r = score("CCCFFF123m456pPP", options={"xiao_san_yuan": "literal"})
    assert "小三元" not in fans_of(r)


def test_cap_limits_the_points_not_the_fan() -> None:
    r = score("CCCFFFPPP123m5p5p", options={"cap": 8})
    assert r.total == 26 and r.capped == 8 and r.details["points"] == 10 * 2**8


def test_base_20() -> None:
    assert score("123m456m789m123s5s5s", options={"base": 20}).details["points"] == 160


@pytest.mark.parametrize(
    ("data", "needle"),
    [
        ({"base": 0}, "base (底分)"),
        ({"base": True}, "base (底分)"),
        ({"cap": -1}, "cap"),
        ({"ping_he": "pinfu"}, "ping_he"),
        ({"outside_hand": "x"}, "outside_hand"),
        ({"xiao_san_yuan": 2}, "xiao_san_yuan"),
        ({"payment": "all"}, "payment"),
        ({"seven_pairs_four_of_a_kind": "yes"}, "seven_pairs_four_of_a_kind"),
        ({"flowers": 1}, "unknown option 'flowers'"),
    ],
)
def test_bad_options(data: dict[str, object], needle: str) -> None:
    with pytest.raises(OptionError, match=needle.replace("(", r"\(").replace(")", r"\)")):
        CommonOptions.from_dict(data)


def test_no_flowers_and_no_wildcards() -> None:
    with pytest.raises(InvalidHandError, match="no flowers"):
        score("123m456m789p234sEE", flowers=1)
    # played without a wildcard: fanshu.score refuses one (fanshu.api)
    assert RULES.wildcards is None
    with pytest.raises(OptionError, match="without wildcards"):
        fanshu.score("123m456m789p234sEE", rules="common", wildcard="5p")


def test_every_row_has_a_test_hand() -> None:
    assert {r[0] for r in ROWS} == {f.name_zh for f in FANS} == {r[0] for r in NEAR_MISSES}
    assert BY_KEY["da_san_yuan"].excludes == ("xiao_san_yuan",)
