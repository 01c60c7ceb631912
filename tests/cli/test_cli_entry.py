"""The console script runs the CLI, and says how to install it when typer is missing."""

from __future__ import annotations

import builtins
from typing import Any

import pytest

import fanshu.cli


def test_entry_point_without_the_cli_extra(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real_import = builtins.__import__

    def no_typer(name: str, *args: Any, **kwargs: Any) -> Any:
        if name == "fanshu.cli.main":
            raise ImportError("No module named 'typer'", name="typer")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_typer)
    with pytest.raises(SystemExit) as exit_info:
        fanshu.cli.run()
    assert exit_info.value.code == 2
    assert "pip install 'fanshu[cli]'" in capsys.readouterr().err


def test_entry_point_runs_the_cli(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.argv", ["fanshu", "--version"])
    with pytest.raises(SystemExit) as exit_info:
        fanshu.cli.run()
    assert exit_info.value.code in (0, None)
