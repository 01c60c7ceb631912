"""``fanshu.analysis.value`` and the value ranking of ``analyze``: the minimum rule, the
exact cases, Monte Carlo determinism, claims, every rule set, the JSON shape."""

from __future__ import annotations

import random

import pytest

import fanshu
from fanshu.analysis import analyze
from fanshu.analysis.danger import dangers
from fanshu.analysis.position import Opponent, Position
from fanshu.analysis.shanten import shanten
from fanshu.analysis.timing import ready_chances, timing_for
from fanshu.analysis.value import (
    ClaimOption,
    Value,
    evaluate_claims,
    evaluate_discards,
    evaluate_hand,
)
from fanshu.errors import FanshuError, InvalidHandError, OptionError
from fanshu.hand import Hand
from fanshu.notation import parse_hand
from fanshu.shapes import counts_of
from fanshu.tiles import TILES, Tile, format_tiles

# -- the issue's example --------------------------------------------------------------


def test_issue_example_six_before_three() -> None:
    """After 3m the only wait 7s is 5 fan (no MCR win); after 6m it is 12 (三色三同顺)."""
    a = analyze("3456m345p34568sEE")
    assert a.by == "value" and a.best == "discard 6m"
    first = a.discards[0]
    assert first.tile is Tile.M6 and first.value is not None
    assert first.value.p_minimum == 1.0 and first.value.p_win > 0
    assert first.value.targets[0].name_zh == "三色三同顺"
    assert dict(first.value.fans).keys() >= {12}
    three = next(d for d in a.discards if d.tile is Tile.M3)
    assert three.value is not None
    # after 3m the hand can only win by changing its wait first
    assert 0 < three.value.p_win < first.value.p_win
    assert three.value.expected_points < first.value.expected_points
    assert "8-fan minimum" in three.value.why and "换听" in three.value.why_zh
    # efficiency alone still puts 3m first (tile order among equals), without values
    e = analyze("3456m345p34568sEE", by="efficiency")
    assert [d.tile for d in e.discards[:2]] == [Tile.M3, Tile.M6]
    assert all(d.value is None for d in e.discards)


def test_value_and_efficiency_list_the_same_options() -> None:
    v = analyze("135m2467p19sESWCF")
    e = analyze("135m2467p19sESWCF", by="efficiency")
    assert sorted(d.tile for d in v.discards) == sorted(d.tile for d in e.discards)
    by_tile = {d.tile: d for d in e.discards}
    for d in v.discards:
        assert (d.shanten, d.useful_count) == (
            by_tile[d.tile].shanten,
            by_tile[d.tile].useful_count,
        )


# -- the minimum rule as a property ---------------------------------------------------


def _random_near_ready(rng: random.Random) -> str | None:
    """Four sets and a pair drawn at random, one tile swapped for a random one."""
    counts = [0] * 34
    tiles: list[int] = []

    def put(ks: list[int]) -> bool:
        if any(counts[k] + ks.count(k) > 4 for k in ks):
            return False
        for k in ks:
            counts[k] += 1
        tiles.extend(ks)
        return True

    while len(tiles) < 12:
        if rng.random() < 0.6:
            suit, rank = rng.randrange(3), rng.randrange(7)
            start = 9 * suit + rank
            put([start, start + 1, start + 2])
        else:
            put([rng.randrange(34)] * 3)
    while not put([rng.randrange(34)] * 2):
        pass
    tiles.remove(rng.choice(tiles))
    counts = counts_of(tiles)
    extra = rng.randrange(34)
    if counts[extra] >= 4:
        return None
    tiles.append(extra)
    return format_tiles([TILES[k] for k in sorted(tiles)])


def _meets(rest: list[int], wait: int) -> bool:
    text = format_tiles([TILES[k] for k in sorted(rest)]) + TILES[wait].code
    for self_drawn in (False, True):
        r = fanshu.score(text, self_drawn=self_drawn)
        if r.is_win and r.total_without_flowers >= 8:
            return True
    return False


def _reaches_minimum(hand: str, tile: Tile, remaining: tuple[int, ...]) -> bool:
    """An independent check: the 13 left after ``tile`` complete with a live wait to an
    MCR win of at least 8 fan (on a discard or self-drawn)."""
    rest = [int(t) for t in parse_hand(hand).concealed_with_winning]
    rest.remove(int(tile))
    if shanten(counts_of(rest)) != 0:
        return False
    return any(remaining[k] > 0 and counts_of(rest)[k] < 4 and _meets(rest, k) for k in range(34))


def test_a_discard_reaching_the_minimum_comes_first() -> None:
    """Whenever a ready discard has a live wait worth 8 fan, the value ranking puts one
    such first (seeded random near-ready hands)."""
    rng = random.Random(2024)
    checked = with_choice = 0
    while checked < 25:
        hand = _random_near_ready(rng)
        if hand is None:
            continue
        a = analyze(hand)
        if a.discards[0].shanten != 0 and min(d.shanten for d in a.discards) != 0:
            continue
        checked += 1
        good = {
            d.tile
            for d in a.discards
            if d.shanten == 0 and _reaches_minimum(hand, d.tile, a.remaining)
        }
        if good:
            with_choice += 1
            assert a.discards[0].tile in good, (hand, a.discards[0].tile, good)
    assert with_choice >= 5  # the property was exercised


@pytest.mark.parametrize(
    ("hand", "wide", "worth"),
    [
        ("567999p11233455s", Tile.S1, Tile.S3),  # 1s: 2s/5s under 8; 3s: 1s/5s 10 fan
        ("123m3337p3456sWWW", Tile.P7, Tile.S3),  # 7p: 3s/6s under 8; 3s: 7p 8 fan
    ],
)
def test_value_beats_a_wider_wait_under_the_minimum(hand: str, wide: Tile, worth: Tile) -> None:
    e = analyze(hand, by="efficiency")
    v = analyze(hand)
    assert e.discards[0].tile is wide and v.discards[0].tile is worth
    assert not _reaches_minimum(hand, wide, v.remaining)
    assert _reaches_minimum(hand, worth, v.remaining)
    by_tile = {d.tile: d for d in v.discards}
    assert by_tile[wide].useful_count > by_tile[worth].useful_count


# -- exact values ---------------------------------------------------------------------


def test_ready_value_is_the_timing_model_over_the_live_waits() -> None:
    p = Position(parse_hand("123m456p789s23sEEN"), wall=40)
    v = evaluate_discards(p)[Tile.NORTH]
    assert v.samples == 0 and v.p_minimum == 1.0
    # waits 1s and 4s, 4 copies each; 花龙 needs 1s... both are wins of 8 fan or more?
    wins = {
        k: fanshu.score(f"123m456p789s23sEE{k}").total_without_flowers >= 8 for k in ("1s", "4s")
    }
    live = 4 * sum(wins.values())
    ps, pd = ready_chances(
        live, live, sum(p.unseen), p.turns_left, 3, timing_for("mcr"), p.rounds_played
    )
    assert v.p_win == pytest.approx(ps + pd)
    # the points of every win are the rule set's settlement: 8 + fan from each (self-drawn)
    assert all(pts > 0 for pts, _ in v.points)
    assert sum(p for _, p in v.points) == pytest.approx(1.0)
    assert v.expected_points == pytest.approx(v.expected_gain - v.danger.expected_loss)


def test_more_turns_more_chance() -> None:
    hand = parse_hand("123m456p789s23sEEN")
    late = evaluate_discards(Position(hand, wall=8))[Tile.NORTH]
    early = evaluate_discards(Position(hand, wall=60))[Tile.NORTH]
    assert 0 < late.p_win < early.p_win
    none = evaluate_discards(Position(hand, wall=0))[Tile.NORTH]
    assert none.p_win == 0.0


def test_dead_waits_must_change() -> None:
    """With every winning tile gone the ready hand is worth only what changing it brings."""
    seen = [0] * 34
    seen[Tile.S1] = seen[Tile.S4] = 4  # every 1s and 4s on the table
    hand = parse_hand("123m456p789s23sEEN")
    live = evaluate_discards(Position(hand))[Tile.NORTH]
    dead = evaluate_discards(Position(hand, visible=tuple(seen)))[Tile.NORTH]
    assert dead.p_win < live.p_win and dead.expected_gain < live.expected_gain
    none_left = evaluate_discards(Position(hand, visible=tuple(seen), wall=0))[Tile.NORTH]
    assert none_left.p_win == 0.0 and none_left.p_minimum == 0.0


def test_one_away_is_exact_and_above_its_ready_options() -> None:
    values = evaluate_discards(Position(parse_hand("3456m345p34568sEE")))
    eight = values[Tile.S8]
    assert eight.samples == 0 and 0 < eight.p_win < 1
    assert 0 < eight.p_minimum <= 1


def test_danger_is_the_danger_models() -> None:
    p = Position(parse_hand("3456m345p34568sEE"))
    values = evaluate_discards(p)
    expected = dangers(p, list(values))
    for k, v in values.items():
        assert v.danger == expected[k]


# -- Monte Carlo ------------------------------------------------------------------------

FAR = "159m2468p13579sES"  # two or more from ready


def test_monte_carlo_is_deterministic_for_a_seed() -> None:
    p = Position(parse_hand(FAR))
    a = evaluate_discards(p, budget=16, seed=3)
    b = evaluate_discards(p, budget=16, seed=3)
    assert a == b
    sampled = [v for v in a.values() if v.samples]
    assert sampled and all(v.samples == 16 for v in sampled)


def test_budget_must_be_positive() -> None:
    with pytest.raises(InvalidHandError, match="budget"):
        evaluate_discards(Position(parse_hand(FAR)), budget=0)


def test_far_hands_rank_like_efficiency_when_values_tie() -> None:
    a = analyze(FAR)
    best = min(d.shanten for d in a.discards)
    assert a.discards[0].shanten == best


# -- 13 tiles and claims ------------------------------------------------------------------


def test_thirteen_tiles_have_their_own_value() -> None:
    a = analyze("123m456p789s23sEE")
    assert isinstance(a.value, Value) and a.value.p_win > 0 and a.best is None
    assert a.claims == ()
    assert analyze("123m456p789s23sEE", by="efficiency").value is None
    v = evaluate_hand(Position(parse_hand("123m456p789s23sEE")))
    assert v == a.value


def test_win_on_an_offered_tile_comes_first() -> None:
    a = analyze("123m456p789s23sEE", offered="1s", offered_by=2)
    assert a.best == "win"
    win = a.claims[0]
    assert isinstance(win, ClaimOption) and win.value is not None
    assert win.value.p_win == 1.0 and win.then_discard is None
    assert any(c.action == "pass" for c in a.claims)


def test_under_the_minimum_there_is_no_win_claim() -> None:
    # the issue's hand after 3m: the 7s completes it, but for 5 fan
    a = analyze("456m345p34568sEE", offered="7s", offered_by=1)
    assert a.shanten == 0
    assert all(c.action != "win" for c in a.claims)
    assert any(c.action == "pass" for c in a.claims)


def test_chow_only_from_the_left_and_not_in_sichuan() -> None:
    hand = "3456m345p3456sEE"
    left = analyze(hand, offered="7s", offered_by=3)
    assert any(c.action.startswith("chow") for c in left.claims)
    chow = next(c for c in left.claims if c.action.startswith("chow"))
    assert chow.then_discard is not None and chow.action == "chow 5s"
    across = analyze(hand, offered="7s", offered_by=2)
    assert not any(c.action.startswith("chow") for c in across.claims)
    pung = analyze("123m456p78sEEE99p", offered="9p", offered_by=2)
    assert {c.action for c in pung.claims} >= {"pung", "pass"}
    sichuan = analyze("123m456m78m99s234s", offered="9s", offered_by=3, rules="sichuan")
    assert not any(c.action.startswith("chow") for c in sichuan.claims)


def test_kong_on_an_offered_tile() -> None:
    a = analyze("123m456p78sEEE99p", offered="E", offered_by=1)
    assert "kong" in {c.action for c in a.claims}


def test_claim_errors() -> None:
    with pytest.raises(InvalidHandError, match="offered"):
        evaluate_claims(Position(parse_hand("123m456p789s23sEE")))
    with pytest.raises(InvalidHandError, match="13 tiles"):
        analyze("123m456p789s23sEEN", offered="1s")
    with pytest.raises(InvalidHandError, match="one tile"):
        analyze("123m456p789s23sEE", offered="1s2s")


# -- rule sets --------------------------------------------------------------------------


@pytest.mark.parametrize("rules", ["mcr", "sichuan", "two-player", "beijing"])
def test_every_rule_set_gets_values(rules: str) -> None:
    hand = "123m456m78m99s2345s" if rules == "sichuan" else "123m456p789s23sEEN"
    a = analyze(hand, rules=rules)
    assert a.rules == rules
    assert all(d.value is not None for d in a.discards)
    top = a.discards[0].value
    assert top is not None and top.p_win > 0 and top.expected_gain > 0


def test_sichuan_void_suit_must_be_gone() -> None:
    # ready in 万 and 条 (waits 3m 6m 9m after 2s, say); with 万 as the void it cannot win
    hand = "123m456m78m99s2345s"
    free = analyze(hand, rules="sichuan")
    void_m = analyze(hand, rules="sichuan", void=0)
    assert free.discards[0].value is not None and void_m.discards[0].value is not None
    assert free.discards[0].value.p_win > 0.2
    assert void_m.discards[0].value.p_win < free.discards[0].value.p_win


def test_two_player_cap_bounds_the_points() -> None:
    a = analyze("1112345678999m5p", rules="two-player")
    top = a.discards[0].value
    assert top is not None and top.points
    assert max(p for p, _ in top.points) <= 13  # 九莲宝灯 88, paid at most 13 (封顶)
    assert max(f for f, _ in top.fans) >= 88


def test_beijing_dealer_wins_more() -> None:
    hand = "123m456p789s23sEEN"
    dealer = analyze(hand, rules="beijing", dealer=True).discards[0].value
    other = analyze(hand, rules="beijing").discards[0].value
    assert dealer is not None and other is not None
    assert dealer.expected_gain > other.expected_gain


def test_unknown_rules_and_options() -> None:
    with pytest.raises(OptionError):
        analyze("123m456p789s23sEEN", rules="riichi")
    with pytest.raises(OptionError, match="by"):
        analyze("123m456p789s23sEEN", by="fan")  # type: ignore[arg-type]
    with pytest.raises(FanshuError, match="not a tile of sichuan"):
        analyze("123m456p789s23sEEN", rules="sichuan")  # honours are not Sichuan tiles
    with pytest.raises(OptionError, match="McrOptions"):
        analyze("123m456p789s23sEEN", options=3)


def test_options_as_a_mapping() -> None:
    a = analyze("1112345678999m5p", rules="two-player", options={"cap": None})
    top = a.discards[0].value
    assert top is not None and max(p for p, _ in top.points) >= 88


# -- JSON ----------------------------------------------------------------------------------

VALUE_KEYS = [
    "p_win", "p_minimum", "expected_gain", "expected_points", "points", "fans", "targets",
    "danger", "samples", "why", "why_zh",
]  # fmt: skip


def _decimals(x: float) -> int:
    text = repr(x)
    return len(text.split(".")[1]) if "." in text and "e" not in text else 0


def test_json_shape_and_rounding() -> None:
    d = analyze("3456m345p34568sEE").to_dict()
    assert d["by"] == "value" and d["rules"] == "mcr" and d["best"] == "discard 6m"
    first = d["discards"][0]
    assert list(first) == ["tile", "shanten", "useful", "useful_count", *VALUE_KEYS]
    assert list(first["danger"]) == ["p_deal_in", "expected_loss", "by_opponent"]
    assert first["targets"][0] == {
        "name": "三色三同顺", "name_en": "Mixed Triple Chow", "value": 8,
        "share": first["targets"][0]["share"],
    }  # fmt: skip
    for o in d["discards"]:
        for key in ("p_win", "p_minimum", "expected_gain", "expected_points"):
            assert _decimals(o[key]) <= 4
        for _, p in o["points"] + o["fans"]:
            assert _decimals(p) <= 4
    c = analyze("123m456p789s23sEE", offered="1s", offered_by=2).to_dict()
    assert list(c["claims"][0])[:4] == ["action", "then_discard", "shanten", "useful_count"]
    assert c["best"] == "win" and c["value"] is not None
    assert "claims" not in analyze("123m456p789s23sEE").to_dict()


def _danger_of(a: fanshu.Analysis, tile: Tile) -> float:
    v = next(d.value for d in a.discards if d.tile is tile)
    assert v is not None
    return v.danger.p_deal_in


def test_opponents_feed_the_danger() -> None:
    """An opponent who threw 8s is safer against it (现物): the opponents reach the model."""
    quiet = analyze("3456m345p34568sEE", visible="8s")
    threw = Opponent(discards=(Tile.S8,), relative=1)
    read = analyze(
        "3456m345p34568sEE", visible="8s",
        opponents=[threw, Opponent(relative=2), Opponent(relative=3)],
    )  # fmt: skip
    assert _danger_of(read, Tile.S8) < _danger_of(quiet, Tile.S8)


def test_hand_object_and_position_agree() -> None:
    hand = parse_hand("3456m345p34568sEE")
    a = analyze(hand)
    b = evaluate_discards(Position(hand))
    for d in a.discards:
        assert d.value == b[d.tile]
    assert isinstance(hand, Hand)


def test_a_small_budget_is_not_read_as_cannot_win() -> None:
    """Few paths may find no 8-fan win; the value shrinks toward the reach model instead
    of saying P(win) 0 for every choice (then only the danger would rank them)."""
    p = Position(parse_hand("[333s]479m247889p8sF"), wall=75)
    values = evaluate_discards(p, budget=8)
    sampled = [v for v in values.values() if v.samples]
    assert sampled and all(v.p_win > 0 and v.expected_gain > 0 for v in sampled)
    best = max(values.values(), key=lambda v: v.expected_points)
    assert best.samples  # the best shanten (2, sampled) beats the reach-model 3s


def test_a_near_narrow_hand_beats_a_wide_far_one() -> None:
    p = Position(parse_hand("9m123589p225789s6p"), rules="two-player", seats=2, wall=42)
    values = evaluate_discards(p, budget=8)
    assert values[Tile.M9].expected_points > values[Tile.P9].expected_points
