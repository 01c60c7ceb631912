"""MCR settlement: who pays whom after one hand, and the penalties a referee gives.

The Chinese Official rules pay a win in *match points* (比赛分):

- self-drawn (自摸): each of the three others pays ``8 + fan``, so the winner gets
  ``(8 + fan) × 3``;
- on a discard (点和): the discarder pays ``8 + fan``, the other two pay ``8`` each, so the
  winner gets ``8 × 3 + fan``;
- a drawn hand (荒庄) pays nothing.

``fan`` is the hand's fan total *including* flowers (1 fan each); the 8-fan minimum is
checked on ``fan − flowers``.  A false win is a zero-sum penalty (1998 rule book): 错和
(declared with under 8 fan) costs 10 to each other player, 诈和 (declared with a hand that
is not complete) 20 to each.  A referee's free penalty is not paid to anyone: it is
recorded separately as a :class:`Penalty` and deducted from the player's score.

>>> s = settle_win("ABCD", "A", discarder=None, fan=10)
>>> s.payments
{'A': 54, 'B': -18, 'C': -18, 'D': -18}
>>> settle_win("ABCD", "A", discarder="C", fan=10).payments
{'A': 34, 'B': -8, 'C': -18, 'D': -8}
>>> false_win_penalty("ABCD", "B", "not_complete").payments
{'A': 20, 'B': -60, 'C': 20, 'D': 20}
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from fanshu.errors import FanshuError
from fanshu.i18n import msg

__all__ = [
    "BASE_POINTS",
    "FALSE_WIN_POINTS",
    "MAX_FAN",
    "MAX_FLOWERS",
    "MINIMUM_FAN",
    "FalseWinKind",
    "MatchError",
    "Penalty",
    "Settlement",
    "check_fan",
    "check_flowers",
    "check_member",
    "check_players",
    "false_win_name",
    "false_win_penalty",
    "free_penalty",
    "settle_draw",
    "settle_win",
]

#: The base every loser pays to the winner (底分).
BASE_POINTS = 8
#: The fan a win needs, flowers not counted.
MINIMUM_FAN = 8
#: No MCR hand comes near this many fan (the highest possible is a little over 300);
#: a larger number is a typing error.
MAX_FAN = 500
#: Eight flower tiles in the set.
MAX_FLOWERS = 8

FalseWinKind = Literal["under_minimum", "not_complete"]
#: What a false win costs, paid to each of the three other players (1998 rule book).
FALSE_WIN_POINTS: dict[str, int] = {"under_minimum": 10, "not_complete": 20}
_FALSE_WIN_NAMES = {"under_minimum": "错和", "not_complete": "诈和"}


class MatchError(FanshuError):
    """A settlement, score sheet or tournament request that cannot be honoured."""

    code = "bad_match"


@dataclass(frozen=True, slots=True)
class Penalty:
    """A referee's penalty: ``points`` (positive) deducted from ``player``; not zero-sum.

    >>> Penalty("A", 30, "slow play").to_dict()
    {'player': 'A', 'points': 30, 'reason': 'slow play'}
    """

    player: str
    points: int
    reason: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "points": self.points, "reason": self.reason}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Penalty:
        try:
            return free_penalty(data["player"], data["points"], data.get("reason", ""))
        except (KeyError, TypeError) as exc:
            raise MatchError(msg("a penalty needs a player and points: {exc}", exc=exc)) from None


@dataclass(frozen=True, slots=True)
class Settlement:
    """What one hand moves: ``payments`` (zero-sum, one entry per player) and
    ``penalties`` (free penalties, recorded separately and not paid to anyone).

    >>> s = Settlement({"A": 5, "B": -5}, (Penalty("A", 2, "late"),))
    >>> s.deltas
    {'A': 3, 'B': -5}
    """

    payments: dict[str, int]
    penalties: tuple[Penalty, ...] = field(default=())

    def __post_init__(self) -> None:
        payments = dict(self.payments)
        if sum(payments.values()) != 0:
            raise MatchError(
                msg("payments must sum to zero, not {sum}", sum=sum(payments.values()))
            )
        object.__setattr__(self, "payments", payments)
        object.__setattr__(self, "penalties", tuple(self.penalties))

    @property
    def deltas(self) -> dict[str, int]:
        """The change to each player's score: payments less penalty points."""
        out = dict(self.payments)
        for p in self.penalties:
            out[p.player] = out.get(p.player, 0) - p.points
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "payments": dict(self.payments),
            "penalties": [p.to_dict() for p in self.penalties],
        }


def check_players(players: Sequence[str] | str) -> tuple[str, ...]:
    """The four player names of an MCR table: non-empty and different."""
    names = tuple(players)
    if len(names) != 4:
        raise MatchError(
            msg("an MCR table has four players, not {n}: {list}", n=len(names), list=list(names))
        )
    for n in names:
        if not isinstance(n, str) or not n.strip():
            raise MatchError(msg("a player name is a non-empty string, not {n!r}", n=n))
    if len(set(names)) != 4:
        raise MatchError(msg("the four player names must differ: {list}", list=list(names)))
    return names


def check_member(players: Iterable[str], name: object, role: str) -> str:
    """``name`` if it is one of ``players``, else a :class:`MatchError` naming its ``role``."""
    names = list(players)
    if not isinstance(name, str) or name not in names:
        raise MatchError(
            msg(
                "unknown {role} {name!r}: the players are {names}",
                role=role,
                name=name,
                names=", ".join(names),
            )
        )
    return name


def _check_int(value: object, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise MatchError(msg("{what} is a whole number, not {value!r}", what=what, value=value))
    if value < low:
        raise MatchError(
            msg("{what} cannot be below {low}: {value}", what=what, low=low, value=value)
        )
    if value > high:
        raise MatchError(
            msg(
                "{what} {value} is not possible (at most {high})", what=what, value=value, high=high
            )
        )
    return value


def check_flowers(flowers: object) -> int:
    """Validate a flower count (0-8).

    >>> check_flowers(9)
    Traceback (most recent call last):
    ...
    fanshu.rules.mcr.settlement.MatchError: the number of flowers 9 is not possible (at most 8)
    """
    return _check_int(flowers, msg("the number of flowers"), 0, MAX_FLOWERS)


def check_fan(fan: object, flowers: object = 0) -> tuple[int, int]:
    """Validate a win's fan total (flowers included) and flower count.

    >>> check_fan(9, 1)
    (9, 1)
    >>> check_fan(8, 1)
    Traceback (most recent call last):
    ...
    fanshu.rules.mcr.settlement.MatchError: a win needs 8 fan without flowers: 8 fan with 1 flower is 7; record it as a 错和 (false win, under_minimum) instead
    """  # noqa: E501
    f = check_flowers(flowers)
    n = _check_int(fan, msg("the fan total"), 0, MAX_FAN)
    if n < f:
        raise MatchError(
            msg("the fan total {n} includes the flowers, so it cannot be below {f}", n=n, f=f)
        )
    if n - f < MINIMUM_FAN:
        if not f:
            counted = msg("{n} fan", n=n)
        elif f == 1:
            counted = msg("{n} fan with 1 flower is {rest}", n=n, rest=n - f)
        else:
            counted = msg("{n} fan with {f} flowers is {rest}", n=n, f=f, rest=n - f)
        raise MatchError(
            msg(
                "a win needs {minimum_fan} fan without flowers: {counted}; "
                "record it as a 错和 (false win, under_minimum) instead",
                minimum_fan=MINIMUM_FAN,
                counted=counted,
            )
        )
    return n, f


def settle_win(
    players: Sequence[str] | str,
    winner: str,
    *,
    discarder: str | None,
    fan: int,
    flowers: int = 0,
) -> Settlement:
    """Pay a win: self-drawn when ``discarder`` is None, else on that player's discard.

    ``fan`` includes the ``flowers``; ``fan − flowers`` must reach 8.

    >>> settle_win(["E", "S", "W", "N"], "S", discarder="N", fan=12, flowers=2).payments
    {'E': -8, 'S': 36, 'W': -8, 'N': -20}
    >>> settle_win("ABCD", "A", discarder="A", fan=8)
    Traceback (most recent call last):
    ...
    fanshu.rules.mcr.settlement.MatchError: the discarder A cannot be the winner: a self-drawn win has no discarder
    """  # noqa: E501
    names = check_players(players)
    check_member(names, winner, msg("winner"))
    if discarder is not None:
        check_member(names, discarder, msg("discarder"))
        if discarder == winner:
            raise MatchError(
                msg(
                    "the discarder {discarder} cannot be the winner: a self-drawn win has "
                    "no discarder",
                    discarder=discarder,
                )
            )
    n, _ = check_fan(fan, flowers)
    payments = dict.fromkeys(names, 0)
    for p in names:
        if p == winner:
            continue
        pay = BASE_POINTS + n if discarder is None or p == discarder else BASE_POINTS
        payments[p] = -pay
        payments[winner] += pay
    return Settlement(payments)


def settle_draw(players: Sequence[str] | str) -> Settlement:
    """A drawn hand (荒庄): nobody pays.

    >>> settle_draw("ABCD").payments
    {'A': 0, 'B': 0, 'C': 0, 'D': 0}
    """
    return Settlement(dict.fromkeys(check_players(players), 0))


def false_win_penalty(players: Sequence[str] | str, offender: str, kind: str) -> Settlement:
    """A false win: ``under_minimum`` (错和, 10 to each other player) or ``not_complete``
    (诈和, 20 to each), per the 1998 rule book.  Zero-sum; play continues without the
    offender.

    >>> false_win_penalty("ABCD", "D", "under_minimum").payments
    {'A': 10, 'B': 10, 'C': 10, 'D': -30}
    """
    names = check_players(players)
    check_member(names, offender, msg("offender"))
    if kind not in FALSE_WIN_POINTS:
        raise MatchError(
            msg(
                "unknown false win {kind!r}: 'under_minimum' (错和, under 8 fan) or "
                "'not_complete' (诈和, the hand is not complete)",
                kind=kind,
            )
        )
    each = FALSE_WIN_POINTS[kind]
    payments = {p: (-each * 3 if p == offender else each) for p in names}
    return Settlement(payments)


def false_win_name(kind: str) -> str:
    """The Chinese name of a false-win kind.

    >>> false_win_name("not_complete")
    '诈和'
    """
    return _FALSE_WIN_NAMES[kind]


def free_penalty(player: str, points: int, reason: str = "") -> Penalty:
    """A referee's penalty of ``points`` (a positive number, deducted from ``player``).

    >>> free_penalty("B", 10, "touched the wall").points
    10
    """
    if not isinstance(player, str) or not player.strip():
        raise MatchError(msg("a penalty needs a player name, not {player!r}", player=player))
    if isinstance(points, int) and not isinstance(points, bool) and points <= 0:
        raise MatchError(
            msg(
                "penalty points are deducted from the player: give a positive number, not {points}",
                points=points,
            )
        )
    pts = _check_int(points, msg("penalty points"), 1, 10_000)
    if not isinstance(reason, str):
        raise MatchError(msg("a penalty reason is text, not {reason!r}", reason=reason))
    return Penalty(player, pts, reason)
