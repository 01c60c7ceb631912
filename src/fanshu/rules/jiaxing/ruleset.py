"""Jiaxing 台头 as a rule set (``fanshu.rules.get_rules("jiaxing")``).

>>> from fanshu.notation import parse_hand
>>> h = parse_hand("[CCC]123m456m789m1m1m").with_context(self_drawn=True)
>>> r = RULES.score(h)          # 红中刻 1, 混一色 2, 无百搭 1 (no 百搭 named), 底台 1
>>> r.details["tai"], r.total, r.details["points"]
(4, 0, 5)
>>> RULES.settle("ESWN", "S", None, r)
{'E': -5, 'S': 15, 'W': -5, 'N': -5}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fanshu.hand import Hand
from fanshu.rules.base import Combine, FieldOptions, Result, WildcardRule, settled_win
from fanshu.rules.jiaxing.carry import Carry
from fanshu.rules.jiaxing.evaluate import NAME, score_hand
from fanshu.rules.jiaxing.fans import FANS
from fanshu.rules.jiaxing.options import DEFAULT_OPTIONS, OPTION_NOTES, JiaxingOptions
from fanshu.rules.jiaxing.settlement import win_payments
from fanshu.tiles import NUM_KINDS
from fanshu.wild import ANY_KIND, REGULAR_AND_PAIRS


class JiaxingRuleSet(FieldOptions[JiaxingOptions]):
    name = NAME
    option_defaults = DEFAULT_OPTIONS
    option_notes = OPTION_NOTES
    title_zh = "嘉兴台头"
    title_en = "Jiaxing taitou (wildcard 百搭)"
    tiles = frozenset(range(NUM_KINDS))
    flowers = False
    shapes = ("4 sets + pair", "七对")
    fans = FANS
    combine: Combine = "double"
    cap: int | None = DEFAULT_OPTIONS.cap
    minimum = 0
    wildcards: WildcardRule | None = WildcardRule(
        shapes=REGULAR_AND_PAIRS,
        stands_for=ANY_KIND,
        how_en=(
            "after the deal two dice are thrown (a pair of them is 包子) and a tile is "
            "turned up from the back of the wall: its kind is the 百搭 (option "
            "wildcard_from=next: the kind after it); an honour 百搭 is 老头黄"
        ),
        how_zh=(
            "开牌后掷两颗骰子（点数相同为包子），从牌尾翻一张牌：该牌即百搭"
            "（选项 next：其下一张）；百搭为风、字即老头黄"
        ),
    )
    engine_variant: str | None = "fanshu.engine.variants.jiaxing:JiaxingVariant"

    def score(self, hand: Hand, options: Any = None, *, carry: Carry | None = None) -> Result[str]:
        """Score ``hand``; ``carry`` is the table's carried 番, opened for this hand."""
        return score_hand(hand, self.as_options(options), carry)

    def settle(
        self,
        players: Sequence[str],
        winner: str,
        discarder: str | None,
        result: Any,
        options: Any = None,
        *,
        dealer: str | None = None,
    ) -> dict[str, int]:
        """Payments for one win: the hand's points (``details["points"]``) from each of
        the three on a self-drawn win, on a discard as ``discard_pays`` says.  ``dealer``
        is accepted for the score sheets and changes nothing (the seed has no dealer
        payment)."""
        opts = self.as_options(options)
        r = settled_win(result, NAME, discarder)
        return win_payments(
            players,
            winner,
            discarder=discarder,
            points=int(r.details["points"]),
            discard_pays=opts.discard_pays,
        )


RULES = JiaxingRuleSet()
