"""Full hands per second: fanshu's engine with each bot at every seat, per rule set,
against RLCard's mahjong environment with random agents, in the same run.

fanshu plays and scores every hand (legal actions, claims, kongs, flowers, wins scored
by the rule set, settlement); RLCard plays its simpler game and scores nothing (its
winner gets +1).  Needs ``pip install -e '.[bench]'`` for the RLCard side.

The two alternate in chunks (a chunk of fanshu hands, then ``--rl-chunk`` RLCard
hands, until the fanshu hands are played), so that load from other processes on a
shared machine falls on both alike; each row's ratio is against the RLCard hands played
beside it.  Rates are given by wall time and by this process's CPU time.  The ``fan``
bot plays a quarter of ``--hands``, ``ev`` a twentieth (they think much longer).

    .venv/bin/python bench/bench_engine.py [--hands 200] [--seed 1]
    .venv/bin/python bench/bench_engine.py --rules mcr --bots greedy,fan --hands 300
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from fanshu.engine import Game
from fanshu.engine.players import PLAYERS, make_player
from fanshu.engine.variants import playable_rules, variant_class

#: Every rule set the engine plays, from the one registry, with its seats.
SEATS = {rules: variant_class(rules).seats for rules in playable_rules()}
#: The share of ``--hands`` each bot plays.
SHARE = {"random": 1.0, "greedy": 1.0, "fan": 0.25, "ev": 0.05}


class FanshuTable:
    """Seeded hands of one rule set with one bot at every seat, played in chunks."""

    def __init__(self, rules: str, bot: str, seed: int) -> None:
        self.rules, self.bot, self.seed = rules, bot, seed
        self.hands = self.decisions = 0
        self.wall = self.cpu = 0.0

    def play(self, n: int) -> None:
        wall, cpu = time.perf_counter(), time.process_time()
        seats = SEATS[self.rules]
        for k in range(self.hands, self.hands + n):
            game = Game(self.rules, seed=self.seed * 1_000_003 + k)
            players = [make_player(self.bot, seed=k * 8 + s) for s in range(seats)]
            while not game.done:
                seat = game.to_act
                assert seat is not None
                game.step(players[seat].choose(game.observe(seat)))
                self.decisions += 1
        self.wall += time.perf_counter() - wall
        self.cpu += time.process_time() - cpu
        self.hands += n


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rules", default=",".join(SEATS), help="comma-separated rule sets")
    ap.add_argument("--bots", default=",".join(SHARE), help="comma-separated bots")
    ap.add_argument("--chunk", type=int, default=10, help="fanshu hands per chunk")
    ap.add_argument("--rl-chunk", type=int, default=5, help="RLCard hands per chunk")
    args = ap.parse_args()
    try:
        from rlcard_baseline import RlcardTable

        rl: RlcardTable | None = RlcardTable(args.seed)
    except SystemExit as missing:
        rl = None
        print(f"RLCard not measured: {missing}")
    print(
        f"{'rules':<11} {'bots':<7} {'hands':>6} {'hands/s':>8} {'decisions/s':>11} "
        f"{'RLCard/s':>8} {'vs RLCard':>9} {'cpu hands/s':>11} {'cpu RLCard/s':>12} "
        f"{'cpu vs':>7}"
    )
    total_rl_hands = 0
    for rules in args.rules.split(","):
        for bot in args.bots.split(","):
            if bot not in PLAYERS or rules not in SEATS:
                continue
            n = max(1, round(args.hands * SHARE.get(bot, 1.0)))
            chunk = max(1, min(args.chunk, n // 4 or 1))
            fs = FanshuTable(rules, bot, args.seed)
            rl_wall = rl_cpu = 0.0
            rl_hands = 0
            while fs.hands < n:
                fs.play(min(chunk, n - fs.hands))
                if rl is not None:
                    w, c, h = rl.wall, rl.cpu, rl.hands
                    rl.play(args.rl_chunk)
                    rl_wall += rl.wall - w
                    rl_cpu += rl.cpu - c
                    rl_hands += rl.hands - h
            total_rl_hands += rl_hands
            rate, cpu_rate = fs.hands / fs.wall, fs.hands / fs.cpu
            if rl is not None and rl_hands:
                r, rc = rl_hands / rl_wall, rl_hands / rl_cpu
                tail = (
                    f"{r:8.1f} {rate / r:8.2f}x {cpu_rate:11.1f} {rc:12.1f} {cpu_rate / rc:6.2f}x"
                )
            else:
                tail = f"{'-':>8} {'-':>9} {cpu_rate:11.1f} {'-':>12} {'-':>7}"
            print(
                f"{rules:<11} {bot:<7} {fs.hands:6d} {rate:8.1f} "
                f"{fs.decisions / fs.wall:11.0f} {tail}",
                flush=True,
            )
    if rl is not None:
        print(
            f"RLCard mahjong, random agents, all chunks: {rl.hands / rl.wall:.1f} hands/s wall, "
            f"{rl.hands / rl.cpu:.1f} CPU ({rl.hands} hands)"
        )
    print(f"process memory at the end: RSS {rss_mib():.0f} MiB, peak {peak_mib():.0f} MiB")


def rss_mib() -> float:
    """This process's resident set now (Linux ``/proc``; 0 elsewhere)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, IndexError, ValueError):
        return 0.0
    import os

    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def peak_mib() -> float:
    """The peak resident set of this process (``ru_maxrss``, KiB on Linux)."""
    try:
        import resource
    except ImportError:
        return 0.0
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


if __name__ == "__main__":
    main()
