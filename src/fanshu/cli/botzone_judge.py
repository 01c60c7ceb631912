"""``fanshu botzone judge``: four bots play Chinese-Standard-Mahjong hands as on Botzone,
refereed by fanshu (``fanshu.botzone.judge``); prints each game as it ends and a table
of points, wins, 错和 (WH), wrong answers (WA), timeouts (TLE) and crashes (RE) per bot.

本地 Botzone 裁判：四个 Bot（外部程序，或 fanshu:NAME 的 fanshu 内置 Bot）按 Botzone
国标麻将协议对局，fanshu 判定并计分，写出可 ``fanshu replay`` 的日志。"""

from __future__ import annotations

import json
import os
import shlex
from typing import Annotated, Literal

import typer
from rich.console import Console

from fanshu.botzone.judge import MAX_GAMES, GameRecord, JudgeError, judge_games, parse_bot
from fanshu.botzone.programs import DEFAULT_TIME_LIMIT, MAX_TIME_LIMIT, MIN_TIME_LIMIT
from fanshu.cli.errors import fail
from fanshu.cli.tables import add_columns, summary_table
from fanshu.errors import FanshuError

__all__ = ["judge"]

_WINDS = "ESWN"


def short(name: str) -> str:
    """A bot's name for a table: a command line with each word's directories left out.

    >>> short("/usr/bin/python3 /home/me/bots/sample.py --fast")
    'python3 sample.py --fast'
    """
    try:
        words = shlex.split(name)
    except ValueError:
        return name
    return " ".join(os.path.basename(w) or w for w in words) or name


def judge(
    bot: Annotated[
        list[str],
        typer.Option(
            "--bot",
            metavar="CMD",
            help="A bot, four times: a command line speaking Botzone's protocol (split as a "
            "shell would, e.g. 'python3 bot.py'), or fanshu:NAME for a fanshu bot played "
            "in-process (random, greedy, fan, ev). "
            "Bot：四次；Botzone 协议的命令行，或 fanshu:NAME（进程内的 fanshu Bot）。",
            show_default=False,
        ),
    ],
    games: Annotated[
        int,
        typer.Option(
            "--games",
            "-n",
            metavar="N",
            help=f"How many hands (1-{MAX_GAMES}); seats rotate: game k seats bot "
            "(i+k)%4 at seat i. 局数；每局轮换座位。",
        ),
    ] = 4,
    seed: Annotated[
        int,
        typer.Option(
            "--seed",
            "-s",
            metavar="S",
            help="Master seed: game k's wall comes from (S, k). 随机种子。",
        ),
    ] = 0,
    log: Annotated[
        str | None,
        typer.Option(
            "--log",
            metavar="OUT",
            help="Write the games as a fanshu log (JSON Lines; `fanshu replay OUT` checks "
            "it). 写出 fanshu 日志。",
            show_default=False,
        ),
    ] = None,
    time_limit: Annotated[
        float,
        typer.Option(
            "--time-limit",
            metavar="SECONDS",
            help=f"Seconds per decision ({MIN_TIME_LIMIT}-{MAX_TIME_LIMIT}; Botzone gives "
            "C/C++ 1 s, Python about 6 s); a later answer is TLE. 每步时限（秒）。",
        ),
    ] = DEFAULT_TIME_LIMIT,
    keep_running: Annotated[
        bool,
        typer.Option(
            "--keep-running/--no-keep-running",
            help="Let programs keep running between decisions when they print "
            ">>>BOTZONE_REQUEST_KEEP_RUNNING<<< (their input stays open: a bot must not "
            "read to its end). Default: a new process per decision, as Botzone. 长时运行。",
        ),
    ] = False,
    fmt: Annotated[
        list[str] | None,
        typer.Option(
            "--format",
            metavar="json|simple",
            help="How the programs are asked: json (Botzone's sample bot) or simple "
            "(简单交互); once for all bots or once per --bot, in order. 交互格式。",
            show_default=False,
        ),
    ] = None,
    transcript: Annotated[
        str | None,
        typer.Option(
            "--transcript",
            metavar="DIR",
            help="Write each game's requests and answers to DIR/game-K.jsonl. 协议记录。",
            show_default=False,
        ),
    ] = None,
    flowers: Annotated[
        bool,
        typer.Option(
            "--flowers/--no-flowers",
            help="Play with the 8 flowers (144 tiles), as Botzone's protocol shows them, "
            "or without (136 tiles, as Botzone's public judge deals by default). "
            "是否使用花牌（144 或 136 张）。",
        ),
    ] = True,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the results as one JSON object. 输出 JSON。")
    ] = False,
) -> None:
    """Judge Botzone Chinese-Standard-Mahjong bots locally: four bots, whole hands,
    Botzone's penalties (-30 for a wrong, late or failed answer or a 错和, +10 to each
    other), a fanshu log that replays.

    本地评测 Botzone 国标麻将 Bot：四个 Bot 打完整的局，按 Botzone 的规则判罚（错误、
    超时、崩溃或错和：-30，其余每家 +10），写出可回放的 fanshu 日志。"""
    formats = fmt or ["json"]
    if len(formats) not in (1, len(bot)):
        raise fail(
            f"--format is given once or once per --bot ({len(bot)}), not {len(formats)} times"
        )
    chosen: list[Literal["json", "simple"]] = []
    for f in formats if len(formats) == len(bot) else formats * len(bot):
        if f == "json":
            chosen.append("json")
        elif f == "simple":
            chosen.append("simple")
        else:
            raise fail(f"--format is json or simple, not {f!r}")
    console = Console(stderr=True, highlight=False)

    def progress(g: GameRecord) -> None:
        if as_json:
            return
        seats = ", ".join(f"{_WINDS[s.seat]} {short(s.name)} {s.points:+d}" for s in g.seats)
        how = g.result if g.offender is None else f"{g.reason} by seat {g.offender}"
        console.print(f"game {g.index}: {how} — {seats}")

    try:
        specs = [parse_bot(b, fmt=f) for b, f in zip(bot, chosen, strict=True)]
        result = judge_games(
            specs,
            games=games,
            seed=seed,
            time_limit=time_limit,
            keep_running=keep_running,
            flowers=flowers,
            log=log,
            transcripts=transcript,
            progress=progress,
        )
    except (JudgeError, FanshuError, OSError) as e:
        raise fail(str(e)) from None
    if as_json:
        typer.echo(json.dumps(result.to_dict(), ensure_ascii=False))
        return
    table = summary_table(
        f"{len(result.games)} game(s) in {result.seconds:.1f} s "
        f"({60 * len(result.games) / result.seconds if result.seconds else 0:.1f} per minute)"
    )
    # a bot is read by its --bot position (two long command lines may be cut alike)
    # and its name; long command lines are cut
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("bot", no_wrap=True, max_width=22, overflow="ellipsis")
    add_columns(
        table,
        [
            ("games", "right"),
            ("points", "right"),
            ("wins", "right"),
            ("WH", "right"),
            ("WA", "right"),
            ("TLE", "right"),
            ("RE", "right"),
            ("s/dec", "right"),
        ],
        no_wrap=True,
    )
    for n, t in enumerate(result.totals(), 1):
        per = t["seconds_per_decision"]
        table.add_row(
            str(n),
            short(t["name"]),
            str(t["games"]),
            f"{t['points']:+d}",
            str(t["wins"]),
            str(t["WH"]),
            str(t["WA"]),
            str(t["TLE"]),
            str(t["RE"] + t["NJ"] + t["OLE"]),
            "—" if per is None else f"{per:.3f}",
        )
    table.caption = (
        "WH 错和 (a false HU) · WA wrong answer · TLE too late · RE crashed (NJ, OLE too)"
    )
    Console(highlight=False).print(table)
