"""The live tables of one server: creating them (the seat tokens and the watch id),
finding them by id (in memory, else rebuilt from the store), and what happens after
each change: the hands' logs written to the store, every listener woken (:mod:`hub`).

A table is kept in memory while it lives (at most :data:`MAX_TABLES` at once, unless
more have connections: a table someone is connected to stays; of the others the least
recently used finished table leaves first, then the least recently used) and in the
store (:class:`fanshu.store.StoredTable`): its set-up, each seat's token and the watch
id as SHA-256 digests (the raw values are given once, to the creator), and each hand's
engine log, rewritten after every change in one transaction.  After a restart (or when
it was dropped from memory) a table is rebuilt from the store by playing every logged
decision again (:meth:`Table.restore`), so the game goes on where it was; the table's
bots are shown again the decisions they made in that hand, so they go on as they would
have (a bot that took a person's seat over starts afresh).  One server process plays a
table: two processes on one database would each play their own copy.

>>> from fanshu.tables.timers import ManualTimers
>>> service = TableService(None, scheduler=ManualTimers())
>>> spec = TableSpec.create("two-player", ["human", "human"], seed=1, hands=1)
>>> made = service.create(spec)
>>> service.seat_of(made.table.id, made.tokens[1]), service.seat_of(made.table.id, "nope")
(1, None)
>>> service.is_watch(made.table.id, made.watch)
True
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from contextlib import AbstractContextManager, suppress
from dataclasses import dataclass
from typing import Any

from fanshu import __version__
from fanshu.errors import FanshuError
from fanshu.i18n import msg
from fanshu.match import from_game
from fanshu.match.from_game import SheetHand
from fanshu.match.results import result_to_dict
from fanshu.match.series import first_dealer
from fanshu.match.sheet import HandRecord, Match
from fanshu.store import Store, StoredTable, StoreError
from fanshu.tables.hub import Hub
from fanshu.tables.table import HUMAN, RebuildError, Table, TableNotFound, TableSpec
from fanshu.tables.timers import Scheduler, ThreadTimers

__all__ = ["MATCH_KEY", "MAX_TABLES", "Created", "TableService", "digest", "sheet_labels"]

log = logging.getLogger(__name__)

#: The key of a stored table's set-up (``StoredTable.spec``) that names its score sheet.
MATCH_KEY = "match"

#: Tables kept in memory at once (each a few hundred KB at most).
MAX_TABLES = 1000

#: A store for one use (``Database.open`` of the web app, or ``open_store``).
OpenStore = Callable[[], AbstractContextManager[Store]]


def sheet_labels(names: tuple[str, ...]) -> tuple[str, ...]:
    """The players' names on a table's score sheet: the seats' names, numbered when
    two are the same (a sheet's names differ).

    >>> sheet_labels(("Ann", "Bo")), sheet_labels(("Ann", "Ann"))
    (('Ann', 'Bo'), ('Ann 1', 'Ann 2'))
    """
    if len(set(names)) == len(names) and all(n.strip() for n in names):
        return names
    return tuple(f"{n} {p + 1}" for p, n in enumerate(names))


def digest(secret: str) -> str:
    """The SHA-256 hex digest a token is kept as."""
    return hashlib.sha256(secret.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class Created:
    """A new table, with its raw tokens (None for a bot's seat) and watch id."""

    table: Table
    tokens: list[str | None]
    watch: str


@dataclass(slots=True)
class _Entry:
    table: Table
    seat_tokens: tuple[str | None, ...]
    watch: str
    owner: str | None
    saved: list[str]  # each hand's log as last written
    labels: tuple[str, ...] = ()  # the players' names on the score sheet, by table seat
    recorded: int = 0  # the hands on the score sheet (``Table.match``)


class TableService:
    """The tables of one server (module text).  ``store`` opens the database (None:
    memory only, for tests and benches); ``scheduler`` runs the decision timers
    (default: threads); ``clock`` is the tables' clock."""

    def __init__(
        self,
        store: OpenStore | None,
        *,
        hub: Hub | None = None,
        scheduler: Scheduler | None = None,
        clock: Callable[[], float] | None = None,
        limit: int = MAX_TABLES,
    ) -> None:
        self._open = store
        self.hub = hub or Hub()
        self.scheduler: Scheduler = scheduler or ThreadTimers()
        now = getattr(scheduler, "now", None)
        self.clock: Callable[[], float] = clock or now or time.monotonic
        self.limit = limit
        self._tables: OrderedDict[str, _Entry] = OrderedDict()
        self._lock = threading.Lock()
        self._write = threading.Lock()  # around every write to the store (``_changed``)

    def __len__(self) -> int:
        return len(self._tables)

    def _with_store(self) -> AbstractContextManager[Store] | None:
        if self._open is None:
            return None
        return self._open()

    def _ready(self, store: Store) -> Store:
        store.open_tables()  # a version check once the part is there (as the games' is)
        return store

    def _table(self, table_id: str, spec: TableSpec) -> Table:
        return Table(
            table_id, spec, clock=self.clock, scheduler=self.scheduler, listener=self._changed
        )

    def _keep(self, table_id: str, entry: _Entry) -> None:
        with self._lock:
            self._tables[table_id] = entry
            self._tables.move_to_end(table_id)
            while len(self._tables) > self.limit:
                # a table someone is connected to stays (a second copy rebuilt from the
                # store would play on beside it): the least recently used finished table
                # with no connection goes first, then any with no connection
                idle = [k for k in self._tables if not self.hub.listeners(k) and k != table_id]
                finished = [k for k in idle if self._tables[k].table.done]
                if not idle:
                    break  # every table is in use: keep them all
                self._tables.pop((finished or idle)[0]).table.stop()

    # -- creating ------------------------------------------------------------------

    def new_id(self) -> str:
        """A fresh table id: 12 URL-safe characters, never starting with ``-`` (a command
        line would read ``fanshu tables show -cm…`` as an option)."""
        while True:
            candidate = secrets.token_urlsafe(9)
            if not candidate.startswith("-") and candidate not in self._tables:
                return candidate

    def create(self, spec: TableSpec, owner: str | None = None) -> Created:
        """A new table, dealt and played by its bots to the first person's decision,
        stored; its tokens are returned once."""
        table_id = self.new_id()
        tokens = [secrets.token_urlsafe(24) if s == HUMAN else None for s in spec.seats]
        watch = secrets.token_urlsafe(18)
        table = self._table(table_id, spec)
        entry = _Entry(
            table,
            tuple(None if t is None else digest(t) for t in tokens),
            digest(watch),
            owner,
            [],
        )
        table.listener = None  # stored below, in one insert
        table.start()
        table.listener = self._changed
        logs = table.hand_logs()
        entry.labels = sheet_labels(spec.names)
        ctx = self._with_store()
        if ctx is not None:
            with ctx as store:
                stored = spec.to_dict()
                table.match, table.sheet_note = self._new_sheet(store, spec, entry.labels, owner)
                if table.match is not None:
                    stored[MATCH_KEY] = table.match
                    self._record(store, table, entry)  # hands the bots played to the end
                self._ready(store).insert_table(
                    StoredTable(
                        id=table_id,
                        spec=stored,
                        seat_tokens=entry.seat_tokens,
                        watch=entry.watch,
                        owner=owner,
                        takeover={},
                        hands=tuple(logs),
                        written_by=__version__,
                    )
                )
        entry.saved = logs
        self._keep(table_id, entry)
        return Created(table, tokens, watch)

    # -- finding -------------------------------------------------------------------

    def _entry(self, table_id: str) -> _Entry:
        with self._lock:
            entry = self._tables.get(table_id)
            if entry is not None:
                self._tables.move_to_end(table_id)
                return entry
        ctx = self._with_store()
        row = None
        recorded: int | None = None  # the hands on the table's score sheet
        if ctx is not None:
            with ctx as store:
                row = self._ready(store).load_table(table_id)
                match = None if row is None else row.spec.get(MATCH_KEY)
                if isinstance(match, str):
                    try:
                        recorded = store.load_match(match).hands_played
                    except StoreError:  # the match was deleted: the table plays on without
                        recorded = None
        if row is None:
            raise TableNotFound(msg("no table {table_id!r}", table_id=table_id))
        with self._lock:  # another request may have rebuilt it meanwhile
            entry = self._tables.get(table_id)
            if entry is not None:
                return entry
            try:
                spec = TableSpec.from_dict(row.spec)
                table = self._table(table_id, spec)
                table.listener = None
                table.restore(row.hands, {int(k): v for k, v in row.takeover.items()})
            except (FanshuError, KeyError, TypeError, ValueError) as err:
                reason = err.message if isinstance(err, FanshuError) else repr(err)
                raise RebuildError(
                    msg(
                        "table {table_id!r} is stored but cannot be rebuilt: {reason}",
                        table_id=table_id,
                        reason=reason,
                    )
                ) from None
            entry = _Entry(table, row.seat_tokens, row.watch, row.owner, list(row.hands))
            entry.labels = sheet_labels(spec.names)
            if recorded is not None:
                table.match = str(row.spec[MATCH_KEY])
                entry.recorded = recorded
            elif ctx is not None:
                try:
                    from_game.check_recordable(spec.rules, spec.hands)
                    table.sheet_note = msg("the table's score sheet is not in the store")
                except from_game.NotRecorded as err:
                    table.sheet_note = err.message
            self._tables[table_id] = entry
        self._changed(table)  # what the rebuild's bots played since (if anything)
        table.listener = self._changed
        self._keep(table_id, entry)
        return entry

    def get(self, table_id: str) -> Table:
        """The table; ``TableNotFound``, ``RebuildError`` for one that is
        stored but cannot be played again."""
        return self._entry(table_id).table

    def owner(self, table_id: str) -> str | None:
        return self._entry(table_id).owner

    def seat_of(self, table_id: str, token: str | None) -> int | None:
        """The table seat ``token`` opens, or None."""
        if not token:
            return None
        entry = self._entry(table_id)
        mine = digest(token)
        for p, kept in enumerate(entry.seat_tokens):
            if kept is not None and hmac.compare_digest(kept, mine):
                return p
        return None

    def is_watch(self, table_id: str, watch: str | None) -> bool:
        """Whether ``watch`` is the table's watch id."""
        if not watch:
            return False
        return hmac.compare_digest(self._entry(table_id).watch, digest(watch))

    # -- after each change ---------------------------------------------------------

    def _changed(self, table: Table) -> None:
        """Write the hands that changed and wake the table's listeners."""
        with self._lock:
            entry = self._tables.get(table.id)
        if entry is not None:
            with table.lock:
                # the hands before the last one written are over: they cannot change
                first = max(0, len(entry.saved) - 1)
                logs = entry.saved[:first] + [
                    table.hand_log(k) for k in range(first, len(table.games))
                ]
                changed = {
                    k + 1: log
                    for k, log in enumerate(logs)
                    if k >= len(entry.saved) or entry.saved[k] != log
                }
                takeover = {str(p): b for p, b in table.takeover.items()}
                ctx = self._with_store()
                try:
                    if ctx is not None:
                        # One writer at a time: tables written at once would queue on the
                        # database's own lock, whose busy handler sleeps between tries
                        # (SQLite: up to its 30 s timeout), where a Python lock wakes the
                        # next writer as soon as the last one is done.
                        with self._write, ctx as store:
                            self._ready(store).save_table(table.id, changed, takeover)
                            self._record(store, table, entry)
                    entry.saved = logs
                finally:  # the players see the change even when it could not be written
                    self.hub.broadcast(table.id)
        else:
            self.hub.broadcast(table.id)

    # -- the score sheet -----------------------------------------------------------

    def _new_sheet(
        self, store: Store, spec: TableSpec, labels: tuple[str, ...], owner: str | None
    ) -> tuple[str | None, str | None]:
        """The table's score sheet, a new match owned by ``owner`` (an account), and
        None; or no sheet and why (a rule set whose sheet cannot pay as its engine)."""
        try:
            from_game.check_recordable(spec.rules, spec.hands)
        except from_game.NotRecorded as err:
            return None, err.message
        dealer = first_dealer(spec.rules, spec.seed, len(spec.seats))
        match = store.create_match(
            from_game.sheet_players(spec.rules, labels, dealer),
            rule_set=spec.rules,
            rule_options=None if spec.rules == "mcr" else spec.options,
        )
        if owner is not None:
            # not an account of this server (a table made off a club server): unowned
            with suppress(StoreError):
                store.own(owner, "match", match)
        return match, None

    def _record(self, store: Store, table: Table, entry: _Entry) -> None:
        """Write the hands finished since the sheet's last row on the table's sheet,
        each checked against the engine's payments in its own transaction (a hand is on
        the sheet once: the count of its rows says where to go on, also after a
        restart).  A hand the sheet refuses stops the recording (``sheet_note``), not
        the table."""
        match = table.match
        if match is None or table.sheet_note is not None:
            return
        while entry.recorded < len(table.results):
            k = entry.recorded
            label = f"table {table.id} hand {k + 1}: "
            try:
                hand = from_game.sheet_hand(table.games[k], table.seatings[k], entry.labels)

                def change(
                    m: Match, _: dict[str, Any], hand: SheetHand = hand, label: str = label
                ) -> HandRecord:
                    return from_game.record(m, hand, label)

                store.update_match(
                    match,
                    change,
                    "hand",
                    table=table.id,
                    table_hand=k + 1,
                    false_wins=list(hand.false_wins),
                    **result_to_dict(hand.result),
                )
            except FanshuError as err:
                table.sheet_note = err.message
                log.error("table %s: hand %d not recorded: %s", table.id, k + 1, err.message)
                return
            entry.recorded = k + 1

    def forget(self, table_id: str) -> None:
        """Drop a table from memory (the store keeps it): as a restart would."""
        with self._lock:
            entry = self._tables.pop(table_id, None)
        if entry is not None:
            entry.table.stop()

    def summary(self, table_id: str) -> dict[str, Any]:
        table = self.get(table_id)
        with table.lock:
            return table.summary()
