"""The danger model (``fanshu.analysis.danger``) against engine games: fit it on one set
of seeds, judge it on another.

Plays seeded hands with the built-in bots.  At every discard a seat *chooses* (not the
automatic discards of a 报听 seat) it reads the discarder's position
(``position_of``) and records, from the engine's own state (which the model never
sees):

- per opponent still in the hand and not declared ready: the model's features of
  P(ready) and whether the opponent was ready (its hand waits on something);
- per ready opponent and per kind the discarder holds (the tiles it could have thrown):
  the model's tile facts and whether that kind would have won the opponent (in its
  waits, a win its rule set accepts: MCR 8 fan);
- whether the tile thrown was won on (a ``win`` event on that discard) and, when it was,
  the points the discarder paid and whether the winner showed a big hand.

The fit (training seeds) is frequency tables with raking for the factors (see
``fit_wait``); the judgement (held-out seeds) compares, at every chosen discard, the
model's P(deal-in) with what happened: Brier score and log loss against a base-rate
model (the training deal-in rate as one constant), AUC, and a calibration table.

Run from the repository root:

    .venv/bin/python bench/bench_danger.py --games 200 --test-games 200
    .venv/bin/python bench/bench_danger.py --rules sichuan --games 50 --test-games 50 --shipped
    .venv/bin/python bench/bench_danger.py --rules mcr --bots ev,fan --games 0 --test-games 100
"""

from __future__ import annotations

import argparse
import itertools
import math
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from fanshu.analysis.danger import (
    DangerModel,
    dangers,
    model_for,
    read_opponent,
    ready_cell,
    tile_facts,
    void_last,
)
from fanshu.analysis.position import Position
from fanshu.engine import ActionKind, Game
from fanshu.engine.players import make_player
from fanshu.engine.players.position import position_of

RULES = ("mcr", "sichuan", "two-player")
DISCARDS = (ActionKind.DISCARD, ActionKind.READY)


@dataclass(slots=True)
class ReadyRow:
    bucket: int
    melds: int
    void_last: bool
    declared: bool
    ready: bool


@dataclass(slots=True)
class WaitRow:
    cls: int
    live: int
    thrown: bool
    suji: bool
    flush: int
    passed: bool
    quiet: bool
    kabe: int
    stage: int
    wins: bool


@dataclass(slots=True)
class Judged:
    """One chosen discard: the position, the tile and whether it was won on."""

    position: Position
    tile: int
    dealt_in: bool


@dataclass(slots=True)
class Log:
    ready: list[ReadyRow] = field(default_factory=list)
    wait: list[WaitRow] = field(default_factory=list)
    judged: list[Judged] = field(default_factory=list)
    #: (points the discarder would pay, what the winner shows) for every winning tile
    #: of a ready opponent among the discarder's kinds
    costs: list[tuple[float, int]] = field(default_factory=list)
    #: (points paid, what the winner showed) of the deal-ins that happened
    paid: list[tuple[float, int]] = field(default_factory=list)
    games: int = 0


def wins_on(game: Game, q: int, tile: int, discarder: int) -> float | None:
    """The points ``discarder`` would pay if seat ``q`` won on ``tile`` thrown now, or
    None when it would not win (engine truth: waits, the rule set's minimum)."""
    st = game.seat[q]
    if st.won or st.dead or tile not in st.waits:
        return None
    hand = game.hand_with(q, tile)
    v = game.variant
    if not v.may_win(game, q, hand):
        return None
    result = v.score(hand)
    if not v.meets_minimum(result):
        return None
    pay = v.rules.settle(v.players(), str(q), str(discarder), result, v.options)
    return float(-pay[str(discarder)])


def record(game: Game, seat: int, log: Log, model: DangerModel) -> Position:
    """The features and engine truth of ``seat``'s position now, before it discards."""
    pos = position_of(game.observe(seat))
    n = game.n
    unseen = pos.unseen
    held = sorted({int(t) for t in pos.hand.concealed_with_winning})
    for o in pos.opponents:
        q = (seat + o.relative) % n
        st = game.seat[q]
        if st.won or st.dead:
            continue
        ready = bool(st.waits)
        bucket, melds = ready_cell(pos, o, model)
        log.ready.append(ReadyRow(bucket, melds, void_last(o), o.declared_ready, ready))
        if not ready:
            continue
        view = read_opponent(pos, o, model)
        for k in held:
            f = tile_facts(view, k, unseen)
            if f.never:
                continue
            cost = wins_on(game, q, k, seat)
            log.wait.append(
                WaitRow(
                    f.cls,
                    f.live,
                    f.thrown,
                    f.suji,
                    f.flush,
                    f.passed,
                    f.quiet,
                    f.kabe,
                    f.stage,
                    cost is not None,
                )
            )
            if cost is not None:
                log.costs.append((cost, view.show))
    return pos


def play(rules: str, seeds: Sequence[int], bots: Sequence[str], model: DangerModel) -> Log:
    log = Log()
    for seed in seeds:
        game = Game(rules, seed=seed)
        players = [make_player(bots[i % len(bots)], seed * 7 + i) for i in range(game.n)]
        chosen: list[tuple[Position, int, int, int]] = []  # position, seat, tile, event no.
        while not game.done:
            s = game.to_act
            assert s is not None
            obs = game.observe(s)
            action = players[s].choose(obs)
            if obs.phase == "turn" and action.kind in DISCARDS and action.tile is not None:
                chosen.append((record(game, s, log, model), s, int(action.tile), len(game.events)))
            game.step(action)
        events = game.events
        for pos, s, tile, start in chosen:
            i = next(i for i in range(start, len(events)) if events[i]["type"] == "discard")
            winners: list[int] = []
            for j in range(i + 1, len(events)):
                e = events[j]
                if e["type"] in ("draw", "discard", "claim", "end"):
                    break
                if e["type"] == "win" and e.get("source") == s:
                    winners.append(int(e["seat"]))
            dealt = bool(winners)
            if dealt:
                paid = _paid(events, i, s) / len(winners)  # 一炮多响: shared equally
                for w in winners:
                    o = next(x for x in pos.opponents if (s + x.relative) % game.n == w)
                    log.paid.append((paid, read_opponent(pos, o, model).show))
            log.judged.append(Judged(pos, tile, dealt))
        log.games += 1
    return log


def _paid(events: Sequence[Mapping[str, Any]], i: int, s: int) -> int:
    """Points seat ``s`` paid in the ``win`` settlements after its discard (event
    ``i``), up to the next draw or the end."""
    paid = 0
    for e in events[i + 1 :]:
        if e["type"] in ("draw", "end"):
            break
        if e["type"] == "settle" and e.get("reason") == "win":
            paid -= int(e["payments"][s])
    return paid


# -- fitting ------------------------------------------------------------------------------

SMOOTH = 5.0  # pseudo-observations pulling a sparse ready cell toward its turn's rate
SMOOTH_WAIT = 20.0  # … a sparse wait cell toward its class's rate (rates are ~5%)
FACTOR_PRIOR = 2.0
FACTORS = ("own_discard", "suji", "flush_in", "flush_out", "passed", "quiet_suit")
STAGES = 6  # wait_turn columns
RAKED = (*FACTORS, "kabe1", "kabe2", *(f"stage{i}" for i in range(STAGES)))


Table = tuple[tuple[float, ...], ...]


def fit_ready(
    rows: Sequence[ReadyRow], model: DangerModel
) -> tuple[Table, float, tuple[float, ...]]:
    buckets = len(model.ready)
    n = [[0] * 5 for _ in range(buckets)]
    k = [[0] * 5 for _ in range(buckets)]
    for r in rows:
        if r.void_last or r.declared:
            continue
        n[r.bucket][r.melds] += 1
        k[r.bucket][r.melds] += r.ready
    table = []
    prev = 0.0
    for b in range(buckets):
        nb, kb = sum(n[b]), sum(k[b])
        rate = (kb + 0.5) / (nb + 1) if nb else prev  # never 0: a bot's habit is no law
        prev = rate
        row = [round((k[b][m] + SMOOTH * rate) / (n[b][m] + SMOOTH), 5) for m in range(4)]
        table.append((*row, 1.0))  # four melds leave one tile: always a single wait
    vl = [r for r in rows if r.void_last and not r.declared]
    pred = sum(table[r.bucket][r.melds] for r in vl)
    void_last = round(sum(r.ready for r in vl) / pred, 3) if pred else 1.0
    # every opponent in the hand, 报听 and melds not known: the ``ready_any`` row
    any_n, any_k = [0] * buckets, [0] * buckets
    for r in rows:
        any_n[r.bucket] += 1
        any_k[r.bucket] += r.ready
    ready_any = []
    prev = 0.0
    for b in range(buckets):
        prev = (any_k[b] + 0.5) / (any_n[b] + 1) if any_n[b] else prev
        ready_any.append(round(prev, 5))
    return tuple(table), void_last, tuple(ready_any)


def fit_wait(rows: Sequence[WaitRow], rounds: int = 12) -> tuple[Table, dict[str, float]]:
    """Base table by (class, live) and multiplicative factors, raked: each factor is
    (wins among its rows) / (what the rest of the model predicts for them), in turn,
    until they settle."""
    f = dict.fromkeys(RAKED, 1.0)

    def factors(r: WaitRow, skip: str = "") -> float:
        x = 1.0
        if r.thrown and skip != "own_discard":
            x *= f["own_discard"]
        if r.suji and skip != "suji":
            x *= f["suji"]
        if r.flush > 0 and skip != "flush_in":
            x *= f["flush_in"]
        if r.flush < 0 and skip != "flush_out":
            x *= f["flush_out"]
        if r.passed and skip != "passed":
            x *= f["passed"]
        if r.quiet and skip != "quiet_suit":
            x *= f["quiet_suit"]
        if r.kabe == 1 and skip != "kabe1":
            x *= f["kabe1"]
        if r.kabe == 2 and skip != "kabe2":
            x *= f["kabe2"]
        stage = f"stage{r.stage}"
        if skip != stage:
            x *= f[stage]
        return x

    base = [[0.0] * 4 for _ in range(5)]
    selected = {name: [r for r in rows if _has(r, name)] for name in RAKED}
    for _ in range(rounds):
        num = [[0.0] * 4 for _ in range(5)]
        den = [[0.0] * 4 for _ in range(5)]
        for r in rows:
            num[r.cls][r.live] += r.wins
            den[r.cls][r.live] += factors(r)
        for c in range(5):
            row_rate = sum(num[c]) / sum(den[c]) if sum(den[c]) else 0.0
            for v in range(4):
                base[c][v] = (num[c][v] + SMOOTH_WAIT * row_rate) / (den[c][v] + SMOOTH_WAIT)
        for name in RAKED:
            sel = selected[name]
            pred = sum(base[r.cls][r.live] * factors(r, name) for r in sel)
            # shrunk toward 1 by FACTOR_PRIOR expected wins: no factor makes a tile certain
            f[name] = (sum(r.wins for r in sel) + FACTOR_PRIOR) / (pred + FACTOR_PRIOR)
    base[0][0] = 0.0  # an honour without a live copy cannot be waited on
    table = tuple(tuple(round(x, 4) for x in row) for row in base)
    return table, {k: round(v, 3) for k, v in f.items()}


def _has(r: WaitRow, factor: str) -> bool:
    """Does wait row ``r`` carry ``factor``?"""
    return {
        "own_discard": r.thrown,
        "suji": r.suji,
        "flush_in": r.flush > 0,
        "flush_out": r.flush < 0,
        "passed": r.passed,
        "quiet_suit": r.quiet,
        "kabe1": r.kabe == 1,
        "kabe2": r.kabe == 2,
    }.get(factor, factor == f"stage{r.stage}")


def fit(log: Log, start: DangerModel) -> DangerModel:
    ready, void_last, ready_any = fit_ready(log.ready, start)
    wait, factors = fit_wait(log.wait)
    cost = []
    for show in range(3):
        got = [p for p, w in log.costs if w == show]
        cost.append(round(sum(got) / len(got), 2) if got else start.cost[show])
    every = [p for p, _ in log.costs]  # UNKNOWN: an opponent nothing is known of
    cost.append(round(sum(every) / len(every), 2) if every else start.cost[3])
    kabe = (1.0, factors["kabe1"], factors["kabe2"])
    wait_turn = tuple(factors[f"stage{i}"] for i in range(STAGES))
    return replace(
        start,
        ready=ready,
        ready_any=ready_any,
        wait=wait,
        own_discard=factors["own_discard"],
        suji=factors["suji"],
        flush_in=factors["flush_in"],
        flush_out=factors["flush_out"],
        passed=factors["passed"],
        quiet_suit=factors["quiet_suit"],
        kabe=kabe,
        wait_turn=wait_turn,
        void_last=void_last,
        cost=(cost[0], cost[1], cost[2], cost[3]),
    )


def fit_calibration(judged: Sequence[Judged], model: DangerModel) -> tuple[float, float]:
    """The Platt map (a, b) of each opponent's P that minimises the log loss of the
    training discards: a coarse grid, then a finer one around its best."""
    raw = replace(model, calibration=(0.0, 1.0))
    rows: list[tuple[list[float], bool]] = []
    for j in judged:
        by = dangers(j.position, (j.tile,), model=raw)[j.tile].by_opponent
        rows.append(([math.log(p / (1 - p)) for p in by if p > 0], j.dealt_in))

    def loss(a: float, b: float) -> float:
        total = 0.0
        for zs, y in rows:
            safe = 1.0
            for z in zs:
                safe *= 1.0 - min(1.0 / (1.0 + math.exp(-(a + b * z))), 0.95)
            p = min(max(1.0 - safe, 1e-6), 1 - 1e-6)
            total -= math.log(p if y else 1.0 - p)
        return total

    best = (0.0, 1.0)
    for step_a, step_b, span in ((0.25, 0.1, 6), (0.05, 0.02, 5)):
        a0, b0 = best
        grid = [
            (round(a0 + i * step_a, 3), round(b0 + k * step_b, 3))
            for i in range(-span, span + 1)
            for k in range(-span, span + 1)
            if b0 + k * step_b > 0
        ]
        best = min(grid, key=lambda ab: loss(*ab))
    return best


# -- judging ------------------------------------------------------------------------------


@dataclass(slots=True)
class Scores:
    n: int
    rate: float
    brier: float
    brier_base: float
    logloss: float
    logloss_base: float
    auc: float
    bins: list[tuple[str, int, float, float]]


def judge(judged: Sequence[Judged], model: DangerModel, base_rate: float) -> Scores:
    ps = [dangers(j.position, (j.tile,), model=model)[j.tile].p_deal_in for j in judged]
    ys = [j.dealt_in for j in judged]
    n = len(ys)
    eps = 1e-6

    def ll(p: float, y: bool) -> float:
        p = min(max(p, eps), 1 - eps)
        return -math.log(p if y else 1 - p)

    brier = sum((p - y) ** 2 for p, y in zip(ps, ys, strict=True)) / n
    brier_base = sum((base_rate - y) ** 2 for y in ys) / n
    logloss = sum(ll(p, y) for p, y in zip(ps, ys, strict=True)) / n
    logloss_base = sum(ll(base_rate, y) for y in ys) / n
    edges = (0.0, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 1.01)
    bins = []
    for lo, hi in itertools.pairwise(edges):
        sel = [(p, y) for p, y in zip(ps, ys, strict=True) if lo <= p < hi]
        if sel:
            bins.append(
                (
                    f"{lo:.3f}-{min(hi, 1.0):.3f}",
                    len(sel),
                    sum(p for p, _ in sel) / len(sel),
                    sum(y for _, y in sel) / len(sel),
                )
            )
    return Scores(n, sum(ys) / n, brier, brier_base, logloss, logloss_base, auc(ps, ys), bins)


def auc(ps: Sequence[float], ys: Sequence[bool]) -> float:
    """P(a deal-in discard scores above a safe one), ties half (Mann-Whitney)."""
    pos = sum(ys)
    neg = len(ys) - pos
    if not pos or not neg:
        return float("nan")
    order = sorted(range(len(ps)), key=lambda i: ps[i])
    ranks = [0.0] * len(ps)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and ps[order[j + 1]] == ps[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2 + 1
        i = j + 1
    r = sum(ranks[i] for i in range(len(ys)) if ys[i])
    return (r - pos * (pos + 1) / 2) / (pos * neg)


def report(rules: str, name: str, s: Scores) -> None:
    print(f"\n### {rules}: {name}  ({s.n} discards, deal-in rate {s.rate:.4f})\n")
    print("| measure | model | base rate |\n| --- | --- | --- |")
    print(f"| Brier | {s.brier:.5f} | {s.brier_base:.5f} |")
    print(f"| log loss | {s.logloss:.4f} | {s.logloss_base:.4f} |")
    print(f"| AUC | {s.auc:.3f} | 0.5 |")
    print("\n| predicted P | discards | mean predicted | observed |\n| --- | --- | --- | --- |")
    for label, k, mp, obs in s.bins:
        print(f"| {label} | {k} | {mp:.4f} | {obs:.4f} |")


def speed(judged: Sequence[Judged], model: DangerModel) -> None:
    """``dangers`` of every kind the discarder holds, per position, timed."""
    work = [
        (j.position, sorted({int(t) for t in j.position.hand.concealed_with_winning}))
        for j in judged
    ]
    t0 = time.perf_counter()
    for position, kinds in work:
        dangers(position, kinds, model=model)
    took = time.perf_counter() - t0
    print(
        f"\nspeed: dangers() of every held kind, {len(work) / took:,.0f} positions/s "
        f"({1e6 * took / max(sum(len(k) for _, k in work), 1):.1f} µs a tile)"
    )


def show_model(rules: str, m: DangerModel) -> None:
    """The fitted model as the ``MODELS`` entry of ``fanshu.analysis.danger``."""
    print(f"\nfitted model, as its MODELS entry:\n\n    {rules!r}: DangerModel(")
    print(f"        wall_start={m.wall_start},")
    print("        ready=(")
    for row in m.ready:
        print(f"            {row!r},")
    print("        ),")
    print(f"        ready_any={m.ready_any!r},")
    print("        wait=(")
    for row in m.wait:
        print(f"            {row!r},")
    print("        ),")
    for k in (*FACTORS, "kabe", "wait_turn", "void_last", "cost", "calibration"):
        print(f"        {k}={getattr(m, k)!r},")
    print("    ),")


def show_costs(log: Log) -> None:
    for name, rows in (("would pay (every winning tile)", log.costs), ("paid", log.paid)):
        parts = []
        for show, label in enumerate(("concealed", "open", "big")):
            got = [p for p, w in rows if w == show]
            if got:
                parts.append(f"{label} {sum(got) / len(got):.2f} (n={len(got)})")
        print(f"  cost {name}: " + "; ".join(parts))


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", default=",".join(RULES))
    ap.add_argument("--bots", default="fan", help="bot names, repeated over the seats")
    ap.add_argument("--games", type=int, default=100, help="training hands (seeds 1..N)")
    ap.add_argument("--test-games", type=int, default=100, help="held-out hands")
    ap.add_argument("--test-seed", type=int, default=100_000, help="first held-out seed")
    ap.add_argument("--shipped", action="store_true", help="judge the shipped MODELS too")
    ap.add_argument(
        "--calibrate", action="store_true", help="fit the Platt map last (judged with and without)"
    )
    args = ap.parse_args(argv)
    bots = args.bots.split(",")
    for rules in args.rules.split(","):
        start = model_for(rules)
        t0 = time.perf_counter()
        if not args.games:  # judge the shipped model alone (other bots, say)
            test = play(rules, range(args.test_seed, args.test_seed + args.test_games), bots, start)
            rate = sum(j.dealt_in for j in test.judged) / max(len(test.judged), 1)
            print(f"\n## {rules}: bots {args.bots}, shipped model only; the base rate is the")
            print("held-out rate itself (a base-rate model that knew it)")
            report(rules, "shipped MODELS, judged held-out", judge(test.judged, start, rate))
            continue
        train = play(rules, range(1, args.games + 1), bots, start)
        fitted = fit(train, start)
        if args.calibrate:
            fitted = replace(fitted, calibration=fit_calibration(train.judged, fitted))
        test = play(rules, range(args.test_seed, args.test_seed + args.test_games), bots, start)
        took = time.perf_counter() - t0
        base = sum(j.dealt_in for j in train.judged) / max(len(train.judged), 1)
        print(
            f"\n## {rules}: bots {args.bots}, train seeds 1-{args.games} "
            f"({len(train.judged)} discards, {len(train.ready)} ready rows, "
            f"{len(train.wait)} wait rows, {len(train.paid)} deal-ins), held-out seeds "
            f"{args.test_seed}-{args.test_seed + args.test_games - 1}; {took:.0f} s"
        )
        show_model(rules, fitted)
        show_costs(train)
        report(rules, "fitted on train, judged held-out", judge(test.judged, fitted, base))
        if args.calibrate:
            plain = replace(fitted, calibration=(0.0, 1.0))
            report(rules, "fitted, without the Platt map", judge(test.judged, plain, base))
        if args.shipped:
            report(rules, "shipped MODELS, judged held-out", judge(test.judged, start, base))
        speed(test.judged, fitted)
    return 0


if __name__ == "__main__":
    sys.exit(main())
