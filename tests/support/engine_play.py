"""Seeded test players for the engine tests: a chooser over legal actions (random, or
greedy enough that games reach wins and settlements) and a bot that wins whenever the
win counts, for tests that need wins without depending on the built-in bots."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from fanshu.analysis.shanten import shanten
from fanshu.engine import Action, ActionKind, Game, GameConfig
from fanshu.engine.observation import Observation
from fanshu.engine.players.base import Player

A = ActionKind
WIN = Action(A.WIN)
PASS = Action(A.PASS)


def choose(g: Game, rng: random.Random, greedy: bool) -> Action:
    """A seeded random legal action; ``greedy`` wins when it can and discards towards a
    ready hand (so that games reach wins, false wins and their settlements)."""
    legal = g.legal_actions()
    if not greedy:
        return rng.choice(legal)
    if WIN in legal:
        return WIN
    tiles = sorted({a.tile for a in legal if a.kind in (A.DISCARD, A.READY) and a.tile is not None})
    kongs = [a for a in legal if a.kind is A.KONG]
    if kongs and rng.random() < 0.5:
        return rng.choice(kongs)
    if not tiles or rng.random() < 0.1:
        return rng.choice(legal)
    st = g.seat[g.to_act or 0]
    after = {
        t: shanten([c - (i == t) for i, c in enumerate(st.counts)], len(st.melds)) for t in tiles
    }
    best = min(after.values())
    t = rng.choice([t for t in tiles if after[t] == best])
    return rng.choice([a for a in legal if a.tile == t and a.kind in (A.DISCARD, A.READY)])


def play(
    rules: str,
    seed: int,
    config: dict[str, Any] | None = None,
    options: dict[str, Any] | None = None,
    *,
    stop: int = 10**9,
    greedy: bool = False,
) -> Game:
    """A game played by seeded choices (``choose``), for ``stop`` decisions at most."""
    g = Game(rules, seed=seed, config=config, options=options)
    rng = random.Random(seed)
    while not g.done and stop:
        g.step(choose(g, rng, greedy))
        stop -= 1
    return g


class Eager:
    """A test bot that wins whenever the win would count and otherwise keeps its hand
    closest to ready, so that series have wins (random bots rarely win)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, obs: Observation) -> Action:
        legal = obs.legal_actions
        if WIN in legal and obs.win_accepted:
            return WIN
        discards = [a for a in legal if a.kind is ActionKind.DISCARD]
        if discards:
            counts, melds = obs.counts, len(obs.melds)

            def after(a: Action) -> int:
                assert a.tile is not None
                counts[a.tile] -= 1
                n = shanten(counts, melds)
                counts[a.tile] += 1
                return n

            return min(discards, key=after)
        return PASS if PASS in legal else self.rng.choice(legal)


def config_for(rules: str, seed: int) -> GameConfig | None:
    """Every other seed turns on the optional events, so their phases get played."""
    if seed % 2 == 0:
        return None
    if rules == "sichuan":
        return GameConfig(exchange_three=True)
    if rules == "two-player":
        return GameConfig(exchange_at_start=1.0, triplet_offer=0.5, free_pick=0.5)
    return None


def decide_seeded(
    rules: str,
    seeds: range,
    players: Callable[[int], Sequence[Player]],
    decide: Callable[[Sequence[Player], int, Observation, tuple[object, ...]], Action],
) -> int:
    """Play seeded games of ``rules`` to the end, every decision made by ``decide``
    (given the players ``players(seats)`` made for the game, the seat, its observation and
    a label for assertion messages: rules, seed, event count, phase); the decisions made."""
    decisions = 0
    for seed in seeds:
        g = Game(rules, seed=seed)
        table = players(g.n)
        while not g.done:
            s = g.to_act
            assert s is not None
            obs = g.observe(s)
            g.step(decide(table, s, obs, (rules, seed, len(g.events), obs.phase)))
            decisions += 1
    return decisions
