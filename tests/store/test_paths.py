"""``fanshu.store.paths``: where the database is (a path, a URL, ``$FANSHU_DB``, the default)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from fanshu.store import (
    SqliteStore,
    StoreError,
    default_db_path,
    resolve_db_path,
)
from fanshu.store.paths import is_postgres_url, redact_url, resolve_target
from support.store_files import PLAYERS


def test_resolve_path_url_env_and_default(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("FANSHU_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    if sys.platform.startswith("linux"):
        assert default_db_path() == tmp_path / "xdg" / "fanshu" / "fanshu.db"
    assert resolve_db_path(None) == str(default_db_path())
    assert resolve_db_path(tmp_path / "a.db") == str(tmp_path / "a.db")
    assert resolve_db_path("sqlite:///rel/b.db") == "rel/b.db"
    assert resolve_db_path(f"sqlite:///{tmp_path}/c.db") == f"{tmp_path}/c.db"
    monkeypatch.setenv("FANSHU_DB", f"sqlite:///{tmp_path}/env.db")
    assert resolve_db_path(None) == f"{tmp_path}/env.db"
    assert resolve_db_path("x.db") == "x.db"  # an explicit target wins over the variable
    for bad in ("mysql://h/db", "sqlite://h/db", "sqlite:///"):
        with pytest.raises(StoreError, match="sqlite:///path"):
            resolve_db_path(bad)
    # a PostgreSQL URL names no file (open_store opens it: test_postgres.py)
    with pytest.raises(StoreError, match="is a PostgreSQL database, not an SQLite file"):
        resolve_db_path("postgres://u:pw@h/db")
    with pytest.raises(StoreError) as refused:
        resolve_db_path("postgres://u:pw@h/db")
    assert "pw" not in str(refused.value)


def test_resolve_target_takes_postgres_urls(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("FANSHU_DB", raising=False)
    for url in ("postgresql://ann@db.example/club", "postgres://ann@/club?host=/run/pg"):
        assert is_postgres_url(url) and resolve_target(f"  {url} ") == url
    assert resolve_target(tmp_path / "a.db") == str(tmp_path / "a.db")
    assert not is_postgres_url("postgresql.db") and not is_postgres_url(None)
    monkeypatch.setenv("FANSHU_DB", "postgresql://ann@db.example/club")
    assert resolve_target(None) == resolve_target("") == "postgresql://ann@db.example/club"
    assert resolve_target("x.db") == "x.db"  # an explicit target wins over the variable


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("postgresql://ann:s3cr%40t@db:5433/club", "postgresql://ann@db:5433/club"),
        (
            "postgresql://db/club?password=s3cret&sslmode=require",
            "postgresql://db/club?sslmode=require",
        ),
        ("postgresql://ann@/club?host=/run/pg", "postgresql://ann@/club?host=/run/pg"),
    ],
)
def test_redact_url_drops_the_password(url: str, shown: str) -> None:
    assert redact_url(url) == shown


def test_default_location_is_created(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("FANSHU_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    with SqliteStore.open() as s:
        mid = s.create_match(PLAYERS)
        assert Path(s.path).is_file()
    with SqliteStore.open() as s:
        assert s.load_match(mid).players == tuple(PLAYERS)
