"""The PettingZoo AEC environment: every seat of one fanshu hand is an agent, asked in
the order the engine asks (``Game.to_act``), with the fixed action table of
``fanshu.rl.actions`` and the encoded observation of ``fanshu.rl.encoding``.

- ``env(rules="mcr", seed=None, options=None, config=None, render_mode=None)`` is
  :func:`raw_env` inside PettingZoo's ``OrderEnforcingWrapper``; ``rules`` is any rule
  set the engine plays (``fanshu rules``: mcr, beijing, common, jiaxing, pinghu,
  sichuan, two-player, wuhan); ``options`` and ``config`` are the game's own (rule-set
  options, ``GameConfig``: dealer, prevalent wind, Sichuan 换三张, the two-player events).
- Agents are ``player_0`` … ``player_{n-1}`` (seat numbers; n is 4, or 2 for the
  two-player game).  ``agent_selection`` is the seat the game waits for: on a discard
  each seat that may claim is asked in turn order from the discarder, one after another,
  and the claims are resolved together once all have answered.
- ``observation_space(agent)`` is ``Dict({"observation": Box(0, 4, (40, 34), int8),
  "action_mask": Box(0, 1, (231,), int8)})``; ``observe(agent)`` gives that seat's view
  (never another seat's concealed tiles) and a mask that is all 0 for a seat not asked.
  ``action_space(agent)`` is ``Discrete(231)``: the index table of ``fanshu.rl.actions``.
- ``step(index)`` plays the action at ``index`` for ``agent_selection``.  An index not in
  the mask is an :class:`~fanshu.engine.actions.ActionError` naming the legal actions
  (the game is left as it was).  For PettingZoo's other convention, an illegal move
  that ends the game with a penalty, wrap :func:`raw_env` in
  ``pettingzoo.utils.wrappers.TerminateIllegalWrapper``: it reads the same mask.
- ``rewards`` are each seat's change of score in the step (every settlement: wins, kong
  payments, 错和 penalties, drawn-hand refunds), so an agent's rewards over the hand add
  up to its settlement points, ``Game.scores`` at the end.  When the hand ends every
  agent is terminated (``truncations`` are always False: a hand always ends), and each
  then takes its dead step (``step(None)``).  In Sichuan (血战到底) a seat that has won
  is no longer asked but stays an agent, and keeps its rewards, until the hand ends.
- ``infos[agent]``: ``seat``, ``legal_actions`` (their text, empty when not asked) and,
  at the end, ``scores`` and ``winners``.
- ``reset(seed=S)`` starts episode 0 of master seed ``S``; each ``reset()`` without a
  seed the next episode.  Episode ``k`` is game ``k`` of ``fanshu simulate`` with master
  seed ``S`` (``fanshu.engine.simulate.game_seed``): the same wall and the same game
  chances, so the same seed and the same actions give the same trajectory.  Without any
  seed the master seed is drawn at random once, when the environment is made.
  ``reset``'s ``options`` are accepted and unused (the game's options are fixed when the
  environment is made).
- ``render()``: ``"ansi"`` returns the table as text in fanshu notation (the hand of the
  seat to act, everyone's melds, discards, flowers and score, the wall, the legal
  actions); ``"human"`` prints it.
- No parallel API: the seats act one at a time (``is_parallelizable`` is False), so
  PettingZoo's ``aec_to_parallel`` does not apply.

>>> e = env(rules="two-player", seed=3)
>>> e.reset()
>>> e.possible_agents, e.agent_selection, int(e.action_space("player_0").n)
(['player_0', 'player_1'], 'player_0', 231)
>>> for agent in e.agent_iter():
...     obs, reward, terminated, truncated, info = e.last()
...     e.step(None if terminated else int(obs["action_mask"].argmax()))
>>> e.unwrapped.game.done, e.agents
(True, [])
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import logger
from gymnasium.spaces import Box, Dict, Discrete, Space
from pettingzoo import AECEnv
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from fanshu.engine.actions import ActionError
from fanshu.engine.config import GameConfig
from fanshu.engine.game import Game
from fanshu.engine.simulate import game_seed, seats_of
from fanshu.errors import OptionError
from fanshu.rl.actions import ACTION_COUNT, action_of, index_of
from fanshu.rl.encoding import action_mask, encode, observation_box
from fanshu.tiles import format_tiles

__all__ = ["FanshuAEC", "ObsDict", "env", "raw_env"]

#: One agent's observation: ``{"observation": int8 (40, 34), "action_mask": int8 (231,)}``.
ObsDict = dict[str, npt.NDArray[np.int8]]

RENDER_MODES = ("human", "ansi")


#: What ``step`` takes: an index (PettingZoo samples numpy integers), or None for a dead step.
ActionType = np.int64 | int | None


class FanshuAEC(AECEnv[str, ObsDict, ActionType]):
    """One fanshu hand as a PettingZoo AEC game (see the module text)."""

    def __init__(
        self,
        rules: str = "mcr",
        seed: int | None = None,
        options: Mapping[str, Any] | None = None,
        config: GameConfig | Mapping[str, Any] | None = None,
        render_mode: str | None = None,
    ) -> None:
        # (AECEnv.__init__ does nothing)
        if render_mode is not None and render_mode not in RENDER_MODES:
            raise OptionError(
                f"render_mode is one of {', '.join(RENDER_MODES)} or None, not {render_mode!r}"
            )
        if seed is not None:
            _check_seed(seed)
        if options is not None and not isinstance(options, Mapping):
            raise OptionError(f"options are a mapping of the rule set's options, not {options!r}")
        if isinstance(config, Mapping):
            config = GameConfig.from_dict(config)
        if config is not None and not isinstance(config, GameConfig):
            raise OptionError(f"config is a GameConfig or a mapping, not {config!r}")
        n = seats_of(rules)  # an unknown rule set fails here
        self.options: dict[str, Any] = dict(options or {})
        self.config: GameConfig | None = config
        self.render_mode = render_mode
        # a first game now checks the options and the config (and names the rule set)
        probe = Game(rules, seed=0, options=self.options, config=config)
        #: The rule set, by the name the engine gives it.
        self.rules = probe.rules
        self.metadata = {
            "render_modes": list(RENDER_MODES),
            "name": f"fanshu_{probe.rules.replace('-', '_')}_v0",
            "is_parallelizable": False,
        }
        self.possible_agents = [f"player_{s}" for s in range(n)]
        self._seat_of = {a: s for s, a in enumerate(self.possible_agents)}
        self._observation_spaces: dict[str, Space[Any]] = {
            a: Dict(
                {
                    "observation": observation_box(),
                    "action_mask": Box(0, 1, (ACTION_COUNT,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._action_spaces: dict[str, Discrete] = {
            a: Discrete(ACTION_COUNT) for a in self.possible_agents
        }
        #: The master seed of the episodes (``reset(seed=…)`` sets it).
        self.master_seed = int(seed) if seed is not None else random.Random().getrandbits(63)
        #: The number of the episode being played (-1 before the first ``reset``).
        self.episode = -1
        self._game: Game | None = None
        self.agents = []
        self.rewards = {}
        self._cumulative_rewards = {}
        self.terminations = {}
        self.truncations = {}
        self.infos = {}

    # -- spaces -------------------------------------------------------------------

    def observation_space(self, agent: str) -> Space[Any]:
        """The same ``Dict`` space object for an agent at every call."""
        return self._observation_spaces[self._agent(agent)]

    def action_space(self, agent: str) -> Discrete:
        """``Discrete(231)``, the same object for an agent at every call."""
        return self._action_spaces[self._agent(agent)]

    # -- the game -------------------------------------------------------------------

    @property
    def game(self) -> Game:
        """The hand being played (after ``reset``)."""
        if self._game is None:
            raise ActionError("no hand yet: call reset() first")
        return self._game

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal episode 0 of master seed ``seed``, or the next episode without one."""
        del options  # PettingZoo passes them; the game's options are fixed at construction
        if seed is not None:
            _check_seed(seed)
            self.master_seed = int(seed)
            self.episode = -1
        self.episode += 1
        self._game = Game(
            self.rules,
            seed=game_seed(self.master_seed, self.episode),
            options=self.options,
            config=self.config,
        )
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0)
        self.truncations = dict.fromkeys(self.agents, False)
        # PettingZoo's dead-step bookkeeping of an episode left unfinished
        self.__dict__.pop("_skip_agent_selection", None)
        self._after_step()

    def observe(self, agent: str) -> ObsDict:
        """``agent``'s encoded view and its action mask (all 0 when it is not asked)."""
        obs = self.game.observe(self._seat_of[self._agent(agent)])
        return {"observation": encode(obs), "action_mask": action_mask(obs)}

    def step(self, action: ActionType) -> None:
        """Play ``action`` (an index of ``fanshu.rl.actions``) for ``agent_selection``;
        ``None`` for a terminated agent's dead step."""
        game = self.game
        if not self.agents:
            raise ActionError("the hand is over and every agent has left: call reset()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            if action is not None:
                raise ActionError(f"{agent} is done: its only step is step(None), not {action!r}")
            self._was_dead_step(None)
            return
        seat = self._seat_of[agent]
        index = _index(action)
        chosen = action_of(index)
        legal = game.legal_actions(seat)
        if chosen not in legal:
            offered = ", ".join(f"{index_of(a)} {a}" for a in legal)
            raise ActionError(f"{agent} cannot {chosen} (index {index}) now; legal: {offered}")
        before = list(game.scores)
        game.step(chosen, seat=seat)
        self._cumulative_rewards[agent] = 0
        self.rewards = {a: game.scores[s] - before[s] for a, s in self._seats()}
        self._accumulate_rewards()
        self._after_step()

    def _after_step(self) -> None:
        """Terminations, infos and the agent to act, from the game as it is now."""
        game = self.game
        done = game.done
        self.terminations = dict.fromkeys(self.agents, done)
        self.infos = {}
        for a, s in self._seats():
            info: dict[str, Any] = {
                "seat": s,
                "legal_actions": [str(x) for x in game.legal_actions(s)],
            }
            if done:
                info["scores"] = list(game.scores)
                info["winners"] = list(game.winners)
            self.infos[a] = info
        asked = game.to_act
        if asked is not None:
            self.agent_selection = self.possible_agents[asked]
        elif not hasattr(self, "agent_selection") or self.agent_selection not in self.agents:
            # a hand over before anyone was asked: the dead steps start at seat 0
            self.agent_selection = self.agents[0]

    def _seats(self) -> list[tuple[str, int]]:
        return [(a, self._seat_of[a]) for a in self.agents]

    def _agent(self, agent: str) -> str:
        if agent not in self._seat_of:
            raise OptionError(
                f"an agent is one of {', '.join(self.possible_agents)}, not {agent!r}"
            )
        return agent

    # -- text ---------------------------------------------------------------------

    def render(self) -> str | None:
        """The table as text (``"ansi"``: returned; ``"human"``: printed)."""
        if self.render_mode is None:
            logger.warn("render() without a render_mode: make the env with render_mode='ansi'")
            return None
        text = self.table_text()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def table_text(self) -> str:
        """What ``render()`` shows: the seat to act's hand, then every seat's melds (as
        that seat sees them: another's concealed kong is ``[?]``), flowers, discards and
        score, the wall and the legal actions."""
        game = self.game
        s = game.to_act
        lines = [f"{game.rules} episode {self.episode} (game seed {game.seed})"]
        viewer = 0 if s is None else s
        obs = game.observe(viewer)
        if s is None:
            winners = ", ".join(f"player_{w}" for w in game.winners) or "none (drawn)"
            lines.append(f"hand over; winners: {winners}")
        else:
            drawn = f" (drew {obs.drawn.code})" if obs.drawn is not None else ""
            lines.append(f"player_{s} to act [{obs.phase}]: {format_tiles(obs.hand)}{drawn}")
            if obs.last_discard is not None:
                lines.append(f"on offer: {obs.last_discard.code} from player_{obs.last_discarder}")
            lines.append("legal: " + ", ".join(str(a) for a in obs.legal_actions))
        if obs.wildcard is not None:
            lines.append(f"wild: {obs.wildcard.code}")
        for q, view in enumerate(obs.seats):
            melds = " ".join("[?]" if m is None else str(m) for m in view.melds)
            parts = [f"player_{q}{' *' if q == s else ''}: score {view.score:+d}"]
            if melds:
                parts.append(f"melds {melds}")
            if view.flowers:
                parts.append(f"flowers {format_tiles(view.flowers)}")
            parts.append(f"discards {format_tiles(view.discards, sort=False) or '-'}")
            lines.append("  ".join(parts))
        lines.append(f"wall: {obs.wall_remaining} left")
        return "\n".join(lines)

    def close(self) -> None:
        """Nothing to release (text rendering only)."""


def _check_seed(seed: object) -> None:
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer):
        raise OptionError(f"seed is a whole number, not {seed!r}")


def _index(action: object) -> int:
    """An action index as a plain int (PettingZoo samples numpy integers)."""
    if isinstance(action, bool) or not isinstance(action, int | np.integer):
        raise ActionError(f"an action is an index 0-{ACTION_COUNT - 1}, not {action!r}")
    return int(action)


def raw_env(
    rules: str = "mcr",
    seed: int | None = None,
    options: Mapping[str, Any] | None = None,
    config: GameConfig | Mapping[str, Any] | None = None,
    render_mode: str | None = None,
) -> FanshuAEC:
    """The environment itself, without wrappers."""
    return FanshuAEC(rules, seed, options, config, render_mode)


def env(
    rules: str = "mcr",
    seed: int | None = None,
    options: Mapping[str, Any] | None = None,
    config: GameConfig | Mapping[str, Any] | None = None,
    render_mode: str | None = None,
) -> AECEnv[str, ObsDict, ActionType]:
    """:func:`raw_env` in PettingZoo's ``OrderEnforcingWrapper`` (it refuses a ``step``
    or ``observe`` before ``reset``).  No bounds wrapper: an index out of the table or
    not in the mask is :meth:`FanshuAEC.step`'s own ``ActionError``, which names the
    legal actions."""
    return OrderEnforcingWrapper(raw_env(rules, seed, options, config, render_mode))
