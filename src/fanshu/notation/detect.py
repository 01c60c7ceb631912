"""Which notation a hand is written in: read it in the one named, or find it.

``read_hand(text, notation=None)`` gives the Hand and the notation's name.  With a name
it reads that notation only.  Without one:

1. the fanshu notation is tried first, and a hand it reads with no space in it is
   taken at once (no other notation reads such a string as a different hand: that is
   the fast path of every scorer);
2. otherwise every notation is tried (``HAND_NOTATIONS``, in that order).  The readings
   that succeed are compared: if they are all the same hand, the first is taken; if
   they differ, that is an **ambiguity** — a ``NotationError`` that shows each reading
   and asks for the notation by name.  The cases: ``z`` honours (mpsz's 5z is 白, the
   older CMH's 5z is 中) and spaces (the fanshu notation skips them, the older CMH ends
   a meld with one);
3. if none reads it, the error is that of the notation in play (``ALPHABETS``: those
   whose characters the text is written in, else all) that read furthest into the
   text.  When that is fanshu's (no other got further, and the text has no ``z`` tile
   such as ``5z`` and is ASCII) it is raised as it is: a typo in the default notation.
   Otherwise the message is that notation's error, the notations tried and the hint (``HINT``).

>>> read_hand("123m456p789s11z")[1], read_hand("W1 W2 W3 B4 B5 B6 T7 T8 T9 F1 F1 F1 J1 J1")[1]
('mpsz', 'botzone')
>>> read_hand("[EEEE]123m456p789s11s")[1], read_hand("🀇🀈🀉🀜🀝🀞🀖🀗🀘🀀🀀🀀🀐🀐")[1]
('fanshu', 'unicode')
>>> try:
...     read_hand("123m456p789s11s555z")
... except NotationError as e:
...     print(e.message[:59])
the hand reads differently in mpsz (123m456p11789sPP P) and
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from fanshu.errors import NotationError, OptionError
from fanshu.hand import Hand, WinContext
from fanshu.i18n import msg
from fanshu.notation import botzone, chinese, cmh, mpsz, unicode
from fanshu.notation import fanshu as _fanshu

__all__ = [
    "ALPHABETS",
    "HAND_FORMATTERS",
    "HAND_NOTATIONS",
    "HINT",
    "format_hand_as",
    "hand_notation",
    "read_hand",
]

Reader = Callable[[str, WinContext | None], Hand]

#: Every notation a hand may be written in, in the order they are tried.
HAND_NOTATIONS: Mapping[str, Reader] = {
    "fanshu": _fanshu.parse_hand,
    "mpsz": mpsz.parse_hand,
    "cmh": cmh.parse_hand,
    "botzone": botzone.parse_hand,
    "unicode": unicode.parse_hand,
    "chinese": chinese.parse_hand,
}
#: How each notation writes a hand.
HAND_FORMATTERS: Mapping[str, Callable[[Hand], str]] = {
    "fanshu": _fanshu.format_hand,
    "mpsz": mpsz.format_hand,
    "cmh": cmh.format_hand,
    "botzone": botzone.format_hand,
    "unicode": unicode.format_hand,
    "chinese": chinese.format_hand,
}
_Z_TILE = re.compile(r"[0-9]z")
_SPACE = " \t\n\r\u3000"
_DIGITS = "0123456789"
#: The characters each notation may use: the notations in play for a text that none
#: reads are those whose alphabet holds all of its characters.
ALPHABETS: Mapping[str, frozenset[str]] = {
    "fanshu": frozenset(_DIGITS + "mpsfESWNCFP[]" + _SPACE),
    "mpsz": frozenset(_DIGITS + "mpszf[]" + _SPACE),
    "cmh": frozenset(_DIGITS + "mpszfESWNCFP[]" + _SPACE),
    "botzone": frozenset(_DIGITS + "WBTFJHCIPENGAU" + "wbtfjhcipengau" + "[]," + _SPACE),
    "unicode": frozenset(
        [chr(c) for c in range(0x1F000, 0x1F02C)]
        + ["\ufe0e", "\ufe0f"]
        + list(_DIGITS + "[]" + _SPACE)
    ),
    "chinese": frozenset("".join(chinese.TILE_OF_NAME) + _DIGITS + "[]［］,，、" + _SPACE),
}
#: What every detection error ends with.
HINT = msg(
    'name the notation (--notation NAME, --from NAME to convert, "notation": NAME in JSON): '
    "fanshu (E S W N C F P = 东南西北中发白), cmh (older z: 5z 中 6z 发 7z 白), "
    "mpsz (Tenhou: 5z 白 6z 发 7z 中), botzone (F1-F4 winds, J1 中 J2 发 J3 白), "
    "unicode, chinese; docs/notation.md"
)


def hand_notation(name: str) -> str:
    """The canonical name of a hand notation (case-insensitive); OptionError if unknown."""
    key = name.strip().lower() if isinstance(name, str) else ""
    if key not in HAND_NOTATIONS:
        raise OptionError(
            msg(
                "unknown notation {name!r}: use one of {names}",
                name=name,
                names=", ".join(HAND_NOTATIONS),
            )
        )
    return key


def format_hand_as(hand: Hand, notation: str) -> str:
    """``hand`` written in ``notation`` (a name of ``HAND_NOTATIONS``).

    >>> from fanshu.notation.fanshu import parse_hand
    >>> format_hand_as(parse_hand("[EEE2]123m456p789s1s1s"), "botzone")
    '[PENG F1 2] W1 W2 W3 B4 B5 B6 T1 T7 T8 T9 T1'
    """
    return HAND_FORMATTERS[hand_notation(notation)](hand)


def _reached(e: NotationError, text: str) -> int:
    return len(text) if e.position is None else e.position


def read_hand(
    text: str, notation: str | None = None, context: WinContext | None = None
) -> tuple[Hand, str]:
    """The Hand written in ``text`` and the name of its notation (module text).

    ``notation`` names it (``HAND_NOTATIONS``, case-insensitive; OptionError if unknown);
    None detects it.  Raises ``NotationError`` for text no notation reads, or that two
    notations read as different hands.
    """
    if notation is not None:
        name = hand_notation(notation)
        return HAND_NOTATIONS[name](text, context), name
    if not isinstance(text, str):
        raise NotationError(msg("a hand string is text, not {kind}", kind=type(text).__name__))
    first: NotationError | None = None
    try:
        hand = _fanshu.parse_hand(text, context)
    except NotationError as e:
        first = e
    else:
        if " " not in text and "\t" not in text:
            return hand, "fanshu"
    readings: list[tuple[str, Hand]] = [] if first is not None else [("fanshu", hand)]
    errors: list[tuple[str, NotationError]] = [] if first is None else [("fanshu", first)]
    for name, reader in HAND_NOTATIONS.items():
        if name == "fanshu":
            continue
        try:
            readings.append((name, reader(text, context)))
        except NotationError as e:
            errors.append((name, e))
    if readings:
        name, hand = readings[0]
        different = [(n, h) for n, h in readings[1:] if not _same(h, hand)]
        if not different:
            return hand, name
        shown = "; ".join(f"{n} ({_shown(h)})" for n, h in [readings[0], *different])
        raise NotationError(
            msg(
                "the hand reads differently in {readings}: {hint}",
                readings=shown.replace("; ", " and ", 1) if len(different) == 1 else shown,
                hint=HINT,
            )
        )
    assert first is not None
    chars = set(text)
    pool = [ne for ne in errors if chars <= ALPHABETS[ne[0]]] or errors
    if _Z_TILE.search(text) or not text.isascii():  # not the fanshu notation, surely
        pool = [ne for ne in pool if ne[0] != "fanshu"] or pool
    best_name, best = pool[0]
    for n, err_n in pool[1:]:  # the furthest reading, the first of those on a tie
        if _reached(err_n, text) > _reached(best, text):
            best_name, best = n, err_n
    if best_name == "fanshu":
        raise first  # no notation read further: a plain fanshu typo, its own message
    err = NotationError(
        msg(
            "{error} (read as {name}; tried {tried}): {hint}",
            error=best.message,
            name=best_name,
            tried=", ".join(n for n, _ in errors),
            hint=HINT,
        )
    )
    err.position = best.position
    raise err


def _same(a: Hand, b: Hand) -> bool:
    return a.concealed == b.concealed and a.melds == b.melds and a.winning_tile == b.winning_tile


def _shown(h: Hand) -> str:
    """A reading as the fanshu notation writes it, the winning tile apart."""
    text = "".join(str(m) for m in h.melds) + _fanshu.format_tiles(list(h.concealed))
    return text + (f" {h.winning_tile.code}" if h.winning_tile is not None else "")
