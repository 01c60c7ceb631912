"""Reading and writing tiles and hands in the notations people use.

The fanshu hand string (module ``fanshu.notation.fanshu``) is the default everywhere.
Tile lists can also be read and written in four other notations, each a module with
``parse_tiles(text)`` and ``format_tiles(tiles)``:

=========  ============================================  =============================
name       module                                        example
=========  ============================================  =============================
fanshu     ``fanshu.notation.fanshu``                    ``123m5pECFP1f``
mpsz       ``fanshu.notation.mpsz`` (5z 白 6z 发 7z 中)  ``123m5p1765z1f``
botzone    ``fanshu.notation.botzone``                   ``W1 W2 W3 B5 F1 J1 J2 J3 H1``
unicode    ``fanshu.notation.unicode``                   ``🀇🀈🀉🀝🀀🀄🀅🀆🀦``
chinese    ``fanshu.notation.chinese``                   ``一万 二万 三万 五饼 东 中 发 白 春``
=========  ============================================  =============================

``cmh`` (``fanshu.notation.cmh``) reads the ChineseOfficialMahjongHelper app's string.
Every notation also reads and writes whole hands, melds included (``parse_hand``,
``format_hand`` in each module); ``read_hand`` finds the notation of a hand string (or
reads the one named) and ``convert_hand`` rewrites a hand into another notation;
docs/notation.md has the table.

``NOTATIONS`` maps each name to its module, and ``convert`` rewrites tiles from one
notation into another, keeping their order:

>>> convert("123m5p1765z1f", "mpsz", "botzone")
'W1 W2 W3 B5 F1 J1 J2 J3 H1'
>>> convert("W1 W2 W3 B5 F1 J1 J2 J3 H1", "botzone", "chinese")
'一万 二万 三万 五饼 东 中 发 白 春'
>>> NOTATIONS["unicode"].parse_tiles("🀄") == NOTATIONS["fanshu"].parse_tiles("C")
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from fanshu.errors import OptionError
from fanshu.notation import botzone, chinese, cmh, fanshu, mpsz, unicode
from fanshu.notation.detect import (
    HAND_NOTATIONS,
    format_hand_as,
    hand_notation,
    read_hand,
)
from fanshu.notation.fanshu import format_hand, format_meld, format_tiles, parse_hand, parse_tiles
from fanshu.tiles import Tile

__all__ = [
    "HAND_NOTATIONS",
    "NOTATIONS",
    "Notation",
    "botzone",
    "chinese",
    "cmh",
    "convert",
    "convert_hand",
    "fanshu",
    "format_hand",
    "format_hand_as",
    "format_meld",
    "format_tiles",
    "hand_notation",
    "mpsz",
    "notation",
    "parse_hand",
    "parse_tiles",
    "read_hand",
    "unicode",
]


class Notation(Protocol):
    """What every notation module provides."""

    def parse_tiles(self, text: str, /) -> list[Tile]: ...

    def format_tiles(self, tiles: list[Tile], /, *, sort: bool = ...) -> str: ...


NOTATIONS: Mapping[str, Notation] = {
    "fanshu": fanshu,
    "cmh": cmh,
    "mpsz": mpsz,
    "botzone": botzone,
    "unicode": unicode,
    "chinese": chinese,
}


def notation(name: str) -> Notation:
    """The module of a notation by name (case-insensitive); OptionError if unknown."""
    try:
        return NOTATIONS[name.strip().lower()]
    except (KeyError, AttributeError):
        raise OptionError(f"unknown notation {name!r}: use one of {', '.join(NOTATIONS)}") from None


def convert(text: str, from_notation: str, to_notation: str, *, sort: bool = False) -> str:
    """Rewrite tiles from one notation into another, in the order written unless ``sort``.

    It works on tile lists: melds in brackets are not accepted (``convert_hand`` rewrites
    whole hands, melds included).  A bad ``text`` raises NotationError with the position
    in ``text``; an unknown notation name raises OptionError.
    """
    source, target = notation(from_notation), notation(to_notation)
    return target.format_tiles(source.parse_tiles(text), sort=sort)


def convert_hand(text: str, to_notation: str, from_notation: str | None = None) -> tuple[str, str]:
    """Rewrite a hand (melds included) into ``to_notation``: the new text and the name of
    the notation it was read in (detected unless ``from_notation`` names it; see
    ``fanshu.notation.detect``).

    >>> convert_hand("[EEE2]123m456p789s11s", "botzone")
    ('[PENG F1 2] W1 W2 W3 B4 B5 B6 T1 T7 T8 T9 T1', 'fanshu')
    >>> convert_hand("[PENG F1 2] W1 W2 W3 B4 B5 B6 T1 T7 T8 T9 T1", "chinese")[0]
    '[东东东2] 一万二万三万四饼五饼六饼一条七条八条九条 一条'
    """
    target = hand_notation(to_notation)
    hand, source = read_hand(text, from_notation)
    return format_hand_as(hand, target), source
