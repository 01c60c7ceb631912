"""``fanshu simulate``: the tables, ``--json`` and ``--out`` match the library and are the
same for the same seed; bad counts, names and values are ``error: …`` with status 2."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from fanshu.cli.main import app
from fanshu.engine.log import read_log
from fanshu.engine.players import PLAYERS
from fanshu.engine.simulate import play_game, simulate
from fanshu.engine.variants import playable_rules, variant_class
from fanshu.rules import get_rules

runner = CliRunner()
FOUR = "random,random,random,random"


def _run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["simulate", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.stdout, result.stderr


def test_tables_show_seats_bots_totals_and_fans() -> None:
    code, out, _ = _run("--rules", "mcr", "--games", "40", "--players", FOUR, "--seed", "1")
    assert code == 0
    for heading in ("Seats", "Bots", "Hands", "Fans"):
        assert heading in out
    assert "mcr · 40 hands · seed 1" in out
    d = simulate("mcr", 40, ["random"] * 4, 1).to_dict()
    assert re.search(rf"drawn hands \(no winner\)\s+{d['draws']} \(", out)
    english = {f.name_zh: f.name_en for f in get_rules("mcr").fans}
    for name, count in d["fans"].items():  # each fan scored, in both names, with its count
        assert re.search(rf"{name}\s+{english[name]}\s+{count}\s", out), name


def test_json_is_the_library_summary_and_repeats_for_a_seed() -> None:
    args = ("--rules", "two-player", "--games", "15", "--players", "random,random", "--json")
    code, out, _ = _run(*args, "--seed", "7")
    assert code == 0
    got = json.loads(out)
    assert got == simulate("two-player", 15, ["random", "random"], 7).to_dict()
    assert _run(*args, "--seed", "7")[1] == out
    assert _run(*args, "--seed", "8")[1] != out


def test_beijing_is_simulated_like_the_others() -> None:
    args = ("--rules", "beijing", "--games", "20", "--players", "greedy,random,fan,greedy")
    code, out, _ = _run(*args, "--seed", "3", "--json")
    assert code == 0
    got = json.loads(out)
    assert got == simulate("beijing", 20, ["greedy", "random", "fan", "greedy"], 3).to_dict()
    assert got["games"] == 20 and got["wins"] > 0 and got["false_wins"] == 0
    assert sum(row["average_score"] for row in got["seats"]) == pytest.approx(0)


def test_out_writes_each_game_as_the_library_plays_it(tmp_path: Path) -> None:
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    args = ("--rules", "sichuan", "--games", "4", "--seed", "3", "--json")
    assert _run(*args, "--out", str(a))[0] == 0
    assert _run(*args, "--out", str(b))[0] == 0
    assert a.read_bytes() == b.read_bytes()
    logs = read_log(a)
    assert [g.index for g in logs] == [0, 1, 2, 3]
    game = play_game("sichuan", 2, ["random"] * 4, seed=3)
    assert logs[2].events == [{k: v for k, v in e.items() if v is not None} for e in game.events]
    first = json.loads(a.read_text(encoding="utf-8").splitlines()[0])
    assert (first["v"], first["game"], first["seq"], first["type"]) == (1, 0, 0, "start")


def test_options_and_config_reach_the_games(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    code, _, _ = _run("--rules", "sichuan", "--games", "2", "--config", "exchange_three=true",
                      "--config", "dealer=2", "-o", "cap=3", "--out", str(log))  # fmt: skip
    assert code == 0
    starts = [g.events[0] for g in read_log(log)]
    assert all(s["dealer"] == 2 and s["config"]["exchange_three"] for s in starts)
    assert all(s["options"] == {"cap": 3} for s in starts)
    assert all(any(e["type"] == "exchange" for e in g.events) for g in read_log(log))


def test_the_default_players_are_random_bots() -> None:
    code, out, _ = _run("--rules", "two-player", "--games", "1", "--json")
    assert code == 0 and json.loads(out)["players"] == ["random", "random"]


def test_progress_bar_goes_to_stderr_and_leaves_stdout_alone() -> None:
    args = ("--games", "3", "--seed", "2", "--json")
    code, out, err = _run(*args, "--progress")
    assert code == 0
    assert out == _run(*args, "--no-progress")[1]
    assert "played 3 hands in" not in err  # --json: nothing but the object
    code, out, err = _run("--games", "3", "--progress")
    assert code == 0 and "played 3 hands in" in err and "played" not in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "random,random"], "mcr is played by 4 players, not 2: give 4 player names"),
        (["--rules", "two-player", "--players", FOUR], "two-player is played by 2 players, not 4"),
        (["--players", "random,random,random,nosuch"], "unknown player 'nosuch': one of random"),
        (["--players", "random,,random,random"], "comma-separated list of bot names"),
        (["--games", "many"], "--games is a whole number, not 'many'"),
        (["--games", "-3"], "--games is a whole number of at least 0, not -3"),
        (["--seed", "1.5"], "--seed is a whole number, not '1.5'"),
        (["--rules", "riichi"], f"the engine plays {', '.join(playable_rules())}; not 'riichi'"),
        (["-o", "nosuch=1"], "unknown option 'nosuch'"),
        (["-o", "two_concealed_kongs=many"], "two_concealed_kongs is a number"),
        (["--config", "nosuch=1"], "unknown config 'nosuch'; known: dealer"),
        (["--config", "dealer"], "--config takes name=value, not 'dealer'"),
        (["--config", "exchange_three=maybe"], "exchange_three is true or false"),
        (["--config", "free_pick=lots"], "free_pick is a number"),
        (["--config", "free_pick=2"], "free_pick is a probability from 0 to 1"),
        (["--rules", "two-player", "--config", "dealer=3"], "dealer is a seat number 0-1, not 3"),
        (["--out", "/nonexistent/dir/games.jsonl"], "cannot write /nonexistent/dir/games.jsonl"),
    ],
)
def test_bad_input_is_an_error_not_a_traceback(args: list[str], message: str) -> None:
    code, out, err = _run("--games", "1", *args)
    assert code == 2, out
    assert err.startswith("error: ") and message in err, err
    assert "Traceback" not in out + err


def test_mixed_bots_are_summed_per_seat_and_per_bot() -> None:
    if not {"greedy", "fan"} <= set(PLAYERS):
        pytest.skip("the greedy and fan bots are not there")
    code, out, _ = _run("--games", "4", "--seed", "2", "--players", "greedy,fan,random,random",
                        "--json")  # fmt: skip
    assert code == 0
    d = json.loads(out)
    assert [s["player"] for s in d["seats"]] == ["greedy", "fan", "random", "random"]
    assert {k: v["seats"] for k, v in d["by_player"].items()} == {
        "greedy": 1, "fan": 1, "random": 2
    }  # fmt: skip
    assert d["by_player"]["random"]["wins"] == d["seats"][2]["wins"] + d["seats"][3]["wins"]
    assert d == simulate("mcr", 4, ["greedy", "fan", "random", "random"], 2).to_dict()


@pytest.mark.parametrize("rules", playable_rules())
def test_every_playable_rule_set_is_simulated(rules: str, tmp_path: Path) -> None:
    n = variant_class(rules).seats
    players = ",".join(["greedy", "random", "greedy", "random"][:n])
    out_file = tmp_path / "games.jsonl"
    args = ("--rules", rules, "--games", "6", "--players", players, "--seed", "2")
    code, out, err = _run(*args, "--json", "--out", str(out_file))
    assert code == 0, err
    got = json.loads(out)
    assert got == simulate(rules, 6, players.split(","), 2).to_dict()
    assert got["games"] == 6 and got["false_wins"] == 0
    assert sum(row["average_score"] for row in got["seats"]) == pytest.approx(0)
    games = list(read_log(out_file))
    assert len(games) == 6
    code, table, _ = _run(*args)
    assert code == 0 and f"{rules} · 6 hands · seed 2" in table
