"""Ctrl-C at a chosen point, for tests of what an interrupted command leaves behind."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from itertools import islice
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from fanshu.batch.job import RECORD_SUFFIX


def islice_interrupted_after(items: int) -> Callable[..., Iterator[Any]]:
    """An ``islice`` that raises KeyboardInterrupt (as Ctrl-C does) instead of giving its
    item number ``items``: patched over a module's ``islice``, it interrupts the loop
    that uses it."""

    def interrupted(iterable: Iterable[Any], *bounds: Any) -> Iterator[Any]:
        for n, item in enumerate(islice(iterable, *bounds)):
            if n == items:
                raise KeyboardInterrupt
            yield item

    return interrupted


def ctrl_c_while_resume_checks(
    run: Callable[..., Any],
    args: tuple[str, ...],
    out: Path,
    module: ModuleType,
    unit: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Interrupt the command ``args`` (writing ``out``) with the test hook, then Ctrl-C
    its ``--resume`` while it reads back the ``unit`` already done (through ``module``'s
    ``islice``): exit 130, the message saying so, and ``out`` and its record unchanged."""
    assert run(*args, fault="interrupt:2").exit_code == 130
    record = Path(str(out) + RECORD_SUFFIX)
    before = (out.read_bytes(), json.loads(record.read_text(encoding="utf-8")))
    done = before[1]["stopped_at"]["items"]
    with monkeypatch.context() as m:
        m.setattr(module, "islice", islice_interrupted_after(2))
        checking = run(*args, "--resume")
    assert checking.exit_code == 130, checking.output  # not click's "Aborted!"
    assert checking.stderr == (
        f"interrupted while checking the {done:,} {unit} already done; {out} and its record "
        "are as they were: run the same command with --resume to go on\n"
    )
    assert (out.read_bytes(), json.loads(record.read_text(encoding="utf-8"))) == before
