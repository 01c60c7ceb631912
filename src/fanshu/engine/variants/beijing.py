"""Beijing (北京麻将, seed 003, RULES.md §4) at the table: 136 tiles without flowers,
chows and pungs; after a chow, pung or melded kong a hand wins only by self-draw, a
concealed hand may also win on a discard or rob a kong (the rule set's ``score`` says
which wins count, so the engine offers only those); 跟庄, 烧庄 and 互包; a winner is
paid for its kongs, nobody else.  Settlement is ``fanshu.rules.beijing``'s.

Readings fanshu takes where the seed is open (docs/engine.md):

- a *round* of following (跟庄/烧庄) is a discard of the dealer's followed by the same
  tile from each of the three others, in turn, with no claim or kong in between; the
  first round is the dealer's first discard, and the rounds count while they go on;
- 跟庄 (draft 4 §7): the first round makes the dealer pay each other player
  ``follow_dealer_points`` at once, whatever the end;
- 烧庄 (older text 2.1): the rounds in a row are paid at the end of a hand that was won
  (``burn_payments``: ``burn_penalty`` doubling per round); nothing when it is drawn.
  Both texts describe the same play, so both apply under the defaults; set
  ``burn_penalty=0`` for draft 4 alone, ``follow_dealer_points=0`` for the older text;
- 互包: the winner is bound to a player it made ``mutual_calls`` claims from, or that
  made as many from it (the winner's own claims first, then seat order from it);
- one winner per discard (the first in turn order), so both players of a 互包 pair
  never win on one discard.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fanshu.engine.variants.base import Table, Variant
from fanshu.engine.wall import tile_set
from fanshu.hand import Hand
from fanshu.rules.beijing.options import BeijingOptions
from fanshu.rules.beijing.ruleset import RULES as BEIJING
from fanshu.rules.beijing.settlement import (
    burn_payments,
    calls_in,
    follow_dealer_payments,
)
from fanshu.tiles import NUM_KINDS

#: Who follows in a round: the dealer's discard and the three that must match it.
ROUND = 4


class BeijingVariant(Variant):
    name = "beijing"
    robbed = "抢杠"

    def __init__(self, option_data: Any) -> None:
        super().__init__(option_data)
        self.beijing: BeijingOptions = self.options
        self._discards = 0  # discards of the following so far
        self._followed_tile = -1  # the dealer's discard of the current round
        self._following = True  # the rounds are still unbroken
        self._rounds = 0  # rounds followed in a row (烧庄)

    def full_set(self) -> list[int]:
        return tile_set(range(NUM_KINDS))

    def may_win(self, game: Table, s: int, hand: Hand) -> bool:
        # 吃碰后只能自摸 and 门清可以捉铳 / 抢杠 are the rule set's (``score``)
        return bool(self.score(hand).is_win)

    # -- 跟庄 and 烧庄 ----------------------------------------------------------------

    def on_discard(self, game: Table, s: int, t: int) -> None:
        if not self._following:
            return
        if game.claims_made:  # a claim or a kong broke the order of the round
            self._following = False
            return
        place = self._discards % ROUND
        self._discards += 1
        if place == 0:
            self._followed_tile = t
            return
        if t != self._followed_tile:
            self._following = False
            return
        if place < ROUND - 1:
            return
        self._rounds += 1
        if self._rounds == 1:
            dealer = str(game.config.dealer)
            points = self.beijing.follow_dealer_points
            self.pay(game, follow_dealer_payments(self.players(), dealer, points=points), "跟庄")

    @property
    def rounds_followed(self) -> int:
        """How many rounds of 跟庄 were followed in a row this hand (烧庄 from 2)."""
        return self._rounds

    def on_end(self, game: Table) -> None:
        if not self._rounds or not game.winners:  # 荒了，则无须支付烧庄点
            return
        got = burn_payments(
            self.players(),
            str(game.config.dealer),
            self._rounds,
            penalty=self.beijing.burn_penalty,
            total=self.beijing.burn_total,
        )
        self.pay(game, got, "烧庄")

    # -- 互包 and the wins -----------------------------------------------------------

    def _calls(self, game: Table, owner: int) -> dict[int, int]:
        """How many melds ``owner`` claimed from each other seat (``calls_in``)."""
        got = calls_in(game.seat[owner].melds, self.players(), str(owner))
        return {int(q): n for q, n in got.items()}

    def partner(self, game: Table, winner: int) -> int | None:
        """The seat in 互包 with ``winner``, or None."""
        need = self.beijing.mutual_calls
        order = [(winner + i) % self.seats for i in range(1, self.seats)]
        mine = self._calls(game, winner)
        for q in order:
            if mine[q] >= need:
                return q
        for q in order:
            if self._calls(game, q)[winner] >= need:
                return q
        return None

    def settle_one(self, game: Table, s: int, d: int | None, result: Any) -> Mapping[str, int]:
        partner = self.partner(game, s)
        return BEIJING.settle(
            self.players(),
            str(s),
            None if d is None else str(d),
            result,
            self.beijing,
            dealer=str(game.config.dealer),
            partner=None if partner is None else str(partner),
        )
