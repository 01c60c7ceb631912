"""Sichuan settlement: wins, 一炮多响, 刮风下雨, 查花猪 / 查大叫 / refunds; zero-sum.

Rule text: seed 000 (``000_027ea77d1181f0d7.txt``) §5-§8, seed 002
(``002_70d5c43556345aed.txt``) rules (4)-(8), ``RULES.md`` §3.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fanshu.errors import InvalidHandError
from fanshu.hand import Hand, MeldKind, WinContext
from fanshu.notation import parse_hand
from fanshu.rules.base import RuleResult
from fanshu.rules.sichuan.evaluate import score_hand
from fanshu.rules.sichuan.options import SichuanOptions
from fanshu.rules.sichuan.ready import is_ready, possible_fan, waits
from fanshu.rules.sichuan.ruleset import RULES
from fanshu.rules.sichuan.settlement import (
    Settlement,
    SettlementError,
    flower_pigs,
    settle_drawn,
    settle_kong,
    settle_multiple,
    settle_win,
)
from fanshu.tiles import TILES

P = ("A", "B", "C", "D")
SEED002 = SichuanOptions(preset="seed002")


def scored(text: str, options: SichuanOptions | None = None, **ctx: bool) -> RuleResult:
    return score_hand(parse_hand(text, WinContext(**ctx)), options or SichuanOptions())


# --- one win -------------------------------------------------------------------------


def test_self_drawn_every_player_still_in_pays() -> None:
    r = scored("123s567s234s888s9s9s", self_drawn=True)  # 清一色 + 自摸 = 4 fan, ×8
    assert settle_win(P, "C", r).payments == {"A": -8, "B": -8, "C": 24, "D": -8}
    # 血战到底: B has already won and is out; only A and D pay.
    s = settle_win(P, "C", r, still_in="ACD")
    assert s.payments == {"A": -8, "B": 0, "C": 16, "D": -8}


def test_discard_the_discarder_alone_pays() -> None:
    # 002 (6): "点炮者输点，与他人无关".
    r = scored("111m444m222m999m6m6m")  # 清对 4 fan, ×8
    s = settle_win(P, "A", r, discarder="D", options=SichuanOptions(base=5))
    assert s.payments == {"A": 40, "B": 0, "C": 0, "D": -40}
    assert s.items[0].reason == "点炮 4 番"


def test_cap_applies_to_payments() -> None:
    r = scored("11m11m99m99m44p66p8p8p", SEED002)  # 5 fan, capped at 4: ×8
    assert settle_win(P, "A", r, discarder="B", options=SEED002).payments["A"] == 8
    assert settle_win(P, "A", 9, discarder="B", options=SichuanOptions(cap=6)).payments["A"] == 32


def test_kong_on_a_discard_then_kong_win_is_the_feeders_discard() -> None:
    # 002 (4) "别人打牌，引杠，再杠上花，算引杠者点炮"; RULES.md §3.
    r = scored("[2222p1]123m345m999p6p6p", self_drawn=True, kong=True)  # 1+1+1+1 = 4
    assert settle_win(P, "A", r, kong_feeder="B").payments == {"A": 8, "B": -8, "C": 0, "D": 0}
    everyone = SichuanOptions(kong_feeder_pays=False)
    assert settle_win(P, "A", r, kong_feeder="B", options=everyone).payments["A"] == 24
    # 002 (5) "自摸牌，杠上花，另外三家输": a concealed kong's replacement, all pay.
    assert settle_win(P, "A", r).payments == {"A": 24, "B": -8, "C": -8, "D": -8}


def test_multiple_winners_on_one_discard() -> None:
    # 000 §5 一炮多响; 002 (7) "一炮点两家以上，点炮的输的".
    a = scored("123m345m222p999p6p6p")  # 1 fan
    b = scored("111m444m222m999m6m6m")  # 4 fan
    s = settle_multiple(P, "D", {"A": a, "B": b})
    assert s.payments == {"A": 1, "B": 8, "C": 0, "D": -9}
    assert len(s.items) == 2


# --- kongs (刮风下雨) -----------------------------------------------------------------


def test_kong_payments() -> None:
    # 000 §6: 直杠 "收取引杠者1倍"; 面下杠 "收取其他未胡者1倍"; 下雨 "其他未胡者2倍".
    o = SichuanOptions(base=10)
    assert settle_kong(P, "A", "direct", feeder="C", options=o).payments == {
        "A": 10, "B": 0, "C": -10, "D": 0}  # fmt: skip
    assert settle_kong(P, "A", MeldKind.ADDED_KONG, options=o).payments == {
        "A": 30, "B": -10, "C": -10, "D": -10}  # fmt: skip
    assert settle_kong(P, "A", "concealed", still_in="ABC", options=o).payments == {
        "A": 40, "B": -20, "C": -20, "D": 0}  # fmt: skip
    # 000 §6: "玩家面下杠时，他家可以抢杠而胡，刮风下雨无效".
    assert settle_kong(P, "A", "added", robbed=True).payments == dict.fromkeys(P, 0)


# --- a drawn hand ----------------------------------------------------------------------

READY_4 = "1112345678999m"  # 清一色 waits; best 4 fan (1m/9m: + 根), least 3
READY_1 = "123m345m222p99p66p"  # waits 6p / 9p: 平胡, 1 fan
NOT_READY = "11259m4455s6677s"
PIG = "13589m2468p1357s"  # three suits: 花猪


def test_ready_checks() -> None:
    assert is_ready(parse_hand(READY_4)) and not is_ready(parse_hand(NOT_READY))
    assert possible_fan(parse_hand(READY_4)) == 4
    assert possible_fan(parse_hand(READY_4), "min") == 3
    assert flower_pigs({"X": parse_hand(PIG), "Y": parse_hand(READY_4)}) == ["X"]
    assert not waits(parse_hand(PIG))


def test_flower_pig_pays_16_to_each_non_pig() -> None:
    # 000 §7: "花猪赔给非花猪玩家16倍点数".
    hands = {p: parse_hand(t) for p, t in zip("ABC", (PIG, READY_4, NOT_READY), strict=True)}
    s = settle_drawn(P, hands)
    pig = [i for i in s.items if i.reason == "查花猪"]
    assert {(i.payer, i.payee, i.amount) for i in pig} == {("A", "B", 16), ("A", "C", 16)}
    # C is not ready (and no 花猪): pays B's best possible hand, 4 fan = 8.
    assert s.payments == {"A": -32, "B": 16 + 8, "C": 16 - 8, "D": 0}


def test_not_ready_pays_each_ready_and_refunds_kongs() -> None:
    # 000 §7 第二步 "没听牌的玩家（花猪不用）赔给听牌的玩家最大的可能番（大叫），
    # 并退回所有刮风下雨所得".  C made a concealed kong (+2 from each of A, B, D) and a
    # direct kong fed by A (+1), then ends not ready.
    kongs = [settle_kong(P, "C", "concealed"), settle_kong(P, "C", "direct", feeder="A")]
    hands = {
        "A": parse_hand(READY_4),
        "B": parse_hand(READY_1),
        "C": parse_hand("[1111s]4455s6677s29m"),
    }
    assert not is_ready(hands["C"])
    drawn = settle_drawn(P, hands, kongs=kongs)
    total = kongs[0] + kongs[1] + drawn
    assert sum(drawn.payments.values()) == 0
    b_best = possible_fan(hands["B"])
    assert total.payments["C"] == -(8 + 2 ** (b_best - 1))  # kong income all returned
    assert total.payments["A"] == 8
    assert total.payments["D"] == 0


def test_ready_payment_min_is_seed002() -> None:
    # 002 (8): "没有听牌的人赔给有听者牌面最小可得的点数(按照最小番数计算。如：A、B无听牌，
    # C、D听牌，A赔C、D；B赔C、D".
    hands = {"A": parse_hand(NOT_READY), "B": parse_hand(NOT_READY),
             "C": parse_hand(READY_4), "D": parse_hand(READY_4)}  # fmt: skip
    s = settle_drawn(P, hands, options=SEED002)
    pairs = {(i.payer, i.payee, i.amount) for i in s.items}
    assert pairs == {("A", "C", 4), ("A", "D", 4), ("B", "C", 4), ("B", "D", 4)}  # 3 fan, ×4
    assert settle_drawn(P, hands).payments == {"A": -16, "B": -16, "C": 16, "D": 16}  # max


def test_flower_pig_refund_option() -> None:
    kongs = [settle_kong(P, "A", "concealed")]
    hands = {"A": parse_hand(PIG), "B": parse_hand(READY_4)}
    literal = settle_drawn(P, hands, kongs=kongs)
    assert not any(i.reason.startswith("退") for i in literal.items)
    refund = settle_drawn(P, hands, kongs=kongs, options=SichuanOptions(flower_pig_refunds=True))
    assert sum(i.amount for i in refund.items if i.reason.startswith("退")) == 6


# --- bad players ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: settle_win(P, "E", 2), "winner 'E' is not at the table"),
        (lambda: settle_win(P, "A", 2, discarder="A"), "own discard"),
        (lambda: settle_win(P, "A", 2, discarder="B", still_in="ACD"), "already won"),
        (lambda: settle_win(P, "A", 2, still_in="BCD"), "already won"),
        (lambda: settle_win(("A", "A", "B"), "A", 2), "named twice"),
        (lambda: settle_win(("A",), "A", 2), "2 to 4 players"),
        (lambda: settle_win(P, "A", 0), "1 fan or more"),
        (lambda: settle_win(P, "A", 2, discarder="B", kong_feeder="C"), "kong_feeder"),
        (lambda: settle_multiple(P, "A", {"A": 2}), "cannot also win"),
        (lambda: settle_multiple(P, "A", {}), "at least one winner"),
        (lambda: settle_kong(P, "A", "direct"), "feeder"),
        (lambda: settle_kong(P, "A", "concealed", feeder="B"), "no feeder"),
        (lambda: settle_kong(P, "A", "melded"), "direct, added or concealed"),  # type: ignore[arg-type]
        (lambda: settle_kong(P, "A", "concealed", robbed=True), "only an added kong"),
        (lambda: settle_drawn(P, {"Z": parse_hand(READY_4)}), "not at the table"),
        (lambda: settle_drawn(P, {}, kongs=[settle_win(P, "A", 1)]), "settle_kong"),
    ],
)
def test_bad_players_and_facts(call: object, words: str) -> None:
    with pytest.raises(SettlementError, match=words):
        call()  # type: ignore[operator]


def test_result_must_match_the_win() -> None:
    r = scored("123m345m222p999p6p6p")
    with pytest.raises(SettlementError, match="needs the discarder"):
        settle_win(P, "A", r)
    with pytest.raises(SettlementError, match="no discarder"):
        settle_win(P, "A", scored("123m345m222p999p6p6p", self_drawn=True), discarder="B")
    with pytest.raises(SettlementError, match="not a winning hand"):
        settle_win(P, "A", scored("123m456s789p11m22m3m"), discarder="B")
    with pytest.raises(SettlementError, match="needs a win on a kong"):
        settle_win(P, "A", scored("123m345m222p999p6p6p", self_drawn=True), kong_feeder="B")
    with pytest.raises(InvalidHandError, match="13 tiles"):
        settle_drawn(P, {"A": parse_hand("123m345m222p999p6p6p")})


def test_rule_set_settle() -> None:
    r = scored("111m444m222p999p6p6p")
    assert RULES.settle(P, "A", "B", r) == {"A": 2, "B": -2, "C": 0, "D": 0}


# --- zero-sum over random hands ---------------------------------------------------------

_SETS = st.tuples(st.sampled_from(["chow", "pung"]), st.integers(0, 1), st.integers(0, 8))


@st.composite
def winning_hands(draw: st.DrawFn) -> Hand:
    suits = draw(st.permutations([0, 1, 2]))[:2]
    for _ in range(50):
        tiles: list[int] = []
        for kind, s, r in draw(st.lists(_SETS, min_size=4, max_size=4)):
            base = suits[s] * 9
            tiles += [base + min(r, 6) + i for i in range(3)] if kind == "chow" else [base + r] * 3
        pair = suits[draw(st.integers(0, 1))] * 9 + draw(st.integers(0, 8))
        tiles += [pair, pair]
        if max(tiles.count(t) for t in tiles) <= 4:
            break
    else:
        tiles = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 13]
    win = draw(st.sampled_from(tiles))
    rest = list(tiles)
    rest.remove(win)
    ctx = WinContext(self_drawn=draw(st.booleans()))
    return Hand(tuple(TILES[t] for t in sorted(rest)), (), TILES[win], ctx)


@settings(max_examples=60, deadline=None)
@given(
    hand=winning_hands(),
    seat=st.integers(0, 3),
    other=st.integers(1, 3),
    out=st.sets(st.integers(0, 3), max_size=2),
    preset=st.sampled_from(["seed000", "seed002"]),
    base=st.integers(1, 20),
)
def test_win_settlements_sum_to_zero(
    hand: Hand, seat: int, other: int, out: set[int], preset: str, base: int
) -> None:
    o = SichuanOptions(preset=preset, base=base)  # type: ignore[arg-type]
    r = score_hand(hand, o)
    assert r.is_win
    winner, discarder = P[seat], P[(seat + other) % 4]
    still_in = [p for i, p in enumerate(P) if i not in out or p in (winner, discarder)]
    d = None if hand.context.self_drawn else discarder
    s = settle_win(P, winner, r, discarder=d, still_in=still_in, options=o)
    assert sum(s.payments.values()) == 0 and s.payments[winner] > 0
    k = settle_kong(P, winner, "concealed", still_in=still_in, options=o)
    assert sum(k.payments.values()) == 0


_TILE_BAG = [t for t in range(27) for _ in range(4)]


@settings(max_examples=40, deadline=None)
@given(
    draws=st.lists(st.permutations(_TILE_BAG).map(lambda b: b[:13]), min_size=2, max_size=4),
    kong_kinds=st.lists(st.sampled_from(["added", "concealed"]), max_size=3),
    refunds=st.booleans(),
)
def test_drawn_hand_settlements_sum_to_zero(
    draws: list[list[int]], kong_kinds: list[str], refunds: bool
) -> None:
    hands = {P[i]: Hand(tuple(TILES[t] for t in sorted(tiles))) for i, tiles in enumerate(draws)}
    o = SichuanOptions(flower_pig_refunds=refunds)
    kongs = [settle_kong(P, P[i % len(hands)], kind, options=o)  # type: ignore[arg-type]
             for i, kind in enumerate(kong_kinds)]  # fmt: skip
    s = settle_drawn(P, hands, kongs=kongs, options=o)
    assert sum(s.payments.values()) == 0
    assert isinstance(s, Settlement)
