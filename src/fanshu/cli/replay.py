"""``fanshu replay FILE``: replay every game of a JSON Lines game log (``fanshu simulate
--out``, ``fanshu.engine.log``), verify that each comes out exactly as logged, and
summarise the games: wins per seat, drawn games, length, fans."""

from __future__ import annotations

import contextlib
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import IO, Annotated, Any

import typer
from rich import box
from rich.console import Console
from rich.table import Table

from fanshu.batch.executors import ExecutorError
from fanshu.batch.job import run_to_output
from fanshu.batch.shards import shards
from fanshu.batch.tasks import ReplayTask, logged_games
from fanshu.cli.errors import fail
from fanshu.cli.jsonl import (
    Execution,
    RayAddressOption,
    RayOption,
    WorkersOption,
    job_progress,
    say_retries,
    stop_interrupted,
    want_progress,
    where,
)
from fanshu.engine.log import GameLog, LogError, iter_games
from fanshu.engine.replay import Summary
from fanshu.errors import FanshuError
from fanshu.rules import get_rules

#: Exit status when a game does not replay as logged (2 is a file that cannot be read).
EXIT_MISMATCH = 1
#: Fans shown per rule set in the text summary (``--json`` lists them all).
FANS_SHOWN = 20


def replay_command(
    file: Annotated[
        str, typer.Argument(metavar="FILE", help="A JSON Lines game log, or - for stdin.")
    ],
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
    progress: Annotated[
        bool | None,
        typer.Option(
            "--progress/--no-progress",
            help="Progress bar on stderr. Default: shown for long files when stderr is a "
            "terminal and stdout is not.",
            show_default=False,
        ),
    ] = None,
    workers: WorkersOption = None,
    ray: RayOption = False,
    ray_address: RayAddressOption = None,
) -> None:
    """Replay every game of a game log and verify it: each game is rebuilt from its start
    event and its logged decisions, every event must come out as logged, no tile may be
    created or lost, and the payments must add up to zero.  Prints a summary: games, wins
    per seat, drawn games, average length, fan frequency.  Games are replayed on
    --workers local processes or on Ray; the summary is the same either way.

    Exit status: 0 every game replays as logged, 1 a game does not (each named on stderr
    by game, event and line), 2 the file cannot be read or a line is not a log event,
    130 after Ctrl-C.
    """
    stream, total = _open(file)
    show = want_progress(progress, total)
    execution = Execution(workers, ray, ray_address)
    try:
        games = logged_games(iter_games(stream))
        # a game is about a hundred lines: aim the shard size at the games in the file
        size = execution.size_for(None if total is None else total // 100 + 1, REPLAY_SHARD)
        executor = execution.executor()
        with job_progress(show, total, "replaying", "lines") as advance:
            work = shards(games, size, weigh=_lines_weigher())
            report = run_to_output(ReplayTask(), work, executor, None, progress=advance)
    except LogError as e:
        raise fail(f"{_name(file)}: {e}") from None
    except ExecutorError as e:
        raise fail(str(e)) from None
    finally:
        if stream is not sys.stdin.buffer:
            stream.close()
    say_retries(report, "games")
    if report.interrupted:
        raise stop_interrupted(report, None, None, "games", how="no summary of part of a log")
    summary: Summary = report.aggregate
    elapsed = report.elapsed
    data = {"file": _name(file), **summary.to_dict()}
    if as_json:
        try:
            typer.echo(json.dumps(data, ensure_ascii=False, indent=2))
        except BrokenPipeError:
            _stdout_gone()
    else:
        _print_summary(data, _Stdout(highlight=False))
    if show:
        rate = summary.games / elapsed if elapsed else 0.0
        Console(stderr=True, highlight=False).print(
            f"replayed {summary.games} games in {elapsed:.1f}s ({rate:.0f} games/s) "
            f"on {where(report)}"
        )
    if summary.mismatches:
        for m in summary.mismatches:
            typer.echo(f"error: {m}", err=True)
        raise typer.Exit(EXIT_MISMATCH)


#: Games per shard (least, most).
REPLAY_SHARD = (4, 50)


# -- input and progress ---------------------------------------------------------------


def _name(file: str) -> str:
    return "stdin" if file == "-" else file


def _open(file: str) -> tuple[IO[bytes], int | None]:
    """The log as bytes (each line decoded by the reader) and its number of lines."""
    if file == "-":
        return sys.stdin.buffer, None
    try:
        stream = open(file, "rb")  # noqa: SIM115 (closed by the command)
        with open(file, "rb") as counter:
            total = sum(1 for _ in counter)
    except OSError as e:
        raise fail(f"cannot read {file}: {e.strerror or e}") from None
    return stream, total


def _lines_weigher() -> Callable[[Sequence[GameLog]], int]:
    """What a shard of games adds to the bar: the file's lines up to its last game's
    last line, from where the shard before it ended."""
    last = 0

    def weigh(logs: Sequence[GameLog]) -> int:
        nonlocal last
        end = max((log.lines[-1] for log in logs if log.lines), default=last)
        weight, last = end - last, end
        return weight

    return weigh


def _stdout_gone() -> None:
    """The reader went away (``| head``): drop the rest of stdout quietly, so that the
    exit status still says whether the games replayed."""
    with contextlib.suppress(OSError, ValueError):
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


class _Stdout(Console):
    def on_broken_pipe(self) -> None:
        self.quiet = True
        _stdout_gone()


# -- the summary ----------------------------------------------------------------------


def _table(title: str) -> Table:
    return Table(title=title, title_justify="left", title_style="bold", header_style="bold",
                 box=box.SIMPLE_HEAD, pad_edge=False)  # fmt: skip


def _pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "—"


def _english(rules: str) -> dict[str, str]:
    try:
        return {f.name_zh: f.name_en for f in get_rules(rules).fans}
    except (FanshuError, AttributeError):
        return {}


def _print_summary(data: dict[str, Any], console: Console) -> None:
    games, same = data["games"], data["identical"]
    verdict = "all replay as logged" if same == games else f"{games - same} do not replay"
    console.print(f"[bold]{data['file']}[/] · {games} games · {same} identical · {verdict}",
                  soft_wrap=True)  # fmt: skip
    if not data["rules"]:
        return
    table = _table("Games 牌局 (those that replay as logged; events, turns, decisions per game)")
    for name, justify in (
        ("Rules", "left"),
        ("Games", "right"),
        ("Wins by seat", "right"),
        ("Drawn", "right"),
        ("Events", "right"),
        ("Turns", "right"),
        ("Decisions", "right"),
    ):
        table.add_column(name, justify=justify, no_wrap=True)  # type: ignore[arg-type]
    for rules, r in data["rules"].items():
        table.add_row(
            rules, str(r["games"]), " / ".join(str(w) for w in r["wins_by_seat"]),
            f"{r['drawn']} ({_pct(r['drawn'], r['games'])})", f"{r['events_per_game']:.1f}",
            f"{r['turns_per_game']:.1f}", f"{r['decisions_per_game']:.1f}",
        )  # fmt: skip
    console.print(table)
    for rules, r in data["rules"].items():
        if not r["fans"]:
            console.print(f"{rules}: no fans scored (no game was won)")
            continue
        english = _english(rules)
        fans = _table(f"Fans 番种 · {rules} (wins that scored each, of {r['wins']})")
        fans.add_column("番种", no_wrap=True)
        fans.add_column("Fan")
        fans.add_column("Wins", justify="right")
        fans.add_column("% of wins", justify="right")
        shown = list(r["fans"].items())
        for name, count in shown[:FANS_SHOWN]:
            fans.add_row(name, english.get(name, ""), str(count), _pct(count, r["wins"]))
        console.print(fans)
        if len(shown) > FANS_SHOWN:
            console.print(f"… and {len(shown) - FANS_SHOWN} more fans (--json lists them all)")
