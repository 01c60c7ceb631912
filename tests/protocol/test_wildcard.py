"""The ``wildcard`` key of score and analyze requests (``fanshu.protocol.wildcard``): the
kinds it may name, the rule sets that take one, the specific errors, and what a result
says its wild tiles stood for."""

from __future__ import annotations

from typing import Any

import pytest

import fanshu
from fanshu.notation import parse_hand
from fanshu.protocol.analyze import analyze_line
from fanshu.protocol.errors import LineError
from fanshu.protocol.score import result_object, score_line, score_object
from fanshu.protocol.wildcard import (
    WILDCARD_PATTERN,
    parse_wildcard,
    rules_with_wildcards,
    wildcards_of,
)
from fanshu.rules import get_rules, names
from fanshu.rules.base import Result
from fanshu.tiles import NUM_KINDS, TILES

HAND = "[EEEE]123m456p789s11s"
WITHOUT = [n for n in names() if get_rules(n).wildcards is None]
WITH = rules_with_wildcards()


@pytest.mark.parametrize("kind", range(NUM_KINDS))
def test_every_kind_in_play_may_be_wild(kind: int) -> None:
    tile = TILES[kind]
    assert parse_wildcard(tile.code, get_rules("mcr")) is tile


@pytest.mark.parametrize(
    "value", ["1f", "8f", "0m", "5P", "c", " 5p", "5p5p", "", "中", 5, 22, True, ["5p"], {}]
)
def test_anything_but_one_tile_code_is_a_bad_field(value: Any) -> None:
    with pytest.raises(LineError) as e:
        parse_wildcard(value, get_rules("mcr"))
    assert e.value.code == "bad_field"
    assert e.value.message.startswith("wildcard must be one tile kind such as 5p or C")


def test_the_pattern_matches_exactly_the_kinds() -> None:
    import re

    codes = {t.code for t in TILES}
    assert {c for c in codes if re.match(WILDCARD_PATTERN, c)} == {
        TILES[k].code for k in range(NUM_KINDS)
    }
    assert not re.match(WILDCARD_PATTERN, "5p ")


def test_null_is_no_wildcard() -> None:
    assert parse_wildcard(None, get_rules("sichuan")) is None
    assert score_line({"hand": HAND, "wildcard": None}) == score_line({"hand": HAND})


@pytest.mark.parametrize("rules", WITHOUT)
def test_a_rule_set_without_wildcards_refuses_one(rules: str) -> None:
    out = score_line({"id": 1, "hand": "11123455678999m", "rules": rules, "wildcard": "5m"})
    assert out["error"]["code"] == "bad_option"
    message = out["error"]["message"]
    assert message.startswith(f"{rules} is played without wildcards: drop wildcard")
    for name in WITH:
        assert name in message
    analysed = analyze_line({"hand": "1112345678999m", "rules": rules, "wildcard": "5m"})
    assert analysed["error"] == out["error"]


def test_the_wild_kind_reaches_the_hand_that_is_scored() -> None:
    # MCR: a wildcard stands for nothing, it only names the kind (混杠); the hand is
    # scored with it in its context, exactly as the library call gives it
    out = score_line({"id": 2, "hand": HAND, "self_drawn": True, "wildcard": "C"})
    hand = parse_hand(HAND).with_context(self_drawn=True, wildcard="C")
    expected = fanshu.score(hand)
    assert out["error"] is None
    assert out["total"] == expected.total
    assert score_object(2, expected)["total"] == out["total"]


def test_result_object_says_what_the_wild_tiles_stood_for() -> None:
    hand = parse_hand("123m456p789sEEE5s5s").with_context(wildcard="C")
    wild = {"kind": "C", "stood_for": ["5s"], "winning": None}
    result = Result("test", hand, True, total=3, details={"wildcards": wild, "other": 1})
    out = result_object(7, result)
    assert out["wildcards"] == wild
    assert list(out)[-1] == "error" and out["error"] is None
    shown = score_object(7, result)
    assert shown["wildcards"] == wild and shown["details"]["wildcards"] == wild
    assert "wildcards" not in result_object(7, Result("test", hand, True, total=3))


def test_wildcards_of_reads_the_documented_shape() -> None:
    w = wildcards_of({"wildcards": {"kind": "5p", "stood_for": ["3m", "7s"], "winning": "2p"}})
    assert w is not None
    assert (w.kind, w.stood_for, w.winning) == ("5p", ("3m", "7s"), "2p")
    assert w.text_en() == "wild 5p: 3m 7s; the winning tile as 2p"
    assert w.text_zh() == "百搭 5p 作 3m 7s；和牌作 2p"
    assert wildcards_of({}) is None and wildcards_of(None) is None
    assert wildcards_of({"wildcards": {"stood_for": []}}) is None


def test_analyze_echoes_the_wild_kind() -> None:
    out = analyze_line({"id": 1, "hand": "1112345678999m", "by": "efficiency", "wildcard": "5m"})
    assert out["error"] is None and out["wildcard"] == "5m"
    plain = analyze_line({"id": 1, "hand": "1112345678999m", "by": "efficiency"})
    assert "wildcard" not in plain
    bad = analyze_line({"hand": "1112345678999m", "wildcard": "9f"})
    assert bad["error"]["code"] == "bad_field"


WILD_STANDS = [n for n in WITH if (w := get_rules(n).wildcards) is not None and w.shapes]


@pytest.mark.parametrize("rules", WILD_STANDS)
def test_a_rule_set_with_wild_tiles_says_what_they_stood_for(rules: str) -> None:
    # 中 is wild; with 5s beside it the hand is complete only if 中 stands for 5s (pair)
    # or for another tile with the honours; whatever the rule set's fan, a win says so
    out = score_line({"hand": "123m456p789sEEE5sC", "rules": rules, "wildcard": "C"})
    if out["error"] is not None:
        assert out["error"]["code"] == "not_a_win", out
        return
    assert out["wildcards"]["kind"] == "C"
    stood = [*out["wildcards"]["stood_for"], out["wildcards"]["winning"]]
    assert any(t is not None for t in stood)
