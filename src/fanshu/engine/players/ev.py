"""The ev player: every discard, kong and claim by the value advice (算牌 by expected
score): :mod:`fanshu.analysis.value`, in the order ``fanshu.analyze(by="value")`` gives.

- **Its turn**: a win the rules accept is declared (``Observation.win_accepted``; a
  win they refuse never is).  Otherwise the seat's :class:`Position`
  (:func:`~fanshu.engine.players.position.position_of`) is analysed and the best
  legal discard of the value ranking is thrown: under a minimum (MCR's 8 fan) a
  discard whose waits reach it at the best shanten first, then the expected points
  (the expected settlement of the wins it leads to, less the expected loss of dealing
  in with the tile thrown); among exact equals the shanten, then the edge tile (the
  advice's own last key, the efficiency order, needs a look-ahead that cost a fifth of
  a decision's time).  With 报听 offered on that discard (two-player) the player
  declares it, as the fan player does.
- **A kong on its turn** (concealed, or added to a pung) is declared when the hand it
  leaves is worth at least the best discard's expected points; the kong's own
  replacement draw is not counted, so a tie goes to the kong.  Sichuan pays a kong at
  once (刮风下雨: a concealed kong 2 base from each seat still in, an added one 1), and
  that is added to the kong's side.
- **A claim** (chow, pung, kong, win, pass on another seat's discard) is the first
  legal choice of the value advice's claim ranking; a win only when the rules accept
  it.  An offer none of whose claims leaves the hand as near to ready as passing does
  is passed without asking the advice (a claim that takes the hand farther gives up a
  tile for nothing nearer; most of MCR's chow offers are such).  A kong to rob is won
  when accepted, else passed.
- **The other phases** (Sichuan 换三张 and 定缺, the two-player exchanges, 搓牌, the
  offered triplet and the tiles given back, 海底捞月) are the fan player's decisions.
- **With wild tiles** (a hand with a wild kind that stands for something,
  ``Observation.wild``) every decision is the fan player's, which counts the wild
  tiles: the value advice (its Monte Carlo paths, its waits and their values) reads no
  wildcard yet, and would value a wild tile as the plain tile it is.

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

from fanshu.analysis.distance import for_rules
from fanshu.analysis.position import Position
from fanshu.analysis.value import Value, evaluate_claims, evaluate_discards, evaluate_hand
from fanshu.engine.actions import Action
from fanshu.engine.observation import Observation
from fanshu.engine.players.base import PASS, WIN, A, View, claimed, konged, play_discard
from fanshu.engine.players.fan import FanPlayer, Weights
from fanshu.engine.players.greedy import edge
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

    def _discards(self, p: Position, throws: set[int]) -> list[tuple[int, Value]]:
        """The legal discards of ``p``'s 14-tile hand with their values, best first, in
        the value advice's order (``fanshu.analysis.advice``): at the best shanten a
        ready discard with a live wait meeting the minimum first, then expected points;
        among equals the shanten, then the edge tile first (the advice's last key is
        the efficiency order, which it costs a look-ahead to work out: a fifth of the
        time of a decision, for the rare exact tie)."""
        values = evaluate_discards(p, budget=self.budget, seed=self._seed())
        distance = for_rules(p.rules, p.void)
        counts = [0] * 34
        for t in p.hand.concealed_with_winning:
            counts[t] += 1
        melds = len(p.hand.melds)
        shanten = {}
        for k in values:
            counts[k] -= 1
            shanten[k] = distance.shanten(counts, melds)
            counts[k] += 1
        best = min(shanten.values())

        def key(k: int) -> tuple[int, float, int, int, int]:
            v = values[k]
            meets = best == 0 and shanten[k] == 0 and v.p_minimum >= 1.0
            return (0 if meets else 1, -round(v.expected_points, 9), shanten[k], -edge(k), k)

        return [(k, values[k]) for k in sorted(values, key=key) if k in throws]

    # -- its own turn ------------------------------------------------------------------

    def turn(self, obs: Observation, v: View) -> Action:
        legal = obs.legal_actions
        if obs.win_accepted and WIN in legal:
            return WIN
        if v.wild is not None:  # the value advice does not read wild tiles: see above
            return super().turn(obs, v)
        position = position_of(obs)
        throws = {a.tile for a in legal if a.kind in (A.DISCARD, A.READY) and a.tile is not None}
        ranked = self._discards(position, throws)
        kongs = [a for a in legal if a.kind is A.KONG and a.tile is not None]
        if kongs:
            here = ranked[0][1].expected_points if ranked else float("-inf")
            for a in kongs:
                if self._kong_points(obs, position, v, a) >= here:
                    return a
        if not ranked:  # no discard the advice values is legal: the fan player's
            return super().turn(obs, v)
        return play_discard(legal, ranked[0][0])

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
        if v.wild is not None:
            return super().claim(obs, v)
        if not self._may_help(obs, v, tile):
            return PASS
        options = evaluate_claims(position_of(obs), budget=self.budget, seed=self._seed())
        for option in options:
            action = _action(option.action, tile)
            if action is None or action not in legal:
                continue
            if action == WIN and not obs.win_accepted:
                continue
            return action
        return PASS

    def _may_help(self, obs: Observation, v: View, tile: int) -> bool:
        """Whether any claim on offer leaves the hand (after the best discard) as near
        to ready as passing does: a claim that takes the hand farther is never worth
        more (it gives up a tile and the concealed hand for nothing nearer), so those
        offers are passed without asking the advice, most chows of MCR among them."""
        distance = for_rules(obs.rules, obs.seats[obs.seat].void)
        c, m = v.counts, len(v.melds)
        now = distance.shanten(c, m)
        for a in obs.legal_actions:
            got = claimed(c, a, tile)
            if got is None:
                continue
            c2 = got[0]
            if a.kind is A.KONG:
                if distance.shanten(c2, m + 1) <= now:
                    return True
                continue
            for k in range(34):
                if c2[k]:
                    c2[k] -= 1
                    near = distance.shanten(c2, m + 1) <= now
                    c2[k] += 1
                    if near:
                        return True
        return False


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
