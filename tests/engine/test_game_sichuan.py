"""Sichuan (血战到底) hands played on stacked walls: 定缺, 换三张, no chow, no melds of the
void suit, 一炮多响, winners leaving, 刮风下雨, 抢杠, 杠上花, the last four tiles and the
drawn end (RULES.md §3; seed 000 四川麻将 rules 1-9, seed 002)."""

from __future__ import annotations

from collections import Counter

import pytest

from fanshu.engine import Game
from fanshu.engine.invariants import check_conservation
from fanshu.engine.log import game_lines, iter_games
from fanshu.engine.replay import replay_game
from fanshu.hand import Hand, MeldKind
from fanshu.rules.sichuan.settlement import settle_drawn, settle_kong
from fanshu.tiles import Tile
from support.engine_soak import soak, soak_game
from support.engine_walls import act, codes, game, legal, of_type, play_out, settlements, tiles

PLAYERS = ["0", "1", "2", "3"]


def void_all(g: Game, suits: str = "pppp") -> None:
    """定缺: each seat from the dealer on names its void suit (m, s or p)."""
    for i, suit in enumerate(suits):
        act(g, (g.config.dealer + i) % 4, f"void 1{suit}")


# -- 定缺 and what it forbids ----------------------------------------------------------

VOID = [
    "1m1m2m3m4m5m6m7m8m9m1p2p3p",
    "1s1s2s3s4s5s6s7s8s9s4p5p6p",
    "2m2m3m3m4m4m5s5s6s6s7s7s9p",
    "6m6m7m7m8m8m2s2s3s3s4s4s8p",
]


def test_each_seat_names_a_void_suit_in_turn_before_the_first_draw() -> None:
    # 定缺 (RULES.md §3: must be void in one suit to win): after the deal each seat from
    # the dealer on picks the suit it will give up; only then does the dealer draw.
    g = game("sichuan", VOID, "9m", config={"dealer": 2})
    for s in (2, 3, 0, 1):
        assert (g.to_act, legal(g)) == (s, ["void 1m", "void 1s", "void 1p"])
        assert not of_type(g, "draw")
        act(g, s, "void 1p" if s != 3 else "void 1m")
    (void,) = of_type(g, "void")
    assert void["suits"] == ["p", "p", "p", "m"]
    assert of_type(g, "draw")[0]["seat"] == 2


def test_void_suit_tiles_must_be_discarded_first() -> None:
    # A seat holding tiles of its void suit must discard those first (打缺); once they
    # are gone it discards freely.
    g = game("sichuan", VOID, "9m5m 8s")
    void_all(g)
    assert legal(g) == ["discard 1p", "discard 2p", "discard 3p"]
    act(g, 0, "discard 1p")
    assert legal(g) == ["discard 4p", "discard 5p", "discard 6p"]
    act(g, 1, "discard 6p")
    # seat 2 drew 8s; its only void tile is 9p
    assert legal(g) == ["discard 9p"]
    act(g, 2, "discard 9p")
    g2 = game("sichuan", VOID, "9m5m 8s 4m 1p")
    void_all(g2, "ppmp")  # seat 2 voids m: it holds six m tiles, all of which go first
    act(g2, 0, "discard 1p")
    act(g2, 1, "discard 4p")
    assert legal(g2) == ["discard 2m", "discard 3m", "discard 4m"]


def test_no_chow() -> None:
    # 四川麻将 has no chow (RULES.md §3): seat 1 holds 4s5s and 7s8s but is not asked for
    # the dealer's 6s, and draws at once.
    hands = [
        "6s1m1m2m2m3m3m4m4m5m5m6m6m",
        "4s5s7s8s9m9m1s1s2s2s3s3s7m",
        "7m8m8m9m9s9s1s2s3s2s3s5s8s",
        "2m3m4m5m6m7m8m1s9m4s6s7s9s",
    ]
    g = game("sichuan", hands, "5s1p")
    void_all(g)
    act(g, 0, "discard 6s")
    assert g.events[-1] == {"type": "draw", "seat": 1, "tile": "1p", "back": None}
    assert not of_type(g, "claim")


# Seat 1 holds 2m2m2m and 3s3s; the dealer discards 2m or 3s.
MELD_VOID = [
    "2m3s5s6s7s8s1s1s4s4s9s9s5m",
    "2m2m2m3s3s4m5m6m7m8m9m1s9m",
    "6m6m7m7m8m8m2s2s6s7s8s9s1m",
    "3m3m4m4m5m5m6s7s8s5s2s1s1m",
]


def claims_on(discard: str, voids: str) -> list[str]:
    """What seat 1 is asked when the dealer discards ``discard`` ([] if not asked)."""
    g = game("sichuan", MELD_VOID, "9m")
    void_all(g, voids)
    act(g, 0, f"discard {discard}")
    return legal(g) if g.observe(1).phase == "claim" else []


def test_no_pung_or_kong_of_the_void_suit() -> None:
    # A tile of the void suit is never melded (RULES.md §3, 缺一门): seat 1 holds three
    # 2m and two 3s; void in m it is asked only for 3s, void in s only for 2m.
    assert claims_on("2m", "pmpp") == []
    assert claims_on("3s", "pmpp") == ["pung", "pass"]
    assert claims_on("2m", "pspp") == ["pung", "kong 2m", "pass"]
    assert claims_on("3s", "pspp") == []


def test_no_concealed_kong_of_the_void_suit() -> None:
    # Nor a concealed kong: seat 1 (void m) draws the fourth 2m and is offered no kong;
    # void in s, it is.
    for voids, offered in (("pmpp", False), ("pspp", True)):
        hands = [MELD_VOID[0].replace("2m", "7m"), *MELD_VOID[1:]]
        g = game("sichuan", hands, "1p2m")
        void_all(g, voids)
        act(g, 0, "discard 1p")
        assert g.to_act == 1 and ("kong 2m" in legal(g)) is offered


def test_a_seat_holding_its_void_suit_cannot_win() -> None:
    # 缺一门 (RULES.md §3): seat 1 (123456789m 55p 46p, waiting on 5p) wins on the
    # dealer's 5p when void in 条; void in 饼 (the suit it holds) it is not asked at all.
    hands = [
        "5p1s2s3s4s5s6s7s8s9s1s2s3s",
        "1m2m3m4m5m6m7m8m9m5p5p4p6p",
        "1m2m3m4m5m6m7m8m9m4s4s6s6s",
        "1m2m3m4m5m6m7m8m9m7s7s8s8s",
    ]
    g = game("sichuan", hands, "9s")
    void_all(g, "msmm")
    act(g, 0, "discard 5p")
    assert (g.to_act, legal(g)) == (1, ["win", "pung", "pass"])
    g = game("sichuan", hands, "9s")
    void_all(g, "mpmm")
    act(g, 0, "discard 5p")
    assert g.observe(1).phase == "turn" and not of_type(g, "claim")


# -- 换三张 --------------------------------------------------------------------------------


def test_exchange_three_passes_three_tiles_of_one_suit() -> None:
    # 换三张 (config exchange_three): each seat from the dealer on gives three tiles of
    # one suit, then all pass them the same way (the direction is the game's chance);
    # 定缺 follows.  No tile is lost or made.
    g = game("sichuan", VOID, config={"exchange_three": True})
    before = [Counter(g.seat[s].tiles()) for s in range(4)]
    given = {0: "1p2p3p", 1: "4p5p6p", 2: "2m3m4m", 3: "6m7m8m"}
    for s in range(4):
        first, *rest = tiles(given[s])
        assert g.to_act == s and "exchange " + codes([first])[0] in legal(g)
        act(g, s, "exchange " + codes([first])[0])
        # once a suit is chosen, only that suit is offered
        suit = first // 9
        assert all(Tile.from_code(a.split()[1]) // 9 == suit for a in legal(g))
        for t in rest:
            act(g, s, "exchange " + codes([t])[0])
    (ex,) = of_type(g, "exchange")
    step = ex["direction"]
    assert step in (1, 2, 3)
    assert ex["tiles"] == [codes(tiles(given[s])) for s in range(4)]
    for s in range(4):
        giver = (s - step) % 4
        after = Counter(g.seat[s].tiles())
        want = before[s] - Counter(tiles(given[s])) + Counter(tiles(given[giver]))
        assert after == Counter({Tile(t): n for t, n in want.items()})
    # 定缺 comes next
    assert legal(g) == ["void 1m", "void 1s", "void 1p"] and g.to_act == 0


def test_exchange_three_offers_only_suits_with_three_tiles() -> None:
    # A seat can only give a suit it holds three of: seat 0 holds a single s tile here.
    hands = ["1m2m3m4m5m6m7m8m9m1s1p2p3p", *VOID[1:]]
    g = game("sichuan", hands, config={"exchange_three": True})
    assert "exchange 1s" not in legal(g)
    assert {"exchange 1m", "exchange 1p"} <= set(legal(g))


# -- 一炮多响 and 血战到底 ----------------------------------------------------------------

# After a first go-round, the dealer discards 5s: seat 1 (123456789m 11s 46s: 平胡) and
# seat 3 (888m 99m 222s 777s 55s: 对对胡 on 5s) both win on it.  Seat 2 (555m 999s 123m
# 77m 88s) self-draws 8s on its next turn.
MULTI = [
    "1m1m4m9m1s1s2s3s3s5s6s7s4s",
    "1m2m3m4m5m6m7m8m9m1s1s4s6s",
    "5m5m5m9s9s9s7m7m8s8s1m2m3m",
    "8m8m8m7s7s7s2s2s2s9m9m5s5s",
]


def multi_game(draws: str = "6m 1p 2p 3p 3m 4p 8s") -> Game:
    g = game("sichuan", MULTI, draws)
    void_all(g)
    act(g, 0, "discard 6m")
    act(g, 1, "discard 1p")
    act(g, 2, "discard 2p")
    act(g, 3, "discard 3p")
    act(g, 0, "discard 5s")
    return g


def test_one_discard_several_winners_each_paid_by_the_discarder() -> None:
    # 一炮多响 (RULES.md §3, seed 000 rule 5): every player who declares wins on the one
    # discard, and the discarder pays each winner that winner's hand.
    g = multi_game()
    assert legal(g) == ["win", "pass"]
    act(g, 1, "win")
    assert (g.to_act, legal(g)) == (3, ["win", "pung", "pass"])
    act(g, 3, "win")
    wins = of_type(g, "win")
    assert [(w["seat"], w["source"], w["total"]) for w in wins] == [(1, 0, 1), (3, 0, 2)]
    # base × 2^(fan−1): 1 and 2, both from the discarder
    assert settlements(g) == [[-3, 1, 0, 2]]
    assert g.winners == [1, 3] and not g.done


def test_a_winner_leaves_and_play_goes_on_until_three_have_won() -> None:
    # 血战到底 (seed 000 rule 8): a win does not end the hand; play resumes after the
    # last winner, skips those who have won, and ends when three have won.  A later
    # self-drawn win is paid only by those still in.
    g = multi_game()
    act(g, 1, "win")
    act(g, 3, "win")
    assert g.events[-1] == {"type": "draw", "seat": 0, "tile": "4p", "back": None}
    act(g, 0, "discard 4p")
    # seat 1 has won: seat 2 draws next
    assert g.events[-1] == {"type": "draw", "seat": 2, "tile": "8s", "back": None}
    assert "win" in legal(g)
    act(g, 2, "win")
    w = of_type(g, "win")[-1]
    assert (w["seat"], w["source"]) == (2, None)
    assert {f[0] for f in w["fans"]} == {"平胡", "自摸"}
    assert settlements(g)[-1] == [-2, 0, 2, 0]  # 2 fan: ×2, from the dealer alone
    assert g.done and g.winners == [1, 3, 2]
    assert g.events[-1]["result"] == "win" and sum(g.scores) == 0


def test_a_seat_that_has_won_is_not_asked_for_claims() -> None:
    # A winner is out of the hand: seat 3 (won, holding 777s) is not asked when the
    # dealer discards 7s, and seat 1 draws; before its win it was asked to pung.
    g = multi_game("6m 1p 2p 3p 3m 2m")
    act(g, 1, "pass")
    act(g, 3, "win")
    assert g.events[-1]["type"] == "draw" and g.events[-1]["seat"] == 0
    act(g, 0, "discard 7s")
    assert g.events[-1]["type"] == "draw" and g.events[-1]["seat"] == 1
    g = game("sichuan", MULTI, "6m")
    void_all(g)
    act(g, 0, "discard 7s")
    assert (g.to_act, legal(g)) == (3, ["pung", "kong 7s", "pass"])


# -- 刮风下雨, 抢杠, 杠上花 -----------------------------------------------------------------

# The dealer discards 5m, which seat 3 pungs; later the dealer discards 9s, which seat 2
# kongs (直杠); seat 3 draws the fourth 5m and adds it (面下杠); seat 1 draws and
# declares its four 1m (暗杠).
KONGS = [
    "9s2m4m6m8m1s3s5s7s2s4s6s8s",
    "1m1m1m1m2m3m6m7m9m1s3s7s9m",
    "9s9s9s3m6m2s4s6s8s9m7m8m7s",
    "5m5m2m3m4m6s7s8s3s4s7m8m1s",
]
KONG_DRAWS = "5m 9m 5m 3p 4p"
KONG_BACK = "1p 2p 6p"


def kongs_game(hands: list[str] = KONGS, **kw: object) -> Game:
    """Play KONGS up to seat 3's draw of the fourth 5m."""
    g = game("sichuan", hands, KONG_DRAWS, back=KONG_BACK, **kw)
    void_all(g)
    act(g, 0, "discard 5m")
    if g.to_act == 1:
        act(g, 1, "pass")
    act(g, 3, "pung")
    act(g, 3, "discard 1s")
    act(g, 0, "discard 9s")
    act(g, 2, "kong 9s")
    act(g, 2, "discard 1p")
    assert g.to_act == 3 and "kong 5m" in legal(g)
    return g


@pytest.mark.parametrize("base", [1, 2])
def test_direct_kong_is_paid_at_once_by_the_feeder(base: int) -> None:
    # 刮风 直杠 (RULES.md §3, seed 000 §6): the player who discarded the tile pays 1 base
    # (option base: 底分).
    g = kongs_game(options={"base": base})
    assert settlements(g) == [[-base, 0, base, 0]]
    want = settle_kong(PLAYERS, "2", "direct", feeder="0", options=g.variant.options).payments
    assert settlements(g)[0] == [want[p] for p in PLAYERS]
    draw = of_type(g, "draw")[-2]  # seat 2's replacement, before seat 3's draw
    assert (draw["seat"], draw["tile"], draw["back"]) == (2, "1p", True)


def test_added_kong_is_paid_by_every_player_still_in() -> None:
    # 刮风 面下杠: 1 base from each other player still in.
    g = kongs_game()
    act(g, 3, "kong 5m")
    assert settlements(g)[-1] == [-1, -1, -1, 3]
    assert [m.kind for m in g.seat[3].melds] == [MeldKind.ADDED_KONG]


def test_concealed_kong_is_paid_two_by_every_player_still_in() -> None:
    # 下雨 暗杠: 2 base from each other player still in.
    g = kongs_game()
    act(g, 3, "kong 5m")
    act(g, 3, "discard 2p")
    act(g, 0, "discard 3p")
    act(g, 1, "kong 1m")
    assert settlements(g)[-1] == [-2, 6, -2, -2]
    assert g.scores == [-4, 5, -2, 1]
    assert [s.kind for s in g.kong_settlements] == ["kong"] * 3


def test_a_robbed_added_kong_pays_nothing() -> None:
    # 抢杠 (seed 000: 玩家面下杠时，他家可以抢杠而胡，刮风下雨无效): seat 1 (111m 46m 99m
    # 123s 555s) robs the added 5m; the kong is not paid, the robbed player pays the win.
    hands = [KONGS[0], "1m1m1m4m6m9m9m1s2s3s5s5s5s", *KONGS[2:]]
    g = kongs_game(hands)
    act(g, 3, "kong 5m")
    assert (g.to_act, legal(g)) == (1, ["win", "pass"])
    act(g, 1, "win")
    assert of_type(g, "robbed")[0]["seat"] == 3
    (win,) = of_type(g, "win")
    assert (win["seat"], win["source"], win["robbed"]) == (1, 3, True)
    assert "抢杠胡" in {f[0] for f in win["fans"]}
    reasons = [e["reason"] for e in of_type(g, "settle")]
    assert reasons == ["kong direct", "抢杠"]
    pay = 2 ** (win["total"] - 1)
    assert settlements(g)[-1] == [0, pay, 0, -pay]
    assert [m.kind for m in g.seat[3].melds] == [MeldKind.PUNG]
    assert len(g.kong_settlements) == 1  # only the direct kong


def test_kong_payments_come_only_from_players_still_in() -> None:
    # 血战到底: those who have won are out and pay nothing; seat 2's concealed kong of 9s
    # after seats 1 and 3 have won is paid 2 by the dealer alone.
    g = multi_game("6m 1p 2p 3p 3m 4p 9s")
    act(g, 1, "win")
    act(g, 3, "win")
    act(g, 0, "discard 4p")
    assert g.to_act == 2 and "kong 9s" in legal(g)
    act(g, 2, "kong 9s")
    assert settlements(g)[-1] == [-2, 0, 2, 0]
    want = settle_kong(PLAYERS, "2", "concealed", still_in=["0", "2"]).payments
    assert settlements(g)[-1] == [want[p] for p in PLAYERS]


# Seat 2 (999s 234s 678s 78m 33m) kongs the dealer's 9s and draws 6m from the back.
KONG_FLOWER = [
    "9s2m4m6m8m1s3s5s7s2s4s1m1m",
    "1m2m3m4m5m6m7m8m9m1s2s3s5s",
    "9s9s9s2s3s4s6s7s8s7m8m3m3m",
    "5m5m2m3m4m6s7s8s3s4s7m8m9m",
]


def kong_flower_game(**options: object) -> Game:
    g = game("sichuan", KONG_FLOWER, "5s", back="6m", options=options or None)
    void_all(g)
    act(g, 0, "discard 9s")
    act(g, 2, "kong 9s")
    assert g.to_act == 2 and "win" in legal(g)
    act(g, 2, "win")
    return g


def test_kong_flower_after_a_direct_kong_is_paid_by_the_feeder_alone() -> None:
    # 杠上花 on the replacement of a kong on a discard counts as the feeder's discard
    # (RULES.md §3; seed 002 rule (4) 引杠，再杠上花，算引杠者点炮; option
    # kong_feeder_pays, default true): the dealer alone pays the win.
    g = kong_flower_game()
    (win,) = of_type(g, "win")
    assert {"杠上花", "自摸"} <= {f[0] for f in win["fans"]}
    pay = 2 ** (win["total"] - 1)
    assert settlements(g) == [[-1, 0, 1, 0], [-pay, 0, pay, 0]]


def test_kong_flower_paid_by_everyone_still_in_under_the_option() -> None:
    # kong_feeder_pays=false: the same win is paid as a self-draw, by every other player.
    g = kong_flower_game(kong_feeder_pays=False)
    (win,) = of_type(g, "win")
    pay = 2 ** (win["total"] - 1)
    assert settlements(g)[-1] == [-pay, -pay, 3 * pay, -pay]


# -- the last four tiles -------------------------------------------------------------------

# Everyone voids 饼 and holds none; seat 2 (123m 789m 123s 46m 99s) waits on 5m.  The
# wall ends with ``tail``; 饼 tiles cannot be won by anyone, so only the 5m matters.
LAST_FOUR = [
    "1m1m4m7m2s5s8s9s9s3s6s2m8m",
    "2m3m5m6m9m1s4s7s8s3s6s1m7m",
    "1m2m3m7m8m9m1s2s3s4m6m9s9s",
    "4m8m2s5s6s7s1s3m6m9m4s8s2m",
]


def play_to(tail: str) -> Game:
    """Play LAST_FOUR without changing a hand until the 5m of ``tail`` is drawn."""
    g = game("sichuan", LAST_FOUR, tail=tail)
    void_all(g)
    left = len(tiles(tail)) - 1 - tiles(tail).index(int(Tile.M5))
    play_out(g, stop=lambda g: g.wall.remaining == left and g.observe(g.to_act).phase == "turn")
    assert g.observe(g.to_act).drawn == Tile.M5
    return g


def test_a_ready_player_must_win_on_a_discard_among_the_last_four_tiles() -> None:
    # 最后四张 (seed 000 rule 4; RULES.md §3): when one of the last four tiles is the
    # tile a ready player waits on, that player can only win, not pass.
    g = play_to("9p 5m 9p 9p")  # seat 1 draws the 5m as the third-last tile
    act(g, 1, "discard 5m")
    assert (g.to_act, legal(g)) == (2, ["win"])
    act(g, 2, "win")
    assert of_type(g, "win")[0]["seat"] == 2


def test_a_ready_player_must_win_on_a_draw_among_the_last_four_tiles() -> None:
    # The same rule for the tile drawn (seed 000: 当这张牌出现时，叫的玩家只能胡牌): seat 2
    # draws its 5m as the second-last tile and may not discard it.
    g = play_to("9p 9p 5m 9p")
    assert (g.to_act, legal(g)) == (2, ["win"])
    act(g, 2, "win")
    assert of_type(g, "win")[0]["source"] is None


def test_before_the_last_four_tiles_a_win_may_be_passed() -> None:
    # Counterpart: the 5m as the fifth-last tile (4 left after seat 3 draws it) may be
    # passed.
    g = play_to("5m 9p 9p 9p 9p")
    act(g, 3, "discard 5m")
    assert (g.to_act, legal(g)) == (2, ["win", "pass"])


# -- the drawn end: 查花猪, 查大叫, kong refunds ---------------------------------------------

# Everyone voids 饼.  Seat 3 holds nine 饼 and keeps two to the end (花猪); the dealer
# (34m 6789m 99m 345678s) and seat 1 (123456789m 11s 23s) are ready; seat 2 declares a
# concealed kong of 9s on its first turn and is not ready at the end.
DRAWN = [
    "3m4m7m8m4s5s7s8s3s6s9m9m6m",
    "1m2m3m4m5m6m7m8m9m1s1s2s3s",
    "9s9s9s9s2m5m8m3s6s7m4s6m5s",
    "1p2p3p4p5p6p7p8p9p1m2m1s2s",
]


def test_drawn_end_pays_flower_pig_and_not_ready_and_refunds_kongs() -> None:
    # RULES.md §3, seed 000 §7: at a drawn end 查花猪 (a seat holding three suits pays
    # 16 base to each other non-花猪 seat), 查大叫 (a seat not ready pays each ready seat
    # its best possible hand) and the not-ready seats refund their kong income.
    g = game("sichuan", DRAWN, back="5p")
    void_all(g)
    play_out(g, stop=lambda g: g.to_act == 2)
    act(g, 2, "kong 9s")
    assert settlements(g) == [[-2, -2, 6, -2]]
    play_out(g)
    end = g.events[-1]
    assert (end["result"], end["winners"], end["wall_left"]) == ("drawn", [], 0)
    drawn = of_type(g, "settle")[-1]
    assert drawn["reason"] == "drawn"
    hands = {str(q): Hand(tuple(st.tiles()), tuple(st.melds)) for q, st in enumerate(g.seat)}
    want = settle_drawn(PLAYERS, hands, kongs=g.kong_settlements)
    assert drawn["payments"] == [want.payments[p] for p in PLAYERS]
    # seat 3 pays 16 to each; seat 2 pays 1 (平胡) to each ready seat and refunds 2 each
    assert drawn["payments"] == [16 + 1 + 2, 16 + 1 + 2, 16 - 2 - 6, -48 + 2]
    assert g.scores == [17, 17, 14, -48] and sum(g.scores) == 0


def test_a_drawn_end_without_kongs_refunds_nothing() -> None:
    # The same deal without the kong: 查花猪 and 查大叫 only; nothing to refund.
    g = game("sichuan", DRAWN)
    void_all(g)
    play_out(g)
    hands = {str(q): Hand(tuple(st.tiles()), tuple(st.melds)) for q, st in enumerate(g.seat)}
    want = settle_drawn(PLAYERS, hands)
    assert settlements(g) == [[want.payments[p] for p in PLAYERS]]
    assert g.kong_settlements == []


# -- 血流成河 (option xue_liu) ------------------------------------------------------------

XUE_LIU = {"xue_liu": True}


def xue_liu_game() -> Game:
    """Seat 1 (123456789m 11s 46s, waiting on 5s) wins on the dealer's 5s (seat 3, also
    waiting on it, passes), then, still in, draws 6s (discarded) and later the last 5s."""
    g = game("sichuan", MULTI, "6m 1p 2p 3p 3m 4p 5p 6p 6s 7p 8p 9p 5s", options=XUE_LIU)
    void_all(g)
    for seat, tile in enumerate(("6m", "1p", "2p", "3p")):
        act(g, seat, f"discard {tile}")
    act(g, 0, "discard 5s")
    act(g, 1, "win")
    act(g, 3, "pass")
    return g


def test_xue_liu_a_winner_stays_in_and_wins_again() -> None:
    g = xue_liu_game()
    first = of_type(g, "win")[-1]
    assert (first["seat"], first["source"], first["total"]) == (1, 0, 1)
    assert settlements(g) == [[-1, 1, 0, 0]]  # 平胡 1: base × 2^0 from the discarder
    # the winning tile is set aside (out of play, shown): seat 1 keeps its 13 tiles
    assert sum(g.seat[1].counts) == 13 and g.pool == tiles("5s")
    assert not g.done and not g.seat[1].won
    # play goes on after the winner, who is dealt in again
    act(g, 2, "discard 4p")
    act(g, 3, "discard 5p")
    act(g, 0, "discard 6p")
    assert g.to_act == 1
    # its won hand does not change: only the tile it drew may go
    assert legal(g) == ["discard 6s"]
    act(g, 1, "discard 6s")
    act(g, 2, "discard 7p")
    act(g, 3, "discard 8p")
    act(g, 0, "discard 9p")
    assert g.to_act == 1 and legal(g) == ["win", "discard 5s"]
    act(g, 1, "win")
    second = of_type(g, "win")[-1]
    assert (second["seat"], second["source"]) == (1, None)
    assert {f[0] for f in second["fans"]} == {"平胡", "自摸"}
    # 2 fan (×2) paid by every other player: nobody has left the hand
    assert settlements(g)[-1] == [-2, 6, -2, -2]
    assert g.winners == [1, 1] and not g.done
    # the hand ends only when the wall is empty
    play_out(g)
    end = g.events[-1]
    assert g.done and end["result"] == "win" and end["wall_left"] == 0
    assert end["winners"][:2] == [1, 1]
    assert sum(g.scores) == 0
    assert g.scores == [sum(p[q] for p in settlements(g)) for q in range(4)]
    check_conservation(g)


def test_xue_liu_replays() -> None:
    g = xue_liu_game()
    play_out(g)
    report = replay_game(next(iter_games(game_lines(g.events, game=0))))
    assert report.mismatch is None


def test_xue_liu_winner_is_not_asked_for_claims_or_kongs() -> None:
    # seat 1 has won and holds 1s1s: under 血战 it would be out, under 血流 it is in but
    # makes no claim; the option's variant says so for every tile
    g = xue_liu_game()
    variant = g.variant
    assert not any(variant.may_meld(g.seat[1], t) for t in range(27))
    assert variant.may_meld(g.seat[2], 0)


def test_xue_zhan_is_the_default_and_unchanged() -> None:
    # the same deal under 血战到底: the winner leaves and keeps the tile (no set-aside)
    g = game("sichuan", MULTI, "6m 1p 2p 3p 3m 4p 5p 6p 3s")
    void_all(g)
    for seat, tile in enumerate(("6m", "1p", "2p", "3p")):
        act(g, seat, f"discard {tile}")
    act(g, 0, "discard 5s")
    act(g, 1, "win")
    act(g, 3, "pass")
    assert g.seat[1].won and g.pool == [] and sum(g.seat[1].counts) == 14
    act(g, 2, "discard 4p")
    act(g, 3, "discard 5p")
    act(g, 0, "discard 6p")
    assert g.to_act == 2  # seat 1 is skipped


def test_xue_liu_soak_one_seat_wins_again_and_again() -> None:
    # hundreds of seeded hands: tile conservation after every decision, zero-sum
    # settlements, the log replays; several wins per hand, repeated winners
    tables = [
        ("sichuan", {"options": XUE_LIU}),
        ("sichuan", {"exchange_three": True, "options": XUE_LIU}),
    ]
    report = soak(100, seed=16, tables=tables)
    assert report.failures == []
    assert report.games == 200 and report.wins > 2 * report.games
    g, _ = soak_game("sichuan", {"options": XUE_LIU}, 1, 16, ["greedy"] * 4)
    assert max(Counter(g.winners).values()) >= 2
