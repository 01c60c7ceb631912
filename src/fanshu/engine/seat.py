"""What one seat holds during a hand: concealed tiles as counts, melds, the discards it
made, flowers, and the facts the rules ask about (won, ready, void suit …)."""

from __future__ import annotations

from dataclasses import dataclass

from fanshu.analysis import wildcards
from fanshu.analysis.shanten import shanten, useful_tiles
from fanshu.hand import Meld
from fanshu.tiles import TILES, Tile


@dataclass(frozen=True, slots=True)
class WildTiles:
    """The wild tiles of this hand as the table counts them: the wild ``kind``, the
    ``shapes`` a wild tile may complete and the kinds it may ``stands_for`` (the
    variant's ``wild_shapes`` / ``wild_stands_for``).  The seats' waits use it, and the
    observation hands it to the bots so they count as the table does."""

    kind: int
    shapes: tuple[str, ...]
    stands_for: frozenset[int]


#: ``(tile,) * n`` for each kind and n = 0-4: the runs ``SeatState.tiles`` joins.
_RUNS = tuple(tuple((TILES[t],) * n for n in range(5)) for t in range(34))


class SeatState:
    __slots__ = (
        "at_start",
        "counts",
        "dead",
        "declared",
        "discards",
        "draws",
        "flowers",
        "given",
        "melds",
        "ready_since",
        "river",
        "void",
        "waits",
        "wild",
        "won",
    )

    def __init__(self) -> None:
        self.counts = [0] * 34
        self.melds: list[Meld] = []
        self.discards: list[int] = []  # every tile this seat discarded, in order
        self.river: list[int] = []  # those still on the table (not claimed)
        self.flowers: list[int] = []
        self.won = False
        self.dead = False  # MCR 错和: may no longer win or claim
        self.declared: int | None = None  # 报听: the event number of the declaration
        self.at_start = False  # 天听: declared with the starting hand
        self.ready_since: int | None = None  # the event number since the hand is ready
        self.void: int | None = None  # 定缺: the suit (0 万, 1 条, 2 饼)
        self.draws = 0
        self.given: list[int] = []  # tiles chosen for an exchange not yet made
        self.waits: frozenset[int] = frozenset()
        #: Set by the game when a kind is wild this hand (and wild tiles stand for
        #: something): the waits are then counted with wild tiles.
        self.wild: WildTiles | None = None

    def tiles(self) -> list[Tile]:
        """The concealed tiles, sorted."""
        out: list[Tile] = []
        for t, n in enumerate(self.counts):
            if n:
                out += _RUNS[t][n] if n < 5 else (TILES[t],) * n
        return out

    @property
    def size(self) -> int:
        return sum(self.counts)

    def update_waits(self) -> None:
        """Recompute what a 13-tile hand (a kong counts 3) waits on; with a wild kind,
        the kinds whose tile completes it with the wild tiles standing in (the wild
        kind among them whenever any kind is)."""
        m = len(self.melds)
        w = self.wild
        if w is not None:
            c, k, shapes, kinds = self.counts, w.kind, w.shapes, w.stands_for
            if wildcards.shanten(c, m, k, shapes=shapes, stands_for=kinds) == 0:
                self.waits = wildcards.useful_tiles(c, m, k, shapes=shapes, stands_for=kinds)
            else:
                self.waits = frozenset()
            return
        if shanten(self.counts, m) == 0:
            self.waits = useful_tiles(self.counts, m)
        else:
            self.waits = frozenset()

    def holds_suit(self, suit: int) -> bool:
        base = suit * 9
        return any(self.counts[base : base + 9])
