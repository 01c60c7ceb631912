"""Players: anything with ``choose(observation) -> action``, where the action is one of
``observation.legal_actions``.  A player sees only its own seat's observation.

>>> from fanshu.engine import Game
>>> g = Game("two-player", seed=1)
>>> p = make_player("random", seed=1)
>>> p.choose(g.observe(g.to_act)) in g.legal_actions()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol, runtime_checkable

from fanshu.engine.actions import Action
from fanshu.engine.observation import Observation
from fanshu.errors import OptionError


@runtime_checkable
class Player(Protocol):
    def choose(self, observation: Observation) -> Action: ...


class RandomPlayer:
    """Uniform over the legal actions (seeded)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: Observation) -> Action:
        return self.rng.choice(observation.legal_actions)


PLAYERS: dict[str, Callable[[int], Player]] = {"random": RandomPlayer}


def make_player(name: str, seed: int = 0) -> Player:
    """A built-in player by name (``random``, ``greedy``, ``fan``)."""
    factory = PLAYERS.get(name)
    if factory is None:
        raise OptionError(f"unknown player {name!r}: one of {', '.join(PLAYERS)}")
    return factory(seed)
