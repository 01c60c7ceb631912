"""fanshu.batch.formats: JSON Lines writes the bytes the CLI writes; Parquet writes the
documented schema in row groups as records come; both read back as the same records."""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from fanshu.batch.formats import (
    FormatError,
    MissingExtraError,
    arrow_schema,
    format_of_path,
    game_record,
    open_writer,
    read_records,
    sniff,
)
from fanshu.engine.game import Game
from fanshu.engine.log import game_lines
from fanshu.engine.simulate import simulate, write_game
from fanshu.protocol.analyze import analyze_line
from fanshu.protocol.lines import run_batch
from fanshu.sampling import winning_hands

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

DOCS = Path(__file__).resolve().parents[2] / "docs" / "results-schema.md"


@pytest.fixture(scope="module")
def score_lines() -> list[str]:
    """Output lines of score --batch: MCR hands, other rule sets, odd ids and errors."""
    lines = [json.dumps({"id": i, "hand": str(h)}) for i, h in enumerate(winning_hands(11, 60))]
    lines += [
        json.dumps({"id": "sc", "hand": "11123455678999m", "rules": "sichuan", "self_drawn": True}),
        json.dumps({"id": [1, "二"], "hand": "123m456m789m11mEEE", "rules": "beijing"}),
        json.dumps({"hand": "123m"}),
        "not json",
        json.dumps({"id": 3.5, "hand": "123m456p789s11sEEE", "rules": "two-player"}),
    ]
    return list(run_batch(lines))


@pytest.fixture(scope="module")
def analyses() -> list[dict[str, Any]]:
    hands = [str(h) for h in winning_hands(5, 12)]
    objs: list[Any] = [{"id": i, "hand": h[:-2]} for i, h in enumerate(hands) if "]" not in h[-2:]]
    objs += [{"id": "14", "hand": "123m456p789s135sEN"}, {"id": "dead", "hand": "1112345678999m",
             "visible": "9m"}, {"id": "bad", "hand": "12m"}, [1, 2]]  # fmt: skip
    return [analyze_line(o) for o in objs]


@pytest.fixture(scope="module")
def games() -> list[Game]:
    played: list[Game] = []
    simulate("mcr", 4, ["greedy", "fan", "random", "random"], seed=3,
             on_game=lambda k, g: played.append(g))  # fmt: skip
    simulate("sichuan", 3, ["fan", "greedy", "random", "fan"], seed=4,
             on_game=lambda k, g: played.append(g))  # fmt: skip
    return played


def unnamed(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A game's events as logged before logs named the players (no ``players`` field)."""
    start = {k: v for k, v in events[0].items() if k != "players"}
    return [start, *events[1:]]


def with_string_id(record: dict[str, Any]) -> dict[str, Any]:
    out = dict(record)
    if out["id"] is not None and not isinstance(out["id"], str):
        out["id"] = json.dumps(out["id"], ensure_ascii=False)
    return out


# -- JSON Lines --------------------------------------------------------------------------


def test_jsonl_writes_the_bytes_of_score_batch(tmp_path: Path, score_lines: list[str]) -> None:
    path = tmp_path / "out.jsonl"
    with open_writer(path, "jsonl", "score") as w:
        for line in score_lines:
            w.write(json.loads(line))
    assert w.count == len(score_lines)
    assert path.read_bytes() == "".join(line + "\n" for line in score_lines).encode("utf-8")
    assert list(read_records(path)) == [json.loads(line) for line in score_lines]


def test_jsonl_to_an_open_stream_leaves_it_open() -> None:
    out = io.StringIO()
    with open_writer(out, "jsonl", "analyze") as w:
        w.write({"id": "中", "error": None})
    assert out.getvalue() == '{"id": "中", "error": null}\n'
    out.write("still open")


def test_jsonl_games_write_the_log_of_simulate_out(tmp_path: Path, games: list[Game]) -> None:
    expected = io.StringIO()
    for k, g in enumerate(games):
        write_game(expected, k, g)
    path = tmp_path / "log.jsonl"
    with open_writer(path, "jsonl", "games") as w:
        for k, g in enumerate(games):
            w.write({"game": k, "events": g.events, "players": ["x"] * g.n})
    assert path.read_text(encoding="utf-8") == expected.getvalue()
    # read back: one record per game, its events kept, so it can be written again
    records = list(read_records(path))
    assert [r["game"] for r in records] == list(range(len(games)))
    again = tmp_path / "again.jsonl"
    with open_writer(again, "jsonl", "games") as w:
        w.write_all(records)
    assert again.read_bytes() == path.read_bytes()
    with (
        pytest.raises(FormatError, match="events"),
        open_writer(io.StringIO(), "jsonl", "games") as w,
    ):
        w.write({k: v for k, v in records[0].items() if k != "events"})


def test_game_record_reads_the_events(games: list[Game]) -> None:
    for k, g in enumerate(games):
        r = game_record(g.events, game=k, players=["a", "b", "c", "d"])
        end = g.events[-1]
        assert r["game"] == k and r["rules"] == g.rules and r["seed"] == g.seed
        assert (r["result"], r["winners"], r["scores"]) == (end["result"], end["winners"],
                                                           end["scores"])  # fmt: skip
        wins = [e for e in g.events if e["type"] == "win"]
        assert [(w["seat"], w["total"]) for w in r["wins"]] == [
            (e["seat"], e["total"]) for e in wins
        ]
        assert [(w["source"] is None) for w in r["wins"]] == [e.get("source") is None for e in wins]
        fans = [(e["seat"], f[0], f[1], f[2]) for e in wins for f in e["fans"]]
        assert [(f["seat"], f["name"], f["value"], f["count"]) for f in r["fans"]] == fans
        assert all(f["name_en"] for f in r["fans"])  # every fan named in English too
        assert r["event_count"] == len(g.events) and r["players"] == ["a", "b", "c", "d"]
        assert r["decisions"] == sum(e["type"] == "act" for e in g.events)
    assert any(len(game_record(g.events)["wins"]) > 1 for g in games)  # Sichuan: 血战到底
    # a start event that names the bots (should simulate log them) gives the players
    named = [{**games[0].events[0], "players": ["fan"] * 4}, *games[0].events[1:]]
    assert game_record(named)["players"] == ["fan"] * 4
    assert game_record(unnamed(games[0].events))["players"] is None
    assert game_record([])["result"] is None


# -- Parquet -----------------------------------------------------------------------------


def test_parquet_score_round_trip(tmp_path: Path, score_lines: list[str]) -> None:
    records = [json.loads(line) for line in score_lines]
    path = tmp_path / "scores.parquet"
    with open_writer(path, "parquet", "score", rules="mcr") as w:
        for r in records:
            w.write(r, rules="sichuan" if r.get("id") == "sc" else None)
    table = pq.read_table(path)
    assert table.schema.equals(arrow_schema("score"), check_metadata=True)
    assert table.schema.metadata[b"fanshu.kind"] == b"score"
    ids = table.column("id").to_pylist()
    assert ids[:2] == ["0", "1"] and '[1, "二"]' in ids and "3.5" in ids and None in ids
    rules = dict(zip(ids, table.column("rules").to_pylist(), strict=True))
    assert rules["sc"] == "sichuan" and rules["0"] == "mcr"
    back = list(read_records(path))
    assert len(back) == len(records)
    for original, got in zip(records, back, strict=True):
        assert got.pop("rules") in ("mcr", "sichuan")
        assert got == with_string_id(original)
    codes = table.column("error_code").to_pylist()
    assert codes.count("bad_json") == 1 and codes.count("invalid_hand") == 1
    assert table.column("multiplier").to_pylist()[ids.index("sc")] == 8


def test_parquet_keeps_a_result_key_it_has_no_column_for(tmp_path: Path) -> None:
    record = {"id": "c", "total": 6, "fans": [], "multiplier": 64, "capped": True,
              "error": None}  # fmt: skip
    path = tmp_path / "x.parquet"
    with open_writer(path, "parquet", "score") as w:
        w.write(record)
    assert pq.read_table(path).column("extra").to_pylist() == ['{"capped": true}']
    assert list(read_records(path)) == [record]  # no rules given: no rules key back


def test_parquet_writes_row_groups_as_records_come(tmp_path: Path, score_lines: list[str]) -> None:
    path = tmp_path / "groups.parquet"
    w = open_writer(path, "parquet", "score", row_group_size=16)
    for line in score_lines:
        w.write(json.loads(line))
        assert len(w.rows) < 16  # type: ignore[attr-defined]  # never more held than a group
    w.close()
    w.close()  # idempotent
    meta = pq.ParquetFile(path).metadata
    assert meta.num_rows == len(score_lines)
    assert meta.num_row_groups == -(-len(score_lines) // 16)
    with pytest.raises(FormatError, match="closed"):
        w.write({"id": 1})


def test_parquet_analyze_round_trip(tmp_path: Path, analyses: list[dict[str, Any]]) -> None:
    path = tmp_path / "a.parquet"
    with open_writer(path, "parquet", "analyze") as w:
        w.write_all(analyses)
    table = pq.read_table(path)
    assert table.schema.equals(arrow_schema("analyze"), check_metadata=True)
    assert list(read_records(path)) == [with_string_id(a) for a in analyses]
    rows = table.to_pylist()
    dead = next(r for r in rows if r["id"] == "dead")
    assert dead["shanten"] == 0 and dead["shanten_seven_pairs"] == 4
    assert next(x for x in dead["waits"] if x["tile"] == "9m")["fan_discard"] is None
    fourteen = next(r for r in rows if r["id"] == "14")
    assert fourteen["waits"] is None and fourteen["discards"][0]["tile"] == "E"
    assert next(r for r in rows if r["id"] == "bad")["error_code"] == "invalid_hand"


def test_parquet_games(tmp_path: Path, games: list[Game]) -> None:
    path = tmp_path / "g.parquet"
    bots = [["greedy", "fan", "random", "random"]] * 4 + [["fan", "greedy", "random", "fan"]] * 3
    with open_writer(path, "parquet", "games", row_group_size=3) as w:
        for k, (g, names) in enumerate(zip(games, bots, strict=True)):
            w.write({"game": k, "events": g.events, "players": names})
    table = pq.read_table(path)
    assert table.schema.equals(arrow_schema("games"), check_metadata=True)
    assert pq.ParquetFile(path).metadata.num_row_groups == 3
    expected = [game_record(g.events, game=k, players=names)
                for k, (g, names) in enumerate(zip(games, bots, strict=True))]  # fmt: skip
    assert list(read_records(path)) == expected
    assert table.column("seed").to_pylist() == [g.seed for g in games]
    # a log read back (records with events) converts to the same table, less the bots
    log = tmp_path / "log.jsonl"
    with open_writer(log, "jsonl", "games") as w:
        for k, g in enumerate(games):
            w.write({"game": k, "events": unnamed(g.events)})
    converted = tmp_path / "c.parquet"
    with open_writer(converted, "parquet", "games") as w:
        w.write_all(read_records(log))
    assert list(read_records(converted)) == [{**r, "players": None} for r in expected]
    # summary records (no events) are rows too
    again = tmp_path / "again.parquet"
    with open_writer(again, "parquet", "games") as w:
        w.write_all(read_records(path))
    assert list(read_records(again)) == expected


def test_a_record_that_does_not_fit_is_refused(tmp_path: Path) -> None:
    w = open_writer(tmp_path / "bad.parquet", "parquet", "score", row_group_size=1)
    w.write({"id": 0, "total": 8, "fans": [], "multiplier": None, "error": None})
    with pytest.raises(FormatError, match=r"score record 1 \(from 0\) does not fit"):
        w.write({"id": 1, "total": "many", "fans": [], "multiplier": None, "error": None})
    w.close()
    assert pq.read_table(tmp_path / "bad.parquet").column("id").to_pylist() == ["0"]
    w = open_writer(tmp_path / "bad2.parquet", "parquet", "score")
    for i in range(5):
        w.write({"id": i, "total": "x" if i in (2, 4) else i, "fans": [], "error": None})
    with pytest.raises(FormatError, match=r"record 2 \(from 0\).*2 record\(s\) not written"):
        w.close()
    assert pq.read_table(tmp_path / "bad2.parquet").column("id").to_pylist() == ["0", "1", "3"]
    big = game_record([{"type": "start", "rules": "mcr", "seed": 2**70, "seats": 4}])
    with (
        pytest.raises(FormatError, match="64-bit"),
        open_writer(tmp_path / "g.parquet", "parquet", "games") as g,
    ):
        g.write(big)


def test_write_jsonl_takes_the_text_a_shard_makes(
    tmp_path: Path, score_lines: list[str], games: list[Game]
) -> None:
    text = "".join(line + "\n" for line in score_lines)
    rules = ["sichuan" if '"id": "sc"' in line else "mcr" for line in score_lines]
    same = io.StringIO()
    half = len(score_lines) // 2
    with open_writer(same, "jsonl", "score") as w:  # two shards, blank lines dropped
        assert w.write_jsonl("\n".join(score_lines[:half]) + "\n\n") == half
        w.write_jsonl("".join(line + "\n" for line in score_lines[half:]))
    assert same.getvalue() == text and w.count == len(score_lines)
    path = tmp_path / "s.parquet"
    with open_writer(path, "parquet", "score") as w:
        assert w.write_jsonl(text, rules=rules) == len(score_lines)
        with pytest.raises(FormatError, match="2 rule sets for"):
            w.write_jsonl(text, rules=["mcr", "mcr"])
        with pytest.raises(FormatError, match="line 2 of the text: not JSON"):
            w.write_jsonl('{"id": 1}\n{')
    table = pq.read_table(path)
    assert table.column("rules").to_pylist() == [*rules, None]  # and the line before the bad
    log = "".join(line + "\n" for k, g in enumerate(games) for line in game_lines(g.events, game=k))
    out = io.StringIO()
    with open_writer(out, "jsonl", "games") as w:
        assert w.write_jsonl(log) == len(games)
    assert out.getvalue() == log
    games_path = tmp_path / "g.parquet"
    with open_writer(games_path, "parquet", "games") as w:
        assert w.write_jsonl(log, players=["fan"] * 4) == len(games)
    assert [r["players"] for r in read_records(games_path)] == [["fan"] * 4] * len(games)
    assert [r["game"] for r in read_records(games_path)] == list(range(len(games)))
    with (
        pytest.raises(FormatError, match="line 1"),
        open_writer(io.StringIO(), "jsonl", "games") as w,
    ):
        w.write_jsonl('{"v":1,"seq":0}\n')


# -- reading and telling files apart ----------------------------------------------------------


def test_sniff_by_content_not_name(
    tmp_path: Path, score_lines: list[str], analyses: list[dict[str, Any]], games: list[Game]
) -> None:
    disguised = tmp_path / "really-parquet.jsonl"
    with open_writer(disguised, "parquet", "analyze") as w:
        w.write_all(analyses)
    assert sniff(disguised) == ("parquet", "analyze")
    scores = tmp_path / "s.out"
    scores.write_text("\n" + "\n".join(score_lines[-3:] + score_lines[:2]) + "\n")
    assert sniff(scores) == ("jsonl", "score")
    a = tmp_path / "a.jsonl"
    with open_writer(a, "jsonl", "analyze") as w:
        w.write_all(analyses[::-1])  # an error object first
    assert sniff(a) == ("jsonl", "analyze")
    log = tmp_path / "log"
    with open_writer(log, "jsonl", "games") as w:
        w.write({"game": 0, "events": games[0].events})
    assert sniff(log) == ("jsonl", "games")
    assert [format_of_path(p) for p in ("x.parquet", "X.PQ", "x.jsonl", "x")] == [
        "parquet", "parquet", "jsonl", "jsonl"]  # fmt: skip


def test_unreadable_files_are_named(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": 1, "total": 8}\n\n{"id": 2,\n')
    with pytest.raises(FormatError, match=r"bad\.jsonl, line 3: not JSON"):
        list(read_records(bad))
    arr = tmp_path / "arr.jsonl"
    arr.write_text('{"id": 1, "total": 8}\n[1]\n')
    with pytest.raises(FormatError, match="line 2: a record is a JSON object"):
        list(read_records(arr))
    log = tmp_path / "log.jsonl"
    log.write_text('{"v":1,"game":0,"seq":0,"type":"start"}\n{"v":1,"game":0,"type":"end"}\n')
    with pytest.raises(FormatError, match="line 2"):
        list(read_records(log))
    replay = tmp_path / "replay.jsonl"
    replay.write_text('{"game": 0, "line": 1, "ok": true, "checked": 3, "mismatch": null}\n')
    with pytest.raises(FormatError, match=r"line 1: a replay report .*the log that was replayed"):
        sniff(replay)
    hands = tmp_path / "hands.jsonl"
    hands.write_text('{"id": 1, "error": {"code": "x"}}\n{"hand": "[EEEE]123m456p789s11s"}\n')
    with pytest.raises(FormatError, match=r"line 2: a hand to score \(a --batch input line\)"):
        sniff(hands)
    other = tmp_path / "other.jsonl"
    other.write_text('{"name": "x"}\n')
    with pytest.raises(FormatError, match="line 1: not a score result"):
        sniff(other)
    broken = tmp_path / "broken.parquet"
    broken.write_bytes(b"PAR1 and then nothing")
    with pytest.raises(FormatError, match="not a readable Parquet file"):
        sniff(broken)
    with pytest.raises(FormatError, match="cannot read"):
        sniff(tmp_path / "missing.jsonl")
    with pytest.raises(FormatError, match="format is one of"):
        open_writer(tmp_path / "x", "csv", "score")  # type: ignore[arg-type]
    with pytest.raises(FormatError, match="kind is one of"):
        open_writer(tmp_path / "x", "jsonl", "hands")  # type: ignore[arg-type]


def test_without_pyarrow_parquet_says_how_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    parquet = tmp_path / "x.parquet"
    with open_writer(parquet, "parquet", "score") as w:
        w.write({"id": 1, "total": 8, "fans": [], "multiplier": None, "error": None})
    for name in [m for m in sys.modules if m == "pyarrow" or m.startswith("pyarrow.")]:
        monkeypatch.setitem(sys.modules, name, None)
    with pytest.raises(MissingExtraError, match=re.escape("pip install 'fanshu[parquet]'")):
        open_writer(tmp_path / "y.parquet", "parquet", "score")
    with pytest.raises(MissingExtraError, match="pyarrow"):
        list(read_records(parquet))
    with open_writer(tmp_path / "y.jsonl", "jsonl", "score") as w:  # JSON Lines needs nothing
        w.write({"id": 1})


# -- the documentation -------------------------------------------------------------------------


def test_the_docs_list_every_column_with_its_type() -> None:
    text = DOCS.read_text(encoding="utf-8")
    for kind in ("score", "analyze", "games"):
        block = re.search(rf"```text\n# {kind}\n(.*?)```", text, re.S)
        assert block is not None, f"no schema block for {kind}"
        fields = [f"{f.name}: {f.type}" for f in arrow_schema(kind)]
        assert block[1].strip().splitlines() == fields


def _snippets(lang: str, marker: str) -> list[str]:
    text = DOCS.read_text(encoding="utf-8")
    return [b for b in re.findall(rf"```{lang}\n(.*?)```", text, re.S) if marker in b]


@pytest.fixture
def result_files(tmp_path: Path, score_lines: list[str], games: list[Game],
                 monkeypatch: pytest.MonkeyPatch) -> Path:  # fmt: skip
    """The files the docs' snippets load, in the working directory."""
    with open_writer(tmp_path / "scores.jsonl", "jsonl", "score") as w:
        w.write_all(json.loads(line) for line in score_lines)
    with open_writer(tmp_path / "scores.parquet", "parquet", "score", rules="mcr") as w:
        w.write_all(json.loads(line) for line in score_lines)
    with open_writer(tmp_path / "games.parquet", "parquet", "games") as w:
        for k, g in enumerate(games):
            w.write({"game": k, "events": g.events, "players": ["fan"] * g.n})
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_pandas_snippets_run(result_files: Path) -> None:
    pytest.importorskip("pandas")
    snippets = _snippets("python", "import pandas")
    assert snippets
    for code in snippets:
        exec(compile(code, str(DOCS), "exec"), {})


def test_the_duckdb_snippets_run(result_files: Path) -> None:
    pytest.importorskip("duckdb")
    snippets = _snippets("python", "import duckdb")
    assert snippets
    for code in snippets:
        exec(compile(code, str(DOCS), "exec"), {})


def test_the_polars_snippets_run(result_files: Path) -> None:
    pytest.importorskip("polars")
    snippets = _snippets("python", "import polars")
    assert snippets
    for code in snippets:
        exec(compile(code, str(DOCS), "exec"), {})


def test_write_jsonl_splits_a_shards_text_at_newlines_only(tmp_path: Path) -> None:
    # output lines keep U+2028, U+0085 … as they are (ensure_ascii=False): each is one record
    error = {"code": "bad_field", "message": "x"}
    ids = ["a\u2028b", "c\u0085d\x1ce"]
    lines = [json.dumps({"id": i, "error": error}, ensure_ascii=False) for i in ids]
    text = "".join(line + "\n" for line in lines)
    out = io.StringIO()
    with open_writer(out, "jsonl", "score") as w:
        assert w.write_jsonl(text) == 2
    assert out.getvalue() == text
    path = tmp_path / "odd.parquet"
    with open_writer(path, "parquet", "score") as w:
        assert w.write_jsonl(text) == 2
    assert [r["id"] for r in read_records(path)] == ids


def test_parquet_analyze_keeps_claims_and_both_rankings(tmp_path: Path) -> None:
    objs = [
        {"id": "claim", "hand": "3456m345p4568sEE", "offered": "7s", "offered_by": 3},
        {"id": "eff", "hand": "3456m345p34568sEE", "by": "efficiency"},
        {"id": "value", "hand": "3456m345p34568sEE"},
    ]
    analyses = [analyze_line(o) for o in objs]
    assert analyses[0]["claims"] and "p_win" not in analyses[1]["discards"][0]
    path = tmp_path / "c.parquet"
    with open_writer(path, "parquet", "analyze") as w:
        w.write_all(analyses)
    assert list(read_records(path)) == [with_string_id(a) for a in analyses]
    rows = {r["id"]: r for r in pq.read_table(path).to_pylist()}
    assert rows["claim"]["claims"][0]["action"] == analyses[0]["best"]
    assert rows["eff"]["discards"][0]["p_win"] is None
    first = rows["value"]["discards"][0]
    assert [first["points"][0]["points"], first["points"][0]["p"]] == analyses[2]["discards"][0][
        "points"
    ][0]


# -- the wild tile (issue 16) -------------------------------------------------------------


def test_wild_kinds_round_trip(tmp_path: Path) -> None:
    from fanshu.protocol.score import score_line

    analysed = [
        analyze_line({"id": 1, "hand": "1112345678999m", "by": "efficiency", "wildcard": "5m"}),
        analyze_line({"id": 2, "hand": "1112345678999m", "by": "efficiency"}),
    ]
    assert analysed[0]["wildcard"] == "5m" and "wildcard" not in analysed[1]
    path = tmp_path / "a.parquet"
    with open_writer(path, "parquet", "analyze") as w:
        w.write_all(analysed)
    assert pq.read_table(path).column("wildcard").to_pylist() == ["5m", None]
    assert list(read_records(path)) == [with_string_id(a) for a in analysed]
    # a score record's wildcards goes to extra, and back
    wild = {"kind": "C", "stood_for": [], "winning": "5s"}
    record = {**score_line({"id": 3, "hand": "11123455678999m"}), "wildcards": wild}
    record = {k: v for k, v in record.items() if k != "error"} | {"error": None}
    spath = tmp_path / "s.parquet"
    with open_writer(spath, "parquet", "score", rules="jiaxing") as w:
        w.write(record)
    extra = json.loads(pq.read_table(spath).column("extra").to_pylist()[0])
    assert extra == {"wildcards": wild, "total_without_flowers": 28, "meets_minimum": True}
    assert list(read_records(spath)) == [{**with_string_id(record), "rules": "jiaxing"}]


def test_a_game_record_names_its_wild_kind(tmp_path: Path) -> None:
    from fanshu.engine.variants import playable_rules
    from fanshu.rules import get_rules

    wild_rules = [n for n in playable_rules() if get_rules(n).wildcards is not None]
    played: list[Game] = []
    for rules in wild_rules:
        simulate(rules, 1, ["random"] * 4, seed=5, on_game=lambda k, g: played.append(g))
    assert game_record(played[0].events)["wildcard"] is None  # MCR turns none up
    for g in played:
        event = next((e for e in g.events if e["type"] == "wildcard"), None)
        assert game_record(g.events)["wildcard"] == (None if event is None else event["tile"])
    path = tmp_path / "g.parquet"
    with open_writer(path, "parquet", "games") as w:
        for k, g in enumerate(played):
            w.write({"game": k, "events": g.events})
    assert [r["wildcard"] for r in read_records(path)] == [
        game_record(g.events)["wildcard"] for g in played
    ]
    if len(wild_rules) > 1:  # a rule set that turns a wild kind up (jiaxing, pinghu …)
        assert any(r["wildcard"] for r in read_records(path))
