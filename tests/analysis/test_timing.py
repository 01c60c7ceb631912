"""``fanshu.analysis.timing``: the per-turn model against a turn-by-turn simulation of
the same model, and the reach schedule against its Markov chain."""

from __future__ import annotations

import random

import pytest

from fanshu.analysis.timing import Timing, reach_schedule, ready_chances, survival


def _turn_by_turn(
    s_live: int, d_live: int, unseen: int, rounds: int, k: int, t: Timing
) -> tuple[float, float]:
    """The same model, one event at a time, exactly (no series)."""
    alive, p_self, p_discard = 1.0, 0.0, 0.0
    a = t.discard_factor * d_live / unseen
    for _ in range(rounds):
        for _ in range(k):
            alive *= 1 - t.hazard
            p_discard += alive * a
            alive *= 1 - a
        p_self += alive * s_live / unseen
        alive *= 1 - s_live / unseen
    return p_self, p_discard


@pytest.mark.parametrize("rounds", [0, 1, 5, 20])
@pytest.mark.parametrize(("s_live", "d_live"), [(4, 4), (4, 0), (0, 3), (8, 5)])
def test_series_is_the_turn_by_turn_sum(rounds: int, s_live: int, d_live: int) -> None:
    t = Timing(discard_factor=0.6, hazard=0.02)
    got = ready_chances(s_live, d_live, 70, rounds, 3, t)
    assert got == pytest.approx(_turn_by_turn(s_live, d_live, 70, rounds, 3, t))


def test_no_hazard_no_discards_is_plain_drawing() -> None:
    t = Timing(discard_factor=0.0, hazard=0.0)
    ps, pd = ready_chances(4, 4, 80, 10, 3, t)
    assert pd == 0.0 and ps == pytest.approx(1 - (1 - 4 / 80) ** 10)


def test_survival() -> None:
    t = Timing(0.5, 0.01)
    assert survival(0, 3, t) == 1.0
    assert survival(2, 3, t) == pytest.approx(0.99**6)


def test_reach_schedule_is_the_chain() -> None:
    """Against a seeded simulation of the chain."""
    rng = random.Random(1)
    later = (0.0, 0.2, 0.3)
    got = reach_schedule(0.4, 3, 12, later)
    runs = 40000
    hits = [0] * 12
    for _ in range(runs):
        left = 3
        for t in range(12):
            p = 0.4 if left == 3 else later[left]
            if rng.random() < p:
                left -= 1
                if left == 0:
                    hits[t] += 1
                    break
    for g, h in zip(got, hits, strict=True):
        assert g == pytest.approx(h / runs, abs=0.01)
    assert reach_schedule(0.4, 0, 5) == [0.0] * 5


def test_the_hazard_ramp() -> None:
    t = Timing(0.7, 0.06, ramp_from=4, ramp_to=16)
    assert t.hazard_at(0) == 0.0 and t.hazard_at(16) == t.hazard_at(40) == 0.06
    assert t.mean_hazard(4, 12) == pytest.approx(sum(0.005 * i for i in range(12)) / 12)
    # a ramped survival is the product of its rounds
    assert survival(3, 2, t, now=10) == pytest.approx(((1 - 0.03) * (1 - 0.035) * (1 - 0.04)) ** 2)
    assert sum(ready_chances(4, 4, 80, 8, 3, t, now=12)) < sum(ready_chances(4, 4, 80, 8, 3, t))


def test_rounds_played_from_the_wall() -> None:
    from fanshu.analysis.position import Position
    from fanshu.notation import parse_hand

    hand = parse_hand("123m456p789s23sEE")
    assert Position(hand).rounds_played == 0
    assert Position(hand, wall=83 - 40).rounds_played == 10
