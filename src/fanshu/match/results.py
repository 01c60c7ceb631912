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
- ``follow_dealer`` and ``burn``: Beijing's 跟庄 and 烧庄 (rounds followed in a row);
- ``partner``: Beijing's 互包 partner of the winner, who pays for every one (None: found
  from the winner's own melds in its hand string, or none);
- ``wildcard`` and ``dice``: the hand's 百搭/赖子 (a tile code) and the dice thrown
  (Jiaxing 包子), for the rule sets with wildcards;
- ``facts``: what each player brings to a settlement beyond the winning hand (Wuhan:
  a loser's 开口, kongs, 听牌 — the fields of ``fanshu.rules.wuhan.SeatFacts``).

A win scored from its ``hand`` also says how it was won, with the names of
:class:`fanshu.hand.WinContext` (:data:`WIN_CONTEXT`): ``fourth_tile`` (和绝张),
``kong`` (杠上开花 when self-drawn, 抢杠和 on a discard) and ``wall_last`` (妙手回春
self-drawn, 海底捞月 on a discard).  A fan total already counts them, so they go with a
hand string only (:meth:`HandResult.check_win_context`); a row written before they were
kept reads them as false.

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

from fanshu.i18n import msg
from fanshu.rules.mcr.settlement import MatchError

__all__ = [
    "WIN_CONTEXT",
    "HandResult",
    "Kong",
    "KongKind",
    "Win",
    "WinFields",
    "parse_kong",
    "parse_win",
    "read_context_flag",
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

#: How a win scored from its hand was won: the fields of :class:`fanshu.hand.WinContext`
#: a score sheet is given (with ``self_drawn``, from the discarder, and ``flowers``), each
#: with the fan it brings under MCR.
WIN_CONTEXT: dict[str, str] = {
    "fourth_tile": "和绝张",
    "kong": "杠上开花 self-drawn, 抢杠和 on a discard",
    "wall_last": "妙手回春 self-drawn, 海底捞月 on a discard",
}


@dataclass(frozen=True, slots=True)
class Win:
    """One win of a hand: who won, on whose discard (None: self-drawn), with how many fan
    or which hand; ``kong_feeder``: the player whose discard the winner made a direct
    kong on before winning on the replacement tile (Sichuan 杠上花); ``fourth_tile``,
    ``kong``, ``wall_last``: how a win given by its hand was won (:data:`WIN_CONTEXT`)."""

    winner: str
    discarder: str | None = None
    fan: int | None = None
    hand: str | None = None
    kong_feeder: str | None = None
    fourth_tile: bool = False
    kong: bool = False
    wall_last: bool = False

    def to_dict(self) -> dict[str, Any]:
        """The fields, the win context only where it is set (so that the rows written
        before it was kept read and compare as they were)."""
        out = asdict(self)
        for name in WIN_CONTEXT:
            if not out[name]:
                del out[name]
        return out

    def context(self) -> dict[str, bool]:
        """The win-context flags that are set (``{"kong": True}``), for scoring."""
        return {name: True for name in WIN_CONTEXT if getattr(self, name)}


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
    fourth_tile: bool
    kong: bool
    wall_last: bool


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
    partner: str | None = None
    fourth_tile: bool = False
    kong: bool = False
    wall_last: bool = False
    wildcard: str | None = None
    dice: tuple[int, ...] = ()
    facts: Mapping[str, Mapping[str, Any]] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def is_win(self) -> bool:
        return not self.draw

    def all_wins(self) -> tuple[Win, ...]:
        """The first win (``winner`` …) and the further ones, in order."""
        if self.draw or self.winner is None:
            return self.wins
        first = Win(
            self.winner,
            self.discarder,
            self.fan,
            self.hand,
            fourth_tile=self.fourth_tile,
            kong=self.kong,
            wall_last=self.wall_last,
        )
        return (first, *self.wins)

    def check_win_context(self) -> None:
        """``MatchError`` when a win-context flag is set on something that is not a win
        scored from its hand: a drawn hand, or a win given by its fan total (which
        counts 和绝张, 杠上开花 … already)."""
        if self.draw:
            given = [name for name in WIN_CONTEXT if getattr(self, name)]
            if given:
                raise MatchError(
                    msg("a drawn hand has no win context: {named}", named=_named(given[0]))
                )
            return
        for win in self.all_wins():
            given = list(win.context())
            if given and win.hand is None:
                raise MatchError(
                    msg(
                        "{named} is scored from the winning hand: give {winner}'s hand "
                        "instead of the fan total (which already counts it)",
                        named=_named(given[0]),
                        winner=win.winner,
                    )
                )

    def extras(self) -> list[str]:
        """The names of the fields beyond one plain win or draw that are set."""
        given = {
            "wins": bool(self.wins),
            "kongs": bool(self.kongs),
            "ready": bool(self.ready),
            "follow_dealer": self.follow_dealer,
            "burn": bool(self.burn),
            "partner": self.partner is not None,
            "wildcard": self.wildcard is not None,
            "dice": bool(self.dice),
            "facts": bool(self.facts),
        }
        return [k for k, v in given.items() if v]


def _named(flag: str) -> str:
    return f"{flag} ({WIN_CONTEXT[flag]})"


def parse_win(text: str) -> Win:
    """``WINNER:FAN[:DISCARDER]`` or ``WINNER:HAND[:DISCARDER]`` (a further win)."""
    parts = [p.strip() for p in text.split(":")]
    if len(parts) not in (2, 3) or not all(parts):
        raise MatchError(
            msg(
                "a win is WINNER:FAN[:DISCARDER] or WINNER:HAND[:DISCARDER], not {text!r}",
                text=text,
            )
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
            msg(
                "a kong is PLAYER:KIND[:FEEDER][@WINS_BEFORE] with KIND one of "
                "{kong_kinds}, not {text!r}",
                kong_kinds=", ".join(_KONG_KINDS),
                text=text,
            )
        )
    if at and not after.strip().isdigit():
        raise MatchError(msg("a kong's @WINS_BEFORE is a whole number, not {after!r}", after=after))
    feeder = parts[2] if len(parts) == 3 else None
    return Kong(parts[0], _KONG_KINDS[parts[1]], feeder, int(after) if at else 0)


def result_to_dict(result: HandResult) -> dict[str, Any]:
    """A hand result as a score-sheet row keeps it (only the fields that are set)."""
    out: dict[str, Any] = {"draw": result.draw}
    if result.winner is not None:
        out.update(winner=result.winner, discarder=result.discarder, fan=result.fan)
        out.update(hand=result.hand, flowers=result.flowers)
        out.update({name: True for name in WIN_CONTEXT if getattr(result, name)})
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
    if result.partner is not None:
        out["partner"] = result.partner
    if result.wildcard is not None:
        out["wildcard"] = result.wildcard
    if result.dice:
        out["dice"] = list(result.dice)
    if result.facts:
        out["facts"] = {p: dict(f) for p, f in result.facts.items()}
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
            partner=data.get("partner"),
            fourth_tile=read_context_flag(data, "fourth_tile"),
            kong=read_context_flag(data, "kong"),
            wall_last=read_context_flag(data, "wall_last"),
            wildcard=data.get("wildcard"),
            dice=tuple(int(d) for d in data.get("dice", ())),
            facts=MappingProxyType(
                {str(p): dict(f) for p, f in dict(data.get("facts", {})).items()}
            ),
        )
    except (TypeError, ValueError, AttributeError) as exc:
        raise MatchError(
            msg("a bad hand result {dict!r}: {exc}", dict=dict(data), exc=exc)
        ) from None


def read_context_flag(data: Mapping[str, Any], name: str) -> bool:
    """A win-context flag of a stored result or row: true or false (absent in those
    written before it was kept: false)."""
    value = data.get(name, False)
    if not isinstance(value, bool):
        raise MatchError(msg("{name} is true or false, not {value!r}", name=name, value=value))
    return value
