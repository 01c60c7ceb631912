"""examples/rl_linear.py in a short mode: a few hundred training hands must already beat
the random policy, and the untrained policy, on the same seeded evaluation hands.

Measured before fixing the margins (400 training hands, 200 evaluation hands, training
seeds 1-5): the trained win rate was 0.35-0.67 and 1.9-3.8 points a hand, against 0.03
and +0.085 for the random policy and 0.02 for the untrained one (its first legal
action)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "rl_linear.py"


@pytest.fixture(scope="module")
def example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("rl_linear_example", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def test_training_beats_random_and_untrained(example: ModuleType) -> None:
    policy = example.train("two-player", 400, seed=2)
    hands, seed = 200, 10_000
    learned = example.evaluate(policy, "two-player", hands, seed)
    random_ = example.evaluate(None, "two-player", hands, seed)
    untrained = example.evaluate(example.LinearPolicy(), "two-player", hands, seed)
    assert learned.win_rate >= random_.win_rate + 0.2, (learned, random_)
    assert learned.points >= random_.points + 1.0, (learned, random_)
    assert learned.win_rate >= untrained.win_rate + 0.2, (learned, untrained)


def test_the_command_line_prints_progress_and_the_comparison(
    example: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["--rules", "mcr", "--episodes", "20", "--seed", "3", "--eval", "5"]
    assert example.main([*argv, "--log-every", "10"]) == 0
    out = capsys.readouterr().out
    assert out.count("running mean points") == 2
    assert "linear policy" in out and "random policy" in out and "5 seeded hands" in out
    with pytest.raises(SystemExit):
        example.main(["--episodes", "0"])
