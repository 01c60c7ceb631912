"""``fanshu.batch.shards``: consecutive shards that cover the input once, in order."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from fanshu.batch.shards import SHARDS_PER_WORKER, Shard, game_shards, shard_size, shards


@given(st.integers(0, 300), st.integers(1, 40), st.integers(0, 1000))
def test_shards_cover_the_items_once_in_order(n: int, size: int, first: int) -> None:
    items = list(range(n))
    got = list(shards(items, size, first=first))
    assert [s.index for s in got] == list(range(len(got)))
    assert [x for s in got for x in s.items] == items
    assert all(1 <= len(s) <= size for s in got)
    assert all(len(s) == size for s in got[:-1])
    position = first
    for s in got:
        assert s.start == position and s.end == position + len(s) and s.weight == len(s)
        position = s.end


@given(st.integers(0, 300), st.integers(1, 40), st.integers(0, 300))
def test_game_shards_are_the_game_numbers_from_first(games: int, size: int, first: int) -> None:
    got = list(game_shards(games, size, first=first))
    assert [k for s in got for k in s.items] == list(range(first, games))
    assert all(s.start == s.items[0] for s in got)


def test_shards_are_read_lazily() -> None:
    def endless():  # type: ignore[no-untyped-def]
        k = 0
        while True:
            yield k
            k += 1

    it = shards(endless(), 3)
    assert next(it).items == [0, 1, 2]
    assert next(it).items == [3, 4, 5]


def test_weigh_sets_the_progress_weight() -> None:
    got = list(shards("abcdefg", 3, weigh=lambda chunk: 10 * len(chunk)))
    assert [s.weight for s in got] == [30, 30, 10]
    assert Shard(0, 0, [1, 2]).weight == 2


def test_shard_size() -> None:
    per = SHARDS_PER_WORKER
    assert shard_size(None, 2, least=10, most=500) == 500  # stdin: the largest
    assert shard_size(2 * per * 40, 2, least=10, most=500) == 40  # 16 shards per worker
    assert shard_size(5, 2, least=10, most=500) == 10
    assert shard_size(10**9, 2, least=10, most=500) == 500


def test_bad_sizes() -> None:
    with pytest.raises(ValueError):
        list(shards([1], 0))
    with pytest.raises(ValueError):
        list(game_shards(3, 0))
