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
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, Generic, Literal, Protocol, Self, TypeVar, runtime_checkable

from fanshu.errors import OptionError, SettlementError
from fanshu.hand import Hand
from fanshu.rules import DEFAULT_RULES
from fanshu.tiles import Tile, format_tiles

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


#: The name rule sets other than MCR gave a counted fan.
CountedFan = FanEntry


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


@runtime_checkable
class ScoreResult(Protocol):
    """What front ends read from any rule set's score (:class:`Result` satisfies it)."""

    @property
    def is_win(self) -> bool: ...

    @property
    def total(self) -> int: ...

    @property
    def reason(self) -> str | None: ...

    def to_dict(self) -> dict[str, Any]: ...


@dataclass(frozen=True, slots=True, init=False)
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
    their sets, only when they are read; ``total`` is always given).
    """

    rules: str
    hand: Hand
    is_win: bool
    fans: tuple[FanEntry[K], ...]
    total: int
    multiplier: int | None
    capped: int | None
    reason: str | None  # why it is not a win
    details: Mapping[str, Any]
    excluded: tuple[ExcludedFan[K], ...]
    shape: str | None
    flowers: int
    minimum: int
    _explain: Callable[[], tuple[ExcludedFan[K], ...]] | None = field(
        default=None, init=False, repr=False, compare=False
    )
    # after ``fans`` and ``excluded``: a copy or pickle reads those first (which works
    # them out and clears these) and finds None here
    _make_fans: Callable[[], tuple[FanEntry[K], ...]] | None = field(
        default=None, init=False, repr=False, compare=False
    )

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
        # Written out rather than generated: MCR builds one per hand scored, and a frozen
        # dataclass's own __init__ looks ``object.__setattr__`` up again for every field.
        set_field = object.__setattr__
        set_field(self, "rules", rules)
        set_field(self, "hand", hand)
        set_field(self, "is_win", is_win)
        if callable(fans):
            set_field(self, "_make_fans", fans)  # the slot ``fans`` stays empty
        else:
            set_field(self, "fans", fans)
            set_field(self, "_make_fans", None)
        set_field(self, "total", total)
        set_field(self, "multiplier", multiplier)
        set_field(self, "capped", capped)
        set_field(self, "reason", reason)
        set_field(self, "details", {} if details is None else details)
        if callable(excluded):
            set_field(self, "_explain", excluded)  # the slot ``excluded`` stays empty
        else:
            set_field(self, "excluded", excluded)
            set_field(self, "_explain", None)
        set_field(self, "shape", shape)
        set_field(self, "flowers", flowers)
        set_field(self, "minimum", minimum)

    if not TYPE_CHECKING:  # (kept from mypy, which would then accept any attribute)

        def __getattr__(self, name: str) -> Any:
            # Called only when a slot is empty: ``fans`` or ``excluded`` given as a function.
            if name == "fans":
                make = object.__getattribute__(self, "_make_fans")
                if make is not None:
                    rows = make()
                    object.__setattr__(self, "fans", rows)
                    object.__setattr__(self, "_make_fans", None)
                    return rows
            elif name == "excluded":
                explain = object.__getattribute__(self, "_explain")
                if explain is not None:
                    value = explain()
                    object.__setattr__(self, "excluded", value)
                    object.__setattr__(self, "_explain", None)
                    return value
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

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


class OptionsType(Protocol):
    """A rule set's options: a frozen dataclass read from its field names."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self: ...


Opts = TypeVar("Opts", bound=OptionsType)


class FieldOptions(Generic[Opts]):
    """The option methods of a rule set whose options are one dataclass, read from its
    field names, with its defaults and notes as data: a rule set sets ``name``,
    ``option_defaults`` and ``option_notes`` and inherits ``default_options``,
    ``options_from``, ``describe_options`` and ``as_options``.

    >>> from fanshu.rules import get_rules
    >>> get_rules("beijing").as_options({"cap": 4}).cap
    4
    >>> get_rules("beijing").as_options(4)
    Traceback (most recent call last):
    ...
    fanshu.errors.OptionError: beijing options are a BeijingOptions or a mapping of its fields
    """

    name: str
    option_defaults: Opts
    option_notes: Mapping[str, str]

    def default_options(self) -> Opts:
        return self.option_defaults

    def options_from(self, data: Mapping[str, Any]) -> Opts:
        return type(self.option_defaults).from_dict(data)

    def describe_options(self) -> Sequence[tuple[str, str, str]]:
        return describe_fields(self.option_defaults, self.option_notes)

    def as_options(self, options: object) -> Opts:
        """The options object from None (the defaults), itself, or a mapping of its fields."""
        if options is None:
            return self.option_defaults
        kind = type(self.option_defaults)
        if isinstance(options, kind):
            return options
        if isinstance(options, Mapping):
            return kind.from_dict(options)
        raise OptionError(f"{self.name} options are a {kind.__name__} or a mapping of its fields")


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
    fans: tuple[FanRow[str], ...]
    #: How fan values combine: added (MCR) or doubled per fan.
    combine: Combine
    #: The cap in fan under default options, or None.
    cap: int | None
    #: The minimum to win in fan (MCR: 8), 0 when there is none.
    minimum: int
    #: How it uses a wildcard, or None when it is played without one (a wildcard given
    #: to its ``score`` is then refused).
    wildcards: WildcardRule | None
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
        self,
        players: Sequence[str],
        winner: str,
        discarder: str | None,
        result: Any,
        options: Any = None,
    ) -> dict[str, int]:
        """Payments for one win between ``players`` (zero-sum): points per player."""
        ...
