"""Every worked figure of seed 003 (003_501f5eabbcdb075c.txt) for Beijing, with the
seed's own numbers.

Seed 003 holds two Beijing texts: 麻将规则（第4稿） ("draft 4", fanshu's default) and
中国北京麻将规则 / 北京麻将规则 ("older text", with 烧庄, 互包 and two truncated 实例).
Where a figure contradicts the rule text, the test says so and pins the reading fanshu
takes (docs/rules/beijing.md, "Contradictions").
"""

from __future__ import annotations

from typing import Any

import pytest

import fanshu
from fanshu.rules.base import RuleResult
from fanshu.rules.beijing import RULES
from fanshu.rules.beijing.settlement import (
    burn_payments,
    combine,
    follow_dealer_payments,
    mutual_double_win,
    win_payments,
)

P = ("E", "S", "W", "N")  # 东 南 西 北 in seat order; 东 deals


def result(hand: str, **kw: Any) -> RuleResult:
    r = fanshu.score(hand, rules="beijing", **kw)
    assert isinstance(r, RuleResult)
    return r


# 第4稿 §9: 番数的计算：番数相加；一番乘2，二番4，三番8，四番16，五番32
@pytest.mark.parametrize(("fan", "factor"), [(1, 2), (2, 4), (3, 8), (4, 16), (5, 32)])
def test_draft4_doubling_table(fan: int, factor: int) -> None:
    pay = win_payments(P, "S", dealer="E", discarder="W", fan=fan)
    assert pay["S"] == 20 * factor


@pytest.mark.parametrize(
    ("hand", "fan", "factor"),
    [
        ("[111m]222p333s444s5p5p", 1, 2),  # 对对和
        ("111m222p333s444s5p5p", 2, 4),  # 门清 + 对对和
        ("[123m]456m789m234s5s5s", 3, 8),  # 一条龙
        ("123m456m789m234s5s5s", 4, 16),  # 门清 + 一条龙
        ("[123m]345m678m999m2m2m", 5, 32),  # 清一色
    ],
)
def test_draft4_doubling_on_hands(hand: str, fan: int, factor: int) -> None:
    r = result(hand, self_drawn=True)
    assert (r.total, r.multiplier) == (fan, factor)


# 第4稿 §9: 平点:20  庄点:30  点庄:40  平摸:40,其中庄20,平10  庄摸:60,各家20。
def test_draft4_base_point_table() -> None:
    assert win_payments(P, "S", dealer="E", discarder="W", fan=0)["S"] == 20  # 平点
    assert win_payments(P, "E", dealer="E", discarder="W", fan=0)["E"] == 30  # 庄点
    assert win_payments(P, "S", dealer="E", discarder="E", fan=0)["E"] == -40  # 点庄
    ping_mo = win_payments(P, "S", dealer="E", discarder=None, fan=0)
    assert ping_mo == {"E": -20, "S": 40, "W": -10, "N": -10}  # 平摸 40: 庄20, 平10
    zhuang_mo = win_payments(P, "E", dealer="E", discarder=None, fan=0)
    assert zhuang_mo == {"E": 60, "S": -20, "W": -20, "N": -20}  # 庄摸 60: 各家20


# 第4稿 §8: 每盘最高番数不超过6番,也就是每人最多输640.如果闲家输640,庄家本应输1280,
# 庄家也降低为640,和闲家一样.
def test_draft4_cap_640_each_dealer_too() -> None:
    r = result("123m456m789m234m5m5m", self_drawn=True)  # 门清 + 一条龙 + 清一色 = 9
    assert (r.total, r.capped) == (9, 6)
    assert RULES.settle(P, "S", None, r) == {"E": -640, "S": 1920, "W": -640, "N": -640}
    # Without the per-player limit the dealer would pay the 1280 the text names.
    loose = RULES.settle(P, "S", None, r, {"payer_cap": None})
    assert loose == {"E": -1280, "S": 2560, "W": -640, "N": -640}


# 第4稿 §7: 明杠10元，不赢没钱，赢了谁打谁付；暗杠20，不赢没钱，赢了每家都付20。杠不上楼。
def test_draft4_kong_money() -> None:
    r = result("[EEEE][7777p2]123m456s9s9s", self_drawn=True)  # 0 fan: 平摸 20/10/10
    pay = RULES.settle(P, "S", None, r)
    # 暗杠: 20 from each; 明杠: 10 from N (对家 gave the 7饼).
    assert pay == {"E": -20 - 20, "S": 40 + 60 + 10, "W": -10 - 20, "N": -10 - 20 - 10}
    # 不赢没钱: a kong is money only for the winner; the loser's kongs are not an input.


# 第4稿 §7: 跟庄,庄家付给每家10元.
def test_draft4_follow_dealer() -> None:
    assert follow_dealer_payments(P, "E") == {"E": -30, "S": 10, "W": 10, "N": 10}


# Older text 2.1)a: 东家应该为此支付其他3人每人1000点的烧庄点作为惩罚。如果第二张开始又继续
# "烧庄"，东家应支付的点数就要翻倍的往上涨，依次类推。但如果此把牌荒了，则无须支付烧庄点。
def test_older_text_burn() -> None:
    assert burn_payments(P, "E", 1) == {"E": -3000, "S": 1000, "W": 1000, "N": 1000}
    # The second round pays 2000 (翻倍); by default every round is paid (option burn_total).
    assert burn_payments(P, "E", 2)["S"] == 1000 + 2000
    assert burn_payments(P, "E", 2, total="last")["S"] == 2000
    assert burn_payments(P, "E", 3, drawn=True) == {"E": 0, "S": 0, "W": 0, "N": 0}


# Older text 实例1 (its start is cut off; the seed keeps three lines):
#   南家：－4000 [（庄1番＋对对和2番）＊（－1）＋（烧庄1番）]＊2000
#   西家：－4000   北家：－4000
def test_older_text_example_1_as_printed() -> None:
    south = ((1 + 2) * -1 + 1) * 2000
    assert south == -4000
    lines = {"S": south, "W": -4000, "N": -4000}
    east = -sum(lines.values())  # implied: the dealer won
    assert east == 12000


def test_older_text_example_1_contradicts_draft4() -> None:
    """CONTRADICTION.  实例1 scores linearly (fans × 2000) with 庄 as 1番, 对对和 as 2番 and
    烧庄 as 1番 of the same unit; draft 4 doubles per fan, 对对和 is +1, the dealer is in
    the base table (庄摸 60) and 烧庄 is a separate penalty (older text: 1000 each).

    fanshu's reading of the same event (the dealer self-draws 对对和 after pungs, one
    烧庄 round): 庄摸 60 × 2 = 40 from each, and the dealer pays each 1000.
    """
    r = result("[111m1][222p2][333s3]444s5p5p", self_drawn=True, dealer=True)
    assert [f.name_zh for f in r.fans] == ["对对和"] and r.total == 1
    win = RULES.settle(P, "E", None, r)
    assert win == {"E": 120, "S": -40, "W": -40, "N": -40}
    total = combine(P, win, burn_payments(P, "E", 1))
    assert total == {"E": -2880, "S": 960, "W": 960, "N": 960}
    assert total["S"] != -4000


# Older text 实例2 (cut off after the fan lines):
#   底分500，庄家为东家，开局后有烧庄3轮，最后东家放铳给南家，和牌牌型为推倒和，
#   南家和北家有互包关系。 算分结果为：牌型：庄：1番  推倒和：1番
def test_older_text_example_2_contradicts_draft4() -> None:
    """CONTRADICTION.  South wins 推倒和 on the dealer's discard, but draft 4 §6(1) says
    推倒和只能自摸才能赢 and §4 吃碰后只能自摸; the example also counts 庄 and 推倒和 as
    1番 each (2 in all), where draft 4 gives 推倒和 0 fan and prices the dealer in 点庄 40.

    fanshu's default: South (who has made three claims from North to be in 互包) cannot
    win on a discard.  With the older text's option (claimed_self_drawn_only false):
    0 fan, 点庄 40, and North pays it for the 互包 (由另一家来支付其所有点数); the dealer
    pays 3 rounds of 烧庄 (1000 + 2000 + 4000 each by default).  The example's 底分500
    scale cannot be checked: the lines that would use it are cut off.
    """
    hand = "[111m2][555p2][999s2]234m7p7p"  # S claimed three pungs from N (对家)
    r = result(hand)
    assert not r.is_win and r.reason is not None and "吃碰后只能自摸" in r.reason
    opts = {"claimed_self_drawn_only": False}
    r = result(hand, options=opts)
    seed_fan_lines = {"庄": 1, "推倒和": 1}
    assert sum(seed_fan_lines.values()) == 2
    assert [f.name_zh for f in r.fans] == ["推倒和"] and r.total == 0
    win = RULES.settle(P, "S", "E", r, opts)
    assert win == {"E": 0, "S": 40, "W": 0, "N": -40}
    burn = burn_payments(P, "E", 3)
    assert burn == {"E": -21000, "S": 7000, "W": 7000, "N": 7000}
    assert combine(P, win, burn) == {"E": -21000, "S": 7040, "W": 7000, "N": 6960}


# Older text 2.2)a: 如果这两家同时吃一张牌的铳，按和牌的点数差异进行互包。
def test_older_text_mutual_double_win_by_difference() -> None:
    assert mutual_double_win(P, "S", "N", 40, 160) == {"E": 0, "S": -120, "W": 0, "N": 120}


# Older text 基本规则: 同等牌型破了门清后的点数就为原基准点数的1/2 — agrees with draft 4,
# where a claim loses 门清 (+1 fan, a factor of 2).
def test_older_text_breaking_men_qing_halves_the_points() -> None:
    closed = RULES.settle(P, "S", None, result("123s456m789p234s5s5s", self_drawn=True))
    opened = RULES.settle(P, "S", None, result("[123s]456m789p234s5s5s", self_drawn=True))
    assert {p: v // 2 for p, v in closed.items()} == opened


# 第4稿 §4: 可以抢杠和，算做捉铳，所以门清才能抢杠 (the kong's owner pays as a discarder);
# older text 6)a: 凡是抢杠和牌的情况一律按开杠的选手点炮来处理。而点炮的选手要按和牌选手自摸
# 所产生的点数支付 — an option.
def test_robbed_kong_payer() -> None:
    r = result("123m456p789s13sEE2s", kong=True)  # 门清 1 fan, robbing W's kong
    assert RULES.settle(P, "S", "W", r) == {"E": 0, "S": 40, "W": -40, "N": 0}
    as_self_drawn = RULES.settle(P, "S", "W", r, {"robbed_kong_pays": "self-drawn"})
    assert as_self_drawn == {"E": 0, "S": 80, "W": -80, "N": 0}  # (20 + 10 + 10) × 2


# 第4稿 §6(7): 如果最后一张所出的牌给别人放了铳，也是“海底捞月”。
def test_draft4_last_discard_is_hai_di_lao_yue() -> None:
    r = result("123s456m789p234s5s5s", wall_last=True)
    assert "hai_di_lao_yue" in r and r.total == 2


# 第4稿 §6(13): 豪华七对子 … （在7对基础上加1番）
def test_draft4_luxury_seven_pairs_is_seven_pairs_plus_one() -> None:
    plain = result("1133m5577p99sEEFF")
    luxury = result("1111m5577p99sEEFF")
    assert luxury.total == plain.total + 1
