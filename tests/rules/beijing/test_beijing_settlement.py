"""Beijing settlement with worked numbers: each base-point case, kong money, 跟庄, 烧庄,
互包; errors; and (hypothesis) every settlement sums to zero."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import fanshu
from fanshu.errors import FanshuError, InvalidHandError, SettlementError
from fanshu.hand import Hand, Meld, MeldKind, WinContext
from fanshu.rules.base import RuleResult
from fanshu.rules.beijing import RULES
from fanshu.rules.beijing.settlement import (
    Kong,
    apply_mutual_liability,
    base_points,
    burn_payments,
    calls_from,
    combine,
    follow_dealer_payments,
    kong_payments,
    mutual_double_win,
    win_payments,
)
from fanshu.tiles import TILES

P = ("E", "S", "W", "N")  # seat order; E is the dealer unless a test says otherwise
PLAIN_CLAIMED = "[123s]456m789p234s5s5s"  # 推倒和 when self-drawn (0 fan)
PLAIN_CONCEALED = "123s456m789p234s5s5s"  # 门清 (1 fan)


def result(hand: str, **kw: Any) -> RuleResult:
    r = fanshu.score(hand, rules="beijing", **kw)
    assert isinstance(r, RuleResult) and r.is_win, r
    return r


# --- the base-point table, at 0 fan (第4稿 §9) -----------------------------------------


def test_ping_dian_20() -> None:
    assert win_payments(P, "S", dealer="E", discarder="W", fan=0) == {
        "E": 0, "S": 20, "W": -20, "N": 0}  # fmt: skip


def test_zhuang_dian_30() -> None:
    assert win_payments(P, "E", dealer="E", discarder="N", fan=0) == {
        "E": 30, "S": 0, "W": 0, "N": -30}  # fmt: skip


def test_dian_zhuang_40() -> None:
    assert win_payments(P, "W", dealer="E", discarder="E", fan=0) == {
        "E": -40, "S": 0, "W": 40, "N": 0}  # fmt: skip


def test_ping_mo_40_dealer_20_others_10() -> None:
    assert win_payments(P, "N", dealer="E", discarder=None, fan=0) == {
        "E": -20, "S": -10, "W": -10, "N": 40}  # fmt: skip


def test_zhuang_mo_60_each_20() -> None:
    assert win_payments(P, "E", dealer="E", discarder=None, fan=0) == {
        "E": 60, "S": -20, "W": -20, "N": -20}  # fmt: skip


def test_base_points_with_a_dealer_other_than_the_first_seat() -> None:
    assert base_points(P, "E", dealer="W", discarder=None) == {
        "E": 0, "S": 10, "W": 20, "N": 10}  # fmt: skip


# --- the same cases on scored hands through RULES.settle -------------------------------


def test_settle_ping_dian_on_a_concealed_hand() -> None:
    r = result(PLAIN_CONCEALED)  # 门清 1 fan: ×2
    assert RULES.settle(P, "S", "W", r) == {"E": 0, "S": 40, "W": -40, "N": 0}


def test_settle_zhuang_dian() -> None:
    r = result(PLAIN_CONCEALED, dealer=True)
    assert RULES.settle(P, "E", "S", r) == {"E": 60, "S": -60, "W": 0, "N": 0}


def test_settle_dian_zhuang() -> None:
    r = result(PLAIN_CONCEALED)
    assert RULES.settle(P, "N", "E", r) == {"E": -80, "S": 0, "W": 0, "N": 80}


def test_settle_ping_mo_tui_dao_he() -> None:
    r = result(PLAIN_CLAIMED, self_drawn=True)
    assert r.total == 0
    assert RULES.settle(P, "W", None, r) == {"E": -20, "S": -10, "W": 40, "N": -10}


def test_settle_zhuang_mo_tui_dao_he() -> None:
    r = result(PLAIN_CLAIMED, self_drawn=True, dealer=True)
    assert RULES.settle(P, "E", None, r) == {"E": 60, "S": -20, "W": -20, "N": -20}


def test_settle_names_the_dealer() -> None:
    r = result(PLAIN_CLAIMED, self_drawn=True)
    assert RULES.settle(P, "E", None, r, dealer="W") == {"E": 40, "S": -10, "W": -20, "N": -10}


def test_settle_3_fan_doubles_three_times() -> None:
    r = result("[123m]456m789m234s5s5s", self_drawn=True)  # 一条龙 3
    assert RULES.settle(P, "S", None, r) == {"E": -160, "S": 320, "W": -80, "N": -80}


# --- kongs (第4稿 §7) -----------------------------------------------------------------


def test_kong_money_concealed_20_each_melded_10_from_the_giver() -> None:
    # S holds a concealed kong of 东 and a melded kong of 7饼 given by 对家 (N).
    r = result("[EEEE][7777p2]123m456s9s9s", self_drawn=True)
    assert r.total == 0
    assert RULES.settle(P, "S", None, r) == {"E": -40, "S": 110, "W": -30, "N": -40}


def test_kong_money_is_not_doubled_by_fan() -> None:
    # 杠不上楼: the 10 for the melded kong stays 10 on a 3-fan hand.
    plain = RULES.settle(P, "S", None, result("[7777p2]123m456m789s9s9s", self_drawn=True))
    dragon = RULES.settle(P, "S", None, result("[7777p2]123m456m789m9s9s", self_drawn=True))
    assert plain == {"E": -20, "S": 50, "W": -10, "N": -20}
    assert dragon == {"E": -160, "S": 330, "W": -80, "N": -90}


def test_added_kong_paid_by_whoever_gave_the_pung() -> None:
    r = result("[7777p7]123m456m789s9s9s", self_drawn=True)  # added kong, pung from 下家
    assert RULES.settle(P, "S", None, r)["W"] == -20


def test_kong_payments_directly() -> None:
    assert kong_payments(P, "E", [Kong(True), Kong(True)]) == {
        "E": 120, "S": -40, "W": -40, "N": -40}  # fmt: skip
    assert kong_payments(P, "E", []) == {"E": 0, "S": 0, "W": 0, "N": 0}
    with pytest.raises(SettlementError):
        kong_payments(P, "E", [Kong(False, giver="E")])
    with pytest.raises(SettlementError):
        kong_payments(P, "E", [Kong(False)])


# --- 跟庄 and 烧庄 ---------------------------------------------------------------------


def test_follow_dealer_10_each() -> None:
    assert follow_dealer_payments(P, "E") == {"E": -30, "S": 10, "W": 10, "N": 10}
    assert follow_dealer_payments(P, "S", points=5) == {"E": 5, "S": -15, "W": 5, "N": 5}


def test_burn_1000_each_doubling() -> None:
    assert burn_payments(P, "E", 1) == {"E": -3000, "S": 1000, "W": 1000, "N": 1000}
    assert burn_payments(P, "E", 2) == {"E": -9000, "S": 3000, "W": 3000, "N": 3000}
    assert burn_payments(P, "E", 2, total="last") == {
        "E": -6000, "S": 2000, "W": 2000, "N": 2000}  # fmt: skip
    assert burn_payments(P, "E", 0) == {"E": 0, "S": 0, "W": 0, "N": 0}


def test_burn_nothing_when_the_hand_is_drawn() -> None:
    assert burn_payments(P, "E", 2, drawn=True) == {"E": 0, "S": 0, "W": 0, "N": 0}


def test_burn_errors() -> None:
    with pytest.raises(SettlementError):
        burn_payments(P, "E", -1)
    with pytest.raises(SettlementError):
        burn_payments(P, "E", 1, total="both")


def test_combine_a_win_with_follow_and_burn() -> None:
    win = win_payments(P, "S", dealer="E", discarder=None, fan=1)
    total = combine(P, win, follow_dealer_payments(P, "E"), burn_payments(P, "E", 1))
    assert total == {"E": -3070, "S": 1090, "W": 990, "N": 990}


# --- 互包 -------------------------------------------------------------------------------

MUTUAL = "[111m2][555p2][999s2]234m7p7p"  # S (seat 1) claimed three pungs from 对家 N


def test_three_calls_from_one_player_bind_the_two() -> None:
    r = result(MUTUAL, self_drawn=True)
    assert calls_from(r.hand, P, "S") == {"E": 0, "W": 0, "N": 3}
    # 平摸 would be E 20, W 10, N 10: N pays all 40.
    assert RULES.settle(P, "S", None, r) == {"E": 0, "S": 40, "W": 0, "N": -40}


def test_two_calls_from_one_player_do_not() -> None:
    r = result("[111m2][555p2][999s1]234m7p7p", self_drawn=True)
    assert RULES.settle(P, "S", None, r) == {"E": -20, "S": 40, "W": -10, "N": -10}


def test_mutual_calls_option() -> None:
    r = result("[111m2][555p2][999s1]234m7p7p", self_drawn=True)
    assert RULES.settle(P, "S", None, r, {"mutual_calls": 2}) == {
        "E": 0, "S": 40, "W": 0, "N": -40}  # fmt: skip


def test_the_other_of_the_pair_wins_and_the_caller_pays() -> None:
    # N (concealed) wins on W's discard; S claimed three from N, so S pays all.
    r = result(PLAIN_CONCEALED)
    assert RULES.settle(P, "N", "W", r, partner="S") == {"E": 0, "S": -40, "W": 0, "N": 40}


def test_mutual_liability_covers_kong_money() -> None:
    r = result("[1111m2][555p2][999s2]234m7p7p", self_drawn=True)
    # 平摸 40 + the melded kong's 10: N pays 50.
    assert RULES.settle(P, "S", None, r) == {"E": 0, "S": 50, "W": 0, "N": -50}


def test_both_of_the_pair_win_on_one_discard() -> None:
    # 按和牌的点数差异进行互包: S would get 80 from N, N 20 from S: N pays the difference.
    assert mutual_double_win(P, "S", "N", 80, 20) == {"E": 0, "S": 60, "W": 0, "N": -60}
    with pytest.raises(SettlementError):
        mutual_double_win(P, "S", "S", 1, 1)


def test_apply_mutual_liability_errors() -> None:
    with pytest.raises(SettlementError):
        apply_mutual_liability({"E": -10, "S": 10, "W": 0, "N": 0}, "S", "S")


# --- errors ---------------------------------------------------------------------------


def test_settle_errors() -> None:
    drawn = result(PLAIN_CLAIMED, self_drawn=True)
    discard = result(PLAIN_CONCEALED)
    with pytest.raises(SettlementError, match="no discarder"):
        RULES.settle(P, "S", "W", drawn)
    with pytest.raises(SettlementError, match="names the discarder"):
        RULES.settle(P, "S", None, discard)
    with pytest.raises(SettlementError, match="dealer"):
        RULES.settle(P, "E", None, drawn)  # E is the first seat but the hand says not dealer
    with pytest.raises(SettlementError, match="own discard"):
        RULES.settle(P, "S", "S", discard)
    with pytest.raises(SettlementError, match="not one of the players"):
        RULES.settle(P, "X", "W", discard)
    with pytest.raises(SettlementError, match="4 different players"):
        RULES.settle(("E", "S", "W"), "S", "W", discard)
    with pytest.raises(SettlementError, match="not a win"):
        RULES.settle(P, "S", "W", fanshu.score(PLAIN_CLAIMED, rules="beijing"))
    with pytest.raises(SettlementError, match="beijing"):
        RULES.settle(P, "S", "W", fanshu.score(PLAIN_CONCEALED))
    with pytest.raises(SettlementError):
        win_payments(P, "S", dealer="E", discarder=None, fan=-1)
    assert issubclass(SettlementError, FanshuError)


# --- hypothesis: every settlement sums to zero ----------------------------------------


@st.composite
def beijing_hands(draw: st.DrawFn) -> Hand:
    counts = [0] * 34
    sets: list[tuple[str, int]] = []
    for _ in range(4):
        if draw(st.booleans()):
            start = draw(st.sampled_from([s * 9 + r for s in range(3) for r in range(7)]))
            tiles = [start, start + 1, start + 2]
            kind = "chow"
        else:
            start = draw(st.integers(0, 33))
            tiles = [start] * 3
            kind = "pung"
        for t in tiles:
            counts[t] += 1
        sets.append((kind, start))
    pair = draw(st.integers(0, 33))
    counts[pair] += 2
    assume(max(counts) <= 4)
    melds: list[Meld] = []
    concealed: list[int] = [pair, pair]
    for kind, start in sets:
        as_meld = draw(st.booleans())
        if kind == "chow":
            if as_meld:
                melds.append(Meld(MeldKind.CHOW, TILES[start], draw(st.integers(1, 3))))
            else:
                concealed += [start, start + 1, start + 2]
            continue
        if not as_meld:
            concealed += [start] * 3
            continue
        mk = draw(st.sampled_from(list(MeldKind)[1:]))
        if mk is not MeldKind.PUNG:
            if counts[start] == 4:
                mk = MeldKind.PUNG  # a kong needs a fourth copy that is not used elsewhere
            else:
                counts[start] += 1
        source = 0 if mk is MeldKind.CONCEALED_KONG else draw(st.integers(1, 3))
        melds.append(Meld(mk, TILES[start], source))
    i = draw(st.integers(0, len(concealed) - 1))
    winning = concealed.pop(i)
    ctx = WinContext(
        self_drawn=draw(st.booleans()),
        wall_last=draw(st.booleans()),
        dealer=draw(st.booleans()),
        kong=draw(st.booleans()),
    )
    return Hand(tuple(sorted(TILES[t] for t in concealed)), tuple(melds), TILES[winning], ctx)


OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"cap": None, "payer_cap": None},
    {"robbed_kong_pays": "self-drawn"},
    {"claimed_self_drawn_only": False},
]


@settings(max_examples=300, suppress_health_check=[HealthCheck.filter_too_much])
@given(
    beijing_hands(),
    st.permutations(P),
    st.integers(0, 3),
    st.integers(1, 3),
    st.sampled_from(OPTION_SETS),
)
def test_settlements_of_scored_hands_sum_to_zero(
    hand: Hand, seats: list[str], winner_at: int, discarder_step: int, opts: dict[str, Any]
) -> None:
    try:
        r = RULES.score(hand, opts)
    except InvalidHandError:
        assume(False)
        raise
    assume(r.is_win)
    winner = seats[winner_at]
    dealer = winner if hand.context.dealer else seats[(winner_at + 1) % 4]
    discarder = None if hand.context.self_drawn else seats[(winner_at + discarder_step) % 4]
    pay = RULES.settle(seats, winner, discarder, r, opts, dealer=dealer)
    assert sum(pay.values()) == 0
    assert pay[winner] > 0
    assert set(pay) == set(seats)


@given(
    st.integers(0, 3), st.integers(0, 3), st.integers(0, 3), st.integers(0, 20),
    st.one_of(st.none(), st.integers(0, 10)), st.one_of(st.none(), st.integers(20, 5000)),
    st.booleans(), st.booleans(),
)  # fmt: skip
def test_win_payments_sum_to_zero(
    w: int, d: int, x: int, fan: int, cap: int | None, payer_cap: int | None,
    self_drawn: bool, robbed: bool,
) -> None:  # fmt: skip
    assume(self_drawn or x != w)
    pay = win_payments(
        P, P[w], dealer=P[d], discarder=None if self_drawn else P[x], fan=fan, cap=cap,
        payer_cap=payer_cap, discarder_pays_self_drawn=robbed,
    )  # fmt: skip
    assert sum(pay.values()) == 0 and pay[P[w]] >= 20


@given(st.integers(0, 3), st.integers(0, 12), st.booleans(), st.integers(0, 5000),
       st.sampled_from(["sum", "last"]), st.integers(0, 100))  # fmt: skip
def test_side_payments_sum_to_zero(
    d: int, rounds: int, drawn: bool, penalty: int, total: str, points: int
) -> None:
    assert sum(burn_payments(P, P[d], rounds, drawn=drawn, penalty=penalty,
                             total=total).values()) == 0  # fmt: skip
    assert sum(follow_dealer_payments(P, P[d], points=points).values()) == 0


@given(st.integers(0, 3), st.lists(st.tuples(st.booleans(), st.integers(1, 3)), max_size=4),
       st.integers(1, 3))  # fmt: skip
def test_kong_and_mutual_payments_sum_to_zero(
    w: int, kongs: list[tuple[bool, int]], partner_step: int
) -> None:
    winner = P[w]
    ks = [Kong(c, None if c else P[(w + s) % 4]) for c, s in kongs]
    pay = kong_payments(P, winner, ks)
    assert sum(pay.values()) == 0
    bound = apply_mutual_liability(pay, winner, P[(w + partner_step) % 4])
    assert sum(bound.values()) == 0 and bound[winner] == pay[winner]
