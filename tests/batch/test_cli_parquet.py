"""``--format parquet`` (``fanshu.batch.formats``) through the batch layer: the same
file, byte for byte, on one worker or two; the records of the JSON Lines output; an
interrupted run leaves a valid file of the shards done; no ``--resume`` of Parquet."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from fanshu.batch.formats import read_records
from fanshu.batch.job import FAULT_ENV, RECORD_SUFFIX
from fanshu.batch.samples import score_lines
from fanshu.cli.main import app

runner = CliRunner()


def _input(tmp_path: Path) -> Path:
    lines = list(score_lines(31, 900, broken_every=37))
    lines.append(json.dumps({"id": "s", "hand": "11123455678999m", "rules": "sichuan",
                             "self_drawn": True}))  # fmt: skip
    path = tmp_path / "hands.jsonl"
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def test_score_parquet_is_the_same_file_on_any_workers(tmp_path: Path) -> None:
    path = _input(tmp_path)
    files = []
    for workers in ("1", "2"):
        out = tmp_path / f"scores{workers}.parquet"  # the suffix chooses the format
        result = runner.invoke(app, ["score", "--batch", str(path), "--out", str(out),
                                     "--workers", workers])  # fmt: skip
        assert result.exit_code == 0, result.output
        files.append(out.read_bytes())
    assert files[0] == files[1]
    jsonl = runner.invoke(app, ["score", "--batch", str(path)]).stdout.splitlines()
    records = list(read_records(tmp_path / "scores2.parquet"))
    assert len(records) == len(jsonl) == 901
    assert records[-1]["rules"] == "sichuan" and records[0]["rules"] == "mcr"
    for record, line in zip(records, jsonl, strict=True):
        expected = json.loads(line)
        if expected["id"] is not None:
            expected["id"] = str(expected["id"])  # Parquet keeps ids as text
        record.pop("rules", None)
        assert record == expected


def test_interrupted_parquet_is_a_valid_file_of_the_shards_done(tmp_path: Path) -> None:
    path = _input(tmp_path)
    out = tmp_path / "scores.parquet"
    args = ["score", "--batch", str(path), "--out", str(out), "--workers", "2"]
    result = runner.invoke(app, args, env={FAULT_ENV: "interrupt:1"})
    assert result.exit_code == 130
    assert "--resume continues JSON Lines outputs only" in result.stderr
    done = int(result.stderr.split()[1].replace(",", ""))
    assert 0 < done < 901 and len(list(read_records(out))) == done
    assert not Path(str(out) + RECORD_SUFFIX).exists()
    again = runner.invoke(app, [*args, "--resume"])
    assert again.exit_code == 2 and "JSON Lines outputs only" in again.stderr


def test_simulate_parquet_and_format_errors(tmp_path: Path) -> None:
    files = []
    for workers in ("1", "2"):
        out = tmp_path / f"games{workers}.pq"
        result = runner.invoke(app, ["simulate", "--games", "30", "--out", str(out),
                                     "--workers", workers])  # fmt: skip
        assert result.exit_code == 0, result.output
        files.append(out.read_bytes())
    assert files[0] == files[1]
    assert [r["game"] for r in read_records(tmp_path / "games1.pq")] == list(range(30))
    path = _input(tmp_path)
    for args, message in (
        (["score", "--batch", str(path), "--format", "parquet"], "needs --out FILE"),
        (["score", "--batch", str(path), "--format", "csv"], "--format is one of jsonl, parquet"),
        (["score", "[EEEE]123m456p789s11s", "--format", "parquet"], "go with --batch FILE"),
    ):
        result = runner.invoke(app, args)
        assert result.exit_code == 2 and message in result.stderr, result.stderr
