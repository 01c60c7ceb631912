"""``fanshu.store.tournaments``: a tournament round trip and its exchange."""

from __future__ import annotations

import json
import sqlite3
import threading
from pathlib import Path

import pytest

from fanshu.match.sheet import MatchError
from fanshu.match.tournament import (
    BadTotals,
    ResultAlreadyRecorded,
    TableHasSheet,
    TableHasTypedResult,
)
from fanshu.store import (
    SqliteStore,
    Store,
    StoreError,
    open_store,
)
from support.store_files import snapshot


def test_tournament_round_trip_and_exchange(db: str, store: Store) -> None:
    players = [f"P{i}" for i in range(8)]
    tid = store.create_tournament(players, sessions=2, name="club night")
    store.seat_session(tid, 1, [players[:4], players[4:]])
    seating = store.generate_seating(tid, seed=3)
    assert len(seating.sessions) == 2
    t1 = store.table_match(tid, 1, 1)
    assert t1 == f"{tid}-s1t1" and store.table_match(tid, 1, 1) == t1
    for i in range(16):
        store.record_win(t1, players[i % 4], fan=8 + i)
    store.set_result(tid, 1, 2, {"P4": 30, "P5": 10, "P6": -10, "P7": -30})
    with open_store(db) as again:
        standings = [s.to_dict() for s in again.standings(tid)]
    assert standings[0]["table_points"] == 4 and len(standings) == 8
    for fmt in ("json", "csv"):
        copy = store.import_tournament(store.export_tournament(tid, fmt), fmt)
        # the copy's table matches are its own (<copy>-s1t1), and the sources say so
        expected = json.loads(json.dumps(standings).replace(f"sheet:{tid}-", f"sheet:{copy}-"))
        assert [s.to_dict() for s in store.standings(copy)] == expected
        assert store.load_tournament(copy).seating(2) == store.load_tournament(tid).seating(2)
    assert next(t["id"] for t in store.list_tournaments()) == tid
    before = snapshot(db)
    with pytest.raises(MatchError):
        store.seat_session(tid, 1, [players[4:], players[:4]])  # session 1 has results
    with pytest.raises(MatchError):
        store.set_result(tid, 2, 1, {"P0": 1})
    with pytest.raises(StoreError, match="no tournament"):
        store.standings("nope")
    assert snapshot(db) == before


def test_tournaments_made_in_one_millisecond_list_oldest_first(
    store: SqliteStore, monkeypatch: pytest.MonkeyPatch
) -> None:
    from fanshu.store import connection

    monkeypatch.setattr(connection, "now", lambda: "2026-12-01T22:00:00.000Z")
    players = [f"P{k}" for k in range(8)]
    made = [store.create_tournament(players, sessions=1, name=f"night {k}") for k in range(10)]
    listed = store.list_tournaments()
    assert [t["id"] for t in listed] == made
    assert [t["created"] for t in listed] == [f"2026-12-01T22:00:00.{k:03d}Z" for k in range(10)]


def test_typed_results_corrections_and_their_audit(db: str, store: Store) -> None:
    players = [f"P{i}" for i in range(8)]
    tid = store.create_tournament(players, sessions=1)
    store.seat_session(tid, 1, [players[:4], players[4:]])
    first = {"P4": 30, "P5": 10, "P6": -10, "P7": -30}
    assert store.set_result(tid, 1, 2, first) is None
    before = snapshot(db)
    with pytest.raises(ResultAlreadyRecorded):
        store.set_result(tid, 1, 2, {"P4": 0, "P5": 0, "P6": 0, "P7": 0})
    with pytest.raises(BadTotals, match="sum to"):
        store.set_result(tid, 1, 2, {"P4": 10000, "P5": 0, "P6": 0, "P7": 0}, correction=True)
    with pytest.raises(TableHasTypedResult):
        store.table_match(tid, 1, 2)
    assert snapshot(db) == before  # refused: nothing written, nothing logged
    second = {"P4": -30, "P5": 10, "P6": -10, "P7": 30}
    assert store.set_result(tid, 1, 2, second, correction=True) == first
    with open_store(db) as again:
        t = again.load_tournament(tid)
        assert (t.typed_result(1, 2), t.source(1, 2)) == (second, "corrected")
    events = store.tournament_events(tid)
    assert [e["action"] for e in events] == ["create", "seat", "result", "correct_result"]
    assert events[2]["detail"] == {"session": 1, "table": 2, "totals": first}
    assert events[3]["detail"] == {"session": 1, "table": 2, "before": first, "after": second}
    m = store.table_match(tid, 1, 1)
    store.table_match(tid, 1, 1)  # asked again: no second "open_table"
    assert [e["action"] for e in store.tournament_events(tid)][-2:] == [
        "correct_result",
        "open_table",
    ]
    assert store.tournament_events(tid)[-1]["detail"]["match_id"] == m
    with pytest.raises(TableHasSheet, match="0 of 16 hands"):
        store.set_result(tid, 1, 1, {"P0": 0, "P1": 0, "P2": 0, "P3": 0})
    with pytest.raises(StoreError, match="no tournament"):
        store.tournament_events("nope")


def test_a_finished_sheet_keeps_its_result(store: Store) -> None:
    players = [f"P{i}" for i in range(4)]
    tid = store.create_tournament(players, sessions=1)
    store.seat_session(tid, 1, [players])
    mid = store.table_match(tid, 1, 1)
    store.record_win(mid, "P0", fan=8)
    (row,) = [x.to_dict() for x in store.standings(tid) if x.player == "P0"]
    assert (row["matches"], row["in_progress"], row["tables"][0]["state"]) == (0, 1, "in progress")
    for _ in range(15):
        store.record_draw(mid)
    for correction in (False, True):
        with pytest.raises(TableHasSheet):
            store.set_result(
                tid, 1, 1, {"P0": -48, "P1": 16, "P2": 16, "P3": 16}, correction=correction
            )
    by = {x.player: x for x in store.standings(tid)}
    assert (by["P0"].score, by["P0"].table_points) == (48, 4)
    assert by["P0"].tables[0].source == f"sheet:{mid}"


def test_rows_kept_before_sources_still_read(sqlite_db: Path, sqlite_store: SqliteStore) -> None:
    players = [f"P{i}" for i in range(4)]
    tid = sqlite_store.create_tournament(players, sessions=1)
    sqlite_store.seat_session(tid, 1, [players])
    old = {"P0": 10000, "P1": 0, "P2": 0, "P3": 0}  # an older fanshu kept it: not summing to 0
    with sqlite3.connect(sqlite_db) as c:
        c.execute("UPDATE tables SET result = ? WHERE tournament_id = ?", (json.dumps(old), tid))
    c.close()
    t = sqlite_store.load_tournament(tid)
    assert (t.typed_result(1, 1), t.source(1, 1)) == (old, "typed")
    new = {"P0": 30, "P1": 10, "P2": -10, "P3": -30}
    assert sqlite_store.set_result(tid, 1, 1, new, correction=True) == old
    assert sqlite_store.load_tournament(tid).source(1, 1) == "corrected"


def test_a_typed_result_with_a_referees_penalty(store: Store) -> None:
    players = [f"P{i}" for i in range(4)]
    tid = store.create_tournament(players, sessions=1)
    store.seat_session(tid, 1, [players])
    fined = {"P0": 30, "P1": 10, "P2": -10, "P3": -40}
    with pytest.raises(BadTotals, match="sum to -10"):
        store.set_result(tid, 1, 1, fined)
    store.set_result(tid, 1, 1, fined, penalties={"P3": 10})
    t = store.load_tournament(tid)
    assert (t.typed_result(1, 1), t.typed_penalties(1, 1)) == (fined, {"P3": 10})
    fair = {"P0": 30, "P1": 10, "P2": -10, "P3": -30}
    store.set_result(tid, 1, 1, fair, correction=True)
    assert store.load_tournament(tid).typed_penalties(1, 1) == {}
    result, correction = store.tournament_events(tid)[-2:]
    assert result["detail"] == {"session": 1, "table": 1, "totals": fined, "penalties": {"P3": 10}}
    assert correction["detail"] == {
        "session": 1, "table": 1, "before": fined, "after": fair,
        "penalties_before": {"P3": 10}, "penalties_after": {},
    }  # fmt: skip


def test_racing_entries_for_one_table_give_one_result(db: str, store: Store) -> None:
    # Several writers at once (each its own connection, as two servers or a server and
    # the command line): one typed result wins, the others are refused, never overwritten;
    # a sheet opened in the race and a typed result never both stand.
    players = [f"P{i}" for i in range(4)]
    tid = store.create_tournament(players, sessions=1)
    store.seat_session(tid, 1, [players])
    start = threading.Barrier(4)
    outcomes: list[str] = []

    def enter(k: int) -> None:
        with open_store(db) as s:
            start.wait()
            try:
                if k == 3:
                    s.table_match(tid, 1, 1)
                else:
                    s.set_result(tid, 1, 1, {"P0": k, "P1": -k, "P2": 0, "P3": 0})
                outcomes.append(f"ok {k}")
            except (ResultAlreadyRecorded, TableHasSheet, TableHasTypedResult) as exc:
                outcomes.append(exc.code)

    threads = [threading.Thread(target=enter, args=(k,)) for k in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    won = [o for o in outcomes if o.startswith("ok")]
    assert len(outcomes) == 4 and len(won) == 1, outcomes
    t = store.load_tournament(tid)
    if won == ["ok 3"]:
        assert t.has_sheet(1, 1) and t.typed_result(1, 1) is None
    else:
        k = int(won[0].split()[1])
        assert not t.has_sheet(1, 1) and t.typed_result(1, 1) == {
            "P0": k,
            "P1": -k,
            "P2": 0,
            "P3": 0,
        }
    actions = [e["action"] for e in store.tournament_events(tid)]
    assert actions.count("result") + actions.count("open_table") == 1


def test_a_match_made_apart_never_becomes_a_tables_sheet(db: str, store: Store) -> None:
    players = [f"P{i}" for i in range(4)]
    tid = store.create_tournament(players, sessions=1)
    store.seat_session(tid, 1, [players])
    store.create_match(["W", "X", "Y", "Z"], id=f"{tid}-s1t1")  # the id the table would get
    before = snapshot(db)
    with pytest.raises(StoreError, match=f"a match '{tid}-s1t1' already exists.*session 1 table 1"):
        store.table_match(tid, 1, 1)
    assert snapshot(db) == before
    assert not store.load_tournament(tid).has_sheet(1, 1)
