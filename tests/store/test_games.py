"""``fanshu.store.games``: the web app's games against bots, versioned by event count."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest

from fanshu.store import SCHEMA_VERSION, SqliteStore, Store, StoredGame, StoreError


def game(game_id: str, events: int = 1) -> StoredGame:
    return StoredGame(
        id=game_id,
        rules="mcr",
        seat=0,
        players=("human", "greedy", "greedy", "greedy"),
        seed=7,
        options=None,
        config={},
        events=events,
        done=False,
        log='{"type": "start"}\n',
        written_by="test",
    )


def test_games_are_a_part_created_on_first_use(store: Store) -> None:
    assert store.part_version("games") == 0
    store.open_games()
    store.open_games()  # already there: nothing runs again
    assert store.part_version("games") == 1 and store.schema_version() == SCHEMA_VERSION


def test_insert_load_update_delete(store: Store) -> None:
    store.open_games()
    assert store.insert_game(game("g1"), keep=10) == []
    assert store.game_version("g1") == 1 and store.game_version("nope") is None
    loaded = store.load_game("g1")
    assert loaded is not None and loaded.created and loaded.updated
    assert replace(loaded, created="", updated="") == game("g1")
    assert store.update_game(game("g1", events=3), previous=1)
    assert not store.update_game(game("g1", events=4), previous=1)  # another writer won
    assert store.game_version("g1") == 3
    with pytest.raises(StoreError, match="already exists"):
        store.insert_game(game("g1"), keep=10)
    assert store.delete_game("g1") and not store.delete_game("g1")
    assert store.load_game("g1") is None and store.count_games() == 0


def test_insert_keeps_the_most_recently_written(store: Store) -> None:
    store.open_games()
    for n in range(3):
        store.insert_game(game(f"g{n}"), keep=3)
    store.update_game(game("g0", events=2), previous=1)  # g0 is now the newest write
    assert store.insert_game(game("g3"), keep=3) == ["g1"]
    assert store.count_games() == 3
    with pytest.raises(StoreError, match="keep at least 1"):
        store.insert_game(game("g4"), keep=0)


def test_a_row_that_does_not_read_back(sqlite_db: Path, sqlite_store: SqliteStore) -> None:
    """SQLite only: its columns take text where a number belongs (PostgreSQL's BIGINT
    refuses it when written, so such a row cannot be made there)."""
    sqlite_store.open_games()
    sqlite_store.insert_game(game("g1"), keep=10)
    with sqlite3.connect(sqlite_db) as c:
        c.execute("UPDATE games SET seed = 'x' WHERE id = 'g1'")
    with pytest.raises(StoreError, match="does not read back"):
        sqlite_store.load_game("g1")
