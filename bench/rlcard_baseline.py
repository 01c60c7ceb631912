"""Baseline: full mahjong hands per second in RLCard's ``mahjong`` environment.

Plays ``n`` complete games ("hands") of ``rlcard.make('mahjong')`` with four
``RandomAgent``s through ``env.run(is_training=False)`` and times them with
``time.perf_counter``.  Only the play loop is timed: building the environment and the
agents is not.  The same seed gives the same hands (it seeds both the environment's
dealer and NumPy's global generator, which ``RandomAgent`` draws from).

RLCard is an optional extra, not a dev dependency::

    .venv/bin/pip install -e '.[bench]'
    .venv/bin/python bench/rlcard_baseline.py
"""

from __future__ import annotations

import time

INSTALL_HINT = "rlcard is not installed: run  .venv/bin/pip install -e '.[bench]'"


def _play(n: int, seed: int) -> tuple[int, float, int]:
    """Play ``n`` hands; return (hands played, seconds elapsed, actions taken)."""
    try:
        import numpy as np
        import rlcard
        from rlcard.agents import RandomAgent
    except ImportError as exc:
        raise SystemExit(INSTALL_HINT) from exc

    np.random.seed(seed)  # RandomAgent picks with the global NumPy generator
    env = rlcard.make("mahjong", config={"seed": seed})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)])
    steps_before = env.timestep
    start = time.perf_counter()
    for _ in range(n):
        env.run(is_training=False)
    elapsed = time.perf_counter() - start
    return n, elapsed, env.timestep - steps_before


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
