"""Wuhan 开口翻 (seed 001 ❽) at the table: 136 tiles without flowers, chows, pungs and
kongs, one winner per discard; every one of the three others pays when one wins, each
by the winner's 番 plus its own (``fanshu.rules.wuhan``'s settlement).

What the table tracks for the settlement, per seat: its melds (开口, 明杠, 暗杠), the
红中/发财 it discarded (红中发财杠, option ``dragon_kongs``), the 赖子 it discarded (赖子杠,
option ``laizi``), and whether the discarder of the winning tile was ready (听牌 after
that discard: a wait that the rules would score as a win) for 承包.

Readings fanshu takes where the seed is silent (docs/rules/wuhan.md):

- 赖子 (option ``laizi``): after the deal the last tile of the wall is turned up and the
  next kind is wild (``laizi_after``); a discarded 赖子 can be neither claimed nor won
  on, and counts as a 赖子杠 (2 番) for its discarder;
- 红中发财杠 (option ``dragon_kongs``): a discarded 红中 or 发财 can be neither claimed nor
  won on, and counts 1 番 for its discarder; no replacement tile is drawn for it (it
  is a discard that scores, not a meld);
- a robbed kong (抢杠) is paid as a discard by the kong's owner (its 放冲).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from fanshu.engine.seat import SeatState
from fanshu.engine.variants.base import Table, Variant, WildcardDraw
from fanshu.engine.wall import tile_set
from fanshu.errors import InvalidHandError
from fanshu.hand import Hand
from fanshu.rules.wuhan.evaluate import DRAGON_KONG_TILES
from fanshu.rules.wuhan.laizi import laizi_after
from fanshu.rules.wuhan.options import WuhanOptions
from fanshu.rules.wuhan.ruleset import RULES as WUHAN
from fanshu.rules.wuhan.settlement import SeatFacts
from fanshu.tiles import NUM_KINDS
from fanshu.wild import ANY_KIND

_DRAGONS = tuple(int(t) for t in DRAGON_KONG_TILES)


class WuhanVariant(Variant):
    name = "wuhan"
    robbed = "抢杠"
    wild_shapes = ("regular",)
    wild_stands_for = ANY_KIND
    claim_wildcard = False

    def __init__(self, option_data: Any) -> None:
        super().__init__(option_data)
        self.wuhan: WuhanOptions = self.options
        self._wild: int | None = None  # this hand's 赖子, once chosen
        # tiles whose discard is a kong that scores (红中发财杠, 赖子杠): never claimed
        self._kong_tiles: frozenset[int] = frozenset(_DRAGONS if self.wuhan.dragon_kongs else ())

    def full_set(self) -> list[int]:
        return tile_set(range(NUM_KINDS))

    def choose_wildcard(self, game: Table) -> WildcardDraw | None:
        if not self.wuhan.laizi:
            return None
        indicator = game.wall.turn_up()
        self._wild = laizi_after(indicator, dragon_kongs=self.wuhan.dragon_kongs)
        self._kong_tiles = self._kong_tiles | {self._wild}
        return WildcardDraw(tile=self._wild, indicator=indicator)

    def may_meld(self, st: SeatState, t: int) -> bool:
        return t not in self._kong_tiles

    def may_win(self, game: Table, s: int, hand: Hand) -> bool:
        t = hand.winning_tile
        if not hand.context.self_drawn and t is not None and int(t) in self._kong_tiles:
            return False  # a discarded 红中/发财/赖子 is a kong, not a tile to win on
        return bool(self.score(hand).is_win)

    # -- what the settlement needs ------------------------------------------------------

    def facts(self, game: Table, s: int, *, ask_ready: bool = False) -> SeatFacts:
        """Seat ``s``'s melds and discard kongs; with ``ask_ready`` (the discarder of a
        winning tile, whose 13 tiles are its hand after that discard) its readiness."""
        st = game.seat[s]
        dragons = sum(st.discards.count(t) for t in _DRAGONS) if self.wuhan.dragon_kongs else 0
        wild = st.discards.count(self._wild) if self._wild is not None else 0
        return SeatFacts.of_melds(
            st.melds,
            dragon_kongs=dragons,
            wild_kongs=wild,
            ready=ask_ready and self.ready(game, s),
        )

    def ready(self, game: Table, s: int) -> bool:
        """听牌 under these rules: one of the seat's waits would make a win it may score.
        The engine's waits also count 七对 (its plain shanten does), which Wuhan plays
        only under the option ``seven_pairs``."""
        for t in sorted(game.seat[s].waits):
            try:
                if self.score(game.hand_with(s, t)).is_win:
                    return True
            except InvalidHandError:  # a fifth copy: the seat holds all four of them
                continue
        return False

    def settle_one(self, game: Table, s: int, d: int | None, result: Any) -> Mapping[str, int]:
        losers = {
            str(q): self.facts(game, q, ask_ready=q == d) for q in range(self.seats) if q != s
        }
        mine = self.facts(game, s)
        return WUHAN.settle(
            self.players(),
            str(s),
            None if d is None else str(d),
            result,
            self.wuhan,
            dealer=str(game.config.dealer),
            losers=losers,
            winner_facts=SeatFacts(dragon_kongs=mine.dragon_kongs, wild_kongs=mine.wild_kongs),
        )
