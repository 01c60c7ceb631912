"""Rule texts of the Sichuan fans (四川麻将, 血战到底): the patterns and the extras.

Our own words after seed 000 (麻将算翻 番型一览; 成麻番数怎么算的) and seed 002 (封顶四番, whose
examples are used where they are complete hands: its comments say which);
``docs/rules/sichuan.md`` has the readings.  A hand counts one pattern, the highest that
fits, and every extra; each fan doubles the payment (``base × 2^(fan−1)``).  The examples
are scored under the default preset (seed 000) with the keywords they give.

>>> DESCRIPTIONS["ping_hu"].examples[0].hand
'123m345m222p999p66p'
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


_PLAIN = "123m345m222p999p66p"  # seed 002 (另加番 例): 123万 345万 222筒 999筒 66筒

_D: dict[str, FanText] = {
    # -- patterns (one per hand, the highest) --------------------------------------------
    "ping_hu": _t(
        "平胡（1番）：缺一门，四副牌（刻子或顺子，不能吃）加一对将，没有更大的牌型。",
        "Plain win (1 fan): four sets (pungs, or concealed runs: there is no chow) and a "
        "pair, one suit missing, and no larger pattern.",
        _x(_PLAIN, "万子两副顺子、饼子两副刻子和将，缺条子。",
           "Two runs of characters, two pungs and a pair of dots; no bamboo (seed 002)."),
    ),
    "dui_dui_hu": _t(
        "对对胡（2番，封顶四番的玩法称大对子）：四副都是刻子或杠子，加一对将。",
        "All pungs (2 fan; 大对子 in the four-fan variant): four pungs or kongs and a pair.",
        # seed 002: 大对子（2番）+ 一杠（1番）= 3番: 2222筒 111万 444万 999筒 66筒
        _x("[2222p1][111m1]444m999p66p", "对对胡带一杠，另计一根。",
           "All pungs with a kong, which adds a root (seed 002)."),
    ),
    "qing_yi_se": _t(
        "清一色（3番）：整手牌只有一门花色。",
        "Pure one suit (3 fan): every tile is of one suit.",
        # seed 002 (三番 例): 123条 567条 234条 888条 99条
        _x("123s567s234s888s99s", "全是条子。", "All bamboo (seed 002)."),
    ),
    "dai_yao_jiu": _t(
        "带幺九（3番）：每一副牌和将牌里都有一或九。",
        "Terminals in every set (3 fan): each set and the pair hold a 1 or a 9.",
        # seed 002 (三番 例): 123条 123万 789条 789万 99万
        _x("123s123m789s789m99m", "每副都带一或九，九万作将。",
           "A 1 or 9 in every set, a pair of 9 characters (seed 002)."),
    ),
    "qi_dui": _t(
        "七对（3番）：门前的七个对子，没有碰、杠。",
        "Seven pairs (3 fan): seven pairs in hand, with no pung or kong shown.",
        # seed 002 (三番 例): 11万 22万 99万 44筒 66筒 88筒 99筒
        _x("112299m44668899p", "七个对子，缺条子。", "Seven pairs without bamboo (seed 002)."),
    ),
    "qing_dui": _t(
        "清对（4番）：一门花色的对对胡。不再计对对胡、清一色。",
        "Pure all pungs (4 fan): all pungs in one suit. All pungs and Pure one suit are "
        "not counted.",
        # seed 002 (四番 例): 111万 444万 222万 999万 66万
        _x("111444222999m66m", "万子四副刻子，六万作将。",
           "Four pungs of characters and a 6-character pair (seed 002)."),
    ),
    "jiang_dui": _t(
        "将对（4番）：刻子和将牌全是二、五、八的对对胡。不再计对对胡。",
        "All pungs of 2, 5, 8 (4 fan): all pungs and the pair are 2s, 5s and 8s. All pungs "
        "is not counted.",
        # own example: seed 002's (222万 555万 888万 222条 55筒) holds three suits
        _x("[222m1][555m1]888m222p55p", "二五八的刻子，五饼作将。",
           "Pungs of 2, 5 and 8 and a 5-dot pair."),
    ),
    "long_qi_dui": _t(
        "龙七对（5番）：七对中有四张相同的牌（不是杠）。不再计七对，并少计一根。",
        "Dragon seven pairs (5 fan): seven pairs in which one tile is held four times (not "
        "as a kong). Seven pairs is not counted, and it counts one root fewer.",
        # seed 002 (四番 例): 11万 11万 99万 44筒 66筒 88筒 99筒
        _x("111199m44668899p", "四张一万算作两对。", "Four 1 characters as two pairs "
           "(seed 002)."),
    ),
    "qing_qi_dui": _t(
        "清七对（5番）：一门花色的七对。不再计七对、清一色。",
        "Pure seven pairs (5 fan): seven pairs of one suit. Seven pairs and Pure one suit "
        "are not counted.",
        _x("11224466779988m", "万子七对。", "Seven pairs of characters."),
    ),
    "qing_yao_jiu": _t(
        "清幺九（5番）：一门花色的带幺九。不再计清一色、带幺九。",
        "Pure terminals in every set (5 fan): terminals in every set, all in one suit. Pure "
        "one suit and Terminals in every set are not counted.",
        _x("123m123m789m999m11m", "万子每副带幺九；四张一万、四张九万，另计两根。",
           "Every set of characters holds a 1 or 9; four 1s and four 9s add two roots."),
    ),
    "tian_hu": _t(
        "天胡（6番）：庄家起手的牌就已和牌。不再计自摸。",
        "Heavenly win (6 fan): the dealer's dealt tiles are already a win. Self-drawn is "
        "not counted.",
        _x(_PLAIN, "庄家起手即和。", "The dealer wins on the tiles dealt.",
           dealer=True, first_turn=True, self_drawn=True),
    ),
    "di_hu": _t(
        "地胡（6番）：闲家第一次摸牌就自摸和牌。不再计自摸。",
        "Earthly win (6 fan): a player other than the dealer wins on the first tile drawn. "
        "Self-drawn is not counted.",
        _x(_PLAIN, "闲家第一次摸牌就和。", "A non-dealer wins on the first draw.",
           first_turn=True, self_drawn=True),
    ),
    "qing_long_qi_dui": _t(
        "清龙七对（6番）：一门花色的龙七对，少计一根。",
        "Pure dragon seven pairs (6 fan): dragon seven pairs in one suit; it counts one "
        "root fewer.",
        _x("11112233557799m", "万子七对，四张一万。", "Seven pairs of characters with four 1s."),
    ),
    # -- extras (each adds) ------------------------------------------------------------
    "zi_mo": _t(
        "自摸（加1番）：自己摸到和牌的那张牌。",
        "Self-drawn (+1): drawing the winning tile oneself.",
        _x(_PLAIN, "自摸六饼。", "Self-drawing the 6 dots.", self_drawn=True),
    ),
    "gang_shang_hua": _t(
        "杠上花（加1番，另计自摸）：开杠后补摸的牌和牌。引杠者打出的牌被杠后杠上花，算引杠者点炮。",
        "Win on a kong's replacement tile (+1, with Self-drawn as well). After a kong made "
        "on someone's discard, that player pays as if he had dealt in.",
        _x("[2222m1]345m666p888p99p", "杠二万后补摸九饼。", "A kong of 2 characters, then the "
           "9 dots from the replacement draw.", self_drawn=True, kong=True),
    ),
    "gang_shang_pao": _t(
        "杠上炮（加1番）：别人开杠后打出的牌让你和牌。",
        "Win on the discard made after a kong (+1).",
        _x(_PLAIN, "别人杠后打出六饼。", "Winning on the 6 dots discarded after a kong.",
           kong_discard=True),
    ),
    "qiang_gang_hu": _t(
        "抢杠胡（加1番）：别人加杠时，和他加上去的那张牌。",
        "Robbing a kong (+1): winning on the tile another player adds to a pung.",
        _x("12m456m222p999p66p3m", "别人加杠三万，抢来和牌。",
           "Robbing the 3 characters added to a kong.", kong=True),
    ),
    "gen": _t(
        "根（每根加1番）：手中有四张相同的牌，杠或不杠都算一根。",
        "Root (+1 each): a tile held four times, as a kong or not.",
        _x("111123m456m99p777p", "四张一万不开杠，算一根。",
           "Four 1 characters without a kong: one root."),
        # seed 002: 平胡(1番) + 一杠(1番) = 2番: 2222筒 123万 345万 999筒 66筒
        _x("[2222p1]123m345m999p66p", "一副杠也算一根。", "A kong is a root too (seed 002)."),
    ),
    "jin_gou_diao": _t(
        "金钩钓（加1番）：四副牌都已碰、杠出去，手里只剩一张单钓将。",
        "Golden hook (+1): all four sets shown (pungs or kongs) and a single tile left in "
        "hand, waiting for its pair.",
        _x("[222m1][555m1][888p1][9999p1]3m3m", "四副全亮，单钓三万。",
           "Four sets shown, waiting on the 3 characters."),
    ),
    "hai_di": _t(
        "海底捞月（加1番，选项sea_bottom）：和牌墙的最后一张牌。",
        "Win on the wall's last tile (+1, option sea_bottom).",
        _x(_PLAIN, "和最后一张牌。", "Winning on the last tile.", wall_last=True,
           options={"sea_bottom": True}),
    ),
}  # fmt: skip

#: The rule text of every Sichuan fan (both presets' keys and the optional 海底), read-only.
DESCRIPTIONS: Mapping[str, FanText] = MappingProxyType(_D)
