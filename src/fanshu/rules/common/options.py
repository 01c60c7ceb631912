"""Options for the points of the 底分 × 2^番 list (seed 000, 快速入门规则) that its
text leaves open.  Each field says which sentence it reads and what the other reading is.

>>> CommonOptions().base, CommonOptions().cap
(10, None)
>>> CommonOptions.from_dict({"base": 20}).base
20
>>> CommonOptions(base=0)
Traceback (most recent call last):
...
fanshu.errors.OptionError: base (底分) is a whole number ≥ 1 (the seed: 通常为10点或20点), not 0
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, Literal

from fanshu.errors import OptionError
from fanshu.i18n import msg
from fanshu.rules.base import check_option_names

PingHe = Literal["plain", "all_chows"]
OutsideHand = Literal["by_honours", "stacked"]
XiaoSanYuan = Literal["pair", "literal"]
Payment = Literal["simple", "quan_chong"]

_CHOICES: dict[str, tuple[str, ...]] = {
    "ping_he": ("plain", "all_chows"),
    "outside_hand": ("by_honours", "stacked"),
    "xiao_san_yuan": ("pair", "literal"),
    "payment": ("simple", "quan_chong"),
}


@dataclass(frozen=True, slots=True)
class CommonOptions:
    #: 底分 (三、1. 根据番数确定底分，底分通常为10点或20点): the points of a 0-fan hand.
    base: int = 10
    #: The most fan paid (the seed names no cap): None for none.
    cap: int | None = None
    #: 平和 (手牌没有特殊组合，即单纯的顺子和刻子组合): "plain" — a hand of sets and a pair
    #: with no other fan of the list; "all_chows" — four chows and a pair (the usual 平和).
    ping_he: PingHe = "plain"
    #: 混全带幺九 (every set and the pair holds a 1, a 9 or an honour) and 混全带字 (a
    #: value without a definition): "by_honours" — the outside hand is 混全带字 when it
    #: holds an honour, 混全带幺九 when it does not (one of the two, 3 fan);
    #: "stacked" — every outside hand is 混全带幺九, and 混全带字 is added when it holds
    #: an honour (6 fan).
    outside_hand: OutsideHand = "by_honours"
    #: 小三元 (手牌包含两组箭牌（发、白）和一组刻子): "pair" — two dragon pungs and the
    #: third dragon as the pair; "literal" — two dragon pungs and one more pung of any kind.
    xiao_san_yuan: XiaoSanYuan = "pair"
    #: 七对子 with four of a kind counted as two pairs (the seed does not forbid it).
    seven_pairs_four_of_a_kind: bool = True
    #: Who pays (the seed's list gives no settlement): "simple" — the discarder pays the
    #: score, on a self-draw each other player pays it; "quan_chong" — seed 000's 全冲
    #: (放枪者给胡牌者，除了自己的两倍，还要代其他两家各一倍，总计四倍; 自摸 … 自身番数双倍的
    #: 其他三家): the discarder pays 4 × the score, on a self-draw each pays 2 ×.
    payment: Payment = "simple"

    def __post_init__(self) -> None:
        if isinstance(self.base, bool) or not isinstance(self.base, int) or self.base < 1:
            raise OptionError(
                msg(
                    "base (底分) is a whole number ≥ 1 (the seed: 通常为10点或20点), not {base!r}",
                    base=self.base,
                )
            )
        cap = self.cap
        if cap is not None and (isinstance(cap, bool) or not isinstance(cap, int) or cap < 0):
            raise OptionError(msg("cap is a whole number of fan ≥ 0 or null, not {cap!r}", cap=cap))
        if not isinstance(self.seven_pairs_four_of_a_kind, bool):
            raise OptionError(
                msg(
                    "seven_pairs_four_of_a_kind is true or false, not "
                    "{seven_pairs_four_of_a_kind!r}",
                    seven_pairs_four_of_a_kind=self.seven_pairs_four_of_a_kind,
                )
            )
        for name, allowed in _CHOICES.items():
            value = getattr(self, name)
            if value not in allowed:
                raise OptionError(
                    msg(
                        "{name} is one of {allowed}, not {value!r}",
                        name=name,
                        allowed=", ".join(repr(a) for a in allowed),
                        value=value,
                    )
                )

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> CommonOptions:
        """Options from field names; an unknown name is an ``OptionError``."""
        check_option_names((f.name for f in fields(cls)), data)
        # the values are what the caller sent (JSON, flags), unchecked until __post_init__
        values: dict[str, Any] = dict(data)
        return cls(**values)


DEFAULT_OPTIONS = CommonOptions()

#: What each option selects, and its source, for ``fanshu rules common``.
OPTION_NOTES: dict[str, str] = {
    "base": "底分 (快速入门 三、1: 通常为10点或20点); score = 底分 × 2^番",
    "cap": "most fan paid (the seed names none); null: none",
    "ping_he": "平和: 'plain' (no other fan) or 'all_chows' (four chows)",
    "outside_hand": "混全带幺九/混全带字: 'by_honours' (one of them) or 'stacked' (both)",
    "xiao_san_yuan": "小三元: 'pair' (third dragon as the pair) or 'literal' (any third pung)",
    "seven_pairs_four_of_a_kind": "七对子 may hold four of a kind as two pairs",
    "payment": "'simple' (discarder pays, self-draw each pays) or 'quan_chong' (全冲 4×/2×)",
}
