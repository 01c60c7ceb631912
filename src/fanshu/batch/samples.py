"""Seeded batch inputs for tests and benchmarks: JSON Lines of random legal winning hands
(``fanshu.sampling.winning_hands``) with their win context, as ``score --batch`` reads
them, and 13/14-tile hands as ``analyze --batch`` reads them.

>>> lines = list(score_lines(1, 3))
>>> [json.loads(line)["id"] for line in lines]
[0, 1, 2]
>>> list(score_lines(1, 3)) == lines
True
>>> bad = list(score_lines(1, 10, broken_every=4))
>>> bad[3], json.loads(bad[7])["hand"][-2:]
('not JSON 3', 'x9')
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from fanshu.notation.fanshu import format_hand, format_meld, format_tiles
from fanshu.sampling import winning_hands

__all__ = ["analyze_lines", "score_lines"]


def _context(hand: Any) -> dict[str, Any]:
    c = hand.context
    out: dict[str, Any] = {}
    for name in ("self_drawn", "fourth_tile", "kong", "wall_last"):
        if getattr(c, name):
            out[name] = True
    if c.seat_wind.code != "E":
        out["seat_wind"] = c.seat_wind.code
    if c.prevalent_wind.code != "E":
        out["prevalent_wind"] = c.prevalent_wind.code
    if c.flowers:
        out["flowers"] = c.flowers
    return out


def score_lines(seed: int, n: int, *, broken_every: int = 0) -> Iterator[str]:
    """``n`` input lines (no newline) of ``score --batch``: ``{"id": k, "hand": …, …}``.
    With ``broken_every`` = m, every m-th line is broken instead — alternately not JSON
    and a hand that does not parse — so that error lines are exercised too."""
    for k, hand in enumerate(winning_hands(seed, n)):
        if broken_every and k % broken_every == broken_every - 1:
            if (k // broken_every) % 2 == 0:
                yield f"not JSON {k}"
            else:
                yield json.dumps({"id": k, "hand": format_hand(hand) + "x9"})
            continue
        yield json.dumps({"id": k, "hand": format_hand(hand), **_context(hand)})


def analyze_lines(seed: int, n: int) -> Iterator[str]:
    """``n`` input lines of ``analyze --batch``: winning hands, every other one without
    its winning tile (13 tiles: waits) and the others whole (14 tiles: discards)."""
    for k, hand in enumerate(winning_hands(seed, n)):
        text = format_hand(hand)
        if k % 2 == 0:  # the same hand before its winning tile
            text = "".join(format_meld(m) for m in hand.melds) + format_tiles(hand.concealed)
        obj: dict[str, Any] = {"id": k, "hand": text}
        c = hand.context
        if c.seat_wind.code != "E":
            obj["seat_wind"] = c.seat_wind.code
        yield json.dumps(obj)
