"""``fanshu analyze``: shanten, useful tiles, waits and discard advice for one hand (drawn
with tiles, in tables) or a JSON Lines batch."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from fanshu.analysis.advice import Analysis, UsefulTile
from fanshu.cli.errors import EXIT_BAD_INPUT, fail
from fanshu.cli.jsonl import (
    NO_BATCH,
    BatchRun,
    hand_or_batch,
    with_batch,
)
from fanshu.cli.options import (
    AnalyzeBatchOption,
    FlowersOption,
    HandJsonOption,
    PlainOption,
    PrevalentWindOption,
    SeatWindOption,
    WaitsOptionOption,
)
from fanshu.cli.score import option_assignments_or_exit
from fanshu.errors import FanshuError
from fanshu.notation.fanshu import parse_hand
from fanshu.protocol.analyze import analyze_line, analyze_request, parse_analyze_request
from fanshu.protocol.errors import LineError
from fanshu.protocol.lines import dumps
from fanshu.render import draw_hand, draw_tiles
from fanshu.rules.mcr.result import MINIMUM_FAN

_SHAPES = (
    ("regular", "4 sets + pair"),
    ("seven_pairs", "七对"),
    ("thirteen_orphans", "十三幺"),
    ("honors_knitted", "全不靠"),
    ("knitted_straight", "组合龙"),
)


def _shanten_words(n: int) -> str:
    if n < 0:
        return "complete 和了"
    if n == 0:
        return "ready 听牌"
    return f"{n} from ready"


def _shanten_line(a: Analysis) -> Text:
    text = Text.assemble(("Shanten 上听数 ", "bold"), (f"{a.shanten}", "bold"))
    text.append(f"  ({_shanten_words(a.shanten)})")
    shapes = a.by_shape.to_dict()
    parts = [f"{label} {shapes[key]}" for key, label in _SHAPES if shapes.get(key) is not None]
    text.append("\n" + " · ".join(parts), style="dim")
    return text


def _context_line(a: Analysis, visible: str) -> Text:
    ctx = a.hand.context
    parts = [f"seat wind {ctx.seat_wind.code}", f"prevalent wind {ctx.prevalent_wind.code}"]
    if ctx.flowers:
        parts.append(f"{ctx.flowers} flower{'s' if ctx.flowers > 1 else ''}")
    if visible:
        parts.append(f"visible {visible}")
    return Text(" · ".join(parts), style="dim")


def _useful_cell(useful: tuple[UsefulTile, ...], plain: bool) -> str:
    """Each useful tile with its remaining count: ``🀇×3 🀈×4``."""
    if not useful:
        return "-"
    return " ".join(
        f"{draw_tiles([u.tile], pad=not plain, plain=plain).rstrip(' ')}×{u.remaining}"
        for u in useful
    )


def _tile_cell(tile: Any, plain: bool) -> str:
    return draw_tiles([tile], pad=not plain, plain=plain).rstrip(" ")


def _table() -> Table:
    return Table(header_style="bold", box=None, pad_edge=False, padding=(0, 2, 0, 0))


def _waits_table(a: Analysis, plain: bool) -> Table:
    table = _table()
    table.add_column("Wait 和张", no_wrap=True)
    table.add_column("Left", justify="right")
    table.add_column("Discard 点和", justify="right")
    table.add_column("Self-drawn 自摸", justify="right")
    table.add_column("Notes")
    for w in a.waits:
        notes = []
        if w.remaining == 0:
            notes.append("dead: no copy left")
        if w.last_tile:
            notes.append("和绝张")
        if w.under_minimum_discard and w.under_minimum_self_drawn:
            notes.append(f"under {MINIMUM_FAN} fan")
        elif w.under_minimum_discard:
            notes.append(f"under {MINIMUM_FAN} fan on a discard")
        elif w.under_minimum_self_drawn:
            notes.append(f"under {MINIMUM_FAN} fan self-drawn")
        table.add_row(
            _tile_cell(w.tile, plain),
            str(w.remaining),
            "-" if w.fan_discard is None else str(w.fan_discard),
            "-" if w.fan_self_drawn is None else str(w.fan_self_drawn),
            ", ".join(notes),
            style="dim" if w.remaining == 0 else ("red" if w.under_minimum_discard else None),
        )
    return table


def _discards_table(a: Analysis, plain: bool) -> Table:
    table = _table()
    table.add_column("Discard 打", no_wrap=True)
    table.add_column("Shanten", justify="right")
    table.add_column("Useful tiles 有效牌", overflow="fold")
    table.add_column("Total", justify="right", style="bold")
    best = a.discards[0] if a.discards else None
    for d in a.discards:
        top = best is not None and (d.shanten, d.useful_count, d.next_useful_count) == (
            best.shanten,
            best.useful_count,
            best.next_useful_count,
        )
        table.add_row(
            _tile_cell(d.tile, plain),
            str(d.shanten),
            _useful_cell(d.useful, plain),
            str(d.useful_count),
            style="green" if top else None,
        )
    return table


def print_analysis(a: Analysis, *, visible: str, plain: bool, console: Console) -> None:
    """The human-readable analysis of one hand."""
    console.print(Text(draw_hand(a.hand, pad=not plain, plain=plain), style="bold"))
    console.print(Text(str(a.hand), style="dim"))
    console.print(_context_line(a, visible))
    console.print()
    console.print(_shanten_line(a))
    console.print()
    if a.tile_count == 13:
        head = Text("Useful tiles 有效牌: ", style="bold")
        head.append(_useful_cell(a.useful, plain) if a.useful else "none")
        head.append(f"   ({a.useful_count} tile{'s' if a.useful_count != 1 else ''} left)")
        if a.useful or a.shanten > 0:
            console.print(head)
        if a.waits:
            if a.useful:
                console.print()
            console.print(_waits_table(a, plain))
            left = sum(w.remaining for w in a.waits)
            console.print()
            console.print(
                Text(
                    f"{len(a.waits)} wait kind{'s' if len(a.waits) > 1 else ''}, "
                    f"{left} tile{'s' if left != 1 else ''} left",
                    style="bold",
                )
            )
        return
    console.print(_discards_table(a, plain))


def analyze_one(obj: dict[str, Any], *, as_json: bool, plain: bool) -> int:
    """Analyse one hand given as a batch input object; print it; return the exit code."""
    if as_json:
        out = analyze_line(obj)
        typer.echo(dumps(out))
        return 0 if out["error"] is None else EXIT_BAD_INPUT
    visible = obj.get("visible") or ""
    try:
        a = analyze_request(parse_analyze_request(obj))
    except (LineError, FanshuError) as e:
        position = getattr(e, "position", None)
        # A notation fault is in the hand unless the hand parses: then it is in --visible.
        shown = obj["hand"]
        if position is not None and visible:
            try:
                parse_hand(obj["hand"])
                shown = visible
            except FanshuError:
                pass
        raise fail(e.message, hand=shown, position=position) from None
    print_analysis(a, visible=visible, plain=plain, console=Console(highlight=False))
    return 0


@with_batch(AnalyzeBatchOption)
def analyze_command(
    hand: Annotated[
        str | None,
        typer.Argument(
            metavar="HAND",
            help="A fanshu hand string of 13 tiles (what it needs, what it waits on) or 14 "
            "(what to discard), a kong counting as 3, e.g. '1112345678999m'.",
            show_default=False,
        ),
    ] = None,
    visible: Annotated[
        str,
        typer.Option(
            "--visible",
            metavar="TILES",
            help="Tiles seen on the table (discards, others' melds), e.g. '19m55pE': "
            "they lower the remaining counts.",
        ),
    ] = "",
    seat_wind: SeatWindOption = "E",
    prevalent_wind: PrevalentWindOption = "E",
    flowers: FlowersOption = 0,
    option: WaitsOptionOption = None,
    as_json: HandJsonOption = False,
    plain: PlainOption = False,
    batch: BatchRun = NO_BATCH,
) -> None:
    """Analyse a hand (算牌): shanten for every shape, useful tiles, waits with their fan,
    and for 14 tiles every discard ranked best first.

    Exit status: 0 analysed, 2 bad input.

    With --batch, a bad line gives an error object; the status is 2 only if FILE cannot be read.
    The lines are analysed on --workers local processes or on Ray, always in input order;
    130 after Ctrl-C (with --out FILE, --resume continues).
    """
    hand = hand_or_batch(
        hand,
        batch,
        example="fanshu analyze 1112345678999m",
        handle=analyze_line,
        verb=("analysing", "analysed"),
        command="analyze",
    )
    if hand is None:
        return
    obj: dict[str, Any] = {
        "id": None,
        "hand": hand,
        "visible": visible,
        "seat_wind": seat_wind,
        "prevalent_wind": prevalent_wind,
        "flowers": flowers,
    }
    options = option_assignments_or_exit(option, as_json=as_json)
    if options is not None:
        obj["options"] = options
    code = analyze_one(obj, as_json=as_json, plain=plain)
    if code:
        raise typer.Exit(code)
