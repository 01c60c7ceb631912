"""``fanshu.match.from_game``: engine hands written on a score sheet, hand by hand the
engine's payments, or refused."""

from __future__ import annotations

import pytest

from fanshu.engine.autoplay import play_until
from fanshu.engine.game import Game
from fanshu.engine.players import make_player
from fanshu.match import from_game
from fanshu.match.from_game import NotRecorded, SheetHand, SheetMismatch
from fanshu.match.results import HandResult
from fanshu.match.series import HandPlayed, first_dealer, play_series
from fanshu.match.sheet import Match
from fanshu.rules.jiaxing.carry import Carry
from fanshu.rules.mcr.settlement import MatchError


@pytest.mark.parametrize(
    ("rules", "bots", "seed", "hands"),
    [
        ("mcr", ["greedy", "random", "greedy", "random"], 7, 8),
        ("two-player", ["greedy", "random"], 3, 16),
        ("two-player", ["greedy", "greedy"], 11, 12),
        ("common", ["greedy", "random", "greedy", "greedy"], 5, 16),
        ("common", ["greedy"] * 4, 9, 16),
        ("pinghu", ["greedy"] * 4, 17, 16),  # hand 6: a 百眼 (two wild tiles as the pair)
        ("pinghu", ["random", "greedy", "greedy", "random"], 2, 16),
        ("wuhan", ["greedy"] * 4, 3, 16),
        ("wuhan", ["random", "greedy", "random", "greedy"], 8, 16),
        ("jiaxing", ["greedy"] * 4, 0, 16),  # hand 5: the 百搭 drawn as the winning tile
        ("jiaxing", ["random", "greedy", "random", "greedy"], 2, 16),
        ("beijing", ["greedy"] * 4, 7, 16),  # hand 8: 跟庄; hands 13, 15: 互包
        ("beijing", ["random", "greedy", "random", "greedy"], 2, 16),
    ],
)
def test_the_sheet_pays_what_the_engine_paid_hand_by_hand(
    rules: str, bots: list[str], seed: int, hands: int
) -> None:
    labels = [f"P{i + 1}" for i in range(len(bots))]
    sheet = from_game.new_sheet(rules, labels, first_dealer=first_dealer(rules, seed, len(bots)))
    running = [0] * len(bots)
    seen: list[str] = []

    def on_hand(hand: HandPlayed, game: Game) -> None:
        row = from_game.record(sheet, from_game.sheet_hand(game, hand.seating, labels))
        seen.append(row.kind)
        for p in range(len(bots)):
            running[p] += hand.scores[p]
        assert [sheet.totals()[x] for x in labels] == running
        # the sheet's dealer is the engine's (two-player: the winner deals next)
        assert sheet.dealer(row.number) == labels[hand.dealer]

    series = play_series(rules, bots, seed, hands=hands, on_hand=on_hand)
    assert [sheet.totals()[x] for x in labels] == series.totals()
    assert len(seen) == hands and "win" in seen


def test_a_common_win_on_a_kongs_replacement_tile_says_so() -> None:
    """A seeded series holds a win on a kong (杠上开花 or 抢杠和): the row says so."""
    labels = ["A", "B", "C", "D"]
    found = []

    def on_hand(hand: HandPlayed, game: Game) -> None:
        got = from_game.sheet_hand(game, hand.seating, labels).result
        if got.kong:
            found.append(got)

    for seed in range(40):
        play_series("common", ["greedy"] * 4, seed, hands=4, on_hand=on_hand)
        if found:
            break
    assert found and found[0].hand and found[0].winner in labels


def test_pinghu_with_flowers_is_recorded_with_them() -> None:
    labels = ["A", "B", "C", "D"]
    options = {"flowers": True}
    seed = 3
    sheet = from_game.new_sheet(
        "pinghu", labels, first_dealer=first_dealer("pinghu", seed, 4), options=options
    )
    flowers = []

    def on_hand(hand: HandPlayed, game: Game) -> None:
        got = from_game.sheet_hand(game, hand.seating, labels)
        flowers.append(got.result.flowers)
        from_game.record(sheet, got)

    series = play_series("pinghu", ["greedy"] * 4, seed, hands=8, options=options, on_hand=on_hand)
    assert [sheet.totals()[x] for x in labels] == series.totals() and any(flowers)


def test_a_payment_the_sheet_cannot_make_is_refused() -> None:
    g = Game("two-player", seed=4)
    play_until(g, [make_player("greedy", 1), make_player("greedy", 2)])
    hand = from_game.sheet_hand(g, (0, 1), ["A", "B"])
    wrong = SheetHand(hand.false_wins, hand.result, {"A": 1, "B": -1})
    sheet = from_game.new_sheet("two-player", ["A", "B"])
    assert dict(hand.scores) != wrong.scores
    with pytest.raises(SheetMismatch, match="the score sheet pays"):
        from_game.record(sheet, wrong)


def test_wuhan_losers_pay_by_the_facts_the_engine_read() -> None:
    """With 赖子 and 红中发财杠 the losers' own 番 (开口, discard kongs) are on the row,
    and every hand pays as the engine paid it."""
    labels = ["A", "B", "C", "D"]
    options = {"laizi": True, "dragon_kongs": True}
    seed = 4
    sheet = from_game.new_sheet(
        "wuhan", labels, first_dealer=first_dealer("wuhan", seed, 4), options=options
    )
    facts: list[dict[str, int | bool]] = []

    def on_hand(hand: HandPlayed, game: Game) -> None:
        got = from_game.sheet_hand(game, hand.seating, labels)
        facts.extend(dict(f) for f in got.result.facts.values())
        from_game.record(sheet, got)

    bots = ["random", "greedy", "random", "greedy"]
    series = play_series("wuhan", bots, seed, hands=16, options=options, on_hand=on_hand)
    assert [sheet.totals()[x] for x in labels] == series.totals()
    for name in ("openings", "dragon_kongs", "wild_kongs"):
        assert any(f[name] for f in facts), name


def test_jiaxing_carries_the_engines_carried_fan_from_hand_to_hand() -> None:
    """The dice and 百搭 are the hand's; the 番 the sheet carries on is the engine's."""
    labels = ["A", "B", "C", "D"]
    seed = 3
    sheet = from_game.new_sheet("jiaxing", labels, first_dealer=first_dealer("jiaxing", seed, 4))
    carried: list[dict[str, object]] = []

    def on_hand(hand: HandPlayed, game: Game) -> None:
        got = from_game.sheet_hand(game, hand.seating, labels)
        assert got.result.wildcard and len(got.result.dice) == 2
        row = from_game.record(sheet, got)
        (item,) = [i for i in row.items or () if i["kind"] == "carry"]
        assert Carry.from_dict(item["carry_out"]) == Carry.from_dict(game.carried_out)
        if row.number > 1:
            assert sheet.carry(row.number) == Carry.from_dict(item["carry_in"])
        carried.append(game.carried_out)

    series = play_series("jiaxing", ["greedy"] * 4, seed, hands=16, on_hand=on_hand)
    assert [sheet.totals()[x] for x in labels] == series.totals()
    assert any(c[k] for c in carried for k in ("huang_fan", "lao_tou_huang", "bao_zi"))


def test_a_carry_the_engine_did_not_leave_is_refused() -> None:
    got: list[SheetHand] = []
    play_series(
        "jiaxing",
        ["greedy"] * 4,
        1,
        hands=1,
        on_hand=lambda h, g: got.append(from_game.sheet_hand(g, h.seating, ["A", "B", "C", "D"])),
    )
    (hand,) = got
    assert hand.carry is not None
    wrong = SheetHand(hand.false_wins, hand.result, hand.scores, {**hand.carry, "huang_fan": 5})
    with pytest.raises(SheetMismatch, match="carries"):
        from_game.record(from_game.new_sheet("jiaxing", ["A", "B", "C", "D"]), wrong)


def test_beijing_follow_dealer_and_mutual_partner_come_from_the_table() -> None:
    labels = ["A", "B", "C", "D"]
    seed = 7
    sheet = from_game.new_sheet("beijing", labels, first_dealer=first_dealer("beijing", seed, 4))
    seen: list[HandResult] = []

    def on_hand(hand: HandPlayed, game: Game) -> None:
        got = from_game.sheet_hand(game, hand.seating, labels)
        seen.append(got.result)
        from_game.record(sheet, got)

    series = play_series("beijing", ["greedy"] * 4, seed, hands=16, on_hand=on_hand)
    assert [sheet.totals()[x] for x in labels] == series.totals()
    assert any(r.follow_dealer and r.burn == 1 for r in seen)
    partners = [r for r in seen if r.partner is not None]
    assert partners and all(r.partner != r.winner for r in partners)


@pytest.mark.parametrize("rules", ["sichuan"])
def test_the_other_rule_sets_are_refused(rules: str) -> None:
    with pytest.raises(NotRecorded, match=f"not {rules}'s yet"):
        from_game.check_recordable(rules, 4)
    with pytest.raises(NotRecorded):
        from_game.new_sheet(rules, ["A", "B", "C", "D"])


def test_more_hands_than_a_sheet_keeps_are_refused() -> None:
    with pytest.raises(NotRecorded, match="at most 16 hands, not 17"):
        from_game.check_recordable("two-player", 17)


def test_a_hand_not_over_is_refused() -> None:
    g = Game("mcr", seed=1)
    with pytest.raises(MatchError, match="not over"):
        from_game.sheet_hand(g, (0, 1, 2, 3), ["A", "B", "C", "D"])


def test_sheet_players_start_with_the_first_dealer() -> None:
    assert from_game.sheet_players("two-player", ["A", "B"], 1) == ["B", "A"]
    assert from_game.sheet_players("mcr", ["A", "B", "C", "D"], 2) == ["A", "B", "C", "D"]
    m = Match(["A", "B", "C", "D"])
    from_game.record(m, SheetHand((), HandResult(draw=True), {}))
    assert m.hands_played == 1
