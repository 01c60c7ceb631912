"""Faults and interruptions of the batch commands on local processes: a worker killed
mid-shard has its shard run again (full output, no line lost or written twice, a retry
summary); Ctrl-C — a test hook after shard K, or a real SIGINT to the process group —
leaves an output cut at a shard with a resume record, and ``--resume`` then gives the
file an uninterrupted run gives, byte for byte."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from fanshu.batch.job import FAULT_ENV, RECORD_SUFFIX
from fanshu.batch.samples import score_lines
from fanshu.cli.main import app
from fanshu.protocol.lines import run_batch
from support.interrupts import ctrl_c_while_resume_checks

runner = CliRunner()
HANDS = 2500


@pytest.fixture(scope="module")
def hands(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    lines = list(score_lines(77, HANDS, broken_every=29))
    path = tmp_path_factory.mktemp("in") / "hands.jsonl"
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path, "".join(out + "\n" for out in run_batch(lines))


def _run(*args: str, fault: str = "") -> Any:
    return runner.invoke(app, list(args), env={FAULT_ENV: fault})


def test_workers_that_die_mid_shard(hands: tuple[Path, str]) -> None:
    path, expected = hands
    result = _run("score", "--batch", str(path), "--workers", "2", fault="die:2,die:5")
    assert result.exit_code == 0, result.output
    assert result.stdout == expected
    ids = [json.loads(line)["id"] for line in result.stdout.splitlines()]
    assert sorted(i for i in ids if i is not None) == [i for i in ids if i is not None]
    assert len(ids) == HANDS  # nothing lost, nothing twice
    err = result.stderr
    assert err.startswith("retried: 2 retries (2 shards run again, nothing lost or repeated)")
    assert "  shard 2 (lines " in err and "  shard 5 (lines " in err
    assert err.count("died (killed by SIGKILL)") == 2


def test_a_hung_worker_is_stopped_and_its_shard_run_again(hands: tuple[Path, str]) -> None:
    path, expected = hands
    result = _run(
        "score", "--batch", str(path), "--workers", "2", "--shard-timeout", "1.5", fault="hang:3"
    )
    assert result.exit_code == 0, result.output
    assert result.stdout == expected
    assert result.stderr.startswith("retried: 1 retry (1 shard run again, nothing lost")
    assert "  shard 3 (lines " in result.stderr
    assert "hung: its shard ran over 1.5 s" in result.stderr
    bad = _run("score", "--batch", str(path), "--shard-timeout", "0")
    assert bad.exit_code == 2
    assert "--shard-timeout is a number of seconds above 0, not 0" in bad.stderr


def test_simulate_worker_death_keeps_log_and_summary(tmp_path: Path) -> None:
    args = ("simulate", "--games", "60", "--seed", "4", "--json")
    plain, faulty = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    a = _run(*args, "--out", str(plain), "--workers", "1")
    b = _run(*args, "--out", str(faulty), "--workers", "2", fault="die:0,die:3")
    assert a.exit_code == b.exit_code == 0, b.output
    assert a.stdout == b.stdout and plain.read_bytes() == faulty.read_bytes()
    assert "retried: 2 retries" in b.stderr


def test_interrupted_then_resumed_score_is_the_uninterrupted_file(
    hands: tuple[Path, str], tmp_path: Path
) -> None:
    path, expected = hands
    out = tmp_path / "scores.jsonl"
    args = ("score", "--batch", str(path), "--out", str(out), "--workers", "2")
    first = _run(*args, fault="interrupt:3")
    assert first.exit_code == 130, first.output
    record = json.loads(Path(str(out) + RECORD_SUFFIX).read_text(encoding="utf-8"))
    done = record["stopped_at"]["items"]
    assert 0 < done < HANDS and record["interrupted"] is True
    assert first.stderr.startswith(f"interrupted: {done:,} of {HANDS:,} lines done; ")
    assert "--resume" in first.stderr
    assert out.read_bytes() == "".join(expected.splitlines(keepends=True)[:done]).encode()
    # the second run loses a worker and is interrupted again; the third completes
    second = _run(*args, "--resume", fault="die:0,interrupt:2")
    assert second.exit_code == 130 and "retried: 1 retry" in second.stderr
    third = _run(*args[:-2], "--workers", "1", "--resume")  # on another executor
    assert third.exit_code == 0, third.output
    assert out.read_bytes() == expected.encode("utf-8")
    assert not Path(str(out) + RECORD_SUFFIX).exists()


def test_interrupted_then_resumed_simulation(tmp_path: Path) -> None:
    args = ("simulate", "--rules", "sichuan", "--games", "100", "--seed", "8", "--json")
    whole, part = tmp_path / "whole.jsonl", tmp_path / "part.jsonl"
    expected = _run(*args, "--out", str(whole), "--workers", "2")
    first = _run(*args, "--out", str(part), "--workers", "2", fault="interrupt:4")
    assert first.exit_code == 130 and first.stdout == ""  # no summary of part of a run
    assert "hands done" in first.stderr
    resumed = _run(*args, "--out", str(part), "--workers", "2", "--resume")
    assert resumed.exit_code == 0, resumed.output
    assert resumed.stdout == expected.stdout  # the summary of all 100 games
    assert part.read_bytes() == whole.read_bytes()
    other = _run(*args[:-2], "9", "--json", "--out", str(whole), "--resume")
    assert other.exit_code == 2 and "nothing to resume" in other.stderr


def test_resume_checks_the_input_and_the_job(hands: tuple[Path, str], tmp_path: Path) -> None:
    path, _ = hands
    out = tmp_path / "scores.jsonl"
    base = ("score", "--batch", str(path), "--out", str(out), "--workers", "1")
    assert _run(*base, fault="interrupt:1").exit_code == 130
    changed = tmp_path / "changed.jsonl"
    changed.write_text(path.read_text(encoding="utf-8").replace('"id": 3,', '"id": 4,'))
    bad = _run("score", "--batch", str(changed), "--out", str(out), "--resume")
    assert bad.exit_code == 2
    assert "are not the input" in bad.stderr and str(out) in bad.stderr
    analyze = _run("analyze", "--batch", str(path), "--out", str(out), "--resume")
    assert analyze.exit_code == 2
    assert 'another job: command was "score", now "analyze"' in analyze.stderr
    stdout = _run("score", "--batch", str(path), "--resume")
    assert stdout.exit_code == 2 and "--resume needs --out FILE" in stdout.stderr
    one = _run("score", "[EEEE]123m456p789s11s", "--out", str(out))
    assert one.exit_code == 2 and "go with --batch FILE" in one.stderr


def test_ray_not_installed(hands: tuple[Path, str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # as if fanshu[ray] were not installed
    path, _ = hands
    for args in (
        ["score", "--batch", str(path), "--ray"],
        ["simulate", "--ray-address", "auto"],
        ["replay", str(path), "--ray"],
    ):
        result = _run(*args)
        assert result.exit_code == 2
        assert result.stderr == (
            "error: --ray needs Ray, which is not installed: pip install 'fanshu[ray]'\n"
        )


def test_progress_summary_names_the_executor(hands: tuple[Path, str]) -> None:
    path, expected = hands
    result = _run("score", "--batch", str(path), "--workers", "2", "--progress")
    assert result.stdout == expected
    assert f"scored {HANDS} lines (" in result.stderr
    assert "lines/s) on 2 processes" in result.stderr


def _fanshu() -> list[str]:
    script = Path(sys.executable).with_name("fanshu")
    return [str(script)] if script.exists() else [sys.executable, "-m", "fanshu.cli.main"]


def test_ctrl_c_then_resume(tmp_path: Path) -> None:
    """A real Ctrl-C: SIGINT to the whole process group, workers included."""
    lines = list(score_lines(5, 4000))
    path = tmp_path / "big.jsonl"
    path.write_text("".join(line + "\n" for line in lines) * 10, encoding="utf-8")
    expected = "".join(out + "\n" for out in run_batch(lines)) * 10
    out = tmp_path / "scores.jsonl"
    command = [*_fanshu(), "score", "--batch", str(path), "--out", str(out), "--workers", "2"]
    env = {k: v for k, v in os.environ.items() if k != FAULT_ENV}
    proc = subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True, env=env
    )
    deadline = time.monotonic() + 60
    record_path = Path(str(out) + RECORD_SUFFIX)
    while time.monotonic() < deadline and proc.poll() is None:
        # interrupt once the resume record (written after the output) shows lines done:
        # output bytes alone can come just before the record that covers them
        with contextlib.suppress(OSError, ValueError):
            if json.loads(record_path.read_text(encoding="utf-8"))["stopped_at"]["items"]:
                break
        time.sleep(0.005)
    os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    text = err.decode()
    assert text.startswith("interrupted: ") and "lines done" in text and "Traceback" not in text
    record = json.loads(Path(str(out) + RECORD_SUFFIX).read_text(encoding="utf-8"))
    assert 0 < record["stopped_at"]["items"] < 40_000
    assert out.stat().st_size == record["stopped_at"]["bytes"]
    done = subprocess.run(
        [*command, "--resume"], capture_output=True, env=env, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert out.read_bytes() == expected.encode("utf-8")


@pytest.mark.parametrize("command", ["score", "analyze", "simulate", "replay"])
def test_help_names_the_batch_options(command: str) -> None:
    result = runner.invoke(app, [command, "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    for option in ("--workers", "--ray", "--ray-address", "pip install 'fanshu[ray]'"):
        assert option in result.stdout, option
    if command != "replay":
        assert "--resume" in result.stdout and "--format" in result.stdout


def test_interrupted_without_output(tmp_path: Path) -> None:
    sim = _run("simulate", "--games", "40", "--workers", "2", "--json", fault="interrupt:1")
    assert sim.exit_code == 130 and sim.stdout == ""
    assert "hands done; no summary of part of a run; with --out FILE, --resume" in sim.stderr
    log = tmp_path / "games.jsonl"
    assert _run("simulate", "--games", "40", "--out", str(log)).exit_code == 0
    replay = _run("replay", str(log), "--workers", "2", fault="interrupt:0")
    assert replay.exit_code == 130 and replay.stdout == ""
    assert replay.stderr.startswith("interrupted: ") and "no summary of part of a log" in (
        replay.stderr
    )


def test_ctrl_c_while_a_resume_checks_the_lines_done(
    hands: tuple[Path, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import fanshu.cli.jsonl

    path, expected = hands
    out = tmp_path / "scores.jsonl"
    args = ("score", "--batch", str(path), "--out", str(out), "--workers", "1")
    ctrl_c_while_resume_checks(_run, args, out, fanshu.cli.jsonl, "lines", monkeypatch)
    finished = _run(*args, "--resume")
    assert finished.exit_code == 0 and out.read_bytes() == expected.encode("utf-8")
