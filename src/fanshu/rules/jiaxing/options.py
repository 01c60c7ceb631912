"""Options for the Jiaxing points where seed 001 ❼ is silent or a club would differ.

The seed lists the 台 and 番 and how they combine; it does not say what a win of no 台
is worth, who pays, how the 百搭 is chosen, or whether a 百搭 used as itself is still
a 百搭.  Each field says which reading is the default and why.

>>> JiaxingOptions().di_tai, JiaxingOptions().discard_pays
(1, 'discarder')
>>> JiaxingOptions.from_dict({"discard_pays": "everyone"})
Traceback (most recent call last):
...
fanshu.errors.OptionError: discard_pays is 'discarder', 'all' or 'discarder_for_all', not 'everyone'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, Literal

from fanshu.errors import OptionError
from fanshu.i18n import msg
from fanshu.rules.base import check_option_names

DiscardPays = Literal["discarder", "all", "discarder_for_all"]
WildcardFrom = Literal["turned", "next"]
_DISCARD_PAYS = ("discarder", "all", "discarder_for_all")
_WILDCARD_FROM = ("turned", "next")


@dataclass(frozen=True, slots=True)
class JiaxingOptions:
    #: 底台: 台 every win has before its own (the seed: 总台数形成基本分 — the 台 are the
    #: base — and says nothing of a hand with none).  Default 1, so that a win of 0 台 is
    #: worth 1 × 2 ** 番; 0 reads the seed literally (a 0-台 win is paid nothing).
    di_tai: int = 1
    #: Who pays a win on a discard (the seed does not say): "discarder" (default: the
    #: discarder alone pays the hand's points), "all" (each of the three pays them, as on
    #: a self-drawn win), "discarder_for_all" (the discarder pays for all three, 包三家).
    #: A self-drawn win is paid the points by each of the three under every choice.
    discard_pays: DiscardPays = "discarder"
    #: 七对 wins (seed: 对对和 … 不是「7对」, which names 七对 as a hand that is no 对对和;
    #: it has no 台 of its own).  False: only 4 sets + pair win.
    seven_pairs: bool = True
    #: The carried 番 (黄番, 老头黄, 包子, 百搭连庄) one win uses (seed: 只能使用其中之一,
    #: 多余的番累计到下一盘); null: every one waiting at once (a club that does not carry).
    specials_per_hand: int | None = 1
    #: How the engine chooses the 百搭 (the seed names 百搭 but not how it is chosen):
    #: "turned" — after the dice, a tile is turned up from the back of the wall and its
    #: kind is the 百搭 (翻牌即百搭, the three other copies are wild); "next" — the kind
    #: after the turned tile (1→2 … 9→1, 东→南→西→北→东, 中→发→白→中).
    wildcard_from: WildcardFrom = "turned"
    #: A 百搭 that stood for its own kind (百搭归位) is no 百搭 for 无百搭 and 3百搭.
    #: Default False: 没有百搭和牌 — a hand holding one is not 无百搭.
    natural_wild_is_plain: bool = False
    #: The most 番 a hand is paid for; null (default): no cap (the seed gives none).
    cap: int | None = None

    def __post_init__(self) -> None:
        for name in ("seven_pairs", "natural_wild_is_plain"):
            value = getattr(self, name)
            if not isinstance(value, bool):
                raise OptionError(
                    msg("{name} is true or false, not {value!r}", name=name, value=value)
                )
        if isinstance(self.di_tai, bool) or not isinstance(self.di_tai, int) or self.di_tai < 0:
            raise OptionError(
                msg("di_tai is a whole number ≥ 0, not {di_tai!r}", di_tai=self.di_tai)
            )
        for name in ("specials_per_hand", "cap"):
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
        if self.discard_pays not in _DISCARD_PAYS:
            raise OptionError(
                msg(
                    "discard_pays is 'discarder', 'all' or 'discarder_for_all', not "
                    "{discard_pays!r}",
                    discard_pays=self.discard_pays,
                )
            )
        if self.wildcard_from not in _WILDCARD_FROM:
            raise OptionError(
                msg(
                    "wildcard_from is 'turned' or 'next', not {wildcard_from!r}",
                    wildcard_from=self.wildcard_from,
                )
            )

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> JiaxingOptions:
        """Options from field names; an unknown name is an ``OptionError``."""
        check_option_names((f.name for f in fields(cls)), data)
        # the values are what the caller sent (JSON, flags), unchecked until __post_init__
        values: dict[str, Any] = dict(data)
        return cls(**values)


DEFAULT_OPTIONS = JiaxingOptions()

#: What each option selects, for ``fanshu rules jiaxing``.
OPTION_NOTES: dict[str, str] = {
    "di_tai": "底台 added to every win's 台 (seed silent on 0 台; 0: literal, pays nothing)",
    "discard_pays": "on a discard: 'discarder' pays, 'all' three pay, 'discarder_for_all' (包三家)",
    "seven_pairs": "七对 is a winning shape (seed: 对对和 不是「7对」); no 台 of its own",
    "specials_per_hand": "carried 番 (黄番/老头黄/包子/百搭连庄) a win uses (其中之一); null: all",
    "wildcard_from": "百搭: the 'turned' tile's kind, or the 'next' kind after it",
    "natural_wild_is_plain": "a 百搭 standing for itself is no 百搭 (无百搭 / 3百搭)",
    "cap": "most 番 paid for; null: none (seed gives none)",
}
