"""Every worked Sichuan example of the seeds, with the seed's own numbers.

``000`` = ``seeds/000_027ea77d1181f0d7.txt``, ``001`` = ``seeds/001_7c7aec1a6f525d3f.txt``,
``002`` = ``seeds/002_70d5c43556345aed.txt``.  Where an example contradicts its own rule
text, the test says so and asserts the reading fanshu takes (see docs/rules/sichuan.md,
"Contradictions").  Seed 002's examples are written 万/条/筒 (m/s/p).
"""

from __future__ import annotations

from typing import Any

import pytest

from fanshu.hand import WinContext
from fanshu.notation import parse_hand
from fanshu.rules.base import RuleResult
from fanshu.rules.sichuan.options import SichuanOptions
from fanshu.rules.sichuan.ruleset import RULES

SEED002 = SichuanOptions(preset="seed002")
SEED000 = SichuanOptions()


def score(text: str, options: SichuanOptions, **ctx: Any) -> RuleResult:
    return RULES.score(parse_hand(text, WinContext(**ctx)), options)


def names(r: RuleResult) -> dict[str, int]:
    return {f.name_zh: f.count for f in r.fans}


# --- seed 002: the examples under each level (封顶四番) ---------------------------------

# (label in the seed, hand as written in the seed, hand in fanshu notation, seed's fan)
SEED002_LEVELS = [
    ("三番 清一色", "123条 567条 234条 888条 99条", "123s567s234s888s9s9s", 3),
    ("三番 带幺九", "123条 123万 789条 789万 99万", "123s123m789s789m9m9m", 3),
    ("三番 七对", "11万 22万 99万 44筒 66筒 88筒 99筒", "11m22m99m44p66p88p9p9p", 3),
    ("四番 龙七对", "11万 11万 99万 44筒 66筒 88筒 99筒", "11m11m99m44p66p88p9p9p", 4),
    ("四番 清对", "111万 444万 222万 999万 66万", "111m444m222m999m6m6m", 4),
]


@pytest.mark.parametrize("case", SEED002_LEVELS, ids=[c[0] for c in SEED002_LEVELS])
def test_seed002_level_examples(case: tuple[str, str, str, int]) -> None:
    label, _, text, fan = case
    r = score(text, SEED002)
    assert r.is_win and r.total == fan and r.capped == fan
    assert label.split()[1] in names(r)


def test_seed002_jiang_dui_example_holds_three_suits() -> None:
    # 002: "将对：即二、五、八的大对子。例: 222万 555万 888万 222条 55筒" — but the same
    # seed says "必须缺一门才能胡牌": 万, 条 and 筒 together are no win.  fanshu follows
    # the rule text (void_suit=True); void_suit=False reads the example literally.
    r = score("222m555m888m222s5p5p", SEED002)
    assert not r.is_win and r.reason is not None and "缺一门" in r.reason
    literal = score("222m555m888m222s5p5p", SichuanOptions(preset="seed002", void_suit=False))
    assert literal.is_win and names(literal) == {"将对": 1} and literal.total == 4
    # The example with its pair moved into 条 (two suits) is the 4 fan the seed states.
    assert score("222m555m888m222s5s5s", SEED002).total == 4


# (seed's formula, hand as written, fanshu notation, seed's total, fanshu's total)
SEED002_EXTRAS = [
    ("平胡(1番) + 一杠(1番) = 2番", "2222筒 123万 345万 999筒 66筒",
     "[2222p]123m345m999p6p6p", 2, 2),
    ("大对子（2番）+ 一杠（1番）= 3番", "2222筒 111万 444万 999筒 66筒",
     "[2222p]111m444m999p6p6p", 3, 3),
    ("清一色(3番) + 一杠（1番）＝ 4番", "8888条 123条 567条 234 条 77条",
     "[8888s]123s567s234s7s7s", 4, 4),
]  # fmt: skip


@pytest.mark.parametrize("case", SEED002_EXTRAS, ids=[c[0] for c in SEED002_EXTRAS])
def test_seed002_extra_examples_that_agree(case: tuple[str, str, str, int, int]) -> None:
    _, _, text, seed_total, ours = case
    assert seed_total == ours
    for options in (SEED002, SEED000):  # the same total under both tables
        r = score(text, options)
        assert r.total == seed_total and r.count_of("gen") == 1


def test_seed002_ping_hu_with_a_root_has_no_root() -> None:
    # 002: "平胡(1番) + 带一根(1番) = 2番: 123万 345万 222筒 999筒 66筒".  No tile of this
    # hand is held four times (3万 twice, 2筒 three times), so there is no 根: fanshu
    # scores 平胡 alone, 1 fan (the seed's 2 would need e.g. 2222筒, its next example).
    r = score("123m345m222p999p6p6p", SEED002)
    assert max(parse_hand("123m345m222p999p6p6p").counts()) == 3
    assert names(r) == {"平胡": 1} and r.total == 1
    assert score("123m345m222p999p6p6p", SEED000).total == 1


def test_seed002_second_ping_hu_plus_kong_has_no_hand() -> None:
    # 002 writes "平胡(1番) + 一杠(1番) = 2番:" a second time with no hand after it (the
    # next line is the 双龙七对 example): the formula is the one tested above.
    assert SEED002_EXTRAS[0][0].startswith("平胡(1番) + 一杠(1番)")


def test_seed002_double_dragon_seven_pairs_has_no_four() -> None:
    # 002: "七对(3番) + 2根（2番）＝ 双龙七对（5番）: 11万 22万 99万 44筒 66筒 11筒 99筒".
    # The seven pairs are all different (no 根): fanshu scores 七对, 3 fan.  A hand with
    # two sets of four gets the seed's 5 (龙七对 4 holds one 根, one more 根 is +1).
    r = score("11m22m99m44p66p1p1p9p9p", SEED002)
    assert names(r) == {"七对": 1} and r.total == 3
    two_fours = score("11m11m99m99m44p66p8p8p", SEED002)
    assert names(two_fours) == {"龙七对": 1, "根": 1} and two_fours.total == 5
    assert two_fours.capped == 4  # 封顶四番: the 5 fan is paid as 4


def test_seed002_pure_suit_one_root_has_two() -> None:
    # 002: "清一色(3番) + 一根（1番）＝ 4番: 123条 567条 678 条 888条 77条".  The hand
    # holds four 7条 (567, 678, 77) and four 8条 (678, 888): two 根, so 5 fan; the seed
    # preset's cap pays it as the seed's 4.
    r = score("123s567s678s888s7s7s", SEED002)
    assert names(r) == {"清一色": 1, "根": 2} and r.total == 5 and r.capped == 4
    assert score("123s567s678s888s7s7s", SEED000).total == 5


def test_seed002_pure_suit_two_roots_is_not_complete() -> None:
    # 002: "清一色(3番) + 二根（2番）＝ 5番: 124条 567条 789 条 888条 77条".  124条 is no
    # set and the 14 tiles do not split into 4 sets + pair: not a win.  Read as 123条
    # (the likely intent) it has two 根 (7条, 8条) and the seed's 5.
    assert not score("124s567s789s888s7s7s", SEED002).is_win
    r = score("123s567s789s888s7s7s", SEED002)
    assert names(r) == {"清一色": 1, "根": 2} and r.total == 5


def test_seed002_kong_on_a_discard_then_kong_win_is_the_feeders_discard() -> None:
    # 002 rule (4): "别人打牌，引杠，再杠上花，算引杠者点炮"; rule (5): "自摸牌，杠上花，
    # 另外三家输".  See test_settlement for the payments; here the hand's fan.
    r = score("[2222p1]123m345m999p6p6p", SEED002, self_drawn=True, kong=True)
    assert names(r) == {"平胡": 1, "根": 1, "杠上花": 1} and r.total == 4


# --- seed 000: the levels of 麻将算翻 番型一览 with their multipliers ---------------------

SEED000_LEVELS = [
    ("一番（×1）", "123m345m222p999p6p6p", {}, 1, 1),
    ("两番（×2）", "111m444m222p999p6p6p", {}, 2, 2),
    ("三番（×4）", "123s567s234s888s9s9s", {}, 3, 4),
    ("四番（×8）", "111m444m222m999m6m6m", {}, 4, 8),
    ("五番（×16）", "11m11m99m44p66p88p9p9p", {}, 5, 16),
    ("六番（×32）", "11m11m22m33m55m66m9m9m", {}, 6, 32),
    ("六番（×32） 天胡", "123m345m222p999p6p6p",
     {"self_drawn": True, "first_turn": True, "dealer": True}, 6, 32),
]  # fmt: skip


@pytest.mark.parametrize("case", SEED000_LEVELS, ids=[c[0] for c in SEED000_LEVELS])
def test_seed000_levels_and_multipliers(case: tuple[Any, ...]) -> None:
    _, text, ctx, fan, times = case
    r = score(text, SEED000, **ctx)
    assert (r.total, r.multiplier) == (fan, times)


def test_seed000_chengma_paragraph() -> None:
    # 000 (成麻番数怎么算的) counts in multipliers: 对胡 "两翻", 清一色 "四番", 清一色加对胡
    # "八番" agree with the table (×2, ×4, ×8); "龙七对也是四翻" does not (the table: 5 fan,
    # ×16).  fanshu follows the table.  Its 海底 +1 is the sea_bottom option.
    assert score("111m444m222p999p6p6p", SEED000).multiplier == 2
    assert score("123s567s234s888s9s9s", SEED000).multiplier == 4
    assert score("111m444m222m999m6m6m", SEED000).multiplier == 8
    assert score("11m11m99m44p66p88p9p9p", SEED000).multiplier == 16


# --- seed 001: 麻將怎麼算錢 (底金 multipliers) -------------------------------------------


def test_seed001_multipliers_that_agree() -> None:
    # 屁和 ×1, 對對和 ×2, 明杠/暗杠 +1番 ×2, 清一色 ×4, 清對對胡 ×8; 杠上花 (+2番) ×4
    # matches seed 000's 自摸 + 杠上花 (and seed 002's 杠上花 +2).
    bare = "[2222p]123m345m999p6p6p"
    assert score("123m345m222p999p6p6p", SEED000).multiplier == 1
    assert score("111m444m222p999p6p6p", SEED000).multiplier == 2
    assert score(bare, SEED000).multiplier == 2
    assert score("[2222p]123m345m999p6p6p".replace("[2222p]", "[2222p1]"), SEED000).multiplier == 2
    assert score("123s567s234s888s9s9s", SEED000).multiplier == 4
    assert score("111m444m222m999m6m6m", SEED000).multiplier == 8
    won = score(bare, SEED000, self_drawn=True, kong=True).multiplier
    assert won == 4 * score(bare, SEED000).multiplier


def test_seed001_robbing_a_kong_differs() -> None:
    # 001: 搶杠和 "+2番 底金×4"; seed 000's table: 抢杠胡 +1 (×2).  fanshu: seed 000.
    r = score("123m345m222p66p789p", SEED000, kong=True)
    assert r.multiplier == 2 * score("123m345m222p66p789p", SEED000).multiplier
