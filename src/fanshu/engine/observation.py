"""What one seat can see: its own tiles, everyone's melds, discards and flowers, the
wall's size, the scores, and the decision it is asked for.  Never another seat's
concealed tiles (a concealed kong shows only that it is a kong)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from fanshu.engine.actions import Action, ActionKind
from fanshu.engine.variants.base import Table
from fanshu.hand import Meld, MeldKind
from fanshu.tiles import TILES, Tile

WIN = Action(ActionKind.WIN)
_TILE = TILES.__getitem__


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

    @property
    def counts(self) -> list[int]:
        c = [0] * 34
        for t in self.hand:
            c[t] += 1
        return c

    def to_dict(self) -> dict[str, Any]:
        return {
            "rules": self.rules, "seat": self.seat, "phase": self.phase,
            "hand": [t.code for t in self.hand],
            "drawn": None if self.drawn is None else self.drawn.code,
            "melds": [str(m) for m in self.melds],
            "wall_remaining": self.wall_remaining,
            "last_discard": None if self.last_discard is None else self.last_discard.code,
            "legal_actions": [str(a) for a in self.legal_actions],
            "scores": [v.score for v in self.seats],
        }  # fmt: skip


def observe(game: Table, seat: int) -> Observation:
    """``seat``'s view of ``game`` now."""
    if not isinstance(seat, int) or not 0 <= seat < game.n:
        raise ValueError(f"seat is 0-{game.n - 1}, not {seat!r}")
    st = game.seat[seat]
    voids_public = game.mode != "void" and all(s.void is not None for s in game.seat)
    views = []
    for q, o in enumerate(game.seat):
        melds = (
            tuple(
                m if q == seat or m.kind is not MeldKind.CONCEALED_KONG else None for m in o.melds
            )
            if o.melds
            else ()
        )
        views.append(
            SeatView(
                melds=melds,
                discards=tuple(map(_TILE, o.river)),
                flowers=tuple(map(_TILE, o.flowers)),
                concealed_count=sum(o.counts),
                won=o.won,
                declared_ready=o.declared is not None,
                void=o.void if (q == seat or voids_public) else None,
                score=game.scores[q],
            )
        )
    visible = [a + b for a, b in zip(game.visible, st.counts, strict=True)]
    for m in st.melds:
        if m.kind is MeldKind.CONCEALED_KONG:
            visible[m.tile] += 4
    offered = game.offered_tile
    asked = game.to_act == seat
    legal = tuple(game.legal_actions(seat))
    win_total = win_accepted = None
    if WIN in legal:
        result = game.variant.score(game.win_hand(seat))
        win_total, win_accepted = result.total, game.variant.meets_minimum(result)
    return Observation(
        rules=game.rules,
        seat=seat,
        dealer=game.config.dealer,
        prevalent_wind=game.config.prevalent_wind,
        seat_wind=game.variant.seat_wind(game, seat),
        phase=game.mode,
        hand=tuple(st.tiles()),
        drawn=TILES[game.drawn] if asked and game.turn == seat and game.drawn is not None
        else None,
        melds=tuple(st.melds),
        seats=tuple(views),
        wall_remaining=game.wall.remaining,
        last_discard=None if offered is None else TILES[offered],
        last_discarder=game.offered_by,
        legal_actions=legal,
        visible=tuple(visible),
        win_total=win_total,
        win_accepted=win_accepted,
        options=dict(game.variant.option_data),
    )  # fmt: skip
