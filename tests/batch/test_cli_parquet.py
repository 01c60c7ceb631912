"""``--format parquet`` (``fanshu.batch.formats``) through the batch layer: the same
file, byte for byte, on one worker or two; the records of the JSON Lines output; an
interrupted run leaves a valid file of the shards done and a resume record, and
``--resume`` gives the records of an uninterrupted run."""

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
    lines.append(
        json.dumps({"id": "s", "hand": "11123455678999m", "rules": "sichuan", "self_drawn": True})
    )
    path = tmp_path / "hands.jsonl"
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def test_score_parquet_is_the_same_file_on_any_workers(tmp_path: Path) -> None:
    path = _input(tmp_path)
    files = []
    for workers in ("1", "2"):
        out = tmp_path / f"scores{workers}.parquet"  # the suffix chooses the format
        result = runner.invoke(
            app, ["score", "--batch", str(path), "--out", str(out), "--workers", workers]
        )
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


def test_interrupted_parquet_is_a_valid_file_and_resumes(tmp_path: Path) -> None:
    path = _input(tmp_path)
    whole, out = tmp_path / "whole.parquet", tmp_path / "scores.parquet"
    args = ["score", "--batch", str(path), "--workers", "2"]
    assert runner.invoke(app, [*args, "--out", str(whole)]).exit_code == 0
    expected = list(read_records(whole))
    args += ["--out", str(out)]
    result = runner.invoke(app, args, env={FAULT_ENV: "interrupt:1"})
    assert result.exit_code == 130
    done = int(result.stderr.split()[1].replace(",", ""))
    assert 0 < done < 901
    assert list(read_records(out)) == expected[:done]  # a valid file of the shards done
    record = json.loads(Path(str(out) + RECORD_SUFFIX).read_text(encoding="utf-8"))
    assert record["interrupted"] is True and record["stopped_at"]["records"] == done
    assert f"{out}.resume.json where it stopped" in result.stderr
    # interrupted again on the resume (one worker), then to the end
    again = runner.invoke(
        app,
        [*args[:-4], "--workers", "1", "--out", str(out), "--resume"],
        env={FAULT_ENV: "interrupt:0"},
    )
    assert again.exit_code == 130, again.output
    assert len(list(read_records(out))) > done and not Path(f"{out}.partial").exists()
    last = runner.invoke(app, [*args, "--resume"])
    assert last.exit_code == 0, last.output
    assert list(read_records(out)) == expected
    assert not Path(str(out) + RECORD_SUFFIX).exists()
    nothing = runner.invoke(app, [*args, "--resume"])
    assert nothing.exit_code == 2 and "nothing to resume" in nothing.stderr


def test_a_parquet_resume_checks_the_file_and_the_job(tmp_path: Path) -> None:
    path = _input(tmp_path)
    out = tmp_path / "scores.parquet"
    args = ["score", "--batch", str(path), "--out", str(out), "--workers", "1"]
    assert runner.invoke(app, args, env={FAULT_ENV: "interrupt:2"}).exit_code == 130
    kept = out.read_bytes()
    analyze = runner.invoke(app, ["analyze", "--batch", str(path), "--out", str(out), "--resume"])
    assert analyze.exit_code == 2
    assert 'another job: command was "score", now "analyze"' in analyze.stderr
    jsonl = runner.invoke(app, [*args, "--format", "jsonl", "--resume"])
    assert jsonl.exit_code == 2 and 'format was "parquet", now "jsonl"' in jsonl.stderr
    out.write_bytes(kept[: len(kept) // 2])  # a file that was cut
    cut = runner.invoke(app, [*args, "--resume"])
    assert cut.exit_code == 2 and "not a readable Parquet file" in cut.stderr
    assert not Path(f"{out}.partial").exists()


def test_simulate_parquet_and_format_errors(tmp_path: Path) -> None:
    files = []
    for workers in ("1", "2"):
        out = tmp_path / f"games{workers}.pq"
        result = runner.invoke(
            app, ["simulate", "--games", "30", "--out", str(out), "--workers", workers]
        )
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


def test_an_interrupted_parquet_simulation_resumes(tmp_path: Path) -> None:
    whole, part = tmp_path / "whole.pq", tmp_path / "part.pq"
    args = ["simulate", "--rules", "two-player", "--games", "40", "--seed", "6", "--json"]
    expected = runner.invoke(app, [*args, "--out", str(whole), "--workers", "2"])
    assert expected.exit_code == 0, expected.output
    first = runner.invoke(
        app, [*args, "--out", str(part), "--workers", "2"], env={FAULT_ENV: "interrupt:1"}
    )
    assert first.exit_code == 130 and 0 < len(list(read_records(part))) < 40
    resumed = runner.invoke(app, [*args, "--out", str(part), "--workers", "2", "--resume"])
    assert resumed.exit_code == 0, resumed.output
    assert resumed.stdout == expected.stdout  # the summary of all 40 games
    assert list(read_records(part)) == list(read_records(whole))
