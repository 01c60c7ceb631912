"""Botzone's answers as fanshu's actions, and back: the one place that knows that
``PENG T`` is a pung then a discard, that ``CHI M T`` names the chow by its middle tile
(fanshu's ``chow`` by its lowest), and that ``GANG`` means a concealed kong on one's
turn (with a tile), a kong of the discard on a claim (without) and ``BUGANG`` an added
kong.

>>> from fanshu.botzone.protocol import parse_response
>>> from fanshu.notation.botzone import TILE_OF_CODE
>>> [str(a) for a in actions_of(parse_response("CHI W5 T9"), offered=None)]
['chow 4m', 'discard 9s']
>>> [str(a) for a in actions_of(parse_response("GANG"), offered=TILE_OF_CODE["J1"])]
['kong C']
>>> str(response_of(Action.parse("pung"), then=Action.parse("discard E"), claim=True))
'PENG F1'
>>> str(response_of(Action.parse("kong 5p"), added=True))
'BUGANG B5'
"""

from __future__ import annotations

from fanshu.botzone.protocol import ProtocolError, Response
from fanshu.engine.actions import Action, ActionKind
from fanshu.notation.botzone import TILE_OF_CODE
from fanshu.tiles import Tile

__all__ = ["actions_of", "response_of"]

A = ActionKind
_CODE = {t: c for c, t in TILE_OF_CODE.items()}


def _middle_to_lowest(middle: Tile) -> int:
    """A chow named by its middle tile (2-8 of a suit) as fanshu's lowest tile."""
    if middle >= 27 or middle % 9 in (0, 8):
        raise ProtocolError(f"a chow's middle tile is 2-8 of a suit, not {_CODE[middle]}")
    return int(middle) - 1


def actions_of(response: Response, *, offered: Tile | int | None) -> tuple[Action, ...]:
    """The fanshu actions a response stands for, in the order the game asks for them.

    ``offered`` is the tile on offer when the response answers a discard (a bare
    ``GANG`` kongs it); None on one's own turn, where ``GANG`` must name its tile.
    """
    w, t = response.word, response.tile
    if w == "PASS":
        return (Action(A.PASS),)
    if w == "HU":
        return (Action(A.WIN),)
    if w == "PLAY":
        assert t is not None  # parse_response guarantees the tile
        return (Action(A.DISCARD, int(t)),)
    if w in ("GANG", "BUGANG"):
        kind = t if t is not None else offered
        if kind is None:
            raise ProtocolError("GANG on one's own turn names the tile to kong: GANG W1")
        return (Action(A.KONG, int(kind)),)
    assert t is not None
    if w == "PENG":
        return (Action(A.PUNG), Action(A.DISCARD, int(t)))
    assert response.middle is not None  # CHI
    return (Action(A.CHOW, _middle_to_lowest(response.middle)), Action(A.DISCARD, int(t)))


def response_of(
    action: Action, *, then: Action | None = None, added: bool = False, claim: bool = False
) -> Response:
    """The response for ``action``.

    ``claim``: it answers another seat's discard or added kong (``GANG`` without a
    tile, ``PENG T``, ``CHI M T``, ``HU``, ``PASS``); ``then``: the discard after a
    pung or chow; ``added``: a kong onto one's own pung (``BUGANG T``) rather than a
    concealed one (``GANG T``).
    """
    k = action.kind
    if k is A.PASS:
        return Response("PASS")
    if k is A.WIN:
        return Response("HU")
    if k is A.DISCARD and action.tile is not None and not claim:
        return Response("PLAY", Tile(action.tile))
    if k is A.KONG and action.tile is not None:
        if claim:
            return Response("GANG")
        return Response("BUGANG" if added else "GANG", Tile(action.tile))
    if k in (A.PUNG, A.CHOW) and claim:
        if then is None or then.kind is not A.DISCARD or then.tile is None:
            raise ProtocolError(f"{action} is answered with the discard after it (PENG T, CHI M T)")
        if k is A.PUNG:
            return Response("PENG", Tile(then.tile))
        assert action.tile is not None
        return Response("CHI", Tile(then.tile), Tile(action.tile + 1))
    raise ProtocolError(f"{action} has no answer in Botzone's Chinese-Standard-Mahjong here")
