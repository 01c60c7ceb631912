"""Benchmark: ``fanshu score --batch`` on plain processes and on Ray — each one's fixed
cost per job and its per-hand rate, apart.

Makes ``max(--sizes)`` hands with ``fanshu.sampling.winning_hands(seed, n)`` as batch
input lines (``fanshu.batch.samples.score_lines``: hand and win context), writes the first
N of them to a file for each size N (2,000 and 100,000 by default), and times the command
on each file, a fresh process each run::

    fanshu score --batch hands-N.jsonl --out scores.jsonl --workers 2
    fanshu score --batch hands-N.jsonl --out scores.jsonl --ray-address 127.0.0.1:PORT

A job's wall time is a fixed cost plus a per-hand cost: ``seconds = fixed + N / rate``.
Fitting that line through the best time at each size (least squares; exact for two
sizes) gives the **fixed cost** (the intercept: starting the command and its workers,
importing Ray, connecting, stopping) and the **per-hand rate** (hands/s, one over the
slope: what the job does once it runs), each for processes and for Ray; the figure
compared is Ray's per-hand rate over the processes' (the whole-job throughput at the
largest size is printed too).

A fresh process each time, because scoring keeps large caches (hand shapes, fan
combinations) that a long-lived process fills: re-scoring the same hands in one process
would flatter whichever run comes later, and workers start empty.  ``ray`` is a job on a
local Ray instance (2 CPUs) that this script starts once, outside the timings (its start
and stop are printed apart): every run is a new Ray job, with new Ray workers (Ray keeps
no worker from one job to the next), as a command on a running cluster is; a throwaway
job first takes the idle workers Ray starts with itself, which only the first job would
get.  ``ray (--ray)`` is the whole command at the largest size, starting and stopping its
own Ray; ``workers=1`` the command on one worker at the largest size (the 2-worker
speedup).  Apart from the commands, a long-lived Python process that joined the same Ray
once runs small jobs (200 hands, 2 shards, other hands each time) through
``fanshu.batch.job.run_to_output`` on a ``RayExecutor`` and on two local processes: Ray
keeps a driver's workers from one of its jobs to the next, so this is Ray's fixed cost
without its workers' start.

Each is run ``--repeat`` times, in rounds, and the best run kept: the machine is shared,
and load from other processes only ever slows a run down.  The load average is printed
before and after, and so is what the machine lets two processes do at all in the same
rounds: two plain Python processes scoring half the largest set each, side by side,
against one doing both halves (no batch machinery).  The CPU seconds the whole machine
spends in each run at the largest size (Linux, ``/proc/stat``) show what Ray costs in
all.  Every output of a size must be byte-identical.  Every process this script starts
(the commands, their workers, Ray and its workers) shares one bytecode cache in a
temporary directory (``PYTHONPYCACHEPREFIX``, and ``PYTHONDONTWRITEBYTECODE`` unset), so
that none compiles fanshu again, as none would from an installed fanshu.

Run from the repository root::

    .venv/bin/python bench/bench_batch.py                       # 2,000 and 100,000 hands
    .venv/bin/python bench/bench_batch.py --json
    .venv/bin/python bench/bench_batch.py --sizes 2000,20000,100000 --repeat 3
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

#: A long-lived Python process running several small jobs (2 shards of 100 hands, each
#: job on other hands) through ``run_to_output``, on Ray (joined once: Ray keeps the
#: job's workers between its jobs) and on two local processes (new ones each job, forked
#: from the forkserver of the first): the best time of each after a first job, as JSON.
KEPT = """
import json, logging, sys, time
import ray
from fanshu.batch.executors import LocalProcesses, RayExecutor
from fanshu.batch.job import JsonlOutput, run_to_output
from fanshu.batch.shards import shards
from fanshu.batch.tasks import LinesTask
address, path, repeat = sys.argv[1], sys.argv[2], int(sys.argv[3])
with open(path, encoding="utf-8") as f:
    lines = f.readlines()
ray.init(address=address, log_to_driver=False, logging_level=logging.WARNING)
makers = {"workers=2": lambda: LocalProcesses(2), "ray": lambda: RayExecutor(address, 2)}
best = {}
for k in range(repeat + 1):
    for name, make in makers.items():
        part = lines[(2 * k + (name == "ray")) * 200:][:200]
        started = time.perf_counter()
        run_to_output(LinesTask(), shards(part, 100), make(), JsonlOutput("/dev/null"))
        took = time.perf_counter() - started
        if k:  # the first job of each starts what later ones reuse
            best[name] = min(best.get(name, took), took)
ray.shutdown()
print(json.dumps(best))
"""

#: The executors whose fixed cost and per-hand rate are fitted.
FITTED = ("workers=2", "ray")


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


def fit(points: dict[int, float]) -> tuple[float, float]:
    """The least-squares line ``seconds = fixed + hands * per_hand`` through ``points``
    (hands to seconds): ``(fixed, per_hand)``.

    >>> fixed, per = fit({2000: 1.5, 100_000: 8.5})
    >>> round(fixed, 3), round(1 / per)
    (1.357, 14000)
    """
    n = len(points)
    xs, ys = list(points), list(points.values())
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    if n < 2 or sxx == 0:
        raise ValueError("fitting a line needs two sizes or more")
    slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sxx
    return my - slope * mx, slope


def _sizes(text: str) -> list[int]:
    sizes = sorted({int(x.replace("_", "")) for x in text.split(",") if x.strip()})
    if len(sizes) < 2 or sizes[0] < 1:
        raise argparse.ArgumentTypeError("two sizes or more, each at least 1 (e.g. 2000,100000)")
    return sizes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=_sizes, default=[2000, 100_000],
                        help="hands per job, comma-separated (default 2000,100000)")  # fmt: skip
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--repeat", type=int, default=3, help="rounds (best run kept)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    sizes: list[int] = args.sizes
    n = sizes[-1]

    os.environ.setdefault(RAY_LOOPBACK_ENV, "0")
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    import ray

    results: dict[str, Any] = {"sizes": sizes, "seed": args.seed, "repeat": args.repeat,
                               "cores": os.cpu_count(), "load_before": _load()}  # fmt: skip
    with tempfile.TemporaryDirectory(prefix="fanshu-bench-batch-") as tmp:
        os.environ["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pycache")
        files: dict[int, Path] = {}
        started = time.perf_counter()
        lines = list(score_lines(args.seed, n))
        for size in sizes:
            files[size] = Path(tmp) / f"hands-{size}.jsonl"
            with files[size].open("w", encoding="utf-8") as f:
                f.writelines(line + "\n" for line in lines[:size])
        results["generate_s"] = round(time.perf_counter() - started, 2)
        del lines

        started = time.perf_counter()
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
                 logging_level=logging.WARNING, _system_config=dict(RAY_LOCAL_CONFIG))  # fmt: skip
        results["ray_start_s"] = round(time.perf_counter() - started, 2)
        port = ray.get_runtime_context().gcs_address.rsplit(":", 1)[1]
        configs = {
            "workers=2": ["--workers", "2"],
            "ray": ["--ray-address", f"127.0.0.1:{port}"],
            "workers=1": ["--workers", "1"],
        }
        # Ray starts idle workers with itself, and only the first job gets them; every
        # later job starts its own.  A throwaway job takes them, so that each timed Ray
        # run is a job as the ones after the first on a running Ray are.
        _command(files[sizes[0]], Path(tmp) / "warm-up.jsonl", configs["ray"])
        best: dict[str, dict[int, float]] = {name: {} for name in configs}
        cpu: dict[str, dict[int, float]] = {name: {} for name in configs}  # best runs'
        outputs: dict[int, dict[str, bytes]] = {size: {} for size in sizes}
        ceilings: list[float] = []
        try:
            for _ in range(args.repeat):
                ceilings.append(_ceiling(files[n], n))
                for size in sizes:
                    for name, extra in configs.items():
                        if name not in FITTED and size != n:
                            continue
                        out = Path(tmp) / f"{name}-{size}.jsonl"
                        wall, used = _command(files[size], out, extra)
                        if wall < best[name].get(size, float("inf")):
                            best[name][size] = wall
                            if used is not None:
                                cpu[name][size] = used
                        outputs[size][name] = out.read_bytes()
            kept = subprocess.run(
                [sys.executable, "-c", KEPT, f"127.0.0.1:{port}", str(files[n]), str(args.repeat)],
                check=True, capture_output=True, text=True,
            )  # fmt: skip
            results["kept_driver_200_hands_s"] = {
                k: round(v, 3) for k, v in json.loads(kept.stdout).items()
            }
        finally:
            started = time.perf_counter()
            ray.shutdown()
            results["ray_stop_s"] = round(time.perf_counter() - started, 2)
        out = Path(tmp) / "ray-local.jsonl"
        wall, used = _command(files[n], out, ["--ray", "--workers", "2"])
        best["ray (--ray)"] = {n: wall}
        cpu["ray (--ray)"] = {} if used is None else {n: used}
        outputs[n]["ray (--ray)"] = out.read_bytes()
    results["load_after"] = _load()
    results["identical"] = all(len(set(o.values())) == 1 for o in outputs.values())
    results["seconds"] = {k: {s: round(t, 2) for s, t in v.items()} for k, v in best.items()}
    results["hands_per_s"] = {k: round(n / v[n]) for k, v in best.items()}
    fits = {name: fit(best[name]) for name in FITTED}
    results["fixed_s"] = {k: round(f[0], 2) for k, f in fits.items()}
    results["per_hand_rate"] = {k: round(1 / f[1]) for k, f in fits.items()}
    results["per_hand_ratio_ray"] = round(fits["workers=2"][1] / fits["ray"][1], 3)
    results["job_ratio_ray"] = round(best["workers=2"][n] / best["ray"][n], 3)
    results["speedup_2_workers"] = round(best["workers=1"][n] / best["workers=2"][n], 2)
    results["speedup_2_plain_processes"] = round(max(ceilings), 2)
    results["cpu_s"] = {k: {s: round(t, 2) for s, t in v.items()} for k, v in cpu.items()}
    if all(len(cpu[name]) == len(sizes) for name in FITTED):
        # the same line through the machine's CPU seconds: what Ray costs per job and
        # per hand in all (its workers' start, its driver, raylet and GCS)
        cpu_fits = {name: fit(cpu[name]) for name in FITTED}
        results["cpu_fixed_s"] = {k: round(f[0], 2) for k, f in cpu_fits.items()}
        results["cpu_per_1000_hands_s"] = {k: round(1000 * f[1], 3) for k, f in cpu_fits.items()}

    if args.json:
        print(json.dumps(results, indent=2))
        return 0 if results["identical"] else 1
    load = f"load average {results['load_before']} before, {results['load_after']} after"
    print(f"a fresh command each run, best of {args.repeat}; {os.cpu_count()} cores; {load}")
    print("  " + f"{'seconds':<12}" + "".join(f"{s:>11,}" for s in sizes) + "  hands")
    for name, times in best.items():
        row = "".join(f"{times[s]:11.2f}" if s in times else f"{'':>11}" for s in sizes)
        print(f"  {name:<12}{row}")
    print("  " + f"{'machine CPU s':<12}")
    for name, used in cpu.items():
        row = "".join(f"{used[s]:11.2f}" if s in used else f"{'':>11}" for s in sizes)
        print(f"  {name:<12}{row}")
    for name in FITTED:
        line = (f"  {name:<12} fixed {results['fixed_s'][name]:5.2f} s, "
                f"per hand {results['per_hand_rate'][name]:>7,} hands/s")  # fmt: skip
        if "cpu_fixed_s" in results:
            line += (f"; machine CPU {results['cpu_fixed_s'][name]:5.2f} s per job + "
                     f"{results['cpu_per_1000_hands_s'][name]:.3f} s per 1,000 hands")  # fmt: skip
        print(line)
    print(f"  Ray / 2 processes: per-hand rate {results['per_hand_ratio_ray']:.3f}; "
          f"whole job of {n:,} hands {results['job_ratio_ray']:.3f}")  # fmt: skip
    ceiling = results["speedup_2_plain_processes"]
    print(f"  2 workers / 1 worker ({n:,} hands): {results['speedup_2_workers']:.2f}x; "
          f"two plain processes side by side: {ceiling:.2f}x")  # fmt: skip
    kept = results["kept_driver_200_hands_s"]
    print(f"  a job of 200 hands in a Python process that ran one before: 2 processes "
          f"{kept['workers=2']:.3f} s, Ray {kept['ray']:.3f} s (its workers kept)")  # fmt: skip
    print(f"  Ray local start {results['ray_start_s']} s, stop {results['ray_stop_s']} s "
          "(outside the 'ray' timings; inside 'ray (--ray)')")  # fmt: skip
    print(f"  outputs identical: {results['identical']}")
    return 0 if results["identical"] else 1


if __name__ == "__main__":
    raise SystemExit(main())
