"""The per-shard work of each batch command, as small picklable task objects that a
worker process (or a Ray task) runs on a shard's items.

A task's :meth:`run` turns a shard's items into a :class:`ShardResult`: the shard's JSON
Lines output as one string, and a partial aggregate (line counts, a simulation summary,
replay reports) that :meth:`merge` adds, shard after shard in input order, into the
job's total.  Everything a task does depends on the items only — never on the worker or
on the shard's size — so the output is the same whatever runs it.

>>> task = LinesTask()
>>> r = task.run(['{"id": 1, "hand": "[EEEE]123m456p789s11s"}', "", '{"hand": 5}'])
>>> r.lines, r.aggregate
(2, (1, 1))
>>> sim = SimulateTask("two-player", ("random", "random"), seed=3, log=False)
>>> total = sim.merge(sim.merge(sim.empty(), sim.run(range(0, 2)).aggregate),
...                   sim.run(range(2, 5)).aggregate)
>>> total.to_dict() == simulate("two-player", 5, ["random", "random"], 3).to_dict()
True
"""

from __future__ import annotations

import dataclasses
import json
import os
import signal
import time
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from fanshu.engine.config import GameConfig
from fanshu.engine.log import GameLog, game_lines, iter_games
from fanshu.engine.replay import Mismatch, ReplayReport, replay_game
from fanshu.engine.replay import Summary as ReplaySummary
from fanshu.engine.simulate import Summary, play_game, simulate
from fanshu.protocol.lines import LineHandler, process_line
from fanshu.protocol.text import is_text
from fanshu.rules import DEFAULT_RULES

__all__ = [
    "FAULT_DIE",
    "FAULT_HANG",
    "LinesTask",
    "ReplayTask",
    "ShardResult",
    "SimulateTask",
    "Task",
    "logged_games",
    "logged_games_text",
    "merge_summary",
    "replay_record",
    "replay_summary_from_json",
    "replay_summary_to_json",
    "run_shard",
    "summary_from_json",
    "summary_to_json",
]

#: The fault a test can ask a worker for (``FANSHU_BATCH_FAULT=die:K``): it dies
#: (SIGKILL) half way through shard K, on the shard's first attempt only.
FAULT_DIE = "die"
#: The fault ``FANSHU_BATCH_FAULT=hang:K`` asks for: the worker stops making progress half
#: way through shard K, on its first attempt (for ``--shard-timeout`` to notice).
FAULT_HANG = "hang"


@dataclass(frozen=True, slots=True)
class ShardResult:
    """What a shard came to: ``text`` its output lines (each ending in a newline),
    ``lines`` how many, ``aggregate`` the task's partial total."""

    text: str = ""
    lines: int = 0
    aggregate: Any = None
    #: The rule set of each output line, when the task was asked for them (a Parquet
    #: output's ``rules`` column: a score output line does not name its rule set).
    rules: tuple[str | None, ...] | None = None
    #: CPU seconds the shard took where it ran (not compared: it varies from run to run).
    cpu: float = field(default=0.0, compare=False)


class Task(Protocol):
    """The work of one kind of job, done shard by shard."""

    def run(self, items: Sequence[Any]) -> ShardResult:
        """The result of one shard's items."""
        ...

    def empty(self) -> Any:
        """The total before any shard."""
        ...

    def merge(self, total: Any, part: Any) -> Any:
        """``total`` with a shard's partial aggregate added (shards come in order)."""
        ...

    def dump(self, total: Any) -> Any:
        """``total`` as JSON (kept in a resume record)."""
        ...

    def load(self, data: Any) -> Any:
        """A total read back from :meth:`dump`'s JSON."""
        ...


def run_shard(task: Task, items: Sequence[Any], fault: str | None = None) -> ShardResult:
    """Run ``task`` on a shard's items, as a worker does.  ``fault`` is a test hook:
    :data:`FAULT_DIE` kills this process half way through the shard, :data:`FAULT_HANG`
    makes it hang there (the executor is to notice, and run the shard again elsewhere)."""
    if fault in (FAULT_DIE, FAULT_HANG):
        task.run(items[: len(items) // 2])
        if fault == FAULT_DIE:
            os.kill(os.getpid(), signal.SIGKILL)
        while True:  # hung: only being stopped from outside ends it
            time.sleep(60)
    started = time.process_time()
    result = task.run(items)
    return dataclasses.replace(result, cpu=time.process_time() - started)


# -- score and analyze: JSON Lines in, JSON Lines out ------------------------------------


@dataclass(frozen=True, slots=True)
class LinesTask:
    """Each input line through ``handle`` (``score_line`` by default, ``analyze_line``
    for ``fanshu analyze``): one output line per non-empty input line.  The aggregate is
    (lines scored, lines that gave an error object).  With ``with_rules`` the result also
    names each output line's rule set (the input's ``rules``, ``mcr`` when absent; None
    for a line that is not a JSON object)."""

    handle: LineHandler | None = None
    with_rules: bool = False

    def run(self, items: Sequence[str]) -> ShardResult:
        out: list[str] = []
        rules: list[str | None] = []
        ok = 0
        for line in items:
            text = process_line(line, self.handle)
            if text is None:
                continue
            out.append(text)
            if text.endswith('"error": null}'):
                ok += 1
            if self.with_rules:
                rules.append(_rules_of(line))
        n = len(out)
        return ShardResult(
            "\n".join(out) + "\n" if out else "",
            n,
            (ok, n - ok),
            tuple(rules) if self.with_rules else None,
        )

    def empty(self) -> tuple[int, int]:
        return (0, 0)

    def merge(self, total: tuple[int, int], part: tuple[int, int]) -> tuple[int, int]:
        return (total[0] + part[0], total[1] + part[1])

    def dump(self, total: tuple[int, int]) -> Any:
        return {"ok": total[0], "errors": total[1]}

    def load(self, data: Any) -> tuple[int, int]:
        return (int(data["ok"]), int(data["errors"]))


def _rules_of(line: str) -> str | None:
    try:
        obj = json.loads(line)
    except (ValueError, RecursionError):
        return None
    if not isinstance(obj, dict):
        return None
    rules = obj.get("rules")
    if rules is None:
        return DEFAULT_RULES
    return rules if isinstance(rules, str) and is_text(rules) else None


# -- simulate: game numbers in, log lines and a summary out ----------------------------


@dataclass(frozen=True, slots=True)
class SimulateTask:
    """Play the games whose numbers are the items (game ``k`` of the run is fixed by the
    master seed and ``k`` alone: :func:`fanshu.engine.simulate.game_seed`); the output is
    their log lines when ``log`` is set, the aggregate their :class:`Summary`."""

    rules: str
    players: tuple[str, ...]
    seed: int = 0
    options: Mapping[str, Any] | None = None
    config: GameConfig | None = None
    log: bool = True

    def run(self, items: Sequence[int]) -> ShardResult:
        summary = self.empty()
        out: list[str] = []
        for k in items:
            game = play_game(
                self.rules, k, self.players, self.seed, options=self.options, config=self.config
            )
            summary.add(game)
            if self.log:
                out.extend(game_lines(game.events, game=k))
        text = "\n".join(out) + "\n" if out else ""
        return ShardResult(text, len(out), summary)

    def empty(self) -> Summary:
        # ``simulate`` of no game checks the names and gives the empty summary
        return simulate(
            self.rules, 0, self.players, self.seed, options=self.options, config=self.config
        )

    def merge(self, total: Summary, part: Summary) -> Summary:
        return merge_summary(total, part)

    def dump(self, total: Summary) -> Any:
        return summary_to_json(total)

    def load(self, data: Any) -> Summary:
        return summary_from_json(data)


def merge_summary(total: Summary, part: Summary) -> Summary:
    """``total`` with the games of ``part`` added (in place; returned): counts are added,
    per-seat lists added seat by seat, fan counters summed.  Both must be of the same run
    (rules, seed, players)."""
    for name in ("rules", "seed", "players"):
        if getattr(total, name) != getattr(part, name):
            raise ValueError(f"summaries of different runs: {name} differs")
    for f in dataclasses.fields(total):
        if f.name in ("rules", "seed", "players"):
            continue
        mine, theirs = getattr(total, f.name), getattr(part, f.name)
        if isinstance(mine, Counter):
            mine.update(theirs)
        elif isinstance(mine, list):
            setattr(total, f.name, [a + b for a, b in zip(mine, theirs, strict=True)])
        elif isinstance(mine, int) and not isinstance(mine, bool):
            setattr(total, f.name, mine + theirs)
        else:  # a field this merge does not know: refuse rather than drop it
            raise TypeError(f"cannot merge Summary.{f.name} of type {type(mine).__name__}")
    return total


def summary_to_json(summary: Summary) -> dict[str, Any]:
    """Every field of a simulation summary as JSON (a Counter as an object)."""
    out: dict[str, Any] = {}
    for f in dataclasses.fields(summary):
        value = getattr(summary, f.name)
        out[f.name] = dict(value) if isinstance(value, Counter) else value
    return out


def summary_from_json(data: Mapping[str, Any]) -> Summary:
    """The summary :func:`summary_to_json` wrote."""
    values = dict(data)
    values["fan_counts"] = Counter(values.get("fan_counts", {}))
    return Summary(**values)


# -- replay: logged games in, a line per game and replay reports out ----------------------

#: The reason :func:`fanshu.engine.replay.iter_replays` gives for a game the log skips.
NO_EVENTS = "the log has no events of this game"


def logged_games(games: Iterable[GameLog]) -> Iterator[GameLog]:
    """The games read from a log, with an empty :class:`GameLog` for each game number
    the log skips (as :func:`fanshu.engine.replay.iter_replays` reports them)."""
    expected = 0
    for log in games:
        for missing in range(expected, log.index):
            yield GameLog(missing)
        yield log
        expected = log.index + 1


def logged_games_text(lines: Iterable[bytes]) -> Iterator[tuple[GameLog, bytes]]:
    """:func:`logged_games` of a log read as bytes, each game with the bytes of its lines
    as read (any blank lines before it included; b"" for a game the log skips), so that
    a resumed replay can check it is given the same log (a digest of those bytes).

    >>> log = [b'{"v":1,"game":0,"seq":0,"type":"start"}\\n', b"\\n",
    ...        b'{"v":1,"game":2,"seq":0,"type":"start"}\\n']
    >>> [(g.index, g.lines, text.count(b"\\n")) for g, text in logged_games_text(log)]
    [(0, [1], 1), (1, [], 0), (2, [3], 2)]
    """
    read: list[tuple[int, bytes]] = []  # lines read and not yet given to a game

    def reading() -> Iterator[bytes]:
        for lineno, line in enumerate(lines, start=1):
            read.append((lineno, line))
            yield line

    for log in logged_games(iter_games(reading())):
        if not log.lines:
            yield log, b""
            continue
        # the reader has read one line past the game (the next game's first): keep it
        n = next((i for i, (lineno, _) in enumerate(read) if lineno > log.lines[-1]), len(read))
        text = b"".join(line for _, line in read[:n])
        del read[:n]
        yield log, text


def replay_record(log: GameLog, report: ReplayReport) -> dict[str, Any]:
    """A replayed game as the line ``fanshu replay --out`` writes (docs/batch.md):
    ``game``, ``line`` (its first line in the log), ``ok``, ``events`` (logged),
    ``checked`` (the events that came out as logged before the first mismatch), the
    figures the log gives and the ``mismatch`` (null when ok)."""
    m = report.mismatch
    return {
        "game": report.game,
        "line": log.lines[0] if log.lines else None,
        "ok": report.ok,
        "events": report.events,
        "checked": report.events if m is None else min(m.seq, report.events),
        "rules": report.rules,
        "seats": report.seats,
        "decisions": report.decisions,
        "turns": report.turns,
        "result": report.result,
        "winners": report.winners,
        "scores": report.scores,
        "fans": report.fans,
        "mismatch": None if m is None else m.to_dict(),
    }


@dataclass(frozen=True, slots=True)
class ReplayTask:
    """Replay each logged game (items are :class:`GameLog`); the output is a line per
    game (:func:`replay_record`) when ``lines`` is set, the aggregate the games'
    :class:`ReplayReport`, summed into a replay ``Summary``.  A game with no events
    stands for a game number the log skips (see :func:`logged_games`), reported as
    :func:`fanshu.engine.replay.iter_replays` does."""

    lines: bool = False

    def run(self, items: Sequence[GameLog]) -> ShardResult:
        reports = [
            replay_game(log)
            if log.events
            else ReplayReport(log.index, mismatch=Mismatch(log.index, 0, None, NO_EVENTS))
            for log in items
        ]
        if not self.lines:
            return ShardResult("", 0, reports)
        out = [
            json.dumps(replay_record(log, r), ensure_ascii=False) + "\n"
            for log, r in zip(items, reports, strict=True)
        ]
        return ShardResult("".join(out), len(out), reports)

    def empty(self) -> ReplaySummary:
        return ReplaySummary()

    def merge(self, total: ReplaySummary, part: list[ReplayReport]) -> ReplaySummary:
        for report in part:
            total.add(report)
        return total

    def dump(self, total: ReplaySummary) -> Any:
        return replay_summary_to_json(total)

    def load(self, data: Any) -> ReplaySummary:
        return replay_summary_from_json(data)


# The engine's replay Summary has no JSON round trip of its own and keeps its per-rule-set
# totals in ``_rules``; a resume record needs them, so they are read and restored here.
# Counters keep their order (it breaks ties among fans in the summary).


def replay_summary_to_json(total: ReplaySummary) -> dict[str, Any]:
    """A replay summary as JSON: games, the mismatches, the totals per rule set."""
    rules = {name: {**r, "fans": dict(r["fans"])} for name, r in total._rules.items()}
    return {
        "games": total.games,
        "mismatches": [m.to_dict() for m in total.mismatches],
        "rules": rules,
    }


def replay_summary_from_json(data: Mapping[str, Any]) -> ReplaySummary:
    """The replay summary :func:`replay_summary_to_json` wrote."""
    total = ReplaySummary()
    total.games = int(data["games"])
    names = [f.name for f in dataclasses.fields(Mismatch)]
    total.mismatches = [Mismatch(**{k: m.get(k) for k in names}) for m in data["mismatches"]]
    total._rules = {name: {**r, "fans": Counter(r["fans"])} for name, r in data["rules"].items()}
    return total
