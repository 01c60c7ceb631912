"""How the command line shows a wild tile: the kind that is wild (百搭 / 赖子) and what
each wild tile stood for, drawn as the tiles of the hand are drawn.

>>> from fanshu.tiles import Tile
>>> from fanshu.protocol.wildcard import WildcardsShown
>>> print(wild_kind_text(Tile.P5, plain=True))
Wild 百搭: 5p
>>> shown = WildcardsShown(kind="5p", stood_for=("3m", "7s"), winning="2p")
>>> print(stood_for_text(shown, plain=True))
Wild 5p stood for 3m 7s, the winning tile for 2p · 百搭作 3m 7s，和牌作 2p
>>> print(stood_for_text(WildcardsShown(kind="C", stood_for=(), winning=None), plain=True))
Wild C: none held · 未持百搭
"""

from __future__ import annotations

from fanshu.protocol.wildcard import WildcardsShown
from fanshu.render import draw_tiles
from fanshu.tiles import Tile

__all__ = ["stood_for_text", "tile_text", "wild_kind_text"]


def tile_text(code: str | Tile, *, plain: bool) -> str:
    """One tile drawn (a glyph) or, ``plain``, its code."""
    tile = code if isinstance(code, Tile) else Tile.from_code(code)
    return draw_tiles([tile], pad=not plain, plain=plain).rstrip(" ")


def _tiles_text(codes: tuple[str, ...], *, plain: bool) -> str:
    return " ".join(tile_text(c, plain=plain) for c in codes)


def wild_kind_text(kind: Tile, *, plain: bool) -> str:
    """The line naming the wild kind: ``Wild 百搭: 🀝``."""
    return f"Wild 百搭: {tile_text(kind, plain=plain)}"


def stood_for_text(shown: WildcardsShown, *, plain: bool) -> str:
    """What the wild tiles of a scored hand stood for, in English then 中文."""
    kind = tile_text(shown.kind, plain=plain)
    if not shown.stood_for and shown.winning is None:
        return f"Wild {kind}: none held · 未持百搭"
    held = _tiles_text(shown.stood_for, plain=plain)
    en = f"Wild {kind} stood for {held}" if held else f"Wild {kind}"
    zh = f"百搭作 {held}" if held else "百搭"
    if shown.winning is not None:
        win = tile_text(shown.winning, plain=plain)
        en += f", the winning tile for {win}" if held else f": the winning tile stood for {win}"
        zh += f"，和牌作 {win}" if held else f"：和牌作 {win}"
    return f"{en} · {zh}"
