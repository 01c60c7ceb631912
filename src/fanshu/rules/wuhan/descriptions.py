"""Rule texts of Wuhan 开口翻 (武汉开口翻), after seed 001 ❽ 開口翻怎麼算錢.

Our own words; ``docs/rules/wuhan.md`` has the readings and the options.  Every one of the
three losers pays ``base × 2^(the winner's 番 + its own 番)``, so some 番 are a loser's:
放冲 (the discarder's) and the discard kongs 红中发财杠 and 赖子杠 are counted in the
settlement, never in the winner's hand, and have no example hand (``NOT_IN_A_HAND`` says
why).  The seed gives no hands; the examples are our own.

>>> sorted(NOT_IN_A_HAND)
['dragon_gang', 'fang_chong', 'lai_zi_gang']
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from fanshu.rules.texts import Example, FanText

__all__ = ["DESCRIPTIONS", "NOT_IN_A_HAND"]


def _t(zh: str, en: str, *examples: Example) -> FanText:
    return FanText(zh, en, examples)


def _x(hand: str, zh: str, en: str, **context: object) -> Example:
    return Example(hand, zh, en, context)


_PLAIN = "123m456m789s234p5s5s"

_D: dict[str, FanText] = {
    "kai_kou": _t(
        "开口（每次吃、碰、明杠加1番）：每一副从别人打出的牌吃、碰或杠来的牌算一次开口，"
        "输家赢家都计（选项opening_per_claim=false时开口只算1番）。",
        "Opened (1 per claim): each chow, pung or melded kong claimed from a discard is an "
        "opening, for the winner and for each loser alike (option opening_per_claim=false: "
        "1 for an opened hand).",
        _x("[123s1]456m789m234p5s5s", "吃了一副，开口1番，另计屁胡。",
           "One claimed chow: Opened once, with the Plain win."),
    ),
    "an_gang": _t(
        "暗杠（每副2番）：自己摸齐四张开杠，不算开口。",
        "Concealed kong (2 each): a kong of four drawn tiles; it is no opening.",
        _x("[5555p]123m456m789s1s1s", "暗杠五饼，自摸。", "A concealed kong of 5 dots, "
           "self-drawn.", self_drawn=True),
    ),
    "ming_gang": _t(
        "明杠（每副1番）：杠别人打出的牌或在碰出的刻子上加杠；它同时算一次开口。",
        "Melded kong (1 each): a kong on a discard or added to a claimed pung; its claim is "
        "also an opening.",
        _x("[5555p1]123m456m789s1s1s", "明杠五饼，另计开口。", "A melded kong of 5 dots: "
           "Opened too.", self_drawn=True),
    ),
    "zi_mo": _t(
        "自摸（1番）：自己摸到和牌的那张牌，三家都付。",
        "Self-drawn (1): drawing the winning tile oneself; all three pay.",
        _x(_PLAIN, "门清自摸。", "A concealed hand, self-drawn.", self_drawn=True),
    ),
    "pi_hu": _t(
        "屁胡（1番）：普通的和牌（四副牌加一对将）；原文没有列出大胡，每次和牌都计。",
        "Plain win (1): an ordinary win of four sets and a pair; the seed names no bigger "
        "hand, so every win counts it.",
        _x(_PLAIN, "和别人打出的五条。", "Winning on a discarded 5 bamboo."),
    ),
    "fang_chong": _t(
        "放冲（1番，输家的番）：打出那张让人和牌的玩家加1番；被抢杠的人也算放冲。",
        "Fed the win (1, a loser's): the player whose discard was won on (or whose kong "
        "was robbed) adds 1 to its own count.",
    ),
    "zhuang_jia": _t(
        "庄家（1番）：庄家不论输赢都加1番。",
        "Dealer (1): the dealer adds 1, whether it wins or pays.",
        _x(_PLAIN, "庄家和牌。", "The dealer wins.", dealer=True),
    ),
    "quan_qiu_ren": _t(
        "全求人（不加番）：四副都是吃碰来的，和别人打出的牌；放冲者未听牌时由他承包，"
        "一人付三家的钱。",
        "Melded hand (no 番 of its own): four claimed sets and a win on a discard; when "
        "the discarder was not ready it is liable and pays for all three.",
        _x("[123m1][456s1][789p1][EEE1]FF", "四副全亮，和别人打出的发财，另计四次开口。",
           "Four claimed sets, winning on a discarded green dragon: Opened four times."),
    ),
    "dragon_gang": _t(
        "红中发财杠（每张1番，选项dragon_kongs）：玩家每打出一张红中或发财就算一杠，"
        "计在这名玩家自己的番里；这些牌不能被吃碰和。",
        "Dragon kong (1 each, option dragon_kongs): each red or green dragon a player "
        "discards counts for that player's own 番; such tiles cannot be claimed or won on.",
    ),
    "lai_zi_gang": _t(
        "赖子杠（每张2番，选项laizi）：玩家每打出一张赖子就算一杠，计在这名玩家自己的番里。",
        "Wildcard kong (2 each, option laizi): each wildcard a player discards counts for "
        "that player's own 番.",
    ),
    "ying_hu": _t(
        "硬胡（1番，选项ying_hu）：有赖子时，和牌里的赖子都只当它本身。",
        "Hard win (1, option ying_hu): with wildcards in play, a win in which every "
        "wildcard stands for itself.",
        _x(_PLAIN, "红中是赖子，手中没有用赖子。", "Red dragons are wild; none is used.",
           options={"laizi": True, "ying_hu": True}, wildcard="C"),
    ),
}  # fmt: skip

#: The rule text of every Wuhan 番, read-only.
DESCRIPTIONS: Mapping[str, FanText] = MappingProxyType(_D)

#: The 番 no winning hand shows (a loser's, counted at the settlement), with why.
NOT_IN_A_HAND: Mapping[str, str] = MappingProxyType(
    {
        "fang_chong": "the discarder's own 番, counted when the losers pay",
        "dragon_gang": "counted from a player's discards, at the settlement",
        "lai_zi_gang": "counted from a player's discards, at the settlement",
    }
)
