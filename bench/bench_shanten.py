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

Then the public string call, ``fanshu.shanten(text)`` on hand strings such as
``"25789m77p58sSNCC"`` (the way ``format_tiles`` writes 13 random tiles), against
``MahjongShanten`` on the same hands, each in a process of its own (``--fresh-runs``
pairs of subprocesses, ours and the C++ one alternating; the ratio is the median of the
pairs):

- ``str fresh``: the first ``--fresh-n`` (3,000) calls of a new interpreter, timed from
  just after ``from fanshu import shanten`` (``from MahjongGB import MahjongShanten``):
  whatever the first calls import or build (the analysis modules, the shipped table,
  the per-suit tables) is inside the timing; the imports themselves are reported apart
  (``import ms``), and ``with import`` is the ratio with them added;
- ``str warm``: in the same process, once 20,000 other hands have been analysed, the
  calls on ``--fresh-n`` new hands.

The subprocesses keep compiled bytecode (``PYTHONPYCACHEPREFIX`` in the temporary
directory, warmed by one untimed run), as an installed package has it; without it every
fresh process would compile the modules again.

Run from the repository root::

    .venv/bin/python bench/bench_shanten.py            # 100,000 hands per set
    .venv/bin/python bench/bench_shanten.py --n 20000 --json
    .venv/bin/python bench/bench_shanten.py --n 0 --fresh-runs 7   # the string rows only
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

CHUNK = 5_000
WARMUP = 20_000  # hands analysed before the warm string row
_SUITS = "mps"  # fanshu's suit letters in format_tiles order: 万 饼 条
_HONORS = "ESWNCFP"


def string_hands(seed: int, n: int) -> tuple[list[str], list[tuple[str, ...]]]:
    """``n`` random 13-tile hands (13 of the 136) as fanshu strings, written as
    ``format_tiles`` writes them, and as the oracle's tile codes; no fanshu import, so
    that a fresh process imports nothing before the timing."""
    rng = random.Random(seed)
    # tiles in the written order: 1-9m, 1-9p, 1-9s, E S W N C F P
    text = [f"{r}{s}" for s in _SUITS for r in range(1, 10)] + list(_HONORS)
    codes = [f"{s}{r}" for s in "WBT" for r in range(1, 10)]
    codes += ["F1", "F2", "F3", "F4", "J1", "J2", "J3"]  # 东南西北, 中发白
    wall = [t for t in range(34) for _ in range(4)]
    strings, oracle = [], []
    for _ in range(n):
        tiles = sorted(rng.sample(wall, 13))
        parts: list[str] = []
        for t in tiles:
            word = text[t]
            if t < 27 and parts and len(parts[-1]) > 1 and parts[-1][-1] == word[1]:
                parts[-1] = parts[-1][:-1] + word  # the same suit: one run of digits
            else:
                parts.append(word)
        strings.append("".join(parts))
        oracle.append(tuple(codes[t] for t in tiles))
    return strings, oracle


def _child(which: str, seed: int, n: int) -> None:
    """One fresh process: print the import, cold-call and warm-call seconds as JSON."""
    cold, cold_o = string_hands(seed, n)
    extra, extra_o = string_hands(seed + 2, WARMUP)
    warm, warm_o = string_hands(seed + 3, n)
    start = time.perf_counter()
    if which == "fanshu":
        from fanshu import shanten

        imported = time.perf_counter()
        for h in cold:
            shanten(h)
        called = time.perf_counter()
        for h in extra:
            shanten(h)
        t0 = time.perf_counter()
        for h in warm:
            shanten(h)
        t1 = time.perf_counter()
    else:
        from MahjongGB import MahjongShanten as cpp

        imported = time.perf_counter()
        for o in cold_o:
            cpp(pack=(), hand=o)
        called = time.perf_counter()
        for o in extra_o:
            cpp(pack=(), hand=o)
        t0 = time.perf_counter()
        for o in warm_o:
            cpp(pack=(), hand=o)
        t1 = time.perf_counter()
    out = {"import": imported - start, "cold": called - imported, "warm": t1 - t0}
    print(json.dumps(out))


def _spawn(which: str, seed: int, n: int) -> dict[str, float]:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = os.path.join(tempfile.gettempdir(), "fanshu-bench-pyc")
    cmd = [sys.executable, str(Path(__file__).resolve()), "--child", which]
    cmd += ["--seed", str(seed), "--fresh-n", str(n)]
    got = subprocess.run(cmd, env=env, check=True, capture_output=True, text=True)
    data: dict[str, float] = json.loads(got.stdout)
    return data


def run_fresh(runs: int, n: int, seed: int) -> dict[str, Any]:
    """The string rows: ``runs`` pairs of fresh processes, the peers alternating."""
    _spawn("fanshu", seed, 100)  # untimed: compile the bytecode once
    _spawn("cpp", seed, 100)
    pairs = []
    for i in range(runs):
        s = seed + 10 * i  # another set of hands for each pair, the same for both peers
        ours = _spawn("fanshu", s, n)
        theirs = _spawn("cpp", s, n)
        pairs.append((ours, theirs))
    out: dict[str, Any] = {"runs": runs, "n": n}
    for row in ("cold", "warm"):
        ratios = [t[row] / o[row] for o, t in pairs]
        out[row] = {
            "fanshu_calls_per_second": round(n / statistics.median(o[row] for o, _ in pairs), 1),
            "oracle_calls_per_second": round(n / statistics.median(t[row] for _, t in pairs), 1),
            "fanshu_over_oracle": round(statistics.median(ratios), 3),
            "ratios": [round(r, 3) for r in ratios],
        }
    with_import = [(t["import"] + t["cold"]) / (o["import"] + o["cold"]) for o, t in pairs]
    out["cold"]["with_import_fanshu_over_oracle"] = round(statistics.median(with_import), 3)
    out["cold"]["fanshu_import_ms"] = round(
        1000 * statistics.median(o["import"] for o, _ in pairs), 1
    )
    out["cold"]["oracle_import_ms"] = round(
        1000 * statistics.median(t["import"] for _, t in pairs), 1
    )
    return out


def random_hands(seed: int, n: int) -> tuple[list[list[int]], list[tuple[str, ...]]]:
    """``n`` random 13-tile hands as 34 counts (fanshu) and as tile codes (oracle)."""
    from support.oracle import tile_code

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
    from MahjongGB import MahjongShanten

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
    from MahjongGB import MahjongShanten

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
    p.add_argument("--fresh-n", type=int, default=3_000, help="hands per fresh process")
    p.add_argument("--fresh-runs", type=int, default=5, help="pairs of fresh processes")
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    p.add_argument("--child", choices=("fanshu", "cpp"), help=argparse.SUPPRESS)
    ns = p.parse_args(argv)
    if ns.child:
        _child(ns.child, ns.seed, ns.fresh_n)
        return 0
    _load()
    results = run(ns.n, ns.seed) if ns.n else {"n": 0, "mismatches": 0}
    if ns.fresh_runs:
        results["string"] = run_fresh(ns.fresh_runs, ns.fresh_n, ns.seed)
    if ns.json:
        print(json.dumps(results, indent=2))
        return 0
    if ns.n:
        print(f"overall shanten of {ns.n:,} random 13-tile hands per set, seed {ns.seed}")
        for name in ("cold", "warm"):
            r = results[name]
            print(
                f"  {name:<10} fanshu {r['fanshu_calls_per_second']:>10,.0f} calls/s   "
                f"oracle {r['oracle_calls_per_second']:>10,.0f} calls/s   "
                f"fanshu/oracle {r['fanshu_over_oracle']:.2f}"
            )
        print(f"  spot check: {results['mismatches']} of {results['checked']} disagree")
    if ns.fresh_runs:
        f = results["string"]
        print(
            f"fanshu.shanten(str) against MahjongShanten, {f['n']:,} random hands per "
            f"process, {f['runs']} fresh processes each (median)"
        )
        for name in ("cold", "warm"):
            r = f[name]
            label = "str fresh" if name == "cold" else "str warm"
            print(
                f"  {label:<10} fanshu {r['fanshu_calls_per_second']:>10,.0f} calls/s   "
                f"oracle {r['oracle_calls_per_second']:>10,.0f} calls/s   "
                f"fanshu/oracle {r['fanshu_over_oracle']:.2f}   "
                f"(runs: {', '.join(f'{x:.2f}' for x in r['ratios'])})"
            )
        c = f["cold"]
        print(
            f"  import ms: fanshu {c['fanshu_import_ms']}, oracle {c['oracle_import_ms']}; "
            f"fresh with the import: fanshu/oracle {c['with_import_fanshu_over_oracle']:.2f}"
        )
    return 0 if results["mismatches"] == 0 else 1


def _load() -> None:
    """Import fanshu and the oracle adapter in this process (not in the children)."""
    global _S
    tests = str(Path(__file__).resolve().parent.parent / "tests")
    if tests not in sys.path:
        sys.path.insert(0, tests)
    # the module (``fanshu.analysis`` re-exports a function named ``shanten``)
    _S = importlib.import_module("fanshu.analysis.shanten")


_S: Any = None


if __name__ == "__main__":
    raise SystemExit(main())
