"""The engine soak: seeded games between bots of each kind, every invariant checked.

Each game is played by ``simulate``'s bots (the seeds derived from the master seed and
the game's number); after every decision the tiles are counted (conservation) and the
decision must have been among the legal ones; at the end the settlements must sum to
zero, and the game's log, written as JSON Lines and read back, must replay identically.
Used by ``tests/engine/test_soak.py`` (a short run) and ``bench/soak_engine.py`` (long).
The Beijing tables check the same invariants; their settlements add 跟庄, 烧庄 and 互包
to the zero-sum check.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from fanshu.engine import Game
from fanshu.engine.actions import Action, ActionKind
from fanshu.engine.invariants import check_conservation, check_zero_sum
from fanshu.engine.log import game_lines, iter_games
from fanshu.engine.observation import Observation
from fanshu.engine.players import GreedyPlayer, Player, make_player
from fanshu.engine.replay import replay_game
from fanshu.engine.simulate import game_seed, player_seed
from fanshu.engine.variants import variant_class
from fanshu.engine.wall import shuffled, tile_set
from fanshu.tiles import Tile

#: The tables soaked: rules, engine config, and the bot line-ups cycled through.
TABLES: list[tuple[str, dict[str, Any]]] = [
    ("mcr", {}),
    ("sichuan", {}),
    ("sichuan", {"exchange_three": True}),
    ("two-player", {}),
    ("two-player", {"exchange_at_start": 0.3, "triplet_offer": 0.2, "free_pick": 0.2}),
    ("beijing", {}),
    ("beijing", {"dealer": 2}),
]
#: The tables of issue 16, soaked in their own test files (tests/engine/test_game_<set>.py)
#: and here by the long soak (``bench/soak_engine.py``): the wild-tile rule sets, the
#: 底分×2^番 list and Sichuan's 血流成河 (a config's ``options`` are the rule set's).
MORE_TABLES: list[tuple[str, dict[str, Any]]] = [
    ("jiaxing", {}),
    ("pinghu", {}),
    ("wuhan", {}),
    ("wuhan", {"options": {"laizi": True, "dragon_kongs": True}}),
    ("common", {}),
    ("sichuan", {"options": {"xue_liu": True}}),
]


#: Beijing's following: every seat is dealt one East and one South (``following_wall``);
#: the dealer opens with them and the others follow when they can.
LEAD = (int(Tile.EAST), int(Tile.SOUTH))


class Follower(GreedyPlayer):
    """A greedy bot for Beijing's 跟庄 and 烧庄, which the built-in bots almost never
    play: as the dealer it discards East, then South (``LEAD``) first; otherwise it
    discards the tile its previous seat just discarded when it can."""

    def choose(self, obs: Observation) -> Action:
        mine = obs.seats[obs.seat].discards
        if obs.seat == obs.dealer and len(mine) < len(LEAD):
            lead = Action(ActionKind.DISCARD, LEAD[len(mine)])
            if lead in obs.legal_actions:
                return lead
        before = obs.seats[(obs.seat - 1) % len(obs.seats)].discards
        if before:
            follow = Action(ActionKind.DISCARD, before[-1])
            if follow in obs.legal_actions:
                return follow
        return super().choose(obs)


#: Beijing's tables also seat four followers, on a wall dealt for following.
FOLLOWING = ["follower"] * 4


def following_wall(seed: int) -> list[int]:
    """A shuffled Beijing wall whose four dealt hands (13 each, dealer first) each hold
    one of every ``LEAD`` tile."""
    rest = [t for t in shuffled(tile_set(range(34)), random.Random(seed)) if t not in LEAD]
    hands = [[*LEAD, *rest[i * 11 : i * 11 + 11]] for i in range(4)]
    return [t for h in hands for t in h] + rest[44:]


def _player(name: str, seed: int) -> Player:
    return Follower(seed) if name == "follower" else make_player(name, seed)


LINEUPS = {
    4: [
        ["random"] * 4,
        ["greedy"] * 4,
        ["greedy", "random", "fan", "random"],
        ["fan", "greedy", "greedy", "random"],
    ],
    2: [["random"] * 2, ["greedy"] * 2, ["fan", "random"], ["greedy", "fan"]],
}


@dataclass
class SoakReport:
    games: int = 0
    decisions: int = 0
    wins: int = 0
    false_wins: int = 0
    drawn: int = 0
    failures: list[str] = field(default_factory=list)
    by_bot: Counter[str] = field(default_factory=Counter)
    #: Settlements by reason (``win``, ``跟庄``, ``烧庄``, ``kong direct`` …).
    reasons: Counter[str] = field(default_factory=Counter)


def soak_game(
    rules: str, config: dict[str, Any], k: int, seed: int, lineup: Sequence[str]
) -> tuple[Game, int]:
    """Play game ``k`` checking every invariant; raise AssertionError naming the failure.
    ``config`` is the engine config; its key ``options``, when there, the rule set's."""
    wall = following_wall(game_seed(seed, k)) if list(lineup) == FOLLOWING else None
    engine = {key: v for key, v in config.items() if key != "options"}
    options = config.get("options")
    game = Game(rules, seed=game_seed(seed, k), config=engine, options=options, wall=wall)
    bots = [_player(name, player_seed(seed, k, s)) for s, name in enumerate(lineup)]
    decisions = 0
    while not game.done:
        s = game.to_act
        assert s is not None
        legal = game.legal_actions()
        action = bots[s].choose(game.observe(s))
        assert action in legal, f"seat {s} ({lineup[s]}) chose {action}, not legal: {legal}"
        game.step(action)
        decisions += 1
        check_conservation(game)
    check_zero_sum(game)
    logged = next(iter_games(game_lines(game.events, game=k)))
    report = replay_game(logged)
    assert report.mismatch is None, str(report.mismatch)
    return game, decisions


def soak(
    games_per_table: int,
    seed: int = 1,
    *,
    bots: Sequence[str] | None = None,
    on_game: Callable[[], None] | None = None,
    tables: Sequence[tuple[str, dict[str, Any]]] | None = None,
) -> SoakReport:
    """``games_per_table`` games on each of ``tables`` (default ``TABLES``: a rule
    set's own test soaks its tables, e.g. ``[("jiaxing", {})]``); ``bots`` limits the
    line-ups to those using only these bot names."""
    out = SoakReport()
    for rules, config in TABLES if tables is None else tables:
        n = variant_class(rules).seats
        seated = LINEUPS[n] + ([FOLLOWING] if rules == "beijing" else [])
        lineups = [u for u in seated if bots is None or set(u) <= set(bots)]
        for k in range(games_per_table):
            lineup = lineups[k % len(lineups)]
            try:
                game, decisions = soak_game(rules, config, k, seed, lineup)
            except Exception as e:
                out.failures.append(f"{rules} {config} game {k} seed {seed} {lineup}: {e!r}")
                continue
            out.games += 1
            out.decisions += decisions
            kinds = Counter(e["type"] for e in game.events)
            out.wins += kinds["win"]
            out.false_wins += kinds["false_win"]
            out.drawn += not game.winners
            out.reasons.update(e["reason"] for e in game.events if e["type"] == "settle")
            for s in game.winners:
                out.by_bot[lineup[s]] += 1
            if on_game:
                on_game()
    return out
