"""Score sheets of the rule sets other than MCR: each hand settled by its rule set's own
settlement, the dealer rules, what a rule set does not have, and reading a sheet back."""

from __future__ import annotations

from typing import Any

import pytest

from fanshu.match.results import HandResult, Kong, Win
from fanshu.match.rule_sheet import RuleSheet, sheet_from_dict
from fanshu.match.sheet import HandRecord, Match, MatchError
from fanshu.rules.base import ScoreResult
from fanshu.rules.beijing import settlement as beijing
from fanshu.rules.sichuan import settlement as sichuan
from fanshu.tiles import Tile

FOUR = ["A", "B", "C", "D"]


def test_sichuan_blood_battle_pays_each_win_to_the_players_still_in() -> None:
    s = RuleSheet(FOUR, rules="sichuan")
    # A wins on C's discard (3 fan), then B self-draws (2 fan): A is out and does not pay.
    r = s.record(HandResult(winner="A", discarder="C", fan=3, wins=(Win("B", fan=2),)))
    expected = sichuan.settle_win(FOUR, "A", 3, discarder="C").payments
    second = sichuan.settle_win(FOUR, "B", 2, still_in="BCD").payments
    assert r.payments == {p: expected[p] + second[p] for p in FOUR}
    assert [i["kind"] for i in r.items or ()] == ["win", "win"]
    assert r.kind == "win" and r.winner == "A" and r.fan == 3


def test_sichuan_kong_rows_and_one_discard_two_winners() -> None:
    s = RuleSheet(FOUR, rules="sichuan")
    kongs = (Kong("B", "concealed"), Kong("D", "direct", feeder="C", after=2))
    r = s.record(
        HandResult(winner="A", discarder="C", fan=2, wins=(Win("B", "C", fan=1),), kongs=kongs)
    )
    rain = sichuan.settle_kong(FOUR, "B", "concealed").payments  # everyone still in pays 2
    wind = sichuan.settle_kong(FOUR, "D", "direct", feeder="C", still_in="CD").payments
    wins = sichuan.settle_multiple(FOUR, "C", {"A": 2, "B": 1}).payments
    assert r.payments == {p: rain[p] + wind[p] + wins[p] for p in FOUR}
    assert s.dealer(2) == "C"  # 一炮多响: the discarder deals


def test_sichuan_drawn_end_checks_flower_pigs_and_ready_hands() -> None:
    s = RuleSheet(FOUR, rules="sichuan")
    ready = {
        "A": "1112345678999m",
        "B": "13589m2468p1357s",
        "C": "11259m4455s6677s",
        "D": "11259m4455s6677s",
    }
    r = s.record(HandResult(draw=True, ready=ready))
    assert r.kind == "draw" and r.items and r.items[0]["kind"] == "drawn"
    assert sum(r.payments.values()) == 0
    assert r.payments["B"] < 0 < r.payments["A"]  # B is a 花猪; A is ready
    with pytest.raises(MatchError, match="every player still in: A, B, C, D"):
        s.record(HandResult(draw=True, ready={"A": ready["A"]}))


def test_sichuan_scores_a_hand_string_with_its_own_rules() -> None:
    s = RuleSheet(FOUR, rules="sichuan")
    r = s.record(HandResult(winner="B", hand="11122233344455m", discarder="A"))
    assert r.fan == 4  # 清对 (清一色 + 对对胡)
    assert r.payments["A"] == -r.payments["B"]


def test_beijing_base_points_kongs_follow_and_burn() -> None:
    s = RuleSheet(["E", "S", "W", "N"], rules="beijing")
    r = s.record(
        HandResult(winner="S", fan=2, kongs=(Kong("S", "melded", feeder="N"),), follow_dealer=True)
    )
    seats = ["E", "S", "W", "N"]
    expected = beijing.combine(
        seats,
        beijing.win_payments(seats, "S", dealer="E", discarder=None, fan=2),
        beijing.kong_payments(seats, "S", [beijing.Kong(False, "N")]),
        beijing.follow_dealer_payments(seats, "E"),
    )
    assert r.payments == expected
    assert s.dealer(2) == "S"  # a non-dealer won: the deal passes on
    r = s.record(HandResult(draw=True, burn=2))
    assert r.payments == dict.fromkeys(seats, 0)  # 烧庄 is not paid on a drawn hand
    assert s.dealer(3) == "S"  # a drawn hand: the dealer stays (连庄)
    with pytest.raises(MatchError, match="several wins"):
        s.record(HandResult(winner="W", fan=1, wins=(Win("N", fan=1),)))


def test_beijing_hand_string_goes_through_the_rule_set() -> None:
    s = RuleSheet(["E", "S", "W", "N"], rules="beijing")
    r = s.record(HandResult(winner="W", discarder="N", hand="123m456m789m123p55p"))
    assert r.fan == 4  # 一条龙 3 + 门清 1
    assert r.payments == {"E": 0, "S": 0, "W": 320, "N": -320}  # 平点 20 × 2⁴


def test_beijing_mutual_partner_pays_for_all() -> None:
    """互包: the partner named on the row pays what each player owes the winner."""
    seats = ["E", "S", "W", "N"]
    s = RuleSheet(seats, rules="beijing")
    plain = RuleSheet(seats, rules="beijing").record(HandResult(winner="S", fan=2)).payments
    r = s.record(HandResult(winner="S", fan=2, partner="N"))
    assert r.payments == beijing.apply_mutual_liability(plain, "S", "N")
    assert r.payments["N"] == -r.payments["S"] and r.payments["E"] == 0
    by_hand = "123m456m789m123p55p"
    with_partner = s.record(HandResult(winner="W", discarder="N", hand=by_hand, partner="E"))
    assert with_partner.payments == {"E": -320, "S": 0, "W": 320, "N": 0}
    assert s.hands[-1].result is not None and s.hands[-1].result["partner"] == "E"
    for bad, message in [
        (HandResult(winner="S", fan=1, partner="S"), "other than the winner"),
        (HandResult(draw=True, partner="S"), "other than the winner"),
        (HandResult(winner="S", fan=1, partner="Z"), "unknown 互包 partner"),
    ]:
        with pytest.raises(MatchError, match=message):
            s.record(bad)


def test_two_player_cap_and_the_winner_deals() -> None:
    s = RuleSheet(["A", "B"], rules="two-player", options={"cap": 5})
    assert s.record(HandResult(winner="B", fan=8)).payments == {"A": -5, "B": 5}
    assert s.dealer(2) == "B"
    assert s.record(HandResult(draw=True)).payments == {"A": 0, "B": 0}
    assert s.dealer(3) == "B"
    assert s.table_points() is None  # no table points for two


@pytest.mark.parametrize(
    ("rules", "players", "result", "message"),
    [
        ("two-player", ["A", "B"], HandResult(winner="A", fan=8, kongs=(Kong("A", "concealed"),)),
         "no kong payments"),
        ("two-player", ["A", "B"], HandResult(winner="A", fan=8, flowers=1), "without flowers"),
        ("beijing", FOUR, HandResult(winner="A", fan=1, ready={"B": "1m"}), "查大叫"),
        ("sichuan", FOUR, HandResult(winner="A", fan=1, follow_dealer=True), "跟庄"),
        ("sichuan", FOUR, HandResult(winner="A", fan=1, burn=1), "烧庄"),
        ("sichuan", FOUR, HandResult(winner="A", fan=1, partner="B"), "互包"),
        ("sichuan", FOUR, HandResult(winner="E", fan=1), "unknown winner"),
        ("sichuan", FOUR, HandResult(winner="A"), "fan total or its hand"),
    ],
)  # fmt: skip
def test_what_a_rule_set_does_not_have_is_refused(
    rules: str, players: list[str], result: HandResult, message: str
) -> None:
    s = RuleSheet(players, rules=rules)
    with pytest.raises(MatchError, match=message):
        s.record(result)
    assert s.hands_played == 0


def test_false_wins_are_mcr_only_and_free_penalties_stay() -> None:
    s = RuleSheet(FOUR, rules="sichuan")
    with pytest.raises(MatchError, match="错和"):
        s.record_false_win("A", "under_minimum")
    assert s.add_penalty("A", 5, "late").deltas["A"] == -5


def test_bad_sheets_are_refused() -> None:
    with pytest.raises(MatchError, match="4 players"):
        RuleSheet(["A", "B"], rules="sichuan")
    with pytest.raises(MatchError, match="two-player table has 2"):
        RuleSheet(FOUR, rules="two-player")
    with pytest.raises(MatchError, match="not 'mcr'"):
        RuleSheet(FOUR, rules="mcr")
    with pytest.raises(MatchError, match="options"):
        RuleSheet(FOUR, rules="sichuan", options={"nonsense": 1})


def test_a_sheet_reads_back_and_a_tampered_one_is_refused() -> None:
    s = RuleSheet(FOUR, rules="sichuan", id="s1")
    s.record(HandResult(winner="A", fan=2, kongs=(Kong("B", "added"),)))
    s.add_penalty("C", 3)
    s.record(HandResult(draw=True))
    data = s.to_dict()
    assert data["rules"] == "sichuan" and data["hands"][0]["result"]["winner"] == "A"
    back = sheet_from_dict(data)
    assert isinstance(back, RuleSheet) and back == s and back.totals() == s.totals()
    data["hands"][0]["payments"]["A"] += 1
    data["hands"][0]["payments"]["B"] -= 1
    with pytest.raises(MatchError, match="the rules give"):
        sheet_from_dict(data)


def test_an_mcr_dict_stays_an_mcr_match() -> None:
    m = Match(FOUR, id="m")
    m.record_win("A", fan=8)
    data = m.to_dict()
    assert "rules" not in data and "items" not in data["hands"][0]
    assert type(sheet_from_dict(data)) is Match


def test_correcting_a_hand_moves_the_later_dealers() -> None:
    s = RuleSheet(["A", "B"], rules="two-player")
    s.record(HandResult(winner="B", fan=1))
    s.record(HandResult(winner="B", fan=1))
    assert s.dealer(3) == "B"
    s.correct_hand(2, HandResult(winner="A", fan=1))
    assert s.dealer(3) == "A"
    with pytest.raises(MatchError, match="not recorded"):
        s.correct_hand(5, HandResult(draw=True))


# -- how a win scored from its hand was won ------------------------------------------

SICHUAN_KONG = "[2222m]345m678m789p11p"  # a concealed kong: 杠上花 on its replacement
SICHUAN_EDGE = "23m567m789p999p11p4m"  # 4m held by nobody else: it can be robbed


def _fans(scored: ScoreResult) -> dict[str, int]:
    return {f["name"]: f["value"] for f in scored.to_dict()["fans"]}


@pytest.mark.parametrize(
    ("rules", "options", "hand", "discarder", "flag", "fan"),
    [
        ("sichuan", {}, SICHUAN_KONG, None, "kong", "杠上花"),
        ("sichuan", {}, SICHUAN_EDGE, "C", "kong", "抢杠胡"),
        ("sichuan", {"sea_bottom": True}, SICHUAN_EDGE, "C", "wall_last", "海底捞月"),
        ("beijing", {}, SICHUAN_KONG, None, "kong", "杠上开花"),
        ("beijing", {}, SICHUAN_KONG, None, "wall_last", "海底捞月"),
    ],
)
def test_rule_sets_score_the_win_context(
    rules: str, options: dict[str, bool], hand: str, discarder: str | None, flag: str, fan: str
) -> None:
    import fanshu

    s = RuleSheet(FOUR, rules=rules, options=options)
    context = {k: k == flag for k in ("fourth_tile", "kong", "wall_last")}
    r = s.record(HandResult(winner="B", discarder=discarder, hand=hand, **context))
    same = fanshu.score(hand, rules=rules, self_drawn=discarder is None, options=options, **context)
    plain = fanshu.score(hand, rules=rules, self_drawn=discarder is None, options=options)
    assert r.fan == same.total == plain.total + 1  # each is +1 fan in these rule sets
    assert _fans(same)[fan] == 1 and fan not in _fans(plain)
    assert getattr(r, flag) and r.result is not None and r.result[flag] is True
    back = sheet_from_dict(s.to_dict())
    assert back.to_dict() == s.to_dict() and back.records[0].fan == same.total


def test_a_further_sichuan_win_and_two_player_take_their_own_context() -> None:
    import fanshu

    s = RuleSheet(FOUR, rules="sichuan")
    robbed = Win("C", "D", hand=SICHUAN_EDGE, kong=True)
    r = s.record(HandResult(winner="A", discarder="D", fan=1, wins=(robbed,)))
    items = r.items or ()
    expected = fanshu.score(SICHUAN_EDGE, rules="sichuan", kong=True).total
    assert [i["fan"] for i in items] == [1, expected] and items[1]["kong"] is True
    assert "kong" not in items[0]  # unset flags are not written (rows stay as they were)
    with pytest.raises(MatchError, match="give C's hand instead of the fan total"):
        s.record(HandResult(winner="A", fan=1, wins=(Win("C", fan=2, kong=True),)))
    pair = RuleSheet(["P", "Q"], rules="two-player")
    got = pair.record(HandResult(winner="P", hand=SICHUAN_KONG, kong=True))
    mcr = fanshu.score(SICHUAN_KONG, rules="two-player", self_drawn=True, kong=True)
    assert got.fan == mcr.total and "杠上开花" in _fans(mcr)


def test_beijing_robbed_kong_is_paid_as_the_option_says() -> None:
    def first_hand(kong: bool, **options: str) -> dict[str, int]:
        sheet = RuleSheet(FOUR, rules="beijing", options=options)
        return sheet.record(
            HandResult(winner="B", discarder="C", hand=SICHUAN_EDGE, kong=kong)
        ).payments

    plain = first_hand(False)
    assert first_hand(True) == plain  # 抢杠和 counts as a discard (第4稿 §4)
    robbed = first_hand(True, robbed_kong_pays="self-drawn")
    # the robbed player pays what the three would pay on a self-drawn win; the others 0
    assert robbed["A"] == robbed["D"] == 0
    assert -robbed["C"] == robbed["B"] > plain["B"]


# --- jiaxing: the carried 番 kept by the sheet, row by row --------------------------------

PLAIN = "123m456m789p111s2s2s"  # no 台 of its own; 无百搭 when no 百搭 is held


def carry_item(r: HandRecord) -> dict[str, Any]:
    """The row's carried-state item: what the hand started with, used and left."""
    (item,) = [i for i in r.items or () if i["kind"] == "carry"]
    return item


def test_jiaxing_carries_huang_fan_and_the_others_across_the_rows() -> None:
    s = RuleSheet(FOUR, rules="jiaxing")
    h1 = s.record(HandResult(draw=True, wildcard="9s", dice=(1, 2)))
    assert h1.payments == dict.fromkeys(FOUR, 0)
    assert carry_item(h1)["carry_in"] == {
        "huang_fan": 0, "lao_tou_huang": 0, "bao_zi": 0, "lian_zhuang": 0, "last_wildcard": None,
    }  # fmt: skip
    assert carry_item(h1)["carry_out"]["huang_fan"] == 1
    # hand 2: drawn again; 东 is 百搭 (老头黄) and the dice are 3-3 (包子): all three wait
    h2 = s.record(HandResult(draw=True, wildcard="E", dice=(3, 3)))
    out = carry_item(h2)["carry_out"]
    assert (out["huang_fan"], out["lao_tou_huang"], out["bao_zi"]) == (2, 1, 1)
    # hand 3: B self-draws (9s is 百搭, none held: 无百搭 1 台); one 黄番 is used (1 番):
    # (底台 1 + 1) × 2 = 4 from each of the three
    h3 = s.record(HandResult(winner="B", hand=PLAIN, wildcard="9s", dice=(2, 5)))
    assert h3.payments == {"A": -4, "B": 12, "C": -4, "D": -4}
    assert carry_item(h3)["used"] == ["huang_fan"]
    out = carry_item(h3)["carry_out"]
    assert (out["huang_fan"], out["lao_tou_huang"], out["bao_zi"]) == (1, 1, 1)
    assert s.carry(4).huang_fan == 1 and s.dealer(4) == "B"  # A dealt; B won: B deals
    # hand 4: 9s again (百搭连庄 joins the pool); C wins on D's discard, 黄番 used again
    h4 = s.record(HandResult(winner="C", discarder="D", hand=PLAIN, wildcard="9s"))
    assert h4.payments == {"A": 0, "B": 0, "C": 4, "D": -4}
    out = carry_item(h4)["carry_out"]
    assert (out["huang_fan"], out["lao_tou_huang"], out["bao_zi"], out["lian_zhuang"]) == (
        0, 1, 1, 1,
    )  # fmt: skip


def test_jiaxing_best_wildcard_reading_on_the_sheet() -> None:
    s = RuleSheet(FOUR, rules="jiaxing")
    r = s.record(HandResult(winner="A", hand="C5p123m456m789m1m1m5p", wildcard="5p"))
    (win, _) = r.items or ()
    assert win["fans"] == ["红中刻", "混一色"] and win["tai"] == 3 and win["points"] == 4
    assert win["wildcards"] == {"kind": "5p", "stood_for": ["C"], "winning": "C"}
    assert r.payments == {"A": 12, "B": -4, "C": -4, "D": -4}


def test_jiaxing_prevalent_wind_moves_when_the_deal_comes_round() -> None:
    s = RuleSheet(FOUR, rules="jiaxing")
    # A deals; B, C, D, then A win: the deal goes B, C, D and back to A on hand 5
    for winner in "BCDA":
        s.record(HandResult(winner=winner, hand=PLAIN))
    assert [s.dealer(n) for n in range(1, 6)] == ["A", "B", "C", "D", "A"]
    assert s.prevalent_wind(4) == Tile.EAST and s.prevalent_wind(5) == Tile.SOUTH
    # hand 5: B (seat South in the South round) wins with a pung of South on C's discard:
    # 门风 1 + 圈风 1 + 无百搭 1 = 3 台, 底台 1: 4 from C
    r = s.record(HandResult(winner="B", discarder="C", hand="[SSS]123m456m789p1s1s"))
    assert r.payments == {"A": 0, "B": 4, "C": -4, "D": 0}
    assert (r.items or ())[0]["fans"] == ["门风刻", "圈风刻", "无百搭"]


def test_jiaxing_correcting_a_hand_settles_the_later_ones_again() -> None:
    s = RuleSheet(FOUR, rules="jiaxing")
    s.record(HandResult(draw=True))
    later = s.record(HandResult(winner="B", discarder="C", hand=PLAIN))
    assert later.payments["C"] == -4  # 黄番: (1 + 1) × 2
    s.correct_hand(1, HandResult(winner="A", hand=PLAIN))  # hand 1 was a win, not drawn
    assert s.records[1].payments["C"] == -2  # no 黄番 waits any more: (1 + 1) × 1
    assert carry_item(s.records[1])["carry_in"]["huang_fan"] == 0


def test_jiaxing_sheet_reads_back_with_its_carry() -> None:
    s = RuleSheet(FOUR, rules="jiaxing", options={"discard_pays": "all"})
    s.record(HandResult(draw=True, wildcard="C", dice=(6, 6)))
    s.record(HandResult(winner="D", discarder="A", hand=PLAIN, wildcard="C"))
    back = sheet_from_dict(s.to_dict())
    assert isinstance(back, RuleSheet) and back.rules == "jiaxing"
    assert [r.payments for r in back.records] == [r.payments for r in s.records]
    assert back.carry(3) == s.carry(3) and s.carry(3).lao_tou_huang == 2


def test_jiaxing_refuses_what_it_cannot_settle() -> None:
    s = RuleSheet(FOUR, rules="jiaxing")
    with pytest.raises(MatchError, match="given by its hand string"):
        s.record(HandResult(winner="A", fan=2))
    with pytest.raises(MatchError, match="the dice are two numbers 1-6"):
        s.record(HandResult(draw=True, dice=(0, 7)))
    with pytest.raises(MatchError, match="a wildcard is a tile kind"):
        s.record(HandResult(draw=True, wildcard="9z"))
    with pytest.raises(MatchError, match="jiaxing has no per-player facts"):
        s.record(HandResult(draw=True, facts={"A": {"openings": 1}}))
    with pytest.raises(MatchError, match="carries nothing between hands"):
        RuleSheet(FOUR, rules="beijing").carry(1)
    with pytest.raises(MatchError, match="beijing has no wildcard"):
        RuleSheet(FOUR, rules="beijing").record(HandResult(winner="A", fan=1, wildcard="C"))


# --- pinghu, wuhan, common: settled by their own RULES.settle -----------------------------


def test_pinghu_sheet_pays_by_its_settle() -> None:
    # 放炮 9张牌, 另外二家 4张牌 per 台 (seed 001 ❹), read by the pinghu rule set
    s = RuleSheet(FOUR, rules="pinghu")
    r = s.record(HandResult(winner="B", discarder="C", hand="123m456m789m234s5s5s"))
    tai = (r.items or ())[0]["fan"]
    assert tai == r.fan and tai > 0
    assert r.payments == {"A": -4 * tai, "B": 17 * tai, "C": -9 * tai, "D": -4 * tai}
    assert s.record(HandResult(draw=True)).payments == dict.fromkeys(FOUR, 0)


def test_pinghu_sheet_counts_flowers_only_under_its_option() -> None:
    hand = HandResult(winner="B", discarder="C", hand="123m456m789m234s5s5s", flowers=2)
    with pytest.raises(MatchError, match="pinghu is played without flowers"):
        RuleSheet(FOUR, rules="pinghu").record(hand)
    plain = RuleSheet(FOUR, rules="pinghu", options={"flowers": True})
    without = plain.record(HandResult(winner="B", discarder="C", hand="123m456m789m234s5s5s"))
    with_two = plain.record(hand)
    assert with_two.fan == (without.fan or 0) + 2  # 每花1台
    assert with_two.payments["C"] == -9 * with_two.fan


def test_common_sheet_pays_base_times_two_to_the_fan() -> None:
    # 无字 3 番: 底分 10 × 2 ** 3 = 80 from each of the three on a self-drawn win
    s = RuleSheet(FOUR, rules="common")
    r = s.record(HandResult(winner="B", hand="123m456m789m234s5s5s"))
    assert r.fan == 3 and r.payments == {"A": -80, "B": 240, "C": -80, "D": -80}
    with pytest.raises(MatchError, match="common is played without wildcards"):
        s.record(HandResult(winner="B", hand="123m456m789m234s5s5s", wildcard="C"))


def test_wuhan_sheet_losers_pay_by_their_own_fan() -> None:
    # B wins on C's discard with 开口 + 屁胡 (2 番).  A is the dealer (庄家 1): 2 ** 3 = 8;
    # C opened once and fed the win (开口 1 + 放冲 1): 2 ** 4 = 16; D has a concealed kong
    # (暗杠 2): 2 ** 4 = 16.
    s = RuleSheet(FOUR, rules="wuhan")
    facts = {"C": {"openings": 1}, "D": {"concealed_kongs": 1}}
    r = s.record(HandResult(winner="B", discarder="C", hand="[123m]456m789m234s5s5s", facts=facts))
    assert r.payments == {"A": -8, "B": 40, "C": -16, "D": -16}
    lines = (r.items or ())[0]["losers"]
    assert {p: line["own_fan"] for p, line in lines.items()} == {"A": 1, "C": 2, "D": 2}
    with pytest.raises(MatchError, match="given by its hand string"):
        s.record(HandResult(winner="B", fan=3))
