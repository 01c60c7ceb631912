"""What every fan predicate reads: the hand's counts, flags and winds, and its sets."""

from __future__ import annotations

from itertools import compress
from typing import Final

from fanshu.hand import Hand
from fanshu.rules.mcr.options import McrOptions
from fanshu.rules.mcr.tally import Found, Tables, tables
from fanshu.sets import Set
from fanshu.tiles import FIRST_HONOR, NUM_KINDS


class Situation:
    """What every shape's predicates read: tiles, counts, flags, winds; read from a
    validated 14-tile hand once (``situation``)."""

    __slots__ = (
        "claimed",
        "hand",
        "hand_wide",
        "held",
        "hogs",
        "kinds",
        "kong",
        "kongs",
        "last_tile",
        "mask",
        "melds",
        "options",
        "prevalent",
        "seat",
        "self_drawn",
        "standing",
        "tables",
        "unique_wait",
        "wall_last",
        "win",
    )

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
    seat: int  # 0-3 from East
    prevalent: int
    # what every reading of the hand shares, worked out by the first one that needs it
    # (``regular.hand_wide_fans``): None until then
    hand_wide: Found | None
    # whether the hand waited on the winning tile alone (``regular.unique_wait``): only
    # readings that could give 边张, 嵌张 or 单钓将 ask, the first one works it out
    unique_wait: bool | None

    def __init__(self, hand: Hand, options: McrOptions) -> None:
        assert hand.winning_tile is not None
        win: int = hand.winning_tile
        standing = [0] * NUM_KINDS
        t: int  # a plain int, so that a compiled build indexes the list natively
        for t in hand.concealed:
            standing[t] += 1
        standing[win] += 1
        ctx = hand.context
        kongs = claimed = in_melds = 0
        melds: list[Set] = []
        held = standing
        if hand.melds:
            held = standing[:]
            melds = [m.as_set for m in hand.melds]
            for meld in melds:
                for t in meld.tiles:
                    held[t] += 1
                kongs += meld.kong
                claimed += not meld.concealed
            in_melds = held[win] - standing[win]  # copies of the winning tile in melds
        kinds = tuple(compress(_KINDS, held))
        self.hand = hand
        self.options = options
        self.tables = tables(options)
        self.win = win
        self.standing = standing
        self.held = held
        self.kinds = kinds
        self.mask = kinds_mask(kinds)
        self.hogs = held.count(4)
        self.kongs = kongs
        self.claimed = claimed
        self.melds = melds
        self.self_drawn = ctx.self_drawn
        # 和绝张 is also certain when your own melds show the other three copies.
        self.last_tile = (ctx.fourth_tile and standing[win] == 1) or in_melds == 3
        self.kong = ctx.kong and (
            kongs > 0 if ctx.self_drawn else (in_melds == 0 and standing[win] == 1)
        )
        self.wall_last = ctx.wall_last
        seat: int = ctx.seat_wind
        prevalent: int = ctx.prevalent_wind
        self.seat = seat - FIRST_HONOR  # East is the first honour
        self.prevalent = prevalent - FIRST_HONOR
        self.hand_wide = None
        self.unique_wait = None


#: ``situation(hand, options)``: the Situation of a validated 14-tile hand.
situation = Situation


def kinds_mask(kinds: tuple[int, ...]) -> int:
    """The bit mask of a set of tile kinds (bit t = kind t)."""
    return sum(map(_BITS.__getitem__, kinds))


_BITS: Final = tuple(1 << t for t in range(NUM_KINDS))
_KINDS: Final = range(NUM_KINDS)
