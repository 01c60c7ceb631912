"""The batch commands give the same bytes whatever runs them: ``--workers 1`` (this
process), ``--workers 2`` (local processes) and ``--ray`` (a local Ray instance, started
once for this module and used by every ``--ray`` run in it), on thousands of hands and
hundreds of games: ``score --batch``, ``analyze --batch``, ``simulate --out/--json`` and
``replay --json``.  Under Ray too, a worker that dies mid-shard has its shard run again."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from fanshu.batch.executors import RAY_LOCAL_CONFIG, RAY_LOOPBACK_ENV
from fanshu.batch.job import FAULT_ENV
from fanshu.batch.samples import analyze_lines, score_lines
from fanshu.cli.main import app
from fanshu.engine.simulate import simulate
from fanshu.protocol.analyze import analyze_line
from fanshu.protocol.lines import run_batch

runner = CliRunner()
EXECUTORS = (("--workers", "1"), ("--workers", "2"), ("--ray",))
HANDS = 3000
GAMES = 80  # 20 shards of 4 games on 2 workers: the order across shards is what is checked


@pytest.fixture(scope="module")
def ray_local() -> Iterator[Any]:
    """A local Ray instance on 127.0.0.1 with 2 CPUs, for the whole module."""
    os.environ.setdefault(RAY_LOOPBACK_ENV, "0")
    import ray

    ray.init(
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        logging_level=logging.WARNING,
        _system_config=dict(RAY_LOCAL_CONFIG),
    )
    yield ray
    ray.shutdown()


@pytest.fixture(scope="module")
def hands(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """An input of thousands of hands (some broken, some blank lines) and its output."""
    lines = list(score_lines(2024, HANDS, broken_every=41))
    lines[100:100] = ["", "   "]
    path = tmp_path_factory.mktemp("in") / "hands.jsonl"
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path, "".join(out + "\n" for out in run_batch(lines))


def _ok(*args: str, env: dict[str, str] | None = None) -> Any:
    result = runner.invoke(app, list(args), env=env)
    assert result.exit_code == 0, (result.stdout, result.stderr, result.exception)
    return result


def test_score_is_the_same_bytes_on_every_executor(
    hands: tuple[Path, str], ray_local: Any, tmp_path: Path
) -> None:
    path, expected = hands
    for executor in EXECUTORS:
        result = _ok("score", "--batch", str(path), "--no-progress", *executor)
        assert result.stdout == expected, executor
        assert result.stderr == ""
    out = tmp_path / "scores.jsonl"
    _ok("score", "--batch", str(path), "--out", str(out), "--ray")
    assert out.read_bytes() == expected.encode("utf-8")


def test_analyze_is_the_same_bytes_on_every_executor(tmp_path: Path, ray_local: Any) -> None:
    lines = list(analyze_lines(7, 160))
    path = tmp_path / "hands.jsonl"
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    expected = "".join(out + "\n" for out in run_batch(lines, analyze_line))
    for executor in EXECUTORS:
        assert _ok("analyze", "--batch", str(path), *executor).stdout == expected, executor


def test_simulate_and_replay_are_the_same_on_every_executor(tmp_path: Path, ray_local: Any) -> None:
    args = ("simulate", "--rules", "mcr", "--games", str(GAMES), "--seed", "12", "--json")
    logs, summaries = [], []
    for i, executor in enumerate(EXECUTORS):
        log = tmp_path / f"games{i}.jsonl"
        summaries.append(_ok(*args, "--out", str(log), *executor).stdout)
        logs.append(log.read_bytes())
    assert logs[0] == logs[1] == logs[2]
    assert summaries[0] == summaries[1] == summaries[2]
    assert json.loads(summaries[0]) == simulate("mcr", GAMES, ["random"] * 4, 12).to_dict()
    replays = [
        _ok("replay", str(tmp_path / "games0.jsonl"), "--json", *executor).stdout
        for executor in EXECUTORS
    ]
    assert replays[0] == replays[1] == replays[2]
    data = json.loads(replays[0])
    assert data["games"] == data["identical"] == GAMES


def test_a_ray_worker_that_dies_mid_shard(hands: tuple[Path, str], ray_local: Any) -> None:
    path, expected = hands
    result = _ok("score", "--batch", str(path), "--ray", env={FAULT_ENV: "die:1"})
    assert result.stdout == expected  # every line once, in order
    assert "retried: 1 retry (1 shard run again, nothing lost or repeated)" in result.stderr
    assert "shard 1 (lines " in result.stderr and "WorkerCrashedError" in result.stderr


def test_a_ray_shard_that_hangs_is_cancelled_and_run_again(
    hands: tuple[Path, str], ray_local: Any
) -> None:
    path, expected = hands
    result = _ok(
        "score", "--batch", str(path), "--ray", "--shard-timeout", "3", env={FAULT_ENV: "hang:1"}
    )
    assert result.stdout == expected
    assert "shard 1 (lines " in result.stderr
    assert "no shard finished for 3 s: the oldest taken as hung (cancelled)" in result.stderr


def test_ray_address_joins_a_running_cluster(hands: tuple[Path, str], ray_local: Any) -> None:
    path, expected = hands
    port = ray_local.get_runtime_context().gcs_address.rsplit(":", 1)[1]
    fanshu = Path(sys.executable).with_name("fanshu")
    command = [str(fanshu)] if fanshu.exists() else [sys.executable, "-m", "fanshu.cli.main"]
    done = subprocess.run(
        [
            *command,
            "score",
            "--batch",
            str(path),
            "--ray-address",
            f"127.0.0.1:{port}",
            "--progress",
        ],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == expected
    assert f"scored {HANDS} lines" in done.stderr and "on Ray (2 CPUs)" in done.stderr


def test_wild_lines_give_the_same_bytes_on_every_local_executor(tmp_path: Path) -> None:
    """Lines with a ``wildcard`` (rule sets with wild tiles, and refusals where none is
    played) come out the same in this process and on two workers."""
    from fanshu.rules import get_rules, names
    from fanshu.sampling import winning_hands

    wild = [n for n in names() if (w := get_rules(n).wildcards) is not None and w.shapes]
    rules = [*wild, "sichuan", "mcr"]
    lines = []
    for k, hand in enumerate(winning_hands(16, 240)):
        text = str(hand)
        kind = hand.concealed[k % len(hand.concealed)].code  # a tile held: wild
        lines.append(json.dumps({"id": k, "hand": text, "rules": rules[k % len(rules)],
                                 "wildcard": kind}))  # fmt: skip
    path = tmp_path / "wild.jsonl"
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    expected = "".join(out + "\n" for out in run_batch(lines))
    outs = [json.loads(x) for x in expected.splitlines()]
    assert any("wildcards" in o for o in outs) or not wild
    assert any(o["error"] and o["error"]["code"] == "bad_option" for o in outs)  # sichuan
    for executor in (("--workers", "1"), ("--workers", "2")):
        result = runner.invoke(app, ["score", "--batch", str(path), *executor])
        assert result.exit_code == 0, result.output
        assert result.stdout == expected, executor
