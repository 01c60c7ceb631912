"""``fanshu stats FILE``: what a results file comes to — score results
(``score --batch``), analyses (``analyze --batch``) or games (a ``simulate --out`` log, or
its Parquet table), JSON Lines or Parquet — as tables in the terminal, one JSON object
with ``--json``, and charts with ``--plot OUT.png``."""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console, JustifyMethod
from rich.table import Table

from fanshu.batch.formats import read_records, sniff
from fanshu.batch.stats import Stats, compute
from fanshu.cli.errors import fail
from fanshu.cli.options import LogPlayersOption
from fanshu.cli.tables import summary_table
from fanshu.errors import FanshuError

#: Fans listed by default (``--top 0`` lists them all).
TOP_FANS = 20
#: A distribution with more values than this is shown in ranges.
DISTRIBUTION_ROWS = 16
_WINDS = "ESWN"


def stats_command(
    file: Annotated[
        str,
        typer.Argument(
            metavar="FILE",
            help="Score or analyze results, or a game log: JSON Lines or Parquet; - for stdin.",
        ),
    ],
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the figures as one JSON object.")
    ] = False,
    plot: Annotated[
        str | None,
        typer.Option(
            "--plot",
            metavar="OUT.png",
            help="Also draw the figures as charts into OUT.png (needs matplotlib: "
            "pip install 'fanshu\\[plot]').",
            show_default=False,
        ),
    ] = None,
    players: LogPlayersOption = None,
    top: Annotated[
        int,
        typer.Option("--top", metavar="N", help="Fans listed in the table; 0 lists all."),
    ] = TOP_FANS,
) -> None:
    """Sum up a results file: fan frequencies and the distribution of fan totals; for
    games also wins, win rate and average score per seat and per bot, drawn games and
    length; for score and analyze results the errors by code.  The kind and format
    (JSON Lines or Parquet) are read from the file."""
    bots = None
    if players is not None:
        bots = [p.strip() for p in players.split(",")]
        if not all(bots):
            raise fail(f"--players is a comma-separated list of bot names, not {players!r}")
    if top < 0:
        raise fail(f"--top is a whole number of at least 0, not {top}")
    try:
        if plot is not None:
            from fanshu.batch.plots import require_matplotlib

            require_matplotlib()  # say that matplotlib is missing before reading a long file
        with _local(file) as path:
            _, kind = sniff(path)
            stats = compute(read_records(path), kind, players=bots)
    except FanshuError as e:
        raise fail(f"{_name(file)}: {e.message}" if file not in e.message else e.message) from None
    data = {"file": _name(file), **stats.to_dict()}
    if as_json:
        typer.echo(json.dumps(data, ensure_ascii=False))
    else:
        print_stats(data, Console(highlight=False), top=top)
    if plot is not None:
        _plot(stats, plot, _name(file))


def _name(file: str) -> str:
    return "stdin" if file == "-" else file


@contextmanager
def _local(file: str) -> Iterator[Path]:
    """The file as a path; stdin is copied to a temporary file (its kind and format are
    read from its first bytes, then it is read again)."""
    if file != "-":
        path = Path(file)
        if not path.is_file():
            raise fail(
                f"cannot read {file}: no such file"
                if not path.exists()
                else f"cannot read {file}: not a file"
            )
        yield path
        return
    with tempfile.TemporaryDirectory(prefix="fanshu-stats-") as tmp:
        path = Path(tmp) / "stdin"
        with open(path, "wb") as out:
            shutil.copyfileobj(sys.stdin.buffer, out)
        yield path


#: What ``--plot`` says when no font draws Chinese: the fans are then labelled in English.
NO_CJK_FONT = (
    "note: no font that draws Chinese is installed (Noto Sans CJK, WenQuanYi, Source Han "
    "Sans …), so the fans are labelled in English only; for their Chinese names install "
    "one, e.g. apt-get install fonts-noto-cjk (Debian/Ubuntu) or dnf install "
    "google-noto-sans-cjk-fonts (Fedora) / 未安装中文字体，番种只用英文标注；"
    "请安装 fonts-noto-cjk 等中文字体"
)


def _plot(stats: Stats, out: str, name: str) -> None:
    from fanshu.batch.plots import cjk_font, plot_stats

    if cjk_font() is None:  # plot_stats labels in English then: say why, and what helps
        Console(stderr=True, highlight=False).print(NO_CJK_FONT, soft_wrap=True)
    try:
        plot_stats(stats, out, name=name)
    except FanshuError as e:
        raise fail(e.message) from None
    except (OSError, ValueError) as e:  # an unwritable path, an unknown image suffix
        raise fail(f"cannot draw {out}: {e}") from None
    Console(stderr=True, highlight=False).print(f"wrote {out}")


# -- the tables ----------------------------------------------------------------------------


def _table(title: str, *columns: tuple[str, JustifyMethod]) -> Table:
    table = summary_table(title)
    for name, justify in columns:
        table.add_column(name, justify=justify, no_wrap=True)
    return table


def _pct(x: float | None) -> str:
    return "—" if x is None else f"{100 * x:.1f}%"


def _num(x: float | None, digits: int = 1) -> str:
    return "—" if x is None else f"{x:.{digits}f}"


def _ranges(counts: Mapping[Any, int], rows: int = DISTRIBUTION_ROWS) -> list[tuple[str, int]]:
    """A distribution's rows: each value, or ranges of equal width when there are many."""
    values = sorted((int(k), v) for k, v in counts.items())
    if not values:
        return []
    lo, hi = values[0][0], values[-1][0]
    if len(values) <= rows:
        return [(str(k), v) for k, v in values]
    width = -(-(hi - lo + 1) // rows)
    out: dict[int, int] = {}
    for k, v in values:
        start = lo + (k - lo) // width * width
        out[start] = out.get(start, 0) + v
    return [(f"{s}–{s + width - 1}", out.get(s, 0)) for s in range(lo, hi + 1, width)]


def _distribution(title: str, d: Mapping[str, Any], unit: str) -> Table:
    table = _table(title, ("", "right"), (unit.capitalize(), "right"), ("%", "right"), ("", "left"))
    rows = _ranges(d["distribution"])
    most = max((v for _, v in rows), default=0)
    for label, v in rows:
        bar = "█" * max(1, round(30 * v / most)) if v else ""
        table.add_row(label, str(v), _pct(v / d["n"] if d["n"] else None), bar)
    table.caption = (
        f"mean {_num(d['mean'])} · median {_num(d['median'])} · "
        f"min {d['min'] if d['min'] is not None else '—'} · "
        f"max {d['max'] if d['max'] is not None else '—'}"
    )
    table.caption_justify = "left"
    return table


def _fans(title: str, fans: Sequence[Mapping[str, Any]], unit: str, top: int) -> Table:
    shown = fans if top == 0 else fans[:top]
    table = _table(
        title,
        ("番种", "left"),
        ("Fan", "left"),
        (unit.capitalize(), "right"),
        (f"% of {unit}", "right"),
    )
    for r in shown:
        table.add_row(r["name"], r.get("name_en") or "", str(r[unit]), _pct(r["share"]))
    if len(shown) < len(fans):
        table.caption = f"{len(fans) - len(shown)} more: --top 0 lists all"
        table.caption_justify = "left"
    return table


def _errors_count(errors: Mapping[str, int]) -> str:
    n = sum(errors.values())
    return f"{n} error{'' if n == 1 else 's'}"


def _errors(errors: Mapping[str, int], whole: int) -> Table:
    table = _table("Errors 错误", ("Code", "left"), ("Lines", "right"), ("%", "right"))
    for code, n in errors.items():
        table.add_row(code, str(n), _pct(n / whole if whole else None))
    return table


def print_stats(data: Mapping[str, Any], console: Console, *, top: int = TOP_FANS) -> None:
    """The figures (``Stats.to_dict()`` with ``file``) as tables."""
    kind = data["kind"]
    rules = ", ".join(data.get("rules") or {}) or "rules not named"
    if kind == "games":
        _print_games(data, console, rules, top)
    elif kind == "score":
        console.print(
            f"[bold]{data['file']}[/] · score results · {rules} · {data['records']} hands · "
            f"{data['scored']} scored · {_errors_count(data['errors'])}",
            soft_wrap=True,
        )
        if data["errors"]:
            console.print(_errors(data["errors"], data["records"]))
        if data["scored"]:
            console.print(_distribution("Fan totals 番数", data["totals"], "hands"))
            console.print(_fans("Fans 番种 (hands that counted each)", data["fans"], "hands", top))
    else:
        console.print(
            f"[bold]{data['file']}[/] · analyses · {data['records']} hands · "
            f"{data['analysed']} analysed ({data['hands_13']} of 13 tiles, "
            f"{data['hands_14']} of 14) · {_errors_count(data['errors'])}",
            soft_wrap=True,
        )
        if data["errors"]:
            console.print(_errors(data["errors"], data["records"]))
        if data["analysed"]:
            console.print(
                _distribution("Shanten 向听 (-1 complete, 0 ready)", data["shanten"], "hands")
            )
        if data["waits_when_ready"]["n"]:
            console.print(
                _distribution(
                    "Waits of ready hands (kinds of tile)", data["waits_when_ready"], "hands"
                )
            )


def _print_games(data: Mapping[str, Any], console: Console, rules: str, top: int) -> None:
    games = data["games"]
    console.print(
        f"[bold]{data['file']}[/] · games · {rules} · {games} games · {data['wins']} wins · "
        f"{data['drawn']} drawn ({_pct(data['draw_rate'])}) · {data['false_wins']} false wins",
        soft_wrap=True,
    )
    if not games:
        return
    named = any("player" in r for r in data["seats"])
    columns: list[tuple[str, JustifyMethod]] = [("Seat", "left")]
    if named:
        columns.append(("Bot", "left"))
    seats = _table(
        "Seats 座位",
        *columns,
        ("Games", "right"),
        ("Wins", "right"),
        ("Win %", "right"),
        ("False wins", "right"),
        ("Avg score", "right"),
    )
    four = len(data["seats"]) == 4
    for r in data["seats"]:
        seat = f"{r['seat']} {_WINDS[r['seat']]}" if four else str(r["seat"])
        bot = [r["player"]] if named else []
        seats.add_row(
            seat,
            *bot,
            str(r["games"]),
            str(r["wins"]),
            _pct(r["win_rate"]),
            str(r["false_wins"]),
            _num(r["average_score"], 2),
        )
    console.print(seats)
    if data["bots"]:
        bots = _table(
            "Bots 选手 (per seat held)",
            ("Bot", "left"),
            ("Games", "right"),
            ("Seat-games", "right"),
            ("Wins", "right"),
            ("Win %", "right"),
            ("False wins", "right"),
            ("Avg score", "right"),
        )
        for b in data["bots"]:
            bots.add_row(
                b["bot"],
                str(b["games"]),
                str(b["seat_games"]),
                str(b["wins"]),
                _pct(b["win_rate"]),
                str(b["false_wins"]),
                _num(b["average_score"], 2),
            )
        console.print(bots)
    if data["games_without_bots"]:
        console.print(
            f"[dim]{data['games_without_bots']} of {games} games do not name their bots: "
            "--players A,B,C,D gives per-bot figures[/]"
        )
    length = _table("Length 局长 (per game)", ("", "left"), ("", "right"))
    length.show_header = False
    length.add_row("turns (front draws and claims)", _num(data["average_turns"]))
    length.add_row("decisions", _num(data["average_decisions"]))
    length.add_row("events", _num(data["average_events"]))
    if data["unfinished"]:
        length.add_row("games without an end", str(data["unfinished"]))
    console.print(length)
    if data["wins"]:
        console.print(_distribution("Fan total of a win 番数", data["fan_totals"], "wins"))
        console.print(_fans("Fans 番种 (wins that counted each)", data["fans"], "wins", top))
