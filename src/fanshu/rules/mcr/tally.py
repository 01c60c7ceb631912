"""Fan instances found for one reading of a hand, and the exclusions applied to them."""

from __future__ import annotations

from operator import mul
from typing import Final

from fanshu.rules.mcr.fans import EXCLUSION_ORDER, FANS, Fan
from fanshu.rules.mcr.options import DEFAULT_OPTIONS, McrOptions

Instances = tuple[tuple[int, ...], ...]
"""The instances of one fan: the sets (by index) that form each; ``((),)`` for a fan of
the whole hand."""

Found = dict[Fan, Instances]
"""Fan instances kept for reuse (``Tally.frozen``): shared, so never changed."""

Dropped = tuple[Fan, Fan, tuple[tuple[int, ...], ...]]
"""A fan removed by the exclusions: ``(fan, the fan that implies it, its instances' sets)``;
the result turns these into ``ExcludedFan`` rows (``evaluate.explain``)."""


class Tally:
    """Fan instances found for one shape, then reduced by the exclusion table."""

    __slots__ = ("excluded", "exclusions", "extra", "found", "lifted", "spared")

    def __init__(
        self,
        extra: dict[Fan, tuple[Fan, ...]] | None = None,
        spared: tuple[Fan, ...] = (),
        start: Found | None = None,
        lifted: dict[Fan, tuple[Fan, ...]] | None = None,
        exclusions: Exclusions | None = None,
    ) -> None:
        # ``start``: fans found beforehand and shared, copied so that this tally can add
        # to them.
        self.found: dict[Fan, Instances] = {} if start is None else start.copy()
        self.excluded: list[Dropped] = []
        self.extra = extra or _NO_EXTRA  # exclusions that options add to the table
        self.spared = spared  # fans that options keep from being excluded
        # exclusions of the table that options lift: fan -> the fans it then keeps
        self.lifted = lifted or _NO_EXTRA
        # the table under ``extra`` and ``lifted`` (``Tables.exclusions``), or None:
        # looked up when the exclusions are applied
        self.exclusions = exclusions

    def add(self, fan: Fan, sets: tuple[int, ...] = ()) -> None:
        found = self.found
        found[fan] = (*found.get(fan, ()), sets)

    def flag(self, fan: Fan) -> None:
        """A whole-hand fan: counted once however often it is found."""
        self.found.setdefault(fan, _WHOLE_HAND)

    def frozen(self) -> Found:
        """The fans found so far, to start other tallies from (``Tally(start=...)``)."""
        return dict(self.found)

    def drop(self, fan: Fan) -> None:
        self.found.pop(fan, None)

    def __contains__(self, fan: Fan) -> bool:
        return fan in self.found

    def apply_exclusions(self) -> None:
        """不重复: each counted fan, highest first, removes the fans it implies.

        The fans found are a bit mask in the table's order (``ORDER``: bit 0 is the
        highest fan), so "highest first" is "lowest bit first" and what a fan removes
        is its row's mask (``Exclusions``) and-ed with what is left.
        """
        found = self.found
        table = self.exclusions
        if table is None:
            table = exclusions(self.extra, self.lifted)
        present = sum(map(_BIT.__getitem__, found))
        acting = present & table.acting
        if not acting:
            return
        keep = sum(map(_BIT.__getitem__, self.spared)) if self.spared else 0
        rows = table.rows
        dropped = self.excluded
        while acting:
            bit = acting & -acting
            acting ^= bit
            i = bit.bit_length() - 1
            gone_mask, own_sets = rows[i]
            gone = present & gone_mask & ~keep
            if gone:
                present ^= gone
                acting &= ~gone
                fan = _BY_ORDER[i]
                while gone:  # highest first, as the result lists fans
                    bit = gone & -gone
                    gone ^= bit
                    other = _BY_ORDER[bit.bit_length() - 1]
                    dropped.append((other, fan, found.pop(other)))
            if own_sets:
                self._exclude_own_sets(_BY_ORDER[i], own_sets)
                present = sum(map(_BIT.__getitem__, found))
                acting &= present

    def _exclude_own_sets(self, fan: Fan, own_sets: tuple[Fan, ...]) -> None:
        """The instances of ``own_sets`` fans whose sets are all among ``fan``'s own."""
        found = self.found
        own = {i for sets in found[fan] for i in sets}
        for other in own_sets:
            if other not in found:
                continue
            keep = tuple(s for s in found[other] if not set(s) <= own)
            if len(keep) < len(found[other]):
                gone = tuple(i for i in found[other] if set(i) <= own)
                self.excluded.append((other, fan, gone))
                if keep:
                    found[other] = keep
                else:
                    del found[other]

    def total(self, values: dict[Fan, int]) -> int:
        """The fan of what is found, at ``values`` (``Tables.values``: each fan's value)."""
        found = self.found
        return sum(map(mul, map(values.__getitem__, found), map(len, found.values())))


_WHOLE_HAND: Final[Instances] = ((),)
ORDER: Final[dict[Fan, int]] = {fan: i for i, fan in enumerate(EXCLUSION_ORDER)}
#: Each fan's bit in a mask of fans, by ``ORDER``; and the fan of each bit.
_BIT: Final[dict[Fan, int]] = {fan: 1 << i for fan, i in ORDER.items()}
_BY_ORDER: Final = EXCLUSION_ORDER
# What each fan excludes, read once from the table: (excludes, excludes_own_sets).
_EXCLUDES: Final[dict[Fan, tuple[tuple[Fan, ...], tuple[Fan, ...]]]] = {
    fan: (spec.excludes, spec.excludes_own_sets) for fan, spec in FANS.items()
}
_VALUE: Final[dict[Fan, int]] = {fan: spec.value for fan, spec in FANS.items()}


class Exclusions:
    """The exclusion table under one set of the options' additions and lifts, as bit
    masks over ``ORDER``: per fan, (the mask of its row, its own-sets row)."""

    __slots__ = ("acting", "extra", "lifted", "rows")

    def __init__(
        self, extra: dict[Fan, tuple[Fan, ...]], lifted: dict[Fan, tuple[Fan, ...]]
    ) -> None:
        self.extra = extra
        self.lifted = lifted
        rows: list[tuple[int, tuple[Fan, ...]]] = []
        for fan in EXCLUSION_ORDER:
            excludes, own_sets = _EXCLUDES[fan]
            if fan in extra:
                excludes = excludes + extra[fan]
            if fan in lifted:
                excludes = tuple(x for x in excludes if x not in lifted[fan])
            rows.append((sum(_BIT[x] for x in set(excludes)), own_sets))
        self.rows = tuple(rows)
        #: the fans that exclude something (a third of the table excludes nothing)
        self.acting = sum(
            _BIT[f] for f, (mask, own) in zip(EXCLUSION_ORDER, rows, strict=True) if mask or own
        )


def exclusions(extra: dict[Fan, tuple[Fan, ...]], lifted: dict[Fan, tuple[Fan, ...]]) -> Exclusions:
    """The ``Exclusions`` of these additions and lifts, shared by every tally."""
    key = (id(extra), id(lifted))
    got = _EXCLUSIONS.get(key)
    if got is None or got.extra is not extra or got.lifted is not lifted:
        if len(_EXCLUSIONS) >= 64:
            _EXCLUSIONS.clear()
        # the dicts are kept in the entry, so that their ids stay theirs while cached
        got = _EXCLUSIONS[key] = Exclusions(extra, lifted)
    return got


# By the ids of the options' additions and lifts (shared dicts: a few keys), at most 64
# entries of ~4 KiB (89 rows).
_EXCLUSIONS: Final[dict[tuple[int, int], Exclusions]] = {}


class Tables:
    """What scoring reads from one options object, worked out once: each fan's value
    and the exclusions the options add or lift, with their plans."""

    __slots__ = ("exclusions", "extra", "lifted", "options", "values")

    def __init__(self, options: McrOptions) -> None:
        self.options = options
        self.values = fan_values(options)
        self.extra = option_exclusions(options)
        self.lifted = option_lifts(options)
        self.exclusions = exclusions(self.extra, self.lifted)


def tables(options: McrOptions) -> Tables:
    """The ``Tables`` of ``options``, shared by every hand scored with that object."""
    if options is DEFAULT_OPTIONS:
        return _DEFAULT_TABLES
    got = _TABLES.get(id(options))
    if got is None or got.options is not options:
        if len(_TABLES) >= 256:
            _TABLES.clear()
        got = _TABLES[id(options)] = Tables(options)
    return got


# By the options object's id (the entry keeps the object alive, so the id stays its
# own): at most 256 entries of ~300 B each, ~75 KiB.
_TABLES: Final[dict[int, Tables]] = {}


def fan_value(fan: Fan, options: McrOptions) -> int:
    return fan_values(options)[fan]


def fan_values(options: McrOptions) -> dict[Fan, int]:
    """Every fan's value under ``options``: the table's, but for the two kong fans
    whose value an option sets.  One shared dict per such pair of values: do not mutate.
    """
    key = (options.concealed_and_melded_kong, options.two_concealed_kongs)
    values = _VALUES_BY_KONG_OPTIONS.get(key)
    if values is None:
        values = _VALUES_BY_KONG_OPTIONS[key] = {
            **_VALUE,
            Fan.CONCEALED_KONG_AND_MELDED_KONG: key[0],
            Fan.TWO_CONCEALED_KONGS: key[1],
        }
    return values


_VALUES_BY_KONG_OPTIONS: Final[dict[tuple[int, int], dict[Fan, int]]] = {}


_STRICT_ALL_TERMINALS: Final[dict[Fan, tuple[Fan, ...]]] = {Fan.ALL_TERMINALS: (Fan.TRIPLE_PUNG,)}
_NO_EXTRA: Final[dict[Fan, tuple[Fan, ...]]] = {}


_SEED003_ALL_TERMINALS: Final[dict[Fan, tuple[Fan, ...]]] = {Fan.ALL_TERMINALS: (Fan.DOUBLE_PUNG,)}


def option_lifts(options: McrOptions) -> dict[Fan, tuple[Fan, ...]]:
    """Exclusions of the table some options lift: seed 003 keeps 双同刻 under 清幺九
    (``all_terminals_double_pung``).  Shared dicts: do not mutate.
    """
    if options.all_terminals_double_pung:
        return _SEED003_ALL_TERMINALS
    return _NO_EXTRA


def option_exclusions(options: McrOptions) -> dict[Fan, tuple[Fan, ...]]:
    """Exclusions some options add: strict 1998 drops 三同刻 under 清幺九.

    The dicts returned are shared (a Tally only reads them): do not mutate.
    """
    if not options.all_terminals_triple_pung:
        return _STRICT_ALL_TERMINALS
    return _NO_EXTRA


#: The tables of the default options, the ones most hands are scored with.
_DEFAULT_TABLES: Final = Tables(DEFAULT_OPTIONS)
