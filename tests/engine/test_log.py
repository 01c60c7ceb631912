"""JSON Lines game logs: what a line holds, reading back into games, and the errors a bad
line gives (with its line number)."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest

from fanshu.engine import Game
from fanshu.engine.log import (
    FORMAT_VERSION,
    GameLog,
    LogError,
    event_line,
    iter_games,
    parse_line,
    read_log,
    write_games,
    write_log,
)


def play(rules: str, seed: int, config: dict[str, Any] | None = None) -> Game:
    g = Game(rules, seed=seed, config=config)
    rng = random.Random(seed)
    while not g.done:
        g.step(rng.choice(g.legal_actions()))
    return g


def without_none(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in e.items() if v is not None} for e in events]


@pytest.fixture(scope="module")
def games() -> list[Game]:
    return [play("mcr", 1), play("sichuan", 2), play("two-player", 3)]


def test_round_trip_through_a_file(tmp_path: Path, games: list[Game]) -> None:
    path = tmp_path / "games.jsonl"
    assert write_log(path, [g.events for g in games]) == 3
    logs = read_log(path)
    assert [log.index for log in logs] == [0, 1, 2]
    for log, g in zip(logs, games, strict=True):
        assert log.events == without_none(g.events)
        assert log.seqs == list(range(len(g.events)))
    # line numbers run on across games
    assert logs[0].lines[0] == 1
    assert logs[1].lines[0] == len(games[0].events) + 1
    assert logs[2].lines[-1] == sum(len(g.events) for g in games)


def test_every_line_leads_with_version_game_and_seq(games: list[Game]) -> None:
    out = io.StringIO()
    write_games([games[1].events], out, first=4)
    lines = out.getvalue().splitlines()
    assert len(lines) == len(games[1].events)
    for seq, line in enumerate(lines):
        record = json.loads(line)
        assert list(record)[:4] == ["v", "game", "seq", "type"]
        assert (record["v"], record["game"], record["seq"]) == (FORMAT_VERSION, 4, seq)
        assert None not in record.values()


def test_none_fields_are_dropped_but_nested_values_kept() -> None:
    line = event_line({"type": "draw", "seat": 0, "tile": "5m", "back": None}, game=0, seq=9)
    assert json.loads(line) == {"v": 1, "game": 0, "seq": 9, "type": "draw", "seat": 0,
                                "tile": "5m"}  # fmt: skip
    line = event_line({"type": "start", "options": {"x": None}}, game=0, seq=0)
    assert json.loads(line)["options"] == {"x": None}


def test_chinese_fan_names_are_written_as_text() -> None:
    line = event_line({"type": "win", "fans": [["清一色", 24, 1]]}, game=0, seq=0)
    assert "清一色" in line


def test_appending_numbers_games_on(tmp_path: Path, games: list[Game]) -> None:
    path = tmp_path / "games.jsonl"
    with open(path, "w", encoding="utf-8") as f:
        n = write_games([games[0].events], f)
    with open(path, "a", encoding="utf-8") as f:
        write_games([games[1].events, games[2].events], f, first=n)
    assert [log.index for log in read_log(path)] == [0, 1, 2]


def test_blank_lines_and_a_bom_are_accepted(games: list[Game]) -> None:
    out = io.StringIO()
    write_games([games[2].events], out)
    text = "\ufeff" + out.getvalue().replace("\n", "\n\n", 3)
    [log] = iter_games(text.splitlines())
    assert log.events == without_none(games[2].events)
    [log] = iter_games(io.BytesIO(text.encode("utf-8")))
    assert log.lines[:3] == [1, 3, 5]


GOOD = '{"v":1,"game":0,"seq":0,"type":"start"}'


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ('{"v":1,"game":0,', "line 3: not JSON (Expecting property name"),
        ("[1, 2]", "line 3: an event is a JSON object, not list"),
        ('{"game":0,"seq":0,"type":"start"}', 'line 3: no "v" (format version)'),
        ('{"v":2,"game":0,"seq":0,"type":"start"}',
         "line 3: format version 2; this fanshu reads version 1"),
        ('{"v":"1","game":0,"seq":0,"type":"start"}', "\"v\" (format version) is a number"),
        ('{"v":1,"seq":0,"type":"start"}', 'line 3: no "game" (game index)'),
        ('{"v":1,"game":-1,"seq":0,"type":"start"}', '"game" (game index) is a number from 0'),
        ('{"v":1,"game":true,"seq":0,"type":"start"}', "not True"),
        ('{"v":1,"game":0,"seq":1.5,"type":"start"}', '"seq" (event number) is a number'),
        ('{"v":1,"game":0,"seq":0}', 'line 3: no event "type" (got None)'),
        ('{"v":1,"game":0,"seq":0,"type":7}', 'line 3: no event "type" (got 7)'),
    ],
)  # fmt: skip
def test_a_bad_line_is_named_by_number(line: str, message: str) -> None:
    with pytest.raises(LogError) as e:
        list(iter_games([GOOD, "", line]))
    assert message in str(e.value)
    assert e.value.code == "bad_log"


def test_bytes_that_are_not_utf8_are_named_by_line() -> None:
    data = GOOD.encode() + b"\n" + b'{"v":1,"game":0,"seq":1,"type":"\xff"}\n'
    with pytest.raises(LogError, match=r"line 2: not UTF-8 \(byte 33\)"):
        list(iter_games(io.BytesIO(data)))


def test_games_go_in_increasing_order_on_consecutive_lines() -> None:
    lines = [GOOD, GOOD.replace('"game":0', '"game":1'), GOOD.replace('"seq":0', '"seq":1')]
    with pytest.raises(LogError, match="line 3: game 0 after game 1"):
        list(iter_games(lines))


def test_gaps_are_read_for_the_replay_to_report() -> None:
    lines = [GOOD, GOOD.replace('"seq":0', '"seq":2'), GOOD.replace('"game":0', '"game":3')]
    logs = list(iter_games(lines))
    assert [(log.index, log.seqs, log.lines) for log in logs] == [(0, [0, 2], [1, 2]),
                                                                  (3, [0], [3])]  # fmt: skip
    assert logs[0].events[1] == {"type": "start"}


def test_parse_line_keeps_the_meta_fields() -> None:
    assert parse_line(GOOD, 1) == {"v": 1, "game": 0, "seq": 0, "type": "start"}


def test_reading_nothing_gives_no_games(tmp_path: Path) -> None:
    path = tmp_path / "empty.jsonl"
    path.write_text("\n\n", encoding="utf-8")
    assert read_log(path) == []
    assert GameLog(0).events == []
