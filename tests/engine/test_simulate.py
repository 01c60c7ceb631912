"""Simulation runs: reproducible from the master seed alone, game ``k`` the same hand
however it is reached, and a summary that adds up."""

from __future__ import annotations

import io
import json

import pytest

from fanshu.engine.autoplay import play_until
from fanshu.engine.game import Game
from fanshu.engine.log import iter_games
from fanshu.engine.simulate import (
    SimulationError,
    Summary,
    game_seed,
    play_game,
    player_seed,
    simulate,
    write_game,
)
from fanshu.engine.variants import playable_rules
from fanshu.errors import OptionError

FOUR = ["random"] * 4


def _logged(rules: str, games: int, players: list[str], seed: int) -> tuple[dict, str]:
    out = io.StringIO()
    summary = simulate(rules, games, players, seed, on_game=lambda k, g: write_game(out, k, g))
    return summary.to_dict(), out.getvalue()


@pytest.mark.parametrize("rules", ["mcr", "sichuan", "two-player"])
def test_same_seed_same_summary_and_log(rules: str) -> None:
    players = ["random"] * (2 if rules == "two-player" else 4)
    first = _logged(rules, 6, players, seed=11)
    assert first == _logged(rules, 6, players, seed=11)
    assert first[1] != _logged(rules, 6, players, seed=12)[1]


def test_game_k_is_the_same_alone_or_inside_a_run() -> None:
    seen: dict[int, list[dict]] = {}
    simulate("mcr", 5, FOUR, seed=3, on_game=lambda k, g: seen.__setitem__(k, g.events))
    for k in (0, 4):
        assert play_game("mcr", k, FOUR, seed=3).events == seen[k]
    # a longer run does not change its first games
    longer: dict[int, list[dict]] = {}
    simulate("mcr", 7, FOUR, seed=3, on_game=lambda k, g: longer.__setitem__(k, g.events))
    assert all(longer[k] == seen[k] for k in seen)


def test_seeds_depend_on_master_seed_game_and_seat_only() -> None:
    assert game_seed(5, 2) == game_seed(5, 2)
    assert len({game_seed(5, 2), game_seed(5, 3), game_seed(6, 2)}) == 3
    assert len({player_seed(5, 2, s) for s in range(4)}) == 4
    assert 0 <= game_seed(-1, 10**6) < 2**63


def test_summary_adds_up() -> None:
    ended: list[list[int]] = []
    summary = simulate("sichuan", 12, FOUR, seed=4, on_game=lambda k, g: ended.append(g.winners))
    d = summary.to_dict()
    assert d["games"] == 12
    assert d["wins"] == sum(s["wins"] for s in d["seats"]) == sum(summary.wins_by_seat)
    # 血战到底: up to three winners a hand; a drawn hand has none
    assert d["wins"] == sum(len(w) for w in ended) and all(len(w) <= 3 for w in ended)
    assert d["draws"] == sum(1 for w in ended if not w)
    assert sum(summary.score_by_seat) == 0
    assert d["by_player"]["random"]["wins"] == d["wins"]
    assert d["by_player"]["random"]["seats"] == 4
    if d["wins"]:
        assert d["average_fan"] == summary.fan_total / d["wins"]
        assert all(1 <= n <= d["wins"] for n in d["fans"].values())
    assert d["average_discards"] > 10 and d["average_turns"] >= d["average_discards"] - 1
    json.dumps(d)  # plain JSON


def test_summary_counts_wins_draws_and_fans_from_the_events(eager: str) -> None:
    players = [eager, "random"]
    games = [play_game("two-player", k, players, seed=8) for k in range(20)]
    summary = Summary("two-player", 8, players)
    for g in games:
        summary.add(g)
    wins = [e for g in games for e in g.events if e["type"] == "win"]
    assert summary.wins == len(wins) > 0
    assert summary.draws == sum(1 for g in games if not g.winners)
    assert summary.fan_total == sum(e["total"] for e in wins)
    name = wins[0]["fans"][0][0]
    assert summary.fan_counts[name] == sum(1 for e in wins if name in {f[0] for f in e["fans"]})
    assert summary.score_by_seat == [sum(g.scores[s] for g in games) for s in range(2)]
    assert summary.to_dict() == simulate("two-player", 20, players, 8).to_dict()
    assert summary.by_player()[eager]["wins"] == summary.wins_by_seat[0] > summary.wins_by_seat[1]


def test_per_bot_figures_pool_the_seats_a_bot_held() -> None:
    summary = Summary("mcr", 0, ["a", "b", "a", "b"], games=2)
    summary.wins_by_seat = [1, 0, 2, 0]
    summary.score_by_seat = [10, -4, 6, -12]
    rows = summary.by_player()
    assert rows["a"] == {
        "seats": 2, "wins": 3, "false_wins": 0, "win_rate": 0.75, "average_score": 4.0
    }  # fmt: skip
    assert rows["b"]["average_score"] == -4.0


@pytest.mark.parametrize(
    ("rules", "players", "message"),
    [
        ("mcr", ["random"] * 3, "mcr is played by 4 players, not 3"),
        ("two-player", FOUR, "two-player is played by 2 players, not 4"),
        ("mcr", ["random", "random", "random", "nosuch"], "unknown player 'nosuch'"),
        ("riichi", FOUR, f"the engine plays {', '.join(playable_rules())}; not 'riichi'"),
    ],
)
def test_bad_players_or_rules_are_named(rules: str, players: list[str], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        simulate(rules, 1, players, seed=1)


def test_bad_counts_config_and_options_are_refused_before_playing() -> None:
    with pytest.raises(OptionError, match="games is a whole number"):
        simulate("mcr", -1, FOUR, 1)
    with pytest.raises(OptionError, match="dealer is a seat number 0-1, not 3"):
        simulate("two-player", 1, ["random", "random"], 1, config={"dealer": 3})
    with pytest.raises(OptionError, match="nosuch"):
        simulate("mcr", 1, FOUR, 1, options={"nosuch": 1})
    assert simulate("mcr", 0, FOUR, 1).to_dict()["average_fan"] is None


def test_config_and_options_reach_every_game() -> None:
    seen: list[Game] = []
    simulate("mcr", 2, FOUR, 1, config={"dealer": 2, "prevalent_wind": 1},
             on_game=lambda k, g: seen.append(g))  # fmt: skip
    assert all(g.config.dealer == 2 and g.config.prevalent_wind == 1 for g in seen)
    assert seen[0].events[0]["dealer"] == 2


def test_the_log_numbers_games_and_events_and_reads_back() -> None:
    out = io.StringIO()
    games = {k: play_game("two-player", k, ["random", "random"], seed=5) for k in (2, 3)}
    for k, game in games.items():
        write_game(out, k, game)
    lines = [json.loads(x) for x in out.getvalue().splitlines()]
    assert {x["v"] for x in lines} == {1}
    assert [x["game"] for x in lines] == [2] * len(games[2].events) + [3] * len(games[3].events)
    assert [x["seq"] for x in lines if x["game"] == 3] == list(range(len(games[3].events)))
    assert all(None not in x.values() for x in lines)
    logs = list(iter_games(out.getvalue().splitlines()))
    assert [g.index for g in logs] == [2, 3]
    assert logs[1].events == [{k: v for k, v in e.items() if v is not None}
                              for e in games[3].events]  # fmt: skip


class _Cheat:
    def choose(self, observation: object) -> str:
        return "win"


def test_a_bot_choosing_an_illegal_action_names_the_hand() -> None:
    game = Game("two-player", seed=1)
    with pytest.raises(SimulationError, match=r"game 7: seat 0 chose win: seat 0 cannot win"):
        play_until(game, [_Cheat(), _Cheat()], label="game 7: ")  # type: ignore[list-item]
