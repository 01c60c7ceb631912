"""Pinghu 台头 (平湖麻将, seed 001 ❹) at the table: the 百搭 turned up, wins with wild
tiles, the settlement in 张 per 台, a wild discard nobody may claim, the flowers option,
and a soak of hundreds of seeded hands (tile conservation, zero-sum settlements, replay)."""

from __future__ import annotations

from typing import Any

import pytest

from fanshu.engine import Game
from fanshu.engine.invariants import check_conservation, check_zero_sum
from fanshu.engine.log import game_lines, iter_games
from fanshu.engine.players import make_player
from fanshu.engine.replay import replay_game
from fanshu.engine.simulate import game_seed, player_seed
from fanshu.engine.variants import variant_for
from fanshu.engine.variants.pinghu import PinghuFlowersVariant, PinghuVariant, next_kind
from fanshu.notation import parse_hand
from fanshu.tiles import Tile
from support.engine_soak import soak
from support.engine_walls import act, legal, of_type, settlements, wall

#: Seats that take no part: no pair or run of what the tests discard, no 3m-4m.
IDLE1 = "1p9p1s9sESWNCFP2m8m"
IDLE2 = "1m1m9m9m2s2s8s8sSSWWN"
IDLE3 = "3p3p4p4p6p6p7s7s9s9s5m5mN"


def stacked(hands: list[str], draws: str = "", *, indicator: str = "3m", **kw: Any) -> Game:
    """A Pinghu game on a stacked 136-tile wall; ``indicator`` is the last tile of the
    wall, the one turned up for the 百搭."""
    return Game("pinghu", wall=wall("beijing", hands, draws, back=indicator), **kw)


def test_the_wildcard_is_the_kind_after_the_tile_turned_up() -> None:
    g = stacked(["123m456s789s111p4m", IDLE1, IDLE2, IDLE3], "5p")
    assert g.wildcard == int(Tile.M4)
    (event,) = of_type(g, "wildcard")
    assert event == {"type": "wildcard", "tile": "4m", "indicator": "3m", "dice": []}
    assert g.visible[Tile.M3] == 1  # the indicator is shown to everyone
    assert g.observe(2).wildcard == Tile.M4


def test_wildcard_pick_same_takes_the_kind_turned_up() -> None:
    g = stacked(
        ["123m456s789s111p4m", IDLE1, IDLE2, IDLE3], "5p", options={"wildcard_pick": "same"}
    )
    assert g.wildcard == int(Tile.M3)


@pytest.mark.parametrize(
    ("kind", "after"),
    [("1m", "2m"), ("9m", "1m"), ("9s", "1s"), ("9p", "1p"), ("E", "S"), ("N", "E"),
     ("C", "F"), ("P", "C")],
)  # fmt: skip
def test_next_kind_goes_round_its_group(kind: str, after: str) -> None:
    assert Tile(next_kind(Tile.from_code(kind))).code == after


def test_next_kind_is_a_cycle_on_each_group() -> None:
    for start, size in ((0, 9), (9, 9), (18, 9), (27, 4), (31, 3)):
        t = start
        seen = []
        for _ in range(size):
            seen.append(t)
            t = next_kind(t)
        assert t == start and sorted(seen) == list(range(start, start + size))
    with pytest.raises(ValueError, match="0-33"):
        next_kind(34)


def test_a_self_drawn_win_with_a_wild_tile() -> None:
    # the wild 4m stands for 5p, the pair with the 5p drawn: 门前清 + 自摸 = 2 台, 9 张 each
    g = stacked(["123m456s789s111p4m", IDLE1, IDLE2, IDLE3], "5p")
    assert "win" in legal(g)
    act(g, 0, "win")
    (win,) = of_type(g, "win")
    assert (win["seat"], win["source"], win["total"]) == (0, None, 2)
    assert [f[0] for f in win["fans"]] == ["门前清", "自摸"]
    assert settlements(g) == [[54, -18, -18, -18]] and g.scores == [54, -18, -18, -18]


def test_a_win_on_a_discard_pays_9_and_4_a_tai() -> None:
    # seat 1 waits on 5s/8s with a wild 4m as its pair's second tile; the dealer's 8s:
    # 平湖 (four chows, pair 6p) + 门前清 + 断幺 = 3 台: dealer 27, the two others 12
    hands = ["1p9p1s9sSWN3m7m2p8p8sE", "234m567m234s67s6p4m", IDLE2, IDLE3.replace("6p6p", "1m2m")]
    g = stacked(hands, "C")
    act(g, 0, "discard 8s")
    assert g.to_act == 1 and "win" in legal(g)
    act(g, 1, "win")
    while not g.done:  # the later seats answer the discard too
        assert g.to_act is not None
        act(g, g.to_act, "pass")
    (win,) = of_type(g, "win")
    assert (win["seat"], win["source"], win["total"]) == (1, 0, 3)
    assert settlements(g) == [[-27, 51, -12, -12]]


def test_a_discarded_wild_tile_cannot_be_claimed() -> None:
    # seat 1 holds two 4m (wild); the dealer's 4m is only its face: no pung, no chow
    hands = ["4m9p1s9sSWN3m7m2p8p5pE", "4m4m5m6mESWNCFP1p9m", IDLE2, IDLE3]
    g = stacked(hands, "C")
    act(g, 0, "discard 4m")
    # seat 1 is not asked about it: the next thing is its own draw
    assert g.events[-1]["type"] == "draw" and g.events[-1]["seat"] == 1
    assert not [a for a in legal(g) if a.split()[0] in ("pung", "chow", "kong", "win")]


def test_a_hand_under_one_tai_is_not_offered_as_a_win() -> None:
    g = stacked(["123m456s789s111p4m", IDLE1, IDLE2, IDLE3], "5p")
    v = g.variant
    zero = parse_hand("[123m]456s789s111p2p2p")
    assert not v.may_win(g, 0, zero)
    assert v.may_win(g, 0, zero.with_context(self_drawn=True))  # 自摸 1 台


def test_flowers_option_plays_144_tiles_and_counts_them() -> None:
    assert type(variant_for("pinghu", {"flowers": True})) is PinghuFlowersVariant
    assert type(variant_for("pinghu", {})) is PinghuVariant
    g = Game("pinghu", seed=5, options={"flowers": True})
    assert len(g.events[0]["wall"]) == 144
    g0 = Game("pinghu", seed=5)
    assert len(g0.events[0]["wall"]) == 136


def _play(rules: str, options: dict[str, Any], k: int, seed: int, lineup: list[str]) -> Game:
    """One seeded game with rule options (``soak`` takes engine config only), checked
    as the soak checks: conservation after every decision, zero sum, replay."""
    g = Game(rules, seed=game_seed(seed, k), options=options)
    bots = [make_player(name, player_seed(seed, k, s)) for s, name in enumerate(lineup)]
    while not g.done:
        s = g.to_act
        assert s is not None
        action = bots[s].choose(g.observe(s))
        assert action in g.legal_actions()
        g.step(action)
        check_conservation(g)
    check_zero_sum(g)
    report = replay_game(next(iter_games(game_lines(g.events, game=k))))
    assert report.mismatch is None, str(report.mismatch)
    return g


def test_soak_default_table() -> None:
    r = soak(200, seed=16, tables=[("pinghu", {})])
    assert not r.failures, r.failures[:3]
    assert r.games == 200 and r.wins > 50 and r.false_wins == 0
    assert set(r.reasons) == {"win"}  # nothing but the win is paid


def test_soak_other_dealer() -> None:
    r = soak(20, seed=17, tables=[("pinghu", {"dealer": 2})])
    assert not r.failures, r.failures[:3]


@pytest.mark.parametrize(
    "options",
    [{"flowers": True}, {"wildcard_pick": "same"}, {"big_hands": "add", "minimum": 0}],
)
def test_soak_with_options(options: dict[str, Any]) -> None:
    lineups = [["greedy"] * 4, ["random"] * 4, ["fan", "greedy", "random", "greedy"]]
    wins = 0
    flowers = 0
    for k in range(20):
        g = _play("pinghu", options, k, 16, lineups[k % 3])
        wins += len(g.winners)
        flowers += sum(len(st.flowers) for st in g.seat)
        for e in of_type(g, "win"):
            # one winner, paid 9 + 4 + 4 张 a 台 on a discard, 3 × 9 self-drawn
            rate = 27 if e["source"] is None else 17
            assert g.scores[e["seat"]] == rate * e["total"]
    assert wins > 5
    assert (flowers > 0) == bool(options.get("flowers"))
