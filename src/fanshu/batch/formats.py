"""Output formats of batch jobs: JSON Lines (the default) and Parquet, written as the
records stream in, and read back.

Three kinds of record:

- ``score``: the output objects of ``fanshu score --batch`` (``fanshu.cli.batch``);
- ``analyze``: the output objects of ``fanshu analyze --batch``
  (``fanshu.cli.analyze_batch``);
- ``games``: one record per game, from a game log (``fanshu simulate --out``,
  ``fanshu.engine.log``) or a simulation (:func:`game_record` of a game's events).

JSON Lines writes each record as ``json.dumps(record, ensure_ascii=False)`` on its own
line: the bytes the CLI writes today.  A game log is written from each game's events,
in the log format of ``fanshu.engine.log`` (the bytes of ``fanshu simulate --out``), so it
stays replayable.  Parquet (``pyarrow``, ``pip install 'fanshu[parquet]'``) writes a fixed
Arrow schema per kind (:func:`arrow_schema`, docs/results-schema.md), a row group each
``row_group_size`` records, so that millions of records never sit in memory at once.

>>> import io, json
>>> out = io.StringIO()
>>> with open_writer(out, "jsonl", "score") as w:
...     w.write({"id": 1, "total": 8, "fans": [], "multiplier": None, "error": None})
>>> out.getvalue()
'{"id": 1, "total": 8, "fans": [], "multiplier": null, "error": null}\\n'
>>> from fanshu.engine.simulate import play_game
>>> g = play_game("two-player", 0, ["random", "random"], seed=1)
>>> r = game_record(g.events, game=0, players=["random", "random"])
>>> r["rules"], r["seats"], r["result"] in ("win", "drawn"), r["event_count"] == len(g.events)
('two-player', 2, True, True)
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import lru_cache
from pathlib import Path
from types import ModuleType, TracebackType
from typing import IO, Any, Literal, cast, get_args

from fanshu.engine.events import starts_turn
from fanshu.engine.log import META, game_lines, iter_games
from fanshu.errors import FanshuError

__all__ = [
    "FORMATS",
    "KINDS",
    "PARQUET_MAGIC",
    "ROW_GROUP_SIZE",
    "SCHEMA_VERSION",
    "Format",
    "FormatError",
    "Kind",
    "MissingExtraError",
    "Writer",
    "arrow_schema",
    "format_of_path",
    "game_record",
    "open_writer",
    "read_records",
    "sniff",
]

Format = Literal["jsonl", "parquet"]
Kind = Literal["score", "analyze", "games"]
FORMATS: tuple[Format, ...] = get_args(Format)
KINDS: tuple[Kind, ...] = get_args(Kind)

#: The version of the Parquet schemas, in each file's metadata (``fanshu.schema``): 2
#: added the value columns of ``analyze`` (``by``, ``rules``, ``best``, ``value``, ``claims``
#: and the value fields of each discard); 3 the ``wildcard`` column of ``analyze`` and of
#: ``games`` (the kind wild in the hand, 百搭 / 赖子).
SCHEMA_VERSION = 3
#: Records per Parquet row group (and the most a writer holds before writing).
ROW_GROUP_SIZE = 10_000
#: The first (and last) four bytes of a Parquet file.
PARQUET_MAGIC = b"PAR1"
PARQUET_HINT = "Parquet needs pyarrow: pip install 'fanshu[parquet]'"

#: The keys of a score output object that have their own column; any other key of a
#: rule set's result goes to the ``extra`` column as a JSON object.
_SCORE_KEYS = ("id", "rules", "total", "fans", "multiplier", "error")
_SHAPES = ("regular", "seven_pairs", "thirteen_orphans", "honors_knitted", "knitted_straight")
_ANALYZE_LISTS = ("useful", "useful_count", "waits")
#: The keys a discard or claim has under ``by="value"`` (``Value.to_dict``).
_VALUE_KEYS = frozenset(
    {
        "p_win",
        "p_minimum",
        "expected_gain",
        "expected_points",
        "points",
        "fans",
        "targets",
        "danger",
        "samples",
        "why",
        "why_zh",
    }
)


class FormatError(FanshuError):
    """A file or record that cannot be written or read in the format asked for."""

    code = "bad_format"


class MissingExtraError(FormatError):
    """An optional dependency (pyarrow) is not installed; the message says how."""

    code = "missing_extra"


# -- pyarrow, loaded only for Parquet ------------------------------------------------------


def _pyarrow() -> tuple[ModuleType, ModuleType]:
    try:
        import pyarrow
        import pyarrow.parquet
    except ImportError:
        raise MissingExtraError(PARQUET_HINT) from None
    return pyarrow, pyarrow.parquet


def arrow_schema(kind: Kind) -> Any:
    """The ``pyarrow.Schema`` of a Parquet file of ``kind`` (docs/results-schema.md)."""
    if kind not in KINDS:
        raise FormatError(f"kind is one of {', '.join(KINDS)}, not {kind!r}")
    return _schemas()[kind]


@lru_cache(maxsize=1)  # one value: the schemas, read once
def _schemas() -> dict[str, Any]:
    pa, _ = _pyarrow()
    i32, i64, s = pa.int32(), pa.int64(), pa.string()

    def list_of(item: Any) -> Any:  # named "element" as Parquet names it, so read = written
        return pa.list_(pa.field("element", item))

    fan = pa.struct([("name", s), ("name_en", s), ("value", i32), ("count", i32)])
    meta = {
        b"fanshu.schema": str(SCHEMA_VERSION).encode(),
    }
    score = pa.schema(
        [
            ("id", s),
            ("rules", s),
            ("total", i32),
            ("multiplier", i64),
            ("fans", list_of(fan)),
            ("error_code", s),
            ("error_message", s),
            ("extra", s),
        ],
        metadata={**meta, b"fanshu.kind": b"score"},
    )
    wait = pa.struct(
        [
            ("tile", s),
            ("remaining", i32),
            ("fan_discard", i32),
            ("fan_self_drawn", i32),
            ("under_minimum_discard", pa.bool_()),
            ("under_minimum_self_drawn", pa.bool_()),
            ("last_tile", pa.bool_()),
        ]
    )
    f64 = pa.float64()
    share = pa.struct([("points", i32), ("p", f64)])  # a [points, probability] pair
    fan_share = pa.struct([("fan", i32), ("p", f64)])
    target = pa.struct([("name", s), ("name_en", s), ("value", i32), ("share", f64)])
    danger = pa.struct([("p_deal_in", f64), ("expected_loss", f64), ("by_opponent", list_of(f64))])
    # what a choice is worth (by="value"): every field null under by="efficiency"
    value_fields = [
        ("p_win", f64),
        ("p_minimum", f64),
        ("expected_gain", f64),
        ("expected_points", f64),
        ("points", list_of(share)),
        ("fans", list_of(fan_share)),
        ("targets", list_of(target)),
        ("danger", danger),
        ("samples", i32),
        ("why", s),
        ("why_zh", s),
    ]
    discard = pa.struct(
        [("tile", s), ("shanten", i32), ("useful", s), ("useful_count", i32), *value_fields]
    )
    claim = pa.struct(
        [
            ("action", s),
            ("then_discard", s),
            ("shanten", i32),
            ("useful_count", i32),
            *value_fields,
        ]
    )
    analyze = pa.schema(
        [
            ("id", s),
            ("shanten", i32),
            *((f"shanten_{shape}", i32) for shape in _SHAPES),
            ("by", s),
            ("rules", s),
            ("best", s),
            ("useful", s),
            ("useful_count", i32),
            ("waits", list_of(wait)),
            ("value", pa.struct(value_fields)),
            ("discards", list_of(discard)),
            ("claims", list_of(claim)),
            ("wildcard", s),
            ("error_code", s),
            ("error_message", s),
        ],
        metadata={**meta, b"fanshu.kind": b"analyze"},
    )
    win = pa.struct([("seat", i32), ("source", i32), ("tile", s), ("hand", s), ("total", i32)])
    game_fan = pa.struct(
        [("seat", i32), ("name", s), ("name_en", s), ("value", i32), ("count", i32)]
    )
    games = pa.schema(
        [
            ("game", i64),
            ("rules", s),
            ("seed", i64),
            ("seats", i32),
            ("dealer", i32),
            ("prevalent_wind", i32),
            ("players", list_of(s)),
            ("result", s),
            ("winners", list_of(i32)),
            ("scores", list_of(i64)),
            ("wins", list_of(win)),
            ("fans", list_of(game_fan)),
            ("false_wins", list_of(i32)),
            ("event_count", i32),
            ("turns", i32),
            ("decisions", i32),
            ("wall_left", i32),
            ("options", s),
            ("config", s),
            ("wildcard", s),
        ],
        metadata={**meta, b"fanshu.kind": b"games"},
    )
    return {"score": score, "analyze": analyze, "games": games}


# -- records as rows -----------------------------------------------------------------------


def _id_text(value: Any) -> str | None:
    """A record's ``id`` as the Parquet column holds it: a string as is, null as null,
    anything else JSON-encoded (``7`` → ``"7"``, ``[1, 2]`` → ``"[1, 2]"``)."""
    if value is None or isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)


def _error(record: Mapping[str, Any]) -> tuple[str | None, str | None]:
    error = record.get("error")
    if isinstance(error, Mapping):
        code, message = error.get("code"), error.get("message")
        return (None if code is None else str(code)), (None if message is None else str(message))
    return None, None


def _fan_row(fan: Mapping[str, Any]) -> dict[str, Any]:
    return {k: fan.get(k) for k in ("name", "name_en", "value", "count")}


def _score_row(record: Mapping[str, Any], rules: str | None) -> dict[str, Any]:
    code, message = _error(record)
    extra = {k: v for k, v in record.items() if k not in _SCORE_KEYS}
    fans = record.get("fans")
    rules_value = record.get("rules", rules)
    return {
        "id": _id_text(record.get("id")),
        "rules": rules_value if isinstance(rules_value, str) else None,
        "total": record.get("total"),
        "multiplier": record.get("multiplier"),
        "fans": None if fans is None else [_fan_row(f) for f in fans],
        "error_code": code,
        "error_message": message,
        "extra": json.dumps(extra, ensure_ascii=False) if extra else None,
    }


def _score_record(row: Mapping[str, Any]) -> dict[str, Any]:
    """A Parquet score row as the JSON Lines object (``rules`` added when known)."""
    out: dict[str, Any] = {"id": row["id"]}
    if row.get("rules") is not None:
        out["rules"] = row["rules"]
    if row.get("error_code") is not None:
        out["error"] = {"code": row["error_code"], "message": row.get("error_message")}
        return out
    out["total"] = row.get("total")
    out["fans"] = row.get("fans") or []
    out["multiplier"] = row.get("multiplier")
    if row.get("extra"):
        out.update(json.loads(row["extra"]))
    out["error"] = None
    return out


def _analyze_row(record: Mapping[str, Any]) -> dict[str, Any]:
    code, message = _error(record)
    by_shape = record.get("shanten_by_shape")
    shapes = by_shape if isinstance(by_shape, Mapping) else {}
    return {
        "id": _id_text(record.get("id")),
        "shanten": record.get("shanten"),
        **{f"shanten_{shape}": shapes.get(shape) for shape in _SHAPES},
        "by": record.get("by"),
        "rules": record.get("rules"),
        "best": record.get("best"),
        "useful": record.get("useful"),
        "useful_count": record.get("useful_count"),
        "waits": record.get("waits"),
        "value": _value_row(record.get("value")),
        "discards": _choice_rows(record.get("discards")),
        "claims": _choice_rows(record.get("claims")),
        "wildcard": record.get("wildcard"),
        "error_code": code,
        "error_message": message,
    }


# The value of a choice holds its distributions as [points, p] pairs in JSON, which
# Parquet keeps as structs; the rows below convert one way and the records the other.
_PAIRS = {"points": "points", "fans": "fan"}


def _value_row(value: Any) -> dict[str, Any] | None:
    if not isinstance(value, Mapping):
        return None
    out = dict(value)
    for key, name in _PAIRS.items():
        if isinstance(value.get(key), list):
            out[key] = [{name: k, "p": p} for k, p in value[key]]
    return out


def _choice_rows(choices: Any) -> list[dict[str, Any]] | None:
    if not isinstance(choices, list):
        return None
    rows = []
    for c in choices:
        row = _value_row(c)
        rows.append(row if row is not None else c)
    return rows


def _value_record(row: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(row)
    for key, name in _PAIRS.items():
        if isinstance(row.get(key), list):
            out[key] = [[pair[name], pair["p"]] for pair in row[key]]
    return out


def _choice_record(row: Mapping[str, Any]) -> dict[str, Any]:
    """A discard or claim row as its JSON object: without the value fields when it has
    none (``by="efficiency"``)."""
    if row.get("p_win") is None:
        return {k: v for k, v in row.items() if k not in _VALUE_KEYS}
    return _value_record(row)


def _analyze_record(row: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"id": row["id"]}
    if row.get("error_code") is not None:
        out["error"] = {"code": row["error_code"], "message": row.get("error_message")}
        return out
    out["shanten"] = row.get("shanten")
    out["shanten_by_shape"] = {shape: row.get(f"shanten_{shape}") for shape in _SHAPES}
    for key in ("by", "rules", "best"):
        if key in row:  # a version 1 file has no value columns
            out[key] = row[key]
    for key in _ANALYZE_LISTS:
        if row.get(key) is not None:
            out[key] = row[key]
    if "value" in row and row.get("useful_count") is not None:  # 13 tiles: its own value
        value = row.get("value")
        out["value"] = None if value is None else _value_record(value)
    for key in ("discards", "claims"):
        if row.get(key) is not None:
            out[key] = [_choice_record(c) for c in row[key]]
    if row.get("wildcard") is not None:  # a hand analysed with a wild kind
        out["wildcard"] = row["wildcard"]
    out["error"] = None
    return out


@lru_cache(maxsize=32)  # one entry a rule set (about ten), a few KiB each
def _english(rules: str) -> dict[str, str]:
    """Chinese fan name → English name under ``rules`` (empty for unknown rules)."""
    from fanshu.rules import get_rules

    try:
        return {f.name_zh: f.name_en for f in get_rules(rules).fans}
    except FanshuError:
        return {}


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _ints(value: Any) -> list[int]:
    return [v for v in value if _int(v) is not None] if isinstance(value, list) else []


def game_record(
    events: Sequence[Mapping[str, Any]],
    *,
    game: int | None = None,
    players: Sequence[str] | None = None,
) -> dict[str, Any]:
    """One game as a record of the ``games`` kind, from its events (``Game.events`` or
    a logged game's events): ``game`` (its index: the argument, else the events'
    ``game`` field, else 0), the start event's ``rules``, ``seed``, ``seats``,
    ``dealer``, ``prevalent_wind``, ``options`` and ``config``; ``players`` (the
    bots, one per seat: the argument, else the start event's ``players`` if it names
    them, else None); the end's ``result`` (``"win"``/``"drawn"``, None for a game
    without an end), ``winners``, ``scores`` and ``wall_left``; ``wins`` (per ``win``
    event: ``seat``, ``source`` — the discarder, None when self-drawn —, ``tile``,
    ``hand``, ``total``); ``fans`` (every fan of every win: ``seat``, ``name``,
    ``name_en``, ``value``, ``count``); ``false_wins`` (the seats of MCR 错和);
    ``event_count``, ``turns`` (front draws and claims), ``decisions`` (``act``
    events) and ``wildcard`` (the kind the ``wildcard`` event named wild, else None)."""
    start: Mapping[str, Any] = events[0] if events and events[0].get("type") == "start" else {}
    if game is None:
        game = _int(events[0].get("game")) if events else None
    rules = start.get("rules")
    rules = rules if isinstance(rules, str) else None
    english = _english(rules) if rules else {}
    if players is None:
        logged = start.get("players")
        if isinstance(logged, list) and all(isinstance(p, str) for p in logged):
            players = logged
    record: dict[str, Any] = {
        "game": game or 0,
        "rules": rules,
        "seed": _int(start.get("seed")),
        "seats": _int(start.get("seats")),
        "dealer": _int(start.get("dealer")),
        "prevalent_wind": _int(start.get("prevalent_wind")),
        "players": None if players is None else list(players),
        "result": None,
        "winners": [],
        "scores": [],
        "wins": [],
        "fans": [],
        "false_wins": [],
        "event_count": len(events),
        "turns": 0,
        "decisions": 0,
        "wall_left": None,
        "options": start.get("options"),
        "config": start.get("config"),
        "wildcard": None,
    }
    turns = decisions = 0
    for e in events:
        kind = e.get("type")
        if kind == "act":
            decisions += 1
        elif starts_turn(e):
            turns += 1
        elif kind == "win":
            seat = _int(e.get("seat"))
            record["wins"].append(
                {
                    "seat": seat,
                    "source": _int(e.get("source")),
                    "tile": e.get("tile"),
                    "hand": e.get("hand"),
                    "total": _int(e.get("total")),
                }
            )
            for f in e.get("fans") or ():
                if isinstance(f, list) and len(f) == 3 and isinstance(f[0], str):
                    record["fans"].append(
                        {
                            "seat": seat,
                            "name": f[0],
                            "name_en": english.get(f[0]),
                            "value": _int(f[1]),
                            "count": _int(f[2]),
                        }
                    )
        elif kind == "wildcard":
            tile = e.get("tile")
            record["wildcard"] = tile if isinstance(tile, str) else None
        elif kind == "false_win":
            seat = _int(e.get("seat"))
            if seat is not None:
                record["false_wins"].append(seat)
        elif kind == "end":
            result = e.get("result")
            record["result"] = result if isinstance(result, str) else None
            record["winners"] = _ints(e.get("winners"))
            record["scores"] = _ints(e.get("scores"))
            record["wall_left"] = _int(e.get("wall_left"))
    record["turns"] = turns
    record["decisions"] = decisions
    return record


_INT64 = (-(2**63), 2**63 - 1)


def _games_row(record: Mapping[str, Any]) -> dict[str, Any]:
    if isinstance(record.get("events"), list):
        record = game_record(
            record["events"], game=_int(record.get("game")), players=record.get("players")
        )
    row = {k: record.get(k) for k in _GAME_COLUMNS}
    seed = row["seed"]
    if isinstance(seed, int) and not _INT64[0] <= seed <= _INT64[1]:
        raise FormatError(f"game {row['game']}: seed {seed} does not fit a 64-bit integer")
    for key in ("options", "config"):
        if row[key] is not None:
            row[key] = json.dumps(row[key], ensure_ascii=False, sort_keys=True)
    return row


def _games_record(row: Mapping[str, Any]) -> dict[str, Any]:
    out = dict(row)
    for key in ("options", "config"):
        if out.get(key) is not None:
            out[key] = json.loads(out[key])
    return out


_GAME_COLUMNS = (
    "game", "rules", "seed", "seats", "dealer", "prevalent_wind", "players", "result",
    "winners", "scores", "wins", "fans", "false_wins", "event_count", "turns",
    "decisions", "wall_left", "options", "config", "wildcard",
)  # fmt: skip


# -- writers -----------------------------------------------------------------------------


class Writer:
    """Writes records of one kind to one file; use as a context manager or call
    :meth:`close`.  ``count`` is the number of records written."""

    kind: Kind
    fmt: Format

    def __init__(self) -> None:
        self.count = 0
        self.closed = False

    def write(self, record: Mapping[str, Any], *, rules: str | None = None) -> None:
        """Write one record.  ``rules`` (score records only, Parquet only) names the
        record's rule set for the ``rules`` column when the record has no ``rules``
        key; JSON Lines writes the record exactly as given."""
        if self.closed:
            raise FormatError("write to a closed writer")
        self._write(record, rules)
        self.count += 1

    def write_all(self, records: Iterable[Mapping[str, Any]]) -> int:
        """Write each record; return how many."""
        n = 0
        for record in records:
            self.write(record)
            n += 1
        return n

    def write_jsonl(
        self,
        text: str,
        *,
        rules: str | Sequence[str | None] | None = None,
        players: Sequence[str] | None = None,
    ) -> int:
        """Write JSON Lines text as this kind's records; return how many records.  The
        text is what the CLI writes (a shard's output): score or analyze output lines, or
        a game log's lines of whole games.  ``rules`` (score): one rule set for every
        line, or one per non-blank line; ``players`` (games): the bot in each seat.  A
        JSON Lines writer writes the same bytes; a Parquet writer parses them."""
        lines = [line for line in text.split("\n") if line.strip()]  # "\n" only: see lines.py
        if self.kind == "games":
            n = 0
            try:
                for log in iter_games(lines):
                    self.write({"game": log.index, "events": log.events, "players": players})
                    n += 1
            except FormatError:
                raise
            except FanshuError as e:  # LogError
                raise FormatError(e.message) from None
            return n
        each = None if rules is None or isinstance(rules, str) else list(rules)
        if each is not None and len(each) != len(lines):
            raise FormatError(f"{len(each)} rule sets for {len(lines)} lines")
        for i, line in enumerate(lines):
            try:
                record = json.loads(line)
            except ValueError as e:
                raise FormatError(f"line {i + 1} of the text: not JSON ({e})") from None
            if not isinstance(record, dict):
                raise FormatError(f"line {i + 1} of the text: a record is a JSON object")
            self.write(record, rules=each[i] if each is not None else cast("str | None", rules))
        return len(lines)

    def copy_records(self, path: str | Path) -> int:
        """Write every record of the file ``path`` (of this format and kind, as this
        writer writes them) and return how many: the start of a resumed output."""
        raise FormatError(f"{self.fmt} records are not copied; only Parquet outputs are")

    def close(self) -> None:
        """Finish the file (a Parquet file's last row group and footer); idempotent."""
        if not self.closed:
            self.closed = True
            self._close()

    def __enter__(self) -> Writer:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def _write(self, record: Mapping[str, Any], rules: str | None) -> None:
        raise NotImplementedError

    def _close(self) -> None:
        raise NotImplementedError


class _JsonlWriter(Writer):
    fmt: Format = "jsonl"

    def __init__(self, out: IO[str], owned: bool, kind: Kind) -> None:
        super().__init__()
        self.kind = kind
        self.out = out
        self.owned = owned

    def write_jsonl(
        self,
        text: str,
        *,
        rules: str | Sequence[str | None] | None = None,
        players: Sequence[str] | None = None,
    ) -> int:
        if self.kind == "games":  # checked and rewritten: the same bytes for a valid log
            return super().write_jsonl(text, rules=rules, players=players)
        if self.closed:
            raise FormatError("write to a closed writer")
        lines = [line for line in text.split("\n") if line.strip()]  # "\n" only: see lines.py
        self.out.write("".join(line + "\n" for line in lines))
        self.count += len(lines)
        return len(lines)

    def _write(self, record: Mapping[str, Any], rules: str | None) -> None:
        if self.kind == "games":
            events = record.get("events")
            if not isinstance(events, list):
                raise FormatError(
                    "a JSON Lines game log is written from each game's events: "
                    'write {"game": k, "events": game.events}'
                )
            game = _int(record.get("game"))
            for line in game_lines(events, game=self.count if game is None else game):
                self.out.write(line + "\n")
            return
        self.out.write(json.dumps(record, ensure_ascii=False) + "\n")

    def _close(self) -> None:
        if self.owned:
            self.out.close()
        else:
            self.out.flush()


class _ParquetWriter(Writer):
    fmt: Format = "parquet"

    def __init__(
        self,
        out: str | Path | IO[bytes],
        kind: Kind,
        rules: str | None,
        row_group_size: int,
    ) -> None:
        super().__init__()
        pa, pq = _pyarrow()
        self.kind = kind
        self.rules = rules
        self.schema = arrow_schema(kind)
        self.row_group_size = max(1, row_group_size)
        self.rows: list[dict[str, Any]] = []  # the row group being gathered
        self.appended = 0  # rows gathered so far, written or not
        self._pa = pa
        target = str(out) if isinstance(out, Path) else out
        try:
            self.writer = pq.ParquetWriter(target, self.schema, compression="zstd")
        except OSError as e:
            raise FormatError(f"cannot write {out}: {e}") from None

    def _write(self, record: Mapping[str, Any], rules: str | None) -> None:
        if self.kind == "score":
            row = _score_row(record, rules or self.rules)
        elif self.kind == "analyze":
            row = _analyze_row(record)
        else:
            row = _games_row(record)
        self.rows.append(row)
        self.appended += 1
        if len(self.rows) >= self.row_group_size:
            self._flush()

    def _flush(self) -> None:
        if not self.rows:
            return
        rows, self.rows = self.rows, []
        errors = (self._pa.ArrowInvalid, self._pa.ArrowTypeError, OverflowError)
        try:
            table = self._pa.Table.from_pylist(rows, schema=self.schema)
        except errors:
            # find the records that do not fit, write the others, name the first
            good, bad = [], []
            for i, row in enumerate(rows):
                try:
                    self._pa.Table.from_pylist([row], schema=self.schema)
                except errors as e:
                    bad.append((i, e))
                else:
                    good.append(row)
            if good:
                table = self._pa.Table.from_pylist(good, schema=self.schema)
                self.writer.write_table(table, row_group_size=table.num_rows)
            first = self.appended - len(rows) + bad[0][0] if bad else None
            raise FormatError(
                f"{self.kind} record {first} (from 0) does not fit its Parquet schema: "
                f"{bad[0][1] if bad else '?'}; {len(bad)} record(s) not written"
            ) from None
        self.writer.write_table(table, row_group_size=table.num_rows)

    def copy_records(self, path: str | Path) -> int:
        _, pq = _pyarrow()
        try:
            source = pq.ParquetFile(str(path))
            schema = source.schema_arrow
        except Exception as e:  # pyarrow's own errors for a missing or broken file
            raise FormatError(f"{path}: not a readable Parquet file ({e})") from None
        if not schema.remove_metadata().equals(self.schema.remove_metadata()):
            raise FormatError(f"{path} does not hold fanshu's {self.kind} records")
        self._flush()
        n = 0
        for batch in source.iter_batches(batch_size=self.row_group_size):
            self.writer.write_batch(batch, row_group_size=batch.num_rows)
            n += batch.num_rows
        self.count += n
        self.appended += n
        return n

    def _close(self) -> None:
        try:
            self._flush()
        finally:
            self.writer.close()


def open_writer(
    path: str | Path | IO[Any],
    fmt: Format = "jsonl",
    kind: Kind = "score",
    *,
    rules: str | None = None,
    row_group_size: int = ROW_GROUP_SIZE,
) -> Writer:
    """A writer of ``kind`` records (``"score"``, ``"analyze"``, ``"games"``) to ``path``
    (a file name, or an open file: text for JSON Lines, binary for Parquet, left open)
    in ``fmt`` (``"jsonl"`` or ``"parquet"``).

    ``rules``: the rule set of score records that do not say (Parquet's ``rules``
    column; a ``write(record, rules=...)`` names one record's).  ``row_group_size``:
    Parquet records per row group.  ``MissingExtraError`` when Parquet is asked for and
    pyarrow is not installed; ``FormatError`` for an unknown format or kind.

    Games are written from their events: ``write({"game": k, "events": game.events,
    "players": names})`` gives the log lines of ``fanshu.engine.log`` in JSON Lines
    and one summary row (:func:`game_record`) in Parquet; a Parquet writer also takes
    the summary records themselves (:func:`read_records` of another file).
    """
    if fmt not in FORMATS:
        raise FormatError(f"format is one of {', '.join(FORMATS)}, not {fmt!r}")
    if kind not in KINDS:
        raise FormatError(f"kind is one of {', '.join(KINDS)}, not {kind!r}")
    if fmt == "parquet":
        return _ParquetWriter(cast("str | Path | IO[bytes]", path), kind, rules, row_group_size)
    if isinstance(path, str | Path):
        try:
            f = open(path, "w", encoding="utf-8", newline="\n")  # noqa: SIM115
        except OSError as e:
            raise FormatError(f"cannot write {path}: {e.strerror or e}") from None
        return _JsonlWriter(f, True, kind)
    return _JsonlWriter(cast("IO[str]", path), False, kind)


# -- reading -----------------------------------------------------------------------------


def format_of_path(path: str | Path) -> Format:
    """The format a file name asks for: ``.parquet``/``.pq`` is Parquet, anything else
    JSON Lines (for choosing the output format from ``--out`` when none is given)."""
    return "parquet" if Path(path).suffix.lower() in (".parquet", ".pq") else "jsonl"


def _is_event(obj: object) -> bool:
    return isinstance(obj, dict) and all(k in obj for k in (*META, "type"))


def _first_objects(path: Path, limit: int) -> Iterator[tuple[int, Any]]:
    with open(path, encoding="utf-8-sig", errors="replace") as f:
        for lineno, line in enumerate(f, start=1):
            if lineno > limit:
                return
            if line.strip():
                try:
                    yield lineno, json.loads(line)
                except ValueError as e:
                    raise FormatError(f"{path}, line {lineno}: not JSON ({e})") from None


def sniff(path: str | Path) -> tuple[Format, Kind]:
    """A results file's format (by its first bytes: ``PAR1`` is Parquet) and kind (from
    a Parquet file's metadata, or from the first JSON Lines records: log events are
    ``games``, objects with ``shanten`` are ``analyze``, with ``total`` ``score``; error
    objects, which either may hold, are passed over, and a file of nothing else is
    ``score``).  Any other object — the per-game reports of ``fanshu replay --out``, the
    input lines of a batch — is refused, saying what it is."""
    path = Path(path)
    try:
        with open(path, "rb") as f:
            magic = f.read(4)
    except OSError as e:
        raise FormatError(f"cannot read {path}: {e.strerror or e}") from None
    if magic == PARQUET_MAGIC:
        _, pq = _pyarrow()
        try:
            schema = pq.read_schema(str(path))
        except Exception as e:  # pyarrow raises its own errors for a broken file
            raise FormatError(f"{path}: not a readable Parquet file ({e})") from None
        return "parquet", _parquet_kind(schema, path)
    for lineno, obj in _first_objects(path, 1000):
        if _is_event(obj):
            return "jsonl", "games"
        if isinstance(obj, dict) and "shanten" in obj:
            return "jsonl", "analyze"
        if isinstance(obj, dict) and "total" in obj:
            return "jsonl", "score"
        if isinstance(obj, dict) and "error" in obj:
            continue
        raise FormatError(f"{path}, line {lineno}: {_not_results(obj)}")
    return "jsonl", "score"


def _not_results(obj: object) -> str:
    """Why a JSON Lines object is none of the results fanshu reads."""
    reads = "fanshu reads score results, analyses and game logs"
    if isinstance(obj, dict) and {"game", "checked", "mismatch"} <= set(obj):
        return f"a replay report (fanshu replay --out); {reads}: give the log that was replayed"
    if isinstance(obj, dict) and "hand" in obj:
        return f"a hand to score (a --batch input line), not a result; {reads}"
    return "not a score result (it has no total), an analysis (no shanten) or a log event"


def _parquet_kind(schema: Any, path: Path) -> Kind:
    meta = schema.metadata or {}
    kind = meta.get(b"fanshu.kind", b"").decode()
    if kind in KINDS:
        return cast(Kind, kind)
    names = set(schema.names)
    for k in KINDS:
        if set(arrow_schema(k).names) <= names:
            return k
    raise FormatError(f"{path}: a Parquet file, but not one of fanshu's results")


def read_records(path: str | Path, *, batch_size: int = ROW_GROUP_SIZE) -> Iterator[dict[str, Any]]:
    """The records of a results file, JSON Lines or Parquet (told apart by their first
    bytes), one at a time.

    JSON Lines gives each line's object; a game log (lines of ``fanshu.engine.log``)
    gives one record per game: :func:`game_record` of its events, plus ``events`` (the
    game's events, so that a games writer can write the log again).  Parquet gives each
    row as its JSON Lines object: score and analyze rows as the batch output objects
    (``id`` as a string; score rows with a ``rules`` key when the file names it), game
    rows as :func:`game_record` (without ``events``).  ``FormatError`` for a file that
    is neither, naming the line."""
    path = Path(path)
    fmt, kind = sniff(path)
    if fmt == "parquet":
        yield from _read_parquet(path, kind, batch_size)
    elif kind == "games":
        yield from _read_log(path)
    else:
        yield from _read_jsonl(path)


def _read_parquet(path: Path, kind: Kind, batch_size: int) -> Iterator[dict[str, Any]]:
    _, pq = _pyarrow()
    convert = {"score": _score_record, "analyze": _analyze_record, "games": _games_record}[kind]
    pf = pq.ParquetFile(str(path))
    try:
        for batch in pf.iter_batches(batch_size=batch_size):
            for row in batch.to_pylist():
                yield convert(row)
    finally:
        pf.close()


def _read_log(path: Path) -> Iterator[dict[str, Any]]:
    with open(path, "rb") as f:
        try:
            for log in iter_games(f):
                record = game_record(log.events, game=log.index)
                record["events"] = log.events
                yield record
        except FanshuError as e:  # LogError: a line that is not an event
            raise FormatError(f"{path}: {e.message}") from None


def _read_jsonl(path: Path) -> Iterator[dict[str, Any]]:
    with open(path, encoding="utf-8-sig", errors="replace") as f:
        for lineno, line in enumerate(f, start=1):
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
            except (ValueError, RecursionError) as e:
                raise FormatError(f"{path}, line {lineno}: not JSON ({e})") from None
            if not isinstance(obj, dict):
                raise FormatError(f"{path}, line {lineno}: a record is a JSON object")
            yield obj
