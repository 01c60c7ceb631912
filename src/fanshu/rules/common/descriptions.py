"""Rule texts of the ``common`` list (底分 × 2^番, seed 000's 快速入门规则).

Our own words after seed 000's §一 (its one-line definitions, several loose or garbled)
and fanshu's readings of them in ``docs/rules/common.md``; where a reading is an option
the text names it.  Fans add; the score is 底分 × 2 ** fan.  The seed gives no hands, so
the examples are our own.

>>> DESCRIPTIONS["da_san_yuan"].examples[0].hand
'CCCFFFPPP123m5p5p'
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
    "ping_he": _t(
        "平和（1番）：默认指没有本表其他番种的普通和牌（四副牌加一对将）；"
        "选项ping_he=all_chows时改为四副顺子加一对将。",
        "Plain win (1 fan): by default a win of four sets and a pair with no other fan of "
        "this list; with the option ping_he=all_chows it means four chows and a pair.",
        _x("123m456p345sEEE5m5m", "三副顺子、东风刻和将，没有别的番。",
           "Three chows, an east pung and a pair: nothing else scores."),
    ),
    "yi_bei_kou": _t(
        "一杯口（1番）：两副完全相同的顺子；有两组就计两次，吃出的顺子也算。",
        "Pure double chow (1 fan): two identical chows, claimed or not; two such pairs of "
        "chows count it twice.",
        _x("123m123m456p789sCC", "两副一二三万。", "Two 123 chows of characters."),
    ),
    "qi_dui_zi": _t(
        "七对子（2番）：门前的七个对子；四张相同的牌默认可算两对。不再计平和、一杯口。",
        "Seven pairs (2 fan): seven pairs in hand; by default four of a kind may be two of "
        "them. Plain win and Pure double chow are not counted.",
        _x("1199m5588pEENNCC", "七个对子。", "Seven pairs."),
    ),
    "hun_yi_se": _t(
        "混一色（2番）：一种花色的数牌加上字牌（至少一张字牌）。",
        "Half flush (2 fan): one suit and honors, with at least one honor.",
        _x("123m456m789mEEE5m5m", "万子加东风刻。", "Characters with an east pung."),
    ),
    "wu_zi": _t(
        "无字（3番）：整手牌没有字牌。",
        "No honors (3 fan): not a single honor tile.",
        _x("123m456m789m123s5s5s", "只有万子和条子。", "Only characters and bamboo."),
    ),
    "dui_dui_he": _t(
        "对对和（3番）：四副刻子（或杠子）加一对将。不再计平和。",
        "All pungs (3 fan): four pungs or kongs and a pair. Plain win is not counted.",
        _x("[222m1]555p888sEEENN", "四副刻子，北风作将。", "Four pungs and a north pair."),
    ),
    "hun_quan_dai_yao_jiu": _t(
        "混全带幺九（3番）：每副牌和将都带一、九或字牌；默认只在没有字牌时计它，"
        "有字牌时计混全带字（选项outside_hand）。",
        "Outside hand (3 fan): every set and the pair hold a 1, a 9 or an honor; by "
        "default it is the outside hand without honors, the one with honors being Outside "
        "hand with honors (option outside_hand).",
        _x("123m789m999p123s1s1s", "每副都带一或九，没有字牌，另计无字。",
           "A 1 or 9 in every set and no honors: No honors too."),
    ),
    "hun_quan_dai_zi": _t(
        "混全带字（3番）：默认指带有字牌的全带幺（每副牌和将都带一、九或字牌）。",
        "Outside hand with honors (3 fan): by default the outside hand (a 1, a 9 or an "
        "honor in every set and the pair) that holds an honor.",
        _x("123m789m123pEEECC", "每副都带幺九或字牌，有东风刻、红中将。",
           "Terminals or honors in every set, with an east pung and a red-dragon pair."),
    ),
    "qing_yi_se": _t(
        "清一色（6番）：只有一种花色的数牌，没有字牌。不再计混一色、无字。",
        "Full flush (6 fan): one suit and no honors. Half flush and No honors are not "
        "counted.",
        _x("[123s1]345s567s999s22s", "全是条子。", "All bamboo."),
    ),
    "xiao_san_yuan": _t(
        "小三元（13番）：两种箭牌各一副刻子，第三种箭牌作将（选项xiao_san_yuan=literal："
        "两副箭刻再加任一副刻子）。",
        "Little three dragons (13 fan): pungs of two dragons and the third as the pair "
        "(option xiao_san_yuan=literal: two dragon pungs and any third pung).",
        _x("CCCFFFPP123m456p", "中、发两副刻子，白板作将。",
           "Pungs of red and green dragons, a white-dragon pair."),
    ),
    "da_san_yuan": _t(
        "大三元（26番）：中、发、白各一副刻子或杠子。不再计小三元。",
        "Big three dragons (26 fan): a pung or kong of each dragon. Little three dragons "
        "is not counted.",
        _x("CCCFFFPPP123m5p5p", "三副箭刻。", "Three dragon pungs."),
    ),
}  # fmt: skip

#: The rule text of every fan of the list, read-only.
DESCRIPTIONS: Mapping[str, FanText] = MappingProxyType(_D)
