"""Wuhan 开口翻 (seed 001 ❽) at the table: stacked hands where all three others pay, each
by its own 番 (the dealer's 庄家, the discarder's 放冲), 承包 from the table's facts, the
赖子 turned up and never claimed (赖子杠), 红中发财杠; and a soak of hundreds of seeded
hands with and without the options (tile conservation, zero-sum settlements, replay)."""

from __future__ import annotations

from typing import Any

import pytest

from fanshu.engine import Game
from fanshu.engine.invariants import check_conservation, check_zero_sum
from fanshu.engine.log import game_lines, iter_games
from fanshu.engine.players import make_player
from fanshu.engine.replay import replay_game
from fanshu.engine.simulate import game_seed, player_seed
from fanshu.engine.variants.wuhan import WuhanVariant
from fanshu.tiles import Tile
from support.engine_soak import soak
from support.engine_walls import act, legal, of_type, settlements, wall

#: Three seats that take no part (the Beijing tests' neutral hands).
DEALER = "1p9p1s9sSWN3m7m2p8p5pE"
SEAT2 = "1m1m9m9m2s2s8s8sSSWWN"
SEAT3 = "3p3p4p4p6p6p7s7s9s9s3m3mN"


def table(hands: list[str], draws: str, options: dict[str, Any] | None = None, **kw: Any) -> Game:
    # Wuhan plays Beijing's tile set (136, no flowers), so its stacked walls are built alike
    w = wall("beijing", hands, draws, back=kw.pop("back", ""))
    return Game("wuhan", wall=w, options=options or {}, **kw)


def test_136_tiles_no_flowers_and_no_wildcard_by_default() -> None:
    g = Game("wuhan", seed=4)
    assert len(g.events[0]["wall"]) == 136 and not of_type(g, "wildcard")
    assert g.wildcard is None and isinstance(g.variant, WuhanVariant)


def test_a_self_drawn_win_all_three_pay_the_dealer_more() -> None:
    # seat 1 pungs E, then self-draws 5s: 开口 1 + 自摸 1 + 屁胡 1 = 3 番.  The dealer
    # (庄家 1) pays 2^4 = 16, the two others 2^3 = 8.
    hands = ["E1p9p1s9sSWN3m7m2p8p5p", "EE123m456m789p5s6s", SEAT2, SEAT3]
    g = table(hands, "F5sCP5s")
    act(g, 0, "discard E")
    act(g, 1, "pung")
    act(g, 1, "discard 6s")
    act(g, 2, "discard 5s")
    assert legal(g) == ["win", "pass"]  # an opened hand may win on a discard too
    act(g, 1, "pass")
    act(g, 3, "discard C")
    act(g, 0, "discard P")
    assert "win" in legal(g)
    act(g, 1, "win")
    (w,) = of_type(g, "win")
    assert (w["total"], sorted(f[0] for f in w["fans"])) == (3, ["屁胡", "开口", "自摸"])
    assert settlements(g) == [[-16, 32, -8, -8]] and g.scores == [-16, 32, -8, -8]


def test_a_discard_win_the_others_still_pay() -> None:
    # seat 1 (屁胡 1) wins on the dealer's 5s: the dealer 放冲 + 庄家 → 2^3, the others 2^1
    hands = ["1p9p1s9sESWNCFP3m5s", "123m456m789p234s5s", SEAT2, SEAT3]
    g = table(hands, "7m")
    act(g, 0, "discard 5s")
    act(g, 1, "win")
    assert settlements(g) == [[-8, 12, -2, -2]]


def test_cheng_bao_from_the_tables_facts() -> None:
    # under contract="every_discard" the dealer, not ready after its discard, pays all
    hands = ["1p9p1s9sESWNCFP3m5s", "123m456m789p234s5s", SEAT2, SEAT3]
    g = table(hands, "7m", {"contract": "every_discard"})
    act(g, 0, "discard 5s")
    assert not g.seat[0].waits  # the discarder was not ready
    act(g, 1, "win")
    assert settlements(g) == [[-12, 12, 0, 0]]


def until(g: Game, seat: int, action: str) -> None:
    """Pass every other offer until ``seat`` may take ``action``, then take it."""
    while g.to_act != seat or action not in legal(g):
        other = g.to_act
        assert other is not None and "pass" in legal(g), f"seat {other} must act: {legal(g)}"
        act(g, other, "pass")
    act(g, seat, action)


def test_cheng_bao_a_quan_qiu_ren_fed_by_a_player_not_ready() -> None:
    # seat 1 chows the dealer's 1m, 4m, 1s, 4s and single-waits on 7p; seat 2 (not
    # ready under these rules) draws the 7p and throws it: 全求人 (开口 4 + 屁胡 1 = 5).
    # Shares: the dealer (庄家) 2^6, seat 2 (放冲) 2^6, seat 3 2^5 — seat 2 承包 pays 160.
    dealer = "1m4m1s4s7m8m2p5p8pEEFF"
    seat1 = "2m3m5m6m2s3s5s6s1p9pFP7p"
    g = table([dealer, seat1, SEAT2, SEAT3], "C" + "CPN" + "CPS" + "CPW" + "7p")
    junk = ["1p", "9p", "F", "P"]
    for k, (fed, low) in enumerate([("1m", "1m"), ("4m", "4m"), ("1s", "1s"), ("4s", "4s")]):
        until(g, 0, f"discard {fed}")
        until(g, 1, f"chow {low}")
        until(g, 1, f"discard {junk[k]}")
        if k < 3:
            for s, t in ((2, "C"), (3, "P")):
                until(g, s, f"discard {t}")
    until(g, 2, "discard 7p")
    # seat 2 (six pairs) waits on N only for 七对, which Wuhan does not play: not ready
    assert isinstance(g.variant, WuhanVariant)
    assert g.seat[2].waits == {int(Tile.NORTH)} and not g.variant.facts(g, 2, ask_ready=True).ready
    until(g, 1, "win")
    (w,) = of_type(g, "win")
    assert w["total"] == 5 and "全求人" in [f[0] for f in w["fans"]]
    assert settlements(g) == [[0, 160, -160, 0]]


@pytest.mark.parametrize(
    ("ready_contract", "paid"),
    [("each", [-8, 12, -2, -2]), ("discarder_only", [-8, 8, 0, 0])],
)
def test_a_ready_discarder_is_not_liable(ready_contract: str, paid: list[int]) -> None:
    # the dealer draws 3p and throws 5s: ready on 1p/4p; seat 1 wins on the 5s.  Under
    # contract="every_discard" a ready discarder is not liable: ready_contract decides.
    hands = ["123m456m789m1p1p2p5s", "123m456m789p234s5s", SEAT2, SEAT3]
    opts = {"contract": "every_discard", "ready_contract": ready_contract}
    g = table(hands, "3p", opts)
    act(g, 0, "discard 5s")
    assert g.seat[0].waits == {int(Tile.P1), int(Tile.P4)}
    assert isinstance(g.variant, WuhanVariant) and g.variant.ready(g, 0)
    act(g, 1, "win")
    assert settlements(g) == [paid]


def test_laizi_turned_up_never_claimed_and_a_lai_zi_gang() -> None:
    # the tile turned up is the wall's last (2m): 3m is the 赖子.  The dealer throws a 3m:
    # seat 3 (3m3m) is not offered a pung; seat 1 self-draws 5s: 自摸 + 屁胡 = 2.  The
    # dealer: 庄家 1 + 赖子杠 2 → 2^5; the others 2^2.
    hands = ["1p9p1s9sESWNCFP3m5s", "123m456m789p234s5s", SEAT2, SEAT3]
    g = table(hands, "7m5s", {"laizi": True}, back="2m")
    (wild,) = of_type(g, "wildcard")
    assert (wild["tile"], wild["indicator"]) == ("3m", "2m") and g.wildcard == 2
    act(g, 0, "discard 3m")
    assert g.to_act == 1 and g.legal_actions(3) == []
    act(g, 1, "win")
    (w,) = of_type(g, "win")
    assert w["total"] == 2
    assert settlements(g) == [[-32, 40, -4, -4]]


def test_dragon_kongs_never_claimed_and_counted() -> None:
    # 红中发财杠: the dealer throws 中; seat 3 (中中) is not offered a pung; seat 1
    # self-draws: the dealer 庄家 + 红中发财杠 → 2^4, the others 2^2.
    seat3 = "3p3p4p4p6p6p7s7s9s9sCCN"
    hands = ["1p9p1s9sESWNCFP3m5s", "123m456m789p234s5s", SEAT2, seat3]
    g = table(hands, "7m5s", {"dragon_kongs": True})
    act(g, 0, "discard C")
    assert g.to_act == 1 and g.legal_actions(3) == []
    act(g, 1, "win")
    assert settlements(g) == [[-16, 24, -4, -4]]
    plain = table(hands, "7m5s")
    act(plain, 0, "discard C")
    assert plain.to_act == 3 and "pung" in legal(plain)


# --- the soak ---------------------------------------------------------------------------

LINEUPS = [["random"] * 4, ["greedy"] * 4, ["greedy", "random", "fan", "random"]]


def soak_options(options: dict[str, Any], games: int, seed: int) -> list[str]:
    """``support.engine_soak``'s checks on tables with rule options (its ``soak`` takes
    engine configs only): conservation after every decision, zero sum, replay."""
    failures = []
    for k in range(games):
        lineup = LINEUPS[k % len(LINEUPS)]
        try:
            g = Game("wuhan", seed=game_seed(seed, k), options=options)
            bots = [make_player(n, player_seed(seed, k, s)) for s, n in enumerate(lineup)]
            while not g.done:
                s = g.to_act
                assert s is not None
                action = bots[s].choose(g.observe(s))
                assert action in g.legal_actions(), f"seat {s} chose {action}"
                g.step(action)
                check_conservation(g)
            check_zero_sum(g)
            report = replay_game(next(iter_games(game_lines(g.events, game=k))))
            assert report.mismatch is None, str(report.mismatch)
        except Exception as e:
            failures.append(f"wuhan {options} game {k} seed {seed} {lineup}: {e!r}")
    return failures


def test_soak_default_tables() -> None:
    r = soak(100, seed=16, tables=[("wuhan", {}), ("wuhan", {"dealer": 2})])
    assert not r.failures, r.failures[:3]
    assert r.games == 200 and r.wins > 0 and r.reasons["win"] == r.wins


@pytest.mark.parametrize(
    "options",
    [
        {"laizi": True},
        {"laizi": True, "dragon_kongs": True, "ying_hu": True},
        {"contract": "every_discard", "ready_contract": "discarder_only", "cap": 16},
    ],
)
def test_soak_with_options(options: dict[str, Any]) -> None:
    assert soak_options(options, 50, seed=16) == []


@pytest.mark.slow
def test_soak_hundreds_more() -> None:
    r = soak(400, seed=1616, tables=[("wuhan", {}), ("wuhan", {"dealer": 3})])
    assert not r.failures, r.failures[:3]
    assert r.games == 800
    laizi = {"laizi": True, "dragon_kongs": True, "ying_hu": True, "base_points": 10}
    assert soak_options(laizi, 300, seed=1616) == []
