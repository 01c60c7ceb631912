"""Complete explanations: every fan the hand shows and does not count, and why.

Two kinds of reason (``ExcludedFan.reason``):

- the table's 不计 rows (不重复, ``implied``; ``no_split`` 不拆移 when the fan is a
  combination inside the counting combination's own sets, 连六 inside 清龙): checked row
  by row — for every fan whose row is non-empty, one hand that scores it, and every fan of
  that row must be listed with ``by`` (or ``also_by``) that fan, unless the hand does not
  show it; those are named in the case with the reason, and must then NOT be listed;
- the combination principles of the 1998 rule book (RULES.md §1: 不拆移, 不得相同, 套算一次)
  for chow and pung fans the sets form but may not count.

Totals are the oracle's (PyMahjongGB, ``tests/support/oracle.py``): explanations never
change a total.  The hands are the worked examples of the seeds where the seeds give one
(the same hands as ``test_fans.py``, whose comments name the seed).
"""

from __future__ import annotations

import pickle
import random
from dataclasses import dataclass, field
from typing import Any

import pytest

import fanshu
from fanshu.rules.base import EXCLUSION_REASONS, ExcludedFan
from fanshu.rules.mcr.evaluate import COMBINATION_FANS, score_hand
from fanshu.rules.mcr.fans import FANS, Fan
from fanshu.rules.mcr.options import McrOptions
from fanshu.rules.mcr.result import McrResult
from fanshu.sampling import winning_hands
from support.oracle import oracle_score

F = Fan
SELF = {"self_drawn": True}


@dataclass(frozen=True)
class Case:
    """A hand scoring ``fan``; ``absent``: the fans of its row the hand does not show, why."""

    fan: Fan
    hand: str
    ctx: dict[str, Any] = field(default_factory=dict)
    absent: dict[Fan, str] = field(default_factory=dict)
    tag: str = ""


DISCARD = "won on a discard: not self-drawn"
NO_PAIR = "fourteen single tiles: no pair to wait on"

CASES: list[Case] = [
    # a wind pair would be a fifth wind tile: 小四喜 never shows inside 大四喜
    Case(F.BIG_FOUR_WINDS, "EEESSSWWWNNN33m", absent={F.LITTLE_FOUR_WINDS: "the pair is 33m"}),
    Case(
        F.BIG_THREE_DRAGONS,
        "CCCFFFPPP123m88s",
        absent={F.LITTLE_THREE_DRAGONS: "a dragon pair would be a fifth tile"},
    ),
    Case(F.ALL_GREEN, "234234666888sFF"),
    Case(F.NINE_GATES, "11123456789999m", absent={F.FULLY_CONCEALED_HAND: DISCARD}),
    Case(F.NINE_GATES, "11123456789999m", SELF, tag="self-drawn"),
    Case(F.FOUR_KONGS, "[1111m1][2222s][EEEE2][9999p]FF"),
    Case(F.SEVEN_SHIFTED_PAIRS, "11223344556677s", absent={F.FULLY_CONCEALED_HAND: DISCARD}),
    Case(F.SEVEN_SHIFTED_PAIRS, "11223344556677s", SELF, tag="self-drawn"),
    Case(F.THIRTEEN_ORPHANS, "19m19s19pESWNCFPP", absent={F.FULLY_CONCEALED_HAND: DISCARD}),
    Case(F.THIRTEEN_ORPHANS, "19m19s19pESWNCFPP", SELF, tag="self-drawn"),
    Case(F.ALL_TERMINALS, "111999m111999s99p"),
    Case(F.LITTLE_FOUR_WINDS, "EEEWWWSSSNN123m"),
    Case(F.LITTLE_THREE_DRAGONS, "CCCFFFPP234p999s"),
    Case(F.ALL_HONORS, "EEESSSNNNFFFPP"),
    Case(F.FOUR_CONCEALED_PUNGS, "111m333s777pEEEFF", absent={F.FULLY_CONCEALED_HAND: DISCARD}),
    Case(F.FOUR_CONCEALED_PUNGS, "111m333s777pEEEFF", SELF, tag="self-drawn"),
    Case(F.PURE_TERMINAL_CHOWS, "12312355789789p"),
    Case(F.QUADRUPLE_CHOW, "123123123123m77s"),
    Case(F.FOUR_PURE_SHIFTED_PUNGS, "222333444555s22p"),
    Case(
        F.FOUR_PURE_SHIFTED_CHOWS,
        "123345567789m88s",
        absent={F.SHORT_STRAIGHT: "steps of two: no two chows three apart"},
    ),
    Case(
        F.FOUR_PURE_SHIFTED_CHOWS,
        "123234345456m99s",
        tag="step-one",
        absent={F.TWO_TERMINAL_CHOWS: "no 789"},
    ),
    Case(
        F.THREE_KONGS,
        "[1111m1][2222s][EEEE2]345pFF",
        absent={F.TWO_CONCEALED_KONGS: "one concealed kong only"},
    ),
    Case(
        F.THREE_KONGS,
        "[1111m][2222s][EEEE2]345pFF",
        tag="two-concealed",
        absent={F.TWO_MELDED_KONGS: "one melded kong only"},
    ),
    Case(F.ALL_TERMINALS_AND_HONORS, "111m999s999pEEENN"),
    Case(F.SEVEN_PAIRS, "1133m5577s2299pEE", absent={F.FULLY_CONCEALED_HAND: DISCARD}),
    Case(F.SEVEN_PAIRS, "1133m5577s2299pEE", SELF, tag="self-drawn"),
    Case(
        F.GREATER_HONORS_AND_KNITTED_TILES,
        "147m25s36pESWNCFP",
        absent={F.FULLY_CONCEALED_HAND: DISCARD, F.SINGLE_WAIT: NO_PAIR},
    ),
    Case(F.ALL_EVEN_PUNGS, "222888m444s666p22s"),
    Case(F.FULL_FLUSH, "12334566678999m"),
    Case(
        F.PURE_TRIPLE_CHOW,
        "[234m1]234234m456p77s",
        absent={F.PURE_SHIFTED_PUNGS: "a melded chow: the tiles cannot be pungs"},
    ),
    Case(
        F.PURE_SHIFTED_PUNGS,
        "222333444m567p88s",
        absent={F.PURE_TRIPLE_CHOW: "read as pungs, the sets are no chows"},
    ),
    Case(F.UPPER_TILES, "789m789p888s999s77p"),
    Case(F.MIDDLE_TILES, "456m456p456s555m66s"),
    Case(F.LOWER_TILES, "123m123p123s333m22s"),
    Case(F.PURE_STRAIGHT, "123456789m234p55s"),
    Case(F.THREE_SUITED_TERMINAL_CHOWS, "123789m123789s55p"),
    Case(F.ALL_FIVE, "345m456p555s567m55p"),
    Case(F.TRIPLE_PUNG, "222m222s222p345m99s"),
    Case(F.THREE_CONCEALED_PUNGS, "[567p1]111m444s999mNN"),
    Case(
        F.LESSER_HONORS_AND_KNITTED_TILES,
        "147m258s36pESWNCF",
        absent={F.FULLY_CONCEALED_HAND: DISCARD, F.SINGLE_WAIT: NO_PAIR},
    ),
    Case(F.UPPER_FOUR, "678m789p666s999s77p"),
    Case(F.LOWER_FOUR, "123m234p444s111s22p"),
    Case(F.BIG_THREE_WINDS, "EEESSSWWW123m55p"),
    Case(F.REVERSIBLE_TILES, "123p345p888s999sPP"),
    Case(F.MIXED_TRIPLE_CHOW, "123m123s123p789m55s"),
    Case(F.LAST_TILE_DRAW, "[234m1]456s789p34m11s2m", {**SELF, "wall_last": True}),
    Case(F.OUT_WITH_REPLACEMENT_TILE, "[5555m]456s789p34m11s2m", {**SELF, "kong": True}),
    Case(F.ROBBING_THE_KONG, "[234m1]456s789p34m11s5m", {"kong": True}),
    Case(F.HALF_FLUSH, "123m345m777mEEENN"),
    Case(F.MELDED_HAND, "[123m1][456s1][678p1][EEE1]FF"),
    Case(F.TWO_CONCEALED_KONGS, "[1111m][2222s]345p678m99p"),
    Case(F.TWO_DRAGONS_PUNGS, "CCCFFF123m456p99s"),
    Case(F.FULLY_CONCEALED_HAND, "123m456s678p345m99p", SELF),
    Case(F.TWO_MELDED_KONGS, "[1111m1][2222s2]345p678m99p"),
    Case(F.PREVALENT_WIND, "[SSS1]123m456s678p99m", {"prevalent_wind": "S"}),
    Case(F.SEAT_WIND, "[WWW1]123m456s678p99m", {"seat_wind": "W"}),
    Case(F.ALL_CHOWS, "123m456m789s234p55s"),
    Case(F.ALL_SIMPLES, "234m456s678p345m66s"),
    Case(F.CONCEALED_KONG_AND_MELDED_KONG, "[1111m1][2222s]345p678m99p"),
]


def _id(case: Case) -> str:
    slug = FANS[case.fan].name_en.lower().replace(" ", "-")
    return f"{int(case.fan):02d}-{slug}" + (f"-{case.tag}" if case.tag else "")


def _row(fan: Fan) -> tuple[Fan, ...]:
    spec = FANS[fan]
    return spec.excludes + spec.excludes_own_sets


def _by(x: ExcludedFan[Fan]) -> set[Fan]:
    return {x.by, *(r.key for r in x.also_by)}


def _describe(r: McrResult) -> str:
    fans = ", ".join(f"{e.name_zh}×{e.count}" for e in r.fans)
    ex = "; ".join(
        f"{x.row.name_zh}<-{'/'.join(FANS[b].name_zh for b in sorted(_by(x)))} {x.reason}"
        for x in r.excluded
    )
    return f"{r.hand}: {r.total} [{fans}] excluded [{ex}]"


def _oracle_total(r: McrResult) -> int:
    answer = oracle_score(r.hand)
    assert answer is not None, f"the oracle says {r.hand} is not a win"
    return answer[0]


def test_every_row_has_a_case() -> None:
    """The cases cover every fan of the official table and 明暗杠 whose 不计 row is
    non-empty (the extras 83-89 are the blessings option's: test_blessings.py)."""
    with_rows = {f for f in Fan if f <= F.CONCEALED_KONG_AND_MELDED_KONG and _row(f)}
    assert {c.fan for c in CASES} == with_rows
    assert len(with_rows) == 52


@pytest.mark.parametrize("case", CASES, ids=_id)
def test_row_is_listed(case: Case) -> None:
    r = fanshu.score(case.hand, **case.ctx)
    assert case.fan in r, _describe(r)
    row = _row(case.fan)
    assert set(case.absent) <= set(row), "an absent fan must be one of the row's"
    for other in row:
        named = [x for x in r.excluded if x.fan is other and case.fan in _by(x)]
        if other in case.absent:
            assert not named, f"{FANS[other].name_zh}: {case.absent[other]}; {_describe(r)}"
            continue
        assert named, f"{FANS[other].name_zh} not listed under {case.fan.name}: {_describe(r)}"
        for x in named:
            assert x.reason in ("implied", "no_split"), _describe(r)
            if other in COMBINATION_FANS:
                assert x.sets, f"a combination names its sets: {_describe(r)}"
    assert r.total == _oracle_total(r), _describe(r)


@pytest.mark.parametrize("case", CASES, ids=_id)
def test_excluded_are_not_counted(case: Case) -> None:
    """A fan listed as excluded is not counted, except 幺九刻 (of other pungs), which a
    row excludes only on the fan's own sets."""
    r = fanshu.score(case.hand, **case.ctx)
    own_sets = {f for fan in Fan for f in FANS[fan].excludes_own_sets}
    for x in r.excluded:
        assert x.by in r and all(b.key in r for b in x.also_by), _describe(r)
        if x.fan not in own_sets:
            assert x.fan not in r, _describe(r)


def _principle(r: McrResult, reason: str) -> list[ExcludedFan[Fan]]:
    return [x for x in r.excluded if x.reason == reason]


def test_no_split_pure_straight() -> None:
    """不拆移: the 清龙 chows 123 456 789万 are not split into 连六 or 老少副 (the table's
    row for 清龙 says the same)."""
    r = fanshu.score("123456789m123p55s")
    split = {x.fan: x for x in _principle(r, "no_split")}
    assert set(split) == {F.SHORT_STRAIGHT, F.TWO_TERMINAL_CHOWS}, _describe(r)
    assert all(x.by is F.PURE_STRAIGHT for x in split.values())
    assert set(split[F.TWO_TERMINAL_CHOWS].sets) == {"123m", "789m"}
    assert set(split[F.SHORT_STRAIGHT].sets) <= {"123m", "456m", "789m"}
    assert r.count_of(F.MIXED_DOUBLE_CHOW) == 1  # 123饼 with 123万: counted, not split
    assert r.total == _oracle_total(r) == 22


def test_no_repeat_mixed_double_chow() -> None:
    """不得相同: 123万 forms 喜相逢 with one 123饼 and not a second time with the other."""
    r = fanshu.score("123m123123p789s55s")
    (x,) = _principle(r, "no_repeat")
    assert (x.fan, x.by) == (F.MIXED_DOUBLE_CHOW, F.MIXED_DOUBLE_CHOW), _describe(r)
    assert x.sets == ("123m", "123p")
    assert r.count_of(F.MIXED_DOUBLE_CHOW) == 1
    assert r.total == _oracle_total(r) == 7


def test_account_once_after_mixed_triple_chow() -> None:
    """套算一次: the fourth chow 123条 combines once (一般高 with the other 123条), not
    again as 喜相逢 with 123万 or 123饼."""
    r = fanshu.score("123m123p123123s55p")
    once = _principle(r, "account_once")
    assert {x.fan for x in once} == {F.MIXED_DOUBLE_CHOW}, _describe(r)
    assert all(x.by is F.PURE_DOUBLE_CHOW for x in once)
    assert {frozenset(x.sets) for x in once} == {
        frozenset({"123m", "123s"}),
        frozenset({"123p", "123s"}),
    }
    # the second 三色三同顺 (with the other 123条) is the same fan again: 不得相同
    (again,) = _principle(r, "no_repeat")
    assert (again.fan, again.by) == (F.MIXED_TRIPLE_CHOW, F.MIXED_TRIPLE_CHOW)
    assert r.total == _oracle_total(r) == 14


def test_account_once_with_pure_straight() -> None:
    """清龙 123 456 789条 and a second 123条: 一般高 counts; the second 123条 does not form
    连六 or 老少副 with the 清龙 chows (套算一次), nor a second 清龙 (不得相同)."""
    r = fanshu.score("[789s][456s]88p11223s3s")
    once = {x.fan: x for x in _principle(r, "account_once")}
    assert set(once) == {F.SHORT_STRAIGHT, F.TWO_TERMINAL_CHOWS}, _describe(r)
    assert all(x.by is F.PURE_DOUBLE_CHOW for x in once.values())
    assert [(x.fan, x.by) for x in _principle(r, "no_repeat")] == [
        (F.PURE_STRAIGHT, F.PURE_STRAIGHT)
    ]
    assert r.total == _oracle_total(r)


def test_to_dict_carries_reason_and_sets() -> None:
    r = fanshu.score("123m123123p789s55s")
    d = r.to_full_dict()
    rows = {(x["name"], x["reason"]): x for x in d["excluded"]}
    x = rows["喜相逢", "no_repeat"]
    assert x["reason_zh"] == "不得相同" and x["reason_en"] == EXCLUSION_REASONS["no_repeat"][1]
    assert x["sets"] == ["123m", "123p"] and x["by"] == "喜相逢" and x["by_en"]
    plain = rows["无字", "implied"]
    assert plain["by"] == "平和" and plain["sets"] == [] and plain["reason_zh"] == "不重复"


def test_also_by_names_every_row() -> None:
    """碰碰和 is named by both 大四喜 and 四暗刻: one row, the higher as ``by``."""
    r = fanshu.score("EEESSSWWWNNN33m")
    (x,) = [x for x in r.excluded if x.fan is F.ALL_PUNGS]
    assert x.by is F.BIG_FOUR_WINDS and [b.key for b in x.also_by] == [F.FOUR_CONCEALED_PUNGS]
    assert x.to_dict()["also_by"] == ["四暗刻"]


def test_unknown_reason_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown exclusion reason 'because'"):
        ExcludedFan(FANS[F.NO_HONORS], FANS[F.ALL_CHOWS], "because")


def test_other_rule_sets_keep_their_exclusions() -> None:
    r = fanshu.score("123m123m789m999m11m", rules="common")
    assert [(x.row.name_zh, x.by_row.name_zh, x.reason) for x in r.excluded] == [
        ("无字", "清一色", "implied")
    ]


def test_lazy_excluded_behaves_like_a_field() -> None:
    """``excluded`` is worked out when first read; results still compare, copy, pickle."""
    a = fanshu.score("EEESSSWWWNNN33m")
    b = fanshu.score("EEESSSWWWNNN33m")
    assert a == b  # equality reads excluded
    c = pickle.loads(pickle.dumps(b))
    assert c == a and c.excluded == a.excluded
    with pytest.raises(AttributeError, match="no attribute 'exclude'"):
        _ = a.exclude  # type: ignore[attr-defined]  # a misspelt name still fails


def test_sampled_hands_explanations_agree_with_the_table() -> None:
    """On random winning hands: totals are the oracle's, every ``implied`` fan is in the
    row of every fan named as its ``by``, every principle drop is a combination fan with
    its sets, and every excluding fan counts."""
    options = McrOptions()
    rng = random.Random(18)
    hands = list(winning_hands(rng.randrange(1 << 30), 400))
    reasons: set[str] = set()
    for h in hands:
        r = score_hand(h, options)
        assert r.total == _oracle_total(r), _describe(r)
        for x in r.excluded:
            reasons.add(x.reason)
            assert x.by in r, _describe(r)
            if x.reason in ("implied", "no_split"):
                for by in _by(x):
                    assert x.fan in _row(by), _describe(r)
            else:
                assert x.fan in COMBINATION_FANS and len(x.sets) >= 2, _describe(r)
    assert {"implied", "no_repeat", "account_once"} <= reasons
