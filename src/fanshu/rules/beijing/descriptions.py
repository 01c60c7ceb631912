"""Rule texts of the Beijing fans (北京麻将), after seed 003's 麻将规则（第4稿） §6.

Our own words; ``docs/rules/beijing.md`` has the readings and the options.  Fans add and
the payment doubles per fan (``2 ** fan``), capped at 6 fan.  After a chow, pung or
melded kong a hand may only win by self-draw, so the examples with claimed sets are
self-drawn.  The seed's worked examples (实例) are settlements without hands, so the
example hands are our own.

>>> DESCRIPTIONS["tui_dao_he"].examples[0].context["self_drawn"]
True
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from fanshu.rules.texts import Example, FanText

__all__ = ["DESCRIPTIONS"]


def _t(zh: str, en: str, *examples: Example) -> FanText:
    return FanText(zh, en, examples)


def _x(hand: str, zh: str, en: str, **context: object) -> Example:
    return Example(hand, zh, en, context)


_D: dict[str, FanText] = {
    "tui_dao_he": _t(
        "推倒和（不加番）：没有任何加番牌型的和牌，只算底分；吃碰过的手只能自摸。",
        "Plain win (no fan): a win with none of the bonus shapes scores the base points "
        "only; a hand with claimed sets must self-draw.",
        _x("[123m1]456p789sEEE5m5m", "吃了三副，自摸五万。",
           "Three claimed chows, self-drawing the 5 characters.", self_drawn=True),
    ),
    "men_qing": _t(
        "门清（加1番）：没有吃、碰、明杠（暗杠仍算门清）；门清的手可以和别人打出的牌。",
        "Concealed hand (+1): no chow, pung or melded kong (a concealed kong keeps it); a "
        "concealed hand may win on a discard.",
        _x("123m456p678s234s5s5s", "门清和别人打出的五条。",
           "Concealed, winning on a discarded 5 bamboo."),
    ),
    "dui_dui_he": _t(
        "对对和（加1番）：四副刻子或杠子加一对将。",
        "All pungs (+1): four pungs or kongs and a pair.",
        _x("222m555p888sEEENN", "四副刻子，门清单钓北风，另计门清。",
           "Four pungs, concealed, won on north: Concealed hand too."),
    ),
    "hun_yi_se": _t(
        "混一色（加1番）：只有一门数牌加上字牌。",
        "Half flush (+1): one numbered suit and honors only.",
        _x("[123m1]345m999mEEE6m6m", "万子加东风刻，自摸六万。",
           "Characters and an east pung, self-drawing the 6 characters.", self_drawn=True),
    ),
    "da_diao": _t(
        "大钓（加1番）：吃碰了四副共十二张，手中只剩一张，单钓成和。",
        "Big single wait (+1): four sets claimed, twelve tiles shown, and the last tile "
        "in hand paired to win.",
        _x("[123m1][456p1][789s1][EEE1]5m5m", "四副全亮，自摸单钓五万。",
           "Four claimed sets, self-drawing the partner of the 5 characters.",
           self_drawn=True),
    ),
    "zhuo_wu_kui": _t(
        "捉五魁（加1番）：只听嵌张五万一张，用手中的四万、六万夹住它和牌。",
        "Catching the five (+1): the only wait is the 5 characters, won in the middle of a "
        "concealed 4-6 of characters.",
        _x("123p456p789s11s46m5m", "四六万嵌五万，另计门清。",
           "4 and 6 characters waiting on the 5: Concealed hand too."),
    ),
    "hai_di_lao_yue": _t(
        "海底捞月（加1番）：和牌墙最后一张牌，自摸或别人打出的都算。",
        "Last tile (+1): winning on the wall's last tile, self-drawn or discarded.",
        _x("123m456p678s234s5s5s", "和最后一张打出的五条。",
           "Winning on the last discard, a 5 bamboo.", wall_last=True),
    ),
    "yi_tiao_long": _t(
        "一条龙（3番）：同一门数牌的123、456、789三副顺子，连成一到九；吃出的顺子也算。",
        "One dragon (3 fan): 123, 456 and 789 of one suit as runs, claimed runs included.",
        _x("123m456m789m234s5s5s", "一到九万，自摸，另计门清。",
           "1 to 9 of characters, self-drawn: Concealed hand too.", self_drawn=True),
    ),
    "qi_dui": _t(
        "七对（4番）：七个对子组成的和牌，四张相同的牌算两对。",
        "Seven pairs (4 fan): seven pairs; four of a kind counts as two pairs.",
        _x("1199m5588pEENNCC", "七个对子，另计门清。", "Seven pairs: Concealed hand too."),
    ),
    "gang_shang_kai_hua": _t(
        "杠上开花（加1番）：开杠后补摸的牌自摸和牌。",
        "Kong flower (+1): self-drawing the win with a kong's replacement tile.",
        _x("[5555m1]123p456p789s1s1s", "杠五万后补摸一条。",
           "A kong of 5 characters, then the 1 bamboo from the replacement draw.",
           self_drawn=True, kong=True),
    ),
    "qing_yi_se": _t(
        "清一色（5番）：整手牌只有一门数牌，没有字牌。不再计混一色。",
        "Full flush (5 fan): one numbered suit, no honors. Half flush is not counted.",
        _x("[123s1]345s567s999s22s", "全是条子，自摸。", "All bamboo, self-drawn.",
           self_drawn=True),
    ),
    "hao_hua_qi_dui": _t(
        "豪华七对（在七对上再加1番）：七对里有四张相同的牌。",
        "Luxury seven pairs (+1 on top of Seven pairs): seven pairs holding four of a kind.",
        _x("1111m5588pEENNCC", "四张一万算两对，另计七对、门清。",
           "Four 1 characters as two pairs: Seven pairs and Concealed hand too."),
    ),
}  # fmt: skip

#: The rule text of every Beijing fan, read-only.
DESCRIPTIONS: Mapping[str, FanText] = MappingProxyType(_D)
