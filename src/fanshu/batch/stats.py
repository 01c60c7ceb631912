"""What a results file comes to: the figures behind ``fanshu stats``.  Standard library
only; the records are counted one at a time, so a file of millions is never held.

- score results (``fanshu score --batch``): hands, how many scored, errors by code, how
  many hands counted each fan, the distribution of fan totals;
- analyses (``fanshu analyze --batch``): hands, errors, the distribution of shanten;
- games (a game log of ``fanshu simulate --out``, or its Parquet table): games, wins,
  drawn games, false wins, per seat and per bot the wins, win rate and average score,
  how many wins counted each fan, the distribution of a win's fan total, and how long
  games last.

Per-bot figures need the bots' names: a game record's ``players`` (Parquet tables
written from a simulation carry them), else the ``players`` given to :func:`file_stats`.

>>> s = ScoreStats()
>>> s.add({"id": 1, "total": 9, "fans": [{"name": "花龙", "name_en": "Mixed Straight",
...        "value": 8, "count": 1}, {"name": "花牌", "name_en": "Flower Tiles", "value": 1,
...        "count": 1}], "multiplier": None, "error": None})
>>> s.add({"id": 2, "error": {"code": "bad_json", "message": "not JSON"}})
>>> d = s.to_dict()
>>> d["records"], d["scored"], d["errors"], d["totals"]["distribution"]
(2, 1, {'bad_json': 1}, {9: 1})
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fanshu.batch.formats import FormatError, Kind, read_records, sniff

__all__ = [
    "AnalyzeStats",
    "Distribution",
    "GameStats",
    "ScoreStats",
    "Stats",
    "compute",
    "file_stats",
]

#: A fan as counted: its Chinese name and English name (None when unknown).
FanKey = tuple[str, str | None]


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _ratio(part: float, whole: float) -> float | None:
    return part / whole if whole else None


@dataclass(slots=True)
class Distribution:
    """Counts of whole numbers (fan totals, shanten) and their summary figures.

    >>> d = Distribution(Counter({8: 2, 10: 1, 24: 1}))
    >>> d.n, d.mean, d.median, d.minimum, d.maximum
    (4, 12.5, 9.0, 8, 24)
    """

    counts: Counter[int] = field(default_factory=Counter)

    def add(self, value: int) -> None:
        self.counts[value] += 1

    @property
    def n(self) -> int:
        return sum(self.counts.values())

    @property
    def mean(self) -> float | None:
        n = self.n
        return sum(v * c for v, c in self.counts.items()) / n if n else None

    @property
    def median(self) -> float | None:
        n = self.n
        if not n:
            return None
        values = sorted(self.counts)

        def at(k: int) -> int:  # the k-th value (from 0) in sorted order
            seen = 0
            for v in values:
                seen += self.counts[v]
                if k < seen:
                    return v
            raise AssertionError("unreachable")

        return (at((n - 1) // 2) + at(n // 2)) / 2

    @property
    def minimum(self) -> int | None:
        return min(self.counts) if self.counts else None

    @property
    def maximum(self) -> int | None:
        return max(self.counts) if self.counts else None

    def to_dict(self) -> dict[str, Any]:
        return {
            "n": self.n,
            "mean": self.mean,
            "median": self.median,
            "min": self.minimum,
            "max": self.maximum,
            "distribution": dict(sorted(self.counts.items())),
        }


def _fan_rows(fans: Counter[FanKey], whole: int, unit: str) -> list[dict[str, Any]]:
    """Fans, most counted first (then by name), with the share of ``whole``."""
    rows = sorted(fans.items(), key=lambda kv: (-kv[1], kv[0][0]))
    return [
        {"name": name, "name_en": name_en, unit: n, "share": _ratio(n, whole)}
        for (name, name_en), n in rows
    ]


def _fan_keys(fans: Any) -> set[FanKey]:
    keys: set[FanKey] = set()
    for f in fans if isinstance(fans, list) else ():
        if isinstance(f, Mapping) and isinstance(f.get("name"), str):
            name_en = f.get("name_en")
            keys.add((f["name"], name_en if isinstance(name_en, str) else None))
    return keys


class Stats:
    """The figures of one kind of record; ``add`` each record, then ``to_dict``."""

    kind: Kind

    def add(self, record: Mapping[str, Any]) -> None:
        raise NotImplementedError

    def to_dict(self) -> dict[str, Any]:
        raise NotImplementedError


@dataclass
class ScoreStats(Stats):
    """Score results: hands, scored, errors by code, the rule sets named, hands that
    counted each fan, fan totals."""

    kind: Kind = "score"
    records: int = 0
    scored: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    rules: Counter[str] = field(default_factory=Counter)
    fans: Counter[FanKey] = field(default_factory=Counter)
    totals: Distribution = field(default_factory=Distribution)

    def add(self, record: Mapping[str, Any]) -> None:
        self.records += 1
        rules = record.get("rules")
        if isinstance(rules, str):
            self.rules[rules] += 1
        error = record.get("error")
        if isinstance(error, Mapping):
            code = error.get("code")
            self.errors[code if isinstance(code, str) else "?"] += 1
            return
        self.scored += 1
        total = _int(record.get("total"))
        if total is not None:
            self.totals.add(total)
        self.fans.update(_fan_keys(record.get("fans")))

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "records": self.records,
            "scored": self.scored,
            "errors": dict(self.errors.most_common()),
            "rules": dict(self.rules.most_common()),
            "fans": _fan_rows(self.fans, self.scored, "hands"),
            "totals": self.totals.to_dict(),
        }


@dataclass
class AnalyzeStats(Stats):
    """Analyses: hands, analysed, errors by code, shanten, 13- and 14-tile hands."""

    kind: Kind = "analyze"
    records: int = 0
    analysed: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    shanten: Distribution = field(default_factory=Distribution)
    thirteen: int = 0  # hands of 13 tiles (useful tiles and waits)
    fourteen: int = 0  # hands of 14 tiles (discards ranked)
    waits: Distribution = field(default_factory=Distribution)  # kinds waited on, ready hands

    def add(self, record: Mapping[str, Any]) -> None:
        self.records += 1
        error = record.get("error")
        if isinstance(error, Mapping):
            code = error.get("code")
            self.errors[code if isinstance(code, str) else "?"] += 1
            return
        self.analysed += 1
        shanten = _int(record.get("shanten"))
        if shanten is not None:
            self.shanten.add(shanten)
        if record.get("discards") is not None:
            self.fourteen += 1
        else:
            self.thirteen += 1
            waits = record.get("waits")
            if shanten == 0 and isinstance(waits, list):
                self.waits.add(len(waits))

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "records": self.records,
            "analysed": self.analysed,
            "errors": dict(self.errors.most_common()),
            "hands_13": self.thirteen,
            "hands_14": self.fourteen,
            "shanten": self.shanten.to_dict(),
            "waits_when_ready": self.waits.to_dict(),
        }


@dataclass(slots=True)
class _Tally:
    """One seat's or one bot's figures: games sat, wins, false wins, score."""

    games: int = 0  # a bot's: seat-games (a bot in two seats of a game sits two)
    wins: int = 0
    false_wins: int = 0
    score: int = 0
    tables: int = 0  # a bot's: the games it sat in

    def to_dict(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "wins": self.wins,
            "win_rate": _ratio(self.wins, self.games),
            "false_wins": self.false_wins,
            "average_score": _ratio(self.score, self.games),
        }


@dataclass
class GameStats(Stats):
    """Games: per seat and per bot wins, win rate and average score; drawn games; fans
    of the wins; the fan total of a win; length.

    A seat's win rate is its wins over the games it sat; a bot's, its wins over the
    seat-games it held (a bot in two seats for 10 games holds 20: ``seat_games``), as
    ``fanshu simulate`` counts them.  ``players`` overrides the bots the records name
    (one per seat, for logs that do not say)."""

    kind: Kind = "games"
    players: Sequence[str] | None = None
    games: int = 0
    rules: Counter[str] = field(default_factory=Counter)
    wins: int = 0
    drawn: int = 0
    unfinished: int = 0  # games without an end event
    false_wins: int = 0
    seats: list[_Tally] = field(default_factory=list)
    bots: dict[str, _Tally] = field(default_factory=dict)
    games_without_bots: int = 0
    lineups: Counter[tuple[str, ...]] = field(default_factory=Counter)
    fans: Counter[FanKey] = field(default_factory=Counter)
    fan_totals: Distribution = field(default_factory=Distribution)
    turns: int = 0
    decisions: int = 0
    events: int = 0

    def add(self, record: Mapping[str, Any]) -> None:
        self.games += 1
        rules = record.get("rules")
        self.rules[rules if isinstance(rules, str) else "?"] += 1
        result = record.get("result")
        if result == "drawn":
            self.drawn += 1
        elif result is None:
            self.unfinished += 1
        scores = [v for v in record.get("scores") or () if _int(v) is not None]
        n = _int(record.get("seats")) or len(scores)
        players = self.players if self.players is not None else record.get("players")
        if players is not None:
            players = [str(p) for p in players]
            if len(players) != n:
                raise FormatError(
                    f"game {record.get('game')}: {n} seats but {len(players)} players "
                    f"({', '.join(players)})"
                )
            self.lineups[tuple(players)] += 1
        else:
            self.games_without_bots += 1
        while len(self.seats) < n:
            self.seats.append(_Tally())
        tallies = [self.seats[s] for s in range(n)]
        if players is not None:
            tallies += [self.bots.setdefault(p, _Tally()) for p in players]

        def seat_tallies(seat: int) -> list[_Tally]:
            out = [self.seats[seat]]
            if players is not None:
                out.append(self.bots[players[seat]])
            return out

        for t in tallies:
            t.games += 1
        for name in set(players or ()):
            self.bots[name].tables += 1
        for s, v in enumerate(scores[:n]):
            for t in seat_tallies(s):
                t.score += v
        for win in record.get("wins") or ():
            seat = _int(win.get("seat"))
            if seat is None or not 0 <= seat < n:
                continue
            self.wins += 1
            for t in seat_tallies(seat):
                t.wins += 1
            total = _int(win.get("total"))
            if total is not None:
                self.fan_totals.add(total)
        for seat in record.get("false_wins") or ():
            if _int(seat) is not None and 0 <= seat < n:
                self.false_wins += 1
                for t in seat_tallies(seat):
                    t.false_wins += 1
        # each win counts a fan once, as fanshu simulate and fanshu replay count them
        by_win: dict[Any, set[FanKey]] = {}
        for f in record.get("fans") or ():
            by_win.setdefault(f.get("seat"), set()).update(_fan_keys([f]))
        for keys in by_win.values():
            self.fans.update(keys)
        self.turns += _int(record.get("turns")) or 0
        self.decisions += _int(record.get("decisions")) or 0
        self.events += _int(record.get("event_count")) or 0

    def to_dict(self) -> dict[str, Any]:
        lineup = next(iter(self.lineups)) if len(self.lineups) == 1 else None
        seats = []
        for s, tally in enumerate(self.seats):
            row: dict[str, Any] = {"seat": s}
            if lineup is not None and not self.games_without_bots:
                row["player"] = lineup[s]
            row.update(tally.to_dict())
            seats.append(row)
        bots = []
        for name, tally in sorted(self.bots.items()):
            row = tally.to_dict()
            row["seat_games"] = row.pop("games")
            bots.append({"bot": name, "games": tally.tables, **row})
        return {
            "kind": self.kind,
            "games": self.games,
            "rules": dict(self.rules.most_common()),
            "wins": self.wins,
            "drawn": self.drawn,
            "draw_rate": _ratio(self.drawn, self.games),
            "unfinished": self.unfinished,
            "false_wins": self.false_wins,
            "seats": seats,
            "bots": bots,
            "games_without_bots": self.games_without_bots,
            "fans": _fan_rows(self.fans, self.wins, "wins"),
            "fan_totals": self.fan_totals.to_dict(),
            "average_turns": _ratio(self.turns, self.games),
            "average_decisions": _ratio(self.decisions, self.games),
            "average_events": _ratio(self.events, self.games),
        }


def compute(
    records: Iterable[Mapping[str, Any]], kind: Kind, *, players: Sequence[str] | None = None
) -> Stats:
    """The figures of ``records`` of ``kind``; ``players`` (games only): the bot in each
    seat, for records that do not name them."""
    stats: Stats
    if kind == "score":
        stats = ScoreStats()
    elif kind == "analyze":
        stats = AnalyzeStats()
    elif kind == "games":
        stats = GameStats(players=None if players is None else list(players))
    else:
        raise FormatError(f"kind is score, analyze or games, not {kind!r}")
    for record in records:
        stats.add(record)
    return stats


def file_stats(path: str | Path, *, players: Sequence[str] | None = None) -> Stats:
    """The figures of a results file (JSON Lines or Parquet, any kind: see
    ``fanshu.batch.formats.sniff``)."""
    _, kind = sniff(path)
    return compute(read_records(path), kind, players=players)
