"""fanshu.batch.stats: the figures of a results file, checked against what produced it
(the score batch's own output, fanshu simulate's Summary)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from fanshu.batch.formats import FormatError, open_writer
from fanshu.batch.stats import (
    AnalyzeStats,
    Distribution,
    GameStats,
    ScoreStats,
    compute,
    file_stats,
)
from fanshu.engine.game import Game
from fanshu.engine.simulate import Summary, simulate
from fanshu.protocol.analyze import analyze_line
from fanshu.protocol.lines import run_batch
from fanshu.sampling import winning_hands

MCR_BOTS = ["greedy", "fan", "random", "greedy"]
SICHUAN_BOTS = ["fan", "random", "greedy", "fan"]


def run(rules: str, games: int, bots: list[str], seed: int) -> tuple[Summary, list[Game]]:
    played: list[Game] = []
    summary = simulate(rules, games, bots, seed, on_game=lambda k, g: played.append(g))
    return summary, played


@pytest.fixture(scope="module")
def mcr() -> tuple[Summary, list[Game]]:
    return run("mcr", 10, MCR_BOTS, 5)


@pytest.fixture(scope="module")
def sichuan() -> tuple[Summary, list[Game]]:
    return run("sichuan", 6, SICHUAN_BOTS, 6)


def write_log(path: Path, games: list[Game]) -> Path:
    with open_writer(path, "jsonl", "games") as w:
        for k, g in enumerate(games):
            w.write({"game": k, "events": g.events})
    return path


@pytest.mark.parametrize("which", ["mcr", "sichuan"])
def test_games_agree_with_simulate(
    which: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    summary, games = request.getfixturevalue(which)
    expected = summary.to_dict()
    bots = MCR_BOTS if which == "mcr" else SICHUAN_BOTS
    d = file_stats(write_log(tmp_path / "log.jsonl", games), players=bots).to_dict()
    assert d["games"] == expected["games"] and d["rules"] == {which: len(games)}
    assert d["wins"] == expected["wins"] and d["drawn"] == expected["draws"]
    assert d["false_wins"] == expected["false_wins"]
    for mine, theirs in zip(d["seats"], expected["seats"], strict=True):
        assert mine["player"] == theirs["player"]
        assert (mine["wins"], mine["false_wins"]) == (theirs["wins"], theirs["false_wins"])
        assert mine["win_rate"] == pytest.approx(theirs["win_rate"])
        assert mine["average_score"] == pytest.approx(theirs["average_score"])
    by_player = expected["by_player"]
    assert sorted(b["bot"] for b in d["bots"]) == sorted(by_player)
    for b in d["bots"]:
        theirs = by_player[b["bot"]]
        assert b["seat_games"] == theirs["seats"] * len(games) and b["games"] == len(games)
        assert b["wins"] == theirs["wins"]
        assert b["win_rate"] == pytest.approx(theirs["win_rate"])
        assert b["average_score"] == pytest.approx(theirs["average_score"])
    assert {f["name"]: f["wins"] for f in d["fans"]} == expected["fans"]
    assert d["fan_totals"]["mean"] == pytest.approx(expected["average_fan"])
    assert d["average_turns"] == pytest.approx(expected["average_turns"])
    assert d["average_decisions"] == pytest.approx(expected["average_decisions"])
    assert d["games_without_bots"] == 0


def test_sichuan_has_games_with_several_winners(sichuan: tuple[Summary, list[Game]]) -> None:
    _, games = sichuan
    d = compute([{"seats": 4, "wins": [], "scores": [0] * 4}], "games").to_dict()
    assert d["drawn"] == 0 and d["unfinished"] == 1  # no result: not counted as drawn
    assert any(len(g.winners) > 1 for g in games)  # so the comparison above covers them


def test_parquet_and_jsonl_give_the_same_figures(
    mcr: tuple[Summary, list[Game]], tmp_path: Path
) -> None:
    _, games = mcr
    log = write_log(tmp_path / "log.jsonl", games)
    table = tmp_path / "games.parquet"
    with open_writer(table, "parquet", "games") as w:
        for k, g in enumerate(games):
            w.write({"game": k, "events": g.events, "players": MCR_BOTS})
    assert file_stats(table).to_dict() == file_stats(log, players=MCR_BOTS).to_dict()
    # simulate's logs name the bots in the start event
    assert file_stats(log).to_dict() == file_stats(log, players=MCR_BOTS).to_dict()
    # without bots (logs that do not name them): per seat only, and it says so
    bare = [{k: v for k, v in g.events[0].items() if k != "players"} for g in games]
    log = tmp_path / "bare.jsonl"
    with open_writer(log, "jsonl", "games") as w:
        for k, (g, start) in enumerate(zip(games, bare, strict=True)):
            w.write({"game": k, "events": [start, *g.events[1:]]})
    d = file_stats(log).to_dict()
    assert d["bots"] == [] and d["games_without_bots"] == len(games)
    assert all("player" not in s for s in d["seats"])


def test_bots_over_varying_lineups() -> None:
    def game(players: list[str], winner: int, scores: list[int]) -> dict[str, Any]:
        return {
            "rules": "mcr",
            "seats": 4,
            "players": players,
            "result": "win",
            "winners": [winner],
            "scores": scores,
            "wins": [{"seat": winner, "total": 10}],
            "fans": [],
        }

    stats = compute(
        [
            game(["a", "b", "b", "b"], 0, [30, -10, -10, -10]),
            game(["b", "a", "a", "b"], 3, [-8, -8, -24, 40]),
        ],
        "games",
    )
    d = stats.to_dict()
    bots = {b["bot"]: b for b in d["bots"]}
    assert (bots["a"]["games"], bots["a"]["seat_games"], bots["a"]["wins"]) == (2, 3, 1)
    assert (bots["b"]["games"], bots["b"]["seat_games"], bots["b"]["wins"]) == (2, 5, 1)
    assert bots["a"]["average_score"] == pytest.approx((30 - 8 - 24) / 3)
    assert bots["b"]["win_rate"] == pytest.approx(1 / 5)
    assert all("player" not in s for s in d["seats"])  # two lineups: seats are not one bot
    assert d["seats"][0]["average_score"] == pytest.approx(11)
    with pytest.raises(FormatError, match="4 seats but 2 players"):
        compute([game(["a", "b"], 0, [1, -1, 0, 0])], "games")
    with pytest.raises(FormatError, match="4 seats but 3 players"):
        compute([game(["a", "b", "c", "d"], 0, [0] * 4)], "games", players=["x", "y", "z"])


def test_score_figures(tmp_path: Path) -> None:
    lines = [json.dumps({"id": i, "hand": str(h)}) for i, h in enumerate(winning_hands(8, 80))]
    lines += ["{", json.dumps({"hand": "123m"}), json.dumps({"hand": "1m", "x": 1})]
    outs = [json.loads(line) for line in run_batch(lines)]
    scored = [o for o in outs if o["error"] is None]
    fans = Counter(f["name"] for o in scored for f in o["fans"])
    path = tmp_path / "s.parquet"
    with open_writer(path, "parquet", "score", rules="mcr") as w:
        w.write_all(outs)
    d = file_stats(path).to_dict()
    assert (d["kind"], d["records"], d["scored"]) == ("score", len(outs), len(scored))
    assert d["errors"] == {"bad_json": 1, "invalid_hand": 1, "bad_field": 1}
    assert d["rules"] == {"mcr": len(outs)}
    assert {f["name"]: f["hands"] for f in d["fans"]} == fans
    counts = [f["hands"] for f in d["fans"]]
    assert counts == sorted(counts, reverse=True)
    assert d["fans"][0]["share"] == pytest.approx(counts[0] / len(scored))
    assert d["totals"]["distribution"] == dict(sorted(Counter(o["total"] for o in scored).items()))
    jsonl = tmp_path / "s.jsonl"
    with open_writer(jsonl, "jsonl", "score") as w:
        w.write_all(outs)
    assert file_stats(jsonl).to_dict() == {**d, "rules": {}}


def test_a_fan_counted_twice_in_a_hand_counts_one_hand() -> None:
    s = ScoreStats()
    s.add(
        {
            "total": 2,
            "fans": [
                {"name": "幺九刻", "name_en": "Pung of Terminals or Honors", "value": 1, "count": 2}
            ],
            "error": None,
        }
    )
    assert s.to_dict()["fans"][0]["hands"] == 1


def test_analyze_figures() -> None:
    objs = [
        {"id": 0, "hand": "1112345678999m"},
        {"id": 1, "hand": "123m456p789s1355s"},
        {"id": 2, "hand": "123m456p789s135sEN"},
        {"id": 3, "hand": "123m456p789s11sEEE"},
        {"id": 4, "hand": "12m"},
    ]
    stats = compute([analyze_line(o) for o in objs], "analyze")
    assert isinstance(stats, AnalyzeStats)
    d = stats.to_dict()
    assert (d["records"], d["analysed"], d["errors"]) == (5, 4, {"invalid_hand": 1})
    assert (d["hands_13"], d["hands_14"]) == (2, 2)
    assert d["shanten"]["distribution"] == {-1: 1, 0: 2, 1: 1}
    assert d["waits_when_ready"]["distribution"] == {9: 1, 1: 1}


@pytest.mark.parametrize(
    ("counts", "mean", "median"),
    [({5: 1}, 5, 5), ({1: 1, 3: 1}, 2, 2), ({8: 3, 100: 1}, 31, 8), ({0: 2, 2: 1, 9: 1}, 2.75, 1)],
)
def test_distribution(counts: dict[int, int], mean: float, median: float) -> None:
    d = Distribution(Counter(counts))
    assert (d.mean, d.median) == (pytest.approx(mean), median)
    assert (d.minimum, d.maximum) == (min(counts), max(counts))
    assert Distribution().to_dict() == {
        "n": 0,
        "mean": None,
        "median": None,
        "min": None,
        "max": None,
        "distribution": {},
    }


def test_unknown_kind() -> None:
    with pytest.raises(FormatError):
        compute([], "hands")  # type: ignore[arg-type]
    assert isinstance(compute([], "games"), GameStats)
