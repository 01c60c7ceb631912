"""The PostgreSQL schema: the first step of the core schema and of each schema part that
SQLite's first step writes in SQLite's own SQL, translated; every later step is the same
portable SQL on both backends (:mod:`fanshu.store.schema`), run from there.

The translation keeps the tables, columns, keys, checks and indexes of SQLite's step
one, with PostgreSQL's means: JSON stays TEXT (as the SQLite store reads and writes it)
and is checked by a cast (``players::json``, which refuses text that is not JSON);
``INTEGER PRIMARY KEY AUTOINCREMENT`` is an identity column; there is no ``WITHOUT
ROWID``; counters that SQLite keeps in 64 bits are ``BIGINT``.  Ids and times sort
byte-wise (``COLLATE "C"``), as in SQLite, whatever the database's locale.  The core
version is the one row of ``schema_version`` (SQLite: ``PRAGMA user_version``); the
parts are versioned in ``schema_parts`` as in SQLite.
"""

from __future__ import annotations

from collections.abc import Sequence

from fanshu.store.schema import Migration

__all__ = ["FIRST_STEPS", "PARTS_TABLE", "VERSION_TABLE", "steps"]

#: The core schema version: one row (SQLite keeps it in ``PRAGMA user_version``).
VERSION_TABLE = """CREATE TABLE IF NOT EXISTS schema_version (
    one     BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (one),
    version INTEGER NOT NULL CHECK (version >= 0)
)"""

#: The versions of the schema parts, as :data:`fanshu.store.schema.PARTS_TABLE`.
PARTS_TABLE = """CREATE TABLE IF NOT EXISTS schema_parts (
    name    TEXT PRIMARY KEY,
    version INTEGER NOT NULL CHECK (version >= 1)
)"""

_CORE_1: tuple[str, ...] = (
    """CREATE TABLE tournaments (
        id       TEXT COLLATE "C" PRIMARY KEY,
        created  TEXT COLLATE "C" NOT NULL,
        name     TEXT NOT NULL DEFAULT '',
        players  TEXT NOT NULL CHECK (json_typeof(players::json) = 'array'),
        options  TEXT NOT NULL DEFAULT '{}' CHECK (options::json IS NOT NULL),
        updated  TEXT COLLATE "C" NOT NULL
    )""",
    """CREATE TABLE sessions (
        tournament_id TEXT COLLATE "C" NOT NULL
                      REFERENCES tournaments(id) ON DELETE CASCADE,
        number        INTEGER NOT NULL CHECK (number >= 1),
        PRIMARY KEY (tournament_id, number)
    )""",
    """CREATE TABLE matches (
        id       TEXT COLLATE "C" PRIMARY KEY,
        created  TEXT COLLATE "C" NOT NULL,
        players  TEXT NOT NULL CHECK (json_array_length(players::json) = 4),
        options  TEXT NOT NULL DEFAULT '{}' CHECK (options::json IS NOT NULL),
        updated  TEXT COLLATE "C" NOT NULL
    )""",
    """CREATE TABLE tables (
        tournament_id TEXT COLLATE "C" NOT NULL,
        session       INTEGER NOT NULL,
        number        INTEGER NOT NULL CHECK (number >= 1),
        players       TEXT NOT NULL CHECK (json_array_length(players::json) = 4),
        match_id      TEXT COLLATE "C" UNIQUE REFERENCES matches(id) ON DELETE SET NULL,
        result        TEXT CHECK (result IS NULL OR result::json IS NOT NULL),
        PRIMARY KEY (tournament_id, session, number),
        FOREIGN KEY (tournament_id, session)
            REFERENCES sessions(tournament_id, number) ON DELETE CASCADE
    )""",
    """CREATE TABLE hands (
        match_id TEXT COLLATE "C" NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
        number   INTEGER NOT NULL CHECK (number BETWEEN 1 AND 16),
        seq      INTEGER NOT NULL CHECK (seq >= 0),
        kind     TEXT NOT NULL CHECK (kind IN ('win', 'draw')),
        record   TEXT NOT NULL CHECK (record::json IS NOT NULL),
        PRIMARY KEY (match_id, number),
        UNIQUE (match_id, seq)
    )""",
    """CREATE TABLE penalties (
        match_id TEXT COLLATE "C" NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
        seq      INTEGER NOT NULL CHECK (seq >= 0),
        number   INTEGER NOT NULL CHECK (number BETWEEN 1 AND 16),
        kind     TEXT NOT NULL CHECK (kind IN ('false_win', 'penalty')),
        player   TEXT NOT NULL,
        record   TEXT NOT NULL CHECK (record::json IS NOT NULL),
        PRIMARY KEY (match_id, seq)
    )""",
    """CREATE TABLE events (
        id            BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        at            TEXT COLLATE "C" NOT NULL,
        match_id      TEXT COLLATE "C" REFERENCES matches(id) ON DELETE CASCADE,
        tournament_id TEXT COLLATE "C" REFERENCES tournaments(id) ON DELETE CASCADE,
        action        TEXT NOT NULL,
        detail        TEXT NOT NULL DEFAULT '{}' CHECK (detail::json IS NOT NULL)
    )""",
    "CREATE INDEX events_by_match ON events(match_id)",
    "CREATE INDEX events_by_tournament ON events(tournament_id)",
    "CREATE INDEX tables_by_match ON tables(match_id)",
)

_GAMES_1: tuple[str, ...] = (
    """CREATE TABLE games (
        id         TEXT COLLATE "C" PRIMARY KEY,
        created    TEXT COLLATE "C" NOT NULL,
        updated    TEXT COLLATE "C" NOT NULL,
        touched    BIGINT NOT NULL,
        written_by TEXT NOT NULL DEFAULT '',
        rules      TEXT NOT NULL,
        seat       INTEGER NOT NULL CHECK (seat >= 0),
        players    TEXT NOT NULL CHECK (json_typeof(players::json) = 'array'),
        seed       BIGINT NOT NULL,
        options    TEXT CHECK (options IS NULL OR options::json IS NOT NULL),
        config     TEXT NOT NULL DEFAULT '{}' CHECK (config::json IS NOT NULL),
        events     BIGINT NOT NULL CHECK (events >= 0),
        done       INTEGER NOT NULL DEFAULT 0 CHECK (done IN (0, 1)),
        log        TEXT NOT NULL
    )""",
    "CREATE INDEX games_by_touched ON games(touched)",
)

_RULE_SHEETS_1: tuple[str, ...] = (
    """CREATE TABLE rule_matches (
        id       TEXT COLLATE "C" PRIMARY KEY,
        created  TEXT COLLATE "C" NOT NULL,
        rules    TEXT NOT NULL,
        players  TEXT NOT NULL
                 CHECK (json_array_length(players::json) BETWEEN 2 AND 4),
        options  TEXT NOT NULL DEFAULT '{}' CHECK (options::json IS NOT NULL),
        updated  TEXT COLLATE "C" NOT NULL
    )""",
    """CREATE TABLE rule_rows (
        match_id TEXT COLLATE "C" NOT NULL REFERENCES rule_matches(id) ON DELETE CASCADE,
        seq      INTEGER NOT NULL CHECK (seq >= 0),
        number   INTEGER NOT NULL CHECK (number BETWEEN 1 AND 16),
        kind     TEXT NOT NULL CHECK (kind IN ('win', 'draw', 'penalty')),
        record   TEXT NOT NULL CHECK (record::json IS NOT NULL),
        PRIMARY KEY (match_id, seq)
    )""",
    "CREATE UNIQUE INDEX rule_hands_once ON rule_rows(match_id, number) "
    "WHERE kind IN ('win', 'draw')",
    """CREATE TABLE rule_events (
        id       BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        at       TEXT COLLATE "C" NOT NULL,
        match_id TEXT COLLATE "C" NOT NULL REFERENCES rule_matches(id) ON DELETE CASCADE,
        action   TEXT NOT NULL,
        detail   TEXT NOT NULL DEFAULT '{}' CHECK (detail::json IS NOT NULL)
    )""",
    "CREATE INDEX rule_events_by_match ON rule_events(match_id)",
)

#: PostgreSQL's first step of the core schema (``"core"``) and of each part whose first
#: step is SQLite's own SQL.  A part not named here (``access`` …) is portable SQL from
#: its first step and runs unchanged.
FIRST_STEPS: dict[str, Migration] = {
    "core": _CORE_1,
    "games": _GAMES_1,
    "rule_sheets": _RULE_SHEETS_1,
}


def steps(part: str, migrations: Sequence[Migration]) -> tuple[Migration, ...]:
    """The steps PostgreSQL runs for ``part`` (``"core"`` or a part's name) whose SQLite
    steps are ``migrations``: its own first step where SQLite's is not portable, then
    the same portable steps.

    >>> steps("games", ["sqlite step 1", "portable step 2"])[1:]
    ('portable step 2',)
    >>> steps("access", ["portable 1"])
    ('portable 1',)
    """
    if part in FIRST_STEPS and migrations:
        return (FIRST_STEPS[part], *migrations[1:])
    return tuple(migrations)
