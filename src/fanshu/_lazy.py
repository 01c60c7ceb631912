"""A package's public names imported on first use (module ``__getattr__``, PEP 562).

``fanshu`` and ``fanshu.analysis`` list where each public name lives and get their
``__getattr__`` and ``__dir__`` from :func:`lazy_names`, so that importing the package
loads none of those modules until a name is asked for.  Type checkers see the names as
ordinary imports (each package imports them under ``TYPE_CHECKING``).

>>> namespace: dict[str, object] = {}
>>> getattr_, dir_ = lazy_names("pkg", {"dedent": "textwrap"}, namespace)
>>> getattr_("dedent")("  a")
'a'
>>> "dedent" in namespace  # kept: the next look-up does not come back here
True
>>> getattr_("nothing")
Traceback (most recent call last):
AttributeError: module 'pkg' has no attribute 'nothing'
>>> dir_()
['dedent']
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, MutableMapping

__all__ = ["lazy_names"]


def lazy_names(
    package: str, where: Mapping[str, str], namespace: MutableMapping[str, object]
) -> tuple[Callable[[str], object], Callable[[], list[str]]]:
    """The ``__getattr__`` and ``__dir__`` of the package ``package``.

    ``where`` maps each public name to the module it lives in; a name whose module is
    ``package.name`` itself is that submodule (``fanshu.compiled``).  ``namespace`` is the
    package's ``globals()``: a name imported once is kept there, so Python finds it
    without calling ``__getattr__`` again.  A name not in ``where`` raises AttributeError,
    which lets ``from package import submodule`` load a submodule that is not listed.
    """

    def __getattr__(name: str) -> object:
        """A public name, imported from its module the first time it is used and kept."""
        module_name = where.get(name)
        if module_name is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        module = importlib.import_module(module_name)
        value: object = module if module_name == f"{package}.{name}" else getattr(module, name)
        namespace[name] = value
        return value

    def __dir__() -> list[str]:
        return sorted(set(namespace) | set(where))

    return __getattr__, __dir__
