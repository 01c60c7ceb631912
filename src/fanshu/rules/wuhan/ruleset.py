"""Wuhan 开口翻 as a rule set (``fanshu.rules.get_rules("wuhan")``).

>>> from fanshu.notation import parse_hand
>>> r = RULES.score(parse_hand("[123s]456m789m234p5s5s").with_context(self_drawn=True))
>>> [f.name_zh for f in r.fans], r.total
(['开口', '自摸', '屁胡'], 3)
>>> RULES.settle("ESWN", "S", None, r, dealer="E")  # each pays 2^(3 + own): E is dealer
{'E': -16, 'S': 32, 'W': -8, 'N': -8}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from fanshu.errors import SettlementError
from fanshu.hand import Hand
from fanshu.rules.base import Combine, FieldOptions, Result, WildcardRule, settled_win
from fanshu.rules.wuhan.evaluate import NAME, score_hand
from fanshu.rules.wuhan.fans import FANS
from fanshu.rules.wuhan.options import DEFAULT_OPTIONS, OPTION_NOTES, WuhanOptions
from fanshu.rules.wuhan.settlement import (
    Reckoning,
    SeatFacts,
    discard_kong_fans,
    reckon,
)
from fanshu.tiles import NUM_KINDS
from fanshu.wild import ANY_KIND


class WuhanRuleSet(FieldOptions[WuhanOptions]):
    name = NAME
    option_defaults = DEFAULT_OPTIONS
    option_notes = OPTION_NOTES
    title_zh = "武汉开口翻"
    title_en = "Wuhan open-doubling (开口翻)"
    tiles = frozenset(range(NUM_KINDS))
    flowers = False
    shapes = ("4 sets + pair",)
    fans = FANS
    combine: Combine = "double"
    cap: int | None = None  # the cap is in points (封顶 400), an option, not in 番
    minimum = 0
    wildcards: WildcardRule | None = WildcardRule(
        shapes=("regular",),
        stands_for=ANY_KIND,
        how_en=(
            "option laizi: after the deal a tile is turned up and the next kind is the 赖子 "
            "(9→1 in its suit, 北→东, 中→发→白→中; under dragon_kongs never 中 or 发)"
        ),
        how_zh=(
            "选项 laizi：发牌后翻一张牌，其下一张为赖子"
            "（9→1，北→东，中→发→白→中；红中发财杠时跳过中、发）"
        ),
    )
    engine_variant: str | None = "fanshu.engine.variants.wuhan:WuhanVariant"

    def score(self, hand: Hand, options: Any = None) -> Result[str]:
        return score_hand(hand, self.as_options(options))

    def reckoning(
        self,
        players: Sequence[str],
        winner: str,
        discarder: str | None,
        result: Any,
        options: Any = None,
        *,
        dealer: str | None = None,
        losers: Mapping[str, SeatFacts] | None = None,
        winner_facts: SeatFacts | None = None,
    ) -> Reckoning:
        """``settle``'s reckoning line by line (each loser's 番, share, top, payment)."""
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
        extra = 0
        if winner_facts is not None:
            mine = SeatFacts.of_melds(r.hand.melds)
            melds_given = (
                winner_facts.openings,
                winner_facts.melded_kongs,
                winner_facts.concealed_kongs,
            )
            if any(melds_given) and melds_given != (
                mine.openings,
                mine.melded_kongs,
                mine.concealed_kongs,
            ):
                raise SettlementError(
                    f"the winner's melds come from its hand ({mine.openings} claimed, "
                    f"{mine.melded_kongs} 明杠, {mine.concealed_kongs} 暗杠), not "
                    f"{melds_given}; winner_facts gives only its discard kongs"
                )
            extra = sum(e.points for e in discard_kong_fans(winner_facts, opts))
        return reckon(
            seats,
            winner,
            discarder=discarder,
            dealer=dealer,
            winner_fan=r.total + extra,
            losers=losers,
            options=opts,
            quan_qiu_ren=bool(r.details.get("quan_qiu_ren")),
        )

    def settle(
        self,
        players: Sequence[str],
        winner: str,
        discarder: str | None,
        result: Any,
        options: Any = None,
        *,
        dealer: str | None = None,
        losers: Mapping[str, SeatFacts] | None = None,
        winner_facts: SeatFacts | None = None,
    ) -> dict[str, int]:
        """Payments for one win: each of the three others pays base × 2 ** (the winner's
        番 + its own), within 封顶 / 金顶 / 光明顶, all paid by a 承包 discarder.

        ``players`` are in seat order; the dealer is the winner when the hand's context
        says ``dealer``, else ``dealer`` or the first player.  ``losers`` maps each other
        player to its :class:`SeatFacts` (openings, kongs, discard kongs, ready); a player
        left out has none.  ``winner_facts`` adds the winner's discard kongs (红中发财杠,
        赖子杠), which its hand cannot show.  A robbed kong is paid as a discard by the
        kong's owner, the ``discarder``.
        """
        return self.reckoning(
            players,
            winner,
            discarder,
            result,
            options,
            dealer=dealer,
            losers=losers,
            winner_facts=winner_facts,
        ).payments()


RULES = WuhanRuleSet()
