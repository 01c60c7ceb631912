"""``fanshu.rules.base``: the result every rule set returns and the rows it is made of.

These run on both builds (``make test-compiled`` compiles rules/base.py): a result compares,
copies, pickles and prints the same, its lazy ``fans`` and ``excluded`` are worked out once
when first read, and its values are read-only.
"""

from __future__ import annotations

import copy
import pickle
from dataclasses import replace

import pytest

import fanshu
from fanshu.notation import parse_hand
from fanshu.rules import get_rules, names
from fanshu.rules.base import (
    EXCLUSION_REASONS,
    ExcludedFan,
    FanEntry,
    FanRow,
    FieldOptions,
    Result,
    WildcardRule,
)
from fanshu.rules.field_options import FieldOptions as FieldOptionsItself
from fanshu.rules.mcr.fans import FANS, Fan
from fanshu.rules.rows import FanRow as FanRowItself

FLUSH = "123m345m567m789m99m"  # a win under every rule set that scores it


def _rows() -> list[object]:
    row = FANS[Fan.PURE_STRAIGHT]
    return [
        row,
        FanRow("qing_yi_se", "清一色", "Full flush", 4, ("wu_zi",), "seed", (), 3),
        FanEntry(row, 2, 16, (tuple(parse_hand("123m").concealed),)),
        ExcludedFan(FANS[Fan.SHORT_STRAIGHT], row, "no_split", ("123m", "456m"), (row,)),
        WildcardRule(("regular", "seven_pairs"), frozenset({1, 2}), "how", "怎样"),
    ]


@pytest.mark.parametrize("value", _rows(), ids=lambda v: type(v).__name__)
def test_rows_copy_and_pickle_as_equal_values(value: object) -> None:
    for other in (copy.copy(value), copy.deepcopy(value), pickle.loads(pickle.dumps(value))):
        assert other == value and type(other) is type(value)
        assert repr(other) == repr(value)


@pytest.mark.parametrize("rules", names())
def test_every_rule_sets_result_copies_and_pickles(rules: str) -> None:
    r = fanshu.score(FLUSH, rules=rules)
    assert isinstance(r, Result)
    text = repr(r)
    for other in (copy.copy(r), copy.deepcopy(r), pickle.loads(pickle.dumps(r))):
        assert other == r and repr(other) == text
        assert other.fans == r.fans and other.excluded == r.excluded
        assert other.to_dict() == r.to_dict()


def test_lazy_fans_and_excluded_are_worked_out_once_when_read() -> None:
    hand = parse_hand(FLUSH)
    row = FANS[Fan.FULL_FLUSH]
    calls: list[str] = []

    def fans() -> tuple[FanEntry[Fan], ...]:
        calls.append("fans")
        return (FanEntry(row, 1, 24),)

    def excluded() -> tuple[ExcludedFan[Fan], ...]:
        calls.append("excluded")
        return (ExcludedFan(FANS[Fan.NO_HONORS], row),)

    r = Result("mcr", hand, True, fans, 24, excluded=excluded, shape="regular", minimum=8)
    assert calls == []
    assert r.total == 24 and r.meets_minimum and calls == []
    assert Fan.FULL_FLUSH in r and r.count_of(Fan.FULL_FLUSH) == 1
    assert [e.fan for e in r.fans] == [Fan.FULL_FLUSH]
    assert [x.fan for x in r.excluded] == [Fan.NO_HONORS]
    assert [x.fan for x in r.excluded] == [Fan.NO_HONORS]
    assert calls == ["fans", "excluded"]
    given = Result("mcr", hand, True, r.fans, 24, excluded=r.excluded, shape="regular", minimum=8)
    assert given == r and repr(given) == repr(r)


def test_a_result_reads_like_the_dataclass_it_was() -> None:
    r = fanshu.score("[EEEE]123m456p789s11s", self_drawn=True)
    order = ["rules", "hand", "is_win", "fans", "total", "multiplier", "capped", "reason"]
    order += ["details", "excluded", "shape", "flowers", "minimum"]
    inner = ", ".join(f"{name}={getattr(r, name)!r}" for name in order)
    assert repr(r) == f"Result({inner})"  # a dataclass's repr, the fields in this order
    assert r != fanshu.score("[EEEE]123m456p789s11s")  # not self-drawn: another total
    assert r.__eq__(object()) is NotImplemented
    field, misspelt = "total", "fanz"
    with pytest.raises(AttributeError):
        setattr(r, field, 3)
    assert r.total != 3
    with pytest.raises(AttributeError, match="no attribute 'fanz'"):
        getattr(r, misspelt)


def test_rows_are_dataclasses_and_replace() -> None:
    row = FANS[Fan.PURE_STRAIGHT]
    assert replace(row, value=1).value == 1 and replace(row, value=1).key is row.key
    x = ExcludedFan(FANS[Fan.SHORT_STRAIGHT], row, "no_split")
    assert replace(x, by_row=FANS[Fan.FULL_FLUSH]).by is Fan.FULL_FLUSH


def test_field_options_is_the_same_class_from_both_modules() -> None:
    assert FieldOptions is FieldOptionsItself and FanRow is FanRowItself
    beijing = get_rules("beijing")
    assert isinstance(beijing, FieldOptions)
    assert beijing.as_options({"cap": 4}).cap == 4


def test_exclusion_reasons_are_checked() -> None:
    assert set(EXCLUSION_REASONS) == {"implied", "no_split", "no_repeat", "account_once"}
    with pytest.raises(ValueError, match="unknown exclusion reason 'nope'"):
        ExcludedFan(FANS[Fan.NO_HONORS], FANS[Fan.FULL_FLUSH], "nope")
