"""How a hand ended, as a front end gives it to a score sheet: one typed object instead
of its parts passed one by one.

:class:`HandResult` is a win (``winner``; ``discarder``, or None for a self-drawn win;
``fan``, or ``hand`` to have it scored; ``flowers``) or a drawn hand (``draw``), plus
what only some rule sets have:

- ``wins``: further wins of the same hand (Sichuan 血战到底: play goes on after a win;
  一炮多响 is several wins with one discarder), in the order they happened;
- ``kongs``: Sichuan's 刮风下雨 (paid when declared, by the players still in) or the
  Beijing winner's kongs (paid only because the holder won);
- ``ready``: at a Sichuan drawn end, the 13-tile hands of the players still in, for
  查花猪 and 查大叫;
- ``follow_dealer`` and ``burn``: Beijing's 跟庄 and 烧庄 (rounds followed in a row).

>>> HandResult(winner="A", discarder="B", fan=3).is_win
True
>>> parse_kong("B:direct:C@1")
Kong(player='B', kind='direct', feeder='C', after=1)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from types import MappingProxyType
from typing import Any, Literal, TypedDict

from fanshu.rules.mcr.settlement import MatchError

__all__ = [
    "HandResult",
    "Kong",
    "KongKind",
    "Win",
    "WinFields",
    "parse_kong",
    "parse_win",
    "result_from_dict",
    "result_to_dict",
]

KongKind = Literal["direct", "added", "concealed", "melded"]
_KONG_KINDS: dict[str, KongKind] = {
    "direct": "direct",
    "added": "added",
    "concealed": "concealed",
    "melded": "melded",
}


@dataclass(frozen=True, slots=True)
class Win:
    """One win of a hand: who won, on whose discard (None: self-drawn), with how many fan
    or which hand; ``kong_feeder``: the player whose discard the winner made a direct
    kong on before winning on the replacement tile (Sichuan 杠上花)."""

    winner: str
    discarder: str | None = None
    fan: int | None = None
    hand: str | None = None
    kong_feeder: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True, slots=True)
class Kong:
    """A kong: ``kind`` direct/added/concealed (Sichuan) or melded/concealed (Beijing);
    ``feeder`` gave the tile (a direct or melded kong); ``after`` is how many of the
    hand's wins came before it (Sichuan: the winners are out and do not pay)."""

    player: str
    kind: KongKind
    feeder: str | None = None
    after: int = 0

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


class WinFields(TypedDict, total=False):
    """How a win is given by keywords (``record_win``, ``correct``): the fields of
    :class:`HandResult` after its winner, each left out for its default."""

    discarder: str | None
    fan: int | None
    hand: str | None
    flowers: int


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended (module text); the rules are checked by the score sheet."""

    draw: bool = False
    winner: str | None = None
    discarder: str | None = None
    fan: int | None = None
    hand: str | None = None
    flowers: int = 0
    wins: tuple[Win, ...] = ()
    kongs: tuple[Kong, ...] = ()
    ready: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    follow_dealer: bool = False
    burn: int = 0

    @property
    def is_win(self) -> bool:
        return not self.draw

    def all_wins(self) -> tuple[Win, ...]:
        """The first win (``winner`` …) and the further ones, in order."""
        if self.draw or self.winner is None:
            return self.wins
        first = Win(self.winner, self.discarder, self.fan, self.hand)
        return (first, *self.wins)

    def extras(self) -> list[str]:
        """The names of the fields beyond one plain win or draw that are set."""
        given = {
            "wins": bool(self.wins),
            "kongs": bool(self.kongs),
            "ready": bool(self.ready),
            "follow_dealer": self.follow_dealer,
            "burn": bool(self.burn),
        }
        return [k for k, v in given.items() if v]


def parse_win(text: str) -> Win:
    """``WINNER:FAN[:DISCARDER]`` or ``WINNER:HAND[:DISCARDER]`` (a further win)."""
    parts = [p.strip() for p in text.split(":")]
    if len(parts) not in (2, 3) or not all(parts):
        raise MatchError(
            f"a win is WINNER:FAN[:DISCARDER] or WINNER:HAND[:DISCARDER], not {text!r}"
        )
    winner, what = parts[0], parts[1]
    discarder = parts[2] if len(parts) == 3 else None
    if what.isdigit():
        return Win(winner, discarder, fan=int(what))
    return Win(winner, discarder, hand=what)


def parse_kong(text: str) -> Kong:
    """``PLAYER:KIND[:FEEDER][@WINS_BEFORE]``, KIND one of direct, added, concealed,
    melded."""
    body, at, after = text.partition("@")
    parts = [p.strip() for p in body.split(":")]
    if len(parts) not in (2, 3) or not all(parts) or parts[1] not in _KONG_KINDS:
        raise MatchError(
            f"a kong is PLAYER:KIND[:FEEDER][@WINS_BEFORE] with KIND one of "
            f"{', '.join(_KONG_KINDS)}, not {text!r}"
        )
    if at and not after.strip().isdigit():
        raise MatchError(f"a kong's @WINS_BEFORE is a whole number, not {after!r}")
    feeder = parts[2] if len(parts) == 3 else None
    return Kong(parts[0], _KONG_KINDS[parts[1]], feeder, int(after) if at else 0)


def result_to_dict(result: HandResult) -> dict[str, Any]:
    """A hand result as a score-sheet row keeps it (only the fields that are set)."""
    out: dict[str, Any] = {"draw": result.draw}
    if result.winner is not None:
        out.update(winner=result.winner, discarder=result.discarder, fan=result.fan)
        out.update(hand=result.hand, flowers=result.flowers)
    if result.wins:
        out["wins"] = [w.to_dict() for w in result.wins]
    if result.kongs:
        out["kongs"] = [k.to_dict() for k in result.kongs]
    if result.ready:
        out["ready"] = dict(result.ready)
    if result.follow_dealer:
        out["follow_dealer"] = True
    if result.burn:
        out["burn"] = result.burn
    return out


def result_from_dict(data: Mapping[str, Any]) -> HandResult:
    """Read back :func:`result_to_dict` (or a request body of the same shape)."""
    try:
        return HandResult(
            draw=bool(data.get("draw", False)),
            winner=data.get("winner"),
            discarder=data.get("discarder"),
            fan=data.get("fan"),
            hand=data.get("hand"),
            flowers=int(data.get("flowers") or 0),
            wins=tuple(Win(**w) for w in data.get("wins", ())),
            kongs=tuple(Kong(**k) for k in data.get("kongs", ())),
            ready=MappingProxyType(dict(data.get("ready", {}))),
            follow_dealer=bool(data.get("follow_dealer", False)),
            burn=int(data.get("burn") or 0),
        )
    except (TypeError, ValueError, AttributeError) as exc:
        raise MatchError(f"a bad hand result {dict(data)!r}: {exc}") from None
