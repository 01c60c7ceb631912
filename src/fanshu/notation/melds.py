"""Building a Hand from melds and concealed tiles read in any notation.

Every notation reads its own tile names, but they share what a meld *means*: the tiles
of a meld in brackets and an optional digit (the fanshu convention, also CMH's):

- a chow (three consecutive tiles of one suit, in any order): the digit (1-3, default 1)
  is which of its tiles, counted from the lowest, was claimed;
- a pung: the digit is who gave it, 1 上家, 2 对家, 3 下家 (default 1);
- a kong: no digit (or 0) concealed, 1-3 melded (given by 1-3), 5-7 added (given by 1-3).

``build_hand`` checks the tiles as ``fanshu.notation.fanshu.parse_hand`` does (at most 4
melds, no flowers, at most 4 copies) with positions in the *original* text, so that an
error in, say, a Chinese hand points at the Chinese name.

>>> from fanshu.tiles import Tile
>>> m = meld_of([Tile.M3, Tile.M1, Tile.M2], 2, "[312m2]", 0)
>>> str(m)
'[123m2]'
>>> h = build_hand([(m, 0)], [(Tile.EAST, 7), (Tile.EAST, 8)])
>>> str(h), h.winning_tile
('[123m2]EE', None)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from fanshu.errors import NotationError
from fanshu.hand import Hand, Meld, MeldKind, WinContext
from fanshu.i18n import Message, msg
from fanshu.tiles import NUM_KINDS, Tile

__all__ = ["build_hand", "meld_digit", "meld_of", "read_bracketed", "segments", "split_offer"]

_NO_CONTEXT = WinContext()
_WORDS = {5: "five", 6: "six", 7: "seven", 8: "eight"}


def split_offer(body: str) -> tuple[str, int | None]:
    """A meld body without its trailing ASCII digit, and that digit (None if none).

    >>> split_offer("🀇🀈🀉2"), split_offer("东东东")
    (('🀇🀈🀉', 2), ('东东东', None))
    """
    raw = body.rstrip()
    if len(raw) >= 2 and raw[-1] in "0123456789":
        return raw[:-1], int(raw[-1])
    return raw, None


def meld_of(
    tiles: Sequence[Tile], digit: int | None, shown: str, pos: int, *, cmh: bool = False
) -> Meld:
    """The meld of ``tiles`` with its ``digit`` (module text); ``shown`` is the meld as
    written, ``pos`` where it starts, for errors.  ``cmh`` reads digits as the
    ChineseOfficialMahjongHelper does: 0 is 1 on a chow or pung, 4 is concealed on a kong.
    """
    if any(t.is_flower for t in tiles):
        raise NotationError(msg("a flower cannot be in a meld: {shown}", shown=shown), pos)
    if cmh and digit == 0 and len(tiles) == 3:
        digit = 1
    if cmh and digit == 4 and len(tiles) == 4:
        digit = 0
    if len(tiles) == 3 and tiles[0] != tiles[1]:
        t = sorted(tiles)
        if not (
            t[0].is_numbered and t[0].suit == t[2].suit and t[1] == t[0] + 1 and t[2] == t[0] + 2
        ):
            raise NotationError(
                msg("a chow must be three consecutive tiles of one suit: {shown}", shown=shown),
                pos,
            )
        if digit is not None and digit not in (1, 2, 3):
            raise NotationError(
                msg("a chow's claimed tile is 1, 2 or 3: {shown}", shown=shown), pos
            )
        return Meld(MeldKind.CHOW, t[0], digit or 1)
    if len(tiles) in (3, 4) and all(t == tiles[0] for t in tiles):
        if len(tiles) == 3:
            if digit is not None and digit not in (1, 2, 3):
                raise NotationError(msg("a pung's giver is 1, 2 or 3: {shown}", shown=shown), pos)
            return Meld(MeldKind.PUNG, tiles[0], digit or 1)
        if digit is None or digit == 0:
            return Meld(MeldKind.CONCEALED_KONG, tiles[0], 0)
        if digit in (1, 2, 3):
            return Meld(MeldKind.KONG, tiles[0], digit)
        if digit in (5, 6, 7):
            return Meld(MeldKind.ADDED_KONG, tiles[0], digit - 4)
        raise NotationError(
            msg(
                "a kong's digit is 1-3 (melded) or 5-7 (added), none if concealed: {shown}",
                shown=shown,
            ),
            pos,
        )
    if len(tiles) == 3:
        raise NotationError(msg("a pung must be three identical tiles: {shown}", shown=shown), pos)
    if len(tiles) == 4:
        raise NotationError(msg("a kong must be four identical tiles: {shown}", shown=shown), pos)
    raise NotationError(
        msg("a meld has 3 or 4 tiles, not {n}: {shown}", n=len(tiles), shown=shown), pos
    )


def build_hand(
    melds: Sequence[tuple[Meld, int]],
    concealed: Sequence[tuple[Tile, int]],
    context: WinContext | None = None,
) -> Hand:
    """The Hand of ``melds`` and ``concealed`` tiles in the order written, each with its
    position; the last concealed tile of a 14-tile hand is the winning tile.

    Checks what ``fanshu.notation.fanshu.parse_hand`` checks, naming positions.
    """
    if len(melds) > 4:
        raise NotationError(msg("a hand has at most 4 melds"), melds[4][1])
    copies = [0] * NUM_KINDS

    def count(t: Tile, pos: int) -> None:
        if t.is_flower:
            raise NotationError(
                msg("a flower is not part of the hand: {code}; count it in flowers", code=t.code),
                pos,
            )
        copies[t] += 1
        if copies[t] > 4:
            raise NotationError(
                msg(
                    "{n} copies of {code}",
                    n=_WORDS.get(copies[t], "too many"),
                    code=t.code,
                ),
                pos,
            )

    for meld, pos in melds:
        for t in meld.tiles:
            count(t, pos)
    for t, pos in concealed:
        count(t, pos)
    if not melds and not concealed:
        raise NotationError(msg("empty hand"))
    tiles = [t for t, _ in concealed]
    winning: Tile | None = None
    if len(tiles) + 3 * len(melds) == 14:
        winning = tiles.pop()
    return Hand.with_checked_tiles(
        tuple(sorted(tiles)), tuple(m for m, _ in melds), winning, context or _NO_CONTEXT
    )


def segments(text: str) -> list[tuple[bool, str, int]]:
    """``text`` cut at its brackets: ``(is_meld, body, offset)`` in order, where
    ``offset`` is the position of ``body[0]`` in ``text``; raises NotationError for a
    bracket without its partner.

    >>> segments("[123m2]45p[EEEE]6s")
    [(True, '123m2', 1), (False, '45p', 7), (True, 'EEEE', 11), (False, '6s', 16)]
    """
    out: list[tuple[bool, str, int]] = []
    i, n = 0, len(text)
    while i < n:
        if text[i] == "[":
            j = text.find("]", i + 1)
            if j < 0:
                raise NotationError(msg("'[' without a closing ']'"), i)
            inner = text.find("[", i + 1, j)
            if inner >= 0:
                raise NotationError(msg("'[' inside a meld"), inner)
            out.append((True, text[i + 1 : j], i + 1))
            i = j + 1
        else:
            j = text.find("[", i)
            j = n if j < 0 else j
            close = text.find("]", i, j)
            if close >= 0:
                raise NotationError(msg("']' without an opening '['"), close)
            if text[i:j].strip():
                out.append((False, text[i:j], i))
            i = j
    return out


def meld_digit(meld: Meld) -> str:
    """The digit written after a meld's tiles (fanshu and CMH), '' for the default.

    >>> from fanshu.tiles import Tile
    >>> added, pung = Meld(MeldKind.ADDED_KONG, Tile.EAST, 2), Meld(MeldKind.PUNG, Tile.EAST)
    >>> meld_digit(added), meld_digit(pung)
    ('6', '')
    """
    if meld.kind is MeldKind.CONCEALED_KONG:
        return ""
    if meld.kind is MeldKind.ADDED_KONG:
        return str(meld.source + 4)
    if meld.kind is MeldKind.KONG:
        return str(meld.source)
    return "" if meld.source == 1 else str(meld.source)


def read_bracketed(
    text: str,
    read_tiles: Callable[[str], list[Tile]],
    context: WinContext | None,
    *,
    what: str,
) -> Hand:
    """A hand of melds in brackets (tiles, then an optional digit) and concealed tiles,
    each read with ``read_tiles``; errors of ``read_tiles`` are moved to their place in
    ``text``.  ``what`` names the notation in messages ("a hand in mpsz is text")."""
    if not isinstance(text, str):
        raise NotationError(msg("{what} is text, not {kind}", what=what, kind=type(text).__name__))
    melds: list[tuple[Meld, int]] = []
    concealed: list[tuple[Tile, int]] = []
    for is_meld, body, offset in segments(text):
        if is_meld:
            raw, digit = split_offer(body)
            tiles = _shifted(read_tiles, raw, offset)
            melds.append((meld_of(tiles, digit, f"[{body}]", offset - 1), offset - 1))
        else:
            concealed.extend((t, offset) for t in _shifted(read_tiles, body, offset))
    return build_hand(melds, concealed, context)


def _shifted(read_tiles: Callable[[str], list[Tile]], text: str, offset: int) -> list[Tile]:
    try:
        return read_tiles(text)
    except NotationError as e:
        if e.position is None or not offset:
            raise
        inner = e.message.template if isinstance(e.message, Message) else None
        values = dict(e.message.values) if isinstance(e.message, Message) else {}
        if inner == "{message} at {position}":
            raise NotationError(values["message"], e.position + offset) from None
        raise
