"""A stand-in rule set played with a wildcard, for the front ends' tests (CLI, batch,
HTTP, web): it scores as the contract says a rule set with wildcards does — each reading
of the wild tiles (``fanshu.wild.fillings``) scored, the best kept, and
``details["wildcards"]`` saying what each wild tile stood for — with a fan table small
enough to check by hand: 无百搭 (no wild tile held) 1, 清一色 3, else 平胡 1.

Register it with the :func:`wild_rules` fixture (``registry._registry`` patched), so the
front ends find it by name, ``wildfake``, exactly as they find a real rule set.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import pytest

import fanshu.rules as registry
from fanshu.errors import OptionError
from fanshu.hand import Hand
from fanshu.rules.base import CountedFan, FanRow, RuleResult, WildcardRule
from fanshu.wild import REGULAR_AND_PAIRS, fillings

__all__ = ["NAME", "WildFakeRules", "wild_rules"]

NAME = "wildfake"
_PING = FanRow("ping_hu", "平胡", "Plain Hand", 1, source="test")
_QING = FanRow("qing_yi_se", "清一色", "Full Flush", 3, source="test")
_NO_WILD = FanRow("wu_bai_da", "无百搭", "No Wild Tile", 1, source="test")


class WildFakeRules:
    name = NAME
    title_zh = "百搭测试"
    title_en = "Wild test rules"
    tiles = frozenset(range(34))
    flowers = False
    shapes = ("4 sets + pair", "七对")
    fans = (_PING, _QING, _NO_WILD)
    combine = "double"
    cap = None
    minimum = 0
    wildcards = WildcardRule(
        shapes=REGULAR_AND_PAIRS,
        how_en="a tile turned up after the deal; the next kind is wild",
        how_zh="开牌后翻一张，其下一张为百搭",
    )
    engine = ""

    def default_options(self) -> None:
        return None

    def options_from(self, data: Mapping[str, Any]) -> None:
        if data:
            raise OptionError(f"unknown option {sorted(data)[0]!r}")

    def describe_options(self) -> Sequence[tuple[str, str, str]]:
        return []

    def score(self, hand: Hand, options: Any = None) -> RuleResult:
        wild = hand.context.wildcard
        held = 0 if wild is None else sum(t == wild for t in hand.concealed_with_winning)
        best: RuleResult | None = None
        for f in fillings(hand, shapes=REGULAR_AND_PAIRS):
            suits = {t // 9 for t in f.hand.concealed_with_winning if t < 27}
            honours = any(t >= 27 for t in f.hand.concealed_with_winning)
            fans = [CountedFan(_QING) if len(suits) == 1 and not honours else CountedFan(_PING)]
            if held == 0:
                fans.append(CountedFan(_NO_WILD))
            total = sum(e.points for e in fans)
            details: dict[str, Any] = {}
            if wild is not None:
                details["wildcards"] = {
                    "kind": wild.code,
                    "stood_for": [t.code for t in f.stood_for],
                    "winning": None if f.winning is None else f.winning.code,
                }
            result = RuleResult(
                NAME, f.hand, True, tuple(fans), total, 2**total, None, details=details
            )
            if best is None or result.total > best.total:
                best = result
        if best is None:
            return RuleResult(NAME, hand, False, reason=f"{hand} is not complete")
        return best

    def settle(self, *args: Any, **kwargs: Any) -> dict[str, int]:
        return {}


@pytest.fixture
def wild_rules(monkeypatch: pytest.MonkeyPatch) -> Iterator[WildFakeRules]:
    """``wildfake`` in the registry for one test."""
    rules = WildFakeRules()
    real = dict(registry._registry())
    monkeypatch.setattr(registry, "_registry", lambda: {**real, NAME: rules})
    yield rules
