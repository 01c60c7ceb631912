"""Fixtures shared by the match tests."""

from __future__ import annotations

import pytest

from fanshu.engine.players import PLAYERS
from support.engine_play import Eager


@pytest.fixture
def eager(monkeypatch: pytest.MonkeyPatch) -> str:
    """A bot that wins whenever it may (the series tests need wins)."""
    monkeypatch.setitem(PLAYERS, "eager", Eager)
    return "eager"
