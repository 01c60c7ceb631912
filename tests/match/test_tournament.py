"""Tournaments: seatings (entered and generated), results, standings and tie-breaks."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from fanshu.match import (
    SCALE_48,
    Match,
    MatchError,
    Tournament,
    count_repeats,
    generate_seating,
    repeat_lower_bound,
)


def names(n: int) -> list[str]:
    return [f"P{i:02d}" for i in range(1, n + 1)]


def assert_partitions(
    players: list[str], sessions: tuple[tuple[tuple[str, ...], ...], ...]
) -> None:
    for session in sessions:
        seated = [p for table in session for p in table]
        assert sorted(seated) == sorted(players)
        assert all(len(t) == 4 for t in session)


# ------------------------------------------------------------------------------------
# Seating generation
# ------------------------------------------------------------------------------------


@pytest.mark.parametrize("sessions", [4, 5, 6, 7])
def test_eight_players_reach_the_lower_bound(sessions: int) -> None:
    # 8 players meet 3 opponents a session and have only 7: repeats are forced.
    # The best possible is every pair meeting, each player 3s - 7 extra meetings.
    players = names(8)
    s = generate_seating(players, sessions, seed=0)
    assert_partitions(players, s.sessions)
    assert s.repeats == count_repeats(s.sessions)
    assert s.repeats == repeat_lower_bound(8, sessions) == 4 * (3 * sessions - 7)
    assert all(c >= 1 for c in s.meetings().values())
    assert len(s.meetings()) == 28  # every pair met


@pytest.mark.parametrize(("sessions", "allowed"), [(4, 0), (5, 0), (6, 24), (7, 48)])
def test_sixteen_players_few_repeats(sessions: int, allowed: int) -> None:
    # 16 players: up to 5 sessions can avoid every repeat (an affine plane of order 4
    # exists); beyond, each session forces 3 more meetings per player.
    players = names(16)
    s = generate_seating(players, sessions, seed=0)
    assert_partitions(players, s.sessions)
    assert repeat_lower_bound(16, sessions) == allowed
    assert s.repeats == allowed
    assert max(s.meetings().values()) <= 2


def test_generation_is_deterministic_by_seed() -> None:
    a = generate_seating(names(16), 4, seed=42)
    b = generate_seating(names(16), 4, seed=42)
    assert a == b
    c = generate_seating(names(16), 6, seed=43)
    assert c.sessions != generate_seating(names(16), 6, seed=42).sessions


def test_random_seating_is_much_worse() -> None:
    # sanity check of the measure: the trivial seating (same tables every session)
    players = names(16)
    same = [tuple(tuple(players[4 * t : 4 * t + 4]) for t in range(4))] * 5
    assert count_repeats(same) == 24 * 4


@pytest.mark.parametrize(
    ("players", "sessions", "message"),
    [
        (names(6), 3, "multiple of 4"),
        (["A", "B", "C", "A"], 2, "appear twice"),
        (names(8), 0, "positive"),
        (["A", "", "C", "D"], 1, "non-empty"),
    ],
)
def test_bad_generation_input(players: list[str], sessions: int, message: str) -> None:
    with pytest.raises(MatchError, match=message):
        generate_seating(players, sessions)


def test_tournament_generates_around_entered_sessions() -> None:
    t = Tournament(names(16), sessions=5, id="open")
    t.seat_session(1, [names(16)[4 * i : 4 * i + 4] for i in range(4)])
    seating = t.generate_seating(seed=5)
    assert t.seated_sessions == (1, 2, 3, 4, 5)
    assert t.seating(1) == tuple(tuple(names(16)[4 * i : 4 * i + 4]) for i in range(4))
    assert seating.repeats == t.repeats() == 0


# ------------------------------------------------------------------------------------
# Entered seatings and results
# ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tables", "message"),
    [
        (["ABCD", "EFGA"], "seated twice"),
        (["ABCD", "EFGZ"], "unknown player 'Z'"),
        (["ABCD"], "not seated: E, F, G, H"),
        (["ABC", "DEFGH"], "four players"),
    ],
)
def test_bad_seatings(tables: list[str], message: str) -> None:
    t = Tournament("ABCDEFGH", sessions=2)
    with pytest.raises(MatchError, match=message):
        t.seat_session(1, tables)
    assert t.seated_sessions == ()


def test_bad_sessions_and_tables() -> None:
    t = Tournament("ABCDEFGH", sessions=2)
    with pytest.raises(MatchError, match="sessions 1-2"):
        t.seat_session(3, ["ABCD", "EFGH"])
    with pytest.raises(MatchError, match="not seated"):
        t.match(1, 1)
    t.seat_session(1, ["ABCD", "EFGH"])
    with pytest.raises(MatchError, match="tables 1-2"):
        t.match(1, 3)
    with pytest.raises(MatchError, match="give the scores of A, B, C, D"):
        t.set_result(1, 1, {"A": 1, "B": 2, "C": 3, "E": 4})
    with pytest.raises(MatchError, match="not those of"):
        t.set_match(1, 1, Match("ABCE"))
    t.set_result(1, 1, {"A": 1, "B": 2, "C": 3, "D": -6})
    with pytest.raises(MatchError, match="already has results"):
        t.seat_session(1, ["ABCE", "DFGH"])


# ------------------------------------------------------------------------------------
# Standings and tie-breaks
# ------------------------------------------------------------------------------------


def tie_break_tournament() -> Tournament:
    t = Tournament("ABCDEFGH", sessions=2, id="ties")
    t.seat_session(1, ["ABCD", "EFGH"])
    t.seat_session(2, ["ABCE", "DFGH"])
    t.set_result(1, 1, {"A": 100, "B": 20, "C": -40, "D": -80})  # A4 B2 C1 D0
    t.set_result(1, 2, {"E": 60, "F": 10, "G": 0, "H": -70})  # E4 F2 G1 H0
    t.set_result(2, 1, {"C": 70, "B": 20, "E": -30, "A": -60})  # C4 B2 E1 A0
    t.set_result(2, 2, {"D": 60, "G": 10, "F": 0, "H": -70})  # D4 G2 F1 H0
    return t


def test_standings_tie_breaks() -> None:
    # By hand:
    #   C: 1+4 = 5 tp, -40+70 = 30, 1 first    E: 4+1 = 5 tp, 60-30 = 30, 1 first
    #      -> tied on tp, score, firsts; they met in session 2 where C (70) beat E (-30)
    #   A: 4+0 = 4 tp, 40, 1 first             B: 2+2 = 4 tp, 40, 0 firsts -> A first
    #   D: 0+4 = 4 tp, -20
    #   F: 2+1 = 3 tp, 10, 0 firsts            G: 1+2 = 3 tp, 10, 0 firsts
    #      -> they met twice: F (10) beat G (0) in session 1, G (10) beat F (0) in
    #         session 2: head-to-head 0 each, they share 6th
    #   H: 0 tp, -140
    st = tie_break_tournament().standings()
    assert [(s.rank, s.player) for s in st] == [
        (1, "C"), (2, "E"), (3, "A"), (4, "B"), (5, "D"), (6, "F"), (6, "G"), (8, "H"),
    ]  # fmt: skip
    by = {s.player: s for s in st}
    assert (by["C"].table_points, by["C"].score, by["C"].firsts, by["C"].head_to_head) == (
        5, 30, 1, 1,
    )  # fmt: skip
    assert by["E"].head_to_head == -1
    assert by["F"].head_to_head == by["G"].head_to_head == 0
    assert (by["A"].firsts, by["B"].firsts) == (1, 0)
    # head-to-head is shown where it ranks: C/E and F/G are tied, nobody else is
    assert [s.player for s in st if s.head_to_head is not None] == ["C", "E", "F", "G"]
    assert by["H"].score == -140 and by["H"].matches == 2
    assert by["A"].to_dict() == {
        "rank": 3, "player": "A", "table_points": 4, "score": 40, "matches": 2,
        "firsts": 1, "head_to_head": None, "in_progress": 0,
        "tables": [
            {"session": 1, "table": 1, "source": "typed", "state": "complete", "score": 100,
             "table_points": 4, "hands": None},
            {"session": 2, "table": 1, "source": "typed", "state": "complete", "score": -60,
             "table_points": 0, "hands": None},
        ],
    }  # fmt: skip


def test_complete_ties_share_the_rank() -> None:
    t = Tournament("ABCDEFGH", sessions=1)
    t.seat_session(1, ["ABCD", "EFGH"])
    t.set_result(1, 1, {"A": 30, "B": 10, "C": -10, "D": -30})
    t.set_result(1, 2, {"E": 30, "F": 10, "G": -10, "H": -30})
    st = t.standings()
    assert [s.rank for s in st] == [1, 1, 3, 3, 5, 5, 7, 7]
    assert {s.player for s in st if s.rank == 1} == {"A", "E"}


def test_shared_table_points_in_standings() -> None:
    t = Tournament("ABCDEFGH", sessions=1)
    t.seat_session(1, ["ABCD", "EFGH"])
    t.set_result(1, 1, {"A": 10, "B": 10, "C": 10, "D": -30})  # 7/3 each
    t.set_result(1, 2, {"E": 40, "F": 0, "G": -20, "H": -20})
    by = {s.player: s for s in t.standings()}
    assert by["A"].table_points * 3 == 7
    assert by["A"].to_dict()["table_points"] == pytest.approx(7 / 3)


def test_matches_recorded_hand_by_hand() -> None:
    t = Tournament("ABCDEFGH", sessions=1, scale=SCALE_48)
    t.seat_session(1, [["A", "B", "C", "D"], ["E", "F", "G", "H"]])
    m = t.match(1, 1)
    assert m.players == ("A", "B", "C", "D") and m.id == "s1t1"
    m.record_win("A", fan=8)
    other = Match(["H", "G", "F", "E"])
    t.set_match(1, 2, other)
    assert all(s.matches == 0 for s in t.standings())  # nothing complete yet
    while not m.is_complete:
        m.record_draw()
    for _ in range(16):
        other.record_draw()
    by = {s.player: s for s in t.standings()}
    # A +48, others -16 (a three-way tie for 2nd: (24+12+0)/3 = 12 each on 48/24/12/0)
    assert (by["A"].table_points, by["A"].score) == (48, 48)
    assert by["B"].table_points == 12
    # all four tied at table 2: 84/4 = 21 each
    assert by["E"].table_points == 21
    assert [r.is_complete for r in t.results()] == [True, True]


def test_tournament_round_trip() -> None:
    t = tie_break_tournament()
    d = t.to_dict()
    back = Tournament.from_dict(d)
    assert back.to_dict() == d
    assert back.standings() == t.standings()


def test_opponent_counts_helper() -> None:
    s = generate_seating(names(12), 3, seed=1)
    meets = Counter(frozenset(p) for sess in s.sessions for t in sess for p in combinations(t, 2))
    assert dict(meets) == s.meetings()
