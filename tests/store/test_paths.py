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
    for bad in ("postgres://u@h/db", "mysql://h/db", "sqlite://h/db", "sqlite:///"):
        with pytest.raises(StoreError, match="sqlite:///path"):
            resolve_db_path(bad)


def test_default_location_is_created(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("FANSHU_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    with SqliteStore.open() as s:
        mid = s.create_match(PLAYERS)
        assert Path(s.path).is_file()
    with SqliteStore.open() as s:
        assert s.load_match(mid).players == tuple(PLAYERS)
