"""The messages of Botzone's Chinese-Standard-Mahjong game, as lines of text: what the
judge asks a bot (a *request*) and what the bot answers (a *response*).

Requests, for the bot of seat ``id`` (0-3, East first; ``quan`` the prevalent wind 0-3):

=============================  =======================================================
``0 id quan``                  the seat and the prevalent wind
``1 h0 h1 h2 h3 T1 … T13 F…``  the deal: each seat's flower count, own 13 tiles, then
                               every seat's flowers in seat order
``2 T``                        this bot drew ``T``
``3 p BUHUA F``                seat ``p`` replaced flower ``F``
``3 p DRAW``                   seat ``p`` drew (unseen)
``3 p PLAY T``                 seat ``p`` discarded ``T``
``3 p PENG T``                 seat ``p`` punged the discard, then discarded ``T``
``3 p CHI M T``                seat ``p`` chowed (``M`` the chow's middle tile), then
                               discarded ``T``
``3 p GANG``                   seat ``p`` konged (a discard, or concealed)
``3 p BUGANG T``               seat ``p`` added ``T`` to its pung (加杠)
=============================  =======================================================

Responses: ``PASS``; after ``2 T``: ``PLAY T``, ``GANG T`` (concealed kong),
``BUGANG T`` or ``HU``; after another seat's ``PLAY``, ``PENG`` or ``CHI``: ``PENG T``
(pung, then discard ``T``), ``CHI M T``, ``GANG`` (kong the discard) or ``HU``; after
another seat's ``BUGANG``: ``HU`` (rob the kong).  Every other request is answered
``PASS``.

>>> r = parse_request("3 2 CHI W5 T9")
>>> r.player, r.action, r.middle.code, r.tile.code
(2, 'CHI', '5m', '9s')
>>> str(r)
'3 2 CHI W5 T9'
>>> str(parse_request("1 0 1 0 0 W1 W1 W2 W3 W4 W5 W6 W7 W8 W9 W9 J1 J1 H3"))
'1 0 1 0 0 W1 W1 W2 W3 W4 W5 W6 W7 W8 W9 W9 J1 J1 H3'
>>> str(parse_response("chi b2 t3"))
'CHI B2 T3'
>>> parse_response("PLAY")
Traceback (most recent call last):
...
fanshu.botzone.protocol.ProtocolError: 'PLAY' needs a tile: PLAY W1
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

from fanshu.errors import FanshuError
from fanshu.notation.botzone import CODE_OF, TILE_OF_CODE
from fanshu.tiles import Tile

__all__ = [
    "ANSWERS",
    "SEEN",
    "Deal",
    "Draw",
    "ProtocolError",
    "Request",
    "Response",
    "Seen",
    "Start",
    "parse_request",
    "parse_response",
]


class ProtocolError(FanshuError):
    """A line that is no request or response of the game."""

    code = "botzone_protocol"


SeenAction = Literal["BUHUA", "DRAW", "PLAY", "PENG", "CHI", "GANG", "BUGANG"]
Answer = Literal["PASS", "PLAY", "GANG", "BUGANG", "HU", "PENG", "CHI"]

#: The actions a ``3 p …`` request reports, and how many tiles each carries.
SEEN: Final[dict[SeenAction, int]] = {
    "BUHUA": 1,
    "DRAW": 0,
    "PLAY": 1,
    "PENG": 1,
    "CHI": 2,
    "GANG": 0,
    "BUGANG": 1,
}
#: The words a response may start with, and how many tiles each may carry (``GANG``
#: takes a tile after a draw, none on a discard).
ANSWERS: Final[dict[Answer, tuple[int, ...]]] = {
    "PASS": (0,),
    "PLAY": (1,),
    "GANG": (0, 1),
    "BUGANG": (1,),
    "HU": (0,),
    "PENG": (1,),
    "CHI": (2,),
}
_SEEN_WORD: Final[dict[str, SeenAction]] = {w: w for w in SEEN}
_ANSWER_WORD: Final[dict[str, Answer]] = {w: w for w in ANSWERS}


def _tile(code: str, line: str) -> Tile:
    tile = TILE_OF_CODE.get(code[:1].upper() + code[1:])
    if tile is None:
        raise ProtocolError(
            f"unknown tile {code!r} in {line!r} (Botzone tiles are W1-W9, B1-B9, T1-T9, "
            "F1-F4, J1-J3, H1-H8)"
        )
    return tile


def _playable(code: str, line: str) -> Tile:
    tile = _tile(code, line)
    if tile.is_flower:
        raise ProtocolError(f"{code} is a flower, which is never played, in {line!r}")
    return tile


def _seat(word: str, line: str) -> int:
    if word not in ("0", "1", "2", "3"):
        raise ProtocolError(f"a seat is 0-3, not {word!r}, in {line!r}")
    return int(word)


@dataclass(frozen=True, slots=True)
class Start:
    """``0 id quan``: the bot's seat and the prevalent wind (0 East … 3 North)."""

    player: int
    quan: int

    def __str__(self) -> str:
        return f"0 {self.player} {self.quan}"


@dataclass(frozen=True, slots=True)
class Deal:
    """``1 …``: the flower count of each seat, the bot's 13 tiles, every flower shown."""

    flower_counts: tuple[int, int, int, int]
    hand: tuple[Tile, ...]
    flowers: tuple[Tile, ...]

    def __str__(self) -> str:
        words = ["1", *map(str, self.flower_counts)]
        words += [CODE_OF[t] for t in (*self.hand, *self.flowers)]
        return " ".join(words)

    def flowers_of(self, seat: int) -> tuple[Tile, ...]:
        """The flowers ``seat`` showed at the deal (they are listed in seat order)."""
        start = sum(self.flower_counts[:seat])
        return self.flowers[start : start + self.flower_counts[seat]]


@dataclass(frozen=True, slots=True)
class Draw:
    """``2 T``: the bot drew ``tile``."""

    tile: Tile

    def __str__(self) -> str:
        return f"2 {CODE_OF[self.tile]}"


@dataclass(frozen=True, slots=True)
class Seen:
    """``3 p ACTION …``: what seat ``player`` did, as every seat is told it."""

    player: int
    action: SeenAction
    tile: Tile | None = None  # BUHUA's flower; PLAY/PENG/CHI's discard; BUGANG's tile
    middle: Tile | None = None  # CHI: the chow's middle tile

    def __str__(self) -> str:
        words = ["3", str(self.player), self.action]
        if self.middle is not None:
            words.append(CODE_OF[self.middle])
        if self.tile is not None:
            words.append(CODE_OF[self.tile])
        return " ".join(words)


Request = Start | Deal | Draw | Seen


def parse_request(line: str) -> Request:
    """Read one request line; a ``ProtocolError`` that says what is wrong otherwise."""
    if not isinstance(line, str):
        raise ProtocolError(f"a request is a line of text, not {type(line).__name__}")
    words = line.split()
    if not words:
        raise ProtocolError("an empty request")
    head, rest = words[0], words[1:]
    if head == "0":
        if len(rest) != 2 or rest[1] not in ("0", "1", "2", "3"):
            raise ProtocolError(f"'0' is followed by the seat and the wind (0-3): {line!r}")
        return Start(_seat(rest[0], line), int(rest[1]))
    if head == "1":
        if len(rest) < 17 or not all(w.isdigit() for w in rest[:4]):
            raise ProtocolError(
                f"'1' is followed by 4 flower counts and 13 tiles, then the flowers: {line!r}"
            )
        counts = (int(rest[0]), int(rest[1]), int(rest[2]), int(rest[3]))
        hand = tuple(_playable(w, line) for w in rest[4:17])
        flowers = tuple(_tile(w, line) for w in rest[17:])
        if len(flowers) != sum(counts) or not all(f.is_flower for f in flowers):
            raise ProtocolError(
                f"the deal lists {sum(counts)} flowers by its counts but shows "
                f"{' '.join(rest[17:]) or 'none'}: {line!r}"
            )
        return Deal(counts, hand, flowers)
    if head == "2":
        if len(rest) != 1:
            raise ProtocolError(f"'2' is followed by the drawn tile only: {line!r}")
        return Draw(_playable(rest[0], line))
    if head == "3":
        if len(rest) < 2:
            raise ProtocolError(f"'3' is followed by a seat and an action: {line!r}")
        player, tiles = _seat(rest[0], line), rest[2:]
        action = _SEEN_WORD.get(rest[1].upper())
        if action is None:
            raise ProtocolError(f"unknown action {rest[1]!r} in {line!r}: one of {', '.join(SEEN)}")
        if len(tiles) != SEEN[action]:
            raise ProtocolError(f"{action} carries {SEEN[action]} tile(s), in {line!r}")
        if action == "BUHUA":
            flower = _tile(tiles[0], line)
            if not flower.is_flower:
                raise ProtocolError(f"BUHUA shows a flower, not {tiles[0]}, in {line!r}")
            return Seen(player, "BUHUA", flower)
        played = [_playable(w, line) for w in tiles]
        if action == "CHI":
            return Seen(player, "CHI", played[1], played[0])
        return Seen(player, action, played[0] if played else None)
    raise ProtocolError(f"a request starts with 0, 1, 2 or 3, not {head!r}: {line!r}")


@dataclass(frozen=True, slots=True)
class Response:
    """A bot's answer: ``word`` and the tiles it names (``CHI``: middle, then discard)."""

    word: Answer
    tile: Tile | None = None  # PLAY/PENG/CHI's discard, GANG's (concealed) or BUGANG's
    middle: Tile | None = None  # CHI: the chow's middle tile

    def __str__(self) -> str:
        words: list[str] = [self.word]
        if self.middle is not None:
            words.append(CODE_OF[self.middle])
        if self.tile is not None:
            words.append(CODE_OF[self.tile])
        return " ".join(words)


def parse_response(line: str) -> Response:
    """Read one response (any case); a ``ProtocolError`` that says what is wrong otherwise."""
    if not isinstance(line, str):
        raise ProtocolError(f"a response is a line of text, not {type(line).__name__}")
    words = line.split()
    if not words:
        raise ProtocolError("an empty response (PASS, if nothing else)")
    word, tiles = _ANSWER_WORD.get(words[0].upper()), words[1:]
    if word is None:
        raise ProtocolError(f"unknown response {words[0]!r}: one of {', '.join(ANSWERS)}")
    counts = ANSWERS[word]
    if len(tiles) not in counts:
        if max(counts) == 0:
            raise ProtocolError(f"{word!r} takes no tile, in {line!r}")
        example = " ".join([word, *("W1" for _ in range(max(counts)))])
        raise ProtocolError(
            f"{word!r} needs {'a tile' if max(counts) == 1 else 'two tiles'}: {example}"
        )
    played = [_playable(w, line) for w in tiles]
    if word == "CHI":
        return Response("CHI", played[1], played[0])
    return Response(word, played[0] if played else None)
