"""The web app's games against bots (``/v1/games``) in SQL (SQLite or PostgreSQL): the
``games`` table.

The table is a schema part (:data:`fanshu.store.schema.GAMES_MIGRATIONS`, versioned in
``schema_parts``) created on first use by :meth:`SqlGames.open_games`: the score-sheet
schema and its ``user_version`` stay as they are, so a fanshu that knows nothing of
games still opens a file the server has used.
"""

from __future__ import annotations

import json
from typing import Any

from fanshu.i18n import msg
from fanshu.store import schema
from fanshu.store.connection import Database, dumps, now
from fanshu.store.interface import StoredGame, StoreError
from fanshu.store.migrations import migrate_part
from fanshu.store.sql import Connection

__all__ = ["SqlGames"]


def _values(game: StoredGame) -> tuple[Any, ...]:
    """The stored columns of a game, in the order the statements below name them."""
    options = None if game.options is None else dumps(game.options)
    return (
        game.rules,
        game.seat,
        dumps(list(game.players)),
        game.seed,
        options,
        dumps(game.config),
        game.events,
        int(game.done),
        game.log,
        game.written_by,
    )


def _next_touch(c: Connection) -> int:
    """The next value of ``touched``, which orders the rows by their last write."""
    return int(c.execute("SELECT coalesce(max(touched), 0) + 1 FROM games").fetchone()[0])


class SqlGames:
    """:class:`~fanshu.store.interface.GameStore` in portable SQL: a part of ``SqliteStore`` and of
    ``PostgresStore``."""

    _db: Database
    path: str

    def open_games(self) -> None:
        """Create or migrate the ``games`` table (:data:`~fanshu.store.schema.GAMES_MIGRATIONS`)."""
        migrate_part(self._db, "games", schema.GAMES_MIGRATIONS)

    def game_version(self, game_id: str) -> int | None:
        """The stored version (event count) of a game, or None if there is no such game."""
        row = self._db.conn.execute("SELECT events FROM games WHERE id = ?", (game_id,)).fetchone()
        return None if row is None else int(row[0])

    def load_game(self, game_id: str) -> StoredGame | None:
        """A stored game, or None; :class:`StoreError` for a row that does not read back."""
        row = self._db.conn.execute(
            "SELECT id, rules, seat, players, seed, options, config, events, done, log, "
            "written_by, created, updated FROM games WHERE id = ?",
            (game_id,),
        ).fetchone()
        if row is None:
            return None
        gid, rules, seat, players, seed, options, config, events, done, log, by, made, at = row
        try:
            return StoredGame(
                id=gid,
                rules=rules,
                seat=int(seat),
                players=tuple(json.loads(players)),
                seed=int(seed),
                options=None if options is None else json.loads(options),
                config=json.loads(config),
                events=int(events),
                done=bool(done),
                log=log,
                written_by=by,
                created=made,
                updated=at,
            )
        except (TypeError, ValueError) as exc:
            raise StoreError(
                msg("game {game_id!r} does not read back: {exc}", game_id=game_id, exc=exc)
            ) from None

    def insert_game(self, game: StoredGame, *, keep: int) -> list[str]:
        """Store a new game and, in the same transaction, delete the games beyond the
        ``keep`` most recently written; returns the ids deleted."""
        if keep < 1:
            raise StoreError(msg("keep at least 1 game, not {keep}", keep=keep))
        with self._db.transaction() as c:
            if self._db.exists(c, "games", game.id):
                raise StoreError(
                    msg("a game {id!r} already exists in {path}", id=game.id, path=self.path)
                )
            at = now()
            c.execute(
                "INSERT INTO games (rules, seat, players, seed, options, config, events, done, "
                "log, written_by, id, created, updated, touched) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (*_values(game), game.id, at, at, _next_touch(c)),
            )
            # the oldest rows past ``keep``: at and below the ``keep``-th newest write (an
            # index scan from the newest; ``touched`` grows by one with each write)
            gone = [
                r[0]
                for r in c.execute(
                    "SELECT id FROM games WHERE touched <= (SELECT touched FROM games "
                    "ORDER BY touched DESC LIMIT 1 OFFSET ?) ORDER BY touched DESC",
                    (keep,),
                )
            ]
            c.executemany("DELETE FROM games WHERE id = ?", [(g,) for g in gone])
            return gone

    def update_game(self, game: StoredGame, *, previous: int) -> bool:
        """Write a game's new state if the stored one is still version ``previous``
        (else another writer got there first, or the game is gone: False)."""
        with self._db.transaction() as c:
            cur = c.execute(
                "UPDATE games SET rules = ?, seat = ?, players = ?, seed = ?, options = ?, "
                "config = ?, events = ?, done = ?, log = ?, written_by = ?, updated = ?, "
                "touched = ? WHERE id = ? AND events = ?",
                (*_values(game), now(), _next_touch(c), game.id, previous),
            )
            return cur.rowcount == 1

    def delete_game(self, game_id: str) -> bool:
        """Delete a stored game; False if there was none."""
        with self._db.transaction() as c:
            return c.execute("DELETE FROM games WHERE id = ?", (game_id,)).rowcount == 1

    def count_games(self) -> int:
        """How many games are stored."""
        return int(self._db.conn.execute("SELECT count(*) FROM games").fetchone()[0])
