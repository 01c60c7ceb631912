"""The built-in players: legal choices only, greedy nearer than random, the fan player
winning more MCR hands than greedy and never declaring a win the rules refuse."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

import pytest

from fanshu.analysis.shanten import regular_shanten, shanten
from fanshu.engine import Action, ActionKind, Game, GameConfig, Observation
from fanshu.engine.players import (
    PLAYERS,
    FanPlayer,
    GreedyPlayer,
    Player,
    RandomPlayer,
    make_player,
)
from fanshu.engine.players.counting import overall, pairs, pungs, regular
from fanshu.engine.players.routes import mcr_routes, sichuan_routes
from fanshu.errors import OptionError
from fanshu.notation import parse_tiles
from fanshu.shapes import counts_of
from support.engine_play import config_for

RULES = ("mcr", "sichuan", "two-player")
Watch = Callable[[int, str, Observation, Action], None]


def counts(text: str) -> list[int]:
    return counts_of(parse_tiles(text))


def play(
    rules: str, names: Sequence[str], seed: int, watch: Watch | None = None, *,
    config: GameConfig | None = None,
) -> tuple[Game, list[str]]:  # fmt: skip
    """One hand with the named bots, seats rotated by the seed; ``watch(seat, name,
    observation, action)`` sees every decision."""
    g = Game(rules, seed=seed, config=config)
    seated = [names[(s + seed) % len(names)] for s in range(g.n)]
    players = [make_player(name, seed * 10 + s) for s, name in enumerate(seated)]
    while not g.done:
        s = g.to_act
        assert s is not None
        obs = g.observe(s)
        action = players[s].choose(obs)
        if watch is not None:
            watch(s, seated[s], obs, action)
        g.step(action)
    return g, seated


# -- registry ---------------------------------------------------------------------


def test_registry_builds_each_player() -> None:
    assert set(PLAYERS) == {"random", "greedy", "fan", "ev"}
    kinds = {"random": RandomPlayer, "greedy": GreedyPlayer, "fan": FanPlayer}
    for name, cls in kinds.items():
        p = make_player(name, seed=3)
        assert isinstance(p, cls)
        assert isinstance(p, Player)


def test_unknown_player_is_an_option_error() -> None:
    with pytest.raises(OptionError, match=r"unknown player 'best'.*random, greedy, fan"):
        make_player("best")


# -- counting and routes ----------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["123m456p789s23s11sE", "1112345678999m", "19m19s19pESWNCFP", "1122m3344s5566pEE"]
)
def test_counting_agrees_with_the_analysis_on_whole_hands(text: str) -> None:
    c = counts(text)
    assert regular(c, 0) == regular_shanten(c, 0)
    assert overall(c, 0) == shanten(c, 0)


def test_a_part_of_a_hand_counts_the_tiles_it_lacks() -> None:
    # four sets and nothing else: the formula says ready, but a pair needs two tiles
    assert regular(counts("123m456m789m111s"), 0) == 1
    assert regular(counts("123m456m789m111s5p"), 0) == 0
    assert pairs(counts("1122m3344s5566pE")) == 0
    assert pairs(counts("1122m3344s5566p")) == 1  # the seventh pair needs two tiles
    assert pairs(counts("1122m3344s55p")) == 3
    assert pungs(counts("111m222s333pEEE55p"), 0) == -1
    assert pungs(counts("111m222s34pEEE55p"), 0) == 1  # 34p is no pung partial
    assert pungs(counts("222s333pEEE55p"), 1) == -1


def test_routes_measure_the_tiles_they_need() -> None:
    r = {x.name: x for x in mcr_routes()}
    c = counts("123m456s789p1599pEN")
    assert r["花龙 m-s-p"].distance(c, ()) == 1  # 花龙 done: a pair and a set to find
    assert r["花龙 m-p-s"].distance(c, ()) > 1
    assert r["七对"].distance(counts("1122m3344s5566pE"), ()) == 0
    mixed = counts("1234567m11sEEEWW")
    assert r["混一色 m"].distance(mixed, ()) == 1  # only the 1s pair is out
    assert r["清一色 m"].distance(mixed, ()) > r["混一色 m"].distance(mixed, ())
    steps = counts("123m234m345m11p567s")
    assert r["一色三步高 m1+1"].distance(steps, ()) == -1  # complete
    assert r["三色三步高 m1-s2-p3"].distance(steps, ()) > 0
    s = {x.name: x for x in sichuan_routes(2)}
    assert s["清一色 m"].distance(counts("1112345678999m"), ()) == 0
    assert s["清一色 m"].distance(counts("1112345678999p"), ()) == 13


# -- every decision legal -----------------------------------------------------------


@pytest.mark.parametrize("rules", RULES)
def test_every_player_only_chooses_legal_actions(rules: str) -> None:
    """30 seeded hands per rule set, every bot at every table, half of them with the
    optional phases (换三张, the two-player exchanges, picks and swaps)."""
    chosen: Counter[tuple[str, str]] = Counter()

    def watch(seat: int, name: str, obs: Observation, action: Action) -> None:
        assert action in obs.legal_actions, (name, obs.phase, action)
        chosen[name, obs.phase] += 1

    table = ["fan", "greedy", "random", "fan"] if rules != "two-player" else ["fan", "greedy"]
    for seed in range(30):
        names = table if rules != "two-player" or seed % 3 else ["random", "greedy"]
        play(rules, names, seed, watch, config=config_for(rules, seed))
    phases = {
        "mcr": {"turn", "claim"},
        "sichuan": {"turn", "claim", "exchange", "void"},
        "two-player": {"turn", "claim", "exchange", "pick", "swap", "give"},
    }[rules]
    for name in ("fan", "greedy", "random"):
        for phase in phases:
            assert chosen[name, phase], f"{name} never played a {phase} decision"


# -- greedy ---------------------------------------------------------------------------


def test_greedy_discards_to_the_lowest_shanten() -> None:
    """Checked against the analysis' own shanten at every MCR discard greedy makes."""
    checked = 0

    def watch(seat: int, name: str, obs: Observation, action: Action) -> None:
        nonlocal checked
        if name != "greedy" or action.kind is not ActionKind.DISCARD:
            return
        c, m = obs.counts, len(obs.melds)
        after = []
        for a in obs.legal_actions:
            if a.kind is ActionKind.DISCARD and a.tile is not None:
                c[a.tile] -= 1
                after.append((shanten(c, m), a.tile))
                c[a.tile] += 1
        assert action.tile is not None
        c[action.tile] -= 1
        assert shanten(c, m) == min(after)[0]
        checked += 1

    for seed in range(4):
        play("mcr", ["greedy", "random", "greedy", "random"], seed, watch)
    assert checked > 50


def test_greedy_voids_its_shortest_suit() -> None:
    seen = 0

    def watch(seat: int, name: str, obs: Observation, action: Action) -> None:
        nonlocal seen
        if name == "greedy" and obs.phase == "void":
            c = obs.counts
            lengths = [sum(c[s * 9 : s * 9 + 9]) for s in range(3)]
            assert action.tile is not None
            assert lengths[action.tile // 9] == min(lengths)
            seen += 1

    for seed in range(6):
        play("sichuan", ["greedy", "random"], seed, watch)
    assert seen == 12


def test_greedy_ends_nearer_than_random() -> None:
    """At exhaustion, the hands greedy holds are nearer to ready than random's, measured
    at mixed tables of each rule set with the analysis' shanten."""
    left: dict[str, list[int]] = {"greedy": [], "random": []}
    for rules in RULES:
        for seed in range(12):
            g, seated = play(rules, ["greedy", "random"], seed)
            if g.events[-1]["wall_left"]:
                continue  # ended by a win before the wall ran out
            for s, name in enumerate(seated):
                st = g.seat[s]
                if not st.won:
                    left[name].append(shanten(st.counts, len(st.melds)))
    assert len(left["greedy"]) >= 10 and len(left["random"]) >= 10
    mean = {k: sum(v) / len(v) for k, v in left.items()}
    assert mean["greedy"] < mean["random"] - 1, mean


# -- fan ------------------------------------------------------------------------------


def mcr_wins(names: Sequence[str], seeds: range) -> tuple[Counter[str], Counter[str], int]:
    """(accepted wins per bot, refused wins per bot, win offers refused by choice)."""
    wins: Counter[str] = Counter()
    false: Counter[str] = Counter()
    declined = 0

    def watch(seat: int, name: str, obs: Observation, action: Action) -> None:
        nonlocal declined
        if obs.win_accepted is False and action.kind is not ActionKind.WIN:
            declined += 1

    for seed in seeds:
        g, seated = play("mcr", names, seed, watch)
        for e in g.events:
            if e["type"] == "win":
                wins[seated[e["seat"]]] += 1
            elif e["type"] == "false_win":
                false[seated[e["seat"]]] += 1
    return wins, false, declined


def test_fan_player_never_declares_a_refused_win() -> None:
    wins, false, declined = mcr_wins(["fan"] * 4, range(12))
    assert not false
    assert declined > 0  # under-8-fan wins were offered, and passed up
    assert wins["fan"] > 0


def test_fan_player_wins_more_mcr_hands_than_greedy() -> None:
    """Head to head, two of each, seats rotating: accepted wins per seat."""
    wins, false, _ = mcr_wins(["fan", "greedy", "fan", "greedy"], range(24))
    assert not false
    assert wins["fan"] > wins["greedy"], wins


@pytest.mark.slow
def test_fan_player_wins_more_mcr_hands_than_greedy_200(request: pytest.FixtureRequest) -> None:
    if "slow" not in (request.config.getoption("markexpr") or ""):
        pytest.skip("200 hands of each table (about 30 s): run with -m slow")
    wins, false, _ = mcr_wins(["fan", "greedy", "fan", "greedy"], range(100, 300))
    assert not false
    assert wins["fan"] > 1.3 * wins["greedy"], wins
    alone_fan, _, _ = mcr_wins(["fan"] * 4, range(100, 300))
    alone_greedy, _, _ = mcr_wins(["greedy"] * 4, range(100, 300))
    assert alone_fan["fan"] > alone_greedy["greedy"]


def test_the_fan_player_scores_with_the_games_options() -> None:
    # the observation carries the game's options, so the fan player's wait values follow
    # them (a Sichuan cap of 2 fan), not the rule set's defaults (cap 4 fan)
    from fanshu.engine.players.base import View
    from fanshu.engine.players.fan import Planner

    g = Game("sichuan", seed=1, options={"cap": 2})
    obs = g.observe(0)
    assert obs.options == {"cap": 2}
    assert Planner(obs, View.of(obs)).options.cap == 2
    plain = Game("sichuan", seed=1)
    assert Planner(plain.observe(0), View.of(plain.observe(0))).options.cap != 2
