"""``POST /v1/replays``: a logged game's frames, for the browser's replay viewer
(:mod:`fanshu.engine.frames`).

The body is a JSON object ``{"log": TEXT, "game": N}``: ``log`` the log's text as
``fanshu simulate --out`` (or any fanshu log: docs/engine-log.md) wrote it, JSON Lines,
one or many games; ``game`` (optional) the index of the game to replay, as its lines
give it (default: the first game of the log), 0 to :data:`GAME.high <GAME>`.  A file is
sent as its text in ``log``: the API takes JSON only, and the body limit (1 MiB) bounds
the log.  The answer is :func:`fanshu.engine.frames.replay_frames`: ``games`` (each
game of the log in a line), ``game`` and that game's setup, ``frames`` (the table after
each event), ``wins`` (fan tables, totals, settlements) and ``end``.  Nothing is kept.

Bad input is a problem document in the request's language: ``bad_json`` (400),
``bad_field`` (a missing ``log``, an unknown key, a mistyped value, or a ``game`` the log
does not hold), ``out_of_range`` (``game`` past its bound), ``bad_log`` (a line that is
not an event: the line named), ``replay_mismatch`` (the replay's own message, and the
``mismatch`` object: game, event, line, what the log has against what the replay made),
all 422; ``too_many_items`` (413: more than :data:`~fanshu.engine.frames.MAX_GAMES`
games, or a game of more than :data:`~fanshu.engine.frames.MAX_EVENTS` events, with
``limit``); a body over 1 MiB is 413 ``too_large`` before it is read.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool

from fanshu.engine.frames import FramesError, NoSuchGame, replay_frames
from fanshu.i18n import msg
from fanshu.protocol.bounds import Bound
from fanshu.protocol.errors import shown
from fanshu.web.api.common import (
    MAX_BODY_BYTES,
    JsonResponse,
    known_body,
    read_json,
    request_body,
    route_responses,
)
from fanshu.web.problems import Problem

__all__ = ["GAME", "REPLAY_FIELDS", "replay_one", "router"]

router = APIRouter(tags=["replays"])

#: Every key a body may have.
REPLAY_FIELDS = ("log", "game")
#: The index of the game to replay, as a log's lines number it.
GAME = Bound("game", 0, 1_000_000, msg("games of one log"))


class ReplayItem(BaseModel):
    """A log to replay, and the game of it to show."""

    model_config = ConfigDict(extra="forbid", title="ReplayItem")

    log: str = Field(
        description="The log's text: JSON Lines as `fanshu simulate --out` writes them "
        "(docs/engine-log.md), one or many games.",
        max_length=MAX_BODY_BYTES,
    )
    game: int | None = Field(
        None,
        ge=GAME.low,
        le=GAME.high,
        description="The index of the game to replay (its lines' `game`); null: the first.",
    )


REPLAY_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["games", "game", "rules", "seats", "frames", "wins", "end"],
    "properties": {
        "games": {"type": "array", "items": {"type": "object"}},
        "game": {"type": "integer"},
        "rules": {"type": "string"},
        "seats": {"type": "integer"},
        "players": {"type": ["array", "null"]},
        "dealer": {"type": "integer"},
        "prevalent_wind": {"type": "integer"},
        "seat_winds": {"type": "array", "items": {"type": "integer"}},
        "seed": {"type": "integer"},
        "tiles": {"type": "integer"},
        "frames": {"type": "array", "items": {"type": "object"}},
        "wins": {"type": "array", "items": {"type": "object"}},
        "false_wins": {"type": "array", "items": {"type": "object"}},
        "end": {"type": "object"},
    },
}


def replay_one(obj: Any) -> dict[str, Any]:
    """The answer to one decoded body; bad input raises :class:`Problem`."""
    body = known_body(obj, REPLAY_FIELDS, "log")
    log = body["log"]
    if not isinstance(log, str):
        raise Problem(
            "bad_field",
            msg("log must be the log's text (a string), not {value}", value=shown(log)),
        )
    game = body.get("game")
    if game is not None:
        if isinstance(game, bool) or not isinstance(game, int):
            raise Problem(
                "bad_field",
                msg("game must be a whole number (a game's index), not {value}", value=shown(game)),
            )
        if not GAME.low <= game <= GAME.high:
            raise Problem("out_of_range", GAME.message(game))
    try:
        return replay_frames(log, game)
    except NoSuchGame as e:
        raise Problem("bad_field", e.message) from None
    except FramesError as e:
        raise Problem(e.code, e.message, **e.extra) from None


@router.post(
    "/replays",
    summary="Replay a logged game: the table after each event",
    response_class=JsonResponse,
    openapi_extra=request_body(
        ReplayItem,
        example={"log": '{"v":1,"game":0,"seq":0,"type":"start", …}\n…', "game": 0},
    ),
    responses=route_responses(
        "The game's frames, wins and end, and the games of the log", REPLAY_SCHEMA, 400, 413, 422
    ),
)
async def replay(request: Request) -> JsonResponse:
    """Replay one game of a fanshu log (`{"log": TEXT, "game"?: N}`: the log's JSON
    Lines, as `fanshu simulate --out` writes them) and answer what a viewer steps
    through: `frames` (per event: the event as logged, every seat's concealed tiles,
    melds, discards, flowers and score, the wall's count, whose turn), `wins` (fan
    tables with Chinese and English names, totals, settlements), `end`, and `games`
    (every game of the log in a line).  A log that does not replay as logged is a 422
    problem `replay_mismatch` with the replay's message (game, event, line, log against
    replay) and its `mismatch` object; a line that is not an event `bad_log`; more than
    1,000 games or 5,000 events in a game 413 `too_many_items`."""
    obj = await read_json(request)
    return JsonResponse(await run_in_threadpool(replay_one, obj))
