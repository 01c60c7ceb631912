"""What the store tests share: the players, a hand, and a snapshot of a database file."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
HAND = "[EEEE]123m456p789s11s"


def snapshot(path: Path) -> list[tuple[Any, ...]]:
    """Every row of every table (but the audit log), to check that nothing was written."""
    with sqlite3.connect(path) as c:
        out: list[tuple[Any, ...]] = []
        tables = [r[0] for r in c.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        for t in sorted(tables):
            if t in ("events", "sqlite_sequence"):
                continue
            out += sorted(((t, *row) for row in c.execute(f"SELECT * FROM {t}")), key=repr)
        out.append(("events", c.execute("SELECT count(*) FROM events").fetchone()[0]))
    return out
