"""The web app's live tables (``/v1/tables``) in SQL (SQLite or PostgreSQL): the
``live_tables`` and ``live_table_hands`` tables.

A schema part (:data:`fanshu.store.schema.TABLES_MIGRATIONS`, versioned in
``schema_parts`` as ``tables``) created on first use by :meth:`SqlTables.open_tables`,
as the games' part is: a fanshu that knows nothing of tables still opens the file.
"""

from __future__ import annotations

import json
from typing import Any

from fanshu.i18n import msg
from fanshu.store import schema
from fanshu.store.connection import Database, dumps, now
from fanshu.store.interface import StoredTable, StoreError
from fanshu.store.migrations import migrate_part

__all__ = ["SqlTables"]


class SqlTables:
    """:class:`~fanshu.store.interface.TableStore` in portable SQL: a part of
    ``SqliteStore`` and of ``PostgresStore``."""

    _db: Database
    path: str

    def open_tables(self) -> None:
        """Create or migrate the live tables' part
        (:data:`~fanshu.store.schema.TABLES_MIGRATIONS`)."""
        migrate_part(self._db, "tables", schema.TABLES_MIGRATIONS)

    def insert_table(self, table: StoredTable) -> None:
        """Store a new table with its hands; ``StoreError`` if the id is taken."""
        with self._db.transaction() as c:
            if self._db.exists(c, "live_tables", table.id):
                raise StoreError(
                    msg("a table {id!r} already exists in {path}", id=table.id, path=self.path)
                )
            at = now()
            c.execute(
                "INSERT INTO live_tables (id, created, updated, written_by, owner, spec, "
                "seat_tokens, watch, takeover) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    table.id,
                    at,
                    at,
                    table.written_by,
                    table.owner,
                    dumps(table.spec),
                    dumps(list(table.seat_tokens)),
                    table.watch,
                    dumps(table.takeover),
                ),
            )
            c.executemany(
                "INSERT INTO live_table_hands (table_id, number, log) VALUES (?, ?, ?)",
                [(table.id, k + 1, log) for k, log in enumerate(table.hands)],
            )

    def load_table(self, table_id: str) -> StoredTable | None:
        """A stored table, or None; :class:`StoreError` for a row that does not read back."""
        conn = self._db.conn
        row = conn.execute(
            "SELECT id, created, updated, written_by, owner, spec, seat_tokens, watch, "
            "takeover FROM live_tables WHERE id = ?",
            (table_id,),
        ).fetchone()
        if row is None:
            return None
        tid, made, at, by, owner, spec, tokens, watch, takeover = row
        hands = conn.execute(
            "SELECT number, log FROM live_table_hands WHERE table_id = ? ORDER BY number",
            (table_id,),
        ).fetchall()
        try:
            numbers = [int(h[0]) for h in hands]
            if numbers != list(range(1, len(hands) + 1)):
                raise ValueError(f"its hands are numbered {numbers}")
            loaded: dict[str, Any] = json.loads(spec)
            return StoredTable(
                id=tid,
                spec=loaded,
                seat_tokens=tuple(json.loads(tokens)),
                watch=watch,
                owner=owner,
                takeover=dict(json.loads(takeover)),
                hands=tuple(str(h[1]) for h in hands),
                written_by=by,
                created=made,
                updated=at,
            )
        except (TypeError, ValueError) as exc:
            raise StoreError(
                msg("table {table_id!r} does not read back: {exc}", table_id=table_id, exc=exc)
            ) from None

    def save_table(self, table_id: str, hands: dict[int, str], takeover: dict[str, str]) -> bool:
        """Write the logs of the hands that changed (number from 1 -> log, new ones
        added) and the seats a bot plays, in one transaction; False if there is no such
        table."""
        with self._db.transaction() as c:
            cur = c.execute(
                "UPDATE live_tables SET updated = ?, takeover = ? WHERE id = ?",
                (now(), dumps(takeover), table_id),
            )
            if cur.rowcount != 1:
                return False
            c.executemany(
                "INSERT INTO live_table_hands (table_id, number, log) VALUES (?, ?, ?) "
                "ON CONFLICT (table_id, number) DO UPDATE SET log = excluded.log",
                [(table_id, number, log) for number, log in sorted(hands.items())],
            )
            return True

    def delete_table(self, table_id: str) -> bool:
        """Delete a table and its hands; False if there was none."""
        with self._db.transaction() as c:
            c.execute("DELETE FROM live_table_hands WHERE table_id = ?", (table_id,))
            return c.execute("DELETE FROM live_tables WHERE id = ?", (table_id,)).rowcount == 1

    def table_ids(self, owner: str | None = None) -> list[str]:
        """The stored tables' ids, newest first (only ``owner``'s, when given)."""
        if owner is None:
            rows = self._db.conn.execute(
                "SELECT id FROM live_tables ORDER BY created DESC, id"
            ).fetchall()
        else:
            rows = self._db.conn.execute(
                "SELECT id FROM live_tables WHERE owner = ? ORDER BY created DESC, id", (owner,)
            ).fetchall()
        return [r[0] for r in rows]
