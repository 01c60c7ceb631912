"""What every rule set declares, and the result every rule set returns.

A rule set is one package under ``fanshu/rules/`` exposing a ``RULES`` object that
satisfies :class:`RuleSet`: its name, its tiles and shapes, its fan table as data
(:class:`FanRow`), how fan values combine (``"add"``, or ``"double"`` per fan), its cap,
its options and its settlement.  ``fanshu.rules.get_rules(name)`` finds one by name.

Every rule set returns a :class:`Result` (its counted fans are :class:`FanEntry` rows,
what is not counted :class:`ExcludedFan`); :class:`ScoreResult` is the part of it
front ends rely on.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Generic

from fanshu.errors import OptionError, SettlementError
from fanshu.hand import Hand
from fanshu.rules import DEFAULT_RULES

# What the compiled build cannot compile lives in interpreted modules beside this one
# (the option helpers, which the rule sets subclass; the generic row dataclasses; the
# protocols): they are names of this module too, as they always were.
from fanshu.rules.field_options import FieldOptions as FieldOptions
from fanshu.rules.field_options import OptionsType as OptionsType
from fanshu.rules.field_options import Opts as Opts
from fanshu.rules.field_options import describe_fields as describe_fields
from fanshu.rules.field_options import shown as shown
from fanshu.rules.protocols import Combine as Combine
from fanshu.rules.protocols import RuleSet as RuleSet
from fanshu.rules.protocols import ScoreResult as ScoreResult
from fanshu.rules.rows import EXCLUSION_REASONS as EXCLUSION_REASONS
from fanshu.rules.rows import ExcludedFan as ExcludedFan
from fanshu.rules.rows import FanEntry as FanEntry
from fanshu.rules.rows import FanRow as FanRow
from fanshu.rules.rows import K as K
from fanshu.rules.rows import WildcardRule as WildcardRule
from fanshu.tiles import format_tiles


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


#: The name rule sets other than MCR gave a counted fan.
CountedFan = FanEntry


class Result(Generic[K]):
    """The score of one hand under a rule set: what every rule set returns.

    ``total`` is the fan count as the rule set counts it, flowers included, before any
    cap; ``multiplier`` is the payment factor for rule sets that double per fan
    (2 ** (total − 1) for Sichuan, 2 ** total for Beijing …), before caps, and None for
    additive rule sets; ``capped`` is the total after the cap, when the rule set has one.
    ``excluded`` are the fans the hand shows but that are not counted (不计), ``shape``
    the winning shape (MCR: regular, seven_pairs, thirteen_orphans …), ``flowers`` the
    flower fans in ``total`` (MCR: one per flower; they do not count toward the minimum),
    ``minimum`` the fan needed to win (MCR: 8), ``details`` what else the rule set says.

    ``excluded`` may be given as a function that works it out: it is then called the
    first time ``excluded`` is read (MCR's explanations cost about as much as the scoring,
    and most callers only want the total).  So may ``fans`` (MCR builds its rows, with
    their sets, only when they are read; ``total`` is always given).  Both are properties
    over a slot that holds the tuple or the function.

    Its values are read-only (assigning raises ``AttributeError``); it compares,
    hashes, prints, copies and pickles by its values in the constructor's order (rules,
    hand, is_win, fans, total, multiplier, capped, reason, details, excluded, shape,
    flowers, minimum), as the frozen dataclass it was; a new result with some values
    changed is ``Result(...)`` with the others passed on.  It is a plain class rather than
    a dataclass so that the compiled build compiles it (mypyc issue 827: a generic
    dataclass fails at import).
    """

    __slots__ = (
        "_capped",
        "_details",
        "_excluded",
        "_fans",
        "_flowers",
        "_hand",
        "_is_win",
        "_minimum",
        "_multiplier",
        "_reason",
        "_rules",
        "_shape",
        "_total",
    )

    _fans: tuple[FanEntry[K], ...] | Callable[[], tuple[FanEntry[K], ...]]
    _excluded: tuple[ExcludedFan[K], ...] | Callable[[], tuple[ExcludedFan[K], ...]]

    def __init__(
        self,
        rules: str,
        hand: Hand,
        is_win: bool,
        fans: tuple[FanEntry[K], ...] | Callable[[], tuple[FanEntry[K], ...]] = (),
        total: int = 0,
        multiplier: int | None = None,
        capped: int | None = None,
        reason: str | None = None,
        details: Mapping[str, Any] | None = None,
        excluded: tuple[ExcludedFan[K], ...] | Callable[[], tuple[ExcludedFan[K], ...]] = (),
        shape: str | None = None,
        flowers: int = 0,
        minimum: int = 0,
    ) -> None:
        # MCR builds one per hand scored: nothing but the stores.  The values are read-only
        # properties over these private slots; ``fans`` and ``excluded`` hold the tuple or
        # the function that works it out (replaced by its tuple when first read).
        self._rules = rules
        self._hand = hand
        self._is_win = is_win
        self._fans = fans
        self._total = total
        self._multiplier = multiplier
        self._capped = capped
        self._reason = reason
        self._details: Mapping[str, Any] = {} if details is None else details
        self._excluded = excluded
        self._shape = shape
        self._flowers = flowers
        self._minimum = minimum

    @property
    def rules(self) -> str:
        return self._rules

    @property
    def hand(self) -> Hand:
        return self._hand

    @property
    def is_win(self) -> bool:
        return self._is_win

    @property
    def total(self) -> int:
        return self._total

    @property
    def multiplier(self) -> int | None:
        return self._multiplier

    @property
    def capped(self) -> int | None:
        return self._capped

    @property
    def reason(self) -> str | None:
        return self._reason

    @property
    def details(self) -> Mapping[str, Any]:
        return self._details

    @property
    def shape(self) -> str | None:
        return self._shape

    @property
    def flowers(self) -> int:
        return self._flowers

    @property
    def minimum(self) -> int:
        return self._minimum

    @property
    def fans(self) -> tuple[FanEntry[K], ...]:
        """The counted fans (``FanEntry`` rows), in the rule set's order."""
        fans = self._fans
        if isinstance(fans, tuple):
            return fans
        rows = fans()
        self._fans = rows
        return rows

    @property
    def excluded(self) -> tuple[ExcludedFan[K], ...]:
        """The fans the hand shows that are not counted (``ExcludedFan`` rows)."""
        excluded = self._excluded
        if isinstance(excluded, tuple):
            return excluded
        rows = excluded()
        self._excluded = rows
        return rows

    def _fields(self) -> tuple[object, ...]:
        """The values in the constructor's order (what equality, copies and pickles use)."""
        return (
            self._rules,
            self._hand,
            self._is_win,
            self.fans,
            self._total,
            self._multiplier,
            self._capped,
            self._reason,
            self._details,
            self.excluded,
            self._shape,
            self._flowers,
            self._minimum,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Result) or type(other) is not type(self):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        names = _RESULT_FIELDS
        values = self._fields()
        inner = ", ".join(f"{names[i]}={values[i]!r}" for i in range(len(names)))
        return f"{type(self).__qualname__}({inner})"

    def __reduce__(self) -> tuple[type[Result[K]], tuple[object, ...]]:
        """Pickled and copied through the constructor (which works ``fans`` and
        ``excluded`` out first)."""
        return (type(self), self._fields())

    @property
    def total_without_flowers(self) -> int:
        """What counts toward the minimum."""
        return self.total - self.flowers if self.is_win else 0

    @property
    def meets_minimum(self) -> bool:
        return self.is_win and self.total_without_flowers >= self.minimum

    def count_of(self, key: K) -> int:
        return sum(e.count for e in self.fans if e.row.key == key)

    def __contains__(self, key: object) -> bool:
        return any(e.row.key == key for e in self.fans)

    def to_dict(self) -> dict[str, Any]:
        """The batch output object, without ``id``."""
        if not self.is_win:
            message = self.reason or "not a winning hand"
            error = {"code": "not_a_win", "message": message}
            return {"total": 0, "fans": [], "multiplier": None, "error": error}
        return {
            "total": self.total,
            "fans": [e.to_dict() for e in self.fans],
            "multiplier": self.multiplier,
            "error": None,
        }

    def to_full_dict(self) -> dict[str, Any]:
        """Everything: sets, excluded fans, totals, the verdict."""
        d = self.to_dict()
        fans = [
            {**e.to_dict(), "sets": [format_tiles(s, sort=False) for s in e.sets]}
            for e in self.fans
        ]
        d.update(
            hand=str(self.hand),
            shape=self.shape,
            total_without_flowers=self.total_without_flowers,
            meets_minimum=self.meets_minimum,
            fans=fans,
            excluded=[x.to_dict() for x in self.excluded],
        )
        return d

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False)

    def __str__(self) -> str:
        # The default rule set is not named; a rule set with a minimum says whether the
        # hand meets it, the others how the fan multiply.
        under = "" if self.rules == DEFAULT_RULES else f" under {self.rules}"
        if not self.is_win:
            return f"{self.hand}: not a winning hand{under} ({self.reason})"
        tag = "" if self.rules == DEFAULT_RULES else f"  [{self.rules}]"
        lines = [f"{self.hand}{tag}"]
        for e in self.fans:
            times = f" ×{e.count}" if e.count > 1 else ""
            lines.append(f"  {e.name_zh} {e.name_en}: {e.value}{times}")
        if self.minimum:
            verdict = "meets" if self.meets_minimum else "is under"
            lines.append(
                f"  total {self.total} ({self.total_without_flowers} without flowers, "
                f"{verdict} the {self.minimum}-fan minimum)"
            )
        else:
            extra = f", ×{self.multiplier}" if self.multiplier is not None else ""
            lines.append(f"  total {self.total} fan{extra}")
        return "\n".join(lines)


#: The names of ``Result``'s values, in the constructor's order (its ``repr``).
_RESULT_FIELDS = (
    "rules",
    "hand",
    "is_win",
    "fans",
    "total",
    "multiplier",
    "capped",
    "reason",
    "details",
    "excluded",
    "shape",
    "flowers",
    "minimum",
)

#: The name rule sets other than MCR gave their result.
RuleResult = Result


def settled_win(result: object, rules: str, discarder: str | None) -> Result[str]:
    """``result`` as the win of ``rules`` it must be to be settled: a ``Result`` of that
    rule set, a win, and self-drawn exactly when no discarder is named; else a
    ``SettlementError`` saying which.

    >>> from fanshu.notation import parse_hand
    >>> from fanshu.rules import get_rules
    >>> r = get_rules("beijing").score(parse_hand("[123s]456m789m234s5s5s"))
    >>> settled_win(r, "beijing", "E")
    Traceback (most recent call last):
    ...
    fanshu.errors.SettlementError: not a win, nothing to settle: ...
    """
    if not isinstance(result, Result) or result.rules != rules:
        raise SettlementError(f"settle a result of the {rules} rule set")
    if not result.is_win:
        raise SettlementError(f"not a win, nothing to settle: {result.reason}")
    if (discarder is None) != result.hand.context.self_drawn:
        raise SettlementError(
            "a self-drawn win has no discarder"
            if result.hand.context.self_drawn
            else "a win on a discard (or a robbed kong) names the discarder"
        )
    r: Result[str] = result
    return r
