"""Talking to a fanshu server from the command line (``fanshu tables``, ``fanshu play
--table``): its address, a table's links, JSON over HTTP with the standard library's
``urllib``, and the club server's log-in.

A link names a server and a table: the join link of a seat
(``http://host:8000/#/table/ID?key=TOKEN``), its socket
(``ws://host:8000/v1/tables/ID/ws?token=TOKEN``, ``http://`` too), a watch link
(``…?watch=WATCH_ID``) or the table's own address (``http://host:8000/v1/tables/ID``).
Whatever goes wrong is a :class:`RemoteError` with a one-line message: a bad link, a
server that cannot be reached, or the server's problem document (its ``detail``).

>>> link = parse_link("http://127.0.0.1:8000/#/table/t1?key=abc")
>>> link.server, link.table_id, link.token, link.watch
('http://127.0.0.1:8000', 't1', 'abc', None)
>>> link.socket(12)
'ws://127.0.0.1:8000/v1/tables/t1/ws?token=abc&from=12'
>>> parse_link("wss://example.org/club/v1/tables/t2/ws?watch=w9").socket(0)
'wss://example.org/club/v1/tables/t2/ws?watch=w9&from=0'
>>> server_of("example.org:8000")
'http://example.org:8000'
"""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass
from http.cookies import SimpleCookie
from typing import Any

from fanshu.errors import FanshuError
from fanshu.i18n import msg

__all__ = [
    "TIMEOUT",
    "RemoteError",
    "TableLink",
    "Unreachable",
    "log_in",
    "parse_link",
    "request_json",
    "server_of",
]

#: Seconds an HTTP request may take.
TIMEOUT = 30.0
#: The club server's log-in cookie and the header its writes carry (fanshu.web.api.auth).
SESSION_COOKIE = "fanshu_session"
CSRF_HEADER = "X-CSRF-Token"
_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
_SOCKET = re.compile(r"(?P<root>.*?)/v1/tables/(?P<id>[^/?#]+)(?:/ws)?/?$")
_SCHEMES = {"http": "http", "https": "https", "ws": "http", "wss": "https"}


class RemoteError(FanshuError):
    """A link that is not one, a server that does not answer, or its refusal."""


class Unreachable(RemoteError):
    """No answer from the server (not running, a wrong address, a network fault)."""


def server_of(url: str) -> str:
    """The server's address ``scheme://host[:port][/root]`` (no slash at the end);
    ``host:port`` alone is taken as ``http://``."""
    text = url.strip()
    if "://" not in text:
        text = "http://" + text
    parts = urllib.parse.urlsplit(text)
    if parts.scheme not in _SCHEMES or not parts.hostname:
        raise RemoteError(
            msg("{url!r} is not a server's address (http://host:port)", url=url.strip())
        )
    try:
        parts.port  # noqa: B018 (a port that is not a number raises here)
    except ValueError:
        raise RemoteError(msg("{url!r} has a bad port", url=url.strip())) from None
    root = parts.path.rstrip("/")
    return f"{_SCHEMES[parts.scheme]}://{parts.netloc}{root}"


@dataclass(frozen=True)
class TableLink:
    """A table on a server, with a seat token, a watch id, or neither."""

    server: str
    table_id: str
    token: str | None = None
    watch: str | None = None

    def socket(self, since: int) -> str:
        """The WebSocket address, resuming after ``since`` events."""
        base = "ws" + self.server.removeprefix("http")
        key, value = ("token", self.token) if self.token else ("watch", self.watch or "")
        query = urllib.parse.urlencode({key: value, "from": since})
        return f"{base}/v1/tables/{urllib.parse.quote(self.table_id)}/ws?{query}"

    def join(self, kind: str, secret: str) -> str:
        """The browser link of a seat (``kind`` ``key``) or of watching (``watch``)."""
        return f"{self.server}/#/table/{self.table_id}?{kind}={secret}"


def parse_link(url: str, server: str | None = None) -> TableLink:
    """The table ``url`` names: a join, socket or watch link, the table's address, or
    its id alone with ``server``."""
    text = url.strip()
    if server is not None and _ID.fullmatch(text):
        return TableLink(server_of(server), text)
    if "://" not in text:
        raise RemoteError(
            msg(
                "{url!r} is not a table's link (http://host:port/#/table/ID?key=TOKEN)",
                url=text,
            )
        )
    parts = urllib.parse.urlsplit(text)
    base = server_of(f"{parts.scheme}://{parts.netloc}")
    if parts.fragment.startswith("/table/"):  # the browser's link: /#/table/ID?key=…
        path, _, query = parts.fragment.partition("?")
        table_id = path.removeprefix("/table/").strip("/")
        root = parts.path.rstrip("/")
        params = urllib.parse.parse_qs(query)
        token = params.get("key", [None])[0]
    else:
        m = _SOCKET.fullmatch(parts.path)
        if m is None:
            raise RemoteError(
                msg(
                    "{url!r} is not a table's link (http://host:port/#/table/ID?key=TOKEN)",
                    url=text,
                )
            )
        table_id, root = urllib.parse.unquote(m["id"]), m["root"]
        params = urllib.parse.parse_qs(parts.query)
        token = params.get("token", [None])[0]
    if not _ID.fullmatch(table_id):
        raise RemoteError(msg("{id!r} is not a table id", id=table_id))
    watch = params.get("watch", [None])[0]
    return TableLink(base + root, table_id, token or None, watch or None)


def _problem_text(status: int, body: bytes) -> str:
    try:
        doc = json.loads(body)
    except ValueError:
        doc = None
    if isinstance(doc, dict) and isinstance(doc.get("detail"), str):
        return f"{doc['detail']} ({status} {doc.get('code', '')})".replace(" )", ")")
    return f"HTTP {status}"


def request_json(
    method: str,
    url: str,
    body: Any = None,
    headers: dict[str, str] | None = None,
    *,
    lang: str | None = None,
) -> tuple[Any, Any]:
    """(the JSON answer, the response headers) of ``method url`` with a JSON ``body``;
    ``RemoteError`` for a server that does not answer or answers a problem."""
    data = None if body is None else json.dumps(body).encode()
    sent = {"Accept": "application/json", **(headers or {})}
    if data is not None:
        sent["Content-Type"] = "application/json"
    if lang:
        sent["Accept-Language"] = lang
    req = urllib.request.Request(url, data=data, headers=sent, method=method)
    try:
        with urllib.request.urlopen(req, timeout=TIMEOUT) as r:
            return json.loads(r.read() or b"null"), r.headers
    except urllib.error.HTTPError as e:
        raise RemoteError(
            msg("the server refused: {problem}", problem=_problem_text(e.code, e.read()))
        ) from None
    except (urllib.error.URLError, OSError) as e:
        reason = getattr(e, "reason", e)
        raise Unreachable(
            msg("cannot reach the server at {url}: {reason}", url=url, reason=str(reason))
        ) from None
    except ValueError:
        raise RemoteError(msg("the server at {url} did not answer JSON", url=url)) from None


def log_in(server: str, name: str, password: str, *, lang: str | None = None) -> dict[str, str]:
    """The headers of a club server's logged-in account (``POST /v1/session``): its
    session cookie and CSRF token."""
    answer, headers = request_json(
        "POST", f"{server}/v1/session", {"name": name, "password": password}, lang=lang
    )
    cookie = SimpleCookie()
    for line in headers.get_all("Set-Cookie") or []:
        cookie.load(line)
    session = cookie.get(SESSION_COOKIE)
    if session is None or not isinstance(answer, dict) or "csrf" not in answer:
        raise RemoteError(msg("the server at {url} gave no log-in session", url=server))
    return {"Cookie": f"{SESSION_COOKIE}={session.value}", CSRF_HEADER: str(answer["csrf"])}
