"""Any fanshu player as a Botzone Chinese-Standard-Mahjong bot: rebuild the seat's
state from the requests (:class:`~fanshu.botzone.state.Tracker`), ask the player on
its :class:`~fanshu.engine.observation.Observation`, and answer with the game's
response.  After a pung or chow the player is asked again, on the state with the meld
made, for the discard that ends the answer (``PENG T``, ``CHI M T``).  A request that
leaves nothing to decide is answered ``PASS`` without asking.

Botzone runs a new process for every turn by default, so the answer must not depend
on anything but the input: the player's seed is derived from the given seed, the
seat, the deal and the turn number.

>>> reqs = ["0 1 0", "1 0 0 0 0 W1 W1 W1 W2 W3 W4 B5 B5 B5 T7 T8 T9 F1", "2 F1"]
>>> str(answer(reqs, ["PASS", "PASS"]))
'HU'
>>> str(answer(reqs[:2], ["PASS"]))
'PASS'
"""

from __future__ import annotations

import sys
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TextIO

from fanshu.botzone.actions import response_of
from fanshu.botzone.io import Answer, Turn, serve
from fanshu.botzone.protocol import Response
from fanshu.botzone.state import LastTile, StateError, Tracker
from fanshu.engine.actions import Action, ActionKind
from fanshu.engine.players import PLAYERS, make_player
from fanshu.engine.players.base import Player
from fanshu.hand import MeldKind

__all__ = ["PLAYER_NAMES", "Decision", "answer", "decide", "run", "turn_seed"]

A = ActionKind


@dataclass(frozen=True, slots=True)
class Decision:
    """The response and the fanshu actions it stands for (for ``debug``)."""

    response: Response
    actions: tuple[Action, ...]
    note: str = ""

    @property
    def debug(self) -> str:
        said = " then ".join(str(a) for a in self.actions) or "nothing to decide"
        return f"{said}{'; ' + self.note if self.note else ''}"


def turn_seed(seed: int, requests: Sequence[str]) -> int:
    """The player's seed for this turn: the same input always gives the same seed."""
    head = "\n".join(requests[:2])
    return zlib.crc32(f"{seed}\n{len(requests)}\n{head}".encode()) & 0x7FFFFFFF


def _choose(p: Player, t: Tracker) -> tuple[Action, str]:
    obs = t.observation()
    a = p.choose(obs)
    if a in obs.legal_actions:
        return a, ""
    # a player that breaks its contract must not cost the match (-30): fall back
    fallback = next(
        (x for x in obs.legal_actions if x.kind in (A.PASS, A.DISCARD)), obs.legal_actions[0]
    )
    return fallback, f"{a} is not legal here; answered {fallback}"


def decide(
    requests: Sequence[str],
    responses: Sequence[str] = (),
    *,
    player: str = "greedy",
    seed: int = 0,
    wall_size: int | None = None,
    last_tile: LastTile = "safe",
) -> Decision:
    """The answer to the last of ``requests`` (see the module); raises ``StateError``
    or ``ProtocolError`` for input that is no game's history.  ``wall_size`` and
    ``last_tile`` are the :class:`~fanshu.botzone.state.Tracker`'s."""
    t = Tracker.replay(requests, responses, wall_size=wall_size, last_tile=last_tile)
    if not t.needs_decision:
        return Decision(Response("PASS"), ())
    p = make_player(player, turn_seed(seed, [str(r) for r in requests]))
    a, note = _choose(p, t)
    claim = t.phase != "turn"
    if a.kind in (A.PUNG, A.CHOW):
        after = t.after_claim(a)
        d, note2 = _choose(p, after)
        if d.kind is not A.DISCARD:
            raise StateError(f"after {a} the player answered {d}, not a discard")
        return Decision(response_of(a, then=d, claim=True), (a, d), note or note2)
    added = (
        a.kind is A.KONG
        and not claim
        and any(m.kind is MeldKind.PUNG and m.tile == a.tile for m in t.melds)
    )
    return Decision(response_of(a, added=added, claim=claim), (a,), note)


def answer(
    requests: Sequence[str],
    responses: Sequence[str] = (),
    *,
    player: str = "greedy",
    seed: int = 0,
    wall_size: int | None = None,
    last_tile: LastTile = "safe",
) -> Response:
    """Botzone's response to the last of ``requests``, chosen by fanshu's ``player``
    (``random``, ``greedy``, ``fan``, ``ev``)."""
    return decide(
        requests, responses, player=player, seed=seed, wall_size=wall_size, last_tile=last_tile
    ).response


#: The players a bot may be (the registry, ``fanshu.engine.players.PLAYERS``), for the
#: command lines' checks.
PLAYER_NAMES: tuple[str, ...] = tuple(PLAYERS)


def run(
    *,
    player: str = "greedy",
    seed: int = 0,
    last_tile: LastTile = "safe",
    keep_running: bool = False,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
) -> int:
    """Be the bot on ``stdin``/``stdout`` (default: the process's): answer one turn,
    or every turn with ``keep_running``; the exit status (``fanshu.botzone.io.serve``).
    ``fanshu botzone bot``, ``python -m fanshu.botzone`` and the uploaded zip of
    ``fanshu botzone package`` all run this."""

    def respond(turn: Turn) -> Answer:
        d = decide(turn.requests, turn.responses, player=player, seed=seed, last_tile=last_tile)
        return Answer(str(d.response), debug=d.debug, globaldata=turn.globaldata)

    return serve(stdin or sys.stdin, stdout or sys.stdout, respond, keep_running=keep_running)
