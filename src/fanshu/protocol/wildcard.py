"""The ``wildcard`` key of a request, and what a result says about the wild tiles.

A score or analyze request (a batch line, an HTTP body) may name the tile kind that is
wild this hand (百搭 / 赖子), as one tile code: ``"wildcard": "5p"``.  It is checked here,
once for every front end:

- it must be a string naming one kind in play: a suit tile ``1m``-``9p`` or an honour
  ``E S W N C F P`` (a flower is never wild), else ``bad_field``;
- the request's rule set must be played with a wildcard (``RuleSet.wildcards`` not
  None), else ``bad_option`` naming the rule sets that are;
- the kind must be one of the rule set's tiles (Sichuan's 108 have no honours).

null or absent: no wildcard.  A result of a rule set with wild tiles carries
``details["wildcards"]``: ``{"kind": "5p", "stood_for": ["3m", ...], "winning": "7s"|null}``
(:func:`wildcards_of` reads it back for display).

>>> from fanshu.rules import get_rules
>>> parse_wildcard("C", get_rules("mcr"))
<Tile.RED: 31>
>>> parse_wildcard(None, get_rules("sichuan")) is None
True
>>> try:
...     parse_wildcard("1f", get_rules("mcr"))
... except LineError as e:
...     print(e.code, e.message[-30:])
bad_field -9p, E S W N, C F P), not "1f"
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from fanshu.i18n import msg
from fanshu.protocol.errors import BAD_FIELD, LineError, shown
from fanshu.rules import get_rules, names
from fanshu.rules.base import RuleSet
from fanshu.tiles import NUM_KINDS, Tile

__all__ = [
    "KINDS_TEXT",
    "WILDCARD_PATTERN",
    "WildcardsShown",
    "parse_wildcard",
    "rules_with_wildcards",
    "wild_kind",
    "wildcards_of",
]

#: The tile codes a wildcard may be, for messages and the documentation.
KINDS_TEXT = "1m-9m, 1s-9s, 1p-9p, E S W N, C F P"
#: The same as a regular expression (the HTTP models declare it).
WILDCARD_PATTERN = "^([1-9][msp]|[ESWNCFP])$"


def rules_with_wildcards() -> list[str]:
    """The names of the rule sets played with a wildcard (``RuleSet.wildcards`` set)."""
    return [n for n in names() if get_rules(n).wildcards is not None]


def wild_kind(value: Any, field: str = "wildcard") -> Tile | None:
    """The tile kind a ``wildcard`` value names (None for null), whatever the rule set;
    ``LineError`` ``bad_field`` for anything but one tile code of a kind in play.

    >>> wild_kind("5p"), wild_kind(None)
    (<Tile.P5: 22>, None)
    """
    if value is None:
        return None
    kind: Tile | None = None
    if isinstance(value, str):
        try:
            kind = Tile.from_code(value)
        except ValueError:
            kind = None
    if kind is None or not 0 <= int(kind) < NUM_KINDS:
        raise LineError(
            BAD_FIELD,
            msg(
                "{field} must be one tile kind such as 5p or C ({kinds_text}), not {shown}",
                field=field,
                kinds_text=KINDS_TEXT,
                shown=shown(value),
            ),
        )
    return kind


def parse_wildcard(value: Any, rule_set: RuleSet, field: str = "wildcard") -> Tile | None:
    """The wild kind a request names (None for null or absent); ``LineError`` says
    which field, which value and why it cannot be."""
    kind = wild_kind(value, field)
    if kind is None:
        return None
    if rule_set.wildcards is None:
        with_wild = ", ".join(rules_with_wildcards()) or "none yet"
        raise LineError(
            "bad_option",
            msg(
                "{name} is played without wildcards: drop {field} (rule sets with one: "
                "{with_wild})",
                name=rule_set.name,
                field=field,
                with_wild=with_wild,
            ),
        )
    if int(kind) not in rule_set.tiles:
        raise LineError(
            BAD_FIELD,
            msg(
                "{field} {kind} is not a tile of {name} ({n} kinds in play)",
                field=field,
                kind=kind.code,
                name=rule_set.name,
                n=len(rule_set.tiles),
            ),
        )
    return kind


@dataclass(frozen=True, slots=True)
class WildcardsShown:
    """What a result says its wild tiles stood for (``details["wildcards"]``)."""

    kind: str
    stood_for: tuple[str, ...]
    winning: str | None

    def text_en(self) -> str:
        """One line in English: ``wild 5p: 3m 7s, winning tile 2p``."""
        parts = [f"wild {self.kind}: " + (" ".join(self.stood_for) or "none held")]
        if self.winning is not None:
            parts.append(f"the winning tile as {self.winning}")
        return "; ".join(parts)

    def text_zh(self) -> str:
        """The same in Chinese: ``百搭 5p 作 3m 7s``."""
        text = f"百搭 {self.kind} 作 " + (" ".join(self.stood_for) or "—")
        if self.winning is not None:
            text += f"；和牌作 {self.winning}"
        return text


def wildcards_of(details: object) -> WildcardsShown | None:
    """The ``wildcards`` member of a result's ``details`` (None when absent or not of
    the documented shape).

    >>> wildcards_of({"wildcards": {"kind": "C", "stood_for": ["3m"], "winning": None}})
    WildcardsShown(kind='C', stood_for=('3m',), winning=None)
    """
    if not isinstance(details, Mapping):
        return None
    raw = details.get("wildcards")
    if not isinstance(raw, Mapping) or not isinstance(raw.get("kind"), str):
        return None
    stood = raw.get("stood_for") or []
    winning = raw.get("winning")
    return WildcardsShown(
        kind=str(raw["kind"]),
        stood_for=tuple(str(t) for t in stood) if isinstance(stood, list | tuple) else (),
        winning=winning if isinstance(winning, str) else None,
    )
