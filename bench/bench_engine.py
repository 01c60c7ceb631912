"""Full hands per second: fanshu's engine with random and greedy bots per rule set,
against RLCard's mahjong environment with random agents, in the same run.

fanshu plays and scores every hand (legal actions, claims, kongs, flowers, wins scored
by the rule set, settlement); RLCard plays its simpler game and scores nothing (its
winner gets +1).  Needs ``pip install -e '.[bench]'`` for the RLCard side.

    .venv/bin/python bench/bench_engine.py [--hands 300] [--seed 1]
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


def fanshu_hands(rules: str, bot: str, n: int, seed: int) -> tuple[int, float, int]:
    """(hands, seconds, decisions) for n hands of ``bot`` at every seat."""
    decisions = 0
    start = time.perf_counter()
    for k in range(n):
        game = Game(rules, seed=seed * 1_000_003 + k)
        players = [make_player(bot, seed=k * 8 + s) for s in range(SEATS[rules])]
        while not game.done:
            seat = game.to_act
            assert seat is not None
            game.step(players[seat].choose(game.observe(seat)))
            decisions += 1
    return n, time.perf_counter() - start, decisions


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    try:
        from rlcard_baseline import rlcard_hands

        n, secs = rlcard_hands(args.hands, args.seed)
        rl = n / secs
        print(f"RLCard mahjong, random agents: {rl:9.1f} hands/s  ({n} hands, {secs:.1f} s)")
    except SystemExit as missing:
        rl = None
        print(f"RLCard not measured: {missing}")
    print(f"{'rules':<11} {'bots':<7} {'hands/s':>9} {'decisions/s':>12} {'vs RLCard':>10}")
    for rules in SEATS:
        for bot in ("random", "greedy"):
            if bot not in PLAYERS:
                continue
            n, secs, decisions = fanshu_hands(rules, bot, args.hands, args.seed)
            rate = n / secs
            ratio = f"{rate / rl:9.1f}x" if rl else "-"
            print(f"{rules:<11} {bot:<7} {rate:9.1f} {decisions / secs:12.0f} {ratio:>10}")


if __name__ == "__main__":
    main()
