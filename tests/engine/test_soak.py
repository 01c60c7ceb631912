"""A short engine soak in the suite; the long one is ``bench/soak_engine.py``
(``-m slow`` runs a longer one here too)."""

from __future__ import annotations

import pytest

from support.engine_soak import TABLES, soak


def test_short_soak_every_table_every_invariant() -> None:
    report = soak(40, seed=11)
    assert report.failures == []
    assert report.games == 40 * len(TABLES)
    assert report.wins > 0 and report.decisions > 0


@pytest.mark.slow
def test_long_soak() -> None:
    report = soak(300, seed=5)
    assert report.failures == []
