"""A seat's observation as the analysis reads it: :func:`position_of` turns an engine
:class:`~fanshu.engine.observation.Observation` into a
:class:`~fanshu.analysis.position.Position`, so the value advice (and the ``ev`` bot
built on it) sees exactly what the seat may see, nothing more.

- **hand**: the concealed tiles (with the tile just drawn, as the winning tile of a
  14-tile hand) and the seat's own melds; the context gives the seat wind, the
  prevalent wind, the seat's flowers and whether it deals.  A 14-tile hand without a
  draw (after a chow or pung) names its last tile as the winning tile, as
  ``parse_hand`` does.
- **visible**: the copies seen *outside* the own hand and own melds: discards on the
  table and the other seats' exposed melds.  ``Observation.visible`` counts the own
  tiles too (concealed, melded, a concealed kong as four); they are taken out here,
  since the analysis counts the held tiles itself (unseen = 4 − visible − held).  A
  tile on offer counts as held by the analysis (``Position.offered``), so its copy on
  the table is taken out of ``visible`` too (it is still the last of its discarder's
  ``discards``: it was thrown).
- **opponents**: the other seats in turn order (``relative`` 1 = the next seat, 下家),
  each with its discards, exposed melds (a concealed kong, shown as ``None``, counted
  in ``concealed_kongs``), 报听, Sichuan 定缺 (once public) and whether it has won.
- **claims**: in the claim (and rob) phase the tile on offer and its discarder, as a
  ``relative``; the hand then holds 13 tiles.
- **rules** and **options**: the rule set's name and its options object, read from the
  game's options (``RuleSet.options_from``), so the advice scores as the table does.

>>> from fanshu.engine import Game
>>> g = Game("mcr", seed=5)
>>> p = position_of(g.observe(g.to_act))
>>> p.hand.tile_count, p.seats, p.dealer, [o.relative for o in p.opponents]
(14, 4, True, [1, 2, 3])
"""

from __future__ import annotations

from fanshu.analysis.position import Opponent, Position
from fanshu.engine.observation import Observation
from fanshu.hand import Hand, Meld, WinContext
from fanshu.rules import get_rules
from fanshu.tiles import NUM_KINDS, Tile

__all__ = ["held_counts", "position_of"]

#: The phases in which a tile is on offer to the seat (a discard, or a kong to rob).
OFFER_PHASES = frozenset({"claim", "rob"})


def held_counts(obs: Observation) -> list[int]:
    """Copies of each kind the seat holds: concealed tiles and its own melds (a kong as
    four), what ``Observation.visible`` counts of the seat's own."""
    c = obs.counts
    for m in obs.melds:
        for t in m.tiles:
            c[t] += 1
    return c


def _hand(obs: Observation) -> Hand:
    me = obs.seats[obs.seat]
    ctx = WinContext(
        seat_wind=Tile(27 + obs.seat_wind),
        prevalent_wind=Tile(27 + obs.prevalent_wind),
        flowers=len(me.flowers),
        dealer=obs.seat == obs.dealer,
    )
    tiles = list(obs.hand)
    if len(tiles) + 3 * len(obs.melds) != 14:
        return Hand(tuple(tiles), obs.melds, None, ctx)
    # a 14-tile hand: the draw is the winning tile (else the last tile, as parse_hand)
    last = obs.drawn if obs.drawn is not None else tiles[-1]
    tiles.remove(last)
    return Hand(tuple(tiles), obs.melds, last, ctx)


def _opponent(obs: Observation, relative: int) -> Opponent:
    q = (obs.seat + relative) % len(obs.seats)
    v = obs.seats[q]
    shown: tuple[Meld, ...] = tuple(m for m in v.melds if m is not None)
    return Opponent(
        discards=v.discards,
        melds=shown,
        concealed_kongs=len(v.melds) - len(shown),
        declared_ready=v.declared_ready,
        void=v.void,
        won=v.won,
        relative=relative,
    )


def position_of(obs: Observation) -> Position:
    """The :class:`Position` of ``obs``'s seat; see the module text."""
    n = len(obs.seats)
    held = held_counts(obs)
    visible = [obs.visible[k] - held[k] for k in range(NUM_KINDS)]
    offered: Tile | None = None
    offered_by: int | None = None
    if obs.phase in OFFER_PHASES and obs.last_discard is not None:
        offered = obs.last_discard
        if obs.last_discarder is not None:
            offered_by = (obs.last_discarder - obs.seat) % n
        # the analysis holds the offered tile (unseen = 4 − visible − held − offered)
        visible[offered] -= 1
    return Position(
        hand=_hand(obs),
        rules=obs.rules,
        options=get_rules(obs.rules).options_from(obs.options),
        visible=tuple(visible),
        wall=obs.wall_remaining,
        seats=n,
        dealer=obs.seat == obs.dealer,
        opponents=tuple(_opponent(obs, r) for r in range(1, n)),
        offered=offered,
        offered_by=offered_by,
        void=obs.seats[obs.seat].void,
    )
