"""Draw tiles and hands with the Unicode mahjong tiles (U+1F000 block).  Standard library only.

万 🀇-🀏, 条 🀐-🀘, 饼 🀙-🀡, winds 🀀🀁🀂🀃, 中 🀄, 发 🀅, 白 🀆, flowers 🀦🀧🀨🀩 (春夏秋冬)
and 🀢🀣🀤🀥 (梅兰竹菊):

>>> from fanshu.tiles import Tile
>>> glyph(Tile.M1) + glyph(Tile.S9) + glyph(Tile.P5) + glyph(Tile.RED) + glyph(Tile.SPRING)
'🀇🀘🀝🀄🀦'
>>> draw_tiles([Tile.M1, Tile.M2, Tile.M3])
'🀇🀈🀉'

Most terminals draw these glyphs wider than the one cell their Unicode width promises.
``pad=True`` follows every tile with a space, so that the tiles do not overlap: 🀄 too,
although Unicode makes it wide (two cells), because the terminals that draw it as an
emoji draw it wider still, and without the space it ran into the next tile:

>>> draw_tiles([Tile.M1, Tile.RED, Tile.EAST], pad=True)
'🀇 🀄 🀀 '

``plain=True`` writes tile codes instead, for terminals without a mahjong font:

>>> from fanshu.notation import parse_hand
>>> draw_hand(parse_hand("[EEEE]123m456p789s11s"), plain=True)
'[EEEE]  123m 456p 1789s  + 1s'
>>> draw_hand(parse_hand("[EEEE]123m456p789s11s"))
'[🀀🀀🀀🀀]  🀇🀈🀉 🀜🀝🀞 🀐🀖🀗🀘  + 🀐'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from fanshu.hand import Hand, Meld
from fanshu.tiles import (
    FIRST_DRAGON,
    FIRST_FLOWER,
    FIRST_HONOR,
    NUM_TILES,
    SUIT_LETTERS,
    SUIT_SIZE,
    Tile,
)

__all__ = [
    "GLYPHS",
    "draw_hand",
    "draw_meld",
    "draw_sets",
    "draw_tiles",
    "glyph",
    "print_order",
]


def _glyph_codepoint(t: int) -> int:
    # Unicode's Mahjong Tiles block orders winds, dragons, 万, 条, 饼, flowers, seasons
    if t < SUIT_SIZE:  # 万
        return 0x1F007 + t
    if t < 2 * SUIT_SIZE:  # 条
        return 0x1F010 + t - SUIT_SIZE
    if t < FIRST_HONOR:  # 饼
        return 0x1F019 + t - 2 * SUIT_SIZE
    if t < FIRST_DRAGON:  # winds E S W N
        return 0x1F000 + t - FIRST_HONOR
    if t < FIRST_FLOWER:  # 中 发 白
        return 0x1F004 + t - FIRST_DRAGON
    if t < FIRST_FLOWER + 4:  # 春夏秋冬
        return 0x1F026 + t - FIRST_FLOWER
    return 0x1F022 + t - (FIRST_FLOWER + 4)  # 梅兰竹菊


#: The glyph of each tile kind, indexed by ``Tile``.
GLYPHS: tuple[str, ...] = tuple(chr(_glyph_codepoint(t)) for t in range(NUM_TILES))
#: The glyph of a face-down tile.
BACK = "\U0001f02b"


def glyph(tile: Tile | int) -> str:
    """The Unicode mahjong tile for ``tile``."""
    return GLYPHS[tile]


def print_order(tile: Tile) -> int:
    """Sort key of the order people write hands in: 万, 饼, 条, then honours, then flowers."""
    if tile.is_numbered:
        return (0, 2, 1)[tile.suit] * SUIT_SIZE + tile.rank
    return int(tile) + 100


def _padded(g: str) -> str:
    return g + " "


def draw_tiles(
    tiles: Iterable[Tile], *, pad: bool = False, plain: bool = False, sort: bool = False
) -> str:
    """Draw tiles side by side (in the given order unless ``sort``).

    ``plain`` writes compact codes (``123m55pE``) instead of glyphs.
    """
    seq = sorted(tiles, key=print_order) if sort else list(tiles)
    if plain:
        return _codes(seq)
    if pad:
        return "".join(_padded(GLYPHS[t]) for t in seq)
    return "".join(GLYPHS[t] for t in seq)


def _codes(tiles: Sequence[Tile]) -> str:
    """Compact codes: consecutive numbered tiles of a suit share one suit letter."""
    out: list[str] = []
    digits = ""
    suit = -1
    for t in tiles:
        if t.is_numbered and (t.suit == suit or not digits):
            digits += str(t.rank)
            suit = t.suit
            continue
        if digits:
            out.append(digits + SUIT_LETTERS[suit])
            digits = ""
        if t.is_numbered:
            digits, suit = str(t.rank), t.suit
        else:
            out.append(t.code)
    if digits:
        out.append(digits + SUIT_LETTERS[suit])
    return "".join(out)


def draw_meld(meld: Meld, *, pad: bool = False, plain: bool = False) -> str:
    """A declared set in brackets; in ``plain`` mode its fanshu notation (``[EEEE1]``)."""
    if plain:
        return str(meld)
    return "[" + draw_tiles(meld.tiles, pad=pad) + "]"


def draw_sets(
    sets: Iterable[Sequence[Tile]], *, pad: bool = False, plain: bool = False, sep: str = "  "
) -> str:
    """Several tile groups (the sets a fan was formed from), ``sep`` between groups."""
    return sep.join(draw_tiles(s, pad=pad, plain=plain).rstrip(" ") for s in sets)


def _suit_groups(tiles: Iterable[Tile]) -> list[list[Tile]]:
    """Split sorted tiles into runs of one suit (all honours together)."""
    groups: list[list[Tile]] = []
    for t in sorted(tiles, key=print_order):
        if groups and groups[-1][0].suit == t.suit:
            groups[-1].append(t)
        else:
            groups.append([t])
    return groups


def draw_hand(hand: Hand, *, pad: bool = False, plain: bool = False) -> str:
    """Draw a hand: melds first (each in brackets), the concealed tiles grouped by suit,
    then the winning tile set apart after a ``+``.

    A concealed kong is drawn face up (its notation, ``[EEEE]`` against ``[EEEE1]``,
    tells it from a melded one).
    """
    gap = "  " if pad and not plain else " "  # between groups: wider than between tiles
    parts: list[str] = []
    if hand.melds:
        parts.append(gap.join(draw_meld(m, pad=pad, plain=plain) for m in hand.melds))
    if hand.concealed:
        groups = _suit_groups(hand.concealed)
        parts.append(gap.join(draw_tiles(g, pad=pad, plain=plain).rstrip(" ") for g in groups))
    text = (gap * 2).join(parts)
    if hand.winning_tile is not None:
        win = draw_tiles([hand.winning_tile], pad=pad, plain=plain).rstrip(" ")
        text += f"{gap * 2}+ {win}"
    return text
