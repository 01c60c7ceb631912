"""Soak: fanshu's MCR scorer against PyMahjongGB on many seeded random winning hands.

The differential test in the suite checks 20,000 hands; this runs as many as asked, on
demand::

    .venv/bin/python bench/soak_mcr.py --seed 7 --n 200000

It prints the number of hands whose total or fan multiset differ (and the first few).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

_TESTS = str(Path(__file__).resolve().parent.parent / "tests")
if _TESTS not in sys.path:
    sys.path.insert(0, _TESTS)

from fanshu.sampling import winning_hands  # noqa: E402
from support.oracle import oracle_score, ours  # noqa: E402


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--n", type=int, default=200_000)
    ns = p.parse_args()
    started = time.monotonic()
    bad = 0
    for hand in winning_hands(seed=ns.seed, n=ns.n):
        theirs, mine = oracle_score(hand), ours(hand)
        if theirs != mine:
            bad += 1
            if bad <= 5:
                print(f"{hand} {hand.context}\n  oracle {theirs}\n  fanshu {mine}")
    took = time.monotonic() - started
    print(f"seed {ns.seed}: {bad} of {ns.n} hands differ from the oracle ({took:.0f} s)")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
