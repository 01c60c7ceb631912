"""``fanshu match …`` and ``fanshu tournament …`` against a temporary database."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len
from rich.console import Console
from typer.testing import CliRunner

from fanshu.cli.main import app
from fanshu.cli.match import sheet_table
from fanshu.match.sheet import SCALE_48, Match
from fanshu.store import open_store
from fanshu.store.access import cli_actor

runner = CliRunner()
PLAYERS = ["Ann", "Bo", "Cy", "Di"]


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.delenv("FANSHU_DB", raising=False)
    return str(tmp_path / "cli.db")


def run(db: str, *args: str) -> Any:
    return runner.invoke(app, [*args, "--db", db])


def ok(db: str, *args: str) -> str:
    result = run(db, *args)
    assert result.exit_code == 0, result.output
    return str(result.stdout)


def new_match(db: str) -> str:
    return ok(db, "match", "new", "--players", *PLAYERS).strip()


def rows_in(db: str) -> tuple[int, int, int]:
    with open_store(db) as s:
        c = s._conn
        return tuple(  # type: ignore[return-value]
            c.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
            for t in ("matches", "hands", "penalties")
        )


def test_new_prints_an_id_and_env_var_selects_the_db(
    db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    mid = new_match(db)
    assert len(mid) == 6
    monkeypatch.setenv("FANSHU_DB", db)
    result = runner.invoke(app, ["match", "record", mid, "--draw"])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["match", "show", mid, "--json"])
    assert json.loads(result.stdout)["hands"][0]["kind"] == "draw"
    monkeypatch.setenv("FANSHU_DB", f"sqlite:///{db}")
    assert mid in runner.invoke(app, ["match", "list"]).stdout


def test_full_match_through_the_cli(db: str) -> None:
    """16 hands, a penalty and a false win; totals and table points checked by hand."""
    mid = new_match(db)
    # hand: winner, how, fan.  Self-drawn pays (8+fan) x 3; a discard 8x3+fan.
    hands = [
        ("Ann", "--self-drawn", 8),  # Ann +48, others -16
        ("Bo", "Ann", 10),  # Bo +34, Ann -18, Cy -8, Di -8
        None,  # drawn
        ("Cy", "Di", 12),  # Cy +36, Di -20, Ann -8, Bo -8
        ("Di", "--self-drawn", 9),  # Di +51, others -17
        ("Ann", "Cy", 8),  # Ann +32, Cy -16, Bo -8, Di -8
        None,
        ("Bo", "--self-drawn", 16),  # Bo +72, others -24
        ("Ann", "Bo", 24),  # Ann +48, Bo -32, Cy -8, Di -8
        None,
        ("Cy", "Ann", 8),  # Cy +32, Ann -16, Bo -8, Di -8
        ("Di", "Bo", 8),  # Di +32, Bo -16, Ann -8, Cy -8
        None,
        ("Ann", "--self-drawn", 12),  # Ann +60, others -20
        None,
        ("Bo", "Cy", 8),  # Bo +32, Cy -16, Ann -8, Di -8
    ]
    for h in hands:
        if h is None:
            ok(db, "match", "record", mid, "--draw")
            continue
        winner, how, fan = h
        args = ["--self-drawn"] if how == "--self-drawn" else ["--discarder", how]
        ok(db, "match", "record", mid, "--winner", winner, *args, "--fan", str(fan))
    ok(db, "match", "penalty", mid, "--player", "Di", "--points", "10", "--reason", "late")
    # by hand: Ann 48-18-8-17+32-24+48-16-8+60-8 = 89;  Bo -16+34-8-17-8+72-32-8-16-20+32 = 13
    # Cy -16-8+36-17-16-24-8+32-8-20-16 = -65;  Di -16-8-20+51-8-24-8-8+32-20-8 = -37, -10 penalty
    expected = {"Ann": 89, "Bo": 13, "Cy": -65, "Di": -47}
    data = json.loads(ok(db, "match", "show", mid, "--json"))
    assert set(data) == {"id", "scale", "players", "hands"} and data["id"] == mid
    assert data["scale"] == [4, 2, 1, 0]
    assert {p["name"]: p["total"] for p in data["players"]} == expected
    assert {p["name"]: p["table_points"] for p in data["players"]} == {
        "Ann": 4, "Bo": 2, "Cy": 0, "Di": 1,
    }  # fmt: skip
    assert len(data["hands"]) == 17
    table = ok(db, "match", "show", mid)
    assert "Total" in table and "16/16" in table
    for p, total in expected.items():
        assert p in table and str(total) in table
    assert "(89)" in table  # a running total
    # a 17th hand is refused, nothing written
    before = rows_in(db)
    result = run(db, "match", "record", mid, "--draw")
    assert result.exit_code == 2
    assert "error: the match is complete" in result.stderr
    assert rows_in(db) == before
    assert "Traceback" not in result.output


def test_table_points_null_until_complete(db: str) -> None:
    mid = new_match(db)
    ok(db, "match", "record", mid, "--winner", "Bo", "--discarder", "Di", "--fan", "10")
    data = json.loads(ok(db, "match", "show", mid, "--json"))
    assert [p["table_points"] for p in data["players"]] == [None] * 4
    assert [p["total"] for p in data["players"]] == [-8, 34, -8, -18]


def test_hand_string_false_win_and_undo(db: str) -> None:
    mid = new_match(db)
    out = ok(
        db, "match", "record", mid, "--winner", "Bo", "--discarder", "Ann",
        "--hand", "[EEEE]123m456p789s11s", "--flowers", "1",
    )  # fmt: skip
    assert "16 (1花) fan" in out
    data = json.loads(ok(db, "match", "show", mid, "--json"))
    assert data["hands"][0]["fans"] and data["hands"][0]["fan"] == 16
    out = ok(db, "match", "false-win", mid, "--player", "Cy", "--kind", "under-minimum")
    assert "错和" in out and "Cy -30" in out
    out = ok(db, "match", "undo", mid)
    assert "removed the false win row" in out
    out = ok(db, "match", "undo", mid)
    assert "removed hand 1" in out
    assert rows_in(db) == (1, 0, 0)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--winner", "Eve", "--self-drawn", "--fan", "8"], "unknown winner 'Eve'"),
        (["--winner", "Ann", "--discarder", "Zed", "--fan", "8"], "unknown discarder 'Zed'"),
        (["--winner", "Ann", "--discarder", "Ann", "--fan", "8"], "cannot be the winner"),
        (["--winner", "Ann", "--self-drawn", "--fan", "-3"], "cannot be below 0"),
        (["--winner", "Ann", "--self-drawn", "--fan", "7"], "8 fan"),
        (["--winner", "Ann", "--self-drawn", "--hand", "123m"], "14 tiles"),
        (["--winner", "Ann", "--fan", "8"], "--self-drawn or --discarder"),
        (["--winner", "Ann", "--self-drawn", "--discarder", "Bo", "--fan", "8"], "one of them"),
        (["--winner", "Ann", "--self-drawn"], "--fan N"),
        (["--winner", "Ann", "--self-drawn", "--fan", "8", "--hand", "x"], "one of them"),
        (["--draw", "--winner", "Ann"], "drawn hand"),
        ([], "--winner"),
    ],
)
def test_bad_record_is_a_clear_error_and_writes_nothing(
    db: str, args: list[str], message: str
) -> None:
    mid = new_match(db)
    ok(db, "match", "record", mid, "--draw")
    before = rows_in(db)
    result = run(db, "match", "record", mid, *args)
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error: ") and message in result.stderr, result.stderr
    assert "Traceback" not in result.output
    assert rows_in(db) == before


@pytest.mark.parametrize(
    "args",
    [
        ["match", "record", "nope42", "--draw"],
        ["match", "show", "nope42"],
        ["match", "undo", "nope42"],
        ["match", "penalty", "nope42", "--player", "Ann", "--points", "5"],
        ["match", "export", "nope42"],
    ],
)
def test_unknown_match_id(db: str, args: list[str]) -> None:
    new_match(db)
    before = rows_in(db)
    result = run(db, *args)
    assert result.exit_code == 2
    assert "error: no match 'nope42'" in result.stderr
    assert rows_in(db) == before


def test_bad_players_and_penalties(db: str) -> None:
    result = run(db, "match", "new", "--players", "Ann", "Ann", "Cy", "Di")
    assert result.exit_code == 2 and "must differ" in result.stderr
    mid = new_match(db)
    before = rows_in(db)
    result = run(db, "match", "penalty", mid, "--player", "Eve", "--points", "5")
    assert result.exit_code == 2 and "unknown player 'Eve'" in result.stderr
    result = run(db, "match", "penalty", mid, "--player", "Ann", "--points", "-5")
    assert result.exit_code == 2 and "positive" in result.stderr
    result = run(db, "match", "undo", mid)
    assert result.exit_code == 2 and "nothing to undo" in result.stderr
    assert rows_in(db) == before
    result = runner.invoke(app, ["match", "list", "--db", "mysql://x/y"])
    assert result.exit_code == 2 and "sqlite:///" in result.stderr
    # a PostgreSQL URL is taken (issue 14); one no server answers is an error line
    unreachable = "postgresql://ann:s3cret@/y?host=/nonexistent&connect_timeout=2"
    result = runner.invoke(app, ["match", "list", "--db", unreachable])
    assert result.exit_code == 2
    assert "cannot connect to the PostgreSQL database postgresql://ann@/y" in result.stderr
    assert "s3cret" not in result.stderr


def test_export_import(db: str, tmp_path: Path) -> None:
    mid = new_match(db)
    for i in range(16):
        ok(db, "match", "record", mid, "--winner", PLAYERS[i % 4], "--self-drawn", "--fan", "9")
    shown = json.loads(ok(db, "match", "show", mid, "--json"))
    for fmt in ("json", "csv"):
        path = tmp_path / f"m.{fmt}"
        ok(db, "match", "export", mid, "--format", fmt, "-o", str(path))
        new = ok(db, "match", "import", str(path)).strip()
        assert new != mid
        again = json.loads(ok(db, "match", "show", new, "--json"))
        assert again["players"] == shown["players"] and again["hands"] == shown["hands"]
    assert json.loads(ok(db, "match", "export", mid)) == shown
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    before = rows_in(db)
    result = run(db, "match", "import", str(bad))
    assert result.exit_code == 2 and result.stderr.startswith("error: ")
    result = run(db, "match", "import", str(tmp_path / "missing.csv"))
    assert result.exit_code == 2 and "cannot read" in result.stderr
    assert rows_in(db) == before


def test_tournament(db: str, tmp_path: Path) -> None:
    players = [f"P{i}" for i in range(8)]
    tid = ok(db, "tournament", "new", *players, "--sessions", "2", "--name", "club").strip()
    out = ok(db, "tournament", "seat", tid, "--session", "1",
             "--table", "P0,P1,P2,P3", "--table", "P4,P5,P6,P7")  # fmt: skip
    assert "table 2: P4 P5 P6 P7" in out
    out = ok(db, "tournament", "seat", tid)
    assert "session 2" in out
    mid = ok(db, "tournament", "match", tid, "--session", "1", "--table", "1").strip()
    for i in range(16):
        ok(db, "match", "record", mid, "--winner", "P0", "--self-drawn", "--fan", str(8 + i))
    scores = ["--score", "P4=40", "--score", "P5=10", "--score", "P6=-20", "--score", "P7=-30"]
    ok(db, "tournament", "record", tid, "--session", "1", "--table", "2", *scores)
    standings = json.loads(ok(db, "tournament", "standings", tid, "--json"))
    assert [s["player"] for s in standings[:2]] == ["P0", "P4"]
    assert "P0" in ok(db, "tournament", "standings", tid)
    assert tid in ok(db, "tournament", "list")
    for fmt in ("json", "csv"):
        path = tmp_path / f"t.{fmt}"
        ok(db, "tournament", "export", tid, "--format", fmt, "-o", str(path))
        copy = ok(db, "tournament", "import", str(path)).strip()
        # the copy's table matches are its own, and the sources say so
        expected = json.dumps(standings).replace(f"sheet:{tid}-", f"sheet:{copy}-")
        assert json.loads(ok(db, "tournament", "standings", copy, "--json")) == json.loads(expected)
    result = run(db, "tournament", "record", tid, "--session", "1", "--table", "2",
                 "--score", "P4=40", "--score", "Eve=1")  # fmt: skip
    assert result.exit_code == 2 and result.stderr.startswith("error: ")
    result = run(db, "tournament", "standings", "nope42")
    assert result.exit_code == 2 and "no tournament 'nope42'" in result.stderr


def test_tournament_results_come_from_one_source(db: str) -> None:
    players = [f"P{i}" for i in range(8)]
    tid = ok(db, "tournament", "new", *players, "--sessions", "1").strip()
    ok(db, "tournament", "seat", tid, "--session", "1",
       "--table", "P0,P1,P2,P3", "--table", "P4,P5,P6,P7")  # fmt: skip
    mid = ok(db, "tournament", "match", tid, "--session", "1", "--table", "1").strip()
    ok(db, "match", "record", mid, "--winner", "P0", "--self-drawn", "--fan", "8")
    where = ["tournament", "record", tid, "--session", "1"]
    zero = ["--score", "P0=0", "--score", "P1=0", "--score", "P2=0", "--score", "P3=0"]
    result = run(db, *where, "--table", "1", *zero)
    assert result.exit_code == 2 and "has the score sheet" in result.stderr
    first = ["--score", "P4=40", "--score", "P5=10", "--score", "P6=-20", "--score", "P7=-30"]
    second = ["--score", "P4=10", "--score", "P5=40", "--score", "P6=-20", "--score", "P7=-30"]
    result = run(db, *where, "--table", "2", *first[:6], "--score", "P7=30")
    assert result.exit_code == 2 and "sum to +60" in result.stderr
    result = run(db, *where, "--table", "2", *first[:6], "--score", "P6=1")
    assert result.exit_code == 2 and "--score gives P6 twice (-20 and 1)" in result.stderr
    ok(db, *where, "--table", "2", *first)
    result = run(db, *where, "--table", "2", *second)
    assert result.exit_code == 2 and "correction" in result.stderr
    out = ok(db, *where, "--table", "2", *second, "--correction")
    assert out.strip() == (
        "session 1 table 2: P4 10, P5 40, P6 -20, P7 -30 (corrected; was P4 40, P5 10, P6 -20, "
        "P7 -30)"
    )
    standings = {x["player"]: x for x in json.loads(ok(db, "tournament", "standings", tid,
                                                          "--json"))}  # fmt: skip
    assert standings["P5"]["tables"][0]["source"] == "corrected"
    assert standings["P5"]["head_to_head"] is None  # nobody ties with P5
    assert standings["P0"]["head_to_head"] == 0  # P0-P3 tie at 0 (their table in progress)
    assert standings["P0"]["tables"][0]["state"] == "in progress"
    fined = [*second[:6], "--score", "P7=-40", "--penalty", "P7=10"]
    out = ok(db, *where, "--table", "2", *fined, "--correction")
    assert out.startswith("session 1 table 2: P4 10, P5 40, P6 -20, P7 -40 (penalties: P7 10)")
    result = run(db, *where, "--table", "2", *fined, "--penalty", "P7=5", "--correction")
    assert result.exit_code == 2 and "--penalty gives P7 twice (10 and 5)" in result.stderr
    events = json.loads(ok(db, "tournament", "events", tid, "--json"))
    assert [e["action"] for e in events][-4:] == [
        "open_table", "result", "correct_result", "correct_result",
    ]  # fmt: skip
    assert {e["actor"] for e in events} == {cli_actor()}  # cli:<os user>
    assert events[-2]["detail"]["before"] == {"P4": 40, "P5": 10, "P6": -20, "P7": -30}
    lines = ok(db, "tournament", "events", tid).splitlines()
    assert len(lines) == len(events) and "correct_result" in lines[-1]
    text = ok(db, "tournament", "standings", tid)
    assert text.splitlines()[-2:] == [
        f"session 1 table 1: sheet {mid}, in progress (1/16 hands), not counted yet",
        "session 1 table 2: corrected",
    ]


# -- match correct ----------------------------------------------------------------------


def totals(db: str, mid: str) -> dict[str, int]:
    data = json.loads(ok(db, "match", "show", mid, "--json"))
    return {p["name"]: p["total"] for p in data["players"]}


def dump(db: str) -> list[tuple[Any, ...]]:
    """Every stored row of the score sheets and the length of the audit log."""
    with open_store(db) as s:
        c = s._conn
        out: list[tuple[Any, ...]] = []
        for t in ("matches", "hands", "penalties"):
            out += [(t, *row) for row in c.execute(f"SELECT * FROM {t} ORDER BY 1, 2, 3")]
        out.append(("events", c.execute("SELECT count(*) FROM events").fetchone()[0]))
        return out


def test_correct_replaces_a_hand_and_the_totals_follow(db: str) -> None:
    mid = new_match(db)
    ok(db, "match", "record", mid, "--winner", "Ann", "--self-drawn", "--fan", "8")
    ok(db, "match", "record", mid, "--winner", "Bo", "--discarder", "Ann", "--fan", "10")
    ok(db, "match", "record", mid, "--draw")
    ok(db, "match", "penalty", mid, "--player", "Di", "--points", "10")
    ok(db, "match", "record", mid, "--winner", "Cy", "--discarder", "Di", "--fan", "12")
    # hand 1 Ann +48, others -16;  hand 2 Bo +34, Ann -18, Cy -8, Di -8;  hand 3 drawn;
    # Di -10 penalty;  hand 4 Cy +36, Di -20, Ann -8, Bo -8
    assert totals(db, mid) == {"Ann": 22, "Bo": 10, "Cy": 12, "Di": -54}

    # hand 2 becomes Cy self-drawn 9: Cy +51, others -17 (instead of Bo +34, Ann -18, …)
    out = ok(db, "match", "correct", mid, "2", "--winner", "Cy", "--self-drawn", "--fan", "9")
    assert out.startswith("corrected hand 2: Cy wins 9 fan, self-drawn")
    assert totals(db, mid) == {"Ann": 23, "Bo": -41, "Cy": 71, "Di": -63}

    # the drawn hand 3 becomes Di from Bo, 11 fan with 2 flowers: Di +35, Bo -19, others -8
    ok(db, "match", "correct", mid, "3", "-w", "Di", "-d", "Bo", "-f", "11", "--flowers", "2")
    assert totals(db, mid) == {"Ann": 15, "Bo": -60, "Cy": 63, "Di": -28}

    # hand 1 becomes a drawn hand: Ann's +48 and the others' -16 go
    out = ok(db, "match", "correct", mid, "1", "--draw")
    assert out.startswith("corrected hand 1: drawn")
    assert totals(db, mid) == {"Ann": -33, "Bo": -44, "Cy": 79, "Di": -12}

    # hand 2 becomes Bo from Ann with a hand string, scored with hand 2's winds: Bo deals
    # (seat wind East) in the East round, so the kong of East is 圈风刻 and 门风刻:
    # 花龙 8 + 圈风刻 2 + 门风刻 2 + 门前清 2 + 暗杠 2 + 单钓将 1 + 1 flower = 18 fan;
    # Bo +42 (8x3+18), Ann -26, Cy -8, Di -8 instead of Cy's self-drawn 9
    ok(db, "match", "correct", mid, "2", "--winner", "Bo", "--discarder", "Ann",
       "--hand", "[EEEE]123m456p789s11s", "--flowers", "1")  # fmt: skip
    assert totals(db, mid) == {"Ann": -42, "Bo": 15, "Cy": 20, "Di": -3}

    data = json.loads(ok(db, "match", "show", mid, "--json"))
    rows = [(h["number"], h["kind"], h["winner"], h["fan"]) for h in data["hands"]]
    assert rows == [
        (1, "draw", None, None),
        (2, "win", "Bo", 18),
        (3, "win", "Di", 11),
        (4, "penalty", None, None),
        (4, "win", "Cy", 12),
    ]
    assert data["hands"][1]["fans"] and data["hands"][1]["hand"] == "[EEEE]123m456p789s11s"
    assert rows_in(db) == (1, 4, 1)
    with open_store(db) as s:
        assert [e["action"] for e in s.events(mid)].count("correct") == 4


def test_correct_keeps_the_scale_and_table_points_follow(db: str) -> None:
    mid = ok(db, "match", "new", "--players", *PLAYERS, "--scale-48").strip()
    for i in range(16):
        ok(db, "match", "record", mid, "--winner", PLAYERS[i % 4], "--self-drawn", "--fan", "8")
    data = json.loads(ok(db, "match", "show", mid, "--json"))
    assert [p["table_points"] for p in data["players"]] == [21] * 4  # tied: (48+24+12)/4
    ok(db, "match", "correct", mid, "16", "--winner", "Bo", "--discarder", "Ann", "--fan", "8")
    # hand 16 was Di +48, others -16; now Bo +32, Ann -16, Cy -8, Di -8
    assert totals(db, mid) == {"Ann": 0, "Bo": 48, "Cy": 8, "Di": -56}
    data = json.loads(ok(db, "match", "show", mid, "--json"))
    assert [p["table_points"] for p in data["players"]] == [12, 48, 24, 0]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["nope42", "1", "--draw"], "no match 'nope42'"),
        (["ID", "3", "--draw"], "hand 3 is not recorded yet"),
        (["ID", "17", "--draw"], "hands 1-16"),
        (["ID", "1", "--winner", "Eve", "--self-drawn", "--fan", "8"], "unknown winner 'Eve'"),
        (["ID", "1", "--winner", "Ann", "--discarder", "Zed", "--fan", "8"], "unknown discarder"),
        (
            ["ID", "1", "--winner", "Ann", "--discarder", "Ann", "--fan", "8"],
            "cannot be the winner",
        ),
        (["ID", "1", "--winner", "Ann", "--self-drawn", "--fan", "7"], "8 fan"),
        (["ID", "2", "-w", "Ann", "-s", "-f", "9", "--flowers", "2"], "8 fan without flowers"),
        (["ID", "2", "--winner", "Ann", "--self-drawn", "--hand", "123m"], "14 tiles"),
        (["ID", "1", "--winner", "Ann", "--fan", "8"], "--self-drawn or --discarder"),
        (["ID", "1", "-w", "Ann", "-s", "-d", "Bo", "--fan", "8"], "one of them"),
        (["ID", "1", "--winner", "Ann", "--self-drawn"], "--fan N"),
        (["ID", "1", "--draw", "--flowers", "1"], "drawn hand"),
        (["ID", "1"], "--winner"),
    ],
)
def test_bad_correct_is_a_clear_error_and_writes_nothing(
    db: str, args: list[str], message: str
) -> None:
    mid = new_match(db)
    ok(db, "match", "record", mid, "--winner", "Ann", "--self-drawn", "--fan", "8")
    ok(db, "match", "record", mid, "--draw")
    before = dump(db)
    result = run(db, "match", "correct", *(mid if a == "ID" else a for a in args))
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error: ") and message in result.stderr, result.stderr
    assert "Traceback" not in result.output
    assert dump(db) == before
    assert totals(db, mid) == {"Ann": 48, "Bo": -16, "Cy": -16, "Di": -16}


def test_csv_keeps_the_table_point_scale(db: str, tmp_path: Path) -> None:
    mid = ok(db, "match", "new", "--players", *PLAYERS, "--scale-48").strip()
    fans = [8, 9, 10, 12]  # Ann, Bo, Cy, Di each self-draw four times
    for i in range(16):
        ok(db, "match", "record", mid, "--winner", PLAYERS[i % 4], "--self-drawn",
           "--fan", str(fans[i % 4]))  # fmt: skip
    shown = json.loads(ok(db, "match", "show", mid, "--json"))
    points = {p["name"]: p["table_points"] for p in shown["players"]}
    assert points == {"Ann": 0, "Bo": 12, "Cy": 24, "Di": 48}
    path = tmp_path / "m.csv"
    ok(db, "match", "export", mid, "--format", "csv", "-o", str(path))
    assert "48/24/12/0" in path.read_text().splitlines()[1]  # on the match row
    new = ok(db, "match", "import", str(path)).strip()
    again = json.loads(ok(db, "match", "show", new, "--json"))
    assert again["players"] == shown["players"]
    with open_store(db) as s:
        assert s.match_scale(new) == (48, 24, 12, 0)


def _busy_sheet(players: list[str]) -> Match:
    """A sheet with every kind of row: wins (with flowers, self-drawn), a drawn hand, both
    false wins, a penalty with a long reason, and many hands."""
    a, b, c, d = players
    m = Match(players, id="abc123")
    m.record_win(b, discarder=a, fan=12, flowers=2)
    m.record_win(c, fan=88)
    m.record_draw()
    m.record_false_win(d, "under_minimum")
    m.record_false_win(a, "not_complete")
    m.add_penalty(a, 10, "slow play after repeated warnings")
    while m.hands_played < 15:
        m.record_draw()
    m.record_win(a, discarder=d, fan=16, flowers=8)
    return m


def _render(table: Any, width: int) -> str:
    out = io.StringIO()
    Console(file=out, width=width, highlight=False, color_system=None).print(table)
    return out.getvalue()


@pytest.mark.parametrize(
    "players",
    [
        ["Ann", "Bo", "Cy", "Di"],
        ["Annabel", "Bo", "Cyrus", "Dimitri"],
        ["东家", "南家", "西家", "北家"],
        ["Alexandra", "Bartholomew", "Cyrus", "Dimitrios"],  # folded, never cut short
    ],
)
def test_sheet_fits_80_columns_without_ellipsis(players: list[str]) -> None:
    m = _busy_sheet(players)
    text = _render(sheet_table(m, SCALE_48), 80)
    assert "…" not in text and "..." not in text
    assert max(cell_len(line) for line in text.splitlines()) <= 80
    # every player's total and table points are there, whole
    last = text[text.index("Total") :]
    for p, total in m.totals().items():
        assert str(total) in last, p
    for points in m.table_points(SCALE_48).values():  # type: ignore[union-attr]
        assert str(points) in last
    assert "48/24/12/0" in text


def test_sheet_at_80_columns_keeps_short_names_and_labels_whole() -> None:
    text = _render(sheet_table(_busy_sheet(["Annabel", "Bo", "Cyrus", "Dimitri"]), SCALE_48), 80)
    for label in ("自摸", "from", "12 (2花)", "错和", "诈和", "Table pts", "16/16"):
        assert label in text, label
    assert all(name in text for name in ("Annabel", "Cyrus", "Dimitri"))  # not folded
    header = next(line for line in text.splitlines() if "Dealer" in line)
    assert header.split() == ["#", "Wind", "Dealer", "Winner", "How", "Fan", "E", "S", "W", "N"]


def test_show_in_an_80_column_terminal(db: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    mid = new_match(db)
    ok(db, "match", "record", mid, "--winner", "Bo", "--self-drawn", "--fan", "10")
    ok(db, "match", "record", mid, "--winner", "Cy", "--discarder", "Ann", "--fan", "9")
    out = ok(db, "match", "show", mid)
    assert "…" not in out and "自摸" in out and "from Ann" in out
    assert max(cell_len(line) for line in out.splitlines()) <= 80


# -- other rule sets ----------------------------------------------------------------------


def test_a_sichuan_match_records_blood_battle_hands(db: str) -> None:
    players = ["--player", "A", "--player", "B", "--player", "C", "--player", "D"]
    mid = ok(db, "match", "new", "--rules", "sichuan", *players, "-o", "cap=3").strip()
    out = ok(db, "match", "record", mid, "-w", "A", "-d", "C", "-f", "5",
             "--also-win", "B:1", "--kong", "D:concealed")  # fmt: skip
    assert "D kong (concealed); A wins 5 fan, from C; B wins 1 fan, self-drawn" in out
    assert "totals: A 2, B 0, C -7, D 5" in out
    ready = ["--ready", "A=1112345678999m", "--ready", "B=13589m2468p1357s",
             "--ready", "C=11259m4455s6677s", "--ready", "D=11259m4455s6677s"]  # fmt: skip
    out = ok(db, "match", "record", mid, "--draw", *ready)
    assert "hand 2: drawn, drawn end: 查花猪, 查大叫" in out
    shown = ok(db, "match", "show", mid)
    assert f"match {mid} · sichuan · table points 4/2/1/0" in shown
    assert "错和" not in shown and "自摸" in shown  # no MCR false-win legend on this sheet
    data = json.loads(ok(db, "match", "show", mid, "--json"))
    assert data["rules"] == "sichuan" and data["options"] == {"cap": 3}
    result = run(db, "match", "false-win", mid, "-p", "A", "--kind", "under-minimum")
    assert result.exit_code == 2 and "sichuan has no 错和/诈和 penalty rows" in result.output


def test_beijing_and_two_player_matches(db: str) -> None:
    bj = ok(db, "match", "new", "--rules", "beijing", "--players", "E", "S", "W", "N").strip()
    out = ok(db, "match", "record", bj, "-w", "S", "-s", "-f", "1", "--follow-dealer")
    assert "跟庄: E pays each other player" in out and "E -70, S +90, W -10, N -10" in out
    pair = ok(db, "match", "new", "--rules", "two-player", "--player", "A", "--player", "B")
    pair = pair.strip()
    assert "A +13, B -13" in ok(db, "match", "record", pair, "-w", "A", "-s", "-f", "20")
    result = run(db, "match", "record", pair, "-w", "B", "-s", "-f", "2", "--kong", "B:concealed")
    assert result.exit_code == 2 and "two-player has no kong payments" in result.output
    result = run(db, "match", "export", pair, "--format", "csv")
    assert result.exit_code == 2 and "CSV holds MCR score sheets" in result.output


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--rules", "riichi", "--players", "A", "B", "C", "D"], "unknown rule set 'riichi'"),
        (["--rules", "sichuan", "--player", "A", "--player", "B"], "a sichuan table has 4"),
        (["--rules", "sichuan", "--players", "A", "B", "C", "D", "-o", "cap"], "name=value"),
        (["--players", "A", "B", "C", "D", "--player", "E"], "give the players"),
        ([], "give the players"),
    ],
)
def test_bad_new_matches_of_other_rule_sets(db: str, args: list[str], message: str) -> None:
    result = run(db, "match", "new", *args)
    assert result.exit_code == 2 and message in result.output


# -- the new rule sets' sheets (issue 16) ----------------------------------------------


def test_a_jiaxing_sheet_takes_the_wild_tile_and_the_dice(db: str) -> None:
    from fanshu.match.results import HandResult
    from fanshu.match.rule_sheet import RuleSheet

    four = ["--player", "A", "--player", "B", "--player", "C", "--player", "D"]
    mid = ok(db, "match", "new", "--rules", "jiaxing", *four).strip()
    win = ["--winner", "A", "--discarder", "B", "--hand", "123m456p789sEEE5sC"]
    out = ok(db, "match", "record", mid, *win, "--wildcard", "C", "--dice", "3,5")
    assert "wild C" in out and "the winning tile as 5s" in out
    assert "carried 番 used: 老头黄" in out
    drawn = ok(db, "match", "record", mid, "--draw", "--wildcard", "5m", "--dice", "2,2")
    assert "carried on: 黄番 1, 包子 1" in drawn
    sheet = RuleSheet(["A", "B", "C", "D"], rules="jiaxing")
    sheet.record(HandResult(winner="A", discarder="B", hand="123m456p789sEEE5sC",
                            wildcard="C", dice=(3, 5)))  # fmt: skip
    sheet.record(HandResult(draw=True, wildcard="5m", dice=(2, 2)))
    shown = json.loads(ok(db, "match", "show", mid, "--json"))
    assert {p["name"]: p["total"] for p in shown["players"]} == sheet.totals()
    bad = run(db, "match", "record", mid, "--draw", "--dice", "0,7")
    assert bad.exit_code == 2 and "--dice takes two numbers 1-6" in bad.stderr
    fan_only = run(db, "match", "record", mid, "--winner", "A", "-s", "--fan", "3",
                   "--wildcard", "C")  # fmt: skip
    assert fan_only.exit_code == 2 and "--wildcard is scored from the hand" in fan_only.stderr


def test_a_wuhan_sheet_takes_each_player_s_facts(db: str) -> None:
    four = ["--player", "A", "--player", "B", "--player", "C", "--player", "D"]
    mid = ok(db, "match", "new", "--rules", "wuhan", *four).strip()
    args = ["--winner", "A", "--discarder", "B", "--hand", "[123m]456p789sEEE5s5s"]
    out = ok(db, "match", "record", mid, *args, "--facts", "A=openings:1", "--facts", "C=ready")
    assert "A wins" in out
    from fanshu.match.results import HandResult
    from fanshu.match.rule_sheet import RuleSheet

    sheet = RuleSheet(["A", "B", "C", "D"], rules="wuhan")
    facts = {"A": {"openings": 1}, "C": {"ready": True}}
    sheet.record(HandResult(winner="A", discarder="B", hand=args[-1], facts=facts))
    shown = json.loads(ok(db, "match", "show", mid, "--json"))
    assert {p["name"]: p["total"] for p in shown["players"]} == sheet.totals()
    bad = run(db, "match", "record", mid, *args, "--facts", "A=openings:x")
    assert bad.exit_code == 2 and "openings takes a number" in bad.stderr
