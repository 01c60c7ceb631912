"""Options for the points where the Sichuan sources disagree (``../shared/RULES.md`` §3).

``preset`` picks the fan table (seed 000's default, or seed 002's 封顶四番 variant) and
the defaults of the options marked *per preset*; any option given explicitly wins.

>>> SichuanOptions().cap is None, SichuanOptions(preset="seed002").cap
(True, 4)
>>> SichuanOptions(preset="seed002", cap=None).cap is None
True
>>> SichuanOptions(preset="seed002").ready_payment, SichuanOptions().ready_payment
('min', 'max')
>>> SichuanOptions.from_dict({"cap": 5, "base": 2})
SichuanOptions(preset='seed000', cap=5, base=2, self_drawn_fan=True, ready_payment='max', \
kong_feeder_pays=True, golden_hook_self_drawn=False, void_suit=True, sea_bottom=False, \
flower_pig_refunds=False, xue_liu=False)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from enum import Enum
from typing import Any, Final, Literal

from fanshu.errors import OptionError
from fanshu.i18n import msg
from fanshu.rules.base import check_option_names
from fanshu.rules.sichuan.fans import PRESETS, Preset

ReadyPayment = Literal["max", "min"]


class PerPreset(Enum):
    """The value that asks ``SichuanOptions`` for the preset's default of an option marked
    *per preset* (``PRESET_DEFAULTS``); the constructor's default for those options.  The
    options object itself never holds it: its fields hold the resolved values."""

    DEFAULT = "per preset"


_PRESET: Final = PerPreset.DEFAULT

#: The per-preset defaults.  seed 000 states no cap (its table tops at 6 fan, ×32, plus
#: extras); seed 002 caps at 4 (封顶四番).
PRESET_DEFAULTS: dict[str, dict[str, object]] = {
    "seed000": {"cap": None, "self_drawn_fan": True, "ready_payment": "max"},
    "seed002": {"cap": 4, "self_drawn_fan": False, "ready_payment": "min"},
}

#: What each option selects and where each reading comes from (``fanshu rules sichuan``).
OPTION_NOTES: dict[str, str] = {
    "preset": "fan table: seed000 (麻将算翻, seed 000) or seed002 (封顶四番, seed 002)",
    "cap": "cap in fan on payments; none (seed 000 states none) | 4 (seed 002); per preset",
    "base": "base points (底分); a hand of n fan pays base × 2^(n−1)",
    "self_drawn_fan": "自摸 +1 fan (seed 000 table) | none (seed 002; seed 000 成麻: "
    "'有的人…自摸加番'); per preset",
    "ready_payment": "查大叫 pays the ready hand's best (max: seed 000 '最大的可能番') | "
    "least (min: seed 002 '最小番数'); per preset",
    "kong_feeder_pays": "杠上花 after a kong on a discard: the feeder pays as for a discard "
    "(true: seed 002 rule (4), RULES.md §3) | everyone still in pays",
    "golden_hook_self_drawn": "金钩钓 only when self-drawn (seed 000 '单吊一张自摸胡牌' read "
    "literally) | on any single wait after four melds (false)",
    "void_suit": "缺一门 required to win (true: seeds 000, 002, RULES.md) | not (false: seed "
    "002's 将对 example holds three suits)",
    "sea_bottom": "海底 +1 fan on the wall's last tile (seed 000 成麻番数: '海底捞月…另外在加一番')"
    " | not (false: not in the 麻将算翻 table)",
    "flower_pig_refunds": "a 花猪 also refunds kong income at a drawn hand (true) | not "
    "(false: seed 000 '没听牌的玩家（花猪不用）…并退回所有刮风下雨所得')",
    "xue_liu": "血流成河: a winner stays in and may win again, the hand ends only when the "
    "wall is empty (true; beyond the seeds) | 血战到底: a winner leaves, the hand ends when "
    "three have won (false: seed 000)",
}


#: The most fan a hand is paid for, and the largest base: payments double per fan, so
#: ``MAX_BASE · 2^MAX_FAN`` (about 10^15) stays far inside 64 bits; no real hand comes
#: near (a dozen fan is a great deal).
MAX_FAN = 30
MAX_BASE = 1_000_000


@dataclass(frozen=True, slots=True, init=False)
class SichuanOptions:
    #: The fan table: ``"seed000"`` (default) or ``"seed002"``.
    preset: Preset = "seed000"
    #: The cap in fan applied to payments, or None; per preset (seed 000: None, seed 002: 4).
    cap: int | None = None
    #: Base points (底分).
    base: int = 1
    #: 自摸 counts +1 fan; per preset (seed 000: True, seed 002: False).
    self_drawn_fan: bool = True
    #: 查大叫 pays the ready player's best (``"max"``) or least (``"min"``) possible hand;
    #: per preset (seed 000: max, seed 002: min).
    ready_payment: ReadyPayment = "max"
    #: 杠上花 on the replacement tile of a kong made on a discard: the feeder pays alone.
    kong_feeder_pays: bool = True
    #: 金钩钓 needs a self-drawn win.
    golden_hook_self_drawn: bool = False
    #: 缺一门: a hand holding all three suits is not a win.
    void_suit: bool = True
    #: 海底 (the wall's last tile, self-drawn or the last discard) counts +1 fan.
    sea_bottom: bool = False
    #: A 花猪 also refunds its kong income at a drawn hand.
    flower_pig_refunds: bool = False
    #: 血流成河 (the other common Sichuan game, beyond the seeds): a winner stays in, sets
    #: the winning tile aside, plays on with its hand as it is and may win again; every
    #: win is paid when it happens by everyone (nobody leaves); the hand ends only when
    #: the wall is empty.  False: 血战到底 (seed 000), a winner leaves the hand.
    xue_liu: bool = False

    def __init__(
        self,
        preset: Preset = "seed000",
        cap: int | PerPreset | None = _PRESET,
        base: int = 1,
        self_drawn_fan: bool | PerPreset = _PRESET,
        ready_payment: ReadyPayment | PerPreset = _PRESET,
        kong_feeder_pays: bool = True,
        golden_hook_self_drawn: bool = False,
        void_suit: bool = True,
        sea_bottom: bool = False,
        flower_pig_refunds: bool = False,
        xue_liu: bool = False,
    ) -> None:
        # Written out, not generated: the options marked per preset take the preset's
        # default when given as ``PerPreset.DEFAULT`` (their default), so the fields only
        # ever hold resolved values.
        if preset not in PRESETS:
            raise OptionError(
                msg(
                    "preset is one of {presets}, not {preset!r}",
                    presets=", ".join(PRESETS),
                    preset=preset,
                )
            )
        defaults = PRESET_DEFAULTS[preset]
        given = {"cap": cap, "self_drawn_fan": self_drawn_fan, "ready_payment": ready_payment}
        object.__setattr__(self, "preset", preset)
        for name, value in given.items():
            object.__setattr__(self, name, defaults[name] if value is _PRESET else value)
        object.__setattr__(self, "base", base)
        object.__setattr__(self, "kong_feeder_pays", kong_feeder_pays)
        object.__setattr__(self, "golden_hook_self_drawn", golden_hook_self_drawn)
        object.__setattr__(self, "void_suit", void_suit)
        object.__setattr__(self, "sea_bottom", sea_bottom)
        object.__setattr__(self, "flower_pig_refunds", flower_pig_refunds)
        object.__setattr__(self, "xue_liu", xue_liu)
        self._check()

    def _check(self) -> None:
        """The values are of their kinds and in range (``OptionError`` if not)."""
        cap = self.cap
        if cap is not None and (isinstance(cap, bool) or not isinstance(cap, int) or cap < 1):
            raise OptionError(
                msg("cap is a number of fan (1 or more) or none, not {cap!r}", cap=cap)
            )
        base = self.base
        if isinstance(base, bool) or not isinstance(base, int) or not 1 <= base <= MAX_BASE:
            raise OptionError(
                msg(
                    "base is a whole number of points, 1 to {max_base}, not {base!r}",
                    max_base=MAX_BASE,
                    base=self.base,
                )
            )
        if self.ready_payment not in ("max", "min"):
            raise OptionError(
                msg(
                    "ready_payment is 'max' or 'min', not {ready_payment!r}",
                    ready_payment=self.ready_payment,
                )
            )
        for f in fields(self):
            if f.type in ("bool", bool) and not isinstance(getattr(self, f.name), bool):
                raise OptionError(msg("{name} is true or false", name=f.name))

    def pays(self, fan: int) -> int:
        """Points a hand of ``fan`` fan is paid by one loser, after the cap.

        >>> SichuanOptions(preset="seed002").pays(5), SichuanOptions(base=2).pays(5)
        (8, 32)
        """
        if fan < 1:
            raise OptionError(msg("a Sichuan hand has 1 fan or more, not {fan}", fan=fan))
        if fan > MAX_FAN:
            raise OptionError(
                msg(
                    "a Sichuan hand is paid for {max_fan} fan at most, not {fan}",
                    max_fan=MAX_FAN,
                    fan=fan,
                )
            )
        capped = fan if self.cap is None else min(fan, self.cap)
        return self.base << (capped - 1)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SichuanOptions:
        check_option_names((f.name for f in fields(cls)), data)
        values = dict(data)
        if isinstance(values.get("cap"), str) and values["cap"].lower() in ("none", "null", ""):
            values["cap"] = None
        return cls(**values)


DEFAULT_OPTIONS = SichuanOptions()
