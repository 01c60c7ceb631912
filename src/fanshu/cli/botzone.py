"""``fanshu botzone``: Botzone's Chinese-Standard-Mahjong (国标麻将) protocol.

``fanshu botzone bot`` is a Botzone bot: it reads one turn's input on stdin (JSON or
simple interaction, whichever comes) and writes the answer on stdout, nothing else;
diagnostics go to the answer's ``debug`` field and to stderr.  With ``--keep-running``
it stays up and answers each later request (Botzone's 长时运行).

The local judge, ``fanshu botzone judge``, lives in ``fanshu.cli.botzone_judge``;
``fanshu.cli.main`` registers it on this app, next to ``bot``.
"""

from __future__ import annotations

import sys
from typing import Annotated, Literal

import typer

from fanshu.errors import FanshuError

app = typer.Typer(
    name="botzone",
    help="Botzone's Chinese-Standard-Mahjong (国标麻将) protocol: play any fanshu bot there. "
    "Botzone 国标麻将协议：把 fanshu 的任一机器人作为 Botzone Bot 运行。",
    no_args_is_help=True,
    add_completion=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


@app.callback()
def botzone() -> None:
    """Botzone's Chinese-Standard-Mahjong (国标麻将) protocol: ``bot`` answers Botzone as
    a bot does.  Botzone 国标麻将协议。"""
    # A callback keeps ``botzone`` a group of sub-commands (bot, and the judge that
    # fanshu.cli.main registers next to it), never a lone command.


#: The built-in players (``fanshu.engine.players.PLAYERS``), named here so that the
#: help and the check need not import the engine.
PLAYER_NAMES = ("random", "greedy", "fan", "ev")


@app.command("bot")
def bot(
    player: Annotated[
        str,
        typer.Option(
            "--player",
            metavar="NAME",
            help="The fanshu bot that decides: random, greedy, fan or ev. 做决定的 fanshu 机器人。",
        ),
    ] = "greedy",
    seed: Annotated[
        int,
        typer.Option(
            "--seed",
            help="Seed of the bot's choices; with the deal and the turn it makes every "
            "answer reproducible. 随机种子（与发牌、回合数一起决定每次回答）。",
        ),
    ] = 0,
    last_tile: Annotated[
        str,
        typer.Option(
            "--last-tile",
            metavar="safe|botzone",
            help="When to count 妙手回春/海底捞月: 'botzone' as Botzone's judge (the next "
            "seat's wall is empty), 'safe' only when every wall is empty too (right for "
            "any judge; a rare last-tile win is not taken). 何时计妙手回春/海底捞月。",
        ),
    ] = "safe",
    keep_running: Annotated[
        bool,
        typer.Option(
            "--keep-running/--no-keep-running",
            help="Stay up after the answer and answer each later request (Botzone's "
            "keep-running mode, >>>BOTZONE_REQUEST_KEEP_RUNNING<<<). 长时运行模式。",
        ),
    ] = False,
) -> None:
    """Answer Botzone's Chinese-Standard-Mahjong requests on stdin, in JSON or simple
    interaction (auto-detected: JSON starts with '{').  A bad input is answered PASS
    with the error in debug and on stderr (a crash would be RE, which the judge scores
    -30 like a wrong answer).

    读取标准输入中的 Botzone 国标麻将请求（JSON 或简单交互，自动识别），在标准输出
    给出回答。输入有误时回答 PASS，并把错误写入 debug 和标准错误。"""
    if player not in PLAYER_NAMES:
        sys.stderr.write(f"error: unknown player {player!r}: one of {', '.join(PLAYER_NAMES)}\n")
        raise typer.Exit(2)
    if last_tile not in ("safe", "botzone"):
        sys.stderr.write(f"error: --last-tile is safe or botzone, not {last_tile!r}\n")
        raise typer.Exit(2)
    rule: Literal["safe", "botzone"] = "botzone" if last_tile == "botzone" else "safe"
    # Imported here: `fanshu --help` and the other commands need not load the engine.
    from fanshu.botzone.bot import run

    status = run(player=player, seed=seed, last_tile=rule, keep_running=keep_running)
    if status:
        raise typer.Exit(status)


@app.command("package")
def package(
    out: Annotated[
        str,
        typer.Option("--out", "-o", metavar="ZIP", help="The zip to write. 输出的 zip 文件。"),
    ] = "fanshu-bot.zip",
    player: Annotated[
        str,
        typer.Option(
            "--player",
            metavar="NAME",
            help="The fanshu bot: random, greedy, fan or ev. 机器人。",
        ),
    ] = "ev",
    seed: Annotated[int, typer.Option("--seed", help="Seed of its choices. 随机种子。")] = 0,
    last_tile: Annotated[
        str,
        typer.Option(
            "--last-tile",
            metavar="safe|botzone",
            help="As for bot. 同 bot 命令。",
        ),
    ] = "safe",
    keep_running: Annotated[
        bool,
        typer.Option(
            "--keep-running/--no-keep-running",
            help="The uploaded bot runs in keep-running mode. 长时运行模式。",
        ),
    ] = False,
    force: Annotated[
        bool,
        typer.Option("--force", help="Replace ZIP if it exists. 覆盖已有的 zip。"),
    ] = False,
) -> None:
    """Pack a fanshu bot into one zip to upload to Botzone as a Python bot: fanshu's
    standard-library-only modules and a __main__.py that answers as 'fanshu botzone bot'
    does (try it with: python3 ZIP < turn.json).

    把 fanshu 机器人打包成一个 zip，作为 Python Bot 上传到 Botzone（本地可用
    python3 ZIP < turn.json 试运行）。"""
    from pathlib import Path

    from fanshu.botzone.package import build_zip

    if Path(out).exists() and not force:
        sys.stderr.write(f"error: {out} exists; choose another --out, or --force to replace it\n")
        raise typer.Exit(2)
    try:
        made = build_zip(
            out, player=player, seed=seed, last_tile=last_tile, keep_running=keep_running
        )
    except FanshuError as e:
        sys.stderr.write(f"error: {e}\n")
        raise typer.Exit(2) from None
    except OSError as e:
        sys.stderr.write(f"error: cannot write {out}: {e.strerror or e}\n")
        raise typer.Exit(2) from None
    sys.stdout.write(
        f"{out}: {made.modules} modules, {made.size:,} bytes — upload it as a Python bot; "
        f"try it: python3 {out} < turn.json\n"
    )
