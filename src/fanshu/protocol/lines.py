"""JSON Lines: one input line to one output line, for every batch command.

An input line is one JSON value, handed to a :data:`LineHandler` (``score_line``,
``analyze_line``) that turns it into its output object; the output line is that object as
compact JSON with Chinese kept as is (no ``\\u`` escapes), without the newline.  A line
that is not JSON gives the ``bad_json`` error object; empty (or all-whitespace) lines are
skipped and give no output line, so that a trailing blank line does not produce a
spurious error.  Nothing here raises for bad input.

Lines end at ``\\n`` only (a CRLF line's ``\\r`` is JSON whitespace): a bare CR, U+2028
or U+0085 inside a line is part of that line, so one input line is one output line
whatever it holds (:func:`open_lines`).  Bytes that are not UTF-8 are read as lone
surrogates (``surrogateescape``), so that the line still reads and its bytes come back
unchanged (:func:`line_bytes`, for a resume's digest); such a line, like a JSON string
with a lone surrogate (``"\\ud800"``), is the ``invalid_text`` error object of that line,
with the line's id when it has one (the handlers check every string).

>>> for out in run_batch(['{"id": 1, "hand": 5}', "", "[1, 2]"]):
...     print(out)
{"id": 1, "error": {"code": "bad_field", "message": "hand must be a string, not 5"}}
{"id": null, "error": {"code": "bad_json", "message": "a line must be a JSON object, not an array"}}
>>> [json.loads(out)["error"]["code"] for out in run_batch(['{"id": 2, "hand": "\\udcff"}'])]
['invalid_text']
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import IO, Any

from fanshu.protocol.errors import BAD_JSON, INVALID_TEXT, error_object
from fanshu.protocol.score import score_line
from fanshu.protocol.text import invalid_text_message, is_text, scrubbed

__all__ = [
    "INPUT_ENCODING",
    "INPUT_ERRORS",
    "INPUT_NEWLINE",
    "LineHandler",
    "dumps",
    "line_bytes",
    "open_lines",
    "process_line",
    "run_batch",
]

#: A line handler: a decoded input object (any JSON value) to its output object.
LineHandler = Callable[[Any], dict[str, Any]]

#: How input lines are decoded: UTF-8 (a byte-order mark at the start is dropped), bytes
#: that are not UTF-8 kept as lone surrogates, lines ending at ``\\n`` only.
INPUT_ENCODING = "utf-8-sig"
INPUT_ERRORS = "surrogateescape"
INPUT_NEWLINE = "\n"
#: JSON's whitespace (RFC 8259): what may stand around a line's value.  ``str.strip``
#: would also take U+2028, U+0085 and the other Unicode spaces, and skip a line of them
#: without an output line.
_JSON_WHITESPACE = " \t\r\n"


def open_lines(buffer: IO[bytes]) -> io.TextIOWrapper:
    """A binary input (a file, stdin's buffer) read as batch lines: split at ``\\n`` only,
    decoded as :data:`INPUT_ENCODING`, bytes that are not UTF-8 kept (module text).

    >>> list(open_lines(io.BytesIO(b'a\\rb\\r\\nc\\xe2\\x80\\xa8d\\n\\xff\\n')))
    ['a\\rb\\r\\n', 'c\\u2028d\\n', '\\udcff\\n']
    """
    return io.TextIOWrapper(
        buffer, encoding=INPUT_ENCODING, errors=INPUT_ERRORS, newline=INPUT_NEWLINE
    )


def line_bytes(line: str) -> bytes:
    """The bytes a line read by :func:`open_lines` was read from (for a digest of the
    input): undecodable bytes come back as they were.

    >>> line_bytes("中\\udcff\\n")
    b'\\xe4\\xb8\\xad\\xff\\n'
    """
    return line.encode("utf-8", INPUT_ERRORS)


def dumps(obj: Mapping[str, Any]) -> str:
    """One output line (without the newline): compact-ish JSON, Chinese kept as is."""
    return json.dumps(obj, ensure_ascii=False)


def process_line(line: str, handle: LineHandler | None = None) -> str | None:
    """The output line for one input line, or None for an empty line.

    ``handle`` turns the decoded object into the output object (default ``score_line``;
    ``fanshu analyze`` passes its own); bad JSON gives the same error object either way.
    """
    text = line.strip(_JSON_WHITESPACE)
    if not text:
        return None
    try:
        obj = json.loads(text)
    except ValueError as e:  # json.JSONDecodeError and RecursionError-free cases
        if not is_text(text):  # undecodable bytes: say so rather than where JSON failed
            return dumps(error_object(None, INVALID_TEXT, invalid_text_message("the line", text)))
        return dumps(error_object(None, BAD_JSON, f"not JSON: {e}"))
    except RecursionError:
        return dumps(error_object(None, BAD_JSON, "not JSON: nested too deeply"))
    result = (handle or score_line)(obj)
    out = dumps(result)
    # A handler checks its input's strings; should one still echo a lone surrogate, the
    # line is written with U+FFFD in its place rather than failing the whole output.
    return out if is_text(out) else dumps(scrubbed(result))


def run_batch(lines: Iterable[str], handle: LineHandler | None = None) -> Iterator[str]:
    """Score (or, with ``handle``, otherwise process) JSON Lines: one output line (without
    newline) per non-empty input line, in order.  Bad lines give error objects; nothing
    here raises for bad input."""
    for line in lines:
        out = process_line(line, handle)
        if out is not None:
            yield out
