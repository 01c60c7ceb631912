"""The mpsz notation (Tenhou, Mahjong Soul and most riichi tools): ``123m456p789s1122z``.

Digits followed by a suit letter: ``m`` 万, ``p`` 饼/筒, ``s`` 条, ``z`` honours, and
(a fanshu extension, as no riichi tool has them) ``f`` flowers.

**WARNING: the honour order is Tenhou's, NOT fanshu's.**  In mpsz the honours are

    ====  ====  ====  ====  ====  ====  ====
    1z    2z    3z    4z    5z    6z    7z
    东 E  南 S  西 W  北 N  白 P  发 F  中 C
    ====  ====  ====  ====  ====  ====  ====

so **5z is WHITE 白, 6z is GREEN 发 and 7z is RED 中**, while fanshu's own order (the
``Tile`` enum and ``Tile.rank``) is 中 发 白: ``Tile.RED`` has rank 5.  Never turn a
``z`` digit into a tile with ``Tile.rank`` arithmetic; use this module.

Flowers are ``1f``-``8f`` = 春 夏 秋 冬 梅 兰 竹 菊 (the same as ``Tile.code``).
Red fives (``0m``/``0p``/``0s``) are not used in MCR and are rejected.

A hand in mpsz is a run of concealed tiles with the winning tile last.  mpsz itself has
no melds; fanshu reads (and writes) them in brackets as the fanshu notation does, with
the same digit after the tiles: ``[123m2][5555z]456p789s11s`` (a chow whose 2m was
claimed, a concealed kong of 白).  A tile list (``parse_tiles``) has no brackets.

>>> from fanshu.tiles import Tile
>>> parse_tiles("5z6z7z") == [Tile.WHITE, Tile.GREEN, Tile.RED]
True
>>> format_tiles([Tile.M1, Tile.M2, Tile.P5, Tile.EAST, Tile.RED, Tile.SPRING])
'12m5p17z1f'
>>> h = parse_hand("123m456p789s1122z2z")
>>> h.winning_tile is Tile.SOUTH, format_hand(h)
(True, '123m456p789s1122z2z')
"""

from __future__ import annotations

from collections.abc import Sequence

from fanshu.errors import NotationError
from fanshu.hand import Hand, WinContext
from fanshu.i18n import msg
from fanshu.notation.melds import build_hand, meld_digit, read_bracketed
from fanshu.tiles import Tile

__all__ = ["format_hand", "format_tiles", "parse_hand", "parse_tiles"]

# Honours in Tenhou order: 1z-7z = 东 南 西 北 白 发 中.
Z_ORDER: tuple[Tile, ...] = (
    Tile.EAST,
    Tile.SOUTH,
    Tile.WEST,
    Tile.NORTH,
    Tile.WHITE,
    Tile.GREEN,
    Tile.RED,
)
_Z_DIGIT: dict[Tile, int] = {t: i + 1 for i, t in enumerate(Z_ORDER)}
_SUIT_BASE = {"m": 0, "s": 9, "p": 18}


def _letter_and_digit(t: Tile) -> tuple[str, int]:
    if t.is_numbered:
        return "msp"[t.suit], t.rank
    if t.is_honor:
        return "z", _Z_DIGIT[t]
    return "f", t.rank


def _tile(letter: str, digit: int, pos: int) -> Tile:
    """The tile ``{digit}{letter}``; ``pos`` is where the digit stands, for errors."""
    if letter in _SUIT_BASE:
        if digit == 0:
            raise NotationError(f"there is no tile 0{letter} (red fives are not used in MCR)", pos)
        return Tile(_SUIT_BASE[letter] + digit - 1)
    if letter == "z":
        if not 1 <= digit <= 7:
            raise NotationError(
                msg(
                    "unknown tile '{digit}z' (mpsz honours are 1z-7z = 东南西北白发中, "
                    "Tenhou's order)",
                    digit=digit,
                ),
                pos,
            )
        return Z_ORDER[digit - 1]
    if not 1 <= digit <= 8:
        raise NotationError(f"unknown tile '{digit}f' (flowers are 1f-8f)", pos)
    return Tile(33 + digit)


def _parse(text: str) -> list[tuple[Tile, int]]:
    """Tiles with the position of the digit each was written with."""
    if not isinstance(text, str):
        raise NotationError(f"mpsz tiles are text, not {type(text).__name__}")
    out: list[tuple[Tile, int]] = []
    digits: list[tuple[int, int]] = []  # (digit, position)
    for pos, ch in enumerate(text):
        if ch in "0123456789":
            digits.append((int(ch), pos))
        elif ch in "mpszf":
            if not digits:
                raise NotationError(f"suit '{ch}' with no digits before it", pos)
            out.extend((_tile(ch, d, dpos), dpos) for d, dpos in digits)
            digits = []
        elif ch.isspace():
            continue
        elif ch == "[" or ch == "]":
            raise NotationError("mpsz has no melds; write melds in the fanshu notation", pos)
        elif ch.isalpha() and digits:
            raise NotationError(f"unknown suit '{ch}'", pos)
        else:
            raise NotationError(f"unexpected character '{ch}'", pos)
    if digits:
        raise NotationError("digits with no suit after them", digits[0][1])
    return out


def parse_tiles(text: str) -> list[Tile]:
    """Read mpsz tiles, in the order written: ``"19m5z"`` is 1m 9m 白."""
    return [t for t, _ in _parse(text)]


def format_tiles(tiles: Sequence[Tile], *, sort: bool = False) -> str:
    """Write tiles in mpsz, keeping their order and sharing one suit letter per run.

    With ``sort=True`` the tiles are first put in the usual m p s z f order.
    """
    seq = sorted(tiles, key=_sort_key) if sort else list(tiles)
    out: list[str] = []
    letter = ""
    for t in seq:
        this, digit = _letter_and_digit(Tile(t))
        if this != letter and letter:
            out.append(letter)
        letter = this
        out.append(str(digit))
    if letter:
        out.append(letter)
    return "".join(out)


def _sort_key(t: Tile) -> tuple[int, int]:
    letter, digit = _letter_and_digit(Tile(t))
    return "mpszf".index(letter), digit


def parse_hand(text: str, context: WinContext | None = None) -> Hand:
    """Read an mpsz hand: melds in brackets (a fanshu extension, ``[1111z]``, with the
    fanshu digit after the tiles: ``[123m2]``, ``[555z3]``), then the concealed tiles;
    the 14th tile (the last concealed one written) is the winning tile.

    Errors name positions in the mpsz text; the result is the same Hand that the fanshu
    notation's ``parse_hand`` gives for the same tiles.

    >>> str(parse_hand("[5555z][123m2]456p789s1s1s"))
    '[PPPP][123m2]456p1789s1s'
    """
    if not isinstance(text, str):
        raise NotationError(msg("mpsz tiles are text, not {kind}", kind=type(text).__name__))
    if "[" not in text and "]" not in text:
        tiles = _parse(text)
        if not tiles:
            raise NotationError(msg("empty hand"))
        return build_hand([], tiles, context)
    return read_bracketed(text, parse_tiles, context, what="an mpsz hand")


def format_hand(hand: Hand) -> str:
    """Write a hand in mpsz: melds in brackets (with the fanshu digit), the concealed
    tiles sorted, the winning tile last (its own run, so that it can be seen)."""
    melds = "".join(f"[{format_tiles(m.tiles)}{meld_digit(m)}]" for m in hand.melds)
    text = melds + format_tiles(hand.concealed, sort=True)
    if hand.winning_tile is not None:
        text += format_tiles([hand.winning_tile])
    return text
