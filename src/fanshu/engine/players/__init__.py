"""Players: anything with ``choose(observation) -> action``, where the action is one of
``observation.legal_actions``.  A player sees only its own seat's observation.

The built-in bots, by name (``make_player``):

- ``random``: uniform over the legal actions;
- ``greedy``: lowest shanten, then the most tiles still to come (``greedy.py``);
- ``fan``: plans toward a hand that meets the rule set's minimum and scores well
  (MCR: an 8-fan route; ``fan.py``);
- ``ev``: discards, kongs and claims by the value advice, the expected score of each
  choice with the danger of the tile thrown (``ev.py``).

>>> from fanshu.engine import Game
>>> g = Game("two-player", seed=1)
>>> p = make_player("random", seed=1)
>>> p.choose(g.observe(g.to_act)) in g.legal_actions()
True
>>> make_player("smart")
Traceback (most recent call last):
...
fanshu.errors.OptionError: unknown player 'smart': one of random, greedy, fan, ev
"""

from __future__ import annotations

from collections.abc import Callable

from fanshu.engine.players.base import Player, RandomPlayer
from fanshu.engine.players.ev import EvPlayer
from fanshu.engine.players.fan import FanPlayer
from fanshu.engine.players.greedy import GreedyPlayer
from fanshu.errors import OptionError
from fanshu.i18n import msg

__all__ = [
    "PLAYERS",
    "EvPlayer",
    "FanPlayer",
    "GreedyPlayer",
    "Player",
    "RandomPlayer",
    "make_player",
]

PLAYERS: dict[str, Callable[[int], Player]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "fan": FanPlayer,
    "ev": EvPlayer,
}


def make_player(name: str, seed: int = 0) -> Player:
    """A built-in player by name (``random``, ``greedy``, ``fan``, ``ev``)."""
    factory = PLAYERS.get(name)
    if factory is None:
        raise OptionError(
            msg("unknown player {name!r}: one of {known}", name=name, known=", ".join(PLAYERS))
        )
    return factory(seed)
