"""Write (or check) src/fanshu/analysis/shanten_groups.bin, the shipped shanten table.

The file is ``fanshu.analysis.shanten.build_table()``: the vector of every suit and
honour group of at most 14 tiles and the product of every two vectors (see the module's
"shipped table" section).  Run it after changing how the group vectors are computed::

    .venv/bin/python tools/shanten_table.py            # write the file
    .venv/bin/python tools/shanten_table.py --check    # exit 1 if the file differs
    .venv/bin/python tools/shanten_table.py --memory   # MiB of each bounded cache, full
"""

from __future__ import annotations

import argparse
import importlib
import itertools
import random
import sys
import tracemalloc
from pathlib import Path
from typing import Any

S: Any = importlib.import_module("fanshu.analysis.shanten")
PATH = Path(S.__file__).with_name(S._TABLE_FILE)


def _mib(fill: Any) -> float:
    """MiB that ``fill()`` leaves allocated (tracemalloc)."""
    tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    fill()
    after = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return (after - before) / 2**20


def _new(key: tuple[int, ...]) -> tuple[int, ...]:
    """A new tuple equal to ``key``, as a process makes its keys (not one shared)."""
    return tuple(list(key))


def _digits(key: tuple[int, ...]) -> str:
    return "".join(str(r + 1) * k for r, k in enumerate(key))


def _letters(key: tuple[int, ...]) -> str:
    return "".join("ESWNCFP"[r] * k for r, k in enumerate(key))


def _row(name: str, cache: Any, fill: Any) -> None:
    cache.clear()
    mib = _mib(fill)
    print(f"  {name:<14} {len(cache):>7,} entries  {mib:6.1f} MiB")


def memory() -> None:
    """Fill each bounded cache to its bound with real keys and print its size (keys
    made inside the measurement, as a process makes them; takes minutes)."""
    suits = [k for k in itertools.product(range(5), repeat=9) if sum(k) <= 14]
    honors = [k for k in itertools.product(range(5), repeat=7) if sum(k) <= 14]
    rng = random.Random(19)
    rng.shuffle(suits)
    n_info, n_keys = S._MAX_INFOS - 1, S._MAX_GROUP_KEYS - 1
    print("each cache filled to its bound (tracemalloc, MiB allocated while filling):")
    _row("_suit_infos", S._suit_infos, lambda: [S._new_suit_info(_new(k)) for k in suits[:n_info]])
    _row(
        "_honor_infos",
        S._honor_infos,
        lambda: [S._new_honor_info(_new(k)) for k in honors[:n_info]],
    )
    _row("_suit_vids", S._suit_vids, lambda: [S._suit_vid(_new(k)) for k in suits[:n_keys]])
    _row("_honor_vids", S._honor_vids, lambda: [S._honor_vid(_new(k)) for k in honors[:n_keys]])
    n_plus = S._MAX_PLUS - 1
    _row("_plus_vids", S._plus_vids, lambda: [S._plus(_new(k), True) for k in suits[:n_plus]])
    _row("_suit_runs", S._suit_runs, lambda: [S._suit_run(_digits(k)) for k in suits[:n_info]])
    _row("_honor_runs", S._honor_runs, lambda: [S._honor_run(_letters(k)) for k in honors[:n_info]])
    fives = [k for k in itertools.product(range(6), repeat=9) if 5 in k and sum(k) <= 16]
    rng.shuffle(fives)
    _row("_vector_memo", S._vector_memo, lambda: [S._vector(k, True) for k in fives[:12_000]])
    ids = list(range(len(S._vectors)))
    extra = [
        S._intern(tuple(x - i // 10 if x > S._NEG else x for x in S._vectors[i % 82]))
        for i in range(10, 200)
    ]  # vectors as the wildcard readings make them
    pairs = list(itertools.product(ids + extra, repeat=2))[: S._MAX_PRODUCTS // 2 - 1]
    _row("_products", S._products, lambda: [S._product(a, b) for a, b in pairs])
    c = [0] * 34

    def useful() -> None:
        for k in suits[: 2 * S._MAX_USEFUL]:
            if sum(k) <= 13:
                c[0:9] = k
                c[27:34] = [0] * 7
                for j in range(13 - sum(k)):
                    c[27 + j % 7] += 1
                S._regular_useful(c, 0, set())

    _row("_useful_memo", S._useful_memo, useful)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    p.add_argument("--check", action="store_true", help="compare, do not write")
    p.add_argument("--memory", action="store_true", help="measure the bounded caches")
    ns = p.parse_args()
    if ns.memory:
        memory()
        return 0
    blob = S.build_table()
    if ns.check:
        same = PATH.exists() and PATH.read_bytes() == blob
        print(f"{PATH}: {'up to date' if same else 'differs from build_table()'}")
        return 0 if same else 1
    PATH.write_bytes(blob)
    print(f"wrote {PATH} ({len(blob):,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
