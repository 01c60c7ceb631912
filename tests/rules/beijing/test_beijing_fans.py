"""Beijing fans (seed 003, 麻将规则（第4稿）§6): each fan on a hand that scores it and on
a near miss; the self-draw-only rule after a claim; shapes and best reading; bad input;
the rule set as the registry finds it."""

from __future__ import annotations

from typing import Any

import pytest

import fanshu
from fanshu.errors import FanshuError, InvalidHandError, OptionError
from fanshu.hand import Hand, WinContext
from fanshu.rules import get_rules, names
from fanshu.rules.base import RuleResult
from fanshu.rules.beijing import RULES
from fanshu.rules.beijing.fans import BY_KEY, FANS
from fanshu.rules.beijing.options import BeijingOptions
from fanshu.tiles import Tile


def score(hand: str, **kw: Any) -> RuleResult:
    r = fanshu.score(hand, rules="beijing", **kw)
    assert isinstance(r, RuleResult)
    return r


def names_of(r: RuleResult) -> list[str]:
    return [f.name_zh for f in r.fans]


# --- the fan list as data -------------------------------------------------------------


def test_fan_values_as_the_draft4_text_gives_them() -> None:
    values = {f.name_zh: f.value for f in FANS}
    assert values == {
        "推倒和": 0, "门清": 1, "对对和": 1, "混一色": 1, "大钓": 1, "捉五魁": 1,
        "海底捞月": 1, "一条龙": 3, "七对": 4, "杠上开花": 1, "清一色": 5, "豪华七对": 1,
    }  # fmt: skip
    assert all(f.source.startswith("seed 003") for f in FANS)


# --- one hand per fan, and a near miss ------------------------------------------------

# (fan key, hand that scores it, its context, near miss, its context)
CASES = [
    ("tui_dao_he", "[123s]456m789p234s5s5s", {"self_drawn": True},
     "123s456m789p234s5s5s", {"self_drawn": True}),
    ("men_qing", "[EEEE]123m456p789s1s1s", {},
     "[EEEE1]123m456p789s1s1s", {"self_drawn": True}),
    ("dui_dui_he", "[111m]222p333s444s5p5p", {"self_drawn": True},
     "[111m]234p333s444s5p5p", {"self_drawn": True}),
    ("hun_yi_se", "[123m]345m678mEEE2m2m", {"self_drawn": True},
     "[123m]345m678m111p2m2m", {"self_drawn": True}),
    ("da_diao", "[123m][456p1][777s2][EEE3]9p9p", {"self_drawn": True},
     "[123m][456p1][777s2]EEE9p9p", {"self_drawn": True}),
    ("zhuo_wu_kui", "46m123p456p789s11s5m", {},
     "34m123p456p789s11s5m", {}),
    ("hai_di_lao_yue", "[123s]456m789p234s5s5s", {"self_drawn": True, "wall_last": True},
     "[123s]456m789p234s5s5s", {"self_drawn": True}),
    ("yi_tiao_long", "[123m]456m789m234s5s5s", {"self_drawn": True},
     "[123m]456m789p234s5s5s", {"self_drawn": True}),
    ("qi_dui", "1133m5577p99sEEFF", {},
     "1123m5577p99sEEFF", {}),
    ("gang_shang_kai_hua", "[EEEE1]123m456p789s1s1s", {"self_drawn": True, "kong": True},
     "123m456p789s13sEE2s", {"kong": True}),
    ("qing_yi_se", "[123m]345m678m999m2m2m", {"self_drawn": True},
     "[123m]345m678mEEE2m2m", {"self_drawn": True}),
    ("hao_hua_qi_dui", "1111m5577p99sEEFF", {},
     "1133m5577p99sEEFF", {}),
]  # fmt: skip


@pytest.mark.parametrize(("key", "hit", "hit_ctx", "miss", "miss_ctx"), CASES,
                         ids=[c[0] for c in CASES])  # fmt: skip
def test_each_fan_and_a_near_miss(
    key: str, hit: str, hit_ctx: dict[str, bool], miss: str, miss_ctx: dict[str, bool]
) -> None:
    r = score(hit, **hit_ctx)
    assert r.is_win and key in r, names_of(r)
    near = score(miss, **miss_ctx)
    assert key not in near, names_of(near)


def test_fans_cover_every_row() -> None:
    assert {c[0] for c in CASES} == {f.key for f in FANS}


def test_tui_dao_he_is_base_only() -> None:
    r = score("[123s]456m789p234s5s5s", self_drawn=True)
    assert (names_of(r), r.total, r.multiplier, r.capped) == (["推倒和"], 0, 1, 0)


def test_men_qing_counts_a_concealed_kong_and_wins_on_a_discard() -> None:
    # 暗杠算门清; 门清可以捉铳.
    r = score("[EEEE]123m456p789s1s1s")
    assert (names_of(r), r.total, r.multiplier) == (["门清"], 1, 2)


def test_concealed_all_pungs_on_a_discard() -> None:
    r = score("111m222p333s444s5p5p")
    assert (names_of(r), r.total, r.multiplier) == (["门清", "对对和"], 2, 4)


def test_qing_yi_se_replaces_hun_yi_se() -> None:
    r = score("[123m]345m678m999m2m2m", self_drawn=True)
    assert names_of(r) == ["清一色"] and r.total == 5 and r.multiplier == 32


def test_hun_yi_se_with_a_dragon_and_the_winds_only_option() -> None:
    assert "hun_yi_se" in score("[123m]345m678mCCC2m2m", self_drawn=True)
    strict = score("[123m]345m678mCCC2m2m", self_drawn=True,
                   options={"hun_yi_se_winds_only": True})  # fmt: skip
    assert "hun_yi_se" not in strict
    assert "hun_yi_se" in score("[123m]345m678mSSS2m2m", self_drawn=True,
                                options={"hun_yi_se_winds_only": True})  # fmt: skip


def test_da_diao_with_pungs_also_scores_all_pungs() -> None:
    r = score("[111m][456p1][777s2][EEE3]9p9p", self_drawn=True)
    assert "da_diao" in r and "dui_dui_he" not in r  # 456p is a chow
    r = score("[111m][444p1][777s2][EEE3]9p9p", self_drawn=True)
    assert names_of(r) == ["对对和", "大钓"] and r.total == 2


def test_zhuo_wu_kui_needs_the_closed_wait_on_5m_only() -> None:
    r = score("46m123p456p789s11s5m")
    assert names_of(r) == ["门清", "捉五魁"] and r.total == 2
    # 5饼 in the middle: a closed wait, but not on 五万.
    assert "zhuo_wu_kui" not in score("46p123m456m789s11s5p")
    # 4m6m plus 66m waits on 5m and 6m: not a single wait.
    assert "zhuo_wu_kui" not in score("4666m123p456p789s5m")
    # A single wait on 5万 (单钓) is not a closed wait.
    assert "zhuo_wu_kui" not in score("123p456p789sEEE5m5m")


def test_hai_di_lao_yue_on_the_last_discard_too() -> None:
    # 第4稿 §6(7): 如果最后一张所出的牌给别人放了铳，也是“海底捞月”.
    r = score("123s456m789p234s5s5s", wall_last=True)
    assert names_of(r) == ["门清", "海底捞月"] and r.total == 2


def test_yi_tiao_long_needs_the_three_runs() -> None:
    r = score("123m456m789m234s5s5s", self_drawn=True)
    assert names_of(r) == ["门清", "一条龙"] and r.total == 4 and r.multiplier == 16
    # 1 to 9 of 万 are all there, but read as 123 345 678 + 99: no 一条龙.
    r = score("[123m]345m678mEEE9m9m", self_drawn=True)
    assert names_of(r) == ["混一色"]


def test_seven_pairs_and_luxury() -> None:
    r = score("1133m5577p99sEEFF")
    assert names_of(r) == ["门清", "七对"] and r.total == 5
    r = score("1111m5577p99sEEFF")
    # 豪华七对 (在7对基础上加1番): 七对 4 + 1, with 门清.
    assert names_of(r) == ["门清", "七对", "豪华七对"] and r.total == 6


def test_gang_shang_kai_hua_needs_self_draw() -> None:
    r = score("[EEEE1]123m456p789s1s1s", self_drawn=True, kong=True)
    assert names_of(r) == ["杠上开花"] and r.total == 1


# --- best reading ---------------------------------------------------------------------


def test_best_reading_pungs_over_runs() -> None:
    r = score("111222333m444p5s5s", self_drawn=True)
    assert names_of(r) == ["门清", "对对和"]


def test_best_reading_seven_pairs_over_sets() -> None:
    r = score("112233m445566p7s7s")
    assert names_of(r) == ["门清", "七对"] and r.total == 5


def test_cap_reported_but_total_kept() -> None:
    r = score("123m456m789m234m5m5m", self_drawn=True)
    assert names_of(r) == ["门清", "一条龙", "清一色"]
    assert (r.total, r.multiplier, r.capped) == (9, 512, 6)
    r = score("123m456m789m234m5m5m", self_drawn=True, options={"cap": None})
    assert r.capped == 9


# --- 吃碰后只能自摸 -------------------------------------------------------------------


@pytest.mark.parametrize("hand", ["[123s]456m789p234s5s5s", "[555p1]456m789p234s5s5s",
                                  "[EEEE2]123m456p789s1s1s"])  # fmt: skip
def test_after_a_claim_a_discard_is_not_a_win(hand: str) -> None:
    r = score(hand)
    assert not r.is_win
    assert r.reason is not None and "吃碰后只能自摸" in r.reason and "discard" in r.reason
    assert r.to_dict()["error"]["code"] == "not_a_win"
    assert score(hand, self_drawn=True).is_win


def test_after_a_claim_robbing_a_kong_is_not_a_win() -> None:
    r = score("[123m]456m789p23sEE4s", kong=True)
    assert not r.is_win and r.reason is not None and "抢杠和" in r.reason


def test_a_concealed_hand_may_rob_a_kong() -> None:
    r = score("123m456p789s13sEE2s", kong=True)
    assert r.is_win and names_of(r) == ["门清"]


def test_option_lets_a_claimed_hand_win_on_a_discard() -> None:
    # The older text: 没有吃碰必须自摸的规定 … 和牌方式没有任何限制.
    r = score("[123s]456m789p234s5s5s", options={"claimed_self_drawn_only": False})
    assert r.is_win and names_of(r) == ["推倒和"]


def test_option_plain_hand_self_drawn_only() -> None:
    opts = {"plain_self_drawn_only": True}
    assert score("123s456m789p234s5s5s").is_win  # default: 门清可以捉铳
    r = score("123s456m789p234s5s5s", options=opts)
    assert not r.is_win and r.reason is not None and "推倒和" in r.reason
    assert score("123s456m789p234s5s5s", self_drawn=True, options=opts).is_win
    assert score("111m222p333s444s5p5p", options=opts).is_win  # 对对和 is a bonus shape


def test_not_complete_is_not_a_win() -> None:
    r = score("123m456p789sEEF1s2s")
    assert not r.is_win and r.reason == "not 4 sets and a pair, nor 七对"


def test_thirteen_orphans_is_not_a_beijing_shape() -> None:
    assert not score("19m19s19pESWNCFP1m").is_win


# --- bad input ------------------------------------------------------------------------


def test_flowers_are_an_error() -> None:
    with pytest.raises(InvalidHandError, match="no flowers"):
        score("123m456p789sEEE1s1s", flowers=1)


def test_a_flower_tile_is_an_error() -> None:
    tiles = fanshu.notation.parse_tiles("123m456p789sEEE")
    hand = Hand(concealed=(*tiles[:12], Tile.SPRING), winning_tile=Tile.S1)
    with pytest.raises(InvalidHandError, match=r"no flowers.*1f is a flower"):
        RULES.score(hand)


def test_five_copies_is_an_error() -> None:
    with pytest.raises(FanshuError, match="five copies of 1m"):
        score("11111m456p789sEE1s1s")


def test_options_errors() -> None:
    with pytest.raises(OptionError, match="unknown option 'flowers'"):
        score("123m456p789sEEE1s1s", options={"flowers": 8})
    with pytest.raises(OptionError):
        BeijingOptions(cap=-1)
    with pytest.raises(OptionError):
        BeijingOptions(burn_total="all")  # type: ignore[arg-type]
    with pytest.raises(OptionError):
        BeijingOptions(claimed_self_drawn_only=1)  # type: ignore[arg-type]
    with pytest.raises(OptionError):
        RULES.score(fanshu.notation.parse_hand("123m456p789sEEE1s1s"), options=3)


# --- the rule set through the registry ------------------------------------------------


def test_registry_finds_beijing() -> None:
    assert "beijing" in names()
    rules = get_rules("beijing")
    assert rules is RULES
    assert (rules.name, rules.title_zh, rules.flowers, rules.combine, rules.cap,
            rules.minimum) == ("beijing", "北京麻将", False, "double", 6, 0)  # fmt: skip
    assert rules.tiles == frozenset(range(34))
    assert rules.shapes == ("4 sets + pair", "七对")
    assert rules.fans == FANS


def test_score_via_the_api() -> None:
    r = fanshu.score("123m456m789m234s5s5s", rules="beijing", self_drawn=True)
    assert r.total == 4
    d = r.to_dict()
    assert d["multiplier"] == 16 and [f["name"] for f in d["fans"]] == ["门清", "一条龙"]
    hand = fanshu.notation.parse_hand("123m456m789m234s5s5s", WinContext(self_drawn=True))
    assert fanshu.score(hand, rules="beijing").total == 4


def test_options_objects_and_description() -> None:
    rules = get_rules("beijing")
    assert rules.default_options() == BeijingOptions()
    assert rules.options_from({"cap": 4}).cap == 4
    with pytest.raises(OptionError):
        rules.options_from({"nope": 1})
    described = {name: (default, note) for name, default, note in rules.describe_options()}
    assert described["cap"][0] == "6" and "6番" in described["cap"][1]
    assert described["payer_cap"][0] == "640"
    assert set(described) == set(BeijingOptions.__dataclass_fields__)
    assert BY_KEY["hao_hua_qi_dui"].value == 1
