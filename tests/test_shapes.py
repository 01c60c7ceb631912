"""Decomposition into sets and a pair, and waits, checked on known hands and against
brute force."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from fanshu.notation import parse_tiles
from fanshu.sets import concealed_set
from fanshu.shapes import (
    CHOW,
    PAIR,
    PUNG,
    counts_of,
    is_regular_complete,
    regular_waits,
    seven_pairs_wait,
    waits_on_win_only,
)
from fanshu.shapes import _suit_completions as suit_completions
from fanshu.shapes import decompose as decompose_sets
from fanshu.tiles import Tile


def c(text: str) -> list[int]:
    return counts_of(parse_tiles(text))


def decompose(counts: list[int]) -> list[tuple[tuple[int, int], ...]]:
    """``shapes.decompose`` with each set as ``(kind, tile)``, as the references below
    build them; every set is checked to be the shared concealed ``Set`` of its kind."""
    out = []
    for division in decompose_sets(counts):
        for s in division:
            assert s is concealed_set(s.kind, s.tile) and s.concealed and not s.declared
        out.append(tuple((s.kind, s.tile) for s in division))
    return out


def waits(text: str) -> list[str]:
    return [Tile(t).code for t in sorted(regular_waits(c(text)))]


def set_tiles(s: tuple[int, int]) -> list[int]:
    kind, t = s
    if kind == CHOW:
        return [t, t + 1, t + 2]
    return [t] * (3 if kind == PUNG else 2)


def division_counts(division: tuple[tuple[int, int], ...]) -> list[int]:
    return counts_of(t for s in division for t in set_tiles(s))


# -- brute-force references --------------------------------------------------------------


@cache
def _brute(counts: tuple[int, ...], pair_used: bool) -> frozenset[tuple[tuple[int, int], ...]]:
    """Every division into sets (+ one pair unless used) as sorted tuples, by plain DFS."""
    i = next((k for k, n in enumerate(counts) if n), -1)
    if i < 0:
        return frozenset({()}) if pair_used else frozenset()
    out: set[tuple[tuple[int, int], ...]] = set()
    cs = list(counts)

    def take(kind: int, tiles: list[int], pair: bool) -> None:
        for t in tiles:
            cs[t] -= 1
        if all(n >= 0 for n in cs):
            for rest in _brute(tuple(cs), pair):
                out.add(tuple(sorted(((kind, i), *rest))))
        for t in tiles:
            cs[t] += 1

    if not pair_used and counts[i] >= 2:
        take(PAIR, [i, i], True)
    if counts[i] >= 3:
        take(PUNG, [i, i, i], pair_used)
    if i < 27 and i % 9 <= 6:
        take(CHOW, [i, i + 1, i + 2], pair_used)
    return frozenset(out)


def brute_divisions(counts: list[int]) -> set[tuple[tuple[int, int], ...]]:
    return set(_brute(tuple(counts), False))


def canonical(division: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    return tuple(sorted(division))


def dfs_key(s: tuple[int, int]) -> tuple[int, int]:
    return (s[1], 0 if s[0] == PUNG else 1)


# -- decompose on known hands ----------------------------------------------------------


def test_three_pungs_or_three_chows() -> None:
    ds = decompose(c("111222333m55p"))
    assert ds == [
        ((PUNG, 0), (PUNG, 1), (PUNG, 2), (PAIR, 22)),
        ((CHOW, 0), (CHOW, 0), (CHOW, 0), (PAIR, 22)),
    ]


def test_four_consecutive_triplets() -> None:
    assert decompose(c("11122233344455m")) == [
        ((PUNG, 0), (PUNG, 1), (PUNG, 2), (PUNG, 3), (PAIR, 4)),  # 111 222 333 444 55
        ((PUNG, 0), (CHOW, 1), (CHOW, 1), (CHOW, 1), (PAIR, 4)),  # 111 234 234 234 55
        ((PUNG, 0), (CHOW, 1), (CHOW, 2), (CHOW, 2), (PAIR, 1)),  # 111 234 345 345 22
        ((CHOW, 0), (CHOW, 0), (CHOW, 0), (PUNG, 3), (PAIR, 4)),  # 123 123 123 444 55
    ]
    assert {canonical(d) for d in decompose(c("11122233344455m"))} == brute_divisions(
        c("11122233344455m")
    )


@pytest.mark.parametrize(
    "text",
    [
        "123m456p789s11sEEF",  # a pair and a lone honour
        "19m19s19pESWNCFPP",  # thirteen orphans is not a regular division
        "1133557799m1133p",  # seven pairs, but no sets
        "147m258s369pESWNC",
        "123m456p789s11s22s",  # two pairs
    ],
)
def test_no_division(text: str) -> None:
    assert decompose(c(text)) == []
    assert not is_regular_complete(c(text))


def test_honours_must_be_pungs_or_the_pair() -> None:
    assert decompose(c("EEESSSWWWNNNCC")) == [
        ((PUNG, 27), (PUNG, 28), (PUNG, 29), (PUNG, 30), (PAIR, 31))
    ]
    assert decompose(c("ESWEEESSWWNNNC")) == []


def test_pair_alone() -> None:
    assert decompose(c("55p")) == [((PAIR, 22),)]
    assert decompose(c("5p")) == []


def test_nine_gates_plus_one() -> None:
    ds = decompose(c("11123455678999m"))
    assert ds and {canonical(d) for d in ds} == brute_divisions(c("11123455678999m"))


def test_dfs_order_pung_before_chow_at_the_same_tile() -> None:
    ds = decompose(c("111222333m55p"))
    assert [d[0] for d in ds] == [(PUNG, 0), (CHOW, 0)]
    # one reading only: 111m is a pung, not a pair beside a 123m chow
    assert decompose(c("111234m456p789s11s")) == [
        ((PUNG, 0), (CHOW, 1), (CHOW, 15), (CHOW, 21), (PAIR, 9))
    ]


@pytest.mark.parametrize(
    "text",
    ["111222333m55p", "11122233344455m", "11123455678999m", "22233344455566s", "1112223334445m5m"],
)
def test_divisions_are_sorted_depth_first(text: str) -> None:
    ds = decompose(c(text))
    keys = [[dfs_key(s) for s in d[:-1]] for d in ds]
    assert keys == sorted(keys)
    for d in ds:
        assert list(d[:-1]) == sorted(d[:-1], key=dfs_key)
        assert d[-1][0] == PAIR and all(s[0] != PAIR for s in d[:-1])


# -- waits ----------------------------------------------------------------------------


def test_nine_gates_waits_on_all_nine() -> None:
    assert waits("1112345678999m") == [f"{r}m" for r in range(1, 10)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("12m456p789s11sEEE", ["3m"]),  # 边张
        ("89m456p789s11sEEE", ["7m"]),  # 边张
        ("13m456p789s11sEEE", ["2m"]),  # 嵌张
        ("23m456p789s11sEEE", ["1m", "4m"]),  # 两面
        ("123m456p789s1sEEE", ["1s"]),  # 单钓
        ("123m456p789s11sEE", ["1s", "E"]),  # 对倒
        ("1234m456p789sEEE", ["1m", "4m"]),  # 单钓 either end
        ("2345m456p789sEEE", ["2m", "5m"]),
        ("1113m456p789sEEE", ["2m", "3m"]),
        ("123m456p789s1sEEF", []),  # two lone honours
        ("1m", ["1m"]),
        ("E", ["E"]),
        ("5m5p5s99sEEE", []),  # no wait with three lone tiles
    ],
)
def test_regular_waits(text: str, expected: list[str]) -> None:
    assert waits(text) == expected


def test_wait_on_a_fifth_copy_is_reported() -> None:
    # regular_waits does not look at the wall: 1111m + 1m reads as 111m + 11m.
    assert waits("1111m") == ["1m"]
    assert waits("1111m456p789sEEE") == ["1m"]


def _complete_with(counts: list[int], t: int) -> bool:
    after = list(counts)
    after[t] += 1
    return bool(brute_divisions(after))


def test_seven_pairs_wait() -> None:
    assert seven_pairs_wait(c("1122334455667m")) == Tile.M7
    assert seven_pairs_wait(c("112233m44p55sEEC")) == Tile.RED
    assert seven_pairs_wait(c("1111223344556m")) == Tile.M6  # four 1m are two pairs
    assert seven_pairs_wait(c("1112233445566m")) == Tile.M1  # three 1m: a pair and a single
    assert seven_pairs_wait(c("1122334455678m")) is None
    assert seven_pairs_wait(c("123m456p789s11sEE")) is None
    assert seven_pairs_wait(c("11223344m5sEEEC")) is None  # 5s, EEE and C: five pairs


# -- properties -------------------------------------------------------------------------

_POOLS = (
    tuple(range(9)),  # one suit
    tuple(range(9)) + tuple(range(27, 31)),  # one suit and winds
    tuple(range(18)),  # two suits
    tuple(range(34)),  # everything
    (0, 1, 2, 3, 4, 27, 28),  # few kinds: many waits
)


@st.composite
def hands(draw: st.DrawFn, size: int = 13) -> list[int]:
    """Counts of ``size`` tiles, at most 4 copies of each kind."""
    pool = draw(st.sampled_from(_POOLS))
    tiles = draw(st.permutations([t for t in pool for _ in range(4)]))[:size]
    return counts_of(tiles)


@st.composite
def structured(draw: st.DrawFn, n_sets: int | None = None) -> list[int]:
    """Sets and a pair (at most 4 copies), so that decompose finds divisions."""
    suits = draw(st.sampled_from(((0,), (0, 1), (0, 1, 2))))
    if n_sets is None:
        n_sets = draw(st.integers(0, 4))
    counts = [0] * 34
    for _ in range(n_sets):
        if draw(st.booleans()):
            t = draw(st.sampled_from([s * 9 + r for s in suits for r in range(7)]))
            tiles = [t, t + 1, t + 2]
        else:
            t = draw(st.sampled_from([s * 9 + r for s in suits for r in range(9)] + [27, 31]))
            tiles = [t] * 3
        for x in tiles:
            counts[x] += 1
    p = draw(st.sampled_from([s * 9 + r for s in suits for r in range(9)] + [28]))
    counts[p] += 2
    if max(counts) > 4:
        counts = [min(n, 4) for n in counts]
    return counts


@st.composite
def waiting(draw: st.DrawFn) -> list[int]:
    """13 tiles: a complete hand less one tile, so that most have a wait."""
    counts = draw(structured(4).filter(lambda c: sum(c) == 14))
    t = draw(st.sampled_from([k for k, n in enumerate(counts) if n]))
    counts[t] -= 1
    return counts


# A fourth 东 beside complete sets waits on a fifth, counts only (CI found it once).
_FOURTH_EAST = [4, 1, 1, 0, 0, 0, 0, 0, 0, 1, 1, 1] + [0] * 15 + [4] + [0] * 6


@settings(max_examples=400, deadline=None)
@given(st.one_of(hands(13), waiting()))
@example(_FOURTH_EAST)
def test_regular_waits_match_brute_force(counts: list[int]) -> None:
    got = regular_waits(counts)
    for t in range(34):
        after = list(counts)
        after[t] += 1
        assert (t in got) == is_regular_complete(after), Tile(t).code


@settings(max_examples=200, deadline=None)
@given(st.sampled_from((1, 4, 7, 10, 13)).flatmap(hands))
def test_regular_waits_any_size(counts: list[int]) -> None:
    got = regular_waits(counts)
    assert got == {t for t in range(34) if _complete_with(counts, t)}


@settings(max_examples=300, deadline=None)
@given(st.one_of(hands(14), hands(11), structured()))
def test_decompose_matches_brute_force(counts: list[int]) -> None:
    ds = decompose(counts)
    for d in ds:
        assert division_counts(d) == counts
        assert d[-1][0] == PAIR and sum(1 for s in d if s[0] == PAIR) == 1
        assert list(d[:-1]) == sorted(d[:-1], key=dfs_key)
    keys = [[dfs_key(s) for s in d[:-1]] for d in ds]
    assert keys == sorted(keys)
    assert len({canonical(d) for d in ds}) == len(ds)  # no division twice
    assert {canonical(d) for d in ds} == brute_divisions(counts)
    assert is_regular_complete(counts) == bool(ds)


@settings(max_examples=300, deadline=None)
@given(hands(13))
def test_seven_pairs_wait_matches_brute_force(counts: list[int]) -> None:
    completes = [t for t in range(34) if all((n + (t == k)) % 2 == 0 for k, n in enumerate(counts))]
    assert seven_pairs_wait(counts) == (completes[0] if completes else None)


@st.composite
def suit_counts(draw: st.DrawFn) -> tuple[int, ...]:
    """One suit's 9 counts, 0-13 tiles, at most 4 copies of a rank."""
    tiles = draw(st.permutations([r for r in range(9) for _ in range(4)]))
    return tuple(counts_of(tiles[: draw(st.integers(0, 13))])[:9])


@settings(max_examples=600, deadline=None)
@given(suit_counts())
@example((1, 1, 1, 2, 2, 2, 3, 3, 0))
@example((3, 1, 1, 1, 1, 1, 1, 1, 3))
@example((12, 1, 2, 2, 7, 8, 7, 3, 1))  # counts no hand holds are read alike
def test_suit_completions_match_brute_force(key: tuple[int, ...]) -> None:
    # (the ranks that complete the suit as sets alone, and as sets and a pair), by DFS
    def completes(r: int, pair: bool) -> bool:
        after = [*key, *[0] * 25]
        after[r] += 1
        return bool(_brute(tuple(after), not pair))

    m = (sum(key) + 1) % 3
    sets_only = tuple(r for r in range(9) if m == 0 and completes(r, False))
    with_pair = tuple(r for r in range(9) if m == 2 and completes(r, True))
    assert suit_completions(key) == (sets_only, with_pair)


@settings(max_examples=300, deadline=None)
@given(structured(4).filter(lambda c: sum(c) == 14), st.data())
def test_waits_on_win_only_is_the_one_wait(counts: list[int], data: st.DataObject) -> None:
    win = data.draw(st.sampled_from([t for t, n in enumerate(counts) if n]))
    before = list(counts)
    before[win] -= 1
    if not is_regular_complete(counts):
        return
    assert waits_on_win_only(counts, win) == (regular_waits(before) == {win})
