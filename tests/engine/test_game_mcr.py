"""MCR (国标) hands played on stacked walls: claim priority, 截和, chows, 错和, settlement
with flowers, flower and kong replacements, 杠上开花, 抢杠和, 海底捞月 / 妙手回春,
exhaustion and 和绝张 (RULES.md §1; seeds 000-004 carry the fan table)."""

from __future__ import annotations

import pytest

from fanshu.engine import ActionError, Game
from fanshu.hand import MeldKind
from fanshu.tiles import Tile
from support.engine_walls import (
    act,
    game,
    legal,
    of_type,
    play_out,
    settlements,
)


def fans_of(win: dict[str, object]) -> set[str]:
    return {f[0] for f in win["fans"]}  # type: ignore[attr-defined]


# -- claim priority ------------------------------------------------------------------

# The dealer discards 6p (after drawing 3m): seat 1 may chow it (4p5p), seat 2 pung it
# (6p6p), seat 3 win on it (123456789p 55p 78p waits 6p/9p: 清一色 清龙 …).
PRIORITY = [
    "1m9m1s9s2p6pESWNCFP",
    "4p5p2m3m4m7s8s9s2s2s5m6m8m",
    "6p6p1m1m3s3s5s5s7s7sEES",
    "1p2p3p4p5p6p7p8p9p5p5p7p8p",
]


def test_claims_are_asked_in_turn_order_each_with_its_own_options() -> None:
    # RULES.md §1 / the engine's claim round: every seat with a claim is asked, from the
    # discarder's next seat on; the chow only for the next seat.
    g = game("mcr", PRIORITY, "3m")
    act(g, 0, "discard 6p")
    assert (g.to_act, legal(g)) == (1, ["chow 4p", "pass"])
    act(g, 1, "chow 4p")
    assert (g.to_act, legal(g)) == (2, ["pung", "pass"])
    act(g, 2, "pung")
    assert (g.to_act, legal(g)) == (3, ["win", "pass"])


def test_win_beats_pung_and_chow() -> None:
    # A win on the discard takes it before a pung or a chow claimed at the same time;
    # settled as a discard win: discarder 8+fan, the others 8 each (RULES.md §1).
    g = game("mcr", PRIORITY, "3m")
    act(g, 0, "discard 6p")
    act(g, 1, "chow 4p")
    act(g, 2, "pung")
    act(g, 3, "win")
    assert g.done and g.winners == [3]
    assert not of_type(g, "claim")
    (win,) = of_type(g, "win")
    assert win["source"] == 0 and win["tile"] == "6p"
    fan = win["total"]
    assert fan == 44 and {"清一色", "清龙"} <= fans_of(win)
    assert settlements(g) == [[-(8 + fan), -8, -8, 8 * 3 + fan]]
    assert g.scores == [-52, -8, -8, 68] and sum(g.scores) == 0


def test_pung_beats_chow() -> None:
    # Without a win, the pung (any seat) is taken before the next seat's chow; the
    # punger plays at once, without drawing.
    g = game("mcr", PRIORITY, "3m")
    act(g, 0, "discard 6p")
    act(g, 1, "chow 4p")
    act(g, 2, "pung")
    act(g, 3, "pass")
    (claim,) = of_type(g, "claim")
    assert (claim["seat"], claim["kind"], claim["source"]) == (2, "pung", 0)
    assert g.events[-1]["type"] == "claim"  # no draw after a pung
    assert g.to_act == 2 and all(a.startswith("discard") for a in legal(g))
    assert [m.kind for m in g.seat[2].melds] == [MeldKind.PUNG]
    assert g.seat[1].melds == [] and g.seat[0].river == []


def test_chow_when_nobody_else_claims() -> None:
    # The chow stands when the pung and the win are passed; the chower plays at once.
    g = game("mcr", PRIORITY, "3m")
    act(g, 0, "discard 6p")
    act(g, 1, "chow 4p")
    act(g, 2, "pass")
    act(g, 3, "pass")
    (claim,) = of_type(g, "claim")
    assert (claim["seat"], claim["kind"], claim["meld"]) == (1, "chow", "[456p3]")
    assert g.to_act == 1


# The dealer discards 3s: seat 1 may chow it (1s2s), seat 2 holds three (kong or pung).
KONG_CLAIM = [
    "1m9m1p9p2p3sESWNCFP",
    "1s2s2m3m4m7p8p9p5p5p5m6m8m",
    "3s3s3s1m1m4s4s6s6sEESN",
    "2m2m7s7s8s8sWWNN9s9sC",
]


def test_kong_beats_chow_and_draws_from_the_back() -> None:
    # A kong on a discard (直杠) outranks a chow; the konger's replacement tile comes from
    # the back of the wall, not the front.
    g = game("mcr", KONG_CLAIM, "6m", back="7p")
    act(g, 0, "discard 3s")
    assert legal(g) == ["chow 1s", "pass"]
    act(g, 1, "chow 1s")
    assert legal(g) == ["pung", "kong 3s", "pass"]
    front = g.wall.live()[0]
    act(g, 2, "kong 3s")
    claim, draw = g.events[-2:]
    assert (claim["type"], claim["kind"], claim["meld"]) == ("claim", "kong", "[3333s2]")
    assert (draw["type"], draw["seat"], draw["tile"], draw["back"]) == ("draw", 2, "7p", True)
    assert g.wall.live()[0] == front  # the front of the wall is untouched
    assert [m.kind for m in g.seat[2].melds] == [MeldKind.KONG]
    assert g.to_act == 2


# -- 截和: the first in turn from the discarder wins -----------------------------------

# Seat 2 discards 6p after two turns of N; seat 3 (清一色 清龙, waits 6p/9p) and seat 1
# (123m×3 + 99m 45p, waits 3p/6p) can both win on it.
HEAD_BUMP = [
    "1m9m1s9s2pESWNCFP3s",
    "1m2m3m1m2m3m1m2m3m9m9m4p5p",
    "6p2s2s4s4sEE8s8sSSWW",
    "1p2p3p4p5p6p7p8p9p5p5p7p8p",
]


def test_two_wins_on_one_discard_the_next_in_turn_from_the_discarder_wins() -> None:
    # 截和 (MCR has no 一炮多响): both seats 3 and 1 declare; seat 3 follows the
    # discarder (seat 2) and takes the win, though seat 1 has the lower number.
    g = game("mcr", HEAD_BUMP, "NNC")
    act(g, 0, "discard N")
    act(g, 1, "discard N")
    act(g, 2, "discard 6p")
    assert g.to_act == 3 and "win" in legal(g)
    act(g, 3, "win")
    assert (g.to_act, legal(g)) == (1, ["win", "pass"])
    act(g, 1, "win")
    assert g.winners == [3]
    (win,) = of_type(g, "win")
    assert (win["seat"], win["source"]) == (3, 2)
    assert settlements(g) == [[-8, -8, -52, 68]]


def test_the_later_seat_wins_when_the_earlier_passes() -> None:
    # 截和 only when the earlier seat takes it: if seat 3 passes, seat 1 wins.
    g = game("mcr", HEAD_BUMP, "NNC")
    act(g, 0, "discard N")
    act(g, 1, "discard N")
    act(g, 2, "discard 6p")
    act(g, 3, "pass")
    act(g, 1, "win")
    assert g.winners == [1]
    (win,) = of_type(g, "win")
    assert "一色三节高" in fans_of(win)  # 111m 222m 333m read as pungs


def test_chow_only_for_the_next_seat() -> None:
    # 吃 only from the player on the left: seat 2 holds 7p8p and 4p5p but is not asked
    # for the dealer's 6p; seat 1 is (4p5p).
    hands = [
        "1m9m1s9s2p6pESWNCFP",
        "4p5p2m3m4m7s8s9s2s2s5m6m8m",
        "4p5p7p8p1m1m3s3sEESSW",
        "1p1p2p2p3p3pWN5s5sC9m9m",
    ]
    g = game("mcr", hands, "3m")
    act(g, 0, "discard 6p")
    assert g.to_act == 1 and legal(g) == ["chow 4p", "pass"]
    assert g.legal_actions(2) == []
    act(g, 1, "pass")
    # nobody else was asked: seat 1 draws at once
    assert g.events[-1]["type"] == "draw" and g.events[-1]["seat"] == 1
    # a discard by seat 1 may be chowed by seat 2, the next seat after it
    g2 = game("mcr", hands, "N6p")
    act(g2, 0, "discard N")
    act(g2, 1, "discard 6p")
    assert (g2.to_act, legal(g2)) == (2, ["chow 4p", "chow 5p", "chow 6p", "pass"])


# -- 错和 --------------------------------------------------------------------------------

# Seat 1 is ready with a hand under 8 fan (平和 …), waits 3s/6s; it holds 1p1p.
FALSE_WIN = [
    "1m9m1s9s2p6sESWNCFP",
    "1m2m3m4m5m6m7s8s9s1p1p4s5s",
    "2p2p8m8m6p6pEESSWWN",
    "3p3p9p9p7m7mNNCCFFP",
]


def test_a_win_under_8_fan_is_a_false_win_paid_10_to_each() -> None:
    # 错和 (RULES.md §1): under 8 fan the declared win is refused; the offender pays 10
    # to each other player and the hand goes on (seat 1 draws next).
    g = game("mcr", FALSE_WIN, "3m")
    act(g, 0, "discard 6s")
    assert (g.to_act, legal(g)) == (1, ["win", "chow 4s", "chow 5s", "chow 6s", "pass"])
    assert g.observe(1).win_accepted is False
    act(g, 1, "win")
    (fw,) = of_type(g, "false_win")
    assert fw["seat"] == 1 and fw["total"] < 8
    assert settlements(g) == [[10, -30, 10, 10]]
    assert not g.done and not of_type(g, "win")
    assert g.seat[0].river == [int(Tile.S6)]  # the discard stays on the table
    assert g.events[-1]["type"] == "draw" and g.events[-1]["seat"] == 1


def test_after_a_false_win_the_offender_cannot_win_or_claim() -> None:
    # The offender plays on without the right to win or claim: its own winning draw is
    # not offered, nor a pung of a tile it holds two of.
    g = game("mcr", FALSE_WIN, "3m3s6m1p")
    act(g, 0, "discard 6s")
    act(g, 1, "win")
    # seat 1 drew 3s, which completes its hand: no win offered
    assert g.to_act == 1 and "win" not in legal(g)
    act(g, 1, "discard 3s")
    act(g, 2, "discard 6m")
    act(g, 3, "discard 1p")  # seat 1 holds 1p1p: no pung offered, seat 0 draws
    assert g.events[-1]["type"] == "draw" and g.events[-1]["seat"] == 0
    assert g.seat[1].melds == []


def test_a_self_drawn_false_win_leaves_the_offender_to_discard() -> None:
    # 错和 on a self-draw: the same penalty; the offender keeps its turn and must discard.
    g = game("mcr", FALSE_WIN, "3m3s")
    act(g, 0, "discard 1s")
    assert g.observe(1).drawn == Tile.S3 and "win" in legal(g)
    act(g, 1, "win")
    assert settlements(g) == [[10, -30, 10, 10]]
    assert g.to_act == 1 and "win" not in legal(g)
    assert all(a.startswith("discard") for a in legal(g))
    act(g, 1, "discard 3s")
    assert not g.done and g.winners == []


def test_without_the_false_win_the_same_pung_is_offered() -> None:
    # The counterpart of the test above: a seat in good standing is asked for the pung.
    g = game("mcr", FALSE_WIN, "3m3s6m1p")
    act(g, 0, "discard 6s")
    act(g, 1, "pass")
    act(g, 1, "discard 3s")
    act(g, 2, "discard 6m")
    act(g, 3, "discard 1p")
    assert (g.to_act, legal(g)) == (1, ["pung", "pass"])


# -- flowers and self-drawn settlement -------------------------------------------------

# The dealer is dealt two flowers and seat 2 one: replaced from the back in deal order
# (dealer first: E, E; then seat 2: 7m).  The dealer then draws a fourth flower from the
# front, replaced by 9s, which completes 123s456s789s 11s EEE (清龙 …).
FLOWERS = [
    "1f2f1s1s1s2s3s4s5s6s7s8sE",
    "1m2m3m4m5m6m7p8p9p1p1pSS",
    "3f2p2p5p5p8m8mWWNNCC",
    "3m3m6m6m9m9m4p4pFFPPS",
]


def test_flowers_dealt_and_drawn_are_replaced_from_the_back_and_counted() -> None:
    # RULES.md §1: flowers count 1 fan each but not toward the 8-fan minimum; a
    # self-drawn win is paid 8+fan by each of the three others, fan with the flowers.
    g = game("mcr", FLOWERS, "4f", back="E E 7m 9s")
    replaced = [(e["seat"], e["tile"]) for e in of_type(g, "flower")]
    assert replaced == [(0, "E"), (0, "E"), (2, "7m"), (0, "9s")]
    draw = of_type(g, "draw")[0]
    assert (draw["seat"], draw["tile"]) == (0, "4f")
    assert len(g.seat[0].flowers) == 3 and len(g.seat[2].flowers) == 1
    assert g.seat[0].counts[int(Tile.EAST)] == 3
    obs = g.observe(0)
    assert obs.drawn == Tile.S9 and "win" in legal(g)
    act(g, 0, "win")
    (win,) = of_type(g, "win")
    fans = {f[0]: f[1] * f[2] for f in win["fans"]}
    assert fans["花牌"] == 3 and "清龙" in fans
    fan = win["total"]
    assert fan == sum(fans.values())
    assert settlements(g) == [[3 * (8 + fan), -(8 + fan), -(8 + fan), -(8 + fan)]]


# -- kongs -----------------------------------------------------------------------------

# Seat 1 holds four 1s; it draws E and declares the concealed kong.  Seat 3 waits on
# 1s/4s (清龙 in 万 + 23s) but cannot rob a concealed kong.  The replacement 7s
# completes seat 1's hand: kong 1s, 234s 567s 789s EE (杠上开花).
CONCEALED = [
    "1m9m1p9p2pESWNCFP6p",
    "1s1s1s1s2s3s4s5s6s7s8s9sE",
    "2m2m5p5p8p8pSSWWNNC",
    "1m2m3m4m5m6m7m8m9m9s9s2s3s",
]


def concealed_kong_game() -> Game:
    g = game("mcr", CONCEALED, "6mE", back="7s")
    act(g, 0, "discard 6m")
    assert g.to_act == 1 and "kong 1s" in legal(g)
    act(g, 1, "kong 1s")
    return g


def test_concealed_kong_draws_from_the_back_and_cannot_be_robbed() -> None:
    # 暗杠: a replacement from the back; 抢杠和 is only on an added kong (RULES.md §1
    # fan 47: 和别人自抓开明杠的牌), so seat 3, ready on 1s, is not asked.
    g = concealed_kong_game()
    kong, draw = g.events[-2:]
    assert (kong["type"], kong["kind"], kong["tile"]) == ("kong", "concealed", "1s")
    assert (draw["type"], draw["seat"], draw["tile"], draw["back"]) == ("draw", 1, "7s", True)
    assert not of_type(g, "robbed")
    assert int(Tile.S1) in g.seat[3].waits and g.legal_actions(3) == []
    assert [m.kind for m in g.seat[1].melds] == [MeldKind.CONCEALED_KONG]
    assert g.to_act == 1


def test_win_on_a_kong_replacement_scores_kong_flower() -> None:
    # 杠上开花 (8 fan): self-drawn on the replacement tile of a kong.
    g = concealed_kong_game()
    assert "win" in legal(g)
    act(g, 1, "win")
    (win,) = of_type(g, "win")
    assert "杠上开花" in fans_of(win) and "自摸" not in fans_of(win)
    fan = win["total"]
    assert settlements(g) == [[-(8 + fan), 3 * (8 + fan), -(8 + fan), -(8 + fan)]]


def test_a_self_drawn_win_without_a_kong_is_not_kong_flower() -> None:
    # Near miss of the test above: the drawn E already completes 111s 123s 456s 789s EE;
    # won at once, without the kong, it is a plain self-drawn win (no 杠上开花).
    g = game("mcr", CONCEALED, "6mE")
    act(g, 0, "discard 6m")
    act(g, 1, "win")
    (win,) = of_type(g, "win")
    assert "杠上开花" not in fans_of(win) and "清一色" not in fans_of(win)


# The dealer discards 9p and seat 1 pungs it (holds 9p9p); four turns later seat 1 draws
# the fourth 9p and adds it to the pung.  Seat 3 waits on 6p/9p (清龙 in 条 + EE 78p).
ADDED = [
    "1m9m1s2pESWNCFP5m6m",
    "9p9p1m2m3m4m5m6m2m3m4mSS",
    "2m2m5p5p8m8mWWNNCC8s",
    "1s2s3s4s5s6s7s8s9sEE7p8p",
]


def added_kong_game() -> Game:
    # draws: dealer 9p (discarded), seat 2 1p, seat 3 F, dealer 7s, seat 1 9p
    g = game("mcr", ADDED, "9p 1p F 7s 9p", back="3p")
    act(g, 0, "discard 9p")
    act(g, 1, "pung")
    act(g, 3, "pass")  # seat 3 could win on this 9p already
    act(g, 1, "discard S")
    act(g, 2, "discard 1p")
    act(g, 3, "discard F")
    act(g, 0, "discard 7s")
    assert g.to_act == 1 and "kong 9p" in legal(g)
    act(g, 1, "kong 9p")
    return g


def test_robbing_an_added_kong_scores_and_the_kong_reverts_to_a_pung() -> None:
    # 抢杠和 (8 fan, RULES.md §1): a player waiting on the added tile wins on it; the
    # kong goes back to a pung, and the konger pays as a discarder (8+fan, others 8).
    g = added_kong_game()
    assert (g.to_act, legal(g)) == (3, ["win", "pass"])
    act(g, 3, "win")
    (robbed,) = of_type(g, "robbed")
    assert (robbed["seat"], robbed["tile"]) == (1, "9p")
    (win,) = of_type(g, "win")
    assert (win["seat"], win["source"], win["robbed"]) == (3, 1, True)
    assert "抢杠和" in fans_of(win) and "和绝张" not in fans_of(win)
    assert [m.kind for m in g.seat[1].melds] == [MeldKind.PUNG]
    fan = win["total"]
    assert settlements(g) == [[-8, -(8 + fan), -8, 3 * 8 + fan]]
    assert not of_type(g, "draw")[-1].get("back")  # no replacement draw for the konger


def test_an_added_kong_not_robbed_stands_and_draws_from_the_back() -> None:
    # 加杠: when the robbing chance is passed, the kong stands and the konger draws its
    # replacement from the back.
    g = added_kong_game()
    act(g, 3, "pass")
    assert [m.kind for m in g.seat[1].melds] == [MeldKind.ADDED_KONG]
    draw = g.events[-1]
    assert (draw["type"], draw["seat"], draw["tile"], draw["back"]) == ("draw", 1, "3p", True)
    assert g.to_act == 1 and not of_type(g, "robbed")


def test_replacement_after_a_direct_kong_offers_no_win_the_hand_cannot_make() -> None:
    # A direct kong changes the hand's waits: 5556m 123456789p waits on 4m/6m/7m, but
    # after the kong of 5m only 6m completes it.  The replacement 7m must not offer a
    # win (it would be a 错和 that the engine itself proposed).
    hands = [
        "1m9m1s9s2p5mESWNCFP",
        "2s3s4s7s8s9sEESS1m1mN",
        "5m5m5m6m1p2p3p4p5p6p7p8p9p",
        "1s1sWW3s3s5s5s6s6sNCP",
    ]
    g = game("mcr", hands, "3m", back="7m")
    act(g, 0, "discard 5m")
    act(g, 2, "kong 5m")
    assert g.to_act == 2 and "win" not in legal(g)
    g2 = game("mcr", hands, "3m", back="6m")
    act(g2, 0, "discard 5m")
    act(g2, 2, "kong 5m")
    assert "win" in legal(g2)
    act(g2, 2, "win")
    assert "杠上开花" in fans_of(of_type(g2, "win")[0])


# -- the last tile and exhaustion ------------------------------------------------------

# The dealer is dealt all eight flowers (replaced from the back by 6p7p8p9p5p5p7p8p, so
# it holds 123456789p 55p 78p, waiting on 6p/9p) and no flower is left in the wall.
# Seat 1 holds 9p9p; seat 3 (123456789s EE 78p) waits on 6p/9p too.  The last tile of
# the wall, 9p, is the 84th draw, seat 3's.
LAST = [
    "1f2f3f4f5f6f7f8f1p2p3p4p5p",
    "9p9p1m2m3m5m6m7mESWNC",
    "2m3m4m6m7m8m2s3s4s6s7s8sF",
    "1s2s3s4s5s6s7s8s9sEE7p8p",
]


def last_tile_game() -> Game:
    g = game("mcr", LAST, back="6p7p8p9p5p5p7p8p", tail="9p")
    assert len(g.seat[0].flowers) == 8 and g.seat[0].size == 14  # with its first draw
    play_out(g, stop=lambda g: g.wall.remaining == 0)
    assert g.to_act == 3 and g.observe(3).drawn == Tile.P9
    return g


def test_self_drawn_on_the_last_tile_is_last_tile_draw() -> None:
    # 妙手回春 (8 fan): self-drawn on the wall's last tile.
    g = last_tile_game()
    act(g, 3, "win")
    (win,) = of_type(g, "win")
    assert "妙手回春" in fans_of(win) and "海底捞月" not in fans_of(win)


def test_a_win_on_the_last_discard_is_the_last_discard_fan() -> None:
    # 海底捞月 (8 fan): won on the discard of the wall's last tile.
    g = last_tile_game()
    act(g, 3, "discard 9p")
    assert (g.to_act, legal(g)) == (0, ["win", "pass"])
    act(g, 0, "win")
    (win,) = of_type(g, "win")
    assert (win["seat"], win["source"]) == (0, 3)
    assert "海底捞月" in fans_of(win) and "妙手回春" not in fans_of(win)


def test_only_a_win_may_claim_the_last_discard() -> None:
    # No pung, kong or chow of the last discard: the dealer is asked only win or pass,
    # and when it passes the hand ends: seat 1, holding 9p9p, is never asked.
    g = last_tile_game()
    act(g, 3, "discard 9p")
    assert legal(g) == ["win", "pass"]
    act(g, 0, "pass")
    assert g.done and not of_type(g, "claim")


def test_the_same_pung_is_offered_before_the_last_discard() -> None:
    # Counterpart of the test above: with tiles left, seat 1 is asked for the pung of a
    # 9p discard (the dealer discards 9p on its first turn).
    g = game("mcr", LAST, "9p", back="6p7p8p9p5p5p7p8p")
    act(g, 0, "discard 9p")
    assert (g.to_act, legal(g)) == (1, ["pung", "pass"])


def test_an_exhausted_wall_is_a_drawn_hand_with_no_payments() -> None:
    # 荒庄: the wall runs out with no win: the hand ends drawn and nobody pays.
    g = last_tile_game()
    act(g, 3, "discard 9p")
    act(g, 0, "pass")
    assert g.done and g.winners == []
    end = g.events[-1]
    assert (end["type"], end["result"], end["wall_left"]) == ("end", "drawn", 0)
    assert settlements(g) == [] and g.scores == [0, 0, 0, 0]


# -- 和绝张 ------------------------------------------------------------------------------


# Seat 3 waits on 3s alone (12s edge: 清龙 with 456s 789s, 789p, EE).  The dealer
# discards 3s; seat 3 passes the win and seat 2 pungs it, so three 3s are on the table.
LAST_COPY = [
    "1m9m1s9s2pESWNCFP3s",
    "2m3m4m6m7m8m2p3p4p6p7p8pN",
    "3s3s5p5p8m8m1p1pSSWWC",
    "1s2s4s5s6s7s8s9s7p8p9pEE",
]


def test_winning_on_the_fourth_copy_when_three_are_visible_is_last_tile() -> None:
    # 和绝张 (4 fan): won on the last copy of a tile whose other three are visible.
    g = game("mcr", LAST_COPY, "6m3s")
    act(g, 0, "discard 3s")
    act(g, 2, "pung")
    act(g, 3, "pass")
    act(g, 2, "discard C")
    assert g.to_act == 3 and g.observe(3).drawn == Tile.S3
    act(g, 3, "win")
    (win,) = of_type(g, "win")
    assert "和绝张" in fans_of(win)


def test_with_two_copies_visible_the_win_is_not_last_tile() -> None:
    # Near miss: seat 2 does not pung, so one 3s is visible; seat 3 self-draws another.
    g = game("mcr", LAST_COPY, "6m P W 3s")
    act(g, 0, "discard 3s")
    act(g, 2, "pass")
    act(g, 3, "pass")
    act(g, 1, "discard P")
    act(g, 2, "discard W")
    act(g, 3, "win")
    (win,) = of_type(g, "win")
    assert "和绝张" not in fans_of(win) and "清龙" in fans_of(win)


# -- illegal actions -------------------------------------------------------------------


def test_an_illegal_action_raises_naming_the_legal_ones() -> None:
    # The engine refuses what the rules do not allow now, and says what is allowed.
    g = game("mcr", PRIORITY, "3m")
    with pytest.raises(ActionError, match=r"seat 0 cannot discard 5s now; legal: discard 1m"):
        g.step("discard 5s")
    with pytest.raises(ActionError, match=r"legal: .*discard 6p"):
        g.step("pung")
    with pytest.raises(ActionError, match="seat 2 is not asked now; seat 0 is"):
        g.step("discard 6p", seat=2)
    act(g, 0, "discard 6p")
    with pytest.raises(ActionError, match=r"seat 1 cannot chow 5p now; legal: chow 4p, pass"):
        g.step("chow 5p")
    with pytest.raises(ActionError, match="unknown action"):
        g.step("ron")
    assert g.to_act == 1  # nothing was applied


# -- winds -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("dealer", "prevalent", "want"),
    [(0, 0, {"门风刻"}), (2, 0, set()), (0, 1, {"门风刻", "圈风刻"}), (2, 1, {"圈风刻"})],
)
def test_seat_wind_follows_the_dealer_and_prevalent_wind_the_config(
    dealer: int, prevalent: int, want: set[str]
) -> None:
    # RULES.md §1 (fans 门风刻, 圈风刻): the dealer sits East and the seats after it are
    # South, West, North; the round's wind is the config's.  Seat 1 wins on the dealer's
    # 6p with SSS: South is its seat wind when seat 0 deals, North when seat 2 does.
    dealt = {dealer: "1m9m1s9s2pEWNCFP6p3m", 1: "SSS1p2p3p7p8p9p4p5p5p5p"}
    fillers = iter(["2m3m4m6m7m8m2s3s4s6s7s8sN", "1s1sWW3s3s5s5s6s6sNCP"])
    seats = [dealt[s] if s in dealt else next(fillers) for s in range(4)]
    hands = [seats[(dealer + i) % 4] for i in range(4)]  # dealt from the dealer on
    g = game("mcr", hands, "E", config={"dealer": dealer, "prevalent_wind": prevalent})
    act(g, dealer, "discard 6p")
    assert g.to_act == 1 and "win" in legal(g)
    act(g, 1, "win")
    wind_fans = fans_of(of_type(g, "win")[0]) & {"门风刻", "圈风刻"}
    assert wind_fans == want


def test_a_win_on_a_flowers_replacement_after_a_kong_is_not_kong_flower() -> None:
    # 杠上开花 "开杠抓进的牌成和牌（不包括补花）": the kong's replacement is a flower, and the
    # flower's replacement (7s) completes the hand: a self-drawn win, not 杠上开花.
    g = game("mcr", CONCEALED, "6mE", back="1f 7s")
    act(g, 0, "discard 6m")
    act(g, 1, "kong 1s")
    assert [e["type"] for e in g.events[-3:]] == ["kong", "draw", "flower"]
    act(g, 1, "win")
    (win,) = of_type(g, "win")
    assert "杠上开花" not in fans_of(win) and "不求人" in fans_of(win)  # self-drawn, concealed


def test_mcr_without_flowers_plays_136_tiles_and_replays() -> None:
    from fanshu.engine.config import GameConfig
    from fanshu.engine.players import make_player
    from fanshu.engine.replay import replay_game

    for seed in range(6):
        game = Game("mcr", seed=seed, config=GameConfig(flowers=False))
        assert len(game.tile_set) == len(game.events[0]["wall"]) == 136
        bots = [make_player("fan", seed=s) for s in range(4)]
        while not game.done:
            seat = game.to_act
            assert seat is not None
            game.step(bots[seat].choose(game.observe(seat)), seat)
        assert not [e for e in game.events if e["type"] == "flower"]
        assert sum(game.scores) == 0
        assert game.events[0]["config"]["flowers"] is False
        assert replay_game(game.events).ok


def test_the_default_config_logs_no_flowers_key() -> None:
    # logs written before GameConfig.flowers existed hold no such key, and replay as
    # they were: the default is left out
    assert "flowers" not in Game("mcr", seed=1).events[0]["config"]
    assert len(Game("mcr", seed=1).tile_set) == 144
