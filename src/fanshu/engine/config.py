"""How a table is set up, beyond the rule set's scoring options: who deals, the round's
wind, and the optional events some games add (Sichuan 换三张, the two-player exchanges).

>>> GameConfig(dealer=1).dealer
1
>>> GameConfig(free_pick=2.0)
Traceback (most recent call last):
...
fanshu.errors.OptionError: free_pick is a probability from 0 to 1, not 2.0
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any

from fanshu.errors import OptionError
from fanshu.i18n import msg
from fanshu.rules.base import check_option_names

_PROBABILITIES = ("exchange_at_start", "triplet_offer", "free_pick")


@dataclass(frozen=True, slots=True)
class GameConfig:
    #: The dealer's seat (庄家), 0-based.  East is the dealer's seat wind.
    dealer: int = 0
    #: The prevalent wind (圈风), 0-3 for 东南西北 (MCR).
    prevalent_wind: int = 0
    #: Sichuan 换三张: each player passes three tiles of one suit before 定缺.
    exchange_three: bool = False
    #: Two-player events (seed 000 §三), each the probability it is offered:
    #: 开始时换牌 (exchange any number of dealt tiles, once per player at the start),
    exchange_at_start: float = 0.0
    #: 游戏中换牌 (after a draw, a triplet from the unseen tiles for three of yours),
    triplet_offer: float = 0.0
    #: 搓牌 (at a draw, pick any unseen tile instead).
    free_pick: float = 0.0
    #: Play with the rule set's flower tiles, where it has them (False: MCR on 136
    #: tiles, as Botzone's public judge deals by default).  Left out of ``to_dict`` at
    #: its default, so that the logs written before it replay unchanged.
    flowers: bool = True

    def __post_init__(self) -> None:
        for name in ("dealer", "prevalent_wind"):
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 3:
                raise OptionError(
                    msg("{name} is a seat number 0-3, not {value!r}", name=name, value=v)
                )
        for name in ("exchange_three", "flowers"):
            v = getattr(self, name)
            if not isinstance(v, bool):
                raise OptionError(msg("{name} is true or false, not {value!r}", name=name, value=v))
        for name in _PROBABILITIES:
            v = getattr(self, name)
            if isinstance(v, bool) or not isinstance(v, int | float) or not 0 <= v <= 1:
                raise OptionError(
                    msg("{name} is a probability from 0 to 1, not {value!r}", name=name, value=v)
                )

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GameConfig:
        check_option_names((f.name for f in fields(cls)), data)
        return cls(**data)

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        if self.flowers:
            del data["flowers"]
        return data
