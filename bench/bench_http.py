"""HTTP load on ``POST /v1/score`` and, with ``--auth``, on score sheets read and written
with their tokens: requests per second, latency percentiles, errors.

Starts ``fanshu serve --port 0 --db :memory:`` (or ``--db`` a SQLite file or a
``postgresql://`` URL) in a subprocess on the loopback interface, or uses ``--url`` of a
running server, then keeps ``--connections`` keep-alive HTTP/1.1 connections busy (one
thread each, ``http.client``).  Without ``--auth`` every request scores a hand: a fixed
set of hands of every rule set, or ``--distinct N`` random winning hands (so that no cache
answers for the server); each answer is checked against ``fanshu score --batch`` run
in-process on the same hand.

``--auth`` is a club evening: each connection starts a match (``POST /v1/matches``, which
answers its edit and view tokens) and then sends a mix (``--mix``, default
``score=4,read=2,write=1,list=1``) of hands scored, its sheet read with the view token
(``GET /v1/matches/{id}``, ``Authorization: Bearer``), hands recorded with the edit token
(``POST …/hands``; after 16 hands the next write starts a new match), its list read with
the edit token (``GET /v1/matches``: its own match only) and, one write in eight, a write
with the view token that must be refused (403).  Every answer is checked: status, the
hands on the sheet, the list.  The server started here runs with ``--rate-write 0``: all
connections come from one address, which the default limit of changes would stop.

A request that fails, answers another status or another body is an error.  Prints the
request rate, latency p50/p90/p99/max (per kind of request with ``--auth``) and the
error count; exits 1 on any error.

Run from the repository root:

    .venv/bin/python bench/bench_http.py                     # 10 s, 8 connections
    .venv/bin/python bench/bench_http.py --seconds 30 --connections 16
    .venv/bin/python bench/bench_http.py --batch 100         # POST /v1/score/batch
    .venv/bin/python bench/bench_http.py --distinct 5000     # 5,000 different hands
    .venv/bin/python bench/bench_http.py --auth --db /tmp/club.db
    .venv/bin/python bench/bench_http.py --auth --db postgresql://user@/fanshu?host=/run/postgresql
    .venv/bin/python bench/bench_http.py --url http://127.0.0.1:8000/ --json

The client threads and the server share the machine: on a small one the figures are
the pair's, not the server's alone.
"""

from __future__ import annotations

import argparse
import contextlib
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

from fanshu.batch.samples import score_lines
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


def distinct_hands(n: int, seed: int = 20261202) -> list[dict[str, Any]]:
    """``n`` different random winning hands with their win context (the input lines of
    ``fanshu score --batch`` the batch benchmarks use), ids dropped."""
    out = []
    for line in score_lines(seed, n):
        item = json.loads(line)
        item.pop("id", None)
        out.append(item)
    return out


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
    #: The latencies by kind of request (score, read, write, create, list, denied).
    by_kind: dict[str, list[float]] = field(default_factory=dict)
    errors: int = 0
    first_errors: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def error(self, text: str) -> None:
        with self.lock:
            self.errors += 1
            if len(self.first_errors) < 5:
                self.first_errors.append(text)

    def add(self, mine: dict[str, list[float]]) -> None:
        with self.lock:
            for kind, values in mine.items():
                self.latencies.extend(values)
                self.by_kind.setdefault(kind, []).extend(values)


#: One request: method, path, body, extra headers, its kind, and the check of its answer
#: (status, body) → a problem or None.
Request = tuple[str, str, bytes | None, dict[str, str], str, Any]


@contextmanager
def served(db: str = ":memory:", *extra: str) -> Iterator[str]:
    """``fanshu serve`` on a free loopback port on database ``db``; yields its base URL."""
    cmd = [sys.executable, "-c", "from fanshu.cli import run; run()", "serve",
           "--host", "127.0.0.1", "--port", "0", "--db", db, *extra]  # fmt: skip
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


def connect(url: str) -> http.client.HTTPConnection:
    parts = urlsplit(url)
    return http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)


def send(conn: http.client.HTTPConnection, request: Request) -> tuple[int, bytes]:
    method, path, body, extra, _, _ = request
    headers = {"Connection": "keep-alive", **extra}
    if body is not None:
        headers["Content-Type"] = "application/json"
    conn.request(method, path, body=body, headers=headers)
    resp = conn.getresponse()
    return resp.status, resp.read()


def worker(url: str, requests: Iterator[Request], until: float, tally: Tally) -> None:
    """Send ``requests`` one after the other on one keep-alive connection until
    ``until``, checking each answer."""
    conn = connect(url)
    mine: dict[str, list[float]] = {}
    try:
        while time.perf_counter() < until:
            request = next(requests)
            t0 = time.perf_counter()
            try:
                status, data = send(conn, request)
            except (OSError, http.client.HTTPException) as e:
                tally.error(f"{request[4]}: {type(e).__name__}: {e}")
                conn.close()
                conn = connect(url)
                continue
            mine.setdefault(request[4], []).append(time.perf_counter() - t0)
            problem = request[5](status, data)
            if problem:
                tally.error(f"{request[4]} {request[0]} {request[1]}: {problem}")
    finally:
        conn.close()
        tally.add(mine)


def scoring(
    path: str, bodies: list[tuple[bytes, Any]], check: Any, offset: int
) -> Iterator[Request]:
    """The score requests of one connection, round the bodies from ``offset``."""
    i = offset
    while True:
        body, want = bodies[i % len(bodies)]
        i += 1
        yield (
            "POST",
            path,
            body,
            {},
            "score",
            lambda status, data, want=want: check(status, data, want),
        )


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


class Table:
    """One connection's score sheet under ``--auth``: its match and tokens, the hands
    it has recorded, and the requests of the mix that read and write it."""

    HAND = json.dumps({"winner": "A", "discarder": "B", "fan": 8}).encode()
    NEW = json.dumps({"players": ["A", "B", "C", "D"]}).encode()

    def __init__(self, conn: http.client.HTTPConnection) -> None:
        self.id = ""
        self.edit = self.view = ""
        self.hands = 0
        self.writes = 0
        status, data = send(conn, ("POST", "/v1/matches", self.NEW, {}, "create", None))
        problem = self.created(status, data)
        if problem:
            raise SystemExit(f"cannot start a match: {problem}")

    def bearer(self, token: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {token}"}

    def created(self, status: int, data: bytes) -> str | None:
        if status != 201:
            return f"status {status}, expected 201: {data[:200]!r}"
        body = json.loads(data)
        access = body.get("access")
        if not access or not access.get("edit_token") or not access.get("view_token"):
            return "no access tokens in the 201 (is the server's authentication in?)"
        self.id, self.hands = body["id"], 0
        self.edit, self.view = access["edit_token"], access["view_token"]
        return None

    def read(self) -> Request:
        want = self.hands

        def check(status: int, data: bytes) -> str | None:
            if status != 200:
                return f"status {status}: {data[:200]!r}"
            body = json.loads(data)
            if body.get("id") != self.id or body.get("hands_played") != want:
                return f"the sheet has {body.get('hands_played')} hands, expected {want}"
            return None

        return "GET", f"/v1/matches/{self.id}", None, self.bearer(self.view), "read", check

    def write(self) -> Request:
        self.writes += 1
        if self.writes % 8 == 0:  # the view token may read, not write
            path = f"/v1/matches/{self.id}/hands"
            return "POST", path, self.HAND, self.bearer(self.view), "denied", _refused
        if self.hands == 16:
            return "POST", "/v1/matches", self.NEW, {}, "create", self.created
        want = self.hands + 1

        def check(status: int, data: bytes) -> str | None:
            if status != 200:
                return f"status {status}: {data[:200]!r}"
            played = json.loads(data).get("hands_played")
            if played != want:
                return f"{played} hands after recording, expected {want}"
            self.hands = want
            return None

        return (
            "POST",
            f"/v1/matches/{self.id}/hands",
            self.HAND,
            self.bearer(self.edit),
            "write",
            check,
        )

    def listing(self) -> Request:
        def check(status: int, data: bytes) -> str | None:
            if status != 200:
                return f"status {status}: {data[:200]!r}"
            ids = [m.get("id") for m in json.loads(data)]
            return None if ids == [self.id] else f"the token lists {ids}, expected [{self.id}]"

        return "GET", "/v1/matches", None, self.bearer(self.edit), "list", check


def _refused(status: int, data: bytes) -> str | None:
    return None if status == 403 else f"status {status}, expected 403: {data[:200]!r}"


def club(table: Table, mix: dict[str, int], scores: Iterator[Request]) -> Iterator[Request]:
    """The requests of one connection under ``--auth``: the mix, in turn."""
    make = {"score": lambda: next(scores), "read": table.read, "write": table.write,
            "list": table.listing}  # fmt: skip
    order = [kind for kind, n in mix.items() for _ in range(n)]
    while True:
        for kind in order:
            yield make[kind]()


def parse_mix(text: str) -> dict[str, int]:
    """``score=4,read=2,write=1,list=1`` → the number of each kind in one round."""
    mix: dict[str, int] = {}
    for part in text.split(","):
        kind, _, n = part.partition("=")
        if kind.strip() not in ("score", "read", "write", "list") or not n.strip().isdigit():
            raise ValueError(
                f"--mix takes KIND=N,… with KIND score, read, write or list, not {part!r}"
            )
        mix[kind.strip()] = int(n)
    if not any(mix.values()):
        raise ValueError("--mix needs at least one request a round")
    return mix


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


def run(
    url: str, connections: int, seconds: float, warmup: float, batch: int, *,
    distinct: int = 0, mix: dict[str, int] | None = None,
) -> dict[str, Any]:  # fmt: skip
    hands = distinct_hands(distinct) if distinct else HANDS
    if batch:
        bodies = []
        for first in range(0, max(len(hands), batch) if distinct else batch, batch):
            items = [hands[(first + i) % len(hands)] for i in range(batch)]
            want_batch = [score_line(x) for x in items]
            codes = [r["error"]["code"] if r.get("error") else r["total"] for r in want_batch]
            bodies.append((json.dumps({"items": items}).encode(), (200, codes)))
        path, check = "/v1/score/batch", check_batch
    else:
        bodies = [(json.dumps(h).encode(), expected(h)) for h in hands]
        path, check = "/v1/score", check_one

    def requests(k: int, conn: http.client.HTTPConnection) -> Iterator[Request]:
        scores = scoring(path, bodies, check, k * len(bodies) // connections)
        return scores if mix is None else club(Table(conn), mix, scores)

    if warmup > 0:
        with contextlib.closing(connect(url)) as conn:
            worker(url, requests(0, conn), time.perf_counter() + warmup, Tally())
    with contextlib.ExitStack() as stack:  # each connection's match made before the clock
        setup = [stack.enter_context(contextlib.closing(connect(url))) for _ in range(connections)]
        plans = [requests(k, setup[k]) for k in range(connections)]
    tally = Tally()
    start = time.perf_counter()
    until = start + seconds
    threads = [
        threading.Thread(target=worker, args=(url, plans[k], until, tally))
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
        "endpoint": path if mix is None else "/v1/score, /v1/matches…",
        "auth": mix is not None,
        "mix": mix,
        "distinct_hands": len(hands),
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
        "by_kind": {
            kind: {
                "requests": len(values),
                "p50_ms": round(percentile(sorted(values), 0.5) * 1000, 2),
                "p99_ms": round(percentile(sorted(values), 0.99) * 1000, 2),
            }
            for kind, values in sorted(tally.by_kind.items())
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
    ap.add_argument("--distinct", type=int, default=0, metavar="N",
                    help="Score N different random winning hands instead of the fixed "
                    "set (so that no cache answers everything).")  # fmt: skip
    ap.add_argument("--auth", action="store_true",
                    help="Score sheets read and written with their tokens (Authorization: "
                    "Bearer) among the scored hands: see --mix.")  # fmt: skip
    ap.add_argument("--mix", default="score=4,read=2,write=1,list=1",
                    help="With --auth: the requests of one round by kind "
                    "(default %(default)s).")  # fmt: skip
    ap.add_argument("--db", default=":memory:", metavar="PATH|URL",
                    help="The database of the server started here: :memory: (default), a "
                    "SQLite file, or a postgresql:// URL.")  # fmt: skip
    ap.add_argument("--json", action="store_true", help="Print the figures as JSON.")
    args = ap.parse_args()
    if args.connections < 1 or args.seconds <= 0 or not 0 <= args.batch <= 1000:
        ap.error("--connections ≥ 1, --seconds > 0, --batch 0-1000")
    if not 0 <= args.distinct <= 1_000_000:
        ap.error("--distinct 0-1,000,000")
    if args.auth and args.batch:
        ap.error("--auth sends single hands: leave out --batch")
    try:
        mix = parse_mix(args.mix) if args.auth else None
    except ValueError as e:
        ap.error(str(e))

    def go(url: str) -> dict[str, Any]:
        return run(
            url, args.connections, args.seconds, args.warmup, args.batch,
            distinct=args.distinct, mix=mix,
        )  # fmt: skip

    if args.url:
        out = go(args.url)
    else:
        # one client address makes every change: no limit on changes a minute
        extra = ("--rate-write", "0") if args.auth else ()
        with served(args.db, *extra) as url:
            out = go(url)
    out["db"] = "running server" if args.url else _db_kind(args.db)
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
        if args.auth or args.distinct:
            print(f"  database: {out['db']}; {out['distinct_hands']} different hands scored")
        if args.auth:
            for kind, k in out["by_kind"].items():
                print(f"  {kind:7} {k['requests']:7} requests  p50 {k['p50_ms']} ms  "
                      f"p99 {k['p99_ms']} ms")  # fmt: skip
        print(f"  errors: {out['errors']}")
        for e in out["first_errors"]:
            print(f"    {e}")
    if out["errors"]:
        raise SystemExit(1)


def _db_kind(db: str) -> str:
    if db.strip() == ":memory:":
        return "SQLite in memory"
    if db.startswith(("postgresql:", "postgres:")):
        return "PostgreSQL"
    return "SQLite file"


if __name__ == "__main__":
    main()
