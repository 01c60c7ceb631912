"""The 34 tile kinds and the 8 flowers.

A tile kind is a small int (``Tile`` is an ``IntEnum`` over it), so that hot loops
can index count tables directly.  Suits are ordered 万 (m), 条 (s), 饼 (p), then
honours 东南西北中发白, then flowers 春夏秋冬梅兰竹菊:

>>> Tile.M1, Tile.S1, Tile.P1, Tile.EAST, Tile.RED
(<Tile.M1: 0>, <Tile.S1: 9>, <Tile.P1: 18>, <Tile.EAST: 27>, <Tile.RED: 31>)
>>> Tile.P5.code, Tile.GREEN.code, Tile.P5.name_zh
('5p', 'F', '五饼')
>>> Tile.from_code("7s").is_green
False
"""

from __future__ import annotations

from enum import IntEnum
from typing import Final

from fanshu.errors import InvalidHandError
from fanshu.i18n import msg

SUIT_LETTERS = "msp"  # index = suit number of a numbered tile
HONOR_LETTERS = "ESWNCFP"  # 东南西北 中发白
NUM_KINDS: Final = 34
NUM_TILES: Final = 42  # 34 kinds + 8 flowers

# Where each group of kinds starts, for code that works on kind numbers (count tables,
# bit masks) rather than on ``Tile`` members: numbered tiles are 0 to FIRST_HONOR − 1.
SUIT_SIZE: Final = 9  # ranks 1-9 of a numbered suit
FIRST_HONOR: Final = 27  # 东, the first wind
FIRST_DRAGON: Final = 31  # 中, after the four winds
FIRST_FLOWER: Final = 34  # 春, after the 34 kinds

_CN_DIGITS = "一二三四五六七八九"
_CN_SUITS = ("万", "条", "饼")
_CN_HONORS = ("东", "南", "西", "北", "中", "发", "白")
_CN_FLOWERS = ("春", "夏", "秋", "冬", "梅", "兰", "竹", "菊")


class Tile(IntEnum):
    """One of the 34 tile kinds or 8 flowers."""

    M1 = 0
    M2 = 1
    M3 = 2
    M4 = 3
    M5 = 4
    M6 = 5
    M7 = 6
    M8 = 7
    M9 = 8
    S1 = 9
    S2 = 10
    S3 = 11
    S4 = 12
    S5 = 13
    S6 = 14
    S7 = 15
    S8 = 16
    S9 = 17
    P1 = 18
    P2 = 19
    P3 = 20
    P4 = 21
    P5 = 22
    P6 = 23
    P7 = 24
    P8 = 25
    P9 = 26
    EAST = 27
    SOUTH = 28
    WEST = 29
    NORTH = 30
    RED = 31  # 中
    GREEN = 32  # 发
    WHITE = 33  # 白
    SPRING = 34
    SUMMER = 35
    AUTUMN = 36
    WINTER = 37
    PLUM = 38
    ORCHID = 39
    BAMBOO = 40
    CHRYSANTHEMUM = 41

    # -- structure -------------------------------------------------------------
    @property
    def is_numbered(self) -> bool:
        return self < FIRST_HONOR

    @property
    def is_honor(self) -> bool:
        return FIRST_HONOR <= self < FIRST_FLOWER

    @property
    def is_wind(self) -> bool:
        return FIRST_HONOR <= self < FIRST_DRAGON

    @property
    def is_dragon(self) -> bool:
        return FIRST_DRAGON <= self < FIRST_FLOWER

    @property
    def is_flower(self) -> bool:
        return self >= FIRST_FLOWER

    @property
    def suit(self) -> int:
        """0 万, 1 条, 2 饼, 3 honours, 4 flowers."""
        return SUIT_OF[self]

    @property
    def rank(self) -> int:
        """1-9 for numbered tiles, 1-7 for honours (E S W N C F P), 1-8 for flowers."""
        return RANK_OF[self]

    @property
    def is_terminal(self) -> bool:
        return bool(TERMINAL[self])

    @property
    def is_terminal_or_honor(self) -> bool:
        return bool(TERMINAL_OR_HONOR[self])

    @property
    def is_green(self) -> bool:
        return bool(GREEN[self])

    @property
    def is_reversible(self) -> bool:
        return bool(REVERSIBLE[self])

    # -- names -----------------------------------------------------------------
    @property
    def code(self) -> str:
        """The fanshu notation of this tile: ``5m``, ``E``, ``C``; flowers ``1f``-``8f``."""
        return CODE_OF[self]

    @property
    def name_zh(self) -> str:
        return NAME_ZH[self]

    @classmethod
    def from_code(cls, code: object) -> Tile:
        """The tile of a code (``"5p"``, ``"E"``); ``ValueError`` for anything else."""
        if isinstance(code, str) and code in TILE_OF_CODE:
            return cls(TILE_OF_CODE[code])
        raise ValueError(msg("unknown tile {code!r}", code=code))

    def __str__(self) -> str:
        return self.code


# The honours by name, for rule code: ``t == RED_DRAGON``, ``wind - EAST``.
EAST, SOUTH, WEST, NORTH = Tile.EAST, Tile.SOUTH, Tile.WEST, Tile.NORTH
RED_DRAGON, GREEN_DRAGON, WHITE_DRAGON = Tile.RED, Tile.GREEN, Tile.WHITE


def tile_of(suit: int, rank: int) -> int:
    """Kind index of a numbered tile: ``tile_of(2, 5)`` is 5p."""
    return suit * SUIT_SIZE + rank - 1


# Predicates on kind numbers (ints 0-41), for the rule code that counts by kind.
def is_numbered(t: int) -> bool:
    return t < FIRST_HONOR


def is_honor(t: int) -> bool:
    return FIRST_HONOR <= t < FIRST_FLOWER


def is_wind(t: int) -> bool:
    return FIRST_HONOR <= t < FIRST_DRAGON


def is_dragon(t: int) -> bool:
    return FIRST_DRAGON <= t < FIRST_FLOWER


SUIT_OF: Final[tuple[int, ...]] = tuple(
    min(t // SUIT_SIZE, 3) if t < FIRST_FLOWER else 4 for t in range(NUM_TILES)
)
RANK_OF: Final[tuple[int, ...]] = tuple(
    t % SUIT_SIZE + 1
    if t < FIRST_HONOR
    else (t - FIRST_HONOR + 1 if t < FIRST_FLOWER else t - FIRST_FLOWER + 1)
    for t in range(NUM_TILES)
)
TERMINAL: Final[tuple[bool, ...]] = tuple(
    t < FIRST_HONOR and RANK_OF[t] in (1, 9) for t in range(NUM_TILES)
)
TERMINAL_OR_HONOR: Final[tuple[bool, ...]] = tuple(
    TERMINAL[t] or is_honor(t) for t in range(NUM_TILES)
)
_GREEN_KINDS = {Tile.S2, Tile.S3, Tile.S4, Tile.S6, Tile.S8, Tile.GREEN}
GREEN: Final[tuple[bool, ...]] = tuple(t in _GREEN_KINDS for t in range(NUM_TILES))
# 推不倒: tiles whose faces are point-symmetric.
_REVERSIBLE_KINDS = {
    *(Tile.S2, Tile.S4, Tile.S5, Tile.S6, Tile.S8, Tile.S9),
    *(Tile.P1, Tile.P2, Tile.P3, Tile.P4, Tile.P5, Tile.P8, Tile.P9),
    Tile.WHITE,
}
REVERSIBLE: Final[tuple[bool, ...]] = tuple(t in _REVERSIBLE_KINDS for t in range(NUM_TILES))

CODE_OF: Final[tuple[str, ...]] = tuple(
    f"{RANK_OF[t]}{SUIT_LETTERS[SUIT_OF[t]]}"
    if t < FIRST_HONOR
    else (HONOR_LETTERS[t - FIRST_HONOR] if t < FIRST_FLOWER else f"{RANK_OF[t]}f")
    for t in range(NUM_TILES)
)
TILE_OF_CODE: Final[dict[str, int]] = {c: t for t, c in enumerate(CODE_OF)}
NAME_ZH: Final[tuple[str, ...]] = tuple(
    f"{_CN_DIGITS[RANK_OF[t] - 1]}{_CN_SUITS[SUIT_OF[t]]}"
    if t < FIRST_HONOR
    else (_CN_HONORS[t - FIRST_HONOR] if t < FIRST_FLOWER else _CN_FLOWERS[t - FIRST_FLOWER])
    for t in range(NUM_TILES)
)

# Tile by index without the Enum call, for hot loops: ``TILES[5] is Tile.M6``.
TILES: Final[tuple[Tile, ...]] = tuple(Tile)
WINDS: Final[tuple[Tile, ...]] = (Tile.EAST, Tile.SOUTH, Tile.WEST, Tile.NORTH)
DRAGONS: Final[tuple[Tile, ...]] = (Tile.RED, Tile.GREEN, Tile.WHITE)
FLOWERS: Final[tuple[Tile, ...]] = tuple(Tile(t) for t in range(FIRST_FLOWER, NUM_TILES))
ALL_KINDS: Final[tuple[Tile, ...]] = tuple(Tile(t) for t in range(NUM_KINDS))


_WIND_NAMES = (
    ("E", "东", "東", "east"),
    ("S", "南", "south"),
    ("W", "西", "west"),
    ("N", "北", "north"),
)
_WIND_LETTERS = {"E": Tile.EAST, "S": Tile.SOUTH, "W": Tile.WEST, "N": Tile.NORTH}

#: What may name a wind: ``"E"``/``"S"``/``"W"``/``"N"``, 0-3, 东南西北, or a wind tile.
WindLike = str | int | Tile


def wind_from(value: object) -> Tile:
    """Read a wind given as ``E``/``S``/``W``/``N``, 0-3, 东南西北 or a wind tile (a
    ``WindLike``); anything else raises ``InvalidHandError``.

    >>> wind_from("S"), wind_from(2), wind_from("北")
    (<Tile.SOUTH: 28>, <Tile.WEST: 29>, <Tile.NORTH: 30>)
    """
    if isinstance(value, Tile):
        if value.is_wind:
            return value
    elif isinstance(value, int) and not isinstance(value, bool):
        if 0 <= value < 4:
            return WINDS[value]
    elif isinstance(value, str):
        if value in _WIND_LETTERS:
            return _WIND_LETTERS[value]
        v = value.strip()
        for i, names in enumerate(_WIND_NAMES):
            if v.upper() in names or v.lower() in names:
                return WINDS[i]
    raise InvalidHandError(msg("unknown wind {value!r}: use E, S, W or N", value=value))


# -- writing tiles in fanshu notation (``fanshu.notation.fanshu`` reads them back) ---------

# Print order: 万 饼 条 then honours, the order people write hands in.
_PRINT_SUITS = (0, 2, 1)


def format_tiles(tiles: list[Tile] | tuple[Tile, ...], *, sort: bool = True) -> str:
    """Write tiles compactly, one suit letter per run: ``123m55pEE``.

    >>> format_tiles([Tile.EAST, Tile.S5, Tile.M1, Tile.M2, Tile.P5])
    '12m5p5sE'
    """
    seq = sorted(tiles, key=_print_key) if sort else list(tiles)
    out: list[str] = []
    pending: list[str] = []
    pending_suit = -1
    for t in seq:
        if t.is_numbered:
            if t.suit != pending_suit and pending:
                out.append("".join(pending) + SUIT_LETTERS[pending_suit])
                pending = []
            pending_suit = t.suit
            pending.append(str(t.rank))
        else:
            if pending:
                out.append("".join(pending) + SUIT_LETTERS[pending_suit])
                pending = []
            out.append(t.code)
    if pending:
        out.append("".join(pending) + SUIT_LETTERS[pending_suit])
    return "".join(out)


def _print_key(t: Tile) -> int:
    return _PRINT_SUITS[t.suit] * SUIT_SIZE + t.rank if t.is_numbered else int(t) + 100
