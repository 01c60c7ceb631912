"""What every fan predicate reads: the hand's counts, flags and winds, and its sets."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from fanshu.hand import Hand, MeldKind
from fanshu.rules.mcr.options import McrOptions
from fanshu.shapes import CHOW, PAIR, PUNG
from fanshu.tiles import Tile

_TILES: tuple[Tile, ...] = tuple(Tile)


class Pack(NamedTuple):
    """One set of a decomposition: chow (``tile`` lowest), pung, kong or pair."""

    kind: int  # CHOW, PUNG (kongs too) or PAIR
    tile: int
    concealed: bool  # not claimed from another player
    kong: bool = False
    declared: bool = False  # a meld, not part of the concealed tiles

    @property
    def tiles(self) -> tuple[Tile, ...]:
        t = self.tile
        if self.kind == CHOW:
            return _TILES[t : t + 3]
        return (_TILES[t],) * (2 if self.kind == PAIR else 4 if self.kong else 3)


# Every set of the concealed tiles as a pack, built once: CONCEALED_PACKS[kind][tile]
# (the kinds CHOW, PUNG, PAIR are 0, 1, 2).
CONCEALED_PACKS: tuple[tuple[Pack, ...], ...] = tuple(
    tuple(Pack(kind, t, True) for t in range(34)) for kind in range(3)
)


@dataclass(slots=True)
class Situation:
    """What every shape's predicates read: tiles, counts, flags, winds."""

    hand: Hand
    options: McrOptions
    win: int
    standing: list[int]  # concealed tiles including the winning tile
    fixed: list[int]  # tiles in declared melds (a kong counts 4)
    kinds: tuple[int, ...]  # the distinct kinds of the whole hand, ascending
    mask: int  # the same kinds as a bit mask
    hogs: int  # kinds whose four copies are all in the hand
    kongs: int  # declared kongs
    claimed: int  # melds claimed from another player (all but concealed kongs)
    melds: list[Pack]
    self_drawn: bool
    last_tile: bool
    kong: bool
    wall_last: bool
    seat: int
    prevalent: int


def kinds_mask(kinds: tuple[int, ...]) -> int:
    """The bit mask of a set of tile kinds (bit t = kind t)."""
    m = 0
    for t in kinds:
        m |= 1 << t
    return m


def _meld_pack(kind: MeldKind, tile: int) -> Pack:
    if kind is MeldKind.CHOW:
        return Pack(CHOW, tile, False, declared=True)
    if kind is MeldKind.PUNG:
        return Pack(PUNG, tile, False, declared=True)
    return Pack(PUNG, tile, kind is MeldKind.CONCEALED_KONG, kong=True, declared=True)


def _meld_tiles(kind: MeldKind, tile: int) -> tuple[int, ...]:
    if kind is MeldKind.CHOW:
        return (tile, tile + 1, tile + 2)
    return (tile,) * (3 if kind is MeldKind.PUNG else 4)


# Every meld as (its pack, its tiles as ints), built once: melds[kind][tile].
_MELDS: dict[MeldKind, tuple[tuple[Pack, tuple[int, ...]], ...]] = {
    kind: tuple((_meld_pack(kind, t), _meld_tiles(kind, t)) for t in range(34)) for kind in MeldKind
}

# The same keyed by id(): a MeldKind hashes in Python code, an id in C.
_MELDS_BY_ID = {id(kind): melds for kind, melds in _MELDS.items()}


def situation(hand: Hand, options: McrOptions) -> Situation:
    assert hand.winning_tile is not None
    win = int(hand.winning_tile)
    standing = [0] * 34
    for t in hand.concealed:
        standing[t] += 1
    standing[win] += 1
    ctx = hand.context
    if hand.melds:
        fixed, melds = _meld_tiles_of(hand)
        held = [a + b for a, b in zip(standing, fixed, strict=True)]
        kinds = tuple([t for t in range(34) if held[t]])
        hogs = held.count(4)  # kinds whose four copies are all in the hand
        kongs = sum(1 for p in melds if p.kong)
        claimed = sum(1 for p in melds if not p.concealed)
    else:  # fully concealed: the standing counts are the whole hand
        fixed, melds = [0] * 34, []
        kinds = tuple([t for t in range(34) if standing[t]])
        hogs = standing.count(4)
        kongs = claimed = 0
    # 和绝张 is also certain when your own melds show the other three copies.
    last_tile = (ctx.fourth_tile and standing[win] == 1) or fixed[win] == 3
    kong = ctx.kong and (
        any(p.kong for p in melds) if ctx.self_drawn else (fixed[win] == 0 and standing[win] == 1)
    )
    return Situation(
        hand, options, win, standing, fixed, kinds, kinds_mask(kinds), hogs, kongs, claimed, melds,
        ctx.self_drawn, last_tile, kong, ctx.wall_last,
        int(ctx.seat_wind) - 27, int(ctx.prevalent_wind) - 27,
    )  # fmt: skip


def _meld_tiles_of(hand: Hand) -> tuple[list[int], list[Pack]]:
    """The tiles in declared melds (a kong counts 4) and the melds as packs."""
    fixed = [0] * 34
    melds = []
    for m in hand.melds:
        pack, tiles = _MELDS_BY_ID[id(m.kind)][m.tile]
        for k in tiles:
            fixed[k] += 1
        melds.append(pack)
    return fixed, melds
