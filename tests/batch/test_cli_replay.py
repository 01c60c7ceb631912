"""``fanshu replay LOG --out OUT``: a line per game (where it starts in the log, whether it
replays, the events checked, the mismatch), the same bytes on every executor; Ctrl-C (the
``interrupt:K`` test hook) leaves OUT and a resume record, and ``--resume`` gives the
file and the summary of an uninterrupted run, refusing another log or a changed one."""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from fanshu.batch.executors import RAY_LOCAL_CONFIG, RAY_LOOPBACK_ENV
from fanshu.batch.job import FAULT_ENV, RECORD_SUFFIX
from fanshu.batch.tasks import (
    ReplayTask,
    logged_games_text,
    replay_summary_from_json,
    replay_summary_to_json,
)
from fanshu.cli.main import app
from fanshu.engine.log import iter_games
from fanshu.engine.replay import Summary, iter_replays
from support.interrupts import ctrl_c_while_resume_checks

runner = CliRunner()
GAMES = 60


def _run(*args: str, fault: str = "") -> Any:
    return runner.invoke(app, list(args), env={FAULT_ENV: fault})


def _records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _write(path: Path, records: list[dict[str, Any]]) -> Path:
    text = "".join(json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n" for r in records)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def log(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Sichuan log of GAMES games (several wins per game, so fans and winners vary)."""
    path = tmp_path_factory.mktemp("log") / "games.jsonl"
    made = _run(
        "simulate",
        "--rules",
        "sichuan",
        "--games",
        str(GAMES),
        "--seed",
        "5",
        "--players",
        "greedy,random,fan,random",
        "--out",
        str(path),
    )
    assert made.exit_code == 0, made.output
    return path


@pytest.fixture
def tampered(log: Path, tmp_path: Path) -> tuple[Path, dict[str, Any], int]:
    """The log with a draw of game 2 changed and game 9 left out: the changed record and
    its line in the new file."""
    records = [r for r in _records(log) if r["game"] != 9]
    draw = [r for r in records if r["game"] == 2 and r["type"] == "draw"][3]
    draw["tile"] = "9p" if draw["tile"] != "9p" else "1p"
    return _write(tmp_path / "tampered.jsonl", records), draw, records.index(draw) + 1


def _first_lines(path: Path) -> dict[int, int]:
    """Each game's first line in the log, read from the file itself."""
    first: dict[int, int] = {}
    for lineno, r in enumerate(_records(path), start=1):
        first.setdefault(r["game"], lineno)
    return first


def test_a_line_per_game_of_a_log_that_replays(log: Path, tmp_path: Path) -> None:
    out = tmp_path / "replay.jsonl"
    plain = _run("replay", str(log), "--workers", "1")
    result = _run("replay", str(log), "--out", str(out), "--workers", "1")
    assert result.exit_code == plain.exit_code == 0, result.output
    assert result.stdout == plain.stdout  # the summary, as without --out
    assert f"{GAMES} games · {GAMES} identical" in result.stdout and result.stderr == ""
    lines = _records(out)
    assert [g["game"] for g in lines] == list(range(GAMES))
    first = _first_lines(log)
    events = _records(log)
    for g in lines:
        own = [r for r in events if r["game"] == g["game"]]
        end = own[-1]
        assert (g["line"], g["ok"], g["mismatch"]) == (first[g["game"]], True, None)
        assert g["events"] == g["checked"] == len(own)
        assert (g["rules"], g["seats"]) == ("sichuan", 4)
        assert [g[k] for k in ("result", "winners", "scores")] == [
            end[k] for k in ("result", "winners", "scores")
        ]
        assert g["decisions"] == sum(r["type"] == "act" for r in own)
    assert not Path(str(out) + RECORD_SUFFIX).exists()  # complete: no resume record


def test_a_tampered_log_names_the_game_event_and_line(
    tampered: tuple[Path, dict[str, Any], int], tmp_path: Path
) -> None:
    path, draw, line = tampered
    out = tmp_path / "replay.jsonl"
    result = _run("replay", str(path), "--out", str(out), "--workers", "2")
    assert result.exit_code == 1
    errors = result.stderr.splitlines()
    assert len(errors) == 2
    lines = _records(out)
    assert len(lines) == GAMES
    assert [g["game"] for g in lines if not g["ok"]] == [2, 9]
    bad = lines[2]
    m = bad["mismatch"]
    assert (m["game"], m["seq"], m["event"], m["line"]) == (2, draw["seq"], "draw", line)
    assert errors[0] == "error: " + m["message"]
    assert m["message"].startswith(f"game 2, event {draw['seq']} (draw), line {line}: tile: log ")
    assert bad["checked"] == draw["seq"] < bad["events"]
    assert bad["line"] == _first_lines(path)[2]
    skipped = lines[9]
    assert (skipped["line"], skipped["events"], skipped["checked"]) == (None, 0, 0)
    assert skipped["mismatch"]["reason"] == "the log has no events of this game"
    assert errors[1] == "error: " + skipped["mismatch"]["message"]
    others = [g for g in lines if g["game"] not in (2, 9)]
    assert all(g["ok"] and g["checked"] == g["events"] > 0 for g in others)
    assert lines[10]["line"] == _first_lines(path)[10]  # after the gap, lines still right
    as_json = json.loads(_run("replay", str(path), "--json").stdout)
    messages = [m["message"], skipped["mismatch"]["message"]]
    assert [x["message"] for x in as_json["mismatches"]] == messages


@pytest.fixture(scope="module")
def ray_local() -> Iterator[Any]:
    """A local Ray instance on 127.0.0.1 with 2 CPUs, for this module (as in
    test_cli_executors)."""
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


def test_the_same_bytes_on_every_executor(
    tampered: tuple[Path, dict[str, Any], int], tmp_path: Path, ray_local: Any
) -> None:
    path, _, _ = tampered
    outputs, summaries = [], []
    for i, executor in enumerate((("--workers", "1"), ("--workers", "2"), ("--ray",))):
        out = tmp_path / f"replay{i}.jsonl"
        result = _run("replay", str(path), "--out", str(out), "--json", *executor)
        assert result.exit_code == 1, (executor, result.output)
        outputs.append(out.read_bytes())
        summaries.append((result.stdout, result.stderr))
    assert outputs[0] == outputs[1] == outputs[2]
    assert summaries[0] == summaries[1] == summaries[2]
    assert outputs[0].count(b"\n") == GAMES


@pytest.mark.parametrize("as_json", [True, False])
def test_interrupted_then_resumed_is_the_uninterrupted_run(
    tampered: tuple[Path, dict[str, Any], int], tmp_path: Path, as_json: bool
) -> None:
    path, _, _ = tampered
    flags = ["--json"] if as_json else []
    whole, part = tmp_path / "whole.jsonl", tmp_path / "part.jsonl"
    expected = _run("replay", str(path), "--out", str(whole), "--workers", "2", *flags)
    assert expected.exit_code == 1
    args = ("replay", str(path), "--out", str(part), *flags)
    first = _run(*args, "--workers", "2", fault="interrupt:3")
    assert first.exit_code == 130 and first.stdout == ""  # no summary of part of a log
    record = json.loads(Path(str(part) + RECORD_SUFFIX).read_text(encoding="utf-8"))
    done = record["stopped_at"]["items"]
    assert 9 < done < GAMES and record["interrupted"] is True  # both mismatches in the record
    assert [m["game"] for m in record["aggregate"]["mismatches"]] == [2, 9]
    assert first.stderr == (
        f"interrupted: {done} games done; {part} holds their output, {part}.resume.json "
        "where it stopped: run the same command with --resume to go on\n"
    )
    assert part.read_bytes() == b"".join(whole.read_bytes().splitlines(keepends=True)[:done])
    # resumed on another executor, interrupted again, then to the end
    second = _run(*args, "--workers", "1", "--resume", fault="interrupt:1")
    assert second.exit_code == 130
    third = _run(*args, "--workers", "2", "--resume")
    assert third.exit_code == 1, third.output
    assert (third.stdout, third.stderr) == (expected.stdout, expected.stderr)
    assert part.read_bytes() == whole.read_bytes()
    assert not Path(str(part) + RECORD_SUFFIX).exists()


def test_resume_refuses_another_log_or_a_changed_one(log: Path, tmp_path: Path) -> None:
    copy = tmp_path / "games.jsonl"
    copy.write_bytes(log.read_bytes())
    out = tmp_path / "replay.jsonl"
    args = ("replay", str(copy), "--out", str(out), "--workers", "2")
    assert _run(*args, fault="interrupt:2").exit_code == 130
    kept = out.read_bytes()
    other = _run("replay", str(log), "--out", str(out), "--resume")
    assert other.exit_code == 2
    assert other.stderr == (
        f'error: {out} is the output of another job: log was "{copy}", now "{log}"\n'
    )
    lines = copy.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[4] = json.dumps(json.loads(lines[4])) + "\n"  # the same event, other bytes
    copy.write_text("".join(lines), encoding="utf-8")
    changed = _run(*args, "--resume")
    assert changed.exit_code == 2
    assert changed.stderr.startswith("error: cannot resume: the first ")
    assert f"games of {copy} are not the log {out} was written from\n" in changed.stderr
    assert out.read_bytes() == kept and Path(str(out) + RECORD_SUFFIX).exists()
    copy.write_bytes(log.read_bytes())  # the log back as it was: the resume goes on
    resumed = _run(*args, "--resume")
    assert resumed.exit_code == 0, resumed.output
    whole = tmp_path / "whole.jsonl"
    assert _run("replay", str(log), "--out", str(whole)).exit_code == 0
    assert out.read_bytes() == whole.read_bytes()


def test_resume_needs_out_and_ctrl_c_without_out_says_so(log: Path) -> None:
    no_out = _run("replay", str(log), "--resume")
    assert no_out.exit_code == 2
    assert no_out.stderr == (
        "error: --resume needs --out OUT: the run to continue is the one writing OUT\n"
    )
    stopped = _run("replay", str(log), "--workers", "2", fault="interrupt:1")
    assert stopped.exit_code == 130 and stopped.stdout == ""
    assert stopped.stderr.startswith("interrupted: ")
    assert stopped.stderr.endswith(
        " games done; no summary of part of a log; with --out OUT, --resume continues it\n"
    )


def test_out_is_not_the_log(log: Path, tmp_path: Path) -> None:
    copy = tmp_path / "games.jsonl"
    copy.write_bytes(log.read_bytes())
    result = _run("replay", str(copy), "--out", str(copy))
    assert result.exit_code == 2
    assert result.stderr == (
        f"error: --out {copy} is the log being replayed: write the lines to another file\n"
    )
    assert copy.read_bytes() == log.read_bytes()


def test_help_names_out_and_resume() -> None:
    result = runner.invoke(app, ["replay", "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    text = " ".join(result.stdout.split())
    assert "--out" in text and "one JSON line per game" in text
    assert "--resume" in text and "OUT.resume.json" in text


# -- the pieces: the log's bytes per game, the summary kept in the resume record -----------


def test_each_game_comes_with_its_bytes(tampered: tuple[Path, dict[str, Any], int]) -> None:
    path, _, _ = tampered
    lines = path.read_bytes().splitlines(keepends=True)
    lines.insert(_first_lines(path)[1] - 1, b"  \n")  # a blank line between games 0 and 1
    games = list(logged_games_text(lines))
    assert [g.index for g, _ in games] == list(range(GAMES))
    assert b"".join(text for _, text in games) == b"".join(lines)
    assert games[1][1].startswith(b"  \n{") and games[0][1].endswith(b"}\n")
    assert games[9][1] == b"" and games[9][0].events == []
    for g, text in games:
        assert len(text.strip().splitlines()) == len(g.events)


def test_the_summary_survives_the_resume_record(
    tampered: tuple[Path, dict[str, Any], int],
) -> None:
    path, _, _ = tampered
    games = [g for g, _ in logged_games_text(path.read_bytes().splitlines(keepends=True))]
    expected = Summary()
    for report in iter_replays(iter_games(path.read_bytes().splitlines())):
        expected.add(report)
    task = ReplayTask()
    for cut in (0, 5, 31, GAMES):
        total = task.merge(task.empty(), task.run(games[:cut]).aggregate)
        saved = json.loads(json.dumps(replay_summary_to_json(total)))
        total = task.merge(replay_summary_from_json(saved), task.run(games[cut:]).aggregate)
        assert json.dumps(total.to_dict()) == json.dumps(expected.to_dict()), cut
    assert expected.to_dict()["mismatched"] == 2


def test_ctrl_c_while_a_resume_checks_the_games_done(
    log: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import fanshu.cli.replay

    whole, part = tmp_path / "whole.jsonl", tmp_path / "part.jsonl"
    assert _run("replay", str(log), "--out", str(whole), "--workers", "1").exit_code == 0
    args = ("replay", str(log), "--out", str(part), "--workers", "1")
    ctrl_c_while_resume_checks(_run, args, part, fanshu.cli.replay, "games", monkeypatch)
    assert _run(*args, "--resume").exit_code == 0 and part.read_bytes() == whole.read_bytes()
