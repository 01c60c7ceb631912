"""The rows a result is made of: a fan of a table (``FanRow``), a counted fan
(``FanEntry``) and a fan not counted (``ExcludedFan``); and how a rule set uses a wildcard
(``WildcardRule``).

Its own module, and interpreted in the compiled build (``setup.py`` leaves it out of
``COMPILED``): the first three are generic dataclasses, which mypyc cannot compile yet
(mypyc issue 827: a compiled module with a ``Generic`` dataclass fails at import).
``fanshu.rules.base`` re-exports every name here; a result builds its rows only when
they are read.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from fanshu.tiles import Tile

#: How a fan table names its fans: a string key (``"qing_yi_se"``) for most rule sets,
#: the ``Fan`` enum for MCR (whose rule book numbers its 81 fans).
K = TypeVar("K", bound=Hashable)


@dataclass(frozen=True, slots=True)
class FanRow(Generic[K]):
    """One fan of a rule set, as data.

    ``key`` is a stable identifier (``"qing_yi_se"``, or MCR's ``Fan.FULL_FLUSH``);
    ``value`` is fan (番) as the rule set counts them; ``excludes`` names (by key) the fans
    it implies and that are then not counted; ``excludes_own_sets`` the fans it implies
    only on the sets that form it (MCR's 三风刻 takes the 幺九刻 of its own wind pungs, not
    of a fourth pung); ``source`` says where the rule text comes from (a seed file, a
    section); ``number`` is the fan's number in that text, 0 when it has none.
    """

    key: K
    name_zh: str
    name_en: str
    value: int
    excludes: tuple[K, ...] = ()
    source: str = ""
    excludes_own_sets: tuple[K, ...] = ()
    number: int = 0


@dataclass(frozen=True, slots=True)
class FanEntry(Generic[K]):
    """A fan counted in a result: ``count`` times ``value``, the unit value used (the
    row's, unless an option changed it).

    ``sets`` are the tile groups that formed it (empty for whole-hand fans such as 清一色,
    and for rule sets that do not record them).
    """

    row: FanRow[K]
    count: int = 1
    value: int = -1  # default: the row's value
    sets: tuple[tuple[Tile, ...], ...] = ()

    def __post_init__(self) -> None:
        if self.value < 0:
            object.__setattr__(self, "value", self.row.value)

    @property
    def fan(self) -> K:
        return self.row.key

    @property
    def name_zh(self) -> str:
        return self.row.name_zh

    @property
    def name_en(self) -> str:
        return self.row.name_en

    @property
    def unit(self) -> int:
        """The unit value (the same as ``value``; the name other rule sets used)."""
        return self.value

    @property
    def points(self) -> int:
        return self.count * self.value

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.row.name_zh,
            "name_en": self.row.name_en,
            "value": self.value,
            "count": self.count,
        }


#: Why a fan the hand shows is not counted: a stable code -> (Chinese, English) names.
#: ``implied`` is 不重复 (the table's 不计 rows: a counted fan implies it); the other three
#: are the combination principles (组合计番原则) of the 1998 rule book, which decide how
#: sets combine into chow and pung fans (MCR's ``combinations``).
EXCLUSION_REASONS: dict[str, tuple[str, str]] = {
    "implied": ("不重复", "implied"),
    "no_split": ("不拆移", "no splitting"),
    "no_repeat": ("不得相同", "not the same fan again"),
    "account_once": ("套算一次", "account once"),
}


@dataclass(frozen=True, slots=True, repr=False)
class ExcludedFan(Generic[K]):
    """A fan the hand shows but that is not counted, the fan that stops it and why.

    ``reason`` is a key of :data:`EXCLUSION_REASONS`: ``implied`` (不重复) when a counted
    fan's 不计 row names it, or the combination principle (不拆移 ``no_split``, 不得相同
    ``no_repeat``, 套算一次 ``account_once``) that keeps sets from forming it again;
    ``by_row`` is then the counted fan whose sets it would reuse.  ``also_by`` are the
    other counted fans whose 不计 rows name it (碰碰和 under both 大四喜 and 四暗刻: one
    row, ``by`` the highest).  ``sets`` are the tile groups that form it (``"123m"``),
    empty for whole-hand fans and for rule sets that do not record them.

    >>> from fanshu.rules.mcr.fans import FANS, Fan
    >>> x = ExcludedFan(FANS[Fan.SHORT_STRAIGHT], FANS[Fan.PURE_STRAIGHT], "no_split",
    ...                 ("123m", "456m"))
    >>> x.reason_zh, x.to_dict()["sets"]
    ('不拆移', ['123m', '456m'])
    """

    row: FanRow[K]
    by_row: FanRow[K]
    reason: str = "implied"
    sets: tuple[str, ...] = ()
    also_by: tuple[FanRow[K], ...] = ()

    def __post_init__(self) -> None:
        if self.reason not in EXCLUSION_REASONS:
            known = ", ".join(EXCLUSION_REASONS)
            raise ValueError(f"unknown exclusion reason {self.reason!r}; known: {known}")

    @property
    def fan(self) -> K:
        return self.row.key

    @property
    def by(self) -> K:
        return self.by_row.key

    @property
    def reason_zh(self) -> str:
        return EXCLUSION_REASONS[self.reason][0]

    @property
    def reason_en(self) -> str:
        return EXCLUSION_REASONS[self.reason][1]

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.row.name_zh,
            "name_en": self.row.name_en,
            "by": self.by_row.name_zh,
            "by_en": self.by_row.name_en,
            "reason": self.reason,
            "reason_zh": self.reason_zh,
            "reason_en": self.reason_en,
            "sets": list(self.sets),
            "also_by": [r.name_zh for r in self.also_by],
            "also_by_en": [r.name_en for r in self.also_by],
        }

    def __repr__(self) -> str:
        extra = f", reason={self.reason!r}" if self.reason != "implied" else ""
        sets = f", sets={self.sets!r}" if self.sets else ""
        return f"ExcludedFan(fan={self.fan!r}, by={self.by!r}{extra}{sets})"


@dataclass(frozen=True, slots=True)
class WildcardRule:
    """How a rule set uses a wildcard (百搭 / 赖子): the kind named wild for a hand
    (``WinContext.wildcard``).

    ``shapes`` are the winning shapes a wild tile may help complete (``fanshu.wild``'s
    names: ``regular``, ``seven_pairs``, ``thirteen_orphans``), empty when the wild kind
    stands for nothing and only names a fan (MCR's 混杠, a kong of the four wild tiles);
    ``stands_for`` the kinds a wild tile may stand for; ``how_en``/``how_zh`` how the
    table chooses the wild kind, for ``fanshu rules NAME``.
    """

    shapes: tuple[str, ...]
    stands_for: frozenset[int] = frozenset(range(34))
    how_en: str = ""
    how_zh: str = ""
