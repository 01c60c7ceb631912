"""``fanshu fans``: the fan table."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.text import Text

from fanshu.cli.tables import listing_table
from fanshu.rules.mcr.fans import FANS, Fan, FanSpec


def fan_rows() -> list[dict[str, Any]]:
    """The fan table as plain data, in rule-book order (82 is the MIL supplement 明暗杠,
    83-88 the non-official extras of the ``blessings`` option)."""
    rows: list[dict[str, Any]] = []
    for fan in sorted(Fan):
        spec = FANS[fan]
        rows.append(
            {
                "number": spec.number,
                "name": spec.name_zh,
                "name_en": spec.name_en,
                "value": spec.value,
                "official": fan.is_official,
                "excludes": [FANS[f].name_zh for f in spec.excludes],
                "excludes_en": [FANS[f].name_en for f in spec.excludes],
                "excludes_own_sets": [FANS[f].name_zh for f in spec.excludes_own_sets],
                "excludes_own_sets_en": [FANS[f].name_en for f in spec.excludes_own_sets],
            }
        )
    return rows


def _excludes_text(spec: FanSpec, english: bool) -> Text:
    def name(f: Fan) -> str:
        return FANS[f].name_en if english else FANS[f].name_zh

    sep = ", " if english else " "  # spaces let long lists wrap between names
    text = Text(sep.join(name(f) for f in spec.excludes))
    if spec.excludes_own_sets:
        if text:
            text.append(sep)
        text.append(sep.join(name(f) for f in spec.excludes_own_sets))
        text.append(" (of its own sets)" if english else "（仅其自身的刻子）", style="dim")
    return text


def fans_command(
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the table as a JSON array.")
    ] = False,
    english: Annotated[
        bool, typer.Option("--en", help="Name the excluded fans in English.")
    ] = False,
) -> None:
    """List the fans of the Chinese Official rules: number, names, value, what each excludes."""
    if as_json:
        typer.echo(json.dumps(fan_rows(), ensure_ascii=False, indent=2))
        return
    table = listing_table(
        "Chinese Official (MCR) fans 国标麻将番种",
        caption="不计: fans not counted again once this one counts. 82 明暗杠 is the MIL "
        "supplement; 83-88 are the non-official extras of the blessings option.",
    )
    table.add_column("#", justify="right", style="dim")
    table.add_column("番种", no_wrap=True)
    table.add_column("Fan", max_width=26)
    table.add_column("Value", justify="right", style="bold cyan")
    table.add_column("Excludes 不计", ratio=1, overflow="fold")
    previous: int | None = None
    for fan in sorted(Fan, key=lambda f: (-FANS[f].value, f)):
        spec = FANS[fan]
        if previous is not None and spec.value != previous:
            table.add_section()
        previous = spec.value
        table.add_row(
            str(spec.number),
            spec.name_zh,
            spec.name_en,
            str(spec.value),
            _excludes_text(spec, english),
        )
    Console().print(table)
