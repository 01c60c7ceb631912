"""``bench/bench_tables.py`` run tiny (2 tables, 1 hand each) against a real ``fanshu
serve``, so that the live-table benchmark cannot rot: every table finished, no error,
every action accepted and seen at every other seat."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "bench_tables.py"


def test_bench_tables_tiny_run() -> None:
    t0 = time.monotonic()
    proc = subprocess.run(
        [sys.executable, str(BENCH), "--tables", "2", "--hands", "1", "--json"],
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )
    took = time.monotonic() - t0
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "Traceback" not in proc.stderr, proc.stderr
    f = json.loads(proc.stdout)
    assert (f["tables"], f["finished"], f["errors"], f["first_errors"]) == (2, 2, 0, [])
    # one two-player table (2 people) and one MCR table (2 people, 2 bots)
    assert f["setup"]["seats"] == 4 and f["clients"] == 1
    assert f["actions"] > 20 and f["actions_per_s"] > 0
    # each action reaches the one other person's seat of its table and its own seat
    assert f["latency_ms"]["samples"] == f["own_latency_ms"]["samples"] == f["actions"]
    assert f["messages"] == 4 + 2 * f["actions"]  # first states, then one per action a seat
    assert 0 < f["latency_ms"]["p50"] <= f["latency_ms"]["p99"] <= f["latency_ms"]["max"]
    assert f["server_cpu_s"] is not None and f["server_cpu_s"] > 0
    assert took < 60, f"the tiny run took {took:.1f} s"
