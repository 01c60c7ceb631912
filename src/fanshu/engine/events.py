"""The events of a hand, one typed dictionary per kind: what ``Game.events`` holds and
what the JSON Lines log writes one to a line (docs/engine-log.md, format version 1).

They are ``TypedDict`` s, not dataclasses, on purpose: an event *is* its JSON object,
so the log writes it as it is, a logged event read back compares equal to the one the
engine made, and a reader switches on ``event["type"]`` (a ``Literal``, so a type
checker narrows the union).  Fields that do not apply are None in the engine and left
out of the log (``back``, ``auto``, ``at_start``, ``robbed``, a self-drawn win's
``source``); a logged event read back is therefore a ``Mapping[str, Any]`` — the
readers below take that.

>>> Draw(type="draw", seat=1, tile="5m", back=None)
{'type': 'draw', 'seat': 1, 'tile': '5m', 'back': None}
>>> sorted(KINDS)[:4]
['act', 'claim', 'deal', 'discard']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, NamedTuple, NotRequired, TypedDict, get_args

Kind = Literal[
    "start",
    "deal",
    "wildcard",
    "flower",
    "draw",
    "act",
    "ready",
    "discard",
    "claim",
    "kong",
    "robbed",
    "win",
    "false_win",
    "forfeit",
    "settle",
    "exchange",
    "void",
    "pick",
    "swap",
    "give",
    "moon",
    "end",
]


class Start(TypedDict):
    type: Literal["start"]
    rules: str
    seed: int
    seats: int
    dealer: int
    prevalent_wind: int
    options: dict[str, Any]  # the rule set's options as given
    config: dict[str, Any]  # ``GameConfig.to_dict()``
    stacked: bool
    wall: list[str]  # the tiles in play, in draw order
    pool: list[str]  # two-player: the tiles set aside
    players: list[str] | None
    #: The state carried in from the hand before (``Game(carry=...)``); None: nothing.
    carry: dict[str, Any] | None


class Deal(TypedDict):
    type: Literal["deal"]
    hands: list[list[str]]  # 13 tile codes per seat, in seat order


class Wildcard(TypedDict):
    """The kind wild this hand (百搭 / 赖子), right after the deal."""

    type: Literal["wildcard"]
    tile: str  # the wild kind
    indicator: str | None  # the tile turned up to find it, if one was
    dice: list[int]  # the dice thrown for it (empty: none)


class Flower(TypedDict):
    type: Literal["flower"]
    seat: int
    tile: str  # the replacement drawn from the back (a flower again, maybe)


class Draw(TypedDict):
    type: Literal["draw"]
    seat: int
    tile: str
    back: bool | None  # True: a kong's replacement, from the back


class Act(TypedDict):
    """A decision, as ``str(Action)``: the events a replay feeds back."""

    type: Literal["act"]
    seat: int
    action: str


class Ready(TypedDict):
    type: Literal["ready"]
    seat: int
    at_start: bool | None  # True: 天听


class Discard(TypedDict):
    type: Literal["discard"]
    seat: int
    tile: str
    auto: bool | None  # True: discarded by the engine for a declared-ready seat


class Claim(TypedDict):
    type: Literal["claim"]
    seat: int
    meld: str  # fanshu notation, e.g. ``[789p2]``
    kind: Literal["chow", "pung", "kong"]
    tile: str
    source: int  # the discarder


class Kong(TypedDict):
    type: Literal["kong"]
    seat: int
    kind: Literal["concealed", "added"]
    tile: str


class Robbed(TypedDict):
    type: Literal["robbed"]
    seat: int  # the kong's owner
    tile: str


class Win(TypedDict):
    type: Literal["win"]
    seat: int
    tile: str
    source: int | None  # the discarder (or the robbed kong's owner); None: self-drawn
    robbed: bool | None
    hand: str  # the concrete hand: each wild tile written as what it stood for
    total: int
    fans: list[list[Any]]  # [name_zh, unit value, count] each
    #: With wild tiles: {"kind", "stood_for", "winning"} (codes), as ``Result.details``.
    wildcards: NotRequired[dict[str, Any]]


class FalseWin(TypedDict):
    type: Literal["false_win"]
    seat: int
    hand: str
    total: int


class Forfeit(TypedDict):
    """A seat forfeits the hand (a judge's verdict: an illegal, late or failed answer,
    or a false win where the table ends the hand for it); the payments follow as a
    ``settle`` event (reason ``forfeit``) and the hand ends."""

    type: Literal["forfeit"]
    seat: int
    reason: str  # the verdict, e.g. Botzone's WA, TLE, RE, WH (错和)
    detail: str | None  # what the seat did, in words (optional)


class Settle(TypedDict):
    type: Literal["settle"]
    reason: str
    payments: list[int]  # one signed number per seat


class Exchange3(TypedDict):
    """Sichuan 换三张: the three tiles each seat gave, passed ``direction`` seats on."""

    type: Literal["exchange"]
    direction: int
    tiles: list[list[str]]


class Exchange(TypedDict):
    """Two-player 开始时换牌: one tile given back for a random one."""

    type: Literal["exchange"]
    seat: int
    gave: str
    got: str


class Void(TypedDict):
    type: Literal["void"]
    suits: list[str]  # the 定缺 suit letter per seat


class Pick(TypedDict):
    type: Literal["pick"]
    seat: int
    gave: str
    got: str


class Swap(TypedDict):
    type: Literal["swap"]
    seat: int
    tile: str


class Give(TypedDict):
    type: Literal["give"]
    seat: int
    tile: str


class Moon(TypedDict):
    type: Literal["moon"]
    seat: int
    tile: str


class End(TypedDict):
    type: Literal["end"]
    result: Literal["win", "drawn", "forfeit"]
    winners: list[int]
    scores: list[int]
    wall_left: int
    #: The state this hand leaves to the next (``Variant.carry_out``); None: nothing.
    carry: dict[str, Any] | None


Event = (
    Start
    | Deal
    | Wildcard
    | Flower
    | Draw
    | Act
    | Ready
    | Discard
    | Claim
    | Kong
    | Robbed
    | Win
    | FalseWin
    | Forfeit
    | Settle
    | Exchange3
    | Exchange
    | Void
    | Pick
    | Swap
    | Give
    | Moon
    | End
)
#: Every event type.
KINDS: frozenset[str] = frozenset(get_args(Kind))


# -- reading events (the engine's or a log's) --------------------------------------------


def starts_turn(event: Mapping[str, Any]) -> bool:
    """Whether an event begins a seat's turn: a draw from the front of the wall (not a
    replacement) or a claim.  Turn counts in summaries all use this."""
    kind = event.get("type")
    return (kind == "draw" and not event.get("back")) or kind == "claim"


class LoggedFan(NamedTuple):
    """One row of a win event's ``fans``."""

    name: str  # as the rule set writes it (Chinese)
    value: int  # the unit value
    times: int  # how many times it counts


def _whole(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def fans_of(win: Mapping[str, Any]) -> list[LoggedFan]:
    """The fans of a ``win`` event; rows that are not ``[name, value, count]`` (a log
    edited by hand) are skipped.

    >>> fans_of({"type": "win", "fans": [["清一色", 24, 1], ["x"]]})
    [LoggedFan(name='清一色', value=24, times=1)]
    """
    out = []
    for f in win.get("fans") or ():
        if isinstance(f, list | tuple) and len(f) == 3:
            name, value, times = f
            if isinstance(name, str) and _whole(value) and _whole(times):
                out.append(LoggedFan(name, value, times))
    return out
