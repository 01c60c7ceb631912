"""The state Jiaxing carries from hand to hand: 黄番, 老头黄, 包子 and 百搭连庄 waiting to
be used, and the last hand's 百搭.

Seed 001 ❼ (番型列表, 注): 黄番、老头黄、包子、百搭连庄这4种番型可以累计。并且这4种番型不在
同一盘同时算番，只能使用其中之一，多余的番累计到下一盘再统计。若前面流局过3次，就有3个黄番；
每和一次，用掉1个黄番，直到用完。如果再流局，黄番次数再+1.

Read as one pool of waiting 番, kept as a :class:`Carry` (immutable data):

- a hand *opens* (:meth:`Carry.opened`) once its 百搭 and dice are known: 老头黄 joins the
  pool when the 百搭 is an honour, 包子 when the two dice match, 百搭连庄 when the 百搭
  is the last hand's;
- a win uses one waiting 番 (:meth:`Carry.using`; the first in the seed's order 黄番,
  老头黄, 包子, 百搭连庄) and the rest go on (:meth:`Carry.after_win`);
- a drawn hand (流局) adds one 黄番 and uses nothing (:meth:`Carry.after_draw`).

>>> c = Carry().after_draw().after_draw()          # two drawn hands
>>> c = c.opened(wildcard=31, dice=(3, 3))          # 中 is 百搭 (老头黄), dice 3-3 (包子)
>>> c.huang_fan, c.lao_tou_huang, c.bao_zi, c.using()
(2, 1, 1, ('huang_fan',))
>>> c.after_win().to_dict()
{'huang_fan': 1, 'lao_tou_huang': 1, 'bao_zi': 1, 'lian_zhuang': 0, 'last_wildcard': 'C'}
>>> c.after_win().opened(wildcard=31, dice=(1, 2)).lian_zhuang   # 中 again: 百搭连庄
1
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from fanshu.errors import OptionError
from fanshu.rules.jiaxing.fans import SPECIAL_KEYS
from fanshu.tiles import FIRST_HONOR, NUM_KINDS, TILES, Tile

__all__ = ["Carry", "is_bao_zi"]


def is_bao_zi(dice: Sequence[int]) -> bool:
    """包子: 掷出的2颗骰子点数相同 — two dice showing the same number."""
    return len(dice) == 2 and dice[0] == dice[1]


@dataclass(frozen=True, slots=True)
class Carry:
    """The waiting 番 of each kind, and the last hand's 百搭 kind (0-33) or None."""

    huang_fan: int = 0
    lao_tou_huang: int = 0
    bao_zi: int = 0
    lian_zhuang: int = 0
    last_wildcard: int | None = None

    def __post_init__(self) -> None:
        for key in SPECIAL_KEYS:
            n = getattr(self, key)
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                raise OptionError(f"carried {key} is a whole number ≥ 0, not {n!r}")
        w = self.last_wildcard
        if w is not None and (
            isinstance(w, bool) or not isinstance(w, int) or not 0 <= w < NUM_KINDS
        ):
            raise OptionError(f"carried last_wildcard is a tile kind 0-33 or null, not {w!r}")

    @property
    def waiting(self) -> int:
        """How many carried 番 wait in all."""
        return sum(getattr(self, k) for k in SPECIAL_KEYS)

    def opened(self, *, wildcard: int | None, dice: Sequence[int] = ()) -> Carry:
        """The pool once this hand's 百搭 (``wildcard``) and ``dice`` are known."""
        add = {
            "lao_tou_huang": wildcard is not None and wildcard >= FIRST_HONOR,
            "bao_zi": is_bao_zi(dice),
            "lian_zhuang": wildcard is not None and wildcard == self.last_wildcard,
        }
        return replace(
            self,
            **{k: getattr(self, k) + int(v) for k, v in add.items()},
            last_wildcard=None if wildcard is None else int(wildcard),
        )

    def using(self, per_hand: int | None = 1) -> tuple[str, ...]:
        """The keys a win uses (``per_hand`` of them, None: all), in the seed's order."""
        out: list[str] = []
        for key in SPECIAL_KEYS:
            out.extend([key] * getattr(self, key))
        return tuple(out if per_hand is None else out[:per_hand])

    def after_win(self, per_hand: int | None = 1) -> Carry:
        """What goes on to the next hand after a win used :meth:`using`."""
        used = self.using(per_hand)
        return replace(self, **{k: getattr(self, k) - used.count(k) for k in SPECIAL_KEYS})

    def after_draw(self) -> Carry:
        """A drawn hand (流局): one more 黄番, nothing used."""
        return replace(self, huang_fan=self.huang_fan + 1)

    def to_dict(self) -> dict[str, Any]:
        """Plain data (the 百搭 as its code), for logs, series and score sheets."""
        out: dict[str, Any] = {k: getattr(self, k) for k in SPECIAL_KEYS}
        w = self.last_wildcard
        out["last_wildcard"] = None if w is None else TILES[w].code
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Carry:
        """Read :meth:`to_dict` back (an empty mapping is the state of a first hand)."""
        known = (*SPECIAL_KEYS, "last_wildcard")
        unknown = sorted(set(data) - set(known))
        if unknown:
            raise OptionError(f"unknown carried state {unknown[0]!r}; known: {', '.join(known)}")
        w = data.get("last_wildcard")
        if isinstance(w, str):
            try:
                w = int(Tile.from_code(w))
            except ValueError:
                raise OptionError(f"carried last_wildcard is a tile code, not {w!r}") from None
        return cls(**{k: data.get(k, 0) for k in SPECIAL_KEYS}, last_wildcard=w)
