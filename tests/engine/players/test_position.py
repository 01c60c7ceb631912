"""position_of: a seat's observation as the analysis' Position — its own hand with the
draw, the tiles seen outside it, the other seats in turn order, the tile on offer, the
rule set's options — checked against the engine's own state on played hands."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

import pytest

from fanshu.analysis.position import Position
from fanshu.engine import Game, GameConfig, Observation
from fanshu.engine.players import make_player
from fanshu.engine.players.position import held_counts, position_of
from fanshu.hand import MeldKind
from fanshu.rules import get_rules
from fanshu.tiles import Tile

RULES = ("mcr", "sichuan", "two-player", "beijing")


Options = Mapping[str, object] | None


def observations(
    rules: str, seed: int, config: GameConfig | None = None, options: Options = None
) -> Iterator[tuple[Game, Observation]]:
    """Every decision of one hand between greedy bots: the game and the observation of
    the seat asked, before it acts."""
    g = Game(rules, seed=seed, config=config, options=options)
    bots = [make_player("greedy", seed * 10 + s) for s in range(g.n)]
    while not g.done:
        s = g.to_act
        assert s is not None
        obs = g.observe(s)
        yield g, obs
        g.step(bots[s].choose(obs))


def first(
    rules: str,
    want: Callable[[Game, Observation], bool],
    seeds: range = range(60),
    *,
    config: GameConfig | None = None,
    options: Options = None,
) -> tuple[Game, Observation]:
    """The first decision ``want`` picks, over the hands of ``seeds``."""
    for seed in seeds:
        for g, obs in observations(rules, seed, config, options):
            if want(g, obs):
                return g, obs
    raise AssertionError(f"no {rules} decision of the kind wanted in seeds {seeds}")


def table_tiles(g: Game, me: int) -> list[int]:
    """The copies on the table outside ``me``'s hand, from the engine's own seats:
    every river and every other seat's melds (kongs as four, concealed ones too)."""
    c = [0] * 34
    for q, st in enumerate(g.seat):
        for t in st.river:
            c[t] += 1
        if q == me:
            continue
        for m in st.melds:
            if m.kind is not MeldKind.CONCEALED_KONG:
                for t in m.tiles:
                    c[t] += 1
    return c


@pytest.mark.parametrize("rules", RULES)
def test_visible_is_the_table_outside_the_own_hand(rules: str) -> None:
    checked = 0
    for seed in range(3):
        for g, obs in observations(rules, seed):
            if obs.phase not in ("turn", "claim", "rob"):
                continue
            p = position_of(obs)
            assert isinstance(p, Position)
            table = table_tiles(g, obs.seat)
            if p.offered is not None:  # held by the analysis, not seen
                table[p.offered] -= 1
            assert list(p.visible) == table, (rules, seed, obs.phase)
            held = list(g.seat[obs.seat].counts)
            for m in g.seat[obs.seat].melds:
                for t in m.tiles:
                    held[t] += 1
            assert held_counts(obs) == held
            assert all(v + h <= 4 for v, h in zip(p.visible, held, strict=True))
            assert all(u >= 0 for u in p.unseen)
            assert p.hand.counts() == held
            checked += 1
    assert checked > 50


@pytest.mark.parametrize("rules", RULES)
def test_on_its_turn_the_hand_holds_the_draw(rules: str) -> None:
    g, obs = first(rules, lambda g, o: o.phase == "turn" and o.drawn is not None and bool(o.melds))
    p = position_of(obs)
    assert p.hand.tile_count == 14
    assert p.hand.winning_tile == obs.drawn
    assert sorted(p.hand.concealed_with_winning) == sorted(obs.hand)
    assert p.hand.melds == obs.melds
    assert p.offered is None and p.offered_by is None
    assert p.wall == obs.wall_remaining == g.wall.remaining
    assert p.seats == g.n and p.rules == rules


def test_after_a_claim_the_fourteen_tiles_have_no_draw() -> None:
    _, obs = first("mcr", lambda g, o: o.phase == "turn" and o.drawn is None)
    p = position_of(obs)
    assert p.hand.tile_count == 14
    assert sorted(p.hand.concealed_with_winning) == sorted(obs.hand)


@pytest.mark.parametrize("rules", ["mcr", "sichuan", "two-player"])
def test_a_claim_offers_the_discard_and_names_its_discarder(rules: str) -> None:
    def wanted(g: Game, o: Observation) -> bool:
        if o.phase != "claim" or o.last_discarder is None:
            return False
        return g.n == 2 or (o.last_discarder - o.seat) % g.n > 1  # not only from the left

    g, obs = first(rules, wanted)
    p = position_of(obs)
    assert p.offered == obs.last_discard is not None
    assert obs.last_discarder is not None
    assert p.offered_by == (obs.last_discarder - obs.seat) % g.n
    assert p.hand.tile_count == 13 and p.hand.winning_tile is None
    discarder = p.opponents[p.offered_by - 1]
    assert discarder.relative == p.offered_by
    assert discarder.discards[-1] == p.offered  # still on the table while on offer


@pytest.mark.parametrize("rules", ["mcr", "sichuan"])
def test_opponents_come_in_turn_order(rules: str) -> None:
    g, obs = first(rules, lambda g, o: sum(len(v.discards) > 1 for v in o.seats) == 4)
    p = position_of(obs)
    assert [o.relative for o in p.opponents] == [1, 2, 3]
    for o in p.opponents:
        q = (obs.seat + o.relative) % 4
        assert o.discards == tuple(Tile(t) for t in g.seat[q].river)
        assert o.won == g.seat[q].won


def test_the_win_context_is_the_seats() -> None:
    cfg = GameConfig(dealer=2, prevalent_wind=1)
    g, obs = first("mcr", lambda g, o: bool(o.seats[o.seat].flowers) and o.seat != 2, config=cfg)
    p = position_of(obs)
    ctx = p.hand.context
    assert ctx.seat_wind == Tile(27 + obs.seat_wind) == Tile(27 + (obs.seat - 2) % 4)
    assert ctx.prevalent_wind == Tile.SOUTH
    assert ctx.flowers == len(g.seat[obs.seat].flowers) > 0
    assert p.dealer is False and ctx.dealer is False
    _, dealer_obs = first("mcr", lambda g, o: o.seat == 2, config=cfg)
    assert position_of(dealer_obs).dealer is True


def test_a_concealed_kong_of_another_seat_is_only_counted() -> None:
    def others_concealed_kong(g: Game, o: Observation) -> bool:
        return any(m is None for q, v in enumerate(o.seats) if q != o.seat for m in v.melds)

    g, obs = first("mcr", others_concealed_kong, seeds=range(400))
    p = position_of(obs)
    kongs = sum(o.concealed_kongs for o in p.opponents)
    assert kongs >= 1
    for o in p.opponents:
        q = (obs.seat + o.relative) % 4
        hidden = [m for m in g.seat[q].melds if m.kind is MeldKind.CONCEALED_KONG]
        assert o.concealed_kongs == len(hidden)
        assert all(m.kind is not MeldKind.CONCEALED_KONG for m in o.melds)
        assert len(o.melds) + o.concealed_kongs == len(g.seat[q].melds)
        for m in hidden:  # its tiles are not seen
            assert p.visible[m.tile] == table_tiles(g, obs.seat)[m.tile]


def test_sichuan_voids_are_the_seats_and_public_once_chosen() -> None:
    _, obs = first("sichuan", lambda g, o: o.phase == "turn" and all(
        v.void is not None for v in o.seats))  # fmt: skip
    p = position_of(obs)
    assert p.void == obs.seats[obs.seat].void is not None
    assert [o.void for o in p.opponents] == [obs.seats[(obs.seat + r) % 4].void for r in (1, 2, 3)]


def test_two_player_declared_ready_is_shown() -> None:
    _, obs = first("two-player", lambda g, o: o.seats[1 - o.seat].declared_ready, seeds=range(200))
    (o,) = position_of(obs).opponents
    assert o.declared_ready is True and o.relative == 1


def test_the_rule_options_are_the_games() -> None:
    opts = {"two_concealed_kongs": 8}
    _, obs = first("mcr", lambda g, o: True, options=opts)
    p = position_of(obs)
    assert p.options == get_rules("mcr").options_from(opts)
    assert p.options != get_rules("mcr").default_options()
