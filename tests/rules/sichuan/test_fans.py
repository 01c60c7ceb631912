"""Every Sichuan fan of seed 000's table (and seed 002's variant): a hand that scores
it and a near miss that does not.

``000`` = ``seeds/000_027ea77d1181f0d7.txt`` (麻将算翻 番型一览); ``002`` =
``seeds/002_70d5c43556345aed.txt``.  Default context: a win on a discard.
"""

from __future__ import annotations

from typing import Any

import pytest

from fanshu.hand import WinContext
from fanshu.notation import parse_hand
from fanshu.rules.base import RuleResult
from fanshu.rules.sichuan.fans import DEFAULT_FANS, PATTERN_KEYS, SEED002_FANS
from fanshu.rules.sichuan.options import SichuanOptions
from fanshu.rules.sichuan.ruleset import RULES

SELF = {"self_drawn": True}
SEED002 = SichuanOptions(preset="seed002")


def score(text: str, options: SichuanOptions | None = None, **ctx: Any) -> RuleResult:
    return RULES.score(parse_hand(text, WinContext(**ctx)), options)


def keys(r: RuleResult) -> dict[str, int]:
    return {f.row.key: f.count for f in r.fans}


# (key, hand, context, total, near-miss hand, near-miss context, near-miss total or None)
CASES: list[tuple[str, str, dict[str, Any], int, str, dict[str, Any], int | None]] = [
    ("ping_hu", "123m345m222p999p6p6p", {}, 1, "123m345m222p999p6p7p", {}, None),
    ("dui_dui_hu", "111m444m222p999p6p6p", {}, 2, "123m444m222p999p6p6p", {}, 1),
    ("qing_yi_se", "123s567s234s888s9s9s", {}, 3, "123s567s234s888p9p9p", {}, 1),
    ("dai_yao_jiu", "123s123m789s789m9m9m", {}, 3, "123s123m789s789m5m5m", {}, 1),
    ("qi_dui", "11m22m99m44p66p88p9p9p", {}, 3, "11m22m99m44p66p88p9p8p", {}, None),
    ("qing_dui", "111m444m222m999m6m6m", {}, 4, "111m444m222m999p6p6p", {}, 2),
    ("jiang_dui", "222m555m888m222s5s5s", {}, 4, "222m555m888m222s6s6s", {}, 2),
    ("long_qi_dui", "11m11m99m44p66p88p9p9p", {}, 5, "11m22m99m44p66p88p9p9p", {}, 3),
    ("qing_qi_dui", "11m22m33m55m66m88m9m9m", {}, 5, "11m22m33m55m66m88p9p9p", {}, 3),
    ("qing_yao_jiu", "123m123m123m789m9m9m", {}, 5, "123m123m123m789m5m5m", {}, 3),
    ("tian_hu", "123m345m222p999p6p6p", {**SELF, "first_turn": True, "dealer": True}, 6,
     "123m345m222p999p6p6p", {**SELF, "dealer": True}, 2),
    ("di_hu", "123m345m222p999p6p6p", {**SELF, "first_turn": True}, 6,
     "123m345m222p999p6p6p", {"first_turn": True}, 1),
    ("qing_long_qi_dui", "11m11m22m33m55m66m9m9m", {}, 6, "11m22m33m55m66m77m9m9m", {}, 5),
    ("zi_mo", "123m345m222p999p6p6p", SELF, 2, "123m345m222p999p6p6p", {}, 1),
    ("gang_shang_hua", "[2222p]123m345m999p6p6p", {**SELF, "kong": True}, 4,
     "[2222p]123m345m999p6p6p", SELF, 3),
    ("gang_shang_pao", "123m345m222p999p6p6p", {"kong_discard": True}, 2,
     "123m345m222p999p6p6p", {}, 1),
    ("qiang_gang_hu", "123m345m222p66p789p", {"kong": True}, 2, "123m345m222p66p789p", {}, 1),
    ("gen", "[2222p]123m345m999p6p6p", {}, 2, "123m345m222p999p6p6p", {}, 1),
    ("jin_gou_diao", "[111m1][444m2][222p3][999p1]6p6p", {}, 3,
     "[111m1][444m2][222p3]999p6p6p", {}, 2),
]  # fmt: skip


def test_every_fan_of_the_default_table_has_a_case() -> None:
    assert {c[0] for c in CASES} == {r.key for r in DEFAULT_FANS}


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_fan_scores_and_near_miss_does_not(case: tuple[Any, ...]) -> None:
    key, hand, ctx, total, miss, miss_ctx, miss_total = case
    r = score(hand, **ctx)
    assert r.is_win, r.reason
    assert key in r, keys(r)
    assert r.total == total, keys(r)
    assert r.multiplier == 2 ** (total - 1)
    m = score(miss, **miss_ctx)
    assert key not in m
    if miss_total is None:
        assert not m.is_win
    else:
        assert m.is_win and m.total == miss_total, keys(m)


def test_one_pattern_per_hand_the_highest() -> None:
    # 就高: 清对 is counted instead of 清一色 + 对对胡 + 平胡.
    for text in [c[1] for c in CASES]:
        r = score(text)
        assert sum(1 for f in r.fans if f.row.key in PATTERN_KEYS) == 1


def test_long_qi_dui_counts_one_root_fewer() -> None:
    # 000: 龙七对 "不再计七对，同时减1根"; 清龙七对 "算番时减1根".
    r = score("11m11m99m44p66p88p9p9p")
    assert keys(r) == {"long_qi_dui": 1}
    r = score("11m11m99m99m44p66p8p8p")  # two sets of four: one 根 left over
    assert keys(r) == {"long_qi_dui": 1, "gen": 1} and r.total == 6
    assert r.details["roots"] == 1
    r = score("11m11m22m33m55m66m9m9m")
    assert keys(r) == {"qing_long_qi_dui": 1}


def test_roots_count_kongs_and_concealed_fours() -> None:
    r = score("[2222p][1111m]345m999p6p6p")
    assert r.count_of("gen") == 2 and r.details["kongs"] == 2
    r = score("1111m23m999p678p6p6p")  # four 1m held (111m + 123m), no kong declared
    assert r.count_of("gen") == 1


def test_concealed_runs_are_allowed() -> None:
    r = score("123m456m789m111p2p2p")
    assert r.is_win and keys(r) == {"ping_hu": 1}


def test_best_reading_is_taken() -> None:
    # 111222333m789m99m reads as three pungs + run, or three runs 123m: 清幺九 wins.
    r = score("111m222m333m789m9m9m")
    assert keys(r) == {"qing_yao_jiu": 1}
    assert r.details["reading"] == "123m 123m 123m 789m 99m"


def test_heavenly_and_earthly_win_imply_self_draw() -> None:
    r = score("123m345m222p999p6p6p", first_turn=True, dealer=True, self_drawn=True)
    assert keys(r) == {"tian_hu": 1}
    r = score("123m345m222p999p6p6p", first_turn=True, self_drawn=True)
    assert keys(r) == {"di_hu": 1}


def test_golden_hook_self_drawn_option() -> None:
    text = "[111m1][444m2][222p3][999p1]6p6p"
    strict = SichuanOptions(golden_hook_self_drawn=True)
    assert "jin_gou_diao" not in score(text, strict)
    assert "jin_gou_diao" in score(text, strict, self_drawn=True)


def test_golden_hook_with_kongs_counts_roots() -> None:
    r = score("[1111m1][4444m][222p3][999p1]6p6p", self_drawn=True)
    assert keys(r) == {"dui_dui_hu": 1, "zi_mo": 1, "gen": 2, "jin_gou_diao": 1}
    assert r.total == 6 and r.multiplier == 32


def test_sea_bottom_option() -> None:
    assert "hai_di" not in score("123m345m222p999p6p6p", wall_last=True)
    r = score("123m345m222p999p6p6p", SichuanOptions(sea_bottom=True), wall_last=True)
    assert keys(r) == {"ping_hu": 1, "hai_di": 1}


def test_self_drawn_fan_option() -> None:
    assert "zi_mo" not in score("123m345m222p999p6p6p", SichuanOptions(self_drawn_fan=False),
                                self_drawn=True)  # fmt: skip


# --- seed 002's variant ---------------------------------------------------------------

SEED002_CASES = [
    ("ping_hu", "123m345m222p999p6p6p", {}, 1),
    ("dui_dui_hu", "111m444m222p999p6p6p", {}, 2),
    ("qing_yi_se", "123s567s234s888s9s9s", {}, 3),
    ("dai_yao_jiu", "123s123m789s789m9m9m", {}, 3),
    ("qi_dui", "11m22m99m44p66p88p9p9p", {}, 3),
    ("long_qi_dui", "11m11m99m44p66p88p9p9p", {}, 4),
    ("qing_dui", "111m444m222m999m6m6m", {}, 4),
    ("jiang_dui", "222m555m888m222s5s5s", {}, 4),
    ("gen", "[2222p]123m345m999p6p6p", {}, 2),
    ("gang_shang_hua", "[2222p]123m345m999p6p6p", {**SELF, "kong": True}, 4),
    ("qiang_gang_hu", "123m345m222p66p789p", {"kong": True}, 2),
]


def test_every_fan_of_seed002_has_a_case() -> None:
    assert {c[0] for c in SEED002_CASES} == {r.key for r in SEED002_FANS}


@pytest.mark.parametrize("case", SEED002_CASES, ids=[c[0] for c in SEED002_CASES])
def test_seed002_fan(case: tuple[Any, ...]) -> None:
    key, hand, ctx, total = case
    r = score(hand, SEED002, **ctx)
    assert key in r and r.total == total, keys(r)
    assert r.capped == min(total, 4)


def test_seed002_has_no_self_drawn_or_kong_discard_fan() -> None:
    r = score("123m345m222p999p6p6p", SEED002, self_drawn=True)
    assert keys(r) == {"ping_hu": 1}
    r = score("123m345m222p999p6p6p", SEED002, kong_discard=True)
    assert keys(r) == {"ping_hu": 1}


def test_seed002_takes_its_highest_listed_pattern_for_pure_composites() -> None:
    # seed 002 lists no 清七对 / 清幺九: the highest of its own rows (就高) is taken.
    assert keys(score("11m22m33m55m66m88m9m9m", SEED002)) == {"qing_yi_se": 1}
    assert keys(score("11m11m22m33m55m66m9m9m", SEED002)) == {"long_qi_dui": 1}


def test_cap_is_applied_to_capped_and_payment_not_total() -> None:
    r = score("11m11m99m99m44p66p8p8p", SEED002)  # 龙七对 4 + 根 1
    assert (r.total, r.capped, r.multiplier, r.details["payment"]) == (5, 4, 16, 8)
    r = score("11m11m99m99m44p66p8p8p", SichuanOptions(cap=3, base=5))
    assert (r.total, r.capped, r.details["payment"]) == (6, 3, 20)
