"""The encoded observation: inside its Box for every observation of every rule set, and
each channel what the Observation says, seen from the observing seat."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import numpy as np
import pytest

from fanshu.engine.actions import Action, ActionKind
from fanshu.engine.game import Game
from fanshu.engine.observation import Observation
from fanshu.engine.players import make_player
from fanshu.engine.wall import tile_set
from fanshu.hand import MeldKind
from fanshu.rl import encoding
from fanshu.rl.actions import ACTION_COUNT, mask
from fanshu.rl.encoding import (
    CHANNELS,
    MAX_VALUE,
    OBSERVATION_SHAPE,
    PHASES,
    RULES,
    action_mask,
    encode,
    observation_box,
)
from fanshu.rules.listing import names

ROW = {name: i for i, name in enumerate(CHANNELS)}
PER_SEAT = ("melds", "sets", "discards", "flowers", "void")
BY_SEAT = ("offered_by", "dealer", "declared_ready", "won", "concealed_kongs")
CONFIGS: dict[str, list[dict[str, object] | None]] = {
    "sichuan": [None, {"exchange_three": True}],
    "two-player": [None, {"exchange_at_start": 1.0, "triplet_offer": 0.5, "free_pick": 0.5}],
}
WIN = Action(ActionKind.WIN)


def decisions(rules: str, k: int) -> Iterator[Game]:
    """Game ``k`` of a rule set, played by greedy bots that now and then choose at
    random (so that hands are won, claimed and drawn); the game at every decision."""
    configs = CONFIGS.get(rules, [None])
    game = Game(rules, seed=500 + k, config=configs[k % len(configs)])
    bots = [make_player("greedy", seed=10 * k + s) for s in range(game.n)]
    rng = random.Random(k)
    while not game.done:
        yield game
        s = game.to_act
        assert s is not None
        legal = game.legal_actions()
        action = rng.choice(legal) if rng.random() < 0.2 else bots[s].choose(game.observe(s))
        game.step(action, seat=s)
    yield game


def test_the_channels_are_named_and_documented() -> None:
    assert (len(CHANNELS), 34) == OBSERVATION_SHAPE
    assert len(set(CHANNELS)) == len(CHANNELS)
    doc = encoding.__doc__ or ""
    for name in CHANNELS:
        base, _, r = name.rpartition("_")
        shown = f"{base}_0..3" if r.isdigit() and base in PER_SEAT else name
        assert shown in doc, f"channel {name} is not in the module's table"
    box = observation_box()
    assert box.shape == OBSERVATION_SHAPE and box.dtype == np.int8
    assert int(box.low.min()) == int(box.low.max()) == 0
    assert int(box.high.min()) == int(box.high.max()) == MAX_VALUE


@pytest.mark.parametrize("rules", names())
def test_every_observation_lies_in_the_box(rules: str) -> None:
    box = observation_box()
    for k in range(3):
        for game in decisions(rules, k):
            for seat in range(game.n):
                obs = game.observe(seat)
                x = encode(obs)
                assert x.dtype == np.int8 and box.contains(x), (rules, k, seat)
                assert np.array_equal(x, encode(obs))  # pure: the same array again
                m = action_mask(obs)
                assert m.dtype == np.int8 and m.shape == (ACTION_COUNT,)
                assert list(m) == mask(obs.legal_actions)


def expected_seat_rows(obs: Observation, r: int) -> dict[str, list[int]]:
    """The per-seat rows of relative seat ``r``, worked out from the observation."""
    n = len(obs.seats)
    rows = {f"{name}_{r}": [0] * 34 for name in PER_SEAT}
    if r >= n:
        return rows
    view = obs.seats[(obs.seat + r) % n]
    for t in view.discards:
        rows[f"discards_{r}"][t] += 1
    for m in view.melds:
        if m is None:
            continue
        for t in m.tiles:
            rows[f"melds_{r}"][t] += 1
        if m.kind is MeldKind.PUNG:
            rows[f"sets_{r}"][m.tile] = 3
        elif m.is_kong:
            rows[f"sets_{r}"][m.tile] = 4
    for f in view.flowers:
        rows[f"flowers_{r}"][f - 34] += 1
    if view.void is not None:
        for t in range(34):
            rows[f"void_{r}"][t] = int(t // 9 == view.void // 9)
    return rows


def check_channels(obs: Observation, x: np.ndarray, totals: list[int]) -> None:
    n = len(obs.seats)
    row = {name: [int(v) for v in x[i]] for name, i in ROW.items()}

    def one_hot(i: int | None) -> list[int]:
        return [int(i is not None and t == i) for t in range(34)]

    assert row["hand"] == obs.counts
    assert row["drawn"] == one_hot(obs.drawn)
    assert row["offer"] == one_hot(obs.last_discard)
    assert row["phase"] == one_hot(PHASES.index(obs.phase))
    assert row["rules"] == one_hot(RULES.index(obs.rules))
    assert row["wildcard"] == one_hot(obs.wildcard)
    assert row["seat_wind"] == one_hot(27 + obs.seat_wind)
    assert row["prevalent_wind"] == one_hot(27 + obs.prevalent_wind)
    assert row["visible"] == list(obs.visible)
    assert row["unseen"] == [total - v for total, v in zip(totals, obs.visible, strict=True)]
    assert sum(row["wall"]) == min(34, (obs.wall_remaining + 3) // 4)
    assert row["wall_low"] == one_hot(obs.wall_remaining if obs.wall_remaining < 34 else None)
    own_kongs = [m.tile for m in obs.melds if m.kind is MeldKind.CONCEALED_KONG]
    assert row["own_concealed_kongs"] == [int(t in own_kongs) for t in range(34)]
    for r in range(4):
        for name, expected in expected_seat_rows(obs, r).items():
            assert row[name] == expected, (name, obs.seat)
    by_seat: dict[str, list[int]] = {name: [0] * 34 for name in BY_SEAT}
    if obs.last_discarder is not None:
        by_seat["offered_by"][(obs.last_discarder - obs.seat) % n] = 1
    by_seat["dealer"][(obs.dealer - obs.seat) % n] = 1
    for q, view in enumerate(obs.seats):
        r = (q - obs.seat) % n
        by_seat["declared_ready"][r] = int(view.declared_ready)
        by_seat["won"][r] = int(view.won)
        hidden = sum(m is None or m.kind is MeldKind.CONCEALED_KONG for m in view.melds)
        by_seat["concealed_kongs"][r] = hidden
    for name, expected in by_seat.items():
        assert row[name] == expected, name
    win = [0] * 34
    fan = [0] * 34
    if WIN in obs.legal_actions:
        win[0 if obs.win_accepted else 1] = 1
        assert obs.win_total is not None
        fan[min(obs.win_total, 33)] = 1
    assert row["win"] == win and row["win_fan"] == fan


@pytest.mark.parametrize("rules", names())
def test_each_channel_says_what_the_observation_says(rules: str) -> None:
    totals = [0] * 34
    for t in Game(rules, seed=0).variant.full_set():
        if t < 34:
            totals[t] += 1
    reached: Counter[str] = Counter()
    for k in range(4):
        for game in decisions(rules, k):
            s = game.to_act
            seats = range(game.n) if s is None else (s, (s + 1) % game.n)
            for seat in seats:
                obs = game.observe(seat)
                check_channels(obs, encode(obs), totals)
                reached[obs.phase] += 1
                reached["win legal"] += WIN in obs.legal_actions
                reached["melds"] += any(v.melds for v in obs.seats)
                reached["flowers"] += any(v.flowers for v in obs.seats)
                reached["void"] += any(v.void is not None for v in obs.seats)
                reached["won"] += any(v.won for v in obs.seats)
                reached["ready"] += any(v.declared_ready for v in obs.seats)
    # the games reached what the checks are about
    assert reached["claim"] and reached["melds"] and reached["end"]
    assert reached["win legal"]
    if rules == "mcr":
        assert reached["flowers"]
    if rules == "sichuan":
        assert reached["void"] and reached["won"] and reached["exchange"]
    if rules == "two-player":
        assert reached["ready"] and reached["pick"] and reached["swap"]


@pytest.mark.parametrize("rules", ["mcr", "two-player", "sichuan"])
def test_relative_seats_rotate(rules: str) -> None:
    """What seat q shows at relative seat r, seat q' shows at r + q - q'."""
    public = ("discards", "flowers", "sets")
    checked = 0
    for game in decisions(rules, 1):
        n = game.n
        xs = [encode(game.observe(q)) for q in range(n)]
        for q in range(n):
            for q2 in range(n):
                for r in range(n):
                    r2 = (r + q - q2) % n
                    for name in public:
                        assert np.array_equal(
                            xs[q][ROW[f"{name}_{r}"]], xs[q2][ROW[f"{name}_{r2}"]]
                        )
                    for name in ("declared_ready", "won", "dealer", "offered_by"):
                        assert xs[q][ROW[name], r] == xs[q2][ROW[name], r2]
                for r in range(n, 4):  # two-player: the rows of seats that are not there
                    for name in PER_SEAT:
                        assert not xs[q][ROW[f"{name}_{r}"]].any()
        checked += 1
    assert checked > 20
    # seat 0 is the dealer: the dealer row puts it at relative seat -q of observer q
    g = Game(rules, seed=2)
    for q in range(g.n):
        assert encode(g.observe(q))[ROW["dealer"], (-q) % g.n] == 1


def test_a_concealed_kong_is_hidden_from_the_others() -> None:
    rest = tile_set(range(34))[4:]
    random.Random(1).shuffle(rest)
    game = Game("common", seed=0, wall=[0, 0, 0, 0, *rest])  # the dealer holds four 1m
    kong = Action(ActionKind.KONG, 0)
    assert kong in game.legal_actions(0)
    game.step(kong, seat=0)
    own = encode(game.observe(0))
    assert own[ROW["own_concealed_kongs"], 0] == 1
    assert own[ROW["melds_0"], 0] == 4 and own[ROW["sets_0"], 0] == 4
    assert own[ROW["concealed_kongs"], 0] == 1
    for q in (1, 2, 3):
        x = encode(game.observe(q))
        r = (0 - q) % 4
        assert not x[ROW[f"melds_{r}"]].any() and not x[ROW[f"sets_{r}"]].any()
        assert x[ROW["concealed_kongs"], r] == 1
        assert not x[ROW["own_concealed_kongs"]].any()
        assert x[ROW["visible"], 0] == 0  # the kong's tiles are not seen either


def test_the_offered_tile_and_who_offers_it() -> None:
    """A claim: the offer row is the discard, offered_by the discarder relative to the
    seat asked."""
    found = 0
    for k in range(6):
        for game in decisions("mcr", k):
            if game.mode != "claim" or game.to_act is None:
                continue
            s = game.to_act
            obs = game.observe(s)
            x = encode(obs)
            assert obs.last_discard is not None and obs.last_discarder is not None
            assert list(np.flatnonzero(x[ROW["offer"]])) == [obs.last_discard]
            assert list(np.flatnonzero(x[ROW["offered_by"]])) == [(obs.last_discarder - s) % 4]
            found += 1
    assert found > 10
