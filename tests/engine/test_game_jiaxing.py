"""Jiaxing 台头 (嘉兴台头, seed 001 ❼) hands at the table: the 百搭 turned up after the
deal, 天和 and 地和, the carried 黄番 in and out of a hand, replay, and a soak of seeded
games (tile conservation, zero-sum settlements, replay)."""

from __future__ import annotations

from typing import Any

import pytest

from fanshu.engine import Game
from fanshu.engine.invariants import check_conservation, check_zero_sum
from fanshu.engine.log import game_lines, iter_games
from fanshu.engine.players import make_player
from fanshu.engine.replay import replay_game
from fanshu.rules.jiaxing.baida import next_kind
from fanshu.rules.jiaxing.carry import is_bao_zi
from fanshu.rules.jiaxing.fans import FANS, UNIT
from fanshu.tiles import Tile
from support.engine_soak import soak
from support.engine_walls import act, legal, of_type, play_out, settlements, wall

#: Three seats that take no part (from the Beijing tests: no pair or run of what is
#: discarded here).
SEAT1 = "1p9p1s9sSWN3m7m2p8p6pE"
SEAT2 = "1m1m9m9m2s2s8s8sSSWWN"
SEAT3 = "3p3p4p4p6p6p7s7s9s9s3m3mN"
#: Ready on 2s, or on a 百搭 standing for it.
DEALER = "123m456m789p111s2s"


def jiaxing(hands: list[str], draws: str = "", *, back: str = "", **kw: Any) -> Game:
    """A Jiaxing game on a stacked wall (Beijing's 136 tiles, the same set); the first
    ``back`` tile is the one turned up for the 百搭."""
    return Game("jiaxing", wall=wall("beijing", hands, draws, back=back), **kw)


def pass_claims(g: Game) -> None:
    """The other seats asked about the same discard pass (the win goes first)."""
    while not g.done and "pass" in legal(g):
        g.step("pass")


def doubles(g: Game) -> bool:
    (w,) = of_type(g, "wildcard")
    return is_bao_zi(w["dice"])


def test_a_tile_is_turned_up_for_the_baida_after_the_deal() -> None:
    g = Game("jiaxing", seed=11)
    kinds = [e["type"] for e in g.events[:3]]
    assert kinds == ["start", "deal", "wildcard"] and len(g.events[0]["wall"]) == 136
    (w,) = of_type(g, "wildcard")
    assert w["tile"] == w["indicator"] == Tile(g.wildcard).code
    assert len(w["dice"]) == 2 and all(1 <= d <= 6 for d in w["dice"])
    assert g.wall.turned == [int(Tile.from_code(w["indicator"]))]
    nxt = Game("jiaxing", seed=11, options={"wildcard_from": "next"})
    assert of_type(nxt, "wildcard")[0]["indicator"] == w["indicator"]
    assert nxt.wildcard == next_kind(g.wildcard) != g.wildcard


def test_heavenly_hand_with_a_baida() -> None:
    # 5p is turned up: the 5p the dealer draws is a 百搭 standing for 2s.  天和 2 番 (and
    # 包子 when the dice match); no 台 (a 百搭 held, three suits): (底台 1) × 2 ** 番.
    g = jiaxing([DEALER, SEAT1, SEAT2, SEAT3], "5p", back="5p")
    assert g.wildcard == Tile.P5 and g.to_act == 0 and "win" in legal(g)
    act(g, 0, "win")
    (win,) = of_type(g, "win")
    names = [f[0] for f in win["fans"]]
    fan = 2 + doubles(g)
    assert "天和" in names and win["total"] == fan
    each = 1 << fan
    assert settlements(g) == [[3 * each, -each, -each, -each]]
    assert g.done and g.carried_out["last_wildcard"] == "5p"
    # the log says what the 百搭 stood for, and writes the hand as it was read
    assert win["wildcards"] == {"kind": "5p", "stood_for": [], "winning": "2s"}
    assert win["hand"].endswith("2s2s")


def test_earthly_hand_on_the_dealers_first_discard() -> None:
    # The dealer draws 7s and discards it; seat 1 (ready on 7s, no 百搭 held) wins:
    # 地和 2 番, 无百搭 1 台: (1 + 1) × 4 from the dealer.
    s1 = "234m567m111p22p89s"
    g = jiaxing(["1m4m7m1p4p7p1s4sESWNC", s1, SEAT2, SEAT3], "7s", back="5p")
    act(g, 0, "discard 7s")
    assert g.to_act == 1 and "win" in legal(g)
    act(g, 1, "win")
    pass_claims(g)
    (win,) = of_type(g, "win")
    assert "地和" in [f[0] for f in win["fans"]]
    pay = 2 << (2 + doubles(g))
    assert settlements(g) == [[-pay, pay, 0, 0]]


def test_no_earthly_hand_on_a_later_discard() -> None:
    # seat 2 waits on 9m; seat 1 discards it on its first turn: a plain win, no 地和.
    s2 = "123m456m789p11s78m"
    g = jiaxing(["1m4m7m1p4p7p1s4sESWNC", SEAT1, s2, SEAT3], "F9m", back="5p")
    act(g, 0, "discard F")
    act(g, 1, "discard 9m")
    assert g.to_act == 2 and "win" in legal(g)
    act(g, 2, "win")
    pass_claims(g)
    (win,) = of_type(g, "win")
    assert "地和" not in [f[0] for f in win["fans"]]


def test_carried_huang_fan_is_used_once_and_the_rest_goes_on() -> None:
    # Two 黄番 carried in: the 天和 win uses one (whatever else waits: one per hand).
    g = jiaxing([DEALER, SEAT1, SEAT2, SEAT3], "5p", back="5p", carry={"huang_fan": 2})
    assert g.events[0]["carry"] == {"huang_fan": 2}
    act(g, 0, "win")
    (win,) = of_type(g, "win")
    assert "黄番" in [f[0] for f in win["fans"]] and win["total"] == 3
    out = g.carried_out
    assert out["huang_fan"] == 1 and out["bao_zi"] == int(doubles(g))
    assert of_type(g, "end")[0]["carry"] == out


def test_a_drawn_hand_adds_a_huang_fan() -> None:
    g = Game("jiaxing", seed=5, carry={"huang_fan": 1, "last_wildcard": "C"})
    play_out(g)  # nobody declares: the wall runs out
    assert g.done and not g.winners
    assert g.carried_out["huang_fan"] == 2
    assert g.carried_out["last_wildcard"] == Tile(g.wildcard).code


def test_the_carry_is_checked() -> None:
    with pytest.raises(Exception, match="unknown carried state 'dealer'"):
        Game("jiaxing", seed=1, carry={"dealer": 2})


def test_a_hand_with_its_carry_replays() -> None:
    g = Game("jiaxing", seed=9, carry={"huang_fan": 3, "bao_zi": 1})
    play_out(g)
    logged = next(iter_games(game_lines(g.events, game=0)))
    assert replay_game(logged).mismatch is None


def test_soak_seeded_games() -> None:
    # tile conservation after every decision, zero-sum settlements, replay of the log
    report = soak(60, seed=16, tables=[("jiaxing", {})])
    assert not report.failures, report.failures[:3]
    assert report.games == 60 and report.wins > 0 and report.drawn > 0


UNIT_BY_NAME = {f.name_zh: UNIT[f.key] for f in FANS}
#: Options that change the table: the 百搭 after the turned tile, no 七对, 包三家, a cap,
#: every carried 番 at once.
OTHER_OPTIONS = {
    "wildcard_from": "next",
    "seven_pairs": False,
    "discard_pays": "discarder_for_all",
    "cap": 2,
    "specials_per_hand": None,
}


def test_seeded_series_under_other_options_keep_the_invariants() -> None:
    # 12 hands in a row, each carrying the last one's state, greedy and random bots.
    carry: dict[str, Any] = {}
    drawn = 0
    for k in range(12):
        g = Game("jiaxing", seed=700 + k, options=OTHER_OPTIONS, carry=carry)
        bots = [make_player("greedy" if s % 2 else "random", 31 * k + s) for s in range(4)]
        while not g.done:
            s = g.to_act
            assert s is not None
            g.step(bots[s].choose(g.observe(s)))
            check_conservation(g)
        check_zero_sum(g)
        assert g.wildcard == next_kind(int(Tile.from_code(of_type(g, "wildcard")[0]["indicator"])))
        for win, paid in zip(of_type(g, "win"), settlements(g), strict=True):
            # 包三家 or self-drawn: the winner gets 3 × (底台 1 + 台) × 2 ** min(番, cap 2)
            tai = sum(v * n for name, v, n in win["fans"] if UNIT_BY_NAME[name] == "台")
            fan = sum(v * n for name, v, n in win["fans"] if UNIT_BY_NAME[name] == "番")
            assert paid[win["seat"]] == 3 * ((1 + tai) << min(fan, 2))
        logged = next(iter_games(game_lines(g.events, game=k)))
        assert replay_game(logged).mismatch is None
        expected_huang = carry.get("huang_fan", 0) + (0 if g.winners else 1)
        if g.winners:
            expected_huang = 0  # specials_per_hand null: a win uses every waiting 番
        drawn += not g.winners
        assert g.carried_out["huang_fan"] == expected_huang
        carry = g.carried_out
    assert drawn < 12


@pytest.mark.slow
def test_soak_hundreds_of_games() -> None:
    report = soak(400, seed=1616, tables=[("jiaxing", {}), ("jiaxing", {"dealer": 2})])
    assert not report.failures, report.failures[:3]
    assert report.games == 800
