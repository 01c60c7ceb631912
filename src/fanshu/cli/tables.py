"""How the summary tables of ``fanshu simulate``, ``replay`` and ``stats`` look: one
look for the three, declared once."""

from __future__ import annotations

from rich import box
from rich.table import Table

__all__ = ["percent", "summary_table"]


def summary_table(title: str) -> Table:
    """An empty summary table: its title bold and on the left, a rule under the head."""
    return Table(
        title=title,
        title_justify="left",
        title_style="bold",
        header_style="bold",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
    )


def percent(part: float, whole: float) -> str:
    """``part`` of ``whole`` as a percentage with one decimal; a dash for nothing of nothing.

    >>> percent(1, 3), percent(0, 0)
    ('33.3%', '—')
    """
    return f"{100 * part / whole:.1f}%" if whole else "—"
