"""MCR (国标) at the table: 144 tiles with flowers, chows, an 8-fan minimum; a declared
win under 8 fan is a 错和 (10 to each other player) and the offender plays on without
the right to win or claim (RULES.md §1)."""

from __future__ import annotations

from typing import Any

from fanshu.engine.variants.base import Table, Variant
from fanshu.engine.wall import tile_set
from fanshu.rules.mcr.settlement import false_win_penalty


class McrVariant(Variant):
    name = "mcr"
    flowers = True
    #: Botzone's Chinese-Standard-Mahjong judge: a wrong, late or failed answer, or a
    #: 错和 it ends the hand for, costs the offender 30 and gives each other seat 10.
    forfeit_points = 10

    def full_set(self) -> list[int]:
        return tile_set(range(34), flowers=True)

    def meets_minimum(self, result: Any) -> bool:
        return bool(result.is_win and result.meets_minimum)

    def settle_false_win(self, game: Table, s: int) -> None:
        self.pay(game, false_win_penalty(self.players(), str(s), "under_minimum").payments, "错和")
