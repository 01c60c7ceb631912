"""The MCR match score sheet: winds, dealer and seats on all 16 hands, a full match
checked by hand, table points with ties, corrections, undo and bad input."""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction
from typing import Any

import pytest

from fanshu.errors import FanshuError
from fanshu.match import (
    SCALE_48,
    HandRecord,
    HandResult,
    Match,
    MatchError,
    rank_table_points,
)
from fanshu.tiles import Tile

# ------------------------------------------------------------------------------------
# Winds, dealer, seats
# ------------------------------------------------------------------------------------

# Players drew seats A=East, B=South, C=West, D=North for round 1.  Seats per round
# (1998 rule book 轮转 as used on MCR tournament score sheets):
#   round 1: E=A S=B W=C N=D
#   round 2: E=B S=A W=D N=C   (East<->South and West<->North swap)
#   round 3: E=C S=D W=B N=A
#   round 4: E=D S=C W=A N=B
# Within a round the deal passes E -> S -> W -> N seat; the dealer's wind is East and the
# others follow counter-clockwise.  Seat winds of A, B, C, D on each hand:
SEAT_WINDS = {
    1: "ESWN", 2: "NESW", 3: "WNES", 4: "SWNE",
    5: "SENW", 6: "ENWS", 7: "NWSE", 8: "WSEN",
    9: "NWES", 10: "WSNE", 11: "SEWN", 12: "ENSW",
    13: "WNSE", 14: "SWEN", 15: "ESNW", 16: "NEWS",
}  # fmt: skip
DEALERS = "ABCDBADCCDBADCAB"
PREVALENT = "EEEESSSSWWWWNNNN"


@pytest.mark.parametrize("hand_no", range(1, 17))
def test_winds_dealer_for_every_hand(hand_no: int) -> None:
    m = Match("ABCD")
    winds = m.seat_winds(hand_no)
    assert "".join(winds[p].code for p in "ABCD") == SEAT_WINDS[hand_no]
    assert m.dealer(hand_no) == DEALERS[hand_no - 1]
    assert m.prevalent_wind(hand_no).code == PREVALENT[hand_no - 1]
    assert sorted(winds.values()) == [Tile.EAST, Tile.SOUTH, Tile.WEST, Tile.NORTH]


def test_every_player_deals_once_per_round_no_dealer_repeat() -> None:
    m = Match("ABCD")
    dealers = [m.dealer(n) for n in range(1, 17)]
    for r in range(4):
        assert sorted(dealers[4 * r : 4 * r + 4]) == list("ABCD")
        # within a round the deal always moves on (no 连庄)
        assert len(set(dealers[4 * r : 4 * r + 4])) == 4
    # at a round change the seats change: C (drew West) deals hands 8 and 9
    assert dealers[7] == dealers[8] == "C"


def test_seat_rotation_gives_every_neighbour() -> None:
    # Over the four rounds each player has each other player on the right (下家) and on
    # the left (上家).  Opposite (对家): A-C and B-D twice (rounds 1-2), then the others.
    m = Match("ABCD")
    seen: dict[str, set[tuple[str, str]]] = {p: set() for p in "ABCD"}
    for rnd in range(4):
        seats = list(m.seats(4 * rnd + 1).values())  # E, S, W, N
        for i, p in enumerate(seats):
            seen[p] |= {
                ("right", seats[(i + 1) % 4]),
                ("opposite", seats[(i + 2) % 4]),
                ("left", seats[(i + 3) % 4]),
            }
    for p in "ABCD":
        for rel in ("right", "left"):
            assert {q for r, q in seen[p] if r == rel} == set("ABCD") - {p}
    assert {q for r, q in seen["A"] if r == "opposite"} == {"C", "D"}
    assert {q for r, q in seen["B"] if r == "opposite"} == {"D", "C"}


def test_seats_after_east_round() -> None:
    m = Match("ABCD")
    assert [p for p in m.seats(5).values()] == ["B", "A", "D", "C"]
    assert [p for p in m.seats(9).values()] == ["C", "D", "B", "A"]
    assert [p for p in m.seats(13).values()] == ["D", "C", "A", "B"]


@pytest.mark.parametrize("bad", [0, 17, -1, "3", True, 2.0])
def test_bad_hand_numbers(bad: Any) -> None:
    with pytest.raises(MatchError):
        Match("ABCD").seat_winds(bad)


# ------------------------------------------------------------------------------------
# A full match, checked by hand
# ------------------------------------------------------------------------------------


def play_full_match() -> Match:
    m = Match(["A", "B", "C", "D"], id="club-1")
    # 1: B wins on A's discard with a scored hand.  B sits South, prevalent East:
    #    花龙 8 + 圈风刻 2 + 门前清 2 + 暗杠 2 + 单钓将 1 + 1 flower = 16 fan.
    #    A pays 8+16 = 24, C and D 8 each: B +40.
    m.record_win("B", discarder="A", hand="[EEEE]123m456p789s11s", flowers=1)
    m.record_win("C", fan=8)  # 2: C self-drawn 8: 16 from each, C +48
    m.record_draw()  # 3: drawn, nobody pays
    m.record_win("D", discarder="C", fan=12)  # 4: C -20, A -8, B -8, D +36
    m.record_win("A", fan=24, flowers=2)  # 5: 22 + 2 flowers, self-drawn: 32 each, A +96
    m.record_false_win("C", "under_minimum")  # during 6: C 错和 -30, others +10
    m.record_win("B", discarder="D", fan=8)  # 6: D -16, A -8, C -8, B +32
    m.record_win("A", discarder="B", fan=40)  # 7: B -48, C -8, D -8, A +64
    m.record_draw()  # 8
    m.record_win("D", fan=10)  # 9: 18 each, D +54
    m.add_penalty("B", 10, "slow play")  # during 10: B -10, paid to nobody
    m.record_win("C", discarder="A", fan=9)  # 10: A -17, B -8, D -8, C +33
    m.record_win("B", fan=16)  # 11: 24 each, B +72
    m.record_win("D", discarder="B", fan=88)  # 12: B -96, A -8, C -8, D +24+88 = +112
    m.record_win("A", discarder="C", fan=13)  # 13: C -21, B -8, D -8, A +37
    m.record_draw()  # 14
    m.record_win("C", fan=12)  # 15: 20 each, C +60
    m.record_win("B", discarder="C", fan=8)  # 16: C -16, A -8, D -8, B +32
    return m


# By hand, row by row:
#   A: -24 -16 -8 +96 +10 -8 +64 -18 -17 -24 -8 +37 -20 -8          =  56
#   B: +40 -16 -8 -32 +10 +32 -48 -18 -10 -8 +72 -96 -8 -20 +32     = -78
#   C: -8 +48 -20 -32 -30 -8 -8 -18 +33 -24 -8 -21 +60 -16          = -52
#   D: -8 -16 +36 -32 +10 -16 -8 +54 -8 -24 +112 -8 -20 -8          =  64
#   sum = -10, the free penalty.
# Ranks: D 64 (4), A 56 (2), C -52 (1), B -78 (0); on 48/24/12/0: D 48, A 24, C 12, B 0.
FULL_TOTALS = {"A": 56, "B": -78, "C": -52, "D": 64}


def test_full_match_totals_and_table_points() -> None:
    m = play_full_match()
    assert m.is_complete
    assert m.hands_played == 16
    assert len(m.records) == 18  # 16 hands + a false win + a penalty
    assert m.totals() == FULL_TOTALS
    assert sum(m.totals().values()) == -10
    assert m.table_points() == {"A": 2, "B": 0, "C": 1, "D": 4}
    assert m.table_points(SCALE_48) == {"A": 24, "B": 0, "C": 12, "D": 48}


def test_full_match_rows() -> None:
    m = play_full_match()
    first = m.records[0]
    assert first.kind == "win" and first.fan == 16 and first.flowers == 1
    assert first.hand == "[EEEE]123m456p789s11s"
    assert first.fans is not None
    assert {f["name"] for f in first.fans} >= {"花龙", "圈风刻", "花牌"}
    assert first.payments == {"A": -24, "B": 40, "C": -8, "D": -8}
    fw = m.records[5]
    assert (fw.kind, fw.number, fw.offender, fw.false_win) == ("false_win", 6, "C", "under_minimum")
    pen = m.records[10]
    assert (pen.kind, pen.number, pen.penalties[0].points) == ("penalty", 10, 10)
    assert [r.number for r in m.hands] == list(range(1, 17))
    running = m.running_totals()
    assert running[0] == {"A": -24, "B": 40, "C": -8, "D": -8}
    assert running[1] == {"A": -40, "B": 24, "C": 40, "D": -24}
    assert running[2] == running[1]  # the draw
    assert running[-1] == FULL_TOTALS
    assert len(running) == len(m.records)


def test_to_dict_shape() -> None:
    m = play_full_match()
    d = m.to_dict()
    assert d["id"] == "club-1"
    assert d["players"] == [
        {"name": "A", "total": 56, "table_points": 2},
        {"name": "B", "total": -78, "table_points": 0},
        {"name": "C", "total": -52, "table_points": 1},
        {"name": "D", "total": 64, "table_points": 4},
    ]
    assert len(d["hands"]) == 18
    assert Match.from_dict(d) == m
    assert Match.from_dict(d).to_dict() == d


def test_table_points_null_until_complete() -> None:
    m = play_full_match()
    m.undo()
    assert not m.is_complete
    assert m.table_points() is None
    assert all(p["table_points"] is None for p in m.to_dict()["players"])


def test_seventeenth_hand_refused_and_match_unchanged() -> None:
    m = play_full_match()
    before = m.to_dict()
    for call in (
        lambda: m.record_win("A", fan=8),
        m.record_draw,
        lambda: m.record_false_win("A", "not_complete"),
    ):
        with pytest.raises(MatchError, match="complete"):
            call()
    assert m.to_dict() == before
    # a referee's penalty after the last hand is still possible
    m.add_penalty("A", 5, "late score sheet")
    assert m.records[-1].number == 16
    assert m.totals()["A"] == 51


# ------------------------------------------------------------------------------------
# Table points and ties
# ------------------------------------------------------------------------------------


def drawn_match(*wins: tuple[str, int]) -> Match:
    m = Match("ABCD")
    for winner, fan in wins:
        m.record_win(winner, fan=fan)
    while not m.is_complete:
        m.record_draw()
    return m


def test_two_tied_for_first_share() -> None:
    # A and B each self-draw 8: A = 48-16 = 32, B = 32, C = D = -32.
    m = drawn_match(("A", 8), ("B", 8))
    assert m.totals() == {"A": 32, "B": 32, "C": -32, "D": -32}
    assert m.table_points() == {"A": 3, "B": 3, "C": 0.5, "D": 0.5}
    assert m.table_points(SCALE_48) == {"A": 36, "B": 36, "C": 6, "D": 6}


def test_all_tied() -> None:
    m = drawn_match()
    assert m.table_points() == dict.fromkeys("ABCD", 1.75)
    assert m.table_points(SCALE_48) == dict.fromkeys("ABCD", 21)


def test_three_tied_exact() -> None:
    tp = rank_table_points({"A": 10, "B": 10, "C": 10, "D": -30})
    assert tp == {"A": Fraction(7, 3), "B": Fraction(7, 3), "C": Fraction(7, 3), "D": 0}
    assert sum(tp.values()) == 7


def test_tie_for_second() -> None:
    tp = rank_table_points({"A": 100, "B": 0, "C": 0, "D": -100})
    assert tp == {"A": 4, "B": Fraction(3, 2), "C": Fraction(3, 2), "D": 0}


# ------------------------------------------------------------------------------------
# Corrections and undo
# ------------------------------------------------------------------------------------


def test_correct_replaces_a_hand_and_totals_follow() -> None:
    m = play_full_match()
    # hand 3 was a draw; it was really D self-drawn 8: 16 from each, D +48
    m.correct(3, winner="D", fan=8)
    assert m.totals() == {"A": 40, "B": -94, "C": -68, "D": 112}
    assert m.hands[2].winner == "D"
    assert m.table_points() == {"A": 2, "B": 0, "C": 1, "D": 4}
    # and back to a draw
    m.correct(3, draw=True)
    assert m.totals() == FULL_TOTALS
    # correcting to a scored hand uses that hand's winds: hand 9 prevalent West,
    # A sits North: no wind fan for [EEEE] but 幺九刻 1; self-drawn:
    # 花龙 8 + 不求人 4 + 暗杠 2 + 幺九刻 1 + 单钓 1 = 16, 24 from each
    rec = m.correct(9, winner="A", hand="[EEEE]123m456p789s11s")
    assert rec.fan == 16
    assert rec.payments == {"A": 72, "B": -24, "C": -24, "D": -24}
    assert rec.fans is not None and "幺九刻" in {f["name"] for f in rec.fans}


def test_correct_keeps_penalty_rows_and_order() -> None:
    m = play_full_match()
    m.correct(10, winner="C", discarder="A", fan=10)
    assert [r.kind for r in m.records].count("penalty") == 1
    assert m.records[11].number == 10 and m.records[11].fan == 10


def test_undo() -> None:
    m = Match("ABCD")
    m.record_win("A", fan=8)
    m.add_penalty("B", 5)
    removed = m.undo()
    assert removed.kind == "penalty"
    assert m.totals() == {"A": 48, "B": -16, "C": -16, "D": -16}
    m.undo()
    assert m.totals() == dict.fromkeys("ABCD", 0)
    with pytest.raises(MatchError, match="nothing to undo"):
        m.undo()


# ------------------------------------------------------------------------------------
# Bad input changes nothing
# ------------------------------------------------------------------------------------


BAD_CALLS = [
    (lambda m: m.record_win("Zed", fan=8), "unknown winner 'Zed'"),
    (lambda m: m.record_win("A", discarder="Zed", fan=8), "unknown discarder"),
    (lambda m: m.record_win("A", discarder="A", fan=8), "cannot be the winner"),
    (lambda m: m.record_win("A", discarder="A", hand="[EEEE]123m456p789s11s"), "cannot be"),
    (lambda m: m.record_win("A", fan=-8), "below 0"),
    (lambda m: m.record_win("A", fan=7), "8 fan"),
    (lambda m: m.record_win("A", fan=8, flowers=1), "without flowers"),
    (lambda m: m.record_win("A", fan=99999), "not possible"),
    (lambda m: m.record_win("A"), "fan total or a hand"),
    (lambda m: m.record_win("A", hand="[123m]345p567s234m66p"), "错和"),
    (lambda m: m.record_win("A", hand="123m456p789s234m56s"), "诈和"),
    (lambda m: m.record_win("A", hand="123m456p789s234m5"), "."),
    (lambda m: m.record_win("A", fan=20, hand="[EEEE]123m456p789s11s"), "does not match"),
    (lambda m: m.record_win("A", hand="[EEEE]123m456p789s11s", flowers=12), "flowers"),
    (lambda m: m.record_false_win("Zed", "not_complete"), "unknown offender"),
    (lambda m: m.record_false_win("A", "bluff"), "unknown false win"),
    (lambda m: m.add_penalty("Zed", 10), "unknown player"),
    (lambda m: m.add_penalty("A", -10), "positive"),
    (lambda m: m.correct(5, winner="A", fan=8), "not recorded"),
    (lambda m: m.correct(1, winner="A", discarder="A", fan=8), "cannot be the winner"),
    (lambda m: m.correct(1, winner="A", fan=8, draw=True), "drawn hand"),
    (lambda m: m.correct(1), "give the winner"),
    (lambda m: m.correct(17, draw=True), "1-16"),
]


@pytest.mark.parametrize(("call", "message"), BAD_CALLS)
def test_bad_input_leaves_match_unchanged(call: Any, message: str) -> None:
    m = Match("ABCD")
    m.record_win("B", discarder="C", fan=9)
    before = m.to_dict()
    with pytest.raises(MatchError if message != "." else Exception, match=message) as info:
        call(m)
    assert getattr(info.value, "code", None) in ("bad_match", "bad_notation", "invalid_hand")
    assert m.to_dict() == before


@pytest.mark.parametrize(
    "players",
    [["A", "B", "C"], ["A", "B", "C", "D", "E"], ["A", "A", "B", "C"], ["A", "", "B", "C"]],
)
def test_bad_players(players: list[str]) -> None:
    with pytest.raises(MatchError):
        Match(players)


# ------------------------------------------------------------------------------------
# Records
# ------------------------------------------------------------------------------------


def test_hand_record_round_trip() -> None:
    for rec in play_full_match().records:
        assert HandRecord.from_dict(rec.to_dict()) == rec


def test_tampered_payments_refused() -> None:
    d = play_full_match().to_dict()
    d["hands"][1]["payments"]["C"] = 480
    with pytest.raises(MatchError, match="the rules"):
        Match.from_dict(d)


def test_tampered_numbers_refused() -> None:
    d = play_full_match().to_dict()
    d["hands"][2]["number"] = 7
    with pytest.raises(MatchError, match="should be hand 3"):
        Match.from_dict(d)


def test_copy_is_independent() -> None:
    m = play_full_match()
    c = m.copy()
    c.undo()
    assert m.is_complete and not c.is_complete
    assert m != c


def test_a_sheet_equals_its_copy_and_is_not_hashable() -> None:
    # equal while their hands are equal, and a sheet changes: no hash (Python sets
    # __hash__ to None for a class with __eq__ and no __hash__; sheet.py relies on it)
    m = play_full_match()
    assert m == m.copy()
    assert Match.__hash__ is None
    assert not isinstance(m, Hashable)
    with pytest.raises(TypeError, match="unhashable"):
        hash(m)


# ------------------------------------------------------------------------------------
# How a win scored from its hand was won: 和绝张, 杠上开花/抢杠和, 妙手回春/海底捞月
# ------------------------------------------------------------------------------------

EDGE_HAND = "456p789s234sEE123m"  # 花龙 on an edge wait of 3m: the robbed tile, the last tile
KONG_HAND = "[2222m]456p789s123sEE"  # a concealed kong: its replacement tile can win


FLAGS = ("fourth_tile", "kong", "wall_last")


@pytest.mark.parametrize(
    ("hand", "discarder", "flag", "fan", "value"),
    [
        (KONG_HAND, None, "kong", "杠上开花", 8),
        (EDGE_HAND, "C", "kong", "抢杠和", 8),
        (EDGE_HAND, "C", "wall_last", "海底捞月", 8),
        (EDGE_HAND, None, "wall_last", "妙手回春", 8),
        (EDGE_HAND, "C", "fourth_tile", "和绝张", 4),
    ],
)
def test_a_hand_is_scored_with_how_it_was_won(
    hand: str, discarder: str | None, flag: str, fan: str, value: int
) -> None:
    import fanshu

    context = {k: k == flag for k in FLAGS}
    m = Match("ABCD")
    r = m.record(HandResult(winner="B", discarder=discarder, hand=hand, **context))
    seat = m.seat_winds(1)["B"]
    same = fanshu.score(hand, self_drawn=discarder is None, seat_wind=seat, **context)
    plain = fanshu.score(hand, self_drawn=discarder is None, seat_wind=seat)
    assert r.fan == same.total and r.fans == tuple(same.to_dict()["fans"])
    assert {f["name"]: f["value"] for f in r.fans or ()}[fan] == value  # the rule book's
    assert fan not in {f["name"] for f in plain.to_dict()["fans"]} and plain.total < same.total
    assert {k: getattr(r, k) for k in FLAGS} == context
    # kept in the row (only the flag that is set), and read back from it
    assert {k for k in FLAGS if k in r.to_dict()} == {flag} and r.to_dict()[flag] is True
    assert Match.from_dict(m.to_dict()) == m


def test_win_context_needs_a_hand_and_a_win() -> None:
    m = Match("ABCD")
    with pytest.raises(MatchError, match=r"kong \(杠上开花.*give B's hand instead of the fan"):
        m.record_win("B", fan=16, kong=True)
    with pytest.raises(MatchError, match="a drawn hand has no win context: wall_last"):
        m.record(HandResult(draw=True, wall_last=True))
    assert m.records == ()
    m.record_win("B", fan=16)
    with pytest.raises(MatchError, match="fourth_tile"):
        m.correct(1, winner="C", fan=8, fourth_tile=True)
    # a context the hand cannot have is the calculator's error: nothing recorded
    with pytest.raises(FanshuError, match="杠上开花"):
        m.record_win("C", hand=EDGE_HAND, kong=True)
    assert m.hands_played == 1


def test_correct_scores_the_new_context_and_old_rows_read_false() -> None:
    m = Match("ABCD")
    first = m.record_win("B", discarder="C", hand=EDGE_HAND)
    fixed = m.correct(1, winner="B", discarder="C", hand=EDGE_HAND, wall_last=True)
    assert fixed.fan == (first.fan or 0) + 8 and fixed.wall_last and not first.wall_last
    old = first.to_dict()
    assert not {"fourth_tile", "kong", "wall_last"} & set(old)  # as rows were written before
    assert HandRecord.from_dict(old) == first
    with pytest.raises(MatchError, match="kong is true or false"):
        HandRecord.from_dict({**old, "kong": "yes"})
    tampered = m.to_dict()
    tampered["hands"][0].update(hand=None, fans=None)
    with pytest.raises(MatchError, match="win context keeps its hand"):
        Match.from_dict(tampered)
