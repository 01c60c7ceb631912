"""Benchmark: overall shanten of random 13-tile hands, fanshu against PyMahjongGB's C++.

Times ``fanshu.analysis.shanten.shanten(counts)`` and ``MahjongGB.MahjongShanten`` (on
pre-converted arguments: a tuple of tile codes, no packs) on the same seeded random
13-tile hands (13 tiles drawn from the 136 without replacement), in one run:

- ``cold``: the first set of ``n`` hands in a fresh process, so fanshu builds its per-suit
  tables as it goes (every new suit pattern is split once, then looked up);
- ``warm``: a second, fresh set of ``n`` hands (another seed) once the first set has
  filled the tables: the steady state of a long-running process.  New patterns still
  turn up and are built inside the timing.

The two libraries run in alternating chunks of 5,000 hands so that load from other
processes hits both alike.  Timings exclude generating and converting hands.

Run from the repository root::

    .venv/bin/python bench/bench_shanten.py            # 100,000 hands per set
    .venv/bin/python bench/bench_shanten.py --n 20000 --json
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from MahjongGB import MahjongShanten

_TESTS = str(Path(__file__).resolve().parent.parent / "tests")
if _TESTS not in sys.path:
    sys.path.insert(0, _TESTS)

from support.oracle import tile_code  # noqa: E402

# the module (``fanshu.analysis`` re-exports a function named ``shanten``)
_S: Any = importlib.import_module("fanshu.analysis.shanten")
CHUNK = 5_000


def random_hands(seed: int, n: int) -> tuple[list[list[int]], list[tuple[str, ...]]]:
    """``n`` random 13-tile hands as 34 counts (fanshu) and as tile codes (oracle)."""
    rng = random.Random(seed)
    wall = [t for t in range(34) for _ in range(4)]
    codes = [tile_code(t) for t in range(34)]
    counts, oracle = [], []
    for _ in range(n):
        tiles = sorted(rng.sample(wall, 13))
        c = [0] * 34
        for t in tiles:
            c[t] += 1
        counts.append(c)
        oracle.append(tuple(codes[t] for t in tiles))
    return counts, oracle


def _time_pair(counts: list[list[int]], oracle: list[tuple[str, ...]]) -> tuple[float, float]:
    """Seconds for fanshu and for the oracle over the same hands, in alternating chunks."""
    ours = theirs = 0.0
    shanten = _S.shanten
    for i in range(0, len(counts), CHUNK):
        block = counts[i : i + CHUNK]
        start = time.perf_counter()
        for c in block:
            shanten(c)
        ours += time.perf_counter() - start
        oblock = oracle[i : i + CHUNK]
        start = time.perf_counter()
        for h in oblock:
            MahjongShanten(pack=(), hand=h)
        theirs += time.perf_counter() - start
    return ours, theirs


def run(n: int, seed: int) -> dict[str, Any]:
    sets = {"cold": random_hands(seed, n), "warm": random_hands(seed + 1, n)}
    results: dict[str, Any] = {"n": n, "seed": seed}
    for name in ("cold", "warm"):
        counts, oracle = sets[name]
        ours, theirs = _time_pair(counts, oracle)
        mine, cpp = n / ours, n / theirs
        results[name] = {
            "fanshu_calls_per_second": round(mine, 1),
            "oracle_calls_per_second": round(cpp, 1),
            "fanshu_over_oracle": round(mine / cpp, 3),
        }
    sample = range(0, n, max(1, n // 2000))
    mismatches = sum(
        _S.shanten(counts[i]) != MahjongShanten(pack=(), hand=oracle[i]) for i in sample
    )
    results["checked"] = len(sample)
    results["mismatches"] = mismatches
    results["suit_patterns_built"] = len(_S._suit_infos)
    return results


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("--n", type=int, default=100_000, help="hands per set (default 100000)")
    p.add_argument("--seed", type=int, default=20261129, help="generator seed")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    ns = p.parse_args(argv)
    results = run(ns.n, ns.seed)
    if ns.json:
        print(json.dumps(results, indent=2))
        return 0
    print(f"overall shanten of {ns.n:,} random 13-tile hands per set, seed {ns.seed}")
    for name in ("cold", "warm"):
        r = results[name]
        print(
            f"  {name:<5} fanshu {r['fanshu_calls_per_second']:>10,.0f} calls/s   "
            f"oracle {r['oracle_calls_per_second']:>10,.0f} calls/s   "
            f"fanshu/oracle {r['fanshu_over_oracle']:.2f}"
        )
    print(f"  spot check: {results['mismatches']} of {results['checked']} disagree")
    return 0 if results["mismatches"] == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
