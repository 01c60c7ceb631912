"""``fanshu rules``: the rule sets fanshu scores, and one rule set's fan table and options."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from fanshu.cli.errors import EXIT_BAD_INPUT, fail
from fanshu.cli.tables import listing_table
from fanshu.errors import FanshuError
from fanshu.rules import get_rules, names
from fanshu.rules.base import RuleSet
from fanshu.rules.listing import rule_details, rule_listing, rule_summary

_SEED_FILE = re.compile(r"\b(\d{3})_[0-9a-f]{8,}\.txt\b\s*(?:\((?P<section>[^()]*)\))?")


def readable_source(source: str) -> str:
    """Where a fan's rule comes from as a reader can look it up: a seed document by its
    number, as docs and /work/shared/RULES.md name them (``seed 000``), with its section,
    instead of the document's file name.

    >>> readable_source("000_027ea77d1181f0d7.txt (麻将算翻 番型一览)")
    'seed 000, 麻将算翻 番型一览'
    >>> readable_source("1998 rule book, fan 12")
    '1998 rule book, fan 12'
    """

    def named(match: re.Match[str]) -> str:
        section = match.group("section")
        return f"seed {match.group(1)}" + (f", {section}" if section else "")

    return _SEED_FILE.sub(named, source)


def _cap_text(cap: int | None) -> str:
    return "—" if cap is None else str(cap)


def _list_table(rule_sets: Sequence[RuleSet]) -> Table:
    table = listing_table(
        "Rule sets 规则",
        caption="Fan: added, or payment ×2 for each fan. fanshu rules NAME: fans and options.",
    )
    table.add_column("Name", no_wrap=True, style="bold cyan")
    table.add_column("规则", no_wrap=True)
    table.add_column("Rules", ratio=1, min_width=12)
    table.add_column("Tiles", justify="right", no_wrap=True)
    table.add_column("Fan", no_wrap=True)
    table.add_column("Cap", justify="right", no_wrap=True)
    table.add_column("Min", justify="right", no_wrap=True)
    table.add_column("Wild 百搭", no_wrap=True)
    for rs in rule_sets:
        row = rule_summary(rs)
        name = row["name"] + (" (default)" if row["default"] else "")
        table.add_row(
            name,
            row["title_zh"],
            row["title_en"],
            str(row["tiles"]),
            _combine_text(rs),
            _cap_text(row["cap"]),
            str(row["minimum"]),
            _wild_cell(rs),
        )
    return table


def _wild_cell(rule_set: RuleSet) -> str:
    """✓ when wild tiles stand for others, 混杠 when the wild kind only names a kong."""
    rule = rule_set.wildcards
    if rule is None:
        return "—"
    return "✓" if rule.shapes else "混杠 only"


_SHAPE_WORDS = {"regular": "4 sets + pair", "seven_pairs": "七对", "thirteen_orphans": "十三幺"}


def _wild_lines(rule_set: RuleSet) -> list[Text]:
    """How the rule set uses a wildcard: how it is chosen (English, 中文) and what it
    may complete, or that the rule set has none."""
    rule = rule_set.wildcards
    if rule is None:
        return [Text("Wildcard 百搭: none (a --wildcard is refused)", style="dim")]
    shapes = ", ".join(_SHAPE_WORDS.get(s, s) for s in rule.shapes)
    completes = f"completes {shapes}" if shapes else "stands for no tile"
    kinds = "any kind" if len(rule.stands_for) == 34 else f"{len(rule.stands_for)} kinds"
    lines = [Text(f"Wildcard 百搭: {completes}; stands for {kinds}", style="bold")]
    if rule.how_en:
        lines.append(Text(f"  {rule.how_en}"))
    if rule.how_zh:
        lines.append(Text(f"  {rule.how_zh}"))
    return lines


def _combine_text(rule_set: RuleSet) -> str:
    return {"add": "added", "double": "×2 each"}.get(rule_set.combine, rule_set.combine)


def _fan_table(rule_set: RuleSet) -> Table:
    table = listing_table(
        f"{rule_set.title_zh} {rule_set.title_en}: fans 番种", title_justify="left"
    )
    table.add_column("Key", style="dim", overflow="fold")
    table.add_column("番种", no_wrap=True)
    table.add_column("Fan", max_width=24)
    table.add_column("Value", justify="right", style="bold cyan")
    table.add_column("Excludes 不计", ratio=2, overflow="fold")
    table.add_column("Source 出处", ratio=1, overflow="fold", style="dim")
    # excluded fans by Chinese name (keys in --json): short, and they wrap between names
    zh = {f.key: f.name_zh for f in rule_set.fans}
    for f in rule_set.fans:
        excludes = " ".join(zh.get(k, k) for k in f.excludes)
        source = readable_source(f.source)
        table.add_row(f.key, f.name_zh, f.name_en, str(f.value), excludes, source)
    return table


def _options_table(rule_set: RuleSet) -> Table | None:
    rows = list(rule_set.describe_options())
    if not rows:
        return None
    table = listing_table(
        'Options (--option NAME=VALUE, or "options" in a batch line)', title_justify="left"
    )
    table.add_column("Option", no_wrap=True, style="bold")
    table.add_column("Default", no_wrap=True)
    table.add_column("Selects", ratio=1, overflow="fold")
    for name, default, note in rows:
        table.add_row(name, default, note)
    return table


def _print_details(rule_set: RuleSet, console: Console) -> None:
    row = rule_summary(rule_set)
    console.print(Text(f"{rule_set.title_zh} {rule_set.title_en} ({rule_set.name})", "bold"))
    flowers = " with flowers" if row["flowers"] else ""
    cap = f"cap {row['cap']} fan" if row["cap"] is not None else "no cap"
    minimum = f"minimum {row['minimum']} fan" if row["minimum"] else "no minimum"
    combine = "fan added" if rule_set.combine == "add" else "payment doubled per fan"
    console.print(Text(f"{row['tiles']} tiles{flowers} · {combine} · {cap} · {minimum}", "dim"))
    console.print(Text("Shapes: " + "; ".join(rule_set.shapes), style="dim"))
    for line in _wild_lines(rule_set):
        console.print(line)
    console.print()
    console.print(_fan_table(rule_set))
    options = _options_table(rule_set)
    if options is not None:
        console.print()
        console.print(options)


def rules_command(
    name: Annotated[
        str | None,
        typer.Argument(
            metavar="[NAME]",
            help="A rule set (mcr, sichuan …): print its fan table and options.",
            show_default=False,
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the list, or the rule set, as JSON.")
    ] = False,
) -> None:
    """List the rule sets fanshu scores (name, titles, tiles, how fan combine, cap,
    minimum, wildcard), or, given NAME, that rule set's wildcard rule, fan table and
    options.

    The JSON is what GET /v1/rules and GET /v1/rules/NAME answer.  Each fan
    has its Chinese name as name_zh (preferred) and as name (the same, kept
    for older scripts).

    Exit status: 0 done, 2 unknown rule set.
    """
    if name is None:
        if as_json:
            typer.echo(json.dumps(rule_listing(), ensure_ascii=False, indent=2))
            return
        Console(highlight=False).print(_list_table([get_rules(n) for n in names()]))
        return
    try:
        rule_set = get_rules(name)
    except FanshuError as e:
        if as_json:
            error = {"error": {"code": e.code, "message": e.message}}
            typer.echo(json.dumps(error, ensure_ascii=False))
            raise typer.Exit(EXIT_BAD_INPUT) from None
        raise fail(e.message) from None
    if as_json:
        typer.echo(json.dumps(rule_details(rule_set), ensure_ascii=False, indent=2))
        return
    _print_details(rule_set, Console(highlight=False))
