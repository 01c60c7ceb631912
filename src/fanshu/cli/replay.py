"""``fanshu replay FILE``: replay every game of a JSON Lines game log (``fanshu simulate
--out``, ``fanshu.engine.log``), verify that each comes out exactly as logged, and
summarise the games: wins per seat, drawn games, length, fans.  ``--out OUT`` adds a
line per game, resumable (``--resume``) as the other batch commands' outputs are.

A Botzone Chinese-Standard-Mahjong match log (the one JSON object or list Botzone gives
for a match, ``fanshu.botzone.logs``) is recognised and re-scored instead: every hand
Botzone's judge scored, and the ending, beside fanshu's figures."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sys
from collections.abc import Iterable, Iterator
from itertools import islice
from typing import IO, Annotated, Any

import typer
from rich.console import Console

from fanshu.batch.executors import ExecutorError
from fanshu.batch.job import JobReport, Output, run_to_output
from fanshu.batch.shards import Shard, shards
from fanshu.batch.tasks import ReplayTask, logged_games_text
from fanshu.botzone.logs import BotzoneGame, BotzoneLogError, is_botzone_log, rescore
from fanshu.cli.errors import fail
from fanshu.cli.jsonl import (
    DEFAULT_EXECUTION,
    Execution,
    job_progress,
    open_output,
    say_retries,
    stop_interrupted,
    stop_while_checking,
    want_progress,
    where,
    with_execution,
)
from fanshu.cli.tables import add_columns, percent, summary_table
from fanshu.engine.log import GameLog, LogError
from fanshu.engine.replay import Summary
from fanshu.errors import FanshuError
from fanshu.rules import get_rules

#: Exit status when a game does not replay as logged (2 is a file that cannot be read).
EXIT_MISMATCH = 1
#: Fans shown per rule set in the text summary (``--json`` lists them all).
FANS_SHOWN = 20


@with_execution
def replay_command(
    file: Annotated[
        str,
        typer.Argument(
            metavar="FILE",
            help="A JSON Lines game log, or - for stdin; or a Botzone match log file (one "
            "JSON object or list) to re-score. 或 Botzone 对局日志（一个 JSON 对象或数组），"
            "逐手重算番数。",
        ),
    ],
    as_json: Annotated[bool, typer.Option("--json", help="Print the summary as JSON.")] = False,
    out: Annotated[
        str | None,
        typer.Option(
            "--out",
            metavar="OUT",
            help="Also write one JSON line per game to OUT (game, its first line in the log, "
            "ok, events checked, the mismatch); if the run is interrupted, OUT.resume.json "
            "says where it stopped and --resume continues it.",
            show_default=False,
        ),
    ] = None,
    progress: Annotated[
        bool | None,
        typer.Option(
            "--progress/--no-progress",
            help="Progress bar on stderr. Default: shown for long files when stderr is a "
            "terminal and stdout is not.",
            show_default=False,
        ),
    ] = None,
    execution: Execution = DEFAULT_EXECUTION,
    resume: Annotated[
        bool,
        typer.Option(
            "--resume",
            help="Continue an interrupted run writing --out OUT from where OUT.resume.json "
            "says it stopped (the same log, unchanged): OUT and the summary are those of an "
            "uninterrupted run.",
        ),
    ] = False,
) -> None:
    """Replay every game of a game log and verify it: each game is rebuilt from its start
    event and its logged decisions, every event must come out as logged, no tile may be
    created or lost, and the payments must add up to zero.  Prints a summary: games, wins
    per seat, drawn games, average length, fan frequency; --out OUT adds a line per game.
    Games are replayed on --workers local processes or on Ray; the summary and OUT are
    the same either way.

    A Botzone Chinese-Standard-Mahjong match log (the JSON object or list Botzone gives
    for a match) is re-scored instead: every hand Botzone's judge scored (its canHu
    figures and the final HU) is scored by fanshu with the judge's flags, and the fans
    and payments are compared; a difference the judge's own counting rule explains is
    shown as such.  读取 Botzone 国标麻将对局日志：逐手用 fanshu 重算裁判算过的番数与得分并比较。

    Exit status: 0 every game replays as logged, 1 a game does not (each named on stderr
    by game, event and line), 2 the file cannot be read or a line is not a log event,
    130 after Ctrl-C (with --out OUT, --resume continues).  For a Botzone log: 0 fanshu
    agrees with the judge (but for the explained differences), 1 it does not, 2 not a
    Botzone log that fanshu can follow.
    """
    botzone = _botzone_data(file) if file != "-" else None
    if botzone is not None:
        if out is not None or resume:
            raise fail(
                "--out and --resume are for JSON Lines logs; a Botzone match log is one "
                "match: use --json for a machine-readable report"
            )
        _replay_botzone(file, botzone, as_json)
        return
    if resume and out is None:
        raise fail("--resume needs --out OUT: the run to continue is the one writing OUT")
    if out is not None and file != "-" and _same_file(file, out):
        raise fail(f"--out {out} is the log being replayed: write the lines to another file")
    stream, total = _open(file)
    output: Output | None = None
    try:
        if out is not None:
            job = {
                "command": "replay",
                "log": file if file == "-" else os.path.abspath(file),
                "format": "jsonl",
            }
            output = open_output(out, job=job, resume=resume)
        show = want_progress(progress, total, to_file=out is not None)
        report = _run(file, stream, total, execution, output, show)
    except LogError as e:
        raise fail(f"{_name(file)}: {e}") from None
    except ExecutorError as e:
        raise fail(str(e)) from None
    finally:
        if stream is not sys.stdin.buffer:
            stream.close()
    say_retries(report, "games")
    if report.interrupted:
        raise stop_interrupted(
            report,
            output,
            None,
            "games",
            how="no summary of part of a log; with --out OUT, --resume continues it",
        )
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
        rate = report.items / elapsed if elapsed else 0.0  # this run's games
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


def _run(
    file: str,
    stream: IO[bytes],
    total: int | None,
    execution: Execution,
    output: Output | None,
    show: bool,
) -> JobReport:
    """Replay the games (after a resume, those an interrupted run left, once the games
    it did are checked to be the same bytes) on the executor, writing a line per game to
    ``output`` in game order.  The output is closed whatever happens."""
    games = logged_games_text(stream)
    digest = hashlib.sha256()
    skip = output.position.items if output is not None else 0
    skipped_lines = 0
    try:
        try:
            for log, text in islice(games, skip):
                digest.update(text)
                skipped_lines = log.lines[-1] if log.lines else skipped_lines
        except KeyboardInterrupt:
            assert output is not None  # games are skipped on a resume only
            raise stop_while_checking(output, "games") from None
        if output is not None and skip and digest.hexdigest() != output.position.digest:
            raise fail(
                f"cannot resume: the first {skip} games of {_name(file)} are not the "
                f"log {output.path} was written from"
            )
        # a game is about a hundred lines: aim the shard size at the games left
        left = None if total is None else (total - skipped_lines) // 100 + 1
        size = execution.size_for(left, REPLAY_SHARD)
        executor = execution.executor()
    except BaseException:
        if output is not None:
            output.close(complete=False)
        raise
    task = ReplayTask(lines=output is not None)
    with job_progress(show, total, "replaying", "lines", completed=skipped_lines) as advance:
        work = _shards(games, size, skip, skipped_lines)
        return run_to_output(task, work, executor, output, progress=advance, digest=digest)


def _shards(
    games: Iterable[tuple[GameLog, bytes]], size: int, first: int, first_line: int
) -> Iterator[Shard[GameLog]]:
    """Shards of ``size`` games from game ``first`` on, each with the log's bytes of its
    games (for the resume digest) and, as its progress weight, the log lines up to its
    last game's last line from where the shard before it ended."""
    last = first_line
    for shard in shards(games, size, first=first):
        logs = [log for log, _ in shard.items]
        end = max((log.lines[-1] for log in logs if log.lines), default=last)
        yield Shard(
            shard.index,
            shard.start,
            logs,
            end - last,
            extra=b"".join(text for _, text in shard.items),
        )
        last = end


# -- Botzone match logs ----------------------------------------------------------------


def _botzone_data(file: str) -> object | None:
    """The decoded JSON of ``file`` when it is a Botzone match log, None when it is not
    one (a JSON Lines game log, or unreadable: the JSON Lines path says why)."""
    try:
        with open(file, "rb") as f:
            first = f.readline()
            while first and not first.strip():
                first = f.readline()
            start = first.lstrip()[:1]
            if start not in (b"[", b"{"):
                return None
            try:
                value = json.loads(first)
            except (json.JSONDecodeError, UnicodeDecodeError):
                value = None
            if isinstance(value, dict) and "log" not in value:
                return None  # a JSON Lines log (its events have no "log")
            rest = f.read()
    except OSError:
        return None
    if value is not None:
        if rest.strip() and not is_botzone_log(value):
            return None  # JSON Lines: its own reader reports the bad line
        if rest.strip():
            raise fail(
                f"{file}: Botzone match logs one per line (JSON Lines) are not read: "
                "give one match per file, as Botzone gives it"
            )
        data: object = value
    else:
        try:
            data = json.loads(first + rest)
        except (json.JSONDecodeError, UnicodeDecodeError):
            if start == b"[":
                raise fail(
                    f"{file}: not a JSON Lines game log and not one JSON value (a Botzone "
                    "match log is one JSON object or list)"
                ) from None
            return None  # JSON Lines: its own reader reports the bad line
    if not is_botzone_log(data):
        if isinstance(data, dict) and "log" not in data:
            return None
        raise fail(
            f"{file}: JSON that is not a Botzone match log: expected an object with a "
            "'log' list (or that list) whose first item is the judge's output"
        )
    return data


def _replay_botzone(file: str, data: object, as_json: bool) -> None:
    try:
        game = rescore(data)
    except BotzoneLogError as e:
        raise fail(f"{file}: {e}") from None
    if as_json:
        report = {"file": file, "format": "botzone", **game.to_dict()}
        try:
            typer.echo(json.dumps(report, ensure_ascii=False, indent=2))
        except BrokenPipeError:
            _stdout_gone()
    else:
        _print_botzone(file, game, _Stdout(highlight=False))
    if not game.agrees:
        for d in game.differences:
            typer.echo(f"error: {file}: {d}", err=True)
        raise typer.Exit(EXIT_MISMATCH)


def _scores_text(scores: tuple[int, ...] | None) -> str:
    return "—" if scores is None else " / ".join(f"{v:+d}" for v in scores)


def _print_botzone(file: str, game: BotzoneGame, console: Console) -> None:
    e = game.ending
    if game.same:
        verdict = "fanshu scores it as Botzone's judge did"
    elif game.agrees:
        verdict = "fanshu agrees but for the judge's own rule (below)"
    else:
        verdict = f"{len(game.differences)} differences"
    console.print(
        f"[bold]{file}[/] · Botzone match log · 圈风 {'ESWN'[game.quan]} · "
        f"{len(game.moves)} moves · {verdict}",
        soft_wrap=True,
    )
    how = e.action
    if e.action == "HU":
        how = "self-drawn 自摸" if e.discarder is None else f"on seat {e.discarder}'s tile"
        how = f"HU 和 by seat {e.seat}, {'robbing a kong 抢杠' if e.robbed else how}"
    elif e.action == "HUANG":
        how = "HUANG 荒庄 (drawn)"
    elif e.seat is not None:
        how = f"{e.action} by seat {e.seat} (Botzone's penalty: -30, +10 to each other)"
    console.print(f"Ending 结果: {how}", soft_wrap=True)
    table = summary_table("Botzone's judge and fanshu")
    add_columns(table, (("", "left"), ("Botzone", "right"), ("fanshu", "right")), no_wrap=True)
    if e.action in ("HU", "WH"):
        table.add_row(
            "fan 番",
            str(e.botzone_fan),
            "no win 未和" if e.fanshu_fan is None else str(e.fanshu_fan),
        )
    table.add_row("scores 得分", _scores_text(e.botzone_scores), _scores_text(e.fanshu_scores))
    checks = game.checks
    table.add_row(
        "hands scored 算番",
        str(len(checks)),
        f"{sum(c.same for c in checks)} the same",
    )
    console.print(table)
    if e.win is not None and (e.botzone_fans or e.fanshu_fans):
        console.print(f"Winning hand 和牌: {e.win.hand}", soft_wrap=True)
        fans = summary_table("Fans 番种")
        add_columns(
            fans, (("番种", "left"), ("Botzone", "right"), ("fanshu", "right")), no_wrap=True
        )
        theirs = {n: c * v for n, c, v in e.botzone_fans}
        ours = {n: c * v for n, c, v in e.fanshu_fans}
        for name in dict.fromkeys([*theirs, *ours]):
            fans.add_row(name, str(theirs.get(name, "—")), str(ours.get(name, "—")))
        console.print(fans)
    for d in game.explained:
        console.print(f"explained 已解释: {d}", soft_wrap=True)
    for why in game.reasons:
        console.print(f"  why 原因: {why}", soft_wrap=True)


# -- input and progress ---------------------------------------------------------------


def _name(file: str) -> str:
    return "stdin" if file == "-" else file


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:  # either does not exist (yet): not the same
        return False


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


def _english(rules: str) -> dict[str, str]:
    try:
        return {f.name_zh: f.name_en for f in get_rules(rules).fans}
    except (FanshuError, AttributeError):
        return {}


def _print_summary(data: dict[str, Any], console: Console) -> None:
    games, same = data["games"], data["identical"]
    verdict = "all replay as logged" if same == games else f"{games - same} do not replay"
    console.print(
        f"[bold]{data['file']}[/] · {games} games · {same} identical · {verdict}", soft_wrap=True
    )
    if not data["rules"]:
        return
    table = summary_table(
        "Games 牌局 (those that replay as logged; events, turns, decisions per game)"
    )
    # judged games (fanshu botzone judge) may end by a verdict: a column only then
    forfeits = any(r["forfeited"] for r in data["rules"].values())
    add_columns(
        table,
        (
            ("Rules", "left"),
            ("Games", "right"),
            ("Wins by seat", "right"),
            ("Drawn", "right"),
            *((("Forfeit", "right"),) if forfeits else ()),
            ("Events", "right"),
            ("Turns", "right"),
            ("Decisions", "right"),
        ),
        no_wrap=True,
    )
    for rules, r in data["rules"].items():
        forfeited = [str(r["forfeited"])]
        table.add_row(
            rules,
            str(r["games"]),
            " / ".join(str(w) for w in r["wins_by_seat"]),
            f"{r['drawn']} ({percent(r['drawn'], r['games'])})",
            *(forfeited if forfeits else []),
            f"{r['events_per_game']:.1f}",
            f"{r['turns_per_game']:.1f}",
            f"{r['decisions_per_game']:.1f}",
        )
    console.print(table)
    for rules, r in data["rules"].items():
        if not r["fans"]:
            console.print(f"{rules}: no fans scored (no game was won)")
            continue
        english = _english(rules)
        fans = summary_table(f"Fans 番种 · {rules} (wins that scored each, of {r['wins']})")
        fans.add_column("番种", no_wrap=True)
        fans.add_column("Fan")
        fans.add_column("Wins", justify="right")
        fans.add_column("% of wins", justify="right")
        shown = list(r["fans"].items())
        for name, count in shown[:FANS_SHOWN]:
            fans.add_row(name, english.get(name, ""), str(count), percent(count, r["wins"]))
        console.print(fans)
        if len(shown) > FANS_SHOWN:
            console.print(f"… and {len(shown) - FANS_SHOWN} more fans (--json lists them all)")
