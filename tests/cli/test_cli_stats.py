"""``fanshu stats FILE``: tables, ``--json``, ``--plot`` and the errors of files that
are not results."""

from __future__ import annotations

import json
import re
import sys
import warnings
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from fanshu.batch.formats import open_writer
from fanshu.batch.stats import file_stats
from fanshu.cli.main import app
from fanshu.engine.simulate import simulate
from fanshu.protocol.analyze import analyze_line
from fanshu.protocol.lines import run_batch
from fanshu.sampling import winning_hands

runner = CliRunner()
BOTS = ["greedy", "fan", "random", "random"]
CJK = re.compile(r"[\u3400-\u9fff]")


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    d = tmp_path_factory.mktemp("stats")
    log, table = d / "games.jsonl", d / "games.parquet"
    with open_writer(log, "jsonl", "games") as w, open_writer(table, "parquet", "games") as t:

        def each(k: int, g: Any) -> None:
            # the log as written before logs named the bots (simulate's now do)
            start = {key: v for key, v in g.events[0].items() if key != "players"}
            w.write({"game": k, "events": [start, *g.events[1:]]})
            t.write({"game": k, "events": g.events, "players": BOTS})

        simulate("mcr", 8, BOTS, 2, on_game=each)
    lines = [json.dumps({"id": i, "hand": str(h)}) for i, h in enumerate(winning_hands(4, 60))]
    lines += ["oops", json.dumps({"hand": "123m"})]
    scores = d / "scores.jsonl"
    scores.write_text("".join(line + "\n" for line in run_batch(lines)), encoding="utf-8")
    analyses = d / "analyses.jsonl"
    hands = ['{"id": 1, "hand": "1112345678999m"}', '{"id": 2, "hand": "123m456p789s135sEN"}']
    out = run_batch(hands, analyze_line)
    analyses.write_text("".join(line + "\n" for line in out), encoding="utf-8")
    return {"log": log, "table": table, "scores": scores, "analyses": analyses}


def test_games_tables(files: dict[str, Path]) -> None:
    result = runner.invoke(app, ["stats", str(files["log"]), "--players", ",".join(BOTS)])
    assert result.exit_code == 0, result.output
    out = result.stdout
    d = file_stats(files["log"], players=BOTS).to_dict()
    head = out.splitlines()[0]
    assert f"mcr · 8 games · {d['wins']} wins · {d['drawn']} drawn" in head
    for title in ("Seats 座位", "Bots 选手", "Length", "Fan total of a win", "Fans 番种"):
        assert title in out
    seat1 = next(line for line in out.splitlines() if line.strip().startswith("1 S"))
    s = d["seats"][1]
    assert seat1.split()[2:6] == ["fan", "8", str(s["wins"]), f"{100 * s['win_rate']:.1f}%"]
    random_row = next(line for line in out.splitlines() if line.strip().startswith("random "))
    assert random_row.split()[1:3] == ["8", "16"]  # games, seat-games
    top = d["fans"][0]
    assert re.search(rf"{top['name']}\s+{re.escape(top['name_en'])}\s+{top['wins']}\s", out)


def test_a_log_without_bots_says_how_to_name_them(files: dict[str, Path]) -> None:
    result = runner.invoke(app, ["stats", str(files["log"])])
    assert result.exit_code == 0, result.output
    assert "Bots" not in result.stdout and "--players A,B,C,D" in result.stdout


def test_json_is_the_figures(files: dict[str, Path]) -> None:
    result = runner.invoke(app, ["stats", str(files["table"]), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    expected = json.loads(json.dumps(file_stats(files["log"], players=BOTS).to_dict()))
    assert data == {"file": str(files["table"]), **expected}


def test_score_results_and_top(files: dict[str, Path]) -> None:
    result = runner.invoke(app, ["stats", str(files["scores"]), "--top", "3"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "score results · rules not named · 62 hands · 60 scored · 2 errors" in out
    assert re.search(r"bad_json\s+1\s", out) and re.search(r"invalid_hand\s+1\s", out)
    fans = file_stats(files["scores"]).to_dict()["fans"]
    assert f"{len(fans) - 3} more: --top 0 lists all" in out
    all_fans = runner.invoke(app, ["stats", str(files["scores"]), "--top", "0"]).stdout
    assert all(f["name_en"] in all_fans for f in fans)
    assert "Fan totals" in out and "mean " in out


def test_analyses(files: dict[str, Path]) -> None:
    result = runner.invoke(app, ["stats", str(files["analyses"])])
    assert result.exit_code == 0, result.output
    assert "2 hands · 2 analysed (1 of 13 tiles, 1 of 14) · 0 errors" in result.stdout
    assert "Shanten" in result.stdout


def test_stdin(files: dict[str, Path]) -> None:
    result = runner.invoke(app, ["stats", "-", "--json"], input=files["scores"].read_bytes())
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["records"] == 62


def test_plot(files: dict[str, Path], tmp_path: Path) -> None:
    out = tmp_path / "games.png"
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a missing glyph warns: none may
        result = runner.invoke(app, ["stats", str(files["table"]), "--plot", str(out)])
    assert result.exit_code == 0, result.output
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert (width, height) == (1650, 1100)
    assert f"wrote {out}" in result.stderr


def _texts(fig: Any) -> list[str]:
    from matplotlib.text import Text

    return [t.get_text() for t in fig.findobj(Text) if t.get_text()]


def test_plot_labels_fans_in_english_without_a_cjk_font(
    files: dict[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from fanshu.batch import plots

    stats = file_stats(files["scores"])
    top = stats.to_dict()["fans"][0]
    monkeypatch.setattr(plots, "cjk_font", lambda: None)
    texts = _texts(plots.figure(stats))
    assert top["name_en"] in texts and not any(CJK.search(t) for t in texts)
    assert "Fan totals" in texts and "Errors by code" in texts
    texts = _texts(plots.figure(stats, chinese=True))
    assert f"{top['name']} {top['name_en']}" in texts
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        plots.plot_stats(stats, tmp_path / "english.png", chinese=False)
    assert (tmp_path / "english.png").stat().st_size > 10_000


def test_plot_in_chinese_when_a_cjk_font_is_installed(
    files: dict[str, Path], tmp_path: Path
) -> None:
    from fanshu.batch import plots

    if plots.cjk_font() is None:
        pytest.skip("no CJK font installed (Debian: apt-get install fonts-noto-cjk)")
    stats = file_stats(files["scores"])
    top = stats.to_dict()["fans"][0]
    assert f"{top['name']} {top['name_en']}" in _texts(plots.figure(stats))
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # every Chinese glyph found
        plots.plot_stats(stats, tmp_path / "chinese.png")


def test_without_matplotlib_plot_says_how_to_install(
    files: dict[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # None in sys.modules makes the import fail, whether or not another test imported it
    for name in ["matplotlib", *[m for m in sys.modules if m.startswith("matplotlib.")]]:
        monkeypatch.setitem(sys.modules, name, None)
    out = tmp_path / "x.png"
    result = runner.invoke(app, ["stats", str(files["log"]), "--plot", str(out)])
    assert result.exit_code == 2
    assert "pip install 'fanshu[plot]'" in result.stderr and not out.exists()
    assert result.stdout == ""  # said before reading the file
    assert runner.invoke(app, ["stats", str(files["log"])]).exit_code == 0  # tables need none


def test_without_pyarrow_a_parquet_file_says_how_to_install(
    files: dict[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ["pyarrow", *[m for m in sys.modules if m.startswith("pyarrow.")]]:
        monkeypatch.setitem(sys.modules, name, None)
    result = runner.invoke(app, ["stats", str(files["table"])])
    assert result.exit_code == 2
    assert "pip install 'fanshu[parquet]'" in result.stderr


def test_help_names_the_extra() -> None:
    result = runner.invoke(app, ["stats", "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    text = " ".join(result.stdout.split())  # the help is wrapped (at most 100 columns)
    assert "pip install 'fanshu[plot]'" in text and "--players" in text


def test_bad_input(files: dict[str, Path], tmp_path: Path) -> None:
    missing = runner.invoke(app, ["stats", str(tmp_path / "nope.jsonl")])
    assert missing.exit_code == 2 and "cannot read" in missing.stderr
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"id": 1, "total": 8, "fans": []}\nnot json\n', encoding="utf-8")
    result = runner.invoke(app, ["stats", str(bad)])
    assert result.exit_code == 2 and "line 2: not JSON" in result.stderr
    assert "Traceback" not in result.output
    players = runner.invoke(app, ["stats", str(files["log"]), "--players", "fan,fan"])
    assert players.exit_code == 2 and "4 seats but 2 players" in players.stderr
    empty = runner.invoke(app, ["stats", str(files["log"]), "--players", "fan,,fan,fan"])
    assert empty.exit_code == 2 and "comma-separated" in empty.stderr
    unwritable = runner.invoke(
        app, ["stats", str(files["scores"]), "--plot", str(tmp_path / "no" / "x.png")]
    )
    assert unwritable.exit_code == 2 and "cannot draw" in unwritable.stderr


@pytest.mark.parametrize("font", [None, "Noto Sans CJK JP"])
def test_plot_says_which_font_to_install_when_none_draws_chinese(
    files: dict[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, font: str | None
) -> None:
    """Without a CJK font, --plot says the fans are in English and names fonts-noto-cjk;
    with one (the lookup stubbed either way), it says nothing about fonts."""
    from fanshu.batch import plots

    monkeypatch.setattr(plots, "cjk_font", lambda: font)
    out = tmp_path / "scores.png"
    result = runner.invoke(app, ["stats", str(files["scores"]), "--plot", str(out)])
    assert result.exit_code == 0, result.output
    assert out.exists()
    said = " ".join(result.stderr.split())
    if font is None:
        assert "fonts-noto-cjk" in said and "labelled in English" in said
    else:
        assert "fonts-noto-cjk" not in said and "labelled in English" not in said
