"""``fanshu replay FILE``: the summary of a log that replays, and the exit status and
message naming the game and event of one that does not."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from fanshu.cli.main import app
from fanshu.engine import Action, ActionKind, Game
from fanshu.engine.log import write_log
from fanshu.engine.variants import playable_rules, variant_class

runner = CliRunner()
WIN = Action(ActionKind.WIN)


def play(rules: str, seed: int, config: dict[str, Any] | None = None) -> Game:
    """Seeded random legal actions, always taking a win (so that games have fans)."""
    g = Game(rules, seed=seed, config=config)
    rng = random.Random(seed)
    while not g.done:
        legal = g.legal_actions()
        g.step(WIN if WIN in legal else rng.choice(legal))
    return g


@pytest.fixture(scope="module")
def games() -> list[Game]:
    sichuan = next(g for g in (play("sichuan", s) for s in range(40)) if g.winners)
    events = {"exchange_at_start": 0.5, "triplet_offer": 0.3, "free_pick": 0.3}
    two = next(g for g in (play("two-player", s, events) for s in range(40)) if g.winners)
    return [play("mcr", 1), sichuan, two, play("sichuan", 2, {"exchange_three": True})]


@pytest.fixture
def log(tmp_path: Path, games: list[Game]) -> Path:
    path = tmp_path / "games.jsonl"
    write_log(path, [g.events for g in games])
    return path


def lines_of(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines()


def write_lines(path: Path, lines: list[str]) -> Path:
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def test_a_log_that_replays(log: Path, games: list[Game]) -> None:
    result = runner.invoke(app, ["replay", str(log)])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert f"{log} · 4 games · 4 identical · all replay as logged" in out
    assert "Wins by seat" in out and "Decisions" in out
    rows = {line.split()[0]: line.split() for line in out.splitlines() if line.strip()}
    assert rows["mcr"][1] == "1" and rows["sichuan"][1] == "2" and rows["two-player"][1] == "1"
    two = games[2]
    assert rows["two-player"][2:5] == [str(two.winners.count(0)), "/", str(two.winners.count(1))]
    assert "Fans 番种 · sichuan" in out and "Fans 番种 · two-player" in out
    assert result.stderr == ""


def test_a_beijing_log_replays(tmp_path: Path) -> None:
    beijing = [play("beijing", s, {"dealer": s % 4}) for s in range(6)]
    path = tmp_path / "beijing.jsonl"
    write_log(path, [g.events for g in beijing])
    result = runner.invoke(app, ["replay", str(path), "--json"])
    assert result.exit_code == 0, result.output
    got = json.loads(result.stdout)
    assert (got["games"], got["identical"]) == (6, 6)


def test_the_json_summary(log: Path, games: list[Game]) -> None:
    result = runner.invoke(app, ["replay", str(log), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["games"], data["identical"], data["mismatched"]) == (4, 4, 0)
    assert data["mismatches"] == []
    sichuan = data["rules"]["sichuan"]
    assert sichuan["games"] == 2
    assert sichuan["wins"] == sum(len(g.winners) for g in games[1::2])
    assert sum(sichuan["wins_by_seat"]) == sichuan["wins"]
    assert sichuan["events_per_game"] == round((len(games[1].events) + len(games[3].events)) / 2, 1)
    wins = [e for g in games[1::2] for e in g.events if e["type"] == "win"]
    fan = wins[0]["fans"][0][0]
    assert sichuan["fans"][fan] == sum(any(f[0] == fan for f in w["fans"]) for w in wins)
    assert data["rules"]["mcr"]["wins_by_seat"] == [games[0].winners.count(s) for s in range(4)]


def _tamper_draw(records: list[dict[str, Any]]) -> dict[str, Any]:
    r = [r for r in records if r["game"] == 2 and r["type"] == "draw"][3]
    r["tile"] = "9p" if r["tile"] != "9p" else "1p"
    return r


def _tamper_action(records: list[dict[str, Any]]) -> dict[str, Any]:
    r = [r for r in records if r["game"] == 2 and r["type"] == "act"][5]
    r["action"] = "kong 9p"
    return r


def _tamper_payment(records: list[dict[str, Any]]) -> dict[str, Any]:
    r = next(r for r in records if r["game"] == 2 and r["type"] == "settle")
    r["payments"] = [p * 2 for p in r["payments"]]
    return r


def _drop_line(records: list[dict[str, Any]]) -> dict[str, Any]:
    r = [r for r in records if r["game"] == 2 and r["type"] == "discard"][2]
    records.remove(r)
    return r


@pytest.mark.parametrize(
    ("tamper", "reason"),
    [
        (_tamper_draw, "tile: log "),
        (_tamper_action, "not a legal decision: seat "),
        (_tamper_payment, "payments[0]: log "),
        (_drop_line, "missing from the log"),
    ],
)
def test_a_changed_log_names_the_game_and_event(
    log: Path, tamper: Callable[[list[dict[str, Any]]], dict[str, Any]], reason: str
) -> None:
    records = [json.loads(line) for line in lines_of(log)]
    r = tamper(records)
    line = next(i for i, x in enumerate(records) if x["game"] == 2 and x["seq"] >= r["seq"]) + 1
    write_lines(log, [json.dumps(x, ensure_ascii=False) for x in records])
    result = runner.invoke(app, ["replay", str(log)])
    assert result.exit_code == 1
    [error] = result.stderr.splitlines()
    where = f"error: game 2, event {r['seq']} ({r['type']}), line {line}: "
    assert error.startswith(where + reason), error
    assert "4 games · 3 identical · 1 do not replay" in result.stdout
    as_json = runner.invoke(app, ["replay", str(log), "--json"])
    assert as_json.exit_code == 1
    data = json.loads(as_json.stdout)
    [m] = data["mismatches"]
    assert (m["game"], m["seq"], m["event"], m["line"]) == (2, r["seq"], r["type"], line)
    assert m["message"] == error.removeprefix("error: ")


def test_a_malformed_line_is_bad_input(log: Path) -> None:
    lines = lines_of(log)
    write_lines(log, [*lines[:2], lines[2][:-5], *lines[3:]])
    result = runner.invoke(app, ["replay", str(log)])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: {log}: line 3: not JSON (")
    write_lines(log, [lines[0].replace('"v":1', '"v":9')])
    result = runner.invoke(app, ["replay", str(log)])
    assert result.stderr == f"error: {log}: line 1: format version 9; this fanshu reads version 1\n"


def test_a_file_that_cannot_be_read(tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", str(tmp_path / "none.jsonl")])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: cannot read ") and "none.jsonl" in result.stderr


def test_stdin(log: Path) -> None:
    result = runner.invoke(app, ["replay", "-", "--json"], input=log.read_bytes())
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["file"], data["games"], data["identical"]) == ("stdin", 4, 4)


def test_an_empty_log(tmp_path: Path) -> None:
    result = runner.invoke(app, ["replay", str(write_lines(tmp_path / "e.jsonl", []))])
    assert result.exit_code == 0
    assert "0 games · 0 identical" in result.stdout


def test_progress_goes_to_stderr(log: Path) -> None:
    shown = runner.invoke(app, ["replay", str(log), "--progress"])
    assert shown.exit_code == 0
    assert "replayed 4 games in " in shown.stderr and "games/s)" in shown.stderr
    quiet = runner.invoke(app, ["replay", str(log), "--no-progress"])
    assert quiet.stderr == "" and quiet.stdout == shown.stdout


def test_listed_in_help() -> None:
    result = runner.invoke(app, ["--help"])
    assert "replay" in result.stdout
    result = runner.invoke(app, ["replay", "--help"])
    assert "Exit status: 0 every game replays as logged" in " ".join(result.stdout.split())


@pytest.mark.parametrize("rules", playable_rules())
def test_every_playable_rule_set_replays_as_simulated(rules: str, tmp_path: Path) -> None:
    players = ",".join(["greedy", "random", "fan", "greedy"][: variant_class(rules).seats])
    log = tmp_path / "games.jsonl"
    args = ["--rules", rules, "--games", "4", "--seed", "9", "--players", players]
    sim = runner.invoke(app, ["simulate", *args, "--out", str(log), "--workers", "1"])
    assert sim.exit_code == 0, sim.output
    result = runner.invoke(app, ["replay", str(log), "--workers", "1", "--json"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["games"] == 4 and out["identical"] == 4, out
