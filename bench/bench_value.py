"""The value advice (``fanshu.analysis.value``): its speed, and the constants it uses.

Three measurements, run from the repository root:

    .venv/bin/python bench/bench_value.py --speed 300          # evaluate_discards, random MCR hands
    .venv/bin/python bench/bench_value.py --fit mcr --games 250  # timing factors on engine hands
    .venv/bin/python bench/bench_value.py --priors mcr --hands 60  # the reach model's priors
    .venv/bin/python bench/bench_value.py --calibrate mcr --games 300  # P(win) vs the engine

- ``--speed N``: N seeded random 14-tile MCR hands, CPU time of ``evaluate_discards`` at
  the default budget, by the hand's shanten (the machine is shared: CPU time, not wall).
- ``--fit RULES``: seeded hands of four ``fan`` bots (two-player: two).  At every discard,
  for every other seat that is ready with live waits its rule set accepts on a discard,
  the expected throws ``live / unseen`` from that seat's view against whether the tile
  thrown was one of them: ``discard_factor`` = throws / expected.  ``hazard`` = hands
  ended by a win per discard turn (Sichuan: by the third winner).
- ``--calibrate RULES``: seeded hands of ``fan`` bots (seeds 5000 on, apart from the
  fitting ones); at the first discard of each seat into a ready hand with an accepted
  wait, and into a hand 1, 2 and 3 from ready, the P(win) of that discard
  (``evaluate_discards``) against whether the seat won the hand (ready: in bins).
- ``--priors RULES``: random 13-tile hands 2-4 from ready, 16 sampled paths each as the
  advice samples them; over the ready hands reached: the share with an accepted live
  wait, its live copies, the mean points per win, the most common fan totals.
"""

from __future__ import annotations

import argparse
import collections
import random
import time

from fanshu.analysis import value as V
from fanshu.analysis.distance import for_rules
from fanshu.analysis.outcome import Scorer
from fanshu.analysis.position import SEATS, Position
from fanshu.analysis.shanten import shanten
from fanshu.engine import ActionKind, Game
from fanshu.engine.players import make_player
from fanshu.engine.players.position import position_of
from fanshu.hand import Hand
from fanshu.tiles import TILES


def speed(n: int) -> None:
    rng = random.Random(7)
    wall = [k for k in range(34) for _ in range(4)]
    hands = []
    for _ in range(n):
        rng.shuffle(wall)
        ks = sorted(wall[:14])
        hands.append(Hand(tuple(TILES[k] for k in ks[:-1]), (), TILES[ks[-1]]))
    per: dict[int, list[float]] = collections.defaultdict(list)
    start = time.process_time()
    for h in hands:
        c = [0] * 34
        for x in h.concealed_with_winning:
            c[x] += 1
        t = time.process_time()
        V.evaluate_discards(Position(h))
        per[shanten(c)].append(time.process_time() - t)
    total = time.process_time() - start
    print(f"evaluate_discards, default budget: {n / total:.0f} hands/s (CPU)")
    for s in sorted(per):
        times = per[s]
        print(
            f"  shanten {s}: {len(times):4d} hands, {1000 * sum(times) / len(times):6.1f} ms each"
        )


def fit(rules: str, games: int) -> None:
    expected = hits = 0.0
    turns = ended = 0
    start = time.time()
    for seed in range(games):
        g = Game(rules, seed=1000 + seed)
        players = [make_player("fan", seed=seed * 7 + i) for i in range(g.n)]
        while g.to_act is not None:
            s = g.to_act
            a = players[s].choose(g.observe(s))
            if a.kind is ActionKind.DISCARD:
                turns += 1
                for r in range(g.n):
                    if r == s or g.seat[r].won or g.seat[r].dead:
                        continue
                    p = position_of(g.observe(r))
                    if p.hand.tile_count != 13:
                        continue
                    c = [0] * 34
                    for x in p.hand.concealed:
                        c[x] += 1
                    melds = len(p.hand.melds)
                    d = for_rules(rules, p.void)
                    if d.shanten(c, melds) != 0:
                        continue
                    sc = Scorer(p)
                    accepted = [
                        k
                        for k in d.useful(c, melds)
                        if p.unseen[k] > 0 and sc.win(tuple(c), k, False).valid
                    ]
                    live = sum(p.unseen[k] for k in accepted)
                    if live:
                        expected += live / sum(p.unseen)
                        hits += a.tile in accepted
            g.step(a)
        won = sum(1 for x in range(g.n) if g.seat[x].won)
        ended += won >= g.n - 1 if rules == "sichuan" else won > 0
    print(
        f"{rules}: {games} hands, {turns} discards; discard_factor = {hits:.0f} / {expected:.1f}"
        f" = {hits / max(expected, 1e-9):.3f}; hazard = {ended} / {turns} = "
        f"{ended / max(turns, 1):.4f}  [{time.time() - start:.0f} s]"
    )


def calibrate(rules: str, games: int) -> None:
    rows: dict[int, list[tuple[float, int]]] = collections.defaultdict(list)
    start = time.time()
    for seed in range(games):
        g = Game(rules, seed=5000 + seed)
        players = [make_player("fan", seed=seed * 7 + i) for i in range(g.n)]
        first: dict[tuple[int, int], float] = {}
        while g.to_act is not None:
            s = g.to_act
            obs = g.observe(s)
            a = players[s].choose(obs)
            if a.kind is ActionKind.DISCARD:
                p = position_of(obs)
                if p.hand.tile_count == 14:
                    c = [0] * 34
                    for x in p.hand.concealed_with_winning:
                        c[x] += 1
                    c[a.tile] -= 1
                    sh = for_rules(rules, p.void).shanten(c, len(p.hand.melds))
                    if 0 <= sh <= 3 and (s, sh) not in first:
                        v = V.evaluate_discards(p)[a.tile]
                        if sh or (v.p_minimum >= 1.0 and "under" not in v.why):
                            first[(s, sh)] = v.p_win
            g.step(a)
        for (s, sh), p_win in first.items():
            rows[sh].append((p_win, int(g.seat[s].won)))
    print(f"{rules}: {games} hands  [{time.time() - start:.0f} s]")
    for sh in sorted(rows):
        r = rows[sh]
        mean_p = sum(x[0] for x in r) / len(r)
        mean_w = sum(x[1] for x in r) / len(r)
        what = "ready, accepted wait" if sh == 0 else f"shanten {sh}"
        print(f"  {what}: {len(r)} positions, P(win) predicted {mean_p:.3f}, won {mean_w:.3f}")
    ready = rows.get(0, [])
    for lo in (0.0, 0.2, 0.4, 0.6, 0.8):
        b = [x for x in ready if lo <= x[0] < lo + 0.2 or (lo == 0.8 and x[0] >= 1.0)]
        if b:
            print(
                f"    ready {lo:.1f}-{lo + 0.2:.1f}: {len(b):4d} predicted "
                f"{sum(x[0] for x in b) / len(b):.3f} won {sum(x[1] for x in b) / len(b):.3f}"
            )


def priors(rules: str, n_hands: int) -> None:
    kinds = 27 if rules == "sichuan" else 34
    rng = random.Random(11)
    wall = [k for k in range(kinds) for _ in range(4)]
    reached = meets = points_n = 0
    live_sum = points_sum = 0.0
    fans: collections.Counter[int] = collections.Counter()
    done = 0
    while done < n_hands:
        rng.shuffle(wall)
        ks = sorted(wall[:13])
        p = Position(Hand(tuple(TILES[k] for k in ks)), rules=rules, seats=SEATS[rules])
        call = V._Call(p, 64, 0)
        counts = [0] * 34
        for k in ks:
            counts[k] += 1
        s = call.shanten(counts)
        if not 2 <= s <= 4:
            continue
        done += 1
        for _ in range(16):
            c = list(counts)
            live = list(call.unseen)
            pool = [k for k in range(34) for _ in range(live[k])]
            now, useful = s, call.useful(c)
            for _t in range(40):
                x = pool.pop(rng.randrange(len(pool)))
                live[x] -= 1
                if x not in useful:
                    continue
                c[x] += 1
                if now == 1:
                    st = V._best_ready(call, c, x, live, len(pool), 8)
                    if st is None:
                        c[x] -= 1
                        continue
                    reached += 1
                    if st.meets:
                        meets += 1
                        live_sum += (st.self_live + st.discard_live) / 2
                        for _k, n, sd, od in st.waits:
                            for w in (sd, od):
                                if w.valid:
                                    points_sum += w.points * n
                                    points_n += n
                                    fans[w.fan] += n
                    break
                d = V._best_discard(call, c, x, live, now - 1)
                c[d] -= 1
                if d != x:
                    now -= 1
                    useful = call.useful(c)
    print(
        f"{rules}: {reached} ready hands reached; meets {meets / max(reached, 1):.3f}, "
        f"ready_live {live_sum / max(meets, 1):.2f}, points {points_sum / max(points_n, 1):.1f}, "
        f"most common fan {fans.most_common(3)}"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--speed", type=int, metavar="N")
    ap.add_argument("--fit", metavar="RULES")
    ap.add_argument("--games", type=int, default=250)
    ap.add_argument("--priors", metavar="RULES")
    ap.add_argument("--hands", type=int, default=60)
    ap.add_argument("--calibrate", metavar="RULES")
    args = ap.parse_args()
    if args.speed:
        speed(args.speed)
    if args.fit:
        fit(args.fit, args.games)
    if args.priors:
        priors(args.priors, args.hands)
    if args.calibrate:
        calibrate(args.calibrate, args.games)
    if not (args.speed or args.fit or args.priors or args.calibrate):
        ap.print_help()


if __name__ == "__main__":
    main()
