"""Tournament results that cannot contradict their score sheets: one source per table
(``sheet:<id>``, ``typed``, ``corrected``), typed totals checked, corrections explicit."""

from __future__ import annotations

import pytest

from fanshu.match.exchange import (
    tournament_from_csv,
    tournament_from_json,
    tournament_to_csv,
    tournament_to_json,
)
from fanshu.match.sheet import Match, MatchError
from fanshu.match.tournament import (
    IN_PROGRESS,
    MAX_TYPED_SCORE,
    BadTotals,
    NothingToCorrect,
    ResultAlreadyRecorded,
    TableHasSheet,
    TableHasTypedResult,
    TotalOutOfRange,
    Tournament,
)


def seated() -> Tournament:
    t = Tournament("ABCDEFGH", sessions=2, id="cup")
    t.seat_session(1, ["ABCD", "EFGH"])
    return t


def finish(m: Match, winner: str = "A") -> None:
    m.record_win(winner, fan=8)
    while not m.is_complete:
        m.record_draw()


TYPED = {"E": 40, "F": 20, "G": -20, "H": -40}


def test_a_sheet_in_progress_gives_no_result_and_refuses_typed_totals() -> None:
    t = seated()
    m = t.match(1, 1)
    m.record_win("A", fan=8)
    with pytest.raises(TableHasSheet, match=r"has the score sheet cup-s1t1 \(1 of 16 hands\)"):
        t.set_result(1, 1, {"A": 100, "B": 0, "C": 0, "D": -100})
    (r,) = t.results()
    assert (r.source, r.state, r.table_points, r.hands) == ("sheet:cup-s1t1", IN_PROGRESS, None, 1)
    by = {s.player: s for s in t.standings()}
    assert (by["A"].matches, by["A"].score, by["A"].in_progress) == (0, 0, 1)
    line = by["A"].to_dict()["tables"][0]
    assert line == {"session": 1, "table": 1, "source": "sheet:cup-s1t1", "state": "in progress",
                    "score": 48, "table_points": None, "hands": 1}  # fmt: skip


def test_a_finished_sheet_cannot_be_overridden_by_typed_totals() -> None:
    t = seated()
    m = t.match(1, 1)
    finish(m)
    before = t.standings()
    for correction in (False, True):
        with pytest.raises(TableHasSheet):
            t.set_result(1, 1, {"A": -48, "B": 16, "C": 16, "D": 16}, correction=correction)
    assert t.standings() == before
    by = {s.player: s for s in before}
    assert (by["A"].score, by["A"].table_points, by["A"].matches) == (48, 4, 1)
    assert by["A"].tables[0].source == "sheet:cup-s1t1" and by["A"].tables[0].state == "complete"


def test_a_typed_result_needs_the_four_seated_players_and_sums_to_zero() -> None:
    t = seated()
    with pytest.raises(BadTotals, match="give the scores of E, F, G, H"):
        t.set_result(1, 2, {"E": 10, "F": -10, "G": 0})
    with pytest.raises(BadTotals, match="give the scores of E, F, G, H"):
        t.set_result(1, 2, {"E": 10, "F": -10, "G": 0, "A": 0})
    with pytest.raises(BadTotals, match=r"sum to \+10000 .*sum to 0"):
        t.set_result(1, 2, {"E": 10000, "F": 0, "G": 0, "H": 0})
    with pytest.raises(BadTotals, match=r"a match score is a whole number, not 1\.5 for F"):
        t.set_result(1, 2, {"E": 1, "F": 1.5, "G": 0, "H": -2.5})  # type: ignore[dict-item]
    with pytest.raises(BadTotals, match="not True for E"):
        t.set_result(1, 2, {"E": True, "F": 0, "G": 0, "H": -1})
    big = MAX_TYPED_SCORE + 1
    with pytest.raises(TotalOutOfRange, match=f"{big} of E is out of range.*-24384 and 24384"):
        t.set_result(1, 2, {"E": big, "F": -big, "G": 0, "H": 0})
    assert t.results() == []
    edge = MAX_TYPED_SCORE
    assert t.set_result(1, 2, {"E": edge, "F": -edge, "G": 0, "H": 0}) is None
    assert t.results()[0].source == "typed"


def test_a_second_entry_is_a_correction_and_says_so() -> None:
    t = seated()
    t.set_result(1, 2, TYPED)
    again = {"E": 20, "F": 40, "G": -20, "H": -40}
    with pytest.raises(ResultAlreadyRecorded, match="already has the result E 40, F 20"):
        t.set_result(1, 2, again)
    assert t.typed_result(1, 2) == TYPED and t.source(1, 2) == "typed"
    assert t.set_result(1, 2, again, correction=True) == TYPED
    assert t.typed_result(1, 2) == again and t.source(1, 2) == "corrected"
    by = {s.player: s for s in t.standings()}
    assert by["F"].table_points == 4 and by["F"].tables[0].source == "corrected"
    with pytest.raises(NothingToCorrect, match="no typed result to correct"):
        t.set_result(1, 1, {"A": 1, "B": -1, "C": 0, "D": 0}, correction=True)


def test_typed_tables_get_no_sheet_and_sheets_are_not_replaced() -> None:
    t = seated()
    t.set_result(1, 2, TYPED)
    with pytest.raises(TableHasTypedResult, match="already has a typed result"):
        t.match(1, 2)
    with pytest.raises(TableHasTypedResult):
        t.set_match(1, 2, Match("EFGH"))
    m = t.match(1, 1)
    with pytest.raises(TableHasSheet, match="already has the score sheet cup-s1t1"):
        t.set_match(1, 1, Match("ABCD", id="other"))
    t.set_match(1, 1, m)  # the same sheet again is no change
    assert t.match(1, 1) is m
    assert [x.source for x in t.results()] == ["sheet:cup-s1t1", "typed"]
    assert all(isinstance(e, MatchError) for e in (TableHasSheet("x"), BadTotals("x")))


def test_a_four_way_tie_is_no_first_place() -> None:
    t = seated()
    m = t.match(1, 1)
    while not m.is_complete:
        m.record_draw()  # all four at 0
    t.set_result(1, 2, {"E": 30, "F": 30, "G": -20, "H": -40})  # a shared top
    by = {s.player: s for s in t.standings()}
    assert [by[p].firsts for p in "ABCDEFGH"] == [0] * 8
    t2 = seated()
    t2.set_result(1, 2, {"E": 31, "F": 29, "G": -20, "H": -40})
    assert {s.player: s.firsts for s in t2.standings()}["E"] == 1


def test_sources_survive_export_and_import() -> None:
    t = seated()
    finish(t.match(1, 1))
    t.set_result(1, 2, TYPED)
    t.set_result(1, 2, {"E": 0, "F": 20, "G": 20, "H": -40}, correction=True)
    t.seat_session(2, ["AEBF", "CGDH"])
    t.match(2, 1).record_win("E", fan=8)
    t.set_result(2, 2, {"C": 10, "G": -10, "D": 0, "H": 0})
    for back in (
        tournament_from_json(tournament_to_json(t)),
        tournament_from_csv(tournament_to_csv(t)),
    ):
        assert [r.source for r in back.results()] == [r.source for r in t.results()] == [
            "sheet:cup-s1t1", "corrected", "sheet:cup-s2t1", "typed",
        ]  # fmt: skip
        assert back.standings() == t.standings()


def test_an_import_checks_typed_totals_as_typed() -> None:
    data = seated().to_dict()
    data["results"] = [{"session": 1, "table": 2, "totals": {"E": 10000, "F": 0, "G": 0, "H": 0}}]
    with pytest.raises(BadTotals, match="sum to"):
        Tournament.from_dict(data)
    data["results"] = [{"session": 1, "table": 2, "totals": TYPED, "source": "guessed"}]
    with pytest.raises(MatchError, match="'typed' or 'corrected', not 'guessed'"):
        Tournament.from_dict(data)


def test_restore_keeps_old_rows_readable() -> None:
    t = seated()
    t.restore_result(1, 2, {"E": 10000, "F": 0, "G": 0, "H": 0}, source="typed")
    assert t.results()[0].totals["E"] == 10000
    t.restore_result(1, 2, TYPED, source="corrected")
    assert t.source(1, 2) == "corrected"
    with pytest.raises(MatchError, match="not 'sheet'"):
        t.restore_result(1, 2, TYPED, source="sheet")
    with pytest.raises(BadTotals):
        t.restore_result(1, 2, {"E": 1}, source="typed")


def test_a_referees_penalty_is_typed_with_the_result() -> None:
    t = seated()
    penalised = {"E": 40, "F": 20, "G": -20, "H": -50}  # H lost 10 to a penalty
    with pytest.raises(BadTotals, match=r"sum to -10 .*given as a penalty"):
        t.set_result(1, 2, penalised)
    with pytest.raises(BadTotals, match=r"penalties \(H 5\) deducted .* they sum to -5"):
        t.set_result(1, 2, penalised, penalties={"H": 5})
    with pytest.raises(BadTotals, match="for one of E, F, G, H, not 'A'"):
        t.set_result(1, 2, penalised, penalties={"A": 10})
    with pytest.raises(TotalOutOfRange, match="penalty 0 of H is out of range"):
        t.set_result(1, 2, {"E": 40, "F": 20, "G": -20, "H": -40}, penalties={"H": 0})
    t.set_result(1, 2, penalised, penalties={"H": 10})
    assert t.typed_penalties(1, 2) == {"H": 10}
    assert t.to_dict()["results"][0]["penalties"] == {"H": 10}
    by = {s.player: s for s in t.standings()}
    assert (by["H"].score, by["H"].table_points) == (-50, 0)
    for back in (
        tournament_from_json(tournament_to_json(t)),
        tournament_from_csv(tournament_to_csv(t)),
    ):
        assert back.typed_penalties(1, 2) == {"H": 10} and back.standings() == t.standings()
    t.set_result(1, 2, TYPED, correction=True)  # a correction restates the whole result
    assert t.typed_penalties(1, 2) == {} and "penalties" not in t.to_dict()["results"][0]
