"""A fanshu bot as one file to upload to Botzone: a zip of the library's modules that a
bot needs, with a ``__main__.py`` at its root, as Botzone's wiki asks of a Python bot
of many files (``python3 bot.zip`` runs it).

The zip holds fanshu's standard-library-only floors — the core, the rules, the
analysis, the engine and ``fanshu.botzone`` — and leaves out what a bot never imports:
the front ends (``cli``, ``web``), the store, batch jobs, score sheets and the RL
environments (numpy).  Its ``__main__.py`` calls ``fanshu.botzone.__main__.main`` with
the options given here, so the bot answers exactly as ``fanshu botzone bot`` does.

>>> import io, zipfile
>>> buf = io.BytesIO()
>>> made = build_zip(buf, player="ev")
>>> names = zipfile.ZipFile(buf).namelist()
>>> "__main__.py" in names, "fanshu/botzone/bot.py" in names
(True, True)
>>> [n for n in names if n.startswith(("fanshu/cli/", "fanshu/web/"))]
[]
"""

from __future__ import annotations

import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from fanshu.botzone.bot import PLAYER_NAMES
from fanshu.botzone.state import LAST_TILE_RULES
from fanshu.errors import FanshuError

__all__ = ["LEFT_OUT", "Package", "PackageError", "build_zip", "entry_point"]

#: The sub-packages of fanshu a bot never imports (the floors above ``botzone`` and
#: those that need other libraries).
LEFT_OUT: tuple[str, ...] = ("cli", "web", "batch", "store", "match", "rl")

_ROOT = Path(__file__).resolve().parents[1]  # the fanshu package


class PackageError(FanshuError):
    """Options a bot cannot be packed with."""

    code = "botzone_package"


@dataclass(frozen=True, slots=True)
class Package:
    """What was packed: the number of modules and the zip's size in bytes."""

    modules: int
    size: int
    entry: str  # the __main__.py written at the root


def entry_point(*, player: str, seed: int, last_tile: str, keep_running: bool) -> str:
    """The ``__main__.py`` of the zip: the bot with these options."""
    args = ["--player", player, "--seed", str(seed), "--last-tile", last_tile]
    if keep_running:
        args.append("--keep-running")
    return (
        '"""A fanshu bot for Botzone\'s Chinese-Standard-Mahjong (fanshu botzone package)."""\n'
        "import sys\n\n"
        # Written so that an older Python reads it: fanshu needs 3.11, and a Python that
        # cannot import it gets an answer that says why instead of a crash (RE).
        "if sys.version_info < (3, 11):\n"
        "    sys.stdin.readline()\n"
        '    why = "fanshu needs Python 3.11 or later; this is " + sys.version.split()[0]\n'
        '    print(\'{"response": "PASS", "debug": "%s"}\' % why)\n'
        "    sys.exit(0)\n\n"
        "from fanshu.botzone.__main__ import main  # noqa: E402\n\n"
        f"sys.exit(main({args!r}))\n"
    )


def _modules() -> list[Path]:
    found = []
    for path in sorted(_ROOT.rglob("*.py")):
        parts = path.relative_to(_ROOT).parts
        if parts[0] in LEFT_OUT or "__pycache__" in parts:
            continue
        found.append(path)
    return found


def build_zip(
    out: str | Path | IO[bytes],
    *,
    player: str = "greedy",
    seed: int = 0,
    last_tile: str = "safe",
    keep_running: bool = False,
) -> Package:
    """Write the bot's zip to ``out`` (a path or a binary file)."""
    if player not in PLAYER_NAMES:
        raise PackageError(f"unknown player {player!r}: one of {', '.join(PLAYER_NAMES)}")
    if last_tile not in LAST_TILE_RULES:
        raise PackageError(f"last_tile is safe or botzone, not {last_tile!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise PackageError(f"a seed is a whole number, not {seed!r}")
    entry = entry_point(player=player, seed=seed, last_tile=last_tile, keep_running=keep_running)
    modules = _modules()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as z:
        z.writestr("__main__.py", entry)
        for path in modules:
            z.write(path, "fanshu/" + path.relative_to(_ROOT).as_posix())
    size = Path(out).stat().st_size if isinstance(out, str | Path) else out.tell()
    return Package(modules=len(modules), size=size, entry=entry)
