"""Fan instances found for one reading of a hand, and the exclusions applied to them."""

from __future__ import annotations

from fanshu.rules.mcr.fans import EXCLUSION_ORDER, FANS, Fan
from fanshu.rules.mcr.options import McrOptions

Found = tuple[tuple[Fan, tuple[tuple[int, ...], ...]], ...]
"""Fan instances kept for reuse, as ``(fan, the sets of each instance)`` pairs."""

Dropped = tuple[Fan, Fan, tuple[tuple[int, ...], ...]]
"""A fan removed by the exclusions: ``(fan, the fan that implies it, its instances' sets)``;
the result turns these into ``ExcludedFan`` rows (``evaluate.explain``)."""


class Tally:
    """Fan instances found for one shape, then reduced by the exclusion table."""

    __slots__ = ("excluded", "extra", "found", "lifted", "spared")

    def __init__(
        self,
        extra: dict[Fan, tuple[Fan, ...]] | None = None,
        spared: tuple[Fan, ...] = (),
        start: Found = (),
        lifted: dict[Fan, tuple[Fan, ...]] | None = None,
    ) -> None:
        # ``start``: fans found beforehand and shared, copied so that this tally can add
        # to them.
        self.found: dict[Fan, list[tuple[int, ...]]] = {fan: list(sets) for fan, sets in start}
        self.excluded: list[Dropped] = []
        self.extra = extra or _NO_EXTRA  # exclusions that options add to the table
        self.spared = spared  # fans that options keep from being excluded
        # exclusions of the table that options lift: fan -> the fans it then keeps
        self.lifted = lifted or _NO_EXTRA

    def add(self, fan: Fan, sets: tuple[int, ...] = ()) -> None:
        self.found.setdefault(fan, []).append(sets)

    def flag(self, fan: Fan) -> None:
        """A whole-hand fan: counted once however often it is found."""
        self.found.setdefault(fan, [()])

    def frozen(self) -> Found:
        """The fans found so far, to start other tallies from (``Tally(start=...)``)."""
        return tuple((fan, tuple(sets)) for fan, sets in self.found.items())

    def drop(self, fan: Fan) -> None:
        self.found.pop(fan, None)

    def __contains__(self, fan: Fan) -> bool:
        return fan in self.found

    def apply_exclusions(self) -> None:
        """不重复: each counted fan, highest first, removes the fans it implies."""
        found = self.found
        extra = self.extra
        # Only the fans that exclude something act, and a third of the table excludes
        # nothing (自摸, 无字, 幺九刻 …): leave those out of the sort.
        excluders = (
            _EXCLUDERS if not extra or extra.keys() <= _EXCLUDERS else _EXCLUDERS.union(extra)
        )
        acting = [*filter(excluders.__contains__, found)]  # in C: no Python loop
        if len(acting) > 1:
            acting.sort(key=ORDER.__getitem__)
        dropped = self.excluded
        spared = self.spared
        for fan in acting:
            if fan not in found:
                continue
            excludes, own_sets = _EXCLUDES[fan]
            if extra and fan in extra:
                excludes = excludes + extra[fan]
            if self.lifted and fan in self.lifted:
                kept = self.lifted[fan]
                excludes = tuple(x for x in excludes if x not in kept)
            # the excluded fans this reading has, in the table's order
            for other in [*filter(found.__contains__, excludes)]:
                if other not in spared and other in found:  # (a fan named twice)
                    dropped.append((other, fan, tuple(found.pop(other))))
            if own_sets:
                own = {i for sets in found[fan] for i in sets}
                for other in own_sets:
                    if other not in found:
                        continue
                    keep = [s for s in found[other] if not set(s) <= own]
                    if len(keep) < len(found[other]):
                        gone = tuple(i for i in found[other] if set(i) <= own)
                        dropped.append((other, fan, gone))
                        if keep:
                            found[other] = keep
                        else:
                            del found[other]

    def total(self, options: McrOptions) -> int:
        values = fan_values(options)
        return sum(values[f] * len(v) for f, v in self.found.items())


ORDER: dict[Fan, int] = {fan: i for i, fan in enumerate(EXCLUSION_ORDER)}
# What each fan excludes, read once from the table: (excludes, excludes_own_sets).
_EXCLUDES: dict[Fan, tuple[tuple[Fan, ...], tuple[Fan, ...]]] = {
    fan: (spec.excludes, spec.excludes_own_sets) for fan, spec in FANS.items()
}
_EXCLUDERS = frozenset(fan for fan, (excludes, own) in _EXCLUDES.items() if excludes or own)
_VALUE: dict[Fan, int] = {fan: spec.value for fan, spec in FANS.items()}


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


_VALUES_BY_KONG_OPTIONS: dict[tuple[int, int], dict[Fan, int]] = {}


_STRICT_ALL_TERMINALS: dict[Fan, tuple[Fan, ...]] = {Fan.ALL_TERMINALS: (Fan.TRIPLE_PUNG,)}
_NO_EXTRA: dict[Fan, tuple[Fan, ...]] = {}


_SEED003_ALL_TERMINALS: dict[Fan, tuple[Fan, ...]] = {Fan.ALL_TERMINALS: (Fan.DOUBLE_PUNG,)}


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
