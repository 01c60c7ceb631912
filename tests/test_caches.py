"""No unbounded ``functools`` cache anywhere in the package (issue 19).

Every module of ``fanshu`` is imported (the optional front ends and back ends whose
dependencies are missing are skipped), and every ``lru_cache``/``cache``-wrapped
function found in a module or on a class must have a finite ``maxsize``: a process that
runs for days (a server, a bot league) must not grow without end.  The memory each
bound stands for is measured and written beside the cache.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from types import ModuleType

import fanshu

#: Packages whose modules need optional extras; a module that fails to import for a
#: missing dependency is skipped there, and only there.
OPTIONAL = (
    "fanshu.cli",
    "fanshu.web",
    "fanshu.rl",
    "fanshu.batch",
    "fanshu.store",
    "fanshu.botzone",
)


def _modules() -> list[ModuleType]:
    out = []
    for info in pkgutil.walk_packages(fanshu.__path__, "fanshu."):
        try:
            out.append(importlib.import_module(info.name))
        except ImportError:
            if not info.name.startswith(OPTIONAL):
                raise
    return out


def _maxsize(obj: object) -> tuple[bool, int | None]:
    """(whether ``obj`` is a functools cache wrapper, its maxsize)."""
    info = getattr(obj, "cache_info", None)
    if not callable(info):
        return False, None
    size: int | None = info().maxsize
    return True, size


def _cached(module: ModuleType) -> list[tuple[str, int | None]]:
    """(name, maxsize) of every functools-cached function defined in ``module``, at
    module level or on its classes (a function imported from elsewhere counts where it
    is defined, once)."""
    found = []
    for name, obj in vars(module).items():
        is_cache, size = _maxsize(obj)
        if is_cache and getattr(obj, "__module__", None) == module.__name__:
            found.append((f"{module.__name__}.{name}", size))
        if inspect.isclass(obj) and obj.__module__ == module.__name__:
            for attr, member in vars(obj).items():
                fn = getattr(member, "__func__", member)  # staticmethod / classmethod
                is_cache, size = _maxsize(fn)
                if is_cache:
                    found.append((f"{module.__name__}.{name}.{attr}", size))
    return found


def test_the_walk_sees_the_known_caches() -> None:
    """The walk finds caches where they are (so an empty list cannot pass silently)."""
    names = {n for m in _modules() for n, _ in _cached(m)}
    assert "fanshu.analysis.timing.ready_chances" in names
    assert "fanshu.engine.players.routes.mcr_routes" in names
    assert sum(n.startswith("fanshu.shapes.") for n in names) >= 3


def test_every_functools_cache_is_bounded() -> None:
    unbounded = sorted(name for m in _modules() for name, size in _cached(m) if size is None)
    assert not unbounded, f"unbounded caches (give them a maxsize): {unbounded}"
