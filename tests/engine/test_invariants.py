"""Tile conservation and zero sum: they hold through whole games under every rule set,
and a state or log that breaks them is caught and described."""

from __future__ import annotations

import random
from typing import Any

import pytest

from fanshu.engine import Action, ActionKind, Game
from fanshu.engine.invariants import (
    InvariantError,
    check_conservation,
    check_zero_sum,
    conservation_errors,
    settlement_errors,
    tile_places,
    zero_sum_errors,
)
from fanshu.hand import Meld, MeldKind
from fanshu.tiles import TILE_OF_CODE, Tile
from support.engine_play import choose, play

A = ActionKind
WIN = Action(A.WIN)
SETS = {"mcr": 144, "sichuan": 108, "two-player": 136, "beijing": 136}
TABLES: list[tuple[str, dict[str, Any] | None]] = [
    ("mcr", None),
    ("sichuan", {"exchange_three": True}),
    ("two-player", {"exchange_at_start": 0.5, "triplet_offer": 0.3, "free_pick": 0.3}),
    ("beijing", None),
]


@pytest.mark.parametrize(("rules", "config"), TABLES)
def test_conservation_and_zero_sum_hold_through_random_games(
    rules: str, config: dict[str, Any] | None
) -> None:
    kinds: set[str] = set()
    for seed in range(10):
        g = Game(rules, seed=seed, config=config)
        rng = random.Random(seed)
        assert conservation_errors(g) == []
        while not g.done:
            g.step(choose(g, rng, greedy=seed % 2 == 1))
            check_conservation(g)
        check_zero_sum(g)
        assert sum(len(tiles) for _, tiles in tile_places(g)) == SETS[rules]
        kinds.update(e["type"] for e in g.events)
    # the games went through the moves that move tiles between places
    assert {"draw", "discard", "claim", "kong", "settle"} <= kinds
    assert {
        "mcr": {"flower", "false_win"},
        "sichuan": {"exchange", "void", "win"},
        "two-player": {"exchange", "pick", "swap", "give", "ready", "win"},
        "beijing": {"win"},
    }[rules] <= kinds


def test_a_tile_created_in_a_hand_is_caught() -> None:
    g = play("mcr", 3, stop=5)
    t = next(t for t in range(34) if g.seat[1].counts[t])
    g.seat[1].counts[t] += 1
    [error] = conservation_errors(g)
    code = Tile(t).code
    assert error.startswith(f"{code}: 5 copies where the set has 4 (")
    assert "seat 1 hand" in error
    with pytest.raises(InvariantError, match=rf"after event {len(g.events) - 1}: {code}: 5 copies"):
        check_conservation(g)


def test_a_tile_lost_from_a_river_is_caught() -> None:
    g = play("sichuan", 4, stop=12)
    st = next(st for st in g.seat if st.river)
    t = st.river.pop()
    [error] = conservation_errors(g)
    assert error.startswith(f"{Tile(t).code}: 3 copies where the set has 4 (")


def test_a_tile_moved_is_fine_but_one_duplicated_is_not() -> None:
    g = play("sichuan", 4, stop=12)
    st = next(st for st in g.seat if st.river)
    t = st.river.pop()
    g.seat[0].flowers.append(t)  # wrong place, right count: conservation says nothing of places
    assert conservation_errors(g) == []
    g.wall.tiles[g.wall._front] = t  # the wall's next tile becomes another copy
    errors = conservation_errors(g)
    assert any(e.startswith(f"{Tile(t).code}: 5 copies") and "wall" in e for e in errors)
    assert any("3 copies" in e for e in errors)  # … and the tile it replaced is lost


def test_negative_counts_are_named() -> None:
    g = play("mcr", 5, stop=3)
    t = next(t for t in range(34) if not g.seat[2].counts[t])
    g.seat[2].counts[t] -= 1
    g.wall.tiles.append(t)  # kept in step with the count (a live tile past the back)
    g.wall._back += 1
    errors = conservation_errors(g)
    assert errors[0] == f"seat 2 hand holds -1 of {Tile(t).code}"


def test_meld_pool_and_exchange_tiles_count() -> None:
    g = play("two-player", 6, stop=2)
    assert conservation_errors(g) == []
    moved = g.pool.pop()
    assert conservation_errors(g)[0].startswith(f"{Tile(moved).code}: 3 copies")
    g.seat[0].given.append(moved)  # a tile chosen for an exchange is still in the game
    assert conservation_errors(g) == []
    g.seat[0].melds.append(Meld(MeldKind.PUNG, Tile.RED))
    [error] = conservation_errors(g)
    assert error.startswith("C: 7 copies where the set has 4 (") and "seat 0 melds 3" in error


def test_something_that_is_not_a_tile_is_named() -> None:
    g = play("mcr", 7, stop=2)
    g.seat[3].river.append(99)
    assert "seat 3 river holds 99, which is not a tile" in conservation_errors(g)


# -- zero sum -------------------------------------------------------------------------


def test_settlements_must_add_up_to_zero() -> None:
    events = [
        {"type": "settle", "payments": [3, -1, -1, -1]},
        {"type": "settle", "payments": [0, 2, -1, 0]},
        {"type": "end", "scores": [3, 1, -2, -1]},
    ]
    assert settlement_errors(events, 4) == [
        "event 1 (settle): payments [0, 2, -1, 0] add up to 1, not 0",
        "event 2 (end): scores [3, 1, -2, -1] add up to 1, not 0",
    ]


def test_end_scores_must_be_the_sum_of_the_settlements() -> None:
    events = [{"type": "settle", "payments": [3, -3]}, {"type": "end", "scores": [2, -2]}]
    assert settlement_errors(events, 2) == [
        "event 1 (end): scores [2, -2] are not the sum of the settlements [3, -3]"
    ]


@pytest.mark.parametrize("bad", [[1, -1], [1, -1, 0, True], "1,-1,0,0", None, [0.5, -0.5, 0, 0]])
def test_payments_are_one_number_per_seat(bad: Any) -> None:
    [error] = settlement_errors([{"type": "settle", "payments": bad}], 4)
    assert error.startswith("event 0 (settle): payments") and "are not 4 numbers" in error


def test_a_game_whose_scores_drift_is_caught() -> None:
    g = play("sichuan", 8)
    assert zero_sum_errors(g) == []
    g.scores[0] += 1
    assert zero_sum_errors(g) == [f"the scores {g.scores} add up to 1, not 0"]
    with pytest.raises(InvariantError, match="zero sum broken: the scores"):
        check_zero_sum(g)


def test_a_tampered_payment_is_caught() -> None:
    g = next(g for g in (play("sichuan", seed) for seed in range(20))
             if any(e["type"] == "settle" for e in g.events))  # fmt: skip
    i = next(i for i, e in enumerate(g.events) if e["type"] == "settle")
    g.events[i]["payments"][0] += 5
    errors = zero_sum_errors(g)
    assert errors[0].startswith(f"event {i} (settle): payments") and "add up to 5" in errors[0]
    end = len(g.events) - 1
    assert errors[1].startswith(f"event {end} (end): scores")


def test_tile_codes_of_the_sets() -> None:
    # the places list flowers as tiles 34-41, as the events' codes name them
    g = Game("mcr", seed=9)
    flowers = [t for _, tiles in tile_places(g) for t in tiles if t >= 34]
    assert sorted(flowers) == [TILE_OF_CODE[c] for c in ("1f", "2f", "3f", "4f", "5f", "6f",
                                                          "7f", "8f")]  # fmt: skip
