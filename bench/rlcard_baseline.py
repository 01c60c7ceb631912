"""Baseline: full mahjong hands per second in RLCard's ``mahjong`` environment.

Plays complete games ("hands") of ``rlcard.make('mahjong')`` with four
``RandomAgent``s through ``env.run(is_training=False)`` and times them with
``time.perf_counter`` (wall) and ``time.process_time`` (this process's CPU).  Only the
play loop is timed: building the environment and the agents is not.  The same seed
gives the same hands (it seeds both the environment's dealer and NumPy's global
generator, which ``RandomAgent`` draws from).

``RlcardTable`` keeps one environment and plays it in chunks, so that a benchmark can
alternate it with the code it compares (``bench_engine.py``): load from other processes
on a shared machine then falls on both alike.

RLCard is an optional extra, not a dev dependency::

    .venv/bin/pip install -e '.[bench]'
    .venv/bin/python bench/rlcard_baseline.py
"""

from __future__ import annotations

import time
from typing import Any

INSTALL_HINT = "rlcard is not installed: run  .venv/bin/pip install -e '.[bench]'"


class RlcardTable:
    """One RLCard mahjong environment with four random agents, played in chunks."""

    def __init__(self, seed: int) -> None:
        try:
            import numpy as np
            import rlcard
            from rlcard.agents import RandomAgent
        except ImportError as exc:
            raise SystemExit(INSTALL_HINT) from exc
        np.random.seed(seed)  # RandomAgent picks with the global NumPy generator
        self.env: Any = rlcard.make("mahjong", config={"seed": seed})
        self.env.set_agents(
            [RandomAgent(num_actions=self.env.num_actions) for _ in range(self.env.num_players)]
        )
        self.hands = 0
        self.wall = 0.0
        self.cpu = 0.0

    def play(self, n: int) -> None:
        """Play ``n`` more hands, adding their wall and CPU seconds."""
        wall, cpu = time.perf_counter(), time.process_time()
        for _ in range(n):
            self.env.run(is_training=False)
        self.wall += time.perf_counter() - wall
        self.cpu += time.process_time() - cpu
        self.hands += n


def _play(n: int, seed: int) -> tuple[int, float, int]:
    """Play ``n`` hands; return (hands played, seconds elapsed, actions taken)."""
    table = RlcardTable(seed)
    steps_before = table.env.timestep
    table.play(n)
    return n, table.wall, table.env.timestep - steps_before


def rlcard_hands(n: int, seed: int) -> tuple[int, float]:
    """Play ``n`` full hands with 4 random agents; return (hands played, seconds elapsed)."""
    hands, elapsed, _ = _play(n, seed)
    return hands, elapsed


def main() -> None:
    n, seed = 200, 20261129
    hands, elapsed, steps = _play(n, seed)
    print(
        f"rlcard mahjong, 4 RandomAgents: {hands} hands in {elapsed:.3f} s = "
        f"{hands / elapsed:,.1f} hands/s ({steps / hands:.1f} actions/hand)"
    )


if __name__ == "__main__":
    main()
