"""The ev player: every discard, kong and claim by the value advice (算牌 by expected
score), :func:`fanshu.analysis.analyze` with ``by="value"``.

- **Its turn**: a win the rules accept is declared (``Observation.win_accepted``; a
  win they refuse never is).  Otherwise the seat's :class:`Position`
  (:func:`~fanshu.engine.players.position.position_of`) is analysed and the best
  legal discard of the value ranking is thrown: under a minimum (MCR's 8 fan) a
  discard whose waits reach it at the best shanten first, then the expected points
  (the expected settlement of the wins it leads to, less the expected loss of dealing
  in with the tile thrown), then the efficiency order.  With 报听 offered on that
  discard (two-player) the player declares it, as the fan player does.
- **A kong on its turn** (concealed, or added to a pung) is declared when the hand it
  leaves is worth at least the best discard's expected points; the kong's own
  replacement draw is not counted, so a tie goes to the kong.  Sichuan pays a kong at
  once (刮风下雨: a concealed kong 2 base from each seat still in, an added one 1), and
  that is added to the kong's side.
- **A claim** (chow, pung, kong, win, pass on another seat's discard) is the first
  legal choice of the value advice's claim ranking; a win only when the rules accept
  it.  A kong to rob is won when accepted, else passed.
- **The other phases** (Sichuan 换三张 and 定缺, the two-player exchanges, 搓牌, the
  offered triplet and the tiles given back, 海底捞月) are the fan player's decisions.

The advice estimates by seeded Monte Carlo; the player draws each decision's seed from
its own generator (seeded by ``seed``), so a game with ev bots replays the same.  Its
sample budget is :data:`BUDGET`, below the analysis default, so that a bench run of
thousands of hands ends in reasonable time (bench/README.md gives decisions per second).

>>> from fanshu.engine import Game
>>> g = Game("mcr", seed=5)
>>> players = [EvPlayer(s) for s in range(4)]
>>> while not g.done:
...     s = g.to_act
...     g.step(players[s].choose(g.observe(s)))
>>> [e for e in g.events if e["type"] == "false_win"]
[]
"""

from __future__ import annotations

import random
from dataclasses import replace

from fanshu.analysis import analyze
from fanshu.analysis.advice import Analysis
from fanshu.analysis.position import Position
from fanshu.analysis.value import Value, evaluate_claims, evaluate_hand
from fanshu.engine.actions import Action
from fanshu.engine.observation import Observation
from fanshu.engine.players.base import PASS, WIN, A, View, konged, play_discard
from fanshu.engine.players.fan import FanPlayer, Weights
from fanshu.engine.players.position import position_of
from fanshu.hand import Hand
from fanshu.tiles import TILE_OF_CODE, TILES, Tile

__all__ = ["BUDGET", "EvPlayer"]

#: Monte Carlo paths per choice (``fanshu.analysis.value``'s ``budget``), below the
#: analysis' own default (``DEFAULT_BUDGET``): ready and one-away hands are valued
#: exactly whatever the budget, and this many paths still rank the farther ones, at
#: about twice the decisions per second (bench/README.md), so that bench runs of
#: thousands of hands end in reasonable time.
BUDGET = 8

#: Sichuan 刮风下雨: base points a kong brings from each seat still in, by kind.
SICHUAN_KONG_PAY = {"concealed": 2, "added": 1}


class EvPlayer(FanPlayer):
    """Discards, kongs and claims by the value advice; see the module text."""

    name = "ev"

    def __init__(self, seed: int = 0, budget: int = BUDGET, weights: Weights | None = None) -> None:
        super().__init__(seed, weights)
        self.budget = budget
        self.rng = random.Random(f"ev-{seed}")

    def _seed(self) -> int:
        """The next decision's Monte Carlo seed."""
        return self.rng.getrandbits(32)

    def _discard_advice(self, p: Position) -> Analysis:
        """The value advice on the 14-tile hand of ``p``: its discards, best first."""
        visible = [TILES[k] for k in range(34) for _ in range(p.visible[k])]
        return analyze(
            p.hand,
            visible,
            options=p.options,
            rules=p.rules,
            by="value",
            wall=p.wall,
            seats=p.seats,
            dealer=p.dealer,
            opponents=p.opponents,
            void=p.void,
            budget=self.budget,
            seed=self._seed(),
        )

    # -- its own turn ------------------------------------------------------------------

    def turn(self, obs: Observation, v: View) -> Action:
        legal = obs.legal_actions
        if WIN in legal and obs.win_accepted:
            return WIN
        position = position_of(obs)
        advice = self._discard_advice(position)
        throws = {a.tile for a in legal if a.kind in (A.DISCARD, A.READY)}
        best = next((d for d in advice.discards if int(d.tile) in throws), None)
        kongs = [a for a in legal if a.kind is A.KONG and a.tile is not None]
        if kongs:
            here = _points(best.value) if best is not None else float("-inf")
            for a in kongs:
                if self._kong_points(obs, position, v, a) >= here:
                    return a
        if best is None:  # no discard the advice names is legal: the fan player's
            return super().turn(obs, v)
        return play_discard(legal, int(best.tile))

    def _kong_points(self, obs: Observation, position: Position, v: View, a: Action) -> float:
        """The expected points of the hand a kong on one's own turn leaves (Sichuan:
        with the kong's payment)."""
        assert a.tile is not None
        c, melds = konged(v.counts, v.melds, a.tile)
        concealed = tuple(TILES[t] for t in range(34) for _ in range(c[t]))
        hand = Hand(concealed, melds, None, position.hand.context)
        after = replace(position, hand=hand)
        got = _points(evaluate_hand(after, budget=self.budget, seed=self._seed()))
        if obs.rules == "sichuan":
            kind = "concealed" if v.counts[a.tile] == 4 else "added"
            others = sum(1 for q, s in enumerate(obs.seats) if q != obs.seat and not s.won)
            base = getattr(position.options, "base", 1)
            got += SICHUAN_KONG_PAY[kind] * others * base
        return got

    # -- another seat's discard ----------------------------------------------------------

    def claim(self, obs: Observation, v: View) -> Action:
        legal = obs.legal_actions
        tile = obs.last_discard
        assert tile is not None
        options = evaluate_claims(position_of(obs), budget=self.budget, seed=self._seed())
        for option in options:
            action = _action(option.action, tile)
            if action is None or action not in legal:
                continue
            if action == WIN and not obs.win_accepted:
                continue
            return action
        return PASS


def _points(value: Value | None) -> float:
    """A value's expected points (None: nothing known, the worst)."""
    return float("-inf") if value is None else value.expected_points


def _action(text: str, offered: Tile) -> Action | None:
    """The engine's action for a claim option's text ("chow 3m" names the run's lowest
    tile, as the engine's chow does; "kong" is the offered tile's)."""
    words = text.split()
    if not words:
        return None
    kind = words[0]
    if kind == "win":
        return WIN
    if kind == "pass":
        return PASS
    if kind == "pung":
        return Action(A.PUNG)
    if kind == "kong":
        return Action(A.KONG, int(offered))
    if kind == "chow" and len(words) == 2:
        lo = TILE_OF_CODE.get(words[1])
        return None if lo is None else Action(A.CHOW, int(lo))
    return None
