"""Export and import a match or a tournament as JSON or CSV.

JSON is ``Match.to_dict(scale)`` / ``Tournament.to_dict()`` as text; a match keeps its
table-point scale in ``scale`` (files written before it was kept read as the scale their
table points show, else 4/2/1/0).  CSV is one flat table
that spreadsheets open, one row per record, with the columns of :data:`CSV_COLUMNS`:

- ``record`` says what the row is: ``tournament`` (id in ``tournament_id``, name in
  ``reason``, number of sessions in ``number``, table-point scale in ``points`` as
  ``4/2/1/0``), ``player`` (one per tournament player, in ``player``), ``seating`` (a table
  of a session: ``session``, ``table`` and the players in ``east``..``north``), ``match``
  (a score sheet starts: ``match_id`` and its players in drawn seat order; in a match
  CSV also the table-point scale in ``points``, ``4/2/1/0`` when the column is empty, as in
  files written before it was kept), ``totals`` (a
  tournament table's typed match scores in ``delta_east``..``delta_north``, in ``reason``
  their source, ``typed`` or ``corrected`` (``typed`` when empty, as in files written
  before it was kept), in ``points`` the referee's penalties deducted in them, in seat
  order as ``0/0/10/0`` (empty: none)), or a sheet row ``win`` / ``draw`` / ``false_win`` /
  ``penalty``;
- on sheet rows ``delta_east``..``delta_north`` are that row's score changes for the
  players in ``east``..``north`` (checked on import), ``fans`` the fan breakdown as JSON;
  ``fourth_tile``, ``kong`` and ``wall_last`` are ``true`` on a win scored from its hand
  with that win context (和绝张, 杠上开花/抢杠和, 妙手回春/海底捞月), else empty (files
  written before these columns read as false).

Importing re-settles every row by the rules, so an exported file imported again gives
the same sheet and the same standings, and a file whose numbers were edited is refused.

>>> from fanshu.match.sheet import Match
>>> m = Match("ABCD", id="m1")
>>> _ = m.record_win("C", discarder="A", fan=12, flowers=1)
>>> match_from_csv(match_to_csv(m)).to_dict() == m.to_dict()
True
>>> match_from_json(match_to_json(m)).totals()
{'A': -20, 'B': -8, 'C': 36, 'D': -8}
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from fanshu.i18n import msg
from fanshu.match.results import WIN_CONTEXT
from fanshu.match.rule_sheet import sheet_from_dict
from fanshu.match.sheet import SCALE_48, SCALE_STANDARD, HandRecord, Match, rank_table_points
from fanshu.match.tournament import Tournament
from fanshu.rules.mcr.settlement import MatchError

__all__ = [
    "CSV_COLUMNS",
    "match_from_csv",
    "match_from_json",
    "match_scale_from_csv",
    "match_scale_from_json",
    "match_to_csv",
    "match_to_json",
    "tournament_from_csv",
    "tournament_from_json",
    "tournament_to_csv",
    "tournament_to_json",
]

SEAT_COLUMNS = ("east", "south", "west", "north")
DELTA_COLUMNS = ("delta_east", "delta_south", "delta_west", "delta_north")
CSV_COLUMNS: tuple[str, ...] = (
    "record",
    "tournament_id",
    "session",
    "table",
    "match_id",
    *SEAT_COLUMNS,
    "number",
    "winner",
    "discarder",
    "fan",
    "flowers",
    "hand",
    *WIN_CONTEXT,
    "offender",
    "false_win",
    "player",
    "points",
    "reason",
    "fans",
    *DELTA_COLUMNS,
)
_SHEET_ROWS = ("win", "draw", "false_win", "penalty")


# -- JSON ---------------------------------------------------------------------------------


def match_to_json(
    match: Match, scale: Sequence[int] = SCALE_STANDARD, *, indent: int | None = 2
) -> str:
    """The match as JSON (``Match.to_dict(scale)``: the table-point ``scale`` is kept, so
    that an unfinished match, whose table points are still null, keeps it too)."""
    _check_scale(match, scale)
    return json.dumps(match.to_dict(scale), ensure_ascii=False, indent=indent)


def match_from_json(text: str) -> Match:
    """Read a match written by :func:`match_to_json`."""
    return match_scale_from_json(text)[0]


def match_scale_from_json(text: str) -> tuple[Match, tuple[int, ...]]:
    """Read a match written by :func:`match_to_json` and its table-point scale: the
    ``scale`` key (checked against the table points of a complete match); in files written
    before it was kept, the scale the table points were computed with (4/2/1/0 or
    48/24/12/0: known only once the 16 hands are in), else 4/2/1/0.

    >>> m = Match("ABCD", id="m3")
    >>> _ = m.record_win("C", discarder="A", fan=12)
    >>> match_scale_from_json(match_to_json(m, (48, 24, 12, 0)))[1]
    (48, 24, 12, 0)
    """
    data = _load_json(text, "match")
    match = sheet_from_dict(data)
    raw = data.get("scale")
    if raw is None:
        return match, _scale_from_points(data, match) or SCALE_STANDARD
    if not isinstance(raw, list):
        raise MatchError(
            msg("a bad scale {raw!r}: a list of four numbers, e.g. [48, 24, 12, 0]", raw=raw)
        )
    scale = tuple(raw)
    _check_scale(match, scale)
    stored = _table_points(data)
    expected = match.table_points(scale)
    if expected is not None and stored is not None and stored != expected:
        raise MatchError(
            msg(
                "the table points {stored} are not those of the scale {raw}: {expected}",
                stored=stored,
                raw=raw,
                expected=expected,
            )
        )
    return match, scale


def _table_points(data: Mapping[str, Any]) -> dict[str, Any] | None:
    """The ``table_points`` of each player as written in a JSON match (None if unreadable
    or still null)."""
    try:
        stored = {p["name"]: p["table_points"] for p in data["players"]}
    except (KeyError, TypeError):
        return None
    return None if any(v is None for v in stored.values()) else stored


def _scale_from_points(data: Mapping[str, Any], match: Match) -> tuple[int, ...] | None:
    """The known scale (4/2/1/0, 48/24/12/0) that gives the table points written in
    ``data``; None when they do not tell (an unfinished match, an unknown scale)."""
    stored = _table_points(data)
    if stored is None or not match.is_complete:
        return None
    for scale in (SCALE_STANDARD, SCALE_48):
        if match.table_points(scale) == stored:
            return scale
    return None


def tournament_to_json(tournament: Tournament, *, indent: int | None = 2) -> str:
    """The tournament as JSON (``Tournament.to_dict()``, standings included)."""
    return json.dumps(tournament.to_dict(), ensure_ascii=False, indent=indent)


def tournament_from_json(text: str) -> Tournament:
    """Read a tournament written by :func:`tournament_to_json`."""
    return Tournament.from_dict(_load_json(text, "tournament"))


def _load_json(text: str, what: str) -> Mapping[str, Any]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise MatchError(msg("not a JSON {what}: {exc}", what=what, exc=exc)) from None
    if not isinstance(data, dict):
        raise MatchError(
            msg(
                "a JSON {what} is an object, not {type_name}",
                what=what,
                type_name=type(data).__name__,
            )
        )
    return data


# -- CSV: writing -------------------------------------------------------------------------


def _row(**values: Any) -> dict[str, str]:
    out = dict.fromkeys(CSV_COLUMNS, "")
    for k, v in values.items():
        out[k] = "" if v is None else str(v)
    return out


def _scale_text(scale: Sequence[int]) -> str:
    return "/".join(str(v) for v in scale)


def _match_rows(
    match: Match, scale: Sequence[int] | None = None, **where: Any
) -> list[dict[str, str]]:
    seats = dict(zip(SEAT_COLUMNS, match.players, strict=True))
    points = None if scale is None else _scale_text(scale)
    rows = [_row(record="match", match_id=match.id, **where, **seats, points=points)]
    for r in match.records:
        deltas = r.deltas
        pen = r.penalties[0] if r.penalties else None
        rows.append(
            _row(
                record=r.kind,
                match_id=match.id,
                **where,
                **seats,
                number=r.number,
                winner=r.winner,
                discarder=r.discarder,
                fan=r.fan,
                flowers=r.flowers,
                hand=r.hand,
                **{name: "true" if getattr(r, name) else None for name in WIN_CONTEXT},
                offender=r.offender,
                false_win=r.false_win,
                player=pen.player if pen else None,
                points=pen.points if pen else None,
                reason=pen.reason if pen else None,
                fans=None if r.fans is None else json.dumps(list(r.fans), ensure_ascii=False),
                **{d: deltas[p] for d, p in zip(DELTA_COLUMNS, match.players, strict=True)},
            )
        )
    return rows


def _write(rows: Iterable[Mapping[str, str]]) -> str:
    buf = io.StringIO(newline="")
    writer = csv.DictWriter(buf, fieldnames=CSV_COLUMNS)  # RFC 4180: CRLF, \r and \n quoted
    writer.writeheader()
    writer.writerows(rows)
    return buf.getvalue()


def _check_scale(match: Match, scale: Sequence[int]) -> None:
    """``MatchError`` unless ``scale`` gives table points to the match's four players
    (a two-player match has no table points, whatever the scale)."""
    if len(match.players) == len(SCALE_STANDARD):
        rank_table_points(dict(zip(match.players, (0, 1, 2, 3), strict=True)), scale)


def match_to_csv(match: Match, scale: Sequence[int] = SCALE_STANDARD) -> str:
    """The match as CSV: a ``match`` row (with the table-point ``scale`` in ``points``),
    then one row per sheet row.  MCR only: another rule set's hands (several wins, kong
    rows …) do not fit its columns, so such a match is exchanged as JSON."""
    if match.rules != "mcr":
        raise MatchError(
            msg("CSV holds MCR score sheets: export a {rules} match as JSON", rules=match.rules)
        )
    _check_scale(match, scale)
    return _write(_match_rows(match, scale))


def tournament_to_csv(tournament: Tournament) -> str:
    """The tournament as CSV: the ``tournament`` row, ``player`` rows, ``seating`` rows,
    then per table its ``totals`` row or its ``match`` and sheet rows."""
    data = tournament.to_dict()
    rows = [
        _row(
            record="tournament",
            tournament_id=tournament.id,
            reason=tournament.name,
            number=tournament.sessions,
            points=_scale_text(tournament.scale),
        )
    ]
    rows += [_row(record="player", tournament_id=tournament.id, player=p) for p in data["players"]]
    for s in tournament.seated_sessions:
        for t, table in enumerate(tournament.seating(s), 1):
            seats = dict(zip(SEAT_COLUMNS, table, strict=True))
            rows.append(
                _row(record="seating", tournament_id=tournament.id, session=s, table=t, **seats)
            )
    for res in data["results"]:
        where = {"tournament_id": tournament.id, "session": res["session"], "table": res["table"]}
        if "totals" in res:
            table = tournament.seating(res["session"])[res["table"] - 1]
            seats = dict(zip(SEAT_COLUMNS, table, strict=True))
            deltas = {d: res["totals"][p] for d, p in zip(DELTA_COLUMNS, table, strict=True)}
            source = res["source"]
            fined = res.get("penalties") or {}
            points = "/".join(str(fined.get(p, 0)) for p in table) if fined else None
            rows.append(
                _row(record="totals", **where, **seats, **deltas, reason=source, points=points)
            )
        else:
            rows += _match_rows(tournament.match(res["session"], res["table"]), **where)
    return _write(rows)


# -- CSV: reading -------------------------------------------------------------------------


def _read(text: str) -> list[dict[str, str]]:
    reader = csv.DictReader(io.StringIO(text, newline=""))
    missing = [c for c in ("record", *SEAT_COLUMNS) if c not in (reader.fieldnames or ())]
    if missing:
        raise MatchError(
            msg("not a fanshu score sheet CSV: no column {missing}", missing=", ".join(missing))
        )
    rows = []
    for line, row in enumerate(reader, 2):
        clean = {k: (v or "") for k, v in row.items() if k is not None}
        clean["_line"] = str(line)
        rows.append(clean)
    return rows


def _opt(row: Mapping[str, str], key: str) -> str | None:
    v = row.get(key, "")
    return v if v.strip() != "" else None


def _int(row: Mapping[str, str], key: str) -> int | None:
    v = _opt(row, key)
    if v is None:
        return None
    try:
        return int(v.strip())
    except ValueError:
        raise MatchError(
            msg("line {row}: {key} is a whole number, not {v!r}", row=row["_line"], key=key, v=v)
        ) from None


def _flag(row: Mapping[str, str], key: str) -> bool:
    """A win-context column: ``true`` or empty (``false`` also read)."""
    v = (_opt(row, key) or "false").strip().lower()
    if v not in ("true", "false"):
        raise MatchError(
            msg(
                "line {row}: {key} is true or empty, not {value!r}",
                row=row["_line"],
                key=key,
                value=row[key],
            )
        )
    return v == "true"


def _seat_points(row: Mapping[str, str], seats: Sequence[str]) -> dict[str, int]:
    """A totals row's penalties: ``points`` as ``0/0/10/0`` in seat order (empty: none)."""
    text = _opt(row, "points")
    if text is None:
        return {}
    parts = text.split("/")
    try:
        values = [int(x) for x in parts]
    except ValueError:
        values = []
    if len(values) != len(seats) or len(parts) != len(seats):
        raise MatchError(
            msg(
                "line {row}: points on a totals row are the penalties in seat order "
                "(such as 0/0/10/0), not {text!r}",
                row=row["_line"],
                text=text,
            )
        )
    return {p: v for p, v in zip(seats, values, strict=True) if v}


def _scale(row: Mapping[str, str]) -> tuple[int, ...] | None:
    """The table-point scale in a row's ``points`` (``48/24/12/0``), None when empty."""
    text = _opt(row, "points")
    if text is None:
        return None
    try:
        return tuple(int(v) for v in text.split("/"))
    except ValueError:
        raise MatchError(
            msg("line {row}: a bad scale {text!r}", row=row["_line"], text=text)
        ) from None


class _MatchBuilder:
    def __init__(self, row: Mapping[str, str]) -> None:
        self.players = [row.get(c, "") for c in SEAT_COLUMNS]
        self.id = _opt(row, "match_id")
        self.head = row
        self.rows: list[Mapping[str, str]] = []

    def scale(self, match: Match) -> tuple[int, ...]:
        """The scale on the match row (checked against the match), else 4/2/1/0."""
        scale = _scale(self.head)
        if scale is None:
            return SCALE_STANDARD
        try:
            _check_scale(match, scale)
        except MatchError as exc:
            raise MatchError(msg("line {head}: {exc}", head=self.head["_line"], exc=exc)) from None
        return scale

    def build(self) -> Match:
        hands: list[dict[str, Any]] = []
        for row in self.rows:
            fans_text = _opt(row, "fans")
            try:
                fans = None if fans_text is None else json.loads(fans_text)
            except json.JSONDecodeError:
                raise MatchError(msg("line {row}: fans is not JSON", row=row["_line"])) from None
            player = _opt(row, "player")
            hands.append(
                {
                    "number": _int(row, "number"),
                    "kind": row["record"],
                    "winner": _opt(row, "winner"),
                    "discarder": _opt(row, "discarder"),
                    "fan": _int(row, "fan"),
                    "flowers": _int(row, "flowers") or 0,
                    "hand": _opt(row, "hand"),
                    **{name: _flag(row, name) for name in WIN_CONTEXT},
                    "fans": fans,
                    "offender": _opt(row, "offender"),
                    "false_win": _opt(row, "false_win"),
                    "penalties": []
                    if player is None
                    else [
                        {
                            "player": player,
                            "points": _int(row, "points"),
                            "reason": row.get("reason", ""),
                        }
                    ],
                }
            )
        match = Match.from_dict({"id": self.id, "players": self.players, "hands": hands})
        for row, rec in zip(self.rows, match.records, strict=True):
            _check_deltas(row, rec, match.players)
        return match


def _check_deltas(row: Mapping[str, str], rec: HandRecord, players: Iterable[str]) -> None:
    deltas = rec.deltas
    for col, p in zip(DELTA_COLUMNS, players, strict=True):
        v = _int(row, col)
        if v is not None and v != deltas[p]:
            raise MatchError(
                msg(
                    "line {row}: {col} is {v} but the rules give {p} {deltas}",
                    row=row["_line"],
                    col=col,
                    v=v,
                    p=p,
                    deltas=deltas[p],
                )
            )


def match_from_csv(text: str) -> Match:
    """Read a match written by :func:`match_to_csv`."""
    return match_scale_from_csv(text)[0]


def match_scale_from_csv(text: str) -> tuple[Match, tuple[int, ...]]:
    """Read a match written by :func:`match_to_csv` and its table-point scale (4/2/1/0
    when the ``match`` row gives none, as in files written before the scale was kept).

    >>> m = Match("ABCD", id="m2")
    >>> match_scale_from_csv(match_to_csv(m, (48, 24, 12, 0)))[1]
    (48, 24, 12, 0)
    """
    builder: _MatchBuilder | None = None
    for row in _read(text):
        kind = row["record"]
        if kind == "match":
            if builder is not None:
                raise MatchError(msg("line {row}: a second match in a match CSV", row=row["_line"]))
            builder = _MatchBuilder(row)
        elif kind in _SHEET_ROWS:
            if builder is None:
                raise MatchError(
                    msg(
                        "line {row}: a {kind} row before the match row", row=row["_line"], kind=kind
                    )
                )
            builder.rows.append(row)
        else:
            raise MatchError(
                msg(
                    "line {row}: unexpected {kind!r} row in a match CSV",
                    row=row["_line"],
                    kind=kind,
                )
            )
    if builder is None:
        raise MatchError(msg("the CSV holds no match row"))
    match = builder.build()
    return match, builder.scale(match)


def tournament_from_csv(text: str) -> Tournament:
    """Read a tournament written by :func:`tournament_to_csv`."""
    head: Mapping[str, str] | None = None
    players: list[str] = []
    seatings: dict[int, list[list[str]]] = {}
    results: list[dict[str, Any]] = []
    builders: list[tuple[int, int, _MatchBuilder]] = []
    for row in _read(text):
        kind = row["record"]
        line = row["_line"]
        if kind == "tournament":
            if head is not None:
                raise MatchError(msg("line {line}: a second tournament row", line=line))
            head = row
        elif kind == "player":
            players.append(row.get("player", ""))
        elif kind in ("seating", "totals", "match"):
            s, t = _int(row, "session"), _int(row, "table")
            if s is None or t is None:
                raise MatchError(
                    msg(
                        "line {line}: a {kind} row needs a session and a table",
                        line=line,
                        kind=kind,
                    )
                )
            seats = [row.get(c, "") for c in SEAT_COLUMNS]
            if kind == "seating":
                tables = seatings.setdefault(s, [])
                if t != len(tables) + 1:
                    raise MatchError(
                        msg(
                            "line {line}: session {s} table {t} is out of order",
                            line=line,
                            s=s,
                            t=t,
                        )
                    )
                tables.append(seats)
            elif kind == "totals":
                totals = {}
                for p, col in zip(seats, DELTA_COLUMNS, strict=True):
                    v = _int(row, col)
                    if v is None:
                        raise MatchError(msg("line {line}: {col} is missing", line=line, col=col))
                    totals[p] = v
                source = _opt(row, "reason")
                entry = {"session": s, "table": t, "totals": totals, "source": source}
                fined = _seat_points(row, seats)
                if fined:
                    entry["penalties"] = fined
                results.append(entry)
            else:
                builders.append((s, t, _MatchBuilder(row)))
        elif kind in _SHEET_ROWS:
            if not builders:
                raise MatchError(
                    msg("line {line}: a {kind} row before any match row", line=line, kind=kind)
                )
            builders[-1][2].rows.append(row)
        else:
            raise MatchError(msg("line {line}: unknown record {kind!r}", line=line, kind=kind))
    if head is None:
        raise MatchError(msg("the CSV holds no tournament row"))
    scale = _scale(head)
    for s, t, b in builders:
        results.append({"session": s, "table": t, "match": b.build().to_dict()})
    results.sort(key=lambda r: (r["session"], r["table"]))
    return Tournament.from_dict(
        {
            "id": _opt(head, "tournament_id"),
            "name": _opt(head, "reason"),
            "sessions": _int(head, "number"),
            "scale": None if scale is None else list(scale),
            "players": players,
            "seatings": [{"session": s, "tables": seatings[s]} for s in sorted(seatings)],
            "results": results,
        }
    )
