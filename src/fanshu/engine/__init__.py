"""Play whole hands: a game engine driven by the rule sets (``mcr``, ``beijing``,
``sichuan``, ``two-player``: every one whose ``engine_variant`` names a variant), with
bots, seeded deals and replayable event logs.

>>> from fanshu.engine import Game
>>> g = Game("sichuan", seed=3)
>>> g.to_act is not None
True
"""

from __future__ import annotations

from fanshu.engine.actions import Action, ActionError, ActionKind
from fanshu.engine.config import GameConfig
from fanshu.engine.game import Game
from fanshu.engine.observation import Observation, SeatView

__all__ = ["Action", "ActionError", "ActionKind", "Game", "GameConfig", "Observation", "SeatView"]
