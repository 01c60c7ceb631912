"""Botzone tile codes, as used by the Botzone Chinese Standard Mahjong bots.

- ``W1``-``W9`` 万 (characters), ``B1``-``B9`` 饼 (dots), ``T1``-``T9`` 条 (bamboo);
- ``F1``-``F4`` winds 东 南 西 北;
- ``J1``-``J3`` dragons **中 发 白** in that order (the same order as fanshu's ``Tile``);
- ``H1``-``H8`` flowers 春 夏 秋 冬 梅 兰 竹 菊.

A hand (``parse_hand``, ``format_hand``) has its packs first, in brackets, as
MahjongGB's fan calculator takes them: ``[PENG W1 1] [CHI T2 2] [GANG J1 0] B1 B1``.

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
from fanshu.hand import Hand, Meld, MeldKind, WinContext
from fanshu.i18n import Message, msg
from fanshu.notation.melds import build_hand, segments
from fanshu.tiles import NUM_TILES, Tile

__all__ = [
    "CODE_OF",
    "PACK_WORDS",
    "TILE_OF_CODE",
    "format_hand",
    "format_tiles",
    "parse_hand",
    "parse_tiles",
]

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


# -- hands with packs -------------------------------------------------------------------

#: The pack words: Botzone's CHI / PENG / GANG (MahjongGB's ``pack``) and BUGANG, the
#: added kong of Botzone's requests, which MahjongGB folds into GANG.
PACK_WORDS = ("CHI", "PENG", "GANG", "BUGANG")


def _pack(body: str, pos: int) -> Meld:
    """One pack ``WORD TILE [OFFER]`` (module text of ``parse_hand``); ``pos`` is '['."""
    shown = f"[{body}]"
    words = body.replace(",", " ").split()
    if len(words) not in (2, 3) or words[0].upper() not in PACK_WORDS:
        raise NotationError(
            msg(
                "a Botzone pack is [WORD TILE OFFER] with WORD one of CHI, PENG, GANG, "
                "BUGANG: {shown}",
                shown=shown,
            ),
            pos,
        )
    word = words[0].upper()
    tiles = parse_tiles(words[1])
    if len(tiles) != 1:
        raise NotationError(msg("a Botzone pack names one tile: {shown}", shown=shown), pos)
    tile = tiles[0]
    offer: int | None = None
    if len(words) == 3:
        if words[2] not in ("0", "1", "2", "3"):
            raise NotationError(msg("a pack's offer is 0-3: {shown}", shown=shown), pos)
        offer = int(words[2])
    if tile.is_flower:
        raise NotationError(msg("a flower cannot be in a meld: {shown}", shown=shown), pos)
    if word == "CHI":
        if not tile.is_numbered or tile.rank in (1, 9):
            raise NotationError(
                msg("CHI names the middle tile of a chow (2-8 of a suit): {shown}", shown=shown),
                pos,
            )
        if offer == 0:
            raise NotationError(
                msg("a chow's claimed tile is 1, 2 or 3: {shown}", shown=shown), pos
            )
        return Meld(MeldKind.CHOW, Tile(tile - 1), offer or 1)
    if word == "PENG":
        if offer == 0:
            raise NotationError(msg("a pung's giver is 1, 2 or 3: {shown}", shown=shown), pos)
        return Meld(MeldKind.PUNG, tile, offer or 1)
    if word == "BUGANG":
        if offer == 0:
            raise NotationError(
                msg("an added kong's pung was given by 1, 2 or 3: {shown}", shown=shown), pos
            )
        return Meld(MeldKind.ADDED_KONG, tile, offer or 1)
    if not offer:
        return Meld(MeldKind.CONCEALED_KONG, tile, 0)
    return Meld(MeldKind.KONG, tile, offer)


def parse_hand(text: str, context: WinContext | None = None) -> Hand:
    """Read a Botzone hand: packs in brackets, then the concealed tile codes, the winning
    tile last.

    A pack is ``[WORD TILE OFFER]`` as in MahjongGB's ``MahjongFanCalculator(pack, ...)``:
    ``[CHI W2 1]`` a chow named by its *middle* tile, OFFER which of its tiles was
    claimed (1-3, default 1); ``[PENG F1 2]`` a pung, OFFER who gave it (1 上家, 2 对家,
    3 下家, default 1); ``[GANG J1 0]`` a kong, OFFER 0 (or none) concealed, 1-3 melded
    from that seat; ``[BUGANG B5 1]`` an added kong (OFFER: who gave the pung).

    >>> h = parse_hand("[CHI W2 2] [GANG J1 0] B4 B5 B6 T7 T8 T9 T1 T1")
    >>> str(h)
    '[123m2][CCCC]456p1789s1s'
    """
    if not isinstance(text, str):
        raise NotationError(msg("Botzone tiles are text, not {kind}", kind=type(text).__name__))
    melds: list[tuple[Meld, int]] = []
    concealed: list[tuple[Tile, int]] = []
    for is_meld, body, offset in segments(text):
        if is_meld:
            melds.append((_pack(body, offset - 1), offset - 1))
        else:
            concealed.extend((t, offset) for t in _parse_at(body, offset))
    return build_hand(melds, concealed, context)


def _parse_at(text: str, offset: int) -> list[Tile]:
    try:
        return parse_tiles(text)
    except NotationError as e:
        if not offset or e.position is None:
            raise
        m = e.message
        inner = m.values.get("message") if isinstance(m, Message) else None
        raise NotationError(inner or m, e.position + offset) from None


def _pack_text(m: Meld) -> str:
    if m.kind is MeldKind.CHOW:
        return f"[CHI {CODE_OF[Tile(m.tile + 1)]} {m.source}]"
    word = {
        MeldKind.PUNG: "PENG",
        MeldKind.KONG: "GANG",
        MeldKind.CONCEALED_KONG: "GANG",
        MeldKind.ADDED_KONG: "BUGANG",
    }[m.kind]
    return f"[{word} {CODE_OF[m.tile]} {m.source}]"


def format_hand(hand: Hand) -> str:
    """Write a hand in Botzone codes: every pack with its offer, the concealed tiles in
    Botzone's order (W B T F J), the winning tile last."""
    parts = [_pack_text(m) for m in hand.melds]
    if hand.concealed:
        parts.append(format_tiles(hand.concealed, sort=True))
    if hand.winning_tile is not None:
        parts.append(CODE_OF[hand.winning_tile])
    return " ".join(parts)
