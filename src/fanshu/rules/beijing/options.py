"""Options for the Beijing points where the texts of seed 003 disagree or are open.

Seed 003 holds two Beijing texts: 麻将规则（第4稿） (the "draft 4", fanshu's default)
and 中国北京麻将规则 / 北京麻将规则 (the "older text", with 烧庄 and 互包).  Each field
says where its default and its alternative come from.

>>> BeijingOptions().cap, BeijingOptions().payer_cap
(6, 640)
>>> BeijingOptions.from_dict({"cap": None}).cap is None
True
>>> BeijingOptions.from_dict({"flowers": 8})  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
fanshu.errors.OptionError: unknown option 'flowers'; known: burn_penalty, burn_total, cap, ...
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, Literal

from fanshu.errors import OptionError
from fanshu.i18n import msg
from fanshu.rules.base import check_option_names

BurnTotal = Literal["sum", "last"]
RobbedKongPays = Literal["discard", "self-drawn"]


@dataclass(frozen=True, slots=True)
class BeijingOptions:
    #: The cap in fan (draft 4 §8: 每盘最高番数不超过6番); None for no cap.
    cap: int | None = 6
    #: The most one player pays for a hand (draft 4 §8: 也就是每人最多输640 …
    #: 庄家本应输1280, 庄家也降低为640); None for no limit.  Kong money, 跟庄 and 烧庄
    #: are not limited.
    payer_cap: int | None = 640
    #: After a chow or pung only a self-drawn win counts (draft 4 §4, older text 1.4:
    #: 吃碰后只能自摸，不能捉铳).  False: the older text's 基本规则 (没有吃碰必须自摸的规定,
    #: 和牌方式没有任何限制).
    claimed_self_drawn_only: bool = True
    #: A hand with none of the bonus shapes the definition of 推倒和 lists (门清 and 混一色
    #: are not in that list) wins only by self-draw, even when concealed (draft 4 §6(1)
    #: read literally).  Default False: 推倒和 is the 0-fan hand, and §4 门清可以捉铳.
    plain_self_drawn_only: bool = False
    #: 混一色 with winds only (draft 4 §6(4) says 风牌); default: any honour (字牌).
    hun_yi_se_winds_only: bool = False
    #: Who pays for 抢杠和: "discard" (draft 4 §4: 算做捉铳, the kong's owner pays as a
    #: discarder) or "self-drawn" (older text 6)a: 点炮的选手要按和牌选手自摸所产生的点数支付).
    robbed_kong_pays: RobbedKongPays = "discard"
    #: 跟庄: what the dealer pays each other player (draft 4 §7: 庄家付给每家10元).
    follow_dealer_points: int = 10
    #: 烧庄: what the dealer pays each other player for the first one (older text 2.1)a:
    #: 每人1000点).
    burn_penalty: int = 1000
    #: 烧庄 repeated (如果第二张开始又继续烧庄，东家应支付的点数就要翻倍): "sum" pays every
    #: round, each double the one before (1000 + 2000 + 4000); "last" pays only the doubled
    #: amount of the last round (4000).
    burn_total: BurnTotal = "sum"
    #: 互包: claims (吃 + 碰) one player makes from another that bind the two (older text
    #: 2.2)a: 吃+碰倒3嘴).
    mutual_calls: int = 3

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.type == "bool" and not isinstance(value, bool):
                raise OptionError(
                    msg("{name} is true or false, not {value!r}", name=f.name, value=value)
                )
        for name in ("cap", "payer_cap"):
            value = getattr(self, name)
            if value is not None and (
                isinstance(value, bool) or not isinstance(value, int) or value < 0
            ):
                raise OptionError(
                    msg(
                        "{name} is a whole number ≥ 0 or null, not {value!r}",
                        name=name,
                        value=value,
                    )
                )
        for name in ("follow_dealer_points", "burn_penalty", "mutual_calls"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise OptionError(
                    msg("{name} is a whole number ≥ 0, not {value!r}", name=name, value=value)
                )
        if self.mutual_calls == 0:
            raise OptionError(msg("mutual_calls is at least 1"))
        if self.burn_total not in ("sum", "last"):
            raise OptionError(
                msg("burn_total is 'sum' or 'last', not {burn_total!r}", burn_total=self.burn_total)
            )
        if self.robbed_kong_pays not in ("discard", "self-drawn"):
            raise OptionError(
                msg(
                    "robbed_kong_pays is 'discard' or 'self-drawn', not {robbed_kong_pays!r}",
                    robbed_kong_pays=self.robbed_kong_pays,
                )
            )

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> BeijingOptions:
        """Options from field names; an unknown name is an ``OptionError``."""
        check_option_names((f.name for f in fields(cls)), data)
        # the values are what the caller sent (JSON, flags), unchecked until __post_init__
        values: dict[str, Any] = dict(data)
        return cls(**values)


DEFAULT_OPTIONS = BeijingOptions()

#: What each option selects, and its source, for ``fanshu rules beijing``.
OPTION_NOTES: dict[str, str] = {
    "cap": "fan cap (第4稿 §8: 6番); null: none",
    "payer_cap": "most one player pays for a hand (第4稿 §8: 每人最多输640); null: none",
    "claimed_self_drawn_only": "after 吃/碰 only self-draw wins (第4稿 §4); false: older text",
    "plain_self_drawn_only": "no bonus shape → self-draw only, even 门清 (第4稿 §6(1) literal)",
    "hun_yi_se_winds_only": "混一色 needs winds, not dragons (第4稿 §6(4) says 风牌)",
    "robbed_kong_pays": "抢杠和: 'discard' (第4稿 §4) or 'self-drawn' total (older text 6a)",
    "follow_dealer_points": "跟庄: dealer pays each other player (第4稿 §7: 10)",
    "burn_penalty": "烧庄: dealer pays each other player (older text: 1000)",
    "burn_total": "烧庄 repeated: 'sum' of doubling rounds, or 'last' doubled amount only",
    "mutual_calls": "互包: claims from one player that bind the two (older text: 3)",
}
