"""play_until: bots play until a given seat is asked or the hand ends; a seat without a
player, a failing bot, a hand past the decision limit and a bad seat are clear errors."""

from __future__ import annotations

import random

import pytest

from fanshu.engine.actions import Action
from fanshu.engine.autoplay import SimulationError, play_until
from fanshu.engine.game import Game
from fanshu.engine.observation import Observation
from fanshu.engine.players import Player, make_player
from fanshu.engine.simulate import game_seed, play_game, player_seed
from fanshu.errors import OptionError

SEATS = {"mcr": 4, "sichuan": 4, "two-player": 2}


class Counting:
    """A random bot that counts the decisions it is asked for."""

    def __init__(self, seed: int) -> None:
        self.bot = make_player("random", seed)
        self.asked = 0

    def choose(self, observation: Observation) -> Action:
        self.asked += 1
        return self.bot.choose(observation)


@pytest.mark.parametrize("rules", list(SEATS))
def test_stops_exactly_when_the_seat_is_asked(rules: str) -> None:
    n = SEATS[rules]
    me = n - 1
    game = Game(rules, seed=5)
    bots = {s: Counting(s) for s in range(n) if s != me}
    rng = random.Random(5)
    stops = 0
    while True:
        asked = play_until(game, bots, me)
        if asked is None:
            break
        assert asked == me == game.to_act and game.legal_actions(me)
        stops += 1
        game.step(rng.choice(game.legal_actions(me)), seat=me)
    assert game.done and stops > 0
    assert sum(b.asked for b in bots.values()) > 0
    # once asked, asking again plays nothing
    fresh = Game(rules, seed=5)
    first = play_until(fresh, bots, me)
    before = sum(b.asked for b in bots.values())
    assert play_until(fresh, bots, me) == first == me
    assert sum(b.asked for b in bots.values()) == before


def test_a_seat_with_a_player_is_still_stopped_at() -> None:
    players: list[Player] = [make_player("random", s) for s in range(4)]
    game = Game("mcr", seed=2)
    assert play_until(game, players, 2) == 2 == game.to_act


@pytest.mark.parametrize("rules", list(SEATS))
def test_plays_to_the_end_without_a_seat_as_simulate_does(rules: str) -> None:
    n = SEATS[rules]
    game = Game(rules, seed=game_seed(9, 0), players=["random"] * n)
    bots = [make_player("random", player_seed(9, 0, s)) for s in range(n)]
    assert play_until(game, bots) is None
    assert game.done
    assert game.events == play_game(rules, 0, ["random"] * n, seed=9).events


def test_a_mapping_and_a_sequence_of_players_play_alike() -> None:
    a, b = Game("sichuan", seed=4), Game("sichuan", seed=4)
    play_until(a, [make_player("greedy", s) for s in range(4)])
    play_until(b, {s: make_player("greedy", s) for s in range(4)})
    assert a.events == b.events


@pytest.mark.parametrize("seat", [4, -1, True, "0", 1.0])
def test_a_bad_seat_is_rejected(seat: object) -> None:
    game = Game("mcr", seed=1)
    before = len(game.events)
    with pytest.raises(OptionError, match=rf"seat is 0-3 for mcr, not {seat!r}"):
        play_until(game, {}, seat)  # type: ignore[arg-type]
    assert len(game.events) == before  # nothing played


def test_two_player_seats_are_0_and_1() -> None:
    with pytest.raises(OptionError, match="seat is 0-1 for two-player, not 2"):
        play_until(Game("two-player", seed=1), {}, 2)


def test_a_seat_asked_without_a_player() -> None:
    game = Game("mcr", seed=1)
    bots = {0: make_player("random", 0)}
    with pytest.raises(
        SimulationError, match=r"^hand 3: seat 1 is asked for a decision but has no player$"
    ) as info:
        play_until(game, bots, 2, label="hand 3: ")
    assert info.value.code == "simulation_failed"
    assert game.to_act == 1


class Refused:
    def choose(self, observation: Observation) -> Action:
        return Action.parse("win")


class Broken:
    def choose(self, observation: Observation) -> Action:
        raise KeyError("oops")


def test_a_choice_the_game_refuses() -> None:
    game = Game("two-player", seed=1)
    with pytest.raises(SimulationError, match=r"^x: seat 0 chose win: seat 0 cannot win now"):
        play_until(game, [Refused(), Refused()], label="x: ")


def test_a_bot_that_fails_is_named_with_its_cause() -> None:
    game = Game("two-player", seed=1)
    with pytest.raises(SimulationError, match=r"^seat 0, action None: KeyError: 'oops'$") as info:
        play_until(game, [Broken(), Broken()])
    assert isinstance(info.value.__cause__, KeyError)


def test_a_hand_past_the_limit() -> None:
    game = Game("mcr", seed=1)
    bots = [make_player("random", s) for s in range(4)]
    with pytest.raises(SimulationError, match=r"^g: no end after 3 decisions$"):
        play_until(game, bots, label="g: ", limit=3)
    assert sum(e["type"] == "act" for e in game.events) == 3
    # the decision that ends the wait may be the last one allowed
    again = Game("mcr", seed=1)
    assert play_until(again, bots, again.to_act, limit=0) == again.to_act
