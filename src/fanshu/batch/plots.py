"""Charts of a results file's figures (``fanshu stats FILE --plot OUT.png``), drawn with
matplotlib (``pip install 'fanshu[plot]'``), imported only here and only when a chart is
asked for.  Figures are drawn on the Agg canvas without ``pyplot``, so no backend or
global figure state of the caller is touched.

Fan names are labelled in Chinese and English when a CJK font is installed (Noto Sans
CJK, WenQuanYi, Source Han Sans … ; Debian: ``apt-get install fonts-noto-cjk``), in
English alone otherwise, so that no glyph is ever drawn as a missing box.

- games: the fans most often in a win (top 20), the fan total of a win, the win rate and
  the average score per seat and per bot, drawn games in the title;
- score results: the fans most often counted (top 20), the distribution of fan totals,
  errors by code;
- analyses: shanten, waits of ready hands, errors by code.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from fanshu.batch.formats import MissingExtraError
from fanshu.batch.stats import Stats

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

__all__ = ["PLOT_HINT", "TOP_FANS", "cjk_font", "figure", "plot_stats", "require_matplotlib"]

PLOT_HINT = "plots need matplotlib: pip install 'fanshu[plot]'"
#: How many fans the frequency chart shows.
TOP_FANS = 20
#: Font families that carry the Chinese fan names, most preferred first.
CJK_FAMILIES = (
    "Noto Sans CJK SC",
    "Noto Sans SC",
    "Noto Sans CJK JP",
    "Noto Sans CJK TC",
    "Source Han Sans SC",
    "Source Han Sans CN",
    "WenQuanYi Micro Hei",
    "WenQuanYi Zen Hei",
    "Droid Sans Fallback",
    "AR PL UMing CN",
    "AR PL UKai CN",
    "Microsoft YaHei",
    "SimHei",
    "PingFang SC",
    "Heiti SC",
    "Hiragino Sans GB",
    "Noto Serif CJK SC",
)

_WINDS = "ESWN"
_SEAT_COLOUR = "#4C72B0"
_BOT_COLOUR = "#DD8452"
_BAR_COLOUR = "#55A868"
_ERROR_COLOUR = "#C44E52"


def require_matplotlib() -> None:
    """``MissingExtraError`` saying how to install matplotlib if it is not installed."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise MissingExtraError(PLOT_HINT) from None


@lru_cache(maxsize=1)  # one value: the font path, found once
def cjk_font() -> str | None:
    """The family name of an installed font that draws Chinese, None if there is none."""
    require_matplotlib()
    from matplotlib import font_manager

    installed = {f.name for f in font_manager.fontManager.ttflist}
    for family in CJK_FAMILIES:
        if family in installed:
            return family
    return None


def _whole(*axes: Any) -> None:
    """Ticks at whole numbers only (counts, fan)."""
    from matplotlib.ticker import MaxNLocator

    for axis in axes:
        axis.set_major_locator(MaxNLocator(integer=True))


#: Longest English fan name shown in full (Sichuan's are sentences).
LABEL_CHARS = 32


def _fan_label(row: Mapping[str, Any], chinese: bool) -> str:
    name, name_en = row.get("name") or "?", row.get("name_en")
    if name_en and len(name_en) > LABEL_CHARS:
        name_en = name_en[: LABEL_CHARS - 1].rstrip(" ,;:(") + "…"
    if chinese:
        return f"{name} {name_en}" if name_en else str(name)
    return str(name_en) if name_en else "(no English name)"


def _pct(x: float | None) -> str:
    return "—" if x is None else f"{100 * x:.0f}%"


def _empty(ax: Axes, title: str, text: str) -> None:
    ax.set_title(title, loc="left", fontweight="bold")
    ax.text(0.5, 0.5, text, ha="center", va="center", color="grey", transform=ax.transAxes)
    ax.set_axis_off()


def _fans_chart(
    ax: Axes, fans: Sequence[Mapping[str, Any]], unit: str, title: str, chinese: bool
) -> None:
    top = list(fans[:TOP_FANS])
    if not top:
        _empty(ax, title, "no fans: nothing was won")
        return
    labels = [_fan_label(r, chinese) for r in top]
    counts = [r[unit] for r in top]
    bars = ax.barh(range(len(top)), counts, color=_BAR_COLOUR, height=0.7)
    ax.set_yticks(range(len(top)), labels, fontsize=9)
    ax.set_ylim(max(len(top), 12) - 0.5, -0.5)  # most counted on top; few fans: thin bars
    ax.set_title(title, loc="left", fontweight="bold")
    ax.set_xlabel(f"{unit} that counted the fan")
    shares = [r.get("share") for r in top]
    ax.bar_label(
        bars, [f" {c} ({_pct(s)})" for c, s in zip(counts, shares, strict=True)], fontsize=8
    )
    ax.set_xlim(0, max(counts) * 1.2)
    ax.spines[["top", "right"]].set_visible(False)


def _distribution_chart(
    ax: Axes, dist: Mapping[str, Any], title: str, xlabel: str, ylabel: str
) -> None:
    counts = {int(k): v for k, v in dist.get("distribution", {}).items()}
    if not counts:
        _empty(ax, title, "nothing to count")
        return
    ax.bar(list(counts), list(counts.values()), width=0.85, color=_SEAT_COLOUR)
    lo, hi = min(counts), max(counts)
    pad = max(0.6, (6 - (hi - lo)) / 2)  # a few values: bars of a sensible width
    ax.set_xlim(lo - pad, hi + pad)
    ax.margins(y=0.1)
    ax.set_title(title, loc="left", fontweight="bold")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    _whole(ax.xaxis, ax.yaxis)
    mean, median = dist.get("mean"), dist.get("median")
    if mean is not None:
        ax.axvline(mean, color="black", linestyle="--", linewidth=1)
        ax.text(
            mean,
            0.97,
            f" mean {mean:.1f}, median {median:g}",
            va="top",
            fontsize=9,
            transform=ax.get_xaxis_transform(),
        )
    ax.spines[["top", "right"]].set_visible(False)


def _categories_chart(ax: Axes, counts: Mapping[str, int], title: str, empty: str) -> None:
    if not counts:
        _empty(ax, title, empty)
        return
    names = list(counts)[::-1]
    bars = ax.barh(names, [counts[n] for n in names], color=_ERROR_COLOUR, height=0.6)
    ax.bar_label(bars, [f" {counts[n]}" for n in names], fontsize=9)
    ax.set_ylim(-0.5, max(len(names), 4) - 0.5)
    ax.set_title(title, loc="left", fontweight="bold")
    ax.set_xlabel("lines")
    _whole(ax.xaxis)
    ax.margins(x=0.15)
    ax.spines[["top", "right"]].set_visible(False)


def _seat_name(row: Mapping[str, Any], seats: int) -> str:
    s = row["seat"]
    name = f"seat {s} {_WINDS[s]}" if seats == 4 else f"seat {s}"
    return f"{name}\n{row['player']}" if row.get("player") else name


def _bot_name(row: Mapping[str, Any]) -> str:
    games, seat_games = row["games"], row["seat_games"]
    if games and seat_games > games:
        return f"{row['bot']}\n{seat_games / games:.3g} seats"
    return str(row["bot"])


def _seat_bot_chart(
    ax: Axes, d: Mapping[str, Any], key: str, title: str, ylabel: str, percent: bool
) -> None:
    seats, bots = d["seats"], d["bots"]
    labels = [_seat_name(r, len(seats)) for r in seats]
    values = [r[key] for r in seats]
    colours = [_SEAT_COLOUR] * len(seats)
    if bots:
        labels += [_bot_name(b) for b in bots]
        values += [b[key] for b in bots]
        colours += [_BOT_COLOUR] * len(bots)
    if not labels:
        _empty(ax, title, "no games")
        return
    shown = [0.0 if v is None else (100 * v if percent else v) for v in values]
    xs = list(range(len(seats))) + [len(seats) + 0.6 + i for i in range(len(bots))]
    bars = ax.bar(xs, shown, color=colours, width=0.7)
    ax.bar_label(bars, [f"{v:.0f}%" if percent else f"{v:+.1f}" for v in shown], fontsize=9)
    ax.set_xticks(xs, labels, fontsize=9)
    ax.set_title(title, loc="left", fontweight="bold")
    ax.set_ylabel(ylabel)
    ax.axhline(0, color="black", linewidth=0.8)
    if bots:
        from matplotlib.patches import Patch

        ax.legend(
            handles=[
                Patch(color=_SEAT_COLOUR, label="per seat"),
                Patch(color=_BOT_COLOUR, label="per bot"),
            ],
            loc="best",
            fontsize=8,
            frameon=False,
        )
    ax.margins(y=0.15)
    ax.spines[["top", "right"]].set_visible(False)


def _games_figure(fig: Figure, d: Mapping[str, Any], chinese: bool) -> None:
    grid = fig.add_gridspec(3, 2, width_ratios=(1.1, 1))
    _fans_chart(
        fig.add_subplot(grid[:, 0]),
        d["fans"],
        "wins",
        f"Fans in wins{' 番种' if chinese else ''} (top {TOP_FANS})",
        chinese,
    )
    _distribution_chart(
        fig.add_subplot(grid[0, 1]), d["fan_totals"], "Fan total of a win", "fan", "wins"
    )
    _seat_bot_chart(fig.add_subplot(grid[1, 1]), d, "win_rate", "Win rate", "% of games", True)
    _seat_bot_chart(
        fig.add_subplot(grid[2, 1]), d, "average_score", "Average score", "points per game", False
    )


def _score_figure(fig: Figure, d: Mapping[str, Any], chinese: bool) -> None:
    grid = fig.add_gridspec(2, 2, width_ratios=(1.1, 1))
    _fans_chart(
        fig.add_subplot(grid[:, 0]),
        d["fans"],
        "hands",
        f"Fans counted{' 番种' if chinese else ''} (top {TOP_FANS})",
        chinese,
    )
    _distribution_chart(fig.add_subplot(grid[0, 1]), d["totals"], "Fan totals", "fan", "hands")
    _categories_chart(fig.add_subplot(grid[1, 1]), d["errors"], "Errors by code", "no errors")


def _analyze_figure(fig: Figure, d: Mapping[str, Any]) -> None:
    grid = fig.add_gridspec(1, 3)
    _distribution_chart(
        fig.add_subplot(grid[0, 0]),
        d["shanten"],
        "Shanten",
        "shanten (-1 complete, 0 ready)",
        "hands",
    )
    _distribution_chart(
        fig.add_subplot(grid[0, 1]),
        d["waits_when_ready"],
        "Waits of ready hands",
        "kinds of tile waited on",
        "hands",
    )
    _categories_chart(fig.add_subplot(grid[0, 2]), d["errors"], "Errors by code", "no errors")


def _title(d: Mapping[str, Any], name: str | None) -> str:
    head = f"{name} · " if name else ""
    rules = ", ".join(d.get("rules") or {}) or "rules not named"
    if d["kind"] == "games":
        games = d["games"]
        return (
            f"{head}{rules} · {games} games · {d['wins']} wins · "
            f"{d['drawn']} drawn ({_pct(d['draw_rate'])})"
        )
    if d["kind"] == "score":
        errors = sum(d["errors"].values())
        return (
            f"{head}{rules} · {d['records']} hands · {d['scored']} scored · "
            f"{errors} error{'' if errors == 1 else 's'}"
        )
    return f"{head}{d['records']} hands · {d['analysed']} analysed"


@contextmanager
def _fonts(chinese: bool) -> Iterator[None]:
    """Matplotlib settings while a figure is drawn: DejaVu Sans, falling back glyph by
    glyph to the CJK font when fans are labelled in Chinese."""
    import matplotlib

    family = cjk_font() if chinese else None
    fonts = ["DejaVu Sans", family] if family else ["DejaVu Sans"]
    with matplotlib.rc_context({"font.family": fonts, "axes.titlesize": 12}):
        yield


def _chinese(chinese: bool | None) -> bool:
    return cjk_font() is not None if chinese is None else chinese


def figure(
    stats: Stats | Mapping[str, Any], *, name: str | None = None, chinese: bool | None = None
) -> Figure:
    """The charts of ``stats`` (a :class:`~fanshu.batch.stats.Stats` or its
    ``to_dict()``) as a matplotlib ``Figure`` (Agg canvas, no ``pyplot``).  ``name``
    (e.g. the file's name) heads the title.  ``chinese``: label fans in Chinese and
    English (default: when :func:`cjk_font` finds a font that draws them; asked for
    without one, the Chinese names are drawn as boxes, with matplotlib's warnings)."""
    require_matplotlib()
    from matplotlib.figure import Figure

    d = stats.to_dict() if isinstance(stats, Stats) else stats
    chinese = _chinese(chinese)
    with _fonts(chinese):
        fig = Figure(figsize=(15, 10), layout="constrained")
        if d["kind"] == "games":
            _games_figure(fig, d, chinese)
        elif d["kind"] == "score":
            _score_figure(fig, d, chinese)
        else:
            fig.set_size_inches(15, 5)
            _analyze_figure(fig, d)
        fig.suptitle(_title(d, name), fontsize=14, fontweight="bold")
    return fig


def plot_stats(
    stats: Stats | Mapping[str, Any],
    out: str | Path,
    *,
    name: str | None = None,
    chinese: bool | None = None,
    dpi: int = 110,
) -> Path:
    """Draw the charts of ``stats`` (:func:`figure`) and save them to ``out`` (the
    format from its suffix: PNG, SVG, PDF …).  ``MissingExtraError`` when matplotlib is
    not installed."""
    chinese = _chinese(chinese)
    fig = figure(stats, name=name, chinese=chinese)
    path = Path(out)
    with _fonts(chinese):
        fig.savefig(path, dpi=dpi)
    return path
