"""``fanshu.store.tables``: the live tables' set-up, hashed tokens and hand logs."""

from __future__ import annotations

import pytest

from fanshu.store import SCHEMA_VERSION, Store, StoredTable, StoreError


def table(
    table_id: str, hands: tuple[str, ...] = ("a\n",), owner: str | None = None
) -> StoredTable:
    return StoredTable(
        id=table_id,
        spec={"rules": "two-player", "seats": ["human", "greedy"]},
        seat_tokens=("0" * 64, None),
        watch="f" * 64,
        owner=owner,
        hands=hands,
        written_by="test",
    )


def test_tables_are_a_part_created_on_first_use(store: Store) -> None:
    assert store.part_version("tables") == 0
    store.open_tables()
    store.open_tables()
    assert store.part_version("tables") == 1 and store.schema_version() == SCHEMA_VERSION


def test_insert_load_save_delete(store: Store) -> None:
    store.open_tables()
    store.insert_table(table("t1", owner="ann"))
    store.insert_table(table("t2"))
    got = store.load_table("t1")
    assert got is not None
    assert got.spec == {"rules": "two-player", "seats": ["human", "greedy"]}
    assert got.seat_tokens == ("0" * 64, None) and got.watch == "f" * 64
    assert got.owner == "ann" and got.hands == ("a\n",) and got.takeover == {}
    assert got.written_by == "test" and got.created
    # the last hand rewritten and a new one added, with a bot on seat 0
    assert store.save_table("t1", {1: "a\nb\n", 2: "c\n"}, {"0": "greedy"})
    again = store.load_table("t1")
    assert again is not None and again.hands == ("a\nb\n", "c\n")
    assert again.takeover == {"0": "greedy"}
    assert not store.save_table("nope", {1: "x\n"}, {})
    assert store.load_table("nope") is None
    assert sorted(store.table_ids()) == ["t1", "t2"] and store.table_ids("ann") == ["t1"]
    assert store.delete_table("t1") and not store.delete_table("t1")
    assert store.load_table("t1") is None and store.table_ids() == ["t2"]


def test_a_table_id_is_taken_once(store: Store) -> None:
    store.open_tables()
    store.insert_table(table("t1"))
    with pytest.raises(StoreError, match="already exists"):
        store.insert_table(table("t1"))
