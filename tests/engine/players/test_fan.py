"""The fan player's pruned search for the nearest routes (``Planner.nearest``) finds
what measuring every route finds (``Planner.steps_to``): at every decision of seeded
hands, the player as shipped and the player measuring every route are given the same
observation and must answer the same action."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from fanshu.engine import Game
from fanshu.engine.players.base import View
from fanshu.engine.players.fan import FanPlayer, Planner
from fanshu.engine.players.routes import Route
from fanshu.hand import Meld


def every_route(self: Planner, c: Sequence[int], melds: Sequence[Meld]) -> tuple[int, list[Route]]:
    return Planner._nearest_of(self.steps_to(c, melds))


@pytest.mark.parametrize("rules", ["mcr", "two-player", "sichuan", "jiaxing"])
def test_pruned_routes_choose_as_every_route(rules: str, monkeypatch: pytest.MonkeyPatch) -> None:
    pruned = Planner.nearest
    decisions = 0
    for seed in range(3):
        g = Game(rules, seed=seed)
        bots = [FanPlayer(s) for s in range(g.n)]
        while not g.done:
            s = g.to_act
            assert s is not None
            obs = g.observe(s)
            monkeypatch.setattr(Planner, "nearest", every_route)
            want = bots[s].choose(obs)
            monkeypatch.setattr(Planner, "nearest", pruned)
            got = bots[s].choose(obs)
            assert got == want, (rules, seed, len(g.events), obs.phase)
            decisions += 1
            g.step(got)
    assert decisions > 50


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
