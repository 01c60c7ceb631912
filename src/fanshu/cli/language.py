"""The language the ``fanshu`` commands speak: ``--lang en|zh``, else the environment.

The root option ``--lang`` calls :func:`set_language`; without it the language comes from
the environment the way gettext reads it (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
``LANG``: the first one that is set).  :func:`t` renders a message (a
:class:`fanshu.i18n.Message` or a plain English msgid) in that language.

命令行的语言：``--lang en|zh``，否则按环境变量（``LANGUAGE``、``LC_ALL``、``LC_MESSAGES``、
``LANG``，取第一个有值的）。

>>> set_language("zh")
>>> current_language()
'zh'
>>> from fanshu.i18n import msg
>>> t(msg("{message} at {position}", message="bad", position=3))
'bad（位置 3）'
>>> set_language(None)
"""

from __future__ import annotations

import os
from typing import Final

from fanshu.i18n import LANGUAGES, Language, language, translate

__all__ = ["ENVIRONMENT", "current_language", "set_language", "t"]

#: The environment variables that name the language, in gettext's order.
ENVIRONMENT: Final = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_chosen: Language | None = None


def set_language(lang: str | None) -> None:
    """Choose the language (``"en"``, ``"zh"``, or a tag such as ``"zh-CN"``);
    ``None`` goes back to the environment's."""
    global _chosen
    if lang is None:
        _chosen = None
        return
    found = language(lang)
    primary = lang.replace("_", "-").split("-")[0].split(".")[0].strip().lower()
    if primary not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r} (known: {', '.join(LANGUAGES)})")
    _chosen = found


def _from_environment() -> Language:
    for name in ENVIRONMENT:
        value = os.environ.get(name)
        if value:
            # LANGUAGE may be a list ("zh_CN:en"); C and POSIX mean English
            return language(value.replace(":", ","))
    return language(None)


def current_language() -> Language:
    """``--lang``'s choice, else the environment's, else English."""
    return _chosen if _chosen is not None else _from_environment()


def t(text: str) -> str:
    """``text`` in the current language (English when it has no translation)."""
    return translate(text, current_language())
