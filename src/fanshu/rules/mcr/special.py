"""Fans of the special shapes: 七对, 连七对, 全不靠, 七星不靠, 十三幺, 九莲宝灯 and
组合龙 + a set + a pair."""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter

from fanshu.rules.mcr.fans import Fan
from fanshu.rules.mcr.hand_fans import (
    concealed_shape_fans,
    rank_range_fans,
    suit_fans,
    tile_hog_fans,
    tile_set_fans,
    tile_trait_fans,
    win_flag_fans,
    wind_pung_fans,
)
from fanshu.rules.mcr.regular import wait_fans
from fanshu.rules.mcr.situation import Situation
from fanshu.rules.mcr.tally import Tally
from fanshu.sets import CHOW, PUNG
from fanshu.shapes import KNITTED_STRAIGHTS, THIRTEEN_ORPHANS_KINDS, decompose, regular_waits
from fanshu.tiles import (
    FIRST_HONOR,
    RANK_OF,
    SUIT_OF,
    TERMINAL,
    is_dragon,
    is_numbered,
    is_wind,
)

_FULLY_CONCEALED = (Fan.FULLY_CONCEALED_HAND,)


def _self_drawn_special(s: Situation) -> tuple[Fan, ...]:
    """The fans 九莲宝灯, 连七对 and 十三幺 may not exclude: 不求人 under seed 003's
    reading (option ``special_hands_fully_concealed``: 自摸加计不求人), none by default."""
    return _FULLY_CONCEALED if s.options.special_hands_fully_concealed else ()


_ODD = (1).__and__  # n & 1: is n odd


def seven_pairs_fans(s: Situation) -> Tally | None:
    """七对 and 连七对."""
    if s.melds or len(s.kinds) > 7 or any(map(_ODD, s.standing)):
        return None
    tally = Tally()
    concealed_shape_fans(s, tally, single_wait=True)
    suit = SUIT_OF[s.win]
    if suit < 3:
        base = suit * 9
        run = [s.standing[base + r] == 2 for r in range(9)]
        if any(all(run[start : start + 7]) for start in range(3)):
            tally.flag(Fan.SEVEN_SHIFTED_PAIRS)
            tally.flag(Fan.SEVEN_PAIRS)
            tally.spared = _self_drawn_special(s)
            for fan in tile_set_fans(s.mask):
                tally.flag(fan)
            win_flag_fans(s, tally)
            tally.apply_exclusions()
            return tally
    tally.flag(Fan.SEVEN_PAIRS)
    combines = s.options.seven_pairs_combines
    suit_fans(s.mask, tally)
    tile_trait_fans(s.mask, tally, combines=combines)
    if combines:
        rank_range_fans(s.mask, tally)
    if s.options.seven_pairs_tile_hog:
        tile_hog_fans(s, 0, tally)
    win_flag_fans(s, tally)
    tally.apply_exclusions()
    return tally


def honors_knitted_fans(s: Situation) -> Tally | None:
    """全不靠 (with 组合龙 when all nine knitted tiles are there) and 七星不靠."""
    if s.melds or len(s.kinds) != 14:
        return None
    numbered = [t for t in s.kinds if t < FIRST_HONOR]
    if not 7 <= len(numbered) <= 9:
        return None
    if not any(set(numbered) <= set(seq) for seq in KNITTED_STRAIGHTS):
        return None
    # The 2006 text lets 全不靠 combine with 五门齐, which it otherwise implies.
    spared = (Fan.ALL_TYPES,) if s.options.honors_knitted_all_types else ()
    tally = Tally(spared=spared)
    concealed_shape_fans(s, tally)
    for fan in tile_set_fans(s.mask):
        tally.flag(fan)
    if len(numbered) == 7:
        tally.flag(Fan.GREATER_HONORS_AND_KNITTED_TILES)
    tally.flag(Fan.LESSER_HONORS_AND_KNITTED_TILES)
    if len(numbered) == 9:
        tally.flag(Fan.KNITTED_STRAIGHT)
    win_flag_fans(s, tally)
    tally.apply_exclusions()
    return tally


def thirteen_orphans_fans(s: Situation) -> Tally | None:
    if s.melds or tuple(s.kinds) != THIRTEEN_ORPHANS_KINDS:
        return None
    tally = Tally(spared=_self_drawn_special(s))
    concealed_shape_fans(s, tally)
    for fan in tile_set_fans(s.mask):
        tally.flag(fan)
    tally.flag(Fan.THIRTEEN_ORPHANS)
    win_flag_fans(s, tally)
    tally.apply_exclusions()
    return tally


# What 九莲宝灯 always contains besides itself, by the rank of the winning tile: the
# decomposition 1112345678999+X is fixed, so these follow from X alone.
NINE_GATES_EXTRAS: dict[int, tuple[Fan, ...]] = {
    1: (Fan.PURE_STRAIGHT, Fan.TILE_HOG),
    9: (Fan.PURE_STRAIGHT, Fan.TILE_HOG),
    2: (Fan.TWO_CONCEALED_PUNGS, Fan.SHORT_STRAIGHT, Fan.PUNG_OF_TERMINALS_OR_HONORS),
    8: (Fan.TWO_CONCEALED_PUNGS, Fan.SHORT_STRAIGHT, Fan.PUNG_OF_TERMINALS_OR_HONORS),
    5: (Fan.TWO_CONCEALED_PUNGS, Fan.PUNG_OF_TERMINALS_OR_HONORS),
    3: (Fan.SHORT_STRAIGHT,),
    4: (Fan.SHORT_STRAIGHT,),
    6: (Fan.SHORT_STRAIGHT,),
    7: (Fan.SHORT_STRAIGHT,),
}


def nine_gates_fans(s: Situation) -> Tally | None:
    """九莲宝灯: 1112345678999 of one suit, fully concealed, winning on any tile of it."""
    if s.melds or s.win >= FIRST_HONOR:
        return None
    base = SUIT_OF[s.win] * 9
    r = RANK_OF[s.win]
    gates = [3, 1, 1, 1, 1, 1, 1, 1, 3]
    gates[r - 1] += 1
    if s.standing[base : base + 9] != gates:
        return None
    tally = Tally(spared=_self_drawn_special(s))
    tally.flag(Fan.NINE_GATES)
    concealed_shape_fans(s, tally)
    for fan in tile_set_fans(s.mask):
        tally.flag(fan)
    win_flag_fans(s, tally)
    tally.apply_exclusions()
    # Added after the exclusions: the one 幺九刻 counted here is not the gates' own.
    for fan in NINE_GATES_EXTRAS[r]:
        tally.flag(fan)
    return tally


_KNITTED_GETTERS = tuple((q, itemgetter(*q)) for q in KNITTED_STRAIGHTS)


def knitted_straight_fans(s: Situation) -> Tally | None:
    """组合龙 + one set + a pair (at most one meld, which is then the set)."""
    if len(s.melds) > 1:
        return None
    if len(s.kinds) < 9:
        return None
    seq = next((q for q, held in _KNITTED_GETTERS if 0 not in held(s.standing)), None)
    if seq is None:
        return None
    rest = list(s.standing)
    for t in seq:
        rest[t] -= 1
    divisions = decompose(rest)
    if s.melds:
        divisions = [d for d in divisions if len(d) == 1]
        fourth = s.melds[0]
    else:
        divisions = [d for d in divisions if len(d) == 2]
    if len(divisions) != 1:
        return None
    division = divisions[0]
    if not s.melds:
        fourth = division[0]
    pair_tile = division[-1].tile
    tally = Tally()
    tally.flag(Fan.KNITTED_STRAIGHT)
    total = s.held
    if fourth.kind == CHOW:
        if pair_tile < FIRST_HONOR:
            tally.flag(Fan.ALL_CHOWS)
        if total[pair_tile] == 4:
            tally.flag(Fan.TILE_HOG)
    else:
        t = fourth.tile
        if is_wind(t):
            tally.add(Fan.PUNG_OF_TERMINALS_OR_HONORS, (0,))
            if is_dragon(pair_tile):
                tally.flag(Fan.ALL_TYPES)
        elif is_dragon(t):
            tally.add(Fan.DRAGON_PUNG, (0,))
            if is_wind(pair_tile):
                tally.flag(Fan.ALL_TYPES)
        else:
            if TERMINAL[t]:
                tally.add(Fan.PUNG_OF_TERMINALS_OR_HONORS, (0,))
            if is_numbered(pair_tile):
                tally.flag(Fan.NO_HONORS)
            if not fourth.kong and total[t] == 4:
                tally.flag(Fan.TILE_HOG)
    win_flag_fans(s, tally)
    if fourth.declared and not fourth.concealed:
        if fourth.kong:
            tally.flag(Fan.MELDED_KONG)
    else:
        if fourth.kong:
            tally.flag(Fan.CONCEALED_KONG)
        tally.flag(Fan.FULLY_CONCEALED_HAND if s.self_drawn else Fan.CONCEALED_HAND)
    in_body = s.win in seq
    if not s.melds:
        # With the winning tile only in the body, the four tiles beside it were complete
        # already: no single wait among them.
        if (
            (s.options.knitted_straight_waits or not in_body)
            and rest[s.win]
            and is_unique_wait_knitted(rest, s.win)
        ):
            wait_fans(list(division), s.win, tally)
    elif not in_body or (s.options.knitted_straight_waits and s.standing[s.win] == 3):
        tally.flag(Fan.SINGLE_WAIT)
    if fourth.kind == PUNG and is_wind(fourth.tile):
        wind_pung_fans(s, [fourth], tally)
    tally.apply_exclusions()
    return tally


def is_unique_wait_knitted(rest: list[int], win: int) -> bool:
    """The wait of the 4 tiles beside a knitted straight (set + pair, minus the winner)."""
    before = list(rest)
    before[win] -= 1
    return len(regular_waits(before)) == 1


SPECIAL_SHAPES: tuple[tuple[str, Callable[[Situation], Tally | None]], ...] = (
    ("seven_pairs", seven_pairs_fans),
    ("honors_knitted", honors_knitted_fans),
    ("thirteen_orphans", thirteen_orphans_fans),
    ("knitted_straight", knitted_straight_fans),
    ("nine_gates", nine_gates_fans),
)
