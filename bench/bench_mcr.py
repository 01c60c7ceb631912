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

_CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}
_clock = time.perf_counter


def _time(fn: Callable[[], object]) -> float:
    start = _clock()
    fn()
    return _clock() - start


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


def run(
    n: int, seed: int, warmup: int = 20_000, rounds: int = 2, chunk: int = 500, clock: str = "wall"
) -> dict[str, Any]:
    """Time fanshu and the oracle on the same hands; every fanshu pass sees fresh hands.

    The pattern caches (suit splits, tile-set fans, set combinations) are warmed on
    ``warmup`` hands of another seed first, so the timings show a process in steady
    state without replaying the timed hands.  Each round scores one fresh set of ``n``
    hands with ``score_hand`` and another with ``fanshu.score``, and each set with the
    oracle too, in alternating chunks of ``chunk`` hands (ours, then the oracle's on the
    same hands), so that load from other processes hits both alike.  ``clock`` is
    ``wall`` (elapsed time) or ``cpu`` (this process's CPU time: on a machine shared with
    busy processes, the time spent waiting for a core is left out of both).
    """
    global _clock
    _clock = _CLOCKS[clock]
    for h in winning_hands(seed=seed + 1, n=warmup):
        text, kwargs = _string_call(h)
        fanshu.score(text, **kwargs)

    def by_hand(hands: list[Hand]) -> Callable[[], object]:
        def go() -> None:
            for h in hands:
                score_hand(h, DEFAULT_OPTIONS)

        return go

    def by_string(hands: list[Hand]) -> Callable[[], object]:
        calls = [_string_call(h) for h in hands]

        def go() -> None:
            for text, kwargs in calls:
                fanshu.score(text, **kwargs)

        return go

    def by_oracle(hands: list[Hand]) -> Callable[[], object]:
        calls = [oracle_args(h) for h in hands]

        def go() -> None:
            for a in calls:
                oracle_raw(a)

        return go

    ours: dict[str, float] = {"fanshu.score_hand": 0.0, "fanshu.score": 0.0}
    theirs: dict[str, float] = dict.fromkeys(ours, 0.0)
    set_seed = seed
    for _ in range(rounds):
        for name, runner in (("fanshu.score_hand", by_hand), ("fanshu.score", by_string)):
            hands = list(winning_hands(seed=set_seed, n=n))
            set_seed += 1000
            for start in range(0, n, chunk):
                part = hands[start : start + chunk]
                ours[name] += _time(runner(part))
                theirs[name] += _time(by_oracle(part))

    total = n * rounds
    results: dict[str, Any] = {
        "n": n,
        "rounds": rounds,
        "seed": seed,
        "warmup_hands": warmup,
        "chunk": chunk,
        "clock": clock,
    }
    for name in ours:
        mine, oracle = total / ours[name], total / theirs[name]
        results[name] = {
            "hands_per_second": round(mine, 1),
            "oracle_hands_per_second": round(oracle, 1),
            "oracle_over_fanshu": round(oracle / mine, 2),
        }
    return results


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("--n", type=int, default=20_000, help="hands to score (default 20000)")
    p.add_argument("--seed", type=int, default=20261129, help="generator seed")
    p.add_argument(
        "--warmup",
        type=int,
        default=20_000,
        help="hands of another seed scored first to fill the pattern caches (default 20000)",
    )
    p.add_argument("--rounds", type=int, default=2, help="fresh hand sets per runner")
    p.add_argument(
        "--chunk", type=int, default=500, help="hands per alternating timed chunk (default 500)"
    )
    p.add_argument(
        "--clock",
        choices=sorted(_CLOCKS),
        default="wall",
        help="wall: elapsed time (default); cpu: this process's CPU time",
    )
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    ns = p.parse_args(argv)
    results = run(ns.n, ns.seed, ns.warmup, ns.rounds, max(1, ns.chunk), ns.clock)
    if ns.json:
        print(json.dumps(results, indent=2))
        return 0
    print(
        f"{ns.rounds} x {ns.n} hands per runner from seed {ns.seed}, "
        f"after {ns.warmup} warm-up hands of seed {ns.seed + 1}, "
        f"timed in alternating chunks of {max(1, ns.chunk)} ({ns.clock} clock)"
    )
    for name in ("fanshu.score_hand", "fanshu.score"):
        r = results[name]
        print(
            f"  {name:<18} {r['hands_per_second']:>10,.0f} hands/s   oracle on the same hands "
            f"{r['oracle_hands_per_second']:>10,.0f} hands/s   ratio 1/{r['oracle_over_fanshu']}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
