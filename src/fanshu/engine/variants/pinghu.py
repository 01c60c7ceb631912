"""Pinghu 台头 (平湖麻将, seed 001 ❹) at the table: 136 tiles (144 with the option
``flowers``: 有些地方打花), chows and pungs, a 百搭 each hand, one winner per discard.
Scoring and settlement are ``fanshu.rules.pinghu``'s (its ``score`` refuses a hand
under the 1-台 minimum, so the engine offers only the wins that count).

Readings fanshu takes where the seed is silent (docs/rules/pinghu.md):

- 百搭: after the deal a tile is turned up from the back of the wall (shown to all);
  the next kind (:func:`next_kind`: in its suit 9 → 1, 東南西北 round, 中發白 round) is
  wild, or the kind turned up with ``wildcard_pick="same"``.  A flower turned up is
  shown and another tile turned up.  No dice: the text throws none;
- a discarded 百搭 is only its face: no one may chow, pung, kong or win on it
  (``claim_wildcard`` False, the engine's default);
- a wild tile may stand for any kind in 4 sets + a pair or 十三幺 (no 七对);
- nothing but the win is paid (the text names no kong money): discarder 9 张 a 台, the
  two others 4; self-drawn 9 from each.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from fanshu.engine.variants.base import Table, Variant, WildcardDraw
from fanshu.engine.wall import tile_set
from fanshu.hand import Hand
from fanshu.rules.pinghu.evaluate import SHAPES
from fanshu.rules.pinghu.options import PinghuOptions
from fanshu.rules.pinghu.ruleset import RULES as PINGHU
from fanshu.tiles import FIRST_DRAGON, FIRST_FLOWER, FIRST_HONOR, NUM_KINDS, SUIT_SIZE
from fanshu.wild import ANY_KIND

_WINDS = FIRST_DRAGON - FIRST_HONOR
_DRAGONS = NUM_KINDS - FIRST_DRAGON


def next_kind(t: int) -> int:
    """The kind after ``t``: the next rank of its suit (9 → 1), the next wind
    (東 → 南 → 西 → 北 → 東), the next dragon (中 → 發 → 白 → 中).

    >>> from fanshu.tiles import Tile
    >>> [Tile(next_kind(t)).code for t in (Tile.M3, Tile.P9, Tile.NORTH, Tile.WHITE)]
    ['4m', '1p', 'E', 'C']
    """
    if not 0 <= t < NUM_KINDS:
        raise ValueError(f"a tile kind is 0-{NUM_KINDS - 1}, not {t}")
    if t < FIRST_HONOR:
        base = t - t % SUIT_SIZE
        return base + (t - base + 1) % SUIT_SIZE
    if t < FIRST_DRAGON:
        return FIRST_HONOR + (t - FIRST_HONOR + 1) % _WINDS
    return FIRST_DRAGON + (t - FIRST_DRAGON + 1) % _DRAGONS


class PinghuVariant(Variant):
    name = "pinghu"
    wild_shapes: ClassVar[tuple[str, ...]] = SHAPES
    wild_stands_for: ClassVar[frozenset[int]] = ANY_KIND

    def __new__(cls, option_data: Mapping[str, Any]) -> PinghuVariant:
        # The flowers are an option, and ``Variant.flowers`` a class fact the game reads:
        # a table with flowers is played by the subclass that says so.
        if cls is PinghuVariant and PINGHU.as_options(option_data).flowers:
            return super().__new__(PinghuFlowersVariant)
        return super().__new__(cls)

    def __init__(self, option_data: Mapping[str, Any]) -> None:
        super().__init__(option_data)
        self.pinghu: PinghuOptions = self.options

    def full_set(self) -> list[int]:
        return tile_set(range(NUM_KINDS), flowers=self.flowers)

    def choose_wildcard(self, game: Table) -> WildcardDraw:
        t = game.wall.turn_up()
        while t >= FIRST_FLOWER:  # a flower names no kind: show it, turn up another
            t = game.wall.turn_up()
        wild = t if self.pinghu.wildcard_pick == "same" else next_kind(t)
        return WildcardDraw(tile=wild, indicator=t)

    def may_win(self, game: Table, s: int, hand: Hand) -> bool:
        # the 1-台 minimum (起胡) is the rule set's: ``score`` says whether it is a win
        return bool(self.score(hand).is_win)


class PinghuFlowersVariant(PinghuVariant):
    """Pinghu with the eight flowers (option ``flowers``), one 台 each."""

    flowers = True
