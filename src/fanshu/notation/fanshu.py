"""The fanshu hand string, compatible with the ChineseOfficialMahjongHelper calculator.

- numbered tiles: digits then a suit letter, ``m`` 万, ``p`` 饼/筒, ``s`` 条: ``123m``;
- honours: ``E S W N`` winds, ``C`` 中, ``F`` 发, ``P`` 白;
- melds in brackets with an optional digit: ``[123m]`` chow (the digit says which of its
  tiles was claimed, default 1), ``[555p1]`` pung (digit: who gave it, 1 上家 2 对家
  3 下家, default 1), ``[EEEE1]`` melded kong, ``[EEEE]`` concealed kong, ``[EEEE5]`` to
  ``[EEEE7]`` added kong (given by 1-3 as for a pung);
- the last concealed tile of a 14-tile hand is the winning tile;
- flowers are ``1f``-``8f`` (春夏秋冬梅兰竹菊) in tile lists (``parse_tiles``); a hand
  string has none: flowers are counted in ``WinContext.flowers``.

>>> h = parse_hand("[567m2][EEEE]123p456s9s9s")
>>> [str(m) for m in h.melds], h.winning_tile.code
(['[567m2]', '[EEEE]'], '9s')
>>> tiles = parse_tiles("19m19s19pESWNCFP1f")
>>> parse_tiles(format_tiles(tiles, sort=False)) == tiles  # format_tiles sorts by default
True
>>> format_tiles(tiles)
'19m19p19sESWNCFP1f'
"""

from __future__ import annotations

import re
from bisect import insort
from functools import lru_cache
from itertools import chain
from operator import itemgetter, sub
from typing import Final

from fanshu.errors import NotationError
from fanshu.hand import Hand, Meld, MeldKind, WinContext, format_hand, format_meld
from fanshu.tiles import (
    FIRST_FLOWER,
    FIRST_HONOR,
    HONOR_LETTERS,
    NUM_KINDS,
    SUIT_LETTERS,
    SUIT_SIZE,
    TILES,
    Tile,
    format_tiles,
)

__all__ = ["format_hand", "format_meld", "format_tiles", "parse_hand", "parse_tiles"]

_SUIT_INDEX = {c: i for i, c in enumerate(SUIT_LETTERS)}
_HONOR_INDEX = {c: FIRST_HONOR + i for i, c in enumerate(HONOR_LETTERS)}


_PLAIN_RUN = re.compile(r"(?:[1-9]+[mps]|[ESWNCFP])+")
_RUN_TOKEN = re.compile(r"([1-9]+)([mps])|([ESWNCFP])")


def _parse_run(text: str, offset: int) -> list[Tile]:
    """Parse tiles without brackets; ``offset`` is where ``text`` starts in the input."""
    if _PLAIN_RUN.fullmatch(text):  # the common case, read a token at a time
        out: list[Tile] = []
        for digits, suit, honor in _RUN_TOKEN.findall(text):
            if honor:
                out.append(TILES[_HONOR_INDEX[honor]])
            else:
                out.extend(_suit_token(digits, suit))
        return out
    return _parse_run_checked(text, offset)


# Memory bound: 16,384 tokens of ~210 B (tracemalloc, filled): ~3.3 MiB when full.
@lru_cache(maxsize=1 << 14)
def _suit_token(digits: str, suit: str) -> tuple[Tile, ...]:
    """The tiles of one valid token such as ``"1237"`` ``"m"``; tokens recur across hands."""
    base = _SUIT_INDEX[suit] * SUIT_SIZE - 1
    return tuple(TILES[base + int(d)] for d in digits)


def _parse_run_checked(text: str, offset: int) -> list[Tile]:
    """The character-by-character reader, which can say where and why text is wrong."""
    tiles: list[Tile] = []
    digits: list[tuple[int, int]] = []  # (rank, position)
    for i, ch in enumerate(text):
        pos = offset + i
        if ch.isdigit() and ch.isascii():
            digits.append((int(ch), pos))
        elif ch == "f":
            if not digits:
                raise NotationError("suit 'f' with no digits before it", pos)
            for rank, dpos in digits:
                if not 1 <= rank <= 8:
                    raise NotationError(f"there is no flower {rank}f (flowers are 1f-8f)", dpos)
                tiles.append(TILES[FIRST_FLOWER - 1 + rank])
            digits = []
        elif ch in _SUIT_INDEX:
            if not digits:
                raise NotationError(f"suit '{ch}' with no digits before it", pos)
            suit = _SUIT_INDEX[ch]
            for rank, dpos in digits:
                if rank == 0:
                    raise NotationError("there is no tile 0 (red fives are not used)", dpos)
                tiles.append(TILES[suit * SUIT_SIZE + rank - 1])
            digits = []
        elif ch in _HONOR_INDEX:
            if digits:
                raise NotationError(f"digits with no suit before '{ch}'", digits[0][1])
            tiles.append(TILES[_HONOR_INDEX[ch]])
        elif ch.isspace():
            continue
        elif ch.isalpha() and digits:
            raise NotationError(f"unknown suit '{ch}'", pos)
        else:
            raise NotationError(f"unexpected character '{ch}'", pos)
    if digits:
        raise NotationError("digits with no suit after them", digits[0][1])
    return tiles


def parse_tiles(text: str) -> list[Tile]:
    """Parse a plain run of tiles such as ``"123m55pEE"``."""
    return _parse_run(text, 0)


def _parse_meld(body: str, offset: int) -> Meld:
    """Parse the inside of ``[...]``; ``offset`` is the position of the first character."""
    raw = body.strip()
    source: int | None = None
    if (
        len(raw) >= 2
        and raw[-1] in "0123456789"
        and (raw[-2] in _SUIT_INDEX or raw[-2] in _HONOR_INDEX)
    ):
        source = int(raw[-1])
        raw = raw[:-1]
    tiles = _parse_run(raw, offset + len(body) - len(body.lstrip()))
    shown = f"[{body}]"
    if any(t.is_flower for t in tiles):
        raise NotationError(f"a flower cannot be in a meld: {shown}", offset - 1)
    if len(tiles) == 3 and tiles[0] != tiles[1]:
        t = sorted(tiles)
        if not (
            t[0].is_numbered and t[0].suit == t[2].suit and t[1] == t[0] + 1 and t[2] == t[0] + 2
        ):
            raise NotationError(
                f"a chow must be three consecutive tiles of one suit: {shown}", offset - 1
            )
        if source is not None and source not in (1, 2, 3):
            raise NotationError(f"a chow's claimed tile is 1, 2 or 3: {shown}", offset - 1)
        return Meld(MeldKind.CHOW, t[0], source or 1)
    if len(tiles) in (3, 4) and all(t == tiles[0] for t in tiles):
        if len(tiles) == 3:
            if source is not None and source not in (1, 2, 3):
                raise NotationError(f"a pung's giver is 1, 2 or 3: {shown}", offset - 1)
            return Meld(MeldKind.PUNG, tiles[0], source or 1)
        if source is None or source == 0:
            return Meld(MeldKind.CONCEALED_KONG, tiles[0], 0)
        if source in (1, 2, 3):
            return Meld(MeldKind.KONG, tiles[0], source)
        if source in (5, 6, 7):
            return Meld(MeldKind.ADDED_KONG, tiles[0], source - 4)
        raise NotationError(
            f"a kong's digit is 1-3 (melded) or 5-7 (added), none if concealed: {shown}",
            offset - 1,
        )
    if len(tiles) == 3:
        raise NotationError(f"a pung must be three identical tiles: {shown}", offset - 1)
    if len(tiles) == 4:
        raise NotationError(f"a kong must be four identical tiles: {shown}", offset - 1)
    raise NotationError(f"a meld has 3 or 4 tiles, not {len(tiles)}: {shown}", offset - 1)


# Memory bound: 4096 meld bodies of ~270 B (tracemalloc): ~1.1 MiB when full (the 160
# canonical bodies take ~43 KiB).
@lru_cache(maxsize=4096)
def _parse_meld_cached(body: str) -> tuple[Meld, tuple[Tile, ...]]:
    # Melds are few and immutable: hands share the parsed objects (and their tiles).
    meld = _parse_meld(body, 0)
    return meld, meld.tiles


_NO_CONTEXT = WinContext()


def parse_hand(text: str, context: WinContext | None = None) -> Hand:
    """Parse a fanshu hand string into a Hand (not yet checked for legality).

    Its tiles are checked here (at most 4 melds, no flowers, at most 4 copies: the
    position of a fifth copy is known), and the hand says so (``Hand.tiles_checked``):
    ``validate`` then checks only its size and win context.
    """
    if not isinstance(text, str):
        raise NotationError(f"a hand string is text, not {type(text).__name__}")
    hand = parse_plain_hand(text, context)
    if hand is not None:
        return hand
    return _parse_hand_full(text, context)


def _parse_hand_full(text: str, context: WinContext | None) -> Hand:
    """The reader of any hand string, which says where and why the text is wrong."""
    melds: list[Meld] = []
    concealed: list[Tile] = []
    copies = [0] * NUM_KINDS
    i = 0
    n = len(text)

    def count(tiles: tuple[Tile, ...] | list[Tile], pos: int) -> None:
        for t in tiles:
            if t >= FIRST_FLOWER:
                raise NotationError(
                    f"a flower is not part of the hand: {t.code}; count it in flowers", pos
                )
            copies[t] += 1
            if copies[t] > 4:
                words = {5: "five", 6: "six", 7: "seven", 8: "eight"}
                raise NotationError(f"{words.get(copies[t], 'too many')} copies of {t.code}", pos)

    while i < n:
        ch = text[i]
        if ch == "[":
            j = text.find("]", i + 1)
            if j < 0:
                raise NotationError("'[' without a closing ']'", i)
            if concealed:
                raise NotationError("melds come before the concealed tiles", i)
            body = text[i + 1 : j]
            try:
                meld, meld_tiles = _parse_meld_cached(body)
            except NotationError:
                _parse_meld(body, i + 1)  # raises again, at the right position
                raise  # not reached: the same body fails the same way
            count(meld_tiles, i)
            melds.append(meld)
            if len(melds) > 4:
                raise NotationError("a hand has at most 4 melds", i)
            i = j + 1
        elif ch == "]":
            raise NotationError("']' without an opening '['", i)
        else:
            j = text.find("[", i)
            j = n if j < 0 else j
            run = _parse_run(text[i:j], i)
            count(run, i)
            concealed.extend(run)
            i = j
    if not melds and not concealed:
        raise NotationError("empty hand")
    size = len(concealed) + 3 * len(melds)
    winning: Tile | None = None
    if size == 14:
        winning = concealed.pop()
    return Hand.with_checked_tiles(
        tuple(sorted(concealed)), tuple(melds), winning, context or _NO_CONTEXT
    )


# The plain reader's class of each ASCII character (``ord`` < 128): 1-9 a digit's rank,
# 10-12 a suit letter (m p s), 20 + kind an honour letter, 0 anything else (no plain hand).
def _char_classes() -> tuple[int, ...]:
    classes = [0] * 128
    for rank in range(1, 10):
        classes[ord(str(rank))] = rank
    for suit, letter in enumerate(SUIT_LETTERS):
        classes[ord(letter)] = 10 + suit
    for letter, kind in _HONOR_INDEX.items():
        classes[ord(letter)] = 20 + kind
    return tuple(classes)


_CHAR_CLASS: Final = _char_classes()
# a digit's rank plus this is the kind of its tile, by the suit's class (10-12)
_SUIT_BASE: Final = tuple(-1 if c < 10 else (c - 10) * SUIT_SIZE - 1 for c in range(13))


# Memory bound: 4096 meld bodies, as ``_parse_meld_cached`` (the plain ints of its tiles
# instead of the tiles: less).
@lru_cache(maxsize=4096)
def _plain_meld(body: str) -> tuple[Meld, tuple[int, ...]]:
    """A meld body's meld and the kinds of its tiles (plain ints)."""
    meld, tiles = _parse_meld_cached(body)
    return meld, tuple([int(t) for t in tiles])


# The common hand string: melds, then concealed tiles as digit runs and honour letters.
_PLAIN_TOKEN = re.compile(r"[1-9]+[mps]|[ESWNCFP]")


def _token_kinds(token: str) -> tuple[int, ...]:
    """The kinds (plain ints, so that the garbage collector untracks the entry) of one
    token of a plain run: ``"1237m"`` or an honour letter."""
    if token in _HONOR_INDEX:
        return (_HONOR_INDEX[token],)
    base = _SUIT_INDEX[token[-1]] * SUIT_SIZE - 1
    return tuple([base + int(d) for d in token[:-1]])


# The kinds of the tokens seen, read by a plain look-up a token (an ``lru_cache`` call
# costs several times more).  Memory bound: emptied when a new token would make it hold
# more than 16,384 tokens of ~80 B plus the token string (~60 B): ~2.3 MiB when full.
_TOKENS: dict[str, tuple[int, ...]] = {}
_TOKENS_MAX = 1 << 14


def _learn_tokens(tokens: list[str]) -> None:
    if len(_TOKENS) + len(tokens) > _TOKENS_MAX:
        _TOKENS.clear()
    for token in tokens:
        if token not in _TOKENS:
            _TOKENS[token] = _token_kinds(token)


# True when this module runs compiled (mypyc): its file is then the extension module.
_COMPILED = not __file__.endswith(".py")

# The setters of a hand's slots, for the interpreted reader: ``object.__new__`` and these
# build a hand without running ``Hand.__init__`` (a Python call, and five more inside).
_new_hand = object.__new__
_set_concealed = vars(Hand)["concealed"].__set__
_set_melds = vars(Hand)["melds"].__set__
_set_winning = vars(Hand)["winning_tile"].__set__
_set_context = vars(Hand)["context"].__set__
_set_checked = vars(Hand)["tiles_checked"].__set__


def parse_plain_hand(text: str, context: WinContext | None = None) -> Hand | None:
    """``parse_hand`` of a plain string (``[...]`` melds first, then tiles, no spaces) in
    one pass; None for anything it does not read cleanly (any error, a fifth copy, more
    than four melds), which the full reader then reports with its position.

    Each build reads it its own fastest way, to the same hand: compiled, a loop over the
    characters (``_read_plain_loop``); interpreted, the C calls of ``re``, ``map`` and
    ``sort`` over the tokens (``[1-9]+[mps]`` or an honour letter), whose kinds are looked
    up in ``_TOKENS``, and the hand's fields set by their slots.
    """
    if _COMPILED:
        return _read_plain_loop(text, context)
    # melds up to the last ']', then a run of tokens that is the whole rest
    end = text.rfind("]") + 1
    run = text[end:]
    tokens = _PLAIN_TOKEN.findall(run)
    if "".join(tokens) != run or not run:
        return None
    try:
        kinds = [*chain.from_iterable(map(_TOKENS.__getitem__, tokens))]
    except KeyError:
        _learn_tokens(tokens)
        kinds = [*chain.from_iterable(map(_TOKENS.__getitem__, tokens))]
    melds: tuple[Meld, ...]
    meld_kinds: tuple[tuple[int, ...], ...]
    winning: Tile | None
    if end:
        if text[0] != "[":
            return None
        # the bodies between "[" and "]"; one holding a bracket does not parse
        try:
            read = [*map(_plain_meld, text[1 : end - 1].split("]["))]
        except NotationError:
            return None
        if len(read) > 4:
            return None
        melds, meld_kinds = zip(*read, strict=True)
        # a fifth copy: five equal tiles in a row once sorted (the full reader says where)
        every = [*kinds, *chain.from_iterable(meld_kinds)]
        every.sort()
        winning = TILES[kinds.pop()] if len(kinds) + 3 * len(melds) == 14 else None
        kinds.sort()
    else:
        melds = ()
        if len(kinds) == 14:
            w = kinds.pop()
            winning = TILES[w]
            kinds.sort()
            every = kinds.copy()
            insort(every, w)
        else:
            winning = None
            kinds.sort()
            every = kinds
    # sorted: a zero difference four places apart is a fifth copy
    if not all(map(sub, every[4:], every)):
        return None
    # the tiles of the kinds at once (``TILES.__getitem__`` mapped is a slower call a tile)
    concealed: tuple[Tile, ...] = (
        itemgetter(*kinds)(TILES) if len(kinds) > 1 else (TILES[kinds[0]],)
    )
    # ``Hand.with_checked_tiles`` without its calls (``Hand.__init__`` is Python code here)
    hand = _new_hand(Hand)
    _set_concealed(hand, concealed)
    _set_melds(hand, melds)
    _set_winning(hand, winning)
    _set_context(hand, context or _NO_CONTEXT)
    _set_checked(hand, True)
    return hand


def _read_plain_loop(text: str, context: WinContext | None) -> Hand | None:
    """``parse_plain_hand`` on the compiled build: plain loops over the characters with a
    class per character (``_CHAR_CLASS``), which mypyc turns into C (str indexing, int
    arithmetic); interpreted, the token reader is faster."""
    n = len(text)
    end = text.rfind("]") + 1  # melds up to the last ']', then concealed tiles to the end
    if end == n:
        return None
    copies = [0] * NUM_KINDS
    melds: tuple[Meld, ...] = ()
    if end:
        if text[0] != "[":
            return None
        # the bodies between "[" and "]"; one holding a bracket does not parse
        read: list[Meld] = []
        try:
            for body in text[1 : end - 1].split("]["):
                meld, meld_kinds = _plain_meld(body)
                read.append(meld)
                for k in meld_kinds:
                    copies[k] += 1
                    if copies[k] > 4:
                        return None  # a fifth copy (parse_hand says where)
        except NotationError:
            return None
        if len(read) > 4:
            return None
        melds = tuple(read)
    kinds: list[int] = []
    first = 0  # where in ``kinds`` the ranks waiting for their suit start
    classes = _CHAR_CLASS
    for i in range(end, n):
        o = ord(text[i])
        c = classes[o] if o < 128 else 0
        if c == 0:
            return None
        if c < 10:  # a rank: its suit comes after it
            kinds.append(c)
            continue
        m = len(kinds)
        if c < 20:
            if first == m:
                return None  # a suit with no digits
            base = _SUIT_BASE[c]
            for j in range(first, m):
                k = kinds[j] + base
                kinds[j] = k
                copies[k] += 1
                if copies[k] > 4:
                    return None
            first = m
        else:
            if first != m:
                return None  # digits with no suit
            k = c - 20
            kinds.append(k)
            copies[k] += 1
            if copies[k] > 4:
                return None
            first = m + 1
    if first != len(kinds):
        return None  # digits with no suit after them
    winning: Tile | None = None
    if len(kinds) + 3 * len(melds) == 14:
        winning = TILES[kinds.pop()]
    kinds.sort()
    concealed = tuple([TILES[k] for k in kinds])
    # ``Hand.with_checked_tiles`` without its call
    return Hand(concealed, melds, winning, context or _NO_CONTEXT, _tiles_checked=True)
