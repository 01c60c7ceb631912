"""``fanshu.store.matches``: score sheets round trip, export and import, and errors that
write nothing."""

from __future__ import annotations

import json
from typing import Any

import pytest

from fanshu.errors import FanshuError
from fanshu.match.results import HandResult, Kong, Win
from fanshu.match.sheet import SCALE_48, SCALE_STANDARD, Match, MatchError
from fanshu.rules.mcr.options import McrOptions
from fanshu.store import (
    SCHEMA_VERSION,
    Store,
    StoreError,
    open_store,
)
from fanshu.store.schema import RULE_SHEETS_MIGRATIONS
from support.store_files import HAND, PLAYERS, count_rows, snapshot


def test_match_round_trip(db: str, store: Store) -> None:
    mid = store.create_match(PLAYERS)
    assert len(mid) == 6 and mid.isalnum()
    expected = Match(PLAYERS, id=mid)
    store.record_win(mid, "Bo", discarder="Di", fan=10)
    expected.record_win("Bo", discarder="Di", fan=10)
    store.add_penalty(mid, "Cy", 5, "slow play")
    expected.add_penalty("Cy", 5, "slow play")
    store.record_false_win(mid, "Ann", "not_complete")
    expected.record_false_win("Ann", "not_complete")
    rec = store.record_win(mid, "Ann", hand=HAND, flowers=2)
    assert (
        rec.hand == HAND
        and rec.fans
        and rec.fan == expected.record_win("Ann", hand=HAND, flowers=2).fan
    )
    store.record_draw(mid)
    expected.record_draw()
    store.correct(mid, 1, winner="Cy", fan=9)
    expected.correct(1, winner="Cy", fan=9)
    assert store.undo(mid).kind == "draw"
    expected.undo()
    # a fresh connection reads exactly the same sheet
    with open_store(db) as again:
        loaded = again.load_match(mid)
    assert loaded == expected
    assert loaded.to_dict() == expected.to_dict()
    assert [e["action"] for e in store.events(mid)] == [
        "create", "win", "penalty", "false_win", "win", "draw", "correct", "undo",
    ]  # fmt: skip
    summary = store.list_matches()
    assert [m.id for m in summary] == [mid]
    assert summary[0].totals == expected.totals() and summary[0].hands_played == 2


def test_full_match_table_points_and_scale(store: Store) -> None:
    mid = store.create_match(PLAYERS)
    wide = store.create_match(PLAYERS, scale=SCALE_48)
    for m in (mid, wide):
        for i in range(16):
            store.record_win(m, PLAYERS[i % 3], fan=8 + i)  # Di never wins
    totals = store.load_match(mid).totals()
    assert sum(totals.values()) == 0
    points = {p["name"]: p["table_points"] for p in store.match_dict(mid)["players"]}
    assert sorted(points.values()) == [0, 1, 2, 4] and points["Di"] == 0
    wide_points = {p["name"]: p["table_points"] for p in store.match_dict(wide)["players"]}
    assert wide_points == {p: v * 12 for p, v in points.items()}
    with pytest.raises(MatchError, match="complete"):
        store.record_draw(mid)


def test_export_import_match(store: Store) -> None:
    mid = store.create_match(PLAYERS, scale=SCALE_48)
    for i in range(16):
        store.record_win(mid, PLAYERS[i % 4], discarder=PLAYERS[(i + 1) % 4], fan=8 + i % 5)
    store.add_penalty(mid, "Di", 10, "late")
    for fmt in ("json", "csv"):
        text = store.export_match(mid, fmt)
        new = store.import_match(text, fmt)
        assert new != mid
        assert store.load_match(new).records == store.load_match(mid).records
        assert store.match_scale(new) == SCALE_48
        assert store.match_dict(new)["players"] == store.match_dict(mid)["players"]
        if fmt == "json":
            assert json.loads(text) == {**store.match_dict(mid), "id": mid}
            assert store.match_dict(new)["players"] == store.match_dict(mid)["players"]
    tampered = store.export_match(mid).replace('"fan": 8', '"fan": 9', 1)
    before = len(store.list_matches())
    with pytest.raises(MatchError):
        store.import_match(tampered)
    assert len(store.list_matches()) == before
    with pytest.raises(StoreError, match="format"):
        store.export_match(mid, "xml")


def test_csv_keeps_the_scale_of_an_incomplete_match_and_reads_old_files(store: Store) -> None:
    mid = store.create_match(PLAYERS, scale=SCALE_48)
    store.record_win(mid, "Bo", discarder="Di", fan=10)
    text = store.export_match(mid, "csv")
    new = store.import_match(text, "csv")
    assert store.match_scale(new) == SCALE_48
    assert store.load_match(new).records == store.load_match(mid).records
    # a file written before the scale was kept: no points on the match row
    old = text.replace("48/24/12/0", "", 1)
    assert "48/24/12/0" not in old
    assert store.match_scale(store.import_match(old, "csv")) == SCALE_STANDARD
    before = len(store.list_matches())
    with pytest.raises(MatchError, match="bad scale"):
        store.import_match(text.replace("48/24/12/0", "48/24/twelve/0", 1), "csv")
    assert len(store.list_matches()) == before


def test_json_keeps_the_scale_of_an_incomplete_match(store: Store) -> None:
    mid = store.create_match(PLAYERS, scale=SCALE_48)
    store.record_win(mid, "Bo", discarder="Di", fan=10)
    text = store.export_match(mid, "json")
    assert json.loads(text)["scale"] == [48, 24, 12, 0]
    new = store.import_match(text, "json")
    assert store.load_match(new).records == store.load_match(mid).records
    assert store.match_scale(new) == SCALE_48
    assert store.match_dict(new) == {**store.match_dict(mid), "id": new}
    # a file written before the scale was kept: inferred from the table points, as before
    old = json.loads(text)
    del old["scale"]
    assert store.match_scale(store.import_match(json.dumps(old), "json")) == SCALE_STANDARD


# -- errors write nothing ----------------------------------------------------------------


def test_unknown_match_id(store: Store) -> None:
    with pytest.raises(StoreError, match=r"no match 'zzzzzz'.*holds no matches"):
        store.load_match("zzzzzz")
    mid = store.create_match(PLAYERS)
    with pytest.raises(StoreError, match=rf"no match 'zzzzzz'.*recent matches: {mid}"):
        store.record_draw("zzzzzz")


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda s, m: s.record_win(m, "Eve", fan=8), "unknown winner 'Eve'"),
        (lambda s, m: s.record_win(m, "Ann", discarder="Zed", fan=8), "unknown discarder"),
        (lambda s, m: s.record_win(m, "Ann", discarder="Ann", fan=8), "cannot be the winner"),
        (lambda s, m: s.record_win(m, "Ann", fan=-3), "below"),
        (lambda s, m: s.record_win(m, "Ann", fan=7), "8 fan"),
        (lambda s, m: s.record_win(m, "Ann", fan=9, flowers=2), "8 fan"),
        (lambda s, m: s.record_win(m, "Ann", hand="123m"), "14 tiles"),
        (lambda s, m: s.record_win(m, "Ann"), "fan total or a hand"),
        (lambda s, m: s.add_penalty(m, "Ann", 0), "penalty points"),
        (lambda s, m: s.add_penalty(m, "Eve", 5), "unknown player"),
        (lambda s, m: s.record_false_win(m, "Ann", "rude"), "unknown false win"),
        (lambda s, m: s.correct(m, 9, winner="Ann", fan=8), "not recorded"),
        (lambda s, m: s.record_draw(m), "complete"),  # a 17th hand
    ],
)
def test_bad_input_writes_nothing(db: str, store: Store, call: Any, message: str) -> None:
    mid = store.create_match(PLAYERS)
    hands = 16 if message == "complete" else 3
    for i in range(hands):
        store.record_win(mid, PLAYERS[i % 4], fan=8)
    before = snapshot(db)
    with pytest.raises(FanshuError, match=message):
        call(store, mid)
    assert snapshot(db) == before


def test_bad_create_writes_nothing(db: str, store: Store) -> None:
    before = snapshot(db)
    for players in (["A", "B", "C"], ["A", "A", "B", "C"], "ABCD", ["A", "B", "C", ""]):
        with pytest.raises(MatchError):
            store.create_match(players)  # type: ignore[arg-type]
    with pytest.raises(MatchError):
        store.create_match(PLAYERS, scale=(4, 2, 1))
    with pytest.raises(MatchError):
        store.create_tournament(["A", "B", "C"])
    assert snapshot(db) == before
    mid = store.create_match(PLAYERS)
    with pytest.raises(StoreError, match="already exists"):
        store.create_match(PLAYERS, id=mid)


def test_undo_on_empty_sheet(store: Store) -> None:
    mid = store.create_match(PLAYERS)
    with pytest.raises(MatchError, match="nothing to undo"):
        store.undo(mid)


# -- score sheets of the other rule sets -------------------------------------------------


def test_a_rule_sheet_round_trip_keeps_the_mcr_tables_as_they_are(db: str, store: Store) -> None:
    mcr = store.create_match(PLAYERS)
    assert store.part_version("rule_sheets") == 0  # nothing new until a rule sheet exists
    sid = store.create_match(["A", "B", "C", "D"], rule_set="sichuan", rule_options={"cap": 3})
    pair = store.create_match(["A", "B"], rule_set="two-player")
    assert store.part_version("rule_sheets") == len(RULE_SHEETS_MIGRATIONS)
    assert store.schema_version() == SCHEMA_VERSION
    result = HandResult(
        winner="A", discarder="C", fan=5, wins=(Win("B", fan=1),), kongs=(Kong("D", "concealed"),)
    )
    row = store.record_hand(sid, result)
    sheet = store.load_match(sid)
    assert sheet.rules == "sichuan" and sheet.records == (row,)
    # D's 下雨 2 from each; A's 5 fan capped at 3 (4 points) from C; B's 1 from C and D
    assert row.payments == {"A": 2, "B": 0, "C": -7, "D": 5}
    store.record_hand(pair, HandResult(winner="B", fan=20))
    assert store.load_match(pair).totals() == {"A": -13, "B": 13}
    store.correct_hand(pair, 1, HandResult(draw=True))
    store.add_penalty(sid, "C", 2)
    assert store.undo(sid).kind == "penalty"
    listed = [(m.id, m.rules) for m in store.list_matches()]
    assert listed == [(mcr, "mcr"), (sid, "sichuan"), (pair, "two-player")]
    assert "rules" not in store.list_matches()[0].to_dict()
    assert store.list_matches()[1].to_dict()["rules"] == "sichuan"
    assert [e["action"] for e in store.events(sid)] == ["create", "hand", "penalty", "undo"]
    assert store.events(mcr)[0]["action"] == "create"
    # the MCR tables hold the MCR match only
    assert count_rows(db, "matches") == 1 and count_rows(db, "hands") == 0


def test_a_rule_sheet_exports_as_json_not_csv_and_imports_back(store: Store) -> None:
    sid = store.create_match(["E", "S", "W", "N"], rule_set="beijing")
    store.record_hand(sid, HandResult(winner="S", fan=1, follow_dealer=True))
    text = store.export_match(sid)
    assert json.loads(text)["rules"] == "beijing"
    with pytest.raises(MatchError, match="CSV holds MCR score sheets"):
        store.export_match(sid, "csv")
    copy = store.import_match(text)
    assert copy != sid
    assert store.load_match(copy).totals() == store.load_match(sid).totals()
    assert store.load_match(copy).rules == "beijing"


def test_rule_sheet_errors_write_nothing(db: str, store: Store) -> None:
    sid = store.create_match(["A", "B"], rule_set="two-player")
    before = snapshot(db)
    with pytest.raises(MatchError, match="错和"):
        store.record_false_win(sid, "A", "under_minimum")
    with pytest.raises(MatchError, match="no kong payments"):
        store.record_hand(sid, HandResult(winner="A", fan=1, kongs=(Kong("A", "concealed"),)))
    with pytest.raises(MatchError, match="4 players"):
        store.create_match(["A", "B"], rule_set="sichuan")
    with pytest.raises(MatchError, match="MCR options"):
        store.create_match(PLAYERS, rule_set="sichuan", rules=McrOptions())
    with pytest.raises(StoreError, match="already exists"):
        store.create_match(PLAYERS, id=sid)
    assert snapshot(db) == before
    with pytest.raises(StoreError, match=rf"no match 'zzzzzz'.*recent matches: {sid}"):
        store.load_match("zzzzzz")


def test_matches_made_in_one_millisecond_list_oldest_first(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the clock stands still: every match is made in the same millisecond, in two tables
    from fanshu.store import connection

    monkeypatch.setattr(connection, "now", lambda: "2026-12-01T22:00:00.000Z")
    made = []
    for k in range(12):
        if k % 3 == 0:
            made.append(store.create_match(PLAYERS))
        else:
            made.append(store.create_match(["A", "B"], rule_set="two-player"))
    listed = store.list_matches()
    assert [m.id for m in listed] == made
    assert listed[0].created == "2026-12-01T22:00:00.000Z"
    assert listed[-1].created == "2026-12-01T22:00:00.011Z"


def test_a_list_of_some_ids_loads_only_those_and_keeps_the_order(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = [store.create_match(PLAYERS) for _ in range(3)]
    made.append(store.create_match(["A", "B"], rule_set="two-player"))
    loaded: list[str] = []
    load = type(store).load_match

    def counting(self: Any, match_id: str) -> Any:
        loaded.append(match_id)
        return load(self, match_id)

    monkeypatch.setattr(type(store), "load_match", counting)
    some = {made[3], made[0], "nosuch"}
    assert [m.id for m in store.list_matches(some)] == [made[0], made[3]]
    assert sorted(loaded) == sorted([made[0], made[3]])  # the other two not even read
    assert store.list_matches(set()) == []
