"""What every rule set declares, and the result every rule set returns.

A rule set is one package under ``fanshu/rules/`` exposing a ``RULES`` object that
satisfies :class:`RuleSet`: its name, its tiles and shapes, its fan table as data
(:class:`FanRow`), how fan values combine (``"add"``, or ``"double"`` per fan), its cap,
its options and its settlement.  ``fanshu.rules.get_rules(name)`` finds one by name.

Rule sets other than MCR return a :class:`RuleResult`; MCR keeps its richer
``McrResult``.  Both satisfy :class:`ScoreResult`, which is what front ends rely on.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, Literal, Protocol, runtime_checkable

from fanshu.errors import OptionError
from fanshu.hand import Hand

Combine = Literal["add", "double"]


def shown(value: object) -> str:
    """An option value as ``fanshu rules`` prints it and ``-o name=value`` reads it back."""
    return "none" if value is None else str(value).lower()


def describe_fields(
    defaults: Any, notes: Mapping[str, str], names: Iterable[str] | None = None
) -> list[tuple[str, str, str]]:
    """(name, default, note) for the fields of an options dataclass (``names``: which)."""
    wanted = names if names is not None else (f.name for f in fields(defaults))
    return [(n, shown(getattr(defaults, n)), notes[n]) for n in wanted]


def check_option_names(known: Iterable[str], data: Mapping[str, object]) -> None:
    """Raise ``OptionError`` for the first name in ``data`` that is not a known option.

    >>> check_option_names(["cap"], {"cpa": 4})
    Traceback (most recent call last):
    ...
    fanshu.errors.OptionError: unknown option 'cpa'; known: cap
    """
    names = sorted(known)
    unknown = sorted(set(data) - set(names))
    if unknown:
        raise OptionError(f"unknown option {unknown[0]!r}; known: {', '.join(names)}")


@dataclass(frozen=True, slots=True)
class FanRow:
    """One fan of a rule set, as data.

    ``key`` is a stable identifier (``"qing_yi_se"``); ``value`` is fan (番) as the rule set
    counts them; ``excludes`` names (by key) the fans it implies and that are then not
    counted; ``source`` says where the rule text comes from (a seed file, a section).
    """

    key: str
    name_zh: str
    name_en: str
    value: int
    excludes: tuple[str, ...] = ()
    source: str = ""


@dataclass(frozen=True, slots=True)
class CountedFan:
    """A fan counted in a result: ``count`` times its unit ``value``."""

    row: FanRow
    count: int = 1
    value: int | None = None  # the unit value used, when an option changed the table's

    @property
    def name_zh(self) -> str:
        return self.row.name_zh

    @property
    def name_en(self) -> str:
        return self.row.name_en

    @property
    def unit(self) -> int:
        return self.row.value if self.value is None else self.value

    @property
    def points(self) -> int:
        return self.unit * self.count

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name_zh, "name_en": self.name_en, "value": self.unit,
                "count": self.count}  # fmt: skip


@runtime_checkable
class ScoreResult(Protocol):
    """What front ends read from any rule set's score."""

    @property
    def is_win(self) -> bool: ...

    @property
    def total(self) -> int: ...

    @property
    def reason(self) -> str | None: ...

    def to_dict(self) -> dict[str, Any]: ...


@dataclass(frozen=True, slots=True)
class RuleResult:
    """The score of one hand under a rule set other than MCR.

    ``total`` is the fan count as the rule set counts it, before any cap;
    ``multiplier`` is the payment factor for rule sets that double per fan
    (2 ** (total − 1) for Sichuan, 2 ** total for Beijing …), before caps, and None for
    additive rule sets; ``capped`` is the total after the cap, when the rule set has one.
    """

    rules: str
    hand: Hand
    is_win: bool
    fans: tuple[CountedFan, ...] = ()
    total: int = 0
    multiplier: int | None = None
    capped: int | None = None
    reason: str | None = None
    details: Mapping[str, Any] = field(default_factory=dict)

    def count_of(self, key: str) -> int:
        return sum(f.count for f in self.fans if f.row.key == key)

    def __contains__(self, key: object) -> bool:
        return any(f.row.key == key for f in self.fans)

    def to_dict(self) -> dict[str, Any]:
        """The batch output object (without ``id``)."""
        if not self.is_win:
            message = self.reason or "not a winning hand"
            return {"total": 0, "fans": [], "multiplier": None,
                    "error": {"code": "not_a_win", "message": message}}  # fmt: skip
        return {
            "total": self.total,
            "fans": [f.to_dict() for f in self.fans],
            "multiplier": self.multiplier,
            "error": None,
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False)

    def __str__(self) -> str:
        if not self.is_win:
            return f"{self.hand}: not a winning hand under {self.rules} ({self.reason})"
        lines = [f"{self.hand}  [{self.rules}]"]
        for f in self.fans:
            times = f" ×{f.count}" if f.count > 1 else ""
            lines.append(f"  {f.name_zh} {f.name_en}: {f.unit}{times}")
        extra = f", ×{self.multiplier}" if self.multiplier is not None else ""
        lines.append(f"  total {self.total} fan{extra}")
        return "\n".join(lines)


class RuleSet(Protocol):
    """What a rule set declares.  See ``fanshu/rules/sichuan`` for a complete example."""

    #: The name used by the API, the CLI and batch files: ``mcr``, ``sichuan`` …
    name: str
    title_zh: str
    title_en: str
    #: The tile kinds in play (0-33) and whether flowers are used.
    tiles: frozenset[int]
    flowers: bool
    #: The legal winning shapes, as words (``"4 sets + pair"``, ``"七对"`` …).
    shapes: tuple[str, ...]
    #: The fan table as data.
    fans: tuple[FanRow, ...]
    #: How fan values combine: added (MCR) or doubled per fan.
    combine: Combine
    #: The cap in fan under default options, or None.
    cap: int | None
    #: The minimum to win in fan (MCR: 8), 0 when there is none.
    minimum: int
    #: The engine variant that plays it, as "module:Class" (a dotted path, because rules
    #: sit below the engine and may not import it), or None when it cannot be played.
    engine_variant: str | None

    def default_options(self) -> Any:
        """The options object with every default."""
        ...

    def options_from(self, data: Mapping[str, Any]) -> Any:
        """Options from a mapping of field names (raise ``OptionError`` for unknown names)."""
        ...

    def describe_options(self) -> Sequence[tuple[str, str, str]]:
        """(name, default, what it selects) for each option, for ``fanshu rules NAME``."""
        ...

    def score(self, hand: Hand, options: Any = None) -> ScoreResult:
        """Score a 14-tile hand (validated for this rule set) with its win context."""
        ...

    def settle(
        self, players: Sequence[str], winner: str, discarder: str | None, result: Any,
        options: Any = None,
    ) -> dict[str, int]:  # fmt: skip
        """Payments for one win between ``players`` (zero-sum): points per player."""
        ...
