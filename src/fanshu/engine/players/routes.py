"""Routes: the hands the fan player plans toward, each with the shanten toward it.

A route fixes part of the final hand: the tiles it may hold (清一色, 混一色, 断幺-like
tile sets), the shape (four sets and a pair, pungs only, 七对, the knitted shapes) or
some sets it must contain (花龙, 清龙, 三色三同顺, 一色/三色三步高).  ``distance`` is
the shanten toward a hand of that route, counting the tiles outside it as waste, or
None when the melds already rule it out.  ``value`` is the fan the route alone is worth
(what the player aims at; the real total is asked of the scorer once the hand is ready).

>>> from fanshu.notation import parse_tiles
>>> from fanshu.shapes import counts_of
>>> c = counts_of(parse_tiles("123m456s78p1599pEN"))
>>> r = {x.name: x for x in mcr_routes()}
>>> r["花龙 m-s-p"].distance(c, ()), r["清一色 p"].distance(c, ())
(2, 7)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import permutations

from fanshu.analysis.efficiency import knitted_draws, regular_discards, regular_draws
from fanshu.analysis.shanten import (
    honors_knitted_shanten,
    knitted_straight_shanten,
    thirteen_orphans_shanten,
)
from fanshu.engine.players.counting import (
    ALL,
    masked,
    pairs,
    pairs_draws,
    pungs,
    pungs_draws,
    rank_mask,
    regular,
    suit_mask,
)
from fanshu.hand import Meld, MeldKind

SUIT = "msp"
KINDS = tuple(range(34))


class Route:
    """A target hand; subclasses say how far the hand is from it."""

    name: str
    value: int

    def distance(self, c: Sequence[int], melds: Sequence[Meld]) -> int | None:
        raise NotImplementedError

    def kinds(self, c: Sequence[int]) -> Sequence[int]:
        """The kinds whose draw may bring ``c`` nearer (a superset; default: all)."""
        return KINDS

    def draws(self, c: Sequence[int], melds: Sequence[Meld]) -> list[int] | None:
        """``distance`` of ``c`` with one more tile of each kind (34 values) where a
        route computes them at once, else None (ask ``distance`` kind by kind); None
        too when the melds rule the route out."""
        return None

    def discards(self, c: Sequence[int], melds: Sequence[Meld]) -> list[int] | None:
        """``distance`` of ``c`` with one tile fewer of each kind held (34 values; 99 or
        more for a kind not held) where a route computes them at once, else None."""
        return None


def _meld_tiles(m: Meld) -> tuple[int, ...]:
    t = int(m.tile)
    return (t, t + 1, t + 2) if m.kind is MeldKind.CHOW else (t,)


@dataclass(frozen=True, eq=False)
class MaskRoute(Route):
    """Only the kinds in ``mask``, in one shape: ``regular``, ``pungs`` or ``pairs``."""

    name: str
    value: int
    mask: tuple[int, ...]
    shape: str = "regular"

    def distance(self, c: Sequence[int], melds: Sequence[Meld]) -> int | None:
        mask = self.mask
        for m in melds:
            if self.shape == "pairs" or (self.shape == "pungs" and m.kind is MeldKind.CHOW):
                return None
            if not all(mask[t] for t in _meld_tiles(m)):
                return None
        mc = list(c) if mask is ALL else masked(c, mask)
        if self.shape == "regular":
            return regular(mc, len(melds))
        if self.shape == "pungs":
            return pungs(mc, len(melds))
        return pairs(mc)

    def kinds(self, c: Sequence[int]) -> Sequence[int]:
        return _mask_kinds(self.mask)

    def discards(self, c: Sequence[int], melds: Sequence[Meld]) -> list[int] | None:
        """The regular shape's distances after each discard at once (a discard outside
        the mask leaves the distance as it is); the other shapes discard by discard."""
        mask = self.mask
        if self.shape != "regular":
            return None
        for m in melds:
            if not all(mask[t] for t in _meld_tiles(m)):
                return None
        now, after = regular_discards(list(c) if mask is ALL else masked(c, mask), len(melds))
        return [a if b else now for a, b in zip(after, mask, strict=True)]

    def draws(self, c: Sequence[int], melds: Sequence[Meld]) -> list[int] | None:
        """The distances after each draw at once (a draw outside the mask leaves the
        distance as it is)."""
        mask = self.mask
        shape = self.shape
        for m in melds:
            if shape == "pairs" or (shape == "pungs" and m.kind is MeldKind.CHOW):
                return None
            if not all(mask[t] for t in _meld_tiles(m)):
                return None
        mc = list(c) if mask is ALL else masked(c, mask)
        if shape == "regular":
            now, after = regular_draws(mc, len(melds))
        elif shape == "pungs":
            now, after = pungs_draws(mc, len(melds))
        else:
            now, after = pairs_draws(mc)
        return [a if b else now for a, b in zip(after, mask, strict=True)]


def near(c: Sequence[int]) -> list[int]:
    """The kinds held, and the numbered kinds up to two ranks from one held: the only
    draws that can join a set, a partial set or the pair in a regular hand."""
    return _kinds_of_bits(_near_bits(c))


_SUIT_BITS = (1 << 27) - 1
_RANK_BITS = tuple(sum(1 << (9 * s + r) for s in range(3)) for r in range(9))
_UP1 = _SUIT_BITS & ~_RANK_BITS[0]  # t + 1 in t's suit: not a rank 1
_UP2 = _UP1 & ~_RANK_BITS[1]
_DOWN1 = _SUIT_BITS & ~_RANK_BITS[8]
_DOWN2 = _DOWN1 & ~_RANK_BITS[7]


def _near_bits(c: Sequence[int]) -> int:
    """:func:`near` as bits: the held kinds, and each held numbered kind's neighbours
    one and two ranks away in its suit."""
    h = 0
    for t in range(34):
        if c[t]:
            h |= 1 << t
    n = h & _SUIT_BITS
    return h | (n << 1 & _UP1) | (n << 2 & _UP2) | (n >> 1 & _DOWN1) | (n >> 2 & _DOWN2)


def _kinds_of_bits(m: int) -> list[int]:
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out


# the masks of the routes (a few dozen): bounded, ~100 B each
@lru_cache(maxsize=256)
def _mask_kinds(mask: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(t for t in range(34) if mask[t])


def _need(todo: Sequence[tuple[bool, int]]) -> tuple[tuple[int, int], ...]:
    """(kind, copies) the sets ``todo`` take, by kind in order of first use."""
    need: dict[int, int] = {}
    for chow, t in todo:
        for x in (t, t + 1, t + 2) if chow else (t, t, t):
            need[x] = need.get(x, 0) + 1
    return tuple(need.items())


# the last melds asked about, their keys and the bits of those keys: the planner asks
# every route about the same melds in turn (one entry, a reference to a tuple of at most
# four melds)
_last_melds: tuple[object, tuple[tuple[bool, int], ...], int] = ((), (), 0)


def _key_bit(chow: bool, t: int) -> int:
    """A set's bit: a chow by its lowest tile, a pung (or kong) 34 kinds further."""
    return 1 << (t if chow else 34 + t)


def _meld_keys(melds: Sequence[Meld]) -> tuple[tuple[tuple[bool, int], ...], int]:
    """(is a chow, tile) of each meld, as ``SetsRoute.sets`` names its sets, and the
    bits of those (``_key_bit``)."""
    global _last_melds
    last = _last_melds
    if last[0] is melds:
        return last[1], last[2]
    keys = tuple((m.kind is MeldKind.CHOW, int(m.tile)) for m in melds)
    bits = 0
    for chow, t in keys:
        bits |= _key_bit(chow, t)
    if type(melds) is tuple:  # immutable: the same object has the same keys
        _last_melds = (melds, keys, bits)
    return keys, bits


def held_levels(c: Sequence[int]) -> tuple[int, int, int, int]:
    """The kinds (bits) ``c`` holds at least once, twice, three and four times."""
    a = b = d = e = 0
    for t in range(34):
        k = c[t]
        if k:
            bit = 1 << t
            a |= bit
            if k >= 2:
                b |= bit
                if k >= 3:
                    d |= bit
                    if k >= 4:
                        e |= bit
    return a, b, d, e


@dataclass(frozen=True, eq=False)
class SetsRoute(Route):
    """Some given sets (chows by their lowest tile, pungs) and anything else."""

    name: str
    value: int
    sets: tuple[tuple[bool, int], ...]  # (is_chow, tile), distinct
    #: by the bit mask of the sets already melded: the copies of each kind the other
    #: sets take, and how many they are
    needs: tuple[tuple[tuple[tuple[int, int], ...], int], ...] = field(init=False, repr=False)
    #: by the same mask: the kinds (bits) those sets take at least once, twice, three
    #: and four times
    levels: tuple[tuple[int, int, int, int], ...] = field(init=False, repr=False)
    #: the bits of the sets (``_key_bit``)
    key_bits: int = field(init=False, repr=False)

    def __post_init__(self) -> None:
        sets = self.sets
        assert len(set(sets)) == len(sets), sets
        needs = []
        levels = []
        for made in range(1 << len(sets)):
            todo = [x for i, x in enumerate(sets) if not made >> i & 1]
            need = _need(todo)
            needs.append((need, len(todo)))
            at = [0, 0, 0, 0]
            for x, n in need:
                assert n <= 4, (sets, x)
                for j in range(n):
                    at[j] |= 1 << x
            levels.append((at[0], at[1], at[2], at[3]))
        object.__setattr__(self, "needs", tuple(needs))
        object.__setattr__(self, "levels", tuple(levels))
        object.__setattr__(self, "key_bits", sum(_key_bit(chow, t) for chow, t in sets))

    def distance(self, c: Sequence[int], melds: Sequence[Meld]) -> int | None:
        got = self.split(c, melds)
        if got is None:
            return None
        missing, rest, fixed = got
        return missing + regular(rest, fixed)

    def _made(self, melds: Sequence[Meld]) -> int:
        """The bit mask of the sets the melds already make."""
        keys, bits = _meld_keys(melds)
        if not bits & self.key_bits:  # none of them: the common case
            return 0
        made = 0
        for i, x in enumerate(self.sets):
            if x in keys:
                made |= 1 << i
        return made

    def _todo(self, melds: Sequence[Meld]) -> tuple[tuple[tuple[int, int], ...], int] | None:
        """(the copies of each kind the sets still to make take, the sets then fixed),
        or None when the melds rule the route out."""
        if not melds:
            return self.needs[0][0], len(self.sets)
        need, left = self.needs[self._made(melds)]
        fixed = len(melds) + left
        if fixed > 4:
            return None
        return need, fixed

    def missing_of(self, held: tuple[int, int, int, int], melds: Sequence[Meld]) -> int | None:
        """:meth:`missing` from the hand's :func:`held_levels`: a kind the sets take
        ``n`` times lacks one copy for each level ``j <= n`` it is not held at."""
        if melds:
            made = self._made(melds)
            if len(melds) + self.needs[made][1] > 4:
                return None
        else:
            made = 0
        a, b, c, d = self.levels[made]
        return (
            (a & ~held[0]).bit_count()
            + (b & ~held[1]).bit_count()
            + (c & ~held[2]).bit_count()
            + (d & ~held[3]).bit_count()
        )

    def missing(self, c: Sequence[int], melds: Sequence[Meld]) -> int | None:
        """The tiles of the sets still missing (``split``'s first part), or None."""
        got = self._todo(melds)
        if got is None:
            return None
        missing = 0
        for x, n in got[0]:
            h = c[x]
            if h < n:
                missing += n - h
        return missing

    def split(self, c: Sequence[int], melds: Sequence[Meld]) -> tuple[int, list[int], int] | None:
        """(tiles of the sets still missing, the tiles left once the sets' tiles held
        are taken out, the sets then fixed), or None when the melds rule it out.  The
        distance is the missing tiles plus the regular shanten of the rest, so it is
        never less than the missing tiles less one."""
        got = self._todo(melds)
        if got is None:
            return None
        need, fixed = got
        missing, rest = _rest(c, need)
        return missing, rest, fixed

    def draws(self, c: Sequence[int], melds: Sequence[Meld]) -> list[int] | None:
        """The distance of ``c`` with one more tile of each kind (34 values): a kind
        the sets still lack fills one of their gaps, any other joins the rest."""
        got = self._todo(melds)
        if got is None:
            return None
        need, fixed = got
        missing, rest = _rest(c, need)
        now, after = regular_draws(rest, fixed)
        out = [missing + a for a in after]
        for x, n in need:
            if c[x] < n:  # a kind the sets still lack
                out[x] = missing - 1 + now
        return out

    def discards(self, c: Sequence[int], melds: Sequence[Meld]) -> list[int] | None:
        """The distance of ``c`` with one tile fewer of each kind held: a kind the sets
        take all its copies of opens a gap in them, any other leaves the rest."""
        got = self._todo(melds)
        if got is None:
            return None
        need, fixed = got
        missing, rest = _rest(c, need)
        now, after = regular_discards(rest, fixed)
        out = [missing + a for a in after]
        for x, n in need:
            if 0 < c[x] <= n:
                out[x] = missing + 1 + now
        return out

    def kinds(self, c: Sequence[int]) -> Sequence[int]:
        return _kinds_of_bits(_near_bits(c) | self.levels[0][0])


def _rest(c: Sequence[int], need: tuple[tuple[int, int], ...]) -> tuple[int, list[int]]:
    """(the tiles the sets still lack, the counts left once the tiles of theirs held are
    taken out of ``c``), for ``need``: the copies of each kind the sets take."""
    rest = list(c)
    missing = 0
    for x, n in need:
        h = rest[x]
        if h >= n:
            rest[x] = h - n
        else:
            missing += n - h
            rest[x] = 0
    return missing, rest


@dataclass(frozen=True, eq=False)
class ShapeRoute(Route):
    """One of the MCR special shapes, by its name in ``ShapeShanten``."""

    name: str
    value: int
    shape: str

    def distance(self, c: Sequence[int], melds: Sequence[Meld]) -> int | None:
        if self.shape == "knitted_straight":
            if len(melds) > 1 or sum(c) + 3 * len(melds) not in (13, 14):
                return None
            return knitted_straight_shanten(c, len(melds))
        if melds or sum(c) not in (13, 14):
            return None
        if self.shape == "seven_pairs":
            return pairs(c)
        if self.shape == "honors_knitted":
            return honors_knitted_shanten(c)
        return thirteen_orphans_shanten(c)

    def kinds(self, c: Sequence[int]) -> Sequence[int]:
        if self.shape == "seven_pairs":
            return [t for t in range(34) if c[t] & 1]
        return KINDS

    def draws(self, c: Sequence[int], melds: Sequence[Meld]) -> list[int] | None:
        """The distances after each draw at once."""
        if self.shape == "knitted_straight":
            m = len(melds)
            if m > 1 or sum(c) + 1 + 3 * m not in (13, 14):
                return None
            return knitted_draws(c, m)
        if melds or sum(c) + 1 not in (13, 14):
            return None
        if self.shape == "seven_pairs":
            return pairs_draws(c)[1]
        if self.shape == "honors_knitted":
            return _honors_knitted_draws(c)
        return _orphans_draws(c)

    def discards(self, c: Sequence[int], melds: Sequence[Meld]) -> list[int] | None:
        """七对's distances after each discard at once (the others discard by discard)."""
        if self.shape != "seven_pairs" or melds or sum(c) - 1 not in (13, 14):
            return None
        p = 0
        for k in c:
            p += k >> 1
        floor = 14 - sum(c)  # of the hand one tile smaller
        out = [99] * 34
        for t in range(34):
            k = c[t]
            if k:
                q = p if k & 1 else p - 1  # an odd copy goes: the pairs stay
                r = 6 - (q if q < 7 else 7)
                out[t] = floor if floor > r else r
        return out


_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)


def _orphans_draws(c: Sequence[int]) -> list[int]:
    """十三幺's shanten (13 - orphan kinds held - a pair of one) after each draw: a new
    orphan kind, or the first pair, is a step nearer."""
    kinds = 0
    pair = False
    for t in _ORPHANS:
        if c[t]:
            kinds += 1
            if c[t] >= 2:
                pair = True
    now = 13 - kinds - (1 if pair else 0)
    out = [now] * 34
    for t in _ORPHANS:
        if not c[t] or (c[t] == 1 and not pair):
            out[t] = now - 1
    return out


def _honors_knitted_draws(c: Sequence[int]) -> list[int]:
    """全不靠's shanten (13 - honour kinds held - the most knitted kinds held, 147 / 258
    / 369 in the three suits in some order) after each draw: a kind not held yet adds
    to its count."""
    held = [[0, 0, 0], [0, 0, 0], [0, 0, 0]]
    for t in range(27):
        if c[t]:
            held[t // 9][t % 3] += 1
    honours = 0
    for t in range(27, 34):
        if c[t]:
            honours += 1
    now = 13 - honours - _knit_best(held)
    out = [now] * 34
    for t in range(27, 34):
        if not c[t]:
            out[t] = now - 1
    for t in range(27):
        if not c[t]:
            row = held[t // 9]
            row[t % 3] += 1
            out[t] = 13 - honours - _knit_best(held)
            row[t % 3] -= 1
    return out


def _knit_best(h: list[list[int]]) -> int:
    a, b, d = h
    return max(
        a[0] + b[1] + d[2],
        a[0] + b[2] + d[1],
        a[1] + b[0] + d[2],
        a[1] + b[2] + d[0],
        a[2] + b[0] + d[1],
        a[2] + b[1] + d[0],
    )


class FiveGatesRoute(Route):
    """五门齐: one set or the pair of each of 万, 条, 饼, winds and dragons."""

    name = "五门齐"
    value = 6

    def distance(self, c: Sequence[int], melds: Sequence[Meld]) -> int | None:
        taken = [False] * 5
        for m in melds:
            g = _group(int(m.tile))
            if taken[g]:
                return None
            taken[g] = True
        set_v = []
        pair_v = []
        for g in range(5):
            if taken[g]:
                continue
            lo, hi = _GROUPS[g]
            part = c[lo:hi]
            set_v.append(_set_value(part, g < 3))
            pair_v.append(1 if max(part) >= 2 else (0 if any(part) else -1))
        if not set_v:
            return None
        total = sum(set_v)
        best = max(total - s + p for s, p in zip(set_v, pair_v, strict=True))
        return 8 - 2 * len(melds) - best


_GROUPS = ((0, 9), (9, 18), (18, 27), (27, 31), (31, 34))


def _group(t: int) -> int:
    return t // 9 if t < 27 else (3 if t < 31 else 4)


def _set_value(part: Sequence[int], suit: bool) -> int:
    """2 for a set, 1 for two tiles of one, 0 for a lone tile, -1 for none."""
    if max(part) >= 3:
        return 2
    if suit:
        for r in range(7):
            if part[r] and part[r + 1] and part[r + 2]:
                return 2
    if max(part) == 2:
        return 1
    if suit:
        for r in range(8):
            if part[r] and (part[r + 1] or (r < 7 and part[r + 2])):
                return 1
    return 0 if any(part) else -1


@lru_cache(maxsize=1)  # one tuple of ~100 routes (tens of KiB)
def mcr_routes() -> tuple[Route, ...]:
    """The MCR routes of 8 fan or more, and the 6-fan ones that often gather the rest
    (混一色, 碰碰和, 五门齐, 三色三步高)."""
    out: list[Route] = []
    for s in range(3):
        out.append(MaskRoute(f"清一色 {SUIT[s]}", 24, suit_mask(s)))
        out.append(MaskRoute(f"混一色 {SUIT[s]}", 6, suit_mask(s, honours=True)))
        out.append(MaskRoute(f"混一色碰碰和 {SUIT[s]}", 12, suit_mask(s, honours=True), "pungs"))
    out.append(MaskRoute("碰碰和", 6, ALL, "pungs"))
    out.append(MaskRoute("字一色", 64, suit_mask(honours=True)))
    out.append(MaskRoute("推不倒", 8, _reversible()))
    out.append(MaskRoute("绿一色", 88, _green()))
    out.append(MaskRoute("大于五", 12, rank_mask("6789")))
    out.append(MaskRoute("小于五", 12, rank_mask("1234")))
    out.append(MaskRoute("全大", 24, rank_mask("789")))
    out.append(MaskRoute("全中", 24, rank_mask("456")))
    out.append(MaskRoute("全小", 24, rank_mask("123")))
    out.append(MaskRoute("全双刻", 24, rank_mask("2468"), "pungs"))
    out.append(ShapeRoute("七对", 24, "seven_pairs"))
    out.append(ShapeRoute("全不靠", 12, "honors_knitted"))
    out.append(ShapeRoute("组合龙", 12, "knitted_straight"))
    out.append(ShapeRoute("十三幺", 88, "thirteen_orphans"))
    out.append(FiveGatesRoute())
    for a, b, d in permutations(range(3)):
        sets = ((True, a * 9), (True, b * 9 + 3), (True, d * 9 + 6))
        out.append(SetsRoute(f"花龙 {SUIT[a]}-{SUIT[b]}-{SUIT[d]}", 8, sets))
    for s in range(3):
        sets = ((True, s * 9), (True, s * 9 + 3), (True, s * 9 + 6))
        out.append(SetsRoute(f"清龙 {SUIT[s]}", 16, sets))
    for r in range(7):
        sets = ((True, r), (True, 9 + r), (True, 18 + r))
        out.append(SetsRoute(f"三色三同顺 {r + 1}", 8, sets))
    for s in range(3):
        for step, starts in ((1, 5), (2, 3)):
            for r in range(starts):
                lo = s * 9 + r
                sets = ((True, lo), (True, lo + step), (True, lo + 2 * step))
                out.append(SetsRoute(f"一色三步高 {SUIT[s]}{r + 1}+{step}", 16, sets))
    for a, b, d in permutations(range(3)):
        for r in range(5):
            sets = ((True, a * 9 + r), (True, b * 9 + r + 1), (True, d * 9 + r + 2))
            name = f"三色三步高 {SUIT[a]}{r + 1}-{SUIT[b]}{r + 2}-{SUIT[d]}{r + 3}"
            out.append(SetsRoute(name, 6, sets))
    return tuple(out)


def _reversible() -> tuple[int, ...]:
    """推不倒: 1234589饼, 245689条, 白板."""
    kinds = {18 + r - 1 for r in (1, 2, 3, 4, 5, 8, 9)} | {9 + r - 1 for r in (2, 4, 5, 6, 8, 9)}
    kinds.add(33)
    return tuple(1 if t in kinds else 0 for t in range(34))


def _green() -> tuple[int, ...]:
    """绿一色: 23468条 and 发."""
    kinds = {9 + r - 1 for r in (2, 3, 4, 6, 8)} | {32}
    return tuple(1 if t in kinds else 0 for t in range(34))


@lru_cache(maxsize=4)  # one per void suit (and None)
def sichuan_routes(void: int) -> tuple[Route, ...]:
    """The Sichuan patterns worth more than 平胡, on the two suits kept (``void`` out)."""
    keep = tuple(s for s in range(3) if s != void)
    both = suit_mask(*keep)
    out: list[Route] = [
        MaskRoute("平胡", 1, both),
        MaskRoute("对对胡", 2, both, "pungs"),
        MaskRoute("七对", 3, both, "pairs"),
        MaskRoute("将对", 4, tuple(masked(rank_mask("258"), both)), "pungs"),
    ]
    for s in keep:
        one = suit_mask(s)
        out.append(MaskRoute(f"清一色 {SUIT[s]}", 3, one))
        out.append(MaskRoute(f"清对 {SUIT[s]}", 4, one, "pungs"))
        out.append(MaskRoute(f"清七对 {SUIT[s]}", 5, one, "pairs"))
    return tuple(out)


@lru_cache(maxsize=1)
def two_player_routes() -> tuple[Route, ...]:
    """Any hand (no minimum), and the MCR routes for more fan."""
    return (
        MaskRoute("平", 3, ALL),
        ShapeRoute("七对", 24, "seven_pairs"),
        *(r for r in mcr_routes() if r.name != "七对"),
    )
