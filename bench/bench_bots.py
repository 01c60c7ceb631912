"""The built-in bots at the table: win rate, false wins, fan of wins, score, speed.

Plays seeded hands of each rule set with four (two-player: two) of each bot and with
mixed tables, the seats of a mixed table rotating with the seed so that every bot sits
everywhere (and deals) equally often.  Per bot and table it prints:

- ``win/hand``: wins per hand per seat the bot holds (MCR and two-player end at the
  first win; Sichuan 血战到底 may have up to three);
- ``false``: declared wins the rules refused (MCR 错和), in all;
- ``fan``: mean total of the bot's wins (flowers included; the rule set's own fan);
- ``score``: mean settlement per seat per hand;
- ``dec/s``: the bot's decisions per second (``choose`` alone, not the engine).

``--duel ev:fan`` plays one bot against the other in every other seat instead (four
seats: ev and three fan; two-player: ev against fan), the seats rotating with the hand
so the bot sits everywhere and deals equally often, and prints, with 95% confidence
intervals, per bot:

- ``win rate``: hands won per seat-hand, Wilson interval.  For the bot alone that is
  one seat per hand; the others' share their hands (three seats per hand at four), so
  their interval treats the three seats as independent, which they are not quite
  (at most one wins an MCR hand): read it as indicative;
- ``points/hand``: mean settlement per seat per hand, normal interval; for the others
  the mean of their seats in each hand is one sample (the table is zero-sum, so it is
  minus the bot's points over the other seats);
- ``false``: declared wins the rules refused, which must be 0 (the run fails otherwise).

Run from the repository root:

    .venv/bin/python bench/bench_bots.py                 # 500 hands per table
    .venv/bin/python bench/bench_bots.py --hands 100 --rules mcr
    .venv/bin/python bench/bench_bots.py --tables fan,greedy,fan,greedy
    .venv/bin/python bench/bench_bots.py --duel ev:fan --hands 2000 --rules mcr
    .venv/bin/python bench/bench_bots.py --duel ev:fan --hands 500 --seed 501 --out b.jsonl
    .venv/bin/python bench/bench_bots.py --merge a.jsonl b.jsonl   # one table of both

``--merge`` adds up runs on other seeds (``--out`` lines): with chunks of a multiple of
the seats (500 at four), seeds 1-500 and 501-1000 are the same hands, seats and all, as
one run of seeds 1-1000.

``--outside sample`` is the outside-bot column: each fanshu bot (random, greedy, fan,
ev) in one seat against three copies of Botzone's public sample bot
(sample-bot-Botzone/sample.cpp of ailab-pku/Chinese-Standard-Mahjong, compiled on
demand by bench/botzone_official.py: ``apt-get install -y g++ libjsoncpp-dev
libboost-dev``), MCR hands refereed by fanshu's local Botzone judge
(``fanshu.botzone.judge``: one process per decision for the sample bot, seats and
prevalent wind rotating), with per bot the win rate and points per hand (95%
intervals) and the faults (WA, WH, TLE, …) of each side:

    .venv/bin/python bench/bench_bots.py --outside sample --games 32
"""

from __future__ import annotations

import argparse
import json
import math
import shlex
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fanshu.engine import Game
from fanshu.engine.players import make_player

TABLES = {
    4: ["random", "greedy", "fan", "fan,greedy,random,random"],
    2: ["random", "greedy", "fan", "fan,greedy"],
}
RULES = ("mcr", "sichuan", "two-player")


def seats_of(table: str, n: int) -> list[str]:
    """A table's bot names, repeated to fill its ``n`` seats (``fan,greedy`` at four
    seats is fan, greedy, fan, greedy)."""
    names = table.split(",")
    if n % len(names):
        raise SystemExit(f"{table!r} does not fill {n} seats")
    return names * (n // len(names))


def play_table(rules: str, names: Sequence[str], hands: int, first_seed: int) -> dict[str, dict]:
    n = len(names)
    stats: dict[str, dict] = defaultdict(lambda: defaultdict(float))
    for i in range(hands):
        seed = first_seed + i
        shift = i % n
        seated = [names[(s + shift) % n] for s in range(n)]
        players = [make_player(name, seed * 10 + s) for s, name in enumerate(seated)]
        g = Game(rules, seed=seed)
        while not g.done:
            s = g.to_act
            assert s is not None
            obs = g.observe(s)
            t0 = time.perf_counter()
            action = players[s].choose(obs)
            stats[seated[s]]["time"] += time.perf_counter() - t0
            stats[seated[s]]["decisions"] += 1
            g.step(action)
        for s, name in enumerate(seated):
            st = stats[name]
            st["seat_hands"] += 1
            st["score"] += g.scores[s]
        for e in g.events:
            if e["type"] == "win":
                st = stats[seated[e["seat"]]]
                st["wins"] += 1
                st["fan"] += e["total"]
            elif e["type"] == "false_win":
                stats[seated[e["seat"]]]["false"] += 1
        stats["*"]["hands"] += 1
        stats["*"]["won_hands"] += bool(g.winners)
    return stats


# -- one bot against the others -------------------------------------------------------

Z95 = 1.959964  # the normal quantile of a two-sided 95% interval


def wilson(k: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``k`` successes in ``n`` trials.

    >>> lo, hi = wilson(30, 100)
    >>> round(lo, 3), round(hi, 3)
    (0.219, 0.396)
    """
    if n <= 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    mid = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, mid - half), min(1.0, mid + half)


def mean_interval(xs: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """(mean, low, high): the normal interval of the mean of ``xs``."""
    n = len(xs)
    if n == 0:
        return 0.0, 0.0, 0.0
    m = sum(xs) / n
    if n == 1:
        return m, m, m
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    half = z * math.sqrt(var / n)
    return m, m - half, m + half


@dataclass
class Side:
    """One side of a duel: its seat-hands, wins, false wins, points per hand, time."""

    seat_hands: int = 0
    wins: int = 0
    false: int = 0
    fan: float = 0.0
    points: list[float] = field(default_factory=list)  # one sample per hand
    decisions: int = 0
    time: float = 0.0

    def row(self, name: str) -> dict[str, Any]:
        lo, hi = wilson(self.wins, self.seat_hands)
        m, mlo, mhi = mean_interval(self.points)
        return {
            "bot": name,
            "seat_hands": self.seat_hands,
            "wins": self.wins,
            "win_rate": self.wins / self.seat_hands if self.seat_hands else 0.0,
            "win_lo": lo,
            "win_hi": hi,
            "points": m,
            "points_lo": mlo,
            "points_hi": mhi,
            "fan": self.fan / self.wins if self.wins else 0.0,
            "points_sum": sum(self.points),
            "points_sumsq": sum(x * x for x in self.points),
            "false": self.false,
            "dec_s": self.decisions / self.time if self.time else 0.0,
        }


def play_duel(
    rules: str, bot: str, other: str, hands: int, first_seed: int, progress: int = 0
) -> tuple[Side, Side, int]:
    """``bot`` in one seat, ``other`` in the rest, seats rotated with the hand; returns
    both sides and the hands anybody won."""
    n = Game(rules, seed=0).n
    me, them = Side(), Side()
    won_hands = 0
    started = time.perf_counter()
    for i in range(hands):
        seed = first_seed + i
        mine = i % n
        seated = [bot if s == mine else other for s in range(n)]
        players = [make_player(name, seed * 10 + s) for s, name in enumerate(seated)]
        g = Game(rules, seed=seed)
        while not g.done:
            s = g.to_act
            assert s is not None
            obs = g.observe(s)
            side = me if s == mine else them
            t0 = time.perf_counter()
            action = players[s].choose(obs)
            side.time += time.perf_counter() - t0
            side.decisions += 1
            g.step(action)
        me.seat_hands += 1
        them.seat_hands += n - 1
        me.points.append(g.scores[mine])
        them.points.append(sum(g.scores[s] for s in range(n) if s != mine) / (n - 1))
        for e in g.events:
            if e["type"] in ("win", "false_win"):
                side = me if e["seat"] == mine else them
                if e["type"] == "win":
                    side.wins += 1
                    side.fan += e["total"]
                else:
                    side.false += 1
        won_hands += bool(g.winners)
        if progress and (i + 1) % progress == 0:
            took = time.perf_counter() - started
            m = sum(me.points) / len(me.points)
            print(
                f"  {rules} {i + 1}/{hands}: {bot} {me.wins / me.seat_hands:.3f} win, "
                f"{m:+.2f} pts/hand; {other} {them.wins / them.seat_hands:.3f} win "
                f"({took:.0f} s)",
                file=sys.stderr,
                flush=True,
            )
    return me, them, won_hands


def merged(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """One bot's rows of runs on other seeds (``--out`` lines) as one run: counts added,
    the points' mean and interval from the pooled sums (rows written without the sums
    give them back from their mean and interval: ``var = n (half / z)²``)."""
    hands = sum(r["hands"] for r in rows)
    total = sq = 0.0
    for r in rows:
        n = r["hands"]
        if "points_sum" in r:
            total += r["points_sum"]
            sq += r["points_sumsq"]
        else:
            m = r["points"]
            var = n * ((r["points_hi"] - m) / Z95) ** 2
            total += n * m
            sq += (n - 1) * var + n * m * m
    wins = sum(r["wins"] for r in rows)
    seat_hands = sum(r["seat_hands"] for r in rows)
    mean = total / hands
    var = (sq - hands * mean * mean) / (hands - 1) if hands > 1 else 0.0
    half = Z95 * math.sqrt(max(var, 0.0) / hands)
    lo, hi = wilson(wins, seat_hands)
    return {
        "rules": rows[0]["rules"],
        "bot": rows[0]["bot"],
        "hands": hands,
        "seeds": sorted(r["seed"] for r in rows),
        "seat_hands": seat_hands,
        "wins": wins,
        "win_rate": wins / seat_hands,
        "win_lo": lo,
        "win_hi": hi,
        "points": mean,
        "points_lo": mean - half,
        "points_hi": mean + half,
        "fan": sum(r["fan"] * r["wins"] for r in rows) / wins if wins else 0.0,
        "false": sum(r["false"] for r in rows),
        "dec_s": sum(r["dec_s"] * r["hands"] for r in rows) / hands,
    }


def print_row(r: dict[str, Any]) -> None:
    print(
        f"{r['bot']:<7} {r['seat_hands']:>10} "
        f"{r['win_rate']:>8.3f} [{r['win_lo']:.3f}, {r['win_hi']:.3f}] "
        f"{r['points']:>+10.2f} [{r['points_lo']:+.2f}, {r['points_hi']:+.2f}] "
        f"{r['fan']:>6.1f} {r['false']:>5} {r['dec_s']:>7.0f}"
    )


HEADER = (
    f"{'bot':<7} {'seat-hands':>10} {'win rate [95% CI]':>24} "
    f"{'points/hand [95% CI]':>28} {'fan':>6} {'false':>5} {'dec/s':>7}"
)


def merge(paths: Sequence[str]) -> None:
    """``--merge``: the duels of several ``--out`` files as one table per rule set."""
    groups: dict[tuple[str, str], list[dict[str, Any]]] = defaultdict(list)
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                if line.strip():
                    row = json.loads(line)
                    groups[row["rules"], row["bot"]].append(row)
    failed = False
    for rules in dict.fromkeys(r for r, _ in groups):
        rows = [merged(v) for (r, _), v in groups.items() if r == rules]
        print(f"\n== {rules}: {rows[0]['hands']} hands, first seeds {rows[0]['seeds']}")
        print(HEADER)
        for r in rows:
            print_row(r)
            failed |= r["false"] > 0
    if failed:
        print("FAILED: false wins", file=sys.stderr)
        raise SystemExit(1)


def duel(args: argparse.Namespace) -> None:
    bot, _, other = args.duel.partition(":")
    other = other or "fan"
    failed = False
    for rules in args.rules.split(","):
        n = Game(rules, seed=0).n
        started = time.perf_counter()
        me, them, won = play_duel(rules, bot, other, args.hands, args.seed, args.progress)
        took = time.perf_counter() - started
        print(
            f"\n== {rules}: {bot} against {n - 1} {other}, {args.hands} hands, seeds "
            f"{args.seed}-{args.seed + args.hands - 1}, seats rotated; "
            f"hands won {won / args.hands:.3f} ({took:.0f} s)"
        )
        print(HEADER)
        for name, side in ((bot, me), (other, them)):
            r = side.row(name)
            print_row(r)
            if args.out:
                with open(args.out, "a", encoding="utf-8") as f:
                    row = {"rules": rules, "hands": args.hands, "seed": args.seed, **r}
                    f.write(json.dumps(row) + "\n")
            if side.false:
                failed = True
                print(f"FAILED: {name} declared {side.false} false wins", file=sys.stderr)
    if failed:
        raise SystemExit(1)


#: The fanshu bots of the outside-bot column.
OUTSIDE_BOTS = ("random", "greedy", "fan", "ev")


def _sample_command() -> tuple[str | None, str]:
    """The command line of Botzone's sample bot for the judge, or None and why not."""
    sys.path.insert(0, str(Path(__file__).parent))
    import botzone_official  # bench/botzone_official.py: builds it in /tmp

    try:
        _, sample = botzone_official.build()
    except botzone_official.BuildError as e:
        return None, f"the sample bot cannot be built: {e}"
    from fanshu.botzone.programs import parse_output

    if parse_output('{\n\t"response" : "PASS"\n}', "json").verdict == "OK":
        return shlex.quote(str(sample)), "the sample bot as built"
    # the sample prints jsoncpp's styled (several-line) JSON, which Botzone reads; this
    # judge reads a JSON answer's first line only, so its output is joined into one line
    line = f"{shlex.quote(str(sample))} | tr -d '\\n\\t'"
    return f"sh -c {shlex.quote(line)}", "the sample bot, its JSON answer joined into one line"


def outside(args: argparse.Namespace) -> None:
    """Each fanshu bot in one seat against three copies of an outside bot, judged."""
    if args.outside != "sample":
        raise SystemExit(f"--outside {args.outside!r}: the one outside bot is 'sample'")
    command, how = _sample_command()
    if command is None:
        print(f"outside-bot column skipped: {how}", file=sys.stderr)
        return
    from fanshu.botzone.judge import JudgeError, judge_games

    bots = args.bots.split(",") if args.bots else list(OUTSIDE_BOTS)
    print(
        f"\n== mcr through fanshu's Botzone judge: each bot against 3 Botzone sample bots "
        f"({how}), {args.games} hands, seed {args.seed}, seats and wind rotated"
    )
    print(
        f"{'bot':<8} {'hands':>5} {'win rate [95% CI]':>24} {'points/hand [95% CI]':>26} "
        f"{'faults':>8} {'sample faults':>14} {'sample wins':>11} {'s':>5}"
    )
    for name in bots:
        started = time.perf_counter()
        try:
            result = judge_games(
                [f"fanshu:{name}", command, command, command], games=args.games, seed=args.seed
            )
        except JudgeError as e:
            raise SystemExit(f"--outside: {e}") from None
        took = time.perf_counter() - started
        points: list[float] = []
        wins = 0
        others_won = 0
        faults: dict[str, int] = defaultdict(int)
        other_faults: dict[str, int] = defaultdict(int)
        for g in result.games:
            for seat in g.seats:
                if seat.bot == 0:
                    points.append(seat.points)
                    wins += seat.won
                    if seat.verdict != "OK":
                        faults[seat.verdict] += 1
                else:
                    others_won += seat.won
                    if seat.verdict != "OK":
                        other_faults[seat.verdict] += 1
        n = len(points)
        lo, hi = wilson(wins, n)
        mean, plo, phi = mean_interval(points)

        def said(counts: dict[str, int]) -> str:
            return ",".join(f"{k}:{v}" for k, v in sorted(counts.items())) or "0"

        print(
            f"{name:<8} {n:>5} {f'{wins / n:.3f} [{lo:.3f}, {hi:.3f}]':>24} "
            f"{f'{mean:+.2f} [{plo:+.2f}, {phi:+.2f}]':>26} {said(faults):>8} "
            f"{said(other_faults):>14} {others_won:>11} {took:>5.0f}"
        )
        if args.out:
            with open(args.out, "a", encoding="utf-8") as f:
                row = {
                    "outside": "sample",
                    "bot": name,
                    "hands": n,
                    "seed": args.seed,
                    "wins": wins,
                    "points": sum(points),
                    "faults": dict(faults),
                    "sample_faults": dict(other_faults),
                    "sample_wins": others_won,
                    "seconds": round(took, 1),
                }
                f.write(json.dumps(row) + "\n")


def main(argv: Sequence[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--hands", type=int, default=500, help="hands per table (default 500)")
    ap.add_argument("--seed", type=int, default=1, help="first seed (default 1)")
    ap.add_argument("--rules", default=",".join(RULES), help="rule sets, comma-separated")
    ap.add_argument(
        "--tables",
        default=None,
        help="tables to play, ';'-separated (default: each bot alone, and mixed)",
    )
    ap.add_argument(
        "--duel",
        metavar="BOT:OTHER",
        default=None,
        help="one BOT against OTHER in every other seat, with confidence intervals (e.g. ev:fan)",
    )
    ap.add_argument("--out", default=None, help="with --duel: append JSON lines to this file")
    ap.add_argument(
        "--progress", type=int, default=0, help="with --duel: report every N hands on stderr"
    )
    ap.add_argument(
        "--merge",
        nargs="+",
        metavar="FILE",
        default=None,
        help="print the duels of --out files (runs on other seeds) as one table",
    )
    ap.add_argument(
        "--outside",
        metavar="BOT",
        default=None,
        help="the outside-bot column: each fanshu bot against three of BOT (sample: "
        "Botzone's public sample bot) through fanshu's Botzone judge",
    )
    ap.add_argument(
        "--games", type=int, default=16, help="with --outside: hands per fanshu bot (default 16)"
    )
    ap.add_argument(
        "--bots",
        default=None,
        help=f"with --outside: fanshu bots, comma-separated (default {','.join(OUTSIDE_BOTS)})",
    )
    args = ap.parse_args(argv)
    if args.outside:
        outside(args)
        return
    if args.merge:
        merge(args.merge)
        return
    if args.duel:
        duel(args)
        return
    for rules in args.rules.split(","):
        n = Game(rules, seed=0).n
        tables = args.tables.split(";") if args.tables else TABLES[n]
        print(
            f"\n== {rules}: {args.hands} hands per table, seeds {args.seed}-"
            f"{args.seed + args.hands - 1}"
        )
        print(
            f"{'table':<28} {'bot':<7} {'win/hand':>8} {'false':>5} {'fan':>6} "
            f"{'score':>7} {'dec/s':>8}   hands won"
        )
        for table in tables:
            names = seats_of(table, n)
            started = time.perf_counter()
            stats = play_table(rules, names, args.hands, args.seed)
            took = time.perf_counter() - started
            whole = stats["*"]
            for name in dict.fromkeys(names):
                st = stats[name]
                wins = st["wins"]
                print(
                    f"{table:<28} {name:<7} {wins / st['seat_hands']:>8.3f} "
                    f"{int(st['false']):>5} {st['fan'] / wins if wins else 0:>6.1f} "
                    f"{st['score'] / st['seat_hands']:>7.2f} "
                    f"{st['decisions'] / st['time']:>8.0f}   "
                    f"{whole['won_hands'] / whole['hands']:.3f} ({took:.0f} s)"
                )


if __name__ == "__main__":
    main()
