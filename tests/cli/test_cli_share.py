"""``fanshu match share`` and ``fanshu tournament share``: a link with a new token, which
the server then honours (the command line on a local file is the owner)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from fanshu.cli.main import app
from fanshu.store import open_store
from fanshu.web.app import create_app

runner = CliRunner()
PLAYERS = ["Ann", "Bo", "Cy", "Di"]


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.delenv("FANSHU_DB", raising=False)
    return str(tmp_path / "cli.db")


def run(db: str, *args: str) -> Any:
    return runner.invoke(app, [*args, "--db", db])


def key_of(link: str) -> str:
    return link.strip().rsplit("?key=", 1)[1]


def test_match_share_prints_a_link_the_server_honours(db: str) -> None:
    mid = run(db, "match", "new", "--players", *PLAYERS).stdout.strip()
    view = run(db, "match", "share", mid)
    assert view.exit_code == 0, view.output
    assert view.stdout.startswith(f"http://127.0.0.1:8000/#/match/{mid}?key=")
    edit = run(db, "match", "share", mid, "--role", "edit", "--base", "https://club.example/",
               "--label", "table 1")  # fmt: skip
    assert edit.stdout.startswith(f"https://club.example/#/match/{mid}?key=")
    with TestClient(create_app(db), base_url="http://localhost") as c:
        url = f"/v1/matches/{mid}"
        assert c.get(url, headers={"Authorization": f"Bearer {key_of(view.stdout)}"}).is_success
        r = c.post(f"{url}/hands", json={"draw": True},
                   headers={"Authorization": f"Bearer {key_of(view.stdout)}"})  # fmt: skip
        assert r.status_code == 403
        r = c.post(f"{url}/hands", json={"draw": True},
                   headers={"Authorization": f"Bearer {key_of(edit.stdout)}"})  # fmt: skip
        assert r.status_code == 200, r.text
    with open_store(db) as s:
        actors = [e["actor"] for e in s.events(mid)]
    assert actors[0].startswith("cli:") and actors[-1] == "token:table 1"


def test_tournament_share_and_unknown_ids(db: str) -> None:
    with open_store(db) as s:
        tid = s.create_tournament([f"P{i}" for i in range(4)])
    r = run(db, "tournament", "share", tid, "--role", "edit")
    assert r.exit_code == 0, r.output
    with open_store(db) as s:
        grant = s.grant_for(key_of(r.stdout))
    assert grant is not None and (grant.kind, grant.object_id, grant.role) == (
        "tournament", tid, "edit",
    )  # fmt: skip
    r = run(db, "match", "share", "zzzzzz")
    assert r.exit_code == 2 and "no match 'zzzzzz'" in r.stderr


def test_list_and_revoke_the_tokens_given_out(db: str) -> None:
    mid = run(db, "match", "new", "--players", *PLAYERS).stdout.strip()
    link = run(db, "match", "share", mid, "--label", "for Bo").stdout
    run(db, "match", "share", mid, "--role", "edit", "--label", "table 1")
    listed = run(db, "match", "share", mid, "--list")
    assert listed.exit_code == 0, listed.output
    lines = listed.stdout.splitlines()
    assert [line.split()[1] for line in lines] == ["view", "edit"]
    assert lines[0].endswith("for Bo") and key_of(link) not in listed.stdout
    digest = lines[0].split()[0]
    r = run(db, "match", "share", mid, "--revoke", digest)
    assert r.exit_code == 0 and "withdrawn" in r.stdout
    with open_store(db) as s:
        assert s.grant_for(key_of(link)) is None
    assert len(run(db, "match", "share", mid, "--list").stdout.splitlines()) == 1
    r = run(db, "match", "share", mid, "--revoke", digest)
    assert r.exit_code == 2 and "no grant" in r.stderr
    r = run(db, "match", "share", "zzzzzz", "--list")
    assert r.exit_code == 2 and "no match 'zzzzzz'" in r.stderr
