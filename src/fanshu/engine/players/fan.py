"""The fan player: plans toward a hand that meets the rule set's minimum and scores well.

Every decision measures the hand against the routes of its rule set (``routes.py``):
MCR's 8-fan hands (清一色, 花龙, 七对, 全不靠 …, and the 6-fan 混一色, 碰碰和, 五门齐,
which count one step farther since they need two fan more); Sichuan's patterns on the
two suits kept (清一色, 对对胡, 七对 …); in the two-player game any hand, with the bigger
MCR hands a little nearer.  A discard keeps the hand nearest to the best few routes for
the hand as it is now, so the target changes as soon as the tiles drawn favour another.

Once a discard leaves the hand ready, the scorer itself is asked what each wait would be
worth, won on a discard or self-drawn: under MCR a ready hand counts only for the waits
the rules accept (8 fan without flowers), so the player keeps building instead of
waiting on a 错和; elsewhere the waits' value decides between ready hands.  A win is
declared only when the observation says the rule set accepts it.

>>> from fanshu.engine import Game
>>> g = Game("mcr", seed=5)
>>> while not g.done:
...     s = g.to_act
...     g.step(FanPlayer(s).choose(g.observe(s)))
>>> [e for e in g.events if e["type"] == "false_win"]
[]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fanshu.analysis.shanten import useful_tiles
from fanshu.engine.actions import Action
from fanshu.engine.observation import Observation
from fanshu.engine.players.base import (
    PASS,
    WIN,
    A,
    View,
    claimed,
    discard_tiles,
    konged,
    play_discard,
)
from fanshu.engine.players.counting import masked, overall, suit_mask
from fanshu.engine.players.greedy import GreedyPlayer, edge
from fanshu.engine.players.routes import (
    Route,
    mcr_routes,
    sichuan_routes,
    two_player_routes,
)
from fanshu.errors import FanshuError
from fanshu.hand import Hand, Meld, WinContext
from fanshu.rules import get_rules
from fanshu.tiles import TILES, Tile

#: A decision's key: (distance, -useful copies, shanten); lower is better.
Key = tuple[float, float, int]
WORST: Key = (99.0, 0.0, 99)
#: How many of the nearest routes a discard is measured against.
ROUTES_KEPT = 4
#: How many tied discards get their useful tiles counted.
TIES_COUNTED = 5


class Planner:
    """One decision's view: the routes, how they are weighed, and the wait scores."""

    def __init__(self, obs: Observation, v: View) -> None:
        self.obs = obs
        self.v = v
        self.rules = obs.rules
        if self.rules == "mcr":
            routes = mcr_routes()
            self.discard_weight = 0.7  # of a wait's copies, the share won on a discard
        elif self.rules == "sichuan":
            void = obs.seats[obs.seat].void
            routes = sichuan_routes(-1 if void is None else void)
            self.discard_weight = 0.7
        else:
            routes = two_player_routes()
            self.discard_weight = 0.5
        self.routes = routes
        self.adjust = {r: self._adjust(r) for r in routes}
        self.scorer = get_rules(self.rules)
        self.options = self.scorer.options_from({})
        self._outs: dict[tuple[tuple[int, ...], tuple[Meld, ...]], tuple[float, float]] = {}

    # -- how routes and waits are weighed -------------------------------------------

    def _adjust(self, r: Route) -> float:
        """Added to a route's distance: MCR's 6-fan routes need two fan more; elsewhere
        a route worth more comes nearer (Sichuan fan double the payment)."""
        if self.rules == "mcr":
            return 0.0 if r.value >= 8 else 1.0
        if self.rules == "sichuan":
            return -0.5 * (r.value - 1)
        return -(min(r.value, 13) - 3) / 10

    def _wait_bonus(self, value: float) -> float:
        """A ready hand's distance from the value of its waits (as ``_adjust``)."""
        if self.rules == "mcr":
            return -1.0
        if self.rules == "sichuan":
            return -0.5 * (value - 1)
        return -(min(value, 13) - 3) / 10

    # -- measures --------------------------------------------------------------------

    def effs(self, c: Sequence[int], melds: Sequence[Meld]) -> list[tuple[float, int, Route]]:
        """(adjusted distance, distance, route) for every route the melds allow."""
        out = []
        for r in self.routes:
            d = r.distance(c, melds)
            if d is not None:
                out.append((d + self.adjust[r], d, r))
        return out

    def shanten(self, c: Sequence[int], melds: int) -> int:
        return overall(self.v.usable(c), melds, self.v.special)

    def waits(self, c: list[int], melds: int) -> list[int]:
        v = self.v
        if v.special:
            return sorted(useful_tiles(c, melds))
        if v.usable(c) != c:
            return []  # void tiles still held: no win yet
        out = []
        for t in range(34):
            if v.allowed[t] and c[t] < 4:
                c[t] += 1
                if overall(c, melds, False) < 0:
                    out.append(t)
                c[t] -= 1
        return out

    def outs(self, c: list[int], melds: tuple[Meld, ...]) -> tuple[float, float]:
        """(copies of the accepted waits, weighted discard/self-drawn; their mean value)
        of a ready 13-tile hand."""
        key = (tuple(c), melds)
        got = self._outs.get(key)
        if got is not None:
            return got
        rem = self.v.remaining
        total = value = 0.0
        concealed = tuple(TILES[t] for t in range(34) for _ in range(c[t]))
        for w in self.waits(c, len(melds)):
            if not rem[w]:
                continue
            for self_drawn, weight in ((False, self.discard_weight),
                                       (True, 1 - self.discard_weight)):  # fmt: skip
                ok, val = self.score(concealed, melds, w, self_drawn, rem[w] == 1 and not c[w])
                if ok:
                    total += rem[w] * weight
                    value += rem[w] * weight * val
        got = (total, value / total if total else 0.0)
        self._outs[key] = got
        return got

    def score(
        self, concealed: tuple[Tile, ...], melds: tuple[Meld, ...], w: int, self_drawn: bool,
        last: bool,
    ) -> tuple[bool, float]:  # fmt: skip
        obs = self.obs
        ctx = WinContext(
            self_drawn=self_drawn,
            fourth_tile=last,
            seat_wind=Tile(27 + obs.seat_wind),
            prevalent_wind=Tile(27 + obs.prevalent_wind),
            flowers=len(obs.seats[obs.seat].flowers),
            dealer=obs.seat == obs.dealer,
        )
        try:
            result: Any = self.scorer.score(Hand(concealed, melds, TILES[w], ctx), self.options)
        except FanshuError:
            return False, 0.0
        if not result.is_win:
            return False, 0.0
        if self.rules == "mcr":
            return bool(result.meets_minimum), float(result.total)
        return True, float(result.total)

    def mass(self, route: Route, c: list[int], melds: Sequence[Meld], now: int) -> int:
        """Unseen copies of the kinds that bring a 13-tile hand nearer to ``route``."""
        rem = self.v.remaining
        got = 0
        for t in range(34):
            if rem[t] and c[t] < 4:
                c[t] += 1
                d = route.distance(c, melds)
                c[t] -= 1
                if d is not None and d < now:
                    got += rem[t]
        return got

    # -- whole positions -----------------------------------------------------------

    def key13(
        self, c: list[int], melds: tuple[Meld, ...], routes: Sequence[Route] | None = None,
        *, count: bool = True,
    ) -> tuple[Key, Route | None]:  # fmt: skip
        """How good a 13-tile hand is (lower is better), and the route it is nearest."""
        m = len(melds)
        sh = self.shanten(c, m)
        if sh == 0:
            ov, val = self.outs(c, melds)
            if ov >= (1.0 if self.rules == "mcr" else 1e-9):
                return (self._wait_bonus(val), -ov, sh), None
        best: tuple[float, int, Route] | None = None
        for r in self.routes if routes is None else routes:
            d = r.distance(c, melds)
            if d is None:
                continue
            if sh == 0 and d <= 0:
                d = 1  # ready toward it, but no wait the rules accept or that can come
            e = d + self.adjust[r]
            if best is None or e < best[0]:
                best = (e, d, r)
        if best is None:
            return (WORST[0], 0.0, sh), None
        mass = self.mass(best[2], c, melds, best[1]) if count else 0
        return (best[0], -float(mass), sh), best[2]

    def best_discard(
        self, c: list[int], melds: tuple[Meld, ...], tiles: Sequence[int]
    ) -> tuple[Key, int]:
        """The best discard of a 14-tile hand among ``tiles``, and its key."""
        effs = sorted(self.effs(c, melds), key=lambda x: (x[0], -x[2].value))
        if effs:
            top = effs[0][0]
            near = [r for e, _, r in effs if e <= top + 0.5][:ROUTES_KEPT]
        else:
            near = []
        rows: list[tuple[Key, int, int]] = []
        for t in tiles:
            c[t] -= 1
            key, _ = self.key13(c, melds, near, count=False)
            c[t] += 1
            rows.append((key, -edge(t), t))
        rows.sort()
        low = rows[0][0][0]
        tied = [r for r in rows if r[0][0] == low]
        if len(tied) > 1 and tied[0][0][1] == 0.0:  # route distances tie: count tiles
            recount = []
            for _, e, t in tied[:TIES_COUNTED]:
                c[t] -= 1
                key, _ = self.key13(c, melds, near)
                c[t] += 1
                recount.append((key, e, t))
            recount.sort()
            return recount[0][0], recount[0][2]
        return rows[0][0], rows[0][2]


class FanPlayer(GreedyPlayer):
    """Plans toward the rule set's minimum and a good score; see the module text."""

    name = "fan"

    def choose(self, obs: Observation) -> Action:
        legal = obs.legal_actions
        if len(legal) == 1:
            return legal[0]
        if WIN in legal and obs.win_accepted:
            return WIN
        v = View.of(obs)
        phase = obs.phase
        if phase == "turn":
            return self.plan_turn(obs, v)
        if phase == "claim":
            return self.plan_claim(obs, v)
        if phase == "void":
            return self.plan_void(obs, v)
        if phase == "pick":
            return self.plan_pick(obs, v)
        return super().choose(obs)

    def plan_turn(self, obs: Observation, v: View) -> Action:
        legal = obs.legal_actions
        plan = Planner(obs, v)
        c, melds = v.counts, v.melds
        key, t = plan.best_discard(c, melds, discard_tiles(legal))
        for a in legal:
            if a.kind is A.KONG and a.tile is not None:
                c2, melds2 = konged(c, melds, a.tile)
                k2, _ = plan.key13(c2, melds2, count=False)
                if k2[:1] <= key[:1]:  # as near, and a replacement draw besides
                    return a
        return play_discard(legal, t)

    def plan_claim(self, obs: Observation, v: View) -> Action:
        tile = obs.last_discard
        assert tile is not None
        plan = Planner(obs, v)
        c, melds = v.counts, v.melds
        now, _ = plan.key13(c, melds)
        choice, best = PASS, now
        for a in obs.legal_actions:
            got = claimed(c, a, tile)
            if got is None:
                continue
            c2, meld = got
            melds2 = (*melds, meld)
            if a.kind is A.KONG:
                key, _ = plan.key13(c2, melds2)
            else:
                key, _ = plan.best_discard(c2, melds2, v.discardable(c2))
            if key < best:
                choice, best = a, key
        return choice

    def plan_void(self, obs: Observation, v: View) -> Action:
        """定缺: the suit whose loss leaves the nearest valuable hand."""
        c = v.counts
        best: tuple[float, int, int] | None = None
        choice = obs.legal_actions[0]
        for a in obs.legal_actions:
            assert a.tile is not None
            suit = a.tile // 9
            kept = suit_mask(*(s for s in range(3) if s != suit))
            mc = masked(c, kept)
            near = min(
                (d + (-0.5 * (r.value - 1)) for r in sichuan_routes(suit)
                 if (d := r.distance(mc, ())) is not None),
                default=99.0,
            )  # fmt: skip
            key = (near, sum(c[suit * 9 : suit * 9 + 9]), suit)
            if best is None or key < best:
                best, choice = key, a
        return choice

    def plan_pick(self, obs: Observation, v: View) -> Action:
        """搓牌: the tile that completes the best-paying hand, else the one that brings
        the hand nearest its routes; keep the draw when none is better."""
        drawn = obs.drawn
        if drawn is None:
            return PASS
        plan = Planner(obs, v)
        c, melds = v.counts, v.melds
        m = len(melds)
        picks = [a.tile for a in obs.legal_actions if a.kind is A.PICK and a.tile is not None]
        c[drawn] -= 1
        shs = []
        for t in picks:
            c[t] += 1
            shs.append((plan.shanten(c, m), t))
            c[t] -= 1
        c[drawn] += 1
        if not shs:
            return PASS
        low = min(s for s, _ in shs)
        if low < 0:  # complete hands: the one worth most, unless the draw is as good
            c[drawn] -= 1
            concealed = tuple(TILES[x] for x in range(34) for _ in range(c[x]))
            scored = [(plan.score(concealed, melds, drawn, True, False)[1], -1)]
            for s, t in shs:
                if s < 0:
                    ok, val = plan.score(concealed, melds, t, True, False)
                    if ok:
                        scored.append((val, t))
            c[drawn] += 1
            val, t = max(scored)
            return PASS if t < 0 else Action(A.PICK, t)
        here, _ = plan.best_discard(c, melds, v.discardable(c))
        best, choice = here, PASS
        for s, t in shs:
            if s != low:
                continue
            c[drawn] -= 1
            c[t] += 1
            key, _ = plan.best_discard(c, melds, v.discardable(c))
            c[t] -= 1
            c[drawn] += 1
            if key < best:
                best, choice = key, Action(A.PICK, t)
        return choice
