"""A set of tiles in a hand: a chow, a pung (or kong) or a pair, declared or concealed.

It is the one shape every layer reads: ``shapes.decompose`` divides concealed tiles into
sets, a declared ``hand.Meld`` stands for one (``Meld.as_set``), and the rule sets score
hands as lists of them.  A kong is a pung with ``kong`` set, since every fan that reads
a pung reads a kong the same way.  Sets are few and immutable, so each is built once and
shared: ``concealed_set(kind, tile)``.

>>> from fanshu.tiles import Tile
>>> s = concealed_set(CHOW, Tile.M3)
>>> s, s.tiles
(Set(kind=<SetKind.CHOW: 0>, tile=<Tile.M3: 2>, concealed=True, kong=False, declared=False), \
(<Tile.M3: 2>, <Tile.M4: 3>, <Tile.M5: 4>))
>>> str(s), str(concealed_set(PAIR, Tile.EAST))
('345m', 'EE')
>>> concealed_set(PUNG, Tile.P9) is concealed_set(PUNG, Tile.P9)
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum

from fanshu.tiles import NUM_KINDS, TILES, Tile, format_tiles


class SetKind(IntEnum):
    """The shape of a set.  Ints, so that hot loops compare and index with them."""

    CHOW = 0  # three consecutive tiles of a suit; ``tile`` is the lowest
    PUNG = 1  # three (a kong: four) of a kind
    PAIR = 2  # two of a kind


CHOW, PUNG, PAIR = SetKind.CHOW, SetKind.PUNG, SetKind.PAIR


@dataclass(frozen=True, slots=True)
class Set:
    """One set: its kind and tile, ``concealed`` (not claimed from another player; a
    concealed kong is), ``kong`` (a pung of four), ``declared`` (a meld shown on the
    table, not part of the concealed tiles)."""

    kind: SetKind
    tile: Tile
    concealed: bool = True
    kong: bool = False
    declared: bool = False
    # The set's physical tiles, worked out once: results list them for every fan.
    tiles: tuple[Tile, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        t = self.tile
        if self.kind == CHOW:
            tiles = TILES[t : t + 3]
        else:
            tiles = (t,) * (2 if self.kind == PAIR else 4 if self.kong else 3)
        object.__setattr__(self, "tiles", tiles)

    def __str__(self) -> str:
        return format_tiles(self.tiles, sort=False)


#: Every set of concealed tiles, built once: ``CONCEALED_SETS[kind][tile]``.
CONCEALED_SETS: tuple[tuple[Set, ...], ...] = tuple(
    tuple(Set(kind, TILES[t]) for t in range(NUM_KINDS)) for kind in SetKind
)


def concealed_set(kind: int, tile: int) -> Set:
    """The shared ``Set`` of a concealed chow, pung or pair."""
    return CONCEALED_SETS[kind][tile]
