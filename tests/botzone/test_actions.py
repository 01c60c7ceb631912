"""Botzone's responses as fanshu's actions and back."""

from __future__ import annotations

import pytest

from fanshu.botzone.actions import actions_of, response_of
from fanshu.botzone.protocol import ProtocolError, parse_response
from fanshu.engine.actions import Action
from fanshu.notation.botzone import TILE_OF_CODE
from fanshu.tiles import Tile

J1 = TILE_OF_CODE["J1"]


@pytest.mark.parametrize(
    ("line", "offered", "actions"),
    [
        ("PASS", None, ["pass"]),
        ("HU", None, ["win"]),
        ("HU", Tile.M5, ["win"]),
        ("PLAY W1", None, ["discard 1m"]),
        ("GANG T6", None, ["kong 6s"]),  # concealed kong on one's turn
        ("GANG", J1, ["kong C"]),  # the kong of a discard
        ("BUGANG B9", None, ["kong 9p"]),
        ("PENG F3", Tile.M2, ["pung", "discard W"]),
        ("CHI W5 T9", Tile.M4, ["chow 4m", "discard 9s"]),
        ("CHI B8 J3", Tile.P9, ["chow 7p", "discard P"]),
    ],
)
def test_actions_of_each_response(line: str, offered: Tile | None, actions: list[str]) -> None:
    assert [str(a) for a in actions_of(parse_response(line), offered=offered)] == actions


@pytest.mark.parametrize(
    ("actions", "kwargs", "line"),
    [
        (["pass"], {"claim": True}, "PASS"),
        (["pass"], {}, "PASS"),
        (["win"], {}, "HU"),
        (["win"], {"claim": True}, "HU"),
        (["discard 9s"], {}, "PLAY T9"),
        (["kong 6s"], {}, "GANG T6"),
        (["kong 6s"], {"added": True}, "BUGANG T6"),
        (["kong 6s"], {"claim": True}, "GANG"),
        (["pung", "discard E"], {"claim": True}, "PENG F1"),
        (["chow 4m", "discard 9s"], {"claim": True}, "CHI W5 T9"),
    ],
)
def test_response_of_each_action(actions: list[str], kwargs: dict[str, bool], line: str) -> None:
    first, *then = (Action.parse(a) for a in actions)
    got = response_of(first, then=then[0] if then else None, **kwargs)
    assert str(got) == line
    # and back: the response stands for the same actions
    offered = Tile.S6 if line == "GANG" else None
    assert [str(a) for a in actions_of(got, offered=offered)] == actions


@pytest.mark.parametrize(
    ("line", "message"),
    [("GANG", "names the tile to kong"), ("CHI W1 T2", "middle tile is 2-8"), ("CHI J2 T2", "2-8")],
)
def test_actions_of_refuses(line: str, message: str) -> None:
    with pytest.raises(ProtocolError, match=message):
        actions_of(parse_response(line), offered=None)


@pytest.mark.parametrize(
    ("action", "kwargs", "message"),
    [
        ("pung", {"claim": True}, "answered with the discard after it"),
        ("chow 1m", {"claim": True, "then": Action.parse("pass")}, "the discard after it"),
        ("discard 1m", {"claim": True}, "has no answer"),
        ("pung", {}, "has no answer"),
        ("exchange 1m", {}, "has no answer"),
    ],
)
def test_response_of_refuses(action: str, kwargs: dict[str, object], message: str) -> None:
    then = kwargs.get("then")
    with pytest.raises(ProtocolError, match=message):
        response_of(
            Action.parse(action),
            then=then if isinstance(then, Action) else None,
            claim=bool(kwargs.get("claim")),
        )
