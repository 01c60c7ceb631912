"""JSON Lines: one input line to one output line, for every batch command.

An input line is one JSON value, handed to a :data:`LineHandler` (``score_line``,
``analyze_line``) that turns it into its output object; the output line is that object as
compact JSON with Chinese kept as is (no ``\\u`` escapes), without the newline.  A line
that is not JSON gives the ``bad_json`` error object; empty (or all-whitespace) lines are
skipped and give no output line, so that a trailing blank line does not produce a
spurious error.  Nothing here raises for bad input.

>>> for out in run_batch(['{"id": 1, "hand": 5}', "", "[1, 2]"]):
...     print(out)
{"id": 1, "error": {"code": "bad_field", "message": "hand must be a string, not 5"}}
{"id": null, "error": {"code": "bad_json", "message": "a line must be a JSON object, not an array"}}
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from fanshu.protocol.errors import BAD_JSON, error_object
from fanshu.protocol.score import score_line

__all__ = ["LineHandler", "dumps", "process_line", "run_batch"]

#: A line handler: a decoded input object (any JSON value) to its output object.
LineHandler = Callable[[Any], dict[str, Any]]


def dumps(obj: Mapping[str, Any]) -> str:
    """One output line (without the newline): compact-ish JSON, Chinese kept as is."""
    return json.dumps(obj, ensure_ascii=False)


def process_line(line: str, handle: LineHandler | None = None) -> str | None:
    """The output line for one input line, or None for an empty line.

    ``handle`` turns the decoded object into the output object (default ``score_line``;
    ``fanshu analyze`` passes its own); bad JSON gives the same error object either way.
    """
    text = line.strip()
    if not text:
        return None
    try:
        obj = json.loads(text)
    except ValueError as e:  # json.JSONDecodeError and RecursionError-free cases
        return dumps(error_object(None, BAD_JSON, f"not JSON: {e}"))
    except RecursionError:
        return dumps(error_object(None, BAD_JSON, "not JSON: nested too deeply"))
    return dumps((handle or score_line)(obj))


def run_batch(lines: Iterable[str], handle: LineHandler | None = None) -> Iterator[str]:
    """Score (or, with ``handle``, otherwise process) JSON Lines: one output line (without
    newline) per non-empty input line, in order.  Bad lines give error objects; nothing
    here raises for bad input."""
    for line in lines:
        out = process_line(line, handle)
        if out is not None:
            yield out
