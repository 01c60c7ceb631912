"""Wuhan 开口翻 settlement, hand-checked (seed 001 ❽): three payers with different 番, a
discard win, 封顶, 金顶, 光明顶, 承包 (not ready and ready, and the options), a robbed
kong, discard kongs, errors; and (hypothesis) every settlement sums to zero."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fanshu.errors import SettlementError
from fanshu.hand import WinContext
from fanshu.notation import parse_hand
from fanshu.rules.base import RuleResult
from fanshu.rules.wuhan import RULES, SeatFacts
from fanshu.rules.wuhan.options import WuhanOptions

P = "ESWN"  # seat order; E is the dealer unless a test says otherwise
#: 全求人: four claimed melds, won on a discard (开口 4 + 屁胡 1 = 5 番)
QUAN_QIU_REN = "[123s][456s2][EEE3][789m]5p5p"


def win(hand: str, **ctx: Any) -> RuleResult:
    r = RULES.score(parse_hand(hand, WinContext(**ctx)))
    assert isinstance(r, RuleResult) and r.is_win, r.reason
    return r


def test_three_payers_each_by_their_own_fan() -> None:
    # S self-draws after one chow: 开口 1 + 自摸 1 + 屁胡 1 = 3.
    # E (dealer, nothing else): own 1 → 2^4 = 16; W two claims: own 2 → 2^5 = 32;
    # N a claim and a concealed kong: own 1 + 2 = 3 → 2^6 = 64.  S receives 112.
    r = win("[123s]456m789m234p5s5s", self_drawn=True)
    assert r.total == 3
    losers = {"W": SeatFacts(openings=2), "N": SeatFacts(openings=1, concealed_kongs=1)}
    assert RULES.settle(P, "S", None, r, dealer="E", losers=losers) == {
        "E": -16, "S": 112, "W": -32, "N": -64,
    }  # fmt: skip


def test_the_discarder_adds_fang_chong_and_the_others_still_pay() -> None:
    # 沒放沖的玩家依然輸點: S (屁胡 1) on N's discard; N opened once: own 1 + 放冲 1 → 2^3;
    # E the dealer: 2^2; W: 2^1.
    r = win("123m456m789m234p5s5s")
    got = RULES.settle(P, "S", "N", r, dealer="E", losers={"N": SeatFacts(openings=1)})
    assert got == {"E": -4, "S": 14, "W": -2, "N": -8}


def test_the_dealer_wins() -> None:
    # E (dealer) self-draws: 自摸 + 屁胡 + 庄家 = 3; each other pays 2^3 (no facts).
    r = win("123m456m789m234p5s5s", self_drawn=True, dealer=True)
    assert RULES.settle(P, "E", None, r) == {"E": 24, "S": -8, "W": -8, "N": -8}


def test_base_points_scale_every_share() -> None:
    r = win("123m456m789m234p5s5s")
    got = RULES.settle(P, "S", "N", r, WuhanOptions(base_points=5), dealer="E")
    assert got == {"E": -20, "S": 50, "W": -10, "N": -20}


def test_cap_one_payer_over_it() -> None:
    # base 10; S self-draws with 3 claims: 开口 3 + 自摸 + 屁胡 = 5.  E (dealer): 10 × 2^6
    # = 640 → capped at 400; W and N: 10 × 2^5 = 320.  Not all over the cap: no 金顶.
    r = win("[123s][456s2][EEE3]789m5p5p", self_drawn=True)
    assert r.total == 5
    opts = WuhanOptions(base_points=10)
    rec = RULES.reckoning(P, "S", None, r, opts, dealer="E")
    assert [(x.player, x.share, x.owed, x.top) for x in rec.lines] == [
        ("E", 640, 400, "cap"), ("W", 320, 320, None), ("N", 320, 320, None),
    ]  # fmt: skip
    assert not rec.golden
    assert rec.payments() == {"E": -400, "S": 1040, "W": -320, "N": -320}


def test_no_cap() -> None:
    r = win("[123s][456s2][EEE3]789m5p5p", self_drawn=True)
    got = RULES.settle(P, "S", None, r, WuhanOptions(base_points=10, cap=None), dealer="E")
    assert got == {"E": -640, "S": 1280, "W": -320, "N": -320}


def test_jin_ding_when_all_three_exceed_the_cap() -> None:
    # base 10, winner 5 番; every loser opened once: E (dealer) 10 × 2^7, W and N 10 × 2^6,
    # all over 400 → each pays 500 (金顶).
    r = win("[123s][456s2][EEE3]789m5p5p", self_drawn=True)
    opened = {p: SeatFacts(openings=1) for p in "EWN"}
    rec = RULES.reckoning(P, "S", None, r, WuhanOptions(base_points=10), dealer="E", losers=opened)
    assert rec.golden and [x.top for x in rec.lines] == ["golden"] * 3
    assert rec.payments() == {"E": -500, "S": 1500, "W": -500, "N": -500}


def test_guang_ming_ding_for_a_loser_who_never_opened() -> None:
    # as above, but E and N never opened (N's concealed kong is no opening): E 10 × 2^6
    # = 640, W 640, N 10 × 2^7 = 1280 — all over 400: 金顶, and E and N pay 600 (光明顶).
    r = win("[123s][456s2][EEE3]789m5p5p", self_drawn=True)
    losers = {"W": SeatFacts(openings=1), "N": SeatFacts(concealed_kongs=1)}
    opts = WuhanOptions(base_points=10)
    rec = RULES.reckoning(P, "S", None, r, opts, dealer="E", losers=losers)
    assert [(x.player, x.share, x.top, x.pays) for x in rec.lines] == [
        ("E", 640, "bright", 600), ("W", 640, "golden", 500), ("N", 1280, "bright", 600),
    ]  # fmt: skip
    assert rec.payments() == {"E": -600, "S": 1700, "W": -500, "N": -600}
    off = WuhanOptions(base_points=10, bright_top=None)
    assert RULES.settle(P, "S", None, r, off, dealer="E", losers=losers) == {
        "E": -500, "S": 1500, "W": -500, "N": -500,
    }  # fmt: skip


def test_a_share_of_exactly_the_cap_is_not_over_it() -> None:
    # 3家都超過400分: base 25, winner 2 番 (自摸 屁胡) and the dealer winning too
    # (庄家): 3 番, each loser 25 × 2^3 = 200 … take base 50: exactly 400 each → capped,
    # not golden.
    r = win("123m456m789m234p5s5s", self_drawn=True, dealer=True)
    rec = RULES.reckoning(P, "E", None, r, WuhanOptions(base_points=50))
    assert [x.share for x in rec.lines] == [400] * 3 and not rec.golden
    assert rec.payments() == {"E": 1200, "S": -400, "W": -400, "N": -400}


def test_golden_top_off_pays_the_cap() -> None:
    r = win("[123s][456s2][EEE3]789m5p5p", self_drawn=True)
    opened = {p: SeatFacts(openings=1) for p in "EWN"}
    opts = WuhanOptions(base_points=10, golden_top=None)
    assert RULES.settle(P, "S", None, r, opts, dealer="E", losers=opened) == {
        "E": -400, "S": 1200, "W": -400, "N": -400,
    }  # fmt: skip


# --- 承包 -------------------------------------------------------------------------------


def test_cheng_bao_a_discarder_not_ready_pays_for_all_three() -> None:
    # A放沖給B作全求人，A沒聽牌，A承包: S's 全求人 (5 番) on W's discard; W opened once
    # and was not ready.  Shares: E (dealer) 2^6 = 64, W own 1 + 放冲 1 → 2^7 = 128,
    # N 2^5 = 32; W pays all 224.
    r = win(QUAN_QIU_REN)
    rec = RULES.reckoning(
        P, "S", "W", r, dealer="E", losers={"W": SeatFacts(openings=1, ready=False)}
    )
    assert rec.liable == "W" and [x.owed for x in rec.lines] == [64, 128, 32]
    assert rec.payments() == {"E": 0, "S": 224, "W": -224, "N": 0}


def test_cheng_bao_a_ready_discarder_each_pays_their_own() -> None:
    r = win(QUAN_QIU_REN)
    losers = {"W": SeatFacts(openings=1, ready=True)}
    rec = RULES.reckoning(P, "S", "W", r, dealer="E", losers=losers)
    assert rec.liable is None
    assert rec.payments() == {"E": -64, "S": 224, "W": -128, "N": -32}


def test_cheng_bao_a_ready_discarder_alone_under_the_option() -> None:
    r = win(QUAN_QIU_REN)
    losers = {"W": SeatFacts(openings=1, ready=True)}
    opts = WuhanOptions(ready_contract="discarder_only")
    assert RULES.settle(P, "S", "W", r, opts, dealer="E", losers=losers) == {
        "E": 0, "S": 128, "W": -128, "N": 0,
    }  # fmt: skip


def test_cheng_bao_with_the_cap_pays_the_capped_shares() -> None:
    # base 10: E 640 → 400, W 1280 → 400, N 320; not all over: W pays 400 + 400 + 320.
    r = win(QUAN_QIU_REN)
    opts = WuhanOptions(base_points=10)
    got = RULES.settle(P, "S", "W", r, opts, dealer="E", losers={"W": SeatFacts(openings=1)})
    assert got == {"E": 0, "S": 1120, "W": -1120, "N": 0}


def test_no_cheng_bao_for_a_plain_discard_win_by_default() -> None:
    r = win("123m456m789m234p5s5s")
    assert RULES.reckoning(P, "S", "N", r, dealer="E").liable is None


def test_cheng_bao_on_every_discard_or_never() -> None:
    r = win("123m456m789m234p5s5s")  # 屁胡 1; E 4, W 2, N (放冲) 4
    every = WuhanOptions(contract="every_discard")
    assert RULES.settle(P, "S", "N", r, every, dealer="E") == {"E": 0, "S": 10, "W": 0, "N": -10}
    off = WuhanOptions(contract="off")
    assert RULES.settle(P, "S", "W", win(QUAN_QIU_REN), off, dealer="E") == {
        "E": -64, "S": 160, "W": -64, "N": -32,
    }  # fmt: skip


def test_a_robbed_kong_is_paid_as_a_discard_by_the_kongs_owner() -> None:
    # S robs N's added kong (屁胡 1); N: its pung 开口 1 + 放冲 1 → 2^3.
    r = win("123m456m789m5s5s23p4p", kong=True)
    got = RULES.settle(P, "S", "N", r, dealer="E", losers={"N": SeatFacts(openings=1)})
    assert got == {"E": -4, "S": 14, "W": -2, "N": -8}


# --- discard kongs (红中发财杠, 赖子杠) ------------------------------------------------------


def test_discard_kongs_count_only_under_their_options() -> None:
    r = win("123m456m789m234p5s5s", self_drawn=True)  # 2 番
    losers = {"W": SeatFacts(dragon_kongs=2), "N": SeatFacts(wild_kongs=1)}
    mine = SeatFacts(dragon_kongs=1)
    plain = RULES.settle(P, "S", None, r, dealer="E", losers=losers, winner_facts=mine)
    assert plain == {"E": -8, "S": 16, "W": -4, "N": -4}
    on = WuhanOptions(dragon_kongs=True, laizi=True)
    # the winner 2 + 红中发财杠 1 = 3: E 2^4, W 2^(3+2), N 2^(3+2 赖子杠)
    got = RULES.settle(P, "S", None, r, on, dealer="E", losers=losers, winner_facts=mine)
    assert got == {"E": -16, "S": 80, "W": -32, "N": -32}


# --- errors ---------------------------------------------------------------------------


def test_errors_name_what_does_not_fit() -> None:
    r = win("123m456m789m234p5s5s")
    with pytest.raises(SettlementError, match="names the discarder"):
        RULES.settle(P, "S", None, r)
    with pytest.raises(SettlementError, match="own discard"):
        RULES.settle(P, "S", "S", r, dealer="E")
    with pytest.raises(SettlementError, match="is not the dealer"):
        RULES.settle(P, "S", "N", r, dealer="S")
    with pytest.raises(SettlementError, match="losers are the three players"):
        RULES.settle(P, "S", "N", r, dealer="E", losers={"S": SeatFacts()})
    with pytest.raises(SettlementError, match="4 different players"):
        RULES.settle("ESW", "S", "W", r, dealer="E")
    with pytest.raises(SettlementError, match="winner's melds come from its hand"):
        RULES.settle(P, "S", "N", r, dealer="E", winner_facts=SeatFacts(openings=1))
    not_win = RULES.score(parse_hand("123m456m789m234p5s6s"))
    with pytest.raises(SettlementError, match="not a win"):
        RULES.settle(P, "S", "N", not_win, dealer="E")
    with pytest.raises(SettlementError, match="each 明杠 is a claimed meld"):
        SeatFacts(melded_kongs=1)
    with pytest.raises(SettlementError, match="ready is true or false"):
        SeatFacts(ready=1)  # type: ignore[arg-type]


# --- zero sum ---------------------------------------------------------------------------

facts = st.builds(
    lambda o, k, c, d, w, ready: SeatFacts(
        openings=o,
        melded_kongs=min(k, o),
        concealed_kongs=min(c, 4 - o),
        dragon_kongs=d,
        wild_kongs=w,
        ready=ready,
    ),
    st.integers(0, 4),
    st.integers(0, 4),
    st.integers(0, 4),
    st.integers(0, 8),
    st.integers(0, 4),
    st.booleans(),
)
HANDS = ["123m456m789m234p5s5s", QUAN_QIU_REN, "[123s][EEEE5][PPPP]789m5s5s"]


@settings(max_examples=200, deadline=None)
@given(
    hand=st.sampled_from(HANDS),
    winner=st.sampled_from(P),
    discarder=st.sampled_from([None, *P]),
    dealer=st.sampled_from(P),
    three=st.lists(facts, min_size=3, max_size=3),
    base=st.integers(1, 50),
    cap=st.sampled_from([None, 100, 400]),
    contract=st.sampled_from(["quan_qiu_ren", "every_discard", "off"]),
    ready=st.sampled_from(["each", "discarder_only"]),
    kongs=st.booleans(),
)
def test_every_settlement_sums_to_zero(
    hand: str,
    winner: str,
    discarder: str | None,
    dealer: str,
    three: list[SeatFacts],
    base: int,
    cap: int | None,
    contract: Any,
    ready: Any,
    kongs: bool,
) -> None:
    if discarder == winner:
        discarder = None
    r = win(hand, self_drawn=discarder is None, dealer=winner == dealer)
    opts = WuhanOptions(
        base_points=base, cap=cap, contract=contract, ready_contract=ready,
        laizi=kongs, dragon_kongs=kongs,
    )  # fmt: skip
    losers = dict(zip([p for p in P if p != winner], three, strict=True))
    got = RULES.settle(P, winner, discarder, r, opts, dealer=dealer, losers=losers)
    assert sum(got.values()) == 0 and got[winner] > 0
    assert all(v <= 0 for p, v in got.items() if p != winner)
    if cap is not None and (contract == "off" or discarder is None):
        top = max(cap, 600)
        assert all(-v <= top for p, v in got.items() if p != winner)
