"""The 底分 × 2^番 list (seed 000, 快速入门规则) as a rule set
(``fanshu.rules.get_rules("common")``).

>>> from fanshu.notation import parse_hand
>>> r = RULES.score(parse_hand("123m456m789m123s5s5s").with_context(self_drawn=True))
>>> [f.name_zh for f in r.fans], r.total, r.details["points"]
(['无字'], 3, 80)
>>> RULES.settle("ESWN", "S", None, r)  # self-drawn: each other player pays 10 × 2³
{'E': -80, 'S': 240, 'W': -80, 'N': -80}
>>> RULES.settle("ESWN", "S", None, r, {"base": 20})["S"]
480
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fanshu.hand import Hand
from fanshu.rules.base import Combine, FieldOptions, Result, WildcardRule, settled_win
from fanshu.rules.common.evaluate import NAME, score_hand
from fanshu.rules.common.fans import FANS
from fanshu.rules.common.options import DEFAULT_OPTIONS, OPTION_NOTES, CommonOptions
from fanshu.rules.common.settlement import points_of, win_payments
from fanshu.tiles import NUM_KINDS


class CommonRuleSet(FieldOptions[CommonOptions]):
    name = NAME
    option_defaults = DEFAULT_OPTIONS
    option_notes = OPTION_NOTES
    title_zh = "快速入门 (底分×2^番)"
    title_en = "Quick-start list (base × 2^fan)"
    tiles = frozenset(range(NUM_KINDS))
    flowers = False
    shapes = ("4 sets + pair", "七对子")
    fans = FANS
    combine: Combine = "double"
    cap: int | None = DEFAULT_OPTIONS.cap
    minimum = 0
    wildcards: WildcardRule | None = None
    engine_variant: str | None = "fanshu.engine.variants.common:CommonVariant"

    def score(self, hand: Hand, options: Any = None) -> Result[str]:
        return score_hand(hand, self.as_options(options))

    def settle(
        self,
        players: Sequence[str],
        winner: str,
        discarder: str | None,
        result: Any,
        options: Any = None,
    ) -> dict[str, int]:
        """Payments for one win: the score 底分 × 2 ** (fan, capped), paid by the
        discarder, or by each other player on a self-draw (option ``payment``).

        The options given here decide 底分, the cap and the payment (not those the
        hand was scored with), so a score sheet may settle one result at either 底分.
        A robbed kong is not part of this list; were it played, its ``discarder`` (the
        kong's owner) pays.
        """
        opts = self.as_options(options)
        r = settled_win(result, NAME, discarder)
        points = points_of(opts.base, r.total, opts.cap)
        return win_payments(
            players, winner, discarder=discarder, points=points, payment=opts.payment
        )


RULES = CommonRuleSet()
