"""Tiles as characters of the Unicode Mahjong Tiles block (U+1F000-U+1F02B).

======================  ==========================================================
U+1F000-U+1F003         🀀 🀁 🀂 🀃  东 南 西 北
U+1F004-U+1F006         🀄 🀅 🀆  中 (red) 发 (green) 白 (white)
U+1F007-U+1F00F         🀇-🀏  1-9 万 (characters)
U+1F010-U+1F018         🀐-🀘  1-9 条 (bamboo)
U+1F019-U+1F021         🀙-🀡  1-9 饼 (circles)
U+1F022-U+1F025         🀢 🀣 🀤 🀥  梅 兰 竹 菊 (plum, orchid, bamboo, chrysanthemum)
U+1F026-U+1F029         🀦 🀧 🀨 🀩  春 夏 秋 冬 (spring, summer, autumn, winter)
======================  ==========================================================

Note that Unicode puts the plant flowers 梅兰竹菊 *before* the seasons 春夏秋冬, the
reverse of fanshu's ``Tile`` order.  The joker 🀪 and the tile back 🀫 are not tiles.

Variation selectors (U+FE0E text, U+FE0F emoji, as in 🀄️) and whitespace between
tiles are skipped when reading; ``format_tiles`` writes bare characters, no spaces.

>>> from fanshu.tiles import Tile
>>> parse_tiles("🀇🀈🀉 🀄\\ufe0f🀦") == [Tile.M1, Tile.M2, Tile.M3, Tile.RED, Tile.SPRING]
True
>>> format_tiles([Tile.EAST, Tile.GREEN, Tile.P9, Tile.PLUM]) == "🀀🀅🀡🀢"
True
>>> from fanshu.notation.fanshu import parse_hand as parse_fanshu
>>> format_hand(parse_fanshu("[123m2][EEEE]456p789s1s1s")) == "[🀇🀈🀉2] [🀀🀀🀀🀀] 🀜🀝🀞🀐🀖🀗🀘 🀐"
True
"""

from __future__ import annotations

from collections.abc import Sequence

from fanshu.errors import NotationError
from fanshu.hand import Hand, WinContext
from fanshu.notation.melds import meld_digit, read_bracketed
from fanshu.tiles import DRAGONS, TILES, WINDS, Tile

__all__ = ["CHAR_OF", "TILE_OF_CHAR", "format_hand", "format_tiles", "parse_hand", "parse_tiles"]

_BLOCK = 0x1F000
# Tiles in Unicode order, from U+1F000.
_UNICODE_ORDER: tuple[Tile, ...] = (
    *WINDS,
    *DRAGONS,
    *TILES[Tile.M1 : Tile.M9 + 1],
    *TILES[Tile.S1 : Tile.S9 + 1],
    *TILES[Tile.P1 : Tile.P9 + 1],
    *(Tile.PLUM, Tile.ORCHID, Tile.BAMBOO, Tile.CHRYSANTHEMUM),
    *(Tile.SPRING, Tile.SUMMER, Tile.AUTUMN, Tile.WINTER),
)
TILE_OF_CHAR: dict[str, Tile] = {chr(_BLOCK + i): t for i, t in enumerate(_UNICODE_ORDER)}
CHAR_OF: dict[Tile, str] = {t: c for c, t in TILE_OF_CHAR.items()}
_SKIP = {"\ufe0e", "\ufe0f"}


def parse_tiles(text: str) -> list[Tile]:
    """Read Unicode mahjong tiles in the order written."""
    if not isinstance(text, str):
        raise NotationError(f"Unicode tiles are text, not {type(text).__name__}")
    tiles: list[Tile] = []
    for pos, ch in enumerate(text):
        tile = TILE_OF_CHAR.get(ch)
        if tile is not None:
            tiles.append(tile)
        elif ch in _SKIP or ch.isspace():
            continue
        elif ch in ("\U0001f02a", "\U0001f02b"):
            name = "the joker" if ch == "\U0001f02a" else "the back of a tile"
            raise NotationError(f"unknown tile '{ch}' ({name} is not a tile)", pos)
        else:
            raise NotationError(f"unknown tile '{ch}' (U+{ord(ch):04X})", pos)
    return tiles


def format_tiles(tiles: Sequence[Tile], *, sort: bool = False) -> str:
    """Write tiles as Unicode characters, in order unless ``sort`` (fanshu's tile order)."""
    seq = sorted(tiles) if sort else tiles
    return "".join(CHAR_OF[Tile(t)] for t in seq)


def format_hand(hand: Hand) -> str:
    """Write a hand: each meld in brackets with the fanshu digit after its tiles (who gave
    it, which tile of a chow was claimed: ``[🀇🀈🀉2]``; none for the defaults and a
    concealed kong), the concealed tiles, the winning tile, separated by spaces.  The
    concealed tiles are in the fanshu print order (万 饼 条, then honours).
    ``parse_hand`` reads it back."""
    parts = [f"[{format_tiles(m.tiles)}{meld_digit(m)}]" for m in hand.melds]
    if hand.concealed:
        parts.append(format_tiles(sorted(hand.concealed, key=_print_key)))
    if hand.winning_tile is not None:
        parts.append(CHAR_OF[hand.winning_tile])
    return " ".join(parts)


def parse_hand(text: str, context: WinContext | None = None) -> Hand:
    """Read a hand of Unicode tiles: melds in brackets, each with an optional ASCII digit
    after its tiles (the fanshu digit: ``[🀇🀈🀉2]`` the 2m was claimed, ``[🀀🀀🀀🀀1]`` a
    melded kong, ``[🀀🀀🀀🀀]`` a concealed one), then the concealed tiles, the winning
    tile last.

    >>> str(parse_hand("[🀇🀈🀉2] [🀀🀀🀀🀀] 🀜🀝🀞🀖🀗🀘🀐 🀐"))
    '[123m2][EEEE]456p1789s1s'
    """
    return read_bracketed(text, parse_tiles, context, what="a hand of Unicode tiles")


def _print_key(t: Tile) -> int:
    # 万 饼 条 then honours, the order the fanshu hand string prints in.
    return (0, 2, 1)[t.suit] * 9 + t.rank if t.is_numbered else int(t) + 100
