"""Fans that read the whole hand rather than its sets: win flags, suits, tile traits,
rank ranges, 四归一, wind pungs, and the concealment a special shape implies."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from fanshu.rules.mcr.fans import Fan
from fanshu.rules.mcr.situation import Situation
from fanshu.rules.mcr.tally import Tally
from fanshu.sets import PUNG, Set
from fanshu.tiles import (
    EAST,
    FIRST_DRAGON,
    FIRST_HONOR,
    GREEN,
    NUM_KINDS,
    RANK_OF,
    REVERSIBLE,
    SUIT_OF,
    SUIT_SIZE,
    TERMINAL,
    TERMINAL_OR_HONOR,
    is_dragon,
    is_honor,
    is_numbered,
    is_wind,
)


def win_flag_fans(s: Situation, tally: Tally) -> None:
    if s.last_tile:
        tally.flag(Fan.LAST_TILE)
    if s.self_drawn:
        tally.flag(Fan.SELF_DRAWN)
        if s.wall_last:
            tally.flag(Fan.LAST_TILE_DRAW)
        if s.kong:
            tally.flag(Fan.OUT_WITH_REPLACEMENT_TILE)
    else:
        if s.wall_last:
            tally.flag(Fan.LAST_TILE_CLAIM)
        if s.kong:
            tally.flag(Fan.ROBBING_THE_KONG)


def _mask(pred: Callable[[int], bool]) -> int:
    return sum(1 << t for t in range(NUM_KINDS) if pred(t))


# Kinds of tiles as bit masks (bit t = kind t), so whole-hand tests are a few int ops.
def _suit_mask(suit: int) -> int:
    return _mask(lambda t: SUIT_OF[t] == suit)


SUIT_MASKS: Final = tuple(_suit_mask(suit) for suit in range(3))
HONOR_MASK: Final = _mask(is_honor)
WIND_MASK: Final = _mask(is_wind)
DRAGON_MASK: Final = _mask(is_dragon)
TERMINAL_MASK: Final = _mask(lambda t: TERMINAL[t])
TERMINAL_OR_HONOR_MASK: Final = _mask(lambda t: TERMINAL_OR_HONOR[t])
GREEN_MASK: Final = _mask(lambda t: GREEN[t])
REVERSIBLE_MASK: Final = _mask(lambda t: REVERSIBLE[t])


def _ranks_mask(*ranks: int) -> int:
    return _mask(lambda t: is_numbered(t) and RANK_OF[t] in ranks)


def suit_fans(mask: int, tally: Tally) -> None:
    """无字, 缺一门, 混一色, 清一色, 五门齐."""
    for fan in _suit_fans(mask, []):
        tally.flag(fan)


def _suit_fans(mask: int, out: list[Fan]) -> list[Fan]:
    """``suit_fans`` appended to ``out`` (a list, so that tile_set_fans needs no Tally)."""
    honors = mask & HONOR_MASK
    voided = (not mask & _SUIT_0) + (not mask & _SUIT_1) + (not mask & _SUIT_2)
    if not honors:
        out.append(Fan.NO_HONORS)
    if voided == 1:
        out.append(Fan.ONE_VOIDED_SUIT)
    elif voided == 2:
        out.append(Fan.HALF_FLUSH if honors else Fan.FULL_FLUSH)
    elif voided == 0 and mask & WIND_MASK and mask & DRAGON_MASK:
        out.append(Fan.ALL_TYPES)
    return out


_SUIT_0, _SUIT_1, _SUIT_2 = SUIT_MASKS


def tile_trait_fans(mask: int, tally: Tally, *, combines: bool = True) -> None:
    """断幺, 推不倒, 绿一色, 字一色, 清幺九, 混幺九."""
    for fan in _tile_trait_fans(mask, [], combines):
        tally.flag(fan)


def _tile_trait_fans(mask: int, out: list[Fan], combines: bool) -> list[Fan]:
    """``tile_trait_fans`` appended to ``out``."""
    simples = not mask & TERMINAL_OR_HONOR_MASK
    if simples:
        out.append(Fan.ALL_SIMPLES)
    if not mask & ~REVERSIBLE_MASK:
        out.append(Fan.REVERSIBLE_TILES)
    if not combines:
        return out
    if not mask & ~GREEN_MASK:
        out.append(Fan.ALL_GREEN)
    if simples:
        return out
    if not mask & ~HONOR_MASK:
        out.append(Fan.ALL_HONORS)
    elif not mask & ~TERMINAL_MASK:
        out.append(Fan.ALL_TERMINALS)
    elif not mask & ~TERMINAL_OR_HONOR_MASK:
        out.append(Fan.ALL_TERMINALS_AND_HONORS)
    return out


_LOWER_TILES, _LOWER_FOUR = _ranks_mask(1, 2, 3), _ranks_mask(1, 2, 3, 4)
_UPPER_TILES, _UPPER_FOUR = _ranks_mask(7, 8, 9), _ranks_mask(6, 7, 8, 9)
_MIDDLE_TILES: Final = _ranks_mask(4, 5, 6)


def rank_range_fans(mask: int, tally: Tally) -> None:
    """全大, 全中, 全小, 大于五, 小于五."""
    for fan in _rank_range_fans(mask, []):
        tally.flag(fan)


def _rank_range_fans(mask: int, out: list[Fan]) -> list[Fan]:
    """``rank_range_fans`` appended to ``out``."""
    if not mask & ~_LOWER_TILES:
        out.append(Fan.LOWER_TILES)
    elif not mask & ~_LOWER_FOUR:
        out.append(Fan.LOWER_FOUR)
    elif not mask & ~_UPPER_TILES:
        out.append(Fan.UPPER_TILES)
    elif not mask & ~_UPPER_FOUR:
        out.append(Fan.UPPER_FOUR)
    elif not mask & ~_MIDDLE_TILES:
        out.append(Fan.MIDDLE_TILES)
    return out


#: Each rank-range fan with the kinds it allows, each on its own (``rank_range_fans``
#: stops at the first that holds: 全小 before 小于五), for the excluded fans.
RANK_RANGES: Final[tuple[tuple[Fan, int], ...]] = (
    (Fan.LOWER_TILES, _LOWER_TILES),
    (Fan.LOWER_FOUR, _LOWER_FOUR),
    (Fan.UPPER_TILES, _UPPER_TILES),
    (Fan.UPPER_FOUR, _UPPER_FOUR),
    (Fan.MIDDLE_TILES, _MIDDLE_TILES),
)


def tile_set_fans(mask: int) -> tuple[Fan, ...]:
    """The fans that depend only on which kinds the hand holds (suits, traits, ranks).

    They read a few traits of the mask (``tile_set_key``), which take far fewer values
    than the masks themselves: cached by those.
    """
    key = tile_set_key(mask)
    got = _TILE_SET.get(key)
    if got is None:
        got = _TILE_SET[key] = _tile_set_fans(mask)
    return got


def _tile_set_fans(mask: int) -> tuple[Fan, ...]:
    return tuple(_rank_range_fans(mask, _tile_trait_fans(mask, _suit_fans(mask, []), True)))


# Every mask test of _suit_fans, _tile_trait_fans and _rank_range_fans is either "the hand
# holds some kind of X" (X: a suit, the winds, the dragons, a terminal or honour) or "every
# kind the hand holds is an X" (X: honours, terminals, terminals and honours, green,
# reversible, a rank range).  Per group (a suit's 9 kinds, the 7 honours) both are one
# table look-up; over the hand, "some" is an or and "every" an and.
_SOME: Final = (
    SUIT_MASKS[0],
    SUIT_MASKS[1],
    SUIT_MASKS[2],
    WIND_MASK,
    DRAGON_MASK,
    TERMINAL_OR_HONOR_MASK,
)
_EVERY: Final = (
    HONOR_MASK,
    TERMINAL_MASK,
    TERMINAL_OR_HONOR_MASK,
    GREEN_MASK,
    REVERSIBLE_MASK,
    _LOWER_TILES,
    _LOWER_FOUR,
    _UPPER_TILES,
    _UPPER_FOUR,
    _MIDDLE_TILES,
)
_EVERY_BITS: Final = ((1 << len(_EVERY)) - 1) << len(_SOME)


def _traits_table(shift: int, size: int) -> tuple[int, ...]:
    """For each mask of one group (``size`` kinds from kind ``shift``), its traits: bit i
    for "some kind is ``_SOME[i]``", bit len(_SOME) + j for "every kind is ``_EVERY[j]``"."""
    table = []
    for sub in range(1 << size):
        m = sub << shift
        some = sum(1 << i for i, x in enumerate(_SOME) if m & x)
        every = sum(1 << (len(_SOME) + j) for j, x in enumerate(_EVERY) if not m & ~x)
        table.append(some | every)
    return tuple(table)


_TRAITS_0: Final = _traits_table(0, SUIT_SIZE)
_TRAITS_1: Final = _traits_table(SUIT_SIZE, SUIT_SIZE)
_TRAITS_2: Final = _traits_table(2 * SUIT_SIZE, SUIT_SIZE)
_TRAITS_3: Final = _traits_table(FIRST_HONOR, NUM_KINDS - FIRST_HONOR)
_GROUP: Final = (1 << SUIT_SIZE) - 1


def tile_set_key(mask: int) -> int:
    """The traits of a mask of kinds that ``tile_set_fans`` reads, as one int."""
    a = _TRAITS_0[mask & _GROUP]
    b = _TRAITS_1[(mask >> SUIT_SIZE) & _GROUP]
    c = _TRAITS_2[(mask >> (2 * SUIT_SIZE)) & _GROUP]
    d = _TRAITS_3[mask >> FIRST_HONOR]
    return (a | b | c | d) & ~_EVERY_BITS | (a & b & c & d & _EVERY_BITS)


# tile_set_fans by tile_set_key: at most 2**16 keys, far fewer in fact (a few hundred
# after 40,000 random hands), ~100 B each.
_TILE_SET: Final[dict[int, tuple[Fan, ...]]] = {}


def tile_hog_fans(s: Situation, kong_count: int, tally: Tally) -> None:
    """四归一: a kind whose four copies are all used, not as a kong."""
    for _ in range(s.hogs - kong_count):
        tally.add(Fan.TILE_HOG)


def wind_pung_fans(s: Situation, packs: list[Set], tally: Tally) -> None:
    """圈风刻 and 门风刻, counted after the exclusions like the rule book's examples."""
    for i, p in enumerate(packs):
        if p.kind == PUNG and EAST <= p.tile < FIRST_DRAGON:
            wind = p.tile - EAST
            if wind == s.prevalent:
                tally.add(Fan.PREVALENT_WIND, (i,))
            if wind == s.seat:
                tally.add(Fan.SEAT_WIND, (i,))


def concealed_shape_fans(s: Situation, tally: Tally, *, single_wait: bool = False) -> None:
    """The fans a fully concealed special shape implies (门前清 or 不求人, 单钓将).

    The shape excludes them; they are recorded so the result can say so.
    """
    tally.flag(Fan.FULLY_CONCEALED_HAND if s.self_drawn else Fan.CONCEALED_HAND)
    if single_wait:
        tally.flag(Fan.SINGLE_WAIT)
