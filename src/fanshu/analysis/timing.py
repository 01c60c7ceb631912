"""The timing model: how likely a ready hand wins before the wall ends or someone else wins.

After the player's discard the table goes round: each opponent draws and discards, then
the player draws.  For a ready hand with ``self_live`` unseen copies of winning tiles it
may win by self-draw and ``discard_live`` it may win on a discard (they differ when a
wait meets the minimum only self-drawn, or under Beijing's "after a claim, self-draw
only"), out of ``unseen`` unseen copies in all, per round:

- each opponent turn: with probability ``hazard`` someone else wins first and the hand
  ends (a measured rate per opponent turn, :data:`TIMINGS`); else the opponent throws
  one of my winning tiles with probability ``discard_factor × discard_live / unseen`` (an
  opponent's discard is a tile of its hand, and its hand is a draw from the unseen
  tiles; the factor says how much less often players throw the tiles others wait on
  than a random tile, measured on engine games);
- then my draw wins with probability ``self_live / unseen``.

Summed over ``rounds`` rounds (my draws left) as a geometric series: :func:`ready_chances`.
The constants are fitted by ``bench/bench_value.py`` on engine games (``docs/advice.md``).

>>> early = sum(ready_chances(4, 4, 80, 10, 3, TIMINGS["mcr"], now=0))
>>> late = sum(ready_chances(4, 4, 80, 10, 3, TIMINGS["mcr"], now=12))  # others near too
>>> 0.2 < late < early < 0.9
True
>>> ready_chances(4, 4, 80, 0, 3, TIMINGS["mcr"])
(0.0, 0.0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

__all__ = [
    "REACHES",
    "TIMINGS",
    "Reach",
    "Timing",
    "reach_for",
    "reach_schedule",
    "ready_chances",
    "survival",
    "timing_for",
]


@dataclass(frozen=True, slots=True)
class Timing:
    """The measured factors of one rule set.

    The hazard grows as the hand goes on (more players are ready): per opponent turn in
    round r (own draws since the deal) it is ``hazard × (r − ramp_from) / (ramp_to −
    ramp_from)``, clamped to 0 … ``hazard``; ``ramp_to ≤ ramp_from`` makes it constant.

    >>> t = Timing(0.7, 0.06, ramp_from=4, ramp_to=16)
    >>> [round(t.hazard_at(r), 3) for r in (0, 4, 10, 16, 30)]
    [0.0, 0.0, 0.03, 0.06, 0.06]
    """

    #: P(an opponent throws a given unseen copy) relative to a random unseen tile
    discard_factor: float
    #: P(someone else wins) per opponent turn once the hand is late
    hazard: float
    ramp_from: int = 0
    ramp_to: int = 0
    #: how many times as fast a hand short of ready improves as its own draws alone
    #: would make it: the chows and pungs on the way, which the model does not play out
    approach: float = 1.0
    #: own draws left as a multiple of ``wall // seats``: Sichuan 血战 seats that have
    #: won draw no more, so those still in draw more often as the hand goes on
    draws: float = 1.0

    def hazard_at(self, rnd: int) -> float:
        """The hazard per opponent turn in round ``rnd``."""
        if self.ramp_to <= self.ramp_from:
            return self.hazard
        x = (rnd - self.ramp_from) / (self.ramp_to - self.ramp_from)
        return self.hazard * (0.0 if x <= 0 else 1.0 if x >= 1 else x)

    def mean_hazard(self, now: int, rounds: int) -> float:
        """The mean hazard over rounds ``now`` … ``now + rounds − 1``."""
        if rounds <= 0:
            return self.hazard_at(now)
        return sum(self.hazard_at(r) for r in range(now, now + rounds)) / rounds


#: Fitted on seeded engine hands of four ``fan`` bots per rule set (two-player: two).
#: ``discard_factor`` (250 hands) = throws of a ready seat's accepted waits / Σ live
#: copies ÷ unseen over every discard while it was ready (MCR 179 throws in 13,644
#: discards, Sichuan 443, Beijing 50, two-player 39).  The hazard ramp (300 hands) follows
#: the hands ended by a win per discard turn, round by round (Sichuan: ended by the third
#: winner): nearly none in the first rounds, then rising to a plateau; the plateau is
#: the measured one × (seats − 1) / seats, since a hand also ends by the player's own
#: win (MCR 0.07 → 0.0525, Beijing 0.065 → 0.049).  ``approach`` and ``draws``, and the
#: Sichuan and two-player plateaus (血战 ends with the third winner; two-player measured
#: 0.14), are set by the held-out check (``bench/bench_value.py --calibrate``): P(win)
#: of the discards chosen in engine hands against the wins, by shanten
#: (``docs/advice.md``).
TIMINGS: dict[str, Timing] = {
    "mcr": Timing(0.70, hazard=0.0525, ramp_from=5, ramp_to=18, approach=1.7),
    "sichuan": Timing(0.81, hazard=0.01, ramp_from=6, ramp_to=14, approach=1.6, draws=1.4),
    "beijing": Timing(0.91, hazard=0.049, ramp_from=2, ramp_to=15, approach=1.3),
    "two-player": Timing(0.90, hazard=0.035, ramp_from=2, ramp_to=11, approach=2.0),
}


def timing_for(rules: str) -> Timing:
    return TIMINGS.get(rules, TIMINGS["mcr"])


# 16,384 entries: ~3 MiB full (tracemalloc, ~190 B an entry)
@lru_cache(maxsize=16384)
def survival(own_draws: int, opponents: int, timing: Timing, now: int = 0) -> float:
    """P(nobody else has won) after ``own_draws`` rounds of ``opponents`` turns each,
    starting in round ``now``."""
    alive = 1.0
    for r in range(now, now + own_draws):
        alive *= (1.0 - timing.hazard_at(r)) ** opponents
    return alive


# 65,536 entries: ~22 MiB full (tracemalloc, ~345 B an entry: a key of floats)
@lru_cache(maxsize=65536)
def ready_chances(
    self_live: float,
    discard_live: float,
    unseen: int,
    rounds: int,
    opponents: int,
    timing: Timing,
    now: int = 0,
) -> tuple[float, float]:
    """(P win by self-draw, P win on a discard) within ``rounds`` rounds from round
    ``now``, starting with the opponents' turns (the player has just discarded); the
    hazard is its mean over those rounds."""
    if rounds <= 0 or unseen <= 0 or (self_live <= 0 and discard_live <= 0):
        return 0.0, 0.0
    h = timing.mean_hazard(now, rounds)
    a = min(1.0, timing.discard_factor * discard_live / unseen)
    s = min(1.0, self_live / unseen)
    c = (1.0 - h) * (1.0 - a)  # an opponent turn passes without an end
    k = max(0, opponents)
    ck = c**k
    on_discard = (1.0 - h) * a * (k if c >= 1.0 else (1.0 - ck) / (1.0 - c))
    g = ck * (1.0 - s)  # a whole round passes
    series = rounds if g >= 1.0 else (1.0 - g**rounds) / (1.0 - g)
    return ck * s * series, on_discard * series


@dataclass(frozen=True, slots=True)
class Reach:
    """What a hand two or more tiles from ready is assumed to become (the reach model,
    used where no path is sampled): measured means over the ready hands that sampled
    paths from such hands reach (``bench/bench_value.py --priors``)."""

    #: the mean useful copies of a hand j from ready (index j; random 13-tile hands of
    #: that shanten, all other copies unseen): the pace of the steps after the first
    useful_by_shanten: tuple[float, ...]
    #: P(the ready hand reached has a live wait the rule set accepts)
    meets: float
    #: live accepted copies of such a ready hand
    ready_live: float
    #: mean points received per win, and the most common fan total
    points: float
    fan: int


_MCR_USEFUL = (0.0, 13.8, 22.6, 39.3, 62.5, 97.7, 110.0, 120.0, 130.0)
_PAIRS_USEFUL = (0.0, 13.8, 23.0, 40.3, 60.5, 77.1, 88.0, 95.0, 100.0)
_SICHUAN_USEFUL = (0.0, 11.7, 22.4, 34.3, 56.7, 89.0, 95.0, 100.0, 105.0)

#: Measured on 60 random hands 2-4 from ready per rule set, 16 sampled paths each (about
#: 900 ready hands reached): the share with an accepted live wait (MCR: 8 fan), its
#: accepted live copies, the mean points of its wins, the most common fan total.
REACHES: dict[str, Reach] = {
    "mcr": Reach(_MCR_USEFUL, meets=0.72, ready_live=3.8, points=61.0, fan=24),
    "two-player": Reach(_MCR_USEFUL, meets=1.0, ready_live=5.1, points=8.7, fan=5),
    "beijing": Reach(_PAIRS_USEFUL, meets=1.0, ready_live=4.3, points=262.0, fan=1),
    "sichuan": Reach(_SICHUAN_USEFUL, meets=1.0, ready_live=4.6, points=5.0, fan=1),
}


def reach_for(rules: str) -> Reach:
    return REACHES.get(rules, REACHES["mcr"])


def reach_schedule(p: float, shanten: int, turns: int, later: Sequence[float] = ()) -> list[float]:
    """P(the hand becomes ready at own draw t), t = 1..turns, for a hand ``shanten``
    away whose draws improve it with probability ``p`` now and ``later[j]`` when j
    from ready (a Markov chain on the shanten; ``later`` missing: ``p``).

    >>> [round(x, 3) for x in reach_schedule(0.5, 1, 3)]
    [0.5, 0.25, 0.125]
    >>> [round(x, 3) for x in reach_schedule(0.5, 2, 3, (0.0, 0.25))]
    [0.0, 0.125, 0.156]
    """
    if shanten <= 0 or turns <= 0 or p <= 0:
        return [0.0] * max(0, turns)
    steps = [min(1.0, p)] + [
        min(1.0, later[shanten - i]) if shanten - i < len(later) else min(1.0, p)
        for i in range(1, shanten)
    ]
    level = [0.0] * (shanten + 1)  # P(at distance j still to go), index j
    level[shanten] = 1.0
    out = []
    for _ in range(turns):
        ready_now = level[1] * steps[shanten - 1]
        for j in range(1, shanten + 1):
            q = steps[shanten - j]
            moved = level[j] * q
            level[j] -= moved
            level[j - 1] += moved
        level[0] = 0.0
        out.append(ready_now)
    return out
