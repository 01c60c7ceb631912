"""What every variant decides, with the defaults most rule sets share."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Literal, Protocol

from fanshu.engine.actions import Action, ActionKind
from fanshu.engine.config import GameConfig
from fanshu.engine.events import Event
from fanshu.engine.seat import SeatState
from fanshu.engine.wall import Wall
from fanshu.errors import OptionError
from fanshu.hand import Hand
from fanshu.i18n import msg
from fanshu.rules import get_rules
from fanshu.wild import ANY_KIND, REGULAR_AND_PAIRS

#: ``discard t`` for each kind, made once (an action is an immutable value).
_DISCARDS = tuple(Action(ActionKind.DISCARD, t) for t in range(34))

#: How a kong was made, as ``Variant.on_kong`` is told: on a discard, added to a pung,
#: or concealed.
KongMade = Literal["direct", "added", "concealed"]


@dataclass(frozen=True, slots=True)
class WildcardDraw:
    """How the table chose this hand's wildcard (百搭 / 赖子), as
    ``Variant.choose_wildcard`` returns it: the wild kind ``tile`` (0-33), the tile
    turned up to find it (``indicator``, a tile int, when one was; ``Wall.turn_up``)
    and the dice thrown for it, if any.  The game logs it as the ``wildcard`` event."""

    tile: int
    indicator: int | None = None
    dice: tuple[int, ...] = ()


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
    #: The kind wild this hand (0-33), or None: set once after the deal from
    #: ``Variant.choose_wildcard``.
    wildcard: int | None
    #: The state carried into this hand from the one before (``Variant.carry_in``).
    carry: Mapping[str, Any]

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
    def finish(self, how: Literal["win", "drawn", "forfeit"]) -> None: ...


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
    #: The reason a robbed kong's payment is logged under (the older variants log it as a
    #: "win"; Beijing and the rule sets of issue 16 as 抢杠).
    robbed: ClassVar[str] = "win"
    #: Tiles in play, when fewer than the whole set (two-player: 71).
    wall_size: ClassVar[int | None] = None
    #: With a wildcard (``choose_wildcard``): the shapes a wild tile may complete
    #: (``fanshu.wild`` names) and the kinds it may stand for, as the seats' waits are
    #: counted; a variant sets them to its rule set's ``WildcardRule``.  Empty shapes:
    #: the wild kind stands for nothing (MCR 混杠) and the waits are the plain ones.
    wild_shapes: ClassVar[tuple[str, ...]] = REGULAR_AND_PAIRS
    wild_stands_for: ClassVar[frozenset[int]] = ANY_KIND
    #: May a discarded wild tile be claimed (chow, pung, kong, a win on it, or robbed
    #: from an added kong)?  Most tables say no: a wild tile thrown away is dead.
    claim_wildcard: ClassVar[bool] = False
    #: What a seat that forfeits the hand (``Game.forfeit``) pays each other seat; the
    #: default is Botzone's MCR judge's (30 from the offender, 10 to each other).
    forfeit_points: ClassVar[int] = 10

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

    # -- state between hands and the wildcard -------------------------------------

    def carry_in(self, state: Mapping[str, Any]) -> None:
        """Take the state carried from the hand before (Jiaxing 黄番 …), as
        ``carry_out`` of that hand gave it; called before the deal.  A variant that
        carries nothing refuses a non-empty state."""
        if state:
            raise OptionError(
                msg(
                    "{rules} carries no state between hands; got {state!r}",
                    rules=self.name,
                    state=sorted(state),
                )
            )

    def carry_out(self, game: Table) -> dict[str, Any]:
        """The state this hand leaves to the next (JSON values; seats by engine seat);
        called at the end, recorded on the end event.  Default: nothing."""
        return {}

    def choose_wildcard(self, game: Table) -> WildcardDraw | None:
        """The kind wild this hand, or None for none (default).  Called once right
        after the deal, before flowers are replaced and waits counted; a variant that
        turns a tile up takes it with ``game.wall.turn_up()`` and may throw dice with
        ``game.rng``."""
        return None

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
        return [_DISCARDS[t] for t in range(34) if c[t]]

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

    def settle_one(self, game: Table, s: int, d: int | None, result: Any) -> Mapping[str, int]:
        """The payments for seat ``s``'s win, self-drawn (``d`` None) or on ``d``'s tile
        (a discard or a robbed kong): the rule set's ``settle`` with the table's options.
        A variant whose settlement needs more of the table (a dealer, a partner, each
        loser's facts) overrides this, and the two hooks below stay as they are."""
        discarder = None if d is None else str(d)
        return self.rules.settle(self.players(), str(s), discarder, result, self.options)

    def settle_win(self, game: Table, s: int, result: Any, *, kong_feeder: int | None) -> None:
        self.pay(game, self.settle_one(game, s, None, result), "win")

    def settle_discard_wins(
        self, game: Table, d: int, won: Sequence[tuple[int, Any]], *, robbing: bool
    ) -> None:
        for s, result in won:
            self.pay(game, self.settle_one(game, s, d, result), self.robbed if robbing else "win")

    def settle_false_win(self, game: Table, s: int) -> None:
        """A declared win the rule set does not accept (MCR 错和)."""

    def settle_forfeit(self, game: Table, s: int, reason: str) -> None:
        """Seat ``s`` forfeits the hand (``reason``: the verdict): by default it pays
        ``forfeit_points`` to each other seat, logged under the reason ``forfeit``."""
        points = self.forfeit_points
        payments = {q: points for q in range(game.n) if q != s}
        payments[s] = -points * (game.n - 1)
        game.pay(payments, "forfeit")

    def on_kong(self, game: Table, s: int, kind: KongMade, feeder: int | None) -> None:
        """A kong was made (Sichuan pays 刮风下雨 at once)."""
