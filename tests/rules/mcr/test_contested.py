"""The contested points of RULES.md §1, each under both of its values.

Every option is tested on a hand where its value changes the score: the default total
(the value first listed in RULES.md) was checked against the oracle (PyMahjongGB 1.4.0)
when the test was written; the alternative total is the default one minus or plus what
the alternative rule takes away or adds, and is worked out next to each case.  The three
interpretation points without an option are tested under their one (default) reading.
The oracle is NOT called from here.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

import pytest

import fanshu
from fanshu.rules.mcr.fans import Fan
from fanshu.rules.mcr.options import DEFAULT_OPTIONS, McrOptions
from fanshu.rules.mcr.result import McrResult

F = Fan
WAITS = (F.EDGE_WAIT, F.CLOSED_WAIT, F.SINGLE_WAIT)


def _describe(r: McrResult) -> str:
    fans = ", ".join(f"{e.name_zh}×{e.count}={e.points}" for e in r.fans)
    return f"{r.hand}: is_win={r.is_win} total={r.total if r.is_win else '-'} [{fans}]"


def test_defaults_are_the_first_listed_values() -> None:
    o = McrOptions()
    assert o == DEFAULT_OPTIONS
    assert o.concealed_and_melded_kong == 5
    assert o.two_concealed_kongs == 6
    assert o.knitted_straight_waits is True
    assert o.honors_knitted_all_types is False
    assert o.seven_pairs_tile_hog is True
    assert o.all_terminals_triple_pung is True
    assert o.seven_pairs_combines is True
    assert o.all_terminals_double_pung is False
    assert o.special_hands_fully_concealed is False


@dataclass(frozen=True)
class Contested:
    """``hand`` scores ``default`` under the defaults and ``alternative`` with
    ``option`` set to ``value``; ``fan`` is present under exactly ``present_in``."""

    option: str
    value: object
    hand: str
    fan: Fan
    default: int
    alternative: int
    present_in: tuple[str, ...] = ("default",)
    ctx: dict[str, Any] = field(default_factory=dict)
    tag: str = ""


CASES: list[Contested] = [
    # 明暗杠: 5 (default) | 6 (Green Book 2006).  幺九刻 1, 无字 1, 单钓将 1 besides.
    Contested("concealed_and_melded_kong", 6, "[1111m1][2222s]345p678m99p",
              F.CONCEALED_KONG_AND_MELDED_KONG, 8, 9, ("default", "alternative")),
    # 双暗杠: 6 (default) | 8 (Green Book).  门前清 2, 幺九刻 1, 无字 1, 单钓将 1 besides.
    Contested("two_concealed_kongs", 8, "[1111m][2222s]345p678m99p",
              F.TWO_CONCEALED_KONGS, 11, 13, ("default", "alternative")),
    # 边张/嵌张/单钓 when the winning tile is also one of the 组合龙 body's tiles (it can be
    # read as completing the body or as the wait): counted (default; the oracle is built
    # with KNITTED_STRAIGHT_BODY_WITH_ECS) | not (2006 clarification): one fan less.
    # 147万258条369饼 东东东 1万 + 1万: 单钓 on 1万, which is also in 147万.
    Contested("knitted_straight_waits", False, "147m258s369pEEE1m1m", F.SINGLE_WAIT, 19, 18,
              tag="single"),
    # 369万147条258饼 55饼 12万 + 3万: 边张 on 3万, also in 369万.
    Contested("knitted_straight_waits", False, "369m147s258p55p12m3m", F.EDGE_WAIT, 17, 16,
              tag="edge"),
    # 258万147条369饼 55饼 46万 + 5万: 嵌张 on 5万, also in 258万.
    Contested("knitted_straight_waits", False, "258m147s369p55p46m5m", F.CLOSED_WAIT, 17, 16,
              tag="closed"),
    # with a claimed pung the last tile is always a 单钓; 1万 is also in 147万.
    Contested("knitted_straight_waits", False, "[EEE1]147m258s369p1m1m", F.SINGLE_WAIT, 17, 16,
              tag="melded-single"),
    # 全不靠 + 五门齐: not combined (default) | combined (2006 text): +6.
    Contested("honors_knitted_all_types", True, "147m258s36pESWNCF", F.ALL_TYPES, 12, 18,
              ("alternative",)),
    Contested("honors_knitted_all_types", True, "147m258s369pESWNC", F.ALL_TYPES, 24, 30,
              ("alternative",), tag="with-knitted-straight"),
    # 四归一 in a 七对 hand: counted (default) | not (2006): -2 per 四归一.
    Contested("seven_pairs_tile_hog", False, "1111m33m55p77p99sEE", F.TILE_HOG, 26, 24),
    Contested("seven_pairs_tile_hog", False, "11113355779999m", F.TILE_HOG, 52, 48,
              tag="two-hogs"),
    # 清幺九 with 三同刻: counted (default) | dropped (strict 1998: 清幺九 不计同刻): -16.
    Contested("all_terminals_triple_pung", False, "111m111s111p999m99s", F.TRIPLE_PUNG, 145, 129),
    Contested("all_terminals_triple_pung", False, "[111m1]111s111p999m99s", F.TRIPLE_PUNG,
              97, 81, tag="melded"),
    # Seed contradictions (RULES.md §6).  清幺九 with 双同刻: dropped (default; the oracle,
    # seed 004: 清幺九 不计 … 双同刻) | counted (seed 003: 清幺九 … 可加计双同刻、三同刻另计
    # 二组双同刻): 111/999 of two suits are two 双同刻, +2 each.
    Contested("all_terminals_double_pung", True, "111m999m111s999s11p", F.DOUBLE_PUNG, 129, 133,
              ("alternative",)),
    Contested("all_terminals_double_pung", True, "[111m1]999m111s999s11p", F.DOUBLE_PUNG,
              81, 85, ("alternative",), tag="melded"),
    # A self-drawn 九莲宝灯 / 连七对 / 十三幺: 自摸 1 (default; the oracle, seeds 001/004: 不计
    # … 不求人) | 不求人 4 in its place (seed 003: 自摸加计不求人): +3.
    Contested("special_hands_fully_concealed", True, "11123456789999m", F.FULLY_CONCEALED_HAND,
              107, 110, ("alternative",), ctx={"self_drawn": True}, tag="nine-gates"),
    Contested("special_hands_fully_concealed", True, "1122334455667m7m", F.FULLY_CONCEALED_HAND,
              89, 92, ("alternative",), ctx={"self_drawn": True}, tag="seven-shifted-pairs"),
    Contested("special_hands_fully_concealed", True, "19m19p19sESWNCFPP", F.FULLY_CONCEALED_HAND,
              89, 92, ("alternative",), ctx={"self_drawn": True}, tag="thirteen-orphans"),
    Contested("special_hands_fully_concealed", True, "11123456789999m", F.SELF_DRAWN,
              107, 110, ("default",), ctx={"self_drawn": True}, tag="nine-gates-self-drawn"),
]  # fmt: skip


def _id(c: Contested) -> str:
    return f"{c.option}={c.value}" + (f"-{c.tag}" if c.tag else "")


@pytest.mark.parametrize("case", [pytest.param(c, id=_id(c)) for c in CASES])
def test_option_default_value(case: Contested) -> None:
    implicit = fanshu.score(case.hand, **case.ctx)
    explicit = fanshu.score(case.hand, options=McrOptions(), **case.ctx)
    for r in (implicit, explicit):
        assert r.is_win, _describe(r)
        present = case.fan in r
        assert present is ("default" in case.present_in), _describe(r)
        assert r.total == case.default, _describe(r)


@pytest.mark.parametrize("case", [pytest.param(c, id=_id(c)) for c in CASES])
def test_option_alternative_value(case: Contested) -> None:
    options = replace(DEFAULT_OPTIONS, **{case.option: case.value})
    r = fanshu.score(case.hand, options=options, **case.ctx)
    assert r.is_win, _describe(r)
    present = case.fan in r
    assert present is ("alternative" in case.present_in), _describe(r)
    assert r.total == case.alternative, _describe(r)


def test_kong_values_are_unit_values() -> None:
    """The option changes the unit value of the FanEntry, not its count."""
    r = fanshu.score("[1111m][2222s]345p678m99p", options=McrOptions(two_concealed_kongs=8))
    (entry,) = [e for e in r.fans if e.fan is F.TWO_CONCEALED_KONGS]
    assert (entry.count, entry.value) == (1, 8)
    r = fanshu.score("[1111m1][2222s]345p678m99p", options=McrOptions(concealed_and_melded_kong=6))
    (entry,) = [e for e in r.fans if e.fan is F.CONCEALED_KONG_AND_MELDED_KONG]
    assert (entry.count, entry.value) == (1, 6)


def test_self_drawn_seven_pairs_keeps_self_drawn_under_seed_003() -> None:
    """Seed 003's 自摸加计不求人 is said of 九莲宝灯, 连七对 and 十三幺 only: a plain 七对
    still does not count 不求人 (七對 … 不計不求人、單釣, seed 001)."""
    options = McrOptions(special_hands_fully_concealed=True)
    for opts in (DEFAULT_OPTIONS, options):
        r = fanshu.score("11m33m55p77p99sEEFF", self_drawn=True, options=opts)
        assert F.SELF_DRAWN in r and F.FULLY_CONCEALED_HAND not in r, _describe(r)
        assert r.total == 31, _describe(r)


def test_both_seed_options_listed() -> None:
    described = {n: d for n, d, _ in fanshu.rules.get_rules("mcr").describe_options()}
    assert described["all_terminals_double_pung"] == "false"
    assert described["special_hands_fully_concealed"] == "false"


# -- options that must leave other hands alone ---------------------------------------------

UNAFFECTED = [
    # on a discard there is no 不求人 to count: 九莲宝灯, 连七对, 十三幺 unchanged
    pytest.param("special_hands_fully_concealed", True, "11123456789999m", F.NINE_GATES, 106,
                 id="special_hands_fully_concealed-discard"),
    pytest.param("special_hands_fully_concealed", True, "1122334455667m7m",
                 F.SEVEN_SHIFTED_PAIRS, 88, id="special_hands_fully_concealed-discard-pairs"),
    # 三同刻 still drops the 双同刻 of its own pungs
    pytest.param("all_terminals_double_pung", True, "111m111s111p999m99s", F.TRIPLE_PUNG, 145,
                 id="all_terminals_double_pung-triple-pung"),
    # a 边张 outside any 组合龙 still counts with knitted_straight_waits=False
    pytest.param("knitted_straight_waits", False, "[123p1]456s789s1233m3m", F.EDGE_WAIT, 5,
                 id="knitted_straight_waits-regular-edge"),
    # a wait outside the 组合龙 body's tiles counts under either value
    pytest.param("knitted_straight_waits", False, "147m258s369pEEE5m5m", F.SINGLE_WAIT, 19,
                 id="knitted_straight_waits-single-outside-body"),
    pytest.param("knitted_straight_waits", False, "147m258s369p55m13m2m", F.CLOSED_WAIT, 17,
                 id="knitted_straight_waits-closed-outside-body"),
    pytest.param("knitted_straight_waits", False, "[EEE1]147m258s369p5m5m", F.SINGLE_WAIT, 17,
                 id="knitted_straight_waits-melded-single-outside-body"),
    # a winning tile that only completes the body is no 边张/嵌张/单钓 under either value
    pytest.param("knitted_straight_waits", False, "147m258s36pEEE55m9p", None, 18,
                 id="knitted_straight_waits-knitted-tile"),
    # 五门齐 on a regular hand counts under either value
    pytest.param("honors_knitted_all_types", True, "123m456s678pEEEFF", F.ALL_TYPES, 13,
                 id="honors_knitted_all_types-regular"),
    # 四归一 in a regular hand counts under either value
    pytest.param("seven_pairs_tile_hog", False, "123m333m456p789s55s", F.TILE_HOG, 14,
                 id="seven_pairs_tile_hog-regular"),
    # 三同刻 without 清幺九 counts under either value
    pytest.param("all_terminals_triple_pung", False, "222m222s222p345m99s", F.TRIPLE_PUNG, 36,
                 id="all_terminals_triple_pung-no-all-terminals"),
    # 七对 + 清一色 is combined under either value (the seeds: 清一色 允许七对)
    pytest.param("seven_pairs_combines", False, "11223344557799m", F.FULL_FLUSH, 48,
                 id="seven_pairs_combines-full-flush"),
]  # fmt: skip


@pytest.mark.parametrize(("option", "value", "hand", "fan", "total"), UNAFFECTED)
def test_option_leaves_other_hands_alone(
    option: str, value: object, hand: str, fan: Fan | None, total: int
) -> None:
    for options in (DEFAULT_OPTIONS, replace(DEFAULT_OPTIONS, **{option: value})):
        r = fanshu.score(hand, options=options)
        if fan is None:
            assert not any(w in r for w in WAITS), _describe(r)
        else:
            assert fan in r, _describe(r)
        assert r.total == total, _describe(r)


# -- 七对 combined with 绿一色 and similar: allowed (default) | not (strict 1998) ----------
# Under the strict reading the combined fan goes; what (if anything) it had excluded is
# left to the evaluator, so only "present, lower total, 七对 kept" is asserted there.

SEVEN_PAIRS_COMBINED = [
    pytest.param("2222334466s88sFF", F.ALL_GREEN, 114, id="all-green"),  # + 七对, 四归一
    pytest.param("EESSWWNNCCFFPP", F.ALL_HONORS, 88, id="all-honors"),
    pytest.param("1111m99m11s99s11p99p", F.ALL_TERMINALS, 90, id="all-terminals"),
    pytest.param("1199m1199s1199pEE", F.ALL_TERMINALS_AND_HONORS, 56, id="terminals-honors"),
    pytest.param("5566m445566s4466p", F.MIDDLE_TILES, 48, id="middle-tiles"),
    pytest.param("1133m2244p113344s", F.LOWER_FOUR, 36, id="lower-four"),
]


@pytest.mark.parametrize(("hand", "fan", "total"), SEVEN_PAIRS_COMBINED)
def test_seven_pairs_combines_default(hand: str, fan: Fan, total: int) -> None:
    r = fanshu.score(hand)
    assert F.SEVEN_PAIRS in r and fan in r, _describe(r)
    assert r.total == total, _describe(r)


@pytest.mark.parametrize(("hand", "fan", "total"), SEVEN_PAIRS_COMBINED)
def test_seven_pairs_combines_strict(hand: str, fan: Fan, total: int) -> None:
    r = fanshu.score(hand, options=McrOptions(seven_pairs_combines=False))
    assert r.is_win, _describe(r)
    assert F.SEVEN_PAIRS in r, _describe(r)
    assert fan not in r, _describe(r)
    assert 24 <= r.total < total, _describe(r)


# -- interpretation points without an option (default behaviour) ---------------------------


def test_pung_completed_by_discard_is_melded() -> None:
    """111万 444条 678饼 55条 99万, the 9万 pung completed by a discard: 双暗刻, not 三暗刻.

    (seed 001 ❿: 因为别人点炮，所以你的三个2万已经是明刻，而不是暗刻了.)"""
    r = fanshu.score("111m444s678p55s99m9m")
    assert F.THREE_CONCEALED_PUNGS not in r, _describe(r)
    assert F.TWO_CONCEALED_PUNGS in r, _describe(r)
    assert r.total == 7, _describe(r)  # 门前清 2, 双暗刻 2, 幺九刻 ×2, 无字 1


def test_pung_completed_by_self_draw_is_concealed() -> None:
    r = fanshu.score("111m444s678p55s99m9m", self_drawn=True)
    assert F.THREE_CONCEALED_PUNGS in r, _describe(r)
    assert r.total == 23, _describe(r)  # 三暗刻 16, 不求人 4, 幺九刻 ×2, 无字 1


def test_discard_read_inside_a_concealed_chow_keeps_the_pung_concealed() -> None:
    """55567饼 + 5饼 on a discard: the winning 5饼 can be read in the chow 567饼, so the
    555饼 pung stays concealed: 三暗刻 (111万, 444条, 555饼)."""
    r = fanshu.score("111m444s55567p99s5p")
    assert F.THREE_CONCEALED_PUNGS in r, _describe(r)
    assert r.total == 22, _describe(r)  # 三暗刻 16, 门前清 2, 四归一 2, 幺九刻 1, 无字 1


def test_four_concealed_pungs_needs_the_pung_not_completed_by_a_discard() -> None:
    r = fanshu.score("111m333s777pFFEEE")  # the 东 pung completed by a discard
    assert F.FOUR_CONCEALED_PUNGS not in r and F.THREE_CONCEALED_PUNGS in r, _describe(r)
    assert r.total == 35, _describe(r)
    r = fanshu.score("111m333s777pFFEEE", self_drawn=True)
    assert F.FOUR_CONCEALED_PUNGS in r, _describe(r)


WAIT_CASES = [
    # exactly one tile kind waited on: the fan counts (and only it)
    pytest.param("[234p1]456s789s55m12m3m", F.EDGE_WAIT, 4, id="edge-12-waits-3"),
    pytest.param("[123p1]456s789p55m12m3m", F.EDGE_WAIT, 12, id="edge-12-waits-3-b"),
    pytest.param("[234p1]456s789s55m46m5m", F.CLOSED_WAIT, 5, id="closed-46-waits-5"),
    pytest.param("[123p1]456s789p55m13m2m", F.CLOSED_WAIT, 12, id="closed-13-waits-2"),
    pytest.param("[234p1]456s789s567mNN", F.SINGLE_WAIT, 2, id="single-N"),
    # seed 001 (77 边张): 1233和3 is 边张 — one wait kind, two readings, one fan only
    pytest.param("[123p1]456s789s1233m3m", F.EDGE_WAIT, 5, id="edge-1233-waits-3"),
    # seed 001 (78 坎张): 4556和5 is 嵌张 — one wait kind, two readings, one fan only
    pytest.param("[123p1]456s789s4556m5m", F.CLOSED_WAIT, 12, id="closed-4556-waits-5"),
    # two or more tile kinds waited on: none of the three
    pytest.param("[234p1]456s55m12345m3m", None, 8, id="none-12345-waits-3-6"),
    pytest.param("45567m123p789s11s6m", None, 12, id="none-45567-waits-3-6"),
    pytest.param("456s678p345m1234m4m", None, 4, id="none-1234-waits-1-4"),
    pytest.param("[234p1]456s789s56m55m7m", None, 3, id="none-56-waits-4-7"),
]


@pytest.mark.parametrize(("hand", "fan", "total"), WAIT_CASES)
def test_wait_fans_need_a_single_waiting_tile_kind(hand: str, fan: Fan | None, total: int) -> None:
    r = fanshu.score(hand)
    counted = [w for w in WAITS if w in r]
    assert counted == ([] if fan is None else [fan]), _describe(r)
    assert sum(r.count_of(w) for w in WAITS) == (0 if fan is None else 1), _describe(r)
    assert r.total == total, _describe(r)


def test_nine_gates_concealed_on_a_discard() -> None:
    r = fanshu.score("1112345678999m5m")
    assert F.NINE_GATES in r, _describe(r)
    assert r.total == 91, _describe(r)  # 九莲宝灯 88, 双暗刻 2, 幺九刻 1


def test_nine_gates_concealed_self_drawn() -> None:
    r = fanshu.score("1112345678999m5m", self_drawn=True)
    assert F.NINE_GATES in r, _describe(r)
    assert r.total == 92, _describe(r)  # + 自摸 1


@pytest.mark.parametrize("self_drawn", [False, True], ids=["discard", "self-drawn"])
def test_nine_gates_needs_a_concealed_hand(self_drawn: bool) -> None:
    """The same 14 tiles with the 111万 claimed: no 九莲宝灯, only 清一色 and the rest."""
    r = fanshu.score("[111m1]2345678999m5m", self_drawn=self_drawn)
    assert F.NINE_GATES not in r, _describe(r)
    assert F.FULL_FLUSH in r, _describe(r)
    assert r.total == (27 if self_drawn else 26), _describe(r)  # 清一色 24, 幺九刻 ×2 (+ 自摸)
