"""Fixtures shared by the engine tests."""

from __future__ import annotations

import pytest

from fanshu.engine.players import PLAYERS
from support.engine_play import Eager


@pytest.fixture
def eager(monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setitem(PLAYERS, "eager", Eager)
    return "eager"
