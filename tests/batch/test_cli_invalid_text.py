"""``fanshu score|analyze --batch`` on lines that are not text or hold odd line breaks:
a lone surrogate (``"\\ud800"`` in JSON) or bytes that are not UTF-8 give that line's
``invalid_text`` error object (with its id when it has one) and every later line is still
written; lines end at ``\\n`` only, so a bare CR, U+2028 or U+0085 inside a line leaves
one output line for it; ``--resume`` reads past such lines to the same file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from fanshu.batch.job import FAULT_ENV, RECORD_SUFFIX
from fanshu.batch.samples import score_lines
from fanshu.cli.main import app

runner = CliRunner()
HANDS = 600
HAND = "[EEEE]123m456p789s11s"

#: Lines put among the sample hands, each at its place: (bytes, the id of its output line
#: or None, its error code or None for a scored line).
ODD: dict[int, tuple[bytes, Any, str | None]] = {
    3: (b'{"id": "s", "hand": "\\ud800"}', "s", "invalid_text"),  # valid JSON, no text
    4: (b'{"id": "raw", "hand": "1m\xff"}', "raw", "invalid_text"),  # bytes in a string
    5: (b"\xff\xfe not even JSON", None, "invalid_text"),  # a plain line of bytes
    6: (b'{"id": "\xc3(", "hand": "' + HAND.encode() + b'"}', "\ufffd(", "invalid_text"),
    150: (b'{"id": "cr", "hand": "[EEEE]\r123m"}', None, "bad_json"),  # raw CR: not JSON
    151: (b'{"id": "crlf", "hand": "' + HAND.encode() + b'"}\r', "crlf", None),
    152: ('{"id": "ls", "x": "a\u2028b", "hand": "1m"}'.encode(), "ls", "bad_field"),
    153: (('{"id": "nel\u0085", "hand": "' + HAND + '"}').encode(), "nel\u0085", None),
    154: ("\u2028".encode(), None, "bad_json"),  # not JSON whitespace: not a blank line
    450: (b'{"id": 450, "hand": "\\udfff"}', 450, "invalid_text"),
}


def _input(tmp_path: Path) -> tuple[Path, list[tuple[Any, str | None]]]:
    """The batch file and, per output line, (id, error code or None)."""
    lines = [line.encode() for line in score_lines(5, HANDS)]
    expected: list[tuple[Any, str | None]] = [(k, None) for k in range(HANDS)]
    for at in sorted(ODD):  # ascending: each ends at its place
        raw, id_, code = ODD[at]
        lines.insert(at, raw)
        expected.insert(at, (id_, code))
    path = tmp_path / "odd.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    return path, expected


def _run(*args: str, fault: str = "") -> Any:
    return runner.invoke(app, list(args), env={FAULT_ENV: fault})


def _seen(text: str) -> list[tuple[Any, str | None]]:
    out = [json.loads(line) for line in text.split("\n") if line]
    return [(o["id"], o["error"]["code"] if o["error"] else None) for o in out]


def test_every_line_gives_its_own_output_line(tmp_path: Path) -> None:
    path, expected = _input(tmp_path)
    result = _run("score", "--batch", str(path), "--workers", "1")
    assert result.exit_code == 0, result.output
    seen = _seen(result.stdout)
    assert len(seen) == HANDS + len(ODD) == len(path.read_bytes().split(b"\n")) - 1
    assert seen == expected  # the sample hands all score: the odd lines are the errors
    messages = [json.loads(line)["error"] for line in result.stdout.split("\n")[3:7]]
    assert messages[0]["message"].startswith("hand is not valid Unicode text (a lone surrogate")
    assert messages[2]["message"].startswith("the line is not valid Unicode text")
    assert messages[3]["message"].startswith("id is not valid Unicode text")
    result.stdout.encode("utf-8")  # the output itself is text
    assert _run("score", "--batch", str(path), "--workers", "2").stdout == result.stdout


def test_analyze_takes_the_same_lines(tmp_path: Path) -> None:
    lines = [ODD[k][0] for k in (3, 4, 5, 150, 152, 154)]
    lines.append(b'{"id": "ok", "hand": "1112345678999m"}')
    path = tmp_path / "odd.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    result = _run("analyze", "--batch", str(path), "--workers", "1")
    assert result.exit_code == 0, result.output
    seen = _seen(result.stdout)
    codes = ["invalid_text"] * 3 + ["bad_json", "bad_field", "bad_json", None]
    assert [c for _, c in seen] == codes and seen[-1][0] == "ok"


def test_resume_reads_past_bytes_that_are_not_text(tmp_path: Path) -> None:
    path, _ = _input(tmp_path)
    whole = _run("score", "--batch", str(path), "--workers", "1").stdout
    out = tmp_path / "scores.jsonl"
    args = ("score", "--batch", str(path), "--out", str(out), "--workers", "2")
    first = _run(*args, fault="interrupt:1")  # shards of 100 lines: the odd 3-6 are done
    assert first.exit_code == 130, first.output
    record = json.loads(Path(str(out) + RECORD_SUFFIX).read_text(encoding="utf-8"))
    assert 7 <= record["stopped_at"]["items"] < 450
    second = _run(*args, "--resume")
    assert second.exit_code == 0, second.output
    assert out.read_text(encoding="utf-8") == whole
    # another input with the same lines but other bytes in one of them is not resumed
    first = _run(*args, fault="interrupt:1")
    changed = path.read_bytes().replace(b'"1m\xff"', b'"1m\xfe"', 1)
    path.write_bytes(changed)
    refused = _run(*args, "--resume")
    assert refused.exit_code == 2 and "cannot resume" in refused.stderr


@pytest.mark.parametrize("command", ["score", "analyze"])
def test_stdin_is_split_and_decoded_as_a_file(command: str) -> None:
    data = b'{"id": 1, "hand": "1m\xff"}\r\n{"id": 2, "hand": "a\rb"}\n{"id": 3}\n'
    result = runner.invoke(app, [command, "--batch", "-"], input=data)
    assert result.exit_code == 0, result.output
    seen = _seen(result.stdout)
    assert [i for i, _ in seen] == [1, None, 3] and seen[0][1] == "invalid_text"
