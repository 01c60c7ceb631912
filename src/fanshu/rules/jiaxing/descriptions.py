"""Rule texts of Jiaxing 台头 (嘉兴台头麻将), after seed 001 ❼ (台型列表, 番型列表).

Our own words; ``docs/rules/jiaxing.md`` has the readings and the options.  台 add up to
the base (with one 底台), 番 add and each doubles it: points = (底台 + 台) × 2 ** 番.
黄番, 包子 and 百搭连庄 come from earlier hands or the dice (the carried pool, ``Carry``),
not from the hand itself, so they have no example hand (``NOT_IN_A_HAND``).  The seed
gives no hands; the examples are our own.

>>> sorted(NOT_IN_A_HAND)
['bao_zi', 'huang_fan', 'lian_zhuang']
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


_PLAIN = "123m456p789s234s5s5s"
_CARRIED = "这四种累计番（黄番、老头黄、包子、百搭连庄）一次和牌只用其中一个，其余留到下一盘。"
_CARRIED_EN = (
    "Of the four carried 番 (this one, 老头黄, 包子, 百搭连庄) a win uses one; the rest "
    "waits for the next hand."
)

_D: dict[str, FanText] = {
    # -- 台 ------------------------------------------------------------------------------
    "hong_zhong_ke": _t(
        "红中刻（1台）：手中有三张或以上红中。",
        "Red dragon pung (1 台): three or more red dragons.",
        _x("[CCC1]123m456p789s5s5s", "碰红中，另计无百搭。", "A red-dragon pung: No wild "
           "tile too."),
    ),
    "fa_cai_ke": _t(
        "发财刻（1台）：手中有三张或以上发财。",
        "Green dragon pung (1 台): three or more green dragons.",
        _x("[FFF1]123m456p789s5s5s", "碰发财。", "A green-dragon pung."),
    ),
    "bai_ban_ke": _t(
        "白板刻（1台）：手中有三张或以上白板。",
        "White dragon pung (1 台): three or more white dragons.",
        _x("[PPP1]123m456p789s5s5s", "碰白板。", "A white-dragon pung."),
    ),
    "men_feng": _t(
        "门风刻（1台）：有自己座位风向的风刻；与圈风刻可以累加。",
        "Seat wind pung (1 台): a pung of one's own seat wind; it adds to the prevalent "
        "wind pung.",
        _x("[SSS1]123m456p789s5s5s", "坐南家碰南风。", "A south pung in the south seat.",
           seat_wind="S"),
    ),
    "quan_feng": _t(
        "圈风刻（1台）：有本盘风圈的风刻，不论坐在哪里。",
        "Prevalent wind pung (1 台): a pung of the round's wind, whatever the seat.",
        _x("[EEE1]123m456p789s5s5s", "东风圈坐南家碰东风。", "An east pung in the east "
           "round, seated south.", seat_wind="S", prevalent_wind="E"),
    ),
    "wu_bai_da": _t(
        "无百搭（1台）：和牌里没有一张百搭。",
        "No wild tile (1 台): the hand holds no wild tile at all.",
        _x(_PLAIN, "没有百搭。", "No wild tile."),
    ),
    "dui_dui_he": _t(
        "对对和（2台）：四副刻子加一对将；七对不算对对和。",
        "All pungs (2 台): four pungs and a pair; seven pairs is not all pungs.",
        _x("[111m1][222p1][CCC1]999s5s5s", "四副刻子，另计红中刻、无百搭。",
           "Four pungs: Red dragon pung and No wild tile too."),
    ),
    "hun_yi_se": _t(
        "混一色（2台）：万、筒、条中的一门加上字牌。",
        "Half flush (2 台): one of the three suits and honors.",
        _x("[123m1]456m789mNNN1m1m", "万子加北风刻。", "Characters and a north pung."),
    ),
    "qing_yi_se": _t(
        "清一色（4台）：只有一门数牌，没有字牌。",
        "Full flush (4 台): one suit, no honors.",
        _x("[123m1]456m789m999m1m1m", "全是万子。", "All characters."),
    ),
    "quan_lao_tou": _t(
        "全老头（10台）：整手只有风牌和箭牌；其他台照样累加。",
        "All honors (10 台): winds and dragons only; the other 台 still add.",
        _x("[EEE1]SSSNNNFFFPP", "全是字牌，坐西家，另计对对和、圈风刻、发财刻、无百搭。",
           "Honors only, seated west: All pungs, Prevalent wind, Green dragon pung and No "
           "wild tile too.", seat_wind="W"),
    ),
    # -- 番 ------------------------------------------------------------------------------
    "san_bai_da": _t(
        "3百搭（1番）：手中有三张或以上百搭。",
        "Three wild tiles (1 番): three or more wild tiles in hand.",
        _x("5p5p5p123m456m789m1m1m", "五饼是百搭，手中三张，自摸。",
           "5 dots are wild, three in hand, self-drawn.", wildcard="5p", self_drawn=True),
    ),
    "gang_shang_kai_hua": _t(
        "杠上开花（1番）：开杠后补摸的牌自摸和牌。",
        "Kong flower (1 番): self-drawing the win with a kong's replacement tile.",
        _x("[1111m]234m567m888m9m9m", "暗杠一万后补摸九万。",
           "A concealed kong of 1 characters, then 9 characters from the replacement.",
           self_drawn=True, kong=True),
    ),
    "dan_diao": _t(
        "单吊（1番）：吃碰杠后手里只剩一张牌，单钓成和。",
        "Single wait (1 番): four sets melded, the last single tile paired to win.",
        _x("[111m1][222p1][CCC1][999s1]5s5s", "四副全亮，单钓五条。",
           "Four melded sets, waiting on the 5 bamboo."),
    ),
    "huang_fan": _t(
        "黄番（1番，累计）：前面每流局一次积一个黄番，每次和牌用掉一个。" + _CARRIED,
        "Drawn-hand 番 (1 番, carried): each drawn hand before adds one, each win uses "
        "one. " + _CARRIED_EN,
    ),
    "lao_tou_huang": _t(
        "老头黄（1番，累计）：本盘的百搭是风牌或箭牌。" + _CARRIED,
        "Honor wild (1 番, carried): this hand's wild tile is a wind or a dragon. "
        + _CARRIED_EN,
        _x(_PLAIN, "东风是百搭。", "East is wild.", wildcard="E"),
    ),
    "hai_di_lao_yue": _t(
        "海底捞月（1番）：摸牌墙最后一张牌自摸和牌。",
        "Last tile (1 番): self-drawing the win with the wall's last tile.",
        _x(_PLAIN, "自摸最后一张。", "Self-drawing the last tile.", self_drawn=True,
           wall_last=True),
    ),
    "tian_he": _t(
        "天和（2番）：庄家还没出牌就自摸和牌。",
        "Heavenly win (2 番): the dealer wins before its first discard.",
        _x(_PLAIN, "庄家起手即和。", "The dealer's dealt hand wins.", self_drawn=True,
           first_turn=True, dealer=True),
    ),
    "di_he": _t(
        "地和（2番）：庄家打出头一张牌，闲家就用这张牌和了。",
        "Earthly win (2 番): a non-dealer wins on the dealer's first discard.",
        _x(_PLAIN, "和庄家的第一张牌。", "Winning on the dealer's first discard.",
           first_turn=True),
    ),
    "bao_zi": _t(
        "包子（1番，累计）：本盘掷出的两颗骰子点数相同。" + _CARRIED,
        "Twin dice (1 番, carried): the two dice thrown for the hand match. " + _CARRIED_EN,
    ),
    "lian_zhuang": _t(
        "百搭连庄（1番，累计）：本盘的百搭与上一盘相同。" + _CARRIED,
        "Repeated wild (1 番, carried): this hand's wild tile is the last hand's. "
        + _CARRIED_EN,
    ),
}  # fmt: skip

#: The rule text of every Jiaxing 台 and 番, read-only.
DESCRIPTIONS: Mapping[str, FanText] = MappingProxyType(_D)

#: The 番 no hand shows by itself (they come from the carried pool), with why.
NOT_IN_A_HAND: Mapping[str, str] = MappingProxyType(
    {
        "huang_fan": "carried from drawn hands before (Carry), not from the hand",
        "bao_zi": "from the dice thrown for the hand (Carry), not from the hand",
        "lian_zhuang": "from the last hand's wild tile (Carry), not from the hand",
    }
)
