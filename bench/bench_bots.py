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

Run from the repository root:

    .venv/bin/python bench/bench_bots.py                 # 500 hands per table
    .venv/bin/python bench/bench_bots.py --hands 100 --rules mcr
    .venv/bin/python bench/bench_bots.py --tables fan,greedy,fan,greedy
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict
from collections.abc import Sequence

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
    args = ap.parse_args(argv)
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
