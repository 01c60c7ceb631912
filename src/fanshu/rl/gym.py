"""A Gymnasium environment: one learner's seat against fanshu's bots, with real spaces.

:class:`FanshuEnv` wraps :class:`fanshu.engine.env.MahjongEnv` (which plays the other
seats with the built-in bots) in Gymnasium's API, so that any Gymnasium agent can learn
mahjong under every rule set fanshu plays (mcr, sichuan, two-player, beijing, jiaxing,
pinghu, wuhan, common).  ``import fanshu.rl.gym`` registers it as
``"fanshu/Mahjong-v0"``: ``gymnasium.make("fanshu/Mahjong-v0", rules="sichuan")``.

- ``observation_space`` is ``Dict({"observation": Box(0, 4, (40, 34), int8),
  "action_mask": Box(0, 1, (231,), int8)})``: the encoded view of the learner's seat
  (:mod:`fanshu.rl.encoding`, documented channel by channel there) and 1 at the index of
  each legal action.  ``action_space`` is ``Discrete(231)``: the fixed action table
  :mod:`fanshu.rl.actions` (discards 0-33, 報听 34-67, chows 68-88, pung 89, kongs
  90-123, win 124, pass 125, exchanges, 定缺, picks and swaps).
- ``reset(seed=S)`` deals game 0 of master seed ``S`` (the same wall and the same bot
  seeds as ``fanshu simulate --seed S``); each later ``reset()`` deals the next game of
  that seed, so a seed fixes a whole sequence of episodes.  An environment made with
  ``seed=S`` starts as ``reset(seed=S)`` would; without any seed, the master seed is
  drawn from ``np_random``.  A hand can end before the learner's first decision
  (another seat's 天和): ``reset`` then deals the next game of the seed, until the
  learner is asked (``info["skipped"]`` counts the hands passed over), so ``reset``
  always returns a decision.
- ``step(index)`` plays the action at ``index``, then the bots until the learner must
  decide again or the hand is over.  ``reward`` is the change of the learner's score
  since its previous decision, so an episode's rewards add up to the learner's
  settlement points (``info["score"]`` at the end).  ``terminated`` is True once the
  hand is over; ``truncated`` is always False (every hand ends).
- An index that the mask does not allow: with ``illegal="penalize"`` (the default,
  which lets ``gymnasium.utils.env_checker.check_env`` and ``action_space.sample()``
  drive the environment) the learner plays ``pass`` when it may, else the legal action
  with the lowest index, and the reward gains ``illegal_reward`` (-1.0 by default;
  ``info["illegal"]`` is True).  With ``illegal="raise"`` it is an
  :class:`~fanshu.engine.actions.ActionError` that lists the legal actions.  An index
  outside 0-230 is always an ``ActionError``.
- ``info`` holds ``legal_actions`` (their text, as ``Action.parse`` reads it),
  ``action_mask`` (a copy of the observation's), ``episode`` (the game's number under
  the master seed), ``seed`` (the game's own), ``score`` (the learner's now), after
  ``reset`` ``skipped``, after ``step`` ``illegal``, and once the hand is over
  ``scores`` (every seat's) and ``winners``.
- ``action_masks()`` is the mask of the decision now, as booleans: the method that
  maskable learners (sb3-contrib's ``MaskablePPO``) look for on an environment.
- ``render()`` is a short text of the learner's view: returned with
  ``render_mode="ansi"``, printed with ``"human"`` (which also prints after every
  ``reset`` and ``step``).

>>> env = FanshuEnv("two-player", seed=1)
>>> obs, info = env.reset()
>>> obs["observation"].shape, int(obs["action_mask"].sum()) == len(info["legal_actions"])
((40, 34), True)
>>> total, terminated = 0.0, False
>>> while not terminated:  # always the first legal index
...     index = int(obs["action_mask"].argmax())
...     obs, reward, terminated, truncated, info = env.step(index)
...     total += reward
>>> total == info["score"], info["illegal"]
(True, False)
"""

from __future__ import annotations

import operator
from collections.abc import Mapping, Sequence
from typing import Any, Literal, SupportsIndex

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from fanshu.engine.actions import Action, ActionError, ActionKind
from fanshu.engine.autoplay import SimulationError
from fanshu.engine.config import GameConfig
from fanshu.engine.env import MahjongEnv
from fanshu.engine.game import Game
from fanshu.engine.observation import Observation
from fanshu.engine.players import Player
from fanshu.errors import OptionError
from fanshu.render import draw_tiles
from fanshu.rl.actions import ACTION_COUNT, action_of, index_of
from fanshu.rl.encoding import action_mask, encode, observation_box

__all__ = ["ENV_ID", "MAX_SKIPPED", "FanshuEnv", "Obs"]

#: The id under which ``import fanshu.rl.gym`` registers :class:`FanshuEnv`.
ENV_ID = "fanshu/Mahjong-v0"

#: Hands in a row that may end before the learner's first decision before ``reset``
#: gives up (a 天和 is about one hand in a few hundred thousand: this is a guard against
#: an engine bug, not a limit a real run meets).
MAX_SKIPPED = 100

#: What the environment observes: the encoded view and the action mask.
Obs = dict[str, npt.NDArray[np.int8]]

_PASS = Action(ActionKind.PASS)
_PASS_INDEX = index_of(_PASS)
_ILLEGAL_MODES = ("penalize", "raise")
_WINDS = "ESWN"


class FanshuEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """The learner in ``seat`` against ``opponents`` (bot names for the other seats in
    seat order, one comma-separated string of them, or ``Player`` objects; default
    random bots) under ``rules``; see the module text for spaces, rewards and seeds."""

    # Gymnasium declares ``metadata`` a plain attribute of Env (a ClassVar here would
    # not type-check as its override) and reads it from the class in gymnasium.make.
    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "render_fps": 4}  # noqa: RUF012

    def __init__(
        self,
        rules: str = "mcr",
        opponents: Sequence[str | Player] | str | None = None,
        *,
        seat: int = 0,
        seed: int | None = None,
        options: Mapping[str, Any] | None = None,
        config: GameConfig | Mapping[str, Any] | None = None,
        render_mode: str | None = None,
        illegal: Literal["penalize", "raise"] = "penalize",
        illegal_reward: float = -1.0,
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            modes = ", ".join(self.metadata["render_modes"])
            raise OptionError(f"render_mode is one of {modes} or None, not {render_mode!r}")
        if illegal not in _ILLEGAL_MODES:
            raise OptionError(f"illegal is 'penalize' or 'raise', not {illegal!r}")
        if isinstance(illegal_reward, bool) or not isinstance(illegal_reward, int | float):
            raise OptionError(f"illegal_reward is a number, not {illegal_reward!r}")
        if seed is not None:
            _check_seed(seed)
        # MahjongEnv checks the rule set, seat, opponents, options and config; its own
        # seed is replaced at the first reset.
        self._env = MahjongEnv(rules, opponents, seat=seat, seed=0, options=options, config=config)
        self.rules = rules
        self.seat = seat
        self.render_mode = render_mode
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.observation_space = spaces.Dict(
            {
                "observation": observation_box(),
                "action_mask": spaces.Box(0, 1, (ACTION_COUNT,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(ACTION_COUNT)
        self._first_seed = seed  # the seed of the first reset() that names none
        self._master: int | None = None  # the master seed of the episodes being played
        self._last: Observation | None = None

    @property
    def master_seed(self) -> int | None:
        """The master seed of the episodes being played (None before the first reset)."""
        return self._master

    @property
    def game(self) -> Game:
        """The hand being played (an ``ActionError`` before the first reset)."""
        return self._env.game

    @property
    def episode(self) -> int:
        """The number of the game being played under the master seed (-1 before reset)."""
        return self._env.episode if self._master is not None else -1

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Obs, dict[str, Any]]:
        """Deal the next hand (with ``seed``: game 0 of that master seed) and play the
        bots until the learner decides.  ``options`` takes no keys (the rule set's
        options are given to the constructor)."""
        if options:
            raise OptionError(
                f"reset takes no options (give the rule set's options to FanshuEnv), "
                f"not {sorted(options)}"
            )
        if seed is None and self._master is None:
            seed = self._first_seed
        if seed is not None:
            _check_seed(seed)
        super().reset(seed=seed)
        if seed is not None:
            self._master = seed
            obs, info = self._env.reset(seed=seed)
        elif self._master is None:  # no seed anywhere: draw one, reproducible via np_random
            self._master = int(self.np_random.integers(0, 2**63 - 1))
            obs, info = self._env.reset(seed=self._master)
        else:
            obs, info = self._env.reset()
        skipped = 0
        while info["terminated"]:
            skipped += 1
            if skipped > MAX_SKIPPED:
                raise SimulationError(
                    f"{self.rules} seed {self._master}: {skipped} hands in a row ended "
                    "before the learner's first decision"
                )
            obs, info = self._env.reset()
        observation, out = self._record(obs, info)
        out["skipped"] = skipped
        if self.render_mode == "human":
            self.render()
        return observation, out

    def step(self, action: SupportsIndex) -> tuple[Obs, float, bool, bool, dict[str, Any]]:
        """Play the action at index ``action`` (see the module text for an index the
        mask does not allow), then the bots until the learner decides or the hand ends."""
        game = self._env.game  # an ActionError before the first reset
        if game.done:
            raise ActionError("the hand is over: call reset() for the next one")
        try:
            if isinstance(action, bool):
                raise TypeError
            index = operator.index(action)  # int, numpy integers
        except TypeError:
            raise ActionError(
                f"an action is an index 0-{ACTION_COUNT - 1}, not {action!r}"
            ) from None
        chosen = action_of(index)  # an ActionError outside 0-230
        legal = game.legal_actions(self.seat)  # (the engine's, not a cached copy)
        illegal = chosen not in legal
        penalty = 0.0
        if illegal:
            if self.illegal == "raise":
                listed = ", ".join(f"{index_of(a)} {a}" for a in sorted(legal, key=index_of))
                raise ActionError(f"action {index} ({chosen}) is not legal now; legal: {listed}")
            chosen = _PASS if _PASS in legal else min(legal, key=index_of)
            penalty = self.illegal_reward
        obs, reward, terminated, truncated, info = self._env.step(chosen)
        observation, out = self._record(obs, info)
        out["illegal"] = illegal
        if self.render_mode == "human":
            self.render()
        return observation, float(reward) + penalty, terminated, truncated, out

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions of the decision now as a boolean mask over the action table
        (all False once the hand is over): what maskable learners such as sb3-contrib's
        ``MaskablePPO`` ask an environment for."""
        game = self._env.game  # an ActionError before the first reset
        if game.done or self._last is None:
            return np.zeros(ACTION_COUNT, dtype=np.bool_)
        return action_mask(self._last).astype(np.bool_)

    def render(self) -> str | None:
        """The learner's view as text: returned in ``"ansi"`` mode, printed in
        ``"human"`` mode, nothing without a render mode."""
        if self.render_mode is None:
            return None
        text = self._text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _record(self, obs: Observation, info: Mapping[str, Any]) -> tuple[Obs, dict[str, Any]]:
        """The encoded observation, and the info of the module text from MahjongEnv's
        (every value a new object, as Gymnasium asks: a caller may keep and change what
        it was given, so the info's mask is a copy)."""
        self._last = obs
        mask = action_mask(obs)
        observation = {"observation": encode(obs), "action_mask": mask}
        out: dict[str, Any] = {
            "legal_actions": [str(a) for a in obs.legal_actions],
            "action_mask": mask.copy(),
            "episode": info["episode"],
            "seed": info["seed"],
            "score": info["score"],
        }
        if "scores" in info:
            out["scores"] = list(info["scores"])
            out["winners"] = list(info["winners"])
        return observation, out

    def _text(self) -> str:
        obs = self._last
        if obs is None:
            return f"{self.rules}: no hand yet (call reset())"
        game = self._env.game
        wind = _WINDS[obs.seat_wind % 4]  # 0-3: E S W N
        lines = [
            f"{obs.rules} game {self._env.episode} · seat {obs.seat} ({wind}) · "
            f"{obs.phase} · wall {obs.wall_remaining} · "
            f"scores {' '.join(str(v.score) for v in obs.seats)}"
        ]
        hand = draw_tiles(obs.hand, plain=True, sort=True)
        drawn = f"  drawn {obs.drawn.code}" if obs.drawn is not None else ""
        melds = " ".join(str(m) for m in obs.melds)
        lines.append(f"hand {hand or '-'}{drawn}" + (f"  melds {melds}" if melds else ""))
        for q, view in enumerate(obs.seats):
            shown = " ".join("[concealed kong]" if m is None else str(m) for m in view.melds)
            river = draw_tiles(view.discards, plain=True)
            marks = (" won" if view.won else "") + (" ready" if view.declared_ready else "")
            lines.append(
                f"seat {q}{' (you)' if q == obs.seat else ''}{marks}: "
                f"discards {river or '-'}" + (f"  melds {shown}" if shown else "")
            )
        if obs.last_discard is not None and obs.phase in ("claim", "rob"):
            lines.append(f"on offer {obs.last_discard.code} from seat {obs.last_discarder}")
        if game.done:
            lines.append(f"over: winners {list(game.winners) or 'none'}")
        else:
            legal = sorted(obs.legal_actions, key=index_of)
            lines.append("legal " + ", ".join(f"{index_of(a)} {a}" for a in legal))
        return "\n".join(lines)


def _check_seed(seed: object) -> None:
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise OptionError(f"seed is a whole number 0 or more, not {seed!r}")


# Registration at import, once: importing the module again (importlib reloads, tests
# under --import-mode=importlib) must not register the id twice.
if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="fanshu.rl.gym:FanshuEnv")
