"""Rule texts: what each fan of a rule set is, in Chinese and English, with example hands.

Each rule set may have a ``descriptions`` module (``fanshu.rules.<set>.descriptions``) with
a ``DESCRIPTIONS`` mapping from its fan table's keys to :class:`FanText`.  It is imported
only when a text is asked for, so scoring never pays for the prose.  ``fanshu fans NAME``,
``GET /v1/fans/{name}``, the web and the docs site read the texts through :func:`fan_text`
and :func:`descriptions`; the texts are our own words, with the rule book's examples.

Every :class:`Example` is a hand in fanshu notation (the last tile is the winning tile)
and the keyword arguments of ``fanshu.score`` that make it win (``context``); the tests
score every example and check that it shows its fan, so a text cannot drift from the
scorer.

>>> t = fan_text("mcr", "大四喜")
>>> t is not None and "88" not in t.en and t.examples[0].hand.count("[") >= 0
True
>>> fan_text("mcr", "no such fan") is None
True
>>> fan_text("no-such-rules", 1) is None
True
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache
from types import MappingProxyType
from typing import Any

__all__ = ["Example", "FanText", "descriptions", "fan_text"]

_EMPTY: Mapping[Any, Any] = MappingProxyType({})


@dataclass(frozen=True, slots=True)
class Example:
    """An example hand of a fan.

    ``hand`` is fanshu notation (melds in brackets, the last tile wins); ``context`` the
    keyword arguments of ``fanshu.score`` it needs (``self_drawn=True``, ``seat_wind="S"``
    …); ``note_zh``/``note_en`` say what the example shows.
    """

    hand: str
    note_zh: str
    note_en: str
    context: Mapping[str, object] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # a read-only copy: the texts are shared module data
        object.__setattr__(self, "context", MappingProxyType(dict(self.context)))

    def __reduce__(self) -> tuple[type[Example], tuple[str, str, str, dict[str, object]]]:
        """Pickled and copied through the constructor (a read-only mapping does not
        pickle; nor would the compiled build's frozen dataclass restore its fields)."""
        return (Example, (self.hand, self.note_zh, self.note_en, dict(self.context)))

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (``hand``, ``note_zh``, ``note_en``, ``context``)."""
        return {
            "hand": self.hand,
            "note_zh": self.note_zh,
            "note_en": self.note_en,
            "context": dict(self.context),
        }


@dataclass(frozen=True, slots=True)
class FanText:
    """The rule text of one fan: Chinese (``zh``), English (``en``) and example hands."""

    zh: str
    en: str
    examples: tuple[Example, ...] = ()

    def __reduce__(self) -> tuple[type[FanText], tuple[str, str, tuple[Example, ...]]]:
        """Pickled and copied through the constructor (see ``Example``)."""
        return (FanText, (self.zh, self.en, self.examples))

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict (``zh``, ``en``, ``examples``)."""
        return {"zh": self.zh, "en": self.en, "examples": [e.to_dict() for e in self.examples]}


def _package(rules: str) -> str:
    # rule set names may have a dash ("two-player"); their packages an underscore
    return rules.strip().lower().replace("-", "_")


def descriptions(rules: str) -> Mapping[Any, FanText]:
    """The rule texts of a rule set, keyed by its fan table's keys; empty if it has none.

    >>> len(descriptions("no-such-rules")), len(descriptions(None))
    (0, 0)
    """
    if not isinstance(rules, str) or not _package(rules).isidentifier():
        return _EMPTY
    return _load(_package(rules))


# One entry a rule set package: the 8 rule sets' fan texts hold 2.4 MiB together (tracemalloc).
@lru_cache(maxsize=32)
def _load(package: str) -> Mapping[Any, FanText]:
    name = f"fanshu.rules.{package}.descriptions"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name is not None and name.startswith(e.name):
            return _EMPTY  # the rule set, or its descriptions module, does not exist
        raise
    table: Mapping[Any, FanText] = getattr(module, "DESCRIPTIONS", _EMPTY)
    return MappingProxyType(dict(table))


def _matches(key: Any, wanted: object) -> bool:
    if key == wanted:
        return True
    if isinstance(wanted, Enum) and isinstance(key, str):
        # an MCR fan asked of a rule set keyed by strings (the two-player "full_flush")
        return key == wanted.name.lower()
    if isinstance(wanted, str):
        w = wanted.strip()
        if isinstance(key, Enum) and w.upper() == key.name:
            return True
        if isinstance(key, int) and w.isdigit() and int(w) == int(key):
            return True
        spec = getattr(key, "spec", None)
        if spec is not None:
            names = (spec.name_zh, spec.name_en.lower())
            return w in names or w.lower() in names
    return False


def _keys_named(rules: str, name: str) -> list[object]:
    # The keys of the fan table's rows called ``name`` (Chinese or English), so that a text
    # is found by the name ``fanshu fans`` prints even when the table keys it otherwise.
    try:
        from fanshu.rules import get_rules

        rows = get_rules(rules).fans
    except Exception:  # an unknown rule set has no rows: the lookup falls back to keys only
        return []
    w = name.strip()
    return [r.key for r in rows if w == r.name_zh or w.lower() == r.name_en.lower()]


def fan_text(rules: str, key: object) -> FanText | None:
    """The rule text of a fan of ``rules``, or None if there is none.

    ``key`` is the fan table's key (``Fan.BIG_FOUR_WINDS``, ``"qing_yi_se"``), or for
    convenience the fan's number, its enum name (any case), its Chinese or English name.
    """
    table = descriptions(rules)
    if not table or isinstance(key, bool):  # True == 1 would find fan 1
        return None
    try:
        if key in table:
            return table[key]
    except TypeError:  # unhashable
        return None
    for k, text in table.items():
        if _matches(k, key):
            return text
    if isinstance(key, str):
        for other in _keys_named(rules, key):
            for k, text in table.items():
                if k == other or _matches(k, other):
                    return text
    return None
