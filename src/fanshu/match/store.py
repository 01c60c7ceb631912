"""SQLite storage for match score sheets and tournaments (standard library only).

A :class:`Store` keeps matches (局) and tournaments in one SQLite file:

- where: ``Store.open()`` takes a path, a ``sqlite:///path`` URL, ``$FANSHU_DB``, or by
  default ``fanshu.db`` in the user's data directory (``$XDG_DATA_HOME/fanshu`` or
  ``~/.local/share/fanshu`` on Linux, ``~/Library/Application Support/fanshu`` on macOS,
  ``%LOCALAPPDATA%\\fanshu`` on Windows);
- how: WAL journal, a busy timeout, foreign keys on, ``synchronous=FULL``; the schema is
  versioned with ``PRAGMA user_version`` and migrated forward, in order, on open;
- safety: every change (a recorded hand, a penalty, a correction, an undo) is one
  ``BEGIN IMMEDIATE … COMMIT`` transaction that loads the match, applies the change through
  the model (so every rule is checked) and writes the result.  A crash or an error at any
  point leaves the sheet as it was before or after that change, never between; two
  processes writing to one file queue behind each other's write lock instead of losing
  a hand.

The web app's games against bots (``/v1/games``) live in a ``games`` table versioned on
its own (:data:`GAMES_MIGRATIONS`, recorded in ``schema_parts``) and created on first
use: the score-sheet schema and its ``user_version`` stay as they are, so a fanshu that
knows nothing of games still opens a file the server has used.

>>> store = Store.open(":memory:")
>>> mid = store.create_match(["Ann", "Bo", "Cy", "Di"])
>>> store.record_win(mid, "Bo", discarder="Di", fan=10).payments
{'Ann': -8, 'Bo': 34, 'Cy': -8, 'Di': -18}
>>> store.load_match(mid).totals()
{'Ann': -8, 'Bo': 34, 'Cy': -8, 'Di': -18}
>>> store.close()
"""

from __future__ import annotations

import json
import os
import secrets
import sqlite3
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import unquote

from fanshu.errors import FanshuError
from fanshu.match import exchange
from fanshu.match.sheet import (
    HANDS_PER_MATCH,
    SCALE_STANDARD,
    HandRecord,
    Match,
    rank_table_points,
)
from fanshu.match.tournament import Seating, Standing, Tournament
from fanshu.rules.mcr.options import McrOptions
from fanshu.rules.mcr.settlement import MatchError

__all__ = [
    "BUSY_TIMEOUT_MS",
    "GAMES_MIGRATIONS",
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "MatchSummary",
    "Store",
    "StoreError",
    "StoredGame",
    "default_db_path",
    "resolve_db_path",
]

T = TypeVar("T")

#: How long a writer waits for another process's write lock before giving up.
BUSY_TIMEOUT_MS = 30_000
#: The environment variable that names the database (a path or a ``sqlite:///`` URL).
ENV_VAR = "FANSHU_DB"
_URL_PREFIX = "sqlite:///"
_SUPPORTED = (
    "a file path, a 'sqlite:///path' URL (sqlite:////abs/path for an absolute path), "
    "':memory:', or nothing for the default file under the user's data directory"
)


class StoreError(FanshuError):
    """The database cannot be opened or does not hold what was asked for."""

    code = "store_error"


# -- where the database lives -----------------------------------------------------------


def default_db_path() -> Path:
    """``fanshu.db`` under the user's data directory, per platform convention."""
    home = Path.home()
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or os.environ.get("APPDATA")
        root = Path(base) if base else home / "AppData" / "Local"
    elif sys.platform == "darwin":
        root = home / "Library" / "Application Support"
    else:
        xdg = os.environ.get("XDG_DATA_HOME", "")
        # The XDG spec: a relative value is invalid and must be ignored.
        root = Path(xdg) if xdg and os.path.isabs(xdg) else home / ".local" / "share"
    return root / "fanshu" / "fanshu.db"


def resolve_db_path(target: str | Path | None = None) -> str:
    """The file (or ``:memory:``) a target names: ``target``, else ``$FANSHU_DB``, else the
    default.  Raises :class:`StoreError` for a URL of another kind.

    >>> resolve_db_path("sqlite:///games.db")
    'games.db'
    >>> resolve_db_path("sqlite:////var/lib/fanshu.db")
    '/var/lib/fanshu.db'
    >>> resolve_db_path("postgres://host/db")
    Traceback (most recent call last):
    ...
    fanshu.match.store.StoreError: unsupported database 'postgres://host/db': fanshu stores into SQLite; give a file path, a 'sqlite:///path' URL (sqlite:////abs/path for an absolute path), ':memory:', or nothing for the default file under the user's data directory
    """  # noqa: E501
    if target is None or (isinstance(target, str) and not target.strip()):
        target = os.environ.get(ENV_VAR, "").strip() or None
    if target is None:
        return str(default_db_path())
    if isinstance(target, Path):
        return str(target)
    text = target.strip()
    if text == ":memory:":
        return text
    if text.startswith(_URL_PREFIX):
        rest = unquote(text[len(_URL_PREFIX) :].split("?", 1)[0])
        if not rest:
            raise StoreError(f"the URL {target!r} names no file; {_SUPPORTED}")
        return rest
    if text.startswith(("sqlite:", "file:")) or ("://" in text and not _looks_like_windows(text)):
        raise StoreError(
            f"unsupported database {target!r}: fanshu stores into SQLite; give {_SUPPORTED}"
        )
    return os.path.expanduser(text)


def _looks_like_windows(text: str) -> bool:
    return len(text) > 2 and text[1] == ":" and text[0].isalpha()


# -- the schema -------------------------------------------------------------------------

#: A migration: SQL statements run in order, or a function given the connection.  Each
#: migration runs in one transaction together with the ``user_version`` bump.
Migration = Sequence[str] | Callable[[sqlite3.Connection], None]


def _run_step(c: sqlite3.Connection, step: Migration) -> None:
    """Apply one migration step: a function of the connection, or SQL statements."""
    if callable(step):
        step(c)
    else:
        for statement in step:
            c.execute(statement)


_MIGRATION_1: tuple[str, ...] = (
    """CREATE TABLE tournaments (
        id       TEXT PRIMARY KEY,
        created  TEXT NOT NULL,
        name     TEXT NOT NULL DEFAULT '',
        players  TEXT NOT NULL CHECK (json_valid(players) AND json_type(players) = 'array'),
        options  TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(options)),
        updated  TEXT NOT NULL
    )""",
    """CREATE TABLE sessions (
        tournament_id TEXT NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
        number        INTEGER NOT NULL CHECK (number >= 1),
        PRIMARY KEY (tournament_id, number)
    ) WITHOUT ROWID""",
    """CREATE TABLE matches (
        id       TEXT PRIMARY KEY,
        created  TEXT NOT NULL,
        players  TEXT NOT NULL
                 CHECK (json_valid(players) AND json_array_length(players) = 4),
        options  TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(options)),
        updated  TEXT NOT NULL
    )""",
    """CREATE TABLE tables (
        tournament_id TEXT NOT NULL,
        session       INTEGER NOT NULL,
        number        INTEGER NOT NULL CHECK (number >= 1),
        players       TEXT NOT NULL
                      CHECK (json_valid(players) AND json_array_length(players) = 4),
        match_id      TEXT UNIQUE REFERENCES matches(id) ON DELETE SET NULL,
        result        TEXT CHECK (result IS NULL OR json_valid(result)),
        PRIMARY KEY (tournament_id, session, number),
        FOREIGN KEY (tournament_id, session)
            REFERENCES sessions(tournament_id, number) ON DELETE CASCADE
    ) WITHOUT ROWID""",
    # The 16 hands of a match (wins and draws).  ``seq`` is the row's place on the score
    # sheet, shared with ``penalties``, so that the sheet reads back in recorded order.
    """CREATE TABLE hands (
        match_id TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
        number   INTEGER NOT NULL CHECK (number BETWEEN 1 AND 16),
        seq      INTEGER NOT NULL CHECK (seq >= 0),
        kind     TEXT NOT NULL CHECK (kind IN ('win', 'draw')),
        record   TEXT NOT NULL CHECK (json_valid(record)),
        PRIMARY KEY (match_id, number),
        UNIQUE (match_id, seq)
    ) WITHOUT ROWID""",
    # False wins (错和/诈和) and free penalties, between the hands.
    """CREATE TABLE penalties (
        match_id TEXT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
        seq      INTEGER NOT NULL CHECK (seq >= 0),
        number   INTEGER NOT NULL CHECK (number BETWEEN 1 AND 16),
        kind     TEXT NOT NULL CHECK (kind IN ('false_win', 'penalty')),
        player   TEXT NOT NULL,
        record   TEXT NOT NULL CHECK (json_valid(record)),
        PRIMARY KEY (match_id, seq)
    ) WITHOUT ROWID""",
    # Every change, in order: what was done, when, with which arguments (an audit trail).
    """CREATE TABLE events (
        id            INTEGER PRIMARY KEY AUTOINCREMENT,
        at            TEXT NOT NULL,
        match_id      TEXT REFERENCES matches(id) ON DELETE CASCADE,
        tournament_id TEXT REFERENCES tournaments(id) ON DELETE CASCADE,
        action        TEXT NOT NULL,
        detail        TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(detail))
    )""",
    "CREATE INDEX events_by_match ON events(match_id)",
    "CREATE INDEX events_by_tournament ON events(tournament_id)",
    "CREATE INDEX tables_by_match ON tables(match_id)",
)

#: The forward migrations, in order: ``MIGRATIONS[i]`` takes the schema from version ``i``
#: to ``i + 1``.  Append new ones; never edit a released one.
MIGRATIONS: tuple[Migration, ...] = (_MIGRATION_1,)
#: The schema version this fanshu writes.
SCHEMA_VERSION = len(MIGRATIONS)

#: Parts of the schema that only some commands use, each with its own version (a row
#: here): a part's tables are created and migrated by the code that uses them, on first
#: use, so the core version above (``user_version``) does not change for them.
_PARTS_TABLE = """CREATE TABLE IF NOT EXISTS schema_parts (
    name    TEXT PRIMARY KEY,
    version INTEGER NOT NULL CHECK (version >= 1)
) WITHOUT ROWID"""

_GAMES_1: tuple[str, ...] = (
    # One hand against the bots of the web app (``/v1/games``): how it was dealt (rules,
    # seed, human seat, players, options, config) and its engine log as JSON Lines
    # (docs/engine-log.md).  ``events`` counts the log's lines: the row's version.
    # ``touched`` orders the rows by their last write; pruning keeps the newest.
    """CREATE TABLE games (
        id         TEXT PRIMARY KEY,
        created    TEXT NOT NULL,
        updated    TEXT NOT NULL,
        touched    INTEGER NOT NULL,
        written_by TEXT NOT NULL DEFAULT '',
        rules      TEXT NOT NULL,
        seat       INTEGER NOT NULL CHECK (seat >= 0),
        players    TEXT NOT NULL CHECK (json_valid(players) AND json_type(players) = 'array'),
        seed       INTEGER NOT NULL,
        options    TEXT CHECK (options IS NULL OR json_valid(options)),
        config     TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(config)),
        events     INTEGER NOT NULL CHECK (events >= 0),
        done       INTEGER NOT NULL DEFAULT 0 CHECK (done IN (0, 1)),
        log        TEXT NOT NULL
    )""",
    "CREATE INDEX games_by_touched ON games(touched)",
)

#: The forward migrations of the ``games`` part (its ``schema_parts`` row), as with
#: :data:`MIGRATIONS`: append new ones; never edit a released one.
GAMES_MIGRATIONS: tuple[Migration, ...] = (_GAMES_1,)


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


#: Readable ids: no vowels (no accidental words), no 0/1/l/o/i look-alikes.
_ID_ALPHABET = "23456789bcdfghjkmnpqrstvwxz"
_ID_LENGTH = 6


def new_id() -> str:
    """A short random id such as ``k7m2qx`` (27⁶ ≈ 387 million of them)."""
    return "".join(secrets.choice(_ID_ALPHABET) for _ in range(_ID_LENGTH))


def _dumps(obj: object) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"), sort_keys=True)


# -- the store --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MatchSummary:
    """One line of :meth:`Store.list_matches`."""

    id: str
    created: str
    updated: str
    players: tuple[str, ...]
    hands_played: int
    totals: dict[str, int]

    @property
    def is_complete(self) -> bool:
        return self.hands_played == HANDS_PER_MATCH

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "created": self.created,
            "updated": self.updated,
            "players": list(self.players),
            "hands_played": self.hands_played,
            "totals": dict(self.totals),
        }


@dataclass(frozen=True, slots=True)
class StoredGame:
    """One row of the ``games`` table: a hand against bots as the web app stores it.

    The store only keeps it; :mod:`fanshu.web.api.games` writes and rebuilds it.
    ``log`` is the hand's engine log (JSON Lines, docs/engine-log.md) and ``events`` its
    number of events, the row's version.
    """

    id: str
    rules: str
    seat: int
    players: tuple[str, ...]
    seed: int
    options: dict[str, Any] | None
    config: dict[str, Any]
    events: int
    done: bool
    log: str
    written_by: str = ""  # the fanshu version that wrote the row
    created: str = ""
    updated: str = ""


class Store:
    """Matches and tournaments in one SQLite database.  Use :meth:`open`.

    Not thread-safe: give each thread (and each process) its own ``Store``.
    """

    def __init__(self, conn: sqlite3.Connection, path: str) -> None:
        self._conn = conn
        self.path = path

    # -- opening -------------------------------------------------------------------------

    @classmethod
    def open(
        cls, path_or_url: str | Path | None = None, *, busy_timeout_ms: int = BUSY_TIMEOUT_MS
    ) -> Store:
        """Open (creating if needed) and migrate the database named by ``path_or_url``,
        else ``$FANSHU_DB``, else the default file under the user's data directory."""
        path = resolve_db_path(path_or_url)
        if path != ":memory:" and path_or_url is None and not os.environ.get(ENV_VAR, "").strip():
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        if path != ":memory:" and os.path.isdir(path):
            raise StoreError(f"cannot open the database {path}: it is a directory")
        try:
            conn = sqlite3.connect(
                path, timeout=busy_timeout_ms / 1000, isolation_level=None, check_same_thread=True
            )
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open the database {path}: {exc}") from None
        store = cls(conn, path)
        try:
            store._configure(busy_timeout_ms)
            store._migrate()
        except BaseException:
            conn.close()
            raise
        return store

    def _configure(self, busy_timeout_ms: int) -> None:
        c = self._conn
        try:
            c.execute(f"PRAGMA busy_timeout = {int(busy_timeout_ms)}")
            mode = c.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if mode not in ("wal", "memory"):
                raise StoreError(f"cannot switch {self.path} to WAL mode (it stays in {mode})")
            c.execute("PRAGMA synchronous = FULL")  # a committed hand survives a power cut
            c.execute("PRAGMA foreign_keys = ON")
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"cannot use {self.path} as a fanshu database: {exc}") from None

    def _migrate(self) -> None:
        target = len(MIGRATIONS)
        version = self.schema_version()
        if version == target:
            return
        if version > target:
            raise StoreError(
                f"the database {self.path} has schema version {version}, newer than this "
                f"fanshu understands ({target}): upgrade fanshu"
            )
        with self._transaction() as c:
            # Read again under the write lock: another process may have migrated meanwhile.
            version = c.execute("PRAGMA user_version").fetchone()[0]
            for n in range(version, target):
                _run_step(c, MIGRATIONS[n])
                c.execute(f"PRAGMA user_version = {n + 1}")

    def schema_version(self) -> int:
        """The schema version of the open database (``PRAGMA user_version``)."""
        try:
            return int(self._conn.execute("PRAGMA user_version").fetchone()[0])
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"cannot use {self.path} as a fanshu database: {exc}") from None

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"Store({self.path!r})"

    # -- transactions --------------------------------------------------------------------

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: ``BEGIN IMMEDIATE`` takes the write lock up front (waiting
        up to the busy timeout for another writer), so the reads inside see the latest
        committed state and nobody else writes until ``COMMIT``.  Any error rolls back."""
        c = self._conn
        try:
            c.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            raise StoreError(f"the database {self.path} is busy or unwritable: {exc}") from None
        try:
            yield c
        except BaseException:
            if c.in_transaction:
                c.execute("ROLLBACK")
            raise
        try:
            c.execute("COMMIT")
        except sqlite3.Error as exc:
            if c.in_transaction:
                c.execute("ROLLBACK")
            raise StoreError(f"could not commit to {self.path}: {exc}") from None

    def _log(
        self,
        c: sqlite3.Connection,
        action: str,
        detail: dict[str, Any],
        *,
        match_id: str | None = None,
        tournament_id: str | None = None,
    ) -> None:
        c.execute(
            "INSERT INTO events (at, match_id, tournament_id, action, detail) "
            "VALUES (?, ?, ?, ?, ?)",
            (_now(), match_id, tournament_id, action, _dumps(detail)),
        )

    def _fresh_id(self, c: sqlite3.Connection, table: str) -> str:
        while True:
            candidate = new_id()
            if c.execute(f"SELECT 1 FROM {table} WHERE id = ?", (candidate,)).fetchone() is None:
                return candidate

    # -- matches: reading ----------------------------------------------------------------

    def _match_row(self, c: sqlite3.Connection, match_id: str) -> tuple[str, str, str, str]:
        if not isinstance(match_id, str):
            raise StoreError(f"a match id is a string, not {match_id!r}")
        row = c.execute(
            "SELECT players, options, created, updated FROM matches WHERE id = ?", (match_id,)
        ).fetchone()
        if row is None:
            raise StoreError(f"no match {match_id!r} in {self.path}{self._known_ids_hint(c)}")
        return row  # type: ignore[no-any-return]

    def _known_ids_hint(self, c: sqlite3.Connection) -> str:
        ids = [r[0] for r in c.execute("SELECT id FROM matches ORDER BY created DESC LIMIT 5")]
        return f" (recent matches: {', '.join(ids)})" if ids else " (it holds no matches yet)"

    def _rows(self, c: sqlite3.Connection, match_id: str) -> list[dict[str, Any]]:
        rows = c.execute(
            "SELECT seq, record FROM hands WHERE match_id = ? "
            "UNION ALL SELECT seq, record FROM penalties WHERE match_id = ? ORDER BY seq",
            (match_id, match_id),
        ).fetchall()
        for i, (seq, _) in enumerate(rows):
            if seq != i:
                raise StoreError(f"match {match_id!r}: the score sheet has a gap at row {i}")
        return [json.loads(record) for _, record in rows]

    def _load(self, c: sqlite3.Connection, match_id: str) -> tuple[Match, dict[str, Any]]:
        players, options, _, _ = self._match_row(c, match_id)
        data = {"id": match_id, "players": json.loads(players), "hands": self._rows(c, match_id)}
        try:
            match = Match.from_dict(data)
        except MatchError as exc:
            raise StoreError(f"match {match_id!r} does not read back: {exc}") from None
        return match, json.loads(options)

    def load_match(self, match_id: str) -> Match:
        """The score sheet of a match; :class:`StoreError` for an unknown id."""
        return self._load(self._conn, match_id)[0]

    def match_options(self, match_id: str) -> dict[str, Any]:
        """A match's options: ``scale`` (table points by rank) and ``rules``."""
        return dict(json.loads(self._match_row(self._conn, match_id)[1]))

    def match_scale(self, match_id: str) -> tuple[int, ...]:
        """The table-point scale of a match (4/2/1/0 unless created otherwise)."""
        return tuple(self.match_options(match_id).get("scale", SCALE_STANDARD))

    def match_dict(self, match_id: str) -> dict[str, Any]:
        """``Match.to_dict()`` with the match's own table-point scale."""
        match, options = self._load(self._conn, match_id)
        return match.to_dict(tuple(options.get("scale", SCALE_STANDARD)))

    def list_matches(self) -> list[MatchSummary]:
        """Every match, oldest first."""
        c = self._conn
        out: list[MatchSummary] = []
        ids = c.execute("SELECT id, created, updated FROM matches ORDER BY created, id").fetchall()
        for match_id, created, updated in ids:
            match = self.load_match(match_id)
            out.append(
                MatchSummary(
                    match_id, created, updated, match.players, match.hands_played, match.totals()
                )
            )
        return out

    def events(self, match_id: str) -> list[dict[str, Any]]:
        """The audit trail of a match: every change, oldest first."""
        self._match_row(self._conn, match_id)
        return [
            {"at": at, "action": action, "detail": json.loads(detail)}
            for at, action, detail in self._conn.execute(
                "SELECT at, action, detail FROM events WHERE match_id = ? ORDER BY id",
                (match_id,),
            )
        ]

    # -- matches: writing ----------------------------------------------------------------

    def create_match(
        self,
        players: Sequence[str],
        *,
        scale: Sequence[int] = SCALE_STANDARD,
        rules: McrOptions | None = None,
        id: str | None = None,
    ) -> str:
        """A new, empty match; returns its id.  ``players`` in the seats drawn for the first
        round (East, South, West, North); ``scale`` the table points by rank; ``rules`` the
        options used to score hand strings."""
        if isinstance(players, str):
            raise MatchError(f"give the four player names as a list, not the string {players!r}")
        names = Match(list(players)).players  # validates
        rank_table_points(dict(zip(names, (0, 1, 2, 3), strict=True)), scale)  # validates
        options: dict[str, Any] = {"scale": list(scale)}
        if rules is not None:
            options["rules"] = asdict(rules)
        with self._transaction() as c:
            return self._insert_match(c, names, options, id)

    def _insert_match(
        self,
        c: sqlite3.Connection,
        names: Sequence[str],
        options: dict[str, Any],
        match_id: str | None,
    ) -> str:
        if match_id is None:
            match_id = self._fresh_id(c, "matches")
        elif not isinstance(match_id, str) or not match_id.strip():
            raise MatchError(f"a match id is a non-empty string, not {match_id!r}")
        elif c.execute("SELECT 1 FROM matches WHERE id = ?", (match_id,)).fetchone():
            raise StoreError(f"a match {match_id!r} already exists in {self.path}")
        now = _now()
        c.execute(
            "INSERT INTO matches (id, created, players, options, updated) VALUES (?, ?, ?, ?, ?)",
            (match_id, now, _dumps(list(names)), _dumps(options), now),
        )
        self._log(c, "create", {"players": list(names), **options}, match_id=match_id)
        return match_id

    def update_match(
        self,
        match_id: str,
        change: Callable[[Match, dict[str, Any]], T],
        action: str,
        **detail: Any,
    ) -> T:
        """Apply ``change(match, options)`` to a match in one transaction and write the
        rows that changed.  If ``change`` raises, nothing is written."""
        with self._transaction() as c:
            match, options = self._load(c, match_id)
            before = [r.to_dict() for r in match.records]
            result = change(match, options)
            after = [r.to_dict() for r in match.records]
            self._write_rows(c, match_id, before, after)
            c.execute("UPDATE matches SET updated = ? WHERE id = ?", (_now(), match_id))
            if isinstance(result, HandRecord):
                detail = {**detail, "row": result.to_dict()}
            self._log(c, action, detail, match_id=match_id)
            return result

    def _write_rows(
        self,
        c: sqlite3.Connection,
        match_id: str,
        before: list[dict[str, Any]],
        after: list[dict[str, Any]],
    ) -> None:
        for seq in range(len(after), len(before)):
            self._delete_row(c, match_id, seq, before[seq])
        for seq, row in enumerate(after):
            if seq < len(before):
                if before[seq] == row:
                    continue
                self._delete_row(c, match_id, seq, before[seq])
            self._insert_row(c, match_id, seq, row)

    @staticmethod
    def _delete_row(c: sqlite3.Connection, match_id: str, seq: int, row: dict[str, Any]) -> None:
        table = "hands" if row["kind"] in ("win", "draw") else "penalties"
        c.execute(f"DELETE FROM {table} WHERE match_id = ? AND seq = ?", (match_id, seq))

    @staticmethod
    def _insert_row(c: sqlite3.Connection, match_id: str, seq: int, row: dict[str, Any]) -> None:
        if row["kind"] in ("win", "draw"):
            c.execute(
                "INSERT INTO hands (match_id, number, seq, kind, record) VALUES (?, ?, ?, ?, ?)",
                (match_id, row["number"], seq, row["kind"], _dumps(row)),
            )
        else:
            c.execute(
                "INSERT INTO penalties (match_id, seq, number, kind, player, record) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (match_id, seq, row["number"], row["kind"], row["offender"], _dumps(row)),
            )

    def record_win(
        self,
        match_id: str,
        winner: str,
        *,
        discarder: str | None = None,
        fan: int | None = None,
        hand: str | None = None,
        flowers: int = 0,
    ) -> HandRecord:
        """Record the next hand of a match as a win (see :meth:`Match.record_win`)."""

        def change(m: Match, options: dict[str, Any]) -> HandRecord:
            return m.record_win(
                winner, discarder=discarder, fan=fan, hand=hand, flowers=flowers,
                options=_rules(options),
            )  # fmt: skip

        detail = {"winner": winner, "discarder": discarder, "fan": fan, "hand": hand,
                  "flowers": flowers}  # fmt: skip
        return self.update_match(match_id, change, "win", **detail)

    def record_draw(self, match_id: str) -> HandRecord:
        """Record the next hand of a match as drawn (荒庄)."""
        return self.update_match(match_id, lambda m, _: m.record_draw(), "draw")

    def record_false_win(self, match_id: str, player: str, kind: str) -> HandRecord:
        """Record a 错和 (``under_minimum``) or 诈和 (``not_complete``) of ``player``."""
        return self.update_match(
            match_id, lambda m, _: m.record_false_win(player, kind), "false_win",
            player=player, kind=kind,
        )  # fmt: skip

    def add_penalty(self, match_id: str, player: str, points: int, reason: str = "") -> HandRecord:
        """Record a referee's free penalty of ``points`` deducted from ``player``."""
        return self.update_match(
            match_id, lambda m, _: m.add_penalty(player, points, reason), "penalty",
            player=player, points=points, reason=reason,
        )  # fmt: skip

    def correct(
        self,
        match_id: str,
        hand_no: int,
        *,
        winner: str | None = None,
        discarder: str | None = None,
        fan: int | None = None,
        hand: str | None = None,
        flowers: int = 0,
        draw: bool = False,
    ) -> HandRecord:
        """Replace recorded hand ``hand_no`` (see :meth:`Match.correct`)."""

        def change(m: Match, options: dict[str, Any]) -> HandRecord:
            return m.correct(
                hand_no, winner=winner, discarder=discarder, fan=fan, hand=hand,
                flowers=flowers, draw=draw, options=_rules(options),
            )  # fmt: skip

        detail = {"hand_no": hand_no, "winner": winner, "discarder": discarder, "fan": fan,
                  "hand": hand, "flowers": flowers, "draw": draw}  # fmt: skip
        return self.update_match(match_id, change, "correct", **detail)

    def undo(self, match_id: str) -> HandRecord:
        """Remove the last row of a match's score sheet and return it."""

        def change(m: Match, _: dict[str, Any]) -> HandRecord:
            return m.undo()

        return self.update_match(match_id, change, "undo")

    # -- matches: exchange ---------------------------------------------------------------

    def export_match(self, match_id: str, fmt: str = "json") -> str:
        """The match as JSON (``Match.to_dict()``) or CSV (see :mod:`fanshu.match.exchange`),
        with the match's table-point scale."""
        _check_format(fmt)
        match, options = self._load(self._conn, match_id)
        scale = tuple(options.get("scale", SCALE_STANDARD))
        if fmt == "csv":
            return exchange.match_to_csv(match, scale)
        return json.dumps(match.to_dict(scale), ensure_ascii=False, indent=2) + "\n"

    def import_match(self, text: str, fmt: str = "json", *, id: str | None = None) -> str:
        """Store a match read from JSON or CSV (every row re-settled by the rules, so a file
        whose numbers were edited is refused); returns its id: ``id``, else the file's id
        when it is free, else a new one."""
        _check_format(fmt)
        scale: tuple[int, ...]
        if fmt == "csv":
            match, scale = exchange.match_scale_from_csv(text)  # 4/2/1/0 in older files
        else:
            match, scale = exchange.match_scale_from_json(text)  # older files: as before
        with self._transaction() as c:
            wanted = id if id is not None else match.id
            if id is None and (
                not wanted or c.execute("SELECT 1 FROM matches WHERE id = ?", (wanted,)).fetchone()
            ):
                wanted = None
            match_id = self._insert_match(c, match.players, {"scale": list(scale)}, wanted)
            self._write_rows(c, match_id, [], [r.to_dict() for r in match.records])
            self._log(c, "import", {"format": fmt, "from_id": match.id}, match_id=match_id)
            return match_id

    # -- tournaments ---------------------------------------------------------------------

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
            raise MatchError(f"give the player names as a list, not the string {players!r}")
        t = Tournament(list(players), sessions=sessions, name=name, scale=scale)
        with self._transaction() as c:
            return self._insert_tournament(c, t, id)

    def _insert_tournament(self, c: sqlite3.Connection, t: Tournament, tid: str | None) -> str:
        if tid is None:
            tid = self._fresh_id(c, "tournaments")
        elif not isinstance(tid, str) or not tid.strip():
            raise MatchError(f"a tournament id is a non-empty string, not {tid!r}")
        elif c.execute("SELECT 1 FROM tournaments WHERE id = ?", (tid,)).fetchone():
            raise StoreError(f"a tournament {tid!r} already exists in {self.path}")
        now = _now()
        options = {"sessions": t.sessions, "scale": list(t.scale)}
        c.execute(
            "INSERT INTO tournaments (id, created, name, players, options, updated) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (tid, now, t.name or "", _dumps(list(t.players)), _dumps(options), now),
        )
        self._log(c, "create", {"players": list(t.players), **options}, tournament_id=tid)
        return tid

    def _load_tournament(self, c: sqlite3.Connection, tid: str) -> Tournament:
        if not isinstance(tid, str):
            raise StoreError(f"a tournament id is a string, not {tid!r}")
        row = c.execute(
            "SELECT name, players, options FROM tournaments WHERE id = ?", (tid,)
        ).fetchone()
        if row is None:
            ids = [r[0] for r in c.execute("SELECT id FROM tournaments ORDER BY created DESC")]
            hint = f" (tournaments: {', '.join(ids[:5])})" if ids else " (it holds none yet)"
            raise StoreError(f"no tournament {tid!r} in {self.path}{hint}")
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
                    t.set_match(s, n, self._load(c, match_id)[0])
                elif result is not None:
                    t.set_result(s, n, json.loads(result))
        except MatchError as exc:
            raise StoreError(f"tournament {tid!r} does not read back: {exc}") from None
        return t

    def load_tournament(self, tid: str) -> Tournament:
        """A tournament with its seatings and table results (matches loaded)."""
        return self._load_tournament(self._conn, tid)

    def list_tournaments(self) -> list[dict[str, Any]]:
        """Every tournament, oldest first: id, created, name, players, sessions seated."""
        out: list[dict[str, Any]] = []
        for tid, created, name, players, options in self._conn.execute(
            "SELECT id, created, name, players, options FROM tournaments ORDER BY created, id"
        ).fetchall():
            seated = self._conn.execute(
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
        with self._transaction() as c:
            t = self._load_tournament(c, tid)
            result = change(t)
            self._sync_tournament(c, tid, t)
            c.execute("UPDATE tournaments SET updated = ? WHERE id = ?", (_now(), tid))
            self._log(c, action, detail, tournament_id=tid)
            return result

    def _sync_tournament(self, c: sqlite3.Connection, tid: str, t: Tournament) -> None:
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
                "INSERT OR IGNORE INTO sessions (tournament_id, number) VALUES (?, ?)", (tid, s)
            )
            c.execute("DELETE FROM tables WHERE tournament_id = ? AND session = ?", (tid, s))
            for n, table in enumerate(tables, 1):
                c.execute(
                    "INSERT INTO tables (tournament_id, session, number, players) "
                    "VALUES (?, ?, ?, ?)",
                    (tid, s, n, _dumps(table)),
                )
        options = {"scale": list(t.scale)}
        for r in t.to_dict()["results"]:
            key = (tid, r["session"], r["table"])
            if "totals" in r:
                c.execute(
                    "UPDATE tables SET result = ?, match_id = NULL "
                    "WHERE tournament_id = ? AND session = ? AND number = ?",
                    (_dumps(r["totals"]), *key),
                )
                continue
            m = r["match"]
            if not c.execute("SELECT 1 FROM matches WHERE id = ?", (m["id"],)).fetchone():
                names = [p["name"] for p in m["players"]]
                self._insert_match(c, names, options, m["id"])
                self._write_rows(c, m["id"], [], m["hands"])
            c.execute(
                "UPDATE tables SET match_id = ?, result = NULL "
                "WHERE tournament_id = ? AND session = ? AND number = ?",
                (m["id"], *key),
            )

    def seat_session(self, tid: str, session_no: int, tables: Sequence[Sequence[str]]) -> None:
        """Enter the seating of a session (see :meth:`Tournament.seat_session`)."""
        self.update_tournament(
            tid, lambda t: t.seat_session(session_no, tables), "seat",
            session=session_no, tables=[list(x) for x in tables],
        )  # fmt: skip

    def generate_seating(self, tid: str, sessions: int | None = None, seed: int = 0) -> Seating:
        """Seat every session not yet seated with few repeated opponents."""
        return self.update_tournament(
            tid, lambda t: t.generate_seating(sessions, seed), "generate_seating",
            sessions=sessions, seed=seed,
        )  # fmt: skip

    def table_match(self, tid: str, session_no: int, table_no: int) -> str:
        """The id of the score sheet of a tournament table (opened on first use); record
        its hands with :meth:`record_win` and the rest."""

        def change(t: Tournament) -> str:
            m = t.match(session_no, table_no)
            if m.id is None:  # pragma: no cover - the model names table matches
                raise MatchError("the table match has no id")
            return m.id

        return self.update_tournament(tid, change, "open_table", session=session_no, table=table_no)

    def set_result(
        self, tid: str, session_no: int, table_no: int, totals: Mapping[str, int]
    ) -> None:
        """Enter a table's final match scores without the hands."""
        self.update_tournament(
            tid, lambda t: t.set_result(session_no, table_no, totals), "result",
            session=session_no, table=table_no, totals=dict(totals),
        )  # fmt: skip

    def standings(self, tid: str) -> list[Standing]:
        """The standings of a tournament (complete tables only)."""
        return self.load_tournament(tid).standings()

    def export_tournament(self, tid: str, fmt: str = "json") -> str:
        """The tournament as JSON or CSV (see :mod:`fanshu.match.exchange`)."""
        _check_format(fmt)
        t = self.load_tournament(tid)
        if fmt == "csv":
            return exchange.tournament_to_csv(t)
        return exchange.tournament_to_json(t) + "\n"

    def import_tournament(self, text: str, fmt: str = "json", *, id: str | None = None) -> str:
        """Store a tournament read from JSON or CSV; returns its id (``id``, else the
        file's when free, else a new one).  Its table matches get ids ``<id>-s<n>t<m>``."""
        _check_format(fmt)
        if fmt == "csv":
            t = exchange.tournament_from_csv(text)
        else:
            t = exchange.tournament_from_json(text)
        from_id = t.id
        with self._transaction() as c:
            wanted = id if id is not None else t.id
            if id is None and (
                not wanted
                or c.execute("SELECT 1 FROM tournaments WHERE id = ?", (wanted,)).fetchone()
            ):
                wanted = None
            tid = self._insert_tournament(c, t, wanted)
            t.id = tid
            for r in t.results():
                try:
                    m = t.match(r.session, r.table)
                except MatchError:
                    continue  # entered totals
                m.id = f"{tid}-s{r.session}t{r.table}"
                if c.execute("SELECT 1 FROM matches WHERE id = ?", (m.id,)).fetchone():
                    raise StoreError(f"a match {m.id!r} already exists in {self.path}")
            self._sync_tournament(c, tid, t)
            self._log(c, "import", {"format": fmt, "from_id": from_id}, tournament_id=tid)
            return tid

    # -- parts of the schema -------------------------------------------------------------

    def part_version(self, name: str) -> int:
        """The version of schema part ``name`` in the file (0: not created yet)."""
        try:
            row = self._conn.execute(
                "SELECT version FROM schema_parts WHERE name = ?", (name,)
            ).fetchone()
        except sqlite3.OperationalError as exc:
            if "no such table" in str(exc):
                return 0
            raise StoreError(f"cannot use {self.path} as a fanshu database: {exc}") from None
        return 0 if row is None else int(row[0])

    def _migrate_part(self, name: str, migrations: Sequence[Migration]) -> None:
        """Create or migrate schema part ``name`` as :meth:`_migrate` does the core: the
        missing steps, in order, in one transaction with the version they reach."""
        target = len(migrations)
        version = self.part_version(name)
        if version == target:
            return
        newer = (
            f"the database {self.path} has {name} schema version {{}}, newer than this "
            f"fanshu understands ({target}): upgrade fanshu"
        )
        if version > target:
            raise StoreError(newer.format(version))
        with self._transaction() as c:
            c.execute(_PARTS_TABLE)
            # Read again under the write lock: another process may have migrated meanwhile.
            version = self.part_version(name)
            if version > target:
                raise StoreError(newer.format(version))
            for n in range(version, target):
                _run_step(c, migrations[n])
            c.execute(
                "INSERT INTO schema_parts (name, version) VALUES (?, ?) "
                "ON CONFLICT (name) DO UPDATE SET version = excluded.version",
                (name, target),
            )

    # -- games against bots (the web app's /v1/games) ------------------------------------

    def open_games(self) -> None:
        """Create or migrate the ``games`` table (:data:`GAMES_MIGRATIONS`)."""
        self._migrate_part("games", GAMES_MIGRATIONS)

    def game_version(self, game_id: str) -> int | None:
        """The stored version (event count) of a game, or None if there is no such game."""
        row = self._conn.execute("SELECT events FROM games WHERE id = ?", (game_id,)).fetchone()
        return None if row is None else int(row[0])

    def load_game(self, game_id: str) -> StoredGame | None:
        """A stored game, or None; :class:`StoreError` for a row that does not read back."""
        row = self._conn.execute(
            "SELECT id, rules, seat, players, seed, options, config, events, done, log, "
            "written_by, created, updated FROM games WHERE id = ?",
            (game_id,),
        ).fetchone()
        if row is None:
            return None
        gid, rules, seat, players, seed, options, config, events, done, log, by, made, at = row
        try:
            return StoredGame(
                gid, rules, int(seat), tuple(json.loads(players)), int(seed),
                None if options is None else json.loads(options), json.loads(config),
                int(events), bool(done), log, by, made, at,
            )  # fmt: skip
        except (TypeError, ValueError) as exc:
            raise StoreError(f"game {game_id!r} does not read back: {exc}") from None

    def _game_values(self, game: StoredGame) -> tuple[Any, ...]:
        return (
            game.rules, game.seat, _dumps(list(game.players)), game.seed,
            None if game.options is None else _dumps(game.options), _dumps(game.config),
            game.events, int(game.done), game.log, game.written_by,
        )  # fmt: skip

    @staticmethod
    def _next_touch(c: sqlite3.Connection) -> int:
        return int(c.execute("SELECT coalesce(max(touched), 0) + 1 FROM games").fetchone()[0])

    def insert_game(self, game: StoredGame, *, keep: int) -> list[str]:
        """Store a new game and, in the same transaction, delete the games beyond the
        ``keep`` most recently written; returns the ids deleted."""
        if keep < 1:
            raise StoreError(f"keep at least 1 game, not {keep}")
        with self._transaction() as c:
            if c.execute("SELECT 1 FROM games WHERE id = ?", (game.id,)).fetchone():
                raise StoreError(f"a game {game.id!r} already exists in {self.path}")
            now = _now()
            c.execute(
                "INSERT INTO games (rules, seat, players, seed, options, config, events, done, "
                "log, written_by, id, created, updated, touched) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (*self._game_values(game), game.id, now, now, self._next_touch(c)),
            )
            # the oldest rows past ``keep``: an index scan from the newest
            gone = [
                r[0]
                for r in c.execute(
                    "SELECT id FROM games ORDER BY touched DESC LIMIT -1 OFFSET ?", (keep,)
                )
            ]
            c.executemany("DELETE FROM games WHERE id = ?", [(g,) for g in gone])
            return gone

    def update_game(self, game: StoredGame, *, previous: int) -> bool:
        """Write a game's new state if the stored one is still version ``previous``
        (else another writer got there first, or the game is gone: False)."""
        with self._transaction() as c:
            cur = c.execute(
                "UPDATE games SET rules = ?, seat = ?, players = ?, seed = ?, options = ?, "
                "config = ?, events = ?, done = ?, log = ?, written_by = ?, updated = ?, "
                "touched = ? WHERE id = ? AND events = ?",
                (*self._game_values(game), _now(), self._next_touch(c), game.id, previous),
            )
            return cur.rowcount == 1

    def delete_game(self, game_id: str) -> bool:
        """Delete a stored game; False if there was none."""
        with self._transaction() as c:
            return c.execute("DELETE FROM games WHERE id = ?", (game_id,)).rowcount == 1

    def count_games(self) -> int:
        """How many games are stored."""
        return int(self._conn.execute("SELECT count(*) FROM games").fetchone()[0])


def _rules(options: dict[str, Any]) -> McrOptions | None:
    rules = options.get("rules")
    return None if rules is None else McrOptions.from_dict(dict(rules))


# -- export and import ------------------------------------------------------------------

FORMATS = ("json", "csv")


def _check_format(fmt: str) -> str:
    if fmt not in FORMATS:
        raise StoreError(f"unknown format {fmt!r}: one of {', '.join(FORMATS)}")
    return fmt


def guess_format(name: str, text: str) -> str:
    """``json`` or ``csv`` from a file name, else from the first character of the text."""
    lower = name.lower()
    if lower.endswith(".json"):
        return "json"
    if lower.endswith(".csv"):
        return "csv"
    return "json" if text.lstrip().startswith("{") else "csv"
