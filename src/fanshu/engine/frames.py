"""The frames of a logged game, for a replay viewer: after each event of the log, what
the table shows — every seat's concealed tiles, melds, discards still on the table,
flowers, score and marks (won, ready, 定缺), the wall's count, whose turn it is — and
each win with its fan table (names in Chinese and English), total and payments.

Any fanshu log (docs/engine-log.md: ``fanshu simulate --out``, several games in one
file, a games-API game's log) is read with :mod:`fanshu.engine.log`, and the game
picked is played again by :func:`fanshu.engine.replay.rebuild`: the engine itself
makes every frame (a :class:`~fanshu.engine.game.Game` whose public ``emit`` hook keeps
the table after each event), so a frame is what the game held, never a second reading
of the events.  A log that does not replay as logged is refused with the replay's own
message (game, event, line, what the log has against what the replay made).

The engine announces a draw (and a flower's replacement) before it puts the tile in
the hand; such a frame shows the tile in the hand.  A decision (``act``) moves nothing
by itself: its frame is the table before what follows from it, except where the
decision is the last event before the game waits again (a Sichuan 换三张 choice moves
its tile into the seat's ``exchange``).  After every decision the frame is the game's
state as the engine holds it.

Bounds (:data:`MAX_LOG_CHARS`, :data:`MAX_GAMES`, :data:`MAX_EVENTS`): a larger log is
refused with ``too_large`` or ``too_many_items``, named with the bound.

>>> from fanshu.engine.game import Game
>>> from fanshu.engine.log import game_lines
>>> g = Game("two-player", seed=1)
>>> while not g.done:
...     g.step(g.legal_actions()[0])
>>> out = replay_frames("\\n".join(game_lines(g.events, game=0)))
>>> len(out["frames"]) == len(g.events), out["frames"][-1]["scores"] == g.scores
(True, True)
>>> replay_frames('{"v":1,"game":0,"seq":0,"type":"deal"}')  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
fanshu.engine.frames.NotAsLogged: game 0 does not replay as logged: game 0, event 0 (deal), ...
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

from fanshu.engine.actions import Action
from fanshu.engine.events import Event, fans_of
from fanshu.engine.game import Game
from fanshu.engine.log import GameLog, LogError, iter_games
from fanshu.engine.replay import ReplayError, game_figures, rebuild
from fanshu.errors import FanshuError
from fanshu.i18n import msg
from fanshu.rules import get_rules
from fanshu.tiles import FIRST_FLOWER, TILE_OF_CODE, TILES

__all__ = [
    "MAX_EVENTS",
    "MAX_GAMES",
    "MAX_LOG_CHARS",
    "FramesError",
    "LogTooLarge",
    "NoSuchGame",
    "NotAsLogged",
    "TooManyItems",
    "game_frames",
    "read_games",
    "replay_frames",
    "summary",
]

#: The longest log text read (characters): a longer one is ``too_large``.  (The HTTP
#: route's own body limit, 1 MiB, is smaller.)
MAX_LOG_CHARS = 8 * 1024 * 1024
#: The most games one log may hold: more is ``too_many_items``.
MAX_GAMES = 1000
#: The most events one game may have (a long MCR hand has about 300, Sichuan 血流成河
#: under 1,000): more is ``too_many_items``.
MAX_EVENTS = 5000

#: A 定缺 suit by index, as the void event writes it.
SUITS = "msp"
#: The events whose tile the engine puts in the hand after announcing it.
_DRAWS = frozenset({"draw", "flower"})


class FramesError(FanshuError):
    """A log that gives no frames (``bad_log``: a line that is not an event, no game, or
    no game of the index asked for); ``extra``: what a problem document adds (``limit``,
    ``mismatch``)."""

    code: ClassVar[str] = "bad_log"

    def __init__(self, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.extra = extra


class LogTooLarge(FramesError):
    """A log text over :data:`MAX_LOG_CHARS`."""

    code = "too_large"


class TooManyItems(FramesError):
    """A log of more than :data:`MAX_GAMES` games, or a game of more than
    :data:`MAX_EVENTS` events."""

    code = "too_many_items"


class NoSuchGame(FramesError):
    """A game index the log does not hold."""


class NotAsLogged(FramesError):
    """A game that does not replay as logged: the replay's message, its ``mismatch``."""

    code = "replay_mismatch"


def _codes(tiles: Iterable[int]) -> list[str]:
    return [TILES[t].code for t in tiles]


def _table(game: Game) -> dict[str, Any]:
    """What the table holds now: every seat (concealed tiles sorted), the wall's count,
    the tiles out of play, whose turn."""
    seats = game.seat
    voids_public = all(st.void is not None for st in seats)
    out = []
    for q, st in enumerate(seats):
        out.append(
            {
                "hand": [t.code for t in st.tiles()],
                "melds": [str(m) for m in st.melds],
                "river": _codes(st.river),
                "flowers": _codes(st.flowers),
                "exchange": _codes(st.given),
                "score": game.scores[q],
                "won": st.won,
                "ready": st.declared is not None,
                "void": SUITS[st.void] if voids_public and st.void is not None else None,
            }
        )
    drawn = game.drawn
    return {
        "turn": game.turn,
        "drawn": None if drawn is None else TILES[drawn].code,
        "wall": game.wall.remaining,
        "out_of_play": len(game.pool),
        "turned": _codes(game.wall.turned),
        "scores": list(game.scores),
        "seats": out,
    }


def _taken(table: dict[str, Any], event: Mapping[str, Any]) -> dict[str, Any]:
    """``table`` with the tile a draw (or a flower's replacement) announced taken into
    the seat: its hand, or its flowers when the tile is a flower."""
    code, seat = event.get("tile"), event.get("seat")
    tile = TILE_OF_CODE.get(code) if isinstance(code, str) else None
    if tile is None or not isinstance(seat, int) or not 0 <= seat < len(table["seats"]):
        return table
    s = dict(table["seats"][seat])
    if tile >= FIRST_FLOWER:
        s["flowers"] = [*s["flowers"], code]
    else:
        hand = [TILE_OF_CODE[c] for c in s["hand"]]
        s["hand"] = _codes(sorted([*hand, tile]))
    seats = list(table["seats"])
    seats[seat] = s
    return {**table, "seats": seats, "drawn": code if tile < FIRST_FLOWER else None}


class _Recorder(Game):
    """A game that keeps the table after each event it emits (``emit`` is the engine's
    public hook for what happened), and the table as it stands whenever it waits for a
    decision (after the deal, each ``step`` and ``forfeit``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.tables: list[dict[str, Any]] = []
        super().__init__(*args, **kwargs)
        self._settled()

    def emit(self, event: Event) -> None:
        super().emit(event)
        kind = event.get("type")
        if kind == "act":  # a decision moves nothing by itself
            self.tables.append(self.tables[-1] if self.tables else _table(self))
        elif kind in _DRAWS:
            self.tables.append(_taken(_table(self), event))
        else:
            self.tables.append(_table(self))

    def _settled(self) -> None:
        """The last event's table is the game's state now (a decision made no event of
        its own, such as a 换三张 choice, shows here)."""
        if self.tables:
            self.tables[-1] = _table(self)

    def step(self, action: Action | str, seat: int | None = None) -> None:
        super().step(action, seat)
        self._settled()

    def forfeit(self, seat: int, reason: str, *, detail: str | None = None) -> None:
        super().forfeit(seat, reason, detail=detail)
        self._settled()


def read_games(text: str) -> list[GameLog]:
    """The games of a log's text, within the bounds (``FramesError`` naming the line of
    a line that is not an event, or the bound passed)."""
    if not isinstance(text, str):
        raise FramesError(msg("a log is text (JSON Lines), not {kind}", kind=type(text).__name__))
    if len(text) > MAX_LOG_CHARS:
        raise LogTooLarge(
            msg("the log is over {limit} characters", limit=MAX_LOG_CHARS),
            limit=MAX_LOG_CHARS,
        )
    games: list[GameLog] = []
    try:
        for log in iter_games(text.splitlines()):
            if len(games) == MAX_GAMES:
                raise TooManyItems(
                    msg("the log holds more than {limit} games", limit=MAX_GAMES),
                    limit=MAX_GAMES,
                )
            if len(log.events) > MAX_EVENTS:
                raise TooManyItems(
                    msg(
                        "game {game} has {n} events; a game may have at most {limit}",
                        game=log.index,
                        n=len(log.events),
                        limit=MAX_EVENTS,
                    ),
                    limit=MAX_EVENTS,
                )
            games.append(log)
    except LogError as e:
        raise FramesError(msg("the log cannot be read: {error}", error=e.message)) from None
    if not games:
        raise FramesError(msg("the log holds no game (no event line)"))
    return games


def summary(log: GameLog) -> dict[str, Any]:
    """One game of a log in a line, from its events alone (not replayed): index, rules,
    seats, players, events, result, winners, scores."""
    start = log.events[0] if log.events else {}
    f = game_figures(log.events)
    rules, seats, players = start.get("rules"), start.get("seats"), start.get("players")
    return {
        "game": log.index,
        "rules": rules if isinstance(rules, str) else None,
        "seats": seats if isinstance(seats, int) else None,
        "players": players if isinstance(players, list) else None,
        "events": len(log.events),
        "result": f["result"],
        "winners": f["winners"],
        "scores": f["scores"],
    }


def _wins(events: Sequence[Mapping[str, Any]], english: Mapping[str, str]) -> list[dict[str, Any]]:
    """Each win with its fan table and the payments of its settlement: the ``settle``
    events that follow it (several wins on one discard share theirs)."""
    wins = []
    for i, e in enumerate(events):
        if e.get("type") != "win":
            continue
        settlements = []
        j = i + 1
        while j < len(events) and events[j].get("type") in ("win", "settle"):
            if events[j].get("type") == "settle":
                settlements.append(
                    {"reason": events[j].get("reason"), "payments": events[j].get("payments")}
                )
            j += 1
        fans = [
            {"name": f.name, "name_en": english.get(f.name, ""), "value": f.value, "count": f.times}
            for f in fans_of(e)
        ]
        wins.append(
            {
                "seq": i,
                "seat": e.get("seat"),
                "source": e.get("source"),
                "tile": e.get("tile"),
                "robbed": bool(e.get("robbed")),
                "hand": e.get("hand"),
                "total": e.get("total"),
                "fans": fans,
                "wildcards": e.get("wildcards"),
                "settlements": settlements,
            }
        )
    return wins


def game_frames(log: GameLog | Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """One game's frames: the game's setup (rules, seats, players, dealer, prevalent
    wind, seed), ``frames`` (per event: ``seq``, the ``event`` as logged and the table
    after it), ``wins`` and ``end``; ``FramesError`` (``replay_mismatch``) with the
    replay's message when the log does not replay as logged."""
    try:
        game = rebuild(log, game_type=_Recorder)
    except ReplayError as e:
        index = log.index if isinstance(log, GameLog) else 0
        m = e.mismatch
        raise NotAsLogged(
            msg(
                "game {game} does not replay as logged: {mismatch}", game=index, mismatch=e.message
            ),
            mismatch=None if m is None else m.to_dict(),
        ) from None
    assert isinstance(game, _Recorder)
    events = [dict(e) for e in game.events]
    start = events[0]
    end = events[-1]
    english = {f.name_zh: f.name_en for f in get_rules(game.rules).fans}
    return {
        "rules": game.rules,
        "seats": game.n,
        "players": game.players,
        "dealer": game.config.dealer,
        "prevalent_wind": start.get("prevalent_wind"),
        "seat_winds": [game.variant.seat_wind(game, q) for q in range(game.n)],
        "seed": game.seed,
        "tiles": len(game.tile_set),
        "frames": [
            {"seq": k, "event": {x: v for x, v in e.items() if v is not None}, **table}
            for k, (e, table) in enumerate(zip(events, game.tables, strict=True))
        ],
        "wins": _wins(events, english),
        "false_wins": [
            {"seq": k, "seat": e.get("seat"), "hand": e.get("hand"), "total": e.get("total")}
            for k, e in enumerate(events)
            if e.get("type") == "false_win"
        ],
        "end": {
            "result": end.get("result"),
            "winners": end.get("winners"),
            "scores": end.get("scores"),
            "wall_left": end.get("wall_left"),
        },
    }


def replay_frames(text: str, game: int | None = None) -> dict[str, Any]:
    """The answer of a replay viewer for a log's text: ``games`` (each game of the log
    in a line, :func:`summary`), ``game`` (the index of the one replayed: ``game``, by
    default the first in the log) and that game's :func:`game_frames`."""
    games = read_games(text)
    if game is None:
        picked = games[0]
    else:
        found = [g for g in games if g.index == game]
        if not found:
            raise NoSuchGame(
                msg(
                    "the log has no game {game}; its games: {games}",
                    game=game,
                    games=", ".join(str(g.index) for g in games[:20])
                    + (" …" if len(games) > 20 else ""),
                )
            )
        picked = found[0]
    return {
        "games": [summary(g) for g in games],
        "game": picked.index,
        **game_frames(picked),
    }
