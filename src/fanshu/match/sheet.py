"""The score sheet of one MCR match (局): four players, 16 hands, table points.

Winds, dealer and seats
-----------------------
A match is 4 rounds (圈) of 4 hands.  The prevalent wind (圈风) is East for hands 1-4,
South for 5-8, West for 9-12 and North for 13-16.  The dealer never repeats (无论是否和牌，
庄家不连庄): in each round, the player sitting in the East seat deals the first hand, then
the deal passes counter-clockwise (E → S → W → N seats).  On a hand the dealer's seat wind
(门风) is East, the next player's South, the opposite West, the previous North.

The players draw seats for round 1 (``players`` is given in drawn order East, South,
West, North: call them 1, 2, 3, 4).  Between rounds they change seats by the standard
tournament scheme (轮转).  Seats taken at the start of each round:

=========  ====  =====  ====  =====
round      East  South  West  North
=========  ====  =====  ====  =====
1 (东风圈)  1     2      3     4
2 (南风圈)  2     1      4     3
3 (西风圈)  3     4      2     1
4 (北风圈)  4     3      1     2
=========  ====  =====  ====  =====

After the East round East↔South and West↔North swap; the player who drew West moves
W → N → E → S and the one who drew North N → W → S → E.  Over the four rounds every player
has each other player at least once as the next player (下家, on the right) and at least
once as the previous player (上家, on the left); this is the only table with the East-round
swap and those two moves that does so.  (No such table can also give every opposite
pairing: after the swap, 1-3 and 2-4 have sat opposite twice.)  "The dealer never
repeats" means no 连庄: the deal moves on after every hand, win or draw; at a round change
the player who dealt last may deal again (here the player who drew West deals hands 8
and 9), because the seats change.

Sources: the 1998 rule book (中国麻将竞赛规则) defines 轮转 as the position changes "按竞赛
规程的规定" and 庄家不连庄 (seed 002); the table is the one printed on MCR tournament
score forms, e.g. Mahjong Den Haag's "MCR seating scheme" (East↔South and West↔North after
round 1, W-N-E-S and N-W-S-E for the players starting West and North); rounds 3-4 for the
East and South starters follow from the left/right property above.

>>> m = Match(["Ann", "Bob", "Cy", "Di"])
>>> [str(w) for w in m.seat_winds(1).values()]
['E', 'S', 'W', 'N']
>>> m.dealer(2), m.dealer(5), m.prevalent_wind(5).code
('Bob', 'Bob', 'S')
>>> _ = m.record_win("Ann", fan=8)              # self-drawn: 16 from each
>>> _ = m.record_win("Cy", discarder="Di", fan=10)
>>> m.totals()
{'Ann': 40, 'Bob': -24, 'Cy': 18, 'Di': -34}
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Literal, Unpack

from fanshu.i18n import msg
from fanshu.match.results import WIN_CONTEXT, HandResult, WinFields, read_context_flag
from fanshu.rules.mcr.options import McrOptions
from fanshu.rules.mcr.settlement import (
    FALSE_WIN_POINTS,
    MatchError,
    Penalty,
    Settlement,
    check_flowers,
    check_member,
    check_players,
    false_win_penalty,
    free_penalty,
    settle_draw,
    settle_win,
)
from fanshu.tiles import Tile

__all__ = [
    "HANDS_PER_MATCH",
    "SCALE_48",
    "SCALE_STANDARD",
    "SEAT_ROTATION",
    "HandRecord",
    "Match",
    "MatchError",
    "RecordKind",
    "rank_table_points",
]

HANDS_PER_MATCH = 16
WINDS: tuple[Tile, Tile, Tile, Tile] = (Tile.EAST, Tile.SOUTH, Tile.WEST, Tile.NORTH)
#: SEAT_ROTATION[round][seat] = index (in drawn order) of the player in that seat
#: (seats East, South, West, North) for rounds 0-3.
SEAT_ROTATION: tuple[tuple[int, int, int, int], ...] = (
    (0, 1, 2, 3),
    (1, 0, 3, 2),
    (2, 3, 1, 0),
    (3, 2, 0, 1),
)
#: Table points (标准分) by rank.
SCALE_STANDARD: tuple[int, int, int, int] = (4, 2, 1, 0)
SCALE_48: tuple[int, int, int, int] = (48, 24, 12, 0)

RecordKind = Literal["win", "draw", "false_win", "penalty"]
_KINDS = ("win", "draw", "false_win", "penalty")


def rank_table_points(
    totals: Mapping[str, int], scale: Sequence[int] = SCALE_STANDARD
) -> dict[str, Fraction]:
    """Table points by rank of match score; tied players share the points of the places
    they occupy equally.

    >>> {k: str(v) for k, v in rank_table_points({"A": 50, "B": 50, "C": 0, "D": -100}).items()}
    {'A': '3', 'B': '3', 'C': '1', 'D': '0'}
    >>> {k: str(v) for k, v in rank_table_points({"A": 9, "B": 5, "C": 5, "D": 5}).items()}
    {'A': '4', 'B': '1', 'C': '1', 'D': '1'}
    """
    if len(scale) != len(totals):
        raise MatchError(
            msg(
                "the scale needs {n} values, not {n2}: {scale!r}",
                n=len(totals),
                n2=len(scale),
                scale=scale,
            )
        )
    for v in scale:
        if isinstance(v, bool) or not isinstance(v, int | Fraction):
            raise MatchError(msg("table points are numbers, not {v!r}", v=v))
    ordered = sorted(totals, key=lambda p: -totals[p])
    out: dict[str, Fraction] = {}
    i = 0
    while i < len(ordered):
        j = i
        while j + 1 < len(ordered) and totals[ordered[j + 1]] == totals[ordered[i]]:
            j += 1
        share = Fraction(sum(scale[i : j + 1]), j - i + 1)
        for p in ordered[i : j + 1]:
            out[p] = share
        i = j + 1
    return {p: out[p] for p in totals}


def _number(x: Fraction) -> int | float:
    """A table-point value for JSON: an int when whole, else a float."""
    return int(x) if x.denominator == 1 else float(x)


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One row of the score sheet, immutable.

    ``kind`` is ``win`` or ``draw`` (the 16 hands, ``number`` 1-16), or ``false_win`` /
    ``penalty`` (rows that happen during hand ``number`` and do not count as hands).
    ``fan`` includes ``flowers``; ``hand`` is the hand string when the win was scored by
    fanshu, with ``fans`` its breakdown (``McrResult.to_dict()["fans"]``).  ``payments``
    is zero-sum; ``penalties`` are free penalties (deducted, paid to nobody).  Rule sets
    other than MCR (:mod:`fanshu.match.rule_sheet`) keep the hand as recorded
    (``result``) and what each part of it paid (``items``: wins, kongs, 查大叫 …); MCR rows
    have neither, so their files stay as they were.  ``fourth_tile``, ``kong`` and
    ``wall_last`` say how a win scored from its hand was won (和绝张, 杠上开花/抢杠和,
    妙手回春/海底捞月: :data:`~fanshu.match.results.WIN_CONTEXT`); a row keeps them only
    when set, so rows written before they were kept read as false.
    """

    number: int
    kind: RecordKind
    payments: dict[str, int]
    winner: str | None = None
    discarder: str | None = None
    fan: int | None = None
    flowers: int = 0
    hand: str | None = None
    fans: tuple[dict[str, Any], ...] | None = None
    offender: str | None = None
    false_win: str | None = None
    penalties: tuple[Penalty, ...] = field(default=())
    items: tuple[dict[str, Any], ...] | None = None
    result: dict[str, Any] | None = None
    fourth_tile: bool = False
    kong: bool = False
    wall_last: bool = False

    @property
    def self_drawn(self) -> bool:
        return self.kind == "win" and self.discarder is None

    @property
    def is_hand(self) -> bool:
        """True for the rows that count among the 16 hands (a win or a draw)."""
        return self.kind in ("win", "draw")

    @property
    def deltas(self) -> dict[str, int]:
        """The change to each player's score on this row."""
        return Settlement(self.payments, self.penalties).deltas

    def to_dict(self) -> dict[str, Any]:
        out = {
            "number": self.number,
            "kind": self.kind,
            "winner": self.winner,
            "discarder": self.discarder,
            "self_drawn": self.self_drawn,
            "fan": self.fan,
            "flowers": self.flowers,
            "hand": self.hand,
            "fans": None if self.fans is None else [dict(f) for f in self.fans],
            "offender": self.offender,
            "false_win": self.false_win,
            "payments": dict(self.payments),
            "penalties": [p.to_dict() for p in self.penalties],
        }
        out.update({name: True for name in WIN_CONTEXT if getattr(self, name)})
        if self.result is not None:
            out["result"] = dict(self.result)
        if self.items is not None:
            out["items"] = [dict(i) for i in self.items]
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> HandRecord:
        """Read a row back (no validation against a match; ``Match.from_dict`` does that)."""
        try:
            kind = data["kind"]
            if kind not in _KINDS:
                raise MatchError(
                    msg(
                        "unknown row kind {kind!r}: one of {kinds}",
                        kind=kind,
                        kinds=", ".join(_KINDS),
                    )
                )
            fans = data.get("fans")
            items = data.get("items")
            return cls(
                number=int(data["number"]),
                kind=kind,
                payments={str(k): int(v) for k, v in data.get("payments", {}).items()},
                winner=data.get("winner"),
                discarder=data.get("discarder"),
                fan=None if data.get("fan") is None else int(data["fan"]),
                flowers=int(data.get("flowers") or 0),
                hand=data.get("hand"),
                fans=None if fans is None else tuple(dict(f) for f in fans),
                offender=data.get("offender"),
                false_win=data.get("false_win"),
                penalties=tuple(Penalty.from_dict(p) for p in data.get("penalties", ())),
                items=None if items is None else tuple(dict(i) for i in items),
                result=None if data.get("result") is None else dict(data["result"]),
                fourth_tile=read_context_flag(data, "fourth_tile"),
                kong=read_context_flag(data, "kong"),
                wall_last=read_context_flag(data, "wall_last"),
            )
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise MatchError(
                msg("a bad score sheet row {dict!r}: {exc}", dict=dict(data), exc=exc)
            ) from None


class Match:
    """The score sheet of one match of four players and 16 hands.

    ``players`` are given in the seats drawn for round 1 (East, South, West, North).
    Every recording method validates first and changes nothing on error
    (:class:`MatchError`); each returns the new :class:`HandRecord`.
    """

    #: The rule set whose settlement the sheet follows (:mod:`fanshu.match.rule_sheet`
    #: has the others).
    rules: str = "mcr"

    def __init__(self, players: Sequence[str], *, id: str | None = None) -> None:
        self.players: tuple[str, ...] = check_players(players)
        if id is not None and not isinstance(id, str):
            raise MatchError(msg("a match id is a string, not {id!r}", id=id))
        self.id = id
        self._records: list[HandRecord] = []

    # -- winds, dealer, seats --------------------------------------------------------

    @staticmethod
    def _check_hand_no(hand_no: int) -> int:
        if isinstance(hand_no, bool) or not isinstance(hand_no, int):
            raise MatchError(
                msg("a hand number is a whole number, not {hand_no!r}", hand_no=hand_no)
            )
        if not 1 <= hand_no <= HANDS_PER_MATCH:
            raise MatchError(
                msg(
                    "a match has hands 1-{hands_per_match}, not {hand_no}",
                    hands_per_match=HANDS_PER_MATCH,
                    hand_no=hand_no,
                )
            )
        return hand_no

    def seats(self, hand_no: int) -> dict[Tile, str]:
        """The player in each seat (the seat held for the whole round) on a hand.

        >>> [p for p in Match("ABCD").seats(9).values()]
        ['C', 'D', 'B', 'A']
        """
        rnd = (self._check_hand_no(hand_no) - 1) // 4
        return {WINDS[s]: self.players[i] for s, i in enumerate(SEAT_ROTATION[rnd])}

    def seat_winds(self, hand_no: int) -> dict[str, Tile]:
        """Each player's seat wind (门风) on hand ``hand_no`` (1-16), in drawn order.

        >>> {p: w.code for p, w in Match("ABCD").seat_winds(6).items()}
        {'A': 'E', 'B': 'N', 'C': 'W', 'D': 'S'}
        """
        k = (self._check_hand_no(hand_no) - 1) % 4
        in_seat = self.seats(hand_no)
        winds = {p: WINDS[(s - k) % 4] for s, p in enumerate(in_seat.values())}
        return {p: winds[p] for p in self.players}

    def prevalent_wind(self, hand_no: int) -> Tile:
        """The prevalent wind (圈风) of a hand: East for 1-4, South 5-8, West 9-12, North.

        >>> Match("ABCD").prevalent_wind(16).code
        'N'
        """
        return WINDS[(self._check_hand_no(hand_no) - 1) // 4]

    def dealer(self, hand_no: int) -> str:
        """The dealer (庄家, seat wind East) of a hand.

        >>> [Match("ABCD").dealer(n) for n in range(1, 17)][::4]
        ['A', 'B', 'C', 'D']
        """
        return next(p for p, w in self.seat_winds(hand_no).items() if w == Tile.EAST)

    # -- the sheet --------------------------------------------------------------------

    @property
    def records(self) -> tuple[HandRecord, ...]:
        """Every row, in order: the hands and the penalty rows between them."""
        return tuple(self._records)

    @property
    def hands(self) -> tuple[HandRecord, ...]:
        """The wins and draws recorded so far (at most 16)."""
        return tuple(r for r in self._records if r.is_hand)

    @property
    def hands_played(self) -> int:
        return sum(1 for r in self._records if r.is_hand)

    @property
    def is_complete(self) -> bool:
        return self.hands_played == HANDS_PER_MATCH

    @property
    def current_hand(self) -> int | None:
        """The number of the next hand to record, or None when all 16 are in."""
        return None if self.is_complete else self.hands_played + 1

    def _next_hand_no(self) -> int:
        n = self.current_hand
        if n is None:
            raise MatchError(
                msg(
                    "the match is complete: all {hands_per_match} hands are recorded",
                    hands_per_match=HANDS_PER_MATCH,
                )
            )
        return n

    # -- building rows (validation only, no mutation) --------------------------------

    def _win_record(
        self, number: int, result: HandResult, options: McrOptions | None
    ) -> HandRecord:
        winner, discarder, fan, hand = result.winner, result.discarder, result.fan, result.hand
        flowers = result.flowers
        check_member(self.players, winner, msg("winner"))
        assert winner is not None  # checked just above
        if discarder is not None:
            check_member(self.players, discarder, msg("discarder"))
        if discarder == winner:
            raise MatchError(
                msg(
                    "the discarder {discarder} cannot be the winner: a self-drawn win has "
                    "no discarder",
                    discarder=discarder,
                )
            )
        result.check_win_context()
        fans: tuple[dict[str, Any], ...] | None = None
        if hand is not None:
            if not isinstance(hand, str):
                raise MatchError(msg("a hand is a hand string, not {hand!r}", hand=hand))
            scored, fans = self._score(number, result, options)
            if fan is not None and fan != scored:
                raise MatchError(
                    msg(
                        "the fan total {fan} does not match the hand, which scores {scored}",
                        fan=fan,
                        scored=scored,
                    )
                )
            fan = scored
        elif fan is None:
            raise MatchError(msg("a win needs a fan total or a hand string"))
        settlement = settle_win(self.players, winner, discarder=discarder, fan=fan, flowers=flowers)
        return HandRecord(
            number=number,
            kind="win",
            payments=settlement.payments,
            winner=winner,
            discarder=discarder,
            fan=fan,
            flowers=flowers,
            hand=hand,
            fans=fans,
            fourth_tile=result.fourth_tile,
            kong=result.kong,
            wall_last=result.wall_last,
        )

    def _draw_record(self, number: int) -> HandRecord:
        return HandRecord(number, "draw", settle_draw(self.players).payments)

    def _score(
        self, number: int, win: HandResult, options: McrOptions | None
    ) -> tuple[int, tuple[dict[str, Any], ...]]:
        """Score the win's hand with this hand's winds and the win's context."""
        from fanshu.api import score  # the calculator is only needed for hand strings

        hand, winner = win.hand, win.winner
        assert hand is not None and winner is not None  # the caller has checked both
        check_flowers(win.flowers)
        result = score(
            hand,
            self_drawn=win.discarder is None,
            fourth_tile=win.fourth_tile,
            kong=win.kong,
            wall_last=win.wall_last,
            seat_wind=self.seat_winds(number)[winner],
            prevalent_wind=self.prevalent_wind(number),
            flowers=win.flowers,
            options=options,
        )
        if not result.is_win:
            raise MatchError(
                msg(
                    "{hand} is not a complete hand ({reason}); record it as a 诈和 (false "
                    "win, not_complete) instead",
                    hand=hand,
                    reason=result.reason,
                )
            )
        if not result.meets_minimum:
            raise MatchError(
                msg(
                    "{hand} scores {total_without_flowers} fan without flowers, under the "
                    "8-fan minimum; record it as a 错和 (false win, under_minimum) instead",
                    hand=hand,
                    total_without_flowers=result.total_without_flowers,
                )
            )
        return result.total, tuple(result.to_dict()["fans"])

    # -- recording ----------------------------------------------------------------------

    def record_win(
        self, winner: str, *, options: McrOptions | None = None, **win: Unpack[WinFields]
    ) -> HandRecord:
        """Record the next hand as a win: self-drawn unless ``discarder`` is given.

        Give the fan total (flowers included) or the full ``hand`` string; a hand string
        is scored with this hand's seat and prevalent wind and how it was won
        (``fourth_tile`` 和绝张, ``kong`` 杠上开花/抢杠和, ``wall_last`` 妙手回春/海底捞月),
        and its fan breakdown kept.
        A hand under 8 fan (flowers not counted) is refused: record a 错和 instead.

        >>> m = Match("ABCD")
        >>> r = m.record_win("B", discarder="A", hand="[EEEE]123m456p789s11s", flowers=1)
        >>> r.fan, r.payments
        (16, {'A': -24, 'B': 40, 'C': -8, 'D': -8})
        """
        return self.record(HandResult(False, winner, **win), options=options)

    def record_draw(self) -> HandRecord:
        """Record the next hand as drawn (荒庄): nobody pays."""
        return self.record(HandResult(draw=True))

    def record(self, result: HandResult, *, options: McrOptions | None = None) -> HandRecord:
        """Record the next hand from one :class:`~fanshu.match.results.HandResult`: a win
        (as :meth:`record_win`) or a drawn hand (as :meth:`record_draw`)."""
        self._check_mcr(result)
        number = self._next_hand_no()
        if result.draw:
            result.check_win_context()
            record = self._draw_record(number)
        elif result.winner is None:
            raise MatchError(msg("give the winner of the hand, or a drawn hand"))
        else:
            record = self._win_record(number, result, options)
        self._records.append(record)
        return record

    @staticmethod
    def _check_mcr(result: HandResult) -> None:
        extra = result.extras()
        if extra:
            raise MatchError(
                msg(
                    "an MCR hand has one winner and no {field}: one win (with its fan or "
                    "hand) or a drawn hand",
                    field=extra[0].replace("_", " "),
                )
            )

    def record_false_win(self, player: str, kind: str) -> HandRecord:
        """Record a false win during the current hand: ``under_minimum`` (错和, 10 to each
        other player) or ``not_complete`` (诈和, 20 to each).  Not a hand: the hand goes on.

        >>> Match("ABCD").record_false_win("C", "under_minimum").payments
        {'A': 10, 'B': 10, 'C': -30, 'D': 10}
        """
        number = self._next_hand_no()
        settlement = false_win_penalty(self.players, player, kind)
        record = HandRecord(
            number, "false_win", settlement.payments, offender=player, false_win=kind
        )
        self._records.append(record)
        return record

    def add_penalty(self, player: str, points: int, reason: str = "") -> HandRecord:
        """Record a referee's free penalty: ``points`` (positive) deducted from ``player``,
        paid to nobody.  Allowed after the last hand too (it then belongs to hand 16).

        >>> Match("ABCD").add_penalty("D", 10, "slow play").deltas
        {'A': 0, 'B': 0, 'C': 0, 'D': -10}
        """
        check_member(self.players, player, msg("player"))
        penalty = free_penalty(player, points, reason)
        number = self.current_hand or HANDS_PER_MATCH
        record = HandRecord(
            number,
            "penalty",
            dict.fromkeys(self.players, 0),
            offender=player,
            penalties=(penalty,),
        )
        self._records.append(record)
        return record

    def correct(
        self,
        hand_no: int,
        *,
        winner: str | None = None,
        draw: bool = False,
        options: McrOptions | None = None,
        **win: Unpack[WinFields],
    ) -> HandRecord:
        """Replace recorded hand ``hand_no`` by a win of ``winner`` or (``draw=True``) a
        drawn hand; the totals follow.  Penalty rows are kept.

        >>> m = Match("ABCD")
        >>> _ = m.record_draw()
        >>> _ = m.correct(1, winner="D", fan=8)
        >>> m.totals()["D"]
        48
        """
        return self.correct_hand(hand_no, HandResult(draw, winner, **win), options=options)

    def correct_hand(
        self, hand_no: int, result: HandResult, *, options: McrOptions | None = None
    ) -> HandRecord:
        """:meth:`correct` from one :class:`~fanshu.match.results.HandResult`."""
        self._check_mcr(result)
        self._check_hand_no(hand_no)
        index = self._row_of(hand_no)
        if result.draw:
            r = result
            if r.winner is not None or r.discarder is not None or r.fan is not None or r.hand:
                raise MatchError(msg("a drawn hand has no winner, discarder, fan or hand"))
            r.check_win_context()
            record = self._draw_record(hand_no)
        elif result.winner is None:
            raise MatchError(msg("give the winner of the corrected hand, or draw=True"))
        else:
            record = self._win_record(hand_no, result, options)
        self._records[index] = record
        return record

    def _row_of(self, hand_no: int) -> int:
        for i, r in enumerate(self._records):
            if r.is_hand and r.number == hand_no:
                return i
        raise MatchError(
            msg(
                "hand {hand_no} is not recorded yet ({hands_played} so far)",
                hand_no=hand_no,
                hands_played=self.hands_played,
            )
        )

    def undo(self) -> HandRecord:
        """Remove the last row (a hand or a penalty) and return it."""
        if not self._records:
            raise MatchError(msg("nothing to undo: the score sheet is empty"))
        return self._records.pop()

    # -- results -----------------------------------------------------------------------

    def totals(self) -> dict[str, int]:
        """Each player's match score (比赛分) so far, penalties deducted."""
        out = dict.fromkeys(self.players, 0)
        for r in self._records:
            for p, d in r.deltas.items():
                out[p] += d
        return out

    def running_totals(self) -> list[dict[str, int]]:
        """The totals after each row of :attr:`records` (one dict per row)."""
        run = dict.fromkeys(self.players, 0)
        out: list[dict[str, int]] = []
        for r in self._records:
            for p, d in r.deltas.items():
                run[p] += d
            out.append(dict(run))
        return out

    def table_points_exact(
        self, scale: Sequence[int] = SCALE_STANDARD
    ) -> dict[str, Fraction] | None:
        """Table points as exact fractions, or None until the 16 hands are in."""
        if not self.is_complete:
            return None
        return rank_table_points(self.totals(), scale)

    def table_points(self, scale: Sequence[int] = SCALE_STANDARD) -> dict[str, int | float] | None:
        """Table points (标准分) by rank: 4/2/1/0 (or ``SCALE_48`` = 48/24/12/0), tied
        players sharing equally; None until the match is complete."""
        exact = self.table_points_exact(scale)
        return None if exact is None else {p: _number(v) for p, v in exact.items()}

    # -- (de)serialisation -------------------------------------------------------------

    def to_dict(self, scale: Sequence[int] = SCALE_STANDARD) -> dict[str, Any]:
        """``{"id", "scale", "players": [{"name", "total", "table_points"}], "hands": [...]}``;
        ``scale`` is the table points by rank (``[4, 2, 1, 0]``), kept so that an unfinished
        match keeps it too; ``hands`` lists every row (penalty rows included);
        ``table_points`` is null until the 16 hands are in."""
        totals = self.totals()
        points = self.table_points(scale)
        return {
            "id": self.id,
            "scale": list(scale),
            "players": [
                {
                    "name": p,
                    "total": totals[p],
                    "table_points": None if points is None else points[p],
                }
                for p in self.players
            ],
            "hands": [r.to_dict() for r in self._records],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Match:
        """Rebuild a match from :meth:`to_dict`, re-settling every row (the stored
        payments must agree) so that a tampered file is refused.  The ``scale`` is not part
        of the match: :func:`fanshu.match.exchange.match_scale_from_json` reads it."""
        try:
            players = [p["name"] if isinstance(p, Mapping) else p for p in data["players"]]
            rows = list(data.get("hands", ()))
        except (KeyError, TypeError) as exc:
            raise MatchError(msg("a match needs players and hands: {exc}", exc=exc)) from None
        match = cls(players, id=data.get("id"))
        for row in rows:
            stored = HandRecord.from_dict(row)
            match._append_checked(stored)
        return match

    def _append_checked(self, stored: HandRecord) -> None:
        if stored.kind == "win":
            if stored.winner is None or stored.fan is None:
                raise MatchError(
                    msg("a win row needs a winner and a fan: {row}", row=stored.to_dict())
                )
            if stored.hand is None and (stored.fourth_tile or stored.kong or stored.wall_last):
                raise MatchError(
                    msg(
                        "a win row with a win context keeps its hand: {row}",
                        row=stored.to_dict(),
                    )
                )
            number = self._next_hand_no()
            again = HandResult(
                False, stored.winner, stored.discarder, stored.fan, None, stored.flowers
            )
            rebuilt = self._win_record(number, again, None)
            rebuilt = replace(
                rebuilt,
                hand=stored.hand,
                fans=stored.fans,
                fourth_tile=stored.fourth_tile,
                kong=stored.kong,
                wall_last=stored.wall_last,
            )
        elif stored.kind == "draw":
            rebuilt = self._draw_record(self._next_hand_no())
        elif stored.kind == "false_win":
            if stored.offender is None or stored.false_win not in FALSE_WIN_POINTS:
                raise MatchError(
                    msg("a false-win row needs an offender and a kind: {stored}", stored=stored)
                )
            number = self._next_hand_no()
            s = false_win_penalty(self.players, stored.offender, stored.false_win)
            rebuilt = HandRecord(
                number,
                "false_win",
                s.payments,
                offender=stored.offender,
                false_win=stored.false_win,
            )
        else:
            if len(stored.penalties) != 1:
                raise MatchError(
                    msg("a penalty row holds one penalty: {row}", row=stored.to_dict())
                )
            pen = stored.penalties[0]
            check_member(self.players, pen.player, msg("player"))
            rebuilt = HandRecord(
                self.current_hand or HANDS_PER_MATCH,
                "penalty",
                dict.fromkeys(self.players, 0),
                offender=pen.player,
                penalties=(pen,),
            )
        if stored.payments and stored.payments != rebuilt.payments:
            raise MatchError(
                msg(
                    "row {number} ({kind}) pays {payments}, but the rules give {payments2}",
                    number=stored.number,
                    kind=stored.kind,
                    payments=stored.payments,
                    payments2=rebuilt.payments,
                )
            )
        if stored.number != rebuilt.number:
            raise MatchError(
                msg(
                    "row numbered {number} should be hand {number2}",
                    number=stored.number,
                    number2=rebuilt.number,
                )
            )
        self._records.append(rebuilt)

    def copy(self) -> Match:
        """An independent copy (records are immutable, the list is copied)."""
        return copy.copy(self)

    def __copy__(self) -> Match:
        new = Match(self.players, id=self.id)
        new._records = list(self._records)
        return new

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Match):
            return NotImplemented
        return (self.id, self.players, self._records) == (other.id, other.players, other._records)

    # Not hashable (a sheet changes as hands are recorded): a class that defines __eq__
    # and no __hash__ gets __hash__ = None from Python (tests/match check it).

    def __repr__(self) -> str:
        return f"Match(id={self.id!r}, players={list(self.players)!r}, hands={self.hands_played})"
