"""Who may read or change what, in SQL (SQLite or PostgreSQL): share tokens (grants),
club-mode accounts, their login sessions and what each account owns, and who the store's
changes are by.

These are the tables of the ``access`` schema part (:data:`~fanshu.store.schema.
ACCESS_MIGRATIONS`), created with the first grant or account; every statement here is
portable SQL.  Tokens are ``secrets.token_urlsafe(24)`` (192 random bits), so a plain
SHA-256 digest is what is kept of them (a slow KDF is for passwords, which people
choose): the raw token is returned once and never stored.  Passwords are hashed by
:mod:`fanshu.store.passwords`.

>>> from fanshu.store import SqliteStore
>>> store = SqliteStore.open(":memory:")
>>> mid = store.create_match(["Ann", "Bo", "Cy", "Di"])
>>> token = store.grant("match", mid, "view", label="Bo's phone")
>>> grant = store.grant_for(token)
>>> (grant.kind, grant.object_id == mid, grant.role, grant.label)
('match', True, 'view', "Bo's phone")
>>> grant.token_hash == token_digest(token) != token
True
>>> store.grant_for("not-a-token") is None
True
>>> store.close()
"""

from __future__ import annotations

import getpass
import hashlib
import re
import secrets
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any, Literal, cast, get_args

from fanshu.errors import FanshuError
from fanshu.i18n import msg
from fanshu.store import migrations, schema
from fanshu.store.connection import Database, created_after, now
from fanshu.store.interface import (
    Account,
    AccountRole,
    Grant,
    GrantRole,
    LoginSession,
    ObjectKind,
    StoreError,
)
from fanshu.store.migrations import migrate_part, part_version, stored_part_version
from fanshu.store.passwords import dummy_hash, hash_password, verify_password
from fanshu.store.sql import Connection

__all__ = [
    "MAX_LABEL",
    "MAX_NAME",
    "MAX_PASSWORD",
    "MAX_TOKEN",
    "MIN_PASSWORD",
    "SESSION_DAYS",
    "AccessError",
    "SqlAccess",
    "actor_column",
    "cli_actor",
    "new_token",
    "share_link",
    "token_digest",
]

_PART = "access"
#: How long a log-in lasts.
SESSION_DAYS = 14
#: Bounds of what an account and a grant are given (characters).
MAX_NAME = 64
MAX_LABEL = 100
MIN_PASSWORD = 8
MAX_PASSWORD = 1024
#: No token of ours is longer (``token_urlsafe(24)`` is 32 characters); longer ones are
#: not looked up at all.
MAX_TOKEN = 128
_HASH_PREFIX = re.compile(r"[0-9a-f]{6,64}")


class AccessError(FanshuError):
    """A grant or an account request with a bad field (name, password, role, label)."""

    code = "bad_field"


def cli_actor() -> str:
    """``cli:<os user>``: who the command line's changes are by."""
    try:
        user = getpass.getuser()
    except (KeyError, OSError):  # no name for the uid (a container)
        user = "unknown"
    return f"cli:{user}"


def actor_column(db: Database, table: Literal["events", "rule_events"]) -> str:
    """The audit trail's actor as a column to select: ``actor``, or ``'' AS actor`` in a
    read-only file from before the column (core step 2, rule_sheets step 2), which is
    viewed as it is, never migrated."""
    if table == "events":
        old = migrations.schema_version(db) < 2
    else:
        old = part_version(db, "rule_sheets") < 2
    return "'' AS actor" if old else "actor"


def share_link(kind: ObjectKind, object_id: str, token: str, base: str = "") -> str:
    """The web app's link to an object with its key: relative to the server root unless
    ``base`` is given.  The key rides in the fragment, so a browser never sends it to a
    server (nor in a Referer).

    >>> share_link("match", "k7m2qx", "TOKEN")
    '/#/match/k7m2qx?key=TOKEN'
    """
    return f"{base.rstrip('/')}/#/{kind}/{object_id}?key={token}"


def new_token() -> str:
    """A fresh token: 24 random bytes, URL-safe base64 (32 characters)."""
    return secrets.token_urlsafe(24)


def token_digest(token: str) -> str:
    """What is kept of a token: its SHA-256, in hex."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def _checked_kind(kind: str) -> ObjectKind:
    if kind not in get_args(ObjectKind):
        raise AccessError(msg("kind is 'match' or 'tournament', not {kind!r}", kind=kind))
    return cast(ObjectKind, kind)


def _checked_role(role: str) -> GrantRole:
    if role not in get_args(GrantRole):
        raise AccessError(msg("role is 'edit' or 'view', not {role!r}", role=role))
    return cast(GrantRole, role)


def _checked_account_role(role: str) -> AccountRole:
    if role not in get_args(AccountRole):
        raise AccessError(
            msg("an account's role is 'organiser' or 'player', not {role!r}", role=role)
        )
    return cast(AccountRole, role)


def _printable(text: str) -> bool:
    """No control characters, no lone surrogates (text that can be shown and stored)."""
    return all(unicodedata.category(ch) not in ("Cc", "Cs") for ch in text)


def _checked_name(name: object) -> str:
    if not isinstance(name, str):
        raise AccessError(msg("an account name is text, not {name!r}", name=name))
    stripped = name.strip()
    if not 1 <= len(stripped) <= MAX_NAME:
        raise AccessError(
            msg(
                "an account name has 1 to {max_name} characters (not counting spaces "
                "around it), not {n}",
                max_name=MAX_NAME,
                n=len(stripped),
            )
        )
    if not _printable(stripped):
        raise AccessError(
            msg("an account name has no control characters: {stripped!r}", stripped=stripped)
        )
    return stripped


def _checked_password(password: object) -> str:
    if not isinstance(password, str):
        raise AccessError(msg("a password is text"))
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise AccessError(
            msg(
                "a password has {min_password} to {max_password} characters, not {n}",
                min_password=MIN_PASSWORD,
                max_password=MAX_PASSWORD,
                n=len(password),
            )
        )
    if not _printable(password):
        raise AccessError(msg("a password has no control characters or lone surrogates"))
    return password


def _checked_label(label: object) -> str:
    if not isinstance(label, str):
        raise AccessError(msg("a label is text, not {label!r}", label=label))
    if len(label) > MAX_LABEL or not _printable(label):
        raise AccessError(
            msg("a label has at most {max_label} printable characters", max_label=MAX_LABEL)
        )
    return label.strip()


def _usable_token(token: object) -> bool:
    return isinstance(token, str) and 0 < len(token) <= MAX_TOKEN


def _later(days: int) -> str:
    at = datetime.now(UTC) + timedelta(days=days)
    return at.isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _account(row: tuple[Any, ...]) -> Account:
    name, role, created = row
    return Account(str(name), _checked_account_role(str(role)), str(created))


def _name_of(account: Account | str) -> str:
    return account.name if isinstance(account, Account) else account


class SqlAccess:
    """:class:`~fanshu.store.interface.AccessStore` in portable SQL: a part of
    ``SqliteStore`` and of ``PostgresStore``."""

    _db: Database
    path: str

    # -- who changes things ------------------------------------------------------------

    @property
    def actor(self) -> str:
        """Who the changes are made by: written to the audit trail with each one."""
        return self._db.actor

    @actor.setter
    def actor(self, actor: str) -> None:
        self._db.actor = actor

    @contextmanager
    def acting_as(self, actor: str) -> Iterator[None]:
        """Make the changes inside the ``with`` block as ``actor`` (``token:<label>``,
        ``account:<name>``, ``cli:<user>``)."""
        previous = self._db.actor
        self._db.actor = actor
        try:
            yield
        finally:
            self._db.actor = previous

    # -- the part's tables -------------------------------------------------------------

    def _has_access_part(self) -> bool:
        """Whether the file has the access tables (a read-only file need not get them)."""
        return part_version(self._db, _PART) > 0

    def _access_part(self) -> None:
        """Create or bring forward the access tables, before a write."""
        migrate_part(self._db, _PART, schema.ACCESS_MIGRATIONS)

    def _object_exists(self, c: Connection, kind: ObjectKind, object_id: str) -> bool:
        if kind == "tournament":
            return self._db.exists(c, "tournaments", object_id)
        if self._db.exists(c, "matches", object_id):
            return True
        if stored_part_version(c, "rule_sheets") > 0:  # the sheets of other rule sets
            return self._db.exists(c, "rule_matches", object_id)
        return False

    # -- grants ------------------------------------------------------------------------

    def grant(self, kind: ObjectKind, object_id: str, role: GrantRole, *, label: str = "") -> str:
        """A new token giving ``role`` on the match or tournament ``object_id``; the raw
        token is returned here only (the store keeps its digest)."""
        kind, role, label = _checked_kind(kind), _checked_role(role), _checked_label(label)
        self._access_part()
        token = new_token()
        with self._db.transaction() as c:
            if not self._object_exists(c, kind, object_id):
                raise StoreError(
                    msg(
                        "no {kind} {object_id!r} in {path}",
                        kind=kind,
                        object_id=object_id,
                        path=self.path,
                    )
                )
            # a millisecond after the newest grant when made in the same one, so that
            # grants() lists them oldest first, not by their random digests
            newest = c.execute("SELECT max(created) FROM grants").fetchone()[0]
            c.execute(
                "INSERT INTO grants (token_hash, kind, object_id, role, label, created) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (token_digest(token), kind, object_id, role, label, created_after(newest)),
            )
        return token

    def grant_for(self, token: str) -> Grant | None:
        """What ``token`` grants, or None for a token that grants nothing."""
        if not _usable_token(token) or not self._has_access_part():
            return None
        row = self._db.conn.execute(
            "SELECT token_hash, kind, object_id, role, label, created FROM grants "
            "WHERE token_hash = ?",
            (token_digest(token),),
        ).fetchone()
        if row is None:
            return None
        token_hash, kind, object_id, role, label, created = row
        return Grant(token_hash, kind, object_id, role, label, created)

    def grants(self, kind: ObjectKind, object_id: str) -> list[Grant]:
        """The grants on one match or tournament, oldest first (digests, no tokens)."""
        kind = _checked_kind(kind)
        if not self._has_access_part():
            return []
        rows = self._db.conn.execute(
            "SELECT token_hash, kind, object_id, role, label, created FROM grants "
            "WHERE kind = ? AND object_id = ? ORDER BY created, token_hash",
            (kind, object_id),
        ).fetchall()
        return [Grant(*row) for row in rows]

    def revoke(self, kind: ObjectKind, object_id: str, token_hash_prefix: str) -> int:
        """Withdraw the grant on ``object_id`` whose digest starts with
        ``token_hash_prefix`` (at least 6 hex digits, as :meth:`grants` lists them);
        returns 1, or raises when no grant or more than one matches."""
        kind = _checked_kind(kind)
        prefix = token_hash_prefix.strip().lower()
        if not _HASH_PREFIX.fullmatch(prefix):
            raise AccessError(
                msg(
                    "give at least 6 hex digits of the grant's token_hash, not "
                    "{token_hash_prefix!r}",
                    token_hash_prefix=token_hash_prefix,
                )
            )
        self._access_part()
        with self._db.transaction() as c:
            hashes = [
                h
                for (h,) in c.execute(
                    "SELECT token_hash FROM grants WHERE kind = ? AND object_id = ? "
                    "AND token_hash LIKE ?",
                    (kind, object_id, prefix + "%"),
                )
            ]
            if not hashes:
                raise StoreError(
                    msg(
                        "no grant {prefix!r} on {kind} {object_id!r} in {path}",
                        prefix=prefix,
                        kind=kind,
                        object_id=object_id,
                        path=self.path,
                    )
                )
            if len(hashes) > 1:
                raise AccessError(
                    msg(
                        "{prefix!r} starts {n} grants: give more digits",
                        prefix=prefix,
                        n=len(hashes),
                    )
                )
            c.execute("DELETE FROM grants WHERE token_hash = ?", (hashes[0],))
        return 1

    def tournament_of_match(self, match_id: str) -> str | None:
        """The tournament whose table ``match_id`` is, if it is one."""
        row = self._db.conn.execute(
            "SELECT tournament_id FROM tables WHERE match_id = ?", (match_id,)
        ).fetchone()
        return None if row is None else str(row[0])

    # -- accounts ----------------------------------------------------------------------

    def create_account(self, name: str, password: str, role: AccountRole) -> Account:
        """A new club-mode account (``organiser`` or ``player``)."""
        name, role = _checked_name(name), _checked_account_role(role)
        stored = hash_password(_checked_password(password))  # before the write lock
        self._access_part()
        created = now()
        with self._db.transaction() as c:
            if c.execute("SELECT 1 FROM accounts WHERE name = ?", (name,)).fetchone():
                raise StoreError(
                    msg("an account {name!r} already exists in {path}", name=name, path=self.path)
                )
            c.execute(
                "INSERT INTO accounts (name, role, password, created) VALUES (?, ?, ?, ?)",
                (name, role, stored, created),
            )
        return Account(name, role, created)

    def _password_row(self, name: str) -> tuple[Account, str] | None:
        if not isinstance(name, str) or not self._has_access_part():
            return None
        row = self._db.conn.execute(
            "SELECT name, role, created, password FROM accounts WHERE name = ?",
            (name.strip(),),
        ).fetchone()
        return None if row is None else (_account(row[:3]), str(row[3]))

    def check_password(self, name: str, password: str) -> Account | None:
        """The account when ``password`` is its password, else None.  An unknown name
        costs the same scrypt as a wrong password."""
        found = self._password_row(name)
        if not isinstance(password, str) or len(password) > MAX_PASSWORD:
            password = ""
        ok = verify_password(password, dummy_hash() if found is None else found[1])
        return found[0] if found is not None and ok else None

    def account(self, name: str) -> Account | None:
        """The account named ``name``, if there is one."""
        found = self._password_row(name)
        return None if found is None else found[0]

    def list_accounts(self) -> list[Account]:
        """Every account, by name."""
        if not self._has_access_part():
            return []
        rows = self._db.conn.execute("SELECT name, role, created FROM accounts ORDER BY name")
        return [_account(row) for row in rows]

    def _known(self, c: Connection, name: str) -> str:
        name = _checked_name(name)
        if c.execute("SELECT 1 FROM accounts WHERE name = ?", (name,)).fetchone() is None:
            raise StoreError(msg("no account {name!r} in {path}", name=name, path=self.path))
        return name

    def set_password(self, name: str, password: str) -> None:
        """Give an account a new password; its open sessions are logged out."""
        stored = hash_password(_checked_password(password))
        self._access_part()
        with self._db.transaction() as c:
            name = self._known(c, name)
            c.execute("UPDATE accounts SET password = ? WHERE name = ?", (stored, name))
            c.execute("DELETE FROM login_sessions WHERE account = ?", (name,))

    def delete_account(self, name: str) -> None:
        """Remove an account, its sessions and its ownership marks (what it created
        stays, reachable by its share tokens and by the organisers)."""
        self._access_part()
        with self._db.transaction() as c:
            name = self._known(c, name)
            c.execute("DELETE FROM login_sessions WHERE account = ?", (name,))
            c.execute("DELETE FROM account_objects WHERE account = ?", (name,))
            c.execute("DELETE FROM accounts WHERE name = ?", (name,))

    # -- login sessions ----------------------------------------------------------------

    def open_session(self, account: Account) -> tuple[str, str]:
        """Log ``account`` in: returns the session token (the cookie's value, kept as its
        digest) and the CSRF token every cookie-authenticated write must send."""
        self._access_part()
        token, csrf = new_token(), new_token()
        at = now()
        with self._db.transaction() as c:
            name = self._known(c, account.name)
            c.execute("DELETE FROM login_sessions WHERE expires <= ?", (at,))  # tidy up
            c.execute(
                "INSERT INTO login_sessions (token_hash, account, csrf, created, expires) "
                "VALUES (?, ?, ?, ?, ?)",
                (token_digest(token), name, csrf, at, _later(SESSION_DAYS)),
            )
        return token, csrf

    def session_for(self, token: str) -> LoginSession | None:
        """The log-in of session token ``token``; None when unknown or expired."""
        if not _usable_token(token) or not self._has_access_part():
            return None
        row = self._db.conn.execute(
            "SELECT a.name, a.role, a.created, s.csrf, s.expires "
            "FROM login_sessions s JOIN accounts a ON a.name = s.account "
            "WHERE s.token_hash = ?",
            (token_digest(token),),
        ).fetchone()
        if row is None or row[4] <= now():
            return None
        return LoginSession(_account(row[:3]), str(row[3]), str(row[4]))

    def close_session(self, token: str) -> None:
        """Log out: the session token no longer opens anything."""
        if not _usable_token(token) or not self._has_access_part():
            return
        with self._db.transaction() as c:
            c.execute("DELETE FROM login_sessions WHERE token_hash = ?", (token_digest(token),))

    # -- ownership ---------------------------------------------------------------------

    def own(self, account: Account | str, kind: ObjectKind, object_id: str) -> None:
        """Mark ``object_id`` as ``account``'s (it created it)."""
        kind = _checked_kind(kind)
        self._access_part()
        with self._db.transaction() as c:
            name = self._known(c, _name_of(account))
            c.execute(
                "INSERT INTO account_objects (account, kind, object_id, created) "
                "VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
                (name, kind, object_id, now()),
            )

    def owned(self, account: Account | str) -> list[tuple[ObjectKind, str]]:
        """What ``account`` owns, oldest first: (kind, id) pairs."""
        if not self._has_access_part():
            return []
        rows = self._db.conn.execute(
            "SELECT kind, object_id FROM account_objects WHERE account = ? "
            "ORDER BY created, kind, object_id",
            (_name_of(account),),
        ).fetchall()
        return [(_checked_kind(kind), str(object_id)) for kind, object_id in rows]
