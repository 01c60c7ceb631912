"""The danger of a discard: what the model reads from a position, and the rules it
must keep whatever its measured numbers are (a tile that cannot win is safe; a declared
ready opponent is ready; a big hand costs more)."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from fanshu.analysis.danger import (
    BIG,
    CONCEALED,
    MODELS,
    NO_DANGER,
    OPEN,
    P_MAX,
    STAGE_TURNS,
    Danger,
    DangerModel,
    calibrated,
    danger,
    dangers,
    model_for,
    shows,
    stage_of,
    tile_class,
)
from fanshu.analysis.position import Opponent, Position
from fanshu.hand import Meld, MeldKind
from fanshu.notation import parse_hand
from fanshu.tiles import Tile

HAND = parse_hand("3456m345p34568sEE")  # 14 tiles: 3m … 8s, two East


def raw(rules: str) -> DangerModel:
    """The rule set's model without its last Platt map: its factors multiply exactly."""
    return replace(model_for(rules), calibration=(0.0, 1.0))


def seen(**copies: int) -> tuple[int, ...]:
    """A visible table with ``copies`` of the tiles named by code (``s8=2``)."""
    v = [0] * 34
    for code, n in copies.items():
        v[Tile.from_code(code[1:] + code[0])] = n
    return tuple(v)


def pos(
    *opponents: Opponent,
    rules: str = "mcr",
    wall: int | None = 40,
    visible: tuple[int, ...] = (0,) * 34,
) -> Position:
    seats = 2 if rules == "two-player" else 4
    return Position(HAND, rules=rules, wall=wall, seats=seats, opponents=opponents, visible=visible)


def test_to_dict_has_the_contract_keys() -> None:
    d = danger(pos(), Tile.EAST).to_dict()
    assert set(d) == {"p_deal_in", "expected_loss", "by_opponent"}
    assert isinstance(d["by_opponent"], list)
    assert NO_DANGER.to_dict() == {"p_deal_in": 0.0, "expected_loss": 0.0, "by_opponent": []}


@pytest.mark.parametrize(("rules", "others"), [("mcr", 3), ("sichuan", 3), ("two-player", 1)])
def test_no_opponents_given_assumes_seats_minus_one(rules: str, others: int) -> None:
    hand = parse_hand("3456m345p34568s99s") if rules == "sichuan" else HAND
    seats = 2 if rules == "two-player" else 4
    p = Position(hand, rules=rules, wall=30, seats=seats)
    d = danger(p, Tile.M3)
    assert len(d.by_opponent) == others
    assert 0.0 < d.p_deal_in < 1.0


def test_p_deal_in_joins_the_opponents_as_independent_chances() -> None:
    d = danger(pos(Opponent(relative=1), Opponent(relative=2), Opponent(relative=3)), Tile.M5)
    assert math.isclose(d.p_deal_in, 1 - math.prod(1 - p for p in d.by_opponent))
    assert all(0.0 <= p <= P_MAX for p in d.by_opponent)


def test_an_honour_with_every_other_copy_seen_cannot_be_waited_on() -> None:
    # two East in hand, two on the table: nobody can hold East to wait with
    dead = pos(Opponent(relative=1), Opponent(relative=2), Opponent(relative=3), visible=seen(E=2))
    live = pos(Opponent(relative=1), Opponent(relative=2), Opponent(relative=3))
    assert danger(dead, Tile.EAST).p_deal_in == 0.0
    assert danger(live, Tile.EAST).p_deal_in > 0.0


def test_an_opponent_already_out_is_no_danger() -> None:
    d = danger(pos(Opponent(relative=1, won=True), Opponent(relative=2)), Tile.M5)
    assert d.by_opponent[0] == 0.0
    assert d.by_opponent[1] > 0.0


def test_sichuan_a_tile_of_the_opponents_void_suit_never_wins_it() -> None:
    hand = parse_hand("3456m345p34568s99s")
    p = Position(
        hand,
        rules="sichuan",
        wall=30,
        opponents=(Opponent(relative=1, void=0, discards=(Tile.S2,)), Opponent(relative=2)),
    )
    d = dangers(p, (Tile.M5, Tile.S5))
    assert d[Tile.M5].by_opponent[0] == 0.0  # 万 is its void suit
    assert d[Tile.S5].by_opponent[0] > 0.0
    assert d[Tile.M5].by_opponent[1] > 0.0


def test_sichuan_an_opponent_still_throwing_its_void_suit_is_less_often_ready() -> None:
    hand = parse_hand("3456m345p34568s99s")
    m = raw("sichuan")

    def by(last: Tile) -> float:
        o = Opponent(relative=1, void=2, discards=(Tile.S1, last))
        return danger(
            Position(hand, rules="sichuan", wall=30, opponents=(o,)), Tile.M5, model=m
        ).p_deal_in

    assert math.isclose(by(Tile.P9), by(Tile.S9) * m.void_last, rel_tol=1e-9)
    assert m.void_last < 1.0


def test_a_declared_ready_opponent_is_ready() -> None:
    m = raw("two-player")
    quiet = danger(pos(Opponent(relative=1), rules="two-player"), Tile.M5, model=m)
    ready = danger(
        pos(Opponent(relative=1, declared_ready=True), rules="two-player"), Tile.M5, model=m
    )
    assert ready.p_deal_in > quiet.p_deal_in
    # P(ready) is 1: what is left is P(5m wins | ready), the wait table's cell at the turn
    live = pos(rules="two-player").unseen[Tile.M5]
    stage = stage_of((m.wall_start - 40) // 2, m)  # pos() has 40 tiles in the wall
    cell = m.wait[tile_class(Tile.M5)][min(live, 3)] * m.wait_turn[stage]
    assert math.isclose(ready.p_deal_in, cell)


def test_the_wait_table_is_weighed_by_the_turn() -> None:
    m = raw("two-player")
    declared = Opponent(relative=1, declared_ready=True)

    def p(wall: int) -> float:
        return danger(pos(declared, rules="two-player", wall=wall), Tile.M5, model=m).p_deal_in

    early, late = p(m.wall_start - 2), p(m.wall_start - 2 * 4 * STAGE_TURNS)
    assert stage_of(1, m) == 0 and stage_of(4 * STAGE_TURNS, m) == 4
    assert math.isclose(late / early, m.wait_turn[4] / m.wait_turn[0], rel_tol=1e-9)


def test_a_tile_the_opponent_threw_is_safer_but_not_safe_in_mcr() -> None:
    m = raw("mcr")
    thrown = danger(pos(Opponent(relative=1, discards=(Tile.M5,))), Tile.M5, model=m).p_deal_in
    fresh = danger(pos(Opponent(relative=1, discards=(Tile.M9,))), Tile.M5, model=m).p_deal_in
    assert 0.0 < thrown < fresh  # no furiten: measured, not zero
    assert math.isclose(thrown / fresh, m.own_discard, rel_tol=1e-9)


def test_the_expected_loss_weighs_what_the_opponent_shows() -> None:
    m = model_for("mcr")
    dragons = Opponent(relative=1, melds=(Meld(MeldKind.PUNG, Tile.RED, 1),))
    plain = Opponent(relative=1, melds=(Meld(MeldKind.CHOW, Tile.M1, 1),))
    hidden = Opponent(relative=1)
    assert [shows(o.melds, o.concealed_kongs) for o in (hidden, plain, dragons)] == [
        CONCEALED,
        OPEN,
        BIG,
    ]
    for o, column in ((dragons, BIG), (plain, OPEN), (hidden, CONCEALED)):
        d = danger(pos(o), Tile.S9)
        assert math.isclose(d.expected_loss, d.p_deal_in * m.cost[column])


def test_big_signs_a_flush_two_pungs_or_three_melds() -> None:
    chow = Meld(MeldKind.CHOW, Tile.M1, 1)
    assert shows((chow, Meld(MeldKind.CHOW, Tile.M4, 1)), 0) == BIG  # one suit
    assert shows((chow, Meld(MeldKind.PUNG, Tile.S4, 1)), 0) == OPEN
    assert shows((Meld(MeldKind.PUNG, Tile.S4, 1),), 1) == BIG  # two pungs
    assert shows((chow, Meld(MeldKind.CHOW, Tile.S4, 1), Meld(MeldKind.CHOW, Tile.P4, 1)), 0) == BIG
    assert shows((Meld(MeldKind.PUNG, Tile.EAST, 1),), 0) == OPEN  # a wind is no dragon


def test_a_tile_the_later_seats_threw_since_the_opponents_discard_is_passed() -> None:
    m = raw("mcr")
    first = Opponent(relative=1, discards=(Tile.M9,))

    def p(later: Tile) -> float:
        return danger(
            pos(first, Opponent(relative=2, discards=(later,))), Tile.M5, model=m
        ).by_opponent[0]

    assert math.isclose(p(Tile.M5), p(Tile.EAST) * m.passed, rel_tol=1e-9)
    # the seat before it threw 5m before its turn: no evidence for the seat after
    d = danger(pos(first, Opponent(relative=2, discards=(Tile.M5,))), Tile.M5, model=m)
    fresh = danger(pos(first, Opponent(relative=2, discards=(Tile.EAST,))), Tile.M5, model=m)
    assert math.isclose(d.by_opponent[1], fresh.by_opponent[1] * m.own_discard, rel_tol=1e-9)


def test_a_suit_the_opponent_never_threw_is_quiet() -> None:
    m = raw("mcr")
    quiet = (Tile.M1, Tile.M2, Tile.M9, Tile.S1, Tile.S9, Tile.EAST)
    noisy = (Tile.M1, Tile.M2, Tile.M9, Tile.S1, Tile.S9, Tile.P9)
    a = danger(pos(Opponent(relative=1, discards=quiet)), Tile.P4, model=m).p_deal_in
    b = danger(pos(Opponent(relative=1, discards=noisy)), Tile.P4, model=m).p_deal_in
    assert math.isclose(a, b * m.quiet_suit, rel_tol=1e-9)
    few = danger(pos(Opponent(relative=1, discards=quiet[:5])), Tile.P4, model=m).p_deal_in
    assert math.isclose(few, b, rel_tol=1e-9)  # five discards say nothing yet


def test_a_flush_signal_makes_its_suit_hotter_than_another() -> None:
    m = raw("mcr")
    flush = Opponent(
        relative=1, melds=(Meld(MeldKind.CHOW, Tile.S1, 1), Meld(MeldKind.PUNG, Tile.S9, 1))
    )
    d = dangers(pos(flush), (Tile.S4, Tile.P4), model=m)
    assert d[Tile.S4].p_deal_in > d[Tile.P4].p_deal_in
    ratio = d[Tile.S4].p_deal_in / d[Tile.P4].p_deal_in
    assert math.isclose(ratio, m.flush_in / m.flush_out, rel_tol=1e-9)


def test_dangers_agrees_with_danger_and_names_a_bad_tile() -> None:
    p = pos(Opponent(relative=1, discards=(Tile.M3, Tile.EAST)), Opponent(relative=2))
    many = dangers(p, range(34))
    assert set(many) == set(range(34))
    assert all(many[t] == danger(p, t) for t in (0, 5, 27, 33))
    assert all(isinstance(v, Danger) and v.expected_loss >= 0.0 for v in many.values())
    with pytest.raises(ValueError, match="34 tile kinds"):
        danger(p, 34)


def test_the_measured_tables_have_their_shape() -> None:
    for name, m in MODELS.items():
        assert all(len(row) == 5 for row in m.ready), name
        assert len(m.wait) == 5 and all(len(row) == 4 for row in m.wait), name
        assert m.wait[0][0] == 0.0, name  # a dead honour cannot be waited on
        assert all(0.0 <= x <= 1.0 for row in (*m.ready, *m.wait) for x in row), name
        assert len(m.cost) == 4 and all(c > 0 for c in m.cost), name
        assert len(m.ready_any) == len(m.ready), name


def test_the_shipped_model_applies_its_platt_map() -> None:
    m = model_for("mcr")
    p = pos(Opponent(relative=1, discards=(Tile.M9,)))
    plain = danger(p, Tile.M5, model=raw("mcr")).by_opponent[0]
    assert math.isclose(danger(p, Tile.M5).by_opponent[0], calibrated(plain, m.calibration))


def test_four_melds_leave_a_single_wait_so_the_opponent_is_ready() -> None:
    for name, m in MODELS.items():
        assert all(row[4] == 1.0 for row in m.ready), name


def test_the_platt_map_keeps_order_and_a_safe_tile_safe() -> None:
    ab = (0.4, 1.3)
    ps = [0.001, 0.01, 0.05, 0.2, 0.5]
    out = [calibrated(p, ab) for p in ps]
    assert out == sorted(out) and len(set(out)) == len(out)
    assert calibrated(0.0, ab) == 0.0
    assert calibrated(0.9, (3.0, 2.0)) == P_MAX
