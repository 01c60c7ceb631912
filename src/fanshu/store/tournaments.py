"""Tournaments in SQL (SQLite or PostgreSQL): ``tournaments``, their seated ``sessions``
and ``tables`` (a table's result is its match, kept in ``matches``, or totals typed
without the hands).

A typed result is kept in ``tables.result`` as ``{"totals": {player: score}, "source":
"typed" | "corrected"}`` (and ``"penalties": {player: points}`` when the referee deducted
some); a row written before the source was kept is the totals alone (read as
``"typed"``).  A correction is logged with the totals before and after.

A change loads the tournament, applies it through
:class:`~fanshu.match.tournament.Tournament` and writes what changed (seatings, entered
totals, newly opened table matches) in one transaction.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from fanshu.i18n import msg
from fanshu.match import exchange
from fanshu.match.sheet import SCALE_STANDARD
from fanshu.match.tournament import SOURCE_TYPED, Seating, Standing, Tournament
from fanshu.rules.mcr.settlement import MatchError
from fanshu.store.access import actor_column
from fanshu.store.connection import Database, created_after, dumps, now
from fanshu.store.formats import check_format
from fanshu.store.interface import StoreError
from fanshu.store.matches import insert_match, load_match, write_rows
from fanshu.store.sql import Connection

__all__ = ["SqlTournaments"]

T = TypeVar("T")


def _insert(db: Database, c: Connection, t: Tournament, tid: str | None) -> str:
    if tid is None:
        tid = db.fresh_id(c, "tournaments")
    elif not isinstance(tid, str) or not tid.strip():
        raise MatchError(msg("a tournament id is a non-empty string, not {tid!r}", tid=tid))
    elif db.exists(c, "tournaments", tid):
        raise StoreError(
            msg("a tournament {tid!r} already exists in {path}", tid=tid, path=db.path)
        )
    at = created_after(c.execute("SELECT max(created) FROM tournaments").fetchone()[0])
    options = {"sessions": t.sessions, "scale": list(t.scale)}
    c.execute(
        "INSERT INTO tournaments (id, created, name, players, options, updated) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        (tid, at, t.name or "", dumps(list(t.players)), dumps(options), at),
    )
    db.log(c, "create", {"players": list(t.players), **options}, tournament_id=tid)
    return tid


def _load(db: Database, c: Connection, tid: str) -> Tournament:
    if not isinstance(tid, str):
        raise StoreError(msg("a tournament id is a string, not {tid!r}", tid=tid))
    row = c.execute(
        "SELECT name, players, options FROM tournaments WHERE id = ?", (tid,)
    ).fetchone()
    if row is None:
        ids = [r[0] for r in c.execute("SELECT id FROM tournaments ORDER BY created DESC")]
        hint = (
            msg(" (tournaments: {ids})", ids=", ".join(ids[:5]))
            if ids
            else msg(" (it holds none yet)")
        )
        raise StoreError(msg("no tournament {tid!r} in {path}", tid=tid, path=db.path), hint)
    name, players, options_text = row
    options = json.loads(options_text)
    try:
        t = Tournament(
            json.loads(players),
            sessions=options.get("sessions"),
            id=tid,
            name=name or None,
            scale=options.get("scale") or SCALE_STANDARD,
        )
        tables = c.execute(
            "SELECT session, number, players, match_id, result FROM tables "
            "WHERE tournament_id = ? ORDER BY session, number",
            (tid,),
        ).fetchall()
        seatings: dict[int, list[list[str]]] = {}
        for s, _, seats, _, _ in tables:
            seatings.setdefault(s, []).append(json.loads(seats))
        for s, seating in seatings.items():
            t.seat_session(s, seating)
        for s, n, _, match_id, result in tables:
            if match_id is not None:
                t.set_match(s, n, load_match(db, c, match_id)[0])
            elif result is not None:
                totals, source, penalties = _typed(json.loads(result))
                t.restore_result(s, n, totals, source=source, penalties=penalties)
    except MatchError as exc:
        raise StoreError(
            msg("tournament {tid!r} does not read back: {exc}", tid=tid, exc=exc)
        ) from None
    return t


def _typed(stored: Any) -> tuple[Any, str, Any]:
    """The totals, source and penalties of a stored typed result (either form, see the
    module)."""
    if isinstance(stored, dict) and isinstance(stored.get("totals"), dict):
        return stored["totals"], stored.get("source") or SOURCE_TYPED, stored.get("penalties")
    return stored, SOURCE_TYPED, None


def _sync(db: Database, c: Connection, tid: str, t: Tournament) -> None:
    stored: dict[int, list[list[str]]] = {}
    for s, seats in c.execute(
        "SELECT session, players FROM tables WHERE tournament_id = ? ORDER BY session, number",
        (tid,),
    ):
        stored.setdefault(s, []).append(json.loads(seats))
    for s in t.seated_sessions:
        tables = [list(x) for x in t.seating(s)]
        if stored.get(s) == tables:
            continue
        c.execute(
            "INSERT INTO sessions (tournament_id, number) VALUES (?, ?) "
            "ON CONFLICT (tournament_id, number) DO NOTHING",
            (tid, s),
        )
        c.execute("DELETE FROM tables WHERE tournament_id = ? AND session = ?", (tid, s))
        for n, table in enumerate(tables, 1):
            c.execute(
                "INSERT INTO tables (tournament_id, session, number, players) VALUES (?, ?, ?, ?)",
                (tid, s, n, dumps(table)),
            )
    options = {"scale": list(t.scale)}
    for r in t.to_dict()["results"]:
        key = (tid, r["session"], r["table"])
        if "totals" in r:
            c.execute(
                "UPDATE tables SET result = ?, match_id = NULL "
                "WHERE tournament_id = ? AND session = ? AND number = ?",
                (dumps({k: r[k] for k in ("totals", "source", "penalties") if k in r}), *key),
            )
            continue
        m = r["match"]
        linked = c.execute(
            "SELECT match_id FROM tables WHERE tournament_id = ? AND session = ? AND number = ?",
            key,
        ).fetchone()
        if linked is not None and linked[0] == m["id"]:
            continue  # the table's own sheet, written by the match store
        if db.exists(c, "matches", m["id"]):
            # a sheet made apart (fanshu match new --id …) never becomes a table's: its
            # players and hands are not the table's
            raise StoreError(
                msg(
                    "a match {match_id!r} already exists in {path}: it cannot become the sheet "
                    "of session {session} table {table}",
                    match_id=m["id"],
                    path=db.path,
                    session=r["session"],
                    table=r["table"],
                )
            )
        names = [p["name"] for p in m["players"]]
        insert_match(db, c, names, options, m["id"])
        write_rows(c, m["id"], [], m["hands"])
        c.execute(
            "UPDATE tables SET match_id = ?, result = NULL "
            "WHERE tournament_id = ? AND session = ? AND number = ?",
            (m["id"], *key),
        )


class SqlTournaments:
    """:class:`~fanshu.store.interface.TournamentStore` in portable SQL: a part of
    ``SqliteStore`` and of ``PostgresStore``."""

    _db: Database
    path: str

    def create_tournament(
        self,
        players: Sequence[str],
        *,
        sessions: int | None = None,
        name: str | None = None,
        scale: Sequence[int] = SCALE_STANDARD,
        id: str | None = None,
    ) -> str:
        """A new tournament (players a multiple of 4); returns its id."""
        if isinstance(players, str):
            raise MatchError(
                msg("give the player names as a list, not the string {players!r}", players=players)
            )
        t = Tournament(list(players), sessions=sessions, name=name, scale=scale)
        with self._db.transaction() as c:
            return _insert(self._db, c, t, id)

    def load_tournament(self, tid: str) -> Tournament:
        """A tournament with its seatings and table results (matches loaded)."""
        return _load(self._db, self._db.conn, tid)

    def list_tournaments(self) -> list[dict[str, Any]]:
        """Every tournament, oldest first: id, created, name, players, sessions seated."""
        c = self._db.conn
        out: list[dict[str, Any]] = []
        for tid, created, name, players, options in c.execute(
            "SELECT id, created, name, players, options FROM tournaments ORDER BY created, id"
        ).fetchall():
            seated = c.execute(
                "SELECT count(*) FROM sessions WHERE tournament_id = ?", (tid,)
            ).fetchone()[0]
            out.append(
                {
                    "id": tid,
                    "created": created,
                    "name": name,
                    "players": json.loads(players),
                    "sessions": json.loads(options).get("sessions"),
                    "seated": seated,
                }
            )
        return out

    def update_tournament(
        self, tid: str, change: Callable[[Tournament], T], action: str, **detail: Any
    ) -> T:
        """Apply ``change`` to a tournament in one transaction and write what changed:
        seatings, entered totals and newly opened table matches."""
        with self._db.transaction() as c:
            t = _load(self._db, c, tid)
            result = change(t)
            _sync(self._db, c, tid, t)
            c.execute("UPDATE tournaments SET updated = ? WHERE id = ?", (now(), tid))
            self._db.log(c, action, detail, tournament_id=tid)
            return result

    def seat_session(self, tid: str, session_no: int, tables: Sequence[Sequence[str]]) -> None:
        """Enter the seating of a session (see :meth:`Tournament.seat_session`)."""
        self.update_tournament(
            tid,
            lambda t: t.seat_session(session_no, tables),
            "seat",
            session=session_no,
            tables=[list(x) for x in tables],
        )

    def generate_seating(self, tid: str, sessions: int | None = None, seed: int = 0) -> Seating:
        """Seat every session not yet seated with few repeated opponents."""
        return self.update_tournament(
            tid,
            lambda t: t.generate_seating(sessions, seed),
            "generate_seating",
            sessions=sessions,
            seed=seed,
        )

    def table_match(self, tid: str, session_no: int, table_no: int) -> str:
        """The id of the score sheet of a tournament table (opened on first use); record
        its hands with ``record_win`` and the rest."""

        with self._db.transaction() as c:
            t = _load(self._db, c, tid)
            opened = not t.has_sheet(session_no, table_no)
            m = t.match(session_no, table_no)  # refused for a table with a typed result
            if m.id is None:  # pragma: no cover - the model names table matches
                raise MatchError(msg("the table match has no id"))
            if opened:
                _sync(self._db, c, tid, t)
                c.execute("UPDATE tournaments SET updated = ? WHERE id = ?", (now(), tid))
                detail = {"session": session_no, "table": table_no, "match_id": m.id}
                self._db.log(c, "open_table", detail, tournament_id=tid)
            return m.id

    def set_result(
        self,
        tid: str,
        session_no: int,
        table_no: int,
        totals: Mapping[str, int],
        *,
        correction: bool = False,
        penalties: Mapping[str, int] | None = None,
    ) -> dict[str, int] | None:
        """Type a table's final match scores (a table without a score sheet; see
        :meth:`Tournament.set_result`), with the referee's ``penalties`` deducted in
        them if any.  Replacing a typed result needs ``correction``; it is logged as
        ``correct_result`` with the totals ``before`` and ``after`` (and the penalties
        before and after, when there are any).  Returns the totals replaced (None for a
        first entry)."""
        with self._db.transaction() as c:
            t = _load(self._db, c, tid)
            fined_before = t.typed_penalties(session_no, table_no)
            before = t.set_result(
                session_no, table_no, totals, correction=correction, penalties=penalties
            )
            _sync(self._db, c, tid, t)
            c.execute("UPDATE tournaments SET updated = ? WHERE id = ?", (now(), tid))
            detail: dict[str, Any] = {"session": session_no, "table": table_no}
            after = t.typed_result(session_no, table_no)
            fined = t.typed_penalties(session_no, table_no)
            if before is None:
                detail["totals"] = after
                if fined:
                    detail["penalties"] = fined
                self._db.log(c, "result", detail, tournament_id=tid)
            else:
                detail |= {"before": before, "after": after}
                if fined_before or fined:
                    detail |= {"penalties_before": fined_before, "penalties_after": fined}
                self._db.log(c, "correct_result", detail, tournament_id=tid)
            return before

    def tournament_events(self, tid: str) -> list[dict[str, Any]]:
        """The audit trail of a tournament (seatings, typed results, corrections, tables
        opened, its import): every change, oldest first."""
        c = self._db.conn
        if not isinstance(tid, str) or not self._db.exists(c, "tournaments", tid):
            _load(self._db, c, tid)  # raises the usual "no tournament" error
        return [
            {"at": at, "actor": actor, "action": action, "detail": json.loads(detail)}
            for at, actor, action, detail in c.execute(
                f"SELECT at, {actor_column(self._db, 'events')}, action, detail FROM events "
                "WHERE tournament_id = ? ORDER BY id",
                (tid,),
            )
        ]

    def standings(self, tid: str) -> list[Standing]:
        """The standings of a tournament (complete tables only)."""
        return self.load_tournament(tid).standings()

    def export_tournament(self, tid: str, fmt: str = "json") -> str:
        """The tournament as JSON or CSV (see :mod:`fanshu.match.exchange`)."""
        check_format(fmt)
        t = self.load_tournament(tid)
        if fmt == "csv":
            return exchange.tournament_to_csv(t)
        return exchange.tournament_to_json(t) + "\n"

    def import_tournament(self, text: str, fmt: str = "json", *, id: str | None = None) -> str:
        """Store a tournament read from JSON or CSV; returns its id (``id``, else the
        file's when free, else a new one).  Its table matches get ids ``<id>-s<n>t<m>``."""
        check_format(fmt)
        if fmt == "csv":
            t = exchange.tournament_from_csv(text)
        else:
            t = exchange.tournament_from_json(text)
        from_id = t.id
        with self._db.transaction() as c:
            wanted = id if id is not None else t.id
            if id is None and (not wanted or self._db.exists(c, "tournaments", wanted)):
                wanted = None
            tid = _insert(self._db, c, t, wanted)
            t.id = tid
            for r in t.results():
                if not t.has_sheet(r.session, r.table):
                    continue  # typed totals
                m = t.match(r.session, r.table)
                m.id = f"{tid}-s{r.session}t{r.table}"
                if self._db.exists(c, "matches", m.id):
                    raise StoreError(
                        msg("a match {id!r} already exists in {path}", id=m.id, path=self.path)
                    )
            _sync(self._db, c, tid, t)
            self._db.log(c, "import", {"format": fmt, "from_id": from_id}, tournament_id=tid)
            return tid
