"""What every rule set declares (``RuleSet``) and what front ends read from its score
(``ScoreResult``), as protocols.

Its own module, and interpreted in the compiled build (``setup.py`` leaves it out of
``COMPILED``): mypyc compiles a protocol into a class that ``runtime_checkable`` refuses.
``fanshu.rules.base`` re-exports every name here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal, Protocol, runtime_checkable

from fanshu.hand import Hand
from fanshu.rules.rows import FanRow, WildcardRule

Combine = Literal["add", "double"]


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
