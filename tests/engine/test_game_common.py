"""The 底分 × 2^番 list (rule set ``common``, seed 000 快速入门规则) at the table: a
stacked hand won on a discard and one self-drawn, settled as ``fanshu.rules.common``
says, replayed; and a soak of hundreds of seeded hands (tile conservation, zero-sum
settlements, replay reproduces the game)."""

from __future__ import annotations

from fanshu.engine import Game
from fanshu.engine.log import game_lines, iter_games
from fanshu.engine.replay import replay_game
from support.engine_soak import soak
from support.engine_walls import act, legal, of_type, play_out, settlements, wall

#: Three seats that take no part: no pair or run of what the tests discard.
DEALER = "1p9p1s9sSWN3m7m2p8p5pE"
SEAT2 = "1m1m9m9m2s2s8s8sSSWWN"
SEAT3 = "3p3p4p4p6p6p7s7s9s9s3m3mN"


def stacked(hands: list[str], draws: str, **kw: object) -> Game:
    # the 136 tiles of Beijing's set are common's too
    return Game("common", wall=wall("beijing", hands, draws), **kw)  # type: ignore[arg-type]


def test_136_tiles_and_no_flowers() -> None:
    g = Game("common", seed=3)
    start = g.events[0]
    assert (start["rules"], start["seats"], len(start["wall"])) == ("common", 4, 136)
    play_out(g)
    assert not of_type(g, "flower") and g.done and sum(g.scores) == 0


def test_discard_win_paid_by_the_discarder() -> None:
    # seat 1: 123m456m789m 123s + 5s, waits 5s: 无字 3 → 10 × 8 = 80 from the dealer
    hands = ["1p9p1s9sESWNCFP3m5s", "123m456m789m123s5s", SEAT2, SEAT3]
    g = stacked(hands, "7m")
    act(g, 0, "discard 5s")
    assert g.to_act == 1 and "win" in legal(g)
    act(g, 1, "win")
    (win,) = of_type(g, "win")
    assert (win["seat"], win["source"], win["total"]) == (1, 0, 3)
    assert [f[0] for f in win["fans"]] == ["无字"]
    assert settlements(g) == [[-80, 80, 0, 0]] and g.scores == [-80, 80, 0, 0]


def test_self_drawn_win_paid_by_each() -> None:
    # seat 1 draws its 5s: 无字 3, each of the three pays 80
    hands = ["1p9p1s9sESWNCFP3m7m", "123m456m789m123s5s", SEAT2, SEAT3]
    g = stacked(hands, "2p5s")
    act(g, 0, "discard 2p")
    assert g.to_act == 1 and "win" in legal(g)
    act(g, 1, "win")
    (win,) = of_type(g, "win")
    assert (win["seat"], win["source"], win["total"]) == (1, None, 3)
    assert settlements(g) == [[-80, 240, -80, -80]]


def test_base_20_option_at_the_table() -> None:
    hands = ["1p9p1s9sESWNCFP3m5s", "123m456m789m123s5s", SEAT2, SEAT3]
    g = stacked(hands, "7m", options={"base": 20})
    act(g, 0, "discard 5s")
    act(g, 1, "win")
    assert settlements(g) == [[-160, 160, 0, 0]]
    report = replay_game(next(iter_games(game_lines(g.events, game=0))))
    assert report.mismatch is None


def test_thirteen_orphans_is_not_offered() -> None:
    # seat 1 holds 十三幺 waiting on P; the list has no such shape, so no win is offered
    hands = ["1p9p1s9sESWNCF3m7m5s", "19m19p19sESWNCFF", SEAT2, SEAT3]
    g = stacked(hands, "P")
    act(g, 0, "discard P")
    assert not of_type(g, "win")
    assert g.to_act != 1 or "win" not in legal(g)


def test_soak_hundreds_of_hands() -> None:
    report = soak(150, seed=16, tables=[("common", {}), ("common", {"dealer": 1})])
    assert report.failures == []
    assert report.games == 300 and report.wins > 150 and report.decisions > 0
    assert set(report.reasons) == {"win"}
