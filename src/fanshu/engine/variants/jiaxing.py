"""Jiaxing 台头 (嘉兴台头, seed 001 ❼) at the table: 136 tiles without flowers, chows,
pungs and kongs, a 百搭 each hand, 黄番 and the other carried 番 between hands.
Scoring and settlement are ``fanshu.rules.jiaxing``'s.

Readings fanshu takes where the seed is open (docs/rules/jiaxing.md):

- after the deal two dice are thrown (``game.rng``; a pair is 包子) and a tile is turned
  up from the back of the wall (``Wall.turn_up``): its kind is the 百搭 (option
  ``wildcard_from``: "turned", or "next" for the kind after it).  The three other
  copies are wild; a discarded 百搭 may not be claimed (``claim_wildcard`` False);
- the carried pool (:class:`~fanshu.rules.jiaxing.carry.Carry`) comes in with
  ``carry_in`` and is *opened* with this hand's 百搭 and dice; a win uses one waiting
  番 (黄番, 老头黄, 包子, 百搭连庄, in that order), a drawn hand adds a 黄番, and
  ``carry_out`` gives what is left to the next hand;
- 天和: the dealer's win on its first tile (before any claim); 地和: a non-dealer's win
  on the dealer's first discard (庄家出第一张牌就抓铳成和) — not on a later discard of the
  first go-round;
- one winner per discard (the first in turn order).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fanshu.engine.variants.base import Table, Variant, WildcardDraw
from fanshu.engine.wall import tile_set
from fanshu.hand import Hand
from fanshu.rules.base import Result
from fanshu.rules.jiaxing.baida import wildcard_of
from fanshu.rules.jiaxing.carry import Carry
from fanshu.rules.jiaxing.options import JiaxingOptions
from fanshu.rules.jiaxing.ruleset import RULES as JIAXING
from fanshu.tiles import NUM_KINDS
from fanshu.wild import ANY_KIND, REGULAR_AND_PAIRS

#: Two dice, as the seed's 包子 (掷出的2颗骰子点数相同) throws them.
DICE = 2
FACES = 6


class JiaxingVariant(Variant):
    name = "jiaxing"
    robbed = "抢杠"
    wild_shapes = REGULAR_AND_PAIRS
    wild_stands_for = ANY_KIND
    claim_wildcard = False

    def __init__(self, option_data: Mapping[str, Any]) -> None:
        super().__init__(option_data)
        self.jiaxing: JiaxingOptions = self.options
        #: What the hand before left (``carry_in``), and the pool opened for this hand.
        self.carried = Carry()
        self.pool = Carry()
        self._discards = 0

    def full_set(self) -> list[int]:
        return tile_set(range(NUM_KINDS))

    # -- the carried 番 and the 百搭 ---------------------------------------------------

    def carry_in(self, state: Mapping[str, Any]) -> None:
        self.carried = Carry.from_dict(state)
        self.pool = self.carried

    def choose_wildcard(self, game: Table) -> WildcardDraw:
        dice = tuple(game.rng.randint(1, FACES) for _ in range(DICE))
        turned = game.wall.turn_up()
        kind = wildcard_of(turned, self.jiaxing.wildcard_from)
        self.pool = self.carried.opened(wildcard=kind, dice=dice)
        return WildcardDraw(tile=kind, indicator=turned, dice=dice)

    def carry_out(self, game: Table) -> dict[str, Any]:
        if game.winners:
            return self.pool.after_win(self.jiaxing.specials_per_hand).to_dict()
        return self.pool.after_draw().to_dict()

    # -- winning ----------------------------------------------------------------------

    def score(self, hand: Hand) -> Result[str]:
        return JIAXING.score(hand, self.jiaxing, carry=self.pool)

    def may_win(self, game: Table, s: int, hand: Hand) -> bool:
        return bool(self.score(hand).is_win)

    def on_discard(self, game: Table, s: int, t: int) -> None:
        self._discards += 1

    def first_turn(self, first: bool, self_drawn: bool, dealer: bool) -> bool:
        # 天和: the dealer self-draws at once; 地和: on the dealer's first discard only
        if self_drawn:
            return first and dealer
        return first and not dealer and self._discards == 1

    # -- settlement -------------------------------------------------------------------
