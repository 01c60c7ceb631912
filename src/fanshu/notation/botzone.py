"""Botzone tile codes, as used by the Botzone Chinese Standard Mahjong bots.

- ``W1``-``W9`` 万 (characters), ``B1``-``B9`` 饼 (dots), ``T1``-``T9`` 条 (bamboo);
- ``F1``-``F4`` winds 东 南 西 北;
- ``J1``-``J3`` dragons **中 发 白** in that order (the same order as fanshu's ``Tile``);
- ``H1``-``H8`` flowers 春 夏 秋 冬 梅 兰 竹 菊.

Codes may be separated by spaces or commas, or written back to back (``W1W2W3``);
lower-case letters are accepted.  ``format_tiles`` writes them separated by spaces.

>>> from fanshu.tiles import Tile
>>> parse_tiles("W1,B2 T3J1J3") == [Tile.M1, Tile.P2, Tile.S3, Tile.RED, Tile.WHITE]
True
>>> format_tiles([Tile.M9, Tile.NORTH, Tile.GREEN, Tile.CHRYSANTHEMUM])
'W9 F4 J2 H8'
"""

from __future__ import annotations

from collections.abc import Sequence

from fanshu.errors import NotationError
from fanshu.tiles import NUM_TILES, Tile

__all__ = ["CODE_OF", "TILE_OF_CODE", "format_tiles", "parse_tiles"]

# letter -> (first tile, how many)
_RUNS: dict[str, tuple[int, int]] = {
    "W": (Tile.M1, 9),
    "T": (Tile.S1, 9),
    "B": (Tile.P1, 9),
    "F": (Tile.EAST, 4),
    "J": (Tile.RED, 3),
    "H": (Tile.SPRING, 8),
}
TILE_OF_CODE: dict[str, Tile] = {
    f"{letter}{n + 1}": Tile(first + n)
    for letter, (first, count) in _RUNS.items()
    for n in range(count)
}
CODE_OF: dict[Tile, str] = {t: c for c, t in TILE_OF_CODE.items()}
assert len(CODE_OF) == NUM_TILES


def parse_tiles(text: str) -> list[Tile]:
    """Read Botzone codes in the order written."""
    if not isinstance(text, str):
        raise NotationError(f"Botzone tiles are text, not {type(text).__name__}")
    tiles: list[Tile] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch.isspace() or ch == ",":
            i += 1
            continue
        j = i + 1
        while j < n and text[j] in "0123456789":
            j += 1
        code = text[i:j]
        if j == i + 1:
            if ch.upper() in _RUNS:
                raise NotationError(f"tile '{ch}' with no number after it", i)
            if ch.isalnum():
                raise NotationError(f"unknown tile '{ch}'", i)
            raise NotationError(f"unexpected character '{ch}'", i)
        tile = TILE_OF_CODE.get(code[0].upper() + code[1:])
        if tile is None:
            raise NotationError(f"unknown tile '{code}'", i)
        tiles.append(tile)
        i = j
    return tiles


def format_tiles(tiles: Sequence[Tile], *, sort: bool = False, sep: str = " ") -> str:
    """Write tiles as Botzone codes joined by ``sep``, in order unless ``sort``."""
    seq = sorted(tiles, key=_sort_key) if sort else tiles
    return sep.join(CODE_OF[Tile(t)] for t in seq)


def _sort_key(t: Tile) -> tuple[int, int]:
    # Botzone's usual order: W B T F J H.
    return "WBTFJH".index(CODE_OF[Tile(t)][0]), int(t)
