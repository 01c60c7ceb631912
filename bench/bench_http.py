"""HTTP load on ``POST /v1/score``: requests per second, latency percentiles, errors.

Starts ``fanshu serve --port 0 --db :memory:`` in a subprocess on the loopback interface
(or uses ``--url`` of a running server), then keeps ``--connections`` keep-alive HTTP/1.1
connections busy (one thread each, ``http.client``) with a fixed set of hands of every
rule set, each answer checked against ``fanshu score --batch`` run in-process on the same
hand.  A request that fails, answers another status or another score is an error.  Prints
the request rate, latency p50/p90/p99/max and the error count; exits 1 on any error.

Run from the repository root:

    .venv/bin/python bench/bench_http.py                     # 10 s, 8 connections
    .venv/bin/python bench/bench_http.py --seconds 30 --connections 16
    .venv/bin/python bench/bench_http.py --batch 100         # POST /v1/score/batch
    .venv/bin/python bench/bench_http.py --url http://127.0.0.1:8000/ --json

The client threads and the server share the machine: on a small one the figures are
the pair's, not the server's alone.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from fanshu.protocol.score import score_line

#: The hands sent, in turn: MCR wins of several shapes, other rule sets, a hand that is
#: not a win (200 with not_a_win) and one that cannot be scored (a 422 problem).
HANDS: list[dict[str, Any]] = [
    {"hand": "[EEEE]123m456p789s11s", "self_drawn": True, "seat_wind": "S"},
    {"hand": "1112345678999m5m", "self_drawn": True},
    {"hand": "11m22m33m44p55p66p7s7s"},
    {"hand": "19m19p19sESWNCFP1m"},
    {"hand": "147m258p369sESWCF", "self_drawn": True},
    {"hand": "[123m][456p]789s11sEE1s", "flowers": 2},
    {"hand": "223344m556677p8s8s"},
    {"hand": "11123455678999m", "rules": "sichuan", "self_drawn": True},
    {"hand": "123m456p789s11sEEE", "rules": "two-player"},
    {"hand": "123m456m789m11mEEE", "rules": "beijing", "self_drawn": True},
    {"hand": "123m456p789s11s135m"},
    {"hand": "123m456p789s11s1x"},
]


def expected(item: dict[str, Any]) -> tuple[int, Any]:
    """The status and the score (total, or error code) the service must answer."""
    out = score_line(item)
    error = out.get("error")
    if error is None:
        return 200, out["total"]
    if error["code"] == "not_a_win":
        return 200, "not_a_win"
    return 422, error["code"]


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    first_errors: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def error(self, text: str) -> None:
        with self.lock:
            self.errors += 1
            if len(self.first_errors) < 5:
                self.first_errors.append(text)


@contextmanager
def served() -> Iterator[str]:
    """``fanshu serve`` on a free loopback port; yields its base URL."""
    cmd = [sys.executable, "-c", "from fanshu.cli import run; run()", "serve",
           "--host", "127.0.0.1", "--port", "0", "--db", ":memory:"]  # fmt: skip
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline().strip()
        if not line.startswith("fanshu serving on "):
            raise SystemExit(f"the server did not start: {line!r}")
        yield line.removeprefix("fanshu serving on ")
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def worker(
    url: str, path: str, bodies: list[tuple[bytes, tuple[int, Any]]], offset: int,
    until: float, tally: Tally, check: Any,
) -> None:  # fmt: skip
    parts = urlsplit(url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    headers = {"Content-Type": "application/json", "Connection": "keep-alive"}
    mine: list[float] = []
    i = offset
    try:
        while time.perf_counter() < until:
            body, want = bodies[i % len(bodies)]
            i += 1
            t0 = time.perf_counter()
            try:
                conn.request("POST", path, body=body, headers=headers)
                resp = conn.getresponse()
                data = resp.read()
            except (OSError, http.client.HTTPException) as e:
                tally.error(f"{type(e).__name__}: {e}")
                conn.close()
                conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
                continue
            mine.append(time.perf_counter() - t0)
            problem = check(resp.status, data, want)
            if problem:
                tally.error(problem)
    finally:
        conn.close()
        with tally.lock:
            tally.latencies.extend(mine)


def check_one(status: int, data: bytes, want: tuple[int, Any]) -> str | None:
    w_status, w_value = want
    if status != w_status:
        return f"status {status}, expected {w_status}: {data[:200]!r}"
    body = json.loads(data)
    if status == 200:
        error = body.get("error")
        got = error["code"] if error else body.get("total")
    else:
        got = body.get("code")
    return None if got == w_value else f"got {got!r}, expected {w_value!r}"


def check_batch(status: int, data: bytes, want: tuple[int, Any]) -> str | None:
    if status != 200:
        return f"status {status}: {data[:200]!r}"
    results = json.loads(data)["results"]
    got = [r["error"]["code"] if r.get("error") else r["total"] for r in results]
    return None if got == want[1] else "batch results differ from score --batch"


def percentile(sorted_values: list[float], q: float) -> float:
    """Nearest-rank percentile of sorted values."""
    if not sorted_values:
        return float("nan")
    k = max(0, min(len(sorted_values) - 1, round(q * len(sorted_values) + 0.5) - 1))
    return sorted_values[k]


def run(url: str, connections: int, seconds: float, warmup: float, batch: int) -> dict[str, Any]:
    if batch:
        items = [HANDS[i % len(HANDS)] for i in range(batch)]
        want_batch = [score_line(x) for x in items]
        codes = [r["error"]["code"] if r.get("error") else r["total"] for r in want_batch]
        bodies = [(json.dumps({"items": items}).encode(), (200, codes))]
        path, check = "/v1/score/batch", check_batch
    else:
        bodies = [(json.dumps(h).encode(), expected(h)) for h in HANDS]
        path, check = "/v1/score", check_one
    if warmup > 0:
        worker(url, path, bodies, 0, time.perf_counter() + warmup, Tally(), check)
    tally = Tally()
    start = time.perf_counter()
    until = start + seconds
    threads = [
        threading.Thread(target=worker, args=(url, path, bodies, k, until, tally, check))
        for k in range(connections)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - start
    lat = sorted(tally.latencies)
    n = len(lat)
    return {
        "endpoint": path,
        "hands_per_request": batch or 1,
        "connections": connections,
        "seconds": round(elapsed, 2),
        "requests": n,
        "requests_per_s": round(n / elapsed, 1),
        "hands_per_s": round(n * (batch or 1) / elapsed, 1),
        "latency_ms": {
            name: round(percentile(lat, q) * 1000, 2)
            for name, q in (("p50", 0.5), ("p90", 0.9), ("p99", 0.99), ("max", 1.0))
        },
        "errors": tally.errors,
        "first_errors": tally.first_errors,
        "cpus": os.cpu_count(),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--url", help="A running server (default: start fanshu serve).")
    ap.add_argument("--connections", type=int, default=8, help="Concurrent connections.")
    ap.add_argument("--seconds", type=float, default=10.0, help="Measured duration.")
    ap.add_argument("--warmup", type=float, default=1.0, help="Unmeasured seconds first.")
    ap.add_argument("--batch", type=int, default=0,
                    help="Send POST /v1/score/batch with this many hands instead.")  # fmt: skip
    ap.add_argument("--json", action="store_true", help="Print the figures as JSON.")
    args = ap.parse_args()
    if args.connections < 1 or args.seconds <= 0 or not 0 <= args.batch <= 1000:
        ap.error("--connections ≥ 1, --seconds > 0, --batch 0-1000")

    def go(url: str) -> dict[str, Any]:
        return run(url, args.connections, args.seconds, args.warmup, args.batch)

    if args.url:
        out = go(args.url)
    else:
        with served() as url:
            out = go(url)
    if args.json:
        print(json.dumps(out, ensure_ascii=False, indent=2))
    else:
        lat = out["latency_ms"]
        per = f" × {out['hands_per_request']} hands" if args.batch else ""
        print(f"POST {out['endpoint']}{per}: {out['connections']} connections, "
              f"{out['seconds']} s, {out['cpus']} CPUs")  # fmt: skip
        print(f"  {out['requests']} requests, {out['requests_per_s']} requests/s"
              + (f", {out['hands_per_s']} hands/s" if args.batch else ""))  # fmt: skip
        print(f"  latency ms: p50 {lat['p50']}  p90 {lat['p90']}  p99 {lat['p99']}  "
              f"max {lat['max']}")  # fmt: skip
        print(f"  errors: {out['errors']}")
        for e in out["first_errors"]:
            print(f"    {e}")
    if out["errors"]:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
