"""Benchmark: discard advice on 14-tile hands, now against the code of 5e6ea51, in one run.

Times ``fanshu.analyze(hand, by="efficiency")`` (the efficiency ranking: shanten, useful
tiles, the look-ahead among ties) with ``look_ahead`` "best" (the default of
``by="efficiency"``: the look-ahead among the ties of the best option only) and "all"
(every tie group; 5e6ea51's only mode) on seeded random 14-tile hands (14 of the 136
tiles without replacement), and ``fanshu.analyze(hand)`` of commit 5e6ea51 (before
issue 15; its only ranking is the efficiency one) on the same hand strings, in
alternating chunks so that load from other processes hits both alike.  While
``analyze`` does not take ``look_ahead`` yet, the bench routes its efficiency ranking
through ``advice._discards(..., look_ahead=...)``.  The old code runs in a subprocess
with ``PYTHONPATH`` set to a git worktree of 5e6ea51 (made when missing)::

    git -C . worktree add /tmp/old15 5e6ea51

Sets, each timed in both processes:

- ``random cold``: the first set in fresh processes (per-suit tables built as they go);
- ``random warm``: a second set of random hands (another seed) after the first;
- ``near-win``: random hands of shanten ≤ 1 (rejection-sampled), after the above.

Then, in this process only: ``rank_discards`` on the warm set's counts (the ranking
without parsing and validating) with ``look_ahead`` "all" (the ranking above), "best"
(the look-ahead only among the ties of the best option) and "none", how often the best
discard is the same without the look-ahead, and ``fanshu.analyze(hand)`` — by="value", at its
default budget — on the first ``--value-n`` warm hands (the bar: 200 hands/s).

It also counts the hands whose ranking (tile order) differs from 5e6ea51's: the
look-ahead's memo is kept per shanten now (see ``tests/analysis/test_efficiency.py``).

Run from the repository root::

    .venv/bin/python bench/bench_advice.py                 # 200 hands per set
    .venv/bin/python bench/bench_advice.py --n 100 --json
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import fanshu
from fanshu.analysis import advice as _advice
from fanshu.analysis.efficiency import rank_discards
from fanshu.analysis.shanten import shanten
from fanshu.notation.fanshu import format_tiles
from fanshu.tiles import TILES

ROOT = Path(__file__).resolve().parent.parent
OLD_COMMIT = "5e6ea51"
CHUNK = 20
WALL = [t for t in range(34) for _ in range(4)]

# the old side: reads JSON commands on stdin, answers one JSON line each
_WORKER = r"""
import json, sys, time
import fanshu
sets = {}
for line in sys.stdin:
    cmd = json.loads(line)
    if cmd["cmd"] == "load":
        sets[cmd["set"]] = cmd["hands"]
        print(json.dumps({"file": fanshu.__file__}), flush=True)
    elif cmd["cmd"] == "time":
        hands = sets[cmd["set"]][cmd["start"]:cmd["end"]]
        start = time.perf_counter()
        order = [[d.tile.code for d in fanshu.analyze(h).discards] for h in hands]
        print(json.dumps({"seconds": time.perf_counter() - start, "order": order}), flush=True)
"""


def _hand(tiles: Sequence[int]) -> str:
    return format_tiles([TILES[t] for t in sorted(tiles)])


def random_hands(seed: int, n: int, near: bool = False) -> list[str]:
    """``n`` random 14-tile hands; with ``near`` only those of shanten ≤ 1."""
    rng = random.Random(seed)
    out: list[str] = []
    while len(out) < n:
        tiles = rng.sample(WALL, 14)
        if near:
            c = [0] * 34
            for t in tiles:
                c[t] += 1
            if shanten(c) > 1:
                continue
        out.append(_hand(tiles))
    return out


class OldSide:
    """``fanshu.analyze`` of 5e6ea51 in a subprocess."""

    def __init__(self, worktree: Path) -> None:
        if not (worktree / "src" / "fanshu").is_dir():
            subprocess.run(
                ["git", "-C", str(ROOT), "worktree", "add", str(worktree), OLD_COMMIT],
                check=True,
                capture_output=True,
            )
        env = dict(os.environ, PYTHONPATH=str(worktree / "src"))
        self.proc = subprocess.Popen(
            [sys.executable, "-c", _WORKER],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            env=env,
            text=True,
        )

    def ask(self, cmd: dict[str, Any]) -> dict[str, Any]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(cmd) + "\n")
        self.proc.stdin.flush()
        answer: dict[str, Any] = json.loads(self.proc.stdout.readline())
        return answer

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)


def _has_look_ahead() -> bool:
    """Whether ``fanshu.analyze`` takes ``look_ahead`` (the full order on request)."""
    kwargs: dict[str, Any] = {"look_ahead": "all"}
    try:
        fanshu.analyze("123m456p789s11sEEN", by="efficiency", **kwargs)
    except TypeError:
        return False
    return True


_EMULATE: list[str] = []  # the look_ahead forced on advice._discards while analyze lacks it


def _emulated_discards(*args: Any, **kwargs: Any) -> Any:
    if _EMULATE:
        kwargs.pop("look_ahead", None)
        args = args[:4]
        return _DISCARDS(*args, look_ahead=_EMULATE[0], **kwargs)
    return _DISCARDS(*args, **kwargs)


_DISCARDS = _advice._discards


def _ranking(hand: str, look_ahead: str | None) -> list[str]:
    if look_ahead is not None and not _HAS_LOOK_AHEAD:
        _EMULATE[:] = [look_ahead]
        try:
            return [d.tile.code for d in fanshu.analyze(hand, by="efficiency").discards]
        finally:
            _EMULATE.clear()
    kwargs: dict[str, Any] = {} if look_ahead is None else {"look_ahead": look_ahead}
    return [d.tile.code for d in fanshu.analyze(hand, by="efficiency", **kwargs).discards]


def _time_set(old: OldSide, name: str, hands: list[str], modes: list[str | None]) -> dict[str, Any]:
    """Both sides over the same hands in alternating chunks: rates, ratios, differences.

    ``modes``: the ``look_ahead`` values to time ``analyze`` with (None: its default)."""
    where = old.ask({"cmd": "load", "set": name, "hands": hands})["file"]
    assert str(ROOT) not in where, f"the old side imported {where}"
    ours = dict.fromkeys(modes, 0.0)
    differ = dict.fromkeys(modes, 0)
    best_differ = dict.fromkeys(modes, 0)
    theirs = 0.0
    for i in range(0, len(hands), CHUNK):
        block = hands[i : i + CHUNK]
        got = old.ask({"cmd": "time", "set": name, "start": i, "end": i + len(block)})
        theirs += got["seconds"]
        # the modes share the caches: take turns at going first
        for mode in modes if i // CHUNK % 2 == 0 else modes[::-1]:
            start = time.perf_counter()
            mine = [_ranking(h, mode) for h in block]
            ours[mode] += time.perf_counter() - start
            differ[mode] += sum(x != y for x, y in zip(mine, got["order"], strict=True))
            best_differ[mode] += sum(x[0] != y[0] for x, y in zip(mine, got["order"], strict=True))
    before = len(hands) / theirs
    out: dict[str, Any] = {"hands": len(hands), "old_per_second": round(before, 1)}
    for mode in modes:
        now = len(hands) / ours[mode]
        out[mode or "default"] = {
            "now_per_second": round(now, 1),
            "ratio": round(now / before, 2),
            "order_differs": differ[mode],
            "best_differs": best_differ[mode],
        }
    return out


_HAS_LOOK_AHEAD = _has_look_ahead()
if not _HAS_LOOK_AHEAD:  # route analyze's efficiency ranking through the chosen look_ahead
    vars(_advice)["_discards"] = _emulated_discards


def _counts(hand: str) -> list[int]:
    c = [0] * 34
    for t in fanshu.parse_hand(hand).concealed_with_winning:
        c[t] += 1
    return c


def run(
    n: int, seed: int, value_n: int, worktree: Path, modes: Sequence[str] = ("best", "all")
) -> dict[str, Any]:
    sets = {
        "random_cold": random_hands(seed, n),
        "random_warm": random_hands(seed + 1, n),
        "near_win": random_hands(seed + 2, n, near=True),
    }
    timed: list[str | None] = list(modes)
    old = OldSide(worktree)
    results: dict[str, Any] = {"n": n, "seed": seed, "old_commit": OLD_COMMIT}
    results["modes"] = [m or "default" for m in timed]
    try:
        for name, hands in sets.items():
            results[name] = _time_set(old, name, hands, timed)
    finally:
        old.close()
    counts = [_counts(h) for h in sets["random_warm"]]
    for look in ("all", "best", "none"):
        start = time.perf_counter()
        for c in counts:
            rank_discards(c, 0, [4 - k for k in c], look_ahead=look)
        results[f"rank_discards_{look}_per_second"] = round(n / (time.perf_counter() - start), 1)
    results["best_same_without_look_ahead"] = sum(
        rank_discards(c, 0, [4 - k for k in c])[0].tile
        == rank_discards(c, 0, [4 - k for k in c], look_ahead="none")[0].tile
        for c in counts
    )
    if value_n:
        hands = sets["random_warm"][:value_n]
        start = time.perf_counter()
        for h in hands:
            fanshu.analyze(h)
        results["value_per_second"] = round(value_n / (time.perf_counter() - start), 1)
        results["value_hands"] = value_n
    return results


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("--n", type=int, default=200, help="hands per set (default 200)")
    p.add_argument("--seed", type=int, default=20261202, help="generator seed")
    p.add_argument(
        "--value-n", type=int, default=50, help="hands for the by='value' rate (0: skip)"
    )
    p.add_argument("--old", type=Path, default=Path("/tmp/old15"), help="worktree of 5e6ea51")
    p.add_argument(
        "--modes",
        default="best,all",
        help="look_ahead values to time, comma-separated (default best,all; they share the "
        "caches, so time one alone for its rate in a fresh process)",
    )
    p.add_argument("--json", action="store_true", help="print the results as JSON")
    ns = p.parse_args(argv)
    modes = [m for m in ns.modes.split(",") if m]
    if not modes or any(m not in ("best", "all", "none") for m in modes):
        p.error(f"--modes takes best, all and none, not {ns.modes!r}")
    results = run(ns.n, ns.seed, ns.value_n, ns.old, modes)
    if ns.json:
        print(json.dumps(results, indent=2))
        return 0
    print(f"analyze(14 tiles, by='efficiency'), {ns.n} hands per set, seed {ns.seed}")
    old = f"{OLD_COMMIT} /s"
    head = f"  {'set':<12} {'look_ahead':<10} {'now /s':>9} {old:>12} {'ratio':>7}"
    print(f"{head} {'order differs':>14} {'best differs':>13}")
    for name in ("random_cold", "random_warm", "near_win"):
        r = results[name]
        for mode in results["modes"]:
            m = r[mode]
            print(
                f"  {name:<12} {mode:<10} {m['now_per_second']:>9,.1f} "
                f"{r['old_per_second']:>12,.1f} {m['ratio']:>6.2f}x {m['order_differs']:>14} "
                f"{m['best_differs']:>13}"
            )
    print(
        "  rank_discards alone (warm counts), look_ahead all / best / none: "
        f"{results['rank_discards_all_per_second']:,.1f} / "
        f"{results['rank_discards_best_per_second']:,.1f} / "
        f"{results['rank_discards_none_per_second']:,.1f} per s"
    )
    print(
        "  best discard the same without the look-ahead: "
        f"{results['best_same_without_look_ahead']} of {ns.n}"
    )
    if "value_per_second" in results:
        print(
            f"analyze(14 tiles) by='value', default budget, {results['value_hands']} warm "
            f"hands: {results['value_per_second']:,.1f}/s (bar 200/s)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
