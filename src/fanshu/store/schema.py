"""The SQLite schema: the core tables (versioned by ``PRAGMA user_version``) and the
parts of the schema that only some commands use (versioned in ``schema_parts``).

Each migration is data: SQL statements run in order, or a function of the connection;
:mod:`fanshu.store.migrations` applies them.  Append new ones; never edit a released one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from fanshu.store.sql import Connection

__all__ = [
    "ACCESS_MIGRATIONS",
    "GAMES_MIGRATIONS",
    "MIGRATIONS",
    "PARTS_TABLE",
    "RULE_SHEETS_MIGRATIONS",
    "SCHEMA_VERSION",
    "TABLES_MIGRATIONS",
    "Migration",
    "run_step",
]

#: A migration: SQL statements run in order, or a function given the connection.  Each
#: migration runs in one transaction together with the ``user_version`` bump.
Migration = Sequence[str] | Callable[[Connection], None]


def run_step(c: Connection, step: Migration) -> None:
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

# From here on every step is portable SQL (it runs unchanged on SQLite and PostgreSQL).
_MIGRATION_2: tuple[str, ...] = (
    # Who made each change (``token:<label>``, ``account:<name>``, ``cli:<user>``); rows
    # written before this step have ''.
    "ALTER TABLE events ADD COLUMN actor TEXT NOT NULL DEFAULT ''",
)

#: The forward migrations, in order: ``MIGRATIONS[i]`` takes the schema from version ``i``
#: to ``i + 1``.  Append new ones; never edit a released one.
MIGRATIONS: tuple[Migration, ...] = (_MIGRATION_1, _MIGRATION_2)
#: The schema version this fanshu writes.
SCHEMA_VERSION = len(MIGRATIONS)

#: Parts of the schema that only some commands use, each with its own version (a row
#: here): a part's tables are created and migrated by the code that uses them, on first
#: use, so the core version above (``user_version``) does not change for them.
PARTS_TABLE = """CREATE TABLE IF NOT EXISTS schema_parts (
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

_RULE_SHEETS_1: tuple[str, ...] = (
    # Score sheets of the rule sets other than MCR (fanshu.match.rule_sheet): two to four
    # players, which the core ``matches`` table (exactly four) cannot hold, so they live
    # in a part of their own and the MCR tables and files stay as they are.  Each hand
    # row keeps what was recorded and what each part of it paid; ``seq`` orders the rows
    # (hands and penalties) as on the sheet.
    """CREATE TABLE rule_matches (
        id       TEXT PRIMARY KEY,
        created  TEXT NOT NULL,
        rules    TEXT NOT NULL,
        players  TEXT NOT NULL
                 CHECK (json_valid(players) AND json_array_length(players) BETWEEN 2 AND 4),
        options  TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(options)),
        updated  TEXT NOT NULL
    )""",
    """CREATE TABLE rule_rows (
        match_id TEXT NOT NULL REFERENCES rule_matches(id) ON DELETE CASCADE,
        seq      INTEGER NOT NULL CHECK (seq >= 0),
        number   INTEGER NOT NULL CHECK (number BETWEEN 1 AND 16),
        kind     TEXT NOT NULL CHECK (kind IN ('win', 'draw', 'penalty')),
        record   TEXT NOT NULL CHECK (json_valid(record)),
        PRIMARY KEY (match_id, seq)
    ) WITHOUT ROWID""",
    "CREATE UNIQUE INDEX rule_hands_once ON rule_rows(match_id, number) "
    "WHERE kind IN ('win', 'draw')",
    """CREATE TABLE rule_events (
        id       INTEGER PRIMARY KEY AUTOINCREMENT,
        at       TEXT NOT NULL,
        match_id TEXT NOT NULL REFERENCES rule_matches(id) ON DELETE CASCADE,
        action   TEXT NOT NULL,
        detail   TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(detail))
    )""",
    "CREATE INDEX rule_events_by_match ON rule_events(match_id)",
)

#: The forward migrations of the ``rule_sheets`` part, created with the first score
#: sheet of a rule set other than MCR.
RULE_SHEETS_MIGRATIONS: tuple[Migration, ...] = (
    _RULE_SHEETS_1,
    ("ALTER TABLE rule_events ADD COLUMN actor TEXT NOT NULL DEFAULT ''",),  # as core 2
)

_ACCESS_1: tuple[str, ...] = (
    # Portable SQL (SQLite and PostgreSQL).  A grant: the SHA-256 hex digest of a share
    # token (the raw token is shown once and never kept) and what it opens.  No foreign
    # key to the object: a match is in ``matches`` or ``rule_matches``.
    """CREATE TABLE grants (
        token_hash TEXT PRIMARY KEY,
        kind       TEXT NOT NULL CHECK (kind IN ('match', 'tournament')),
        object_id  TEXT NOT NULL,
        role       TEXT NOT NULL CHECK (role IN ('edit', 'view')),
        label      TEXT NOT NULL DEFAULT '',
        created    TEXT NOT NULL
    )""",
    "CREATE INDEX grants_by_object ON grants(kind, object_id)",
    # Club-mode accounts; ``password`` is ``scrypt$n$r$p$salt_b64$hash_b64``.
    """CREATE TABLE accounts (
        name     TEXT PRIMARY KEY,
        role     TEXT NOT NULL CHECK (role IN ('organiser', 'player')),
        password TEXT NOT NULL,
        created  TEXT NOT NULL
    )""",
    # What an account created (and so owns).
    """CREATE TABLE account_objects (
        account   TEXT NOT NULL REFERENCES accounts(name) ON DELETE CASCADE,
        kind      TEXT NOT NULL CHECK (kind IN ('match', 'tournament')),
        object_id TEXT NOT NULL,
        created   TEXT NOT NULL,
        PRIMARY KEY (account, kind, object_id)
    )""",
    # Logged-in browsers (the ``fanshu_session`` cookie, kept as its SHA-256 digest) and
    # each one's CSRF token.  Not ``sessions``: that is the tournaments' table.
    """CREATE TABLE login_sessions (
        token_hash TEXT PRIMARY KEY,
        account    TEXT NOT NULL REFERENCES accounts(name) ON DELETE CASCADE,
        csrf       TEXT NOT NULL,
        created    TEXT NOT NULL,
        expires    TEXT NOT NULL
    )""",
    "CREATE INDEX login_sessions_by_account ON login_sessions(account)",
)

#: The forward migrations of the ``access`` part (grants, accounts, login sessions),
#: created with the first grant or account.  Portable SQL only.
ACCESS_MIGRATIONS: tuple[Migration, ...] = (_ACCESS_1,)

_TABLES_1: tuple[str, ...] = (
    # Portable SQL (SQLite and PostgreSQL).  The live tables of the web app
    # (``/v1/tables``, fanshu.tables): the set-up as JSON, each seat's token as its
    # SHA-256 hex digest (JSON array, null for a bot's seat), the watch id's digest, the
    # owning account (club mode) and the seats a bot plays for now.  Not ``tables``:
    # that is the tournaments' table.
    """CREATE TABLE live_tables (
        id          TEXT PRIMARY KEY,
        created     TEXT NOT NULL,
        updated     TEXT NOT NULL,
        written_by  TEXT NOT NULL DEFAULT '',
        owner       TEXT,
        spec        TEXT NOT NULL,
        seat_tokens TEXT NOT NULL,
        watch       TEXT NOT NULL,
        takeover    TEXT NOT NULL DEFAULT '{}'
    )""",
    "CREATE INDEX live_tables_by_owner ON live_tables(owner)",
    # Each hand's engine log (JSON Lines, docs/engine-log.md), rewritten after every
    # change: a restart rebuilds the table by playing the logged decisions again.
    """CREATE TABLE live_table_hands (
        table_id TEXT NOT NULL REFERENCES live_tables(id) ON DELETE CASCADE,
        number   INTEGER NOT NULL CHECK (number >= 1),
        log      TEXT NOT NULL,
        PRIMARY KEY (table_id, number)
    )""",
)

#: The forward migrations of the ``tables`` part (live tables), created with the first
#: table.  Portable SQL only.
TABLES_MIGRATIONS: tuple[Migration, ...] = (_TABLES_1,)
