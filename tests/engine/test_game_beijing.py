"""Beijing (北京麻将) hands played on stacked walls: 136 tiles without flowers, a
concealed hand's win on a discard, self-draw only after a claim, robbing a kong, kong
money for the winner only, 跟庄, 烧庄 and 互包 (RULES.md §4; seed 003)."""

from __future__ import annotations

from fanshu.engine import Game
from fanshu.engine.replay import replay_game
from fanshu.engine.variants.beijing import BeijingVariant
from fanshu.hand import Meld, MeldKind
from fanshu.tiles import Tile
from support.engine_walls import act, game, legal, of_type, play_out, settlements

#: Three seats that take no part: no pair or run of what the tests discard.
DEALER = "1p9p1s9sSWN3m7m2p8p5pE"
SEAT2 = "1m1m9m9m2s2s8s8sSSWWN"
SEAT3 = "3p3p4p4p6p6p7s7s9s9s3m3mN"


def reasons(g: Game) -> list[str]:
    return [e["reason"] for e in of_type(g, "settle")]


def test_136_tiles_and_no_flowers() -> None:
    g = Game("beijing", seed=3)
    start = g.events[0]
    assert (start["rules"], start["seats"], len(start["wall"]), start["pool"]) == (
        "beijing",
        4,
        136,
        [],
    )
    play_out(g)
    assert not of_type(g, "flower") and g.done and sum(g.scores) == 0


def test_a_concealed_hand_wins_on_a_discard() -> None:
    # 门清可以捉铳: seat 1 (门清 1 fan) wins on the dealer's 5s; 点庄 40 × 2.
    hands = ["1p9p1s9sESWNCFP3m5s", "123m456m789p234s5s", SEAT2, SEAT3]
    g = game("beijing", hands, "7m")
    act(g, 0, "discard 5s")
    assert g.to_act == 1 and "win" in legal(g)
    act(g, 1, "win")
    (win,) = of_type(g, "win")
    assert (win["seat"], win["source"], win["total"]) == (1, 0, 1)
    assert [f[0] for f in win["fans"]] == ["门清"]
    assert settlements(g) == [[-80, 80, 0, 0]] and g.scores == [-80, 80, 0, 0]


def test_after_a_pung_only_a_self_drawn_win() -> None:
    # 吃碰后只能自摸: seat 1 pungs E and waits on 5s; seat 2's 5s is not offered to it,
    # its own 5s is: 推倒和 0 fan, 平摸 (the dealer 20, the others 10).
    hands = ["E1p9p1s9sSWN3m7m2p8p5p", "EE123m456m789p5s6s", SEAT2, SEAT3]
    g = game("beijing", hands, "F5sCP5s")
    act(g, 0, "discard E")
    assert (g.to_act, legal(g)) == (1, ["pung", "pass"])
    act(g, 1, "pung")
    act(g, 1, "discard 6s")
    act(g, 2, "discard 5s")
    assert g.to_act == 3 and g.legal_actions(1) == []  # seat 1 was not asked
    act(g, 3, "discard C")
    act(g, 0, "discard P")
    assert g.to_act == 1 and "win" in legal(g)
    act(g, 1, "win")
    (win,) = of_type(g, "win")
    assert (win["source"], win["total"], [f[0] for f in win["fans"]]) == (None, 0, ["推倒和"])
    assert settlements(g) == [[-20, 40, -10, -10]]


def test_a_concealed_hand_robs_an_added_kong() -> None:
    # 可以抢杠和，算做捉铳: seat 2 adds the 4s to its pung, seat 1 (门清, waits 1s/4s)
    # robs it and the kong's owner pays as a discarder: 平点 20 × 2.
    hands = [
        "4s1p9p1s9sENCFP3m7m2p",
        "123m456m789p2s3s5p5p",
        "4s4sSSWW1m1m9m9m8s8sN",
        "3p3p4p4p6p6p7s7s9s9s3m3mE",
    ]
    g = game("beijing", hands, "8pCFP4s")
    act(g, 0, "discard 4s")
    assert legal(g) == ["win", "chow 2s", "pass"]
    act(g, 1, "pass")
    act(g, 2, "pung")
    act(g, 2, "discard N")
    act(g, 3, "discard C")
    act(g, 0, "discard F")
    act(g, 1, "discard P")
    assert "kong 4s" in legal(g)
    act(g, 2, "kong 4s")
    assert (g.to_act, legal(g)) == (1, ["win", "pass"])
    act(g, 1, "win")
    assert [e["type"] for e in g.events[-4:]] == ["robbed", "win", "settle", "end"]
    (win,) = of_type(g, "win")
    assert (win["source"], win["robbed"], win["total"]) == (2, True, 1)
    assert settlements(g) == [[0, 40, -40, 0]]


def test_a_kong_is_paid_only_to_a_winner() -> None:
    # 明杠10 暗杠20, 不赢没钱: the dealer's concealed kong brings it nothing when seat 1
    # wins on its discard; seat 1's own concealed kong (杠上开花 + 门清, 2 fan) brings 20
    # from each other player on top of 平摸 × 4.
    hands = ["EEEE1p9p1s9sSWNCF", "123m456m789p234s5s", SEAT2, SEAT3]
    g = game("beijing", hands, "3m", back="5s")
    act(g, 0, "kong E")
    act(g, 0, "discard 5s")
    act(g, 1, "win")
    assert settlements(g) == [[-80, 80, 0, 0]]

    hands = ["1p9p1s9sSWNFP3m7m2p8p", "EEEE123m456m789p", SEAT2, SEAT3]
    g = game("beijing", hands, "C5s", back="5s")
    act(g, 0, "discard C")
    act(g, 1, "kong E")
    assert "win" in legal(g)
    act(g, 1, "win")
    (win,) = of_type(g, "win")
    assert sorted(f[0] for f in win["fans"]) == sorted(["门清", "杠上开花"])
    assert settlements(g) == [[-100, 220, -60, -60]]


# The three others follow the dealer's E and then its S; the dealer's third discard, 4s,
# gives seat 1 (门清, waits 1s/4s) the win.
FOLLOWED = [
    "ES4s1p9p1s9sWNCFP7m",
    "ES123m456m789p2s3s",
    "ES1m1m9m9m3p3p5p5p7s7sN",
    "ES2p2p4p4p6p6p8s8s9s9sW",
]


def _follow(g: Game, rounds: str) -> None:
    for tile in rounds:
        for s in range(4):
            act(g, s, f"discard {tile}")


def test_follow_the_dealer_pays_at_once_and_burns_nothing_in_a_drawn_hand() -> None:
    # 跟庄 (第4稿 §7): the first round makes the dealer pay 10 to each, at once; the hand
    # is drawn, so its 烧庄 is not paid (此把牌荒了，则无须支付烧庄点).
    g = game("beijing", FOLLOWED, "2m5s2s1p")
    _follow(g, "E")
    assert settlements(g) == [[-30, 10, 10, 10]] and reasons(g) == ["跟庄"]
    play_out(g)
    assert g.events[-1]["result"] == "drawn" and reasons(g) == ["跟庄"]
    assert sum(g.scores) == 0


def test_burning_the_dealer_doubles_and_is_paid_when_the_hand_is_won() -> None:
    # 烧庄 two rounds in a row: 1000 + 2000 from the dealer to each other player at the
    # end of the won hand, after 跟庄 and the win (点庄 40 × 2).
    g = game("beijing", FOLLOWED, "2m5s2s1p8m5s6m7p5m")
    _follow(g, "ES")
    act(g, 0, "discard 4s")
    act(g, 1, "win")
    assert reasons(g) == ["跟庄", "win", "烧庄"]
    assert settlements(g) == [[-30, 10, 10, 10], [-80, 80, 0, 0], [-9000, 3000, 3000, 3000]]
    assert g.scores == [-9110, 3090, 3010, 3010]
    # the stacked wall is in the log: a replay meets the same following and payments
    assert replay_game(g.events).mismatch is None


def test_a_round_not_followed_ends_the_burning() -> None:
    # Seat 2 breaks the second round: only the first counts, 1000 each.
    g = game("beijing", FOLLOWED, "2m5s2s1p8m5s6m7p5m")
    _follow(g, "E")
    act(g, 0, "discard S")
    act(g, 1, "discard S")
    act(g, 2, "discard 6m")
    act(g, 3, "discard S")
    act(g, 0, "discard 4s")
    act(g, 1, "win")
    assert reasons(g) == ["跟庄", "win", "烧庄"]
    assert settlements(g)[-1] == [-3000, 1000, 1000, 1000]


def test_three_calls_from_one_player_make_it_pay_everything() -> None:
    # 互包 (吃+碰倒3嘴): seat 1 chows three times from the dealer, then self-draws
    # (一条龙 3 fan, 平摸 × 8): the dealer pays all of it.
    hands = [
        "1m4m7m1s9s1p9pESWN3s7s",
        "2m3m5m6m8m9m2p3p4p5p5pES",
        "2s2s4s4s6s6s8s8s1p1p7p9pC",
        "3m3m6m6m9m9m3p3p6p6p8p1sF",
    ]
    g = game("beijing", hands, "CWNCPPFFWN5p")
    act(g, 0, "discard 1m")
    act(g, 1, "chow 1m")
    act(g, 1, "discard E")
    act(g, 2, "discard W")
    act(g, 3, "discard N")
    act(g, 0, "discard 4m")
    act(g, 1, "chow 4m")
    act(g, 1, "discard S")
    act(g, 2, "discard P")
    act(g, 3, "discard P")
    act(g, 0, "discard 7m")
    act(g, 1, "chow 7m")
    act(g, 1, "discard 2p")
    act(g, 2, "discard F")
    act(g, 3, "discard W")
    act(g, 0, "discard N")
    assert g.to_act == 1 and "win" in legal(g)
    act(g, 1, "win")
    (win,) = of_type(g, "win")
    assert win["total"] == 3 and [f[0] for f in win["fans"]] == ["一条龙"]
    assert settlements(g) == [[-320, 320, 0, 0]]
    assert replay_game(g.events).mismatch is None


def test_mutual_liability_binds_both_ways() -> None:
    # 互包 binds the two players: when either wins the other pays, so the dealer (called
    # from three times by seat 1: two chows and a pung) is bound to seat 1 and seat 1 to
    # the dealer; seat 2, called from once, to no one.
    g = Game("beijing", seed=1)
    v = g.variant
    assert isinstance(v, BeijingVariant)
    g.seat[1].melds = [
        Meld(MeldKind.CHOW, Tile.M1, 1),
        Meld(MeldKind.CHOW, Tile.M4, 2),
        Meld(MeldKind.PUNG, Tile.EAST, 1),  # 1: from the 上家, the dealer
    ]
    g.seat[3].melds = [Meld(MeldKind.PUNG, Tile.SOUTH, 1)]  # from seat 2
    assert (v.partner(g, 0), v.partner(g, 1), v.partner(g, 2), v.partner(g, 3)) == (
        1,
        0,
        None,
        None,
    )
