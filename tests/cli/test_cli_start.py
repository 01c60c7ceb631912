"""The command's start: what ``fanshu --help`` and ``fanshu score HAND`` import, in fresh
processes (the lazy command registry of ``fanshu.cli.main`` and the lazy names of
``import fanshu``), and that every registered command loads."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Mapping
from typing import ClassVar

import pytest
from typer.testing import CliRunner

import fanshu
from fanshu.cli.main import COMMANDS, app

HAND = "[EEEE]123m456p789s11s"
#: Never loaded to list the commands or to score a hand: the web app, batch runs and
#: the heavy optional libraries.
HEAVY = ("fanshu.web", "fanshu.batch", "fastapi", "uvicorn", "ray", "pyarrow", "matplotlib")
#: What scoring one hand does not need.
NOT_FOR_SCORE = (
    *HEAVY,
    "fanshu.engine",
    "fanshu.analysis.advice",
    "fanshu.match",
    "fanshu.store",
    "fanshu.botzone",
)

_PROBE = """
import json, sys
from fanshu.cli.main import app
try:
    app(sys.argv[1:], prog_name="fanshu")
except SystemExit:
    pass
sys.stdout.flush()
sys.__stderr__.write("\\nMODULES " + json.dumps(sorted(sys.modules)) + "\\n")
"""


def modules_after(*args: str) -> set[str]:
    """The modules loaded in a fresh interpreter after running ``fanshu ARGS``."""
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    line = next(ln for ln in done.stderr.splitlines() if ln.startswith("MODULES "))
    return set(json.loads(line.removeprefix("MODULES ")))


def loaded(modules: set[str], names: tuple[str, ...]) -> list[str]:
    return sorted(m for m in modules if any(m == n or m.startswith(n + ".") for n in names))


def test_help_imports_no_web_or_batch() -> None:
    modules = modules_after("--help")
    assert "fanshu.cli.main" in modules  # the probe ran the app
    assert loaded(modules, HEAVY) == []
    assert loaded(modules, ("rich", "pydantic")) == []  # the help is plain text
    # the list of commands imports none of them
    assert loaded(modules, ("fanshu.cli.score", "fanshu.cli.match", "fanshu.cli.serve")) == []


def test_score_imports_only_scoring() -> None:
    modules = modules_after("score", HAND)
    assert "fanshu.cli.score" in modules and "fanshu.rules.mcr.evaluate" in modules
    assert loaded(modules, NOT_FOR_SCORE) == []


def test_score_help_imports_no_batch() -> None:
    modules = modules_after("score", "--help")
    assert "fanshu.cli.score" in modules
    assert loaded(modules, NOT_FOR_SCORE) == []


def test_import_fanshu_is_light() -> None:
    code = "import sys, fanshu; print(sorted(m for m in sys.modules if m.startswith('fanshu')))"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    # _version is the one place the version lives (a line of its own, no imports); _lazy
    # gives the package its lazy names (standard library only)
    assert done.stdout.strip() == "['fanshu', 'fanshu._lazy', 'fanshu._version']"


def test_every_public_name_resolves() -> None:
    for name in fanshu.__all__:
        assert getattr(fanshu, name) is not None, name
    assert fanshu.score(HAND, self_drawn=True).total == 19
    missing = "nope"
    with pytest.raises(AttributeError, match="no attribute 'nope'"):
        getattr(fanshu, missing)


def test_every_command_loads_and_lists() -> None:
    runner = CliRunner()
    root = runner.invoke(app, ["--help"])
    assert root.exit_code == 0
    for name, entry in COMMANDS.items():
        assert name in root.stdout
        if name == "convert":
            try:
                import fanshu.cli.convert  # noqa: F401
            except ImportError:
                continue  # not written yet: only ``fanshu convert`` fails then
        result = runner.invoke(app, [name, "--help"])
        assert result.exit_code == 0, (name, result.output)
        assert entry.summary
        assert f"fanshu {name}" in result.stdout


def test_a_missing_module_fails_only_its_command() -> None:
    from fanshu.cli.arguments import Lazy, LazyCommands

    class Commands(LazyCommands):
        lazy: ClassVar[Mapping[str, Lazy]] = {
            "score": COMMANDS["score"],
            "gone": Lazy("fanshu.cli.no_such_module:command", "A command not written yet."),
        }

    import typer

    probe = typer.Typer(cls=Commands, rich_markup_mode=None)

    @probe.callback()
    def _root() -> None:
        """The probe."""

    runner = CliRunner()
    listed = runner.invoke(probe, ["--help"])
    assert listed.exit_code == 0 and "A command not written yet." in listed.stdout
    assert runner.invoke(probe, ["score", HAND]).exit_code == 0
    broken = runner.invoke(probe, ["gone"])
    assert broken.exit_code == 2
    assert "the command 'gone' is not in this version of fanshu" in broken.output


def test_deferred_conversion_matches_typers() -> None:
    """The conversions done without pydantic (fanshu.cli.arguments._Deferred) give what
    typer's own gives, for every parameter of every command and the values they see
    most: the default, a text, a list of texts."""
    import typer as typer_module
    from typer import _click as click
    from typer._coercion import build_runtime_param
    from typer.core import TyperGroup, _TyperParameter

    from fanshu.cli.arguments import _Deferred

    root = typer_module.main.get_command(app)
    assert isinstance(root, TyperGroup)
    ctx = click.Context(root, info_name="fanshu")
    checked = 0

    def walk(command: click.Command) -> None:
        nonlocal checked
        for param in command.params:
            if not isinstance(param, _TyperParameter):
                continue
            assert isinstance(param._runtime_param, _Deferred), param.name
            full = build_runtime_param(param.type_descriptor)
            for value in (param.default, "5m", ("a=1", "b=2")):
                try:
                    want: object = full.coerce(value, param=param, ctx=ctx)
                except click.exceptions.BadParameter:
                    want = "refused"
                try:
                    got: object = param._runtime_param.coerce(value, param=param, ctx=ctx)
                except click.exceptions.BadParameter:
                    got = "refused"
                assert got == want, (command.name, param.name, value)
                checked += 1
        if isinstance(command, TyperGroup):
            for name in command.list_commands(ctx):
                sub = command.get_command(ctx, name)
                assert sub is not None
                walk(sub)

    walk(root)
    assert checked > 300
