"""Decomposing concealed tiles into sets and a pair, and finding what a hand waits on.

Counts are lists of 34 ints indexed by tile kind.  Each numbered suit is decomposed on
its own and the result cached by the suit's 9 counts, so a hand costs a few dictionary
look-ups once the common suit patterns have been seen.

A division is a tuple of :class:`~fanshu.sets.Set` (the one set type: CHOW with ``tile``
its lowest tile, PUNG or PAIR), the pair last.  Inside, a suit's splits are worked out
and cached as ``(kind, rank)`` pairs of plain ints, which the garbage collector untracks
instead of walking them on every full collection; each distinct split is turned into
shared ``Set`` objects once (``_shared_body``).

>>> from fanshu.notation import parse_tiles
>>> c = counts_of(parse_tiles("111222333m55p"))
>>> [" ".join(str(s) for s in d) for d in decompose(c)]
['111m 222m 333m 55p', '123m 123m 123m 55p']
>>> [(s.kind, s.tile) for s in decompose(c)[0]]  # doctest: +NORMALIZE_WHITESPACE
[(<SetKind.PUNG: 1>, <Tile.M1: 0>), (<SetKind.PUNG: 1>, <Tile.M2: 1>),
 (<SetKind.PUNG: 1>, <Tile.M3: 2>), (<SetKind.PAIR: 2>, <Tile.P5: 22>)]
>>> sorted(regular_waits(counts_of(parse_tiles("1112345678999m"))))
[0, 1, 2, 3, 4, 5, 6, 7, 8]
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from itertools import product

from fanshu.sets import CHOW, PAIR, PUNG, Set, concealed_set
from fanshu.tiles import FIRST_FLOWER, FIRST_HONOR, NUM_KINDS, SUIT_SIZE, TERMINAL_OR_HONOR

__all__ = [
    "CHOW",
    "KNITTED_STRAIGHTS",
    "PAIR",
    "PUNG",
    "THIRTEEN_ORPHANS_KINDS",
    "Division",
    "Set",
    "counts_of",
    "decompose",
    "is_regular_complete",
    "regular_waits",
    "seven_pairs_wait",
    "waits_on_win_only",
]

THIRTEEN_ORPHANS_KINDS = tuple(t for t in range(NUM_KINDS) if TERMINAL_OR_HONOR[t])
# The six knitted straights: 147 258 369 spread over the three suits.
KNITTED_STRAIGHTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        s * SUIT_SIZE + r
        for s, start in zip(suits, (0, 1, 2), strict=True)
        for r in range(start, SUIT_SIZE, 3)
    )
    for suits in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (2, 0, 1), (1, 2, 0), (2, 1, 0))
)
# A set while a suit is split: (kind, rank 0-8) or, once placed, (kind, tile kind); the
# kind as a plain int (a SetKind member would keep every cached tuple tracked by the GC).
_Raw = tuple[int, int]
_CHOW, _PUNG, _PAIR = int(CHOW), int(PUNG), int(PAIR)
Division = tuple[Set, ...]
_HONORS = range(FIRST_HONOR, FIRST_FLOWER)


def counts_of(tiles: Iterable[int]) -> list[int]:
    c = [0] * NUM_KINDS
    for t in tiles:
        c[t] += 1
    return c


@lru_cache(maxsize=1 << 18)
def _suit_sets(counts: tuple[int, ...]) -> tuple[tuple[_Raw, ...], ...]:
    """Every multiset of chows/pungs (ranks 0-8) that uses exactly these counts."""
    i = next((k for k, n in enumerate(counts) if n), -1)
    if i < 0:
        return ((),)
    out: set[tuple[_Raw, ...]] = set()
    c = list(counts)
    if c[i] >= 3:
        c[i] -= 3
        for rest in _suit_sets(tuple(c)):
            out.add(tuple(sorted(((_PUNG, i), *rest))))
        c[i] += 3
    if i <= 6 and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        for rest in _suit_sets(tuple(c)):
            out.add(tuple(sorted(((_CHOW, i), *rest))))
    return tuple(out)


@lru_cache(maxsize=1 << 18)
def _suit_sets_with_pair(counts: tuple[int, ...]) -> tuple[tuple[_Raw, ...], ...]:
    """Every way to split a suit into sets plus one pair (the pair is last)."""
    out: list[tuple[_Raw, ...]] = []
    c = list(counts)
    for i in range(SUIT_SIZE):
        if c[i] >= 2:
            c[i] -= 2
            out.extend((*sets, (_PAIR, i)) for sets in _suit_sets(tuple(c)))
            c[i] += 2
    return tuple(out)


def _group_options(counts: list[int], group: int) -> tuple[tuple[_Raw, ...], ...] | None:
    """Splits of one suit (0-2) or of the honours (3), tiles as kind indices; None if none."""
    if group == 3:
        sets: list[_Raw] = []
        pairs = 0
        for t in _HONORS:
            n = counts[t]
            if n == 3:
                sets.append((_PUNG, t))
            elif n == 2:
                sets.append((_PAIR, t))
                pairs += 1
            elif n == 5:  # only a probe for a fifth copy, as a numbered suit allows
                sets.append((_PUNG, t))
                sets.append((_PAIR, t))
                pairs += 1
            elif n:
                return None
        return (tuple(sets),) if pairs <= 1 else None
    base = group * SUIT_SIZE
    return _suit_options(tuple(counts[base : base + SUIT_SIZE]), base)


@lru_cache(maxsize=1 << 18)
def _suit_options(key: tuple[int, ...], base: int) -> tuple[tuple[_Raw, ...], ...] | None:
    total = sum(key)
    if total % 3 == 1:
        return None
    raw = _suit_sets_with_pair(key) if total % 3 == 2 else _suit_sets(key)
    if not raw:
        return None
    return tuple(tuple((k, r + base) for k, r in sets) for sets in raw)


def decompose(counts: list[int]) -> list[Division]:
    """Every division of ``counts`` into sets and exactly one pair (the pair last).

    Sets are sorted by ``(tile, kind)``; divisions come in lexicographic order of
    those keys, the order a depth-first search over tiles (pung before chow) finds them.
    """
    # Each group's splits (``_group_options`` as ``Parts``), cached by its counts, with
    # its one split first when it has exactly one (``Group``).
    t = tuple(counts)
    b0, p0, g0 = _suit_parts(t[0:SUIT_SIZE], 0)
    b1, p1, g1 = _suit_parts(t[SUIT_SIZE : 2 * SUIT_SIZE], SUIT_SIZE)
    b2, p2, g2 = _suit_parts(t[2 * SUIT_SIZE : FIRST_HONOR], 2 * SUIT_SIZE)
    b3, p3, g3 = _honor_parts(t[FIRST_HONOR:FIRST_FLOWER])
    pair = p0 + p1 + p2 + p3
    if len(pair) == 1:
        # One split per group (most hands) and a single pair: the one division.
        return [b0 + b1 + b2 + b3 + pair]
    if not (g0 and g1 and g2 and g3):
        return []
    groups = (g0, g1, g2, g3)
    out: list[Division] = []
    # Each group's sets come sorted and the groups hold ascending tiles, so joining
    # them keeps the order: only the divisions themselves may need sorting.
    for combo in product(*groups):
        body: Division = ()
        pairs: Division = ()
        for part_body, part_pairs in combo:
            body += part_body
            pairs += part_pairs
        if len(pairs) == 1:
            out.append((*body, pairs[0]))
    if len(out) > 1:
        out.sort(key=lambda d: [_dfs_key(s) for s in d[:-1]])
    return out


# A split of a group: (its sets in ``_dfs_key`` order, its pairs: one or none), both
# shared (``_shared_body``, ``_PAIR_PARTS``).
Parts = tuple[Division, Division]
_SET_BY_CODE: tuple[Set, ...] = tuple(
    concealed_set(_CHOW if code & 1 else _PUNG, code >> 1) for code in range(2 * NUM_KINDS)
)
_PAIR_PARTS: tuple[Division, ...] = tuple((concealed_set(_PAIR, t),) for t in range(NUM_KINDS))


# A group's splits as ``decompose`` reads them: (the body and pairs of its one split, or
# ``()`` and ``_NOT_ONE`` when it has none or several, then every split).
Group = tuple[Division, Division, tuple[Parts, ...]]
# Two pairs: whatever the other groups hold, the pairs joined are not exactly one.
_NOT_ONE: Division = _PAIR_PARTS[0] * 2


def _group(parts: tuple[Parts, ...]) -> Group:
    if len(parts) == 1:
        return parts[0][0], parts[0][1], parts
    return (), _NOT_ONE, parts


@lru_cache(maxsize=1 << 16)
def _honor_parts(key: tuple[int, ...]) -> Group:
    """The honours' splits as a ``Group``, cached by their 7 counts like a suit's."""
    opts = _group_options([0] * FIRST_HONOR + list(key), 3)
    return _group(() if opts is None else tuple(_parts(sets) for sets in opts))


@lru_cache(maxsize=1 << 18)
def _suit_parts(key: tuple[int, ...], base: int) -> Group:
    opts = _suit_options(key, base)
    return _group(() if opts is None else tuple(_parts(sets) for sets in opts))


def _parts(raw: tuple[_Raw, ...]) -> Parts:
    # A set's code is ``tile * 2`` for a pung and ``tile * 2 + 1`` for a chow: the codes
    # sort as ``_dfs_key`` does.  A group holds one pair at most.
    body = sorted(tile * 2 + (kind == _CHOW) for kind, tile in raw if kind != _PAIR)
    pair = [tile for kind, tile in raw if kind == _PAIR]
    return _shared_body(tuple(body)), _PAIR_PARTS[pair[0]] if pair else ()


@lru_cache(maxsize=1 << 14)
def _shared_body(codes: tuple[int, ...]) -> Division:
    """The shared ``Set`` objects of a group's sets (by their codes, ascending).

    Many suit patterns hold the same sets (with another pair or none), so a new pattern
    in the suit caches keeps its split's ``(body, pairs)`` and its list of splits as new
    tracked tuples, not fresh tuples of sets the garbage collector walks on every full
    collection.  The key space is small: at most 4 sets of 16 kinds in a suit (4,845
    multisets), a few hundred in the honours.
    """
    return tuple(map(_SET_BY_CODE.__getitem__, codes))


def _dfs_key(s: Set) -> tuple[int, int]:
    # A pung of t sorts before a chow starting at t, as (t,t,t) < (t,t+1,t+2).
    return (s.tile, 0 if s.kind == PUNG else 1)


@lru_cache(maxsize=1 << 18)
def _suit_complete(counts: tuple[int, ...]) -> bool:
    total = sum(counts)
    if total % 3 == 1:
        return False
    return bool(_suit_sets_with_pair(counts) if total % 3 == 2 else _suit_sets(counts))


def _honors_complete(counts: list[int]) -> tuple[bool, int]:
    """(no tile left over, number of pairs) for the honour part.

    Counts only, as the suits are: a fifth copy (which ``regular_waits`` reports as a
    wait) is a pung and a pair.
    """
    pairs = 0
    for t in _HONORS:
        n = counts[t]
        if n in (2, 5):
            pairs += 1
        elif n not in (0, 3):
            return False, 0
    return True, pairs


def is_regular_complete(counts: list[int]) -> bool:
    """Do the counts split into sets and exactly one pair?"""
    ok, pairs = _honors_complete(counts)
    if not ok:
        return False
    for g in range(3):
        key = tuple(counts[g * SUIT_SIZE : (g + 1) * SUIT_SIZE])
        s = sum(key)
        if s % 3 == 1 or not _suit_complete(key):
            return False
        pairs += s % 3 == 2
    return pairs == 1


def _step_table() -> tuple[int, ...]:
    """``_sets_only``'s steps: ``_STEP[state + n]`` after a rank of ``n`` tiles (0-10).

    A state is ``(p1 * 3 + p2) * 11``: ``p1`` and ``p2`` chows started one and two ranks
    below, still to take a tile at this rank; ``_DEAD`` (too few tiles for them) stays.
    """
    table: list[int] = []
    for state in range(9):
        p1, p2 = divmod(state, 3)
        for n in range(_STEP_N):
            left = n - p1 - p2
            table.append(_DEAD if left < 0 else ((left % 3) * 3 + p1) * _STEP_N)
    table += [_DEAD] * _STEP_N
    return tuple(table)


_STEP_N = 11  # counts 0-10 a rank (``_suit_completions`` folds higher ones into 7-9)
_DEAD = 9 * _STEP_N
_STEP = _step_table()


def _sets_only(c: list[int]) -> bool:
    """Do these 9 counts (each 0-10) split into chows and pungs alone?

    Greedy, rank by rank: the tiles a rank has left after the chows started below it
    are pungs, but for ``left % 3`` chows started here (three equal chows use the tiles
    of three pungs, so no other choice can succeed where this one fails); the steps are
    looked up (``_STEP``), and the split succeeds when no chow is left unfinished.
    """
    state = 0
    for n in c:
        state = _STEP[state + n]
    return state == 0


def _sets_with_pair(c: list[int], weight: int) -> bool:
    """Do these 9 counts split into sets and one pair?  ``weight`` is ``sum(rank *
    count)``: a set's ranks sum to 0 mod 3, so the pair's rank ``p`` has ``2p = weight``
    (mod 3) and only the ranks ``p = 2 * weight`` (mod 3) are tried."""
    for p in range((2 * weight) % 3, SUIT_SIZE, 3):
        if c[p] >= 2:
            c[p] -= 2
            ok = _sets_only(c)
            c[p] += 2
            if ok:
                return True
    return False


@lru_cache(maxsize=1 << 18)
def _suit_completions(key: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Ranks (0-8) whose addition completes this suit: (as sets only, as sets + a pair).

    Tested with the greedy splits above rather than by listing the splits (``_suit_sets``),
    whose caches would fill with the probed counts; sets alone need ``sum(rank *
    count) = 0`` (mod 3), so only the ranks that make it so are tried for them.
    """
    sets_only: list[int] = []
    with_pair: list[int] = []
    m = (sum(key) + 1) % 3
    if m == 1:
        return (), ()
    # A count above 9 splits as the one of 7-9 equal to it mod 3: even less a pair it
    # keeps more tiles than the chows started below take (at most 4), so only its
    # residue decides.  With the probed tile the counts stay within ``_STEP``'s 0-10.
    c = list(key) if max(key) <= 9 else [n if n <= 9 else 7 + (n - 7) % 3 for n in key]
    weight = 0
    for r in range(SUIT_SIZE):
        weight += r * c[r]
    first = -weight % 3 if m == 0 else 0  # the ranks that can make sets alone
    for r in range(first, SUIT_SIZE, 3 if m == 0 else 1):
        if not any(c[max(0, r - 2) : r + 3]):
            continue  # a lone tile completes nothing
        c[r] += 1
        if m == 0:
            if _sets_only(c):
                sets_only.append(r)
        elif _sets_with_pair(c, weight + r):
            with_pair.append(r)
        c[r] -= 1
    return tuple(sets_only), tuple(with_pair)


@lru_cache(maxsize=1 << 18)
def _suit_wait_info(key: tuple[int, ...]) -> tuple[bool, int, tuple[int, ...], tuple[int, ...]]:
    """(complete as it is, pairs it holds when complete, completions as sets only,
    completions with a pair) for one suit's counts."""
    m = sum(key) % 3
    complete = m != 1 and _suit_complete(key)
    return (complete, 1 if m == 2 else 0, *_suit_completions(key))


def regular_waits(counts: list[int]) -> set[int]:
    """Tile kinds that would complete 4 sets + pair (the copies in the wall not checked).

    A wait on a fifth copy is reported, as a count-only check would; callers that care
    filter by the tiles left.
    """
    suits = (
        _suit_wait_info(tuple(counts[0:SUIT_SIZE])),
        _suit_wait_info(tuple(counts[SUIT_SIZE : 2 * SUIT_SIZE])),
        _suit_wait_info(tuple(counts[2 * SUIT_SIZE : FIRST_HONOR])),
    )
    honors = counts[FIRST_HONOR:FIRST_FLOWER]
    if 1 in honors or 4 in honors:
        bad_honors = [i for i, n in enumerate(honors) if n == 1 or n == 4]
    else:
        bad_honors = []
    honor_pairs = honors.count(2)
    incomplete = [g for g in (0, 1, 2) if not suits[g][0]]
    if bad_honors:
        incomplete.append(3)
    if len(incomplete) > 1:
        return set()
    pairs = [suits[0][1], suits[1][1], suits[2][1], honor_pairs]
    total_pairs = sum(pairs)
    waits: set[int] = set()
    for g in incomplete or range(4):
        others = total_pairs - pairs[g]
        if g < 3:
            info = suits[g]
            add = info[2] if others == 1 else info[3] if others == 0 else ()
            base = g * SUIT_SIZE
            waits.update(base + r for r in add)
            continue
        for i, n in enumerate(honors):
            # One more makes a pair (1), a pung (2) or, on a fifth copy, pung + pair (4).
            if n in (1, 2, 4) and all(b == i for b in bad_honors):
                after = honor_pairs - (n == 2) + (n != 2)
                if after + others == 1:
                    waits.add(FIRST_HONOR + i)
    return waits


def waits_on_win_only(counts: list[int], win: int) -> bool:
    """Given ``counts``, a complete 4 sets + pair holding ``win``: does the hand without
    that one ``win`` wait on ``win`` alone, as ``regular_waits(before) == {win}``?

    Only the winning tile's group lost a tile; every other group is still complete, so
    the other kinds that might complete the hand are few and known:

    - the win's group holds the pair: it is one short of sets + pair and the others are
      sets only, to which one tile more is never complete: only that group's
      completions count;
    - the pair lies elsewhere: the win's group needs its sets-only completions, and if
      it is already complete as sets + a pair, the other pair can take a third copy.

    The per-suit completions are cached by the suit's counts, so this is a look-up or
    two, without building the whole wait set.
    """
    if win >= FIRST_HONOR:
        # Honours: a pair won as a single is the only wait (the other honours are pungs
        # and the suits sets only); a pung won from two pairs always has the other pair.
        return counts[win] == 2
    base = win - win % SUIT_SIZE
    return _suit_wins_only(tuple(counts[base : base + SUIT_SIZE]), win - base)


# Memory bound: 65,536 (suit counts, rank) keys of ~250 B (the 9 counts, the key, the
# cache's link): ~16 MiB when full.
@lru_cache(maxsize=1 << 16)
def _suit_wins_only(key: tuple[int, ...], r: int) -> bool:
    """``waits_on_win_only`` for a win of rank ``r`` in a suit of counts ``key`` (the win
    included), cached by both."""
    before = list(key)
    before[r] -= 1
    key = tuple(before)
    sets_only, with_pair = _suit_completions(key)
    if sum(key) % 3 == 1:  # the win's group holds the pair
        return with_pair == (r,)
    return sets_only == (r,) and not _suit_complete(key)


def seven_pairs_wait(counts: list[int]) -> int | None:
    """The one tile a 13-tile hand of six pairs and a single waits on for 七对."""
    pairs = 0
    single = None
    for t in range(NUM_KINDS):
        n = counts[t]
        if n in (2, 3):
            pairs += 1
        elif n == 4:
            pairs += 2
        if n in (1, 3) and single is None:
            single = t
    return single if pairs == 6 else None
