"""Jiaxing 百搭: every reading is scored and the best paid kept; the result says what each
百搭 stood for and is the concrete hand; the 百搭 count rows (无百搭, 3百搭)."""

from __future__ import annotations

from typing import Any

from fanshu.notation import parse_hand
from fanshu.rules.base import Result
from fanshu.rules.jiaxing import RULES
from fanshu.tiles import Tile
from fanshu.wild import fillings


def score(text: str, options: Any = None, **ctx: Any) -> Result[str]:
    r = RULES.score(parse_hand(text).with_context(**ctx), options)
    assert isinstance(r, Result)
    return r


def keys(r: Result[str]) -> list[str]:
    return [e.fan for e in r.fans]


def test_best_reading_uses_the_wildcard_as_a_red_dragon() -> None:
    # 1 中 and two 5p (百搭): 5p5p as 中中 makes 红中刻 + 混一色 (3 台); as anything else the
    # hand has at most 混一色.
    h = parse_hand("C5p123m456m789m1m1m5p").with_context(wildcard="5p", self_drawn=True)
    r = RULES.score(h)
    assert keys(r) == ["hong_zhong_ke", "hun_yi_se"] and r.details["points"] == 4
    assert r.details["wildcards"] == {"kind": "5p", "stood_for": ["C"], "winning": "C"}
    assert r.hand.counts()[Tile.RED] == 3 and r.hand.counts()[Tile.P5] == 0
    # every reading was a candidate: the others pay less
    others = [f for f in fillings(h) if f.stood_for != (Tile.RED,)]
    assert others and all(RULES.score(f.hand.with_context(wildcard=None)).details["points"]
                          <= 4 for f in others)  # fmt: skip


def test_a_reading_must_complete_the_hand() -> None:
    # 发发 + a 百搭 (3s) + 12m: as 发 it would make 发财刻, but 12m would be left; only
    # 3m (123m) completes the hand, with 发发 the pair: no 台 but the 底台.
    r = score("FF12m3s456p789p111s", wildcard="3s")
    assert r.is_win and r.details["wildcards"]["stood_for"] == ["3m"]
    assert keys(r) == [] and r.details["points"] == 1


def test_wildcard_as_the_seat_wind_for_two_wind_tai() -> None:
    # EE + 百搭 (5s) as E: 门风 + 圈风 (East in an East round); the winning 百搭 pairs 1s.
    r = score("EE5s123m456m789p1s5s", wildcard="5s", seat_wind="E", prevalent_wind="E")
    assert keys(r) == ["men_feng", "quan_feng"] and r.details["points"] == 3
    assert r.details["wildcards"] == {"kind": "5s", "stood_for": ["E"], "winning": "1s"}


def test_wildcards_read_for_a_full_flush_not_as_themselves() -> None:
    # Two 百搭 (中) with 11 22 33 55 77 88m: standing for 9m9m (or 789m twice) the hand is
    # 清一色 (4 台); as 中中 (themselves) only 七对 with 中 — no 清一色.  中 is an honour:
    # 老头黄 waits, one 番.
    r = score("1m1m2m2m3m3m5m5m7m7m8m8mCC", wildcard="C")
    assert "qing_yi_se" in keys(r) and "lao_tou_huang" in keys(r)
    read = r.details["wildcards"]
    assert all(Tile.from_code(c).is_numbered for c in [*read["stood_for"], read["winning"]])
    assert r.details["points"] == (1 + 4) * 2


def test_a_wild_winning_tile_may_stand_for_any_kind() -> None:
    r = score("123m456m789p111s2s5p", wildcard="5p")
    assert r.details["wildcards"] == {"kind": "5p", "stood_for": [], "winning": "2s"}
    assert r.hand.winning_tile == Tile.S2


def test_no_reading_is_not_a_win_and_names_the_hand() -> None:
    r = score("123m456m789p13s5s7s9s", wildcard="5p")
    assert not r.is_win and r.reason is not None
    assert "123m456m789p13579s" in r.reason.replace(" ", "") or "5p" in r.reason
    assert "百搭 5p" in r.reason


def test_no_wildcard_held_is_wu_bai_da_and_one_held_is_not() -> None:
    assert "wu_bai_da" in keys(score("123m456m789p111s2s2s", wildcard="E"))
    held = score("123m456m789p111s2sE", wildcard="E")  # E stands for 2s
    assert "wu_bai_da" not in keys(held) and held.details["wild_tiles"] == 1


def test_a_wildcard_standing_for_itself_under_natural_wild_is_plain() -> None:
    # 5m held in 456m: by default a 百搭 (no 无百搭); with the option, 百搭归位 is plain.
    hand = "123m456m789p111s2s2s"
    assert "wu_bai_da" not in keys(score(hand, wildcard="5m"))
    r = score(hand, {"natural_wild_is_plain": True}, wildcard="5m")
    assert "wu_bai_da" in keys(r) and r.details["wild_tiles"] == 0


def test_seven_pairs_with_wildcards() -> None:
    r = score("11m33m55m77m99m1p2p5s5s", wildcard="5s")
    assert r.is_win and r.shape == "seven_pairs"
    assert r.details["wild_tiles"] == 2


def test_without_a_wildcard_named_the_hand_is_read_as_it_is() -> None:
    r = score("123m456m789p111s2s2s")
    assert r.details["wildcards"] is None and "wu_bai_da" in keys(r)
