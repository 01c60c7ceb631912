"""A reinforcement-learning environment: one learner's seat against built-in bots, in the
``reset`` / ``step`` shape of Gymnasium (without depending on it).

- ``reset(seed=None) -> (observation, info)`` deals a new hand and plays the bots until
  the learner must decide.  Episode ``k`` after ``reset(seed=S)`` (or of an environment
  made with ``seed=S``) is game ``k`` of ``fanshu.engine.simulate`` with master seed
  ``S``: the same wall, and the same bot seeds in the other seats.
- ``step(action) -> (observation, reward, terminated, truncated, info)`` takes an
  ``Action``, its text (``"discard 5m"``) or an index into ``info["legal_actions"]``,
  then plays the bots until the learner must decide again or the hand is over.
- ``observation`` is the learner's own :class:`~fanshu.engine.observation.Observation`:
  its tiles, what the table shows, and the legal actions (the same tuple as
  ``info["legal_actions"]``).  The bots' tiles are never shown.
- ``reward`` is the change of the learner's score since its previous decision (for the
  first step, since the deal), so the rewards of an episode add up to the learner's
  score at the end of the hand.  In Sichuan a learner that has won no longer decides:
  its step plays the hand to the end, and the reward includes what followed.
- ``terminated`` is True once the hand is over; ``truncated`` is always False (a hand
  always ends).  ``info`` holds ``legal_actions``, ``episode``, ``seed`` (the game's),
  ``score`` (the learner's now), and at the end ``scores`` and ``winners``.
- A hand can end before the learner's first decision (another seat's 天和): ``reset``
  then returns ``info["terminated"] = True`` and the final ``score``; call ``reset`` again.
- An opponent that fails, or chooses what the game refuses, is a
  :class:`~fanshu.engine.autoplay.SimulationError` naming the episode and the seat.

>>> env = MahjongEnv("two-player", opponents=["random"], seed=1)
>>> obs, info = env.reset()
>>> obs.seat, obs.legal_actions == info["legal_actions"], info["terminated"]
(0, True, False)
>>> total, terminated = 0, False
>>> while not terminated:
...     obs, reward, terminated, truncated, info = env.step(0)   # the first legal action
...     total += reward
>>> total == info["score"] == env.game.scores[0], obs.phase
(True, 'end')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from fanshu.engine.actions import Action, ActionError
from fanshu.engine.autoplay import play_until
from fanshu.engine.config import GameConfig
from fanshu.engine.game import Game
from fanshu.engine.observation import Observation
from fanshu.engine.players import Player, make_player
from fanshu.engine.simulate import game_seed, player_seed
from fanshu.engine.simulate import seats_of as _seats_of
from fanshu.errors import OptionError
from fanshu.i18n import msg

__all__ = ["MahjongEnv"]

StepResult = tuple[Observation, int, bool, bool, dict[str, Any]]


class MahjongEnv:
    """One seat (``seat``) learning against ``opponents`` (bot names or ``Player``
    objects, for the other seats in seat order, or one comma-separated string of names;
    default: random bots)."""

    def __init__(
        self,
        rules: str = "mcr",
        opponents: Sequence[str | Player] | None = None,
        *,
        seat: int = 0,
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        config: GameConfig | Mapping[str, Any] | None = None,
    ) -> None:
        n = _seats_of(rules)
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise OptionError(
                msg(
                    "seat is 0-{last} for {rules}, not {seat!r}", last=n - 1, rules=rules, seat=seat
                )
            )
        if opponents is None:
            opponents = ["random"] * (n - 1)
        elif isinstance(opponents, str):  # "greedy,random,random"
            opponents = [o.strip() for o in opponents.split(",")]
        if len(opponents) != n - 1:
            count = len(opponents)
            raise OptionError(
                msg(
                    "{rules} needs {need} opponents, not {count}",
                    rules=rules,
                    need=n - 1,
                    count=count,
                )
                if n > 2
                else msg(
                    "{rules} needs {need} opponent, not {count}", rules=rules, need=1, count=count
                )
            )
        for o in opponents:
            if isinstance(o, str):
                make_player(o)  # an unknown name fails now, not at the first reset
            elif not callable(getattr(o, "choose", None)):
                raise OptionError(msg("an opponent is a bot name or has choose(), not {o!r}", o=o))
        self.rules = rules
        self.seat = seat
        self.seats = n
        self.options = dict(options or {})
        if isinstance(config, Mapping):
            config = GameConfig.from_dict(config)
        self.config = config or GameConfig()
        if self.config.dealer >= n:
            raise OptionError(
                msg(
                    "dealer is a seat number 0-{last}, not {dealer}",
                    last=n - 1,
                    dealer=self.config.dealer,
                )
            )
        self.opponents = list(opponents)
        self._check_seed(seed)
        self.master_seed = seed
        self.episode = -1  # the number of the episode being played
        self._game: Game | None = None
        self._bots: dict[int, Player] = {}
        self._score = 0  # the learner's score at its previous decision

    @staticmethod
    def _check_seed(seed: object) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise OptionError(msg("seed is a whole number, not {seed!r}", seed=seed))

    @property
    def game(self) -> Game:
        """The hand being played (after ``reset``)."""
        if self._game is None:
            raise ActionError(msg("no hand yet: call reset() first"))
        return self._game

    def reset(self, seed: int | None = None) -> tuple[Observation, dict[str, Any]]:
        """Deal the next hand (with ``seed``: the first hand of that master seed)."""
        if seed is not None:
            self._check_seed(seed)
            self.master_seed = seed
            self.episode = -1
        self.episode += 1
        k = self.episode
        g = game_seed(self.master_seed, k)
        self._game = Game(self.rules, seed=g, options=self.options, config=self.config)
        others = [s for s in range(self.seats) if s != self.seat]
        self._bots = {
            s: make_player(o, player_seed(self.master_seed, k, s)) if isinstance(o, str) else o
            for s, o in zip(others, self.opponents, strict=True)
        }
        self._score = 0
        self._play_bots()
        obs = self._game.observe(self.seat)
        return obs, self._info(obs)

    def step(self, action: Action | str | int) -> StepResult:
        """Play the learner's ``action``; see the module text for what comes back."""
        game = self.game
        if game.done:
            raise ActionError(msg("the hand is over: call reset() for the next one"))
        legal = game.legal_actions(self.seat)
        if isinstance(action, bool):
            raise ActionError(
                msg("an action is an Action, its text or an index, not {action!r}", action=action)
            )
        if isinstance(action, int):
            if not 0 <= action < len(legal):
                raise ActionError(
                    msg(
                        "action index {action} is not among the {n} legal actions (0-{last})",
                        action=action,
                        n=len(legal),
                        last=len(legal) - 1,
                    )
                )
            action = legal[action]
        game.step(action, seat=self.seat)
        self._play_bots()
        obs = game.observe(self.seat)
        score = game.scores[self.seat]
        reward, self._score = score - self._score, score
        return obs, reward, game.done, False, self._info(obs)

    def _play_bots(self) -> None:
        """The other seats decide until the learner is asked or the hand ends."""
        label = f"{self.rules} seed {self.master_seed} episode {self.episode}: "
        play_until(self.game, self._bots, self.seat, label=label)

    def _info(self, obs: Observation) -> dict[str, Any]:
        game = self.game
        info: dict[str, Any] = {
            "legal_actions": obs.legal_actions,
            "episode": self.episode,
            "seed": game.seed,
            "score": game.scores[self.seat],
            "terminated": game.done,
        }
        if game.done:
            info["scores"] = list(game.scores)
            info["winners"] = list(game.winners)
        return info
