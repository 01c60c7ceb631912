"""What every variant decides, with the defaults most rule sets share."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Literal, Protocol

from fanshu.engine.actions import Action, ActionKind
from fanshu.engine.config import GameConfig
from fanshu.engine.events import Event
from fanshu.engine.seat import SeatState
from fanshu.engine.wall import Wall
from fanshu.hand import Hand
from fanshu.rules import get_rules

#: How a kong was made, as ``Variant.on_kong`` is told: on a discard, added to a pung,
#: or concealed.
KongMade = Literal["direct", "added", "concealed"]


class Table(Protocol):
    """The game as a variant (and a seat's observation) sees it: the public surface of
    ``fanshu.engine.game.Game``, which satisfies it.

    Why a protocol and not ``Game`` itself: the game is assembled from its variant and
    builds observations, so it imports them; were they to import the game back (even
    for type hints only) the three would form an import cycle.  They depend on this
    contract instead, and the game sits on top of all three.
    """

    rules: str
    n: int
    config: GameConfig
    variant: Variant
    seat: list[SeatState]
    scores: list[int]
    events: list[Event]
    winners: list[int]
    wall: Wall
    pool: list[int]
    rng: random.Random
    visible: list[int]
    done: bool
    claims_made: bool
    kong_settlements: list[Any]

    @property
    def mode(self) -> str: ...
    @mode.setter
    def mode(self, mode: str) -> None: ...
    @property
    def drawn(self) -> int | None: ...
    @drawn.setter
    def drawn(self, tile: int | None) -> None: ...
    @property
    def after_kong(self) -> bool: ...
    @after_kong.setter
    def after_kong(self, value: bool) -> None: ...
    @property
    def turn(self) -> int: ...
    @property
    def offered_tile(self) -> int | None: ...
    @property
    def offered_by(self) -> int | None: ...
    @property
    def to_act(self) -> int | None: ...

    def legal_actions(self, seat: int | None = None) -> list[Action]: ...
    def win_hand(self, seat: int) -> Hand: ...
    def next_seat(self, s: int) -> int: ...
    def start_turn(self, s: int, *, replacement: bool = False) -> None: ...
    def ask_turn(self, s: int, *, drew: bool = True) -> None: ...
    def ask(self, s: int, legal: list[Action]) -> None: ...
    def emit(self, event: Event) -> None: ...
    def pay(self, payments: Mapping[int, int], reason: str) -> None: ...
    def hand_with(
        self, s: int, t: int, *, self_drawn: bool = False, robbing: bool = False
    ) -> Hand: ...
    def win_self(self, s: int, t: int) -> None: ...
    def finish(self, how: Literal["win", "drawn"]) -> None: ...


class Variant:
    """A rule set as the engine plays it.  Subclasses set the class facts and override
    the hooks that differ; one instance belongs to one game."""

    name: ClassVar[str] = ""
    seats: ClassVar[int] = 4
    chow: ClassVar[bool] = True
    flowers: ClassVar[bool] = False
    #: 一炮多响: every claimant may win on one discard (else the first in turn order).
    multiple_winners: ClassVar[bool] = False
    #: Does a win on the discard after a kong count (杠上炮)?
    kong_discard: ClassVar[bool] = False
    #: Tiles in play, when fewer than the whole set (two-player: 71).
    wall_size: ClassVar[int | None] = None

    def __init__(self, option_data: Mapping[str, Any]) -> None:
        self.rules = get_rules(self.name)
        self.option_data = dict(option_data)
        self.options = self.rules.options_from(self.option_data)

    def options_dict(self) -> dict[str, Any]:
        return dict(self.option_data)

    def players(self) -> list[str]:
        """Seat names for the rule set's settlement functions."""
        return [str(s) for s in range(self.seats)]

    def full_set(self) -> list[int]:
        raise NotImplementedError

    # -- flow hooks -------------------------------------------------------------

    def begin(self, game: Table) -> None:
        """After the deal: the dealer's first turn (or the setup phases first)."""
        game.start_turn(game.config.dealer)

    def after_draw(self, game: Table, s: int) -> None:
        """Events offered after a draw (two-player); default none."""

    def on_action(self, game: Table, s: int, a: Action) -> None:
        """A decision in a variant's own mode (setup phases, events)."""
        raise NotImplementedError(f"{self.name} has no mode {game.mode!r}")

    def discards(self, game: Table, s: int) -> list[Action]:
        c = game.seat[s].counts
        return [Action(ActionKind.DISCARD, t) for t in range(34) if c[t]]

    def may_meld(self, st: SeatState, t: int) -> bool:
        """May this seat pung, kong or chow with tile ``t``?"""
        return True

    def may_win(self, game: Table, s: int, hand: Hand) -> bool:
        """Is ``hand`` (complete in shape) a win this seat may declare?"""
        return True

    def must_win(self, game: Table) -> bool:
        """Must a seat that can win do so (no pass)?"""
        return False

    def note_ready(self, game: Table, s: int) -> None:
        """After ``s`` discarded (its waits are fresh)."""

    def on_discard(self, game: Table, s: int, t: int) -> None:
        """After ``s`` discarded ``t``, before the others may claim it (Beijing 跟庄)."""

    def seat_wind(self, game: Table, s: int) -> int:
        return (s - game.config.dealer) % 4

    def prevalent_wind(self, game: Table) -> int:
        return game.config.prevalent_wind

    def first_turn(self, first: bool, self_drawn: bool, dealer: bool) -> bool:
        """天和/地和 (self-drawn) and 人和 (on a discard, not the dealer)."""
        return first and (self_drawn or not dealer)

    def hand_over(self, game: Table) -> bool:
        """After a win: is the hand over?"""
        return True

    def on_exhaust(self, game: Table) -> None:
        """The wall is empty when a draw is due."""

    def on_end(self, game: Table) -> None:
        """Just before the end event."""

    # -- scoring and settlement ------------------------------------------------

    def score(self, hand: Hand) -> Any:
        return self.rules.score(hand, self.options)

    def meets_minimum(self, result: Any) -> bool:
        return bool(result.is_win)

    def pay(self, game: Table, payments: Mapping[str, int], reason: str) -> None:
        game.pay({int(p): v for p, v in payments.items()}, reason)

    def settle_win(self, game: Table, s: int, result: Any, *, kong_feeder: int | None) -> None:
        self.pay(game, self.rules.settle(self.players(), str(s), None, result, self.options), "win")

    def settle_discard_wins(
        self, game: Table, d: int, won: Sequence[tuple[int, Any]], *, robbing: bool
    ) -> None:
        for s, result in won:
            payments = self.rules.settle(self.players(), str(s), str(d), result, self.options)
            self.pay(game, payments, "win")

    def settle_false_win(self, game: Table, s: int) -> None:
        """A declared win the rule set does not accept (MCR 错和)."""

    def on_kong(self, game: Table, s: int, kind: KongMade, feeder: int | None) -> None:
        """A kong was made (Sichuan pays 刮风下雨 at once)."""
