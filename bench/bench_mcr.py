"""Benchmark: MCR scoring throughput of fanshu against the PyMahjongGB C++ calculator.

Scores the same seeded set of random legal winning hands three ways, in one run:

- ``fanshu.score_hand``: ``score_hand(hand, options)`` on pre-built ``Hand`` objects;
- ``fanshu.score``: the public call on hand strings (parsing and validation included);
- ``oracle``: ``MahjongGB.MahjongFanCalculator`` on pre-converted arguments.

Run from the repository root::

    .venv/bin/python bench/bench_mcr.py            # 20,000 hands
    .venv/bin/python bench/bench_mcr.py --n 5000 --json
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import fanshu
from fanshu.hand import Hand
from fanshu.rules.mcr.evaluate import score_hand
from fanshu.rules.mcr.options import DEFAULT_OPTIONS
from fanshu.sampling import winning_hands

_TESTS = str(Path(__file__).resolve().parent.parent / "tests")
if _TESTS not in sys.path:
    sys.path.insert(0, _TESTS)

from support.oracle import oracle_args, oracle_raw  # noqa: E402


def _time(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def _string_call(h: Hand) -> tuple[str, dict[str, Any]]:
    c = h.context
    kwargs = {
        "self_drawn": c.self_drawn,
        "fourth_tile": c.fourth_tile,
        "kong": c.kong,
        "wall_last": c.wall_last,
        "seat_wind": c.seat_wind,
        "prevalent_wind": c.prevalent_wind,
        "flowers": c.flowers,
    }
    return str(h), kwargs


def run(n: int, seed: int) -> dict[str, Any]:
    start = time.perf_counter()
    hands = list(winning_hands(seed=seed, n=n))
    gen_s = time.perf_counter() - start
    strings = [_string_call(h) for h in hands]
    args = [oracle_args(h) for h in hands]

    def by_hand() -> None:
        for h in hands:
            score_hand(h, DEFAULT_OPTIONS)

    def by_string() -> None:
        for text, kwargs in strings:
            fanshu.score(text, **kwargs)

    def by_oracle() -> None:
        for a in args:
            oracle_raw(a)

    # Warm the pattern caches (suit splits, tile-set fans, set combinations) on other
    # hands first, so the timed pass shows steady state without replaying these hands.
    for h in winning_hands(seed=seed + 1, n=min(n, 5_000)):
        text, kwargs = _string_call(h)
        fanshu.score(text, **kwargs)

    results: dict[str, Any] = {"n": n, "seed": seed, "generate_s": round(gen_s, 3)}
    for name, fn in (("fanshu.score_hand", by_hand), ("fanshu.score", by_string),
                     ("oracle", by_oracle)):  # fmt: skip
        try:
            secs = _time(fn)
        except NotImplementedError:
            results[name] = None
            continue
        results[name] = {"seconds": round(secs, 3), "hands_per_second": round(n / secs, 1)}
    oracle = results["oracle"]
    for name in ("fanshu.score_hand", "fanshu.score"):
        ours = results[name]
        if ours is not None and oracle is not None:
            ours["oracle_over_fanshu"] = round(
                oracle["hands_per_second"] / ours["hands_per_second"], 2
            )
    return results


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("--n", type=int, default=20_000, help="hands to score (default 20000)")
    p.add_argument("--seed", type=int, default=20261129, help="generator seed")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    ns = p.parse_args(argv)
    results = run(ns.n, ns.seed)
    if ns.json:
        print(json.dumps(results, indent=2))
        return 0
    print(f"{ns.n} hands, seed {ns.seed} (generated in {results['generate_s']:.2f} s)")
    for name in ("fanshu.score_hand", "fanshu.score", "oracle"):
        r = results[name]
        if r is None:
            print(f"  {name:<18} not available (NotImplementedError)")
            continue
        ratio = r.get("oracle_over_fanshu")
        extra = f"  (oracle is {ratio}x faster)" if ratio is not None else ""
        print(f"  {name:<18} {r['hands_per_second']:>12,.0f} hands/s  "
              f"{r['seconds']:>8.3f} s{extra}")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
