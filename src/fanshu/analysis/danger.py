"""The danger of a discard (放炮): how likely the tile lets an opponent win now, and the
points that costs in expectation.

The model reads only what the discarding player sees (a :class:`Position`)::

    P(deal-in of t) = 1 - Π over opponents o of (1 - P(o ready) × P(t wins o | o ready))

- ``P(o ready)`` is a table by the turn (draws per seat so far: from the wall when it is
  known, else from o's discards and melds) and o's meld count (a concealed kong counts);
  a declared-ready opponent (报听) is ready; an opponent already out (血战 ``won``) is not
  in the hand.  Sichuan: an opponent whose last discard was of its void suit may still
  hold that suit, and a hand holding it cannot win (a factor).
- ``P(t wins o | ready)`` is a table by the kind of tile (honour, 1/9, 2/8, 3/7, 4-6)
  and its live copies (copies I cannot see: 4 - visible - mine), weighed by the turn
  (late in the hand a ready opponent's waits are among fewer live kinds).  An honour with no live
  copy cannot be waited on (no one can hold a pair or a single of it); a tile of o's
  public void suit never wins o (Sichuan: a hand with its void suit does not win).  Then
  factors: a tile o threw (现物: MCR and Sichuan have no furiten, so it is only *safer*,
  by a measured factor), a 筋 tile (o threw t±3 of the suit), a flush sign (o's melds
  all in one numbered suit: that suit, another suit), a tile *passed* (thrown by a seat
  after o since o's last discard: o's hand has not changed since and o did not win on
  it), a *quiet* suit (o threw none of it in six discards or more) and 壁 (kabe: the
  chow waits on t blocked by a neighbour no one else can hold, some or all of them).
- ``expected_loss`` = Σ_o P_o × the mean points a deal-in costs under the rule set, by
  what o shows (防大不防小): a concealed hand, melds, or a big sign (a flush sign, a
  pung of dragons, two pungs, three melds).  The points are the rule set's settlement of
  the winning hands (MCR: the discarder pays 8 + fan), measured on engine games.

Every number is data in :data:`MODELS`, measured with ``bench/bench_danger.py`` on games
of the ``fan`` bots (the fitting and the held-out figures are in ``docs/danger.md``):
it describes how those bots play, and is a first guess for people.

>>> from fanshu.analysis.danger import Danger
>>> Danger(0.125, 2.5, (0.125,)).to_dict()
{'p_deal_in': 0.125, 'expected_loss': 2.5, 'by_opponent': [0.125]}
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from fanshu.hand import Meld, MeldKind
from fanshu.tiles import FIRST_DRAGON, FIRST_HONOR, NUM_KINDS, SUIT_SIZE

if TYPE_CHECKING:  # position.py is the VALUE helper's; danger reads only its fields
    from fanshu.analysis.position import Opponent, Position

#: No opponent can make a tile certain: the model's P per opponent stays below this.
P_MAX = 0.95


@dataclass(frozen=True, slots=True)
class Danger:
    """The danger of one discard: P(someone wins on it), the points lost in
    expectation (≥ 0), and P per opponent in ``Position.opponents`` order."""

    p_deal_in: float
    expected_loss: float
    by_opponent: tuple[float, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "p_deal_in": self.p_deal_in,
            "expected_loss": self.expected_loss,
            "by_opponent": list(self.by_opponent),
        }


#: A choice that throws nothing (a win, a kong): no danger.
NO_DANGER = Danger(0.0, 0.0, ())


@dataclass(frozen=True, slots=True)
class DangerModel:
    """The parameters of one rule set (see the module text for where each enters)."""

    #: Wall tiles left when the first seat is to draw its second tile; turns are
    #: (start - wall) / seats.
    wall_start: int
    #: P(ready) by turn bucket (``turn // 2``, the last bucket open-ended), then melds 0-4
    #: (four melds leave one tile, a single wait: 1).
    ready: tuple[tuple[float, ...], ...]
    #: P(ready) by turn bucket of an opponent nothing is known of (no ``opponents`` in
    #: the position: its melds and 报听 unknown too), over every opponent in the hand.
    ready_any: tuple[float, ...]
    #: P(t wins a ready opponent) by tile class (honour, 1/9, 2/8, 3/7, 4-6), then live
    #: copies 0-3 (more than 3 counts as 3).
    wait: tuple[tuple[float, ...], ...]
    own_discard: float  # × when the opponent threw this tile (现物, no furiten)
    suji: float  # × when the opponent threw t-3 or t+3 of the suit (筋)
    flush_in: float  # × a tile of the suit the opponent's melds are all in
    flush_out: float  # × a numbered tile of another suit than that
    passed: float  # × a tile thrown after the opponent's last discard that it let go
    quiet_suit: float  # × a suit the opponent has not thrown once in 6 discards or more
    #: × by 壁 (kabe): the chow waits on t that no one can hold, none / some / all of them
    #: blocked (a neighbour with no live copy); all blocked leaves only pair waits
    kabe: tuple[float, float, float]
    #: × by the turn (``turn // STAGE_TURNS``, the last open-ended): late in the hand a
    #: ready opponent's waits are among fewer live kinds, so more often among mine
    wait_turn: tuple[float, ...]
    void_last: float  # × P(ready) when the opponent's last discard was of their void suit
    #: Mean points the discarder pays on a deal-in, by what the winner shows:
    #: (concealed, melds without a big sign, a big sign, not known) — 防大不防小.
    cost: tuple[float, float, float, float]
    #: (a, b): each opponent's P is mapped to sigmoid(a + b·logit(P)) (Platt scaling,
    #: fitted last on the training discards; (0, 1) leaves it as it is)
    calibration: tuple[float, float] = (0.0, 1.0)
    default_turn: int = 8  # when neither the wall nor any discard tells the turn


# Tile classes (the ``wait`` rows).
HONOUR, TERMINAL, TWO_EIGHT, THREE_SEVEN, MIDDLE = range(5)
_CLASS_OF_RANK = (TERMINAL, TWO_EIGHT, THREE_SEVEN, MIDDLE, MIDDLE, MIDDLE, THREE_SEVEN,
                  TWO_EIGHT, TERMINAL)  # fmt: skip


def tile_class(tile: int) -> int:
    """The ``wait`` row of a tile kind.

    >>> [tile_class(t) for t in (0, 1, 2, 4, 27)]
    [1, 2, 3, 4, 0]
    """
    if tile >= FIRST_HONOR:
        return HONOUR
    return _CLASS_OF_RANK[tile % SUIT_SIZE]


# Measured with bench/bench_danger.py on hands of four (two-player: two) ``fan`` bots;
# each entry names its run (the held-out figures are in docs/danger.md).
MODELS: dict[str, DangerModel] = {
    # bench_danger.py --rules mcr --games 600 --test-games 600 --calibrate (train seeds 1-600)
    "mcr": DangerModel(
        wall_start=91,
        ready=(
            (0.00035, 1e-05, 0.00011, 0.00039, 1.0),
            (0.00334, 0.02618, 0.08068, 0.00348, 1.0),
            (0.01716, 0.06982, 0.20418, 0.54587, 1.0),
            (0.05436, 0.12622, 0.25495, 0.43295, 1.0),
            (0.12161, 0.17658, 0.35831, 0.54261, 1.0),
            (0.17667, 0.2555, 0.43634, 0.70835, 1.0),
            (0.23718, 0.35582, 0.52785, 0.74836, 1.0),
            (0.29343, 0.39382, 0.54792, 0.71691, 1.0),
            (0.36594, 0.46275, 0.65284, 0.764, 1.0),
            (0.41807, 0.51591, 0.68668, 0.92274, 1.0),
            (0.47632, 0.58782, 0.71862, 0.94763, 1.0),
            (0.5535, 0.59691, 0.82822, 0.92423, 1.0),
        ),
        ready_any=(
            0.00039,
            0.00767,
            0.0403,
            0.098,
            0.17706,
            0.25927,
            0.34782,
            0.39257,
            0.47057,
            0.53114,
            0.59356,
            0.65147,
        ),
        wait=(
            (0.0, 0.0046, 0.0069, 0.0211),
            (0.0193, 0.0145, 0.0246, 0.0325),
            (0.0139, 0.0259, 0.0242, 0.037),
            (0.0209, 0.0302, 0.0495, 0.059),
            (0.0251, 0.0373, 0.0521, 0.0747),
        ),
        own_discard=0.081,
        suji=0.889,
        flush_in=1.217,
        flush_out=0.759,
        passed=0.034,
        quiet_suit=0.993,
        kabe=(1.0, 0.696, 0.427),
        wait_turn=(0.396, 0.717, 1.015, 1.381, 1.998, 3.002),
        void_last=1.0,
        cost=(28.76, 21.41, 22.4, 24.49),
        calibration=(-0.3, 0.94),
    ),
    # bench_danger.py --rules sichuan --games 400 --test-games 400 --calibrate (train seeds 1-400)
    "sichuan": DangerModel(
        wall_start=55,
        ready=(
            (0.00939, 0.11162, 0.22131, 0.01641, 1.0),
            (0.1539, 0.1894, 0.33432, 0.18418, 1.0),
            (0.21425, 0.249, 0.44569, 0.53146, 1.0),
            (0.33099, 0.41035, 0.56902, 0.77636, 1.0),
            (0.47158, 0.54654, 0.67451, 0.77306, 1.0),
            (0.62578, 0.6648, 0.75328, 0.81661, 1.0),
            (0.71736, 0.78442, 0.87632, 0.90963, 1.0),
            (0.78908, 0.78908, 0.78908, 0.78908, 1.0),
            (0.78908, 0.78908, 0.78908, 0.78908, 1.0),
            (0.78908, 0.78908, 0.78908, 0.78908, 1.0),
            (0.78908, 0.78908, 0.78908, 0.78908, 1.0),
            (0.78908, 0.78908, 0.78908, 0.78908, 1.0),
        ),
        ready_any=(
            0.00818,
            0.05214,
            0.17226,
            0.33685,
            0.49651,
            0.63893,
            0.75884,
            0.75884,
            0.75884,
            0.75884,
            0.75884,
            0.75884,
        ),
        wait=(
            (0.0, 0.0, 0.0, 0.0),
            (0.0316, 0.0619, 0.1038, 0.109),
            (0.0736, 0.0839, 0.1247, 0.1198),
            (0.1023, 0.1223, 0.1337, 0.1802),
            (0.1124, 0.1099, 0.1464, 0.1702),
        ),
        own_discard=0.052,
        suji=0.686,
        flush_in=0.929,
        flush_out=1.076,
        passed=0.083,
        quiet_suit=0.99,
        kabe=(1.0, 0.876, 0.655),
        wait_turn=(0.757, 1.017, 1.424, 1.833, 1.0, 1.0),
        void_last=0.491,
        cost=(1.45, 1.23, 1.77, 1.44),
        calibration=(0.3, 1.16),
    ),
    # bench_danger.py --rules two-player --games 1000 --test-games 1000 --calibrate (seeds 1-1000)
    # The bots always declare 报听 when ready: an opponent that has not declared is
    # almost never ready here (see docs/danger.md).
    "two-player": DangerModel(
        wall_start=44,
        ready=(
            (0.0, 0.0, 3e-05, 0.00012, 1.0),
            (0.0, 0.0, 1e-05, 6e-05, 1.0),
            (0.0, 0.0, 0.0, 4e-05, 1.0),
            (0.0, 0.0, 1e-05, 9e-05, 1.0),
            (0.0, 0.0, 1e-05, 0.0002, 1.0),
            (1e-05, 2e-05, 5e-05, 0.00046, 1.0),
            (6e-05, 9e-05, 0.00033, 0.00152, 1.0),
            (0.00031, 0.00053, 0.00108, 0.00431, 1.0),
            (0.00144, 0.00179, 0.00319, 0.00893, 1.0),
            (0.00667, 0.00588, 0.01429, 0.02, 1.0),
            (0.01012, 0.01012, 0.0188, 0.02632, 1.0),
            (0.10417, 0.10417, 0.10417, 0.125, 1.0),
        ),
        ready_any=(
            0.00201,
            0.02665,
            0.11347,
            0.23734,
            0.39779,
            0.53268,
            0.64664,
            0.72695,
            0.7587,
            0.82117,
            0.7716,
            0.73077,
        ),
        wait=(
            (0.0, 0.0005, 0.0022, 0.0072),
            (0.0108, 0.0043, 0.0298, 0.0494),
            (0.016, 0.0531, 0.0371, 0.0626),
            (0.0392, 0.0643, 0.0893, 0.1),
            (0.1031, 0.0341, 0.0869, 0.1043),
        ),
        own_discard=0.009,
        suji=0.709,
        flush_in=0.82,
        flush_out=1.064,
        passed=1.0,
        quiet_suit=1.254,
        kabe=(1.0, 0.719, 0.544),
        wait_turn=(0.704, 0.963, 1.124, 1.426, 1.767, 2.184),
        void_last=1.0,
        cost=(8.0, 4.39, 4.27, 5.63),
        calibration=(-0.2, 0.94),
    ),
}


#: Rule sets without a measured model of their own use this one.
FALLBACK = "mcr"


def model_for(rules: str) -> DangerModel:
    """The model of rule set ``rules`` (``two_player`` spelt either way); a rule set
    not measured uses MCR's."""
    return MODELS.get(rules.replace("_", "-").lower(), MODELS[FALLBACK])


class OpponentView(NamedTuple):
    """What the model reads of one opponent (shared by every tile of a position)."""

    out: bool  # already won (血战) or cannot win
    p_ready: float
    void: int | None
    thrown: frozenset[int]  # kinds it threw (still on the table)
    passed: frozenset[int]  # kinds thrown by the seats after it since its last discard
    thrown_suits: tuple[int, int, int] | None  # its discards per suit, when 6 or more
    flush_suit: int | None
    show: int  # CONCEALED, OPEN, BIG or UNKNOWN: the ``cost`` column
    stage: int  # the ``wait_turn`` column: turn // STAGE_TURNS, the last open-ended


def turn_of(position: Position, opponent: Opponent, model: DangerModel) -> int:
    """Draws per seat so far: from the wall when known, else the opponent's discards and
    melds (each came with a draw or a claim), else the model's default."""
    if position.wall is not None:
        return max(0, (model.wall_start - position.wall) // max(position.seats, 1))
    seen = len(opponent.discards) + len(opponent.melds) + opponent.concealed_kongs
    return seen if seen else model.default_turn


#: Turns (draws per seat) per ``wait_turn`` column.
STAGE_TURNS = 4


def stage_of(turn: int, model: DangerModel) -> int:
    """The ``wait_turn`` column of ``turn``."""
    return min(turn // STAGE_TURNS, len(model.wait_turn) - 1)


def ready_cell(position: Position, opponent: Opponent, model: DangerModel) -> tuple[int, int]:
    """The ``ready`` cell of ``opponent``: (turn bucket, melds 0-4)."""
    bucket = min(turn_of(position, opponent, model) // 2, len(model.ready) - 1)
    return bucket, min(len(opponent.melds) + opponent.concealed_kongs, 4)


def void_last(opponent: Opponent) -> bool:
    """Sichuan: the opponent's last discard was of its (public) void suit, so it may
    still hold that suit, and a hand holding it cannot win."""
    last = opponent.discards[-1] if opponent.discards else None
    return opponent.void is not None and last is not None and int(last) // 9 == opponent.void


def _flush_suit(melds: Sequence[Meld]) -> int | None:
    """The one numbered suit of two or more melds (honour melds allowed), else None."""
    suits = {m.tile // SUIT_SIZE for m in melds if m.tile < FIRST_HONOR}
    if len(suits) == 1 and len(melds) >= 2:
        return suits.pop()
    return None


# What an opponent shows (the ``cost`` columns; UNKNOWN: a position without opponents).
CONCEALED, OPEN, BIG, UNKNOWN = range(4)


def shows(melds: Sequence[Meld], concealed_kongs: int) -> int:
    """CONCEALED (no meld), BIG (a flush sign: two melds or more in one numbered suit; a
    pung of dragons; two pungs or more; three melds or more) or OPEN (other melds)."""
    n = len(melds) + concealed_kongs
    if not n:
        return CONCEALED
    pungs = sum(m.kind is not MeldKind.CHOW for m in melds) + concealed_kongs
    dragon = any(m.kind is not MeldKind.CHOW and m.tile >= FIRST_DRAGON for m in melds)
    if _flush_suit(melds) is not None or dragon or pungs >= 2 or n >= 3:
        return BIG
    return OPEN


def _passed(position: Position, opponent: Opponent) -> frozenset[int]:
    """The last discard of each seat after ``opponent`` in turn order (up to me): thrown
    since the opponent's own last discard, with its hand unchanged, and not won on."""
    return frozenset(
        int(o.discards[-1])
        for o in position.opponents
        if o.relative > opponent.relative and o.discards and not o.won
    )


#: Discards an opponent needs before a suit it never threw counts as quiet.
QUIET_AFTER = 6


def read_opponent(position: Position, opponent: Opponent, model: DangerModel) -> OpponentView:
    """What the model reads of ``opponent``: P(ready) and the tile-independent facts."""
    flush = _flush_suit(opponent.melds)
    show = shows(opponent.melds, opponent.concealed_kongs)
    thrown = frozenset(int(t) for t in opponent.discards)
    suits: tuple[int, int, int] | None = None
    if len(opponent.discards) >= QUIET_AFTER:
        per = [0, 0, 0]
        for t in opponent.discards:
            if t < FIRST_HONOR:
                per[t // SUIT_SIZE] += 1
        suits = (per[0], per[1], per[2])
    passed = _passed(position, opponent)
    if opponent.won:
        return OpponentView(True, 0.0, opponent.void, thrown, passed, suits, flush, show, 0)
    if opponent.declared_ready:
        p = 1.0
    else:
        bucket, melds = ready_cell(position, opponent, model)
        p = model.ready[bucket][melds]
        if void_last(opponent):
            p *= model.void_last
    stage = stage_of(turn_of(position, opponent, model), model)
    return OpponentView(False, p, opponent.void, thrown, passed, suits, flush, show, stage)


class TileFacts(NamedTuple):
    """What the model reads of one tile against one opponent."""

    cls: int  # tile class, the ``wait`` row
    live: int  # copies unseen by me, 0-3 (the ``wait`` column)
    never: bool  # it cannot win this opponent (out; Sichuan void suit)
    thrown: bool  # 现物: the opponent threw this kind
    suji: bool  # 筋: the opponent threw t-3 or t+3 of the suit
    flush: int  # 1 in the suit of the opponent's one-suit melds, -1 another suit, 0 none
    passed: bool  # thrown since the opponent's last discard, and it did not win on it
    quiet: bool  # a suit the opponent never threw in QUIET_AFTER discards or more
    kabe: int  # chow waits on it blocked: 0 none, 1 some, 2 all (only pair waits left)
    stage: int  # the turn's ``wait_turn`` column


def kabe(tile: int, unseen: Sequence[int]) -> int:
    """How many of the chow waits on numbered ``tile`` are blocked by a neighbour no one
    else can hold (0 live copies): 0 none, 1 some, 2 all (honours: 0).

    >>> live = [4] * 34
    >>> kabe(2, live), kabe(2, [0 if t == 3 else 4 for t in range(34)])
    (0, 1)
    >>> kabe(0, [0 if t == 1 else 4 for t in range(34)])  # 1m: only 23m waits on it
    2
    """
    if tile >= FIRST_HONOR:
        return 0
    rank = tile % SUIT_SIZE
    shapes = [(-2, -1)] if rank >= 2 else []
    if 1 <= rank <= 7:
        shapes.append((-1, 1))
    if rank <= 6:
        shapes.append((1, 2))
    blocked = sum(1 for a, b in shapes if not unseen[tile + a] or not unseen[tile + b])
    return 0 if not blocked else 2 if blocked == len(shapes) else 1


def tile_facts(view: OpponentView, tile: int, unseen: Sequence[int]) -> TileFacts:
    """The facts of ``tile`` against the opponent read as ``view``; ``unseen`` are the
    copies of each kind I cannot see."""
    live = unseen[tile]
    numbered = tile < FIRST_HONOR
    suit = tile // SUIT_SIZE if numbered else None
    never = view.out or (view.void is not None and suit == view.void)
    suji = False
    flush = 0
    quiet = False
    if numbered:
        rank = tile % SUIT_SIZE
        suji = (rank >= 3 and tile - 3 in view.thrown) or (rank <= 5 and tile + 3 in view.thrown)
        if view.flush_suit is not None:
            flush = 1 if suit == view.flush_suit else -1
        quiet = view.thrown_suits is not None and view.thrown_suits[tile // SUIT_SIZE] == 0
    return TileFacts(
        tile_class(tile),
        min(max(live, 0), 3),
        never,
        tile in view.thrown,
        suji,
        flush,
        tile in view.passed,
        quiet,
        kabe(tile, unseen),
        view.stage,
    )


def p_wins(facts: TileFacts, model: DangerModel) -> float:
    """P(the tile wins the opponent | ready) from its :class:`TileFacts`."""
    if facts.never:
        return 0.0
    p = model.wait[facts.cls][facts.live] * model.wait_turn[facts.stage]
    if facts.thrown:
        p *= model.own_discard
    if facts.suji:
        p *= model.suji
    if facts.flush:
        p *= model.flush_in if facts.flush > 0 else model.flush_out
    if facts.passed:
        p *= model.passed
    if facts.quiet:
        p *= model.quiet_suit
    if facts.kabe:
        p *= model.kabe[facts.kabe]
    return min(p, P_MAX)


def _unknown(position: Position, model: DangerModel) -> list[OpponentView]:
    """The seats - 1 opponents of a position that gives none: nothing known of them."""
    if position.wall is not None:
        turn = max(0, (model.wall_start - position.wall) // max(position.seats, 1))
    else:
        turn = model.default_turn
    p = model.ready_any[min(turn // 2, len(model.ready_any) - 1)]
    none: frozenset[int] = frozenset()
    view = OpponentView(False, p, None, none, none, None, None, UNKNOWN, stage_of(turn, model))
    return [view] * (max(position.seats, 2) - 1)


def read_opponents(position: Position, model: DangerModel) -> list[OpponentView]:
    """Every opponent of ``position`` as the model reads it (see :func:`read_opponent`);
    a position without ``opponents`` has seats - 1 of which nothing is known."""
    if not position.opponents:
        return _unknown(position, model)
    return [read_opponent(position, o, model) for o in position.opponents]


def calibrated(p: float, ab: tuple[float, float]) -> float:
    """``p`` through the Platt map sigmoid(a + b·logit(p)); 0 stays 0 (a tile that cannot
    win stays safe), and the result stays below :data:`P_MAX`.

    >>> calibrated(0.2, (0.0, 1.0)), calibrated(0.0, (1.0, 2.0))
    (0.2, 0.0)
    >>> round(calibrated(0.1, (0.5, 1.2)), 4)
    0.1056
    """
    a, b = ab
    if p <= 0.0 or (a == 0.0 and b == 1.0):
        return p
    z = a + b * math.log(p / (1.0 - p))
    return min(1.0 / (1.0 + math.exp(-z)), P_MAX)


def dangers(
    position: Position, tiles: Iterable[int], *, model: DangerModel | None = None
) -> dict[int, Danger]:
    """The :class:`Danger` of each tile kind in ``tiles`` (the opponents are read once);
    ``model`` overrides the rule set's (the bench fits one)."""
    m = model or model_for(position.rules)
    views = read_opponents(position, m)
    unseen = position.unseen
    out: dict[int, Danger] = {}
    for tile in tiles:
        t = int(tile)
        if not 0 <= t < NUM_KINDS:
            raise ValueError(f"a discard is one of the 34 tile kinds (0-33), not {tile!r}")
        by = tuple(
            calibrated(v.p_ready * p_wins(tile_facts(v, t, unseen), m), m.calibration)
            for v in views
        )
        safe = 1.0
        loss = 0.0
        for v, p in zip(views, by, strict=True):
            safe *= 1.0 - p
            loss += p * m.cost[v.show]
        out[t] = Danger(1.0 - safe, loss, by)
    return out


def danger(position: Position, tile: int, *, model: DangerModel | None = None) -> Danger:
    """The :class:`Danger` of discarding ``tile`` (a kind, 0-33) in ``position``."""
    return dangers(position, (tile,), model=model)[int(tile)]


__all__ = [
    "BIG",
    "CONCEALED",
    "FALLBACK",
    "MODELS",
    "NO_DANGER",
    "OPEN",
    "P_MAX",
    "QUIET_AFTER",
    "STAGE_TURNS",
    "UNKNOWN",
    "Danger",
    "DangerModel",
    "OpponentView",
    "TileFacts",
    "calibrated",
    "danger",
    "dangers",
    "kabe",
    "model_for",
    "p_wins",
    "read_opponent",
    "read_opponents",
    "ready_cell",
    "shows",
    "stage_of",
    "tile_class",
    "tile_facts",
    "turn_of",
    "void_last",
]
