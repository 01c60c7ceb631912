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

>>> p_self, p_discard = ready_chances(4, 4, 80, 10, 3, TIMINGS["mcr"])
>>> 0.2 < p_self + p_discard < 0.7
True
>>> ready_chances(4, 4, 80, 0, 3, TIMINGS["mcr"])
(0.0, 0.0)
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["TIMINGS", "Timing", "ready_chances", "survival", "timing_for"]


@dataclass(frozen=True, slots=True)
class Timing:
    """The two measured factors of one rule set."""

    #: P(an opponent throws a given unseen copy) relative to a random unseen tile
    discard_factor: float
    #: P(someone else wins) per opponent turn (Sichuan 血战: the hand goes on, so ~0)
    hazard: float


TIMINGS: dict[str, Timing] = {
    "mcr": Timing(discard_factor=0.7, hazard=0.012),
    "two-player": Timing(discard_factor=0.7, hazard=0.02),
    "beijing": Timing(discard_factor=0.7, hazard=0.02),
    "sichuan": Timing(discard_factor=0.7, hazard=0.003),
}


def timing_for(rules: str) -> Timing:
    return TIMINGS.get(rules, TIMINGS["mcr"])


def survival(own_draws: int, opponents: int, timing: Timing) -> float:
    """P(nobody else has won) after ``own_draws`` rounds of ``opponents`` turns each."""
    return (1.0 - timing.hazard) ** (own_draws * opponents)


def ready_chances(
    self_live: int,
    discard_live: int,
    unseen: int,
    rounds: int,
    opponents: int,
    timing: Timing,
) -> tuple[float, float]:
    """(P win by self-draw, P win on a discard) within ``rounds`` rounds, starting with
    the opponents' turns (the player has just discarded)."""
    if rounds <= 0 or unseen <= 0 or (self_live <= 0 and discard_live <= 0):
        return 0.0, 0.0
    h = timing.hazard
    a = min(1.0, timing.discard_factor * discard_live / unseen)
    s = min(1.0, self_live / unseen)
    c = (1.0 - h) * (1.0 - a)  # an opponent turn passes without an end
    k = max(0, opponents)
    ck = c**k
    on_discard = (1.0 - h) * a * (k if c >= 1.0 else (1.0 - ck) / (1.0 - c))
    g = ck * (1.0 - s)  # a whole round passes
    series = rounds if g >= 1.0 else (1.0 - g**rounds) / (1.0 - g)
    return ck * s * series, on_discard * series
