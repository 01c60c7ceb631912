"""The danger of a discard (放炮): how likely the tile lets an opponent win now, and the
points that costs in expectation.

The model reads only what the discarding player sees (a :class:`Position`)::

    P(deal-in of t) = 1 - Π over opponents o of (1 - P(o ready) × P(t wins o | o ready))

- ``P(o ready)`` is a table by the turn (draws per seat so far: from the wall when it is
  known, else from o's discards and melds) and o's meld count (a concealed kong counts);
  a declared-ready opponent (报听) is ready; an opponent already out (血战 ``won``) is not
  in the hand.  Sichuan: an opponent whose last discard was of their void suit may still
  hold it, and a hand holding its void suit cannot win (a factor, measured).
- ``P(t wins o | ready)`` is a table by the kind of tile (honour, 1/9, 2/8, 3/7, 4-6)
  and its live copies (copies I cannot see: 4 - visible - mine); an honour with no live
  copy cannot be waited on (no one can hold a pair or a single of it), a tile of o's
  public void suit can never win o (Sichuan: a hand with the void suit does not win);
  then factors for a tile o threw (现物: MCR and Sichuan have no furiten, so it is only
  *safer*, by a measured factor), a 筋 tile (o threw t±3 of the suit) and a flush signal
  (o's melds all in one numbered suit: tiles of that suit more, other suits less).
- ``expected_loss`` = Σ_o P_o × the mean points a deal-in costs under the rule set
  (measured on engine games), × a factor when o shows a big hand (防大不防小: a flush
  signal, a pung of dragons or winds, three melds or more).

Every number is data in :data:`MODELS`, measured with ``bench/bench_danger.py`` (the
fitting and the held-out figures are in ``docs/danger.md``).

>>> from fanshu.analysis.danger import Danger
>>> Danger(0.125, 2.5, (0.125,)).to_dict()
{'p_deal_in': 0.125, 'expected_loss': 2.5, 'by_opponent': [0.125]}
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from fanshu.hand import Meld, MeldKind
from fanshu.tiles import FIRST_HONOR, NUM_KINDS, SUIT_SIZE

if TYPE_CHECKING:  # position.py is the VALUE helper's; danger reads only its fields
    from fanshu.analysis.position import Opponent, Position

#: No opponent can make a tile certain: the model's P per opponent stays below this.
P_MAX = 0.95


@dataclass(frozen=True, slots=True)
class Danger:
    """The danger of one discard: P(someone wins on it), the points lost in
    expectation (≥ 0), and P per opponent in ``Position.opponents`` order."""

    p_deal_in: float
    expected_loss: float
    by_opponent: tuple[float, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "p_deal_in": self.p_deal_in,
            "expected_loss": self.expected_loss,
            "by_opponent": list(self.by_opponent),
        }


#: A choice that throws nothing (a win, a kong): no danger.
NO_DANGER = Danger(0.0, 0.0, ())


@dataclass(frozen=True, slots=True)
class DangerModel:
    """The parameters of one rule set (see the module text for where each enters)."""

    #: Wall tiles left when the first seat is to draw its second tile; turns are
    #: (start - wall) / seats.
    wall_start: int
    #: P(ready) by turn bucket (``turn // 2``, the last bucket open-ended), then melds 0-4.
    ready: tuple[tuple[float, ...], ...]
    #: P(t wins a ready opponent) by tile class (honour, 1/9, 2/8, 3/7, 4-6), then live
    #: copies 0-3 (more than 3 counts as 3).
    wait: tuple[tuple[float, ...], ...]
    own_discard: float  # × when the opponent threw this tile (现物, no furiten)
    suji: float  # × when the opponent threw t-3 or t+3 of the suit (筋)
    flush_in: float  # × a tile of the suit the opponent's melds are all in
    flush_out: float  # × a numbered tile of another suit than that
    void_last: float  # × P(ready) when the opponent's last discard was of their void suit
    cost: float  # mean points the discarder pays on a deal-in
    big_cost: float  # × cost when the opponent shows a big hand (防大不防小)
    default_turn: int = 8  # when neither the wall nor any discard tells the turn


# Tile classes (the ``wait`` rows).
HONOUR, TERMINAL, TWO_EIGHT, THREE_SEVEN, MIDDLE = range(5)
_CLASS_OF_RANK = (TERMINAL, TWO_EIGHT, THREE_SEVEN, MIDDLE, MIDDLE, MIDDLE, THREE_SEVEN,
                  TWO_EIGHT, TERMINAL)  # fmt: skip


def tile_class(tile: int) -> int:
    """The ``wait`` row of a tile kind.

    >>> [tile_class(t) for t in (0, 1, 2, 4, 27)]
    [1, 2, 3, 4, 0]
    """
    if tile >= FIRST_HONOR:
        return HONOUR
    return _CLASS_OF_RANK[tile % SUIT_SIZE]


# Priors until bench/bench_danger.py measured them (replaced by measured values below).
_READY_PRIOR = tuple(tuple(min(0.9, 0.04 * b + 0.12 * m) for m in range(5)) for b in range(12))
_WAIT_PRIOR = (
    (0.0, 0.10, 0.12, 0.14),  # honour: no live copy → nobody holds one to wait with
    (0.06, 0.07, 0.08, 0.09),
    (0.08, 0.09, 0.10, 0.11),
    (0.10, 0.11, 0.12, 0.13),
    (0.12, 0.13, 0.14, 0.15),
)

MODELS: dict[str, DangerModel] = {
    "mcr": DangerModel(
        wall_start=91, ready=_READY_PRIOR, wait=_WAIT_PRIOR, own_discard=0.5, suji=0.7,
        flush_in=1.5, flush_out=0.4, void_last=1.0, cost=20.0, big_cost=1.5,
    ),
    "sichuan": DangerModel(
        wall_start=55, ready=_READY_PRIOR, wait=_WAIT_PRIOR, own_discard=0.5, suji=0.7,
        flush_in=1.5, flush_out=0.4, void_last=0.5, cost=4.0, big_cost=1.5,
    ),
    "two-player": DangerModel(
        wall_start=44, ready=_READY_PRIOR, wait=_WAIT_PRIOR, own_discard=0.5, suji=0.7,
        flush_in=1.5, flush_out=0.4, void_last=1.0, cost=20.0, big_cost=1.5,
    ),
}  # fmt: skip
#: Rule sets without a measured model of their own use this one.
FALLBACK = "mcr"


def model_for(rules: str) -> DangerModel:
    """The model of rule set ``rules`` (``two_player`` spelt either way); a rule set
    not measured uses MCR's."""
    return MODELS.get(rules.replace("_", "-").lower(), MODELS[FALLBACK])


class OpponentView(NamedTuple):
    """What the model reads of one opponent (shared by every tile of a position)."""

    out: bool  # already won (血战) or cannot win
    p_ready: float
    void: int | None
    thrown: frozenset[int]
    flush_suit: int | None
    big: bool


def turn_of(position: Position, opponent: Opponent, model: DangerModel) -> int:
    """Draws per seat so far: from the wall when known, else the opponent's discards and
    melds (each came with a draw or a claim), else the model's default."""
    if position.wall is not None:
        seats = max(position.seats, 1)
        return max(0, (model.wall_start - position.wall) // seats)
    seen = len(opponent.discards) + len(opponent.melds) + opponent.concealed_kongs
    return seen if seen else model.default_turn


def ready_cell(position: Position, opponent: Opponent, model: DangerModel) -> tuple[int, int]:
    """The ``ready`` cell of ``opponent``: (turn bucket, melds 0-4)."""
    bucket = min(turn_of(position, opponent, model) // 2, len(model.ready) - 1)
    return bucket, min(len(opponent.melds) + opponent.concealed_kongs, 4)


def void_last(opponent: Opponent) -> bool:
    """Sichuan: the opponent's last discard was of its (public) void suit, so it may
    still hold that suit, and a hand holding it cannot win."""
    last = opponent.discards[-1] if opponent.discards else None
    return opponent.void is not None and last is not None and int(last) // 9 == opponent.void


def _flush_suit(melds: Sequence[Meld]) -> int | None:
    """The one numbered suit of two or more melds (honour melds allowed), else None."""
    suits = {m.tile // SUIT_SIZE for m in melds if m.tile < FIRST_HONOR}
    if len(suits) == 1 and len(melds) >= 2:
        return suits.pop()
    return None


def _big(melds: Sequence[Meld], concealed_kongs: int, flush: int | None) -> bool:
    """An opponent that shows a big hand: a flush signal, an honour pung, three melds."""
    if flush is not None or len(melds) + concealed_kongs >= 3:
        return True
    return any(m.kind is not MeldKind.CHOW and m.tile >= FIRST_HONOR for m in melds)


def read_opponent(position: Position, opponent: Opponent, model: DangerModel) -> OpponentView:
    """What the model reads of ``opponent``: P(ready) and the tile-independent facts."""
    flush = _flush_suit(opponent.melds)
    big = _big(opponent.melds, opponent.concealed_kongs, flush)
    thrown = frozenset(int(t) for t in opponent.discards)
    if opponent.won:
        return OpponentView(True, 0.0, opponent.void, thrown, flush, big)
    if opponent.declared_ready:
        p = 1.0
    else:
        bucket, melds = ready_cell(position, opponent, model)
        p = model.ready[bucket][melds]
        if void_last(opponent):
            p *= model.void_last
    return OpponentView(False, p, opponent.void, thrown, flush, big)


class TileFacts(NamedTuple):
    """What the model reads of one tile against one opponent."""

    cls: int  # tile class, the ``wait`` row
    live: int  # copies unseen by me, 0-3 (the ``wait`` column)
    never: bool  # it cannot win this opponent (out; Sichuan void suit)
    thrown: bool  # 现物: the opponent threw this kind
    suji: bool  # 筋: the opponent threw t-3 or t+3 of the suit
    flush: int  # 1 in the suit of the opponent's one-suit melds, -1 another suit, 0 none


def tile_facts(view: OpponentView, tile: int, live: int) -> TileFacts:
    """The facts of ``tile`` against the opponent read as ``view``; ``live`` copies
    are unseen by me."""
    numbered = tile < FIRST_HONOR
    suit = tile // SUIT_SIZE if numbered else None
    never = view.out or (view.void is not None and suit == view.void)
    suji = False
    if numbered:
        rank = tile % SUIT_SIZE
        suji = (rank >= 3 and tile - 3 in view.thrown) or (rank <= 5 and tile + 3 in view.thrown)
    flush = 0
    if view.flush_suit is not None and numbered:
        flush = 1 if suit == view.flush_suit else -1
    return TileFacts(
        tile_class(tile), min(max(live, 0), 3), never, tile in view.thrown, suji, flush
    )


def p_wins(facts: TileFacts, model: DangerModel) -> float:
    """P(the tile wins the opponent | ready) from its :class:`TileFacts`."""
    if facts.never:
        return 0.0
    p = model.wait[facts.cls][facts.live]
    if facts.thrown:
        p *= model.own_discard
    if facts.suji:
        p *= model.suji
    if facts.flush:
        p *= model.flush_in if facts.flush > 0 else model.flush_out
    return min(p, P_MAX)


def _opponents(position: Position) -> tuple[Opponent, ...]:
    if position.opponents:
        return tuple(position.opponents)
    from fanshu.analysis.position import Opponent  # the defaults: nothing known

    return tuple(Opponent(relative=r) for r in range(1, max(position.seats, 2)))


def dangers(
    position: Position, tiles: Iterable[int], *, model: DangerModel | None = None
) -> dict[int, Danger]:
    """The :class:`Danger` of each tile kind in ``tiles`` (the opponents are read once);
    ``model`` overrides the rule set's (the bench fits one)."""
    m = model or model_for(position.rules)
    views = [read_opponent(position, o, m) for o in _opponents(position)]
    unseen = position.unseen
    out: dict[int, Danger] = {}
    for tile in tiles:
        t = int(tile)
        if not 0 <= t < NUM_KINDS:
            raise ValueError(f"a discard is one of the 34 tile kinds (0-33), not {tile!r}")
        by = tuple(v.p_ready * p_wins(tile_facts(v, t, unseen[t]), m) for v in views)
        safe = 1.0
        loss = 0.0
        for v, p in zip(views, by, strict=True):
            safe *= 1.0 - p
            loss += p * m.cost * (m.big_cost if v.big else 1.0)
        out[t] = Danger(1.0 - safe, loss, by)
    return out


def danger(position: Position, tile: int) -> Danger:
    """The :class:`Danger` of discarding ``tile`` (a kind, 0-33) in ``position``."""
    return dangers(position, (tile,))[int(tile)]


__all__ = [
    "FALLBACK",
    "MODELS",
    "NO_DANGER",
    "P_MAX",
    "Danger",
    "DangerModel",
    "OpponentView",
    "TileFacts",
    "danger",
    "dangers",
    "model_for",
    "p_wins",
    "read_opponent",
    "ready_cell",
    "tile_class",
    "tile_facts",
    "turn_of",
    "void_last",
]
