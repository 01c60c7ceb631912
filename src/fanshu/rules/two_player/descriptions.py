"""Rule texts of the two-player game (二人麻将): the 国标 texts, and the game's own extras.

The game plays the 国标 fans without 圈风刻, 门风刻 and 花牌 (no winds of seat or round, no
flowers: seed 000, 关于2人麻将的说明), so each of its fans has the MCR text of
``fanshu.rules.mcr.descriptions``, keyed as this rule set's table keys them
(``"big_four_winds"``), with the examples' wind and flower keywords left out.  天和, 地和,
人和 and 天听 have their own texts: the game has its own values and its own 人和 (seed 000,
麻将的番数计算; ``docs/rules/two-player.md``).

>>> DESCRIPTIONS["human_hand"].examples[0].context["first_turn"]
True
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from fanshu.rules.mcr.descriptions import DESCRIPTIONS as MCR
from fanshu.rules.mcr.fans import Fan
from fanshu.rules.texts import Example, FanText
from fanshu.rules.two_player.ruleset import FAN_ROWS

__all__ = ["DESCRIPTIONS"]

#: keywords the two-player game has no use for (no winds, no flowers, its own extras)
_DROPPED = frozenset({"seat_wind", "prevalent_wind", "flowers", "options", "wildcard"})

_DEALT = "123m456p123789sEE"

_OWN: dict[str, FanText] = {
    "heavenly_hand": FanText(
        "天和（99番）：庄家起手抓到的牌就已和牌。不再计不求人、门前清、自摸、边张、嵌张、"
        "单钓将、天听。",
        "Heavenly Hand (99 fan): the dealer's starting tiles are already a win. Fully "
        "Concealed Hand, Concealed Hand, Self-Drawn, the wait fans and Heavenly Ready are "
        "not counted.",
        (Example(_DEALT, "庄家起手即和。", "The dealer's dealt hand wins.",
                 {"dealer": True, "first_turn": True, "self_drawn": True}),),
    ),
    "earthly_hand": FanText(
        "地和（88番）：闲家摸第一张牌就自摸和牌。不再计不求人、门前清、自摸、天听。",
        "Earthly Hand (88 fan): the non-dealer wins by self-draw on the first tile drawn. "
        "Fully Concealed Hand, Concealed Hand, Self-Drawn and Heavenly Ready are not "
        "counted.",
        (Example(_DEALT, "闲家第一次摸牌自摸。", "The non-dealer's first draw wins.",
                 {"first_turn": True, "self_drawn": True}),),
    ),
    "human_hand": FanText(
        "人和（64番）：庄家打出头一张牌，闲家就用这张牌和了。不再计门前清、天听。",
        "Human Hand (64 fan): the non-dealer wins on the dealer's first discard. Concealed "
        "Hand and Heavenly Ready are not counted.",
        (Example(_DEALT, "和庄家打出的第一张东风。", "Winning on the dealer's first discard, "
                 "an east.", {"first_turn": True}),),
    ),
    "heavenly_ready": FanText(
        "天听（32番）：起手的牌就已听牌，并且当即报听，之后和牌。",
        "Heavenly Ready (32 fan): the starting hand is already ready and is declared ready "
        "at once; it later wins.",
        (Example(_DEALT, "起手报听，后来和东风。", "Declared ready at the start, later "
                 "winning on east.", {"ready_at_start": True}),),
    ),
}  # fmt: skip


def _adapted(text: FanText) -> FanText:
    examples = tuple(
        Example(
            e.hand,
            e.note_zh,
            e.note_en,
            {k: v for k, v in e.context.items() if k not in _DROPPED},
        )
        for e in text.examples
    )
    return FanText(text.zh, text.en, examples)


def _table() -> dict[str, FanText]:
    out: dict[str, FanText] = {}
    for key in FAN_ROWS:
        if key in _OWN:
            out[key] = _OWN[key]
        else:
            out[key] = _adapted(MCR[Fan[key.upper()]])
    return out


#: The rule text of every fan of the two-player table, read-only.
DESCRIPTIONS: Mapping[str, FanText] = MappingProxyType(_table())
