"""The player protocol, the random player, and what the other bots share: one seat's
tiles as counts with what it may use, and how a claim or kong changes them."""

from __future__ import annotations

import random
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from fanshu.analysis import wildcards
from fanshu.analysis.efficiency import (
    ALL_SHAPES,
    REGULAR_AND_PAIRS,
    best_discards,
    discard_shantens,
    useful_count,
)
from fanshu.engine.actions import Action, ActionKind
from fanshu.engine.observation import Observation
from fanshu.engine.players.counting import ALL, masked, overall, suit_mask, useful
from fanshu.engine.seat import WildTiles
from fanshu.hand import Meld, MeldKind
from fanshu.tiles import TILES

A = ActionKind
WIN = Action(A.WIN)
PASS = Action(A.PASS)
_DISCARDS = tuple(Action(A.DISCARD, t) for t in range(34))


@runtime_checkable
class Player(Protocol):
    def choose(self, observation: Observation) -> Action: ...


class RandomPlayer:
    """Uniform over the legal actions (seeded)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: Observation) -> Action:
        return self.rng.choice(observation.legal_actions)


@dataclass(slots=True)
class View:
    """One seat's tiles for the bots: concealed counts, melds, the unseen copies of each
    kind, the kinds it may use (Sichuan: not the void suit), whether the MCR special
    shapes (十三幺, 全不靠, 组合龙) win under the rule set, and the wild tiles of the
    hand as the table counts them (``Observation.wild``).

    ``shanten`` and ``useful`` count with the wild tiles standing in whenever the hand
    has a wild kind and is a whole hand (13 or 14 tiles, a kong counting 3); a part of
    a hand (the two-player exchanges) is counted plain.
    """

    counts: list[int]
    melds: tuple[Meld, ...]
    remaining: list[int]
    allowed: tuple[int, ...]
    special: bool
    wild: WildTiles | None = None

    @classmethod
    def of(cls, obs: Observation) -> View:
        void = obs.seats[obs.seat].void
        sichuan = obs.rules == "sichuan"
        allowed = suit_mask(*(s for s in range(3) if s != void)) if sichuan else ALL
        return cls(
            counts=obs.counts,
            melds=obs.melds,
            remaining=[4 - v if v < 4 else 0 for v in obs.visible],
            allowed=allowed,
            special=obs.rules != "sichuan",
            wild=obs.wild,
        )

    def _whole(self, c: Sequence[int], melds: int) -> WildTiles | None:
        """The wild tiles when ``c`` is a whole hand that holds the wild kind (a hand
        without a wild tile still counts the wild kind as a draw that helps)."""
        w = self.wild
        if w is None or sum(c) + 3 * melds not in (13, 14):
            return None
        return w

    def shanten(self, c: Sequence[int], melds: int) -> int:
        """The shanten of ``c`` (the kinds the seat may use) with ``melds`` made."""
        u = self.usable(c)
        w = self._whole(u, melds)
        if w is None:
            return overall(u, melds, self.special)
        return wildcards.shanten(u, melds, w.kind, shapes=w.shapes, stands_for=w.stands_for)

    def useful(self, c: Sequence[int], melds: int) -> int:
        """Unseen copies of the kinds whose draw lowers the shanten of ``c``."""
        u = self.usable(c)
        w = self._whole(u, melds)
        if w is None:
            if sum(u) + 3 * melds == 13:  # the pattern tables: the same count, faster
                rem = (
                    self.remaining if self.allowed is ALL else masked(self.remaining, self.allowed)
                )
                return useful_count(
                    u, melds, rem, ALL_SHAPES if self.special else REGULAR_AND_PAIRS
                )
            return useful(u, melds, self.remaining, self.allowed, self.special)
        if sum(u) + 3 * melds != 13:
            return useful(u, melds, self.remaining, self.allowed, self.special)
        kinds = wildcards.useful_tiles(u, melds, w.kind, shapes=w.shapes, stands_for=w.stands_for)
        return sum(self.remaining[t] for t in kinds if self.allowed[t])

    def best_discards(
        self, c: Sequence[int], melds: int, tiles: Collection[int]
    ) -> tuple[int, dict[int, int]] | None:
        """(the least :meth:`shanten` after discarding one of ``tiles`` from ``c``,
        ``{kind: useful copies}`` of the discards that reach it), what :meth:`shanten`
        and :meth:`useful` give one discard at a time, from the pattern tables of
        ``fanshu.analysis.efficiency`` in one pass; None when they do not apply (a wild
        kind at the table, or not 14 tiles of usable kinds: Sichuan with the void suit
        still held), and the caller tries the discards one by one."""
        if self.wild is not None:
            return None
        if self.allowed is ALL:
            if sum(c) + 3 * melds != 14:
                return None
            u, rem = c, self.remaining
        else:
            u = masked(c, self.allowed)
            if sum(u) + 3 * melds != 14:
                return None
            rem = masked(self.remaining, self.allowed)
        shapes = ALL_SHAPES if self.special else REGULAR_AND_PAIRS
        return best_discards(u, melds, rem, shapes, tiles)

    def discard_shantens(self, c: Sequence[int], melds: int) -> list[int] | None:
        """:meth:`shanten` of ``c`` less one tile of each kind (34 values, 99 for a kind
        not held) of a 14-tile hand, in one pass (``efficiency.discard_shantens``);
        None when the seat may not use every kind or a wild kind is at the table (the
        caller asks :meth:`shanten` discard by discard)."""
        if self.wild is not None or self.allowed is not ALL or sum(c) + 3 * melds != 14:
            return None
        return discard_shantens(c, melds, ALL_SHAPES if self.special else REGULAR_AND_PAIRS)

    def keeps_wild(self, t: int) -> bool:
        """Whether ``t`` is a wild tile (kept rather than thrown, among equals)."""
        return self.wild is not None and t == self.wild.kind

    def discardable(self, c: Sequence[int]) -> list[int]:
        """The kinds of ``c`` the seat may discard (Sichuan: the void suit first)."""
        held = [t for t in range(34) if c[t]]
        void = [t for t in held if not self.allowed[t]]
        return void or held

    def usable(self, c: Sequence[int]) -> list[int]:
        """``c`` without the kinds the seat may not use."""
        return list(c) if self.allowed is ALL else masked(c, self.allowed)


def claimed(c: Sequence[int], action: Action, tile: int) -> tuple[list[int], Meld] | None:
    """The counts and the new meld after claiming ``tile`` with ``action`` (pung, kong,
    chow), or None for another kind of action."""
    out = list(c)
    if action.kind is A.PUNG:
        out[tile] -= 2
        return out, Meld(MeldKind.PUNG, TILES[tile], 1)
    if action.kind is A.KONG:
        out[tile] -= 3
        return out, Meld(MeldKind.KONG, TILES[tile], 1)
    if action.kind is A.CHOW:
        lo = action.tile
        assert lo is not None
        for x in (lo, lo + 1, lo + 2):
            if x != tile:
                out[x] -= 1
        return out, Meld(MeldKind.CHOW, TILES[lo], tile - lo + 1)
    return None


def konged(
    c: Sequence[int], melds: tuple[Meld, ...], tile: int
) -> tuple[list[int], tuple[Meld, ...]]:
    """The counts and melds after a kong on one's own turn (concealed, or added to a pung)."""
    out = list(c)
    if out[tile] == 4:
        out[tile] = 0
        return out, (*melds, Meld(MeldKind.CONCEALED_KONG, TILES[tile]))
    out[tile] -= 1
    new = tuple(
        Meld(MeldKind.ADDED_KONG, m.tile, m.source)
        if m.kind is MeldKind.PUNG and m.tile == tile
        else m
        for m in melds
    )
    return out, new


def discard_tiles(legal: Sequence[Action]) -> list[int]:
    """The kinds the seat may discard now (plain or with 报听)."""
    return sorted({a.tile for a in legal if a.kind in (A.DISCARD, A.READY) and a.tile is not None})


def play_discard(legal: Sequence[Action], tile: int) -> Action:
    """``ready tile`` when 报听 is offered with that discard, else ``discard tile``."""
    for a in legal:
        if a.kind is A.READY and a.tile == tile:
            return a
    return _DISCARDS[tile]
