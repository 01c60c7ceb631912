"""How the 百搭 is named from the turned-up tile (option ``wildcard_from``)."""

from __future__ import annotations

import pytest

from fanshu.errors import OptionError
from fanshu.rules.jiaxing.baida import next_kind, wildcard_of
from fanshu.tiles import Tile


def test_next_kind_goes_round_each_group() -> None:
    codes = ["1m", "9m", "1s", "9s", "1p", "9p", "E", "N", "C", "P"]
    got = [Tile(next_kind(int(Tile.from_code(c)))).code for c in codes]
    assert got == ["2m", "1m", "2s", "1s", "2p", "1p", "S", "E", "F", "C"]


def test_every_kind_is_named_by_exactly_one_turned_tile() -> None:
    # "next" is a permutation of the 34 kinds: any kind can be the 百搭
    assert sorted(next_kind(t) for t in range(34)) == list(range(34))
    assert all(wildcard_of(t, "turned") == t for t in range(34))


def test_bad_input_is_refused() -> None:
    with pytest.raises(OptionError, match="wildcard_from is 'turned' or 'next'"):
        wildcard_of(3, "dice")
    with pytest.raises(OptionError, match="a turned-up tile is a kind 0-33, not 34"):
        wildcard_of(34, "next")
    with pytest.raises(OptionError, match="a turned-up tile is a kind 0-33, not -1"):
        wildcard_of(-1)
