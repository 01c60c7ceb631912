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
