"""``fanshu score``: score one hand (drawn with tiles, fan by fan) or a JSON Lines batch,
under the Chinese Official rules or another rule set (``--rules sichuan``)."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import fields
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from fanshu.cli.convert import NotationOption, refuse_batch_notation
from fanshu.cli.errors import EXIT_BAD_INPUT, EXIT_NOT_A_WIN, fail
from fanshu.cli.fans import excluded_table
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
    PrevalentWindOption,
    RuleOptionOption,
    ScoreBatchOption,
    SeatWindOption,
    WildcardOption,
)
from fanshu.cli.wildcards import stood_for_text, wild_kind_text
from fanshu.errors import FanshuError
from fanshu.hand import Hand, WinContext
from fanshu.protocol.errors import LineError, error_object
from fanshu.protocol.lines import dumps
from fanshu.protocol.score import (
    echo_of,
    parse_request,
    rules_named,
    score_line,
    score_request,
)
from fanshu.protocol.wildcard import wildcards_of
from fanshu.render import draw_hand, draw_sets
from fanshu.rules import DEFAULT_RULES
from fanshu.rules.base import RuleSet, ScoreResult
from fanshu.rules.mcr.options import McrOptions
from fanshu.rules.mcr.result import MINIMUM_FAN, McrResult, is_mcr_result
from fanshu.tiles import Tile

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}
_NONE = {"none", "null"}


def yes_or_no(raw: str) -> bool | None:
    """The truth an option's text says (true, yes, on, 1 / false, no, off, 0, in any
    case); None for other text.

    >>> yes_or_no("On"), yes_or_no("0"), yes_or_no("maybe")
    (True, False, None)
    """
    word = raw.lower()
    return True if word in _TRUE else False if word in _FALSE else None


def _option_fields(rules: str) -> dict[str, tuple[str | None, Any]]:
    """(declared type as text, default) of each option a rule set takes by name.

    Read from its options dataclass (``McrOptions`` …), a nested options dataclass giving
    flat names too (two-player takes the MCR options by their own names); an option the
    rule set describes but that is not a field is typed by the default it describes.
    """
    rule_set = rules_named(rules)
    found: dict[str, tuple[str | None, Any]] = {}
    _collect_fields(rule_set.default_options(), found)
    if rules != DEFAULT_RULES:
        for name, default, _ in rule_set.describe_options():
            if name not in found:
                found[name] = _kind_of_text(default)
    return found


def _collect_fields(options: Any, found: dict[str, tuple[str | None, Any]]) -> None:
    if not dataclasses.is_dataclass(options) or isinstance(options, type):
        return
    nested: list[Any] = []
    for f in fields(options):
        value = getattr(options, f.name)
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            nested.append(value)
        else:
            kind = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", str(f.type))
            found.setdefault(f.name, (kind, value))
    for value in nested:  # the outer object's own fields win over a nested one's
        _collect_fields(value, found)


def _kind_of_text(default: str) -> tuple[str | None, Any]:
    text = default.strip().lower()
    if text in ("true", "false"):
        return "bool", text == "true"
    try:
        return "int", int(text)
    except ValueError:
        return None, None


def _option_value(name: str, raw: str, kind: str | None, default: Any) -> Any:
    """``raw`` (the text after ``=``) as the value the option field takes."""
    words = set(kind.replace("|", " ").replace(",", " ").split()) if kind else set()
    nullable = "None" in words or "Optional" in (kind or "") or (kind and default is None)
    if nullable and raw.lower() in _NONE:
        return None
    if "bool" in words or isinstance(default, bool):
        truth = yes_or_no(raw)
        if truth is None:
            raise LineError("bad_option", f"{name} is true or false, not {raw!r}")
        return truth
    if "int" in words or "Optional[int]" in (kind or "") or type(default) is int:
        try:
            return int(raw)
        except ValueError:
            raise LineError("bad_option", f"{name} is a number, not {raw!r}") from None
    if "str" in words or isinstance(default, str):
        return raw
    # an unknown name (left for the rule set to reject) or a type we cannot read: guess
    try:
        return int(raw)
    except ValueError:
        pass
    if raw.lower() in {"true", "false"}:
        return raw.lower() == "true"
    return None if raw.lower() in _NONE and kind else raw


def parse_option_assignments(items: list[str], rules: str = DEFAULT_RULES) -> dict[str, Any]:
    """``["two_concealed_kongs=8", "seven_pairs_tile_hog=false"]`` to typed option fields
    of the rule set ``rules`` (``McrOptions`` for MCR): booleans, numbers, text.

    Raises ``LineError`` (``bad_option``) for an unknown rule set, a malformed item or a
    value of the wrong type; unknown names are passed through for the rule set's
    ``options_from`` to reject with the list of names.
    """
    kinds = _option_fields(rules) if items else {}
    out: dict[str, Any] = {}
    for item in items:
        name, eq, raw = item.partition("=")
        name, raw = name.strip(), raw.strip()
        if not eq or not name:
            raise LineError("bad_option", f"--option takes name=value, not {item!r}")
        if name in kinds:
            kind, default = kinds[name]
            out[name] = _option_value(name, raw, kind, default)
        else:
            out[name] = raw if rules == DEFAULT_RULES else _option_value(name, raw, None, None)
    return out


def option_assignments_or_exit(
    items: list[str] | None, rules: str = DEFAULT_RULES, *, as_json: bool
) -> dict[str, Any] | None:
    """The ``--option`` items of a one-hand command parsed for ``rules`` (None when there
    are none); a bad item exits with status 2, as an error object with ``--json``."""
    if not items:
        return None
    try:
        return parse_option_assignments(items, rules)
    except LineError as e:
        if as_json:
            typer.echo(dumps(error_object(None, e.code, e.message)))
            raise typer.Exit(EXIT_BAD_INPUT) from None
        raise fail(e.message) from None


# -- one hand ---------------------------------------------------------------------------


def _context_text(ctx: WinContext, *, winds: bool = True) -> Text:
    """How the hand was won, on one line; ``winds`` false shows them only when not East."""
    parts = ["self-drawn" if ctx.self_drawn else "on a discard"]
    if ctx.kong:
        parts.append("kong replacement tile" if ctx.self_drawn else "robbing a kong")
    if ctx.kong_discard:
        parts.append("discard after a kong")
    if ctx.wall_last:
        parts.append("last tile of the wall")
    if ctx.fourth_tile:
        parts.append("last copy of the tile")
    if ctx.dealer:
        parts.append("dealer")
    if ctx.first_turn:
        parts.append("first turn")
    if ctx.ready_at_start:
        parts.append("ready from the start")
    if winds or ctx.seat_wind != Tile.EAST:
        parts.append(f"seat wind {ctx.seat_wind.code}")
    if winds or ctx.prevalent_wind != Tile.EAST:
        parts.append(f"prevalent wind {ctx.prevalent_wind.code}")
    if ctx.flowers:
        parts.append(f"{ctx.flowers} flower{'s' if ctx.flowers > 1 else ''}")
    if ctx.wildcard is not None:
        parts.append(f"wild {ctx.wildcard.code}")
    return Text(" · ".join(parts), style="dim")


def _context_line(result: McrResult) -> Text:
    return _context_text(result.hand.context)


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


def print_result(
    result: McrResult,
    *,
    excluded: bool,
    plain: bool,
    console: Console,
    echo: tuple[str, str] | None = None,
) -> None:
    """The human-readable score of one hand; ``echo`` is the hand as the user wrote it
    and its notation (``fanshu.protocol.score.echo_of``), shown instead of the fanshu
    notation of the hand."""
    console.print(Text(draw_hand(result.hand, pad=not plain, plain=plain), style="bold"))
    console.print(Text(_echo_text(result.hand, echo), style="dim"))
    console.print(_context_line(result))
    wild = result.hand.context.wildcard
    if wild is not None:  # MCR: the wild kind stands for nothing; its kong is 混杠
        console.print(Text(wild_kind_text(wild, plain=plain) + " (MCR: 混杠 only)", "bold"))
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
            console.print(excluded_table(result))
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


def _echo_text(hand: Hand, echo: tuple[str, str] | None) -> str:
    """The hand as the user wrote it, with its notation's name when not fanshu's."""
    if echo is None:
        return str(hand)
    text, notation = echo
    return text if notation == "fanshu" else f"{text}  ({notation})"


def _rule_fan_table(fans: list[dict[str, Any]], units: dict[str, str] | None = None) -> Table:
    """The fans of a rule set's result; ``units`` (Chinese fan name → 台 or 番) adds the
    unit column of a rule set that counts both (Jiaxing)."""
    table = Table(header_style="bold", box=None, pad_edge=False, padding=(0, 2, 0, 0))
    table.add_column("番种", no_wrap=True)
    table.add_column("Fan", no_wrap=True)
    table.add_column("Value", justify="right")
    table.add_column("Count", justify="right")
    if units:
        table.add_column("Unit 单位", no_wrap=True)
    for f in fans:
        row = [
            str(f.get("name", "")),
            str(f.get("name_en", "")),
            str(f.get("value", "")),
            str(f.get("count", 1)),
        ]
        if units:
            row.append(units.get(str(f.get("name", "")), ""))
        table.add_row(*row)
    return table


def _units(details: Any, rule_set: RuleSet) -> dict[str, str] | None:
    """``details["units"]`` (fan key → 台 or 番) by Chinese fan name, None without."""
    raw = details.get("units") if isinstance(details, dict) else None
    if not isinstance(raw, dict):
        return None
    zh = {str(f.key): f.name_zh for f in rule_set.fans}
    return {zh.get(str(k), str(k)): str(v) for k, v in raw.items()}


def _payment_lines(details: Any) -> list[Text]:
    """What the win is paid, when the rule set's details say: Jiaxing's 台 and 番 (底台 +
    台, doubled per 番), Pinghu's 胡, the points or payment from each payer."""
    if not isinstance(details, dict):
        return []
    out: list[Text] = []
    d = details
    if all(isinstance(d.get(k), int) for k in ("tai", "di_tai", "base", "fan", "points")):
        out.append(
            Text(
                f"台 {d['tai']} + 底台 {d['di_tai']} = {d['base']}, ×2^{d['fan']} 番 → "
                f"{d['points']} points from each payer",
                style="bold",
            )
        )
    elif isinstance(d.get("points"), int):
        out.append(Text(f"Points {d['points']}", style="bold"))
    if isinstance(d.get("hu"), int):
        out.append(Text(f"胡 {d['hu']}"))
    if isinstance(d.get("payment"), int) and not isinstance(d.get("payment"), bool):
        out.append(Text(f"Payment {d['payment']} from each payer"))
    return out


def print_rule_result(
    result: ScoreResult,
    rule_set: RuleSet,
    *,
    hand: str,
    plain: bool,
    console: Console,
    echo: tuple[str, str] | None = None,
) -> None:
    """The human-readable score of one hand under a rule set other than MCR: the hand,
    the fans (Chinese, English, value, count), the total, the multiplier and the capped
    value when the rule set has them."""
    parsed = getattr(result, "hand", None)
    if isinstance(parsed, Hand):
        console.print(Text(draw_hand(parsed, pad=not plain, plain=plain), style="bold"))
        console.print(Text(_echo_text(parsed, echo), style="dim"))
    else:
        console.print(Text(hand, style="bold"))
    console.print(Text(f"{rule_set.title_zh} {rule_set.title_en} ({rule_set.name})", "dim"))
    if isinstance(parsed, Hand):
        console.print(_context_text(parsed.context, winds=False))
    shown = wildcards_of(getattr(result, "details", None))
    if shown is not None:
        console.print(Text(stood_for_text(shown, plain=plain), style="bold"))
    console.print()
    if not result.is_win:
        console.print(
            Text(f"not a winning hand: {result.reason or 'the tiles do not form one'}", "bold red")
        )
        return
    data = result.to_dict()
    details = dict(getattr(result, "details", None) or {})
    console.print(_rule_fan_table(list(data.get("fans", [])), _units(details, rule_set)))
    console.print()
    console.print(Text.assemble(("Total ", "bold"), (f"{result.total} fan", "bold")))
    multiplier = data.get("multiplier")
    if multiplier is not None:
        console.print(Text(f"Multiplier ×{multiplier} (before any cap)"))
    capped = getattr(result, "capped", None)
    if isinstance(capped, int) and not isinstance(capped, bool) and capped < result.total:
        console.print(Text(f"Capped at {capped} fan", style="bold"))
    for line in _payment_lines(details):
        console.print(line)


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
        request = parse_request(obj)
        result = score_request(request)
    except (LineError, FanshuError) as e:
        position = getattr(e, "position", None)
        raise fail(e.message, hand=obj["hand"], position=position) from None
    console = Console(highlight=False)
    echo = echo_of(request.hand, request.notation)
    if is_mcr_result(result):
        print_result(result, excluded=excluded, plain=plain, console=console, echo=echo)
    else:
        rule_set = rules_named(request.rules)
        print_rule_result(
            result, rule_set, hand=obj["hand"], plain=plain, console=console, echo=echo
        )
    return 0 if result.is_win else EXIT_NOT_A_WIN


@with_batch(ScoreBatchOption)
def score_command(
    hand: Annotated[
        str | None,
        typer.Argument(
            metavar="HAND",
            help="A hand, e.g. '[EEEE]123m456p789s11s': melds in brackets first, the "
            "winning tile last; any notation of docs/notation.md (--notation).",
            show_default=False,
        ),
    ] = None,
    rules: HandRulesOption = DEFAULT_RULES,
    notation: NotationOption = None,
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
    seat_wind: SeatWindOption = "E",
    prevalent_wind: PrevalentWindOption = "E",
    flowers: FlowersOption = 0,
    dealer: Annotated[
        bool, typer.Option("--dealer", help="The winner is the dealer (庄家).")
    ] = False,
    first_turn: Annotated[
        bool,
        typer.Option(
            "--first-turn",
            help="Won on the winner's first tile, before any claim (天和, 地和, 人和).",
        ),
    ] = False,
    ready_at_start: Annotated[
        bool,
        typer.Option("--ready-at-start", help="Declared ready with the starting hand (天听)."),
    ] = False,
    kong_discard: Annotated[
        bool,
        typer.Option(
            "--kong-discard",
            help="Won on the discard a player made right after a kong (杠上炮).",
        ),
    ] = False,
    wildcard: WildcardOption = None,
    option: RuleOptionOption = None,
    excluded: Annotated[
        bool,
        typer.Option(
            "--excluded", "-x", help="Also list the excluded fans and what excluded each."
        ),
    ] = False,
    as_json: HandJsonOption = False,
    plain: PlainOption = False,
    batch: BatchRun = NO_BATCH,
) -> None:
    """Score a winning hand under the Chinese Official rules (国标麻将), or under another
    rule set with --rules (fanshu rules lists them).

    Exit status: 0 scored, 1 not a winning hand, 2 bad input.

    With --batch, a bad line gives an error object; the status is 2 only if FILE cannot be read.
    The lines are scored on --workers local processes or on Ray, always in input order;
    130 after Ctrl-C (with --out FILE, --resume continues).
    """
    refuse_batch_notation(notation, batch.file)
    hand = hand_or_batch(hand, batch, example="fanshu score '[EEEE]123m456p789s11s'")
    if hand is None:
        return
    obj: dict[str, Any] = {
        "id": None,
        "hand": hand,
        "rules": rules,
        "self_drawn": self_drawn,
        "fourth_tile": fourth_tile,
        "kong": kong,
        "wall_last": wall_last,
        "dealer": dealer,
        "first_turn": first_turn,
        "ready_at_start": ready_at_start,
        "kong_discard": kong_discard,
        "seat_wind": seat_wind,
        "prevalent_wind": prevalent_wind,
        "flowers": flowers,
    }
    if wildcard is not None:
        obj["wildcard"] = wildcard
    if notation is not None:
        obj["notation"] = notation
    options = option_assignments_or_exit(option, rules, as_json=as_json)
    if options is not None:
        obj["options"] = options
    code = score_one(obj, as_json=as_json, excluded=excluded, plain=plain)
    if code:
        raise typer.Exit(code)


OPTIONS_EPILOG = (
    "MCR options (--option NAME=VALUE): "
    + ", ".join(f"{f.name} (default {json.dumps(f.default)})" for f in fields(McrOptions))
    + ". Other rule sets: fanshu rules NAME."
)
