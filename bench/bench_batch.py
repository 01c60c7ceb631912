"""Benchmark: ``fanshu score --batch`` throughput on 1 worker, 2 workers and Ray (local).

Makes ``--n`` hands (100,000 by default) with ``fanshu.sampling.winning_hands(seed, n)``
as batch input lines (``fanshu.batch.samples.score_lines``: hand and win context), writes
them to a file, and times the command on it, a fresh process each run::

    fanshu score --batch hands.jsonl --out scores.jsonl --workers 1
    fanshu score --batch hands.jsonl --out scores.jsonl --workers 2
    fanshu score --batch hands.jsonl --out scores.jsonl --ray-address 127.0.0.1:PORT
    fanshu score --batch hands.jsonl --out scores.jsonl --ray        (once: Ray's start in it)

A fresh process each time, because scoring keeps large caches (hand shapes, fan
combinations) that a long-lived process fills: re-scoring the same hands in one process
would flatter whichever run comes later, and workers start empty.  ``ray`` is a job on a
local Ray instance (2 CPUs) that this script starts once, outside the timings (its start
and stop are printed apart): every run is a new Ray job, with new Ray workers, so it is
compared with plain processes on equal terms (a throwaway job first takes the idle
workers Ray starts with itself, which only the first job would get); ``ray (--ray)`` is
the whole command that starts and stops its own Ray (and gets those idle workers).

What a job costs before it scores anything is measured apart: the same ``--workers 2``
and Ray commands on ``--floor-n`` hands (200 by default: four shards, so both start their
two workers) — for Ray, importing Ray in the command, starting the job's two Ray workers
(each a new Python that imports Ray and fanshu: Ray keeps no worker from one job to the
next) and disconnecting.  In a long job part of it overlaps with the scoring (one worker
scores while the other starts), so it bounds Ray's gap rather than adding to it; the
CPU seconds the whole machine spends in each run (Linux) show what Ray costs in all.

Each is run ``--repeat`` times, in turn, and the best run kept: the machine is shared,
and load from other processes only ever slows a run down.  The load average is printed
before and after, and so is what the machine lets two processes do at all in the same
rounds: two plain Python processes scoring half the hands each, side by side, against one
doing both halves (no batch machinery).  Every output must be byte-identical.

Run from the repository root::

    .venv/bin/python bench/bench_batch.py                 # 100,000 hands, 3 runs each
    .venv/bin/python bench/bench_batch.py --json
    .venv/bin/python bench/bench_batch.py --n 20000 --repeat 1
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from fanshu.batch.executors import RAY_LOCAL_CONFIG, RAY_LOOPBACK_ENV
from fanshu.batch.samples import score_lines

SEED = 20261129

#: One plain process scoring lines FIRST..LAST of a file, with no batch machinery.
PLAIN = """
import sys
from fanshu.batch.tasks import LinesTask
with open(sys.argv[1], encoding="utf-8") as f:
    lines = f.readlines()[int(sys.argv[2]):int(sys.argv[3])]
LinesTask().run(lines)
"""


def _load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "?"


def _fanshu() -> list[str]:
    script = Path(sys.executable).with_name("fanshu")
    return [str(script)] if script.exists() else [sys.executable, "-m", "fanshu.cli.main"]


def _busy() -> float | None:
    """CPU seconds the whole machine has spent busy since boot (Linux), or None."""
    try:
        with open("/proc/stat", encoding="ascii") as f:
            ticks = [int(x) for x in f.readline().split()[1:]]
    except (OSError, ValueError):
        return None
    return (sum(ticks) - ticks[3] - ticks[4]) / os.sysconf("SC_CLK_TCK")  # less idle, iowait


def _command(path: Path, out: Path, extra: list[str]) -> tuple[float, float | None]:
    """Wall seconds of one ``fanshu score --batch`` run, and the CPU seconds the machine
    spent in them (every process: the command, its workers, Ray's)."""
    busy = _busy()
    started = time.perf_counter()
    subprocess.run([*_fanshu(), "score", "--batch", str(path), "--out", str(out), *extra],
                   check=True, stderr=subprocess.DEVNULL)  # fmt: skip
    wall = time.perf_counter() - started
    after = _busy()
    return wall, None if busy is None or after is None else after - busy


def _ceiling(path: Path, n: int) -> float:
    """What two processes can do on this machine now: the wall time of one plain process
    scoring half the hands, twice, over that of two such processes side by side (each
    its half).  Both include starting Python and reading the file."""
    half = n // 2

    def plain(first: int, last: int) -> subprocess.Popen[bytes]:
        return subprocess.Popen([sys.executable, "-c", PLAIN, str(path), str(first), str(last)])

    started = time.perf_counter()
    plain(0, half).wait()
    alone = time.perf_counter() - started
    started = time.perf_counter()
    pair = [plain(0, half), plain(half, 2 * half)]
    for p in pair:
        p.wait()
    return 2 * alone / (time.perf_counter() - started)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=100_000, help="hands (default 100,000)")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--repeat", type=int, default=3, help="runs of each (best kept)")
    parser.add_argument("--floor-n", type=int, default=200,
                        help="hands of the job whose time is taken as the fixed cost")  # fmt: skip
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)

    os.environ.setdefault(RAY_LOOPBACK_ENV, "0")
    import ray

    results: dict[str, Any] = {"hands": args.n, "seed": args.seed, "repeat": args.repeat,
                               "cores": os.cpu_count(), "load_before": _load()}  # fmt: skip
    with tempfile.TemporaryDirectory(prefix="fanshu-bench-batch-") as tmp:
        path = Path(tmp) / "hands.jsonl"
        started = time.perf_counter()
        with path.open("w", encoding="utf-8") as f:
            for line in score_lines(args.seed, args.n):
                f.write(line + "\n")
        results["generate_s"] = round(time.perf_counter() - started, 2)
        tiny = Path(tmp) / "few-hands.jsonl"
        with path.open(encoding="utf-8") as f, tiny.open("w", encoding="utf-8") as g:
            g.writelines(line for _, line in zip(range(args.floor_n), f, strict=False))

        started = time.perf_counter()
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
                 logging_level=logging.WARNING, _system_config=dict(RAY_LOCAL_CONFIG))  # fmt: skip
        results["ray_start_s"] = round(time.perf_counter() - started, 2)
        port = ray.get_runtime_context().gcs_address.rsplit(":", 1)[1]
        configs = {
            "workers=1": ["--workers", "1"],
            "workers=2": ["--workers", "2"],
            "ray": ["--ray-address", f"127.0.0.1:{port}"],
        }
        # Ray starts idle workers with itself, and only the first job gets them; every
        # later job starts its own.  A throwaway job takes them, so that each timed Ray
        # run is a job as the ones after the first on a running Ray are.
        _command(tiny, Path(tmp) / "warm-up.jsonl", configs["ray"])
        best: dict[str, float] = {}
        cpu: dict[str, float | None] = {}  # the machine's CPU seconds in the best run
        floor: dict[str, float] = {}
        outputs: dict[str, bytes] = {}
        ceilings: list[float] = []
        try:
            for _ in range(args.repeat):
                ceilings.append(_ceiling(path, args.n))
                for name, extra in configs.items():
                    out = Path(tmp) / f"{name}.jsonl"
                    wall, used = _command(path, out, extra)
                    if wall < best.get(name, float("inf")):
                        best[name], cpu[name] = wall, used
                    outputs[name] = out.read_bytes()
                for name in ("workers=2", "ray"):
                    out = Path(tmp) / f"{name}-few.jsonl"
                    took, _ = _command(tiny, out, configs[name])
                    floor[name] = min(floor.get(name, float("inf")), took)
        finally:
            started = time.perf_counter()
            ray.shutdown()
            results["ray_stop_s"] = round(time.perf_counter() - started, 2)
        out = Path(tmp) / "ray-local.jsonl"
        best["ray (--ray)"], cpu["ray (--ray)"] = _command(path, out, ["--ray", "--workers", "2"])
        outputs["ray (--ray)"] = out.read_bytes()
    results["load_after"] = _load()
    results["identical"] = len(set(outputs.values())) == 1
    results["seconds"] = {k: round(v, 2) for k, v in best.items()}
    rate = {k: args.n / v for k, v in best.items()}
    results["hands_per_s"] = {k: round(v) for k, v in rate.items()}
    results["speedup_2_workers"] = round(rate["workers=2"] / rate["workers=1"], 2)
    results["ray_vs_processes"] = round(rate["ray"] / rate["workers=2"], 3)
    results["speedup_2_plain_processes"] = round(max(ceilings), 2)
    results["cpu_s"] = {k: None if v is None else round(v, 2) for k, v in cpu.items()}
    results["fixed_s"] = {k: round(v, 2) for k, v in floor.items()}
    used = results["cpu_s"]
    if used.get("ray") is not None and used.get("workers=2") is not None:
        results["ray_extra_cpu_s"] = round(used["ray"] - used["workers=2"], 2)

    if args.json:
        print(json.dumps(results, indent=2))
    else:
        load = f"load average {results['load_before']} before, {results['load_after']} after"
        print(f"{args.n:,} hands; a fresh command each run, best of {args.repeat}; "
              f"{os.cpu_count()} cores; {load}")  # fmt: skip
        for name in best:
            used = results["cpu_s"].get(name)
            print(f"  {name:<12} {results['seconds'][name]:7.2f} s  "
                  f"{results['hands_per_s'][name]:>8,} hands/s"
                  + ("" if used is None else f"  {used:6.2f} CPU s"))  # fmt: skip
        print(f"  2 workers / 1 worker: {results['speedup_2_workers']:.2f}x;  "
              f"Ray (running) / 2 processes: {results['ray_vs_processes']:.3f}")  # fmt: skip
        print(f"  the machine in the same rounds: two plain processes side by side, each half "
              f"the hands: {results['speedup_2_plain_processes']:.2f}x one doing both")  # fmt: skip
        fixed = results["fixed_s"]
        print(f"  an almost empty job ({args.floor_n} hands): 2 processes "
              f"{fixed['workers=2']:.2f} s, Ray {fixed['ray']:.2f} s")  # fmt: skip
        if "ray_extra_cpu_s" in results:
            print(f"  Ray's run used {results['ray_extra_cpu_s']:.2f} CPU s more than 2 "
                  "processes' (its workers' start, its driver, raylet and GCS)")  # fmt: skip
        print(
            f"  Ray local start {results['ray_start_s']} s, stop {results['ray_stop_s']} s "
            "(outside the 'ray' timings; inside 'ray (--ray)')"
        )
        print(f"  outputs identical: {results['identical']}")
    return 0 if results["identical"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
