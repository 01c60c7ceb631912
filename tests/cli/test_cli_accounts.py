"""``fanshu accounts …``: the accounts of a club server, made on the database file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from fanshu.cli.main import app
from fanshu.store import open_store

runner = CliRunner()


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.delenv("FANSHU_DB", raising=False)
    return str(tmp_path / "club.db")


def run(db: str, *args: str, input: str | None = None) -> Any:
    return runner.invoke(app, ["accounts", *args, "--db", db], input=input)


def test_add_list_password_remove(db: str) -> None:
    r = run(db, "add", "org", "--role", "organiser", "--password-stdin", input="first-pass\n")
    assert r.exit_code == 0, r.output
    assert "account org (organiser) created" in r.stdout
    r = run(db, "add", "pia", input="prompted-pass\nprompted-pass\n")  # typed twice
    assert r.exit_code == 0, r.output and "prompted-pass" not in r.stdout
    listed = json.loads(run(db, "list", "--json").stdout)
    assert [(a["name"], a["role"]) for a in listed] == [("org", "organiser"), ("pia", "player")]
    assert "pia" in run(db, "list").stdout
    with open_store(db) as s:
        assert s.check_password("org", "first-pass") is not None
        assert s.check_password("pia", "prompted-pass") is not None
    r = run(db, "password", "org", "--password-stdin", input="second-pass\n")
    assert r.exit_code == 0, r.output
    with open_store(db) as s:
        assert s.check_password("org", "first-pass") is None
        assert s.check_password("org", "second-pass") is not None
    assert run(db, "remove", "pia").exit_code == 0
    assert [a["name"] for a in json.loads(run(db, "list", "--json").stdout)] == ["org"]


def test_bad_accounts_are_clear_errors(db: str) -> None:
    r = run(db, "add", "kim", "--password-stdin", input="short\n")
    assert r.exit_code == 2 and "8 to 1024 characters" in r.stderr
    r = run(db, "add", "kim", input="one-password\nanother-one\n")
    assert r.exit_code == 2  # the two entries did not match, and then no more input
    with open_store(db) as s:
        assert s.account("kim") is None
    assert run(db, "add", "kim", "--password-stdin", input="long-enough\n").exit_code == 0
    r = run(db, "add", "kim", "--password-stdin", input="long-enough\n")
    assert r.exit_code == 2 and "already exists" in r.stderr
    r = run(db, "add", "lee", "--role", "admin", "--password-stdin", input="long-enough\n")
    assert r.exit_code == 2
    r = run(db, "remove", "nobody")
    assert r.exit_code == 2 and "no account 'nobody'" in r.stderr
    assert "no accounts" not in run(db, "list").stdout
