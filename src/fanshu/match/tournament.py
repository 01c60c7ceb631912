"""MCR tournaments: players, sessions of tables of four, seatings, standings.

A tournament has ``players`` and a number of ``sessions`` (rounds of play).  In each
session every player sits at one table of four (the player count is a multiple of 4); a
table plays one :class:`~fanshu.match.sheet.Match` of 16 hands.  Seatings are entered
(:meth:`Tournament.seat_session`) or generated (:func:`generate_seating`) so that
opponents repeat as little as possible.

A table's result comes from one place only, which the standings name (its ``source``):

- ``"sheet:<match id>"``: the table's score sheet (:meth:`Tournament.match`), recorded
  hand by hand.  Its totals count once its 16 hands are in; until then the table is
  ``"in progress"`` and gives no result.  A table with a sheet takes no typed result
  (:class:`TableHasSheet`), so the two can never disagree.
- ``"typed"``: the final match scores of a table without a sheet, typed from a paper
  sheet (:meth:`Tournament.set_result`): the four seated players exactly, whole numbers
  within ±:data:`MAX_TYPED_SCORE`, summing to 0 (MCR pays every point to another player)
  — unless the referee deducted free penalties, which nobody receives (as the penalty rows
  of a sheet): those are given too (``penalties``), and the scores sum to minus their
  total.  A table with a typed result gets no sheet (:class:`TableHasTypedResult`).
- ``"corrected"``: a typed result replaced by an explicit correction
  (``set_result(..., correction=True)``); without it a second entry is refused
  (:class:`ResultAlreadyRecorded`) instead of overwriting the first.

Standings (:meth:`Tournament.standings`) count the complete tables only and rank by

1. total table points (标准分, 4/2/1/0 per match, ties shared; or the tournament's scale);
2. total match score (比赛分);
3. number of first places (a match the player won outright: no one else at the table
   scored as much; a shared top score is no first place, so a four-way tie gives none);
4. head-to-head among the players still tied: for every match two of them played at the
   same table, +1 to the one with the higher match score and -1 to the other (shown for
   the tied players only: ``None`` for a player no one ties with, whom it does not rank);
5. players still equal share the rank.

Tie-breaks 1-2 are those the issue and the 1998 rules' ranking by 标准分 then 比赛分 give;
the seeds give no further tie-break, so 3-4 are fanshu's documented choice (the common
practice of club MCR tournament software: most wins, then the direct encounters).

>>> t = Tournament([f"P{i}" for i in range(1, 9)], sessions=2, id="t1")
>>> seating = t.generate_seating(seed=7)
>>> seating.repeats, len(t.seating(1))   # 8 players: two meet again at each table
(4, 2)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import Any

from fanshu.i18n import msg
from fanshu.match.sheet import HANDS_PER_MATCH, SCALE_STANDARD, Match, rank_table_points
from fanshu.rules.mcr.settlement import BASE_POINTS, MAX_FAN, MatchError, check_member

__all__ = [
    "COMPLETE",
    "IN_PROGRESS",
    "MAX_TYPED_SCORE",
    "SOURCE_CORRECTED",
    "SOURCE_TYPED",
    "BadTotals",
    "NothingToCorrect",
    "ResultAlreadyRecorded",
    "Seating",
    "Standing",
    "TableConflict",
    "TableHasSheet",
    "TableHasTypedResult",
    "TableLine",
    "TableResult",
    "TotalOutOfRange",
    "Tournament",
    "count_repeats",
    "generate_seating",
    "repeat_lower_bound",
    "sheet_source",
]

#: The largest match score, won or lost, a typed table result may give: one player
#: winning all 16 hands self-drawn at :data:`~fanshu.rules.mcr.settlement.MAX_FAN`
#: (16 × 3 × (8 + 500) = 24 384).  Real matches stay far below; a larger number is a
#: typing error.
MAX_TYPED_SCORE = HANDS_PER_MATCH * 3 * (BASE_POINTS + MAX_FAN)
#: The source of a typed result, and of one replaced by a correction.
SOURCE_TYPED = "typed"
SOURCE_CORRECTED = "corrected"
#: The state of a table in the standings: its result counts, or its sheet is not done.
COMPLETE = "complete"
IN_PROGRESS = "in progress"


def sheet_source(match_id: str | None) -> str:
    """The source of a result taken from a score sheet.

    >>> sheet_source("t1-s1t2")
    'sheet:t1-s1t2'
    """
    return f"sheet:{match_id or ''}"


class TableConflict(MatchError):
    """A table request its state does not allow (HTTP 409)."""

    code = "table_conflict"


class TableHasSheet(TableConflict):
    """A typed result for a table whose result comes from its score sheet."""

    code = "has_sheet"


class TableHasTypedResult(TableConflict):
    """A score sheet (or another sheet) for a table that already has its result."""

    code = "has_typed_result"


class ResultAlreadyRecorded(TableConflict):
    """A second typed result without ``correction``: it would overwrite the first."""

    code = "already_recorded"


class NothingToCorrect(TableConflict):
    """A correction of a table that has no typed result to correct."""

    code = "not_recorded"


class BadTotals(MatchError):
    """Typed totals that no score sheet could give: wrong players, not whole numbers,
    out of bound, not summing to 0."""

    code = "bad_totals"


class TotalOutOfRange(BadTotals):
    """A typed match score beyond ±:data:`MAX_TYPED_SCORE`."""

    code = "out_of_range"


Table = tuple[str, str, str, str]
SessionSeating = tuple[Table, ...]


def _pairs(session: Iterable[Sequence[str]]) -> Iterable[frozenset[str]]:
    for table in session:
        for a, b in combinations(table, 2):
            yield frozenset((a, b))


def count_repeats(sessions: Iterable[Iterable[Sequence[str]]]) -> int:
    """Repeated pairings: for every pair of players, the meetings after their first.

    >>> count_repeats([[("A", "B", "C", "D")], [("A", "B", "C", "D")]])
    6
    """
    meetings: Counter[frozenset[str]] = Counter()
    for session in sessions:
        meetings.update(_pairs(session))
    return sum(c - 1 for c in meetings.values() if c > 1)


def repeat_lower_bound(n_players: int, sessions: int) -> int:
    """The fewest repeated pairings any seating can have: each player meets 3 opponents
    per session and has ``n_players - 1`` to meet.

    >>> repeat_lower_bound(8, 4), repeat_lower_bound(16, 5)
    (20, 0)
    """
    per_player = max(0, 3 * sessions - (n_players - 1))
    return n_players * per_player // 2


@dataclass(frozen=True, slots=True)
class Seating:
    """Tables per session (``sessions[i]`` is session ``i + 1``) and the number of repeated
    pairings over all of them."""

    sessions: tuple[SessionSeating, ...]
    repeats: int

    def meetings(self) -> dict[frozenset[str], int]:
        """How often each pair of players shares a table."""
        c: Counter[frozenset[str]] = Counter()
        for s in self.sessions:
            c.update(_pairs(s))
        return dict(c)


def _shown(totals: Mapping[str, int]) -> str:
    return ", ".join(f"{p} {v}" for p, v in totals.items())


def _check_roster(players: Sequence[str]) -> tuple[str, ...]:
    names = tuple(players)
    for n in names:
        if not isinstance(n, str) or not n.strip():
            raise MatchError(msg("a player name is a non-empty string, not {n!r}", n=n))
    if len(set(names)) != len(names):
        dup = sorted(n for n, c in Counter(names).items() if c > 1)
        raise MatchError(msg("player names must differ: {dup} appear twice", dup=", ".join(dup)))
    if not names or len(names) % 4:
        raise MatchError(
            msg("tables are of four: {n} players is not a multiple of 4", n=len(names))
        )
    return names


def _check_session_tables(roster: Sequence[str], tables: Sequence[Sequence[str]]) -> SessionSeating:
    out: list[Table] = []
    seen: set[str] = set()
    for t in tables:
        table = tuple(t)
        if len(table) != 4:
            raise MatchError(
                msg("a table has four players, not {n}: {list}", n=len(table), list=list(table))
            )
        for p in table:
            check_member(roster, p, msg("player"))
            if p in seen:
                raise MatchError(msg("{p} is seated twice in one session", p=p))
            seen.add(p)
        out.append((table[0], table[1], table[2], table[3]))
    missing = [p for p in roster if p not in seen]
    if missing:
        raise MatchError(
            msg("every player needs a table; not seated: {missing}", missing=", ".join(missing))
        )
    return tuple(out)


def _generate(
    roster: tuple[str, ...],
    fixed: Sequence[SessionSeating],
    free: int,
    rng: random.Random,
    restarts: int,
    iterations: int,
) -> tuple[list[SessionSeating], int]:
    """Search seatings for ``free`` more sessions after the ``fixed`` ones: greedy starts,
    then random swaps between tables of a session, accepted when they do not increase the
    sum of squared meeting counts; the best of ``restarts`` runs wins."""
    n = len(roster)
    index = {p: i for i, p in enumerate(roster)}
    base = [[0] * n for _ in range(n)]
    for session in fixed:
        for table in session:
            for p, q in combinations(table, 2):
                base[index[p]][index[q]] += 1
                base[index[q]][index[p]] += 1
    bound = repeat_lower_bound(n, len(fixed) + free)
    repeats, found = _search(base, free, bound, rng, restarts, iterations)
    named: list[SessionSeating] = []
    for sess in found:
        named.append(tuple((roster[t[0]], roster[t[1]], roster[t[2]], roster[t[3]]) for t in sess))
    return named, repeats


def _search(
    base: list[list[int]],
    free: int,
    bound: int,
    rng: random.Random,
    restarts: int,
    iterations: int,
) -> tuple[int, list[list[list[int]]]]:
    n = len(base)
    best: tuple[int, int, list[list[list[int]]]] | None = None
    for _ in range(max(1, restarts)):
        count = [row[:] for row in base]
        sessions: list[list[list[int]]] = []
        for _s in range(free):
            order = list(range(n))
            rng.shuffle(order)
            tables: list[list[int]] = []
            while order:
                table = [order.pop(0)]
                while len(table) < 4:
                    pick = min(order, key=lambda q: sum(count[q][x] for x in table))
                    order.remove(pick)
                    table.append(pick)
                tables.append(table)
            for table in tables:
                for a, b in combinations(table, 2):
                    count[a][b] += 1
                    count[b][a] += 1
            sessions.append(tables)
        n_tables = n // 4
        if free and n_tables > 1:
            for _it in range(iterations):
                s = rng.randrange(free)
                ti, tj = rng.sample(range(n_tables), 2)
                x, y = sessions[s][ti], sessions[s][tj]
                ai, bi = rng.randrange(4), rng.randrange(4)
                a, b = x[ai], y[bi]
                delta = 0
                for q in x:
                    if q != a:
                        delta += 2 * (count[b][q] - count[a][q]) + 2
                for q in y:
                    if q != b:
                        delta += 2 * (count[a][q] - count[b][q]) + 2
                if delta <= 0:
                    for q in x:
                        if q != a:
                            count[a][q] -= 1
                            count[q][a] -= 1
                            count[b][q] += 1
                            count[q][b] += 1
                    for q in y:
                        if q != b:
                            count[b][q] -= 1
                            count[q][b] -= 1
                            count[a][q] += 1
                            count[q][a] += 1
                    x[ai], y[bi] = b, a
        repeats = sum(count[i][j] - 1 for i in range(n) for j in range(i) if count[i][j] > 1)
        squares = sum(count[i][j] ** 2 for i in range(n) for j in range(i))
        if best is None or (repeats, squares) < best[:2]:
            best = (repeats, squares, [[t[:] for t in s] for s in sessions])
        if repeats <= bound:
            break
    assert best is not None
    return best[0], best[2]


def generate_seating(
    players: Sequence[str],
    sessions: int,
    seed: int = 0,
    *,
    restarts: int = 8,
    iterations: int = 20_000,
) -> Seating:
    """Seat ``players`` (a multiple of 4) for ``sessions`` sessions so that opponents repeat
    as little as possible; deterministic for a given ``seed``.

    >>> s = generate_seating("ABCDEFGHIJKLMNOP", 5, seed=1)
    >>> s.repeats, [len(x) for x in s.sessions]
    (0, [4, 4, 4, 4, 4])
    """
    roster = _check_roster(players)
    if isinstance(sessions, bool) or not isinstance(sessions, int) or sessions < 1:
        raise MatchError(
            msg(
                "the number of sessions is a positive whole number, not {sessions!r}",
                sessions=sessions,
            )
        )
    named, _ = _generate(roster, [], sessions, random.Random(seed), restarts, iterations)
    return Seating(tuple(named), count_repeats(named))


@dataclass(frozen=True, slots=True)
class TableResult:
    """The result of one table: players in seat order, match scores, table points
    (None while its score sheet is in progress), where the result comes from
    (``source``: ``"sheet:<match id>"``, ``"typed"`` or ``"corrected"``) and, for a
    sheet, the hands recorded so far."""

    session: int
    table: int
    players: Table
    totals: dict[str, int]
    table_points: dict[str, Fraction] | None
    source: str = SOURCE_TYPED
    hands: int | None = None

    @property
    def is_complete(self) -> bool:
        return self.table_points is not None

    @property
    def state(self) -> str:
        """``"complete"`` (the result counts) or ``"in progress"`` (a sheet not done)."""
        return COMPLETE if self.is_complete else IN_PROGRESS


def _number(x: Fraction) -> int | float:
    return int(x) if x.denominator == 1 else float(x)


@dataclass(frozen=True, slots=True)
class TableLine:
    """One table of a player in the standings: where its numbers come from.  ``score``
    is the player's match score (so far, for a table in progress), ``table_points`` None
    until the table is complete; only complete tables count in the standings."""

    session: int
    table: int
    source: str
    state: str
    score: int
    table_points: Fraction | None
    hands: int | None

    def to_dict(self) -> dict[str, Any]:
        tp = self.table_points
        return {
            "session": self.session,
            "table": self.table,
            "source": self.source,
            "state": self.state,
            "score": self.score,
            "table_points": None if tp is None else _number(tp),
            "hands": self.hands,
        }


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of the standings; ``tables`` are the player's tables with a result or a
    sheet, complete or in progress, with the source of each."""

    rank: int
    player: str
    table_points: Fraction
    score: int
    matches: int
    firsts: int
    #: The head-to-head record among the players tied with this one on table points,
    #: score and first places; None when no one is (the tie-break is not needed).
    head_to_head: int | None
    tables: tuple[TableLine, ...] = ()

    @property
    def in_progress(self) -> int:
        """The player's tables whose score sheet is not done (not counted yet)."""
        return sum(1 for x in self.tables if x.state == IN_PROGRESS)

    def to_dict(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "player": self.player,
            "table_points": _number(self.table_points),
            "score": self.score,
            "matches": self.matches,
            "firsts": self.firsts,
            "head_to_head": self.head_to_head,
            "in_progress": self.in_progress,
            "tables": [x.to_dict() for x in self.tables],
        }


class Tournament:
    """Players, sessions of tables of four, results per table and the standings.

    >>> t = Tournament("ABCDEFGH", sessions=1)
    >>> t.seat_session(1, ["ABCD", "EFGH"])
    >>> t.set_result(1, 1, {"A": 100, "B": 20, "C": -40, "D": -80})
    >>> t.set_result(1, 2, {"E": 50, "F": 50, "G": 0, "H": -100})
    >>> [(s.rank, s.player, str(s.table_points)) for s in t.standings()][:4]
    [(1, 'A', '4'), (2, 'E', '3'), (2, 'F', '3'), (4, 'B', '2')]
    """

    def __init__(
        self,
        players: Sequence[str],
        *,
        sessions: int | None = None,
        id: str | None = None,
        name: str | None = None,
        scale: Sequence[int] = SCALE_STANDARD,
    ) -> None:
        self.players = _check_roster(players)
        if sessions is not None and (
            isinstance(sessions, bool) or not isinstance(sessions, int) or sessions < 1
        ):
            raise MatchError(
                msg(
                    "the number of sessions is a positive whole number, not {sessions!r}",
                    sessions=sessions,
                )
            )
        if len(scale) != 4:
            raise MatchError(
                msg("a table-point scale has four values, not {list}", list=list(scale))
            )
        self.sessions = sessions
        self.id = id
        self.name = name
        self.scale = tuple(scale)
        self._seatings: dict[int, SessionSeating] = {}
        self._matches: dict[tuple[int, int], Match] = {}
        self._entered: dict[tuple[int, int], dict[str, int]] = {}
        # typed results replaced by a correction (source "corrected")
        self._corrected: set[tuple[int, int]] = set()
        # the referee's free penalties deducted in a typed result (paid to nobody)
        self._penalties: dict[tuple[int, int], dict[str, int]] = {}

    # -- seatings ------------------------------------------------------------------------

    def _check_session_no(self, session_no: int) -> int:
        if isinstance(session_no, bool) or not isinstance(session_no, int) or session_no < 1:
            raise MatchError(
                msg(
                    "a session number is a positive whole number, not {session_no!r}",
                    session_no=session_no,
                )
            )
        if self.sessions is not None and session_no > self.sessions:
            raise MatchError(
                msg(
                    "the tournament has sessions 1-{sessions}, not {session_no}",
                    sessions=self.sessions,
                    session_no=session_no,
                )
            )
        return session_no

    def _has_results(self, session_no: int) -> bool:
        keys = list(self._matches) + list(self._entered)
        return any(s == session_no for s, _ in keys)

    def seat_session(self, session_no: int, tables: Sequence[Sequence[str]]) -> None:
        """Enter the seating of a session: tables of four, players in drawn seat order
        (East, South, West, North), every player exactly once."""
        self._check_session_no(session_no)
        seating = _check_session_tables(self.players, tables)
        if self._has_results(session_no):
            raise MatchError(
                msg(
                    "session {session_no} already has results; it cannot be reseated",
                    session_no=session_no,
                )
            )
        self._seatings[session_no] = seating

    def generate_seating(
        self, sessions: int | None = None, seed: int = 0, *, restarts: int = 8
    ) -> Seating:
        """Seat every session not yet seated (1 to ``sessions`` or the tournament's
        number of sessions), keeping entered sessions and minimising repeated opponents
        over all of them.  Returns the whole seating and its repeated pairings."""
        total = sessions if sessions is not None else self.sessions
        if total is None:
            raise MatchError(msg("say how many sessions to seat"))
        if self.sessions is not None and total > self.sessions:
            raise MatchError(
                msg(
                    "the tournament has {sessions} sessions, not {total}",
                    sessions=self.sessions,
                    total=total,
                )
            )
        if isinstance(total, bool) or not isinstance(total, int) or total < 1:
            raise MatchError(
                msg("the number of sessions is a positive whole number, not {total!r}", total=total)
            )
        todo = [s for s in range(1, total + 1) if s not in self._seatings]
        fixed = [self._seatings[s] for s in sorted(self._seatings)]
        named, _ = _generate(self.players, fixed, len(todo), random.Random(seed), restarts, 20_000)
        for s, seating in zip(todo, named, strict=True):
            self._seatings[s] = seating
        all_sessions = tuple(self._seatings[s] for s in sorted(self._seatings))
        return Seating(all_sessions, count_repeats(all_sessions))

    def seating(self, session_no: int) -> SessionSeating:
        """The tables of a seated session."""
        self._check_session_no(session_no)
        if session_no not in self._seatings:
            raise MatchError(msg("session {session_no} is not seated yet", session_no=session_no))
        return self._seatings[session_no]

    @property
    def seated_sessions(self) -> tuple[int, ...]:
        return tuple(sorted(self._seatings))

    def repeats(self) -> int:
        """Repeated pairings over the sessions seated so far."""
        return count_repeats(self._seatings[s] for s in sorted(self._seatings))

    # -- results -------------------------------------------------------------------------

    def _table(self, session_no: int, table_no: int) -> Table:
        tables = self.seating(session_no)
        if isinstance(table_no, bool) or not isinstance(table_no, int):
            raise MatchError(
                msg("a table number is a whole number, not {table_no!r}", table_no=table_no)
            )
        if not 1 <= table_no <= len(tables):
            raise MatchError(
                msg(
                    "session {session_no} has tables 1-{n}, not {table_no}",
                    session_no=session_no,
                    n=len(tables),
                    table_no=table_no,
                )
            )
        return tables[table_no - 1]

    def _refuse_sheet(self, session_no: int, table_no: int) -> None:
        typed = self._entered.get((session_no, table_no))
        if typed is not None:
            raise TableHasTypedResult(
                msg(
                    "session {session_no} table {table_no} already has a typed result "
                    "({shown}): its score comes from that, so it gets no score sheet",
                    session_no=session_no,
                    table_no=table_no,
                    shown=_shown(typed),
                )
            )

    def match(self, session_no: int, table_no: int) -> Match:
        """The score sheet of a table (created on first use, players in seat order);
        record hands on it directly.  A table with a typed result has none
        (:class:`TableHasTypedResult`)."""
        table = self._table(session_no, table_no)
        key = (session_no, table_no)
        self._refuse_sheet(session_no, table_no)
        if key not in self._matches:
            tid = f"{self.id}-" if self.id else ""
            self._matches[key] = Match(table, id=f"{tid}s{session_no}t{table_no}")
        return self._matches[key]

    def has_sheet(self, session_no: int, table_no: int) -> bool:
        """Whether the table's result comes from a score sheet."""
        self._table(session_no, table_no)
        return (session_no, table_no) in self._matches

    def typed_result(self, session_no: int, table_no: int) -> dict[str, int] | None:
        """The table's typed (or corrected) match scores, None when it has none."""
        self._table(session_no, table_no)
        typed = self._entered.get((session_no, table_no))
        return None if typed is None else dict(typed)

    def set_match(self, session_no: int, table_no: int, match: Match) -> None:
        """Attach a match played at a table (its players must be the table's).  A table
        keeps one sheet: another one, or one for a table with a typed result, is refused."""
        table = self._table(session_no, table_no)
        if not isinstance(match, Match):
            raise MatchError(
                msg("a table result is a Match, not {type_name}", type_name=type(match).__name__)
            )
        if set(match.players) != set(table):
            raise MatchError(
                msg(
                    "the match players {list} are not those of session {session_no} table "
                    "{table_no}: {list2}",
                    list=list(match.players),
                    session_no=session_no,
                    table_no=table_no,
                    list2=list(table),
                )
            )
        self._refuse_sheet(session_no, table_no)
        held = self._matches.get((session_no, table_no))
        if held is not None and held is not match:
            raise TableHasSheet(
                msg(
                    "session {session_no} table {table_no} already has the score sheet "
                    "{sheet}; a table keeps one sheet",
                    session_no=session_no,
                    table_no=table_no,
                    sheet=held.id or msg("(no id)"),
                )
            )
        self._matches[(session_no, table_no)] = match

    def typed_penalties(self, session_no: int, table_no: int) -> dict[str, int]:
        """The referee's free penalties deducted in the table's typed result (points per
        player, paid to nobody; empty when none)."""
        self._table(session_no, table_no)
        return dict(self._penalties.get((session_no, table_no), {}))

    def _checked_penalties(
        self, session_no: int, table_no: int, penalties: Mapping[str, object] | None
    ) -> dict[str, int]:
        table = self._table(session_no, table_no)
        if penalties is None:
            return {}
        if not isinstance(penalties, Mapping):
            raise BadTotals(
                msg("penalties are points by player, not {penalties!r}", penalties=penalties)
            )
        clean: dict[str, int] = {}
        for p, v in penalties.items():
            if p not in table:
                raise BadTotals(
                    msg(
                        "a penalty of session {session_no} table {table_no} is for one of "
                        "{table}, not {p!r}",
                        session_no=session_no,
                        table_no=table_no,
                        table=", ".join(table),
                        p=p,
                    )
                )
            if isinstance(v, bool) or not isinstance(v, int):
                raise BadTotals(
                    msg("penalty points are a whole number, not {v!r} for {p}", v=v, p=p)
                )
            if not 1 <= v <= MAX_TYPED_SCORE:
                raise TotalOutOfRange(
                    msg(
                        "the penalty {v} of {p} is out of range: penalty points (deducted) are "
                        "between 1 and {max_typed_score}",
                        v=v,
                        p=p,
                        max_typed_score=MAX_TYPED_SCORE,
                    )
                )
            clean[p] = v
        return {p: clean[p] for p in table if p in clean}

    def _checked_totals(
        self,
        session_no: int,
        table_no: int,
        totals: Mapping[str, object],
        *,
        strict: bool,
        penalties: Mapping[str, int] | None = None,
    ) -> dict[str, int]:
        table = self._table(session_no, table_no)
        if not isinstance(totals, Mapping) or set(totals) != set(table) or len(totals) != 4:
            given = ", ".join(map(str, totals)) if isinstance(totals, Mapping) else repr(totals)
            given = given or "no one"
            raise BadTotals(
                msg(
                    "give the scores of {table} (session {session_no} table {table_no}), "
                    "not of {given}",
                    table=", ".join(table),
                    session_no=session_no,
                    table_no=table_no,
                    given=given,
                )
            )
        clean: dict[str, int] = {}
        for p in table:
            v = totals[p]
            if isinstance(v, bool) or not isinstance(v, int):
                raise BadTotals(msg("a match score is a whole number, not {v!r} for {p}", v=v, p=p))
            if strict and not -MAX_TYPED_SCORE <= v <= MAX_TYPED_SCORE:
                raise TotalOutOfRange(
                    msg(
                        "the match score {v} of {p} is out of range: a typed score is between "
                        "-{max_typed_score} and {max_typed_score} (16 hands self-drawn at "
                        "{max_fan} fan)",
                        v=v,
                        p=p,
                        max_typed_score=MAX_TYPED_SCORE,
                        max_fan=MAX_FAN,
                    )
                )
            clean[p] = v
        total = sum(clean.values())
        deducted = sum((penalties or {}).values())
        if strict and total != -deducted:
            if deducted:
                why = (
                    f"with the referee's penalties ({_shown(penalties or {})}) deducted from "
                    f"scores that sum to 0, they sum to {-deducted:+d}"
                )
            else:
                why = (
                    "in MCR every point one player loses another wins, so they sum to 0 (a "
                    "referee's penalty, paid to nobody, is given as a penalty)"
                )
            raise BadTotals(
                f"the match scores of session {session_no} table {table_no} sum to "
                f"{total:+d} ({_shown(clean)}); {why}"
            )
        return clean

    def set_result(
        self,
        session_no: int,
        table_no: int,
        totals: Mapping[str, int],
        *,
        correction: bool = False,
        penalties: Mapping[str, int] | None = None,
    ) -> dict[str, int] | None:
        """Type a table's final match scores (比赛分) for a table without a score sheet:
        the four seated players, whole numbers within ±:data:`MAX_TYPED_SCORE`, summing
        to 0 — or, when the referee deducted free penalties (``penalties``: points by
        player, paid to nobody), to minus their total.  Replacing a typed result needs
        ``correction=True`` (its source becomes ``"corrected"``).  Returns the result
        replaced (None for a first entry).

        >>> t = Tournament("ABCD", sessions=1)
        >>> t.seat_session(1, ["ABCD"])
        >>> t.set_result(1, 1, {"A": 30, "B": 10, "C": -10, "D": -30})
        >>> t.set_result(1, 1, {"A": 40, "B": 0, "C": -10, "D": -30})
        Traceback (most recent call last):
        ...
        fanshu.match.tournament.ResultAlreadyRecorded: session 1 table 1 already has the result A 30, B 10, C -10, D -30; replacing it is a correction (correction=True)
        >>> t.set_result(1, 1, {"A": 40, "B": 0, "C": -10, "D": -30}, correction=True)
        {'A': 30, 'B': 10, 'C': -10, 'D': -30}
        >>> t.results()[0].source
        'corrected'
        """  # noqa: E501
        key = (session_no, table_no)
        table = self._table(session_no, table_no)
        held = self._matches.get(key)
        if held is not None:
            raise TableHasSheet(
                msg(
                    "session {session_no} table {table_no} has the score sheet {sheet} "
                    "({hands_played} of {hands_per_match} hands): its result comes from "
                    "the sheet, not from typed scores",
                    session_no=session_no,
                    table_no=table_no,
                    sheet=held.id or msg("(no id)"),
                    hands_played=held.hands_played,
                    hands_per_match=HANDS_PER_MATCH,
                )
            )
        deducted = self._checked_penalties(session_no, table_no, penalties)
        clean = self._checked_totals(session_no, table_no, totals, strict=True, penalties=deducted)
        before = self._entered.get(key)
        if before is None and correction:
            raise NothingToCorrect(
                msg(
                    "session {session_no} table {table_no} ({table}) has no typed result "
                    "to correct: enter it without correction",
                    session_no=session_no,
                    table_no=table_no,
                    table=", ".join(table),
                )
            )
        if before is not None and not correction:
            raise ResultAlreadyRecorded(
                msg(
                    "session {session_no} table {table_no} already has the result "
                    "{shown}; replacing it is a correction (correction=True)",
                    session_no=session_no,
                    table_no=table_no,
                    shown=_shown(before),
                )
            )
        self._entered[key] = clean
        self._set_penalties(key, deducted)
        if before is not None:
            self._corrected.add(key)
        return None if before is None else dict(before)

    def _set_penalties(self, key: tuple[int, int], penalties: dict[str, int]) -> None:
        if penalties:
            self._penalties[key] = penalties
        else:
            self._penalties.pop(key, None)

    def restore_result(
        self,
        session_no: int,
        table_no: int,
        totals: Mapping[str, int],
        *,
        source: str,
        penalties: Mapping[str, int] | None = None,
    ) -> None:
        """Put back a typed result as a store kept it (``source`` ``"typed"`` or
        ``"corrected"``, its ``penalties``).  Only its shape is checked: a result kept
        before typed results had to sum to 0 stays readable (and counts as kept)."""
        if source not in (SOURCE_TYPED, SOURCE_CORRECTED):
            raise MatchError(
                msg(
                    "a typed result's source is 'typed' or 'corrected', not {source!r}",
                    source=source,
                )
            )
        key = (session_no, table_no)
        if key in self._matches:
            raise TableHasSheet(
                msg(
                    "session {session_no} table {table_no} has a score sheet",
                    session_no=session_no,
                    table_no=table_no,
                )
            )
        deducted = self._checked_penalties(session_no, table_no, penalties)
        self._entered[key] = self._checked_totals(session_no, table_no, totals, strict=False)
        self._set_penalties(key, deducted)
        if source == SOURCE_CORRECTED:
            self._corrected.add(key)
        else:
            self._corrected.discard(key)

    def source(self, session_no: int, table_no: int) -> str | None:
        """Where the table's result comes from (``"sheet:<id>"``, ``"typed"``,
        ``"corrected"``), None for a table with neither."""
        key = (session_no, table_no)
        if key in self._matches:
            return sheet_source(self._matches[key].id)
        if key in self._entered:
            return SOURCE_CORRECTED if key in self._corrected else SOURCE_TYPED
        return None

    def results(self) -> list[TableResult]:
        """Every table with a score sheet or a typed result, by session and table."""
        out: list[TableResult] = []
        for key in sorted(set(self._matches) | set(self._entered)):
            s, t = key
            table = self._table(s, t)
            source = self.source(s, t)
            assert source is not None
            if key in self._entered:
                totals = dict(self._entered[key])
                tp: dict[str, Fraction] | None = rank_table_points(totals, self.scale)
                hands: int | None = None
            else:
                m = self._matches[key]
                totals = m.totals()
                tp = m.table_points_exact(self.scale)
                hands = m.hands_played
            out.append(TableResult(s, t, table, totals, tp, source, hands))
        return out

    def standings(self) -> list[Standing]:
        """Players ranked by table points, match score, first places, head-to-head
        (see the module docstring); complete tables only.  Each row lists the player's
        tables, complete or in progress, with the source of each."""
        results = self.results()
        done = [r for r in results if r.table_points is not None]
        lines: dict[str, list[TableLine]] = {p: [] for p in self.players}
        for r in results:
            for p in r.players:
                points = None if r.table_points is None else r.table_points[p]
                lines[p].append(
                    TableLine(r.session, r.table, r.source, r.state, r.totals[p], points, r.hands)
                )
        tp = dict.fromkeys(self.players, Fraction(0))
        score = dict.fromkeys(self.players, 0)
        played = dict.fromkeys(self.players, 0)
        firsts = dict.fromkeys(self.players, 0)
        for r in done:
            assert r.table_points is not None
            top = max(r.totals.values())
            outright = sum(1 for v in r.totals.values() if v == top) == 1
            for p in r.players:
                tp[p] += r.table_points[p]
                score[p] += r.totals[p]
                played[p] += 1
                firsts[p] += outright and r.totals[p] == top

        def key(p: str) -> tuple[Fraction, int, int]:
            return (-tp[p], -score[p], -firsts[p])

        ordered = sorted(self.players, key=key)
        h2h = dict.fromkeys(self.players, 0)
        tied: set[str] = set()
        groups: list[list[str]] = []
        for p in ordered:
            if groups and key(groups[-1][0]) == key(p):
                groups[-1].append(p)
            else:
                groups.append([p])
        final: list[list[str]] = []
        for g in groups:
            if len(g) > 1:
                members = set(g)
                tied |= members
                for r in done:
                    present = [p for p in r.players if p in members]
                    for a, b in combinations(present, 2):
                        if r.totals[a] != r.totals[b]:
                            w, lo = (a, b) if r.totals[a] > r.totals[b] else (b, a)
                            h2h[w] += 1
                            h2h[lo] -= 1
                g = sorted(g, key=lambda p: (-h2h[p], p))
                sub: list[list[str]] = []
                for p in g:
                    if sub and h2h[sub[-1][0]] == h2h[p]:
                        sub[-1].append(p)
                    else:
                        sub.append([p])
                final.extend(sub)
            else:
                final.append(g)
        out: list[Standing] = []
        rank = 1
        for g in final:
            for p in g:
                out.append(
                    Standing(
                        rank,
                        p,
                        tp[p],
                        score[p],
                        played[p],
                        firsts[p],
                        h2h[p] if p in tied else None,
                        tuple(lines[p]),
                    )
                )
            rank += len(g)
        return out

    # -- (de)serialisation ---------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """Players, seatings, results (per table its ``source`` and its match sheet or
        typed totals) and the derived standings (ignored by :meth:`from_dict`)."""
        results: list[dict[str, Any]] = []
        for s, t in sorted(set(self._matches) | set(self._entered)):
            entry: dict[str, Any] = {"session": s, "table": t, "source": self.source(s, t)}
            if (s, t) in self._entered:
                entry["totals"] = dict(self._entered[(s, t)])
                if (s, t) in self._penalties:
                    entry["penalties"] = dict(self._penalties[(s, t)])
            else:
                entry["match"] = self._matches[(s, t)].to_dict(self.scale)
            results.append(entry)
        return {
            "id": self.id,
            "name": self.name,
            "players": list(self.players),
            "sessions": self.sessions,
            "scale": list(self.scale),
            "seatings": [
                {"session": s, "tables": [list(t) for t in self._seatings[s]]}
                for s in sorted(self._seatings)
            ],
            "results": results,
            "standings": [x.to_dict() for x in self.standings()],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Tournament:
        try:
            t = cls(
                data["players"],
                sessions=data.get("sessions"),
                id=data.get("id"),
                name=data.get("name"),
                scale=data.get("scale") or SCALE_STANDARD,
            )
            for seating in data.get("seatings", ()):
                t.seat_session(int(seating["session"]), seating["tables"])
            for r in data.get("results", ()):
                s, tb = int(r["session"]), int(r["table"])
                if "match" in r and r["match"] is not None:
                    t.set_match(s, tb, Match.from_dict(r["match"]))
                    continue
                source = r.get("source") or SOURCE_TYPED
                if source not in (SOURCE_TYPED, SOURCE_CORRECTED):
                    raise MatchError(
                        msg(
                            "session {s} table {tb}: typed totals have the source 'typed' or "
                            "'corrected', not {source!r}",
                            s=s,
                            tb=tb,
                            source=source,
                        )
                    )
                # checked as typed: the players, the bound, the sum
                t.set_result(s, tb, r["totals"], penalties=r.get("penalties"))
                if source == SOURCE_CORRECTED:
                    t._corrected.add((s, tb))
        except MatchError:
            raise  # already says which table and why
        except (KeyError, TypeError, ValueError) as exc:
            raise MatchError(msg("a bad tournament record: {exc!r}", exc=exc)) from None
        return t

    def __repr__(self) -> str:
        return (
            f"Tournament(id={self.id!r}, players={len(self.players)}, "
            f"seated={len(self._seatings)}, results={len(self._matches) + len(self._entered)})"
        )
