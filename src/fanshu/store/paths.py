"""Where the database lives: a path, a ``sqlite:///path`` URL, ``$FANSHU_DB``, or the
default ``fanshu.db`` in the user's data directory (``$XDG_DATA_HOME/fanshu`` or
``~/.local/share/fanshu`` on Linux, ``~/Library/Application Support/fanshu`` on macOS,
``%LOCALAPPDATA%\\fanshu`` on Windows)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from urllib.parse import unquote

from fanshu.store.interface import StoreError

__all__ = ["ENV_VAR", "default_db_path", "is_default", "resolve_db_path"]

#: The environment variable that names the database (a path or a ``sqlite:///`` URL).
ENV_VAR = "FANSHU_DB"
_URL_PREFIX = "sqlite:///"
_SUPPORTED = (
    "a file path, a 'sqlite:///path' URL (sqlite:////abs/path for an absolute path), "
    "':memory:', or nothing for the default file under the user's data directory"
)


def default_db_path() -> Path:
    """``fanshu.db`` under the user's data directory, per platform convention."""
    home = Path.home()
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or os.environ.get("APPDATA")
        root = Path(base) if base else home / "AppData" / "Local"
    elif sys.platform == "darwin":
        root = home / "Library" / "Application Support"
    else:
        xdg = os.environ.get("XDG_DATA_HOME", "")
        # The XDG spec: a relative value is invalid and must be ignored.
        root = Path(xdg) if xdg and os.path.isabs(xdg) else home / ".local" / "share"
    return root / "fanshu" / "fanshu.db"


def is_default(target: str | Path | None) -> bool:
    """True when ``target`` leaves the choice to the default file (no target, no
    ``$FANSHU_DB``): only then may fanshu create the directory it lives in."""
    return target is None and not os.environ.get(ENV_VAR, "").strip()


def resolve_db_path(target: str | Path | None = None) -> str:
    """The file (or ``:memory:``) a target names: ``target``, else ``$FANSHU_DB``, else the
    default.  Raises :class:`StoreError` for a URL of another kind.

    >>> resolve_db_path("sqlite:///games.db")
    'games.db'
    >>> resolve_db_path("sqlite:////var/lib/fanshu.db")
    '/var/lib/fanshu.db'
    >>> resolve_db_path("postgres://host/db")
    Traceback (most recent call last):
    ...
    fanshu.store.interface.StoreError: unsupported database 'postgres://host/db': fanshu stores into SQLite; give a file path, a 'sqlite:///path' URL (sqlite:////abs/path for an absolute path), ':memory:', or nothing for the default file under the user's data directory
    """  # noqa: E501
    if target is None or (isinstance(target, str) and not target.strip()):
        target = os.environ.get(ENV_VAR, "").strip() or None
    if target is None:
        return str(default_db_path())
    if isinstance(target, Path):
        return str(target)
    text = target.strip()
    if text == ":memory:":
        return text
    if text.startswith(_URL_PREFIX):
        rest = unquote(text[len(_URL_PREFIX) :].split("?", 1)[0])
        if not rest:
            raise StoreError(f"the URL {target!r} names no file; {_SUPPORTED}")
        return rest
    if text.startswith(("sqlite:", "file:")) or ("://" in text and not _looks_like_windows(text)):
        raise StoreError(
            f"unsupported database {target!r}: fanshu stores into SQLite; give {_SUPPORTED}"
        )
    return os.path.expanduser(text)


def _looks_like_windows(text: str) -> bool:
    return len(text) > 2 and text[1] == ":" and text[0].isalpha()
