"""Is this fanshu the compiled build (mypyc) or pure Python, and which modules are compiled?

The default install is pure Python.  ``FANSHU_COMPILE=1 pip install .`` (or ``make
compiled``) builds the core's modules with mypyc into C extensions, which Python imports
in place of the ``.py`` beside them (docs/compiled.md).  This module reads the installed
package, not a flag written at build time: a compiled module is one whose extension file
is there, so what it says is what ``import`` loads.

>>> import fanshu
>>> fanshu.compiled.ACTIVE == bool(fanshu.compiled.MODULES)
True
>>> fanshu.compiled.ACTIVE or fanshu.compiled.MODULES == ()
True

``python -m fanshu.compiled`` prints the same, one module a line.
"""

from __future__ import annotations

import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

__all__ = ["ACTIVE", "MODULES", "module_is_compiled"]

_PACKAGE = Path(__file__).resolve().parent


def _compiled_modules() -> tuple[str, ...]:
    """The fanshu modules that have an extension file (``.so``/``.pyd``) in the package."""
    found: list[str] = []
    suffixes = tuple(EXTENSION_SUFFIXES)
    for folder, dirs, files in os.walk(_PACKAGE):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        package = Path(folder).relative_to(_PACKAGE).parts
        for name in files:
            for suffix in suffixes:
                if name.endswith(suffix):
                    found.append(".".join(("fanshu", *package, name[: -len(suffix)])))
                    break
    return tuple(sorted(found))


#: The modules of this fanshu that run compiled, sorted ("fanshu.tiles", …); empty in
#: the pure-Python install.
MODULES: tuple[str, ...] = _compiled_modules()

#: True when this fanshu is the compiled build (some of its modules are compiled).
ACTIVE: bool = bool(MODULES)


def module_is_compiled(name: str) -> bool:
    """Was the module ``name`` (imported already) loaded from an extension file?

    >>> import fanshu.tiles
    >>> module_is_compiled("fanshu.tiles") == ("fanshu.tiles" in MODULES)
    True
    """
    module = sys.modules.get(name)
    if module is None:
        raise KeyError(f"{name} is not imported")
    file = getattr(module, "__file__", None) or ""
    return file.endswith(tuple(EXTENSION_SUFFIXES))


def main() -> int:
    build = "compiled (mypyc)" if ACTIVE else "pure Python"
    print(f"fanshu at {_PACKAGE}: {build}")
    for name in MODULES:
        print(f"  {name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
