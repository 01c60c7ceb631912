"""How the tables of the command line look (``fanshu rules``, ``fans``, the match sheet,
the summaries of ``simulate``, ``replay`` and ``stats``): one look, declared once."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import JustifyMethod
from rich.table import Table

__all__ = ["add_columns", "listing_table", "percent", "summary_table"]


def listing_table(title: str, **settings: Any) -> Table:
    """An empty table: a bold head with a rule under it, no padding at the edges;
    ``settings`` are the table's own (a caption, where the title stands …)."""
    return Table(title=title, header_style="bold", box=box.SIMPLE_HEAD, pad_edge=False, **settings)


def summary_table(title: str) -> Table:
    """An empty summary table: its title bold and on the left."""
    return listing_table(title, title_justify="left", title_style="bold")


def add_columns(
    table: Table, columns: Sequence[tuple[str, JustifyMethod]], *, no_wrap: bool = False
) -> None:
    """The columns of ``table``, each a heading and how its cells are justified."""
    for name, justify in columns:
        table.add_column(name, justify=justify, no_wrap=no_wrap)


def percent(part: float, whole: float) -> str:
    """``part`` of ``whole`` as a percentage with one decimal; a dash for nothing of nothing.

    >>> percent(1, 3), percent(0, 0)
    ('33.3%', '—')
    """
    return f"{100 * part / whole:.1f}%" if whole else "—"
