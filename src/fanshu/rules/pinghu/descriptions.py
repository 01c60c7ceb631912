"""Rule texts of Pinghu 台头 (平湖麻将台头), after seed 001 ❹'s one-paragraph list.

Our own words; the list is terse, so most texts follow fanshu's readings in
``docs/rules/pinghu.md`` (and name the option where a reading is one).  Every 翻 is one
台 and they add; a win needs 1 台 besides flowers.  The seed gives no hands; the examples
are our own.

>>> DESCRIPTIONS["liang_bai_yan"].examples[0].context["wildcard"]
'C'
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
    "shi_san_yao": _t(
        "十三幺（48翻，整手计）：三门数牌的一、九和七种字牌各一张，其中一种成对；不再加别的翻。",
        "Thirteen orphans (48, the whole score): the 1 and 9 of each suit and the seven "
        "honors, one of them twice; nothing is added.",
        _x("19m19p19sESWNCFPP", "十三种幺九牌，白板成对。",
           "All thirteen kinds, the white dragon twice."),
    ),
    "da_si_xi": _t(
        "大四喜（默认48翻，整手计，选项da_si_xi）：四种风牌各一副刻子或杠子，加任意一对将。"
        "原文没有写翻数。",
        "Big four winds (48 by default, the whole score; option da_si_xi): a pung or kong "
        "of each wind and any pair. The seed gives it no value.",
        _x("[EEE1]SSSWWWNNN5m5m", "四副风刻，五万作将。", "Four wind pungs, a 5-character "
           "pair."),
    ),
    "quan_yao": _t(
        "全幺（24翻起）：默认读作字一色，整手只有字牌（选项quan_yao=outside时为全带幺）。",
        "All honors (from 24): read by default as honors only (option quan_yao=outside: "
        "every set and the pair hold a terminal or an honor).",
        _x("[EEE1]SSSNNNFFFPP", "全是字牌。", "Nothing but honors."),
    ),
    "quan_yao_jiu": _t(
        "全幺九（24翻起）：每张牌都是数牌的一或九，没有字牌。",
        "All terminals (from 24): every tile a suited 1 or 9, no honors.",
        _x("[111m1]999m111p999s11s", "只有一和九。", "Only 1s and 9s."),
    ),
    "hun_yao_jiu": _t(
        "混幺九（24翻起）：每张牌都是一、九或字牌，两类都有。",
        "Terminals and honors (from 24): every tile a terminal or an honor, with both "
        "kinds present.",
        _x("[111m1]999mNNNFFF11s", "一九和字牌。", "Terminals and honors."),
    ),
    "qing_yi_se_dui_dui": _t(
        "清一色对对碰（12翻起）：一门数牌、没有字牌的对对碰。",
        "Full-flush all pungs (from 12): all pungs in one suit, no honors.",
        _x("[222m1]444m666m888m99m", "万子四副刻子。", "Four pungs of characters."),
    ),
    "jiu_zi_lian_huan": _t(
        "九字连环（12翻起）：默认读作一条龙，同一门的123、456、789；"
        "选项jiu_zi_lian_huan=nine_gates读作九莲宝灯。",
        "Nine linked numbers (from 12): read by default as 123, 456 and 789 of one suit "
        "(option jiu_zi_lian_huan=nine_gates: the nine gates).",
        _x("123m456m789m234s5s5s", "一到九万，门清自摸。", "1 to 9 of characters, "
           "concealed and self-drawn.", self_drawn=True),
    ),
    "qing_yi_se": _t(
        "清一色（12翻起）：整手牌只有一门数牌，没有字牌。",
        "Full flush (from 12): one suit, no honors.",
        _x("[123m1]345m567m999m22m", "全是万子。", "All characters."),
    ),
    "hun_yi_se_dui_dui": _t(
        "混一色对对碰（10翻起）：一门数牌加字牌的对对碰。",
        "Half-flush all pungs (from 10): all pungs of one suit and honors.",
        _x("[222m1]444m666mEEECC", "万子刻子加东风刻、红中将。",
           "Character pungs, an east pung and a red-dragon pair."),
    ),
    "kun_yi_se": _t(
        "昆一色（5翻起）：读作混一色，一门数牌加字牌（吴语中昆、混同音）。",
        "Half flush (from 5): read as 混一色, one suit and honors (昆 and 混 sound alike "
        "in Wu speech).",
        _x("[123m1]345m567mEEE22m", "万子加东风刻。", "Characters and an east pung."),
    ),
    "dui_dui_hu": _t(
        "对对碰胡（5翻起）：四副刻子或杠子加一对将。",
        "All pungs (from 5): four pungs or kongs and a pair.",
        _x("[222m1]444p666mEEE99s", "四副刻子。", "Four pungs."),
    ),
    "ping_hu": _t(
        "平湖（1翻）：读作平胡，四副顺子加一对数牌将。",
        "Plain hand (1): read as 平胡, four chows and a suited pair.",
        _x("123m456p678s234s5s5s", "四副顺子，另计门前清。", "Four chows: Concealed hand "
           "too."),
    ),
    "men_qian_qing": _t(
        "门前清（1翻）：没有吃碰明杠（暗杠不影响），不论自摸还是和别人打出的牌。",
        "Concealed hand (1): no claimed set (a concealed kong keeps it), however the hand "
        "is won.",
        _x("123m456p678s999sEE", "门清和东风。", "Concealed, winning on east."),
    ),
    "duan_yao": _t(
        "断幺（1翻）：整手牌没有一、九和字牌。",
        "All simples (1): no terminal and no honor.",
        _x("[234m1]456p678s345s5s5s", "全是二到八，另计平湖。", "Only 2 to 8: Plain hand "
           "too."),
    ),
    "liang_bai_yan": _t(
        "2百眼（1翻）：将牌是两张百搭，不论它们当作什么牌。",
        "Two wild eyes (1): the pair is two wild tiles, whatever they stand for.",
        _x("CC234m567m234s67p8p", "红中是百搭，两张红中作将。",
           "Red dragons are wild; two of them are the pair.", wildcard="C"),
    ),
    "hong_zhong": _t(
        "红中（1翻）：一副红中的刻子或杠子（发财、白板的刻子不计）。",
        "Red dragon (1): a pung or kong of red dragons (green and white pungs count "
        "nothing).",
        _x("[CCC1]123m456p789s5s5s", "碰红中。", "A claimed pung of red dragons."),
    ),
    "zi_mo": _t(
        "自摸（1翻）：自己摸到和牌的那张牌（杠后补牌和牌也算）。",
        "Self-drawn (1): drawing the winning tile oneself (a kong's replacement too).",
        _x("[123m1]456p789s999sEE", "自摸东风。", "Self-drawing east.", self_drawn=True),
    ),
    "hua": _t(
        "花（每张1台，选项flowers）：打花时每张花牌加1台，不算在起胡的1台里。",
        "Flowers (1 each, option flowers): with flowers in play each adds 1 台; they do "
        "not count toward the 1 台 a win needs.",
        _x("[123m1]456p789s999sEE", "自摸，另有两张花。", "Self-drawn, with two flowers.",
           self_drawn=True, flowers=2, options={"flowers": True}),
    ),
}  # fmt: skip

#: The rule text of every Pinghu 翻, read-only.
DESCRIPTIONS: Mapping[str, FanText] = MappingProxyType(_D)
