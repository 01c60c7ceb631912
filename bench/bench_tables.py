"""Live tables under load: many tables at once on one ``fanshu serve``, every person's
seat a scripted WebSocket player, every table played to its end.

Starts ``fanshu serve --port 0`` on a SQLite file in a temporary folder (as
``bench_http.py`` does; ``--url`` uses a running server instead), opens ``--tables``
tables with ``POST /v1/tables`` — the rule sets of ``--rules`` in turn, in the
four-seat ones 2, 3 or 4 people in turn and ``--bots`` in the other seats (two-player:
both seats people), ``--hands`` hands each, seed ``--seed`` + the table's number — and
connects one WebSocket client (the ``websockets`` asyncio client) to
``/v1/tables/{id}/ws?token=…`` for every person's seat.  The tables are shared out
among ``--clients`` client processes (each one asyncio loop holding whole tables).

Each seat answers its state at once: when the state says the seat is asked, it sends
``{"action": …}``, a legal action of ``observation.legal_actions`` chosen by a seeded
generator (``--choice first`` takes the first one).  It waits only until every seat of
its table has been sent the same state (the table then has one change in flight, so
every seat gets every change and none is merged with the next; this costs almost
nothing, as the server sends one change to all seats together).

Measured, from the moment every seat has its first state until every table is over:

- **actions/s**: actions the server accepted (every action sent must be; a problem
  document is an error), per second of the wall clock, over all tables;
- **latency**: for each action, from its send to the arrival of the state that carries
  its change, at *every other seat of its table* (p50, p90, p99, max), and at the seat
  itself (its own next state);
- **errors** (must be 0): a problem document, a connection closed early, a state that
  loses an event (``event_count`` must be the events received so far), seats of one
  table shown different moments of it (the count of events each may see and ``to_act``
  must agree), a play the decision timer made (``auto``), a table not finished;
- **CPU** of the server process (Linux /proc, user + system) in the same interval:
  seconds, share of one core, milliseconds an action; and of the client processes.

Run from the repository root:

    .venv/bin/python bench/bench_tables.py                       # 50 tables, 2 hands each
    .venv/bin/python bench/bench_tables.py --tables 50 --hands 2 --clients 2
    .venv/bin/python bench/bench_tables.py --tables 2 --hands 1 --json   # the smoke test's
    .venv/bin/python bench/bench_tables.py --rules mcr,sichuan,beijing --bots fan

Exits 1 on any error.  Client and server share the machine: on a small one the figures
are the pair's.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_http import cpu_seconds, percentile, served

#: Seats of the rule sets the tables may use (two-player: 2, the others 4).
SEATS = {"two-player": 2}
#: How many errors to print.
SHOWN_ERRORS = 8


# -- the tables ---------------------------------------------------------------------------


def table_bodies(
    n: int, rules: list[str], bots: list[str], hands: int, seed: int, timer: int | None
) -> list[dict[str, Any]]:
    """The ``POST /v1/tables`` bodies: rule sets in turn; in a four-seat rule set 2, 3, 4
    people in turn (the rest ``bots`` in turn), two-player two people."""
    out = []
    four = 0
    for i in range(n):
        r = rules[i % len(rules)]
        seats = SEATS.get(r, 4)
        if seats == 2:
            people = 2
        else:
            people = 2 + four % 3
            four += 1
        kinds = ["human"] * people + [bots[(i + k) % len(bots)] for k in range(seats - people)]
        body: dict[str, Any] = {"rules": r, "seats": kinds, "hands": hands, "seed": seed + i}
        if timer is not None:
            body["timer"] = timer
        out.append(body)
    return out


def create_tables(url: str, bodies: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Open the tables; each answer (201) with its body's rule set and seats."""
    made = []
    for body in bodies:
        request = urllib.request.Request(
            url.rstrip("/") + "/v1/tables",
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=60) as answer:
            if answer.status != 201:
                raise SystemExit(f"POST /v1/tables answered {answer.status}")
            made.append({**json.loads(answer.read()), "body": body})
    return made


# -- one client process -------------------------------------------------------------------


@dataclass
class Tally:
    """What one client process measured."""

    actions: int = 0
    others: list[float] = field(default_factory=list)  # send -> the others' state (s)
    own: list[float] = field(default_factory=list)  # send -> the seat's own state (s)
    messages: int = 0
    events: int = 0
    bytes: int = 0
    errors: int = 0
    first_errors: list[str] = field(default_factory=list)
    finished: int = 0
    start: float = 0.0
    end: float = 0.0
    cpu: float = 0.0

    def error(self, text: str) -> None:
        self.errors += 1
        if len(self.first_errors) < SHOWN_ERRORS:
            self.first_errors.append(text)


@dataclass
class Seat:
    player: int
    socket: str
    ws: ClientConnection | None = None
    received: int = 0  # states received
    logged: int = 0  # events received
    acts: int = 0  # own decisions among them (the events no other seat sees)
    state: dict[str, Any] = field(default_factory=dict)


class LiveTable:
    """One table's seats and the action in flight."""

    def __init__(self, made: dict[str, Any], url: str, tally: Tally, choice: str) -> None:
        self.id: str = made["id"]
        self.rules: str = made["body"]["rules"]
        self.seats = [Seat(s["seat"], s["socket"]) for s in made["seats"] if "socket" in s]
        self.ws_base = "ws" + url.rstrip("/").removeprefix("http")
        self.tally = tally
        self.choice = choice
        self.rng = random.Random(made["body"]["seed"])
        self.version = 0  # the changes made (each accepted action one)
        self.sent_at = 0.0
        self.actor: Seat | None = None
        self.over = asyncio.Event()
        self.failed = False

    def fail(self, text: str) -> None:
        if not self.failed:
            self.failed = True
            self.tally.error(f"table {self.id} ({self.rules}): {text}")
        self.over.set()

    async def open(self) -> None:
        """Connect every seat; its first state in."""
        for seat in self.seats:
            seat.ws = await connect(self.ws_base + seat.socket, max_size=2**22)
            self.receive(seat, await seat.ws.recv(), initial=True)

    def receive(self, seat: Seat, raw: str | bytes, *, initial: bool = False) -> None:
        now = time.perf_counter()
        msg = json.loads(raw)
        tally = self.tally
        tally.messages += 1
        tally.bytes += len(raw)
        if "event_count" not in msg:
            self.fail(f"seat {seat.player}: {msg.get('code')}: {msg.get('detail')}")
            return
        new = msg["events_new"]
        if msg["event_count"] != seat.logged + len(new):
            self.fail(f"seat {seat.player}: event_count {msg['event_count']} after {seat.logged}")
            return
        seat.logged = msg["event_count"]
        seat.acts += sum(1 for e in new if e.get("type") == "act")
        tally.events += len(new)
        seat.state = msg
        seat.received += 1
        if initial:
            return
        if seat.received - 1 != self.version:
            self.fail(f"seat {seat.player}: state {seat.received - 1}, table at {self.version}")
            return
        (tally.own if seat is self.actor else tally.others).append(now - self.sent_at)
        if all(s.received == self.version + 1 for s in self.seats):
            self.step()

    def moment(self, seat: Seat) -> tuple[int, Any, int]:
        """What every seat at the same moment agrees on: the events any seat may see
        (its count less its own decisions), who is to act, the hand."""
        st = seat.state
        return seat.logged - seat.acts, st["to_act"], st["hand"]

    def step(self) -> None:
        """Every seat has the latest state: end, or send the asked seat's action."""
        first = self.seats[0]
        if len({self.moment(s) for s in self.seats}) != 1:
            self.fail(f"seats at different moments: {[self.moment(s) for s in self.seats]}")
            return
        if first.state["done"]:
            self.tally.finished += 1
            self.over.set()
            return
        asked = [s for s in self.seats if s.state["observation"].get("asked")]
        if len(asked) != 1:
            st = first.state
            self.fail(
                f"{len(asked)} seats asked and the table is not over (hand {st['hand']}, "
                f"to_act {st['to_act']}, hand_done {st['hand_done']}, seating {st['seating']}, "
                f"last events {st['events_new'][-2:]})"
            )
            return
        seat = asked[0]
        legal = seat.state["observation"]["legal_actions"]
        action = legal[0] if self.choice == "first" else self.rng.choice(legal)
        self.actor = seat
        self.version += 1
        self.sent_at = time.perf_counter()
        assert seat.ws is not None
        asyncio.get_running_loop().create_task(self.send(seat, action))

    async def send(self, seat: Seat, action: str) -> None:
        assert seat.ws is not None
        try:
            await seat.ws.send(json.dumps({"action": action}))
        except ConnectionClosed as e:
            self.fail(f"seat {seat.player}: closed while sending: {e}")
            return
        self.tally.actions += 1

    async def listen(self, seat: Seat) -> None:
        assert seat.ws is not None
        try:
            async for raw in seat.ws:
                self.receive(seat, raw)
                if self.over.is_set():
                    return
        except ConnectionClosed as e:
            self.fail(f"seat {seat.player}: closed: {e}")
            return
        if not self.over.is_set():
            self.fail(f"seat {seat.player}: the server closed the connection")

    async def play(self) -> None:
        tasks = [asyncio.create_task(self.listen(s)) for s in self.seats]
        self.step()
        await self.over.wait()
        for s in self.seats:
            if s.ws is not None:
                await s.ws.close()
        for t in tasks:
            t.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await t


async def play_share(
    made: list[dict[str, Any]], url: str, choice: str, ready: Any, timeout: float
) -> Tally:
    """Connect every seat of these tables, wait at ``ready`` (the other client
    processes), then play them all to their end."""
    tally = Tally()
    tables = [LiveTable(m, url, tally, choice) for m in made]
    for t in tables:
        await t.open()
    if ready is not None:
        await asyncio.get_running_loop().run_in_executor(None, ready.wait)
    cpu0 = time.process_time()
    tally.start = time.perf_counter()
    try:
        await asyncio.wait_for(asyncio.gather(*(t.play() for t in tables)), timeout)
    except TimeoutError:
        for t in tables:
            if not t.over.is_set():
                t.fail(f"not over after {timeout:.0f} s (at change {t.version})")
    tally.end = time.perf_counter()
    tally.cpu = time.process_time() - cpu0
    return tally


def _run_share(
    made: list[dict[str, Any]], url: str, choice: str, ready: Any, timeout: float, out: Any
) -> None:
    tally = asyncio.run(play_share(made, url, choice, ready, timeout))
    out.put(tally.__dict__)


def play_all(
    made: list[dict[str, Any]], url: str, clients: int, choice: str, timeout: float, pids: list[int]
) -> dict[str, Any]:
    """Play every table (``clients`` processes, or this one for 1); the figures."""
    shares = [made[k::clients] for k in range(clients)]
    server0 = cpu_seconds(pids) if pids else None
    if clients == 1:
        tallies = [asyncio.run(play_share(made, url, choice, None, timeout)).__dict__]
    else:
        ctx = multiprocessing.get_context("fork")
        ready = ctx.Barrier(clients + 1)
        out = ctx.Queue()
        procs = [
            ctx.Process(target=_run_share, args=(share, url, choice, ready, timeout, out))
            for share in shares
        ]
        for p in procs:
            p.start()
        ready.wait()
        server0 = cpu_seconds(pids) if pids else None
        tallies = [out.get(timeout=timeout + 120) for _ in procs]
        for p in procs:
            p.join()
    server1 = cpu_seconds(pids) if pids else None
    return summarise(tallies, server0, server1, len(made))


def summarise(
    tallies: list[dict[str, Any]], server0: float | None, server1: float | None, tables: int
) -> dict[str, Any]:
    start = min(t["start"] for t in tallies)
    end = max(t["end"] for t in tallies)
    wall = max(end - start, 1e-9)
    actions = sum(t["actions"] for t in tallies)
    others = sorted(x for t in tallies for x in t["others"])
    own = sorted(x for t in tallies for x in t["own"])
    errors = sum(t["errors"] for t in tallies)
    finished = sum(t["finished"] for t in tallies)
    if finished != tables:
        errors += 0 if any(t["first_errors"] for t in tallies) else 1
    server_cpu = None if server0 is None or server1 is None else server1 - server0

    def ms(values: list[float], q: float) -> float:
        return round(percentile(values, q) * 1000, 2)

    return {
        "tables": tables,
        "finished": finished,
        "seconds": round(wall, 3),
        "actions": actions,
        "actions_per_s": round(actions / wall, 1),
        "latency_ms": {
            "p50": ms(others, 0.5),
            "p90": ms(others, 0.9),
            "p99": ms(others, 0.99),
            "max": round(others[-1] * 1000, 2) if others else None,
            "samples": len(others),
        },
        "own_latency_ms": {"p50": ms(own, 0.5), "p99": ms(own, 0.99), "samples": len(own)},
        "messages": sum(t["messages"] for t in tallies),
        "events": sum(t["events"] for t in tallies),
        "megabytes": round(sum(t["bytes"] for t in tallies) / 1e6, 2),
        "errors": errors,
        "first_errors": [e for t in tallies for e in t["first_errors"]][:SHOWN_ERRORS],
        "server_cpu_s": None if server_cpu is None else round(server_cpu, 3),
        "server_cpu_share": None if server_cpu is None else round(server_cpu / wall, 3),
        "server_cpu_ms_per_action": (
            None if server_cpu is None or not actions else round(server_cpu / actions * 1000, 3)
        ),
        "client_cpu_s": round(sum(t["cpu"] for t in tallies), 3),
        "clients": len(tallies),
    }


def report(figures: dict[str, Any], setup: dict[str, Any]) -> str:
    f, lat, own = figures, figures["latency_ms"], figures["own_latency_ms"]
    lines = [
        f"{setup['tables']} tables ({setup['mix']}), {setup['hands']} hand(s) each, "
        f"{setup['seats']} WebSocket seats, {f['clients']} client process(es)",
        f"finished      {f['finished']} / {f['tables']} tables in {f['seconds']:.2f} s",
        f"actions       {f['actions']} accepted, {f['actions_per_s']:.1f} actions/s",
        f"latency       send -> the other seats' state: p50 {lat['p50']} ms, p90 {lat['p90']} ms,"
        f" p99 {lat['p99']} ms, max {lat['max']} ms ({lat['samples']} deliveries)",
        f"own state     p50 {own['p50']} ms, p99 {own['p99']} ms",
        f"traffic       {f['messages']} states, {f['events']} events, {f['megabytes']} MB",
    ]
    if f["server_cpu_s"] is not None:
        lines.append(
            f"server CPU    {f['server_cpu_s']:.2f} s ({f['server_cpu_share'] * 100:.0f}% of a "
            f"core), {f['server_cpu_ms_per_action']} ms an action"
        )
    lines.append(f"client CPU    {f['client_cpu_s']:.2f} s")
    lines.append(f"errors        {f['errors']}")
    lines += [f"  {e}" for e in f["first_errors"]]
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--url", help="A running server (default: start fanshu serve).")
    ap.add_argument("--tables", type=int, default=50, help="Tables at once (1-1000).")
    ap.add_argument("--hands", type=int, default=2, help="Hands each table plays (1-16).")
    ap.add_argument("--rules", default="two-player,mcr", help="Rule sets, in turn.")
    ap.add_argument("--bots", default="greedy", help="Bots of the seats no person takes.")
    ap.add_argument("--clients", type=int, default=1, help="Client processes (1-16).")
    ap.add_argument(
        "--choice",
        choices=("seeded", "first"),
        default="seeded",
        help="Each action: a seeded choice among the legal ones, or the first.",
    )
    ap.add_argument("--seed", type=int, default=20261204, help="Seed of table 0.")
    ap.add_argument(
        "--timer",
        type=int,
        default=None,
        help="Decision timer (s, 0 none; default: the rule set's).",
    )
    ap.add_argument("--timeout", type=float, default=600.0, help="Give up after (s).")
    ap.add_argument("--db", help="The server's database (default: a file in a temp folder).")
    ap.add_argument("--json", action="store_true", help="Print the figures as JSON.")
    args = ap.parse_args()  # fmt: skip
    if not 1 <= args.tables <= 1000 or not 1 <= args.hands <= 16:
        ap.error("--tables is 1-1000 and --hands 1-16")
    if not 1 <= args.clients <= min(16, args.tables):
        ap.error("--clients is 1-16 and at most --tables")
    rules = [r.strip() for r in args.rules.split(",") if r.strip()]
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    bodies = table_bodies(args.tables, rules, bots, args.hands, args.seed, args.timer)
    seats = sum(b["seats"].count("human") for b in bodies)
    setup = {"tables": args.tables, "hands": args.hands, "seats": seats,
             "mix": f"{args.rules}; bots {args.bots}"}  # fmt: skip

    def run(url: str, pids: list[int]) -> dict[str, Any]:
        made = create_tables(url, bodies)
        return play_all(made, url, args.clients, args.choice, args.timeout, pids)

    if args.url:
        figures = run(args.url, [])
    else:
        with tempfile.TemporaryDirectory(prefix="fanshu-bench-tables-") as tmp:
            db = args.db or str(Path(tmp) / "tables.db")
            extra = ["--rate-write", "0", "--limit-concurrency", str(max(256, seats + 64))]
            with served(db, *extra) as (url, pids):
                # to profile the server: py-spy record --pid PID --idle --nonblocking …
                print(f"server {url} (pid {', '.join(map(str, pids))})", file=sys.stderr)
                figures = run(url, pids)
    figures["setup"] = setup
    print(json.dumps(figures, indent=2) if args.json else report(figures, setup))
    sys.exit(1 if figures["errors"] or figures["finished"] != args.tables else 0)


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    main()
