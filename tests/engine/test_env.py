"""The learning environment: whole episodes for every rule set, rewards that add up to
the learner's score, the learner's view only, and episodes that are simulation games."""

from __future__ import annotations

import random

import pytest

from fanshu.engine.actions import Action, ActionError, ActionKind
from fanshu.engine.autoplay import SimulationError
from fanshu.engine.env import MahjongEnv
from fanshu.engine.players import PLAYERS, make_player
from fanshu.engine.simulate import game_seed, play_game, player_seed
from fanshu.errors import OptionError

SEATS = {"mcr": 4, "sichuan": 4, "two-player": 2}


def _episode(env: MahjongEnv, rng: random.Random, *, seed: int | None = None) -> list[int]:
    obs, info = env.reset(seed=seed)
    rewards: list[int] = []
    terminated = info["terminated"]
    while not terminated:
        assert obs.seat == env.seat and obs.legal_actions
        assert env.game.to_act == env.seat
        obs, reward, terminated, truncated, info = env.step(rng.randrange(len(obs.legal_actions)))
        assert not truncated and isinstance(reward, int)
        rewards.append(reward)
    assert obs.phase == "end" and obs.legal_actions == () and info["legal_actions"] == ()
    assert info["scores"] == env.game.scores and info["winners"] == env.game.winners
    return rewards


@pytest.mark.parametrize("rules", list(SEATS))
@pytest.mark.parametrize("seat", [0, 1])
def test_random_episodes_end_and_rewards_sum_to_the_final_score(rules: str, seat: int) -> None:
    env = MahjongEnv(rules, seat=seat, seed=21)
    rng = random.Random(seat)
    for _ in range(4):
        rewards = _episode(env, rng)
        assert sum(rewards) == env.game.scores[seat]
        assert env.game.done
    assert env.episode == 3


def test_rewards_come_as_the_score_changes() -> None:
    # Sichuan pays kongs when they are made: find an episode where the learner's score
    # moves before the end, and check each reward is the change since the last step
    env = MahjongEnv("sichuan", seed=5)
    rng = random.Random(0)
    for _ in range(30):
        obs, info = env.reset()
        seen = [0]
        done = info["terminated"]
        while not done:
            obs, reward, done, _, info = env.step(rng.randrange(len(obs.legal_actions)))
            assert reward == info["score"] - seen[-1]
            seen.append(info["score"])
        if any(seen[1:-1]):
            return
    pytest.fail("no episode moved the learner's score before its end")


@pytest.mark.parametrize("rules", ["mcr", "two-player"])
def test_episode_k_is_game_k_of_a_simulation(rules: str) -> None:
    """A learner that plays as the random bot would replays the simulation's game."""
    n, seat, seed = SEATS[rules], 1, 9
    env = MahjongEnv(rules, opponents=["random"] * (n - 1), seat=seat, seed=seed)
    for k in range(3):
        me = make_player("random", player_seed(seed, k, seat))
        obs, info = env.reset()
        done = info["terminated"]
        while not done:
            obs, _, done, _, info = env.step(me.choose(obs))
        game = play_game(rules, k, ["random"] * n, seed)
        assert game.events[0]["players"] == ["random"] * n  # simulate names the bots
        game.events[0]["players"] = None  # the environment does not
        assert env.game.events == game.events


def test_reset_with_a_seed_starts_that_seed_over() -> None:
    env = MahjongEnv("mcr", seed=1)
    env.reset()
    env.reset()
    first, info = env.reset(seed=4)
    assert env.episode == 0 and info["seed"] == game_seed(4, 0)
    assert first == MahjongEnv("mcr", seed=4).reset()[0]
    assert env.reset()[1]["seed"] == game_seed(4, 1) and env.episode == 1


def test_actions_by_index_text_or_value() -> None:
    env = MahjongEnv("two-player", seed=2)
    obs, _ = env.reset()
    discard = next(a for a in obs.legal_actions if a.kind is ActionKind.DISCARD)
    env.step(str(discard))
    env2 = MahjongEnv("two-player", seed=2)
    obs2, _ = env2.reset()
    env2.step(obs2.legal_actions.index(discard))
    assert env.game.events == env2.game.events


def test_bad_actions_are_refused_with_the_choice() -> None:
    env = MahjongEnv("mcr", seed=3)
    obs, _ = env.reset()
    n = len(obs.legal_actions)
    with pytest.raises(ActionError, match=f"action index {n} is not among the {n} legal"):
        env.step(n)
    with pytest.raises(ActionError, match="action index -1"):
        env.step(-1)
    with pytest.raises(ActionError, match="not True"):
        env.step(True)
    with pytest.raises(ActionError, match="cannot pung now; legal: discard"):
        env.step(Action(ActionKind.PUNG))
    assert env.game.to_act == 0  # nothing was played


def test_step_before_reset_and_after_the_end() -> None:
    env = MahjongEnv("two-player", seed=1)
    with pytest.raises(ActionError, match=r"call reset\(\) first"):
        env.step(0)
    _episode(env, random.Random(1))
    with pytest.raises(ActionError, match=r"the hand is over: call reset\(\)"):
        env.step(0)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"rules": "mcr", "opponents": ["random"] * 2}, "mcr needs 3 opponents, not 2"),
        ({"rules": "two-player", "opponents": "random,random"}, "needs 1 opponent, not 2"),
        ({"rules": "mcr", "opponents": ["random", "random", "x"]}, "unknown player 'x'"),
        ({"rules": "mcr", "seat": 4}, "seat is 0-3 for mcr, not 4"),
        ({"rules": "two-player", "seat": 2}, "seat is 0-1 for two-player, not 2"),
        ({"rules": "nosuch"}, "the engine plays"),
        ({"rules": "mcr", "seed": "1"}, "seed is a whole number"),
        ({"rules": "two-player", "config": {"dealer": 2}}, "dealer is a seat number 0-1"),
        ({"rules": "mcr", "opponents": [1, 2, 3]}, "an opponent is a bot name or has choose"),
    ],
)
def test_bad_setups_are_named(kwargs: dict, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        MahjongEnv(**kwargs)


def test_opponents_may_be_player_objects() -> None:
    class First:
        calls = 0

        def choose(self, obs: object) -> Action:
            First.calls += 1
            return obs.legal_actions[0]  # type: ignore[attr-defined]

    env = MahjongEnv("two-player", opponents=[First()], seat=1, seed=3)
    _episode(env, random.Random(3))
    assert First.calls > 0
    assert MahjongEnv("mcr", opponents="random, random,random").opponents == ["random"] * 3


def test_an_opponent_that_fails_is_a_simulation_error_naming_the_episode() -> None:
    class Wins:
        def choose(self, obs: object) -> Action:
            return Action(ActionKind.WIN)

    env = MahjongEnv("two-player", opponents=[Wins()], seat=1, seed=3)
    with pytest.raises(SimulationError, match=r"^two-player seed 3 episode 0: seat 0 chose win"):
        env.reset()


def test_built_in_bots_as_opponents() -> None:
    names = [n for n in ("greedy", "fan") if n in PLAYERS]
    if not names:
        pytest.skip("only the random bot is there")
    env = MahjongEnv("mcr", opponents=[names[0], names[-1], "random"], seat=3, seed=2)
    rewards = _episode(env, random.Random(2))
    assert sum(rewards) == env.game.scores[3]
