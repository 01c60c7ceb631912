"""griffe extension: fanshu's docstrings as Markdown for the API reference.

fanshu's docstrings are written for ``help()`` and doctest: reStructuredText-style
literals (````x````), roles (``:class:`Result```) and ``>>>`` examples.  Read as
Markdown, ``>>>`` becomes a nested quote and ````x```` a broken code span, so this
extension rewrites each docstring before mkdocstrings renders it: doctest blocks become
``pycon`` code blocks, double backticks single ones, roles plain code.  The docstrings in
the source stay as they are (the doctests run from them).
"""

from __future__ import annotations

import re
from typing import Any

import griffe

_ROLE = re.compile(r":(?:py:)?(?:class|func|meth|attr|mod|data|obj|exc|const):`~?([^`]+)`")
_LITERAL = re.compile(r"``(.+?)``")


def markdown(text: str) -> str:
    """The docstring ``text`` as Markdown.

    >>> markdown("Use ``x``, see :class:`Result`.\\n\\n>>> 1 + 1\\n2\\n\\nDone.").splitlines()
    ['Use `x`, see `Result`.', '', '```pycon', '>>> 1 + 1', '2', '```', '', 'Done.']
    """
    out: list[str] = []
    in_code = False  # inside a fence the text already had
    in_doctest = False
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith("```") and not in_doctest:
            in_code = not in_code
            out.append(line)
            continue
        if in_code:
            out.append(line)
            continue
        if in_doctest:
            if stripped:
                out.append(line)
                continue
            out.append(_indent(line) + "```")
            in_doctest = False
        if stripped.startswith(">>>"):
            out.append(_indent(line) + "```pycon")
            out.append(line)
            in_doctest = True
            continue
        if stripped.endswith("::") and not stripped.startswith(".."):
            line = line[:-1]  # an RST literal-block marker reads as a colon
        out.append(_LITERAL.sub(r"`\1`", _ROLE.sub(r"`\1`", line)))
    if in_doctest:
        out.append("```")
    return "\n".join(out) + ("\n" if text.endswith("\n") else "")


def _indent(line: str) -> str:
    return line[: len(line) - len(line.lstrip())]


class FanshuDocstrings(griffe.Extension):
    """Rewrites every docstring griffe reads (modules, classes, functions, attributes)."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            obj.docstring.value = markdown(obj.docstring.value)
