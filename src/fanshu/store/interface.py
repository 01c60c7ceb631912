"""What a store keeps and offers, whatever database is behind it.

:class:`Store` is the whole interface, composed of one protocol per kind of thing kept:
:class:`MatchStore` (score sheets), :class:`TournamentStore` (tournaments and their
table matches), :class:`GameStore` (the web app's games against bots) and
:class:`AccessStore` (share tokens, accounts, who makes a change).  The SQLite
implementation is :class:`fanshu.store.sqlite.SqliteStore`, the PostgreSQL one
:class:`fanshu.store.postgres.PostgresStore`; each implements the same protocols and keeps
the same promises:

- every change is one transaction that loads what it changes, applies the change
  through the model (so every rule is checked) and writes the result: an error leaves
  things as they were, and two writers queue instead of losing a change;
- an unknown id, a record that does not read back, or a database that cannot be used
  raise :class:`StoreError`; a change the rules refuse raises the model's
  :class:`~fanshu.rules.mcr.settlement.MatchError` and writes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol, TypeVar

from fanshu.errors import FanshuError
from fanshu.i18n import msg
from fanshu.match.results import HandResult
from fanshu.match.sheet import HANDS_PER_MATCH, SCALE_STANDARD, HandRecord, Match
from fanshu.match.tournament import Seating, Standing, Tournament
from fanshu.rules.mcr.options import McrOptions

__all__ = [
    "AccessStore",
    "Account",
    "AccountRole",
    "GameStore",
    "Grant",
    "GrantRole",
    "LoginSession",
    "MatchStore",
    "MatchSummary",
    "ObjectKind",
    "Store",
    "StoreError",
    "StoredGame",
    "StoredTable",
    "TableStore",
    "TournamentStore",
]

T = TypeVar("T")


class StoreError(FanshuError):
    """The database cannot be opened or does not hold what was asked for.

    ``hint`` (ids the file does hold …) is added to the message for the command line;
    :attr:`without_hint` is the message for those who may not see other ids (HTTP)."""

    code = "store_error"

    def __init__(self, message: str, hint: str = "") -> None:
        # joined as a message, so that both parts stay translatable
        super().__init__(msg("{message}{hint}", message=message, hint=hint) if hint else message)
        self.without_hint = message


class DiskFull(StoreError):
    """The disk holding the database is full: the change was not made, nothing is lost."""

    code = "disk_full"


class ReadOnlyStore(StoreError):
    """The database can be read but not written (the file, its folder or the server)."""

    code = "read_only"


@dataclass(frozen=True, slots=True)
class MatchSummary:
    """One line of :meth:`MatchStore.list_matches`."""

    id: str
    created: str
    updated: str
    players: tuple[str, ...]
    hands_played: int
    totals: dict[str, int]
    rules: str = "mcr"  # the rule set whose settlement the sheet follows

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
            **({} if self.rules == "mcr" else {"rules": self.rules}),
        }


@dataclass(frozen=True, slots=True)
class StoredGame:
    """One stored game against bots, as the web app keeps it.

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


@dataclass(frozen=True, slots=True)
class StoredTable:
    """One live table (``/v1/tables``), as the store keeps it.

    The store only keeps it; :mod:`fanshu.tables.service` writes and rebuilds it.
    ``spec`` is the table's set-up (:meth:`fanshu.tables.table.TableSpec.to_dict`),
    ``seat_tokens`` the SHA-256 hex digest of each seat's token (None for a bot's seat:
    the raw tokens are shown once and never kept), ``watch`` the digest of the watch id,
    ``owner`` the account that created it (None off a club server), ``takeover`` the
    seats a bot plays for now (seat number as text -> bot name), ``hands`` each hand's
    engine log (JSON Lines, docs/engine-log.md), in order.
    """

    id: str
    spec: dict[str, Any]
    seat_tokens: tuple[str | None, ...]
    watch: str
    owner: str | None = None
    takeover: dict[str, str] = field(default_factory=dict)
    hands: tuple[str, ...] = ()
    written_by: str = ""
    created: str = ""
    updated: str = ""


#: What a grant or an account's ownership is of.
ObjectKind = Literal["match", "tournament"]
#: What a grant allows: ``view`` reads, ``edit`` also changes.
GrantRole = Literal["edit", "view"]
#: A club-mode account's role: an organiser may create tournaments and accounts and sees
#: everything; a player may create matches and sees what it owns or was shared.
AccountRole = Literal["organiser", "player"]


@dataclass(frozen=True, slots=True)
class Grant:
    """A share token's rights (the token itself is never kept, only its SHA-256 digest):
    ``role`` on the match or tournament ``object_id``.  An edit grant on a tournament is
    edit on every table match of it, a view grant view."""

    token_hash: str
    kind: ObjectKind
    object_id: str
    role: GrantRole
    label: str
    created: str

    def to_dict(self) -> dict[str, Any]:
        """The grant as listed (a prefix of the digest names it for ``revoke``)."""
        return {
            "token_hash": self.token_hash[:12],
            "kind": self.kind,
            "id": self.object_id,
            "role": self.role,
            "label": self.label,
            "created": self.created,
        }


@dataclass(frozen=True, slots=True)
class Account:
    """A club-mode account (its password hash is not part of it)."""

    name: str
    role: AccountRole
    created: str

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "role": self.role, "created": self.created}


@dataclass(frozen=True, slots=True)
class LoginSession:
    """A logged-in browser: whose, its CSRF token (sent back as ``X-CSRF-Token`` with
    every write), and when it expires."""

    account: Account
    csrf: str
    expires: str


class MatchStore(Protocol):
    """Match score sheets: create, read, change row by row, export and import.

    A hand is recorded or corrected as one :class:`~fanshu.match.results.HandResult`;
    ``SqliteStore`` adds ``record_win``, ``record_draw`` and ``correct`` for its callers'
    convenience, which a backend need not have."""

    def load_match(self, match_id: str) -> Match: ...
    def match_options(self, match_id: str) -> dict[str, Any]: ...
    def match_scale(self, match_id: str) -> tuple[int, ...]: ...
    def match_dict(self, match_id: str) -> dict[str, Any]: ...
    def list_matches(self, ids: Collection[str] | None = None) -> list[MatchSummary]: ...
    def events(self, match_id: str) -> list[dict[str, Any]]: ...

    def create_match(
        self,
        players: Sequence[str],
        *,
        scale: Sequence[int] = SCALE_STANDARD,
        rules: McrOptions | None = None,
        id: str | None = None,
        rule_set: str = "mcr",
        rule_options: Mapping[str, Any] | None = None,
    ) -> str: ...

    def update_match(
        self,
        match_id: str,
        change: Callable[[Match, dict[str, Any]], T],
        action: str,
        **detail: Any,
    ) -> T: ...

    def record_hand(self, match_id: str, result: HandResult) -> HandRecord: ...
    def correct_hand(self, match_id: str, hand_no: int, result: HandResult) -> HandRecord: ...
    def record_false_win(self, match_id: str, player: str, kind: str) -> HandRecord: ...
    def add_penalty(
        self, match_id: str, player: str, points: int, reason: str = ""
    ) -> HandRecord: ...

    def undo(self, match_id: str) -> HandRecord: ...
    def export_match(self, match_id: str, fmt: str = "json") -> str: ...
    def import_match(self, text: str, fmt: str = "json", *, id: str | None = None) -> str: ...


class TournamentStore(Protocol):
    """Tournaments: players, seatings, table results and the table matches."""

    def create_tournament(
        self,
        players: Sequence[str],
        *,
        sessions: int | None = None,
        name: str | None = None,
        scale: Sequence[int] = SCALE_STANDARD,
        id: str | None = None,
    ) -> str: ...

    def load_tournament(self, tid: str) -> Tournament: ...
    def list_tournaments(self) -> list[dict[str, Any]]: ...
    def update_tournament(
        self, tid: str, change: Callable[[Tournament], T], action: str, **detail: Any
    ) -> T: ...
    def seat_session(self, tid: str, session_no: int, tables: Sequence[Sequence[str]]) -> None: ...
    def generate_seating(self, tid: str, sessions: int | None = None, seed: int = 0) -> Seating: ...
    def table_match(self, tid: str, session_no: int, table_no: int) -> str: ...
    def set_result(
        self,
        tid: str,
        session_no: int,
        table_no: int,
        totals: Mapping[str, int],
        *,
        correction: bool = False,
        penalties: Mapping[str, int] | None = None,
    ) -> dict[str, int] | None: ...
    def tournament_events(self, tid: str) -> list[dict[str, Any]]: ...
    def standings(self, tid: str) -> list[Standing]: ...
    def export_tournament(self, tid: str, fmt: str = "json") -> str: ...
    def import_tournament(self, text: str, fmt: str = "json", *, id: str | None = None) -> str: ...


class AccessStore(Protocol):
    """Who may read or change what: share tokens (grants), club-mode accounts with their
    login sessions and what each account owns, and who the store's changes are by."""

    #: Who the changes are made by, written to the audit trail with each one.
    actor: str

    def acting_as(self, actor: str) -> AbstractContextManager[None]: ...

    def grant(
        self, kind: ObjectKind, object_id: str, role: GrantRole, *, label: str = ""
    ) -> str: ...
    def grant_for(self, token: str) -> Grant | None: ...
    def grants(self, kind: ObjectKind, object_id: str) -> list[Grant]: ...
    def revoke(self, kind: ObjectKind, object_id: str, token_hash_prefix: str) -> int: ...
    def tournament_of_match(self, match_id: str) -> str | None: ...

    def create_account(self, name: str, password: str, role: AccountRole) -> Account: ...
    def check_password(self, name: str, password: str) -> Account | None: ...
    def account(self, name: str) -> Account | None: ...
    def list_accounts(self) -> list[Account]: ...
    def set_password(self, name: str, password: str) -> None: ...
    def delete_account(self, name: str) -> None: ...

    def open_session(self, account: Account) -> tuple[str, str]: ...
    def session_for(self, token: str) -> LoginSession | None: ...
    def close_session(self, token: str) -> None: ...

    def own(self, account: Account | str, kind: ObjectKind, object_id: str) -> None: ...
    def owned(self, account: Account | str) -> list[tuple[ObjectKind, str]]: ...


class GameStore(Protocol):
    """The web app's games against bots, versioned by their event count."""

    def open_games(self) -> None: ...
    def game_version(self, game_id: str) -> int | None: ...
    def load_game(self, game_id: str) -> StoredGame | None: ...
    def insert_game(self, game: StoredGame, *, keep: int) -> list[str]: ...
    def update_game(self, game: StoredGame, *, previous: int) -> bool: ...
    def delete_game(self, game_id: str) -> bool: ...
    def count_games(self) -> int: ...


class TableStore(Protocol):
    """The live tables of the web app: set-up, hashed tokens and each hand's log."""

    def open_tables(self) -> None: ...
    def insert_table(self, table: StoredTable) -> None: ...
    def load_table(self, table_id: str) -> StoredTable | None: ...
    def save_table(
        self, table_id: str, hands: dict[int, str], takeover: dict[str, str]
    ) -> bool: ...
    def delete_table(self, table_id: str) -> bool: ...
    def table_ids(self, owner: str | None = None) -> list[str]: ...


class Store(MatchStore, TournamentStore, GameStore, TableStore, AccessStore, Protocol):
    """Everything fanshu keeps, in one database.  Not thread-safe: one per thread."""

    #: Where the data is (a file path for SQLite, the URL without its password for
    #: PostgreSQL), for messages.
    path: str

    def schema_version(self) -> int: ...
    def part_version(self, name: str) -> int: ...
    def close(self) -> None: ...
    def __enter__(self) -> Store: ...
    def __exit__(self, *exc: object) -> None: ...
