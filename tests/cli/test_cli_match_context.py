"""``fanshu match record|correct --hand … --fourth-tile --on-kong --wall-last``: the win
context of a hand scored from its string, as ``fanshu score`` scores it with the same
flags, kept in the database and shown by ``match show --json``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from fanshu.cli.main import app

runner = CliRunner()
PLAYERS = ["Ann", "Bo", "Cy", "Di"]
EDGE_HAND = "456p789s234sEE123m"  # 花龙 on an edge wait: the robbed tile, the last tile
KONG_HAND = "[2222m]456p789s123sEE"


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


def score_total(hand: str, *flags: str) -> int:
    result = runner.invoke(app, ["score", hand, "--json", *flags])
    assert result.exit_code == 0, result.output
    return int(json.loads(result.stdout)["total"])


def rows(db: str, mid: str) -> list[dict[str, Any]]:
    return list(json.loads(ok(db, "match", "show", mid, "--json"))["hands"])


@pytest.mark.parametrize(
    ("hand", "how", "flag", "score_flag", "fan"),
    [
        (KONG_HAND, ["--self-drawn"], "--on-kong", "--kong", "杠上开花"),
        (EDGE_HAND, ["--discarder", "Cy"], "--on-kong", "--kong", "抢杠和"),
        (EDGE_HAND, ["--discarder", "Cy"], "--wall-last", "--wall-last", "海底捞月"),
        (EDGE_HAND, ["--self-drawn"], "--wall-last", "--wall-last", "妙手回春"),
        (EDGE_HAND, ["--discarder", "Cy"], "--fourth-tile", "--fourth-tile", "和绝张"),
    ],
)
def test_record_scores_the_hand_as_fanshu_score_does(
    db: str, hand: str, how: list[str], flag: str, score_flag: str, fan: str
) -> None:
    mid = ok(db, "match", "new", "--players", *PLAYERS).strip()
    # hand 1: Ann deals, so Bo's seat wind is South
    said = ok(db, "match", "record", mid, "--winner", "Bo", *how, "--hand", hand, flag)
    assert said.startswith("hand 1: Bo wins ") and f" {fan}\n" in said  # how it was won
    assert fan in ok(db, "match", "show", mid)
    self_drawn = ["--self-drawn"] if how == ["--self-drawn"] else []
    expected = score_total(hand, *self_drawn, "--seat-wind", "S", score_flag)
    without = score_total(hand, *self_drawn, "--seat-wind", "S")
    (row,) = rows(db, mid)
    assert row["fan"] == expected > without
    assert fan in {f["name"] for f in row["fans"]}
    field = flag.removeprefix("--").replace("-", "_").replace("on_kong", "kong")
    assert row[field] is True


def test_correct_takes_the_context_and_bad_uses_are_refused(db: str) -> None:
    mid = ok(db, "match", "new", "--players", *PLAYERS).strip()
    ok(db, "match", "record", mid, "--winner", "Bo", "--discarder", "Cy", "--hand", EDGE_HAND)
    plain = rows(db, mid)[0]["fan"]
    ok(db, "match", "correct", mid, "1", "--winner", "Bo", "--discarder", "Cy",
       "--hand", EDGE_HAND, "--wall-last", "--fourth-tile")  # fmt: skip
    row = rows(db, mid)[0]
    assert row["fan"] == plain + 8 + 4 and row["wall_last"] and row["fourth_tile"]
    assert "kong" not in row
    for args, message in [
        (["--winner", "Bo", "--self-drawn", "--fan", "16", "--on-kong"],
         "--on-kong is scored from the hand: give --hand HAND"),
        (["--draw", "--wall-last"], "a drawn hand (--draw) has no --fourth-tile"),
        (["--winner", "Bo", "--self-drawn", "--hand", EDGE_HAND, "--on-kong"],
         "杠上开花"),  # the calculator's: the hand has no kong
    ]:  # fmt: skip
        result = run(db, "match", "record", mid, *args)
        assert result.exit_code == 2, result.output
        assert message in result.output
    assert len(rows(db, mid)) == 1  # nothing written


def test_sichuan_and_beijing_sheets_take_the_context(db: str) -> None:
    mid = ok(db, "match", "new", "--rules", "sichuan", "--players", *PLAYERS).strip()
    hand = "[2222m]345m678m789p11p"
    ok(db, "match", "record", mid, "--winner", "Bo", "--self-drawn", "--hand", hand, "--on-kong")
    expected = score_total(hand, "--rules", "sichuan", "--self-drawn", "--kong")
    (row,) = rows(db, mid)
    assert row["fan"] == expected == score_total(hand, "--rules", "sichuan", "--self-drawn") + 1
    assert "自摸 杠上开花" in ok(db, "match", "show", mid)
    assert row["result"]["kong"] is True
