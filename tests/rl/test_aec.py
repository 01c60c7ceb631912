"""The PettingZoo AEC environment: PettingZoo's own API and seed tests for every rule
set, masks that are exactly the engine's legal actions, rewards that add up to the
settlement, and clear errors."""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test, seed_test
from pettingzoo.utils.wrappers import TerminateIllegalWrapper

from fanshu.engine.actions import ActionError
from fanshu.engine.game import Game
from fanshu.engine.players import make_player
from fanshu.engine.simulate import game_seed
from fanshu.errors import OptionError
from fanshu.rl.actions import ACTION_COUNT, action_of, index_of
from fanshu.rl.aec import FanshuAEC, env, raw_env
from fanshu.rules.listing import names

#: What api_test says of every env whose observation is a dict with an action mask
#: (PettingZoo exempts its own classic games from these two by name).
DICT_OBS_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be",
)
CONFIGS: dict[str, dict[str, Any]] = {
    "sichuan": {"exchange_three": True},
    "two-player": {"exchange_at_start": 1.0, "triplet_offer": 0.5, "free_pick": 0.5},
}


@pytest.mark.parametrize("rules", names())
def test_api_test(rules: str) -> None:
    for config in (None, CONFIGS.get(rules)):
        e = env(rules=rules, seed=1, config=config)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            api_test(e, num_cycles=300)  # a whole hand: the loop ends when every agent is done
        unexpected = {
            str(w.message) for w in caught if not str(w.message).startswith(DICT_OBS_WARNINGS)
        }
        assert not unexpected
        if config is None:
            break


@pytest.mark.parametrize("rules", names())
def test_seed_test(rules: str) -> None:
    seed_test(lambda: env(rules=rules), num_cycles=300)


def play(e: FanshuAEC, rng: random.Random, bots: bool = True) -> dict[str, Any]:
    """Play ``e`` to its end (greedy bots, now and then a random legal index); check at
    every decision that the mask is exactly the engine's legal actions; return what was
    seen."""
    game = e.game
    chooser = [make_player("greedy", seed=rng.randrange(2**32)) for _ in range(game.n)]
    rewards = dict.fromkeys(e.possible_agents, 0)
    since = dict.fromkeys(e.possible_agents, 0)  # each agent's rewards since it last acted
    trajectory: list[Any] = []
    decisions = 0
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        assert not truncated
        assert reward == since[agent]  # last() gives what came in since its last step
        since[agent] = 0
        if terminated:
            assert game.done
            e.step(None)
        else:
            seat = game.to_act
            assert seat is not None and agent == f"player_{seat}"
            legal = game.legal_actions(seat)
            ones = set(np.flatnonzero(obs["action_mask"]).tolist())
            assert ones == {index_of(a) for a in legal}
            assert info["legal_actions"] == [str(a) for a in legal]
            for other in e.agents:  # a seat not asked has nothing to choose
                if other != agent:
                    assert not e.observe(other)["action_mask"].any()
                    assert e.infos[other]["legal_actions"] == []
            if bots and rng.random() > 0.2:
                index = index_of(chooser[seat].choose(game.observe(seat)))
            else:
                index = int(rng.choice(sorted(ones)))
            trajectory.append((agent, obs["observation"].tobytes(), index))
            e.step(index)
            decisions += 1
        for a, r in e.rewards.items():
            rewards[a] += r
            since[a] += r
    return {"rewards": rewards, "trajectory": trajectory, "decisions": decisions}


@pytest.mark.parametrize("rules", names())
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**40))
def test_masks_are_the_legal_actions_and_rewards_the_settlement(rules: str, seed: int) -> None:
    e = raw_env(rules=rules, config=CONFIGS.get(rules) if seed % 2 else None)
    e.reset(seed=seed)
    game = e.game
    seen = play(e, random.Random(seed))
    assert game.done and e.agents == []
    assert seen["decisions"] == sum(ev["type"] == "act" for ev in game.events)
    assert [seen["rewards"][f"player_{s}"] for s in range(game.n)] == game.scores


@pytest.mark.parametrize("rules", names())
def test_rewards_add_up_in_won_hands(rules: str) -> None:
    """Hands that are won (and so settle points), not only drawn ones."""
    won = 0
    for seed in range(4):
        e = raw_env(rules=rules)
        e.reset(seed=seed)
        seen = play(e, random.Random(seed))
        assert [seen["rewards"][a] for a in e.possible_agents] == e.game.scores
        won += bool(e.game.winners) and any(e.game.scores)
    assert won >= 2


def test_the_end_infos_and_terminations() -> None:
    e = raw_env("mcr", seed=4)
    e.reset()
    while not e.game.done:
        mask = e.observe(e.agent_selection)["action_mask"]
        e.step(int(np.flatnonzero(mask)[0]))
    assert all(e.terminations.values()) and not any(e.truncations.values())
    for a in e.agents:
        assert e.infos[a]["scores"] == e.game.scores
        assert e.infos[a]["winners"] == e.game.winners
    with pytest.raises(ActionError, match="only step is step"):
        e.step(0)
    while e.agents:
        e.step(None)
    with pytest.raises(ActionError, match="call reset"):
        e.step(None)


@pytest.mark.parametrize("rules", ["mcr", "sichuan", "two-player"])
def test_a_seed_gives_the_same_trajectory_and_another_seed_another(rules: str) -> None:
    def run(seed: int) -> Any:
        e = raw_env(rules=rules)
        e.reset(seed=seed)
        seen = play(e, random.Random(99))
        return seen["trajectory"], seen["rewards"], e.game.events

    first = run(7)
    assert run(7) == first
    assert run(8)[2][0]["wall"] != first[2][0]["wall"]


def test_episodes_are_simulates_games() -> None:
    """reset(seed=S) is game 0 of master seed S, each reset() after it the next game."""
    e = raw_env("two-player", seed=5)
    for k in range(3):
        e.reset()
        assert e.game.seed == game_seed(5, k) and e.episode == k
        assert e.game.events[0] == Game("two-player", seed=game_seed(5, k)).events[0]
    e.reset(seed=5)
    assert e.episode == 0 and e.game.seed == game_seed(5, 0)
    # no seed at all: a master seed drawn once, then its episodes
    a = raw_env("mcr")
    a.reset()
    assert a.game.seed == game_seed(a.master_seed, 0)


def test_an_illegal_index_is_a_clear_error_and_changes_nothing() -> None:
    e = raw_env("mcr", seed=3)
    e.reset()
    agent, game = e.agent_selection, e.game
    ones = np.flatnonzero(e.observe(agent)["action_mask"])
    illegal = next(i for i in range(ACTION_COUNT) if i not in ones)
    before = len(game.events)
    with pytest.raises(ActionError, match=r"player_0 cannot .* now; legal: \d+ discard") as info:
        e.step(illegal)
    assert str(action_of(illegal)) in str(info.value)
    for i in ones:
        assert f"{i} {action_of(int(i))}" in str(info.value)
    assert len(game.events) == before and e.agent_selection == agent
    for bad in (ACTION_COUNT, -1, 1.5, "3", True):
        with pytest.raises(ActionError, match="an action"):
            e.step(bad)  # type: ignore[arg-type]
    e.step(np.int32(ones[0]))  # numpy integers, as PettingZoo samples them, are indices


def test_terminate_illegal_wrapper_reads_the_mask() -> None:
    """PettingZoo's other convention: an illegal move ends the game with a penalty."""
    e = TerminateIllegalWrapper(raw_env("two-player", seed=1), illegal_reward=-1)
    e.reset()
    agent = e.agent_selection
    obs, *_ = e.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    e.step(illegal)
    assert all(e.terminations.values())
    assert e._cumulative_rewards[agent] == -1


def test_render() -> None:
    e = raw_env("mcr", seed=2, render_mode="ansi")
    e.reset()
    text = e.render()
    assert isinstance(text, str)
    assert "player_0 to act [turn]" in text and f"wall: {e.game.wall.remaining} left" in text
    hand = "".join(t.code for t in e.game.observe(0).hand)
    assert all(c in text for c in hand)
    assert "legal: discard" in text
    e.close()


def test_render_human_prints(capsys: pytest.CaptureFixture[str]) -> None:
    e = raw_env("two-player", seed=2, render_mode="human")
    e.reset()
    assert e.render() is None
    assert "player_0 to act" in capsys.readouterr().out


def test_metadata_agents_and_spaces() -> None:
    e = raw_env("two-player")
    assert e.metadata["name"] == "fanshu_two_player_v0"
    assert e.metadata["is_parallelizable"] is False
    assert e.possible_agents == ["player_0", "player_1"]
    assert raw_env("sichuan").possible_agents == [f"player_{s}" for s in range(4)]
    space = e.observation_space("player_1")
    assert space is e.observation_space("player_1")
    assert space["observation"].shape == (40, 34)
    assert space["action_mask"].shape == (ACTION_COUNT,)
    assert e.action_space("player_0") is e.action_space("player_0")
    assert e.action_space("player_0") is not e.action_space("player_1")


def test_bad_arguments_are_clear_errors() -> None:
    with pytest.raises(OptionError, match="the engine plays"):
        raw_env("riichi")
    with pytest.raises(OptionError, match="render_mode"):
        raw_env("mcr", render_mode="rgb_array")
    with pytest.raises(OptionError, match="seed"):
        raw_env("mcr", seed="7")  # type: ignore[arg-type]
    with pytest.raises(OptionError, match="unknown option"):
        raw_env("mcr", options={"nonsense": 1})
    with pytest.raises(OptionError):
        raw_env("mcr", config={"dealer": 9})
    e = raw_env("mcr")
    with pytest.raises(ActionError, match="reset"):
        e.step(0)
    e.reset()
    with pytest.raises(OptionError, match="player_0"):
        e.observe("player_9")


def test_sichuan_winners_stay_agents_but_are_not_asked() -> None:
    for seed in range(10):
        e = raw_env("sichuan")
        e.reset(seed=seed)
        bots = [make_player("greedy", seed=s) for s in range(4)]
        while not e.game.done:
            game = e.game
            seat = game.to_act
            assert seat is not None and not game.seat[seat].won
            assert e.agents == e.possible_agents
            e.step(index_of(bots[seat].choose(game.observe(seat))))
        if len(e.game.winners) >= 2:
            return
    pytest.fail("no Sichuan hand with two winners in ten")
