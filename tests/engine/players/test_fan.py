"""The fan player's shortcuts choose what the plain computation chose: the pruned
search for the nearest routes (``Planner.nearest``) against measuring every route
(``Planner.steps_to``), and the useful copies counted from every draw's distance at
once (``Route.draws``) against each draw measured apart.  At every decision of seeded
hands, the player as shipped and the player without the shortcut are given the same
observation and must answer the same action."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from fanshu.engine import Action, Game
from fanshu.engine.observation import Observation
from fanshu.engine.players import counting
from fanshu.engine.players.base import Player, View, discard_tiles
from fanshu.engine.players.fan import FanPlayer, Planner
from fanshu.engine.players.routes import (
    Route,
    SetsRoute,
    ShapeRoute,
    held_levels,
    mcr_routes,
    near,
)
from fanshu.engine.variants import playable_rules
from fanshu.hand import Meld, MeldKind
from support.engine_play import decide_seeded


def fan_players(seats: int) -> list[Player]:
    return [FanPlayer(s) for s in range(seats)]


def every_route(self: Planner, c: Sequence[int], melds: Sequence[Meld]) -> tuple[int, list[Route]]:
    return Planner._nearest_of(self.steps_to(c, melds))


@pytest.mark.parametrize("rules", ["mcr", "two-player", "sichuan", "jiaxing"])
def test_pruned_routes_choose_as_every_route(rules: str, monkeypatch: pytest.MonkeyPatch) -> None:
    pruned = Planner.nearest

    def decide(bots: Sequence[Player], s: int, obs: Observation, at: tuple[object, ...]) -> Action:
        monkeypatch.setattr(Planner, "nearest", every_route)
        want = bots[s].choose(obs)
        monkeypatch.setattr(Planner, "nearest", pruned)
        got = bots[s].choose(obs)
        assert got == want, at
        return got

    assert decide_seeded(rules, range(3), fan_players, decide) > 50


def test_nearest_is_the_least_of_every_route() -> None:
    """On the 14-tile hands of seeded MCR hands: the same least steps and routes."""
    checked = 0
    for seed in range(3):
        g = Game("mcr", seed=seed)
        bots = [FanPlayer(s) for s in range(g.n)]
        while not g.done:
            s = g.to_act
            assert s is not None
            obs = g.observe(s)
            if obs.phase == "turn":
                v = View.of(obs)
                plan = Planner(obs, v)
                assert plan.nearest(v.counts, v.melds) == every_route(plan, v.counts, v.melds)
                checked += 1
            g.step(bots[s].choose(obs))
    assert checked > 50


def one_by_one(self: Planner, route: Route, c: list[int], melds: Sequence[Meld], now: int) -> int:
    return Planner.mass_one_by_one(self, route, c, melds, now)


def no_table(self: View, c: Sequence[int], melds: int) -> list[int] | None:
    return None


def no_tables(
    self: Planner, c: Sequence[int], melds: Sequence[Meld], routes: Sequence[Route]
) -> list[list[int] | None] | None:
    return None


@pytest.mark.parametrize("rules", playable_rules())
def test_draws_at_once_choose_as_one_by_one(rules: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """``Planner.mass`` from every draw's distance at once (``Route.draws``) and the
    discards' shanten from one pass (``View.discard_shantens``) against the same with
    each draw's distance and each discard's shanten asked apart, at every decision."""
    fast, table, tables = Planner.mass, View.discard_shantens, Planner.discard_tables

    def decide(bots: Sequence[Player], s: int, obs: Observation, at: tuple[object, ...]) -> Action:
        monkeypatch.setattr(Planner, "mass", one_by_one)
        monkeypatch.setattr(View, "discard_shantens", no_table)
        monkeypatch.setattr(Planner, "discard_tables", no_tables)
        want = bots[s].choose(obs)
        monkeypatch.setattr(Planner, "mass", fast)
        monkeypatch.setattr(View, "discard_shantens", table)
        monkeypatch.setattr(Planner, "discard_tables", tables)
        got = bots[s].choose(obs)
        assert got == want, at
        return got

    assert decide_seeded(rules, range(3), fan_players, decide) > 50


def split_as_before(
    r: SetsRoute, c: Sequence[int], melds: Sequence[Meld]
) -> tuple[int, list[int], int] | None:
    """``SetsRoute.split`` as it was written before the copies per kind were kept."""
    todo = list(r.sets)
    for m in melds:
        key = (m.kind is MeldKind.CHOW, int(m.tile))
        if key in todo:
            todo.remove(key)
    if len(melds) + len(todo) > 4:
        return None
    rest = list(c)
    missing = 0
    for chow, t in todo:
        for x in (t, t + 1, t + 2) if chow else (t, t, t):
            if rest[x]:
                rest[x] -= 1
            else:
                missing += 1
    return missing, rest, len(melds) + len(todo)


@pytest.mark.parametrize("rules", ["mcr", "two-player", "sichuan"])
def test_route_draws_are_the_distances_kind_by_kind(rules: str) -> None:
    """On a 13-tile hand of every decision of seeded hands (melds of every kind
    included): each route's ``draws`` is None or the distance after each draw, and a
    set route's ``split`` and ``missing`` are what the former split gave."""
    checked = sets = discards = 0
    for seed in range(2):
        g = Game(rules, seed=seed)
        bots = [FanPlayer(s) for s in range(g.n)]
        while not g.done:
            s = g.to_act
            assert s is not None
            obs = g.observe(s)
            v = View.of(obs)
            c, melds = list(v.counts), v.melds
            if sum(c) + 3 * len(melds) == 14:
                c[discard_tiles(obs.legal_actions)[0]] -= 1
            if sum(c) + 3 * len(melds) == 13:
                for r in Planner(obs, v).routes:
                    if isinstance(r, SetsRoute):
                        old = split_as_before(r, c, melds)
                        assert r.split(c, melds) == old, (r.name, c, melds)
                        want = None if old is None else old[0]
                        assert r.missing(c, melds) == want
                        assert r.missing_of(held_levels(c), melds) == want
                        sets += 1
                    if sum(v.counts) + 3 * len(melds) == 14:
                        c14 = v.counts
                        less = r.discards(c14, melds)
                        for t in range(34) if less is not None else ():
                            if c14[t]:
                                c14[t] -= 1
                                assert less[t] == r.distance(c14, melds), (r.name, t)
                                c14[t] += 1
                                discards += 1
                    after = r.draws(c, melds)
                    if after is None:
                        continue
                    for t in range(34):
                        if c[t] < 4:
                            c[t] += 1
                            assert after[t] == r.distance(c, melds), (r.name, t, c, melds)
                            c[t] -= 1
                    checked += 1
            g.step(bots[s].choose(obs))
    assert checked > 200 and discards > 1000
    assert sets > 1000 or rules == "sichuan"  # Sichuan's routes are masks only


def test_pairs_and_pungs_draws_are_the_shanten_after_each_draw() -> None:
    """On random parts of hands (0-14 tiles, 0-4 pungs melded; the fifth copy too)."""
    rng = random.Random(5)
    wall = [t for t in range(34) for _ in range(4)]
    for _ in range(3000):
        n, fixed = rng.randint(0, 14), rng.randint(0, 4)
        c = [0] * 34
        for t in rng.sample(wall, n):
            c[t] += 1
        now, after = counting.pairs_draws(c)
        now2, after2 = counting.pungs_draws(c, fixed)
        assert now == counting.pairs(c) and now2 == counting.pungs(c, fixed)
        for t in range(34):
            c[t] += 1
            assert after[t] == counting.pairs(c), (c, t)
            assert after2[t] == counting.pungs(c, fixed), (c, fixed, t)
            c[t] -= 1


@pytest.mark.parametrize("rules", playable_rules())
def test_discard_shantens_are_the_views_shanten(rules: str) -> None:
    """``View.discard_shantens`` at every turn of seeded hands: None (a wild kind at the
    table, Sichuan's void suit) or each discard's ``View.shanten``."""
    served = 0
    for seed in range(3):
        g = Game(rules, seed=seed)
        bots = [FanPlayer(s) for s in range(g.n)]
        while not g.done:
            s = g.to_act
            assert s is not None
            obs = g.observe(s)
            v = View.of(obs)
            c, m = list(v.counts), len(v.melds)
            got = v.discard_shantens(c, m)
            if got is not None:
                served += 1
                for t in range(34):
                    if c[t]:
                        c[t] -= 1
                        assert got[t] == v.shanten(c, m), (rules, seed, t)
                        c[t] += 1
            g.step(bots[s].choose(obs))
    wild = Game(rules, seed=0).observe(0).wild is not None
    assert served == 0 if wild or rules == "sichuan" else served > 50


def test_shape_route_draws_on_random_hands() -> None:
    """七对, 十三幺, 全不靠 and 组合龙 after each draw on random concealed 13-tile hands, some
    drawn from the orphans and the knitted kinds only (where those shapes are near),
    and 七对 after each discard of those hands with a tile more."""
    rng = random.Random(13)
    shapes = [r for r in mcr_routes() if isinstance(r, ShapeRoute)]
    orphans = [t for t in (0, 8, 9, 17, 18, 26, *range(27, 34), 4, 13) for _ in range(4)]
    knitted = [t for t in (0, 3, 6, 10, 13, 16, 20, 23, 26, *range(27, 34), 1) for _ in range(4)]
    wall = [t for t in range(34) for _ in range(4)]
    checked = 0
    for i in range(1500):
        c = [0] * 34
        for t in rng.sample((wall, orphans, knitted)[i % 3], 13):
            c[t] += 1
        for r in shapes:
            t0 = rng.choice([t for t in range(34) if c[t] < 4])
            c[t0] += 1  # a 14-tile hand: each discard
            less = r.discards(c, ())
            for t in range(34) if less is not None else ():
                if c[t]:
                    c[t] -= 1
                    assert less[t] == r.distance(c, ()), (r.name, c, t)
                    c[t] += 1
            c[t0] -= 1
            after = r.draws(c, ())
            if after is None:
                continue
            for t in range(34):
                if c[t] < 4:
                    c[t] += 1
                    assert after[t] == r.distance(c, ()), (r.name, c, t)
                    c[t] -= 1
            checked += 1
    assert checked == 1500 * 4


def near_as_before(c: Sequence[int]) -> list[int]:
    """``routes.near`` as it was written kind by kind."""
    out = []
    for t in range(34):
        if c[t]:
            out.append(t)
        elif t < 27:
            r = t % 9
            if (
                (r > 0 and c[t - 1])
                or (r < 8 and c[t + 1])
                or (r > 1 and c[t - 2])
                or (r < 7 and c[t + 2])
            ):
                out.append(t)
    return out


def test_near_and_set_route_kinds_from_bits() -> None:
    rng = random.Random(31)
    wall = [t for t in range(34) for _ in range(4)]
    sets = [r for r in mcr_routes() if isinstance(r, SetsRoute)]
    for i in range(2000):
        c = [0] * 34
        for t in rng.sample(wall, i % 15):
            c[t] += 1
        want = near_as_before(c)
        assert near(c) == want, c
        r = sets[i % len(sets)]
        tiles = {x for chow, t in r.sets for x in ((t, t + 1, t + 2) if chow else (t,))}
        assert list(r.kinds(c)) == sorted(set(want) | tiles), (r.name, c)
