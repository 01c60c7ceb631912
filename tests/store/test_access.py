"""``fanshu.store.access`` and ``passwords``: share tokens kept as digests, accounts with
scrypt hashes, login sessions, ownership, and the audit trail's who and before/after."""

from __future__ import annotations

import hashlib
import sqlite3
from typing import Any

import pytest

from fanshu.store import SqliteStore, Store, StoreError
from fanshu.store.access import SESSION_DAYS, AccessError, token_digest
from fanshu.store.passwords import hash_password, verify_password
from support.store_files import PLAYERS


def test_a_password_hash_round_trip() -> None:
    stored = hash_password("correct horse battery")
    scheme, n, r, p, salt, digest = stored.split("$")
    assert (scheme, n, r, p) == ("scrypt", "16384", "8", "1")
    assert len(salt) == 24 and len(digest) == 44  # 16 and 32 bytes, base64
    assert verify_password("correct horse battery", stored)
    assert not verify_password("correct horse batterY", stored)
    assert hash_password("correct horse battery") != stored  # a salt of its own each time
    for garbage in ("", "scrypt$1$2", "bcrypt$16384$8$1$AAAA$AAAA", stored.replace("16384", "3")):
        assert not verify_password("correct horse battery", garbage)


def _rows(store: Store, sql: str) -> list[Any]:
    """Raw rows, on either backend (the store's own connection)."""
    conn: Any = getattr(store, "_conn")  # noqa: B009 - tests look under the interface
    return list(conn.execute(sql).fetchall())


def test_a_grant_is_kept_as_a_digest_and_never_as_the_token(store: Store) -> None:
    mid = store.create_match(PLAYERS)
    edit = store.grant("match", mid, "edit", label="owner")
    view = store.grant("match", mid, "view")
    assert len(edit) >= 32 and edit != view
    grant = store.grant_for(edit)
    assert grant is not None and (grant.kind, grant.object_id, grant.role) == ("match", mid, "edit")
    assert grant.token_hash == hashlib.sha256(edit.encode()).hexdigest() == token_digest(edit)
    rows = _rows(store, "SELECT * FROM grants")
    dump = repr(rows)
    assert len(rows) == 2 and edit not in dump and view not in dump
    assert [g.role for g in store.grants("match", mid)] == ["edit", "view"]
    assert "token" not in str(store.grants("match", mid)[0].to_dict()).replace("token_hash", "")
    assert store.grant_for("x" * 32) is None and store.grant_for("") is None
    assert store.grant_for("a" * 10_000) is None


def test_revoke_by_a_digest_prefix(store: Store) -> None:
    mid = store.create_match(PLAYERS)
    token = store.grant("match", mid, "view", label="Bo")
    prefix = store.grants("match", mid)[0].to_dict()["token_hash"]
    with pytest.raises(AccessError, match="at least 6 hex digits"):
        store.revoke("match", mid, "ab")
    with pytest.raises(StoreError, match="no grant"):
        store.revoke("match", "other1", prefix)
    assert store.revoke("match", mid, prefix) == 1
    assert store.grant_for(token) is None and store.grants("match", mid) == []


def test_a_grant_needs_an_object_and_a_known_kind_and_role(store: Store) -> None:
    with pytest.raises(StoreError, match="no match 'zzzzzz'"):
        store.grant("match", "zzzzzz", "edit")
    mid = store.create_match(PLAYERS)
    with pytest.raises(AccessError, match="role is 'edit' or 'view'"):
        store.grant("match", mid, "owner")  # type: ignore[arg-type]
    with pytest.raises(AccessError, match="kind is 'match' or 'tournament'"):
        store.grant("game", mid, "view")  # type: ignore[arg-type]
    with pytest.raises(AccessError, match="label"):
        store.grant("match", mid, "view", label="a\x00b")
    sheet = store.create_match(["A", "B"], rule_set="two-player")
    assert store.grant_for(store.grant("match", sheet, "view")) is not None


def test_reading_a_file_without_grants_creates_nothing(store: Store) -> None:
    assert store.grant_for("anything-at-all") is None
    assert store.session_for("anything-at-all") is None
    assert store.list_accounts() == [] and store.owned("ann") == []
    assert store.part_version("access") == 0


def test_accounts_and_passwords(store: Store) -> None:
    ann = store.create_account("Ann", "s3cret-enough", "organiser")
    store.create_account("Bo", "another-one", "player")
    assert [(a.name, a.role) for a in store.list_accounts()] == [
        ("Ann", "organiser"),
        ("Bo", "player"),
    ]
    assert store.check_password("Ann", "s3cret-enough") == ann
    assert store.check_password("Ann", "wrong-password") is None
    assert store.check_password("Nobody", "s3cret-enough") is None
    with pytest.raises(StoreError, match="already exists"):
        store.create_account("Ann", "whatever-else", "player")
    with pytest.raises(AccessError, match="8 to 1024 characters"):
        store.create_account("Cy", "short", "player")
    with pytest.raises(AccessError, match="'organiser' or 'player'"):
        store.create_account("Cy", "long-enough", "admin")  # type: ignore[arg-type]
    with pytest.raises(AccessError, match="1 to 64 characters"):
        store.create_account("  ", "long-enough", "player")
    ((stored,),) = _rows(store, "SELECT password FROM accounts WHERE name = 'Ann'")
    assert stored.startswith("scrypt$16384$8$1$") and "s3cret" not in stored
    token, _ = store.open_session(ann)
    store.set_password("Ann", "a-new-password")
    assert store.session_for(token) is None  # a new password logs every session out
    assert store.check_password("Ann", "s3cret-enough") is None
    assert store.check_password("Ann", "a-new-password") == ann
    store.delete_account("Bo")
    assert store.account("Bo") is None
    with pytest.raises(StoreError, match="no account 'Bo'"):
        store.delete_account("Bo")


def test_login_sessions_expire_and_close(store: Store) -> None:
    ann = store.create_account("Ann", "s3cret-enough", "player")
    token, csrf = store.open_session(ann)
    session = store.session_for(token)
    assert session is not None and session.account == ann and session.csrf == csrf
    assert session.expires > _rows(store, "SELECT created FROM login_sessions")[0][0]
    assert token not in repr(_rows(store, "SELECT * FROM login_sessions"))
    conn: Any = getattr(store, "_conn")  # noqa: B009
    conn.execute("UPDATE login_sessions SET expires = '2020-01-01T00:00:00.000Z'")
    getattr(conn, "commit", lambda: None)()
    assert store.session_for(token) is None  # expired
    again, _ = store.open_session(ann)
    assert store.session_for(again) is not None
    store.close_session(again)
    assert store.session_for(again) is None
    assert SESSION_DAYS == 14


def test_ownership(store: Store) -> None:
    ann = store.create_account("Ann", "s3cret-enough", "player")
    mid = store.create_match(PLAYERS)
    tid = store.create_tournament([f"P{i}" for i in range(4)])
    store.own(ann, "match", mid)
    store.own("Ann", "tournament", tid)
    store.own(ann, "match", mid)  # once is enough
    assert store.owned(ann) == [("match", mid), ("tournament", tid)]
    with pytest.raises(StoreError, match="no account 'Eve'"):
        store.own("Eve", "match", mid)


def test_the_audit_trail_says_who_and_keeps_corrections_and_undo(store: Store) -> None:
    with store.acting_as("cli:ann"):
        mid = store.create_match(PLAYERS)
        store.record_win(mid, "Bo", discarder="Di", fan=10)
    assert store.actor == ""  # restored after the block
    with store.acting_as("token:Bo's phone"):
        store.correct(mid, 1, winner="Cy", fan=8)
        removed = store.undo(mid)
    events = store.events(mid)
    assert [(e["action"], e["actor"]) for e in events] == [
        ("create", "cli:ann"),
        ("win", "cli:ann"),
        ("correct", "token:Bo's phone"),
        ("undo", "token:Bo's phone"),
    ]
    correct, undo = events[2]["detail"], events[3]["detail"]
    assert correct["before"]["winner"] == "Bo" and correct["after"]["winner"] == "Cy"
    assert undo["before"] == removed.to_dict() and undo["after"] is None
    assert not store.load_match(mid).records  # the sheet is empty, the trail is not


def test_a_rule_sheet_trail_says_who_too(store: Store) -> None:
    with store.acting_as("account:ann"):
        sid = store.create_match(["A", "B"], rule_set="two-player")
        store.record_win(sid, "A", fan=10)
        store.undo(sid)
    events = store.events(sid)
    assert {e["actor"] for e in events} == {"account:ann"}
    assert events[-1]["detail"]["before"]["winner"] == "A"


@pytest.mark.sqlite_only(reason="a file of the previous release is an SQLite file")
def test_a_rule_sheets_part_of_the_previous_release_is_brought_forward(
    backend: str, db: str
) -> None:
    """A file whose rule_sheets part is at version 1 (no rule_events.actor) opens, gets
    the column ('' on its old events) and takes new rows with their actor."""
    with SqliteStore.open(db) as s:
        sid = s.create_match(["A", "B"], rule_set="two-player")
    with sqlite3.connect(db) as c:
        c.execute("ALTER TABLE rule_events DROP COLUMN actor")
        c.execute("UPDATE schema_parts SET version = 1 WHERE name = 'rule_sheets'")
    with SqliteStore.open(db) as s:
        assert s.part_version("rule_sheets") == 2
        with s.acting_as("cli:bo"):
            s.record_win(sid, "B", fan=9)
        assert [e["actor"] for e in s.events(sid)] == ["", "cli:bo"]
