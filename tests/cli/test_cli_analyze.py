"""``fanshu analyze``: the tables, --json, --batch (good and bad lines), exit codes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from fanshu.analysis import analyze
from fanshu.cli.main import app
from fanshu.hand import WinContext
from fanshu.protocol.analyze import analyze_line, run_analyze_batch
from fanshu.render import draw_tiles
from fanshu.tiles import Tile

runner = CliRunner()

NINE_GATES = "1112345678999m"
FOURTEEN = "123m456p789s23sEEN"


def invoke(*args: str, input: str | None = None) -> Any:
    return runner.invoke(app, ["analyze", *args], input=input)


def lines_of(stdout: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in stdout.splitlines()]


# -- one hand ---------------------------------------------------------------------------


def test_thirteen_tiles_table() -> None:
    result = invoke(NINE_GATES, "--visible", "5m")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.splitlines()[0].startswith(draw_tiles([Tile.M1], pad=True))
    assert "Shanten 上听数 0" in out and "ready" in out
    assert "Useful tiles 有效牌" in out
    assert "Wait 和张" in out and "Self-drawn 自摸" in out
    a = analyze(NINE_GATES, "5m")
    for w in a.waits:
        assert str(w.fan_discard) in out
    assert "9 wait kinds, 22 tiles left" in out
    assert "visible 5m" in out


def test_fourteen_tiles_discard_table() -> None:
    result = invoke(FOURTEEN, "--plain")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Discard 打" in out and "Useful tiles 有效牌" in out and "Total" in out
    rows = [line.split() for line in out.splitlines() if line[:2] in ("N ", "2s", "3s")]
    assert rows[0][:2] == ["N", "0"]  # best first
    assert "1s×4 4s×4" in out
    assert "Wait 和张" not in out


def test_not_ready_lists_useful_tiles_only() -> None:
    result = invoke("123m456p789s112sE", "--plain")
    assert result.exit_code == 0
    assert "1 from ready" in result.stdout
    assert "1s×2 2s×3 3s×4 4s×4 E×3" in result.stdout
    assert "Wait 和张" not in result.stdout


def test_dead_and_under_minimum_waits_are_flagged() -> None:
    out = invoke("1111m234p567s789s", "--plain").stdout
    assert "dead" in out
    out = invoke("[123m]456p678s234mN", "--plain").stdout
    assert "under 8 fan" in out


def test_json_is_the_batch_object() -> None:
    result = invoke(NINE_GATES, "--json", "--seat-wind", "S", "--flowers", "2")
    assert result.exit_code == 0
    out = json.loads(result.stdout)
    expected = analyze_line(
        {"id": None, "hand": NINE_GATES, "visible": "", "seat_wind": "S", "flowers": 2}
    )
    assert out == expected
    assert list(out) == [
        "id",
        "shanten",
        "shanten_by_shape",
        "useful",
        "useful_count",
        "waits",
        "error",
    ]
    assert out["error"] is None and out["shanten"] == 0
    assert set(out["waits"][0]) >= {"tile", "remaining", "fan_discard", "fan_self_drawn"}
    a = analyze(NINE_GATES, context=WinContext(seat_wind="S", flowers=2))
    assert [w["fan_discard"] for w in out["waits"]] == [w.fan_discard for w in a.waits]


def test_json_fourteen_tiles() -> None:
    out = json.loads(invoke(FOURTEEN, "--json", "--visible", "1s").stdout)
    assert list(out) == ["id", "shanten", "shanten_by_shape", "discards", "error"]
    assert out["discards"][0] == {"tile": "N", "shanten": 0, "useful": "14s", "useful_count": 7}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["123m"], "13 or 14 tiles"),
        (["12x"], "unknown suit 'x'"),
        ([NINE_GATES, "--visible", "5m5m5m5m"], "only 4 copies of 5m"),
        ([NINE_GATES, "--visible", "5q"], "unknown suit 'q'"),
        ([NINE_GATES, "--seat-wind", "Q"], "seat_wind"),
        ([NINE_GATES, "--flowers", "9"], "8 flowers"),
        ([NINE_GATES, "--option", "nope=1"], "unknown option"),
        ([], "missing HAND"),
    ],
)
def test_bad_input(args: list[str], message: str) -> None:
    result = invoke(*args)
    assert result.exit_code == 2
    assert result.stderr.startswith("error: ")
    assert message in result.stderr
    assert "Traceback" not in result.output


def test_bad_visible_caret_points_into_visible() -> None:
    result = invoke(NINE_GATES, "--visible", "55q")
    assert result.exit_code == 2
    assert "  55q\n    ^" in result.stderr


def test_bad_input_json() -> None:
    result = invoke("123m", "--json")
    assert result.exit_code == 2
    out = json.loads(result.stdout)
    assert out["error"]["code"] == "invalid_hand"


def test_hand_and_batch_together() -> None:
    result = invoke(NINE_GATES, "--batch", "-")
    assert result.exit_code == 2
    assert "not both" in result.stderr


# -- batch --------------------------------------------------------------------------------


def test_batch_good_and_bad_lines() -> None:
    text = "\n".join(
        [
            json.dumps({"id": 1, "hand": NINE_GATES, "visible": "5m"}),
            "",
            json.dumps({"id": 2, "hand": FOURTEEN}),
            "{not json",
            json.dumps({"id": 3, "hand": "123m"}),
            json.dumps({"id": 4, "hand": NINE_GATES, "visible": None}),
        ]
    )
    result = invoke("--batch", "-", input=text + "\n")
    assert result.exit_code == 0, result.output
    out = lines_of(result.stdout)
    assert [o["id"] for o in out] == [1, 2, None, 3, 4]
    assert out[0] == analyze_line({"id": 1, "hand": NINE_GATES, "visible": "5m"})
    assert out[1]["discards"][0]["tile"] == "N" and out[1]["error"] is None
    assert out[2]["error"]["code"] == "bad_json"
    assert out[3]["error"]["code"] == "invalid_hand"
    assert out[4]["error"] is None
    assert list(run_analyze_batch(text.splitlines())) == result.stdout.splitlines()


def test_batch_file_and_progress(tmp_path: Path) -> None:
    path = tmp_path / "in.jsonl"
    hands = [NINE_GATES, FOURTEEN, "19m19s19pESWNCFP", "bad"]
    path.write_text(
        "".join(json.dumps({"id": i, "hand": hands[i % 4]}) + "\n" for i in range(40)),
        encoding="utf-8",
    )
    result = runner.invoke(app, ["analyze", "--batch", str(path), "--progress"])
    assert result.exit_code == 0
    out = lines_of(result.stdout)  # stdout stays pure JSON Lines
    assert [o["id"] for o in out] == list(range(40))
    assert "analysed 40 lines (30 ok, 10 errors)" in result.stderr
    quiet = runner.invoke(app, ["analyze", "--batch", str(path), "--no-progress"])
    assert quiet.stderr == "" and quiet.stdout == result.stdout


def test_batch_file_not_found(tmp_path: Path) -> None:
    result = invoke("--batch", str(tmp_path / "nope.jsonl"))
    assert result.exit_code == 2
    assert result.stderr.startswith("error: cannot read")


def test_help_lists_analyze() -> None:
    result = runner.invoke(app, ["--help"])
    assert "analyze" in result.stdout
