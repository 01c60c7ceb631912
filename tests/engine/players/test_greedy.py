"""The greedy player's one-pass discards (``View.best_discards``, from
``fanshu.analysis.efficiency``) choose what it chose one discard at a time.

At every decision of seeded hands on every playable table, the player as shipped and
the same player with the one-pass table turned off (every discard's shanten and useful
tiles asked one by one, the code that still serves wild tiles and parts of a hand) are
given the same observation and must answer the same action.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from fanshu.engine import Action, Game
from fanshu.engine.observation import Observation
from fanshu.engine.players import counting
from fanshu.engine.players.base import Player, View
from fanshu.engine.players.greedy import GreedyPlayer
from fanshu.engine.variants import playable_rules
from support.engine_play import decide_seeded


class OneByOne(GreedyPlayer):
    """The greedy player without the one-pass table."""

    @staticmethod
    def discards(
        v: View, c: Sequence[int], melds: int, tiles: Sequence[int]
    ) -> tuple[int, dict[int, int]] | None:
        return None


class Counted(GreedyPlayer):
    """The greedy player as shipped, counting the decisions the one-pass table served."""

    served = 0

    @staticmethod
    def discards(
        v: View, c: Sequence[int], melds: int, tiles: Sequence[int]
    ) -> tuple[int, dict[int, int]] | None:
        got = v.best_discards(c, melds, tiles)
        Counted.served += got is not None
        return got


@pytest.mark.parametrize("rules", playable_rules())
def test_one_pass_discards_choose_as_one_by_one(rules: str) -> None:
    Counted.served = 0
    wild = False
    ref: list[OneByOne] = []

    def players(n: int) -> list[Counted]:
        ref[:] = [OneByOne(s) for s in range(n)]  # a new game: new players of both kinds
        return [Counted(s) for s in range(n)]

    def decide(fast: Sequence[Player], s: int, obs: Observation, at: tuple[object, ...]) -> Action:
        nonlocal wild
        wild = wild or obs.wild is not None
        want = ref[s].choose(obs)
        got = fast[s].choose(obs)
        assert got == want, at
        return got

    assert decide_seeded(rules, range(6), players, decide) > 100
    # the table serves every hand of 14 usable tiles unless a wild kind is at the table
    assert Counted.served > 50 if not wild else Counted.served == 0


@pytest.mark.parametrize("rules", ["mcr", "sichuan", "two-player", "beijing"])
def test_useful_of_13_tiles_is_the_kind_by_kind_count(rules: str) -> None:
    """``View.useful`` of a 13-tile hand (the pattern tables) equals
    ``counting.useful`` (the analysis' useful tiles, or kind by kind for Sichuan's
    shapes and its void suit left out) at every claim of seeded hands."""
    checked = 0
    for seed in range(4):
        g = Game(rules, seed=seed)
        bots = [GreedyPlayer(s) for s in range(g.n)]
        while not g.done:
            s = g.to_act
            assert s is not None
            obs = g.observe(s)
            v = View.of(obs)
            u, m = v.usable(v.counts), len(v.melds)
            if v.wild is None and sum(u) + 3 * m == 13:
                want = counting.useful(u, m, v.remaining, v.allowed, v.special)
                assert v.useful(v.counts, m) == want, (rules, seed, len(g.events))
                checked += 1
            g.step(bots[s].choose(obs))
    assert checked > 20
