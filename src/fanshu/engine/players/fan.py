"""The fan player: plans toward a hand that meets the rule set's minimum and scores well.

Every decision measures the hand against the routes of its rule set (``routes.py``):
MCR's 8-fan hands (清一色, 花龙, 七对, 全不靠 …, and the 6-fan 混一色, 碰碰和, 五门齐,
which count one step farther since they need two fan more); Sichuan's patterns on the
two suits kept (清一色, 对对胡, 七对 …); in the two-player game any hand, the MCR ones
counting for their fan as far as ``Weights`` says.  A discard keeps the hand nearest
to the nearest routes of the hand as it is now, so the target changes as soon as the
tiles drawn favour another; between discards as near, the dearer route and the more
useful tiles win (``Weights``).  A claim is made when it brings the hand nearer.

Once a discard leaves the hand ready, the scorer itself is asked what each wait would be
worth, won on a discard or self-drawn: under MCR a ready hand counts only for the waits
the rules accept (8 fan without flowers), so the player keeps building instead of
waiting on a 错和; elsewhere the waits' value decides between ready hands.  A win is
declared only when the observation says the rule set accepts it.

With a wild kind (百搭 / 赖子) the shanten and the waits count the wild tiles standing
in (``fanshu.analysis.wildcards``), a route is one tile nearer for each wild tile held,
the waits are scored with the wildcard in the win context, and a wild tile is thrown
only when it brings the hand nearer than any other discard.

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
from dataclasses import dataclass
from functools import lru_cache
from math import log2
from typing import Any

from fanshu.analysis import wildcards
from fanshu.analysis.shanten import useful_tiles
from fanshu.engine.actions import Action
from fanshu.engine.observation import Observation
from fanshu.engine.players.base import (
    PASS,
    A,
    View,
    claimed,
    discard_tiles,
    konged,
    play_discard,
)
from fanshu.engine.players.counting import masked, overall, regular, suit_mask
from fanshu.engine.players.greedy import GreedyPlayer, edge
from fanshu.engine.players.routes import (
    Route,
    SetsRoute,
    held_levels,
    mcr_routes,
    sichuan_routes,
    two_player_routes,
)
from fanshu.errors import FanshuError
from fanshu.hand import Hand, Meld, WinContext
from fanshu.rules import get_rules
from fanshu.tiles import TILES, Tile

#: A decision's key, lower is better: (steps, 0 for a ready hand whose waits count else
#: 1, -score, shanten).  Steps are the shanten toward the nearest route (MCR: one more
#: for a route under 8 fan), -1 when ready; the score weighs what the hand may be paid
#: against how fast it improves (copies of its waits, or of the tiles that bring the
#: route nearer).
Key = tuple[int, int, float, int]
WORST: Key = (99, 1, 0.0, 99)
#: How many of the nearest routes a discard is measured against.
ROUTES_KEPT = 4
#: How many tied discards get their useful tiles counted.
TIES_COUNTED = 5


@dataclass(frozen=True, slots=True)
class Weights:
    """How the fan player weighs speed against value (measured with bench/bench_bots.py).

    Value never buys a step of shanten: between hands as near as each other, outside
    MCR, the score is ``value × log2(payment / plain payment) + speed × log2(1 + useful
    copies)``, and a ready hand's the expected payment of its waits.  Measured against
    greedy (bench/bench_bots.py), more weight on value won bigger hands but fewer, and
    lost more than it won; these are the best of the weights tried.  Under MCR only the
    8-fan minimum counts, so the score is the useful copies alone.
    """

    #: MCR: steps added to a route worth under 8 fan (混一色, 碰碰和, 五门齐).
    mcr_short: int = 1
    #: MCR: copies of accepted waits (weighted) a ready hand needs to count as ready.
    mcr_outs: float = 1.0
    #: Weight of each doubling of the payment: Sichuan (where a fan doubles it) …
    sichuan_value: float = 0.5
    #: … and two-player, where it cost wins and gained nothing over 1,000 hands: the
    #: race of two rewards speed, and value is weighed once ready (the waits' payment) …
    two_player_value: float = 0.0
    #: … and of each doubling of the useful copies.
    speed: float = 1.0
    #: Two-player: what a win is worth beyond its fan (the opponent's win it prevents).
    two_player_stake: float = 4.0


def _payment(rules: str, w: Weights, fan: float) -> float:
    if rules == "sichuan":
        return float(2 ** (fan - 1))
    return min(fan, 13) + w.two_player_stake


# (rule set, void suit, weights) -> the routes, the steps added to each and what each is
# worth: the same for every decision at a table (shared: read, never changed), ~9 KiB an
# entry (tracemalloc, 12 entries of MCR, Sichuan and two-player), at most ~0.3 MiB full
@lru_cache(maxsize=32)
def _weighed(
    rules: str, void: int, w: Weights
) -> tuple[tuple[Route, ...], dict[Route, int], dict[Route, float]]:
    mcr = rules == "mcr"
    if mcr:
        routes = mcr_routes()
    elif rules == "sichuan":
        routes = sichuan_routes(void)
    else:
        routes = two_player_routes()
    value = w.sichuan_value if rules == "sichuan" else w.two_player_value
    plain = 1.0 if mcr else _payment(rules, w, 1 if rules == "sichuan" else 3)
    steps = {r: w.mcr_short if mcr and r.value < 8 else 0 for r in routes}
    worth = {r: 0.0 if mcr else value * log2(_payment(rules, w, r.value) / plain) for r in routes}
    return routes, steps, worth


class Planner:
    """One decision's view: the routes, how they are weighed, and the wait scores."""

    def __init__(self, obs: Observation, v: View, weights: Weights = Weights()) -> None:
        self.w = weights
        self.obs = obs
        self.v = v
        self.rules = obs.rules
        self.mcr = self.rules == "mcr"
        # of a wait's copies, the share won on a discard
        self.discard_weight = 0.5 if self.rules not in ("mcr", "sichuan") else 0.7
        void = obs.seats[obs.seat].void if self.rules == "sichuan" else None
        self.routes, self.steps, self.worth = _weighed(
            self.rules, -1 if void is None else void, weights
        )
        self.scorer = get_rules(self.rules)
        self.options = self.scorer.options_from(obs.options)  # the game's, not defaults
        # the ready hands' outs of this decision (a Planner lives for one decision)
        self._outs: dict[tuple[tuple[int, ...], tuple[Meld, ...]], tuple[float, float]] = {}

    # -- how routes and waits are weighed -------------------------------------------

    def payment(self, fan: float) -> float:
        """What a win of ``fan`` is worth: Sichuan doubles per fan; two-player pays the
        fan up to 13, and the win spares the loss of the other's."""
        return _payment(self.rules, self.w, fan)

    def ready_key(self, c: list[int], melds: tuple[Meld, ...], sh: int) -> Key | None:
        """The key of a ready 13-tile hand from its waits, or None when none counts."""
        ov, ev = self.outs(c, melds)
        if self.mcr:
            return (-1, 0, -ov, sh) if ov >= self.w.mcr_outs else None
        return (-1, 0, -ev, sh) if ov else None

    def steps_to(self, c: Sequence[int], melds: Sequence[Meld]) -> list[tuple[int, Route]]:
        """(steps, route) for every route the melds allow."""
        out = []
        for r in self.routes:
            d = self.distance(r, c, melds)
            if d is not None:
                out.append((d + self.steps[r], r))
        return out

    def nearest(self, c: Sequence[int], melds: Sequence[Meld]) -> tuple[int, list[Route]]:
        """The least steps of :meth:`steps_to` (99 when no route is open) and the routes
        at it, in route order, without measuring the set routes (花龙, 三步高 …) that
        cannot reach it: such a route is at least its missing tiles less one away
        (``SetsRoute.split``), so it is measured only when that bound is within the
        least steps found so far."""
        w = self.v.wild
        if w is not None and c[w.kind]:
            return self._nearest_of(self.steps_to(c, melds))
        best = 99
        found: list[tuple[int, int, Route]] = []
        later: list[tuple[int, SetsRoute]] = []
        steps = self.steps
        for i, r in enumerate(self.routes):
            if isinstance(r, SetsRoute):
                later.append((i, r))
                continue
            d = r.distance(c, melds)
            if d is not None:
                e = d + steps[r]
                found.append((i, e, r))
                if e < best:
                    best = e
        held = held_levels(c)
        n0, n1, n2, n3 = ~held[0], ~held[1], ~held[2], ~held[3]
        for i, r in later:
            if melds:
                missing = r.missing_of(held, melds)
                if missing is None:
                    continue
            else:  # SetsRoute.missing_of without melds, written out (most routes)
                l1, l2, l3, l4 = r.levels[0]
                missing = (
                    (l1 & n0).bit_count()
                    + (l2 & n1).bit_count()
                    + (l3 & n2).bit_count()
                    + (l4 & n3).bit_count()
                )
            if missing - 1 + steps[r] > best:
                continue
            got = r.split(c, melds)
            assert got is not None
            _, rest, fixed = got
            e = missing + regular(rest, fixed) + steps[r]
            found.append((i, e, r))
            if e < best:
                best = e
        found.sort(key=lambda x: x[0])
        return best, [r for _, e, r in found if e == best]

    @staticmethod
    def _nearest_of(steps: Sequence[tuple[int, Route]]) -> tuple[int, list[Route]]:
        if not steps:
            return 99, []
        top = min(e for e, _ in steps)
        return top, [r for e, r in steps if e == top]

    # -- measures --------------------------------------------------------------------

    def shanten(self, c: Sequence[int], melds: int) -> int:
        return self.v.shanten(c, melds)

    def distance(
        self, r: Route, c: Sequence[int], melds: Sequence[Meld], floor: int = -1
    ) -> int | None:
        """``r.distance``; with wild tiles held, the distance of the hand with each wild
        tile replaced by a useless one (``_junk``), one tile nearer for each (a wild
        tile may stand for any tile the route lacks), never nearer than ``floor`` (the
        hand's own shanten with its wild tiles, where known)."""
        w = self.v.wild
        if w is None or not c[w.kind]:
            return r.distance(c, melds)
        held = c[w.kind]
        rest = list(c)
        rest[w.kind] = 0
        for t in _junk(rest, held, w.kind):
            rest[t] += 1
        d = r.distance(rest, melds)
        return None if d is None else max(d - held, floor)

    def waits(self, c: list[int], melds: int) -> list[int]:
        v = self.v
        w = v.wild
        if w is not None:
            kinds = wildcards.useful_tiles(
                c, melds, w.kind, shapes=w.shapes, stands_for=w.stands_for
            )
            return sorted(t for t in kinds if v.allowed[t])
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
        """(copies of the accepted waits, weighted discard/self-drawn; the sum of their
        payments) of a ready 13-tile hand."""
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
            for self_drawn, weight in (
                (False, self.discard_weight),
                (True, 1 - self.discard_weight),
            ):
                ok, val = self.score(concealed, melds, w, self_drawn, rem[w] == 1 and not c[w])
                if ok:
                    total += rem[w] * weight
                    value += rem[w] * weight * (val if self.mcr else self.payment(val))
        got = (total, value)
        self._outs[key] = got
        return got

    def score(
        self,
        concealed: tuple[Tile, ...],
        melds: tuple[Meld, ...],
        w: int,
        self_drawn: bool,
        last: bool,
    ) -> tuple[bool, float]:
        """(accepted, total) of the hand won on ``w``, as the rule set scores it."""
        obs = self.obs
        ctx = WinContext(
            self_drawn=self_drawn,
            fourth_tile=last,
            seat_wind=Tile(27 + obs.seat_wind),
            prevalent_wind=Tile(27 + obs.prevalent_wind),
            flowers=len(obs.seats[obs.seat].flowers),
            dealer=obs.seat == obs.dealer,
            wildcard=obs.wildcard,
        )
        try:
            result: Any = self.scorer.score(Hand(concealed, melds, TILES[w], ctx), self.options)
        except FanshuError:
            return False, 0.0
        if not result.is_win:
            return False, 0.0
        if self.mcr:
            return bool(result.meets_minimum), float(result.total)
        return True, float(result.total)

    def mass(self, route: Route, c: list[int], melds: Sequence[Meld], now: int) -> int:
        """Unseen copies of the kinds that bring a 13-tile hand nearer to ``route``
        (every draw's distance at once where the route gives them, ``Route.draws``)."""
        after = route.draws(c, melds) if self.v.wild is None else None
        if after is None:
            return self.mass_one_by_one(route, c, melds, now)
        rem = self.v.remaining
        got = 0
        for t in route.kinds(c):
            if rem[t] and c[t] < 4 and after[t] < now:
                got += rem[t]
        return got

    def mass_one_by_one(self, route: Route, c: list[int], melds: Sequence[Meld], now: int) -> int:
        """:meth:`mass` with each draw's distance asked apart (routes without
        ``draws``, wild tiles at the table)."""
        rem = self.v.remaining
        got = 0
        for t in route.kinds(c):
            if rem[t] and c[t] < 4:
                c[t] += 1
                d = self.distance(route, c, melds)
                c[t] -= 1
                if d is not None and d < now:
                    got += rem[t]
        return got

    # -- whole positions -----------------------------------------------------------

    def key13(
        self,
        c: list[int],
        melds: tuple[Meld, ...],
        routes: Sequence[Route] | None = None,
        *,
        count: bool = True,
        sh: int | None = None,
        tables: Sequence[list[int] | None] | None = None,
        discard: int = -1,
    ) -> Key:
        """How good a 13-tile hand is (lower is better); without ``count`` the useful
        tiles are not counted (the score is the routes' worth alone).  ``sh``: the
        hand's :meth:`shanten` where the caller knows it; ``tables``: beside
        ``routes``, the distances of the 14-tile hand less each kind
        (:meth:`discard_tables`), ``c`` being that hand less ``discard``."""
        if sh is None:
            sh = self.shanten(c, len(melds))
        if sh == 0:
            ready = self.ready_key(c, melds, sh)
            if ready is not None:
                return ready
        level = WORST[0]
        at: list[tuple[Route, int]] = []
        for i, r in enumerate(self.routes if routes is None else routes):
            table = None if tables is None else tables[i]
            d = self.distance(r, c, melds, sh) if table is None else table[discard]
            if d is None:
                continue
            if sh == 0 and d <= 0:
                d = 1  # ready toward it, but no wait the rules accept or that can come
            e = d + self.steps[r]
            if e < level:
                level, at = e, [(r, d)]
            elif e == level:
                at.append((r, d))
        if not at:
            return WORST
        worth = self.worth
        if not count:
            return (level, 1, -max(worth[r] for r, _ in at), sh)
        at.sort(key=lambda x: -worth[x[0]])
        best = 0.0
        for r, d in at[:2]:
            mass = self.mass(r, c, melds, d)
            score = float(mass) if self.mcr else worth[r] + self.w.speed * log2(1 + mass)
            best = max(best, score)
        return (level, 1, -best, sh)

    def best_discard(
        self, c: list[int], melds: tuple[Meld, ...], tiles: Sequence[int], *, count: bool = False
    ) -> tuple[Key, int]:
        """The best discard of a 14-tile hand among ``tiles``, and its key (its useful
        tiles counted where they decide, or always with ``count``)."""
        _, at = self.nearest(c, melds)
        near = sorted(at, key=lambda r: -self.worth[r])[:ROUTES_KEPT]
        rows: list[tuple[Key, int, int]] = []
        shs = self.v.discard_shantens(c, len(melds))  # each discard's shanten, or None
        tables = self.discard_tables(c, melds, near)
        for t in tiles:
            c[t] -= 1
            key = self.key13(
                c,
                melds,
                near,
                count=False,
                sh=None if shs is None else shs[t],
                tables=tables,
                discard=t,
            )
            c[t] += 1
            rows.append((key, -edge(t), t))
        rows.sort(key=self._order)
        low = rows[0][0][:2]
        tied = [r for r in rows if r[0][:2] == low]
        if (len(tied) > 1 or count) and low[1] == 1:  # as near: count the useful tiles
            recount = []
            for _, e, t in tied[:TIES_COUNTED]:
                c[t] -= 1
                key = self.key13(
                    c,
                    melds,
                    near,
                    sh=None if shs is None else shs[t],
                    tables=tables,
                    discard=t,
                )
                c[t] += 1
                recount.append((key, e, t))
            recount.sort(key=self._order)
            return recount[0][0], recount[0][2]
        return rows[0][0], rows[0][2]

    def discard_tables(
        self, c: Sequence[int], melds: Sequence[Meld], routes: Sequence[Route]
    ) -> list[list[int] | None] | None:
        """Beside ``routes``, each route's distances of the 14-tile ``c`` less one tile of
        each kind (``Route.discards``; None for a route measured discard by discard);
        None with wild tiles at the table (:meth:`distance` counts them)."""
        if self.v.wild is not None:
            return None
        return [r.discards(c, melds) for r in routes]

    def _order(self, row: tuple[Key, int, int]) -> tuple[Any, ...]:
        """The order of discards: by key, except that among discards as near (the
        key's steps and readiness) a wild tile comes last."""
        key, e, t = row
        return (key[:2], self.v.keeps_wild(t), key[2:], e, t)


#: Kinds of each suit by how little they join others: the middle ranks first (far from
#: the terminals that 十三幺 and the knitted hands use).
_QUIET_RANKS = (4, 3, 5, 2, 6)


def _junk(c: Sequence[int], n: int, wild: int) -> list[int]:
    """``n`` distinct kinds that ``c`` does not hold and that join nothing in it (a
    middle rank with no held tile within two ranks of its suit, else an honour not
    held, else any kind not held): what a wild tile is worth before it stands for
    anything."""
    quiet = [
        s * 9 + r
        for r in _QUIET_RANKS
        for s in range(3)
        if not any(c[s * 9 + x] for x in range(max(r - 2, 0), min(r + 3, 9)))
    ]
    honours = [t for t in range(27, 34) if not c[t]]
    spare = [t for t in range(34) if not c[t]]
    out: list[int] = []
    for t in [*quiet, *honours, *spare]:
        if t != wild and t not in out:
            out.append(t)
            if len(out) == n:
                break
    return out


class FanPlayer(GreedyPlayer):
    """Plans toward the rule set's minimum and a good score; see the module text."""

    name = "fan"

    def __init__(self, seed: int = 0, weights: Weights | None = None) -> None:
        super().__init__(seed)
        self.weights = weights or Weights()

    def turn(self, obs: Observation, v: View) -> Action:
        legal = obs.legal_actions
        plan = Planner(obs, v, self.weights)
        c, melds = v.counts, v.melds
        key, t = plan.best_discard(c, melds, discard_tiles(legal))
        for a in legal:
            if a.kind is A.KONG and a.tile is not None:
                c2, melds2 = konged(c, melds, a.tile)
                k2 = plan.key13(c2, melds2, count=False)
                if k2[:1] <= key[:1]:  # as near, and a replacement draw besides
                    return a
        return play_discard(legal, t)

    def claim(self, obs: Observation, v: View) -> Action:
        tile = obs.last_discard
        assert tile is not None
        plan = Planner(obs, v, self.weights)
        c, melds = v.counts, v.melds
        now = plan.key13(c, melds)
        choice, best = PASS, now
        for a in obs.legal_actions:
            got = claimed(c, a, tile)
            if got is None:
                continue
            c2, meld = got
            melds2 = (*melds, meld)
            if a.kind is A.KONG:
                key = plan.key13(c2, melds2)
            else:
                key, _ = plan.best_discard(c2, melds2, v.discardable(c2), count=True)
            if key < best:
                choice, best = a, key
        return choice

    def void(self, obs: Observation, v: View) -> Action:
        """定缺: the suit whose loss leaves the nearest hand; among those, the shortest
        suit (fewest tiles to throw first), then the one keeping the dearest route."""
        c = v.counts
        best: tuple[int, int, int, int] | None = None
        choice = obs.legal_actions[0]
        for a in obs.legal_actions:
            assert a.tile is not None
            suit = a.tile // 9
            mc = masked(c, suit_mask(*(s for s in range(3) if s != suit)))
            got = [
                (d, -r.value) for r in sichuan_routes(suit) if (d := r.distance(mc, ())) is not None
            ]
            d, value = min(got)
            key = (d, sum(c[suit * 9 : suit * 9 + 9]), value, suit)
            if best is None or key < best:
                best, choice = key, a
        return choice

    def pick(self, obs: Observation, v: View) -> Action:
        """搓牌: the tile that completes the best-paying hand, else the one that brings
        the hand nearest its routes; keep the draw when none is better."""
        drawn = obs.drawn
        if drawn is None:
            return PASS
        plan = Planner(obs, v, self.weights)
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
            scored = [(plan.score(concealed, melds, drawn, True, False)[1], 1, -1)]
            for s, t in shs:
                if s < 0:
                    ok, val = plan.score(concealed, melds, t, True, False)
                    if ok:
                        scored.append((val, 0, t))
            c[drawn] += 1
            _, _, t = max(scored)
            return PASS if t < 0 else Action(A.PICK, t)
        here, _ = plan.best_discard(c, melds, v.discardable(c))
        best, choice = here, PASS
        rem = v.remaining
        tried = sorted((t for s, t in shs if s == low), key=lambda t: -rem[t])
        for t in tried[:TIES_COUNTED]:
            c[drawn] -= 1
            c[t] += 1
            key, _ = plan.best_discard(c, melds, v.discardable(c))
            c[t] -= 1
            c[drawn] += 1
            if key < best:
                best, choice = key, Action(A.PICK, t)
        return choice
