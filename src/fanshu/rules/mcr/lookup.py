"""One MCR fan found by what a person types, and everything fanshu knows about it.

``fanshu fans NAME`` and ``GET /v1/fans/{name}`` both read a fan here: by its Chinese
name (``大四喜``), its English name in any case (``big four winds``, ``Big-Four-Winds``),
its number in the 1998 rule book (``1``; 82 明暗杠, 83-89 the non-official extras) or its
key (``BIG_FOUR_WINDS``, ``big_four_winds``).  An unknown name is an ``OptionError``
naming the closest fans.  按中文名、英文名、编号或键名查找番种；找不到时给出相近的番种。

>>> find_fan("大四喜") is find_fan("big four winds") is find_fan("1") is Fan.BIG_FOUR_WINDS
True
>>> [f.name for f in close_fans("四喜")][:2]
['BIG_FOUR_WINDS', 'LITTLE_FOUR_WINDS']
"""

from __future__ import annotations

import difflib
import re
from typing import Any

from fanshu.errors import OptionError
from fanshu.i18n import msg
from fanshu.rules.mcr.fans import FANS, Fan
from fanshu.rules.texts import fan_text

#: The rule set the texts are looked up in.
RULES = "mcr"


def _plain(text: str) -> str:
    """A name as compared: lower case, spaces, hyphens and underscores dropped."""
    return re.sub(r"[\s\-_·・]+", "", text.strip().lower())


def _names() -> dict[str, Fan]:
    names: dict[str, Fan] = {}
    for fan, spec in FANS.items():
        for name in (spec.name_zh, spec.name_en, fan.name, str(int(fan))):
            names.setdefault(_plain(name), fan)
    return names


_NAMES = _names()


def find_fan(name: str) -> Fan:
    """The fan called ``name`` (Chinese, English, number or key); an ``OptionError``
    naming the closest fans otherwise.

    >>> find_fan("9 gates")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    fanshu.errors.OptionError: unknown fan '9 gates'; close: 九莲宝灯 Nine Gates (4)...
    """
    key = _plain(name.removeprefix("#")) if isinstance(name, str) else ""
    fan = _NAMES.get(key)
    if fan is not None:
        return fan
    close = close_fans(name)
    if close:
        named = ", ".join(f"{FANS[f].name_zh} {FANS[f].name_en} ({int(f)})" for f in close)
        raise OptionError(msg("unknown fan {name!r}; close: {close}", name=name, close=named))
    raise OptionError(
        msg("unknown fan {name!r}: give a Chinese or English name or a number 1-89", name=name)
    )


def close_fans(name: str, n: int = 5) -> list[Fan]:
    """Up to ``n`` fans whose names come closest to ``name``, best first: those whose
    name contains it (or is contained in it), then by similarity."""
    if not isinstance(name, str):
        return []
    key = _plain(name)
    if not key:
        return []
    found: list[Fan] = []
    for plain, fan in _NAMES.items():
        if not plain.isdigit() and (key in plain or plain in key) and fan not in found:
            found.append(fan)
    for plain in difflib.get_close_matches(key, list(_NAMES), n=n * 2, cutoff=0.5):
        fan = _NAMES[plain]
        if fan not in found:
            found.append(fan)
    return found[:n]


def fan_info(fan: Fan) -> dict[str, Any]:
    """Everything about one fan as plain data: number, key, names, value, whether it is
    one of the 81 official fans, what its 不计 row excludes (on the whole hand and on its
    own sets), which fans' rows exclude it, where it comes from, and its rule text
    (``zh``, ``en``, ``examples``; None where the rule set has none)."""
    spec = FANS[fan]
    text = fan_text(RULES, fan)
    excluded_by = [f for f in sorted(Fan) if fan in FANS[f].excludes + FANS[f].excludes_own_sets]
    return {
        "number": spec.number,
        "key": fan.name.lower(),
        "name": spec.name_zh,
        "name_en": spec.name_en,
        "value": spec.value,
        "official": fan.is_official,
        "excludes": [_ref(f) for f in spec.excludes],
        "excludes_own_sets": [_ref(f) for f in spec.excludes_own_sets],
        "excluded_by": [_ref(f) for f in excluded_by],
        "source": spec.source,
        "text": None if text is None else text.to_dict(),
    }


def _ref(fan: Fan) -> dict[str, Any]:
    spec = FANS[fan]
    return {"number": spec.number, "name": spec.name_zh, "name_en": spec.name_en}


def fan_ref(fan: Fan) -> dict[str, Any]:
    """A fan named briefly: number, Chinese and English name (for close matches)."""
    return _ref(fan)


__all__ = ["close_fans", "fan_info", "fan_ref", "find_fan"]
