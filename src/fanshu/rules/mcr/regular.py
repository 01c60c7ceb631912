"""Fans of the regular shape: four sets and a pair, one decomposition at a time."""

from __future__ import annotations

from typing import Final

from fanshu.rules.mcr.combinations import chow_fans, pung_fans
from fanshu.rules.mcr.fans import Fan
from fanshu.rules.mcr.hand_fans import (
    WIND_MASK,
    tile_hog_fans,
    tile_set_fans,
    tile_set_key,
    win_flag_fans,
    wind_pung_fans,
)
from fanshu.rules.mcr.situation import Situation
from fanshu.rules.mcr.tally import Found, Tally
from fanshu.sets import CHOW, PAIR, PUNG, Set
from fanshu.shapes import seven_pairs_wait, waits_on_win_only
from fanshu.tiles import (
    FIRST_DRAGON,
    FIRST_HONOR,
    NUM_KINDS,
    RANK_OF,
    SUIT_OF,
    TERMINAL_OR_HONOR,
)


def regular_fans(s: Situation, packs: list[Set]) -> Tally:
    tables = s.tables
    tally = Tally(tables.extra, (), hand_wide_fans(s), tables.lifted, tables.exclusions)
    win = s.win
    # one pass over the sets: chows and pungs as (tile, index), the concealed pungs,
    # the traits every set shares (全带幺 …), whether a concealed chow holds the winning
    # tile and whether the hand may have waited on it alone (in a chow or as the pair)
    chows: list[tuple[int, int]] = []
    pungs: list[tuple[int, int]] = []
    concealed_pungs: list[int] = []
    shared = _OUTSIDE | _FIVE | _EVEN
    win_in_chow = False
    add = tally.add
    for i, p in enumerate(packs):
        tile = p.tile
        if p.kind == CHOW:
            chows.append((tile, i))
            shared &= _CHOW_TRAITS[tile]
            if tile <= win <= tile + 2 and not p.declared:
                win_in_chow = True
            continue
        shared &= _PUNG_TRAITS[tile]
        if p.kind != PUNG:
            continue  # the pair
        pungs.append((tile, i))
        if p.concealed and not p.kong:
            concealed_pungs.append(i)
        if tile >= FIRST_DRAGON:
            add(Fan.DRAGON_PUNG, (i,))
        elif TERMINAL_OR_HONOR[tile]:
            add(Fan.PUNG_OF_TERMINALS_OR_HONORS, (i,))
    pair = packs[-1]
    if concealed_pungs and not s.self_drawn and not win_in_chow:
        # a pung completed by a discard is melded (see concealed_pungs_of)
        concealed_pungs = [i for i in concealed_pungs if packs[i].tile != win or packs[i].declared]

    if s.kongs:
        kong_fans(packs, concealed_pungs, s.kongs, tally)
    elif len(concealed_pungs) > 1:  # no kong (most hands): the concealed pungs alone
        add(CONCEALED_PUNGS_FAN[len(concealed_pungs)], tuple(concealed_pungs))
    if len(pungs) == 4:
        tally.flag(Fan.ALL_PUNGS)

    if len(chows) == 4 and terminal_chows_fans(chows, pair, tally):
        pass
    else:
        # Fewer than two chows (pungs) combine into nothing: skip the look-up.
        if len(chows) > 1:
            for fan, sets in chow_fans(chows):
                add(fan, sets)
        if len(pungs) > 1:
            for fan, sets in pung_fans(pungs):
                add(fan, sets)

    pair_fans(chows, pair, len(packs) - 1, tally)
    if shared:  # pack_trait_fans
        if shared & _OUTSIDE:
            tally.flag(Fan.OUTSIDE_HAND)
        elif shared & _FIVE:
            tally.flag(Fan.ALL_FIVE)
        else:
            tally.flag(Fan.ALL_EVEN_PUNGS)
    if (win_in_chow or pair.tile == win) and unique_wait(s):
        wait_fans(packs, win, tally)
    if s.mask & WIND_MASK and Fan.BIG_FOUR_WINDS not in tally:
        wind_pung_fans(s, packs, tally)
    tally.apply_exclusions()
    if not tally.found:
        tally.flag(Fan.CHICKEN_HAND)
    return tally


def concealed_pungs_of(
    s: Situation, packs: list[Set], chows: list[tuple[int, int]], pungs: list[tuple[int, int]]
) -> list[int]:
    """The concealed pungs (not kongs) of a reading, by pack index.

    A pung completed by a discard is melded, unless the winning tile can be read inside a
    concealed chow instead.
    """
    win = s.win
    concealed = [i for t, i in pungs if packs[i].concealed and not packs[i].kong]
    if not s.self_drawn and not any(not packs[i].declared and t <= win <= t + 2 for t, i in chows):
        concealed = [i for i in concealed if packs[i].tile != win or packs[i].declared]
    return concealed


def split_packs(packs: list[Set]) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """The chows and the pungs (kongs too) of a reading as ``(tile, index)``."""
    return _split(packs)


def hand_wide_fans(s: Situation) -> Found:
    """The fans of the regular shape that do not depend on the reading: win flags,
    门前清 and the like, the fans of the kinds held (清一色, 断幺 …), 四归一.

    They depend on a few flags and counts and on the tile-set fans only, so they are
    kept by those: most hands find them ready, whatever their tiles.
    """
    if s.hand_wide is not None:
        return s.hand_wide  # another reading of this hand found them
    key = (
        tile_set_key(s.mask),
        s.self_drawn,
        s.last_tile,
        s.wall_last,
        s.kong,
        s.claimed,
        s.hogs - s.kongs,
    )
    found = _HAND_WIDE.get(key)
    if found is None:
        tally = Tally()
        win_flag_fans(s, tally)
        concealment_fans(s, tally)
        for fan in tile_set_fans(s.mask):
            tally.flag(fan)
        tile_hog_fans(s, s.kongs, tally)
        found = _HAND_WIDE[key] = tally.frozen()
    s.hand_wide = found
    return found


# hand_wide_fans by its inputs: bounded by their few combinations (tile_set_key takes few
# values): 1,966 keys and ~0.36 MiB after 40,000 random hands (tracemalloc).
_HAND_WIDE: Final[dict[tuple[int | bool, ...], Found]] = {}


def _split(packs: list[Set]) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """The chows and the pungs (kongs too) as ``(tile, index)``, in pack order."""
    chows: list[tuple[int, int]] = []
    pungs: list[tuple[int, int]] = []
    for i, p in enumerate(packs):
        if p.kind == CHOW:
            chows.append((p.tile, i))
        elif p.kind == PUNG:
            pungs.append((p.tile, i))
    return chows, pungs


def kong_fans(packs: list[Set], concealed_pungs: list[int], kong_count: int, tally: Tally) -> None:
    """四杠 … 明杠 by how many kongs are melded or concealed; 双暗刻 … 四暗刻.

    ``kong_count`` is the number of declared kongs (only melds can be kongs); without
    one, ``regular_fans`` counts the concealed pungs itself.
    """
    kongs = [i for i, p in enumerate(packs) if p.kong]
    hidden = [i for i in kongs if packs[i].concealed]
    k = tuple(kongs)
    if len(kongs) == 4:
        tally.add(Fan.FOUR_KONGS, k)
    elif len(kongs) == 3:
        tally.add(Fan.THREE_KONGS, k)
    elif len(kongs) == 2:
        fan = (Fan.TWO_MELDED_KONGS, Fan.CONCEALED_KONG_AND_MELDED_KONG, Fan.TWO_CONCEALED_KONGS)
        tally.add(fan[len(hidden)], k)
    elif len(kongs) == 1:
        tally.add(Fan.CONCEALED_KONG if hidden else Fan.MELDED_KONG, k)
    concealed = tuple(sorted(concealed_pungs + hidden))
    if len(concealed) >= 2:
        tally.add(CONCEALED_PUNGS_FAN[len(concealed)], concealed)


CONCEALED_PUNGS_FAN: Final = {
    2: Fan.TWO_CONCEALED_PUNGS,
    3: Fan.THREE_CONCEALED_PUNGS,
    4: Fan.FOUR_CONCEALED_PUNGS,
}


def terminal_chows_fans(chows: list[tuple[int, int]], pair: Set, tally: Tally) -> bool:
    """一色双龙会 and 三色双龙会: 123 and 789 chows around a pair of 5s."""
    if pair.tile >= FIRST_HONOR or RANK_OF[pair.tile] != 5:
        return False
    ranks = sorted(RANK_OF[t] for t, _ in chows)
    if ranks != [1, 1, 7, 7]:
        return False
    suits = [SUIT_OF[t] for t, _ in sorted(chows)]
    idx = tuple(i for _, i in chows)
    pair_suit = SUIT_OF[pair.tile]
    if all(s == pair_suit for s in suits):
        tally.add(Fan.PURE_TERMINAL_CHOWS, idx)
        return True
    low = {SUIT_OF[t] for t, _ in chows if RANK_OF[t] == 1}
    high = {SUIT_OF[t] for t, _ in chows if RANK_OF[t] == 7}
    others = {0, 1, 2} - {pair_suit}
    if pair_suit not in suits and low == others and high == others:
        tally.add(Fan.THREE_SUITED_TERMINAL_CHOWS, idx)
        return True
    return False


def concealment_fans(s: Situation, tally: Tally) -> None:
    """门前清, 不求人, 全求人 (and 自摸 with four melds)."""
    if s.claimed == 0:
        tally.flag(Fan.FULLY_CONCEALED_HAND if s.self_drawn else Fan.CONCEALED_HAND)
    elif s.claimed == 4 and not s.self_drawn:
        tally.flag(Fan.MELDED_HAND)


def pair_fans(chows: list[tuple[int, int]], pair: Set, pair_index: int, tally: Tally) -> None:
    """平和, 小三元, 小四喜: fans that need a particular pair."""
    if len(chows) == 4:
        if pair.tile < FIRST_HONOR:
            tally.flag(Fan.ALL_CHOWS)
        return
    if Fan.TWO_DRAGONS_PUNGS in tally:
        if pair.tile >= FIRST_DRAGON:
            sets = tally.found[Fan.TWO_DRAGONS_PUNGS][0] + (pair_index,)
            tally.add(Fan.LITTLE_THREE_DRAGONS, sets)
        return
    if Fan.BIG_THREE_WINDS in tally and FIRST_HONOR <= pair.tile < FIRST_DRAGON:
        sets = tally.found[Fan.BIG_THREE_WINDS][0] + (pair_index,)
        tally.add(Fan.LITTLE_FOUR_WINDS, sets)


def pack_trait_fans(packs: list[Set], tally: Tally) -> None:
    """全带幺, 全带五, 全双刻: every set (and the pair) shares a trait."""
    shared = _OUTSIDE | _FIVE | _EVEN
    for p in packs:
        shared &= (_CHOW_TRAITS if p.kind == CHOW else _PUNG_TRAITS)[p.tile]
    if shared & _OUTSIDE:
        tally.flag(Fan.OUTSIDE_HAND)
    elif shared & _FIVE:
        tally.flag(Fan.ALL_FIVE)
    elif shared & _EVEN:
        tally.flag(Fan.ALL_EVEN_PUNGS)


_OUTSIDE, _FIVE, _EVEN = 1, 2, 4


def _traits(t: int, chow: bool) -> int:
    """The traits of pack_trait_fans a set holds: has a terminal or honour, has a 5, is
    an even pung or pair (a chow's tile is its lowest)."""
    if t >= FIRST_HONOR:
        return _OUTSIDE
    r = RANK_OF[t]
    if chow:
        return _OUTSIDE * (r in (1, 7)) | _FIVE * (r in (3, 4, 5))
    return _OUTSIDE * (r in (1, 9)) | _FIVE * (r == 5) | _EVEN * (r % 2 == 0)


_CHOW_TRAITS: Final = tuple(_traits(t, True) for t in range(NUM_KINDS))
_PUNG_TRAITS: Final = tuple(_traits(t, False) for t in range(NUM_KINDS))


def wait_fans(packs: list[Set], win: int, tally: Tally) -> None:
    """边张, 嵌张, 单钓将 for a hand that waits on one tile kind only."""
    edge = closed = single = False
    for p in packs:
        if p.declared:
            continue
        if p.kind == CHOW:
            if p.tile + 1 == win:
                closed = True
            elif win in (p.tile, p.tile + 2):
                edge = True
        elif p.kind == PAIR and p.tile == win:
            single = True
    if edge:
        tally.flag(Fan.EDGE_WAIT)
    elif closed:
        tally.flag(Fan.CLOSED_WAIT)
    elif single:
        tally.flag(Fan.SINGLE_WAIT)


def unique_wait(s: Situation) -> bool:
    """``is_unique_wait``, worked out once a hand (only some readings need it)."""
    unique = s.unique_wait
    if unique is None:
        unique = s.unique_wait = is_unique_wait(s)
    return unique


def is_unique_wait(s: Situation) -> bool:
    """Does the hand before the winning tile wait on exactly one kind?

    Only called for a hand that some reading completes as four sets and a pair, so the
    winning tile is a wait already: the question is whether any other kind is one.
    """
    if not waits_on_win_only(s.standing, s.win):
        return False
    # A concealed hand may also wait for 七对 on another kind: that takes six pairs
    # before the winning tile, so at most seven kinds in the hand.
    if s.melds or len(s.kinds) > 7:
        return True
    before = list(s.standing)
    before[s.win] -= 1
    return seven_pairs_wait(before) in (None, s.win)
