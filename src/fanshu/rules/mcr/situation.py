"""What every fan predicate reads: the hand's counts, flags and winds, and its sets."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import compress

from fanshu.hand import Hand
from fanshu.rules.mcr.options import McrOptions
from fanshu.rules.mcr.tally import Found, Tables, tables
from fanshu.sets import Set
from fanshu.tiles import EAST, NUM_KINDS


@dataclass(slots=True)
class Situation:
    """What every shape's predicates read: tiles, counts, flags, winds."""

    hand: Hand
    options: McrOptions
    tables: Tables  # what the options give the scorer: fan values, exclusions
    win: int
    standing: list[int]  # concealed tiles including the winning tile
    held: list[int]  # the whole hand: standing and the melds' tiles (a kong counts 4)
    kinds: tuple[int, ...]  # the distinct kinds of the whole hand, ascending
    mask: int  # the same kinds as a bit mask
    hogs: int  # kinds whose four copies are all in the hand
    kongs: int  # declared kongs
    claimed: int  # melds claimed from another player (all but concealed kongs)
    melds: list[Set]  # the declared melds, as sets
    self_drawn: bool
    last_tile: bool
    kong: bool
    wall_last: bool
    seat: int
    prevalent: int
    # what every reading of the hand shares, worked out by the first one that needs it
    # (``regular.hand_wide_fans``): None until then
    hand_wide: Found | None = None


def kinds_mask(kinds: tuple[int, ...]) -> int:
    """The bit mask of a set of tile kinds (bit t = kind t)."""
    return sum(map(_BITS.__getitem__, kinds))


_BITS = tuple(1 << t for t in range(NUM_KINDS))
_KINDS = range(NUM_KINDS)


def situation(hand: Hand, options: McrOptions) -> Situation:
    assert hand.winning_tile is not None
    win = int(hand.winning_tile)
    standing = [0] * NUM_KINDS
    for t in hand.concealed:
        standing[t] += 1
    standing[win] += 1
    ctx = hand.context
    if hand.melds:
        held = standing[:]
        melds = [m.as_set for m in hand.melds]
        kongs = claimed = 0
        for meld in melds:
            for k in meld.tiles:
                held[k] += 1
            kongs += meld.kong
            claimed += not meld.concealed
        in_melds = held[win] - standing[win]  # copies of the winning tile in the melds
    else:  # fully concealed: the standing counts are the whole hand
        held, melds = standing, []
        kongs = claimed = in_melds = 0
    kinds = tuple(compress(_KINDS, held))
    # 和绝张 is also certain when your own melds show the other three copies.
    last_tile = (ctx.fourth_tile and standing[win] == 1) or in_melds == 3
    kong = ctx.kong and (kongs > 0 if ctx.self_drawn else (in_melds == 0 and standing[win] == 1))
    return Situation(
        hand,
        options,
        tables(options),
        win,
        standing,
        held,
        kinds,
        kinds_mask(kinds),
        held.count(4),
        kongs,
        claimed,
        melds,
        ctx.self_drawn,
        last_tile,
        kong,
        ctx.wall_last,
        ctx.seat_wind - EAST,  # 0-3 from East
        ctx.prevalent_wind - EAST,
    )
