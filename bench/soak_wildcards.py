"""Soak: wild tiles (百搭/赖子) in fanshu.wild and fanshu.analysis.wildcards against brute force.

Random hands with 1-4 copies of a random wild kind (half built from sets so that wins and
ready hands are common), 0-2 melds now and then, a random choice of shapes and sometimes
a narrowed ``stands_for``.  Even-numbered hands have 14 tiles: ``fill_counts`` and
``is_complete`` are compared with the brute force.  Odd-numbered hands have 13 tiles:
``shanten`` always, ``useful_tiles`` on a share of them (the brute force of useful tiles
is 34 shanten brute forces: every hand with 1 wild tile, 1 in 5 with 2, 1 in 25 with 3,
1 in 50 with 4).

The brute force (``tests/support/wild_brute.py``) replaces the wild tiles by every
multiset of kinds, group by group: each suit and the honours try every multiset of
the wild tiles given to them and are judged by the natural code alone
(``fanshu.analysis.shanten``'s group vectors, ``fanshu.shapes.is_regular_complete``);
the distinct judgements of the groups are combined in every way.  A sample is also
checked against the plain brute force that substitutes the whole hand at once (every
50th hand with 1-2 wild tiles, every 250th with 3, every 1000th with 4).  Each hand of
that sample with 14 tiles also times ``fill_counts`` + ``is_complete`` against the
reference reading that was on main before (53de485: every multiset tried), in the same
run.

    nice -n 10 .venv/bin/python bench/soak_wildcards.py --hands 50000 --seed 1

prints progress every 5,000 hands and one summary line; exits 1 on any mismatch.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

_ROOT = Path(__file__).resolve().parent.parent
if str(_ROOT / "tests") not in sys.path:
    sys.path.insert(0, str(_ROOT / "tests"))

from fanshu import wild  # noqa: E402
from fanshu.analysis import wildcards  # noqa: E402
from fanshu.shapes import THIRTEEN_ORPHANS_KINDS, is_regular_complete  # noqa: E402
from fanshu.tiles import NUM_KINDS  # noqa: E402
from support import wild_brute as brute  # noqa: E402

SHAPE_CHOICES: tuple[tuple[str, ...], ...] = (
    ("regular", "seven_pairs"),
    ("regular", "seven_pairs"),
    ("regular",),
    ("regular", "seven_pairs", "thirteen_orphans"),
    ("regular", "thirteen_orphans"),
)
USEFUL_EVERY = {1: 1, 2: 5, 3: 25, 4: 50}
PLAIN_EVERY = {1: 50, 2: 50, 3: 250, 4: 1000}


def reference_fill_counts(
    counts: Sequence[int],
    wildcard: int,
    melds: int,
    shapes: Sequence[str],
    stands_for: frozenset[int],
) -> list[tuple[int, ...]]:
    """fanshu.wild.fill_counts as it was at 53de485 (every multiset tried), for the timing."""
    from itertools import combinations_with_replacement

    w = counts[wildcard]
    base = list(counts)
    base[wildcard] = 0
    out = []
    for kinds in combinations_with_replacement(sorted(stands_for), w):
        c = list(base)
        for k in kinds:
            c[k] += 1
        if max(c) > 4:
            continue
        if _reference_complete(c, melds, shapes):
            out.append(kinds)
    return out


def _reference_complete(counts: list[int], melds: int, shapes: Sequence[str]) -> bool:
    for shape in shapes:
        if shape == "regular":
            if sum(counts) == 14 - 3 * melds and is_regular_complete(counts):
                return True
        elif shape == "seven_pairs":
            if melds == 0 and sum(counts) == 14 and all(n % 2 == 0 for n in counts):
                return True
        elif shape == "thirteen_orphans" and melds == 0 and sum(counts) == 14:
            kinds = [t for t in range(NUM_KINDS) if counts[t]]
            if sorted(kinds) == list(THIRTEEN_ORPHANS_KINDS):
                return True
    return False


def brute_useful(
    counts: list[int], melds: int, wildcard: int, shapes: Sequence[str], stands_for: frozenset[int]
) -> frozenset[int]:
    now = brute.grouped_shanten(counts, melds, wildcard, shapes, stands_for)
    out = set()
    for t in range(NUM_KINDS):
        if counts[t] >= 4:
            continue
        counts[t] += 1
        if brute.grouped_shanten(counts, melds, wildcard, shapes, stands_for) < now:
            out.add(t)
        counts[t] -= 1
    return frozenset(out)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("--hands", type=int, default=100_000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--progress", type=int, default=5000)
    ns = p.parse_args()
    rng = random.Random(ns.seed)
    started = time.monotonic()
    tally = dict.fromkeys(
        (
            "win",
            "wins",
            "shanten",
            "useful",
            "plain",
            "mismatch",
            "by_w1",
            "by_w2",
            "by_w3",
            "by_w4",
        ),
        0,
    )
    timing = {w: [0.0, 0.0, 0.0] for w in range(1, 5)}  # fast s, reference s, hands
    for i in range(ns.hands):
        wildcard = rng.randrange(NUM_KINDS)
        w = rng.randint(1, 4)
        tally[f"by_w{w}"] += 1
        melds = rng.choice((1, 2)) if rng.random() < 0.25 else 0
        shapes = rng.choice(SHAPE_CHOICES)
        stands_for = brute.ANY
        if rng.random() < 0.15:
            stands_for = frozenset(rng.sample(range(NUM_KINDS), rng.randint(6, 20)))
        make = brute.near_complete_hand if rng.random() < 0.6 else brute.random_hand
        plain_every = PLAIN_EVERY[w]
        plain = bool(plain_every) and i % plain_every < 2
        if i % 2 == 0:
            c = make(rng, 14 - 3 * melds, wildcard, w)
            got = wild.fill_counts(c, wildcard, melds=melds, shapes=shapes, stands_for=stands_for)
            done = wild.is_complete(c, wildcard, melds=melds, shapes=shapes, stands_for=stands_for)
            want = brute.grouped_fill_counts(c, wildcard, melds, shapes, stands_for)
            tally["win"] += 1
            tally["wins"] += bool(want)
            bad = got != want or done != bool(want)
            if plain:
                tally["plain"] += 1
                t0 = time.perf_counter()
                wild.fill_counts(c, wildcard, melds=melds, shapes=shapes, stands_for=stands_for)
                wild.is_complete(c, wildcard, melds=melds, shapes=shapes, stands_for=stands_for)
                t1 = time.perf_counter()
                ref = reference_fill_counts(c, wildcard, melds, shapes, stands_for)
                bool(ref)  # the reference is_complete is fill_counts again
                ref2 = reference_fill_counts(c, wildcard, melds, shapes, stands_for)
                t2 = time.perf_counter()
                timing[w][0] += t1 - t0
                timing[w][1] += t2 - t1
                timing[w][2] += 1
                bad = bad or ref != want or ref2 != want
                bad = bad or brute.fill_counts(c, wildcard, melds, shapes, stands_for) != want
        else:
            c = make(rng, 13 - 3 * melds, wildcard, w)
            try:
                want_s: int | None = brute.grouped_shanten(c, melds, wildcard, shapes, stands_for)
            except ValueError:
                want_s = None  # the wild tiles cannot all be placed (narrow stands_for)
            try:
                got_s: int | None = wildcards.shanten(
                    c, melds, wildcard, shapes=shapes, stands_for=stands_for
                )
            except ValueError:
                got_s = None
            tally["shanten"] += 1
            bad = got_s != want_s
            if want_s is not None and i // 2 % USEFUL_EVERY[w] == 0:
                tally["useful"] += 1
                got_u = wildcards.useful_tiles(
                    c, melds, wildcard, shapes=shapes, stands_for=stands_for
                )
                bad = bad or got_u != brute_useful(c, melds, wildcard, shapes, stands_for)
            if plain and want_s is not None:
                tally["plain"] += 1
                bad = bad or brute.shanten(c, melds, wildcard, shapes, stands_for) != want_s
        if bad:
            tally["mismatch"] += 1
            if tally["mismatch"] <= 10:
                print(
                    f"MISMATCH hand {i}: counts={c} melds={melds} wild={wildcard} "
                    f"shapes={shapes} stands_for={sorted(stands_for)}",
                    flush=True,
                )
        if ns.progress and (i + 1) % ns.progress == 0:
            print(
                f"{i + 1} hands, {tally['mismatch']} mismatches, "
                f"{time.monotonic() - started:.0f} s",
                flush=True,
            )
    took = time.monotonic() - started
    ratios = " ".join(
        f"w{w}:{t[1] / t[0]:.0f}x(n={t[2]:.0f})" for w, t in timing.items() if t[0] > 0
    )
    print(
        f"seed {ns.seed}: {ns.hands} hands (1-4 wild: {tally['by_w1']}/{tally['by_w2']}/"
        f"{tally['by_w3']}/{tally['by_w4']}); win checks {tally['win']} "
        f"({tally['wins']} complete), "
        f"shanten {tally['shanten']}, useful tiles {tally['useful']}, plain brute force "
        f"{tally['plain']}; {tally['mismatch']} mismatches; {took:.0f} s; "
        f"fill_counts+is_complete vs reference: {ratios}",
        flush=True,
    )
    return 1 if tally["mismatch"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
