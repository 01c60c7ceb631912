"""What a player may do: one small value per decision, with a text form for logs and
for people typing at a terminal.

An action names its kind and, where the kind needs one, a tile: the tile to discard,
the first tile of a chow, the kind to kong, the tile to exchange or pick.  A 定缺 names
its suit by the suit's 1 (``void 1m`` = no 万), so every action's argument is a tile.

>>> Action.parse("discard 5m")
Action(kind=<ActionKind.DISCARD: 'discard'>, tile=4)
>>> str(Action(ActionKind.CHOW, 3))
'chow 4m'
>>> str(Action(ActionKind.WIN))
'win'
>>> Action.parse("kong")
Traceback (most recent call last):
...
fanshu.engine.actions.ActionError: 'kong' needs a tile: kong 5m
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from fanshu.errors import FanshuError
from fanshu.i18n import msg
from fanshu.tiles import TILE_OF_CODE, TILES


class ActionError(FanshuError):
    """An action that cannot be read, or that the game does not allow now."""

    code = "illegal_action"


class ActionKind(Enum):
    DISCARD = "discard"  # 打牌
    READY = "ready"  # 报听: discard and declare ready (two-player)
    CHOW = "chow"  # 吃 (tile: the chow's lowest tile)
    PUNG = "pung"  # 碰
    KONG = "kong"  # 杠: on a discard (直杠), from the hand (暗杠) or onto a pung (加杠)
    WIN = "win"  # 和: self-drawn, on a discard or robbing a kong
    PASS = "pass"  # 过: no claim / no exchange / keep playing
    EXCHANGE = "exchange"  # 换牌: give this tile (Sichuan 换三张, two-player 换牌)
    VOID = "void"  # 定缺 (tile: the suit's 1)
    PICK = "pick"  # 搓牌: take this tile kind from the unseen tiles (two-player)
    SWAP = "swap"  # take the offered triplet (two-player), then give back three tiles


#: Kinds whose action needs a tile.
NEEDS_TILE = frozenset(
    {
        ActionKind.DISCARD,
        ActionKind.READY,
        ActionKind.CHOW,
        ActionKind.KONG,
        ActionKind.EXCHANGE,
        ActionKind.VOID,
        ActionKind.PICK,
        ActionKind.SWAP,
    }
)
_BY_WORD = {k.value: k for k in ActionKind}


@dataclass(frozen=True, slots=True)
class Action:
    """One decision.  ``tile`` is a tile kind (0-33), or None when the kind needs none."""

    kind: ActionKind
    tile: int | None = None

    def __str__(self) -> str:
        if self.tile is None:
            return self.kind.value
        return f"{self.kind.value} {TILES[self.tile].code}"

    def to_json(self) -> str:
        """The text form, as logs store it."""
        return str(self)

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read ``"discard 5m"``, ``"pung"``, ``"win"`` …; raise ``ActionError`` otherwise."""
        if not isinstance(text, str):
            raise ActionError(
                msg("an action is text such as 'discard 5m', not {text!r}", text=text)
            )
        words = text.split()
        if not words or len(words) > 2:
            raise ActionError(
                msg("an action is a word and at most one tile, not {text!r}", text=text)
            )
        kind = _BY_WORD.get(words[0].lower())
        if kind is None:
            known = ", ".join(_BY_WORD)
            raise ActionError(
                msg("unknown action {word!r}: one of {known}", word=words[0], known=known)
            )
        if len(words) == 1:
            if kind in NEEDS_TILE:
                raise ActionError(msg("{word!r} needs a tile: {word} 5m", word=words[0]))
            return cls(kind)
        if kind not in NEEDS_TILE:
            raise ActionError(
                msg("{word!r} takes no tile (got {given!r})", word=words[0], given=words[1])
            )
        code = words[1]
        tile = TILE_OF_CODE.get(code)
        if tile is None or tile >= 34:
            raise ActionError(
                msg(
                    "unknown tile {code!r} in {text!r} (tiles are like 5m, 9s, 1p, E, C)",
                    code=code,
                    text=text,
                )
            )
        return cls(kind, tile)
