"""How the tables of the command line look (``fanshu rules``, ``fans``, the match sheet,
the summaries of ``simulate``, ``replay`` and ``stats``): one look, declared once."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.table import Table

__all__ = ["listing_table", "percent", "summary_table"]


def listing_table(title: str, **settings: Any) -> Table:
    """An empty table: a bold head with a rule under it, no padding at the edges;
    ``settings`` are the table's own (a caption, where the title stands …)."""
    return Table(title=title, header_style="bold", box=box.SIMPLE_HEAD, pad_edge=False, **settings)


def summary_table(title: str) -> Table:
    """An empty summary table: its title bold and on the left."""
    return listing_table(title, title_justify="left", title_style="bold")


def percent(part: float, whole: float) -> str:
    """``part`` of ``whole`` as a percentage with one decimal; a dash for nothing of nothing.

    >>> percent(1, 3), percent(0, 0)
    ('33.3%', '—')
    """
    return f"{100 * part / whole:.1f}%" if whole else "—"
