"""Let bots play a hand: until a given seat is asked for a decision, or to the end.

Everything that seats bots at a table drives them the same way: ``fanshu simulate`` and
the series play whole hands (:func:`fanshu.engine.simulate.play_game`), the learning
environment (:class:`fanshu.engine.env.MahjongEnv`) and the web game play the other
seats until the learner or the person must decide.  :func:`play_until` is that loop,
and :class:`SimulationError` the one error for a hand it cannot play on.

>>> from fanshu.engine.game import Game
>>> from fanshu.engine.players import make_player
>>> g = Game("two-player", seed=1)
>>> bots = {1: make_player("random", seed=1)}
>>> play_until(g, bots, seat=0)  # seat 0 deals: it is asked at once
0
>>> play_until(g, bots)  # seat 0 has no bot
Traceback (most recent call last):
...
fanshu.engine.autoplay.SimulationError: seat 0 is asked for a decision but has no player
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from fanshu.engine.actions import Action
from fanshu.engine.game import Game
from fanshu.engine.players import Player
from fanshu.errors import FanshuError, OptionError
from fanshu.i18n import msg

__all__ = ["MAX_DECISIONS", "SimulationError", "play_until"]

#: Decisions after which a hand is taken to be stuck (an engine bug, not a long hand:
#: a random MCR hand takes about 100).
MAX_DECISIONS = 20_000


class SimulationError(FanshuError):
    """A hand the bots could not play on: a seat asked that has no player, a bot's
    choice the game refused or a bot that failed, or a hand without an end."""

    code = "simulation_failed"


def play_until(
    game: Game,
    players: Mapping[int, Player] | Sequence[Player],
    seat: int | None = None,
    *,
    label: str = "",
    limit: int = MAX_DECISIONS,
) -> int | None:
    """Ask ``players`` (by seat: a mapping, or a sequence indexed by seat) for their
    decisions until ``seat`` is asked for one, or until the hand is over (always when
    ``seat`` is None); return the seat asked then (``seat``), or None at the end.

    A hand can end before ``seat`` is asked (another seat wins; in Sichuan ``seat`` may
    have won already).  ``label`` starts the messages of the :class:`SimulationError`
    raised when the game asks a seat that has no player, a player fails or chooses
    what the game refuses, or the hand goes on past ``limit`` decisions.  A ``seat``
    that is not one of the game's is an ``OptionError``.
    """
    if seat is not None and (
        isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < game.n
    ):
        raise OptionError(
            msg(
                "seat is 0-{last} for {rules}, not {seat!r}",
                last=game.n - 1,
                rules=game.rules,
                seat=seat,
            )
        )
    bots = players if isinstance(players, Mapping) else dict(enumerate(players))
    for _ in range(limit):
        s = game.to_act
        if s is None or s == seat:
            return s
        bot = bots.get(s)
        if bot is None:
            raise SimulationError(f"{label}seat {s} is asked for a decision but has no player")
        action: Action | None = None
        try:
            action = bot.choose(game.observe(s))
            game.step(action, seat=s)
        except FanshuError as e:
            raise SimulationError(f"{label}seat {s} chose {action}: {e}") from None
        except Exception as e:  # a bot or engine bug: say which hand shows it
            raise SimulationError(
                f"{label}seat {s}, action {action}: {type(e).__name__}: {e}"
            ) from e
    s = game.to_act
    if s is None or s == seat:  # the last decision allowed ended the wait
        return s
    raise SimulationError(f"{label}no end after {limit} decisions")
