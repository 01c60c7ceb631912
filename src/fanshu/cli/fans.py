"""``fanshu fans``: the fan table, one fan explained (``fanshu fans NAME``), and the rows
``fanshu score --excluded`` prints for the fans a hand shows but does not count.

番种表：先列 1998 年规则的 81 个番种（按规则书顺序），再列补充与非官方番种；
``fanshu fans 名称`` 显示一个番种的分值、不计的番种和规则原文。
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.cells import cell_len
from rich.console import Console
from rich.table import Table
from rich.text import Text

from fanshu.cli.tables import listing_table
from fanshu.rules.mcr.fans import FANS, Fan, FanSpec

if TYPE_CHECKING:
    from fanshu.rules.base import ExcludedFan, Result


def fan_rows() -> list[dict[str, Any]]:
    """The fan table as plain data, in rule-book order (82 is the MIL supplement 明暗杠,
    83-89 the non-official extras of the ``blessings`` option)."""
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
    name: Annotated[
        str | None,
        typer.Argument(
            help="One fan to explain: its Chinese or English name, number (1-89) or key "
            "(大四喜, 'big four winds', 1, BIG_FOUR_WINDS).",
            show_default=False,
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the table (or the one fan) as JSON.")
    ] = False,
    english: Annotated[
        bool, typer.Option("--en", help="Name the excluded fans in English.")
    ] = False,
) -> None:
    """List the fans of the Chinese Official rules, or explain one: value, what it
    excludes (不计), which fans exclude it, its rule text and examples."""
    if name is not None:
        _show_one(name, as_json=as_json)
        return
    if as_json:
        typer.echo(json.dumps(fan_rows(), ensure_ascii=False, indent=2))
        return
    console = Console()
    console.print(_table([f for f in sorted(Fan) if f.is_official], english, official=True))
    console.print(_table([f for f in sorted(Fan) if not f.is_official], english, official=False))


def _table(fans: list[Fan], english: bool, *, official: bool) -> Table:
    if official:
        table = listing_table(
            "Chinese Official (MCR) fans 国标麻将番种 (1998 rule book, 1-81)",
            caption="不计: fans not counted again once this one counts. "
            "fanshu fans NAME explains one.",
        )
    else:
        table = listing_table(
            "Not in the 1998 rule book 补充与非官方番种",
            caption="82 明暗杠 is the MIL supplement; 83-89 are the non-official extras, "
            "counted only under the option blessings.",
        )
    table.add_column("#", justify="right", style="dim")
    table.add_column("番种", no_wrap=True)
    table.add_column("Fan", max_width=26)
    table.add_column("Value", justify="right", style="bold cyan")
    table.add_column("Excludes 不计", ratio=1, overflow="fold")
    previous: int | None = None
    for fan in fans:
        spec = FANS[fan]
        if official and previous is not None and spec.value != previous:
            table.add_section()
        previous = spec.value
        table.add_row(
            str(spec.number),
            spec.name_zh,
            spec.name_en,
            str(spec.value),
            _excludes_text(spec, english),
        )
    return table


def _show_one(name: str, *, as_json: bool) -> None:
    from fanshu.cli.errors import fail
    from fanshu.errors import FanshuError
    from fanshu.rules.mcr.lookup import fan_info, find_fan

    try:
        fan = find_fan(name)
    except FanshuError as e:
        raise fail(e.message) from None
    info = fan_info(fan)
    if as_json:
        typer.echo(json.dumps(info, ensure_ascii=False, indent=2))
        return
    console = Console()
    for line in fan_lines(info):
        console.print(line)


def _refs(refs: list[dict[str, Any]]) -> str:
    return ", ".join(f"{r['name']} {r['name_en']} ({r['number']})" for r in refs)


def fan_lines(info: dict[str, Any]) -> list[Text]:
    """One fan (``lookup.fan_info``) as the lines ``fanshu fans NAME`` prints."""
    kind = "official" if info["official"] else "not in the 1998 rule book 非官方"
    lines = [
        Text.assemble(
            (f"#{info['number']} {info['name']} {info['name_en']}", "bold"),
            ("  "),
            (f"{info['value']} fan 番", "bold cyan"),
            (f"  ({kind}; {info['source']})", "dim"),
        )
    ]

    def add(label: str, refs: list[dict[str, Any]]) -> None:
        if refs:
            lines.append(Text.assemble((label, "bold"), " ", _refs(refs)))

    add("Excludes 不计:", info["excludes"])
    add("Of its own sets 仅其自身的刻子不计:", info["excludes_own_sets"])
    add("Excluded by 被以下番种不计:", info["excluded_by"])
    text = info["text"]
    if text is None:
        lines.append(Text("Rule text 规则: none yet 暂无", style="dim"))
        return lines
    lines.append(Text("Rule 规则:", style="bold"))
    lines.append(Text(f"  {text['zh']}"))
    lines.append(Text(f"  {text['en']}"))
    if text["examples"]:
        lines.append(Text("Examples 例:", style="bold"))
        for ex in text["examples"]:
            context = ", ".join(f"{k}={v}" for k, v in ex.get("context", {}).items())
            note = " / ".join(n for n in (ex.get("note_zh"), ex.get("note_en")) if n)
            lines.append(
                Text.assemble(
                    "  ",
                    (ex["hand"], "bold"),
                    (f" [{context}]" if context else "", "dim"),
                    (f"  {note}" if note else ""),
                )
            )
    return lines


# -- the excluded fans of a result (for ``fanshu score --excluded``) ---------------------


def excluded_rows(result: Result[Fan]) -> list[tuple[str, str, str, str, str]]:
    """The excluded fans of a result as table rows: 番种, Fan, what excludes it (the
    others whose rows name it in brackets), why (不重复 or the combination principle),
    and the sets involved."""
    rows: list[tuple[str, str, str, str, str]] = []
    for x in result.excluded:
        rows.append(_excluded_row(x))
    return rows


def _excluded_row(x: ExcludedFan[Fan]) -> tuple[str, str, str, str, str]:
    by = f"{x.by_row.name_zh} {x.by_row.name_en}"
    if x.also_by:
        by += " (+" + ", ".join(r.name_zh for r in x.also_by) + ")"
    reason = f"{x.reason_zh} {x.reason_en}"
    return (x.row.name_zh, x.row.name_en, by, reason, " ".join(x.sets))


def excluded_table(result: Result[Fan]) -> Table:
    """The table ``fanshu score --excluded`` prints: each fan the hand shows and does not
    count, what stops it, why, on which sets."""
    table = Table(
        title="Excluded 不计",
        title_justify="left",
        title_style="bold",
        header_style="bold",
        box=None,
        pad_edge=False,
        padding=(0, 2, 0, 0),
    )
    rows = excluded_rows(result)
    # The Chinese name is what a reader scans for: never cut it; the rest wraps in a
    # narrow terminal rather than losing words to an ellipsis.
    zh_width = max((cell_len(r[0]) for r in rows), default=4)
    table.add_column("番种", no_wrap=True, style="dim", min_width=zh_width)
    table.add_column("Fan", style="dim", overflow="fold")
    table.add_column("Excluded by 被…不计", overflow="fold")
    table.add_column("Why 原则", overflow="fold")
    table.add_column("Sets 牌组", overflow="fold")
    for row in rows:
        table.add_row(*row)
    return table
