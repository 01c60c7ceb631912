"""Stacked walls and small drivers for the engine tests (``tests/engine/``).

A test chooses the deal: the hands (13 tiles each, dealer first), the tiles drawn from
the front in order, the replacement tiles drawn from the back (``back``, first one
first) and, for tests of the wall's end, the last tiles of the front (``tail``).  The
rest of the tile set fills the middle in a fixed order (kinds ascending, MCR flowers
last), so a test that plays long enough meets the filler in a known order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from fanshu.engine import Action, ActionKind, Game
from fanshu.engine.wall import tile_set
from fanshu.notation import parse_tiles

#: The tile set of each rule set the engine plays, and its wall size.
FULL_SETS: dict[str, list[int]] = {
    "mcr": tile_set(range(34), flowers=True),
    "sichuan": tile_set(range(27)),
    "two-player": tile_set(range(34)),
    "beijing": tile_set(range(34)),
}
SEATS = {"mcr": 4, "sichuan": 4, "two-player": 2, "beijing": 4}
SIZES = {"mcr": 144, "sichuan": 108, "two-player": 71, "beijing": 136}

PASS = Action(ActionKind.PASS)
WIN = Action(ActionKind.WIN)


def tiles(text: str) -> list[int]:
    """Tile ints from a fanshu tile string (``"123m EE 1f"``; flowers ``1f``-``8f``)."""
    return [int(t) for t in parse_tiles(text)]


def codes(ts: Sequence[int]) -> list[str]:
    """Tile codes of tile ints, as the events write them."""
    from fanshu.tiles import TILES

    return [TILES[t].code for t in ts]


def wall(
    rules: str,
    hands: Sequence[str],
    draws: str = "",
    *,
    back: str = "",
    tail: str = "",
) -> list[int]:
    """A stacked wall for ``rules``: ``hands`` dealt dealer first, then ``draws`` from the
    front, ``tail`` as the last tiles of the front (the last one last), ``back`` the
    replacement draws (first one first)."""
    full = FULL_SETS[rules]
    if len(hands) != SEATS[rules]:
        raise ValueError(f"{rules} deals {SEATS[rules]} hands, not {len(hands)}")
    dealt = [tiles(h) for h in hands]
    for i, h in enumerate(dealt):
        if len(h) != 13:
            raise ValueError(f"hand {i} has {len(h)} tiles, not 13: {hands[i]!r}")
    front = [t for h in dealt for t in h] + tiles(draws)
    end = tiles(tail)
    rear = list(reversed(tiles(back)))
    rest = list(full)
    for t in [*front, *end, *rear]:
        try:
            rest.remove(t)
        except ValueError:
            raise ValueError(f"too many copies of {codes([t])[0]} in the stacked wall") from None
    size = SIZES[rules]
    fill = size - len(front) - len(end) - len(rear)
    if fill < 0:
        raise ValueError(f"the stacked tiles exceed the wall of {size}")
    return [*front, *rest[:fill], *end, *rear]


def game(rules: str, hands: Sequence[str], draws: str = "", **kw: Any) -> Game:
    """A game on a stacked wall; ``back``/``tail`` go to :func:`wall`, the rest to Game."""
    w = wall(rules, hands, draws, back=kw.pop("back", ""), tail=kw.pop("tail", ""))
    return Game(rules, wall=w, **kw)


def act(g: Game, seat: int, action: str | Action) -> None:
    """Seat ``seat`` (which must be the one asked) takes ``action``."""
    assert g.to_act == seat, f"seat {g.to_act} is asked, not {seat}: {g.events[-3:]}"
    g.step(action, seat=seat)


def legal(g: Game, seat: int | None = None) -> list[str]:
    """The legal actions of ``seat`` (default: the one asked), as text."""
    return [str(a) for a in g.legal_actions(seat)]


def of_type(g: Game, kind: str) -> list[dict[str, Any]]:
    """The events of one type, in order."""
    return [e for e in g.events if e["type"] == kind]


def settlements(g: Game) -> list[list[int]]:
    """The payments of every settle event, in order."""
    return [e["payments"] for e in of_type(g, "settle")]


def hand_counts(g: Game, seat: int) -> list[int]:
    """A seat's concealed tile counts (34 kinds)."""
    return list(g.seat[seat].counts)


def drawn_tile(g: Game, seat: int) -> int | None:
    """The tile ``seat`` just drew, as its observation shows it."""
    d = g.observe(seat).drawn
    return None if d is None else int(d)


def play_out(
    g: Game,
    *,
    stop: Callable[[Game], bool] = lambda g: False,
    limit: int = 2000,
) -> None:
    """Play on without changing any hand: pass every claim, rob and offer, and discard
    the tile just drawn (or the first legal discard) until the hand ends or ``stop``."""
    for _ in range(limit):
        if g.done or stop(g):
            return
        s = g.to_act
        assert s is not None
        options = g.legal_actions()
        if PASS in options:
            g.step(PASS)
            continue
        t = drawn_tile(g, s)
        d = Action(ActionKind.DISCARD, t)
        g.step(d if d in options else next(a for a in options if a.kind is ActionKind.DISCARD))
    raise AssertionError("the hand did not end")


def wall_tiles_accounted(g: Game) -> list[int]:
    """Every tile of the game: hands, melds, rivers, flowers, tiles set aside for an
    exchange, the live wall, the tiles turned up and the pool (claimed tiles are in
    melds, not rivers), as sorted tile ints."""
    out: list[int] = []
    for st in g.seat:
        out += [t for t in range(34) for _ in range(st.counts[t])]
        for m in st.melds:
            out += [int(t) for t in m.tiles]
        out += st.river
        out += st.flowers
        out += st.given
    out += g.wall.live()
    out += g.wall.turned  # a wildcard's indicator, shown
    out += g.pool
    return sorted(out)
