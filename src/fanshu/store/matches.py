"""Match score sheets in SQL (SQLite or PostgreSQL: the statements are portable).

MCR sheets are the ``matches`` table and its rows (``hands`` for the wins and draws,
``penalties`` for the rows between them, sharing one ``seq`` so that the sheet reads back
in recorded order), exactly as since schema version 1: a match stored without a rule set
is MCR.  The sheets of the other rule sets (:mod:`fanshu.match.rule_sheet`: two to four
players, several wins in a hand …) are the ``rule_matches``, ``rule_rows`` and
``rule_events`` of the ``rule_sheets`` schema part, created with the first of them.  Ids
are unique across both.

A change loads the sheet, applies it through :class:`~fanshu.match.sheet.Match` (every
rule is checked) and writes only the rows that changed, in one transaction.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import asdict
from typing import Any, Literal, TypeVar, Unpack

from fanshu.i18n import msg
from fanshu.match import exchange
from fanshu.match.results import HandResult, WinFields, result_to_dict
from fanshu.match.rule_sheet import RuleSheet
from fanshu.match.sheet import SCALE_STANDARD, HandRecord, Match, rank_table_points
from fanshu.rules.mcr.options import McrOptions
from fanshu.rules.mcr.settlement import MatchError
from fanshu.store import schema
from fanshu.store.access import actor_column
from fanshu.store.connection import Database, created_after, dumps, new_id, now
from fanshu.store.formats import check_format
from fanshu.store.interface import MatchSummary, StoreError
from fanshu.store.migrations import migrate_part, part_version, stored_part_version
from fanshu.store.sql import Connection

__all__ = ["SqlMatches", "bring_rule_sheets_forward", "insert_match", "load_match", "write_rows"]

T = TypeVar("T")

_HAND_KINDS = ("win", "draw")


_RULE_PART = "rule_sheets"


def _has_rule_sheets(c: Connection) -> bool:
    """Whether the file has the ``rule_sheets`` part (a sheet of another rule set)."""
    return stored_part_version(c, _RULE_PART) > 0


def bring_rule_sheets_forward(db: Database) -> None:
    """Migrate the ``rule_sheets`` part of a file that has it (its step 2 adds the
    audit trail's actor), so that its sheets can be written; a file without it is left
    as it is."""
    if db.read_only:  # viewed as it is (every change is refused anyway)
        return
    if 0 < part_version(db, _RULE_PART) < len(schema.RULE_SHEETS_MIGRATIONS):
        migrate_part(db, _RULE_PART, schema.RULE_SHEETS_MIGRATIONS)


def _is_rule_sheet(c: Connection, match_id: str) -> bool:
    """Whether ``match_id`` is a sheet of a rule set other than MCR."""
    if not _has_rule_sheets(c):
        return False
    row = c.execute("SELECT 1 FROM rule_matches WHERE id = ?", (match_id,)).fetchone()
    return row is not None


def _taken(c: Connection, match_id: str) -> bool:
    if c.execute("SELECT 1 FROM matches WHERE id = ?", (match_id,)).fetchone():
        return True
    return _is_rule_sheet(c, match_id)


def _fresh_id(c: Connection) -> str:
    while True:
        candidate = new_id()
        if not _taken(c, candidate):
            return candidate


def _match_row(db: Database, c: Connection, match_id: str) -> tuple[str, str, str, str]:
    """players, options, created, updated of a match of either kind."""
    if not isinstance(match_id, str):
        raise StoreError(msg("a match id is a string, not {match_id!r}", match_id=match_id))
    row = c.execute(
        "SELECT players, options, created, updated FROM matches WHERE id = ?", (match_id,)
    ).fetchone()
    if row is None and _is_rule_sheet(c, match_id):
        row = c.execute(
            "SELECT players, options, created, updated FROM rule_matches WHERE id = ?",
            (match_id,),
        ).fetchone()
    if row is None:
        raise StoreError(
            msg("no match {match_id!r} in {path}", match_id=match_id, path=db.path),
            _known_ids_hint(c),
        )
    # the four columns are TEXT NOT NULL in both schemas (schema.py, postgres_schema.py)
    players: str
    options: str
    created: str
    updated: str
    players, options, created, updated = row
    return players, options, created, updated


def _ids_oldest_first(c: Connection) -> list[tuple[str, str, str]]:
    """(id, created, updated) of every match of both kinds, oldest first."""
    query = "SELECT id, created, updated FROM matches"
    if _has_rule_sheets(c):
        query += " UNION ALL SELECT id, created, updated FROM rule_matches"
    return list(c.execute(f"{query} ORDER BY created, id").fetchall())


def _creation_time(c: Connection) -> str:
    """When a new match is made: after the newest of either kind (two tables)."""
    newest = _ids_oldest_first(c)[-1:]
    return created_after(newest[0][1] if newest else None)


def _known_ids_hint(c: Connection) -> str:
    ids = [r[0] for r in reversed(_ids_oldest_first(c)[-5:])]
    if not ids:
        return msg(" (it holds no matches yet)")
    return msg(" (recent matches: {ids})", ids=", ".join(ids))


def _rows(c: Connection, match_id: str) -> list[dict[str, Any]]:
    rows = c.execute(
        "SELECT seq, record FROM hands WHERE match_id = ? "
        "UNION ALL SELECT seq, record FROM penalties WHERE match_id = ? ORDER BY seq",
        (match_id, match_id),
    ).fetchall()
    for i, (seq, _) in enumerate(rows):
        if seq != i:
            raise StoreError(
                msg(
                    "match {match_id!r}: the score sheet has a gap at row {i}",
                    match_id=match_id,
                    i=i,
                )
            )
    return [json.loads(record) for _, record in rows]


def _rule_rows(c: Connection, match_id: str) -> list[dict[str, Any]]:
    rows = c.execute(
        "SELECT seq, record FROM rule_rows WHERE match_id = ? ORDER BY seq", (match_id,)
    ).fetchall()
    for i, (seq, _) in enumerate(rows):
        if seq != i:
            raise StoreError(
                msg(
                    "match {match_id!r}: the score sheet has a gap at row {i}",
                    match_id=match_id,
                    i=i,
                )
            )
    return [json.loads(record) for _, record in rows]


def load_match(db: Database, c: Connection, match_id: str) -> tuple[Match, dict[str, Any]]:
    """A stored match, re-settled row by row, and its options."""
    players, options_text, _, _ = _match_row(db, c, match_id)
    options = json.loads(options_text)
    try:
        if _is_rule_sheet(c, match_id):
            query = "SELECT rules FROM rule_matches WHERE id = ?"
            (rules,) = c.execute(query, (match_id,)).fetchone()
            data = {
                "id": match_id,
                "rules": rules,
                "options": options.get("rules") or {},
                "players": json.loads(players),
                "hands": _rule_rows(c, match_id),
            }
            return RuleSheet.from_dict(data), options
        data = {"id": match_id, "players": json.loads(players), "hands": _rows(c, match_id)}
        return Match.from_dict(data), options
    except MatchError as exc:
        raise StoreError(
            msg("match {match_id!r} does not read back: {exc}", match_id=match_id, exc=exc)
        ) from None


def _insert_rule_sheet(
    db: Database,
    c: Connection,
    sheet: Match,
    options: dict[str, Any],
    match_id: str | None,
) -> str:
    """Insert an empty sheet of a rule set other than MCR; returns its id."""
    match_id = _checked_new_id(db, c, match_id)
    at = _creation_time(c)
    c.execute(
        "INSERT INTO rule_matches (id, created, rules, players, options, updated) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        (match_id, at, sheet.rules, dumps(list(sheet.players)), dumps(options), at),
    )
    detail = {"players": list(sheet.players), "rules": sheet.rules, **options}
    _log(db, c, "create", detail, match_id, rule_sheet=True)
    return match_id


def _checked_new_id(db: Database, c: Connection, match_id: str | None) -> str:
    if match_id is None:
        return _fresh_id(c)
    if not isinstance(match_id, str) or not match_id.strip():
        raise MatchError(
            msg("a match id is a non-empty string, not {match_id!r}", match_id=match_id)
        )
    if _taken(c, match_id):
        raise StoreError(
            msg("a match {match_id!r} already exists in {path}", match_id=match_id, path=db.path)
        )
    return match_id


def _log(
    db: Database,
    c: Connection,
    action: str,
    detail: dict[str, Any],
    match_id: str,
    *,
    rule_sheet: bool,
) -> None:
    """The audit trail of a match: ``events`` (MCR) or ``rule_events``."""
    if not rule_sheet:
        db.log(c, action, detail, match_id=match_id)
        return
    c.execute(
        "INSERT INTO rule_events (at, match_id, action, detail, actor) VALUES (?, ?, ?, ?, ?)",
        (now(), match_id, action, dumps(detail), db.actor),
    )


def _write_rule_rows(
    c: Connection,
    match_id: str,
    before: list[dict[str, Any]],
    after: list[dict[str, Any]],
) -> None:
    for seq in range(len(after), len(before)):
        c.execute("DELETE FROM rule_rows WHERE match_id = ? AND seq = ?", (match_id, seq))
    for seq, row in enumerate(after):
        if seq < len(before) and before[seq] == row:
            continue
        c.execute("DELETE FROM rule_rows WHERE match_id = ? AND seq = ?", (match_id, seq))
        c.execute(
            "INSERT INTO rule_rows (match_id, seq, number, kind, record) VALUES (?, ?, ?, ?, ?)",
            (match_id, seq, row["number"], row["kind"], dumps(row)),
        )


def insert_match(
    db: Database,
    c: Connection,
    names: Sequence[str],
    options: dict[str, Any],
    match_id: str | None,
) -> str:
    """Insert an empty match (a fresh id unless ``match_id``); returns its id."""
    match_id = _checked_new_id(db, c, match_id)
    at = _creation_time(c)
    c.execute(
        "INSERT INTO matches (id, created, players, options, updated) VALUES (?, ?, ?, ?, ?)",
        (match_id, at, dumps(list(names)), dumps(options), at),
    )
    db.log(c, "create", {"players": list(names), **options}, match_id=match_id)
    return match_id


def write_rows(
    c: Connection,
    match_id: str,
    before: list[dict[str, Any]],
    after: list[dict[str, Any]],
) -> None:
    """Turn the stored rows ``before`` into ``after``, touching only those that differ."""
    for seq in range(len(after), len(before)):
        _delete_row(c, match_id, seq, before[seq])
    for seq, row in enumerate(after):
        if seq < len(before):
            if before[seq] == row:
                continue
            _delete_row(c, match_id, seq, before[seq])
        _insert_row(c, match_id, seq, row)


def _delete_row(c: Connection, match_id: str, seq: int, row: dict[str, Any]) -> None:
    table = "hands" if row["kind"] in _HAND_KINDS else "penalties"
    c.execute(f"DELETE FROM {table} WHERE match_id = ? AND seq = ?", (match_id, seq))


def _insert_row(c: Connection, match_id: str, seq: int, row: dict[str, Any]) -> None:
    if row["kind"] in _HAND_KINDS:
        c.execute(
            "INSERT INTO hands (match_id, number, seq, kind, record) VALUES (?, ?, ?, ?, ?)",
            (match_id, row["number"], seq, row["kind"], dumps(row)),
        )
    else:
        c.execute(
            "INSERT INTO penalties (match_id, seq, number, kind, player, record) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (match_id, seq, row["number"], row["kind"], row["offender"], dumps(row)),
        )


def _rules(match: Match, options: dict[str, Any]) -> McrOptions | None:
    """The MCR options a match scores hand strings with (a sheet of another rule set
    keeps its own options)."""
    rules = options.get("rules")
    if rules is None or match.rules != "mcr":
        return None
    return McrOptions.from_dict(dict(rules))


def _win_detail(result: HandResult) -> dict[str, Any]:
    """The audit detail of a plain win, as it has always been written."""
    return {
        "winner": result.winner,
        "discarder": result.discarder,
        "fan": result.fan,
        "hand": result.hand,
        "flowers": result.flowers,
    }


def _hand_row(rows: list[dict[str, Any]], number: object) -> dict[str, Any] | None:
    for row in rows:
        if row.get("kind") in ("win", "draw") and row.get("number") == number:
            return row
    return None


def _before_after(
    action: str, detail: dict[str, Any], before: list[dict[str, Any]], after: list[dict[str, Any]]
) -> dict[str, Any]:
    """What a correction or an undo changed, for the audit trail: the row as it was
    (``before``) and as it is now (``after``, null once undone), so that the trail keeps
    what the sheet no longer shows."""
    if action == "correct":
        number = detail.get("hand_no")
        return {"before": _hand_row(before, number), "after": _hand_row(after, number)}
    if action == "undo":
        return {"before": before[-1] if before else None, "after": None}
    return {}


def _scale(options: dict[str, Any]) -> tuple[int, ...]:
    return tuple(options.get("scale", SCALE_STANDARD))


class SqlMatches:
    """:class:`~fanshu.store.interface.MatchStore` in portable SQL: a part of ``SqliteStore`` and of
    ``PostgresStore``."""

    _db: Database
    path: str

    # -- reading ---------------------------------------------------------------------

    def load_match(self, match_id: str) -> Match:
        """The score sheet of a match; :class:`StoreError` for an unknown id."""
        return load_match(self._db, self._db.conn, match_id)[0]

    def match_options(self, match_id: str) -> dict[str, Any]:
        """A match's options: ``scale`` (table points by rank) and ``rules``."""
        return dict(json.loads(_match_row(self._db, self._db.conn, match_id)[1]))

    def match_scale(self, match_id: str) -> tuple[int, ...]:
        """The table-point scale of a match (4/2/1/0 unless created otherwise)."""
        return _scale(self.match_options(match_id))

    def match_dict(self, match_id: str) -> dict[str, Any]:
        """``Match.to_dict()`` with the match's own table-point scale."""
        match, options = load_match(self._db, self._db.conn, match_id)
        return match.to_dict(_scale(options))

    def list_matches(self, ids: Collection[str] | None = None) -> list[MatchSummary]:
        """Every match, oldest first; only those of ``ids`` when given (a server lists
        what the caller may see, so that the cost follows that, not the database)."""
        out: list[MatchSummary] = []
        for match_id, created, updated in _ids_oldest_first(self._db.conn):
            if ids is not None and match_id not in ids:
                continue
            match = self.load_match(match_id)
            out.append(
                MatchSummary(
                    match_id,
                    created,
                    updated,
                    match.players,
                    match.hands_played,
                    match.totals(),
                    match.rules,
                )
            )
        return out

    def events(self, match_id: str) -> list[dict[str, Any]]:
        """The audit trail of a match: every change, oldest first."""
        c = self._db.conn
        _match_row(self._db, c, match_id)
        table: Literal["events", "rule_events"] = (
            "rule_events" if _is_rule_sheet(c, match_id) else "events"
        )
        who = actor_column(self._db, table)
        return [
            {"at": at, "actor": actor, "action": action, "detail": json.loads(detail)}
            for at, actor, action, detail in c.execute(
                f"SELECT at, {who}, action, detail FROM {table} WHERE match_id = ? ORDER BY id",
                (match_id,),
            )
        ]

    # -- writing ---------------------------------------------------------------------

    def create_match(
        self,
        players: Sequence[str],
        *,
        scale: Sequence[int] = SCALE_STANDARD,
        rules: McrOptions | None = None,
        id: str | None = None,
        rule_set: str = "mcr",
        rule_options: Mapping[str, Any] | None = None,
    ) -> str:
        """A new, empty match; returns its id.  ``players`` in the seats drawn for the first
        round (East, South, West, North; for another rule set: in seat order, the first
        hand's dealer first); ``scale`` the table points by rank; ``rules`` the MCR
        options used to score hand strings; ``rule_set`` and ``rule_options`` the rule set
        whose settlement the sheet follows (``mcr`` by default) and its options."""
        if isinstance(players, str):
            raise MatchError(
                msg(
                    "give the four player names as a list, not the string {players!r}",
                    players=players,
                )
            )
        if rule_set != "mcr":
            if rules is not None:
                raise MatchError(
                    msg(
                        "MCR options are for MCR matches: give {rule_set}'s options",
                        rule_set=rule_set,
                    )
                )
            return self._create_rule_sheet(players, scale, rule_set, rule_options, id)
        if rule_options:
            rules = McrOptions.from_dict(dict(rule_options))
        names = Match(list(players)).players  # validates
        rank_table_points(dict(zip(names, (0, 1, 2, 3), strict=True)), scale)  # validates
        options: dict[str, Any] = {"scale": list(scale)}
        if rules is not None:
            options["rules"] = asdict(rules)
        with self._db.transaction() as c:
            return insert_match(self._db, c, names, options, id)

    def _create_rule_sheet(
        self,
        players: Sequence[str],
        scale: Sequence[int],
        rule_set: str,
        rule_options: Mapping[str, Any] | None,
        match_id: str | None,
    ) -> str:
        sheet = RuleSheet(list(players), rules=rule_set, options=rule_options)  # validates
        if len(sheet.players) == len(scale):
            rank_table_points(dict(zip(sheet.players, range(4), strict=False)), scale)
        options: dict[str, Any] = {"scale": list(scale), "rules": dict(sheet.options)}
        migrate_part(self._db, _RULE_PART, schema.RULE_SHEETS_MIGRATIONS)
        with self._db.transaction() as c:
            return _insert_rule_sheet(self._db, c, sheet, options, match_id)

    def update_match(
        self,
        match_id: str,
        change: Callable[[Match, dict[str, Any]], T],
        action: str,
        **detail: Any,
    ) -> T:
        """Apply ``change(match, options)`` to a match in one transaction and write the
        rows that changed.  If ``change`` raises, nothing is written."""
        with self._db.transaction() as c:
            match, options = load_match(self._db, c, match_id)
            rule_sheet = match.rules != "mcr"
            before = [r.to_dict() for r in match.records]
            result = change(match, options)
            after = [r.to_dict() for r in match.records]
            table = "rule_matches" if rule_sheet else "matches"
            if rule_sheet:
                _write_rule_rows(c, match_id, before, after)
            else:
                write_rows(c, match_id, before, after)
            c.execute(f"UPDATE {table} SET updated = ? WHERE id = ?", (now(), match_id))
            if isinstance(result, HandRecord):
                detail = {**detail, "row": result.to_dict()}
            detail.update(_before_after(action, detail, before, after))
            _log(self._db, c, action, detail, match_id, rule_sheet=rule_sheet)
            return result

    def record_hand(self, match_id: str, result: HandResult) -> HandRecord:
        """Record the next hand of a match as its rule set settles it."""

        def change(m: Match, options: dict[str, Any]) -> HandRecord:
            return m.record(result, options=_rules(m, options))

        if result.extras():
            return self.update_match(match_id, change, "hand", **result_to_dict(result))
        if result.draw:
            return self.update_match(match_id, change, "draw")
        return self.update_match(match_id, change, "win", **_win_detail(result))

    def correct_hand(self, match_id: str, hand_no: int, result: HandResult) -> HandRecord:
        """Replace recorded hand ``hand_no`` of a match (see :meth:`Match.correct`)."""

        def change(m: Match, options: dict[str, Any]) -> HandRecord:
            return m.correct_hand(hand_no, result, options=_rules(m, options))

        if result.extras():
            detail = result_to_dict(result)
        else:
            detail = {**_win_detail(result), "draw": result.draw}
        return self.update_match(match_id, change, "correct", hand_no=hand_no, **detail)

    def record_win(self, match_id: str, winner: str, **win: Unpack[WinFields]) -> HandRecord:
        """Record the next hand of a match as a win (see :meth:`Match.record_win`)."""
        return self.record_hand(match_id, HandResult(False, winner, **win))

    def record_draw(self, match_id: str) -> HandRecord:
        """Record the next hand of a match as drawn (荒庄)."""
        return self.record_hand(match_id, HandResult(draw=True))

    def record_false_win(self, match_id: str, player: str, kind: str) -> HandRecord:
        """Record a 错和 (``under_minimum``) or 诈和 (``not_complete``) of ``player``."""
        return self.update_match(
            match_id,
            lambda m, _: m.record_false_win(player, kind),
            "false_win",
            player=player,
            kind=kind,
        )

    def add_penalty(self, match_id: str, player: str, points: int, reason: str = "") -> HandRecord:
        """Record a referee's free penalty of ``points`` deducted from ``player``."""
        return self.update_match(
            match_id,
            lambda m, _: m.add_penalty(player, points, reason),
            "penalty",
            player=player,
            points=points,
            reason=reason,
        )

    def correct(
        self,
        match_id: str,
        hand_no: int,
        *,
        winner: str | None = None,
        draw: bool = False,
        **win: Unpack[WinFields],
    ) -> HandRecord:
        """Replace recorded hand ``hand_no`` (see :meth:`Match.correct`)."""
        return self.correct_hand(match_id, hand_no, HandResult(draw, winner, **win))

    def undo(self, match_id: str) -> HandRecord:
        """Remove the last row of a match's score sheet and return it."""

        def change(m: Match, _: dict[str, Any]) -> HandRecord:
            return m.undo()

        return self.update_match(match_id, change, "undo")

    # -- exchange --------------------------------------------------------------------

    def export_match(self, match_id: str, fmt: str = "json") -> str:
        """The match as JSON (``Match.to_dict()``) or CSV (see :mod:`fanshu.match.exchange`),
        with the match's table-point scale."""
        check_format(fmt)
        match, options = load_match(self._db, self._db.conn, match_id)
        scale = _scale(options)
        if fmt == "csv":
            return exchange.match_to_csv(match, scale)
        return json.dumps(match.to_dict(scale), ensure_ascii=False, indent=2) + "\n"

    def import_match(self, text: str, fmt: str = "json", *, id: str | None = None) -> str:
        """Store a match read from JSON or CSV (every row re-settled by the rules, so a file
        whose numbers were edited is refused); returns its id: ``id``, else the file's id
        when it is free, else a new one."""
        check_format(fmt)
        scale: tuple[int, ...]
        if fmt == "csv":
            match, scale = exchange.match_scale_from_csv(text)  # 4/2/1/0 in older files
        else:
            match, scale = exchange.match_scale_from_json(text)  # older files: as before
        if match.rules != "mcr":
            migrate_part(self._db, _RULE_PART, schema.RULE_SHEETS_MIGRATIONS)
        with self._db.transaction() as c:
            wanted = id if id is not None else match.id
            if id is None and (not wanted or _taken(c, wanted)):
                wanted = None
            options: dict[str, Any] = {"scale": list(scale)}
            rows = [r.to_dict() for r in match.records]
            if isinstance(match, RuleSheet):
                options["rules"] = dict(match.options)
                match_id = _insert_rule_sheet(self._db, c, match, options, wanted)
                _write_rule_rows(c, match_id, [], rows)
            else:
                match_id = insert_match(self._db, c, match.players, options, wanted)
                write_rows(c, match_id, [], rows)
            detail = {"format": fmt, "from_id": match.id}
            _log(self._db, c, "import", detail, match_id, rule_sheet=match.rules != "mcr")
            return match_id
