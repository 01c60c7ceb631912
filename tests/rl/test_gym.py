"""fanshu.rl.gym: Gymnasium's own checker for every rule set, seeds, rewards, the mask,
illegal actions both ways, rendering and the registered id."""

from __future__ import annotations

import importlib
import random
import subprocess
import sys
import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import fanshu.rl.gym as gym_module
from fanshu.engine.actions import Action, ActionError
from fanshu.errors import FanshuError, OptionError
from fanshu.rl.actions import ACTION_COUNT, index_of
from fanshu.rl.encoding import OBSERVATION_SHAPE, encode
from fanshu.rl.gym import ENV_ID, FanshuEnv

RULES = ("mcr", "sichuan", "two-player", "beijing", "jiaxing", "pinghu", "wuhan", "common")


def _legal_indices(env: FanshuEnv) -> set[int]:
    game = env.game
    return {index_of(a) for a in game.legal_actions(env.seat)} if not game.done else set()


def _plain(info: dict[str, Any]) -> dict[str, Any]:
    """``info`` with its arrays as bytes, so that two infos compare with ``==``."""
    return {k: (v.tobytes() if isinstance(v, np.ndarray) else v) for k, v in info.items()}


def _episode(env: FanshuEnv, seed: int | None, policy_seed: int) -> list[Any]:
    """One whole episode under a seeded random masked policy, every value recorded."""
    rng = random.Random(policy_seed)
    obs, info = env.reset(seed=seed)
    trace: list[Any] = [(obs["observation"].tobytes(), obs["action_mask"].tobytes(), _plain(info))]
    terminated = False
    while not terminated:
        index = rng.choice(np.flatnonzero(obs["action_mask"]).tolist())
        obs, reward, terminated, truncated, info = env.step(index)
        trace.append((index, obs["observation"].tobytes(), reward, terminated, truncated))
        trace.append(
            {k: (v.tobytes() if isinstance(v, np.ndarray) else v) for k, v in info.items()}
        )
    return trace


@pytest.mark.parametrize("rules", RULES)
def test_check_env_passes_for_every_rule_set(rules: str) -> None:
    env = gymnasium.make(ENV_ID, rules=rules)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # check_env reports many faults only as warnings
        check_env(env.unwrapped)
    env.close()


def test_spaces() -> None:
    env = FanshuEnv("two-player")
    assert env.action_space == gymnasium.spaces.Discrete(ACTION_COUNT)
    space = env.observation_space
    assert isinstance(space, gymnasium.spaces.Dict)
    assert space["observation"].shape == OBSERVATION_SHAPE
    assert space["action_mask"] == gymnasium.spaces.Box(0, 1, (ACTION_COUNT,), np.int8)


@pytest.mark.parametrize("rules", RULES)
def test_mask_is_the_legal_actions_and_rewards_add_up_to_the_score(rules: str) -> None:
    env = FanshuEnv(rules, seed=7)
    rng = random.Random(rules)
    for _ in range(4):
        obs, info = env.reset()
        assert env.observation_space.contains(obs)
        total, terminated, steps = 0.0, False, 0
        while not terminated:
            legal = _legal_indices(env)
            assert set(np.flatnonzero(obs["action_mask"]).tolist()) == legal
            assert np.array_equal(info["action_mask"], obs["action_mask"])
            assert {index_of(Action.parse(t)) for t in info["legal_actions"]} == legal
            assert np.array_equal(obs["observation"], encode(env.game.observe(env.seat)))
            obs, reward, terminated, truncated, info = env.step(rng.choice(sorted(legal)))
            assert env.observation_space.contains(obs) and truncated is False
            total += reward
            steps += 1
        assert steps > 0 and not obs["action_mask"].any() and info["legal_actions"] == []
        assert total == info["score"] == env.game.scores[env.seat] == info["scores"][env.seat]
        assert info["winners"] == list(env.game.winners)


@pytest.mark.parametrize("rules", RULES)
def test_the_same_seed_gives_the_same_trajectory(rules: str) -> None:
    a = _episode(FanshuEnv(rules), seed=11, policy_seed=3)
    b = _episode(FanshuEnv(rules), seed=11, policy_seed=3)
    assert a == b
    assert _episode(FanshuEnv(rules), seed=12, policy_seed=3) != a


def test_a_seed_fixes_the_sequence_of_episodes() -> None:
    env = FanshuEnv("mcr", seed=5)  # the constructor's seed acts as the first reset's
    first = [env.reset()[1]["seed"] for _ in range(3)]
    again = FanshuEnv("mcr")
    assert [again.reset(seed=5)[1]["seed"], again.reset()[1]["seed"]] == first[:2]
    assert [env.reset(seed=5)[1]["episode"], env.reset()[1]["episode"]] == [0, 1]
    assert env.master_seed == 5 and env.episode == 1
    # without any seed the master seed comes from np_random, itself seeded afresh
    assert FanshuEnv("mcr").reset()[1]["seed"] != FanshuEnv("mcr").reset()[1]["seed"]


def test_reset_passes_over_hands_that_end_before_the_learner_decides(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    env = FanshuEnv("mcr", seed=3)
    inner = env._env
    real_reset = inner.reset
    calls = {"n": 0}

    def reset(seed: int | None = None) -> tuple[Any, dict[str, Any]]:
        # the first two hands "end" before the learner's first decision (as a 天和 does)
        obs, info = real_reset(seed)
        calls["n"] += 1
        if calls["n"] <= 2:
            info = {**info, "terminated": True}
        return obs, info

    monkeypatch.setattr(inner, "reset", reset)
    obs, info = env.reset()
    assert info["skipped"] == 2 and info["episode"] == 2 and calls["n"] == 3
    assert obs["action_mask"].any()


def test_an_illegal_index_raises_when_asked_to() -> None:
    env = FanshuEnv("two-player", seed=1, illegal="raise")
    obs, info = env.reset()
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(ActionError, match=r"not legal now; legal: .*discard") as e:
        env.step(bad)
    assert all(text in str(e.value) for text in info["legal_actions"])
    env.step(int(np.flatnonzero(obs["action_mask"])[0]))  # the hand goes on


def test_an_illegal_index_is_penalised_and_replaced_by_default() -> None:
    penalised = FanshuEnv("mcr", seed=2, illegal_reward=-2.5)
    fair = FanshuEnv("mcr", seed=2)
    obs, _ = penalised.reset()
    fair.reset()
    claims = 0
    for _ in range(60):
        mask = obs["action_mask"]
        legal = np.flatnonzero(mask).tolist()
        bad = int(np.flatnonzero(mask == 0)[-1])
        # the documented replacement: pass when it is legal, else the lowest legal index
        expected = (
            index_of(Action.parse("pass")) if index_of(Action.parse("pass")) in legal else legal[0]
        )
        claims += expected == index_of(Action.parse("pass"))
        obs, reward, terminated, _, info = penalised.step(bad)
        obs_f, reward_f, _, _, info_f = fair.step(expected)
        assert info["illegal"] is True and info_f["illegal"] is False
        assert reward == reward_f - 2.5
        assert np.array_equal(obs["observation"], obs_f["observation"])
        if terminated:
            break
    assert claims > 0  # the pass branch was taken at least once


@pytest.mark.parametrize("illegal", ["penalize", "raise"])
def test_an_index_outside_the_table_or_not_a_number_is_refused(illegal: Any) -> None:
    env = FanshuEnv("two-player", seed=1, illegal=illegal)
    with pytest.raises(ActionError, match="call reset"):
        env.step(0)
    env.reset()
    for bad in (ACTION_COUNT, -1, "discard 5m", True, 1.5):
        with pytest.raises(ActionError):
            env.step(bad)


def test_a_finished_hand_asks_for_reset() -> None:
    env = FanshuEnv("two-player", seed=1)
    obs, _ = env.reset()
    terminated = False
    while not terminated:
        obs, _, terminated, _, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    with pytest.raises(ActionError, match="reset"):
        env.step(0)


def test_bad_arguments_are_clear_errors() -> None:
    with pytest.raises(OptionError, match="render_mode"):
        FanshuEnv(render_mode="rgb_array")
    with pytest.raises(OptionError, match="illegal"):
        FanshuEnv(illegal="ignore")
    with pytest.raises(OptionError, match="seed"):
        FanshuEnv(seed=-1)
    with pytest.raises(OptionError, match="opponent"):
        FanshuEnv("mcr", opponents="random")
    with pytest.raises(FanshuError):
        FanshuEnv("no-such-rules")
    with pytest.raises(OptionError, match="options"):
        FanshuEnv().reset(options={"wall": 1})


def test_render_in_text() -> None:
    env = FanshuEnv("two-player", seed=1, render_mode="ansi")
    _, info = env.reset()
    text = env.render()
    assert isinstance(text, str)
    hand = text.splitlines()[1]
    assert hand.startswith("hand ") and info["legal_actions"][0] in text
    assert FanshuEnv("two-player").render() is None


def test_render_human_prints(capsys: pytest.CaptureFixture[str]) -> None:
    env = FanshuEnv("mcr", seed=1, render_mode="human")
    env.reset()  # human mode prints after reset and step
    assert env.render() is None
    out = capsys.readouterr().out
    assert out.count("mcr game 0") == 2


def test_gymnasium_make_and_one_registration() -> None:
    env = gymnasium.make(ENV_ID, rules="sichuan", opponents="greedy,random,random", seed=4)
    assert isinstance(env.unwrapped, FanshuEnv) and env.unwrapped.rules == "sichuan"
    obs, info = env.reset()
    assert obs["action_mask"].any() and info["episode"] == 0
    env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # registering the id twice would warn
        importlib.reload(gym_module)
    assert ENV_ID in gymnasium.registry


def test_gymnasium_imports_the_module_named_in_the_id() -> None:
    # in a fresh interpreter, where nothing has imported fanshu.rl.gym yet
    code = (
        "import gymnasium; "
        "e = gymnasium.make('fanshu.rl.gym:fanshu/Mahjong-v0', rules='two-player'); "
        "print(e.reset(seed=1)[0]['observation'].shape)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "(40, 34)"


def test_action_masks_for_maskable_learners() -> None:
    env = FanshuEnv("mcr", opponents="greedy,greedy,greedy", seed=3)
    obs, info = env.reset()
    done = False
    while not done:
        masks = env.action_masks()
        assert masks.dtype == np.bool_ and masks.shape == (231,)
        assert (masks == obs["action_mask"].astype(bool)).all()
        legal = {index_of(Action.parse(a)) for a in info["legal_actions"]}
        assert set(np.flatnonzero(masks)) == legal
        obs, _, done, _, info = env.step(int(np.flatnonzero(masks)[-1]))
    assert not env.action_masks().any()
