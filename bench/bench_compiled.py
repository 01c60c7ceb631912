"""Benchmark: the compiled build (mypyc) of fanshu against the PyMahjongGB C++ scorer.

The same run as bench/bench_mcr.py (its hands, its timing, imported from it), on the
fanshu this interpreter imports, which must be the compiled build: ``fanshu.score(str)``
and ``score_hand(Hand)`` each against ``MahjongGB.MahjongFanCalculator`` on the same
hands, interleaved.  With ``--pure PYTHON`` the pure-Python fanshu of that interpreter
runs the same bench right after, so both ratios come from one run of this script.

Run from the repository root (``make bench-compiled`` builds .venv/compiled first)::

    PYTHONPATH=.venv/compiled .venv/bin/python bench/bench_compiled.py       # 20,000 hands
    PYTHONPATH=.venv/compiled .venv/bin/python bench/bench_compiled.py \
        --pure .venv/bin/python --n 5000
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import fanshu
import fanshu.compiled

BENCH = Path(__file__).resolve().parent
if str(BENCH) not in sys.path:
    sys.path.insert(0, str(BENCH))

from bench_mcr import run  # noqa: E402  the hands and the timing of bench_mcr.py

RUNNERS = ("fanshu.score", "fanshu.score_hand")


def _pure(python: str, n: int, seed: int, warmup: int, rounds: int, clock: str) -> dict[str, Any]:
    """bench_mcr.py's results from another interpreter (its fanshu must be pure Python).

    Its environment is this one's without ``PYTHONPATH``: the compiled build may be the
    folder that ``make compiled`` puts first on this run's path (``pip install --target``).
    """
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    probe = subprocess.run(
        [python, "-c", "import fanshu.compiled as c; print(c.ACTIVE)"],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    if probe.stdout.strip() != "False":
        raise SystemExit(f"--pure {python}: its fanshu is not pure Python")
    sizes = ["--n", str(n), "--seed", str(seed), "--warmup", str(warmup), "--rounds", str(rounds)]
    sizes += ["--clock", clock]
    done = subprocess.run(
        [python, str(BENCH / "bench_mcr.py"), "--json", *sizes],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    )
    answer: dict[str, Any] = json.loads(done.stdout)
    return answer


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("--n", type=int, default=20_000, help="hands per set (default 20000)")
    p.add_argument("--seed", type=int, default=20261129, help="generator seed")
    p.add_argument("--warmup", type=int, default=20_000, help="warm-up hands (default 20000)")
    p.add_argument("--rounds", type=int, default=2, help="fresh hand sets per runner")
    p.add_argument("--pure", metavar="PYTHON", help="also run bench_mcr.py with this Python")
    p.add_argument(
        "--clock",
        choices=("wall", "cpu"),
        default="wall",
        help="wall: elapsed time (default); cpu: this process's CPU time (bench_mcr.py's)",
    )
    p.add_argument("--allow-pure", action="store_true", help="run even if fanshu is pure Python")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    ns = p.parse_args(argv)
    if not fanshu.compiled.ACTIVE and not ns.allow_pure:
        raise SystemExit(
            f"fanshu at {Path(fanshu.__file__).parent} is pure Python: "
            "run this with PYTHONPATH=.venv/compiled (make compiled)"
        )
    results: dict[str, Any] = {
        "compiled": fanshu.compiled.ACTIVE,
        "compiled_modules": len(fanshu.compiled.MODULES),
        "fanshu": run(ns.n, ns.seed, ns.warmup, ns.rounds, clock=ns.clock),
    }
    if ns.pure:
        results["pure"] = _pure(ns.pure, ns.n, ns.seed, ns.warmup, ns.rounds, ns.clock)
    if ns.json:
        print(json.dumps(results, indent=2))
        return 0
    kind = "compiled" if fanshu.compiled.ACTIVE else "pure Python"
    print(
        f"{ns.rounds} x {ns.n} hands per runner from seed {ns.seed}, after {ns.warmup} warm-up "
        f"hands, {ns.clock} clock; fanshu {kind} ({results['compiled_modules']} modules compiled)"
    )
    for label in ("fanshu", "pure"):
        if label not in results:
            continue
        for name in RUNNERS:
            r = results[label][name]
            print(
                f"  {label:<7} {name:<18} {r['hands_per_second']:>9,.0f} hands/s   C++ on the "
                f"same hands {r['oracle_hands_per_second']:>9,.0f} hands/s   "
                f"ratio 1/{r['oracle_over_fanshu']}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
