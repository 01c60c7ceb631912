"""Benchmark: ``fanshu score --batch`` throughput on 1 worker, 2 workers and Ray (local).

Makes ``--n`` hands (100,000 by default) with ``fanshu.sampling.winning_hands(seed, n)``
as batch input lines (``fanshu.batch.samples.score_lines``: hand and win context), writes
them to a file, and scores the file the way the command does (as ``run_batch_file``:
the same shards, executor, input digest and in-order output to ``--out``) with

- ``workers=1``: in this process, no worker (what ``--workers 1`` runs);
- ``workers=2``: two local worker processes (forkserver), started inside the timing;
- ``ray``: a local Ray instance with 2 CPUs, started once before the timings (its start
  and stop are timed apart: the job's own throughput is what is compared).

Each is run ``--repeat`` times, in turn, and the best run kept: the machine is shared,
and load from other processes only ever slows a run down.  The load average is printed
before and after, and what the machine lets two processes do at all: two plain Python
processes scoring half the hands each, side by side, against one doing both halves (no
batch machinery; best of the rounds).  Every output must be byte-identical.  The CPU
seconds of the shards (in their workers) and of this process are printed too: unlike wall
time they are not stretched by other processes, and from them an estimate of the
2-worker speedup on two idle cores (the serial CPU time over half the 2-worker one).

``--cli`` also times the whole command once per executor (``fanshu score --batch FILE
--out OUT --workers N | --ray``, a fresh process; Ray's start included), end to end.

Run from the repository root::

    .venv/bin/python bench/bench_batch.py                 # 100,000 hands, 3 runs each
    .venv/bin/python bench/bench_batch.py --cli --json
    .venv/bin/python bench/bench_batch.py --n 20000 --repeat 1
"""

from __future__ import annotations

import argparse
import hashlib
import json
import logging
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from fanshu.batch.executors import RAY_LOOPBACK_ENV
from fanshu.batch.job import JsonlOutput, run_to_output
from fanshu.batch.samples import score_lines
from fanshu.batch.shards import shards
from fanshu.batch.tasks import LinesTask
from fanshu.cli.jsonl import SCORE_SHARD, Execution

SEED = 20261129
CONFIGS: dict[str, Execution] = {
    "workers=1": Execution(workers=1),
    "workers=2": Execution(workers=2),
    "ray": Execution(workers=2, ray=True),
}
CLI_ARGS = {"workers=1": ["--workers", "1"], "workers=2": ["--workers", "2"],
            "ray": ["--ray", "--workers", "2"]}  # fmt: skip


def _load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "?"


def _time_job(path: Path, out: Path, execution: Execution, n: int) -> tuple[float, float, float]:
    """Score the file as ``run_batch_file`` does (same shards, executor, digest, output):
    wall seconds, CPU seconds of the shards in their workers, CPU seconds of this
    process (which runs the shards itself for one worker)."""
    cpu = time.process_time()
    started = time.perf_counter()
    with path.open(encoding="utf-8") as stream:
        output = JsonlOutput(str(out), job={"command": "score", "format": "jsonl"})
        work = shards(stream, execution.size_for(n, SCORE_SHARD))
        report = run_to_output(LinesTask(), work, execution.executor(), output,
                               digest=hashlib.sha256())  # fmt: skip
    wall = time.perf_counter() - started
    parent = time.process_time() - cpu
    if report.executor == "serial":
        parent -= report.cpu  # the shards' CPU, counted once
    return wall, report.cpu, parent


#: One plain process scoring lines FIRST..LAST of a file, with no batch machinery.
PLAIN = """
import sys
from fanshu.batch.tasks import LinesTask
with open(sys.argv[1], encoding="utf-8") as f:
    lines = f.readlines()[int(sys.argv[2]):int(sys.argv[3])]
LinesTask().run(lines)
"""


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


def _fanshu() -> list[str]:
    script = Path(sys.executable).with_name("fanshu")
    return [str(script)] if script.exists() else [sys.executable, "-m", "fanshu.cli.main"]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=100_000, help="hands (default 100,000)")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--repeat", type=int, default=3, help="runs of each (best kept)")
    parser.add_argument("--cli", action="store_true", help="also time the whole command")
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

        started = time.perf_counter()
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
                 logging_level=logging.WARNING)  # fmt: skip
        results["ray_start_s"] = round(time.perf_counter() - started, 2)
        best: dict[str, float] = {}
        cpu: dict[str, tuple[float, float]] = {}
        outputs: dict[str, bytes] = {}
        ceilings: list[float] = []
        try:
            for _ in range(args.repeat):
                ceilings.append(_ceiling(path, args.n))
                for name, execution in CONFIGS.items():
                    out = Path(tmp) / f"{name}.jsonl"
                    elapsed, shard_cpu, parent_cpu = _time_job(path, out, execution, args.n)
                    if elapsed < best.get(name, float("inf")):
                        best[name] = elapsed
                        cpu[name] = (shard_cpu, parent_cpu)
                    outputs[name] = out.read_bytes()
        finally:
            started = time.perf_counter()
            ray.shutdown()
            results["ray_stop_s"] = round(time.perf_counter() - started, 2)
        results["identical"] = len(set(outputs.values())) == 1
        results["seconds"] = {k: round(v, 3) for k, v in best.items()}
        rate = {k: args.n / v for k, v in best.items()}
        results["hands_per_s"] = {k: round(v) for k, v in rate.items()}
        results["speedup_2_workers"] = round(rate["workers=2"] / rate["workers=1"], 2)
        results["speedup_2_plain_processes"] = round(max(ceilings), 2)
        results["ray_vs_processes"] = round(rate["ray"] / rate["workers=2"], 3)
        # CPU seconds (not slowed by other processes): the shards in their workers, and
        # this process (reading, sending, receiving, writing)
        results["cpu_s"] = {k: {"shards": round(a, 2), "parent": round(b, 2)}
                            for k, (a, b) in cpu.items()}  # fmt: skip
        serial = cpu["workers=1"][0] + cpu["workers=1"][1]
        two = cpu["workers=2"][0] + cpu["workers=2"][1]
        # on two idle cores, with the shards evenly spread: serial CPU over half of two's
        results["speedup_2_workers_idle_estimate"] = round(serial / (two / 2), 2)

        if args.cli:
            wall: dict[str, float] = {}
            for name, extra in CLI_ARGS.items():
                out = Path(tmp) / f"cli-{name}.jsonl"
                started = time.perf_counter()
                subprocess.run([*_fanshu(), "score", "--batch", str(path), "--out", str(out),
                                *extra], check=True, stderr=subprocess.DEVNULL)  # fmt: skip
                wall[name] = time.perf_counter() - started
                if out.read_bytes() != outputs["workers=1"]:
                    results["identical"] = False
            results["cli_seconds"] = {k: round(v, 2) for k, v in wall.items()}
            results["cli_hands_per_s"] = {k: round(args.n / v) for k, v in wall.items()}
    results["load_after"] = _load()

    if args.json:
        print(json.dumps(results, indent=2))
    else:
        load = f"load average {results['load_before']} before, {results['load_after']} after"
        print(f"{args.n:,} hands, best of {args.repeat} runs each, {os.cpu_count()} cores; {load}")
        for name in CONFIGS:
            c = results["cpu_s"][name]
            print(f"  {name:<10} {results['seconds'][name]:7.2f} s  "
                  f"{results['hands_per_s'][name]:>8,} hands/s   CPU: shards "
                  f"{c['shards']:.2f} s, this process {c['parent']:.2f} s")  # fmt: skip
        print(f"  2 workers / 1 worker: {results['speedup_2_workers']:.2f}x "
              f"(from CPU times, on two idle cores: "
              f"{results['speedup_2_workers_idle_estimate']:.2f}x);  "
              f"Ray / 2 processes: {results['ray_vs_processes']:.3f}")  # fmt: skip
        print(f"  the machine now: two plain processes side by side, each half the hands, "
              f"{results['speedup_2_plain_processes']:.2f}x one doing both halves")  # fmt: skip
        print(
            f"  Ray local start {results['ray_start_s']} s, stop {results['ray_stop_s']} s "
            "(outside the timings)"
        )
        if args.cli:
            for name in CLI_ARGS:
                print(f"  command, {name:<10} {results['cli_seconds'][name]:6.2f} s end to end "
                      f"({results['cli_hands_per_s'][name]:,} hands/s)")  # fmt: skip
        print(f"  outputs identical: {results['identical']}")
    return 0 if results["identical"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
