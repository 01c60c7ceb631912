"""``fanshu.store.tournaments``: a tournament round trip and its exchange."""

from __future__ import annotations

from pathlib import Path

import pytest

from fanshu.match.sheet import MatchError
from fanshu.store import (
    SqliteStore,
    StoreError,
)
from support.store_files import snapshot


def test_tournament_round_trip_and_exchange(db: Path, store: SqliteStore) -> None:
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
    with SqliteStore.open(db) as again:
        standings = [s.to_dict() for s in again.standings(tid)]
    assert standings[0]["table_points"] == 4 and len(standings) == 8
    for fmt in ("json", "csv"):
        copy = store.import_tournament(store.export_tournament(tid, fmt), fmt)
        assert [s.to_dict() for s in store.standings(copy)] == standings
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
