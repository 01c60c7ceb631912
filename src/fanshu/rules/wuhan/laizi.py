"""Which kind is the 赖子 (the wildcard) after the indicator tile is turned up.

The seed (001 ❽) names the 赖子 only through 賴子山莊's 紅中發財杠; how it is found is
fanshu's reading, the way Wuhan tables commonly do it (翻赖子): the kind after the
indicator in its suit (9 → 1) or its group (东南西北 → 东, 中发白 → 中).  Under
``dragon_kongs`` 红中 and 发财 are kong tiles and are skipped, so every dragon indicator
makes 白板 the 赖子.

>>> from fanshu.tiles import Tile
>>> [Tile(laizi_after(t)).code for t in (Tile.M3, Tile.S9, Tile.NORTH, Tile.WHITE)]
['4m', '1s', 'E', 'C']
>>> [Tile(laizi_after(t, dragon_kongs=True)).code for t in (Tile.RED, Tile.GREEN, Tile.WHITE)]
['P', 'P', 'P']
"""

from __future__ import annotations

from fanshu.errors import InvalidHandError
from fanshu.tiles import FIRST_DRAGON, FIRST_HONOR, NUM_KINDS, SUIT_SIZE, Tile

_SKIPPED = (int(Tile.RED), int(Tile.GREEN))


def _next(t: int) -> int:
    if t < FIRST_HONOR:
        base = t - t % SUIT_SIZE
        return base + (t - base + 1) % SUIT_SIZE
    if t < FIRST_DRAGON:
        return FIRST_HONOR + (t - FIRST_HONOR + 1) % 4
    return FIRST_DRAGON + (t - FIRST_DRAGON + 1) % 3


def laizi_after(indicator: int, *, dragon_kongs: bool = False) -> int:
    """The 赖子 kind (0-33) for the turned-up ``indicator`` (0-33)."""
    if (
        isinstance(indicator, bool)
        or not isinstance(indicator, int)
        or not 0 <= indicator < NUM_KINDS
    ):
        raise InvalidHandError(f"an indicator is a tile kind 0-33, not {indicator!r}")
    t = _next(indicator)
    while dragon_kongs and t in _SKIPPED:
        t = _next(t)
    return t
