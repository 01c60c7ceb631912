"""``fanshu.batch.tasks``: a shard's output and partial totals do not depend on how the
input is cut, and add up to what the one-process code gives."""

from __future__ import annotations

import io
import itertools
from collections import Counter

import pytest

from fanshu.batch.samples import analyze_lines, score_lines
from fanshu.batch.tasks import (
    LinesTask,
    ReplayTask,
    SimulateTask,
    logged_games,
    merge_summary,
    run_shard,
    summary_from_json,
    summary_to_json,
)
from fanshu.engine.log import iter_games
from fanshu.engine.replay import Summary as ReplaySummary
from fanshu.engine.replay import iter_replays
from fanshu.engine.simulate import simulate, write_game
from fanshu.protocol.analyze import analyze_line
from fanshu.protocol.lines import run_batch


def _cut(items: list[str], cuts: list[int]) -> list[list[str]]:
    bounds = [0, *cuts, len(items)]
    return [items[a:b] for a, b in itertools.pairwise(bounds)]


@pytest.mark.parametrize("cuts", [[], [1], [7, 8, 50], [3, 30, 31, 32, 99]])
def test_lines_task_in_pieces_is_run_batch(cuts: list[int]) -> None:
    lines = [*list(score_lines(3, 120, broken_every=9)), "", "   "]
    expected = "".join(out + "\n" for out in run_batch(lines))
    task = LinesTask()
    results = [task.run(piece) for piece in _cut(lines, cuts)]
    assert "".join(r.text for r in results) == expected
    assert sum(r.lines for r in results) == expected.count("\n") == 120
    total = task.empty()
    for r in results:
        total = task.merge(total, r.aggregate)
    errors = sum('"error": null}' not in line for line in expected.splitlines())
    assert total == (120 - errors, errors) and errors == 120 // 9
    assert task.load(task.dump(total)) == total


def test_analyze_lines_task() -> None:
    lines = list(analyze_lines(4, 30))
    expected = "".join(out + "\n" for out in run_batch(lines, analyze_line))
    assert LinesTask(analyze_line).run(lines).text == expected


def test_an_empty_shard_gives_nothing() -> None:
    r = LinesTask().run(["", "\n"])
    assert (r.text, r.lines, r.aggregate) == ("", 0, (0, 0))


@pytest.mark.parametrize("rules", ["mcr", "sichuan", "two-player"])
def test_simulate_task_in_pieces_is_simulate(rules: str) -> None:
    players = ("random", "random") if rules == "two-player" else ("random",) * 4
    log = io.StringIO()
    expected = simulate(rules, 12, list(players), 5, on_game=lambda k, g: write_game(log, k, g))
    task = SimulateTask(rules, players, 5)
    total = task.empty()
    text = ""
    for piece in (range(0, 5), range(5, 6), range(6, 12)):
        r = task.run(piece)
        text += r.text
        total = task.merge(total, r.aggregate)
    assert text == log.getvalue()
    assert total == expected and total.to_dict() == expected.to_dict()
    again = summary_from_json(summary_to_json(total))
    assert again == expected and isinstance(again.fan_counts, Counter)


def test_simulate_task_without_log() -> None:
    r = SimulateTask("two-player", ("random", "random"), 1, log=False).run(range(3))
    assert (r.text, r.lines, r.aggregate.games) == ("", 0, 3)


def test_merge_refuses_summaries_of_different_runs() -> None:
    a = simulate("two-player", 1, ["random", "random"], 1)
    b = simulate("two-player", 1, ["random", "random"], 2)
    with pytest.raises(ValueError, match="seed differs"):
        merge_summary(a, b)


def test_replay_task_is_iter_replays_with_the_missing_games() -> None:
    log = io.StringIO()
    simulate("two-player", 6, ["random", "random"], 2, on_game=lambda k, g: write_game(log, k, g))
    lines = [line for line in log.getvalue().splitlines() if '"game":2,' not in line]
    lines = [line.replace('"game":5,', '"game":7,') for line in lines]  # games 5 and 6 skipped
    expected = ReplaySummary()
    for report in iter_replays(iter_games(lines)):
        expected.add(report)
    games = list(logged_games(iter_games(lines)))
    assert [g.index for g in games] == list(range(8))
    task = ReplayTask()
    total = task.empty()
    for piece in (games[:3], games[3:]):
        total = task.merge(total, task.run(piece).aggregate)
    assert total.to_dict() == expected.to_dict()
    assert [m.game for m in total.mismatches] == [2, 5, 6]


def test_run_shard_without_a_fault_is_run() -> None:
    lines = list(score_lines(1, 5))
    assert run_shard(LinesTask(), lines) == LinesTask().run(lines)
