"""What one seat can see: its own tiles, everyone's melds, discards and flowers, the
wall's size, the scores, and the decision it is asked for.  Never another seat's
concealed tiles (a concealed kong shows only that it is a kong).

This is the one place that decides it, for the table (:func:`observe`) and for the
events (:func:`event_for_seat`): the terminal game, the web app and anything else that
shows a hand to one of its players go through here."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from types import MemberDescriptorType
from typing import Any, TypeVar

from fanshu.engine.actions import Action, ActionKind
from fanshu.engine.seat import WildTiles
from fanshu.engine.variants.base import Table
from fanshu.hand import Meld, MeldKind
from fanshu.tiles import TILES, Tile

WIN = Action(ActionKind.WIN)
_TILE = TILES.__getitem__
_T = TypeVar("_T")


@dataclass(frozen=True, slots=True)
class SeatView:
    """What everyone sees of one seat."""

    melds: tuple[Meld | None, ...]  # None: a concealed kong seen from another seat
    discards: tuple[Tile, ...]  # the seat's discards still on the table
    flowers: tuple[Tile, ...]
    concealed_count: int
    won: bool
    declared_ready: bool
    void: int | None  # Sichuan 定缺 suit, once every seat has chosen
    score: int


@dataclass(frozen=True, slots=True)
class Observation:
    """One seat's view of the game when it is asked to act."""

    rules: str
    seat: int
    dealer: int
    prevalent_wind: int
    seat_wind: int
    phase: str  # turn, claim, rob, exchange, void, pick, swap, give, last, end
    hand: tuple[Tile, ...]  # own concealed tiles, sorted
    drawn: Tile | None  # the tile just drawn, on own turn
    melds: tuple[Meld, ...]  # own melds
    seats: tuple[SeatView, ...]
    wall_remaining: int
    last_discard: Tile | None  # the tile on offer in a claim (or the robbed kong's tile)
    last_discarder: int | None
    legal_actions: tuple[Action, ...]
    visible: tuple[int, ...]  # per kind (34), copies this seat sees (own tiles included)
    #: When ``win`` is legal: the fan total the win would score (flowers included) and
    #: whether the rule set accepts it (MCR: 8 fan without flowers, else a 错和).
    win_total: int | None = None
    win_accepted: bool | None = None
    #: The rule set's options of this game, as given (``{}``: the defaults).
    options: Mapping[str, Any] = field(default_factory=dict)
    #: The kind wild this hand (百搭 / 赖子), or None: its copies in ``hand`` are wild.
    wildcard: Tile | None = None
    #: How the table counts the wild tiles (shapes they complete, kinds they stand
    #: for), when they stand for anything; None otherwise (no wildcard, or MCR's 混杠
    #: kind that stands for nothing).
    wild: WildTiles | None = None

    @property
    def counts(self) -> list[int]:
        c = [0] * 34
        for t in self.hand:
            c[t] += 1
        return c

    def to_dict(self) -> dict[str, Any]:
        return {
            "rules": self.rules,
            "seat": self.seat,
            "phase": self.phase,
            "hand": [t.code for t in self.hand],
            "drawn": None if self.drawn is None else self.drawn.code,
            "melds": [str(m) for m in self.melds],
            "wall_remaining": self.wall_remaining,
            "last_discard": None if self.last_discard is None else self.last_discard.code,
            "legal_actions": [str(a) for a in self.legal_actions],
            "scores": [v.score for v in self.seats],
            "wildcard": None if self.wildcard is None else self.wildcard.code,
        }


def _positional(cls: type[_T], names: tuple[str, ...]) -> Callable[..., _T]:
    """``cls(*values)`` (every field, in order) for a frozen slots dataclass, setting
    the slots through their descriptors instead of the frozen ``__setattr__`` per
    field: the same object, built in about half the time (``observe`` makes five a
    decision).  ``names`` are the fields in order; the class itself where its slots
    are not plain descriptors (a compiled build)."""
    slots = [d for d in (cls.__dict__.get(n) for n in names) if isinstance(d, MemberDescriptorType)]
    if len(slots) != len(names):
        return cls
    setters = [d.__set__ for d in slots]
    new = object.__new__

    def make(*values: object) -> _T:
        o: _T = new(cls)
        for put, v in zip(setters, values, strict=True):
            put(o, v)
        return o

    return make


_seat_view = _positional(SeatView, tuple(f.name for f in fields(SeatView)))
_observation = _positional(Observation, tuple(f.name for f in fields(Observation)))
_CONCEALED_KONG = MeldKind.CONCEALED_KONG


def observe(game: Table, seat: int) -> Observation:
    """``seat``'s view of ``game`` now."""
    if not isinstance(seat, int) or not 0 <= seat < game.n:
        raise ValueError(f"seat is 0-{game.n - 1}, not {seat!r}")
    st = game.seat[seat]
    seats = game.seat
    voids_public = game.mode != "void" and all(s.void is not None for s in seats)
    scores = game.scores
    views = []
    for q, o in enumerate(seats):
        om = o.melds
        if not om:
            melds: tuple[Meld | None, ...] = ()
        elif q == seat:
            melds = tuple(om)
        else:
            melds = tuple(None if m.kind is _CONCEALED_KONG else m for m in om)
        views.append(
            _seat_view(
                melds,
                tuple(map(_TILE, o.river)),
                tuple(map(_TILE, o.flowers)) if o.flowers else (),
                sum(o.counts),
                o.won,
                o.declared is not None,
                o.void if (q == seat or voids_public) else None,
                scores[q],
            )
        )
    visible = [a + b for a, b in zip(game.visible, st.counts, strict=True)]
    for m in st.melds:
        if m.kind is _CONCEALED_KONG:
            visible[m.tile] += 4
    offered = game.offered_tile
    asked = game.to_act == seat
    legal = tuple(game.legal_actions(seat))
    win_total = win_accepted = None
    if WIN in legal:
        result = game.variant.score(game.win_hand(seat))
        win_total, win_accepted = result.total, game.variant.meets_minimum(result)
    drawn = game.drawn
    wildcard = game.wildcard
    # every field in order (``_positional``)
    return _observation(
        game.rules,
        seat,
        game.config.dealer,
        game.config.prevalent_wind,
        game.variant.seat_wind(game, seat),
        game.mode,
        tuple(st.tiles()),
        TILES[drawn] if asked and game.turn == seat and drawn is not None else None,
        tuple(st.melds),
        tuple(views),
        game.wall.remaining,
        None if offered is None else TILES[offered],
        game.offered_by,
        legal,
        tuple(visible),
        win_total,
        win_accepted,
        dict(game.variant.option_data),
        None if wildcard is None else TILES[wildcard],
        st.wild,
    )


# -- the events a seat is shown ----------------------------------------------------------

#: Events everyone sees whole.
_PUBLIC = frozenset(
    {
        "ready",
        "discard",
        "claim",
        "robbed",
        "win",
        "false_win",
        "settle",
        "end",
        "void",
        "swap",
        "wildcard",
    }
)
#: Events whose tile (and other details) only their own seat sees.
_PRIVATE_TO_SEAT = frozenset({"draw", "flower", "act", "pick", "give", "moon"})


def event_for_seat(e: Mapping[str, Any], me: int, seats: int) -> dict[str, Any] | None:
    """Event ``e`` (the engine's or a logged one) as seat ``me`` of ``seats`` may see
    it, or None when it may see nothing of it: not the wall, the seed or the pool; of
    the deal its own hand and the others' counts; others' draws, flowers, exchanges
    and fished tiles without the tile; others' concealed kongs without the tile; of
    换三张 what it gave and got; no decision but its own.

    >>> event_for_seat({"type": "draw", "seat": 2, "tile": "5m"}, 0, 4)
    {'type': 'draw', 'seat': 2}
    >>> event_for_seat({"type": "act", "seat": 1, "action": "pass"}, 0, 4) is None
    True
    """
    kind = e.get("type")
    seat = e.get("seat")
    if kind in _PUBLIC:
        return dict(e)
    if kind == "start":
        return {k: v for k, v in e.items() if k not in ("wall", "pool", "seed")}
    if kind == "deal":
        hands = e.get("hands") or []
        return {
            "type": "deal",
            "hand": list(hands[me]) if me < len(hands) else [],
            "counts": [len(h) for h in hands],
        }
    if kind == "kong":
        if seat == me or e.get("kind") != "concealed":
            return dict(e)
        return {"type": "kong", "seat": seat, "kind": "concealed"}
    if kind == "exchange":
        if "direction" in e:  # Sichuan 换三张: what I gave and what I got
            tiles = e.get("tiles") or []
            d = int(e["direction"])
            return {
                "type": "exchange",
                "direction": d,
                "gave": list(tiles[me]) if me < len(tiles) else [],
                "got": list(tiles[(me - d) % seats]) if tiles else [],
            }
        return dict(e) if seat == me else {"type": "exchange", "seat": seat}
    if kind in _PRIVATE_TO_SEAT:
        if seat == me:
            return dict(e)
        if kind == "act":
            return None
        out: dict[str, Any] = {"type": kind, "seat": seat}
        if kind == "draw" and e.get("back"):
            out["back"] = True
        return out
    return {"type": kind, "seat": seat} if seat is not None else None
