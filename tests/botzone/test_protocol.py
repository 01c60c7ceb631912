"""Transcripts of Botzone's Chinese-Standard-Mahjong messages: every request and response
type reads and prints back as the judge writes it; bad lines say what is wrong."""

from __future__ import annotations

import pytest

from fanshu.botzone.protocol import (
    ANSWERS,
    SEEN,
    Deal,
    Draw,
    ProtocolError,
    Response,
    Seen,
    Start,
    parse_request,
    parse_response,
)
from fanshu.errors import FanshuError
from fanshu.notation.botzone import parse_tiles
from fanshu.tiles import Tile

#: One line of each request type, as judge/main.cpp writes it.
REQUESTS = [
    ("0 2 3", Start(2, 3)),
    (
        "1 0 0 0 0 W1 W1 W2 W3 W4 W5 W6 W7 W8 W9 W9 J1 J1",
        Deal(
            (0, 0, 0, 0),
            (Tile.M1, Tile.M1, *(Tile(k) for k in range(1, 9)), Tile.M9, Tile.RED, Tile.RED),
            (),
        ),
    ),
    (
        "1 1 0 2 0 B1 B2 B3 T4 T5 T6 F1 F2 F3 F4 J1 J2 J3 H1 H7 H8",
        Deal(
            (1, 0, 2, 0),
            tuple(parse_tiles("B1 B2 B3 T4 T5 T6 F1 F2 F3 F4 J1 J2 J3")),
            (Tile.SPRING, Tile.BAMBOO, Tile.CHRYSANTHEMUM),
        ),
    ),
    ("2 T6", Draw(Tile.S6)),
    ("3 2 BUHUA H7", Seen(2, "BUHUA", Tile.BAMBOO)),
    ("3 1 DRAW", Seen(1, "DRAW")),
    ("3 0 PLAY T1", Seen(0, "PLAY", Tile.S1)),
    ("3 3 PENG F2", Seen(3, "PENG", Tile.SOUTH)),
    ("3 2 CHI T2 W3", Seen(2, "CHI", Tile.M3, Tile.S2)),
    ("3 1 GANG", Seen(1, "GANG")),
    ("3 0 BUGANG B9", Seen(0, "BUGANG", Tile.P9)),
]

RESPONSES = [
    ("PASS", Response("PASS")),
    ("PLAY T6", Response("PLAY", Tile.S6)),
    ("GANG T6", Response("GANG", Tile.S6)),
    ("GANG", Response("GANG")),
    ("BUGANG J3", Response("BUGANG", Tile.WHITE)),
    ("HU", Response("HU")),
    ("PENG W1", Response("PENG", Tile.M1)),
    ("CHI T2 T5", Response("CHI", Tile.S5, Tile.S2)),
]


@pytest.mark.parametrize(("line", "value"), REQUESTS, ids=[r[0] for r in REQUESTS])
def test_every_request_type_round_trips(line: str, value: object) -> None:
    got = parse_request(line)
    assert got == value
    assert str(got) == line
    assert parse_request(str(got)) == got


def test_the_request_list_covers_every_type() -> None:
    seen = {r.action for _, r in REQUESTS if isinstance(r, Seen)}
    assert seen == set(SEEN)
    assert {type(r) for _, r in REQUESTS} == {Start, Deal, Draw, Seen}


def test_deal_flowers_per_seat() -> None:
    d = parse_request("1 1 0 2 0 B1 B2 B3 T4 T5 T6 F1 F2 F3 F4 J1 J2 J3 H1 H7 H8")
    assert isinstance(d, Deal)
    assert d.flowers_of(0) == (Tile.SPRING,)
    assert d.flowers_of(1) == ()
    assert d.flowers_of(2) == (Tile.BAMBOO, Tile.CHRYSANTHEMUM)


@pytest.mark.parametrize(("line", "value"), RESPONSES, ids=[r[0] for r in RESPONSES])
def test_every_response_type_round_trips(line: str, value: Response) -> None:
    got = parse_response(line)
    assert got == value
    assert str(got) == line
    assert parse_response(line.lower()) == got  # any case is read


def test_the_response_list_covers_every_word() -> None:
    assert {r.word for _, r in RESPONSES} == set(ANSWERS)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("", "an empty request"),
        ("4 1", "starts with 0, 1, 2 or 3, not '4'"),
        ("0 4 0", "a seat is 0-3, not '4'"),
        ("0 1 5", "the seat and the wind"),
        ("1 0 0 0 0 W1", "4 flower counts and 13 tiles"),
        ("1 1 0 0 0 W1 W1 W2 W3 W4 W5 W6 W7 W8 W9 W9 J1 J1", "lists 1 flowers by its counts"),
        ("1 0 0 0 0 W1 W1 W2 W3 W4 W5 W6 W7 W8 W9 W9 J1 H1", "H1 is a flower"),
        ("2", "the drawn tile only"),
        ("2 W0", "unknown tile 'W0'"),
        ("2 H2", "is a flower"),
        ("3 1", "a seat and an action"),
        ("3 1 DISCARD W1", "unknown action 'DISCARD'"),
        ("3 1 PLAY", "PLAY carries 1 tile"),
        ("3 1 CHI W2", "CHI carries 2 tile"),
        ("3 1 GANG W1", "GANG carries 0 tile"),
        ("3 1 BUHUA W1", "BUHUA shows a flower, not W1"),
        ("3 5 DRAW", "a seat is 0-3"),
    ],
)
def test_bad_requests_are_specific(line: str, message: str) -> None:
    with pytest.raises(ProtocolError) as e:
        parse_request(line)
    assert message in str(e.value)
    assert isinstance(e.value, FanshuError)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("", "an empty response"),
        ("DISCARD W1", "unknown response 'DISCARD'"),
        ("PLAY", "'PLAY' needs a tile: PLAY W1"),
        ("CHI W2", "'CHI' needs two tiles: CHI W1 W1"),
        ("PASS W1", "'PASS' takes no tile"),
        ("HU W1", "'HU' takes no tile"),
        ("PLAY X9", "unknown tile 'X9'"),
        ("PLAY H1", "H1 is a flower"),
    ],
)
def test_bad_responses_are_specific(line: str, message: str) -> None:
    with pytest.raises(ProtocolError) as e:
        parse_response(line)
    assert message in str(e.value)


def test_non_text_is_refused() -> None:
    with pytest.raises(ProtocolError, match="line of text"):
        parse_request(3)
    with pytest.raises(ProtocolError, match="line of text"):
        parse_response(None)
