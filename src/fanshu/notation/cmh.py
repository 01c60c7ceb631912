"""The hand string of the ChineseOfficialMahjongHelper app (CMH, 国标小助手).

CMH (github.com/summerinsects/ChineseOfficialMahjongHelper, ``stringify.cpp``) writes a
hand as its melds, its standing tiles and the winning tile, with no separators::

    [123m2][EEEE]123m1789s456p1s

- numbered tiles: digits then ``m`` 万, ``s`` 条, ``p`` 饼; honours ``E S W N C F P``
  (东 南 西 北 中 发 白) — the same letters as the fanshu notation;
- a meld in brackets with an optional digit after its tiles (the *offer*): a chow's
  digit is which of its tiles was claimed (1-3; 0 or none: 1), a pung's who gave it
  (1 上家, 2 对家, 3 下家; none: 1), a kong's none/0/4 concealed, 1-3 melded, 5-7
  added (given by 1-3).  A chow may be written in any order (``[213m]``);
- melds come first, as CMH writes them (CMH's own reader also takes a meld after
  standing tiles, ``12m[EEEE]3m``; fanshu refuses that, as its own notation does);
- the winning tile is the last standing tile written, when the hand has 14 tiles.

CMH has no flowers; in tile lists (``parse_tiles``, ``format_tiles``) they are written
``1f``-``8f`` as in the fanshu notation.

Older CMH releases (and strings people still paste from them) differ in two ways, and
both are read here:

- **``z`` honours in CMH's order**: ``1z``-``7z`` = 东 南 西 北 **中 发 白** — *not*
  Tenhou's mpsz order (5z 白, 7z 中).  ``6z`` is 发 in both; 5z and 7z swap;
- **spaces end melds**: ``123m 456p 789s EEE 11s`` is four melds (三副吃, 一副碰) and the
  pair, not a concealed hand.  A group of tiles followed by a space is a meld (a kong
  of four written this way is melded, from 上家); the group before a bracket or the
  end of the text is standing tiles.

Writing (``format_hand``) gives today's form: melds first, the standing tiles sorted
in CMH's order (万 条 饼, then honours, with letters), the winning tile last.

>>> str(parse_hand("123m 456p 789s EEE 11s"))
'[123m][456p][789s][EEE]1s1s'
>>> str(parse_hand("[EEEE]123m456p789s1s1s"))
'[EEEE]123m456p1789s1s'
>>> str(parse_hand("111m222p333s5557z7z")), str(parse_hand("11z"))
('111m222p333sCCCPP', 'EE')
>>> format_hand(parse_hand("[EEEE]123m456p789s11s"))
'[EEEE]123m1789s456p1s'
"""

from __future__ import annotations

from fanshu.errors import NotationError
from fanshu.hand import Hand, Meld, WinContext
from fanshu.i18n import Message, msg
from fanshu.notation.melds import build_hand, meld_digit, meld_of, segments
from fanshu.tiles import FIRST_FLOWER, FIRST_HONOR, HONOR_LETTERS, SUIT_SIZE, TILES, Tile

__all__ = ["ALPHABET", "Z_ORDER", "format_hand", "format_tiles", "parse_hand", "parse_tiles"]

#: Every character a CMH hand string may hold (spaces for the older form).
ALPHABET = frozenset("0123456789mspzfESWNCFP[] \t")
#: Older CMH's ``z`` honours: 1z-7z = 东 南 西 北 中 发 白 (fanshu's own order).
Z_ORDER: tuple[Tile, ...] = tuple(TILES[FIRST_HONOR + i] for i in range(7))
_SUIT = {"m": 0, "s": 1, "p": 2}
_HONOR = {c: TILES[FIRST_HONOR + i] for i, c in enumerate(HONOR_LETTERS)}


def _read(text: str, offset: int) -> list[tuple[Tile, int]]:
    """Tiles (each with its position) of a run without brackets or spaces."""
    out: list[tuple[Tile, int]] = []
    digits: list[tuple[int, int]] = []
    for i, ch in enumerate(text):
        pos = offset + i
        if "0" <= ch <= "9":
            if ch == "0":
                raise NotationError(msg("there is no tile 0 (red fives are not used)"), pos)
            digits.append((int(ch), pos))
        elif ch in _SUIT:
            if not digits:
                raise NotationError(msg("suit {suit!r} with no digits before it", suit=ch), pos)
            base = _SUIT[ch] * SUIT_SIZE - 1
            out.extend((TILES[base + d], dpos) for d, dpos in digits)
            digits = []
        elif ch == "f":  # a fanshu extension, for tile lists: CMH has no flowers
            if not digits:
                raise NotationError(msg("suit {suit!r} with no digits before it", suit=ch), pos)
            for d, dpos in digits:
                if d > 8:
                    raise NotationError(
                        msg("there is no flower {d}f (flowers are 1f-8f)", d=d), dpos
                    )
                out.append((TILES[FIRST_FLOWER - 1 + d], dpos))
            digits = []
        elif ch == "z":
            if not digits:
                raise NotationError(msg("suit {suit!r} with no digits before it", suit=ch), pos)
            for d, dpos in digits:
                if d > 7:
                    raise NotationError(
                        msg(
                            "unknown tile '{d}z' (CMH's honours are 1z-7z = 东南西北中发白)",
                            d=d,
                        ),
                        dpos,
                    )
                out.append((Z_ORDER[d - 1], dpos))
            digits = []
        elif ch in _HONOR:
            if digits:
                raise NotationError(msg("digits with no suit before {ch!r}", ch=ch), digits[0][1])
            out.append((_HONOR[ch], pos))
        elif ch.isalpha() and digits:
            raise NotationError(msg("unknown suit {suit!r}", suit=ch), pos)
        else:
            raise NotationError(msg("unexpected character {ch!r}", ch=ch), pos)
    if digits:
        raise NotationError(msg("digits with no suit after them"), digits[0][1])
    return out


def parse_tiles(text: str) -> list[Tile]:
    """Read CMH tiles in the order written (letters or older ``z`` honours; spaces are
    skipped).

    >>> [t.code for t in parse_tiles("19m 5z7zP")]
    ['1m', '9m', 'C', 'P', 'P']
    """
    if not isinstance(text, str):
        raise NotationError(msg("CMH tiles are text, not {kind}", kind=type(text).__name__))
    out: list[Tile] = []
    start = 0
    for part in text.split(" "):
        out.extend(t for t, _ in _read(part.replace("\t", ""), start))
        start += len(part) + 1
    return out


def _bracket(body: str, offset: int) -> Meld:
    raw = body.strip()
    digit: int | None = None
    if len(raw) >= 2 and raw[-1] in "0123456789" and not raw[-2].isdigit():
        digit = int(raw[-1])
        raw = raw[:-1]
    tiles = [t for t, _ in _read(raw, offset + len(body) - len(body.lstrip()))]
    return meld_of(tiles, digit, f"[{body}]", offset - 1, cmh=True)


def parse_hand(text: str, context: WinContext | None = None) -> Hand:
    """Read a CMH hand string, today's or an older release's (module text)."""
    if not isinstance(text, str):
        raise NotationError(msg("a CMH hand string is text, not {kind}", kind=type(text).__name__))
    melds: list[tuple[Meld, int]] = []
    concealed: list[tuple[Tile, int]] = []
    parts = segments(text.rstrip())
    for k, (is_meld, body, offset) in enumerate(parts):
        if is_meld:
            if concealed:
                raise NotationError(msg("melds come before the concealed tiles"), offset - 1)
            melds.append((_bracket(body, offset), offset - 1))
            continue
        groups = _groups(body, offset)
        followed = k + 1 < len(parts)  # a bracket comes after this run
        for g, (group, gpos, spaced) in enumerate(groups):
            tiles = _read(group, gpos)
            if spaced and (g + 1 < len(groups) or followed):
                # the older form: a group of tiles ended by a space is a meld
                melds.append((_spaced_meld(group, [t for t, _ in tiles], gpos), gpos))
            else:
                concealed.extend(tiles)
    return build_hand(melds, concealed, context)


def _spaced_meld(group: str, tiles: list[Tile], pos: int) -> Meld:
    """A meld of the older form, ``group`` ended by a space (a kong of four is melded)."""
    try:
        return meld_of(tiles, 1 if len(tiles) == 4 else None, group, pos, cmh=True)
    except NotationError as e:
        m = e.message
        reason = m.values.get("message", m) if isinstance(m, Message) else m
        raise NotationError(
            msg(
                "{reason} (in CMH's older form a space ends a meld; remove the spaces or "
                "put the melds in brackets)",
                reason=reason,
            ),
            pos,
        ) from None


def _groups(body: str, offset: int) -> list[tuple[str, int, bool]]:
    """The space-separated groups of a run: (text, position, whether a space follows)."""
    out: list[tuple[str, int, bool]] = []
    i, n = 0, len(body)
    while i < n:
        if body[i] in " \t":
            i += 1
            continue
        j = i
        while j < n and body[j] not in " \t":
            j += 1
        out.append((body[i:j], offset + i, j < n))
        i = j
    return out


def _cmh_key(t: Tile) -> int:
    # CMH's tile order: 万 条 饼 (its tile values 0x11.., 0x21.., 0x31..), then honours.
    return int(t)


def format_tiles(tiles: list[Tile] | tuple[Tile, ...], *, sort: bool = False) -> str:
    """Write tiles as CMH does (``tiles_to_string``): digits share a suit letter, honours
    are letters; in order unless ``sort`` (CMH's order, 万 条 饼 then honours).

    >>> format_tiles([Tile.P1, Tile.M1, Tile.M2, Tile.EAST], sort=True)
    '12m1pE'
    """
    seq = sorted(tiles, key=_cmh_key) if sort else list(tiles)
    out: list[str] = []
    letter = ""
    for t in seq:
        this = "msp"[t.suit] if t.is_numbered else "f" if t.is_flower else ""
        if this != letter and letter:
            out.append(letter)
        letter = this
        out.append(HONOR_LETTERS[t - FIRST_HONOR] if t.is_honor else str(t.rank))
    if letter:
        out.append(letter)
    return "".join(out)


def format_hand(hand: Hand) -> str:
    """Write a hand as CMH writes it today (module text)."""
    melds = "".join(f"[{format_tiles(m.tiles)}{meld_digit(m)}]" for m in hand.melds)
    text = melds + format_tiles(hand.concealed, sort=True)
    if hand.winning_tile is not None:
        text += format_tiles([hand.winning_tile])
    return text
