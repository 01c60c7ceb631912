"""Chinese tile names: ``一万 五饼 三条 东 中 发 白 春``.

Reading accepts the common variants:

- numbered tiles: a digit ``一``-``九`` (or ``1``-``9``, also full-width ``１``-``９``)
  and a suit: ``万``/``萬`` characters, ``饼``/``餅``/``筒`` dots, ``条``/``條``/``索``
  bamboo: ``一万``, ``5筒``, ``三索``;
- winds ``东``/``東``, ``南``, ``西``, ``北``, each optionally followed by ``风``/``風``;
- dragons ``中``/``红中``/``紅中``, ``发``/``發``/``发财``/``發財``, ``白``/``白板``;
- flowers ``春 夏 秋 冬 梅 兰`` (``蘭``) ``竹 菊``.

Names may be separated by spaces, commas (``,`` or ``，``), ``、`` or nothing.
Writing uses the canonical names of ``Tile.name_zh`` separated by spaces.

>>> from fanshu.tiles import Tile
>>> parse_tiles("一万、5筒,三索 東風红中發財白板梅") == [
...     Tile.M1, Tile.P5, Tile.S3, Tile.EAST, Tile.RED, Tile.GREEN, Tile.WHITE, Tile.PLUM]
True
>>> format_tiles([Tile.M1, Tile.P5, Tile.S3, Tile.EAST, Tile.RED, Tile.SPRING])
'一万 五饼 三条 东 中 春'
"""

from __future__ import annotations

from collections.abc import Sequence

from fanshu.errors import NotationError
from fanshu.hand import Hand, WinContext
from fanshu.notation.melds import meld_digit, read_bracketed
from fanshu.tiles import Tile

__all__ = ["TILE_OF_NAME", "format_hand", "format_tiles", "parse_hand", "parse_tiles"]

_DIGITS = {
    **{c: i + 1 for i, c in enumerate("一二三四五六七八九")},
    **{c: i + 1 for i, c in enumerate("123456789")},
    **{c: i + 1 for i, c in enumerate("１２３４５６７８９")},
}
# Each tile's names, in the order they are tried; simplified and traditional forms.
_SUIT_NAMES: dict[Tile, tuple[str, ...]] = {
    Tile.M1: ("万", "萬"),
    Tile.S1: ("条", "條", "索"),
    Tile.P1: ("饼", "餅", "筒"),
}
_SUITS = {name: suit for suit, names in _SUIT_NAMES.items() for name in names}
_NAMES: dict[Tile, tuple[str, ...]] = {
    Tile.EAST: ("东", "東", "东风", "東風"),
    Tile.SOUTH: ("南", "南风", "南風"),
    Tile.WEST: ("西", "西风", "西風"),
    Tile.NORTH: ("北", "北风", "北風"),
    Tile.RED: ("中", "红中", "紅中"),
    Tile.GREEN: ("发", "發", "发财", "發財"),
    Tile.WHITE: ("白", "白板"),
    Tile.SPRING: ("春",),
    Tile.SUMMER: ("夏",),
    Tile.AUTUMN: ("秋",),
    Tile.WINTER: ("冬",),
    Tile.PLUM: ("梅",),
    Tile.ORCHID: ("兰", "蘭"),
    Tile.BAMBOO: ("竹",),
    Tile.CHRYSANTHEMUM: ("菊",),
}
_NAMED: dict[str, Tile] = {name: t for t, names in _NAMES.items() for name in names}
TILE_OF_NAME: dict[str, Tile] = {
    **_NAMED,
    **{d + s: Tile(first + rank - 1) for d, rank in _DIGITS.items() for s, first in _SUITS.items()},
}
_LONGEST = max(len(name) for name in TILE_OF_NAME)
_SEPARATORS = {",", "，", "、"}


def parse_tiles(text: str) -> list[Tile]:
    """Read Chinese tile names in the order written, taking the longest name at each step."""
    if not isinstance(text, str):
        raise NotationError(f"Chinese tile names are text, not {type(text).__name__}")
    tiles: list[Tile] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch.isspace() or ch in _SEPARATORS:
            i += 1
            continue
        for size in range(min(_LONGEST, n - i), 0, -1):
            tile = TILE_OF_NAME.get(text[i : i + size])
            if tile is not None:
                tiles.append(tile)
                i += size
                break
        else:
            if ch in _DIGITS:
                after = text[i + 1 : i + 2]
                got = f"'{after}'" if after else "the end"
                raise NotationError(
                    f"'{ch}' must be followed by a suit 万, 饼/筒 or 条/索, not {got}", i
                )
            if ch in "红紅":
                raise NotationError(f"unknown tile '{text[i : i + 2]}' (red dragon is 红中)", i)
            raise NotationError(f"unknown tile '{ch}'", i)
    return tiles


def format_tiles(tiles: Sequence[Tile], *, sort: bool = False, sep: str = " ") -> str:
    """Write the canonical names (``Tile.name_zh``) joined by ``sep``, in order unless ``sort``.

    ``sep`` may be ``""``: the canonical names never run together ambiguously.
    """
    seq = sorted(tiles) if sort else tiles
    return sep.join(Tile(t).name_zh for t in seq)


def parse_hand(text: str, context: WinContext | None = None) -> Hand:
    """Read a hand of Chinese names: melds in brackets, each with an optional ASCII digit
    after its names (the fanshu digit: ``[一万二万三万2]`` the 二万 was claimed,
    ``[东东东东1]`` a melded kong, ``[东东东东]`` a concealed one), then the concealed
    tiles, the winning tile last.  Full-width brackets ``［］`` are read as ``[]``.

    >>> str(parse_hand("[一万二万三万2] [東東東東] 四饼五饼六饼 七条八条九条一条 一条"))
    '[123m2][EEEE]456p1789s1s'
    """
    if isinstance(text, str) and ("［" in text or "］" in text):
        text = text.replace("［", "[").replace("］", "]")
    return read_bracketed(text, parse_tiles, context, what="a hand of Chinese tile names")


def format_hand(hand: Hand) -> str:
    """Write a hand in Chinese names: each meld in brackets (the fanshu digit after its
    names where it is not the default), the concealed tiles in fanshu's order, the
    winning tile last, the groups separated by spaces."""
    parts = [f"[{format_tiles(m.tiles, sep='')}{meld_digit(m)}]" for m in hand.melds]
    if hand.concealed:
        parts.append(format_tiles(sorted(hand.concealed, key=_print_key), sep=""))
    if hand.winning_tile is not None:
        parts.append(hand.winning_tile.name_zh)
    return " ".join(parts)


def _print_key(t: Tile) -> int:
    # 万 饼 条, then honours: the order the fanshu hand string prints in.
    return (0, 2, 1)[t.suit] * 9 + t.rank if t.is_numbered else int(t) + 100
