"""Chinese and English: fanshu's messages and their translations (gettext catalogs).

fanshu writes its messages in English.  A message that a person may read in another
language is made with :func:`msg`: a :class:`Message` is the English text (a ``str``, so
everything that prints or compares messages keeps working) that also remembers its
template and values, so that a front end can render it in the reader's language:

>>> m = msg("unknown suit {suit!r}", suit="z")
>>> print(m, m.template, m.values, sep=" | ")
unknown suit 'z' | unknown suit {suit!r} | {'suit': 'z'}
>>> translate(m, "en") == m
True

The catalogs are gettext ``.mo`` files in ``fanshu/locale/<lang>/LC_MESSAGES/`` (domain
``fanshu``), compiled from the ``.po`` files beside them (``make messages``).  A message
with no translation is shown in English.  Values that are messages themselves are
translated too, so messages nest (``NotationError`` wraps its message with the position).

:func:`language` reads a ``LANG`` value or an HTTP ``Accept-Language`` header:

>>> language("zh_CN.UTF-8"), language("en-GB,en;q=0.9"), language("fr, zh;q=0.5"), language(None)
('zh', 'en', 'zh', 'en')
>>> language("en;q=0.4, zh-CN;q=0.8"), language("zh;q=0, en")
('zh', 'en')

Only the standard library is used: this module sits below ``fanshu.errors``.
"""

from __future__ import annotations

import gettext as _gettext
from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any, Final, Literal

__all__ = [
    "DEFAULT_LANGUAGE",
    "LANGUAGES",
    "Language",
    "Message",
    "gettext",
    "language",
    "msg",
    "translate",
]

Language = Literal["en", "zh"]
LANGUAGES: Final[tuple[Language, ...]] = ("en", "zh")
DEFAULT_LANGUAGE: Final[Language] = "en"
DOMAIN: Final = "fanshu"
LOCALE_DIR: Final = Path(__file__).resolve().parent.parent / "locale"


class Message(str):
    """An English message that keeps its template and values for translation."""

    template: str
    values: Mapping[str, Any]

    def __new__(cls, template: str, /, **values: Any) -> Message:
        self = super().__new__(cls, template.format(**values) if values else template)
        self.template = template
        self.values = values
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        # the default pickling of a str subclass would call Message(<the English text>),
        # which is no template: rebuild from the template and the values instead
        return (_rebuild, (self.template, dict(self.values)))


def _rebuild(template: str, values: dict[str, Any]) -> Message:
    return Message(template, **values)


def msg(template: str, /, **values: Any) -> Message:
    """A translatable message: ``template`` is English with ``str.format`` fields.

    ``pybabel extract`` finds the templates by this name (``make messages``).
    """
    return Message(template, **values)


# One entry a language asked for: 0.5 MiB for a shipped catalog (zh, tracemalloc), a few
# KiB for one without (the fallback); 16 entries bound it.
@lru_cache(maxsize=16)
def _catalog(lang: str) -> _gettext.NullTranslations:
    return _gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang], fallback=True)


def gettext(text: str, lang: str) -> str:
    """``text`` (an English msgid) in ``lang``; ``text`` itself when there is no entry."""
    if lang == DEFAULT_LANGUAGE:
        return text
    return _catalog(lang).gettext(text)


def translate(text: str, lang: str) -> str:
    """A message in ``lang``: a :class:`Message` by its template, a plain string as a msgid."""
    if lang == DEFAULT_LANGUAGE:
        return str(text)
    if isinstance(text, Message):
        values = {
            k: translate(v, lang) if isinstance(v, Message) else v for k, v in text.values.items()
        }
        template = gettext(text.template, lang)
        try:
            return template.format(**values) if text.values else template
        except (KeyError, IndexError, ValueError):
            # a translation whose fields do not match the template: English is better
            # than a crash (the catalog test catches this before a release)
            return str(text)
    return gettext(str(text), lang)


def language(value: str | None) -> Language:
    """The language of a ``LANG``-style value or an ``Accept-Language`` header.

    The language fanshu has with the highest quality (``q=``, 1 when not given) wins,
    the first written among equals; ``q=0`` means "not this one" (RFC 9110 §12.5.4).
    """
    if not value:
        return DEFAULT_LANGUAGE
    best: tuple[float, Language] | None = None
    for part in value.replace("_", "-").split(","):
        tag, *params = (p.strip().lower() for p in part.split(";"))
        primary = tag.split("-")[0].split(".")[0]
        found = _BY_PRIMARY_TAG.get(primary)
        if found is None:
            continue
        quality = _quality(params)
        if quality > 0 and (best is None or quality > best[0]):
            best = (quality, found)
    return best[1] if best is not None else DEFAULT_LANGUAGE


def _quality(params: list[str]) -> float:
    for p in params:
        name, _, number = p.partition("=")
        if name.strip() == "q":
            try:
                return min(max(float(number), 0.0), 1.0)
            except ValueError:
                return 0.0
    return 1.0


_BY_PRIMARY_TAG: Final[Mapping[str, Language]] = {lang: lang for lang in LANGUAGES}
