"""HTTP load on ``POST /v1/score`` and, with ``--auth``, on score sheets read and written
with their tokens: requests per second, latency percentiles, errors, CPU a request.

Starts ``fanshu serve --port 0 --db :memory:`` (or ``--db`` a SQLite file or a
``postgresql://`` URL; ``--workers N``, or a list ``1,2`` measured in turn, each on a
fresh server and the same hands; with more than one worker ``:memory:`` becomes a
temporary file) in a subprocess on the loopback interface, or uses ``--url`` of a
running server.  The client keeps ``--connections`` keep-alive HTTP/1.1 connections,
one thread each, on plain sockets (:class:`Connection`: ``http.client`` costs several
times the client's CPU, which the server would not get on a small machine).

The hands: by default fresh random winning hands (``--seed``, drawn before the clock,
``--pool`` of them): every request takes the next one, so no hand is sent twice — the
warm-up sends other hands — and the report counts the repeats (0; the server keeps no
whole-hand cache, only per-suit-pattern ones, so every answer is computed).
``--distinct N`` goes round N random hands, ``--fixed`` round 12 fixed hands of every
rule set (a hand that is not a win, one that cannot be scored).  Each answer is checked
against ``score_line`` (``fanshu score --batch``) run in this process on the same hand.

Two loops: closed (default: each connection sends its next request as soon as its
answer is in; the rate is the most the pair manages) and open (``--rate R``: requests
go out on a fixed schedule, one every 1/R s, taken by whichever connection is free,
default 32 connections; the latency counts from the *scheduled* send, so time spent
waiting for a free connection because the server fell behind is in it — no coordinated
omission).  Open loop also reports the answer time from the actual send and how late
the client sent.  In chunks (``--rounds``) each chunk starts its schedule anew once the
last one's queue has drained, so past the server's capacity the latency grows with the
chunk length: then the figure that counts is the achieved rate below the target.
Both report the achieved requests/s, latency p50/p90/p99/max, the errors, and the CPU
milliseconds a request of the server's processes (Linux /proc) and of this client: less
noisy than rates on a shared machine.

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
figures (per kind of request with ``--auth``); exits 1 on any error.

Run from the repository root:

    .venv/bin/python bench/bench_http.py                     # 10 s, 8 connections, fresh hands
    .venv/bin/python bench/bench_http.py --workers 1,2       # 1 worker, then 2
    .venv/bin/python bench/bench_http.py --rate 2000 --workers 1,2   # open loop
    .venv/bin/python bench/bench_http.py --seconds 30 --connections 16
    .venv/bin/python bench/bench_http.py --batch 100         # POST /v1/score/batch
    .venv/bin/python bench/bench_http.py --fixed             # 12 hands seen again and again
    .venv/bin/python bench/bench_http.py --distinct 5000     # 5,000 different hands in turn
    .venv/bin/python bench/bench_http.py --auth --db /tmp/club.db --workers 2
    .venv/bin/python bench/bench_http.py --auth --db postgresql://user@/fanshu?host=/run/postgresql
    .venv/bin/python bench/bench_http.py --url http://127.0.0.1:8000/ --json

The client threads and the server share the machine: on a small one the figures are
the pair's, not the server's alone.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import itertools
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
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
def served(db: str = ":memory:", *extra: str) -> Iterator[tuple[str, list[int]]]:
    """``fanshu serve`` on a free loopback port on database ``db``; yields its base URL
    and the ids of its processes (the supervisor and its workers)."""
    cmd = [sys.executable, "-c", "from fanshu.cli import run; run()", "serve",
           "--host", "127.0.0.1", "--port", "0", "--db", db, *extra]  # fmt: skip
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline().strip()
        if not line.startswith("fanshu serving on "):
            raise SystemExit(f"the server did not start: {line!r}")
        second = proc.stdout.readline().strip()  # N worker process(es): PID, …
        workers = [int(x) for x in second.split(": ", 1)[1].split(", ")]
        pids = list(dict.fromkeys([proc.pid, *workers]))  # one worker: the process itself
        yield line.removeprefix("fanshu serving on "), pids
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def cpu_seconds(pids: list[int]) -> float | None:
    """User + system CPU seconds of these processes so far (Linux /proc), else None."""
    total = 0
    try:
        for pid in pids:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14, 15)
    except (OSError, IndexError, ValueError):
        return None
    return total / os.sysconf("SC_CLK_TCK")


class Connection:
    """One keep-alive HTTP/1.1 connection on a plain socket: the request written in one
    piece, the answer read by its Content-Length.  (``http.client`` parses headers
    with the email package: several times the client's CPU a request, which on a small
    machine the server would not get.)"""

    def __init__(self, host: str, port: int) -> None:
        self.address = (host, port)
        self.host = f"{host}:{port}".encode()
        self.sock: socket.socket | None = None
        self.buffer = b""

    def close(self) -> None:
        if self.sock is not None:
            self.sock.close()
            self.sock = None
        self.buffer = b""

    def exchange(self, head: bytes, body: bytes | None) -> tuple[int, bytes]:
        if self.sock is None:
            self.sock = socket.create_connection(self.address, timeout=30)
            self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.sock.sendall(head + body if body else head)
        while (end := self.buffer.find(b"\r\n\r\n")) < 0:
            self._more()
        header, self.buffer = self.buffer[:end], self.buffer[end + 4 :]
        lines = header.split(b"\r\n")
        status = int(lines[0].split(b" ", 2)[1])
        length, close = None, False
        for line in lines[1:]:
            name, _, value = line.partition(b":")
            name = name.strip().lower()
            if name == b"content-length":
                length = int(value)
            elif name == b"connection" and value.strip().lower() == b"close":
                close = True
        if length is None:
            raise http.client.HTTPException(f"an answer without Content-Length: {header!r}")
        while len(self.buffer) < length:
            self._more()
        data, self.buffer = self.buffer[:length], self.buffer[length:]
        if close:
            self.close()
        return status, data

    def _more(self) -> None:
        assert self.sock is not None
        chunk = self.sock.recv(65536)
        if not chunk:
            raise http.client.RemoteDisconnected("the server closed the connection")
        self.buffer += chunk


def connect(url: str) -> Connection:
    parts = urlsplit(url)
    return Connection(parts.hostname or "127.0.0.1", parts.port or 80)


def send(conn: Connection, request: Request) -> tuple[int, bytes]:
    method, path, body, extra, _, _ = request
    lines = [f"{method} {path} HTTP/1.1", f"Host: {conn.host.decode()}"]
    lines += [f"{name}: {value}" for name, value in extra.items()]
    if body is not None:
        lines += ["Content-Type: application/json", f"Content-Length: {len(body)}"]
    head = ("\r\n".join(lines) + "\r\n\r\n").encode()
    return conn.exchange(head, body)


def send_checked(
    conn: Connection, url: str, request: Request, tally: Tally
) -> tuple[Connection, float | None]:
    """Send ``request`` on ``conn`` and check its answer, a problem counted in ``tally``.
    Returns the connection to go on with and the time (``perf_counter``) the answer was
    in, or None when the send failed: then the error is counted, and the connection is
    a new one (``conn`` is closed)."""
    try:
        status, data = send(conn, request)
    except (OSError, http.client.HTTPException) as e:
        tally.error(f"{request[4]}: {type(e).__name__}: {e}")
        conn.close()
        return connect(url), None
    done = time.perf_counter()
    problem = request[5](status, data)
    if problem:
        tally.error(f"{request[4]} {request[0]} {request[1]}: {problem}")
    return conn, done


def worker(url: str, requests: Iterator[Request], until: float, tally: Tally) -> None:
    """Send ``requests`` one after the other on one keep-alive connection until
    ``until``, checking each answer."""
    conn = connect(url)
    mine: dict[str, list[float]] = {}
    try:
        while time.perf_counter() < until:
            request = next(requests)
            t0 = time.perf_counter()
            conn, done = send_checked(conn, url, request, tally)
            if done is not None:
                mine.setdefault(request[4], []).append(done - t0)
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

    def __init__(self, conn: Connection) -> None:
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


@dataclass
class Pool:
    """The score requests to send, each ``(body, expected answer)``; with ``fresh`` every
    request takes the next one and none is sent twice (at the end of the pool the
    connections stop), else each connection goes round them from its own offset."""

    bodies: list[tuple[bytes, Any]]
    fresh: bool
    taken: Iterator[int] = field(default_factory=itertools.count)
    #: The pool indices sent, in the order taken (fresh pools only).
    sent: list[int] = field(default_factory=list)

    def requests(self, path: str, check: Any, offset: int) -> Iterator[Request]:
        if not self.fresh:
            yield from scoring(path, self.bodies, check, offset)
            return
        while True:
            i = next(self.taken)  # itertools.count: one index per call, across threads
            if i >= len(self.bodies):
                return
            self.sent.append(i)
            body, want = self.bodies[i]
            yield (
                "POST",
                path,
                body,
                {},
                "score",
                lambda status, data, want=want: check(status, data, want),
            )


def fresh_items(seed: int, n: int, avoid: set[bytes] | None = None) -> list[dict[str, Any]]:
    """``n`` different random winning hands (seed ``seed``), none of them in ``avoid``
    (compared as the request body)."""
    out: list[dict[str, Any]] = []
    seen = set(avoid or ())
    lines = score_lines(seed, n * 2 + 100)
    for line in lines:
        item = json.loads(line)
        item.pop("id", None)
        key = json.dumps(item).encode()
        if key in seen:
            continue
        seen.add(key)
        out.append(item)
        if len(out) == n:
            return out
    raise SystemExit(f"could not draw {n} different hands")


def make_bodies(items: list[dict[str, Any]], batch: int) -> list[tuple[bytes, Any]]:
    """The request bodies and expected answers (status and score or error code, from
    ``score_line`` in this process): single hands, or ``batch`` hands a body."""
    if not batch:
        return [(json.dumps(h).encode(), expected(h)) for h in items]
    out = []
    for first in range(0, len(items) - batch + 1, batch):
        chunk = items[first : first + batch]
        want = [score_line(x) for x in chunk]
        codes = [r["error"]["code"] if r.get("error") else r["total"] for r in want]
        out.append((json.dumps({"items": chunk}).encode(), (200, codes)))
    return out


def paced(
    url: str, requests: Iterator[Request], slots: Iterator[int], start: float, rate: float,
    until: float, tally: Tally, lags: list[float], services: list[float],
) -> None:  # fmt: skip
    """Open loop: take the next slot of the shared schedule (one request every
    ``1/rate`` s from ``start``), wait for its time, send it; the latency counts from
    the scheduled time, so a request that waited for a free connection (the server fell
    behind) counts its wait too — no coordinated omission."""
    conn = connect(url)
    mine: dict[str, list[float]] = {}
    my_lags: list[float] = []
    my_services: list[float] = []
    try:
        while True:
            due = start + next(slots) / rate
            if due >= until:
                break
            now = time.perf_counter()
            if due > now:
                time.sleep(due - now)
            try:
                request = next(requests)
            except StopIteration:
                tally.error("the pool of fresh hands ran out: raise --pool")
                break
            t0 = time.perf_counter()
            conn, done = send_checked(conn, url, request, tally)
            if done is None:
                continue
            mine.setdefault(request[4], []).append(done - due)
            my_lags.append(t0 - due)
            my_services.append(done - t0)
    finally:
        conn.close()
        tally.add(mine)
        with tally.lock:
            lags.extend(my_lags)
            services.extend(my_services)


def _ms(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {
        name: round(percentile(ordered, q) * 1000, 2)
        for name, q in (("p50", 0.5), ("p90", 0.9), ("p99", 0.99), ("max", 1.0))
    }


@dataclass
class Totals:
    """What the measured chunks against one server add up to."""

    tally: Tally = field(default_factory=Tally)
    lags: list[float] = field(default_factory=list)
    services: list[float] = field(default_factory=list)
    elapsed: float = 0.0
    client_cpu: float = 0.0
    server_cpu: float | None = 0.0
    chunks: int = 0


def run(
    url: str, connections: int, seconds: float, warmup: float, batch: int, *,
    pool: Pool, warm_pool: Pool, totals: Totals, mix: dict[str, int] | None = None,
    rate: float = 0.0, server_pids: list[int] | None = None,
) -> None:  # fmt: skip
    """One measured chunk of ``seconds`` against ``url``, added to ``totals``: closed
    loop (each connection sends as soon as its answer is in), or open loop at ``rate``
    requests a second; ``warmup`` seconds on ``warm_pool`` first."""
    path, check = ("/v1/score/batch", check_batch) if batch else ("/v1/score", check_one)
    n_bodies = len(pool.bodies)

    def requests(source: Pool, k: int, conn: Connection) -> Iterator[Request]:
        scores = source.requests(path, check, k * n_bodies // connections)
        return scores if mix is None else club(Table(conn), mix, scores)

    if warmup > 0:  # on every connection (so every worker warms up), other hands
        with contextlib.ExitStack() as stack:
            warm_conns = [stack.enter_context(contextlib.closing(connect(url)))
                          for _ in range(connections)]  # fmt: skip
            warm_plans = [requests(warm_pool, k, warm_conns[k]) for k in range(connections)]
        warm_until = time.perf_counter() + warmup
        warmers = [
            threading.Thread(target=worker, args=(url, plan, warm_until, Tally()))
            for plan in warm_plans
        ]
        for t in warmers:
            t.start()
        for t in warmers:
            t.join()
    with contextlib.ExitStack() as stack:  # each connection's match made before the clock
        setup = [stack.enter_context(contextlib.closing(connect(url))) for _ in range(connections)]
        plans = [requests(pool, k, setup[k]) for k in range(connections)]
    tally = totals.tally
    start = time.perf_counter() + 0.05
    until = start + seconds
    if rate:
        slots = itertools.count()
        args: list[tuple[Any, ...]] = [
            (url, plans[k], slots, start, rate, until, tally, totals.lags, totals.services)
            for k in range(connections)
        ]
        target: Any = paced
    else:
        args = [(url, plans[k], until, tally) for k in range(connections)]
        target = worker
    threads = [threading.Thread(target=target, args=a) for a in args]
    server_cpu = cpu_seconds(server_pids or [])
    client_cpu = time.process_time()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    totals.elapsed += time.perf_counter() - start
    totals.client_cpu += time.process_time() - client_cpu
    server_after = cpu_seconds(server_pids or [])
    if server_cpu is None or server_after is None or totals.server_cpu is None:
        totals.server_cpu = None
    else:
        totals.server_cpu += server_after - server_cpu
    totals.chunks += 1


def summary(
    totals: Totals, pool: Pool, warm_pool: Pool, *, batch: int, connections: int,
    mix: dict[str, int] | None, rate: float,
) -> dict[str, Any]:  # fmt: skip
    """The figures of one server's chunks."""
    tally, elapsed = totals.tally, totals.elapsed
    n = len(tally.latencies)
    sent = [pool.bodies[i][0] for i in pool.sent]
    warm = {warm_pool.bodies[i][0] for i in warm_pool.sent}
    path = "/v1/score/batch" if batch else "/v1/score"
    out: dict[str, Any] = {
        "endpoint": path if mix is None else "/v1/score, /v1/matches…",
        "loop": "open" if rate else "closed",
        "auth": mix is not None,
        "mix": mix,
        "hands": "fresh" if pool.fresh else f"{len(pool.bodies)} in turn",
        "distinct_hands": len(set(sent)) * (batch or 1) if pool.fresh else len(pool.bodies),
        "hands_per_request": batch or 1,
        "connections": connections,
        "chunks": totals.chunks,
        "seconds": round(elapsed, 2),
        "requests": n,
        "requests_per_s": round(n / elapsed, 1),
        "hands_per_s": round(n * (batch or 1) / elapsed, 1),
        "latency_ms": _ms(tally.latencies),
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
        # CPU time a request (all threads of this client; the server's processes): less
        # noisy than the rates on a shared machine, and the client's share is not the
        # server's
        "client_cpu_ms_per_request": round(totals.client_cpu * 1000 / n, 3) if n else None,
        "server_cpu_ms_per_request": (
            round(totals.server_cpu * 1000 / n, 3) if n and totals.server_cpu is not None else None
        ),
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }
    if pool.fresh:
        # a body sent twice, or also in the warm-up, would be a repeat the server has seen
        out["repeated_hands"] = len(sent) - len(set(sent)) + len(warm.intersection(sent))
    if rate:
        out["target_per_s"] = rate
        out["service_ms"] = _ms(totals.services)  # from the actual send: the server's time
        out["send_lag_ms"] = _ms(totals.lags)  # how late the client sent: the queue it saw
    return out


def print_figures(out: dict[str, Any], batch: int) -> None:
    lat = out["latency_ms"]
    per = f" × {out['hands_per_request']} hands" if batch else ""
    n = out.get("workers")
    workers = "" if n is None else f", server with {n} worker{'s' if n > 1 else ''}"
    loop = f"open loop at {out['target_per_s']:g}/s" if "target_per_s" in out else "closed loop"
    chunks = f" in {out['chunks']} chunks" if out["chunks"] > 1 else ""
    print(f"POST {out['endpoint']}{per}: {loop}, {out['connections']} "
          f"connections, {out['seconds']} s{chunks}, {out['cpus']} CPUs{workers}")  # fmt: skip
    print(f"  {out['requests']} requests, {out['requests_per_s']} requests/s"
          + (f", {out['hands_per_s']} hands/s" if batch else ""))  # fmt: skip
    start = "scheduled send" if "target_per_s" in out else "send"
    print(f"  latency ms (from the {start}): p50 {lat['p50']}  p90 {lat['p90']}  "
          f"p99 {lat['p99']}  max {lat['max']}")  # fmt: skip
    if "service_ms" in out:
        sv, lag = out["service_ms"], out["send_lag_ms"]
        print(f"    of which the answer (from the actual send): p50 {sv['p50']}  p99 "
              f"{sv['p99']}  max {sv['max']}; sent late by p50 {lag['p50']}  p99 "
              f"{lag['p99']}  max {lag['max']}")  # fmt: skip
    repeats = f", {out['repeated_hands']} sent twice" if "repeated_hands" in out else ""
    print(f"  database: {out['db']}; hands: {out['hands']}, {out['distinct_hands']} "
          f"different scored{repeats}")  # fmt: skip
    if out["auth"]:
        for kind, k in out["by_kind"].items():
            print(f"  {kind:7} {k['requests']:7} requests  p50 {k['p50_ms']} ms  "
                  f"p99 {k['p99_ms']} ms")  # fmt: skip
    cpu_s, cpu_c = out["server_cpu_ms_per_request"], out["client_cpu_ms_per_request"]
    load = " ".join(map(str, out["load_average"]))
    print(f"  CPU ms a request: server {cpu_s}, client {cpu_c}; load average {load}")
    print(f"  errors: {out['errors']}")
    for e in out["first_errors"]:
        print(f"    {e}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--url", help="A running server (default: start fanshu serve).")
    ap.add_argument("--connections", type=int, default=0,
                    help="Concurrent connections (default 8; with --rate 32).")  # fmt: skip
    ap.add_argument("--seconds", type=float, default=10.0, help="Measured duration.")
    ap.add_argument("--warmup", type=float, default=1.0,
                    help="Unmeasured seconds first, on other hands.")  # fmt: skip
    ap.add_argument("--rate", type=float, default=0.0, metavar="R",
                    help="Open loop: send R requests a second on a fixed schedule and "
                    "time each from its scheduled send (default: closed loop).")  # fmt: skip
    ap.add_argument("--workers", default="1", metavar="N[,N…]",
                    help="The server's --workers; a list (1,2) measures each in turn, "
                    "on the same hands, each on a fresh server.")  # fmt: skip
    ap.add_argument("--rounds", type=int, default=0, metavar="K",
                    help="Measure in K chunks of --seconds/K, the servers of --workers in "
                    "turn (default 5 with several servers, else 1).")  # fmt: skip
    ap.add_argument("--batch", type=int, default=0,
                    help="Send POST /v1/score/batch with this many hands instead.")  # fmt: skip
    ap.add_argument("--fixed", action="store_true",
                    help="Score the fixed set of 12 hands in turn (every hand is seen again "
                    "and again) instead of fresh random hands.")  # fmt: skip
    ap.add_argument("--distinct", type=int, default=0, metavar="N",
                    help="Score N different random winning hands in turn instead of "
                    "fresh ones.")  # fmt: skip
    ap.add_argument("--pool", type=int, default=0, metavar="N",
                    help="Fresh hands drawn before the clock (default: enough for "
                    "--rate, else 4,000 a second of --seconds).")  # fmt: skip
    ap.add_argument("--seed", type=int, default=20261203, help="Seed of the fresh hands.")
    ap.add_argument("--auth", action="store_true",
                    help="Score sheets read and written with their tokens (Authorization: "
                    "Bearer) among the scored hands: see --mix.")  # fmt: skip
    ap.add_argument("--mix", default="score=4,read=2,write=1,list=1",
                    help="With --auth: the requests of one round by kind "
                    "(default %(default)s).")  # fmt: skip
    ap.add_argument("--db", default=":memory:", metavar="PATH|URL",
                    help="The database of the server started here: :memory: (default; a "
                    "temporary file with more than one worker), a SQLite file, or a "
                    "postgresql:// URL.")  # fmt: skip
    ap.add_argument("--json", action="store_true", help="Print the figures as JSON.")
    args = ap.parse_args()
    connections = args.connections or (32 if args.rate else 8)
    if connections < 1 or args.seconds <= 0 or not 0 <= args.batch <= 1000:
        ap.error("--connections ≥ 1, --seconds > 0, --batch 0-1000")
    if not 0 <= args.distinct <= 1_000_000 or not 0 <= args.pool <= 2_000_000:
        ap.error("--distinct 0-1,000,000, --pool 0-2,000,000")
    if not 0 <= args.rounds <= 100:
        ap.error("--rounds 0-100")
    if args.rate < 0:
        ap.error("--rate > 0 (open loop) or 0 (closed loop)")
    if args.fixed and args.distinct:
        ap.error("--fixed or --distinct, not both")
    if args.auth and args.batch:
        ap.error("--auth sends single hands: leave out --batch")
    try:
        worker_counts = [int(w) for w in args.workers.split(",")]
        mix = parse_mix(args.mix) if args.auth else None
    except ValueError as e:
        ap.error(str(e) if args.auth and "mix" in str(e) else f"--workers N[,N…]: {e}")
    if any(not 1 <= w <= 64 for w in worker_counts):
        ap.error("--workers 1-64")
    if args.url and args.workers != "1":
        ap.error("--workers is for the server started here, not --url")

    per_request = args.batch or 1
    if args.fixed or args.distinct:
        items = HANDS if args.fixed else distinct_hands(args.distinct)
        if args.batch:  # bodies of `batch` hands going round the items
            n = -(-len(items) // args.batch) * args.batch
            items = [items[k % len(items)] for k in range(n)]
        bodies = make_bodies(items, args.batch)
    else:
        scale = args.rate or 4000 / per_request  # requests a second to draw hands for
        need = args.pool or int(scale * args.seconds * 1.1 + 200)
        warm_items = fresh_items(args.seed + 1, int(scale * args.warmup * 1.5 + 200) * per_request)
        avoid = {json.dumps(x).encode() for x in warm_items}
        items = fresh_items(args.seed, need * per_request, avoid)
        bodies, warm_bodies = make_bodies(items, args.batch), make_bodies(warm_items, args.batch)

    def pools() -> tuple[Pool, Pool]:
        if args.fixed or args.distinct:
            return Pool(bodies, fresh=False), Pool(bodies, fresh=False)
        return Pool(bodies, fresh=True), Pool(warm_bodies, fresh=True)  # new to each server

    results = []
    with contextlib.ExitStack() as stack:
        servers: list[tuple[str, list[int] | None, str, int | None]]  # url, pids, db, workers
        if args.url:
            servers = [(args.url, None, "running server", None)]
        else:
            # one client address makes every change: no limit on changes a minute
            extra = ["--rate-write", "0"] if args.auth else []
            db = args.db
            if db.strip() == ":memory:" and max(worker_counts) > 1:  # shared by the workers
                db = os.path.join(stack.enter_context(tempfile.TemporaryDirectory()), "b.db")
            kind = _db_kind(db) + (" (temporary)" if db != args.db else "")
            servers = []
            for n in worker_counts:  # all started first, then measured in turn
                address, ids = stack.enter_context(served(db, *extra, "--workers", str(n)))
                servers.append((address, ids, kind, n))
        rounds = args.rounds or (5 if len(servers) > 1 else 1)
        states = [(*server, *pools(), Totals()) for server in servers]
        for r in range(rounds):  # chunks in turn: load from elsewhere hits each alike
            for url, pids, _, _, pool, warm, totals in states:
                run(
                    url, connections, args.seconds / rounds, args.warmup if r == 0 else 0,
                    args.batch, pool=pool, warm_pool=warm, totals=totals, mix=mix,
                    rate=args.rate, server_pids=pids,
                )  # fmt: skip
        for _, _, kind, n, pool, warm, totals in states:
            out = summary(totals, pool, warm, batch=args.batch, connections=connections,
                          mix=mix, rate=args.rate)  # fmt: skip
            out["db"] = kind
            if n is not None:
                out["workers"] = n
            results.append(out)
    if len(results) > 1:
        base = results[0]["requests_per_s"]
        for out in results[1:]:
            out["requests_per_s_ratio"] = round(out["requests_per_s"] / base, 2) if base else None
    if args.json:
        print(json.dumps(results if len(results) > 1 else results[0], ensure_ascii=False, indent=2))
    else:
        for out in results:
            print_figures(out, args.batch)
        for out in results[1:]:
            print(f"{out['workers']} workers / {results[0]['workers']}: "
                  f"{out['requests_per_s_ratio']}× the requests/s")  # fmt: skip
    if any(out["errors"] for out in results):
        raise SystemExit(1)


def _db_kind(db: str) -> str:
    if db.strip() == ":memory:":
        return "SQLite in memory"
    if db.startswith(("postgresql:", "postgres:")):
        return "PostgreSQL"
    return "SQLite file"


if __name__ == "__main__":
    main()
