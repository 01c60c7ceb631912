"""How the 百搭 of a hand is named from the tile turned up (option ``wildcard_from``).

The seed names 百搭 but not how it is chosen; fanshu turns a tile up after the dice
(``fanshu.engine.variants.jiaxing``) and reads it one of two ways: "turned", the turned
tile's own kind is the 百搭 (the default); "next", the kind after it in its group —
1→2 … 9→1 in a suit, 东→南→西→北→东, 中→发→白→中.

>>> from fanshu.tiles import Tile
>>> [Tile(next_kind(t)).code for t in (Tile.M9, Tile.P4, Tile.NORTH, Tile.WHITE)]
['1m', '5p', 'E', 'C']
>>> wildcard_of(int(Tile.M9), "turned"), wildcard_of(int(Tile.M9), "next")
(8, 0)
"""

from __future__ import annotations

from fanshu.errors import OptionError
from fanshu.tiles import FIRST_DRAGON, FIRST_HONOR, NUM_KINDS

__all__ = ["next_kind", "wildcard_of"]


def next_kind(t: int) -> int:
    """The kind after ``t`` in its suit (of 9), its winds (of 4) or its dragons (of 3)."""
    if not 0 <= t < NUM_KINDS:
        raise OptionError(f"a turned-up tile is a kind 0-33, not {t!r}")
    if t < FIRST_HONOR:
        return t - t % 9 + (t % 9 + 1) % 9
    if t < FIRST_DRAGON:
        return FIRST_HONOR + (t - FIRST_HONOR + 1) % 4
    return FIRST_DRAGON + (t - FIRST_DRAGON + 1) % 3


def wildcard_of(turned: int, how: str = "turned") -> int:
    """The 百搭 a turned-up tile names under ``how`` ("turned" or "next")."""
    if how == "turned":
        if not 0 <= turned < NUM_KINDS:
            raise OptionError(f"a turned-up tile is a kind 0-33, not {turned!r}")
        return turned
    if how == "next":
        return next_kind(turned)
    raise OptionError(f"wildcard_from is 'turned' or 'next', not {how!r}")
