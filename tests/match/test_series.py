"""Series of hands: the MCR 16-hand match's winds, dealers and seats, its score sheet,
and the dealer rules of the two-player game and Sichuan."""

from __future__ import annotations

import itertools
from dataclasses import replace
from types import SimpleNamespace
from typing import Any

import pytest

from fanshu.engine.game import Game
from fanshu.errors import OptionError
from fanshu.match.results import HandResult, Win
from fanshu.match.rule_sheet import RuleSheet
from fanshu.match.series import HandPlayed, first_dealer, next_dealer, play_series
from fanshu.match.sheet import SEAT_ROTATION, Match
from fanshu.tiles import Tile


def test_mcr_match_winds_dealers_and_seats_follow_the_sheet(eager: str) -> None:
    played: list[tuple[HandPlayed, Game]] = []
    series = play_series("mcr", [eager, "random", eager, "random"], seed=2,
                         on_hand=lambda h, g: played.append((h, g)))  # fmt: skip
    sheet = Match(series.labels)
    assert len(played) == 16
    for n, (hand, game) in enumerate(played, start=1):
        assert hand.number == n
        assert hand.prevalent_wind == (n - 1) // 4 == game.config.prevalent_wind
        assert game.config.dealer == (n - 1) % 4  # the deal moves on every hand
        assert hand.seating == SEAT_ROTATION[(n - 1) // 4]
        assert series.labels[hand.dealer] == sheet.dealer(n)
        # the engine's seat winds are the sheet's
        winds = {
            series.labels[hand.seating[s]]: Tile(27 + game.variant.seat_wind(game, s))
            for s in range(4)
        }
        assert winds == sheet.seat_winds(n)
        assert game.events[0]["prevalent_wind"] == hand.prevalent_wind
    assert [h.dealer for h in series.hands] == [0, 1, 2, 3, 1, 0, 3, 2, 2, 3, 1, 0, 3, 2, 0, 1]
    assert sorted(h.dealer for h in series.hands) == [p for p in range(4) for _ in range(4)]


def test_mcr_match_is_recorded_on_the_score_sheet(eager: str) -> None:
    series = play_series("mcr", [eager] * 4, seed=5)
    sheet = series.sheet
    assert sheet is not None and sheet.is_complete
    wins = [h for h in series.hands if h.result == "win"]
    assert len(wins) >= 4  # eager bots win often enough to test the recording
    assert series.totals() == list(sheet.totals().values())
    assert sum(series.totals()) == 0
    for hand, row in zip(series.hands, sheet.hands, strict=True):
        assert row.kind == ("win" if hand.result == "win" else "draw")
        if hand.winners:
            assert row.winner == series.labels[hand.winners[0]]
            assert row.fan == hand.fans[0] >= 8
    points = series.table_points()
    assert points == [sheet.table_points()[p] for p in series.labels]  # type: ignore[index]
    assert sum(points or ()) == 7
    by_rank = sorted(range(4), key=lambda p: -series.totals()[p])
    assert points is not None and points[by_rank[0]] >= points[by_rank[-1]]
    d = series.to_dict()
    assert [p["total"] for p in d["players"]] == series.totals()
    assert d["hands"][4]["prevalent_wind"] == "S"


def test_mcr_false_wins_go_on_the_sheet() -> None:
    # random bots declare wins under 8 fan: seed 1 has one (错和, 10 to each other player)
    series = play_series("mcr", ["random"] * 4, seed=1)
    false = [h for h in series.hands if h.false_wins]
    assert false, "seed 1 no longer has a false win: pick another"
    rows = [r for r in series.sheet.records if r.kind == "false_win"]  # type: ignore[union-attr]
    assert [series.labels.index(r.offender) for r in rows] == [  # type: ignore[arg-type]
        p for h in false for p in h.false_wins
    ]
    hand = false[0]
    if hand.result == "drawn":
        assert sorted(hand.scores) == [-30, 10, 10, 10]


def test_a_series_is_fixed_by_its_seed() -> None:
    a = play_series("sichuan", ["random"] * 4, seed=8, hands=5).to_dict()
    assert a == play_series("sichuan", ["random"] * 4, seed=8, hands=5).to_dict()
    assert a != play_series("sichuan", ["random"] * 4, seed=9, hands=5).to_dict()


def test_two_player_winner_deals_and_the_dealer_stays_after_a_draw(eager: str) -> None:
    games: list[Game] = []
    series = play_series("two-player", [eager, eager], seed=4, hands=30,
                         on_hand=lambda h, g: games.append(g))  # fmt: skip
    hands = series.hands
    assert hands[0].dealer == first_dealer("two-player", 4, 2)
    kinds = set()
    for before, after in itertools.pairwise(hands):
        if before.winners:
            assert after.dealer == before.winners[0]
            kinds.add("won" if before.winners[0] != before.dealer else "kept")
        else:
            assert after.dealer == before.dealer
            kinds.add("drawn")
    assert kinds >= {"won", "drawn"}  # both rules were exercised
    assert all(g.config.dealer == h.dealer for g, h in zip(games, hands, strict=True))
    assert series.table_points() is None and sum(series.totals()) == 0


def test_first_dealer_is_drawn_from_the_seed() -> None:
    firsts = {first_dealer("two-player", seed, 2) for seed in range(20)}
    assert firsts == {0, 1}
    assert first_dealer("sichuan", 3, 4) == first_dealer("sichuan", 3, 4)
    assert first_dealer("mcr", 3, 4) == 0


def test_sichuan_first_winner_deals_next(eager: str) -> None:
    games: list[Game] = []
    series = play_series("sichuan", [eager] * 4, seed=6, hands=8,
                         on_hand=lambda h, g: games.append(g))  # fmt: skip
    hands = series.hands
    assert any(h.winners for h in hands)
    for before, after, game in zip(hands, hands[1:], games, strict=False):
        assert after.dealer == next_dealer("sichuan", before.dealer, game, before.seating)
        if before.winners and len([e for e in game.events if e["type"] == "win"]) == 1:
            assert after.dealer == before.winners[0]
    assert series.table_points() is not None


def _events(*wins: dict[str, Any]) -> Any:
    draw = {"type": "draw", "seat": 0, "tile": "1m"}
    return SimpleNamespace(events=[draw, *wins, {"type": "settle"}, draw, {"type": "end"}])


def test_next_dealer_rules() -> None:
    seating = (0, 1, 2, 3)
    one = {"type": "win", "seat": 2, "source": 1}
    two = {"type": "win", "seat": 3, "source": 1}
    later = {"type": "win", "seat": 0, "source": None}
    assert next_dealer("sichuan", 0, _events(one), seating) == 2
    # 一炮多响 on the first win: the discarder deals
    assert next_dealer("sichuan", 0, _events(one, two), seating) == 1
    # a later win does not count
    game = _events(one)
    game.events[-1:-1] = [later]
    assert next_dealer("sichuan", 0, game, seating) == 2
    assert next_dealer("sichuan", 3, _events(), seating) == 3
    assert next_dealer("two-player", 0, _events({"type": "win", "seat": 1}), (0, 1)) == 1
    assert next_dealer("two-player", 1, _events(), (0, 1)) == 1


@pytest.mark.parametrize(
    ("rules", "players", "kwargs", "message"),
    [
        ("mcr", ["random"] * 4, {"hands": 17}, "hands is a whole number from 1 to 16 for mcr"),
        ("sichuan", ["random"] * 4, {"hands": 0}, "hands is a whole number from 1"),
        ("mcr", ["random"] * 4, {"config": {"dealer": 1}}, "the series decides the dealer"),
        ("two-player", ["random"] * 4, {}, "two-player is played by 2 players, not 4"),
        ("mcr", ["random"] * 4, {"seed": 1.5}, "seed is a whole number"),
    ],
)
def test_bad_series_are_refused(
    rules: str, players: list[str], kwargs: dict[str, Any], message: str
) -> None:
    with pytest.raises(OptionError, match=message):
        play_series(rules, players, **kwargs)


def test_config_reaches_every_hand() -> None:
    games: list[Game] = []
    play_series("sichuan", ["random"] * 4, seed=1, hands=2, config={"exchange_three": True},
                on_hand=lambda h, g: games.append(g))  # fmt: skip
    assert all(any(e["type"] == "exchange" for e in g.events) for g in games)


@pytest.mark.parametrize("rules", ["sichuan", "two-player", "beijing"])
def test_score_sheets_pay_what_the_engine_paid(rules: str) -> None:
    """Bots' hands of wins only (no kong, 跟庄, 烧庄 or drawn-end payments) recorded on the
    rule set's score sheet pay what the engine paid: fan counts for Sichuan and the
    two-player game, hand strings for Beijing (its 互包 comes from the melds), compared
    when the sheet's scoring knows the hand's whole context (its fan is the engine's)."""
    n = 2 if rules == "two-player" else 4
    compared = 0

    def on_hand(hand: HandPlayed, game: Game) -> None:
        nonlocal compared
        events = game.events
        wins = [e for e in events if e["type"] == "win"]
        others = [e for e in events if e["type"] == "settle" and e["reason"] != "win"]
        if not wins or others or any(e["type"] == "kong" or e.get("robbed") for e in events):
            return
        name = {s: f"S{s}" for s in range(n)}
        dealer = game.config.dealer
        sheet = RuleSheet([name[(dealer + i) % n] for i in range(n)], rules=rules)
        played = tuple(
            Win(
                name[e["seat"]],
                None if e["source"] is None else name[e["source"]],
                fan=None if rules == "beijing" else e["total"],
                hand=e["hand"] if rules == "beijing" else None,
            )
            for e in wins
        )
        first = played[0]
        result = HandResult(False, first.winner, first.discarder, first.fan, first.hand)
        row = sheet.record(replace(result, wins=played[1:]))
        if row.fan != wins[0]["total"]:
            return  # a context the hand string does not carry (海底, 杠上开花 …)
        assert row.payments == {name[s]: v for s, v in enumerate(game.scores)}, hand
        compared += 1

    for seed in range(6):
        play_series(rules, ["greedy"] * n, seed=seed, hands=6, on_hand=on_hand)
    assert compared >= 10


def test_each_hand_gets_the_state_the_hand_before_left(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Beijing table that carries the drawn hands in a row (a 黄番-like count): each
    hand's carry out is the next hand's carry in, logged on its start event, and each
    hand replays alone from its own log."""
    import fanshu.engine.game as game_module
    from fanshu.engine.replay import replay_game
    from fanshu.engine.variants import Table, Variant
    from fanshu.engine.variants.beijing import BeijingVariant

    class Carrying(BeijingVariant):
        def carry_in(self, state: Any) -> None:
            self.before = int(state.get("drawn", 0))

        def carry_out(self, game: Table) -> dict[str, Any]:
            return {"drawn": 0 if game.winners else self.before + 1, "hand": self.before}

    def variant_for(rules: str, options: Any = None) -> Variant:
        return Carrying(dict(options or {}))

    monkeypatch.setattr(game_module, "variant_for", variant_for)
    games: list[Game] = []
    series = play_series("beijing", ["random"] * 4, seed=5, hands=8,
                         on_hand=lambda h, g: games.append(g))  # fmt: skip
    hands = series.hands
    assert hands[0].carry_in == {} and games[0].events[0]["carry"] is None  # nothing yet
    drawn = 0
    for k, (hand, game) in enumerate(zip(hands, games, strict=True)):
        if k:
            assert hand.carry_in == hands[k - 1].carry_out
            assert game.events[0]["carry"] == hand.carry_in
        drawn = 0 if game.winners else drawn + 1
        assert (
            hand.carry_out
            == game.carried_out
            == {"drawn": drawn, "hand": hand.carry_in.get("drawn", 0)}
        )
        assert hand.to_dict()["carry_out"] == hand.carry_out
        assert replay_game(game.events).ok
    assert any(h.carry_out["drawn"] for h in hands)  # random bots draw some hands


def test_jiaxing_prevalent_wind_moves_when_the_deal_comes_round() -> None:
    # 每当庄家轮回左上角方向，换一次风圈: each time the deal is back with the first dealer
    # the 风圈 moves on, in the hands' own config (their 圈风刻) as on the series rows
    games: list[Game] = []
    s = play_series(
        "jiaxing", ["greedy"] * 4, seed=4, hands=24, on_hand=lambda h, g: games.append(g)
    )
    first = s.hands[0].dealer
    rounds = 0
    for before, hand in itertools.pairwise(s.hands):
        rounds += hand.dealer == first and before.dealer != first
        assert hand.prevalent_wind == rounds % 4
    assert rounds >= 1, "24 hands should see the deal come round at least once"
    assert [g.config.prevalent_wind for g in games] == [h.prevalent_wind for h in s.hands]
    beijing = play_series("beijing", ["greedy"] * 4, seed=4, hands=8)
    assert {h.prevalent_wind for h in beijing.hands} == {0}
