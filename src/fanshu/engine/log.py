"""Game logs as JSON Lines: one event per line, so that a file of many games can be
streamed, grepped and appended to, and every line says which game it belongs to.

Each line is a game event (``Game.events``) with three fields in front: ``v`` the format
version (:data:`FORMAT_VERSION`), ``game`` the game's index in the file, ``seq`` the
event's number in its game.  Fields that are None (not applicable) are left out.  The
format is described in docs/engine-log.md.

>>> from fanshu.engine import Game
>>> g = Game("two-player", seed=1)
>>> while not g.done:
...     g.step(g.legal_actions()[0])
>>> lines = list(game_lines(g.events, game=0))
>>> lines[0][:40]
'{"v":1,"game":0,"seq":0,"type":"start","'
>>> [log] = iter_games(lines)
>>> log.events == [{k: v for k, v in e.items() if v is not None} for e in g.events]
True
>>> parse_line('{"v":2,"game":0,"seq":0,"type":"start"}', 7)
Traceback (most recent call last):
...
fanshu.engine.log.LogError: line 7: format version 2; this fanshu reads version 1
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from fanshu.engine.events import starts_turn
from fanshu.errors import FanshuError

#: The version every line carries in ``v``; a reader refuses versions it does not know.
FORMAT_VERSION = 1
#: The fields a line adds to its event.
META = ("v", "game", "seq")

__all__ = [
    "FORMAT_VERSION",
    "META",
    "GameLog",
    "LogError",
    "event_line",
    "game_lines",
    "iter_games",
    "parse_line",
    "read_log",
    "starts_turn",  # the events' reader, kept here for the log's readers
    "write_games",
    "write_log",
]


class LogError(FanshuError):
    """A line that is not an event of this format (with its line number)."""

    code = "bad_log"


# -- writing --------------------------------------------------------------------------


def event_line(event: Mapping[str, Any], *, game: int, seq: int) -> str:
    """One event as its line (no newline): meta fields first, None fields left out."""
    record: dict[str, Any] = {"v": FORMAT_VERSION, "game": game, "seq": seq}
    for k, v in event.items():
        if v is not None and k not in META:
            record[k] = v
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def game_lines(events: Iterable[Mapping[str, Any]], *, game: int) -> Iterator[str]:
    """The lines of one game's events, numbered from 0."""
    for seq, event in enumerate(events):
        yield event_line(event, game=game, seq=seq)


def write_games(
    games: Iterable[Sequence[Mapping[str, Any]]], out: IO[str], *, first: int = 0
) -> int:
    """Write each game's events to ``out``, games numbered from ``first``; return how
    many games were written (so that a later call can append with ``first=``)."""
    n = 0
    for events in games:
        for line in game_lines(events, game=first + n):
            out.write(line + "\n")
        n += 1
    return n


def write_log(path: str | Path, games: Iterable[Sequence[Mapping[str, Any]]]) -> int:
    """Write a new log file of ``games`` (each a game's ``events``); return the count."""
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        return write_games(games, f)


# -- reading --------------------------------------------------------------------------


@dataclass(slots=True)
class GameLog:
    """One game as read back: its index in the file, and for each event read the event
    (without the meta fields), its ``seq`` and its line number."""

    index: int
    events: list[dict[str, Any]] = field(default_factory=list)
    seqs: list[int] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)


def _meta_int(record: Mapping[str, Any], name: str, lineno: int, what: str) -> int:
    if name not in record:
        raise LogError(f'line {lineno}: no "{name}" ({what})')
    v = record[name]
    if isinstance(v, bool) or not isinstance(v, int) or v < 0:
        raise LogError(f'line {lineno}: "{name}" ({what}) is a number from 0, not {v!r}')
    return v


def parse_line(text: str, lineno: int) -> dict[str, Any]:
    """One line as its record (meta fields included); ``LogError`` naming the line if it
    is not an event of this format."""
    try:
        record = json.loads(text)
    except json.JSONDecodeError as e:
        raise LogError(f"line {lineno}: not JSON ({e.msg} at column {e.colno})") from None
    except RecursionError:
        raise LogError(f"line {lineno}: not JSON (nested too deeply)") from None
    if not isinstance(record, dict):
        raise LogError(f"line {lineno}: an event is a JSON object, not {type(record).__name__}")
    version = _meta_int(record, "v", lineno, "format version")
    if version != FORMAT_VERSION:
        raise LogError(
            f"line {lineno}: format version {version}; this fanshu reads version {FORMAT_VERSION}"
        )
    _meta_int(record, "game", lineno, "game index")
    _meta_int(record, "seq", lineno, "event number")
    kind = record.get("type")
    if not isinstance(kind, str) or not kind:
        raise LogError(f'line {lineno}: no event "type" (got {kind!r})')
    return record


def _text(line: str | bytes, lineno: int) -> str:
    if isinstance(line, str):
        return line.removeprefix("\ufeff") if lineno == 1 else line
    try:
        return line.decode("utf-8-sig" if lineno == 1 else "utf-8")
    except UnicodeDecodeError as e:
        raise LogError(f"line {lineno}: not UTF-8 (byte {e.start + 1})") from None


def iter_games(lines: Iterable[str | bytes]) -> Iterator[GameLog]:
    """The games of a log (lines as text, or as bytes read from a binary file), each
    once its last line has been read.  Blank lines are skipped; a game's lines must be
    consecutive and games in increasing order (a file written by :func:`write_games`);
    gaps in ``seq`` or ``game`` are left to the replay to report, game and event named."""
    current: GameLog | None = None
    for lineno, line in enumerate(lines, start=1):
        text = _text(line, lineno)
        if not text.strip():
            continue
        record = parse_line(text, lineno)
        index = record["game"]
        if current is None or index != current.index:
            if current is not None:
                if index < current.index:
                    raise LogError(
                        f"line {lineno}: game {index} after game {current.index}; a log's "
                        "games are in increasing order, each on consecutive lines"
                    )
                yield current
            current = GameLog(index)
        current.seqs.append(record["seq"])
        current.lines.append(lineno)
        current.events.append({k: v for k, v in record.items() if k not in META})
    if current is not None:
        yield current


def read_log(path: str | Path) -> list[GameLog]:
    """Every game of the log file at ``path``."""
    with open(path, "rb") as f:
        return list(iter_games(f))
