"""What each choice is worth (算牌 by expected score): P(win), the points a win brings,
P(reaching the minimum), the likely target fans, the danger of the tile thrown.

:func:`evaluate_discards` values every discard of a 14-tile hand, :func:`evaluate_hand`
a 13-tile hand as it stands, :func:`evaluate_claims` every claim on a tile offered to a
13-tile hand (win, kong, pung, each chow, pass).  Each value is a :class:`Value`; the
method (``docs/advice.md``):

- the hand after the choice is a 13-tile hand; its distance to ready is the rule set's
  (:mod:`fanshu.analysis.distance`);
- **ready** (shanten 0): exact.  Every wait is scored by the rule set
  (:class:`~fanshu.analysis.outcome.Scorer`: fan, settlement points, whether it is a
  win the rule set accepts, self-drawn and on a discard), and the timing model
  (:mod:`fanshu.analysis.timing`) gives P(self-drawn win) and P(win on a discard) over
  the turns left from the live copies of the accepted waits;
- **one away** (shanten 1): exact.  Every useful draw that makes a ready hand with an
  accepted wait, weighted by its unseen copies, followed by the discard to the ready
  hand worth most (the other draws are thrown); the first useful draw comes at
  own draw t with the geometric chance of the draws before it missing, and the ready
  hand reached then has the turns after t;
- **further** (shanten 2 or more): seeded Monte Carlo.  ``budget`` sampled paths per
  choice draw tiles from the unseen ones (without replacement, the unseen tiles standing
  for the wall); a useful draw is kept with the discard that keeps the best shanten and
  then the most useful tiles (into ready: the ready hand worth most, and only when it
  has an accepted wait: a draw into ready under the minimum is thrown like the others,
  the player waiting for a better one), any other draw is thrown; a path that reaches
  ready at draw t scores that ready hand exactly with the turns after t.  Every choice
  of one call uses the same draws (common random numbers, so the differences between
  choices are less noisy than the values), and a call is deterministic for its
  ``seed``.

``expected_points`` = ``expected_gain`` − ``danger.expected_loss`` (the danger model is
:mod:`fanshu.analysis.danger`).  Choices that throw nothing (win, kong, pass) have no
danger.

>>> from fanshu.analysis.position import Position
>>> from fanshu.notation import parse_hand
>>> values = evaluate_discards(Position(parse_hand("3456m345p34568sEE")))
>>> from fanshu.tiles import Tile
>>> values[Tile.M6].why  # after 3m the 7s is 5 fan: the wait has to change first
'waits 7s for 三色三同顺, 12 fan; P(win) 59%'
>>> values[Tile.M3].p_win < values[Tile.M6].p_win
True
>>> values[Tile.M6].targets[0].name_zh
'三色三同顺'
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from fanshu.analysis.danger import NO_DANGER, Danger, dangers
from fanshu.analysis.distance import Distance, discard_shapes, for_position
from fanshu.analysis.efficiency import discard_shantens
from fanshu.analysis.outcome import Scorer, Win
from fanshu.analysis.position import Position
from fanshu.analysis.timing import (
    Reach,
    Timing,
    reach_for,
    reach_schedule,
    ready_chances,
    survival,
    timing_for,
)
from fanshu.errors import InvalidHandError
from fanshu.hand import Hand, Meld, MeldKind
from fanshu.tiles import FIRST_HONOR, NUM_KINDS, SUIT_SIZE, TILES, Tile

__all__ = [
    "DEFAULT_BUDGET",
    "ClaimOption",
    "Target",
    "Value",
    "evaluate_claims",
    "evaluate_discards",
    "evaluate_hand",
]

#: Monte Carlo paths per choice when ``budget`` is not given.  Without a budget only
#: choices at the best shanten and two from ready are sampled; with one, every choice
#: at the best shanten two or more from ready.  The others use the reach model.
DEFAULT_BUDGET = 12

#: Sampled by default up to this shanten (further: the reach model).
SAMPLED_SHANTEN = 2

#: Sampled by default: the discards at the best shanten with the most useful tiles.
SAMPLED_OPTIONS = 3

#: Valued exactly by default among the discards one from ready: the widest.
EXACT_OPTIONS = 4

#: A sampled value is shrunk toward the reach model as if it were this many paths.
PRIOR_PATHS = 8

#: Rule sets with chows (Sichuan has none).
CHOW_RULES = frozenset({"mcr", "two-player", "beijing"})

#: Fans shown as targets: at least this value (additive tables: the fans that carry a
#: hand toward 8; doubling tables: all but the base fans).
_TARGET_FLOOR = {"add": 6, "double": 2}


@dataclass(frozen=True, slots=True)
class Target:
    """A fan seen in the winning hands, and its share of the winning probability."""

    name_zh: str
    name_en: str
    value: int
    share: float

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name_zh,
            "name_en": self.name_en,
            "value": self.value,
            "share": round(self.share, 4),
        }


def _pairs(d: Sequence[tuple[int, float]]) -> list[list[float]]:
    return [[k, round(p, 4)] for k, p in d]


@dataclass(frozen=True, slots=True)
class Value:
    """What one choice is worth; ``expected_points`` is the ranking key."""

    p_win: float
    p_minimum: float
    expected_gain: float
    points: tuple[tuple[int, float], ...]
    fans: tuple[tuple[int, float], ...]
    targets: tuple[Target, ...]
    danger: Danger
    expected_points: float
    samples: int
    why: str
    why_zh: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "p_win": round(self.p_win, 4),
            "p_minimum": round(self.p_minimum, 4),
            "expected_gain": round(self.expected_gain, 4),
            "expected_points": round(self.expected_points, 4),
            "points": _pairs(self.points),
            "fans": _pairs(self.fans),
            "targets": [t.to_dict() for t in self.targets],
            "danger": {
                "p_deal_in": round(self.danger.p_deal_in, 4),
                "expected_loss": round(self.danger.expected_loss, 4),
                "by_opponent": [round(p, 4) for p in self.danger.by_opponent],
            },
            "samples": self.samples,
            "why": self.why,
            "why_zh": self.why_zh,
        }


@dataclass(frozen=True, slots=True)
class ClaimOption:
    """One answer to a tile on offer: ``action`` is "win", "kong", "pung", "chow 3m"
    (the lowest tile of the run) or "pass"; ``then_discard`` the tile thrown after a
    pung or chow; ``shanten`` and ``useful_count`` of the 13 tiles kept."""

    action: str
    then_discard: Tile | None
    shanten: int
    useful_count: int
    value: Value | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "action": self.action,
            "then_discard": None if self.then_discard is None else self.then_discard.code,
            "shanten": self.shanten,
            "useful_count": self.useful_count,
        }
        if self.value is not None:
            out.update(self.value.to_dict())
        return out


# -- one call's shared state ------------------------------------------------------------


@dataclass(slots=True)
class _ReadyStats:
    """A ready hand's accepted waits with their live copies."""

    self_live: int
    discard_live: int
    #: (live copies, self-drawn win, win on a discard) per wait with a live copy
    waits: tuple[tuple[int, int, Win, Win], ...]

    @property
    def meets(self) -> bool:
        return self.self_live > 0 or self.discard_live > 0


class _Call:
    """What every choice of one call shares: the rule set's distance and scorer, the
    timing, the unseen tiles, and caches of shanten, useful kinds and ready waits."""

    def __init__(self, position: Position, budget: int | None, seed: int) -> None:
        self.position = position
        self.distance: Distance = for_position(position)
        self.scorer = Scorer(position)
        self.timing: Timing = timing_for(position.rules)
        self.reach: Reach = reach_for(position.rules)
        self.sample_up_to = SAMPLED_SHANTEN if budget is None else 99
        self.opponents = position.others
        self.turns = round(position.turns_left * self.timing.draws)
        self.now = position.rounds_played
        self.unseen = list(position.unseen)
        self.melds = len(position.hand.melds)
        self.budget = DEFAULT_BUDGET if budget is None else budget
        if self.budget < 1:
            raise InvalidHandError(f"budget is at least 1 sample, not {self.budget}")
        self.seed = seed
        self.unseen_total = sum(self.unseen)
        # memos of this one call (a _Call lives for one analysis): bounded by the
        # hands it visits, freed with it
        self._shanten: dict[tuple[int, ...], int] = {}
        self._useful: dict[tuple[int, ...], frozenset[int]] = {}
        self._waits: dict[tuple[int, ...], tuple[tuple[int, Win, Win], ...]] = {}
        self._discards: dict[tuple[int, ...], list[int]] = {}
        self.discard_shapes = discard_shapes(self.distance)

    def shanten(self, counts: list[int]) -> int:
        key = tuple(counts)
        s = self._shanten.get(key)
        if s is None:
            s = self.distance.shanten(counts, self.melds)
            self._shanten[key] = s
        return s

    def after_discards(self, counts: list[int]) -> list[int] | None:
        """:meth:`shanten` of a 14-tile hand less one tile of each kind (34 values, 99
        for a kind not held) in one pass, or None where the distance has no such pass."""
        shapes = self.discard_shapes
        if shapes is None or sum(counts) + 3 * self.melds != 14:
            return None
        key = tuple(counts)
        got = self._discards.get(key)
        if got is None:
            got = discard_shantens(counts, self.melds, shapes)
            self._discards[key] = got
        return got

    def useful(self, counts: list[int]) -> frozenset[int]:
        key = tuple(counts)
        u = self._useful.get(key)
        if u is None:
            u = self.distance.useful(counts, self.melds)
            self._useful[key] = u
        return u

    def waits(self, counts: list[int]) -> tuple[tuple[int, Win, Win], ...]:
        """Every completing kind of a ready hand with its two wins (accepted or not)."""
        key = tuple(counts)
        w = self._waits.get(key)
        if w is None:
            out = []
            for k in sorted(self.useful(counts)):
                on_discard = self.scorer.win(key, k, False)
                self_drawn = self.scorer.win(key, k, True)
                if on_discard.valid or self_drawn.valid or on_discard.fan or self_drawn.fan:
                    out.append((k, self_drawn, on_discard))
            w = tuple(out)
            self._waits[key] = w
        return w

    def ready_stats(self, counts: list[int], unseen: Sequence[int]) -> _ReadyStats:
        s_live = d_live = 0
        rows = []
        for k, sd, od in self.waits(counts):
            live = unseen[k]
            if live <= 0:
                continue
            if sd.valid:
                s_live += live
            if od.valid:
                d_live += live
            rows.append((k, live, sd, od))
        return _ReadyStats(s_live, d_live, tuple(rows))

    def ready_gain(self, stats: _ReadyStats, unseen_total: int, rounds: int) -> float:
        """Expected points of a ready hand over ``rounds`` (to choose between them)."""
        if not stats.meets:
            return 0.0
        ps, pd = ready_chances(
            stats.self_live,
            stats.discard_live,
            unseen_total,
            rounds,
            self.opponents,
            self.timing,
            self.now,
        )
        gain = 0.0
        for _, live, sd, od in stats.waits:
            if sd.valid:
                gain += ps * live / stats.self_live * sd.points
            if od.valid:
                gain += pd * live / stats.discard_live * od.points
        return gain


class _Tally:
    """Probability mass of the wins found, by points, fan and fans."""

    __slots__ = ("fans", "gain", "minimum", "p_discard", "p_self", "points", "targets")

    def __init__(self) -> None:
        self.p_self = 0.0
        self.p_discard = 0.0
        self.minimum = 0.0
        self.gain = 0.0
        self.points: dict[int, float] = {}
        self.fans: dict[int, float] = {}
        self.targets: dict[tuple[str, str, int], float] = {}

    def add(self, stats: _ReadyStats, p_self: float, p_discard: float) -> None:
        """Wins of a ready hand: ``p_self`` and ``p_discard`` spread over its waits by
        their live copies."""
        self.p_self += p_self
        self.p_discard += p_discard
        for _, live, sd, od in stats.waits:
            if sd.valid and p_self > 0:
                self._win(sd, p_self * live / stats.self_live)
            if od.valid and p_discard > 0:
                self._win(od, p_discard * live / stats.discard_live)

    def blend(self, other: _Tally, w: float) -> _Tally:
        """``w`` of this tally and ``1 − w`` of ``other``."""
        out = _Tally()
        v = 1.0 - w
        out.p_self = w * self.p_self + v * other.p_self
        out.p_discard = w * self.p_discard + v * other.p_discard
        out.minimum = w * self.minimum + v * other.minimum
        out.gain = w * self.gain + v * other.gain
        for mine, theirs, into in (
            (self.points, other.points, out.points),
            (self.fans, other.fans, out.fans),
        ):
            for k, p in mine.items():
                into[k] = into.get(k, 0.0) + w * p
            for k, p in theirs.items():
                into[k] = into.get(k, 0.0) + v * p
        for key, p in self.targets.items():
            out.targets[key] = w * p
        return out

    def add_assumed(self, p_self: float, p_discard: float, points: float, fan: int) -> None:
        """Wins of the reach model: one assumed value."""
        self.p_self += p_self
        self.p_discard += p_discard
        p = p_self + p_discard
        self.gain += p * points
        pts = round(points)
        self.points[pts] = self.points.get(pts, 0.0) + p
        self.fans[fan] = self.fans.get(fan, 0.0) + p

    def _win(self, win: Win, p: float) -> None:
        self.gain += p * win.points
        pts = round(win.points)
        self.points[pts] = self.points.get(pts, 0.0) + p
        self.fans[win.fan] = self.fans.get(win.fan, 0.0) + p
        for f in win.fans:
            self.targets[f] = self.targets.get(f, 0.0) + p


# -- one 13-tile hand ---------------------------------------------------------------------


@dataclass(slots=True)
class _Estimate:
    tally: _Tally
    shanten: int
    useful_count: int
    samples: int
    ready: _ReadyStats | None
    #: "exact" (ready, one away), "sampled" (Monte Carlo) or "reach" (the reach model)
    method: str = "exact"


def _state(
    call: _Call, counts: list[int], turns: int, budget: int, sample: bool = True
) -> _Estimate:
    """The value of a 13-tile hand (concealed ``counts``) with ``turns`` own draws left,
    the opponents to play first; ``sample``: the costly methods allowed (one away: exact,
    further: Monte Carlo), else the reach model."""
    unseen = call.unseen
    s = call.shanten(counts)
    useful = call.useful(counts)
    useful_count = sum(unseen[k] for k in useful)
    tally = _Tally()
    if s <= 0:
        stats = call.ready_stats(counts, unseen)
        total = sum(unseen)
        ps, pd = ready_chances(
            stats.self_live,
            stats.discard_live,
            total,
            turns,
            call.opponents,
            call.timing,
            call.now,
        )
        tally.add(stats, ps, pd)
        tally.minimum = 1.0 if stats.meets and turns > 0 else 0.0
        if not stats.meets and sample:
            # ready, but no live wait is accepted (MCR: under 8 fan): the hand goes on
            # as one away, waiting for a draw that changes it into an accepted ready hand
            anything = frozenset(k for k in range(NUM_KINDS) if unseen[k] > 0)
            _one_away(call, counts, anything, turns, tally)
        return _Estimate(tally, 0, useful_count, 0, stats)
    if s == 1 and sample:
        _one_away(call, counts, useful, turns, tally)
        return _Estimate(tally, 1, useful_count, 0, None)
    if sample and s <= call.sample_up_to:
        n = _sampled(call, counts, s, turns, budget, tally)
        # a few paths often find no win at all: the reach model counts as PRIOR_PATHS
        # more paths (shrinkage), so a small budget is not read as "cannot win"
        prior = _Tally()
        _reach(call, s, useful_count, turns, prior)
        tally = tally.blend(prior, n / (n + PRIOR_PATHS))
        return _Estimate(tally, s, useful_count, n, None, "sampled")
    _reach(call, s, useful_count, turns, tally)
    return _Estimate(tally, s, useful_count, 0, None, "reach")


def _reach(call: _Call, s: int, useful_count: int, turns: int, tally: _Tally) -> None:
    """The reach model (:class:`~fanshu.analysis.timing.Reach`): the chance to be ready
    by each draw from the useful count, then an assumed ready hand."""
    total = call.unseen_total
    if total <= 0 or turns <= 0:
        return
    r = call.reach
    ps, pd, reached = _reached(
        call.position.rules, s, useful_count, total, turns, call.opponents, call.now
    )
    tally.minimum = reached
    tally.add_assumed(ps, pd, r.points, r.fan)


# 8,192 entries: ~2.8 MiB full (tracemalloc, ~355 B an entry)
@lru_cache(maxsize=8192)
def _reached(
    rules: str, s: int, useful_count: int, total: int, turns: int, opponents: int, now: int
) -> tuple[float, float, float]:
    """(P self-drawn win, P win on a discard, P ready with an accepted wait) of the reach
    model: the same numbers for every hand with these counts, so cached across calls."""
    r = reach_for(rules)
    timing = timing_for(rules)
    pace = timing.approach / total
    later = [n * pace for n in r.useful_by_shanten]
    # the hand's own width counts, damped: many of a wide far hand's useful draws lead
    # to narrow hands one nearer (the geometric mean with the typical width)
    typical = r.useful_by_shanten[s] if s < len(r.useful_by_shanten) else 0.0
    first = math.sqrt(useful_count * typical) if typical > 0 else float(useful_count)
    schedule = reach_schedule(first * pace, s, turns, later)
    ps_sum = pd_sum = 0.0
    for t, w in enumerate(schedule, start=1):
        if w <= 0.0:
            continue
        ps, pd = ready_chances(
            r.ready_live, r.ready_live, total, turns - t, opponents, timing, now + t
        )
        alive = w * survival(t, opponents, timing, now)
        ps_sum += alive * ps
        pd_sum += alive * pd
    return ps_sum * r.meets, pd_sum * r.meets, sum(schedule) * r.meets


def _best_ready(
    call: _Call,
    counts: list[int],
    drawn: int,
    unseen: Sequence[int],
    unseen_total: int,
    rounds: int,
) -> _ReadyStats | None:
    """After drawing into a 14-tile hand one away from complete: the discard to the
    ready hand worth most (the accepted live copies break ties), None if none is ready."""
    best: _ReadyStats | None = None
    best_key = (-1.0, -1)
    after = call.after_discards(counts)
    for d in range(NUM_KINDS):
        if not counts[d] or d == drawn or (after is not None and after[d] != 0):
            continue
        counts[d] -= 1
        if after is not None or call.shanten(counts) == 0:
            stats = call.ready_stats(counts, unseen)
            key = (
                call.ready_gain(stats, unseen_total, rounds),
                stats.self_live + stats.discard_live,
            )
            if key > best_key:
                best, best_key = stats, key
        counts[d] += 1
    return best


def _one_away(
    call: _Call, counts: list[int], useful: frozenset[int], turns: int, tally: _Tally
) -> None:
    """Every useful draw with the discard to the ready hand worth most.  A draw whose
    ready hands have no accepted wait (MCR: under 8 fan) is not taken: the player throws
    it and waits for a draw that makes an accepted ready hand, so only those count
    toward the first useful draw."""
    unseen = call.unseen
    total = sum(unseen)
    if turns <= 0 or total <= 0:
        return
    after = list(unseen)
    draws: list[tuple[int, _ReadyStats]] = []
    for k in sorted(useful):
        if unseen[k] <= 0:
            continue
        counts[k] += 1
        after[k] -= 1
        stats = _best_ready(call, counts, k, after, total - 1, max(1, turns // 2))
        counts[k] -= 1
        after[k] += 1
        if stats is not None and stats.meets:
            draws.append((k, stats))
    hits = sum(unseen[k] for k, _ in draws)
    if not hits:
        return
    p = min(1.0, call.timing.approach * hits / total)
    # P(the first such draw is own draw t) × P(nobody won before), for t = 1..turns
    schedule = [
        ((1.0 - p) ** (t - 1) * p, survival(t, call.opponents, call.timing, call.now), t)
        for t in range(1, turns + 1)
    ]
    reach = sum(w for w, _, _ in schedule)
    seen: dict[tuple[int, int], tuple[float, float]] = {}
    for k, stats in draws:
        share = unseen[k] / hits
        tally.minimum += share * reach
        key = (stats.self_live, stats.discard_live)
        chances = seen.get(key)
        if chances is None:
            ps_sum = pd_sum = 0.0
            for w, alive, t in schedule:
                ps, pd = ready_chances(
                    key[0], key[1], total - 1, turns - t, call.opponents, call.timing, call.now + t
                )
                ps_sum += w * alive * ps
                pd_sum += w * alive * pd
            chances = (ps_sum, pd_sum)
            seen[key] = chances
        tally.add(stats, share * chances[0], share * chances[1])


def _sampled(call: _Call, counts: list[int], s: int, turns: int, budget: int, tally: _Tally) -> int:
    """Monte Carlo over ``budget`` draw sequences; returns the samples used."""
    unseen = call.unseen
    pool = [k for k in range(NUM_KINDS) for _ in range(unseen[k])]
    total = len(pool)
    if not total or turns <= 0:
        return budget
    rng = random.Random(call.seed)
    weight = 1.0 / budget
    for _ in range(budget):
        c = list(counts)
        live = list(unseen)
        wall = list(pool)
        n = total
        now = s
        useful = call.useful(c)
        for t in range(1, min(turns, total) + 1):
            j = int(rng.random() * n)
            x = wall[j]
            n -= 1
            wall[j] = wall[n]
            live[x] -= 1
            if x not in useful:
                continue
            c[x] += 1
            if now == 1:
                stats = _best_ready(call, c, x, live, n, max(1, (turns - t) // 2))
                if stats is None or not stats.meets:
                    # no ready hand it makes is accepted (MCR: under 8 fan): throw it
                    # and wait for a draw that makes one
                    c[x] -= 1
                    continue
                tally.minimum += weight
                # claims on the way would have got there sooner (Timing.approach)
                at = max(1, round(t / call.timing.approach))
                ps, pd = ready_chances(
                    stats.self_live,
                    stats.discard_live,
                    n,
                    turns - at,
                    call.opponents,
                    call.timing,
                    call.now + at,
                )
                alive = survival(at, call.opponents, call.timing, call.now)
                tally.add(stats, weight * alive * ps, weight * alive * pd)
                break
            d = _best_discard(call, c, x, live, now - 1)
            c[d] -= 1
            if d == x:
                continue
            now -= 1
            useful = call.useful(c)
    return budget


def _best_discard(call: _Call, c: list[int], drawn: int, live: Sequence[int], target: int) -> int:
    """The discard reaching ``target`` shanten with the most live useful tiles."""
    best = drawn
    best_count = -1
    after = call.after_discards(c)
    for d in range(NUM_KINDS):
        if not c[d] or d == drawn or (after is not None and after[d] > target):
            continue
        c[d] -= 1
        if after is not None or call.shanten(c) <= target:
            n = sum(live[k] for k in call.useful(c))
            if n > best_count:
                best, best_count = d, n
        c[d] += 1
    return best


# -- from an estimate to a Value -----------------------------------------------------------


def _value(call: _Call, est: _Estimate, danger: Danger) -> Value:
    t = est.tally
    p_win = t.p_self + t.p_discard
    norm = 1.0 / p_win if p_win > 0 else 0.0
    points = tuple(sorted((k, v * norm) for k, v in t.points.items()))
    fans = tuple(sorted((k, v * norm) for k, v in t.fans.items()))
    floor = _TARGET_FLOOR.get(call.scorer.rule_set.combine, 2)
    targets = tuple(
        Target(zh, en, value, share * norm)
        for (zh, en, value), share in sorted(
            t.targets.items(), key=lambda kv: (-kv[1], -kv[0][2], kv[0][0])
        )
        if value >= floor
    )[:3]
    why, why_zh = _why(call, est, p_win, targets)
    return Value(
        p_win=p_win,
        p_minimum=min(1.0, t.minimum),
        expected_gain=t.gain,
        points=points,
        fans=fans,
        targets=targets,
        danger=danger,
        expected_points=t.gain - danger.expected_loss,
        samples=est.samples,
        why=why,
        why_zh=why_zh,
    )


def _why(call: _Call, est: _Estimate, p_win: float, targets: tuple[Target, ...]) -> tuple[str, str]:
    pct = f"{p_win:.0%}"
    aim = f"{targets[0].name_zh} {targets[0].value}" if targets else ""
    minimum = call.scorer.minimum
    if est.ready is not None:
        accepted = [TILES[k].code for k, _, sd, od in est.ready.waits if sd.valid or od.valid]
        if accepted:
            waits = " ".join(accepted)
            top = max(est.tally.fans.items(), key=lambda kv: kv[1])[0] if est.tally.fans else 0
            named = f"{targets[0].name_zh}, " if targets else ""
            named_zh = f"{targets[0].name_zh} " if targets else ""
            return (
                f"waits {waits} for {named}{top} fan; P(win) {pct}",
                f"听 {waits}（{named_zh}{top} 番）；和牌率 {pct}",
            )
        dead = [TILES[k].code for k, _, _, _ in est.ready.waits]
        if dead and minimum:
            w = " ".join(dead)
            return (
                f"waits {w}, under the {minimum}-fan minimum; P(win) {pct} by changing the wait",
                f"听 {w}，不够 {minimum} 番起和；换听后和牌率 {pct}",
            )
        return "ready, but every winning tile is gone", "听牌，但和张已绝"
    far = f"shanten {est.shanten}, {est.useful_count} useful tiles; P(win) {pct}"
    far_zh = f"向听 {est.shanten}，有效牌 {est.useful_count} 张；和牌率 {pct}"
    if aim:
        far += f", aiming at {aim}"
        far_zh += f"，目标 {aim} 番"
    return far, far_zh


# -- the public calls ------------------------------------------------------------------------


def _concealed_counts(hand: Hand) -> list[int]:
    c = [0] * NUM_KINDS
    for t in hand.concealed_with_winning:
        c[t] += 1
    return c


def _to_sample(
    call: _Call,
    counts: list[int],
    kinds: Sequence[int],
    shantens: dict[int, int],
    best: int,
    default: bool,
) -> set[int]:
    """The discards valued by the costly methods: every ready one; one away (exact), the
    :data:`EXACT_OPTIONS` with the most useful tiles by default (ties: all of them), all
    with a budget; at the best shanten two or more away (sampled), the
    :data:`SAMPLED_OPTIONS` widest by default, all with a budget.  The others use the
    reach model."""
    chosen = {k for k in kinds if shantens[k] <= 0}
    one_away = [k for k in kinds if shantens[k] == 1]
    far = [k for k in kinds if shantens[k] == best >= 2]
    if not default:
        return chosen | set(one_away) | set(far)
    chosen |= _widest(call, counts, one_away, EXACT_OPTIONS)
    chosen |= _widest(call, counts, far, SAMPLED_OPTIONS)
    return chosen


def _widest(call: _Call, counts: list[int], kinds: Sequence[int], n: int) -> set[int]:
    """The ``n`` of ``kinds`` whose discard leaves the most useful copies (ties kept)."""
    if len(kinds) <= n:
        return set(kinds)
    useful: dict[int, int] = {}
    for k in kinds:
        counts[k] -= 1
        useful[k] = sum(call.unseen[x] for x in call.useful(counts))
        counts[k] += 1
    floor = sorted(useful.values(), reverse=True)[n - 1]
    return {k for k in kinds if useful[k] >= floor}


def evaluate_discards(
    position: Position, *, budget: int | None = None, seed: int = 0
) -> dict[int, Value]:
    """The :class:`Value` of throwing each distinct concealed kind of a 14-tile hand."""
    hand = position.hand
    if hand.tile_count != 14:
        raise InvalidHandError(
            f"discard values need a hand of 14 tiles (a kong counting as 3), not {hand.tile_count}"
        )
    call = _Call(position, budget, seed)
    counts = _concealed_counts(hand)
    kinds = [k for k in range(NUM_KINDS) if counts[k]]
    shantens = {}
    for k in kinds:
        counts[k] -= 1
        shantens[k] = call.shanten(counts)
        counts[k] += 1
    best = min(shantens.values())
    sampled = _to_sample(call, counts, kinds, shantens, best, budget is None)
    danger = dangers(position, kinds)
    estimates: dict[int, _Estimate] = {}
    for k in kinds:
        counts[k] -= 1
        estimates[k] = _state(call, counts, call.turns, call.budget, sample=k in sampled)
        counts[k] += 1
    _rescale_reach(call, estimates)
    return {k: _value(call, estimates[k], danger[k]) for k in kinds}


def _rescale_reach(call: _Call, estimates: dict[int, _Estimate]) -> None:
    """Put the reach-model choices on the sampled choices' scale.

    The reach model's priors are means over many hands; the sampled paths of this hand
    (else its exact one-away choices) say how this hand's composition does (a hand with
    no way to 8 fan, a flush on the way).  Every choice valued by the reach model gets
    its P(win) times (Σ sampled P(win)) / (Σ reach-model P(win) of the same choices), its
    P(minimum) likewise, and the sampled choices' mean points per win.
    """
    sampled = [e for e in estimates.values() if e.method == "sampled"]
    if not sampled:  # else the exact one-away choices say how this hand does
        sampled = [e for e in estimates.values() if e.method == "exact" and e.shanten == 1]
    if not sampled:
        return
    model_win = model_minimum = 0.0
    for e in sampled:
        t = _Tally()
        _reach(call, e.shanten, e.useful_count, call.turns, t)
        model_win += t.p_self + t.p_discard
        model_minimum += t.minimum
    seen_win = sum(e.tally.p_self + e.tally.p_discard for e in sampled)
    seen_minimum = sum(e.tally.minimum for e in sampled)
    seen_gain = sum(e.tally.gain for e in sampled)
    if model_win <= 0.0:
        return
    factor = seen_win / model_win
    points = seen_gain / seen_win if seen_win > 0 else 0.0
    fan = call.reach.fan
    fans: dict[int, float] = {}
    for e in sampled:
        for f, p in e.tally.fans.items():
            fans[f] = fans.get(f, 0.0) + p
    if fans:
        fan = max(fans.items(), key=lambda kv: kv[1])[0]
    for e in estimates.values():
        if e.method != "reach":
            continue
        old = e.tally
        t = _Tally()
        if model_minimum > 0:
            t.minimum = min(1.0, old.minimum * seen_minimum / model_minimum)
        t.add_assumed(old.p_self * factor, old.p_discard * factor, points, fan)
        e.tally = t


def evaluate_hand(position: Position, *, budget: int | None = None, seed: int = 0) -> Value:
    """The :class:`Value` of a 13-tile hand as it stands (the opponents to play first);
    a tile on offer is taken as passed (it stays on the table)."""
    hand = position.hand
    if hand.tile_count != 13:
        raise InvalidHandError(
            f"a hand's own value needs 13 tiles (a kong counting as 3), not {hand.tile_count}"
        )
    if position.offered is not None:
        position = _passed(position, position.offered)
    call = _Call(position, budget, seed)
    est = _state(call, _concealed_counts(hand), call.turns, call.budget)
    return _value(call, est, NO_DANGER)


def _passed(position: Position, tile: Tile) -> Position:
    """The position after passing on the offered ``tile``: it stays on the table."""
    seen = list(position.visible)
    seen[tile] += 1
    return replace(position, visible=tuple(seen), offered=None, offered_by=None)


def _source(position: Position) -> int:
    """Meld.source of a claimed tile: 1 上家, 2 对家, 3 下家 (relative seats−1, 2, 1)."""
    by = position.offered_by
    if by is None or position.seats == 2:
        return 1
    return {position.seats - 1: 1, 1: 3}.get(by, 2)


def _claimed(position: Position, concealed: list[Tile], meld: Meld) -> Position:
    hand = Hand(tuple(sorted(concealed)), (*position.hand.melds, meld), None, position.hand.context)
    return replace(position, hand=hand, offered=None, offered_by=None)


def _without(tiles: Sequence[Tile], kinds: Sequence[int]) -> list[Tile]:
    rest = list(tiles)
    for k in kinds:
        rest.remove(TILES[k])
    return rest


def _after_claim(
    position: Position, budget: int | None, seed: int
) -> tuple[Tile, int, int, Value] | None:
    """The best discard of a 14-tile position reached by a claim, with its shanten and
    useful count."""
    values = evaluate_discards(position, budget=budget, seed=seed)
    if not values:
        return None
    call = _Call(position, budget, seed)
    counts = _concealed_counts(position.hand)
    ranked = []
    for k, v in values.items():
        counts[k] -= 1
        s = call.shanten(counts)
        u = sum(call.unseen[x] for x in call.useful(counts))
        counts[k] += 1
        ranked.append((v.expected_points, -s, u, -k, k, s, v))
    ranked.sort(reverse=True)
    _, _, u, _, k, s, v = ranked[0]
    return TILES[k], s, u, v


def evaluate_claims(
    position: Position, *, budget: int | None = None, seed: int = 0
) -> tuple[ClaimOption, ...]:
    """Every answer to ``position.offered`` (a 13-tile hand), best first."""
    tile = position.offered
    hand = position.hand
    if tile is None:
        raise InvalidHandError("claim advice needs the offered tile (offered)")
    if hand.tile_count != 13:
        raise InvalidHandError(
            f"claim advice needs a hand of 13 tiles (a kong counting as 3), not {hand.tile_count}"
        )
    t = int(tile)
    call = _Call(position, budget, seed)
    counts = _concealed_counts(hand)
    concealed = list(hand.concealed)
    out: list[ClaimOption] = []
    # win on it
    if call.shanten(counts) == 0 and t in call.useful(counts):
        w = call.scorer.win(tuple(counts), t, False)
        if w.valid:
            tally = _Tally()
            stats = _ReadyStats(0, 1, ((t, 1, w, w),))
            tally.add(stats, 0.0, 1.0)
            tally.minimum = 1.0
            est = _Estimate(tally, -1, 0, 0, None)
            v = _value(call, est, NO_DANGER)
            v = replace(v, why=f"win now: {w.fan} fan", why_zh=f"和牌：{w.fan} 番")
            out.append(ClaimOption("win", None, -1, 0, v))
    source = _source(position)
    # kong: the replacement draw comes at once (one more own draw)
    if counts[t] >= 3:
        after = _claimed(
            position, _without(concealed, (t, t, t)), Meld(MeldKind.KONG, tile, source)
        )
        sub = _Call(after, budget, seed)
        c = _concealed_counts(after.hand)
        est = _state(sub, c, sub.turns + 1, sub.budget)
        out.append(
            ClaimOption("kong", None, est.shanten, est.useful_count, _value(sub, est, NO_DANGER))
        )
    if counts[t] >= 2:
        after = _claimed(position, _without(concealed, (t, t)), Meld(MeldKind.PUNG, tile, source))
        best = _after_claim(after, budget, seed)
        if best is not None:
            d, s, u, v = best
            out.append(ClaimOption("pung", d, s, u, v))
    from_left = position.offered_by is None or position.offered_by == position.seats - 1
    if position.rules in CHOW_RULES and from_left and t < FIRST_HONOR:
        rank = t % SUIT_SIZE
        for low in range(max(0, rank - 2), min(rank, 6) + 1):
            start = t - rank + low
            others = [x for x in (start, start + 1, start + 2) if x != t]
            if all(counts[x] for x in others):
                meld = Meld(MeldKind.CHOW, TILES[start], t - start + 1)
                after = _claimed(position, _without(concealed, others), meld)
                best = _after_claim(after, budget, seed)
                if best is not None:
                    d, s, u, v = best
                    out.append(ClaimOption(f"chow {TILES[start].code}", d, s, u, v))
    # pass: the tile stays on the table
    sub = _Call(_passed(position, tile), budget, seed)
    est = _state(sub, counts, sub.turns, sub.budget)
    out.append(
        ClaimOption("pass", None, est.shanten, est.useful_count, _value(sub, est, NO_DANGER))
    )
    order = {"win": 0, "kong": 1, "pung": 2, "pass": 4}
    out.sort(key=lambda o: (-(o.value.expected_points if o.value else 0.0), order.get(o.action, 3)))
    return tuple(out)
