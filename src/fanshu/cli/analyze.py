"""``fanshu analyze``: shanten, useful tiles, waits and the advice for one hand (drawn
with tiles, in tables: each discard or claim with its chance to win and expected points)
or a JSON Lines batch."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from contextlib import nullcontext
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from fanshu.analysis.advice import Analysis, ClaimOption, DiscardOption, UsefulTile
from fanshu.analysis.value import Value
from fanshu.cli.convert import NotationOption, refuse_batch_notation
from fanshu.cli.errors import EXIT_BAD_INPUT, fail
from fanshu.cli.jsonl import (
    NO_BATCH,
    BatchRun,
    hand_or_batch,
    with_batch,
)
from fanshu.cli.options import (
    FlowersOption,
    HandJsonOption,
    HandRulesOption,
    PlainOption,
    WaitsOptionOption,
    WildcardOption,
)
from fanshu.cli.score import option_assignments_or_exit
from fanshu.cli.wildcards import wild_kind_text
from fanshu.errors import FanshuError
from fanshu.notation.detect import read_hand
from fanshu.protocol.analyze import analyze_line, analyze_request, parse_analyze_request
from fanshu.protocol.bounds import BUDGET
from fanshu.protocol.errors import LineError
from fanshu.protocol.lines import dumps
from fanshu.protocol.score import rules_named
from fanshu.render import draw_hand, draw_tiles
from fanshu.rules import DEFAULT_RULES
from fanshu.rules.mcr.result import MINIMUM_FAN

_SHAPES = (
    ("regular", "4 sets + pair"),
    ("seven_pairs", "七对"),
    ("thirteen_orphans", "十三幺"),
    ("honors_knitted", "全不靠"),
    ("knitted_straight", "组合龙"),
)

#: Target fans shown per choice in the table (the likeliest; the why line says more).
TARGETS_SHOWN = 1


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


def _context_line(a: Analysis, obj: dict[str, Any]) -> Text:
    ctx = a.hand.context
    parts = [f"rules {a.rules}", f"by {a.by}"]
    parts += [f"seat wind {ctx.seat_wind.code}", f"prevalent wind {ctx.prevalent_wind.code}"]
    if ctx.flowers:
        parts.append(f"{ctx.flowers} flower{'s' if ctx.flowers > 1 else ''}")
    if obj.get("dealer"):
        parts.append("dealer 庄家")
    if obj.get("wall") is not None:
        parts.append(f"wall {obj['wall']}")
    if obj.get("visible"):
        parts.append(f"visible {obj['visible']}")
    if obj.get("offered"):
        by = obj.get("offered_by")
        parts.append(f"offered {obj['offered']}" + (f" by seat +{by}" if by else ""))
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


def _efficiency_table(a: Analysis, plain: bool) -> Table:
    """The discards ranked by shanten and useful tiles (``--by efficiency``)."""
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


# -- value columns ------------------------------------------------------------------------


def percent(p: float) -> str:
    """A probability as the tables show it.

    Certain and impossible read 100% and 0%; a chance that only rounds to them says so,
    so that a column of them does not mix "100%" with "100.0%".

    >>> percent(0.3821), percent(0.0), percent(1.0), percent(0.99996), percent(0.00004)
    ('38.2%', '0%', '100%', '>99.9%', '<0.1%')
    """
    if p <= 0:
        return "0%"
    if p >= 1:
        return "100%"
    if p > 0.9995:
        return ">99.9%"
    if p < 0.0005:
        return "<0.1%"
    return f"{100 * p:.1f}%"


def points(x: float) -> str:
    """Expected points, signed: ``+12.3``, ``-0.4``.

    >>> points(12.34), points(-0.4), points(0.0)
    ('+12.3', '-0.4', '0.0')
    """
    return "0.0" if abs(x) < 0.05 else f"{x:+.1f}"


def targets_cell(v: Value) -> str:
    """The likeliest target fans: ``三色三同顺 12, 平和 2``."""
    shown = [f"{t.name_zh} {t.value}" for t in v.targets[:TARGETS_SHOWN]]
    return ", ".join(shown) if shown else "-"


def _minimum_header(rules: str) -> tuple[str, str]:
    minimum = rules_named(rules).minimum
    return (f"P(≥{minimum})", "起和率") if minimum else ("P(ready)", "听牌率")


def _head(en: str, zh: str) -> Text:
    """A column header on two lines, English over 中文 (the table fits 80 columns)."""
    return Text(f"{en}\n{zh}")


def _choice_columns(table: Table, first: tuple[str, str], rules: str) -> None:
    """The columns of a table of choices: the choice, shanten, useful tiles, then the
    value of each (P(win), expected points, P(≥ minimum), target fans, danger)."""
    table.add_column(_head(*first), no_wrap=True)
    table.add_column(_head("Shanten", "向听"), justify="right")
    table.add_column(_head("Useful", "有效牌"), justify="right")
    table.add_column(_head("P(win)", "和牌率"), justify="right")
    table.add_column(_head("E[pts]", "期望得分"), justify="right", style="bold")
    table.add_column(_head(*_minimum_header(rules)), justify="right")
    table.add_column(_head("Targets", "目标番"), no_wrap=True)
    table.add_column(_head("Danger", "放铳率"), justify="right")


def _value_cells(v: Value | None) -> list[str]:
    if v is None:
        return ["-"] * 5
    return [
        percent(v.p_win),
        points(v.expected_points),
        percent(v.p_minimum),
        targets_cell(v),
        percent(v.danger.p_deal_in),
    ]


def _why_lines(rows: Sequence[tuple[str, Value | None]]) -> Text:
    """One "why" line per choice, in the table's order, English then 中文."""
    text = Text()
    width = max((len(label) for label, _ in rows), default=0)
    for i, (label, v) in enumerate(rows):
        if v is None:
            continue
        if text:
            text.append("\n")
        text.append(f"{label:<{width}}  ", style="bold" if i == 0 else None)
        text.append(v.why)
        if v.why_zh:
            text.append(f"\n{'':<{width}}  {v.why_zh}", style="dim")
    return text


def _value_table(a: Analysis, plain: bool) -> tuple[Table, list[tuple[str, Value | None]]]:
    """The discards ranked by expected points, best first (``--by value``)."""
    table = _table()
    _choice_columns(table, ("Discard", "打"), a.rules)
    why: list[tuple[str, Value | None]] = []
    for i, d in enumerate(a.discards):
        table.add_row(
            _tile_cell(d.tile, plain),
            str(d.shanten),
            str(d.useful_count),
            *_value_cells(d.value),
            style="bold green" if i == 0 else None,
        )
        why.append((discard_label(d), d.value))
    return table, why


def discard_label(d: DiscardOption) -> str:
    """A discard as the "why" lines name it: ``discard 6m``."""
    return f"discard {d.tile.code}"


def claim_label(c: ClaimOption) -> str:
    """A claim as the tables name it, with the tile thrown after it: ``pung → 9p``,
    ``chow 3m → 9p``, ``pass``."""
    if c.then_discard is None:
        return c.action
    return f"{c.action} → {c.then_discard.code}"


def _claims_table(a: Analysis) -> tuple[Table, list[tuple[str, Value | None]]]:
    table = _table()
    _choice_columns(table, ("Claim", "鸣牌"), a.rules)
    why: list[tuple[str, Value | None]] = []
    for i, c in enumerate(a.claims):
        label = claim_label(c)
        table.add_row(
            label,
            "-" if c.action == "win" else str(c.shanten),
            "-" if c.action == "win" else str(c.useful_count),
            *_value_cells(c.value),
            style="bold green" if i == 0 else None,
        )
        why.append((label, c.value))
    return table, why


def _value_of_hand(v: Value, rules: str) -> Text:
    """The value of a 13-tile hand as it stands (by="value"), the why line below."""
    text = Text("Value 价值: ", style="bold")
    minimum = " ".join(_minimum_header(rules))
    text.append(f"P(win) 和牌率 {percent(v.p_win)} · E[pts] 期望得分 {points(v.expected_points)}")
    text.append(f"\n{minimum} {percent(v.p_minimum)} · targets 目标番 {targets_cell(v)}")
    if v.why:
        text.append(f"\n{v.why}")
    if v.why_zh:
        text.append(f"\n{v.why_zh}", style="dim")
    return text


def _best_line(a: Analysis) -> Text | None:
    if a.best is None:
        return None
    return Text.assemble(("Best 最佳: ", "bold"), (a.best, "bold green"))


def _echo(a: Analysis, obj: dict[str, Any]) -> str:
    """The hand as the user wrote it (issue 18), with its notation's name when not
    fanshu's; the fanshu form when the request has no hand string."""
    text = obj.get("hand")
    if not isinstance(text, str):
        return str(a.hand)
    name = read_hand(text, obj.get("notation"))[1]
    return text.strip() if name == "fanshu" else f"{text.strip()}  ({name})"


def print_analysis(a: Analysis, *, obj: dict[str, Any], plain: bool, console: Console) -> None:
    """The human-readable analysis of one hand (``obj``: the request, for its context)."""
    console.print(Text(draw_hand(a.hand, pad=not plain, plain=plain), style="bold"))
    console.print(Text(_echo(a, obj), style="dim"))
    console.print(_context_line(a, obj))
    wild = a.hand.context.wildcard
    if wild is not None:
        console.print(Text(wild_kind_text(wild, plain=plain), style="bold"))
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
        if a.value is not None:
            console.print()
            console.print(_value_of_hand(a.value, a.rules))
        if a.claims:
            table, why = _claims_table(a)
            console.print()
            console.print(table)
            console.print()
            console.print(_why_lines(why))
    elif a.by == "efficiency":
        console.print(_efficiency_table(a, plain))
    else:
        table, why = _value_table(a, plain)
        console.print(table)
        console.print()
        console.print(_why_lines(why))
    best = _best_line(a)
    if best is not None:
        console.print()
        console.print(best)


def analyze_one(obj: dict[str, Any], *, as_json: bool, plain: bool) -> int:
    """Analyse one hand given as a batch input object; print it; return the exit code.

    While it runs, stderr on a terminal shows that it is working (value advice with a
    large budget takes a while)."""
    working = (
        Console(stderr=True).status("analysing 分析中 …")
        if sys.stderr.isatty() and not as_json
        else nullcontext()
    )
    if as_json:
        out = analyze_line(obj)
        typer.echo(dumps(out))
        return 0 if out["error"] is None else EXIT_BAD_INPUT
    visible = obj.get("visible") or ""
    try:
        with working:
            a = analyze_request(parse_analyze_request(obj))
    except (LineError, FanshuError) as e:
        position = getattr(e, "position", None)
        # A notation fault is in the hand unless the hand parses: then it is in --visible.
        shown = obj["hand"]
        if position is not None and visible:
            try:
                read_hand(obj["hand"], obj.get("notation"))
                shown = visible
            except FanshuError:
                pass
        raise fail(e.message, hand=shown, position=position) from None
    print_analysis(a, obj=obj, plain=plain, console=Console(highlight=False))
    return 0


AnalyzeBatchOption = Annotated[
    str | None,
    typer.Option(
        "--batch",
        "-b",
        metavar="FILE",
        show_default=False,
        help="Analyse a JSON Lines file ('-' for stdin) instead of one hand: keys id, "
        "hand, visible, rules, by, wall, seats, dealer, seat_wind, prevalent_wind, "
        "flowers, options, offered, offered_by, opponents, void, budget, seed "
        "(docs/http-api.md); one JSON line out per non-empty line in, in order.",
    ),
]


@with_batch(AnalyzeBatchOption)
def analyze_command(
    hand: Annotated[
        str | None,
        typer.Argument(
            metavar="HAND",
            help="A hand of 13 tiles (what it needs, what it waits on; with "
            "--offered, whether to claim) or 14 (what to discard), a kong counting as 3, "
            "e.g. '3456m345p34568sEE'; any notation of docs/notation.md (--notation).",
            show_default=False,
        ),
    ] = None,
    rules: HandRulesOption = DEFAULT_RULES,
    notation: NotationOption = None,
    by: Annotated[
        str,
        typer.Option(
            "--by",
            metavar="value|efficiency",
            help="Rank by expected points (value: P(win) × what the win pays, minus the "
            "danger of the discard) or by shanten and useful tiles only (efficiency).",
        ),
    ] = "value",
    look_ahead: Annotated[
        str | None,
        typer.Option(
            "--look-ahead",
            metavar="best|all|none",
            help="Which ties of the efficiency order get its look-ahead (the useful tiles "
            "after each improvement): best (default with --by efficiency), all (the "
            "complete order, slower), none (default with --by value).",
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
    wall: Annotated[
        int | None,
        typer.Option(
            "--wall",
            metavar="N",
            help="Tiles left in the wall (0-136). Default: a documented estimate.",
            show_default=False,
        ),
    ] = None,
    seats: Annotated[
        int | None,
        typer.Option(
            "--seats",
            metavar="2|4",
            help="Players at the table. Default: the rule set's.",
            show_default=False,
        ),
    ] = None,
    dealer: Annotated[bool, typer.Option("--dealer", help="I am the dealer (庄家).")] = False,
    seat_wind: Annotated[
        str | None,
        typer.Option(
            "--seat-wind", metavar="E|S|W|N", help="Seat wind (门风), or --seat. Default: E."
        ),
    ] = None,
    seat: Annotated[str | None, typer.Option("--seat", hidden=True)] = None,
    prevalent_wind: Annotated[
        str | None,
        typer.Option(
            "--prevalent-wind",
            metavar="E|S|W|N",
            help="Prevalent wind (圈风), or --prevalent. Default: E.",
        ),
    ] = None,
    prevalent: Annotated[str | None, typer.Option("--prevalent", hidden=True)] = None,
    flowers: FlowersOption = 0,
    offered: Annotated[
        str | None,
        typer.Option(
            "--offered",
            metavar="TILE",
            help="A discard on offer (13-tile hand): advice on claiming it (chow, pung, "
            "kong, win or pass).",
            show_default=False,
        ),
    ] = None,
    offered_by: Annotated[
        int | None,
        typer.Option(
            "--offered-by",
            metavar="N",
            help="Who threw the offered tile, in seats after me: 1 the next seat (下家), "
            "seats-1 the one before me (上家, the only one a chow is claimed from).",
            show_default=False,
        ),
    ] = None,
    opponent_discards: Annotated[
        list[str] | None,
        typer.Option(
            "--opponent-discards",
            metavar="TILES",
            help="An opponent's discards in the order thrown (repeatable: one per "
            "opponent, in turn order, the next seat first).",
            show_default=False,
        ),
    ] = None,
    opponent_melds: Annotated[
        list[str] | None,
        typer.Option(
            "--opponent-melds",
            metavar="MELDS",
            help="An opponent's exposed melds, e.g. '[123m][EEE]' (repeatable, in the "
            "order of --opponent-discards; '' for none).",
            show_default=False,
        ),
    ] = None,
    void: Annotated[
        str | None,
        typer.Option(
            "--void",
            metavar="m|s|p",
            help="My void suit under Sichuan rules (定缺): m 万, s 条, p 饼.",
            show_default=False,
        ),
    ] = None,
    budget: Annotated[
        int | None,
        typer.Option(
            "--budget",
            metavar="N",
            help=f"Monte Carlo paths per choice (1-{BUDGET.high}), for hands two or more "
            "from ready: more is steadier and slower. Default: the library's.",
            show_default=False,
        ),
    ] = None,
    seed: Annotated[
        int, typer.Option("--seed", metavar="N", help="Seed of the samples (0 to 2^32-1).")
    ] = 0,
    wildcard: WildcardOption = None,
    option: WaitsOptionOption = None,
    as_json: HandJsonOption = False,
    plain: PlainOption = False,
    batch: BatchRun = NO_BATCH,
) -> None:
    """Analyse a hand (算牌): shanten for every shape, useful tiles, waits with their fan,
    for 14 tiles every discard and with --offered every claim, ranked best first by
    expected points: the chance to win, what the win pays, P(reaching the minimum), the
    target fans and the danger of the discard, with a line saying why.

    Exit status: 0 analysed, 2 bad input.

    With --batch, a bad line gives an error object; the status is 2 only if FILE cannot be read.
    The lines are analysed on --workers local processes or on Ray, always in input order;
    130 after Ctrl-C (with --out FILE, --resume continues).
    """
    refuse_batch_notation(notation, batch.file)
    hand = hand_or_batch(
        hand,
        batch,
        example="fanshu analyze 3456m345p34568sEE",
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
        "rules": rules,
        "by": by,
        "seat_wind": one_of("--seat-wind", seat_wind, "--seat", seat) or "E",
        "prevalent_wind": one_of("--prevalent-wind", prevalent_wind, "--prevalent", prevalent)
        or "E",
        "flowers": flowers,
        "dealer": dealer,
        "seed": seed,
    }
    given = {
        "wall": wall,
        "seats": seats,
        "offered": offered,
        "offered_by": offered_by,
        "void": void,
        "budget": budget,
        "look_ahead": look_ahead,
        "wildcard": wildcard,
        "notation": notation,
    }
    obj.update({k: v for k, v in given.items() if v is not None})
    opponents = opponents_of(opponent_discards or [], opponent_melds or [])
    if opponents:
        obj["opponents"] = opponents
    options = option_assignments_or_exit(option, rules, as_json=as_json)
    if options is not None:
        obj["options"] = options
    code = analyze_one(obj, as_json=as_json, plain=plain)
    if code:
        raise typer.Exit(code)


def one_of(name: str, value: str | None, short: str, short_value: str | None) -> str | None:
    """The value of a flag given by its name or its short name (``--seat`` for
    ``--seat-wind``: the issue's words); both with different values is an error."""
    if value is not None and short_value is not None and value != short_value:
        raise fail(f"{short} is {name}: give one of them, not {value!r} and {short_value!r}")
    return value if value is not None else short_value


def opponents_of(discards: Sequence[str], melds: Sequence[str]) -> list[dict[str, Any]]:
    """The request's ``opponents`` from the repeated flags, the i-th of each for the
    i-th opponent (its ``relative`` i + 1).

    >>> opponents_of(["19m", "E"], ["[EEE]"])
    [{'discards': '19m', 'melds': '[EEE]'}, {'discards': 'E'}]
    """
    out: list[dict[str, Any]] = []
    for i in range(max(len(discards), len(melds))):
        entry: dict[str, Any] = {}
        if i < len(discards):
            entry["discards"] = discards[i]
        if i < len(melds):
            entry["melds"] = melds[i]
        out.append(entry)
    return out
