"""What must hold at every point of a game, whatever the players chose: checked by the
replay after every decision and usable by any test that drives a game.

- Tile conservation: every tile of the rule set's set is in exactly one place — the live
  wall, the tiles out of play (two-player ``pool``), the tiles turned up (a wildcard's
  indicator, ``Wall.turned``), a seat's concealed tiles (which hold
  a won tile), its melds (which hold the tiles it claimed), its river (discards still on
  the table), its flowers, or the tiles it has chosen for a Sichuan 换三张 not yet made.
- Zero sum: every settlement's payments add up to 0, the end scores are their sum, and
  the end scores add up to 0.

That only legal actions are played needs no check here: ``Game.step`` refuses anything
not in ``legal_actions()``.

>>> from fanshu.engine import Game
>>> g = Game("mcr", seed=2)
>>> conservation_errors(g)
[]
>>> g.seat[0].counts[0] += 1
>>> conservation_errors(g)[0]
'1m: 5 copies where the set has 4 (seat 0 hand 1, seat 1 hand 2, seat 3 hand 1, wall 1)'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from fanshu.errors import FanshuError
from fanshu.tiles import TILES

if TYPE_CHECKING:
    from fanshu.engine.game import Game


class InvariantError(FanshuError):
    """A game state or log that no sequence of legal actions can produce."""

    code = "invariant"


def tile_places(game: Game) -> list[tuple[str, list[int]]]:
    """Each place a tile can be, with the tiles there (tile ints)."""
    places: list[tuple[str, list[int]]] = [
        ("wall", game.wall.live()),
        ("pool", list(game.pool)),
        ("turned up", list(game.wall.turned)),
    ]
    for s, st in enumerate(game.seat):
        hand = [t for t in range(len(st.counts)) for _ in range(max(st.counts[t], 0))]
        places.append((f"seat {s} hand", hand))
        places.append((f"seat {s} melds", [int(t) for m in st.melds for t in m.tiles]))
        places.append((f"seat {s} river", list(st.river)))
        places.append((f"seat {s} flowers", list(st.flowers)))
        places.append((f"seat {s} exchange", list(st.given)))
    return places


def _full_set(game: Game) -> list[int]:
    """Copies of each tile (0-41) in the game's set (``Game.tile_set``)."""
    key = (type(game.variant), game.config.flowers)
    want = _FULL_SETS.get(key)
    if want is None:
        want = [0] * len(TILES)
        for t in game.tile_set:
            want[t] += 1
        _FULL_SETS[key] = want
    return want


_FULL_SETS: dict[tuple[type, bool], list[int]] = {}


def _conserved(game: Game) -> bool:
    """The quick check, run after every decision of a replay: the tiles everywhere add
    up to the set, and no hand count is negative."""
    seats = game.seat
    if any(min(st.counts) < 0 for st in seats):
        return False
    have = [*map(sum, zip(*(st.counts for st in seats), strict=True)), 0, 0, 0, 0, 0, 0, 0, 0]
    loose = game.wall.live()
    loose += game.pool
    loose += game.wall.turned
    for st in seats:
        loose += st.river
        loose += st.flowers
        loose += st.given
        for m in st.melds:
            loose += m.tiles
    try:
        for t in loose:
            have[t] += 1
    except (IndexError, TypeError):  # not a tile: the slow path names it
        return False
    return have == _full_set(game)


def conservation_errors(game: Game) -> list[str]:
    """What breaks tile conservation now, one message per tile kind (empty when it
    holds): a tile created (more copies than the set has, or a kind not in it), lost
    (fewer), or a negative count in a hand."""
    if _conserved(game):
        return []
    errors = [
        f"seat {s} hand holds {c} of {TILES[t].code}"
        for s, st in enumerate(game.seat)
        for t, c in enumerate(st.counts)
        if c < 0
    ]
    want = _full_set(game)
    have = [0] * len(TILES)
    where: list[dict[str, int]] = [{} for _ in TILES]
    for place, tiles in tile_places(game):
        for t in tiles:
            if not 0 <= t < len(TILES):
                errors.append(f"{place} holds {t!r}, which is not a tile")
                continue
            have[t] += 1
            where[t][place] = where[t].get(place, 0) + 1
    for t, (h, w) in enumerate(zip(have, want, strict=True)):
        if h != w:
            found = ", ".join(f"{p} {n}" for p, n in sorted(where[t].items())) or "nowhere"
            errors.append(f"{TILES[t].code}: {h} copies where the set has {w} ({found})")
    return errors


def check_conservation(game: Game) -> None:
    """Raise ``InvariantError`` if a tile was created or lost."""
    errors = conservation_errors(game)
    if errors:
        raise InvariantError(
            f"tile conservation broken after event {len(game.events) - 1}: " + "; ".join(errors)
        )


def settlement_errors(events: Sequence[Mapping[str, Any]], seats: int) -> list[str]:
    """What breaks zero sum in a game's events: a settlement whose payments do not add up
    to 0 (or are not one per seat), end scores that are not the sum of the settlements,
    or that do not add up to 0.  Messages name the event by its number."""
    errors: list[str] = []
    total = [0] * seats
    for seq, e in enumerate(events):
        kind = e.get("type")
        if kind == "settle":
            pay = _per_seat(e, "payments", seq, seats, errors)
            if pay is None:
                continue
            if sum(pay) != 0:
                errors.append(f"event {seq} (settle): payments {pay} add up to {sum(pay)}, not 0")
            total = [a + b for a, b in zip(total, pay, strict=True)]
        elif kind == "end":
            scores = _per_seat(e, "scores", seq, seats, errors)
            if scores is None:
                continue
            if scores != total:
                errors.append(
                    f"event {seq} (end): scores {scores} are not the sum of the settlements {total}"
                )
            if sum(scores) != 0:
                errors.append(f"event {seq} (end): scores {scores} add up to {sum(scores)}, not 0")
    return errors


def zero_sum_errors(game: Game) -> list[str]:
    """:func:`settlement_errors` of the game's events, and its running scores against
    them."""
    errors = settlement_errors(game.events, game.n)
    if sum(game.scores) != 0:
        errors.append(f"the scores {game.scores} add up to {sum(game.scores)}, not 0")
    return errors


def check_zero_sum(game: Game) -> None:
    """Raise ``InvariantError`` if the game's payments do not add up to 0."""
    errors = zero_sum_errors(game)
    if errors:
        raise InvariantError("zero sum broken: " + "; ".join(errors))


def _per_seat(
    e: Mapping[str, Any], key: str, seq: int, seats: int, errors: list[str]
) -> list[int] | None:
    """``e[key]`` when it is one whole number per seat; else None, and the fault (in the
    words of :func:`settlement_errors`) added to ``errors``."""
    value = e.get(key)
    if not _ints(value, seats):
        errors.append(f"event {seq} ({e.get('type')}): {key} {value!r} are not {seats} numbers")
        return None
    assert isinstance(value, list)
    return value


def _ints(value: object, n: int) -> bool:
    return (
        isinstance(value, list)
        and len(value) == n
        and all(isinstance(x, int) and not isinstance(x, bool) for x in value)
    )
