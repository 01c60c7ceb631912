"""``fanshu simulate``: play many seeded hands between bots and print what they came to
(wins per seat and bot, fans, draws, hand length), optionally logging every game."""

from __future__ import annotations

import json
from dataclasses import asdict, fields
from typing import Annotated, Any

import typer
from rich.console import Console

from fanshu.batch.executors import ExecutorError
from fanshu.batch.job import JobReport, Output, run_to_output
from fanshu.batch.shards import game_shards
from fanshu.batch.tasks import SimulateTask
from fanshu.cli.errors import fail
from fanshu.cli.jsonl import (
    DEFAULT_EXECUTION,
    Execution,
    FormatOption,
    job_progress,
    open_output,
    output_format_or_fail,
    say_retries,
    stop_interrupted,
    want_progress,
    where,
    with_execution,
)
from fanshu.cli.options import (
    GameConfigOption,
    GameOptionOption,
    GameRulesOption,
    game_players_help,
    players_option,
)
from fanshu.cli.score import parse_option_assignments, yes_or_no
from fanshu.cli.tables import add_columns, percent, summary_table
from fanshu.engine.config import GameConfig
from fanshu.engine.players import PLAYERS
from fanshu.engine.simulate import Summary, check_players, seats_of
from fanshu.errors import FanshuError, OptionError
from fanshu.protocol.errors import LineError
from fanshu.rules import get_rules

_WINDS = "ESWN"
#: ``--players``: a bot name per seat.
GamePlayersOption = Annotated[str | None, players_option(game_players_help(PLAYERS))]


# -- shared with ``fanshu play`` -------------------------------------------------------------


def whole_number(name: str, raw: str, *, least: int | None = None) -> int:
    """``raw`` as an int, or ``OptionError`` naming the option."""
    try:
        value = int(raw.strip())
    except ValueError:
        raise OptionError(f"{name} is a whole number, not {raw!r}") from None
    if least is not None and value < least:
        raise OptionError(f"{name} is a whole number of at least {least}, not {value}")
    return value


def parse_config(items: list[str] | None) -> GameConfig:
    """``["dealer=1", "exchange_three=true"]`` as a checked ``GameConfig``."""
    kinds = {f.name: str(f.type) for f in fields(GameConfig)}
    data: dict[str, Any] = {}
    for item in items or []:
        name, eq, raw = item.partition("=")
        name, raw = name.strip(), raw.strip()
        if not eq or not name:
            raise OptionError(f"--config takes name=value, not {item!r}")
        kind = kinds.get(name)
        if kind is None:
            raise OptionError(f"unknown config {name!r}; known: {', '.join(kinds)}")
        if kind == "bool":
            truth = yes_or_no(raw)
            if truth is None:
                raise OptionError(f"{name} is true or false, not {raw!r}")
            data[name] = truth
        elif kind == "int":
            data[name] = whole_number(name, raw)
        else:
            try:
                data[name] = float(raw)
            except ValueError:
                raise OptionError(f"{name} is a number, not {raw!r}") from None
    return GameConfig.from_dict(data)


def parse_options(rules: str, items: list[str] | None) -> dict[str, Any] | None:
    """The ``-o name=value`` items as the rule set's options (checked by the engine)."""
    if not items:
        return None
    try:
        options = parse_option_assignments(items, rules)
    except LineError as e:
        raise OptionError(e.message) from None
    get_rules(rules).options_from(options)  # unknown names and bad values fail here
    return options


def player_names(rules: str, text: str | None, default: str = "random") -> list[str]:
    """The comma-separated ``--players`` list, checked (default: ``default`` in every seat)."""
    n = seats_of(rules)
    if text is None:
        return [default] * n
    names = [p.strip() for p in text.split(",")]
    if any(not p for p in names):
        raise OptionError(f"--players is a comma-separated list of bot names, not {text!r}")
    return check_players(rules, names)


# -- the command -----------------------------------------------------------------------------


@with_execution
def simulate_command(
    rules: GameRulesOption = "mcr",
    games: Annotated[
        str, typer.Option("--games", "-n", metavar="N", help="How many hands to play.")
    ] = "100",
    players: GamePlayersOption = None,
    seed: Annotated[
        str,
        typer.Option(
            "--seed", "-s", metavar="S", help="Master seed: game k is fixed by (S, k) alone."
        ),
    ] = "0",
    out: Annotated[
        str | None,
        typer.Option(
            "--out",
            metavar="FILE",
            help="Write every game's events to FILE as JSON Lines (the fanshu replay log), "
            "or one record per game to a Parquet FILE (--format parquet, or a .parquet FILE).",
            show_default=False,
        ),
    ] = None,
    output_format: FormatOption = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the summary as one JSON object.")
    ] = False,
    option: GameOptionOption = None,
    config: GameConfigOption = None,
    progress: Annotated[
        bool | None,
        typer.Option(
            "--progress/--no-progress",
            help="Progress bar on stderr. Default: when stderr is a terminal.",
            show_default=False,
        ),
    ] = None,
    execution: Execution = DEFAULT_EXECUTION,
    resume: Annotated[
        bool,
        typer.Option(
            "--resume",
            help="Continue an interrupted run writing --out FILE from where FILE.resume.json "
            "says it stopped: the log and the summary are those of an uninterrupted run.",
        ),
    ] = False,
) -> None:
    """Play N seeded hands between bots and sum them up: wins per seat and per bot, false
    wins, draws, the average fan of a win, how often each fan was scored and how long
    hands last.  The same seed gives the same games, summary and log, whatever
    --workers or --ray: game k depends on the seed and k alone, and the log is written in
    game order.  Exit status 130 after Ctrl-C (with --out FILE, --resume continues)."""
    try:
        seats_of(rules)
        n_games = whole_number("--games", games, least=0)
        master = whole_number("--seed", seed)
        names = player_names(rules, players)
        options = parse_options(rules, option)
        cfg = parse_config(config)
        if cfg.dealer >= len(names):
            raise OptionError(f"dealer is a seat number 0-{len(names) - 1}, not {cfg.dealer}")
    except FanshuError as e:
        raise fail(str(e)) from None
    if resume and out is None:
        raise fail("--resume needs --out FILE: the run to continue is the one writing FILE")
    form = output_format_or_fail(output_format, out, resume=resume)
    task = SimulateTask(rules, tuple(names), master, options, cfg, log=out is not None)
    output = None
    if out is not None:
        job = {
            "command": "simulate",
            "rules": rules,
            "games": n_games,
            "players": names,
            "seed": master,
            "options": options,
            "config": asdict(cfg),
        }
        output = open_output(out, job=job, resume=resume, fmt=form, kind="games", players=names)
    show = want_progress(progress, n_games)
    try:
        report = _run(task, n_games, execution, output, show)
    except FanshuError as e:
        raise fail(str(e)) from None
    except ExecutorError as e:
        raise fail(str(e)) from None
    say_retries(report, "hands")
    if report.interrupted:
        raise stop_interrupted(
            report,
            output,
            n_games,
            "hands",
            how="no summary of part of a run; with --out FILE, --resume continues it",
        )
    summary: Summary = report.aggregate
    if as_json:
        typer.echo(json.dumps(summary.to_dict(), ensure_ascii=False))
        return
    print_summary(summary, Console(highlight=False))
    if want_progress(progress, None):
        elapsed = report.elapsed
        rate = report.items / elapsed if elapsed else 0.0
        Console(stderr=True, highlight=False).print(
            f"played {n_games} hands in {elapsed:.1f}s ({rate:.0f} hands/s) on {where(report)}"
        )


#: Games per shard (least, most): a hand between bots takes 5-50 ms.
SIMULATE_SHARD = (4, 50)


def _run(
    task: SimulateTask,
    games: int,
    execution: Execution,
    output: Output | None,
    show: bool,
) -> JobReport:
    """Play the games (those an interrupted run left, with ``--resume``) on the executor,
    writing the log in game order and advancing the bar as shards of games end."""
    first = output.position.items if output is not None else 0
    size = execution.size_for(games - first, SIMULATE_SHARD)
    executor = execution.executor()
    with job_progress(show, games, task.rules, "hands", completed=first) as advance:
        return run_to_output(
            task, game_shards(games, size, first=first), executor, output, progress=advance
        )


# -- the tables --------------------------------------------------------------------------------


def _num(x: float | None, digits: int = 1) -> str:
    return "—" if x is None else f"{x:.{digits}f}"


def print_summary(summary: Summary, console: Console) -> None:
    """The summary as tables: seats, bots, the totals, and the fans scored."""
    d = summary.to_dict()
    games = d["games"]
    four = len(summary.players) == 4
    console.print(
        f"[bold]{summary.rules}[/] · {games} hands · seed {summary.seed} · "
        f"players {', '.join(summary.players)}"
    )
    seats = summary_table("Seats 座位")
    add_columns(
        seats,
        (
            ("Seat", "left"),
            ("Bot", "left"),
            ("Wins", "right"),
            ("Win %", "right"),
            ("False wins", "right"),
            ("Avg score", "right"),
        ),
    )
    for row in d["seats"]:
        seat = f"{row['seat']} {_WINDS[row['seat']]}" if four else str(row["seat"])
        seats.add_row(
            seat,
            row["player"],
            str(row["wins"]),
            percent(row["wins"], games),
            str(row["false_wins"]),
            _num(row["average_score"], 2),
        )
    console.print(seats)
    bots = summary_table("Bots 选手")
    add_columns(
        bots,
        (
            ("Bot", "left"),
            ("Seats", "right"),
            ("Wins", "right"),
            ("Win % per seat", "right"),
            ("False wins", "right"),
            ("Avg score per seat", "right"),
        ),
    )
    for name, row in d["by_player"].items():
        rate = None if row["win_rate"] is None else 100 * row["win_rate"]
        bots.add_row(
            name,
            str(row["seats"]),
            str(row["wins"]),
            "—" if rate is None else f"{rate:.1f}%",
            str(row["false_wins"]),
            _num(row["average_score"], 2),
        )
    console.print(bots)
    totals = summary_table("Hands 牌局")
    totals.show_header = False
    totals.add_column("")
    totals.add_column("", justify="right")
    totals.add_row("hands", str(games))
    totals.add_row("wins", str(d["wins"]))
    totals.add_row("drawn hands (no winner)", f"{d['draws']} ({percent(d['draws'], games)})")
    totals.add_row("false wins (错和)", str(d["false_wins"]))
    totals.add_row("average fan of a win", _num(d["average_fan"]))
    totals.add_row("average length: turns", _num(d["average_turns"]))
    totals.add_row("average length: discards", _num(d["average_discards"]))
    totals.add_row("average decisions", _num(d["average_decisions"]))
    console.print(totals)
    if not d["fans"]:
        console.print("no fans scored: no hand was won")
        return
    english = {f.name_zh: f.name_en for f in get_rules(summary.rules).fans}
    fans = summary_table("Fans 番种 (wins that scored each)")
    fans.add_column("番种", no_wrap=True)
    fans.add_column("Fan")
    fans.add_column("Wins", justify="right")
    fans.add_column("% of wins", justify="right")
    for name, count in d["fans"].items():
        fans.add_row(name, english.get(name, ""), str(count), percent(count, d["wins"]))
    console.print(fans)
