"""What a player knows at the table, as the value advice reads it (局面).

A :class:`Position` is the player's own hand (concealed tiles, melds, the win context
with seat wind, prevalent wind and flowers), the rule set and its options, the copies of
each kind seen outside the own hand (discards, other seats' melds), the wall, the seats,
and what is known of each opponent (:class:`Opponent`).  From it follow the two numbers
every estimate starts from:

- ``unseen``: copies of each kind the player has not seen, ``4 − visible − held``
  (held: concealed tiles and own melds, a kong as four).  Kinds the rule set does not
  play (Sichuan has no honours) are 0.  More copies seen than exist raise
  ``InvalidHandError`` naming the tile.
- ``turns_left``: the player's own draws left, ``wall // seats`` (every seat draws in
  turn; kongs and flowers take replacements from the back, which this ignores; Sichuan:
  the seats still in, as players who have won draw no more).  When
  the wall is not given it is estimated as the rule set's wall after the deal
  (:data:`WALL_AFTER_DEAL`) less one tile per copy in ``visible`` (each seen tile was
  drawn once, a claimed one too; the two tiles of a pung that came from a hand make
  this a slight under-estimate of the wall).

>>> from fanshu.notation import parse_hand
>>> p = Position(parse_hand("3456m345p34568sEE"))
>>> p.wall_left, p.turns_left, p.unseen[0]
(83, 20, 4)
>>> Position(parse_hand("3456m345p34568sEE"), visible=(4,) + (0,) * 33).unseen[0]
0
>>> Position(parse_hand("3456m345p34568sEE"), visible=(0, 0, 4) + (0,) * 31)
Traceback (most recent call last):
...
fanshu.errors.InvalidHandError: 3m: 4 seen on the table and 1 held make 5, but there are only 4 copies
"""  # noqa: E501

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from fanshu.errors import InvalidHandError
from fanshu.hand import Hand, Meld
from fanshu.rules import get_rules
from fanshu.tiles import NUM_KINDS, TILES, Tile

__all__ = ["DEALT", "SEATS", "WALL_AFTER_DEAL", "Opponent", "Position"]

#: Seats at the table by rule set (the two-player game has two).
SEATS: dict[str, int] = {"mcr": 4, "sichuan": 4, "beijing": 4, "two-player": 2}

#: Tiles in play (flowers aside: they are replaced and never stay in a hand):
#: 136, Sichuan 108 (no honours), the two-player game 71 drawn at random of 136.
TILES_IN_PLAY: dict[str, int] = {"mcr": 136, "sichuan": 108, "beijing": 136, "two-player": 71}

#: Tiles dealt: 13 a seat and the dealer's 14th.
DEALT: dict[str, int] = {name: 13 * SEATS[name] + 1 for name in SEATS}

#: The live wall right after the deal, by rule set.
WALL_AFTER_DEAL: dict[str, int] = {name: TILES_IN_PLAY[name] - DEALT[name] for name in SEATS}


@dataclass(frozen=True, slots=True)
class Opponent:
    """What the player sees of one other seat."""

    #: in the order thrown (those still on the table)
    discards: tuple[Tile, ...] = ()
    #: exposed melds (a concealed kong seen from outside is counted in ``concealed_kongs``)
    melds: tuple[Meld, ...] = ()
    concealed_kongs: int = 0
    #: 报听 (two-player): known to be ready
    declared_ready: bool = False
    #: Sichuan 定缺 suit (0 万, 1 条, 2 饼) when public
    void: int | None = None
    #: Sichuan 血战: already won and out of the hand
    won: bool = False
    #: seats after me in turn order: 1 is the next (下家), seats − 1 the one before me (上家)
    relative: int = 1


@dataclass(frozen=True, slots=True)
class Position:
    """The player's view of the table; see the module text for ``unseen`` and
    ``turns_left``."""

    hand: Hand
    rules: str = "mcr"
    #: the rule set's options object (``RuleSet.options_from``); None: its defaults
    options: Any = None
    #: copies of each kind seen outside the own hand and own melds
    visible: tuple[int, ...] = (0,) * NUM_KINDS
    #: tiles left in the wall; None: estimated (module text)
    wall: int | None = None
    seats: int = 4
    #: am I the dealer (Beijing base points, settlement)
    dealer: bool = False
    opponents: tuple[Opponent, ...] = ()
    #: a discard on offer to me (claim advice; the hand then holds 13 tiles)
    offered: Tile | None = None
    #: who threw it, as ``Opponent.relative``
    offered_by: int | None = None
    #: my own Sichuan void suit (0 万, 1 条, 2 饼) when chosen
    void: int | None = None
    _unseen: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        rule_set = get_rules(self.rules)  # raises OptionError naming the known rule sets
        if len(self.visible) != NUM_KINDS:
            raise InvalidHandError(
                f"visible gives a count for each of the {NUM_KINDS} kinds, not {len(self.visible)}"
            )
        if self.seats not in (2, 3, 4):
            raise InvalidHandError(f"seats is 2, 3 or 4, not {self.seats}")
        if self.wall is not None and not 0 <= self.wall <= 144:
            raise InvalidHandError(f"the wall holds 0-144 tiles, not {self.wall}")
        if self.void is not None and self.void not in (0, 1, 2):
            raise InvalidHandError(f"the void suit is 0 (万), 1 (条) or 2 (饼), not {self.void}")
        if self.offered_by is not None and not 1 <= self.offered_by < self.seats:
            raise InvalidHandError(
                f"offered_by is a seat after me, 1-{self.seats - 1}, not {self.offered_by}"
            )
        held = self.hand.counts()
        if self.offered is not None:
            held[self.offered] += 1
        unseen = [0] * NUM_KINDS
        for k in range(NUM_KINDS):
            seen = self.visible[k]
            if seen < 0:
                raise InvalidHandError(f"{TILES[k].code}: {seen} seen is not a count")
            if seen + held[k] > 4:
                offered = " (the offered tile among them)" if k == self.offered else ""
                raise InvalidHandError(
                    f"{TILES[k].code}: {seen} seen on the table and {held[k]} held{offered} "
                    f"make {seen + held[k]}, but there are only 4 copies"
                )
            if k in rule_set.tiles:
                unseen[k] = 4 - seen - held[k]
            elif held[k]:
                raise InvalidHandError(
                    f"{TILES[k].code} is not a tile of {self.rules} (its tiles: "
                    f"{len(rule_set.tiles)} kinds)"
                )
        object.__setattr__(self, "_unseen", tuple(unseen))

    @property
    def unseen(self) -> tuple[int, ...]:
        """Copies of each kind not seen: 4 − visible − held (the offered tile is held)."""
        return self._unseen

    @property
    def wall_left(self) -> int:
        """Tiles left in the wall: ``wall``, or the estimate of the module text."""
        if self.wall is not None:
            return self.wall
        start = WALL_AFTER_DEAL.get(self.rules, 83)
        return max(0, start - sum(self.visible))

    @property
    def turns_left(self) -> int:
        """The player's own draws left: ``wall_left // seats`` (Sichuan 血战: the seats
        still in, since those who have won draw no more)."""
        if self.rules == "sichuan" and self.opponents:
            return self.wall_left // (self.others + 1)
        return self.wall_left // self.seats

    @property
    def rounds_played(self) -> int:
        """Own draws since the deal, about: the wall drawn so far over the seats (the
        timing model's hazard grows with it)."""
        start = WALL_AFTER_DEAL.get(self.rules, 83)
        return max(0, start - self.wall_left) // self.seats

    @property
    def others(self) -> int:
        """Opponents still in the hand: those given and not out, else seats − 1."""
        if not self.opponents:
            return self.seats - 1
        return sum(1 for o in self.opponents if not o.won)
