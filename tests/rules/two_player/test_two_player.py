"""The two-player game (二人麻将, rule set ``two-player``).

Sources: seeds 000/004 "三、麻将游戏规则" (136 tiles, 封顶 13番), 000 "关于2人麻将的说明"
(没有门风，圈风，花牌，混; no 8-fan minimum; 天和 99, 地和 88, 人和 64, 天听 32).  The seeds
give no worked two-player example with numbers; the totals below are fanshu's own.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import fanshu
from fanshu.errors import FanshuError, InvalidHandError, OptionError
from fanshu.rules import get_rules, names
from fanshu.rules.base import RuleResult
from fanshu.rules.mcr.fans import Fan
from fanshu.rules.mcr.options import McrOptions
from fanshu.rules.two_player import RULES, TwoPlayerOptions
from fanshu.rules.two_player.ruleset import NOT_COUNTED
from fanshu.tiles import Tile

F = Fan
PLAIN = "123m456p123789sEE"  # 花龙 8, 喜相逢 1 (+ 门前清 2, 单钓将 1 on a discard)
DEALT: dict[str, Any] = {"first_turn": True, "self_drawn": True}


def score(hand: str, options: Any = None, **ctx: Any) -> RuleResult:
    r = fanshu.score(hand, rules="two-player", options=options, **ctx)
    assert isinstance(r, RuleResult)
    return r


def names_of(r: RuleResult) -> dict[str, int]:
    return {f.name_zh: f.points for f in r.fans}


def _mcr_fan_cases() -> ModuleType:
    path = Path(__file__).resolve().parents[1] / "mcr" / "test_fans.py"
    spec = importlib.util.spec_from_file_location("_mcr_fan_cases", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


_CASES = _mcr_fan_cases()
_TWO_PLAYER_CTX = {"self_drawn", "fourth_tile", "kong", "wall_last"}


def _playable(case: Any) -> bool:
    """An MCR case the two-player game can score: its fan exists there, its context
    has no seat or prevalent wind, flowers or options."""
    return case.fan not in NOT_COUNTED and int(case.fan) <= 82 and set(case.ctx) <= _TWO_PLAYER_CTX


HITS = [c for c in _CASES.HITS if _playable(c)]
MISSES = [c for c in _CASES.MISSES if _playable(c)]


# -- the rule set ------------------------------------------------------------------------


def test_registry() -> None:
    assert "two-player" in names()
    rules = get_rules("two-player")
    assert rules is RULES
    assert (rules.name, rules.title_zh) == ("two-player", "二人麻将")
    assert rules.tiles == frozenset(range(34)) and rules.flowers is False
    assert (rules.combine, rules.cap, rules.minimum) == ("add", 13, 0)
    table = {r.name_zh: r.value for r in rules.fans}
    assert {"圈风刻", "门风刻", "花牌"}.isdisjoint(table)
    assert {"四方大发", "全家福", "混杠"}.isdisjoint(table)
    assert (table["天和"], table["地和"], table["人和"], table["天听"]) == (99, 88, 64, 32)
    assert table["大四喜"] == 88 and table["无番和"] == 8 and table["幺九刻"] == 1
    assert len(table) == 81 - 3 + 1 + 4  # 81 fans − wind fans and flowers + 明暗杠 + extras
    described = {name: default for name, default, _ in rules.describe_options()}
    assert described["cap"] == "13" and described["chicken_hand"] == "8"
    assert "two_concealed_kongs" in described and "blessings" not in described


def test_score_through_the_api() -> None:
    r = score("[123m1]456m234p678s55s")
    assert r.rules == "two-player" and r.is_win
    assert names_of(r) == {"平和": 2, "连六": 1}
    assert (r.total, r.capped, r.multiplier) == (3, 3, None)
    d = r.to_dict()
    assert d["total"] == 3 and d["multiplier"] is None and d["error"] is None
    assert [f["name"] for f in d["fans"]] == ["平和", "连六"]


def test_no_minimum() -> None:
    """本程序没有做这个规定: any complete hand wins, 1 fan is enough."""
    r = score("[123m1][456m1]234p678s5s5s")
    assert r.is_win and r.total < 8


def test_not_a_win() -> None:
    r = score("123m456p123789sES")
    assert not r.is_win and r.total == 0
    assert r.to_dict()["error"]["code"] == "not_a_win"


# -- every MCR fan the game has (the cases of tests/rules/mcr/test_fans.py) --------------


@pytest.mark.parametrize("case", [pytest.param(c, id=_CASES._id(c)) for c in HITS])
def test_mcr_fan_is_scored(case: Any) -> None:
    r = score(case.hand, **case.ctx)
    mcr = fanshu.score(case.hand, **case.ctx)
    assert r.is_win
    assert r.count_of(case.fan.name.lower()) == case.count, str(r)
    if mcr.hand.counts()[Tile.EAST] < 3:  # no East pung: no wind fan to drop
        assert r.total == mcr.total == case.total, str(r)


@pytest.mark.parametrize("case", [pytest.param(c, id=_CASES._id(c)) for c in MISSES])
def test_mcr_near_miss(case: Any) -> None:
    r = score(case.hand, **case.ctx)
    assert case.fan.name.lower() not in r
    assert r.is_win is (case.total is not None)


def test_every_fan_has_a_hit_and_a_miss() -> None:
    keys = {r.key for r in RULES.fans}
    mcr_keys = {f.name.lower() for f in Fan if int(f) <= 82 and f not in NOT_COUNTED}
    assert {c.fan.name.lower() for c in HITS} == mcr_keys
    assert {c.fan.name.lower() for c in MISSES} == mcr_keys
    assert keys == mcr_keys | {"heavenly_hand", "earthly_hand", "human_hand", "heavenly_ready"}


# -- no seat or prevalent wind -----------------------------------------------------------


def test_wind_pung_is_a_plain_honour_pung() -> None:
    """An East pung: MCR (East seat, East round) gives 圈风刻 2 + 门风刻 2; the two-player
    game has no winds, so it is an ordinary 幺九刻 (1)."""
    hand = "EEE123m456p789s55m"
    mcr = fanshu.score(hand)
    assert F.PREVALENT_WIND in mcr and F.SEAT_WIND in mcr
    r = score(hand)
    assert names_of(r) == {"花龙": 8, "门前清": 2, "幺九刻": 1, "单钓将": 1}
    assert r.total == mcr.total - 4 + 1


def test_every_wind_pung_counts_pung_of_terminals_or_honors() -> None:
    r = score("[NNN1][WWW1]123m456p5p5p")
    assert r.count_of("pung_of_terminals_or_honors") == 2
    assert "prevalent_wind" not in r and "seat_wind" not in r


def test_big_three_winds_keeps_its_own_pungs() -> None:
    """三风刻 takes the 幺九刻 of its three pungs; nothing to restore."""
    r = score("123mEEESSSWWWFF")
    assert names_of(r) == {"三暗刻": 16, "三风刻": 12, "混一色": 6, "全带幺": 4, "门前清": 2,
                           "单钓将": 1}  # fmt: skip


def test_big_four_winds() -> None:
    r = score("EEESSSWWWNNN33m")
    assert "big_four_winds" in r and "seat_wind" not in r and "prevalent_wind" not in r
    assert r.total == fanshu.score("EEESSSWWWNNN33m").total  # 大四喜 excludes both anyway


@pytest.mark.parametrize(
    ("ctx", "message"),
    [
        ({"seat_wind": "S"}, "the two-player game has no seat wind"),
        ({"seat_wind": "N"}, "the two-player game has no seat wind"),
        ({"prevalent_wind": "W"}, "the two-player game has no prevalent wind"),
        ({"flowers": 2}, "the two-player game has no flowers"),
    ],
)
def test_bad_context(ctx: dict[str, Any], message: str) -> None:
    with pytest.raises(InvalidHandError, match=message):
        score(PLAIN, **ctx)


def test_bad_hand_is_still_an_error() -> None:
    with pytest.raises(FanshuError, match="five copies"):
        score("11111m456p123789s")
    with pytest.raises(InvalidHandError, match="14 tiles"):
        score("123m456p123789sE")


# -- the extras ------------------------------------------------------------------------


def test_heavenly_hand() -> None:
    r = score(PLAIN, dealer=True, **DEALT)
    assert names_of(r) == {"天和": 99, "花龙": 8, "喜相逢": 1}
    assert (r.total, r.capped) == (108, 13)


def test_earthly_hand() -> None:
    """闲家起手摸第一张牌便和牌."""
    r = score(PLAIN, **DEALT)
    assert names_of(r) == {"地和": 88, "花龙": 8, "喜相逢": 1, "单钓将": 1}


def test_human_hand() -> None:
    """闲家和庄家打出的第一张牌."""
    r = score(PLAIN, first_turn=True)
    assert names_of(r) == {"人和": 64, "花龙": 8, "喜相逢": 1, "单钓将": 1}


def test_heavenly_ready() -> None:
    r = score(PLAIN, ready_at_start=True)
    assert names_of(r) == {"天听": 32, "花龙": 8, "门前清": 2, "喜相逢": 1, "单钓将": 1}


@pytest.mark.parametrize(
    ("ctx", "absent"),
    [
        ({"dealer": True, "self_drawn": True}, "heavenly_hand"),  # not the first turn
        ({"self_drawn": True}, "earthly_hand"),  # not the first draw
        ({}, "human_hand"),  # not the first discard
        ({"dealer": True, "first_turn": True}, "human_hand"),  # the dealer on a discard
        ({}, "heavenly_ready"),  # not declared ready at the start
    ],
)
def test_extras_near_misses(ctx: dict[str, Any], absent: str) -> None:
    r = score(PLAIN, **ctx)
    assert r.is_win and absent not in r
    assert not {"heavenly_hand", "earthly_hand", "human_hand", "heavenly_ready"} & {
        f.row.key for f in r.fans
    }


def test_first_turn_with_a_meld_is_an_error() -> None:
    with pytest.raises(InvalidHandError, match="before any claim"):
        score("[123m1]456p123789sEE", first_turn=True)


def test_four_winds_and_green_is_not_in_the_game() -> None:
    r = score("EEESSSWWWNNNFF")
    assert "four_winds_and_green" not in r and "big_four_winds" in r


# -- options -------------------------------------------------------------------------


def test_cap_option() -> None:
    r = score("EEESSSWWWNNN33m")
    assert r.total > 13 and r.capped == 13
    r = score("EEESSSWWWNNN33m", options={"cap": None})
    assert r.capped is None and r.details["cap"] is None
    r = score("EEESSSWWWNNN33m", options=TwoPlayerOptions(cap=200))
    assert r.capped == r.total
    small = score("[123m1]456m234p678s55s", options={"cap": 2})
    assert (small.total, small.capped) == (3, 2)


def test_chicken_hand_option() -> None:
    hand = "[234m1][456s1][789p1]34mNN5m"
    assert names_of(score(hand)) == {"无番和": 8}
    assert names_of(score(hand, options={"chicken_hand": 1})) == {"无番和": 1}


def test_mcr_options_pass_through() -> None:
    hand = "[1111m1][2222s]345p678m99p"
    assert names_of(score(hand))["明暗杠"] == 5
    assert names_of(score(hand, options={"concealed_and_melded_kong": 6}))["明暗杠"] == 6
    opts = TwoPlayerOptions(mcr=McrOptions(concealed_and_melded_kong=6))
    assert opts.mcr.blessings == "two_player"  # always the two-player extras


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"cap": 0}, "cap is a number"),
        ({"cap": True}, "cap is a number"),
        ({"chicken_hand": 2}, "chicken_hand is 8 or 1"),
        ({"blessings": "lianzhong"}, "blessings is not an option here"),
        ({"minimum": 8}, "unknown option 'minimum'"),
        ({"two_concealed_kongs": 7}, "two_concealed_kongs is 6 or 8"),
    ],
)
def test_bad_options(data: dict[str, Any], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        score(PLAIN, options=data)


def test_options_object_of_another_rule_set() -> None:
    with pytest.raises(OptionError):
        score(PLAIN, options=McrOptions())
