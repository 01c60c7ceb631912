"""P(win) of the value advice (``fanshu.analysis.value``) checked against the engine.

For each rule set it samples positions from seeded engine games (a seat to play with 14
tiles, a discard chosen by its bot), takes the value model's P(win) for the discard
the bot plays, and plays the position out many times: each playout redistributes the
tiles the seat cannot see (the other seats' concealed tiles, the live wall and the
two-player pool, shuffled together, every seat keeping its count) with its own seed,
the seat throws the bot's discard and every seat plays on with a fresh bot.  The
observed frequency of the seat's win is compared with the estimate: calibration bins,
mean absolute error, bias.

The state is rebuilt by replaying the logged decisions on the same seed (public
``Game.step``); the redistribution then writes the engine's public state: each other
seat's ``counts`` (``update_waits`` after), ``Game.wall`` (a new ``Wall`` of the
shuffled tiles, flowers kept in it) and ``Game.pool``.  Two readings: a seat that
declared ready (报听) keeps its tiles (it is known to be ready); a Sichuan seat whose
void suit is public and that holds none of it gets none (void tiles are discarded
first, so it would have thrown them).

``--redeal`` chooses what is reshuffled.  ``hands`` (the brief's reading): the other
seats' concealed tiles and the wall together — the other seats then hold random tiles,
not the hands their play built, so they are farther from winning than at the table and
the seat wins more often than it would.  ``wall``: the wall (and pool) alone, the other
seats keeping their real tiles — the real hands are one draw from what the seat cannot
know, so over many positions the observed frequency is an unbiased check of P(win)
(each position's frequency is of its own real opponents).  ``both`` (default) runs both
on the same positions.

Run from the repository root:

    .venv/bin/python bench/calibrate_advice.py --positions 40 --playouts 50
    .venv/bin/python bench/calibrate_advice.py --rules sichuan --positions 10 --playouts 20
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from fanshu.analysis.value import evaluate_discards
from fanshu.engine import Action, ActionKind, Game
from fanshu.engine.players import make_player
from fanshu.engine.players.position import position_of
from fanshu.engine.wall import Wall

RULES = ("mcr", "sichuan", "two-player")
DISCARDS = (ActionKind.DISCARD, ActionKind.READY)


@dataclass(frozen=True, slots=True)
class Sample:
    """A position: the game's seed, the decisions before it, the seat and its discard."""

    rules: str
    seed: int
    history: tuple[tuple[int, Action], ...]
    seat: int
    action: Action


def play_logged(rules: str, seed: int, bot: str) -> list[tuple[int, Action, str, int]]:
    """One game's decisions: (seat, action, phase, tiles the seat held)."""
    game = Game(rules, seed=seed)
    players = [make_player(bot, seed * 7 + i) for i in range(game.n)]
    out: list[tuple[int, Action, str, int]] = []
    while not game.done:
        s = game.to_act
        assert s is not None
        obs = game.observe(s)
        a = players[s].choose(obs)
        out.append((s, a, obs.phase, len(obs.hand) + 3 * len(obs.melds)))
        game.step(a)
    return out


def sample_positions(rules: str, count: int, bot: str, first_seed: int) -> list[Sample]:
    """``count`` positions, one per game: a random chosen discard (seeded by the game)."""
    out: list[Sample] = []
    seed = first_seed
    while len(out) < count:
        log = play_logged(rules, seed, bot)
        turns = [
            i
            for i, (_, a, phase, held) in enumerate(log)
            if phase == "turn" and held == 14 and a.kind in DISCARDS
        ]
        if turns:
            i = random.Random(f"calibrate-{rules}-{seed}").choice(turns)
            s, a, _, _ = log[i]
            out.append(Sample(rules, seed, tuple((q, b) for q, b, _, _ in log[:i]), s, a))
        seed += 1
    return out


def replay(sample: Sample) -> Game:
    game = Game(sample.rules, seed=sample.seed)
    for s, a in sample.history:
        game.step(a, seat=s)
    return game


def redistribute(game: Game, seat: int, rng: random.Random, *, hands: bool = True) -> None:
    """Shuffle what ``seat`` cannot see (module text), every count kept; ``hands``
    False shuffles only the wall (and the pool): the other seats keep their tiles."""
    others = [q for q in range(game.n) if q != seat and not game.seat[q].won]
    movable = [q for q in others if game.seat[q].declared is None] if hands else []
    hidden: list[int] = []
    for q in movable:
        c = game.seat[q].counts
        hidden.extend(t for t in range(34) for _ in range(c[t]))
    live = game.wall.live()
    flowers = [t for t in live if t >= 34]
    hidden.extend(t for t in live if t < 34)
    hidden.extend(game.pool)
    rng.shuffle(hidden)
    for q in movable:
        st = game.seat[q]
        need = sum(st.counts)
        void = st.void if game.rules == "sichuan" else None
        keep_out = void is not None and not st.holds_suit(void)
        got: list[int] = []
        rest: list[int] = []
        for t in hidden:
            if len(got) < need and not (keep_out and t // 9 == void):
                got.append(t)
            else:
                rest.append(t)
        hidden = rest
        counts = [0] * 34
        for t in got:
            counts[t] += 1
        st.counts[:] = counts
        st.update_waits()
    in_pool, in_wall = len(game.pool), game.wall.remaining
    pool, wall = hidden[:in_pool], hidden[in_pool:] + flowers
    rng.shuffle(wall)
    if len(wall) != in_wall:  # a void seat could not be filled without its void suit
        raise RuntimeError(f"redistribution left {len(wall)} wall tiles, not {in_wall}")
    game.pool[:] = pool
    game.wall = Wall(wall)


def playout(sample: Sample, r: int, bot: str, hands: bool) -> bool:
    """Play ``sample`` out once with redistribution ``r``: did its seat win?"""
    game = replay(sample)
    redistribute(game, sample.seat, random.Random(f"redeal-{sample.seed}-{r}"), hands=hands)
    game.rng = random.Random(f"events-{sample.seed}-{r}")  # two-player chances, per playout
    players = [make_player(bot, 1_000_003 * r + i) for i in range(game.n)]
    game.step(sample.action, seat=sample.seat)
    while not game.done:
        s = game.to_act
        assert s is not None
        game.step(players[s].choose(game.observe(s)))
    return sample.seat in game.winners


@dataclass(frozen=True, slots=True)
class Checked:
    estimate: float
    observed: float
    playouts: int


def check(sample: Sample, playouts: int, bot: str, budget: int | None, hands: bool) -> Checked:
    game = replay(sample)
    values = evaluate_discards(position_of(game.observe(sample.seat)), budget=budget, seed=0)
    tile = sample.action.tile
    assert tile is not None
    estimate = values[int(tile)].p_win
    wins = sum(playout(sample, r, bot, hands) for r in range(playouts))
    return Checked(estimate, wins / playouts, playouts)


def report(rules: str, checked: Sequence[Checked], took: float, what: str) -> None:
    n = len(checked)
    mae = sum(abs(c.estimate - c.observed) for c in checked) / n
    bias = sum(c.estimate - c.observed for c in checked) / n
    mean_est = sum(c.estimate for c in checked) / n
    mean_obs = sum(c.observed for c in checked) / n
    # the sampling error of an observed frequency alone: mean sqrt(f(1-f)/playouts)
    noise = sum(math.sqrt(c.observed * (1 - c.observed) / c.playouts) for c in checked) / n
    print(
        f"\n### {rules}, {what}: {n} positions × {checked[0].playouts} playouts "
        f"({took:.0f} s)\n\n"
        f"mean estimate {mean_est:.3f}, mean observed {mean_obs:.3f}, bias {bias:+.3f}, "
        f"mean absolute error {mae:.3f} (sampling error of one observed frequency "
        f"≈ {noise:.3f})\n"
    )
    print("| estimated P(win) | positions | mean estimate | mean observed |")
    print("| --- | --- | --- | --- |")
    edges = (0.0, 0.1, 0.2, 0.3, 0.5, 0.7, 1.01)
    for lo, hi in itertools.pairwise(edges):
        sel = [c for c in checked if lo <= c.estimate < hi]
        if sel:
            print(
                f"| {lo:.1f}-{min(hi, 1.0):.1f} | {len(sel)} | "
                f"{sum(c.estimate for c in sel) / len(sel):.3f} | "
                f"{sum(c.observed for c in sel) / len(sel):.3f} |"
            )


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", default=",".join(RULES))
    ap.add_argument("--bot", default="fan", help="the bot of every seat")
    ap.add_argument("--positions", type=int, default=40, help="positions per rule set")
    ap.add_argument("--playouts", type=int, default=50, help="playouts per position")
    ap.add_argument("--seed", type=int, default=5_000, help="first game seed")
    ap.add_argument("--budget", type=int, default=None, help="value model budget")
    ap.add_argument(
        "--redeal",
        choices=("hands", "wall", "both"),
        default="both",
        help="hands: the other seats' tiles and the wall reshuffled together; wall: the "
        "wall (and pool) alone, the other seats keep their real tiles",
    )
    args = ap.parse_args(argv)
    for rules in args.rules.split(","):
        t0 = time.perf_counter()
        samples = sample_positions(rules, args.positions, args.bot, args.seed)
        modes = ("hands", "wall") if args.redeal == "both" else (args.redeal,)
        for mode in modes:
            t1 = time.perf_counter()
            hands = mode == "hands"
            checked = [check(s, args.playouts, args.bot, args.budget, hands) for s in samples]
            what = "hands and wall reshuffled" if hands else "wall reshuffled, hands kept"
            report(rules, checked, time.perf_counter() - t1 + (t1 - t0) * (mode == modes[0]), what)
    return 0


if __name__ == "__main__":
    sys.exit(main())
