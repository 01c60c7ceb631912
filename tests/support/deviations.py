"""Deliberate deviations from the oracle (PyMahjongGB 1.4.0), one named predicate each.

Each predicate takes a ``Hand`` and says whether the differential test should skip the
comparison for it.  Every predicate's docstring cites the section of
``docs/mcr-deviations.md`` that explains and justifies the deviation; a predicate without
such a section does not belong here.

To add one::

    def robbing_kong_with_fourth_tile(hand: Hand) -> bool:
        \"\"\"docs/mcr-deviations.md §N: ...\"\"\"
        return ...

and append it to ``DEVIATIONS``.  The list starts empty: with default options fanshu
must agree with the oracle on every generated hand.
"""

from __future__ import annotations

from collections.abc import Callable

from fanshu.hand import Hand

Deviation = Callable[[Hand], bool]

DEVIATIONS: tuple[Deviation, ...] = ()


def deviation_of(hand: Hand) -> Deviation | None:
    """The first deviation predicate that matches ``hand``, or None."""
    for d in DEVIATIONS:
        if d(hand):
            return d
    return None
