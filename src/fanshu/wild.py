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
from itertools import combinations_with_replacement

from fanshu.hand import Hand
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
            raise ValueError(f"unknown shape {shape!r}; known: {', '.join(SHAPES)}")
    return False


def fill_counts(
    counts: Sequence[int],
    wildcard: int,
    *,
    melds: int,
    shapes: Sequence[str] = REGULAR_AND_PAIRS,
    stands_for: frozenset[int] = ANY_KIND,
) -> list[tuple[int, ...]]:
    """Every multiset of kinds (a sorted tuple) the wild copies in ``counts`` can stand
    for so that the counts are complete in one of ``shapes``.

    The reference reading: every multiset is tried.  (Exact, and slow with four.)
    """
    w = counts[wildcard]
    base = list(counts)
    base[wildcard] = 0
    out: list[tuple[int, ...]] = []
    for kinds in combinations_with_replacement(sorted(stands_for), w):
        c = list(base)
        for k in kinds:
            c[k] += 1
        if max(c) > 4:
            continue
        if _complete(c, melds, shapes):
            out.append(kinds)
    return out


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
    return bool(fill_counts(counts, wildcard, melds=melds, shapes=shapes, stands_for=stands_for))


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
    for kinds in fill_counts(counts, wild, melds=melds, shapes=shapes, stands_for=stands_for):
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
