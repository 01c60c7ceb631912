"""The 底分 × 2^番 list (seed 000, 快速入门规则; rule set ``common``) at the table:
136 tiles without flowers, chows, pungs and kongs; any complete hand wins (the list
has no minimum: 平和 is the hand with no other fan), on a discard or by self-draw, one
winner per discard (the first in turn order); no kong money.  Settlement is
``fanshu.rules.common``'s: the discarder pays 底分 × 2^番, on a self-draw each other
player pays it.
"""

from __future__ import annotations

from fanshu.engine.variants.base import Table, Variant
from fanshu.engine.wall import tile_set
from fanshu.hand import Hand
from fanshu.tiles import NUM_KINDS


class CommonVariant(Variant):
    name = "common"

    def full_set(self) -> list[int]:
        return tile_set(range(NUM_KINDS))

    def may_win(self, game: Table, s: int, hand: Hand) -> bool:
        # 十三幺 and other shapes outside the list are not wins here
        return bool(self.score(hand).is_win)
