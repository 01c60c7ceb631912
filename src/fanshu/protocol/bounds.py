"""The bounds of the numbers a request carries: past one is ``out_of_range``, naming it.

The bounds are data, here, for every front end: the wire format checks them
(:func:`check`), the HTTP models declare them (``Field(ge=…, le=…)``, so the OpenAPI
description lists them) and docs/http-api.md has the table.  Each is far beyond any real
game and small enough that what is computed from it stays small: Sichuan doubles the
payment per fan, so its ``fan`` bound keeps ``base · 2^fan`` inside 64 bits (the
database's integers); no integer anywhere may pass :data:`MAX_INTEGER`.

>>> check(FLOWERS, 9)
Traceback (most recent call last):
fanshu.protocol.errors.LineError: flowers must be 0 to 8 (the eight flower tiles), not 9
>>> fan_bound("sichuan").high, fan_bound("mcr").high
(30, 500)
"""

from __future__ import annotations

from dataclasses import dataclass

from fanshu.i18n import msg
from fanshu.protocol.errors import OUT_OF_RANGE, LineError
from fanshu.rules.mcr.settlement import MAX_FAN as MCR_MAX_FAN
from fanshu.rules.mcr.settlement import MAX_FLOWERS
from fanshu.rules.sichuan.options import MAX_BASE
from fanshu.rules.sichuan.options import MAX_FAN as SICHUAN_MAX_FAN

__all__ = [
    "AFTER",
    "ANALYSIS_SEED",
    "BOUNDS",
    "BUDGET",
    "BURN",
    "CONCEALED_KONGS",
    "FAN",
    "FLOWERS",
    "HAND_NUMBER",
    "MAX_INTEGER",
    "OFFERED_BY",
    "OPPONENTS",
    "OPTION",
    "PENALTY_POINTS",
    "RELATIVE",
    "SEED",
    "SESSIONS",
    "SICHUAN_FAN",
    "SINCE",
    "TABLE",
    "WALL",
    "Bound",
    "check",
    "check_options",
    "fan_bound",
]

#: The largest integer any request may hold (JavaScript's ``Number.MAX_SAFE_INTEGER``:
#: the browser app cannot tell larger ones apart anyway).
MAX_INTEGER = 2**53 - 1


@dataclass(frozen=True, slots=True)
class Bound:
    """``field`` is an integer from ``low`` to ``high``, for the reason ``why``."""

    field: str
    low: int
    high: int
    why: str

    def message(self, value: object, field: str | None = None) -> str:
        return msg(
            "{field} must be {low} to {high} ({why}), not {value}",
            field=field or self.field,
            low=self.low,
            high=self.high,
            why=self.why,
            value=value,
        )


#: Flower tiles claimed (MCR: one fan each).
FLOWERS = Bound("flowers", 0, MAX_FLOWERS, msg("the eight flower tiles"))
#: A fan total (MCR and the additive rule sets; flowers included).
FAN = Bound("fan", 0, MCR_MAX_FAN, msg("more than any MCR hand scores"))
#: A Sichuan fan total: payments double per fan, so 2^30 times a base of at most
#: :data:`OPTION` stays inside 64 bits.
SICHUAN_FAN = Bound("fan", 0, SICHUAN_MAX_FAN, msg("payments double per fan"))
#: Beijing 烧庄: rounds followed in a row.
BURN = Bound("burn", 0, 99, msg("rounds followed in a row"))
#: Sichuan: how many of the hand's wins came before a kong.
AFTER = Bound("after", 0, 3, msg("a hand has at most three further wins"))
#: Points of one penalty.
PENALTY_POINTS = Bound("points", 1, 1_000_000, msg("points of one penalty"))
#: A hand's number on a score sheet.
HAND_NUMBER = Bound("number", 1, 10_000, msg("hands of one score sheet"))
#: A tournament's sessions, and a session's number.
SESSIONS = Bound("sessions", 1, 1000, msg("sessions of one tournament"))
#: A table's number in a session.
TABLE = Bound("table", 1, 10_000, msg("tables of one session"))
#: A seed for shuffles and seatings.
SEED = Bound("seed", 0, MAX_INTEGER, msg("a whole number a browser can hold"))
#: Events of a game already seen.
SINCE = Bound("since", 0, 1_000_000, msg("events of one game"))
#: A whole-number option of a rule set (a cap, base points, a penalty …).
OPTION = Bound("option", 0, MAX_BASE, msg("a rule set option"))


# -- analysis (``fanshu analyze``, ``POST /v1/analyze``) ----------------------------------

#: Tiles left in the wall: at most the 136 tiles of a set without flowers.
WALL = Bound("wall", 0, 136, msg("the tiles of a set"))
#: Who threw the tile on offer, counted in seats after me in turn order (1 = 下家 …).
OFFERED_BY = Bound("offered_by", 1, 3, msg("seats after me in turn order"))
#: An opponent's place, as ``offered_by``.
RELATIVE = Bound("relative", 1, 3, msg("seats after me in turn order"))
#: The opponents described: one per other seat.
OPPONENTS = Bound("opponents", 0, 3, msg("one per other seat"))
#: An opponent's concealed kongs: a hand has at most four kongs.
CONCEALED_KONGS = Bound("concealed_kongs", 0, 4, msg("a hand has at most four kongs"))
#: Monte Carlo paths per choice of one analysis (``fanshu.analysis.value``; the
#: library's default is a few dozen).  The time of a request grows with it for hands
#: two or more from ready: at 500 the slowest hands measured (random 14-tile hands four
#: from ready, every rule set) take 1.5 to 4.6 s on a loaded two-core machine, at 2,000
#: up to 7 s — the figures and their command are in docs/http-api.md ("Bounds").  500
#: paths put the standard error of a P(win) near 0.5 at about 2 points, finer than any
#: choice needs.
BUDGET = Bound("budget", 1, 500, msg("Monte Carlo paths per choice"))
#: The seed of an analysis' Monte Carlo draws (the generator takes 32 bits).
ANALYSIS_SEED = Bound("seed", 0, 2**32 - 1, msg("a 32-bit seed"))

#: Every bound, for the documentation.
BOUNDS = (
    FLOWERS,
    FAN,
    SICHUAN_FAN,
    BURN,
    AFTER,
    PENALTY_POINTS,
    HAND_NUMBER,
    SESSIONS,
    TABLE,
    SEED,
    SINCE,
    OPTION,
    WALL,
    OFFERED_BY,
    RELATIVE,
    OPPONENTS,
    CONCEALED_KONGS,
    BUDGET,
    ANALYSIS_SEED,
)


def fan_bound(rules: str) -> Bound:
    """The bound of a fan total under the rule set ``rules``."""
    return SICHUAN_FAN if rules == "sichuan" else FAN


def check(bound: Bound, value: int, field: str | None = None) -> int:
    """``value`` when within ``bound``; else ``LineError`` ``out_of_range`` naming the
    field (``field``, default the bound's) and the bound."""
    if not bound.low <= value <= bound.high:
        raise LineError(OUT_OF_RANGE, bound.message(value, field))
    return value


def check_options(options: object, field: str = "options") -> None:
    """Every whole number among a rule set's options within :data:`OPTION`."""
    if not isinstance(options, dict):
        return
    for name, value in options.items():
        if isinstance(value, int) and not isinstance(value, bool):
            check(OPTION, value, f"{field}.{name}")
