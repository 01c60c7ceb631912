"""The optional compiled build (mypyc) of fanshu's core, from the same source.

Everything about the package is in pyproject.toml; this file only adds the compiled
modules, and only when asked for::

    FANSHU_COMPILE=1 pip install .        # or: make compiled (a folder of its own, .venv/compiled)

Without ``FANSHU_COMPILE=1`` it adds nothing: the default install is pure Python, the same
wheel as before.  With it, the modules of ``COMPILED`` are compiled by mypyc (mypy's
compiler, from the dev extra and the lock) into C extensions, beside the ``.py`` sources;
``fanshu.compiled`` says which of them a running fanshu has loaded compiled.  The floors
above the core (engine, match, store, cli, web …) stay interpreted: they spend their time
elsewhere, and some of them subclass or patch what the tests replace.

A PEP 517 build in an isolated environment asks for mypy through ``setup_requires`` (pip
installs it into the build environment first); ``--no-build-isolation`` uses the mypy
installed beside setuptools (``make compiled`` does that, from the lock).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).resolve().parent
SOURCE = ROOT / "src" / "fanshu"

# The compiled core, as paths under src/fanshu: modules, or folders (every module in them).
# Package __init__ files stay interpreted (fanshu's own keeps `import fanshu` lazy).
COMPILED = (
    "tiles.py",
    "sets.py",
    "hand.py",
    "shapes.py",
    "wild.py",
    "notation",
    "rules/base.py",
    "rules/mcr",
    "rules/texts.py",
    "analysis/shanten.py",
)

# Left interpreted inside those folders: the modules that take what a user passes and
# answer a value of the wrong kind with fanshu's own error (NotationError, OptionError,
# MatchError), where a compiled function would raise TypeError for its annotated parameter
# types first: notation/detect.py (``read_hand``), rules/mcr/options.py (``from_dict``),
# rules/mcr/settlement.py (a match's scores as typed).  And rules/mcr/result.py, where
# ``McrResult`` is ``Result[Fan]`` to the type checker and ``Result`` itself at run time
# (an ``if TYPE_CHECKING: … else:``): mypyc compiles only the first branch.  fanshu.api,
# the public calls, is not in COMPILED for the first reason.
INTERPRETED = frozenset(
    {
        "notation/detect.py",
        "rules/mcr/options.py",
        "rules/mcr/settlement.py",
        "rules/mcr/result.py",
    }
)

# Not compiled (docs/compiled.md), beside rules/base.py and re-exported by it: what mypyc
# cannot compile yet.  rules/field_options.py (``FieldOptions``, which the interpreted rule
# sets subclass: an interpreted class cannot subclass a compiled one), rules/rows.py
# (``FanRow``, ``FanEntry``, ``ExcludedFan``: generic dataclasses, mypyc issue 827) and
# rules/protocols.py (``RuleSet``, ``ScoreResult``: ``runtime_checkable`` refuses a compiled
# protocol).  The rule sets other than MCR stay interpreted too.

# The mypy (with mypyc) of the dev extra: a build environment without it installs it.
MYPY = "mypy>=2.4.1,<3"


def _wanted() -> bool:
    value = os.environ.get("FANSHU_COMPILE", "").strip().lower()
    if value in ("", "0", "no", "false", "off"):
        return False
    if value in ("1", "yes", "true", "on"):
        return True
    raise SystemExit(f"FANSHU_COMPILE must be 1 or 0, not {value!r}")


def compiled_paths() -> list[str]:
    """The source files mypyc compiles, relative to the project root, in a fixed order."""
    paths: list[str] = []
    for entry in COMPILED:
        path = SOURCE / entry
        files = sorted(path.rglob("*.py")) if path.is_dir() else [path]
        for file in files:
            if file.name in ("__init__.py", "__main__.py"):
                continue
            if file.relative_to(SOURCE).as_posix() in INTERPRETED:
                continue
            paths.append(file.relative_to(ROOT).as_posix())
    return paths


def _ext_modules() -> tuple[list[object], list[str]]:
    if not _wanted():
        return [], []
    try:
        from mypyc.build import mypycify
    except ImportError:
        # The first step of a PEP 517 build (egg_info) only collects what the build needs.
        if "egg_info" in sys.argv or "dist_info" in sys.argv:
            return [], [MYPY]
        raise SystemExit(
            "FANSHU_COMPILE=1 needs mypy (mypyc) in the build environment: "
            f"pip install '{MYPY}', or build with build isolation"
        ) from None
    os.chdir(ROOT)  # mypycify takes the paths relative to the project root
    modules = mypycify(
        compiled_paths(),
        opt_level="3",
        multi_file=True,  # a C file a module, compiled in parallel (below), not one of 30 MB
        group_name="fanshu_core",
        target_dir=str(Path("build") / "mypyc"),
    )
    return list(modules), []


ext_modules, setup_requires = _ext_modules()
setup(
    ext_modules=ext_modules,
    setup_requires=setup_requires,
    options={"build_ext": {"parallel": os.cpu_count() or 1}} if ext_modules else {},
)
