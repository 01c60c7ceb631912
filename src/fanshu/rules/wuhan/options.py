"""Options for the points of Wuhan 开口翻 the seed leaves open (seed 001, ❽).

Each field says what the seed says and which reading is the default; docs/rules/wuhan.md
quotes the sentences.

>>> WuhanOptions().cap, WuhanOptions().golden_top, WuhanOptions().bright_top
(400, 500, 600)
>>> WuhanOptions.from_dict({"cap": None}).cap is None
True
>>> WuhanOptions.from_dict({"contract": "always"})
Traceback (most recent call last):
...
fanshu.errors.OptionError: contract is 'quan_qiu_ren', 'every_discard' or 'off', not 'always'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, Literal

from fanshu.errors import OptionError
from fanshu.i18n import msg
from fanshu.rules.base import check_option_names

Contract = Literal["quan_qiu_ren", "every_discard", "off"]
ReadyContract = Literal["each", "discarder_only"]

_CONTRACTS = ("quan_qiu_ren", "every_discard", "off")
_READY_CONTRACTS = ("each", "discarder_only")


@dataclass(frozen=True, slots=True)
class WuhanOptions:
    #: 输分等于基础分: a loser pays base_points × 2 ** (the winner's 番 + its own 番).
    base_points: int = 1
    #: 封顶: the most one loser pays (比如…紅中發財杠封頂值為400分); None for no cap
    #: (then no 金顶 and no 光明顶 either).
    cap: int | None = 400
    #: 金顶: when all three losers' shares exceed the cap (3家都超過400分), each pays
    #: this instead (每家提至500分); None: they pay the cap.
    golden_top: int | None = 500
    #: 光明顶: under 金顶, a loser who never opened pays this (該玩家則要輸600分); None:
    #: the golden top like the others.
    bright_top: int | None = 600
    #: 开口 counts once per claimed meld (口口翻, the default); False: once for an opened hand.
    opening_per_claim: bool = True
    #: 承包 (A放沖給B作全求人，A沒聽牌，A承包): which fed wins make a discarder who was not
    #: ready pay for all three — "quan_qiu_ren" (the seed's example only), "every_discard"
    #: (every win on a discard), "off".
    contract: Contract = "quan_qiu_ren"
    #: The seed's 另一種演算法 when the discarder was ready: "each" (no 承包: each loser
    #: pays its own share) or "discarder_only" (the discarder pays its own share, the two
    #: others nothing).
    ready_contract: ReadyContract = "each"
    #: 赖子: a tile is turned up after the deal and the next kind is wild this hand; a
    #: discarded 赖子 is a 赖子杠 (2 番).
    laizi: bool = False
    #: 红中发财杠: a discarded 红中 or 发财 is a kong (1 番 each); they are never 赖子, and
    #: nobody may claim them.
    dragon_kongs: bool = False
    #: 硬胡: 1 番 for a win whose 赖子 all stand for themselves (not in the seed).
    ying_hu: bool = False
    #: 七对 as a winning shape (the seed names none; default: 4 sets and a pair only).
    seven_pairs: bool = False

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.type == "bool" and not isinstance(value, bool):
                raise OptionError(
                    msg("{name} is true or false, not {value!r}", name=f.name, value=value)
                )
        if (
            isinstance(self.base_points, bool)
            or not isinstance(self.base_points, int)
            or self.base_points < 1
        ):
            raise OptionError(
                msg(
                    "base_points is a whole number ≥ 1, not {base_points!r}",
                    base_points=self.base_points,
                )
            )
        for name in ("cap", "golden_top", "bright_top"):
            value = getattr(self, name)
            if value is not None and (
                isinstance(value, bool) or not isinstance(value, int) or value < 1
            ):
                raise OptionError(
                    msg(
                        "{name} is a whole number ≥ 1 or null, not {value!r}",
                        name=name,
                        value=value,
                    )
                )
        if self.contract not in _CONTRACTS:
            raise OptionError(
                msg(
                    "contract is 'quan_qiu_ren', 'every_discard' or 'off', not {contract!r}",
                    contract=self.contract,
                )
            )
        if self.ready_contract not in _READY_CONTRACTS:
            raise OptionError(
                msg(
                    "ready_contract is 'each' or 'discarder_only', not {ready_contract!r}",
                    ready_contract=self.ready_contract,
                )
            )

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> WuhanOptions:
        """Options from field names; an unknown name is an ``OptionError``."""
        check_option_names((f.name for f in fields(cls)), data)
        # the values are what the caller sent (JSON, flags), unchecked until __post_init__
        values: dict[str, Any] = dict(data)
        return cls(**values)


DEFAULT_OPTIONS = WuhanOptions()

#: What each option selects, and its source, for ``fanshu rules wuhan``.
OPTION_NOTES: dict[str, str] = {
    "base_points": "each loser pays base × 2^(winner's 番 + own 番) (输分等于基础分)",
    "cap": "封顶: most one loser pays (❽: 封顶值为400分); null: none",
    "golden_top": "金顶: all three over the cap pay this each (❽: 500); null: the cap",
    "bright_top": "光明顶: under 金顶 a loser who never opened pays (❽: 600); null: 金顶",
    "opening_per_claim": "开口 1番 per claimed meld (口口翻); false: once per opened hand",
    "contract": "承包 when the discarder was not ready: 'quan_qiu_ren', 'every_discard', 'off'",
    "ready_contract": "a ready discarder: 'each' pays own share, or 'discarder_only' pays",
    "laizi": "赖子: the kind after a turned-up tile is wild; a discarded 赖子 is 赖子杠 2番",
    "dragon_kongs": "红中发财杠: a discarded 中 or 发 is a kong, 1番 each, never claimed",
    "ying_hu": "硬胡 1番: no 赖子 stood for another tile (club rule, not in the seed)",
    "seven_pairs": "七对 wins too (the seed names no shape)",
}
