"""Options for the points the Pinghu text (seed 001 ❹) leaves terse or silent.

Each field is one reading fanshu chose (the default) and what a club that reads the
text otherwise would set; docs/rules/pinghu.md gives the seed sentence behind each.

>>> PinghuOptions().da_si_xi, PinghuOptions().minimum, PinghuOptions().discarder_pays
(48, 1, 9)
>>> PinghuOptions.from_dict({"big_hands": "add"}).big_hands
'add'
>>> PinghuOptions.from_dict({"others_pay": -1})
Traceback (most recent call last):
...
fanshu.errors.OptionError: others_pay is a whole number ≥ 0, not -1
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, Literal

from fanshu.errors import OptionError
from fanshu.i18n import msg
from fanshu.rules.base import check_option_names

BigHands = Literal["highest", "add"]
QuanYao = Literal["all_honours", "outside"]
JiuZi = Literal["straight", "nine_gates"]
WildcardPick = Literal["next", "same"]

_CHOICES: dict[str, tuple[str, ...]] = {
    "big_hands": ("highest", "add"),
    "quan_yao": ("all_honours", "outside"),
    "jiu_zi_lian_huan": ("straight", "nine_gates"),
    "wildcard_pick": ("next", "same"),
}
_COUNTS = (
    "da_si_xi",
    "minimum",
    "hu_per_tai",
    "discarder_pays",
    "others_pay",
    "self_drawn_pays",
)


@dataclass(frozen=True, slots=True)
class PinghuOptions:
    #: 大四喜's value (the text names it with no value: "十三幺，48翻；大四喜；"): read as
    #: the 48 of the row before it, a flat hand like 十三幺.
    da_si_xi: int = 48
    #: The "N翻起" hands: "highest" counts only the highest of them (the small 1翻 rows
    #: add on top); "add" adds every one the hand shows that its ``excludes`` leave.
    big_hands: BigHands = "highest"
    #: 全幺: "all_honours" (字一色, beside 全幺九 all terminals and 混幺九 the mix) or
    #: "outside" (全带幺: every set and the pair hold a terminal or an honour).
    quan_yao: QuanYao = "all_honours"
    #: 九字連環: "straight" (123-456-789 of one suit) or "nine_gates" (九莲宝灯:
    #: 1112345678999 of one suit and one more, concealed).
    jiu_zi_lian_huan: JiuZi = "straight"
    #: The least 台 a win needs ("1台" of the title read as 起胡); 0: every complete hand.
    minimum: int = 1
    #: 有些地方打花: play with the 8 flowers, one 台 each (the text stops at 花分：).
    flowers: bool = False
    #: "1台22胡": 胡 per 台, the hand's worth the result reports (details["hu"]).
    hu_per_tai: int = 22
    #: "放炮9張牌": what the discarder pays the winner per 台, in 张 (chips).
    discarder_pays: int = 9
    #: "另外二家4張牌": what each of the two other players pays per 台 on a discard win.
    others_pay: int = 4
    #: A self-drawn win (the text is silent): what each of the three pays per 台; read
    #: as the discarder's 9 (each is in the discarder's place).
    self_drawn_pays: int = 9
    #: How the table finds the 百搭 (the text is silent): a tile is turned up and the
    #: "next" kind in its suit (9→1, 東南西北 round, 中發白 round) is wild, or the "same".
    wildcard_pick: WildcardPick = "next"

    def __post_init__(self) -> None:
        if not isinstance(self.flowers, bool):
            raise OptionError(
                msg("flowers is true or false, not {flowers!r}", flowers=self.flowers)
            )
        for name in _COUNTS:
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise OptionError(
                    msg("{name} is a whole number ≥ 0, not {value!r}", name=name, value=value)
                )
        for name, choices in _CHOICES.items():
            value = getattr(self, name)
            if value not in choices:
                words = " or ".join(repr(c) for c in choices)
                raise OptionError(
                    msg("{name} is {words}, not {value!r}", name=name, words=words, value=value)
                )

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> PinghuOptions:
        """Options from field names; an unknown name is an ``OptionError``."""
        check_option_names((f.name for f in fields(cls)), data)
        # the values are what the caller sent (JSON, flags), unchecked until __post_init__
        values: dict[str, Any] = dict(data)
        return cls(**values)


DEFAULT_OPTIONS = PinghuOptions()

#: What each option selects, and its source, for ``fanshu rules pinghu``.
OPTION_NOTES: dict[str, str] = {
    "da_si_xi": "大四喜's value (text gives none; 48 like 十三幺) / 大四喜台数（原文未给，取48）",
    "big_hands": "'highest' of the N翻起 hands only, or 'add' them / 起翻牌型取最高或相加",
    "quan_yao": "全幺: 'all_honours' (字一色) or 'outside' (全带幺)",
    "jiu_zi_lian_huan": "九字连环: 'straight' (一条龙) or 'nine_gates' (九莲宝灯)",
    "minimum": "least 台 to win (title 1台 read as 起胡) / 起胡台数",
    "flowers": "play with flowers, 1 台 each (有些地方打花) / 打花，每花1台",
    "hu_per_tai": "胡 per 台 (1台22胡) / 每台胡数",
    "discarder_pays": "discarder pays per 台, 张 (放炮9张牌) / 放炮者每台付张数",
    "others_pay": "each other player pays per 台 on a discard win (另外二家4张牌)",
    "self_drawn_pays": "each player pays per 台 on a self-draw (text silent: 9) / 自摸每家",
    "wildcard_pick": "百搭: 'next' kind after the turned-up tile, or the 'same' kind",
}
