"""Where the database lives: a path, a ``sqlite:///path`` URL, a PostgreSQL URL
(``postgresql://user@host/dbname``), ``$FANSHU_DB``, or the default ``fanshu.db`` in the
user's data directory (``$XDG_DATA_HOME/fanshu`` or ``~/.local/share/fanshu`` on Linux,
``~/Library/Application Support/fanshu`` on macOS, ``%LOCALAPPDATA%\\fanshu`` on
Windows)."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from urllib.parse import parse_qsl, unquote, urlencode, urlsplit, urlunsplit

from fanshu.i18n import msg
from fanshu.store.interface import StoreError

__all__ = [
    "ENV_VAR",
    "default_db_path",
    "is_default",
    "is_postgres_url",
    "redact_url",
    "resolve_db_path",
    "resolve_target",
]

#: The environment variable that names the database (a path, a ``sqlite:///`` URL or a
#: ``postgresql://`` URL).
ENV_VAR = "FANSHU_DB"
_URL_PREFIX = "sqlite:///"
#: The schemes of a PostgreSQL connection URL, as libpq reads them.
_POSTGRES_SCHEMES = ("postgresql://", "postgres://")
_SUPPORTED = (
    "a file path, a 'sqlite:///path' URL (sqlite:////abs/path for an absolute path), "
    "':memory:', a 'postgresql://user@host/dbname' URL, or nothing for the default file "
    "under the user's data directory"
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


def is_postgres_url(target: str | Path | None) -> bool:
    """Whether ``target`` is a PostgreSQL URL (``postgresql://`` or ``postgres://``).

    >>> is_postgres_url("postgresql://fanshu@db.example/club"), is_postgres_url("a.db")
    (True, False)
    """
    return isinstance(target, str) and target.strip().lower().startswith(_POSTGRES_SCHEMES)


def resolve_target(target: str | Path | None = None) -> str:
    """What a target names: a PostgreSQL URL as it is, else the SQLite file (or
    ``:memory:``) of :func:`resolve_db_path`; ``target``, else ``$FANSHU_DB``, else the
    default file.

    >>> resolve_target("postgresql://fanshu@/club?host=/run/postgresql")
    'postgresql://fanshu@/club?host=/run/postgresql'
    >>> resolve_target("sqlite:///games.db")
    'games.db'
    """
    if target is None or (isinstance(target, str) and not target.strip()):
        target = os.environ.get(ENV_VAR, "").strip() or None
    if is_postgres_url(target):
        return str(target).strip()
    return resolve_db_path(target)


def redact_url(url: str) -> str:
    """A PostgreSQL URL as messages show it: without its password (in the user part or
    a ``password`` parameter).

    >>> redact_url("postgresql://ann:s3cret@db.example:5433/club?password=x&sslmode=require")
    'postgresql://ann@db.example:5433/club?sslmode=require'
    """
    parts = urlsplit(url.strip())
    netloc = parts.netloc
    if "@" in netloc:
        user, host = netloc.rsplit("@", 1)
        netloc = f"{user.split(':', 1)[0]}@{host}"
    query = parts.query
    pairs = parse_qsl(query, keep_blank_values=True)
    if any(k == "password" for k, _ in pairs):
        query = urlencode([(k, v) for k, v in pairs if k != "password"], safe="/")
    return urlunsplit((parts.scheme, netloc, parts.path, query, ""))


def resolve_db_path(target: str | Path | None = None) -> str:
    """The file (or ``:memory:``) a target names: ``target``, else ``$FANSHU_DB``, else the
    default.  Raises :class:`StoreError` for a URL of another kind (a PostgreSQL URL
    names no file: :func:`resolve_target` takes it).

    >>> resolve_db_path("sqlite:///games.db")
    'games.db'
    >>> resolve_db_path("sqlite:////var/lib/fanshu.db")
    '/var/lib/fanshu.db'
    >>> resolve_db_path("mysql://host/db")
    Traceback (most recent call last):
    ...
    fanshu.store.interface.StoreError: unsupported database 'mysql://host/db': fanshu stores into SQLite or PostgreSQL; give a file path, a 'sqlite:///path' URL (sqlite:////abs/path for an absolute path), ':memory:', a 'postgresql://user@host/dbname' URL, or nothing for the default file under the user's data directory
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
    if is_postgres_url(text):
        raise StoreError(
            msg(
                "{redact_url} is a PostgreSQL database, not an SQLite file: open it "
                "with fanshu.store.open_store",
                redact_url=redact_url(text),
            )
        )
    if text.startswith(_URL_PREFIX):
        rest = unquote(text[len(_URL_PREFIX) :].split("?", 1)[0])
        if not rest:
            raise StoreError(
                msg(
                    "the URL {target!r} names no file; {supported}",
                    target=target,
                    supported=_SUPPORTED,
                )
            )
        return rest
    if text.startswith(("sqlite:", "file:")) or ("://" in text and not _looks_like_windows(text)):
        raise StoreError(
            msg(
                "unsupported database {target!r}: fanshu stores into SQLite or "
                "PostgreSQL; give {supported}",
                target=target,
                supported=_SUPPORTED,
            )
        )
    return os.path.expanduser(text)


def _looks_like_windows(text: str) -> bool:
    return len(text) > 2 and text[1] == ":" and text[0].isalpha()
