"""Every command's ``--help``, in English and Chinese: no RST markup, no typer metavars
(``<bool>``, ``{ID}``), every line within the terminal's width (a Chinese character
counting two columns); ``--lang``; and the Chinese catalog entries of the help
(``src/fanshu/locale/zh/pending/cli.po``) are help strings the formatter looks up."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
import typer
from babel.messages.pofile import read_po
from typer import _click as click
from typer.core import TyperGroup
from typer.testing import CliRunner

import fanshu.cli.language as language
from fanshu.cli.arguments import (
    SECTION_TITLES,
    LazyCommands,
    cells,
    clean_metavar,
    paragraphs,
    param_key,
    plain,
    summary_of,
    wrap,
)
from fanshu.cli.main import COMMANDS, app

PENDING = Path(__file__).resolve().parents[2] / "src/fanshu/locale/zh/pending/cli.po"
runner = CliRunner()


def _catalog() -> dict[str, str]:
    with PENDING.open("rb") as f:
        return {
            m.id: m.string
            for m in read_po(f)
            if isinstance(m.id, str) and m.id and isinstance(m.string, str) and m.string
        }


CATALOG = _catalog()


def _paths() -> Iterator[list[str]]:
    """Every command path under ``fanshu`` (every lazy command imported)."""
    root = typer.main.get_command(app)
    assert isinstance(root, TyperGroup)

    def walk(group: TyperGroup, ctx: click.Context, path: list[str]) -> Iterator[list[str]]:
        for name in group.list_commands(ctx):
            sub = group.get_command(ctx, name)
            assert sub is not None, name
            yield [*path, name]
            if isinstance(sub, TyperGroup):
                yield from walk(sub, click.Context(sub, info_name=name, parent=ctx), [*path, name])

    yield []
    yield from walk(root, click.Context(root, info_name="fanshu"), [])


PATHS = list(_paths())


@pytest.fixture
def chinese(monkeypatch: pytest.MonkeyPatch) -> None:
    """The CLI's ``t`` reading the pending help catalog too (before it is merged into
    the compiled one), so that the Chinese help is the one users will see."""
    real = language.t

    def t(text: str) -> str:
        if language.current_language() == "zh" and text in CATALOG:
            return CATALOG[text]
        return real(text)

    monkeypatch.setattr(language, "t", t)


def _check(text: str, width: int) -> None:
    for bad in ("``", ":func:", ":class:", ":mod:", ":data:", "<bool>", "<str>", "<int>"):
        assert bad not in text, bad
    assert not re.search(r"\{[A-Z][A-Z_]*\}", text), "a {METAVAR}"
    assert "\\[" not in text
    for line in text.splitlines():
        assert cells(line) <= width, line


@pytest.mark.parametrize("path", PATHS, ids=lambda p: " ".join(p) or "fanshu")
@pytest.mark.parametrize("width", [80, 50])
def test_help_is_clean_in_english(path: list[str], width: int) -> None:
    result = runner.invoke(app, ["--lang", "en", *path, "--help"], env={"COLUMNS": str(width)})
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Usage: fanshu")
    _check(result.stdout, width)


@pytest.mark.usefixtures("chinese")
@pytest.mark.parametrize("path", PATHS, ids=lambda p: " ".join(p) or "fanshu")
def test_help_is_clean_in_chinese(path: list[str]) -> None:
    result = runner.invoke(app, ["--lang", "zh", *path, "--help"], env={"COLUMNS": "60"})
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("用法: fanshu")
    _check(result.stdout, 60)


@pytest.mark.usefixtures("chinese")
def test_chinese_root_help() -> None:
    result = runner.invoke(app, ["--lang", "zh", "--help"], env={"COLUMNS": "100"})
    text = "".join(result.stdout.split())
    assert "麻将规则引擎" in text and "选项:" in text and "命令:" in text
    for entry in COMMANDS.values():  # every summary in Chinese
        assert "".join(CATALOG[entry.summary].split()) in text, entry.summary
    # the language does not outlive the run: LANG decides again
    english = runner.invoke(app, ["--help"], env={"LANG": "C", "LANGUAGE": "", "LC_ALL": ""})
    assert english.stdout.startswith("Usage:")


def test_lang_from_the_environment(chinese: None) -> None:
    env = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "zh_CN.UTF-8"}
    result = runner.invoke(app, ["--help"], env=env)
    assert result.stdout.startswith("用法:")


def test_unknown_lang() -> None:
    result = runner.invoke(app, ["--lang", "fr", "--help"])
    assert result.exit_code == 2
    assert "'fr' is not en or zh" in result.output


def _help_strings() -> set[str]:
    """What the formatter looks up, walked here independently of tools/cli_messages.py."""
    found: set[str] = set(SECTION_TITLES) | {"default", "required", "env var"}
    found |= {entry.summary for entry in COMMANDS.values()}
    root = typer.main.get_command(app)

    def walk(command: click.Command, ctx: click.Context) -> None:
        found.update(paragraphs(command.help))
        found.update(paragraphs(command.epilog))
        found.update(k for p in command.get_params(ctx) if (k := param_key(p)))
        if isinstance(command, TyperGroup):
            for name in command.list_commands(ctx):
                sub = command.get_command(ctx, name)
                assert sub is not None
                if not isinstance(command, LazyCommands):  # the root lists COMMANDS' summaries
                    found.add(summary_of(sub))
                walk(sub, click.Context(sub, info_name=name, parent=ctx))

    walk(root, click.Context(root, info_name="fanshu"))
    return found


def test_catalog_entries_are_help_strings() -> None:
    strings = _help_strings()
    stale = sorted(set(CATALOG) - strings)
    assert stale == []


def test_catalog_covers_the_root_the_summaries_and_score() -> None:
    score = typer.main.get_command(app)
    assert isinstance(score, TyperGroup)
    ctx = click.Context(score, info_name="fanshu")
    command = score.get_command(ctx, "score")
    assert command is not None
    wanted = set(paragraphs(app.info.help)) | {e.summary for e in COMMANDS.values()}
    wanted |= {k for p in command.get_params(ctx) if (k := param_key(p))}
    wanted |= set(paragraphs(command.help))
    assert sorted(wanted - set(CATALOG)) == []


def test_tools_lists_the_same_strings() -> None:
    import importlib.util

    path = Path(__file__).resolve().parents[2] / "tools/cli_messages.py"
    spec = importlib.util.spec_from_file_location("cli_messages", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert set(module.messages()) == _help_strings()


def test_plain_strips_markup() -> None:
    assert (
        plain("see ``fanshu rules`` and :func:`~fanshu.api.score`") == "see fanshu rules and score"
    )
    assert plain(":class:`the hand <fanshu.hand.Hand>`") == "the hand"
    assert plain("pip install 'fanshu\\[ray]'") == "pip install 'fanshu[ray]'"


def test_metavars() -> None:
    assert clean_metavar("HAND <str>") == "HAND"
    assert clean_metavar("-s, --self-drawn <bool>") == "-s, --self-drawn"
    assert clean_metavar("--flowers <int>") == "--flowers N"
    assert clean_metavar("[OPTIONS] {ID}") == "[OPTIONS] ID"


def test_wrap_keeps_width_and_words() -> None:
    rng = random.Random(18)
    words = ["fan", "番种", "国标麻将", "(自摸)", "--self-drawn", "x" * 30, "和，", "和。", "7"]
    for _ in range(300):
        text = "".join(rng.choice(words) + rng.choice(["", " "]) for _ in range(rng.randint(1, 40)))
        width = rng.randint(8, 60)
        lines = wrap(text, width)
        assert all(cells(line) <= width for line in lines), (text, width)
        # nothing lost: the same characters in the same order
        assert "".join("".join(lines).split()) == "".join(text.split())
        # no line starts with a closing mark or ends with an opening bracket
        assert not any(line.startswith(("，", "。", ")")) for line in lines), (text, width)
        # (unless a word longer than the line was cut there)
        assert not any(line.endswith("(") and cells(line) < width - 1 for line in lines), text
