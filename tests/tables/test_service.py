"""``fanshu.tables.service``: tables made with their tokens, kept in the store as
digests and logs, and rebuilt from it after a restart."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path

import pytest

from fanshu.store import Store, open_store
from fanshu.tables.service import TableService, digest
from fanshu.tables.table import RebuildError, TableNotFound, TableSpec
from fanshu.tables.timers import ManualTimers


def opener(path: Path) -> Callable[[], AbstractContextManager[Store]]:
    return lambda: open_store(path)


def test_tokens_are_given_once_and_kept_as_digests(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    service = TableService(opener(db), scheduler=ManualTimers())
    spec = TableSpec.create("mcr", ["human", "greedy", "human", "greedy"], seed=2, hands=1)
    made = service.create(spec, owner="ann")
    t0, t1, t2, t3 = made.tokens
    assert t0 and t2 and t1 is None and t3 is None and t0 != t2
    assert service.seat_of(made.table.id, t2) == 2 and service.seat_of(made.table.id, None) is None
    assert not service.is_watch(made.table.id, t0) and service.is_watch(made.table.id, made.watch)
    with open_store(db) as store:
        row = store.load_table(made.table.id)
    assert row is not None and row.owner == "ann"
    assert row.seat_tokens == (digest(t0), None, digest(t2), None) and row.watch == digest(
        made.watch
    )
    text = (db.read_bytes()).decode("latin-1")
    assert t0 not in text and made.watch not in text
    with pytest.raises(TableNotFound, match="no table 'nope'"):
        service.get("nope")


def test_a_restart_mid_hand_resumes_the_table(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    spec = TableSpec.create("sichuan", ["human", "human", "greedy", "human"], seed=5, hands=2)
    first = TableService(opener(db), scheduler=ManualTimers())
    made = first.create(spec)
    table = made.table
    for _ in range(25):
        p = table.asked()
        assert p is not None
        table.act(p, 0)
    table.take_over(3, "greedy")
    before = {p: table.state(p, 0) for p in (0, 1, 3, None)}
    # a new server process on the same file
    second = TableService(opener(db), scheduler=ManualTimers())
    again = second.get(table.id)
    assert again is not table and again.takeover == {3: "greedy"}
    for p, was in before.items():
        now = again.state(p, 0)
        assert {**now, "deadline": 0} == {**was, "deadline": 0}
    assert second.seat_of(table.id, made.tokens[1]) == 1
    while not again.done:
        p = again.asked()
        assert p is not None
        again.act(p, 0)
    assert sum(again.totals()) == 0 and len(again.results) == 2
    third = TableService(opener(db), scheduler=ManualTimers())
    assert third.get(table.id).done and third.summary(table.id)["totals"] == again.totals()


def test_a_stored_table_that_does_not_replay_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    service = TableService(opener(db), scheduler=ManualTimers())
    made = service.create(TableSpec.create("two-player", ["human", "greedy"], seed=1, hands=1))
    with open_store(db) as store:
        row = store.load_table(made.table.id)
        assert row is not None
        store.save_table(made.table.id, {1: row.hands[0].replace('"deal"', '"dealt"')}, {})
    with pytest.raises(RebuildError, match="cannot be rebuilt"):
        TableService(opener(db)).get(made.table.id)


def test_memory_keeps_the_most_recent_tables() -> None:
    service = TableService(None, scheduler=ManualTimers(), limit=2)
    spec = TableSpec.create("two-player", ["human", "greedy"], seed=1, hands=1)
    ids = [service.create(spec).table.id for _ in range(3)]
    assert len(service) == 2
    with pytest.raises(TableNotFound):
        service.get(ids[0])  # no store: gone
    assert service.get(ids[2]).id == ids[2]


def test_after_a_restart_the_bots_decide_as_they_would_have(tmp_path: Path) -> None:
    """A table restarted mid-hand, its person deciding as the series' greedy bot: the
    same series as without the restart (the random bots, seeded, were shown their
    decisions again, so their generators are where they were)."""
    from fanshu.engine.players import make_player
    from fanshu.engine.simulate import player_seed
    from fanshu.match.series import play_series

    db = tmp_path / "t.db"
    spec = TableSpec.create("mcr", ["human", "random", "random", "random"], seed=13, hands=2)
    table = TableService(opener(db), scheduler=ManualTimers()).create(spec).table
    mine = {}
    for step in range(10_000):
        if table.done:
            break
        if step == 12:  # a restart mid-hand (and another at the next hand's start)
            table = TableService(opener(db), scheduler=ManualTimers()).get(table.id)
        k = len(table.games) - 1
        if k not in mine:
            mine[k] = make_player("greedy", player_seed(13, k, 0))
        s = table.seatings[-1].index(0)
        table.act(0, str(mine[k].choose(table.game.observe(s))))
    series = play_series("mcr", ["greedy", "random", "random", "random"], seed=13, hands=2)
    assert [r["scores"] for r in table.results] == [list(h.scores) for h in series.hands]


def test_a_table_with_a_connection_stays_in_memory() -> None:
    import asyncio

    service = TableService(None, scheduler=ManualTimers(), limit=1)
    spec = TableSpec.create("two-player", ["human", "greedy"], seed=1, hands=1)
    first = service.create(spec).table.id

    async def listen() -> None:
        service.hub.subscribe(first)
        second = service.create(spec).table.id  # over the limit: the first is in use
        assert len(service) == 2 and service.get(first).id == first
        service.create(spec)  # the second, idle, goes
        assert len(service) == 2
        with pytest.raises(TableNotFound):
            service.get(second)

    asyncio.run(listen())


def test_a_table_id_never_starts_with_a_dash(monkeypatch: pytest.MonkeyPatch) -> None:
    """An id like ``-cm4…`` would read as an option on a command line
    (``fanshu tables show ID``): such a draw is drawn again."""
    import secrets

    drawn = iter(["-cm4Qx1zAbCd", "Qx1zAbCd-cm4"])
    monkeypatch.setattr(secrets, "token_urlsafe", lambda n: next(drawn))
    assert TableService(None).new_id() == "Qx1zAbCd-cm4"


def _sheet(db: Path, match: str) -> tuple[int, dict[str, int]]:
    with open_store(db) as store:
        m = store.load_match(match)
        return m.hands_played, m.totals()


def test_each_hand_is_recorded_on_the_tables_score_sheet(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    with open_store(db) as store:
        store.create_account("ann", "s3cret-enough", "player")
    service = TableService(opener(db), scheduler=ManualTimers())
    spec = TableSpec.create("two-player", ["human", "human"], seed=3, hands=3, names=["Ann", "Bo"])
    made = service.create(spec, owner="ann")
    table = made.table
    match = service.summary(table.id)["match"]
    assert isinstance(match, str) and table.sheet_note is None
    with open_store(db) as store:
        assert ("match", match) in store.owned("ann")
        (listed,) = [m for m in store.list_matches() if m.id == match]
        assert listed.rules == "two-player" and set(listed.players) == {"Ann", "Bo"}
    hands_seen = 0
    while not table.done:
        p = table.asked()
        assert p is not None
        table.act(p, 0)
        if len(table.results) > hands_seen:  # a hand just ended: on the sheet at once
            hands_seen = len(table.results)
            played, totals = _sheet(db, match)
            assert played == hands_seen
            assert [totals["Ann"], totals["Bo"]] == table.totals()
    assert hands_seen == 3 and any(r["winners"] for r in table.results)
    with open_store(db) as store:
        trail = [e for e in store.events(match) if e["action"] == "hand"]
    assert [e["detail"]["table_hand"] for e in trail] == [1, 2, 3]


def test_a_restart_records_no_hand_twice_and_catches_up(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    spec = TableSpec.create("mcr", ["human", "greedy", "greedy", "greedy"], seed=4, hands=3)
    first = TableService(opener(db), scheduler=ManualTimers())
    table = first.create(spec).table
    match = table.match
    assert match is not None
    while len(table.results) < 2:
        p = table.asked()
        assert p is not None
        table.act(p, 0)
    assert _sheet(db, match)[0] == 2
    # as if the server stopped after the hand's log was written, before its row was
    with open_store(db) as store:
        store.undo(match)
    assert _sheet(db, match)[0] == 1
    second = TableService(opener(db), scheduler=ManualTimers())
    again = second.get(table.id)
    assert again.match == match and second.summary(table.id)["match"] == match
    played, totals = _sheet(db, match)
    assert played == 2  # hand 2 recorded again, hand 1 not twice
    while not again.done:
        p = again.asked()
        assert p is not None
        again.act(p, 0)
    played, totals = _sheet(db, match)
    names = list(spec.names)
    assert played == 3 and [totals[n] for n in names] == again.totals()
    third = TableService(opener(db), scheduler=ManualTimers())
    third.get(table.id)
    assert _sheet(db, match)[0] == 3


def test_a_rule_set_a_sheet_cannot_pay_as_played_gets_no_sheet(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    service = TableService(opener(db), scheduler=ManualTimers())
    spec = TableSpec.create("sichuan", ["human", "greedy", "greedy", "greedy"], seed=1, hands=1)
    summary = service.summary(service.create(spec).table.id)
    assert summary["match"] is None
    assert "not sichuan's yet" in summary["sheet_note"]
    long = TableSpec.create("two-player", ["human", "greedy"], seed=1, hands=17)
    summary = service.summary(service.create(long).table.id)
    assert summary["match"] is None and "at most 16 hands" in summary["sheet_note"]
    with open_store(db) as store:
        assert store.list_matches() == []


def test_a_common_table_is_recorded_by_its_hand_strings(tmp_path: Path) -> None:
    db = tmp_path / "t.db"
    service = TableService(opener(db), scheduler=ManualTimers())
    spec = TableSpec.create("common", ["human", "greedy", "greedy", "greedy"], seed=6, hands=3)
    table = service.create(spec).table
    assert table.match is not None
    while not table.done:
        p = table.asked()
        assert p is not None
        table.act(p, 0)
    played, totals = _sheet(db, table.match)
    assert played == 3 and [totals[n] for n in spec.names] == table.totals()
    assert table.sheet_note is None
    with open_store(db) as store:
        rows = store.load_match(table.match).hands
    assert any(r.hand for r in rows)  # a win written as its hand, scored by the sheet
