"""Benchmark: how long ``fanshu score HAND`` takes against the library call it wraps.

Times, in fresh processes (a new interpreter for every run, so every import is paid):

- ``cli``: the venv's ``fanshu`` console script, ``fanshu score HAND``;
- ``library``: ``python -c "import fanshu; fanshu.score(HAND)"`` with the same interpreter;
- ``python``: ``python -c pass``, the interpreter's own start, for reference.

The three alternate run by run, so that load from other processes hits them alike; the
figure of each is the median of ``--runs`` runs (wall clock, spawn to exit).  The bar of
issue 18 is ``cli / library <= 2``.

The runs use compiled bytecode, as an installed package does: ``PYTHONDONTWRITEBYTECODE``
is dropped from their environment and the untimed warm-up run of each writes the
``.pyc`` files (with it set, every run compiles every module from source, which costs
the CLI, whose modules are larger, most).  ``--no-bytecode`` measures that case.

Run from the repository root::

    .venv/bin/python bench/bench_cli_start.py              # 21 runs each
    .venv/bin/python bench/bench_cli_start.py --runs 51 --json
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

HAND = "[EEEE]123m456p789s11s"
#: The bar: the command may take at most this many times the library call.
BAR = 2.0


def _script() -> Path:
    """The ``fanshu`` console script next to this interpreter (the venv's)."""
    found = Path(sys.executable).with_name("fanshu")
    if not found.exists():
        raise SystemExit(f"no fanshu script next to {sys.executable}: install the package")
    return found


def commands(hand: str) -> dict[str, list[str]]:
    """The command line of each timed row."""
    return {
        "cli": [str(_script()), "score", hand],
        "library": [sys.executable, "-c", f"import fanshu; fanshu.score({hand!r})"],
        "python": [sys.executable, "-c", "pass"],
    }


def environment(bytecode: bool = True) -> dict[str, str]:
    """The runs' environment: this one, with bytecode written and read unless not
    ``bytecode``."""
    env = dict(os.environ)
    if bytecode:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    else:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


def _once(argv: list[str], env: dict[str, str] | None = None) -> float:
    """Seconds from spawn to exit; a run that fails (other than "not a winning hand",
    status 1) stops the benchmark, since its time would mean nothing."""
    start = time.perf_counter()
    done = subprocess.run(
        argv, check=False, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env
    )
    took = time.perf_counter() - start
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(argv)} failed ({done.returncode}): {done.stderr.decode()}")
    return took


def measure(hand: str = HAND, runs: int = 21, *, bytecode: bool = True) -> dict[str, float]:
    """Median seconds of each row over ``runs`` alternating fresh-process runs (one
    untimed warm-up of each first, for the file cache and the bytecode), and ``ratio`` =
    cli / library."""
    rows = commands(hand)
    env = environment(bytecode)
    for argv in rows.values():
        _once(argv, env)
    times: dict[str, list[float]] = {name: [] for name in rows}
    for _ in range(runs):
        for name, argv in rows.items():
            times[name].append(_once(argv, env))
    medians = {name: statistics.median(ts) for name, ts in times.items()}
    medians["ratio"] = medians["cli"] / medians["library"]
    return medians


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=21, help="runs of each (default 21)")
    parser.add_argument("--hand", default=HAND, help=f"the hand (default {HAND})")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument(
        "--no-bytecode", action="store_true", help="compile every module in every run"
    )
    args = parser.parse_args(argv)
    figures = measure(args.hand, args.runs, bytecode=not args.no_bytecode)
    if args.json:
        print(json.dumps(figures | {"runs": args.runs, "bar": BAR}))
    else:
        for name in ("cli", "library", "python"):
            print(f"{name:8} {figures[name] * 1000:7.1f} ms  (median of {args.runs})")
        verdict = "within" if figures["ratio"] <= BAR else "over"
        print(f"ratio    {figures['ratio']:7.2f}     cli / library, {verdict} the bar of {BAR:g}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
