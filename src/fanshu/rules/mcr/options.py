"""Options for the points where the sources disagree (see ``../shared/RULES.md`` §1).

The defaults follow the 1998 rules with the MIL supplements as implemented by the
widely used C++ calculator behind ``pymahjonggb`` 1.4.0; each alternative is one field.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Literal

from fanshu.errors import OptionError
from fanshu.i18n import msg
from fanshu.rules.base import check_option_names

#: The non-official extras (天和, 地和 …) and whose values: none, the 联众/QQ
#: four-player set, or the two-player game's set (``blessings.py``).
Blessings = Literal["off", "lianzhong", "two_player"]
BLESSING_SETS: tuple[str, ...] = ("off", "lianzhong", "two_player")


@dataclass(frozen=True, slots=True)
class McrOptions:
    #: 明暗杠 (one melded and one concealed kong): 5 fan, or 6 (Green Book 2006).
    concealed_and_melded_kong: int = 5
    #: 双暗杠: 6 fan, or 8 (Green Book).
    two_concealed_kongs: int = 6
    #: 边张/嵌张/单钓 counted on a 组合龙 body (False: the 2006 clarification).
    knitted_straight_waits: bool = True
    #: 全不靠 combined with 五门齐 (True: the 2006 text).
    honors_knitted_all_types: bool = False
    #: 四归一 counted in a 七对 hand (False: 2006, where it is unavoidable).
    seven_pairs_tile_hog: bool = True
    #: 三同刻 counted with 清幺九 (False: strict 1998).
    all_terminals_triple_pung: bool = True
    #: 双同刻 counted with 清幺九 (True: seed 003, 清幺九 … 可加计双同刻、三同刻另计二组双同刻;
    #: default False: the oracle and seed 004's list, where 清幺九 excludes it).
    all_terminals_double_pung: bool = False
    #: A self-drawn 九莲宝灯, 连七对 or 十三幺 counts 不求人 (4) instead of 自摸 (1) (True:
    #: seed 003, 自摸加计不求人; default False: the oracle, and seeds 001/004's 不计 … 不求人).
    special_hands_fully_concealed: bool = False
    #: 七对 combined with 绿一色, 字一色, 清幺九, 混幺九 and the rank-range fans
    #: (False: strict 1998).
    seven_pairs_combines: bool = True
    #: Non-official extras 天和, 地和, 人和, 天听, 四方大发, 全家福 and 混杠 (a kong of the
    #: hand's wild kind, ``WinContext.wildcard``): "off", the 联众 values ("lianzhong") or
    #: the two-player ones ("two_player", without 混杠).
    blessings: Blessings = "off"

    def __post_init__(self) -> None:
        if self.blessings not in BLESSING_SETS:
            raise OptionError(
                msg(
                    "blessings is one of {blessing_sets}, not {blessings!r}",
                    blessing_sets=", ".join(BLESSING_SETS),
                    blessings=self.blessings,
                )
            )
        if self.concealed_and_melded_kong not in (5, 6):
            raise OptionError(msg("concealed_and_melded_kong is 5 or 6"))
        if self.two_concealed_kongs not in (6, 8):
            raise OptionError(msg("two_concealed_kongs is 6 or 8"))
        for f in fields(self):
            if f.type in ("bool", bool) and not isinstance(getattr(self, f.name), bool):
                raise OptionError(msg("{name} is true or false", name=f.name))

    @classmethod
    def from_dict(cls, data: dict[str, object]) -> McrOptions:
        check_option_names((f.name for f in fields(cls)), data)
        # the values are what the caller sent (JSON, flags), unchecked until __post_init__
        values: dict[str, Any] = dict(data)
        return cls(**values)


DEFAULT_OPTIONS = McrOptions()
