"""``fanshu score``: score one hand (drawn with tiles, fan by fan) or a JSON Lines batch."""

from __future__ import annotations

import json
from dataclasses import fields
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from fanshu.cli.batch import (
    LineError,
    dumps,
    error_object,
    parse_request,
    score_line,
    score_request,
)
from fanshu.cli.errors import EXIT_BAD_INPUT, EXIT_NOT_A_WIN, fail
from fanshu.cli.jsonl import run_batch_file
from fanshu.errors import FanshuError
from fanshu.render import draw_hand, draw_sets
from fanshu.rules.mcr.fans import FANS
from fanshu.rules.mcr.options import McrOptions
from fanshu.rules.mcr.result import MINIMUM_FAN, McrResult

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}
_OPTION_TYPES: dict[str, str] = {f.name: str(f.type) for f in fields(McrOptions)}


def parse_option_assignments(items: list[str]) -> dict[str, Any]:
    """``["two_concealed_kongs=8", "seven_pairs_tile_hog=false"]`` to typed McrOptions fields.

    Raises ``LineError`` (``bad_option``) for a malformed item or value; unknown names
    are passed through for ``McrOptions.from_dict`` to reject with the list of names.
    """
    out: dict[str, Any] = {}
    for item in items:
        name, eq, raw = item.partition("=")
        name, raw = name.strip(), raw.strip()
        if not eq or not name:
            raise LineError("bad_option", f"--option takes name=value, not {item!r}")
        kind = _OPTION_TYPES.get(name)
        if kind == "bool":
            if raw.lower() in _TRUE:
                out[name] = True
            elif raw.lower() in _FALSE:
                out[name] = False
            else:
                raise LineError("bad_option", f"{name} is true or false, not {raw!r}")
        elif kind == "int":
            try:
                out[name] = int(raw)
            except ValueError:
                raise LineError("bad_option", f"{name} is a number, not {raw!r}") from None
        else:
            out[name] = raw
    return out


# -- one hand ---------------------------------------------------------------------------


def _context_line(result: McrResult) -> Text:
    ctx = result.hand.context
    parts = ["self-drawn" if ctx.self_drawn else "on a discard"]
    if ctx.kong:
        parts.append("kong replacement tile" if ctx.self_drawn else "robbing a kong")
    if ctx.wall_last:
        parts.append("last tile of the wall")
    if ctx.fourth_tile:
        parts.append("last copy of the tile")
    parts.append(f"seat wind {ctx.seat_wind.code}")
    parts.append(f"prevalent wind {ctx.prevalent_wind.code}")
    if ctx.flowers:
        parts.append(f"{ctx.flowers} flower{'s' if ctx.flowers > 1 else ''}")
    return Text(" · ".join(parts), style="dim")


def _fan_table(result: McrResult, plain: bool) -> Table:
    table = Table(header_style="bold", box=None, pad_edge=False, padding=(0, 2, 0, 0))
    table.add_column("番种", no_wrap=True)
    table.add_column("Fan", no_wrap=True)
    table.add_column("Value", justify="right")
    table.add_column("×", justify="right")
    table.add_column("Points", justify="right", style="bold")
    with_sets = any(e.sets for e in result.fans)
    if with_sets:
        table.add_column("Sets", overflow="fold")
    for e in result.fans:
        row = [
            e.name_zh,
            e.name_en,
            str(e.value),
            str(e.count) if e.count > 1 else "",
            str(e.points),
        ]
        if with_sets:
            row.append(draw_sets(e.sets, pad=not plain, plain=plain, sep="  " if plain else "   "))
        table.add_row(*row)
    return table


def _excluded_table(result: McrResult) -> Table:
    table = Table(
        title="Excluded 不计", title_justify="left", title_style="bold",
        header_style="bold", box=None, pad_edge=False, padding=(0, 2, 0, 0),
    )  # fmt: skip
    table.add_column("番种", no_wrap=True, style="dim")
    table.add_column("Fan", no_wrap=True, style="dim")
    table.add_column("Excluded by 被…不计", no_wrap=True)
    for x in result.excluded:
        by = FANS[x.by]
        table.add_row(FANS[x.fan].name_zh, FANS[x.fan].name_en, f"{by.name_zh} {by.name_en}")
    return table


def print_result(result: McrResult, *, excluded: bool, plain: bool, console: Console) -> None:
    """The human-readable score of one hand."""
    console.print(Text(draw_hand(result.hand, pad=not plain, plain=plain), style="bold"))
    console.print(Text(str(result.hand), style="dim"))
    console.print(_context_line(result))
    console.print()
    if not result.is_win:
        console.print(
            Text(f"not a winning hand: {result.reason or 'the tiles do not form one'}", "bold red")
        )
        return
    console.print(_fan_table(result, plain))
    if excluded:
        console.print()
        if result.excluded:
            console.print(_excluded_table(result))
        else:
            console.print(Text("Excluded 不计: none", style="dim"))
    console.print()
    total = Text.assemble(("Total ", "bold"), (f"{result.total} fan", "bold"))
    if result.total != result.total_without_flowers:
        total.append(f"   ({result.total_without_flowers} without flowers)")
    console.print(total)
    if result.meets_minimum:
        console.print(Text(f"meets the {MINIMUM_FAN}-fan minimum ✓", style="bold green"))
    else:
        console.print(
            Text(
                f"under {MINIMUM_FAN} fan: {result.total_without_flowers} without flowers, "
                f"not a legal win ✗",
                style="bold red",
            )
        )


def score_one(obj: dict[str, Any], *, as_json: bool, excluded: bool, plain: bool) -> int:
    """Score one hand given as a batch input object; print it; return the exit code.

    ``--json`` prints exactly what ``--batch`` prints for the same object.
    """
    if as_json:
        out = score_line(obj)
        typer.echo(dumps(out))
        error = out["error"]
        if error is None:
            return 0
        return EXIT_NOT_A_WIN if error["code"] == "not_a_win" else EXIT_BAD_INPUT
    try:
        result = score_request(parse_request(obj))
    except (LineError, FanshuError) as e:
        position = getattr(e, "position", None)
        raise fail(e.message, hand=obj["hand"], position=position) from None
    print_result(result, excluded=excluded, plain=plain, console=Console(highlight=False))
    return 0 if result.is_win else EXIT_NOT_A_WIN


def score_command(
    hand: Annotated[
        str | None,
        typer.Argument(
            metavar="HAND",
            help="A fanshu hand string, e.g. '[EEEE]123m456p789s11s': melds in brackets "
            "first, the winning tile last.",
            show_default=False,
        ),
    ] = None,
    self_drawn: Annotated[
        bool, typer.Option("--self-drawn", "-s", help="Won by drawing the tile (自摸).")
    ] = False,
    fourth_tile: Annotated[
        bool,
        typer.Option("--fourth-tile", help="The winning tile is the last copy (和绝张)."),
    ] = False,
    kong: Annotated[
        bool,
        typer.Option(
            "--kong",
            help="Won on a kong: the replacement tile if self-drawn (杠上开花), "
            "else robbing a kong (抢杠和).",
        ),
    ] = False,
    wall_last: Annotated[
        bool,
        typer.Option(
            "--wall-last",
            help="Won on the last tile of the wall (妙手回春 self-drawn, 海底捞月 on a discard).",
        ),
    ] = False,
    seat_wind: Annotated[
        str, typer.Option("--seat-wind", metavar="E|S|W|N", help="Seat wind (门风).")
    ] = "E",
    prevalent_wind: Annotated[
        str,
        typer.Option("--prevalent-wind", metavar="E|S|W|N", help="Prevalent wind (圈风)."),
    ] = "E",
    flowers: Annotated[int, typer.Option("--flowers", help="Number of flowers (花牌), 0-8.")] = 0,
    option: Annotated[
        list[str] | None,
        typer.Option(
            "--option",
            "-o",
            metavar="NAME=VALUE",
            help="A rules option (repeatable), e.g. two_concealed_kongs=8. "
            "The names are listed at the end of this help.",
        ),
    ] = None,
    excluded: Annotated[
        bool,
        typer.Option(
            "--excluded", "-x", help="Also list the excluded fans and what excluded each."
        ),
    ] = False,
    as_json: Annotated[
        bool,
        typer.Option("--json", help="Print the batch output object instead of the table."),
    ] = False,
    plain: Annotated[
        bool,
        typer.Option("--plain", help="Write tiles as codes (1m, E) instead of Unicode tiles."),
    ] = False,
    batch: Annotated[
        str | None,
        typer.Option(
            "--batch",
            "-b",
            metavar="FILE",
            help="Score a JSON Lines file ('-' for stdin) instead of one hand: one JSON "
            "line out per non-empty line in, in order. Empty lines are skipped.",
            show_default=False,
        ),
    ] = None,
    progress: Annotated[
        bool | None,
        typer.Option(
            "--progress/--no-progress",
            help="With --batch: progress bar on stderr. Default: shown for long inputs when "
            "stderr is a terminal and stdout is not.",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Score a winning hand under the Chinese Official rules (国标麻将).

    Exit status: 0 scored, 1 not a winning hand, 2 bad input.

    With --batch, a bad line gives an error object; the status is 2 only if FILE cannot be read.
    """
    if batch is not None:
        if hand is not None:
            raise fail("give either a HAND or --batch FILE, not both")
        run_batch_file(batch, progress=progress)
        return
    if hand is None:
        raise fail("missing HAND (e.g. fanshu score '[EEEE]123m456p789s11s'), or use --batch FILE")
    obj: dict[str, Any] = {
        "id": None,
        "hand": hand,
        "self_drawn": self_drawn,
        "fourth_tile": fourth_tile,
        "kong": kong,
        "wall_last": wall_last,
        "seat_wind": seat_wind,
        "prevalent_wind": prevalent_wind,
        "flowers": flowers,
    }
    if option:
        try:
            obj["options"] = parse_option_assignments(option)
        except LineError as e:
            if as_json:
                typer.echo(dumps(error_object(None, e.code, e.message)))
                raise typer.Exit(EXIT_BAD_INPUT) from None
            raise fail(e.message) from None
    code = score_one(obj, as_json=as_json, excluded=excluded, plain=plain)
    if code:
        raise typer.Exit(code)


OPTIONS_EPILOG = "Options (--option NAME=VALUE): " + ", ".join(
    f"{f.name} (default {json.dumps(f.default)})" for f in fields(McrOptions)
)
