"""The shipped shanten table (``shanten_groups.bin``) against the computation, the
process without it, and the bounds of the shanten caches."""

from __future__ import annotations

import importlib
import itertools
import random
from pathlib import Path
from typing import Any

import pytest

S: Any = importlib.import_module("fanshu.analysis.shanten")
TABLE = Path(S.__file__).with_name(S._TABLE_FILE)


def test_the_shipped_file_is_what_build_table_computes() -> None:
    # every group of at most 14 tiles split again from scratch, and every product
    assert TABLE.read_bytes() == S.build_table()


def test_the_table_is_loaded_and_its_vectors_are_the_computed_ones() -> None:
    assert S._TABLE_VECTORS == 82
    assert len(S._SUIT_TABLE) == 5**9 and len(S._HONOR_TABLE) == 5**7
    rng = random.Random(19)
    for _ in range(3000):
        key = tuple(rng.randint(0, 4) for _ in range(9))
        cell = S._SUIT_TABLE[S._table_index(key)]
        if sum(key) > 14:
            assert cell == S._NO_CELL
        else:
            assert S._vectors[cell] == S._vector(key, True, {})
    for key in itertools.product(range(5), repeat=7):
        if sum(key) <= 14:
            assert S._vectors[S._HONOR_TABLE[S._table_index(key)]] == S._vector(key, False, {})
    for a, b in itertools.product(range(82), repeat=2):
        got = S._vectors[S._PRODUCT_TABLE[a * 82 + b]]
        assert got == S._vector_product(S._vectors[a], S._vectors[b])


@pytest.mark.parametrize(
    "blob",
    [
        b"",
        b"not a table",
        S._TABLE_MAGIC,
        S._TABLE_MAGIC + b"\x05" + b"\x00" * 100,  # too short for 5 vectors
    ],
)
def test_a_damaged_file_is_refused(blob: bytes) -> None:
    assert S._read_table(blob) is None


def test_a_truncated_copy_of_the_file_is_refused() -> None:
    data = TABLE.read_bytes()
    assert S._read_table(data) is not None
    assert S._read_table(data[:-1]) is None
    assert S._read_table(data + b"\x00") is None


def _random_counts(rng: random.Random, n: int) -> list[int]:
    wall = [t for t in range(34) for _ in range(4)]
    c = [0] * 34
    for t in rng.sample(wall, n):
        c[t] += 1
    return c


def _clear() -> None:
    for d in (
        S._suit_vids,
        S._honor_vids,
        S._suit_infos,
        S._honor_infos,
        S._products,
        S._vector_memo,
        S._plus_vids,
        S._useful_memo,
        S._suit_runs,
        S._honor_runs,
    ):
        d.clear()


def test_without_the_table_the_computed_tables_give_the_same_shanten(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rng = random.Random(2026)
    hands = [_random_counts(rng, 13 if i < 300 else rng.choice((13, 14))) for i in range(1500)]
    with_table = [(S.shanten(c), S.shanten_by_shape(c), S.useful_tiles(c)) for c in hands[:300]]
    with_table += [(S.shanten(c), None, None) for c in hands[300:]]
    _clear()
    monkeypatch.setattr(S, "_TABLE_VECTORS", 0)
    monkeypatch.setattr(S, "_SUIT_TABLE", b"")
    monkeypatch.setattr(S, "_HONOR_TABLE", b"")
    monkeypatch.setattr(S, "_PRODUCT_TABLE", b"")
    try:
        computed = [(S.shanten(c), S.shanten_by_shape(c), S.useful_tiles(c)) for c in hands[:300]]
        computed += [(S.shanten(c), None, None) for c in hands[300:]]
    finally:
        _clear()  # entries made without the table use the same ids, but start clean
    assert computed == with_table


def test_the_caches_stay_within_their_bounds(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(7)
    hands = [_random_counts(rng, 13) for _ in range(400)]
    expected = [(S.shanten(c), S.useful_tiles(c)) for c in hands]
    _clear()
    for name in (
        "_MAX_VECTOR_MEMO",
        "_MAX_GROUP_KEYS",
        "_MAX_INFOS",
        "_MAX_PRODUCTS",
        "_MAX_PLUS",
        "_MAX_USEFUL",
    ):
        monkeypatch.setattr(S, name, 16)
    try:
        got = [(S.shanten(c), S.useful_tiles(c)) for c in hands]
        for r in range(9):  # groups the table does not hold: split with the bounded memo
            five = [0] * 9
            five[r] = 5
            five[(r + 4) % 9] = 1
            assert S._suit_vid(tuple(five)) == S._intern(S._vector(tuple(five), True, {}))
        assert len(S._vector_memo) <= 16
        for d in (S._suit_vids, S._honor_vids, S._suit_infos, S._honor_infos, S._plus_vids):
            assert len(d) <= 16
        assert len(S._useful_memo) <= 16
        assert len(S._products) <= 16 + 1  # two keys a pair
    finally:
        _clear()
    assert got == expected
