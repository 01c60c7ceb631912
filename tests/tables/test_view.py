"""``fanshu.tables.view``: a seat's view and a watcher's, which has no concealed tile."""

from __future__ import annotations

import pytest

from fanshu.engine.game import Game
from fanshu.engine.players import make_player
from fanshu.engine.variants import playable_rules
from fanshu.tables.view import observation, public_event, public_observation, result


@pytest.mark.parametrize("rules", playable_rules())
def test_a_watcher_sees_what_every_seat_sees_and_no_concealed_tile(rules: str) -> None:
    g = Game(rules, seed=5)
    bots = [make_player("greedy", s) for s in range(g.n)]
    names = [f"p{s}" for s in range(g.n)]
    while not g.done:
        s = g.to_act
        assert s is not None
        seen = public_observation(g, names)
        assert "hand" not in seen and "drawn" not in seen and seen["legal_actions"] == []
        mine = observation(g, s, names)
        assert mine["asked"] and mine["legal_actions"] and mine["hand"]
        for q in range(g.n):  # each seat as the others see it, concealed kongs hidden
            assert (
                seen["seats"][q]["melds"]
                == observation(g, (q + 1) % g.n, names)["seats"][q]["melds"]
            )
        g.step(bots[s].choose(g.observe(s)), seat=s)
    for e in g.events:
        shown = public_event(e, g.n)
        if shown is None:
            continue
        if e["type"] in ("deal", "draw", "flower", "kong", "exchange", "pick", "give", "moon"):
            assert not ({"hand", "hands", "tile", "tiles", "gave", "got"} & set(shown)) or (
                e["type"] == "kong" and e.get("kind") != "concealed"
            )
    assert all(public_event(e, g.n) is None for e in g.events if e["type"] == "act")
    outcome = result(g, 5)
    assert outcome is not None and outcome["seed"] == 5 and outcome["how"] in ("win", "drawn")
