"""Hands: concealed tiles, melds, the winning tile and the win context.

>>> from fanshu.notation import parse_hand
>>> h = parse_hand("[EEEE]123m456p789s11s")
>>> h.winning_tile, len(h.melds), h.melds[0].kind.value
(<Tile.S1: 9>, 1, 'concealed_kong')
>>> str(h)
'[EEEE]123m456p1789s1s'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import TypedDict, Unpack

from fanshu.errors import InvalidHandError
from fanshu.i18n import msg
from fanshu.sets import CHOW, PUNG, Set
from fanshu.tiles import FIRST_FLOWER, NUM_KINDS, TILES, Tile, WindLike, format_tiles, wind_from

#: What names a wildcard kind: a ``Tile``, its code (``"5p"``, ``"C"``) or its kind 0-33.
TileLike = Tile | str | int


def _wildcard_kind(value: object) -> Tile:
    """The tile kind a wildcard names; ``InvalidHandError`` says why anything else is not.

    >>> _wildcard_kind("5p"), _wildcard_kind(31)
    (<Tile.P5: 22>, <Tile.RED: 31>)
    >>> _wildcard_kind("1f")
    Traceback (most recent call last):
    ...
    fanshu.errors.InvalidHandError: a wildcard is a tile kind such as 5p or C, not '1f'
    """
    if isinstance(value, Tile):
        kind = int(value)
    elif isinstance(value, int) and not isinstance(value, bool):
        kind = value
    elif isinstance(value, str):
        try:
            kind = int(Tile.from_code(value.strip()))
        except ValueError:
            kind = -1
    else:
        kind = -1
    if not 0 <= kind < NUM_KINDS:
        raise InvalidHandError(
            msg("a wildcard is a tile kind such as 5p or C, not {value!r}", value=value)
        )
    return TILES[kind]


class MeldKind(Enum):
    """How a set was declared."""

    CHOW = "chow"  # 吃
    PUNG = "pung"  # 碰
    KONG = "kong"  # 明杠 (大明杠, claimed from a discard)
    CONCEALED_KONG = "concealed_kong"  # 暗杠
    ADDED_KONG = "added_kong"  # 加杠 (a melded pung promoted; counts as a melded kong)

    # Members are singletons, so hashing by identity agrees with equality; Enum's own
    # __hash__ (hash of the name) is Python code, run for every meld a hand scores.
    __hash__ = object.__hash__


SOURCES = {1: "上家", 2: "对家", 3: "下家"}


@dataclass(frozen=True, slots=True)
class Meld:
    """A declared set.

    ``tile`` is the lowest tile of a chow, else the repeated tile.  ``source`` is, for a
    chow, which of its three tiles (1-3) was claimed from the player on the left; for a
    pung, melded kong or added kong, who gave the tile: 1 上家 (left), 2 对家 (opposite),
    3 下家 (right).  A concealed kong has source 0.
    """

    kind: MeldKind
    tile: Tile
    source: int = -1  # default: 1, or 0 for a concealed kong

    def __post_init__(self) -> None:
        if self.source == -1:
            object.__setattr__(self, "source", 0 if self.kind is MeldKind.CONCEALED_KONG else 1)
        if self.kind is MeldKind.CHOW:
            if not self.tile.is_numbered or self.tile.rank > 7:
                raise InvalidHandError(msg("a chow cannot start at {tile}", tile=self.tile.code))
            if self.source not in (1, 2, 3):
                raise InvalidHandError(
                    msg("a chow's claimed tile is 1, 2 or 3, not {source}", source=self.source)
                )
        elif self.kind is MeldKind.CONCEALED_KONG:
            if self.source != 0:
                raise InvalidHandError(msg("a concealed kong has no source"))
        elif self.source not in (1, 2, 3):
            raise InvalidHandError(
                msg(
                    "who gave the tile is 1 (上家), 2 (对家) or 3 (下家), not {source}",
                    source=self.source,
                )
            )
        if self.tile.is_flower:
            raise InvalidHandError(msg("a flower cannot be in a meld: {tile}", tile=self.tile.code))

    @property
    def tiles(self) -> tuple[Tile, ...]:
        t = self.tile
        if self.kind is MeldKind.CHOW:
            return TILES[t : t + 3]
        return (t,) * (3 if self.kind is MeldKind.PUNG else 4)

    @property
    def is_kong(self) -> bool:
        return self.kind in (MeldKind.KONG, MeldKind.CONCEALED_KONG, MeldKind.ADDED_KONG)

    @property
    def is_concealed(self) -> bool:
        return self.kind is MeldKind.CONCEALED_KONG

    @property
    def as_set(self) -> Set:
        """The set this meld shows (declared; a kong is a pung of four): the one set type
        that hands are scored by."""
        return _MELD_SETS[self.kind][self.tile]

    @property
    def claimed_tile(self) -> Tile | None:
        """The tile taken from another player, or None for a concealed kong."""
        if self.kind is MeldKind.CHOW:
            return Tile(self.tile + self.source - 1)
        return None if self.kind is MeldKind.CONCEALED_KONG else self.tile

    def __str__(self) -> str:
        return format_meld(self)

    # Pickled and copied through the constructor (checked again): the compiled build's
    # frozen dataclasses (mypyc) would restore their fields through the frozen __setattr__,
    # which refuses.  The same in both builds.
    def __reduce__(self) -> tuple[type[Meld], tuple[MeldKind, Tile, int]]:
        return (Meld, (self.kind, self.tile, self.source))


def _meld_set(kind: MeldKind, tile: Tile) -> Set:
    if kind is MeldKind.CHOW:
        return Set(CHOW, tile, concealed=False, declared=True)
    if kind is MeldKind.PUNG:
        return Set(PUNG, tile, concealed=False, declared=True)
    return Set(PUNG, tile, kind is MeldKind.CONCEALED_KONG, kong=True, declared=True)


# The set of every meld, built once: _MELD_SETS[kind][tile].
_MELD_SETS: dict[MeldKind, tuple[Set, ...]] = {
    kind: tuple(_meld_set(kind, t) for t in TILES[:NUM_KINDS]) for kind in MeldKind
}


@dataclass(frozen=True, slots=True, init=False)
class WinContext:
    """How the hand was won.

    ``kong`` means 杠上开花 when self-drawn and 抢杠和 on a discard; ``wall_last`` means
    妙手回春 when self-drawn and 海底捞月 on a discard; ``fourth_tile`` is 和绝张 (the
    winning tile is the last copy: the other three are visible).

    The last four facts matter to other rule sets and to the non-official extras:
    ``dealer`` (the winner is the dealer, 庄家), ``first_turn`` (won on the first tile the
    winner took, before any claim: 天和, 地和, 人和), ``ready_at_start`` (declared ready
    with the starting hand: 天听), ``kong_discard`` (won on the discard a player made
    right after a kong: Sichuan 杠上炮).

    ``wildcard`` is the tile kind that is wild in this hand (百搭/赖子, chosen each hand
    in the rule sets that have one), or None; the copies of that kind in the concealed
    tiles (and the winning tile) may stand for other tiles, as ``fanshu.wild`` reads them.
    """

    self_drawn: bool
    fourth_tile: bool
    kong: bool
    wall_last: bool
    seat_wind: Tile
    prevalent_wind: Tile
    flowers: int
    dealer: bool
    first_turn: bool
    ready_at_start: bool
    kong_discard: bool
    wildcard: Tile | None

    def __init__(
        self,
        self_drawn: bool = False,
        fourth_tile: bool = False,
        kong: bool = False,
        wall_last: bool = False,
        seat_wind: WindLike = Tile.EAST,
        prevalent_wind: WindLike = Tile.EAST,
        flowers: object = 0,  # checked here: a count 0-8, or InvalidHandError
        dealer: bool = False,
        first_turn: bool = False,
        ready_at_start: bool = False,
        kong_discard: bool = False,
        wildcard: TileLike | None = None,
    ) -> None:
        # The winds are read from any wind notation (``"S"``, 1, 南, ``Tile.SOUTH``) and
        # kept as tiles, so the fields hold what their types say.
        if isinstance(flowers, bool) or not isinstance(flowers, int):
            raise InvalidHandError(
                msg("flowers must be a count 0-8, not {flowers!r}", flowers=flowers)
            )
        if not 0 <= flowers <= 8:
            raise InvalidHandError(msg("there are 8 flowers, not {flowers}", flowers=flowers))
        set_field = object.__setattr__
        set_field(self, "self_drawn", self_drawn)
        set_field(self, "fourth_tile", fourth_tile)
        set_field(self, "kong", kong)
        set_field(self, "wall_last", wall_last)
        set_field(self, "seat_wind", wind_from(seat_wind))
        set_field(self, "prevalent_wind", wind_from(prevalent_wind))
        set_field(self, "flowers", flowers)
        set_field(self, "dealer", dealer)
        set_field(self, "first_turn", first_turn)
        set_field(self, "ready_at_start", ready_at_start)
        set_field(self, "kong_discard", kong_discard)
        set_field(self, "wildcard", None if wildcard is None else _wildcard_kind(wildcard))

    def __reduce__(self) -> tuple[type[WinContext], tuple[bool | int | Tile | None, ...]]:
        """Pickled and copied through ``__init__``, as ``Meld`` is (the compiled build)."""
        return (
            WinContext,
            (
                self.self_drawn,
                self.fourth_tile,
                self.kong,
                self.wall_last,
                self.seat_wind,
                self.prevalent_wind,
                self.flowers,
                self.dealer,
                self.first_turn,
                self.ready_at_start,
                self.kong_discard,
                self.wildcard,
            ),
        )


class ContextChanges(TypedDict, total=False):
    """The win-context fields ``Hand.with_context`` may change, and what each accepts."""

    self_drawn: bool
    fourth_tile: bool
    kong: bool
    wall_last: bool
    seat_wind: WindLike
    prevalent_wind: WindLike
    flowers: int
    dealer: bool
    first_turn: bool
    ready_at_start: bool
    kong_discard: bool
    wildcard: TileLike | None


#: The win context of a hand built without one: a context is immutable, so one is shared.
_NO_CONTEXT = WinContext()


@dataclass(frozen=True, slots=True, init=False)
class Hand:
    """Concealed tiles (sorted, without the winning tile), melds and the winning tile.

    A hand of 14 tiles (a kong counting as 3) has a winning tile, the last concealed
    tile written; a 13-tile hand (for analysis) has none.
    """

    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...] = ()
    winning_tile: Tile | None = None
    context: WinContext = field(default_factory=WinContext)
    # Whoever built the hand has checked its tiles (at most 4 melds, no flowers, at most 4
    # copies of a kind: ``parse_hand`` does, as it reads them), so ``validate`` need not
    # count them again.  Not an argument: a copy made by ``replace`` is checked anew.
    tiles_checked: bool = field(default=False, init=False, repr=False, compare=False)

    def __init__(
        self,
        concealed: tuple[Tile, ...],
        melds: tuple[Meld, ...] = (),
        winning_tile: Tile | None = None,
        context: WinContext = _NO_CONTEXT,
        *,
        _tiles_checked: bool = False,
    ) -> None:
        # Written out (the dataclass's own __init__ looks ``object.__setattr__`` up again
        # for every field and builds a fresh default context): a parsed hand is made once
        # per scored string.  ``_tiles_checked`` is for ``with_checked_tiles`` and the
        # readers of this package (``dataclasses.replace`` passes only the fields).
        set_field = object.__setattr__
        set_field(self, "concealed", concealed)
        set_field(self, "melds", melds)
        set_field(self, "winning_tile", winning_tile)
        set_field(self, "context", context)
        set_field(self, "tiles_checked", _tiles_checked)

    @classmethod
    def with_checked_tiles(
        cls,
        concealed: tuple[Tile, ...],
        melds: tuple[Meld, ...],
        winning_tile: Tile | None,
        context: WinContext,
    ) -> Hand:
        """A hand whose tiles the caller has checked as ``validate`` would (see
        ``tiles_checked``); ``validate`` still checks its size and win context."""
        return cls(concealed, melds, winning_tile, context, _tiles_checked=True)

    def __reduce__(
        self,
    ) -> tuple[
        Callable[[tuple[Tile, ...], tuple[Meld, ...], Tile | None, WinContext, bool], Hand],
        tuple[tuple[Tile, ...], tuple[Meld, ...], Tile | None, WinContext, bool],
    ]:
        """Pickled and copied through the constructor, as ``Meld`` is (the compiled build)."""
        return (
            _unpickle_hand,
            (self.concealed, self.melds, self.winning_tile, self.context, self.tiles_checked),
        )

    @property
    def tile_count(self) -> int:
        """Tiles counted toward the 14 of a complete hand (a kong counts as 3)."""
        return len(self.concealed) + 3 * len(self.melds) + (self.winning_tile is not None)

    @property
    def concealed_with_winning(self) -> tuple[Tile, ...]:
        w = self.winning_tile
        return self.concealed if w is None else (*self.concealed, w)

    @property
    def all_tiles(self) -> tuple[Tile, ...]:
        """Every physical tile of the hand, kongs as four."""
        out = list(self.concealed_with_winning)
        for m in self.melds:
            out.extend(m.tiles)
        return tuple(out)

    @property
    def is_concealed(self) -> bool:
        """No meld claimed from another player (concealed kongs allowed)."""
        return all(m.is_concealed for m in self.melds)

    def counts(self) -> list[int]:
        """Copies of each of the 34 kinds across the whole hand."""
        c = [0] * NUM_KINDS
        for t in self.concealed:
            c[t] += 1
        if self.winning_tile is not None:
            c[self.winning_tile] += 1
        for m in self.melds:
            for t in m.tiles:
                c[t] += 1
        return c

    def with_context(self, **changes: Unpack[ContextChanges]) -> Hand:
        """A copy with some win-context fields changed (its tiles still checked)."""
        unknown = set(changes).difference(WinContext.__dataclass_fields__)
        if unknown:
            raise TypeError(f"WinContext has no field {sorted(unknown)[0]!r}")
        c = self.context
        context = WinContext(
            self_drawn=changes.get("self_drawn", c.self_drawn),
            fourth_tile=changes.get("fourth_tile", c.fourth_tile),
            kong=changes.get("kong", c.kong),
            wall_last=changes.get("wall_last", c.wall_last),
            seat_wind=changes.get("seat_wind", c.seat_wind),
            prevalent_wind=changes.get("prevalent_wind", c.prevalent_wind),
            flowers=changes.get("flowers", c.flowers),
            dealer=changes.get("dealer", c.dealer),
            first_turn=changes.get("first_turn", c.first_turn),
            ready_at_start=changes.get("ready_at_start", c.ready_at_start),
            kong_discard=changes.get("kong_discard", c.kong_discard),
            wildcard=changes.get("wildcard", c.wildcard),
        )
        if self.tiles_checked:
            return Hand.with_checked_tiles(self.concealed, self.melds, self.winning_tile, context)
        return Hand(self.concealed, self.melds, self.winning_tile, context)

    def validate(self, *, complete: bool = True) -> Hand:
        """Raise InvalidHandError for what cannot happen at a table; return self."""
        if self.tiles_checked and complete and self.winning_tile is not None:
            # The common case, every scored string: tiles checked by the reader, 14 tiles
            # and a context with none of the facts ``_check_win`` tests against the tiles
            # (what ``validate_hand`` would find, without its calls).
            c = self.context
            if (
                len(self.concealed) + 3 * len(self.melds) == 13
                and not c.kong
                and not c.fourth_tile
                and not c.kong_discard
                and not c.first_turn
                and not c.ready_at_start
            ):
                return self
        validate_hand(self, complete=complete)
        return self

    def __str__(self) -> str:
        return format_hand(self)


# -- the fanshu notation of melds and hands (read by ``fanshu.notation.fanshu``) ----------


def _unpickle_hand(
    concealed: tuple[Tile, ...],
    melds: tuple[Meld, ...],
    winning_tile: Tile | None,
    context: WinContext,
    tiles_checked: bool,
) -> Hand:
    if tiles_checked:
        return Hand.with_checked_tiles(concealed, melds, winning_tile, context)
    return Hand(concealed, melds, winning_tile, context)


def format_meld(meld: Meld) -> str:
    """A meld in fanshu notation: ``[123m]``, ``[555p2]``, ``[EEEE]``, ``[EEEE5]``."""
    body = format_tiles(meld.tiles, sort=False)
    if meld.kind is MeldKind.CHOW:
        return f"[{body}]" if meld.source == 1 else f"[{body}{meld.source}]"
    if meld.kind is MeldKind.CONCEALED_KONG:
        return f"[{body}]"
    digit = meld.source + (4 if meld.kind is MeldKind.ADDED_KONG else 0)
    if meld.kind is MeldKind.PUNG and digit == 1:
        return f"[{body}]"
    return f"[{body}{digit}]"


def format_hand(hand: Hand) -> str:
    """The canonical hand string: melds, concealed tiles in order, the winning tile last."""
    text = "".join(format_meld(m) for m in hand.melds) + format_tiles(hand.concealed)
    if hand.winning_tile is not None:
        text += hand.winning_tile.code
    return text


#: The name ``format_meld`` had here.
format_meld_text = format_meld


def validate_hand(hand: Hand, *, complete: bool = True) -> None:
    """Check tile counts, copies and the win context against what a table allows."""
    if hand.tiles_checked:
        _check_size(hand, complete)
        _check_win(hand)
        return
    if len(hand.melds) > 4:
        raise InvalidHandError(
            msg("a hand has at most 4 melds, this one has {n}", n=len(hand.melds))
        )
    concealed = hand.concealed_with_winning
    for t in concealed if max(concealed, default=0) >= FIRST_FLOWER else ():
        if t.is_flower:
            raise InvalidHandError(
                msg("a flower is not part of the hand: {tile}; count it in flowers", tile=t.code)
            )
    _check_size(hand, complete)
    copies = hand.counts()
    k = max(copies)
    if k > 4:
        # the count is a message of its own, so that it is a word in every language
        words = {5: msg("five"), 6: msg("six"), 7: msg("seven"), 8: msg("eight")}
        worst = TILES[copies.index(k)]
        raise InvalidHandError(
            msg("{count} copies of {tile}", count=words.get(k, str(k)), tile=worst.code)
        )
    _check_win(hand)


def _check_size(hand: Hand, complete: bool) -> None:
    n = hand.tile_count
    if complete:
        if hand.winning_tile is None or n != 14:
            raise InvalidHandError(
                msg("a complete hand has 14 tiles (a kong counts as 3), this one has {n}", n=n)
            )
    elif n not in (13, 14):
        raise InvalidHandError(
            msg("a hand has 13 or 14 tiles (a kong counts as 3), this one has {n}", n=n)
        )


def _check_win(hand: Hand) -> None:
    """The win context against the tiles: kongs, 和绝张, claims before a first-turn win."""
    ctx = hand.context
    w = hand.winning_tile
    if w is None:
        return
    held = hand.concealed.count(w)
    if ctx.kong:
        in_melds = sum(m.tiles.count(w) for m in hand.melds)
        if ctx.self_drawn and not any(m.is_kong for m in hand.melds):
            raise InvalidHandError(msg("杠上开花 (win on a kong's replacement tile) needs a kong"))
        if not ctx.self_drawn and (held or in_melds):
            raise InvalidHandError(
                msg(
                    "抢杠和: the robbed kong holds the other three {tile}, "
                    "so you cannot hold one yourself",
                    tile=w.code,
                )
            )
    if ctx.kong_discard and ctx.self_drawn:
        raise InvalidHandError(msg("杠上炮 is a win on the discard after a kong, not self-drawn"))
    if ctx.first_turn or ctx.ready_at_start:
        claimed = [m for m in hand.melds if not m.is_concealed]
        if claimed:
            meld = format_meld(claimed[0])
            raise InvalidHandError(
                msg("a first-turn win comes before any claim, but {meld} was claimed", meld=meld)
                if ctx.first_turn
                else msg("天听 locks the hand before any claim, but {meld} was claimed", meld=meld)
            )
    if ctx.kong and ctx.wall_last and not ctx.self_drawn:
        raise InvalidHandError(
            msg(
                "抢杠和 robs a kong, not a discard, so it cannot also be 海底捞月 "
                "(winning on the last discard)"
            )
        )
    if ctx.fourth_tile and held:
        raise InvalidHandError(
            msg(
                "和绝张: the winning {tile} is the last copy, so you cannot hold another {tile}",
                tile=w.code,
            )
        )
