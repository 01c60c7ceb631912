"""Wildcards (百搭 / 赖子): what the wild tiles of a hand can stand for.

A rule set with wildcards names one tile kind wild for each hand
(``WinContext.wildcard``).  The copies of that kind among the concealed tiles and the
winning tile are *wild*: each may stand for any tile kind in ``stands_for`` (every kind
unless the rule set says otherwise), itself included, as long as no kind ends up with
more than four copies.  Melds are written as the tiles they are, so a wild tile inside
a meld is not wild any more.

A :class:`Filling` is one way to read the wild tiles that completes the hand in one of
the given shapes; :func:`fillings` lists them all, and a rule set scores each concrete
hand and keeps the best.

>>> from fanshu.notation import parse_hand
>>> h = parse_hand("12345m456p789s1sCC").with_context(wildcard="C")
>>> sorted(str(f.hand) for f in fillings(h))  # 中 is wild; the last 中 is the winning tile
['123345m456p1789s1s', '123456m456p1789s1s', '12345m456p11789s3m', '12345m456p11789s6m']
>>> fillings(h)[0].stood_for, fillings(h)[0].winning
((<Tile.S1: 9>,), <Tile.M3: 2>)
>>> is_complete(counts_of_hand(h), 31, melds=0)
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations_with_replacement, product

from fanshu.hand import Hand
from fanshu.i18n import msg
from fanshu.shapes import THIRTEEN_ORPHANS_KINDS, is_regular_complete
from fanshu.tiles import NUM_KINDS, TILES, Tile

__all__ = [
    "ANY_KIND",
    "MAX_WILDCARDS",
    "REGULAR_AND_PAIRS",
    "SHAPES",
    "Filling",
    "counts_of_hand",
    "fill_counts",
    "fillings",
    "is_complete",
    "wild_count",
]

#: A hand holds at most four copies of the wild kind.
MAX_WILDCARDS = 4
#: A wildcard may stand for every kind unless the rule set narrows it.
ANY_KIND: frozenset[int] = frozenset(range(NUM_KINDS))
#: The shapes a wildcard may complete: 4 sets + pair, 七对, 十三幺.
SHAPES = ("regular", "seven_pairs", "thirteen_orphans")
REGULAR_AND_PAIRS = ("regular", "seven_pairs")


@dataclass(frozen=True, slots=True)
class Filling:
    """One reading of a hand's wild tiles.

    ``stood_for`` is what each wild concealed tile stood for (sorted by kind), then
    ``winning`` what the winning tile stood for when it was wild (else None); ``hand``
    is the concrete hand, each wild tile replaced (its context still names the
    wildcard, so a rule set can count the wild tiles held).
    """

    stood_for: tuple[Tile, ...]
    winning: Tile | None
    hand: Hand

    def __reduce__(self) -> tuple[type[Filling], tuple[tuple[Tile, ...], Tile | None, Hand]]:
        """Pickled and copied through the constructor, as ``hand.Meld`` is (the compiled
        build's frozen dataclasses cannot restore their fields otherwise)."""
        return (Filling, (self.stood_for, self.winning, self.hand))

    def shown(self) -> dict[str, object] | None:
        """What a result's ``details["wildcards"]`` says of this reading:
        ``{"kind", "stood_for", "winning"}`` as tile codes; None without a wildcard.

        >>> from fanshu.notation import parse_hand
        >>> fillings(parse_hand("12345m456p789s1sCC").with_context(wildcard="C"))[0].shown()
        {'kind': 'C', 'stood_for': ['1s'], 'winning': '3m'}
        """
        wild = self.hand.context.wildcard
        if wild is None:
            return None
        return {
            "kind": wild.code,
            "stood_for": [t.code for t in self.stood_for],
            "winning": None if self.winning is None else self.winning.code,
        }

    @property
    def natural(self) -> bool:
        """Every wild tile stood for itself (the hand is complete as it is)."""
        wild = self.hand.context.wildcard
        return all(t == wild for t in self.stood_for) and self.winning in (None, wild)


def wild_count(counts: Sequence[int], wildcard: int | None) -> int:
    """Copies of the wild kind in ``counts`` (0 without a wildcard)."""
    return 0 if wildcard is None else counts[wildcard]


def counts_of_hand(hand: Hand) -> list[int]:
    """Counts of the concealed tiles and the winning tile (melds left out)."""
    c = [0] * NUM_KINDS
    for t in hand.concealed_with_winning:
        c[t] += 1
    return c


def _complete(counts: list[int], melds: int, shapes: Iterable[str]) -> bool:
    for shape in shapes:
        if shape == "regular":
            if sum(counts) == 14 - 3 * melds and is_regular_complete(counts):
                return True
        elif shape == "seven_pairs":
            if melds == 0 and sum(counts) == 14 and all(n % 2 == 0 for n in counts):
                return True
        elif shape == "thirteen_orphans":
            if melds == 0 and sum(counts) == 14:
                kinds = [t for t in range(NUM_KINDS) if counts[t]]
                if sorted(kinds) == list(THIRTEEN_ORPHANS_KINDS):
                    return True
        else:
            raise ValueError(
                msg("unknown shape {shape!r}; known: {known}", shape=shape, known=", ".join(SHAPES))
            )
    return False


# -- the table-driven reading --------------------------------------------------------
#
# A group is one suit (9 kinds, chows allowed) or the honours (7 kinds).  For a group's
# counts, the room a wild tile has on each of its kinds, a number j of wild tiles and
# whether the group holds the pair, the table lists every way (added counts per kind)
# to add j tiles that makes the group sets only (or sets and the pair).  The regular
# shape shares the wild tiles out over the four groups and picks the group of the pair;
# 七对 and 十三幺 are read by counting.

_GROUPS = ((0, 9, True), (9, 9, True), (18, 9, True), (27, 7, False))
_ORPHAN_KINDS = tuple(sorted(THIRTEEN_ORPHANS_KINDS))

_sets_memo: dict[tuple[tuple[int, ...], bool, bool], bool] = {}


def _sets(c: tuple[int, ...], chows: bool, pair: bool) -> bool:
    """Do a group's counts split into sets (and exactly one pair when ``pair``)?"""
    key = (c, chows, pair)
    got = _sets_memo.get(key)
    if got is not None:
        return got
    i = 0
    while i < len(c) and not c[i]:
        i += 1
    if i == len(c):
        ok = not pair
    else:
        lc = list(c)
        ok = False
        if c[i] >= 3:
            lc[i] -= 3
            ok = _sets(tuple(lc), chows, pair)
            lc[i] += 3
        if not ok and pair and c[i] >= 2:
            lc[i] -= 2
            ok = _sets(tuple(lc), chows, False)
            lc[i] += 2
        if not ok and chows and i + 2 < len(c) and c[i + 1] and c[i + 2]:
            lc[i] -= 1
            lc[i + 1] -= 1
            lc[i + 2] -= 1
            ok = _sets(tuple(lc), chows, pair)
    _sets_memo[key] = ok
    return ok


_Completions = tuple[tuple[int, ...], ...]  # the kinds (0-33) added, sorted, each way
_completions_memo: dict[tuple[tuple[int, ...], tuple[int, ...], int, int, bool], _Completions] = {}


def _completions(
    key: tuple[int, ...], room: tuple[int, ...], start: int, j: int, chows: bool, pair: bool
) -> _Completions:
    """Every multiset of ``j`` kinds of the group starting at kind ``start`` (at most
    ``room[i]`` of its kind ``i``) whose addition completes the group."""
    if (sum(key) + j) % 3 != (2 if pair else 0):
        return ()
    mkey = (key, room, start, j, pair)
    got = _completions_memo.get(mkey)
    if got is not None:
        return got
    out = []
    kinds = [i for i, r in enumerate(room) if r]
    for combo in combinations_with_replacement(kinds, j):
        c = list(key)
        for i in combo:
            c[i] += 1
        if all(c[i] - key[i] <= room[i] for i in combo) and _sets(tuple(c), chows, pair):
            out.append(tuple(start + i for i in combo))
    got = tuple(out)
    _completions_memo[mkey] = got
    return got


def _shares(w: int, groups: int) -> list[tuple[int, ...]]:
    """Every way to share ``w`` wild tiles out over ``groups`` groups."""
    if groups == 1:
        return [(w,)]
    return [(j, *rest) for j in range(w + 1) for rest in _shares(w - j, groups - 1)]


def _regular_fills(
    base: list[int], room: list[int], w: int, first_only: bool
) -> set[tuple[int, ...]]:
    out: set[tuple[int, ...]] = set()
    keys = [(tuple(base[a : a + n]), tuple(room[a : a + n]), a, chows) for a, n, chows in _GROUPS]
    for share in _shares(w, 4):
        for pair_group in range(4):
            parts = []
            for g, (key, rm, a, chows) in enumerate(keys):
                got = _completions(key, rm, a, share[g], chows, g == pair_group)
                if not got:
                    break
                parts.append(got)
            else:
                for combo in product(*parts):
                    out.add(tuple(sorted(k for part in combo for k in part)))
                    if first_only:
                        return out
    return out


def _seven_pairs_fills(base: list[int], room: list[int], w: int) -> set[tuple[int, ...]]:
    odd = [t for t in range(NUM_KINDS) if base[t] & 1]
    if len(odd) > w or (w - len(odd)) % 2 or any(not room[t] for t in odd):
        return set()
    c = list(base)
    for t in odd:
        c[t] += 1
    # the rest go two by two onto kinds with room for two more
    pairs = (w - len(odd)) // 2
    open_kinds = [t for t in range(NUM_KINDS) if room[t] - (c[t] - base[t]) >= 2]
    out: set[tuple[int, ...]] = set()
    for combo in combinations_with_replacement(open_kinds, pairs):
        if all(c[t] + 2 * combo.count(t) <= 4 for t in combo):
            out.add(tuple(sorted([*odd, *combo, *combo])))
    return out


def _thirteen_orphans_fills(base: list[int], room: list[int], w: int) -> set[tuple[int, ...]]:
    if any(base[t] for t in range(NUM_KINDS) if t not in _ORPHAN_KINDS):
        return set()
    if any(base[t] > 2 for t in _ORPHAN_KINDS) or sum(base[t] == 2 for t in _ORPHAN_KINDS) > 1:
        return set()
    missing = [t for t in _ORPHAN_KINDS if not base[t]]
    if any(not room[t] for t in missing):
        return set()
    has_pair = any(base[t] == 2 for t in _ORPHAN_KINDS)
    if has_pair:
        return {tuple(missing)} if w == len(missing) else set()
    if w != len(missing) + 1:
        return set()
    # the one more makes the pair: on a kind held once, or a second on a missing one
    return {tuple(sorted([*missing, t])) for t in _ORPHAN_KINDS if room[t] >= 1 + (t in missing)}


def _fills(
    counts: Sequence[int],
    wildcard: int,
    melds: int,
    shapes: Sequence[str],
    stands_for: frozenset[int],
    first_only: bool,
) -> set[tuple[int, ...]]:
    w = counts[wildcard]
    base = list(counts)
    base[wildcard] = 0
    out: set[tuple[int, ...]] = set()
    for shape in shapes:
        if shape not in SHAPES:
            raise ValueError(
                msg("unknown shape {shape!r}; known: {known}", shape=shape, known=", ".join(SHAPES))
            )
    if sum(counts) != 14 - 3 * melds or w > MAX_WILDCARDS or not stands_for:
        return out
    room = [4 - base[t] if t in stands_for else 0 for t in range(NUM_KINDS)]
    for shape in shapes:
        if shape == "regular":
            out |= _regular_fills(base, room, w, first_only)
        elif melds:
            continue
        elif shape == "seven_pairs":
            out |= _seven_pairs_fills(base, room, w)
        else:
            out |= _thirteen_orphans_fills(base, room, w)
        if first_only and out:
            break
    return out


def fill_counts(
    counts: Sequence[int],
    wildcard: int,
    *,
    melds: int,
    shapes: Sequence[str] = REGULAR_AND_PAIRS,
    stands_for: frozenset[int] = ANY_KIND,
) -> list[tuple[int, ...]]:
    """Every multiset of kinds (a sorted tuple, the list sorted) the wild copies in
    ``counts`` can stand for so that the counts are complete in one of ``shapes``.

    Read from per-group tables (see above), not by trying every multiset; the result is
    the same as trying them all (``tests/support/wild_brute.py`` checks it).

    >>> from fanshu.notation import parse_tiles
    >>> from fanshu.shapes import counts_of
    >>> fill_counts(counts_of(parse_tiles("123m456p789s11sECC")), 31, melds=0)  # 1s+E or E+E
    [(9, 27), (27, 27)]
    """
    if not counts[wildcard]:
        return [()] if _complete(list(counts), melds, shapes) else []
    return sorted(_fills(counts, wildcard, melds, shapes, stands_for, first_only=False))


def is_complete(
    counts: Sequence[int],
    wildcard: int | None,
    *,
    melds: int,
    shapes: Sequence[str] = REGULAR_AND_PAIRS,
    stands_for: frozenset[int] = ANY_KIND,
) -> bool:
    """Can the wild copies in ``counts`` complete it in one of ``shapes``?"""
    if wildcard is None or not counts[wildcard]:
        return _complete(list(counts), melds, shapes)
    return bool(_fills(counts, wildcard, melds, shapes, stands_for, first_only=True))


def fillings(
    hand: Hand,
    *,
    shapes: Sequence[str] = REGULAR_AND_PAIRS,
    stands_for: frozenset[int] = ANY_KIND,
) -> list[Filling]:
    """Every reading of the hand's wild tiles that completes it, each as a concrete hand.

    A hand without a wildcard, or without wild tiles, has one filling when it is
    complete (itself) and none otherwise.  When the winning tile is wild, each kind it
    may stand for gives its own filling (单吊 on 5m and a pung of 5m are different wins).
    """
    wild = hand.context.wildcard
    counts = counts_of_hand(hand)
    melds = len(hand.melds)
    if wild is None or not counts[wild]:
        ok = _complete(counts, melds, shapes)
        return [Filling((), None, hand)] if ok else []
    out: list[Filling] = []
    seen: set[tuple[tuple[int, ...], int | None]] = set()
    winning_wild = hand.winning_tile == wild
    natural = [t for t in hand.concealed if t != wild]
    # the fillings come from the concealed counts; a kind melded too must stay within
    # four copies in all (``fill_counts`` does not see the melds' tiles)
    in_all = list(counts)
    in_all[wild] = 0
    for meld in hand.melds:
        for t in meld.tiles:
            in_all[t] += 1
    for kinds in fill_counts(counts, wild, melds=melds, shapes=shapes, stands_for=stands_for):
        if any(in_all[k] + kinds.count(k) > 4 for k in set(kinds)):
            continue  # a fifth copy of a melded kind
        choices: Iterable[int | None] = sorted(set(kinds)) if winning_wild else (None,)
        for win in choices:
            rest = list(kinds)
            if win is not None:
                rest.remove(win)
            key = (tuple(rest), win)
            if key in seen:
                continue
            seen.add(key)
            concealed = tuple(sorted((*natural, *(TILES[k] for k in rest))))
            winning = TILES[win] if win is not None else hand.winning_tile
            concrete = Hand(concealed, hand.melds, winning, hand.context)
            out.append(
                Filling(
                    tuple(TILES[k] for k in rest),
                    None if win is None else TILES[win],
                    concrete,
                )
            )
    return out
