"""What one win would be worth: the rule set's own score and settlement of a finished hand.

:class:`Scorer` turns "this 13-tile hand completed by that tile, self-drawn or on a
discard" into a :class:`Win`: whether the rule set accepts it (MCR: at least 8 fan
without flowers; Sichuan: void in one suit, and in the player's own void suit when it is
chosen; Beijing: a hand with a claimed meld wins by self-draw only — the scorers say so),
its fan total (flowers included), the settlement points the player receives
(``RuleSet.settle`` with the player as winner; on a discard the mean over the opponents
as discarder, who is not known yet) and the counted fans (for the target fans).

The hand is scored with the player's seat and prevalent wind and flowers, the dealer
flag of the position (Beijing base points), and 和绝张 (``fourth_tile``) when the other
three copies of the winning tile are all visible or in the player's melds.  Results
are cached by hand, tile and manner within a :class:`Scorer` (one per call).

>>> from fanshu.analysis.position import Position
>>> from fanshu.notation import parse_hand
>>> from fanshu.shapes import counts_of
>>> p = Position(parse_hand("3456m345p34568sEE"))
>>> s = Scorer(p)
>>> after_6m = counts_of(parse_hand("345m345p34568sEE").concealed)
>>> w = s.win(tuple(after_6m), 15, self_drawn=False)  # 7s on a discard: 三色三同顺
>>> w.valid, w.fan, w.points
(True, 12, 36.0)
>>> s.win(tuple(counts_of(parse_hand("456m345p34568sEE").concealed)), 15, False).valid
False
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from fanshu.analysis.position import Position
from fanshu.hand import Hand, WinContext
from fanshu.rules import get_rules
from fanshu.tiles import FIRST_HONOR, NUM_KINDS, SUIT_SIZE, TILES, Tile

__all__ = ["ME", "Scorer", "Win"]

#: The player's name in the settlement calls.
ME = "me"


@dataclass(frozen=True, slots=True)
class Win:
    """One way to finish: accepted by the rule set or not, fan, points received, fans."""

    valid: bool
    fan: int
    points: float
    #: the counted fans as (name_zh, name_en, unit value)
    fans: tuple[tuple[str, str, int], ...] = ()


NO_WIN = Win(False, 0, 0.0)

#: Wins scored, shared by every Scorer (cleared when it holds this many).  Measured
#: with tracemalloc after ev-bot hands: ~420 B an entry (the key's counts and the Win
#: with its fan names), so at most ~21 MiB (200,000 entries were ~80 MiB).
SHARED_SIZE = 50_000
_SHARED: dict[tuple[object, ...], Win] = {}


class Scorer:
    """Scores the wins of one position (its rule set, options, context and melds)."""

    def __init__(self, position: Position) -> None:
        self.position = position
        self.rule_set = get_rules(position.rules)
        opts = position.options
        self.options: Any = opts if opts is not None else self.rule_set.default_options()
        self.minimum = self.rule_set.minimum
        hand = position.hand
        self.melds = hand.melds
        ctx = hand.context
        self._contexts = {
            (sd, last): WinContext(
                self_drawn=sd,
                fourth_tile=last,
                seat_wind=ctx.seat_wind,
                prevalent_wind=ctx.prevalent_wind,
                flowers=ctx.flowers,
                dealer=position.dealer,
                wildcard=ctx.wildcard,
            )
            for sd in (False, True)
            for last in (False, True)
        }
        self._melded = [0] * NUM_KINDS
        for m in self.melds:
            for t in m.tiles:
                self._melded[t] += 1
        seats = max(2, position.seats)
        others = [f"o{r}" for r in range(1, seats)]
        # Beijing reads the dealer as the first player when the winner is not the dealer
        self.players = [ME, *others] if position.dealer else [*others, ME]
        self.others = others
        # this position's wins (one Scorer serves one analysis call: bounded by the
        # hands that call looks at)
        self._cache: dict[tuple[tuple[int, ...], int, bool], Win] = {}
        # everything a win's score depends on besides the tiles: the key of the cache
        # shared by every Scorer (a bot asks about the same hands turn after turn)
        self._table: tuple[object, ...] = (
            position.rules,
            self.options,
            ctx.seat_wind,
            ctx.prevalent_wind,
            ctx.flowers,
            ctx.wildcard,
            position.dealer,
            self.melds,
            position.void if position.rules == "sichuan" else None,
            seats,
        )

    def is_last(self, wait: int) -> bool:
        """和绝张: the other three copies are on the table or in my melds."""
        return self.position.visible[wait] + self._melded[wait] >= 3

    def win(self, counts: tuple[int, ...], wait: int, self_drawn: bool) -> Win:
        """The win of the concealed ``counts`` (13 − 3 per meld) completed by ``wait``."""
        key = (counts, wait, self_drawn)
        found = self._cache.get(key)
        if found is None:
            last = self.is_last(wait) and not counts[wait]
            shared = (self._table, counts, wait, self_drawn, last)
            found = _SHARED.get(shared)
            if found is None:
                found = self._score(counts, wait, self_drawn, last)
                if len(_SHARED) >= SHARED_SIZE:
                    _SHARED.clear()
                _SHARED[shared] = found
            self._cache[key] = found
        return found

    def _score(self, counts: tuple[int, ...], wait: int, self_drawn: bool, last: bool) -> Win:
        void = self.position.void
        if void is not None and self.position.rules == "sichuan":
            lo = void * SUIT_SIZE
            if wait // SUIT_SIZE == void or any(counts[lo : lo + SUIT_SIZE]):
                return NO_WIN
            if any(m.tile < FIRST_HONOR and m.tile // SUIT_SIZE == void for m in self.melds):
                return NO_WIN
        tiles: list[Tile] = []
        for k, n in enumerate(counts):
            if n:
                tiles += [TILES[k]] * n
        # 和绝张 only when no copy is held: a held copy would be the last one otherwise
        ctx = self._contexts[(self_drawn, last)]
        concealed = tuple(tiles)
        hand = Hand.with_checked_tiles(concealed, self.melds, TILES[wait], ctx)
        result = self.rule_set.score(hand, self.options)
        if not result.is_win:
            return NO_WIN
        flowers = getattr(result, "flowers", 0)
        if self.minimum and result.total - flowers < self.minimum:
            return Win(False, result.total, 0.0)
        if self_drawn:
            points = float(self._settle(result, None))
        else:
            points = sum(self._settle(result, o) for o in self.others) / len(self.others)
        fans = tuple((e.name_zh, e.name_en, e.value) for e in getattr(result, "fans", ()))
        return Win(True, result.total, points, fans)

    def _settle(self, result: Any, discarder: str | None) -> int:
        paid = self.rule_set.settle(self.players, ME, discarder, result, self.options)
        return paid[ME]
