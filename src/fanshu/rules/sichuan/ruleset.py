"""Sichuan (四川麻将, 血战到底) as a rule set (``fanshu.rules.get_rules("sichuan")``).

>>> from fanshu.notation import parse_hand
>>> r = RULES.score(parse_hand("[2222p]111m444m999p6p6p"))
>>> r.total, r.multiplier
(3, 4)
>>> RULES.settle("ABCD", "A", "B", r)
{'A': 4, 'B': -4, 'C': 0, 'D': 0}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from fanshu.errors import OptionError
from fanshu.hand import Hand
from fanshu.rules.base import Combine, Result, WildcardRule, describe_fields, shown
from fanshu.rules.sichuan.evaluate import score_hand
from fanshu.rules.sichuan.fans import DEFAULT_FANS
from fanshu.rules.sichuan.options import (
    DEFAULT_OPTIONS,
    OPTION_NOTES,
    PRESET_DEFAULTS,
    SichuanOptions,
)
from fanshu.rules.sichuan.settlement import settle_win
from fanshu.tiles import FIRST_HONOR


class SichuanRuleSet:
    name = "sichuan"
    title_zh = "四川麻将 血战到底"
    title_en = "Sichuan mahjong (bloody battle)"
    tiles = frozenset(range(FIRST_HONOR))  # the three suits: no honours
    flowers = False
    shapes = ("4 sets + pair (concealed runs allowed; no claimed chow)", "七对 (龙七对)")
    fans = DEFAULT_FANS
    combine: Combine = "double"
    cap = DEFAULT_OPTIONS.cap
    minimum = 0
    wildcards: WildcardRule | None = None
    engine_variant: str | None = "fanshu.engine.variants.sichuan:SichuanVariant"

    def default_options(self) -> SichuanOptions:
        return DEFAULT_OPTIONS

    def options_from(self, data: Mapping[str, Any]) -> SichuanOptions:
        return SichuanOptions.from_dict(data)

    def describe_options(self) -> Sequence[tuple[str, str, str]]:
        out = describe_fields(DEFAULT_OPTIONS, OPTION_NOTES)
        # options whose default depends on the preset show each preset's default
        return [
            (n, ", ".join(f"{p}: {shown(d[n])}" for p, d in PRESET_DEFAULTS.items()), note)
            if n in PRESET_DEFAULTS["seed000"]
            else (n, default, note)
            for n, default, note in out
        ]

    def _options(self, options: Any) -> SichuanOptions:
        if options is None:
            return DEFAULT_OPTIONS
        if isinstance(options, SichuanOptions):
            return options
        if isinstance(options, Mapping):
            return SichuanOptions.from_dict(options)
        raise OptionError("Sichuan options are a SichuanOptions or a mapping of its fields")

    def score(self, hand: Hand, options: Any = None) -> Result[str]:
        return score_hand(hand, self._options(options))

    def settle(
        self,
        players: Sequence[str],
        winner: str,
        discarder: str | None,
        result: Any,
        options: Any = None,
    ) -> dict[str, int]:
        return settle_win(
            players, winner, result, discarder=discarder, options=self._options(options)
        ).payments


RULES = SichuanRuleSet()
