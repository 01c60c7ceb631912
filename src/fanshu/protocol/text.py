"""Text that is not Unicode: the ``invalid_text`` error of every front end.

JSON may carry a lone surrogate (``"\\ud800"`` is valid JSON, but no Unicode text), and a
command line argument or input line with bytes that are not UTF-8 arrives in Python as
lone surrogates too (``surrogateescape``).  Such a string cannot be written out as UTF-8
(to a terminal, a response, the database), so it is refused where it comes in, naming
the field, instead of failing later with a ``UnicodeEncodeError`` far from its cause.

>>> try:
...     check_text({"id": 1, "players": ["A", "B\\udcff"]})
... except InvalidText as e:
...     print(e.field, "|", e.message[:54])
players[1] | players[1] is not valid Unicode text (a lone surrogate
>>> check_text({"hand": "1m", "options": {"x": ["中"]}})
>>> scrubbed({"id": "x\\ud800"})
{'id': 'x�'}
"""

from __future__ import annotations

from typing import Any

from fanshu.i18n import msg

__all__ = [
    "INVALID_TEXT",
    "InvalidText",
    "check_text",
    "invalid_text_message",
    "is_text",
    "scrubbed",
]

#: The error code of a string that is not Unicode text.
INVALID_TEXT = "invalid_text"

_REPLACEMENT = "\ufffd"


def is_text(s: str) -> bool:
    """Whether ``s`` is Unicode text (no lone surrogate): ASCII is, at no cost."""
    if s.isascii():
        return True
    try:
        s.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _first_surrogate(s: str) -> int:
    return next(i for i, ch in enumerate(s) if "\ud800" <= ch <= "\udfff")


def _bad_string(value: Any, path: str) -> tuple[str, str, bool] | None:
    """(path, the bad string, whether it is a key) of the first string in ``value``
    that is not text."""
    if isinstance(value, str):
        return None if is_text(value) else (path, value, False)
    if isinstance(value, dict):
        for key, item in value.items():
            where = f"{path}.{key}" if path else str(key)
            if isinstance(key, str) and not is_text(key):
                return (path or "body", key, True)
            found = _bad_string(item, where)
            if found is not None:
                return found
    elif isinstance(value, list | tuple):
        for i, item in enumerate(value):
            found = _bad_string(item, f"{path}[{i}]")
            if found is not None:
                return found
    return None


def invalid_text_message(field: str, text: str, *, key: bool = False) -> str:
    """What is wrong with ``text``, the string at ``field`` (or a key of it), shown
    escaped so that the message itself is text."""
    at = _first_surrogate(text)
    values = {"field": field, "char": text[at].encode("unicode_escape").decode("ascii"), "at": at}
    if key:
        return msg(
            "a key of {field} is not valid Unicode text (a lone surrogate {char} at {at}: "
            "bytes that are not UTF-8?)",
            **values,
        )
    return msg(
        "{field} is not valid Unicode text (a lone surrogate {char} at {at}: "
        "bytes that are not UTF-8?)",
        **values,
    )


class InvalidText(ValueError):
    """A string that is not Unicode text, at ``field``."""

    code = INVALID_TEXT

    def __init__(self, field: str, text: str, *, key: bool = False) -> None:
        self.field = field
        self.message = invalid_text_message(field, text, key=key)
        super().__init__(self.message)


def check_text(value: Any, path: str = "") -> None:
    """Raise :class:`InvalidText` for the first string in a decoded JSON value (key or
    value) that is not Unicode text, naming its field (``players[1]``, ``options.x``;
    ``body`` for the value itself), under ``path`` when given."""
    found = _bad_string(value, path)
    if found is not None:
        raise InvalidText(found[0] or "body", found[1], key=found[2])


def scrubbed(value: Any) -> Any:
    """``value`` with every lone surrogate replaced by U+FFFD: what may be echoed back
    (the ``id`` of a refused line) so that the answer can still be written."""
    if isinstance(value, str):
        if is_text(value):
            return value
        return "".join(_REPLACEMENT if "\ud800" <= ch <= "\udfff" else ch for ch in value)
    if isinstance(value, dict):
        return {scrubbed(k): scrubbed(v) for k, v in value.items()}
    if isinstance(value, list):
        return [scrubbed(v) for v in value]
    return value
