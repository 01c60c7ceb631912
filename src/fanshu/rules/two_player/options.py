"""Options of the two-player game (二人麻将): the cap, the value of a hand with no other
fan, and the contested MCR points (``McrOptions``) its 国标 fans follow."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields, replace
from typing import Any

from fanshu.errors import OptionError
from fanshu.i18n import msg
from fanshu.rules.base import check_option_names
from fanshu.rules.mcr.options import McrOptions

#: The MCR options the two-player game takes over (all but ``blessings``, which it fixes
#: to its own value set).
MCR_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(McrOptions) if f.name != "blessings")
#: The MCR options of the two-player game by default: the contested points as MCR's
#: defaults, the extras with the two-player values.
MCR_DEFAULTS = McrOptions(blessings="two_player")


@dataclass(frozen=True, slots=True)
class TwoPlayerOptions:
    #: 封顶: the most a loser pays, in fan (seeds 000, 003, 004: 13番); None: no cap.
    cap: int | None = 13
    #: 无番和 (a win with no other fan): 8 as in the 国标 table (RULES.md §2), or 1 as the
    #: game's own list says (推倒胡 1番, seed 000 "四、牌型非役满牌型", cut off after 门清).
    chicken_hand: int = 8
    #: The contested MCR points, as for ``mcr`` (``blessings`` is always "two_player").
    mcr: McrOptions = MCR_DEFAULTS

    def __post_init__(self) -> None:
        cap = self.cap
        if cap is not None and (isinstance(cap, bool) or not isinstance(cap, int) or cap < 1):
            raise OptionError(
                msg("cap is a number of fan (1 or more) or none, not {cap!r}", cap=cap)
            )
        if self.chicken_hand not in (1, 8) or isinstance(self.chicken_hand, bool):
            raise OptionError(
                msg("chicken_hand is 8 or 1, not {chicken_hand!r}", chicken_hand=self.chicken_hand)
            )
        if not isinstance(self.mcr, McrOptions):
            raise OptionError(msg("mcr is an McrOptions"))
        if self.mcr.blessings != "two_player":
            object.__setattr__(self, "mcr", replace(self.mcr, blessings="two_player"))

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> TwoPlayerOptions:
        """Options from flat field names: ``cap``, ``chicken_hand`` and the MCR ones."""
        own = {"cap", "chicken_hand"}
        unknown = sorted(set(data) - own - set(MCR_FIELDS))
        if unknown:
            if unknown[0] == "blessings":
                raise OptionError(
                    msg(
                        "the two-player game always counts its own 天和 99, 地和 88, 人和 64, "
                        "天听 32: blessings is not an option here"
                    )
                )
            check_option_names(own | set(MCR_FIELDS), data)
        mcr = McrOptions(blessings="two_player", **{k: data[k] for k in data if k not in own})
        return cls(**{k: data[k] for k in data if k in own}, mcr=mcr)


DEFAULT_OPTIONS = TwoPlayerOptions()
