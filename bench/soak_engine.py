"""The engine soak, on demand: thousands of seeded games per table (MCR, Sichuan with
and without 换三张, two-player with and without its exchange events, Beijing with the
first dealer at seat 0 and at seat 2) between random, greedy and fan bots (Beijing also
four followers on walls dealt for 跟庄 and 烧庄), checking tile conservation after every
decision, legal actions only, zero-sum settlement, and an identical replay of every
game's log; then the tables of issue 16 (``MORE_TABLES``: Jiaxing, Pinghu, Wuhan with and
without 赖子 and 红中发财杠, the 底分×2^番 list, Sichuan 血流成河).

    .venv/bin/python bench/soak_engine.py [--games 2000] [--seed 1] [--rules beijing]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

_TESTS = str(Path(__file__).resolve().parent.parent / "tests")
if _TESTS not in sys.path:
    sys.path.insert(0, _TESTS)

from support.engine_soak import MORE_TABLES, TABLES, soak  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000, help="games per table")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rules", default=None, help="soak only this rule set's tables")
    args = ap.parse_args()
    tables = [t for t in TABLES + MORE_TABLES if args.rules is None or t[0] == args.rules]
    if not tables:
        ap.error(f"no soak table plays {args.rules!r}")
    start = time.perf_counter()
    report = soak(args.games, args.seed, tables=tables)
    secs = time.perf_counter() - start
    print(
        f"{report.games} games on {len(tables)} tables in {secs:.0f} s "
        f"({report.decisions} decisions, {report.wins} wins, {report.false_wins} false wins, "
        f"{report.drawn} drawn); wins by bot: {dict(report.by_bot)}"
    )
    print(f"settlements by reason: {dict(report.reasons)}")
    for f in report.failures:
        print("FAIL", f)
    print(f"{len(report.failures)} failures")
    sys.exit(1 if report.failures else 0)


if __name__ == "__main__":
    main()
