"""Beijing rules as a rule set (``fanshu.rules.get_rules("beijing")``).

>>> from fanshu.notation import parse_hand
>>> r = RULES.score(parse_hand("[123s]456m789m234s5s5s").with_context(self_drawn=True))
>>> [f.name_zh for f in r.fans], r.total, r.multiplier
(['推倒和'], 0, 1)
>>> RULES.settle("ESWN", "S", None, r)  # 平摸: the dealer (first player) 20, others 10
{'E': -20, 'S': 40, 'W': -10, 'N': -10}
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fanshu.errors import SettlementError
from fanshu.hand import Hand
from fanshu.rules.base import Combine, FieldOptions, Result, WildcardRule, settled_win
from fanshu.rules.beijing.evaluate import NAME, score_hand
from fanshu.rules.beijing.fans import FANS
from fanshu.rules.beijing.options import DEFAULT_OPTIONS, OPTION_NOTES, BeijingOptions
from fanshu.rules.beijing.settlement import (
    apply_mutual_liability,
    combine,
    kong_payments,
    kongs_of,
    mutual_partner,
    win_payments,
)
from fanshu.tiles import NUM_KINDS


class BeijingRuleSet(FieldOptions[BeijingOptions]):
    name = NAME
    option_defaults = DEFAULT_OPTIONS
    option_notes = OPTION_NOTES
    title_zh = "北京麻将"
    title_en = "Beijing mahjong"
    tiles = frozenset(range(NUM_KINDS))
    flowers = False
    shapes = ("4 sets + pair", "七对")
    fans = FANS
    combine: Combine = "double"
    cap: int | None = DEFAULT_OPTIONS.cap
    minimum = 0
    wildcards: WildcardRule | None = None
    engine_variant: str | None = "fanshu.engine.variants.beijing:BeijingVariant"

    def score(self, hand: Hand, options: Any = None) -> Result[str]:
        return score_hand(hand, self.as_options(options))

    def settle(
        self,
        players: Sequence[str],
        winner: str,
        discarder: str | None,
        result: Any,
        options: Any = None,
        *,
        dealer: str | None = None,
        partner: str | None = None,
    ) -> dict[str, int]:
        """Payments for one win: the hand (base points × 2 ** capped fan) and the
        winner's kong money, all paid by the 互包 partner when there is one.

        ``players`` are in seat order; the dealer is the winner when the hand's context
        says ``dealer``, else ``dealer`` or the first player.  ``partner`` names the
        winner's 互包 partner; when None it is found from the winner's own melds
        (``mutual_calls`` claims from one player).  A robbed kong (抢杠和) is paid by the
        kong's owner, the ``discarder``.
        """
        opts = self.as_options(options)
        r = settled_win(result, NAME, discarder)
        ctx = r.hand.context
        seats = list(players)
        if dealer is None:
            dealer = winner if ctx.dealer else seats[0] if seats else ""
        if (dealer == winner) != ctx.dealer:
            raise SettlementError(
                f"the hand says the winner {'is' if ctx.dealer else 'is not'} the dealer, "
                f"but the dealer is {dealer!r}"
            )
        hand_part = win_payments(
            seats,
            winner,
            dealer=dealer,
            discarder=discarder,
            fan=r.total,
            cap=opts.cap,
            payer_cap=opts.payer_cap,
            discarder_pays_self_drawn=ctx.kong and opts.robbed_kong_pays == "self-drawn",
        )
        kong_part = kong_payments(seats, winner, kongs_of(r.hand, seats, winner))
        total = combine(seats, hand_part, kong_part)
        if partner is None:
            partner = mutual_partner(r.hand, seats, winner, calls=opts.mutual_calls)
        if partner is not None:
            total = apply_mutual_liability(total, winner, partner)
        return total


RULES = BeijingRuleSet()
