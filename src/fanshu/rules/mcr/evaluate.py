"""Scoring a hand under the Chinese Official rules.

The hand is decomposed once into every legal shape.  Each shape yields fan instances
(a fan and the sets that form it) from small named predicates; the exclusions of the
fan table (``fans.py``) are then applied as data, highest fan first (不重复).  Every
decomposition is scored and the highest total taken (就高不就低).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from operator import itemgetter
from typing import NamedTuple

from fanshu.hand import Hand, MeldKind
from fanshu.rules.mcr.combinations import Instance, chow_fans, pung_fans
from fanshu.rules.mcr.fans import EXCLUSION_ORDER, FANS, Fan
from fanshu.rules.mcr.options import McrOptions
from fanshu.rules.mcr.result import ExcludedFan, FanEntry, McrResult
from fanshu.shapes import CHOW, PAIR, PUNG, decompose, regular_waits, seven_pairs_wait
from fanshu.tiles import GREEN, RANK_OF, REVERSIBLE, SUIT_OF, TERMINAL, TERMINAL_OR_HONOR, Tile

THIRTEEN_ORPHANS_KINDS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
# The six knitted straights: 147 258 369 spread over the three suits.
KNITTED_STRAIGHTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(s * 9 + r for s, start in zip(suits, (0, 1, 2), strict=True) for r in range(start, 9, 3))
    for suits in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (2, 0, 1), (1, 2, 0), (2, 1, 0))
)


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
    melds: list[Pack]
    self_drawn: bool
    last_tile: bool
    kong: bool
    wall_last: bool
    seat: int
    prevalent: int


class Tally:
    """Fan instances found for one shape, then reduced by the exclusion table."""

    __slots__ = ("excluded", "extra", "found", "spared")

    def __init__(
        self, extra: dict[Fan, tuple[Fan, ...]] | None = None, spared: tuple[Fan, ...] = ()
    ) -> None:
        self.found: dict[Fan, list[tuple[int, ...]]] = {}
        self.excluded: list[ExcludedFan] = []
        self.extra = extra or {}  # exclusions that options add to the table
        self.spared = spared  # fans that options keep from being excluded

    def add(self, fan: Fan, sets: tuple[int, ...] = ()) -> None:
        self.found.setdefault(fan, []).append(sets)

    def flag(self, fan: Fan) -> None:
        """A whole-hand fan: counted once however often it is found."""
        self.found.setdefault(fan, [()])

    def drop(self, fan: Fan) -> None:
        self.found.pop(fan, None)

    def __contains__(self, fan: Fan) -> bool:
        return fan in self.found

    def apply_exclusions(self) -> None:
        """不重复: each counted fan, highest first, removes the fans it implies."""
        found = self.found
        for fan in sorted(found, key=ORDER.__getitem__):
            if fan not in found:
                continue
            spec = FANS[fan]
            excludes = spec.excludes + self.extra[fan] if fan in self.extra else spec.excludes
            for other in excludes:
                if other in found and other not in self.spared:
                    del found[other]
                    self.excluded.append(ExcludedFan(other, fan))
            if spec.excludes_own_sets:
                own = {i for sets in found[fan] for i in sets}
                for other in spec.excludes_own_sets:
                    if other not in found:
                        continue
                    keep = [s for s in found[other] if not set(s) <= own]
                    if len(keep) < len(found[other]):
                        self.excluded.append(ExcludedFan(other, fan))
                        if keep:
                            found[other] = keep
                        else:
                            del found[other]

    def total(self, options: McrOptions) -> int:
        return sum(fan_value(f, options) * len(v) for f, v in self.found.items())


ORDER: dict[Fan, int] = {fan: i for i, fan in enumerate(EXCLUSION_ORDER)}


def fan_value(fan: Fan, options: McrOptions) -> int:
    if fan is Fan.CONCEALED_KONG_AND_MELDED_KONG:
        return options.concealed_and_melded_kong
    if fan is Fan.TWO_CONCEALED_KONGS:
        return options.two_concealed_kongs
    return FANS[fan].value


# -- situation ---------------------------------------------------------------------


def _meld_pack(kind: MeldKind, tile: int) -> Pack:
    if kind is MeldKind.CHOW:
        return Pack(CHOW, tile, False, declared=True)
    if kind is MeldKind.PUNG:
        return Pack(PUNG, tile, False, declared=True)
    return Pack(PUNG, tile, kind is MeldKind.CONCEALED_KONG, kong=True, declared=True)


def situation(hand: Hand, options: McrOptions) -> Situation:
    assert hand.winning_tile is not None
    win = int(hand.winning_tile)
    standing = [0] * 34
    for t in hand.concealed:
        standing[t] += 1
    standing[win] += 1
    fixed = [0] * 34
    melds = []
    for m in hand.melds:
        for t in m.tiles:
            fixed[t] += 1
        melds.append(_meld_pack(m.kind, int(m.tile)))
    ctx = hand.context
    kinds = tuple(t for t in range(34) if standing[t] or fixed[t])
    hogs = sum(1 for t in kinds if standing[t] + fixed[t] == 4)
    # 和绝张 is also certain when your own melds show the other three copies.
    last_tile = (ctx.fourth_tile and standing[win] == 1) or fixed[win] == 3
    kong = ctx.kong and (
        any(p.kong for p in melds) if ctx.self_drawn else (fixed[win] == 0 and standing[win] == 1)
    )
    return Situation(
        hand, options, win, standing, fixed, kinds, kinds_mask(kinds), hogs, melds,
        ctx.self_drawn, last_tile, kong, ctx.wall_last,
        int(ctx.seat_wind) - 27, int(ctx.prevalent_wind) - 27,
    )  # fmt: skip


# -- predicates shared by several shapes ---------------------------------------------


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
    return sum(1 << t for t in range(34) if pred(t))


# Kinds of tiles as bit masks (bit t = kind t), so whole-hand tests are a few int ops.
SUIT_MASKS = tuple(sum(1 << t for t in range(g * 9, g * 9 + 9)) for g in range(3))
HONOR_MASK = _mask(lambda t: t >= 27)
WIND_MASK = _mask(lambda t: 27 <= t < 31)
DRAGON_MASK = _mask(lambda t: t >= 31)
TERMINAL_MASK = _mask(lambda t: TERMINAL[t])
TERMINAL_OR_HONOR_MASK = _mask(lambda t: TERMINAL_OR_HONOR[t])
GREEN_MASK = _mask(lambda t: GREEN[t])
REVERSIBLE_MASK = _mask(lambda t: REVERSIBLE[t])


def _ranks_mask(*ranks: int) -> int:
    return _mask(lambda t: t < 27 and RANK_OF[t] in ranks)


def kinds_mask(kinds: Sequence[int]) -> int:
    """The bit mask of a set of tile kinds."""
    m = 0
    for t in kinds:
        m |= 1 << t
    return m


def suit_fans(mask: int, tally: Tally) -> None:
    """无字, 缺一门, 混一色, 清一色, 五门齐."""
    honors = bool(mask & HONOR_MASK)
    voided = sum(1 for m in SUIT_MASKS if not mask & m)
    if not honors:
        tally.flag(Fan.NO_HONORS)
    if voided == 1:
        tally.flag(Fan.ONE_VOIDED_SUIT)
    elif voided == 2:
        tally.flag(Fan.HALF_FLUSH if honors else Fan.FULL_FLUSH)
    elif voided == 0 and mask & WIND_MASK and mask & DRAGON_MASK:
        tally.flag(Fan.ALL_TYPES)


def tile_trait_fans(mask: int, tally: Tally, *, combines: bool = True) -> None:
    """断幺, 推不倒, 绿一色, 字一色, 清幺九, 混幺九."""
    simples = not mask & TERMINAL_OR_HONOR_MASK
    if simples:
        tally.flag(Fan.ALL_SIMPLES)
    if not mask & ~REVERSIBLE_MASK:
        tally.flag(Fan.REVERSIBLE_TILES)
    if not combines:
        return
    if not mask & ~GREEN_MASK:
        tally.flag(Fan.ALL_GREEN)
    if simples:
        return
    if not mask & ~HONOR_MASK:
        tally.flag(Fan.ALL_HONORS)
    elif not mask & ~TERMINAL_MASK:
        tally.flag(Fan.ALL_TERMINALS)
    elif not mask & ~TERMINAL_OR_HONOR_MASK:
        tally.flag(Fan.ALL_TERMINALS_AND_HONORS)


_LOWER_TILES, _LOWER_FOUR = _ranks_mask(1, 2, 3), _ranks_mask(1, 2, 3, 4)
_UPPER_TILES, _UPPER_FOUR = _ranks_mask(7, 8, 9), _ranks_mask(6, 7, 8, 9)
_MIDDLE_TILES = _ranks_mask(4, 5, 6)


def rank_range_fans(mask: int, tally: Tally) -> None:
    """全大, 全中, 全小, 大于五, 小于五."""
    if not mask & ~_LOWER_TILES:
        tally.flag(Fan.LOWER_TILES)
    elif not mask & ~_LOWER_FOUR:
        tally.flag(Fan.LOWER_FOUR)
    elif not mask & ~_UPPER_TILES:
        tally.flag(Fan.UPPER_TILES)
    elif not mask & ~_UPPER_FOUR:
        tally.flag(Fan.UPPER_FOUR)
    elif not mask & ~_MIDDLE_TILES:
        tally.flag(Fan.MIDDLE_TILES)


@lru_cache(maxsize=1 << 16)
def tile_set_fans(mask: int) -> tuple[Fan, ...]:
    """The fans that depend only on which kinds the hand holds (suits, traits, ranks)."""
    tally = Tally()
    suit_fans(mask, tally)
    tile_trait_fans(mask, tally)
    rank_range_fans(mask, tally)
    return tuple(tally.found)


def tile_hog_fans(s: Situation, kong_count: int, tally: Tally) -> None:
    """四归一: a kind whose four copies are all used, not as a kong."""
    for _ in range(s.hogs - kong_count):
        tally.add(Fan.TILE_HOG)


def wind_pung_fans(s: Situation, packs: list[Pack], tally: Tally) -> None:
    """圈风刻 and 门风刻, counted after the exclusions like the rule book's examples."""
    for i, p in enumerate(packs):
        if p.kind == PUNG and 27 <= p.tile < 31:
            wind = p.tile - 27
            if wind == s.prevalent:
                tally.add(Fan.PREVALENT_WIND, (i,))
            if wind == s.seat:
                tally.add(Fan.SEAT_WIND, (i,))


# -- the regular shape: four sets and a pair ---------------------------------------


def option_exclusions(options: McrOptions) -> dict[Fan, tuple[Fan, ...]]:
    """Exclusions some options add: strict 1998 drops 三同刻 under 清幺九."""
    if not options.all_terminals_triple_pung:
        return {Fan.ALL_TERMINALS: (Fan.TRIPLE_PUNG,)}
    return {}


def regular_fans(s: Situation, packs: list[Pack], unique_wait: Callable[[], bool]) -> Tally:
    tally = Tally(option_exclusions(s.options))
    chows = [(p.tile, i) for i, p in enumerate(packs) if p.kind == CHOW]
    pungs = [(p.tile, i) for i, p in enumerate(packs) if p.kind == PUNG]
    pair = packs[-1]
    win = s.win
    win_flag_fans(s, tally)

    # A pung completed by a discard is melded, unless the winning tile can be read
    # inside a concealed chow instead.
    concealed_pungs = [i for t, i in pungs if packs[i].concealed and not packs[i].kong]
    if not s.self_drawn and not any(not packs[i].declared and t <= win <= t + 2 for t, i in chows):
        concealed_pungs = [i for i in concealed_pungs if packs[i].tile != win or packs[i].declared]
    kong_fans(packs, concealed_pungs, tally)
    if len(pungs) == 4:
        tally.flag(Fan.ALL_PUNGS)
    for t, i in pungs:
        if t >= 31:
            tally.add(Fan.DRAGON_PUNG, (i,))
        elif TERMINAL_OR_HONOR[t]:
            tally.add(Fan.PUNG_OF_TERMINALS_OR_HONORS, (i,))

    if len(chows) == 4 and terminal_chows_fans(chows, pair, tally):
        pass
    else:
        for fan, sets in chow_fans(chows) + pung_fans(pungs):
            tally.add(fan, sets)

    concealment_fans(s, tally)
    pair_fans(chows, pair, len(packs) - 1, tally)
    pack_trait_fans(packs, tally)
    for fan in tile_set_fans(s.mask):
        tally.flag(fan)
    tile_hog_fans(s, sum(1 for p in packs if p.kong), tally)
    if (
        any(
            not p.declared and p.tile <= win <= p.tile + 2 - (p.kind == PAIR) * 2
            for p in packs
            if p.kind != PUNG
        )
        and unique_wait()
    ):
        wait_fans(packs, win, tally)
    if Fan.BIG_FOUR_WINDS not in tally:
        wind_pung_fans(s, packs, tally)
    tally.apply_exclusions()
    if not tally.found:
        tally.flag(Fan.CHICKEN_HAND)
    return tally


def kong_fans(packs: list[Pack], concealed_pungs: list[int], tally: Tally) -> None:
    """四杠 … 明杠 by how many kongs are melded or concealed; 双暗刻 … 四暗刻."""
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


CONCEALED_PUNGS_FAN = {
    2: Fan.TWO_CONCEALED_PUNGS,
    3: Fan.THREE_CONCEALED_PUNGS,
    4: Fan.FOUR_CONCEALED_PUNGS,
}


def terminal_chows_fans(chows: list[tuple[int, int]], pair: Pack, tally: Tally) -> bool:
    """一色双龙会 and 三色双龙会: 123 and 789 chows around a pair of 5s."""
    if pair.tile >= 27 or RANK_OF[pair.tile] != 5:
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
    claimed = sum(1 for p in s.melds if not p.concealed)
    if claimed == 0:
        tally.flag(Fan.FULLY_CONCEALED_HAND if s.self_drawn else Fan.CONCEALED_HAND)
    elif claimed == 4 and not s.self_drawn:
        tally.flag(Fan.MELDED_HAND)


def pair_fans(chows: list[tuple[int, int]], pair: Pack, pair_index: int, tally: Tally) -> None:
    """平和, 小三元, 小四喜: fans that need a particular pair."""
    if len(chows) == 4:
        if pair.tile < 27:
            tally.flag(Fan.ALL_CHOWS)
        return
    if Fan.TWO_DRAGONS_PUNGS in tally:
        if pair.tile >= 31:
            sets = tally.found[Fan.TWO_DRAGONS_PUNGS][0] + (pair_index,)
            tally.add(Fan.LITTLE_THREE_DRAGONS, sets)
        return
    if Fan.BIG_THREE_WINDS in tally and 27 <= pair.tile < 31:
        sets = tally.found[Fan.BIG_THREE_WINDS][0] + (pair_index,)
        tally.add(Fan.LITTLE_FOUR_WINDS, sets)


def pack_trait_fans(packs: list[Pack], tally: Tally) -> None:
    """全带幺, 全带五, 全双刻: every set (and the pair) shares a trait."""
    outside = five = even = 0
    for p in packs:
        t = p.tile
        if t >= 27:
            outside += 1
            continue
        r = RANK_OF[t]
        if p.kind == CHOW:
            outside += r in (1, 7)
            five += r in (3, 4, 5)
        else:
            outside += r in (1, 9)
            five += r == 5
            even += r % 2 == 0
    if outside == 5:
        tally.flag(Fan.OUTSIDE_HAND)
    elif five == 5:
        tally.flag(Fan.ALL_FIVE)
    elif even == 5:
        tally.flag(Fan.ALL_EVEN_PUNGS)


def wait_fans(packs: list[Pack], win: int, tally: Tally) -> None:
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


class _Memo:
    """A value computed on first use: the unique-wait check is only needed when some
    reading could give 边张, 嵌张 or 单钓将."""

    __slots__ = ("compute", "value")

    def __init__(self, compute: Callable[[], bool]) -> None:
        self.compute = compute
        self.value: bool | None = None

    def __call__(self) -> bool:
        if self.value is None:
            self.value = self.compute()
        return self.value


def is_unique_wait(s: Situation) -> bool:
    """Does the hand before the winning tile wait on exactly one kind?"""
    before = list(s.standing)
    before[s.win] -= 1
    waits = regular_waits(before)
    if len(waits) > 1:
        return False
    if not s.melds:
        w = seven_pairs_wait(before)
        if w is not None:
            waits.add(w)
    return len(waits) == 1


# -- special shapes ------------------------------------------------------------------


def concealed_shape_fans(s: Situation, tally: Tally, *, single_wait: bool = False) -> None:
    """The fans a fully concealed special shape implies (门前清 or 不求人, 单钓将).

    The shape excludes them; they are recorded so the result can say so.
    """
    tally.flag(Fan.FULLY_CONCEALED_HAND if s.self_drawn else Fan.CONCEALED_HAND)
    if single_wait:
        tally.flag(Fan.SINGLE_WAIT)


def seven_pairs_fans(s: Situation) -> Tally | None:
    """七对 and 连七对."""
    if s.melds or len(s.kinds) > 7 or any(n % 2 for n in s.standing):
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
    numbered = [t for t in s.kinds if t < 27]
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
    tally = Tally()
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
    if s.melds or s.win >= 27:
        return None
    base = SUIT_OF[s.win] * 9
    r = RANK_OF[s.win]
    gates = [3, 1, 1, 1, 1, 1, 1, 1, 3]
    gates[r - 1] += 1
    if s.standing[base : base + 9] != gates:
        return None
    tally = Tally()
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
        k, t = division[0]
        fourth = Pack(k, t, True)
    pair_tile = division[-1][1]
    tally = Tally()
    tally.flag(Fan.KNITTED_STRAIGHT)
    total = [a + b for a, b in zip(s.standing, s.fixed, strict=True)]
    if fourth.kind == CHOW:
        if pair_tile < 27:
            tally.flag(Fan.ALL_CHOWS)
        if total[pair_tile] == 4:
            tally.flag(Fan.TILE_HOG)
    else:
        t = fourth.tile
        if 27 <= t < 31:
            tally.add(Fan.PUNG_OF_TERMINALS_OR_HONORS, (0,))
            if pair_tile >= 31:
                tally.flag(Fan.ALL_TYPES)
        elif t >= 31:
            tally.add(Fan.DRAGON_PUNG, (0,))
            if 27 <= pair_tile < 31:
                tally.flag(Fan.ALL_TYPES)
        else:
            if TERMINAL[t]:
                tally.add(Fan.PUNG_OF_TERMINALS_OR_HONORS, (0,))
            if pair_tile < 27:
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
            packs = [Pack(k, t, True) for k, t in division]
            wait_fans(packs, s.win, tally)
    elif not in_body or (s.options.knitted_straight_waits and s.standing[s.win] == 3):
        tally.flag(Fan.SINGLE_WAIT)
    if fourth.kind == PUNG and 27 <= fourth.tile < 31:
        wind_pung_fans(s, [fourth], tally)
    tally.apply_exclusions()
    return tally


def is_unique_wait_knitted(rest: list[int], win: int) -> bool:
    """The wait of the 4 tiles beside a knitted straight (set + pair, minus the winner)."""
    before = list(rest)
    before[win] -= 1
    return len(regular_waits(before)) == 1


# -- the whole hand ----------------------------------------------------------------

SPECIAL_SHAPES: tuple[tuple[str, Callable[[Situation], Tally | None]], ...] = (
    ("seven_pairs", seven_pairs_fans),
    ("honors_knitted", honors_knitted_fans),
    ("thirteen_orphans", thirteen_orphans_fans),
    ("knitted_straight", knitted_straight_fans),
    ("nine_gates", nine_gates_fans),
)


def score_hand(hand: Hand, options: McrOptions) -> McrResult:
    """Score a validated 14-tile hand; a hand that is not complete gives ``is_win`` false."""
    s = situation(hand, options)
    best: Tally | None = None
    best_total = 0
    shape: str | None = None
    best_packs: list[Pack] = []
    for name, find in SPECIAL_SHAPES:
        tally = find(s)
        if tally is not None:
            best, best_total, shape = tally, tally.total(options), name
            break
    if best is None or Fan.SEVEN_PAIRS in best.found:
        concealed_sets = decompose(s.standing)
        needed = 4 - len(s.melds)
        divisions = [d for d in concealed_sets if len(d) == needed + 1]
        if divisions:
            unique = _Memo(lambda: is_unique_wait(s))
            seven_pairs = best is not None
            for division in divisions:
                packs = s.melds + [Pack(k, t, True) for k, t in division]
                tally = regular_fans(s, packs, unique)
                total = tally.total(options)
                # Equal totals: prefer the reading with 一色三同顺 or 三同刻 (and any
                # four-sets reading over 七对), as the reference calculator does.
                if total > best_total or (
                    total == best_total
                    and (seven_pairs or Fan.PURE_TRIPLE_CHOW in tally or Fan.TRIPLE_PUNG in tally)
                ):
                    best, best_total, shape, best_packs = tally, total, "regular", packs
    if best is None:
        return McrResult(hand, False, reason=_why_not(s), flowers=hand.context.flowers)
    return _result(hand, best, best_packs, options, shape or "regular")


def _why_not(s: Situation) -> str:
    if len(s.melds) > 1:
        return "the concealed tiles do not form sets and a pair"
    return "the tiles form none of 4 sets + pair, 七对, 十三幺, 全不靠 or 组合龙"


def _result(
    hand: Hand, tally: Tally, packs: list[Pack], options: McrOptions, shape: str
) -> McrResult:
    entries: list[FanEntry] = []
    tiles = [p.tiles for p in packs]
    for fan in sorted(tally.found, key=ORDER.__getitem__):
        instances = tally.found[fan]
        sets = tuple(tiles[i] for sets in instances for i in sets if i < len(tiles))
        entries.append(FanEntry(fan, len(instances), fan_value(fan, options), sets))
    if hand.context.flowers:
        entries.append(FanEntry(Fan.FLOWER_TILES, hand.context.flowers, 1))
    return McrResult(
        hand, True, tuple(entries), tuple(tally.excluded),
        shape=shape, flowers=hand.context.flowers,
    )  # fmt: skip


__all__ = ["Instance", "score_hand"]
