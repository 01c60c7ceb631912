"""What scoring a hand returns: counted fans, excluded fans, totals, the 8-fan verdict."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from fanshu.hand import Hand
from fanshu.notation.fanshu import format_tiles
from fanshu.rules.mcr.fans import FANS, Fan
from fanshu.tiles import Tile

MINIMUM_FAN = 8


@dataclass(frozen=True, slots=True)
class FanEntry:
    """A counted fan: ``count`` times ``value`` (the unit value under the options used).

    ``sets`` are the tile groups that formed it (empty for whole-hand fans such as 清一色).
    """

    fan: Fan
    count: int
    value: int
    sets: tuple[tuple[Tile, ...], ...] = ()

    @property
    def name_zh(self) -> str:
        return FANS[self.fan].name_zh

    @property
    def name_en(self) -> str:
        return FANS[self.fan].name_en

    @property
    def points(self) -> int:
        return self.count * self.value

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name_zh,
            "name_en": self.name_en,
            "value": self.value,
            "count": self.count,
        }


@dataclass(frozen=True, slots=True)
class ExcludedFan:
    """A fan the hand shows but that is not counted, and the fan that implies it."""

    fan: Fan
    by: Fan

    def to_dict(self) -> dict[str, Any]:
        return {"name": FANS[self.fan].name_zh, "name_en": FANS[self.fan].name_en,
                "by": FANS[self.by].name_zh, "by_en": FANS[self.by].name_en}  # fmt: skip


@dataclass(frozen=True, slots=True)
class McrResult:
    """The score of one hand under the Chinese Official rules."""

    hand: Hand
    is_win: bool
    fans: tuple[FanEntry, ...] = ()
    excluded: tuple[ExcludedFan, ...] = ()
    shape: str | None = None  # regular, seven_pairs, thirteen_orphans, honors_knitted, ...
    reason: str | None = None  # why it is not a win
    flowers: int = field(default=0)

    @property
    def total(self) -> int:
        """All fans, flowers included."""
        return sum(e.points for e in self.fans)

    @property
    def total_without_flowers(self) -> int:
        """What counts toward the 8-fan minimum."""
        return sum(e.points for e in self.fans if e.fan is not Fan.FLOWER_TILES)

    @property
    def meets_minimum(self) -> bool:
        return self.is_win and self.total_without_flowers >= MINIMUM_FAN

    def count_of(self, fan: Fan) -> int:
        return sum(e.count for e in self.fans if e.fan is fan)

    def __contains__(self, fan: object) -> bool:
        return any(e.fan == fan for e in self.fans)

    def to_dict(self) -> dict[str, Any]:
        """The batch output object, without ``id``."""
        if not self.is_win:
            message = self.reason or "not a winning hand"
            error = {"code": "not_a_win", "message": message}
            return {"total": 0, "fans": [], "multiplier": None, "error": error}
        return {
            "total": self.total,
            "fans": [e.to_dict() for e in self.fans],
            "multiplier": None,  # MCR adds fan; no payment factor
            "error": None,
        }

    def to_full_dict(self) -> dict[str, Any]:
        """Everything: sets, excluded fans, totals, the verdict."""
        d = self.to_dict()
        d.update(
            hand=str(self.hand),
            shape=self.shape,
            total_without_flowers=self.total_without_flowers if self.is_win else 0,
            meets_minimum=self.meets_minimum,
            fans=[{**e.to_dict(), "sets": [format_tiles(s, sort=False) for s in e.sets]}
                  for e in self.fans],
            excluded=[x.to_dict() for x in self.excluded],
        )  # fmt: skip
        return d

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False)

    def __str__(self) -> str:
        if not self.is_win:
            return f"{self.hand}: not a winning hand ({self.reason})"
        lines = [f"{self.hand}"]
        for e in self.fans:
            times = f" ×{e.count}" if e.count > 1 else ""
            lines.append(f"  {e.name_zh} {e.name_en}: {e.value}{times}")
        verdict = "meets" if self.meets_minimum else "is under"
        lines.append(f"  total {self.total} ({self.total_without_flowers} without flowers, "
                     f"{verdict} the {MINIMUM_FAN}-fan minimum)")  # fmt: skip
        return "\n".join(lines)
