"""Known shanten values, useful tiles and properties of ``fanshu.analysis.shanten``."""

from __future__ import annotations

import importlib
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fanshu.notation import parse_hand, parse_tiles
from fanshu.shapes import counts_of

S: Any = importlib.import_module("fanshu.analysis.shanten")


def c(tiles: str) -> list[int]:
    return counts_of(parse_tiles(tiles))


def kinds(tiles: str) -> frozenset[int]:
    return frozenset(parse_tiles(tiles))


# -- known values ---------------------------------------------------------------


def test_thirteen_orphans_ready_on_thirteen() -> None:
    h = c("19m19s19pESWNCFP")
    assert S.thirteen_orphans_shanten(h) == 0
    assert S.shanten(h) == 0
    assert S.useful_tiles(h) == kinds("19m19s19pESWNCFP")
    assert S.useful_tiles(h, shape="thirteen_orphans") == kinds("19m19s19pESWNCFP")


def test_thirteen_orphans_with_pair_waits_on_missing_one() -> None:
    h = c("1159m19s19pESWNC")  # pair of 1m, no 发 or 白
    assert S.thirteen_orphans_shanten(h) == 1
    assert S.useful_tiles(h, shape="thirteen_orphans") == kinds("FP")
    h = c("119m19s19pESWNCF")
    assert S.thirteen_orphans_shanten(h) == 0
    assert S.useful_tiles(h, shape="thirteen_orphans") == kinds("P")


def test_seven_pairs() -> None:
    h = c("1122m3344s55pESW")
    assert S.seven_pairs_shanten(h) == 1
    assert S.useful_tiles(h, shape="seven_pairs") == kinds("ESW")
    assert S.seven_pairs_shanten(c("1122m3344s5566pE")) == 0
    # four of a kind counts as two pairs, as in the oracle
    assert S.seven_pairs_shanten(c("1111m2233s4455pE")) == 0
    assert S.seven_pairs_shanten(c("1111m2233s4455pEE")) == -1


def test_nine_gates_ready_with_nine_waits() -> None:
    h = c("1112345678999m")
    assert S.regular_shanten(h) == 0
    assert S.shanten(h) == 0
    assert S.useful_tiles(h) == frozenset(range(9))
    for extra in "123456789":
        assert S.shanten(c(f"1112345678999{extra}m")) == -1


def test_complete_fourteen_tile_hands_are_minus_one() -> None:
    assert S.shanten(c("123m456s789pEEECC")) == -1
    assert S.shanten_by_shape(c("147m258s369p123m55p")).knitted_straight == -1
    assert S.honors_knitted_shanten(c("147m258s3pESWNCFP")) == -1  # 七星不靠
    assert S.thirteen_orphans_shanten(c("119m19s19pESWNCFP")) == -1
    assert S.seven_pairs_shanten(c("1122m3344s5566pEE")) == -1


def test_fourteen_tiles_is_best_discard() -> None:
    h = c("123m456s789p11pEEC")  # throw C: ready
    assert S.regular_shanten(h) == 0
    assert S.shanten(c("159m159s159pESWNC")) == S.shanten_by_shape(c("159m159s159pESWNC")).overall


def test_melds_rule_out_special_shapes() -> None:
    by = S.shanten_by_shape(c("456m789s11p23p"), melds=1)
    assert by.regular == 0
    assert (by.seven_pairs, by.thirteen_orphans, by.honors_knitted) == (None, None, None)
    assert by.knitted_straight is not None
    by = S.shanten_by_shape(c("789s11p23p"), melds=2)
    assert by.regular == 0 and by.knitted_straight is None
    assert by.overall == 0
    assert by.to_dict() == {
        "regular": 0,
        "seven_pairs": None,
        "thirteen_orphans": None,
        "honors_knitted": None,
        "knitted_straight": None,
    }
    assert S.useful_tiles(c("789s11p23p"), 2, "seven_pairs") == frozenset()


@pytest.mark.parametrize(
    ("tiles", "melds", "want"),
    [
        ("1112345678999m", 0, 0),
        ("2345678999m", 1, 0),
        ("5678999m", 2, 0),
        ("8999m", 3, 0),
        ("9m", 4, 0),
        ("99m", 4, -1),
        ("159m159s159pE", 1, 6),
        ("1599m", 3, 1),
    ],
)
def test_zero_to_four_melds(tiles: str, melds: int, want: int) -> None:
    assert S.regular_shanten(c(tiles), melds) == want
    assert S.shanten(c(tiles), melds) <= want


def test_four_of_a_kind_waits_count_as_the_oracle_does() -> None:
    # a ready hand whose only wait is a fifth copy: the oracle lists it, so do we
    assert S.useful_tiles(c("1111m"), 3, "regular") == kinds("1m")
    assert S.useful_tiles(c("1111m234p567p789s"), 0, "regular") == kinds("1m")
    # not ready: a kind held four times is never useful
    h = c("1111m3579s2468pE")
    assert 0 not in S.useful_tiles(h, 0, "regular")


def test_single_tile_with_four_melds() -> None:
    assert S.shanten(c("E"), 4) == 0
    assert S.useful_tiles(c("E"), 4) == kinds("E")


def test_knitted_straight_with_a_meld() -> None:
    assert S.knitted_straight_shanten(c("147m258s369pE"), 1) == 0
    assert S.useful_tiles(c("147m258s369pE"), 1, "knitted_straight") == kinds("E")
    assert S.knitted_straight_shanten(c("147m258s369pEE"), 1) == -1


def test_shanten_of_hand() -> None:
    assert S.shanten_of_hand(parse_hand("[123m]456m789s11p23p")) == 0
    assert S.shanten_of_hand(parse_hand("123m456s789pEEECC")) == -1
    assert S.shanten_of_hand(parse_hand("19m19s19pESWNCFP")) == 0


def test_validation() -> None:
    with pytest.raises(ValueError, match="34 entries"):
        S.shanten([0] * 33)
    with pytest.raises(ValueError, match="0-4 copies"):
        S.shanten([5] + [1] * 8 + [0] * 25)
    with pytest.raises(ValueError, match="13 or 14"):
        S.shanten(c("123m"))
    with pytest.raises(ValueError, match="13 or 14"):
        S.shanten(c("1112345678999m"), melds=1)
    with pytest.raises(ValueError, match="0-4 melds"):
        S.regular_shanten(c("1m"), melds=5)
    with pytest.raises(ValueError, match="13-tile"):
        S.useful_tiles(c("11123455678999m"))
    with pytest.raises(ValueError, match="unknown shape"):
        S.useful_tiles(c("1112345678999m"), shape="nine_gates")
    assert S.seven_pairs_shanten(c("2345678999m")) is None


# -- properties -----------------------------------------------------------------


@st.composite
def hands(draw: st.DrawFn, size: int | None = None) -> tuple[list[int], int]:
    """(counts, melds) of a hand with ``size`` (13 or 14) tiles, melds counted as 3."""
    melds = draw(st.integers(0, 4))
    n = (size or 13) - 3 * melds
    picks = draw(st.lists(st.integers(0, 135), min_size=n, max_size=n, unique=True))
    return counts_of(p // 4 for p in picks), melds


@settings(max_examples=400, deadline=None)
@given(hands(13))
def test_thirteen_tiles_never_negative(hm: tuple[list[int], int]) -> None:
    counts, melds = hm
    by = S.shanten_by_shape(counts, melds)
    assert by.overall >= 0
    assert all(v >= 0 for v in by.to_dict().values() if v is not None)
    assert S.shanten(counts, melds) == by.overall


@settings(max_examples=400, deadline=None)
@given(hands(14))
def test_fourteen_tiles_at_least_minus_one(hm: tuple[list[int], int]) -> None:
    counts, melds = hm
    by = S.shanten_by_shape(counts, melds)
    assert by.overall >= -1
    assert S.shanten(counts, melds) == by.overall
    # the 14-tile shanten of each shape: -1 if complete, else the best discard
    for name, v in by.to_dict().items():
        if v is None:
            continue
        after = []
        for t in range(34):
            if counts[t]:
                counts[t] -= 1
                after.append(S.shanten_by_shape(counts, melds).to_dict()[name])
                counts[t] += 1
        assert v == (-1 if v == -1 else min(after)), name
        assert v >= min(after) - 1


@settings(max_examples=400, deadline=None)
@given(hands(13))
def test_useful_tiles_lower_shanten_by_exactly_one(hm: tuple[list[int], int]) -> None:
    counts, melds = hm
    by = S.shanten_by_shape(counts, melds).to_dict()
    overall = S.shanten(counts, melds)
    useful = S.useful_tiles(counts, melds)
    if overall == 0:
        assert useful, "a ready hand has at least one wait"
    for t in range(34):
        if counts[t] == 4:
            continue
        counts[t] += 1
        after = S.shanten(counts, melds)
        after_by = S.shanten_by_shape(counts, melds).to_dict()
        counts[t] -= 1
        assert after >= overall - 1
        assert (after == overall - 1) == (t in useful), t
        for name, v in by.items():
            if v is None:
                continue
            assert after_by[name] >= v - 1
            assert (after_by[name] == v - 1) == (t in S.useful_tiles(counts, melds, name)), name


# -- part of a hand ---------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(st.one_of(hands(13), hands(14)))
def test_partial_shanten_is_the_whole_hand_shanten_on_whole_hands(
    hm: tuple[list[int], int],
) -> None:
    counts, melds = hm
    assert S.partial_shanten_by_shape(counts, melds) == S.shanten_by_shape(counts, melds)
    assert S.partial_regular_shanten(counts, melds) == S.regular_shanten(counts, melds)


@st.composite
def parts(draw: st.DrawFn) -> tuple[list[int], int]:
    """(counts, melds) of any number of tiles up to 17, with 0-4 sets already made."""
    melds = draw(st.integers(0, 4))
    n = draw(st.integers(0, 17))
    picks = draw(st.lists(st.integers(0, 135), min_size=n, max_size=n, unique=True))
    return counts_of(p // 4 for p in picks), melds


@settings(max_examples=300, deadline=None)
@given(parts())
def test_partial_shanten_never_counts_fewer_than_the_tiles_missing(
    hm: tuple[list[int], int],
) -> None:
    counts, melds = hm
    floor = 13 - 3 * melds - sum(counts)
    by = S.partial_shanten_by_shape(counts, melds)
    assert all(v >= floor for v in by.to_dict().values() if v is not None)
    assert by.regular == S.partial_regular_shanten(counts, melds) >= floor
    assert (by.seven_pairs is None) == (melds > 0)
    assert (by.knitted_straight is None) == (melds > 1)


def test_partial_shanten_of_one_suit_and_of_an_exchange_hand() -> None:
    assert S.partial_regular_shanten(c("123m456m789m11p")) == 2  # 11 tiles: a set to find
    assert S.partial_regular_shanten(c("1112345678999m")) == 0  # a whole hand
    # 17 tiles (two-player exchange): a complete hand and three spare tiles
    assert S.partial_regular_shanten(c("123m456m789m111s55pEWN")) == -1
    by = S.partial_shanten_by_shape(c("11m22m33m44m55m66m77m88m"))  # 16 tiles, 8 pairs
    assert by.seven_pairs == -1
    with pytest.raises(ValueError, match="0-4 melds, not 5"):
        S.partial_regular_shanten(c("11m"), 5)
