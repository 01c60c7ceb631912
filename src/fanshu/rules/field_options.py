"""The option methods of the rule sets whose options are one dataclass (``FieldOptions``).

Its own module, and interpreted in the compiled build (``setup.py`` leaves it out of
``COMPILED``): the rule sets built on it (Beijing, Jiaxing, Wuhan, Pinghu, common) subclass
it and stay interpreted, and an interpreted class cannot subclass a class mypyc compiled.
``fanshu.rules.base`` re-exports every name here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import fields
from typing import Any, Generic, Protocol, Self, TypeVar

from fanshu.errors import OptionError


def shown(value: object) -> str:
    """An option value as ``fanshu rules`` prints it and ``-o name=value`` reads it back."""
    return "none" if value is None else str(value).lower()


def describe_fields(
    defaults: Any, notes: Mapping[str, str], names: Iterable[str] | None = None
) -> list[tuple[str, str, str]]:
    """(name, default, note) for the fields of an options dataclass (``names``: which)."""
    wanted = names if names is not None else (f.name for f in fields(defaults))
    return [(n, shown(getattr(defaults, n)), notes[n]) for n in wanted]


class OptionsType(Protocol):
    """A rule set's options: a frozen dataclass read from its field names."""

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self: ...


Opts = TypeVar("Opts", bound=OptionsType)


class FieldOptions(Generic[Opts]):
    """The option methods of a rule set whose options are one dataclass, read from its
    field names, with its defaults and notes as data: a rule set sets ``name``,
    ``option_defaults`` and ``option_notes`` and inherits ``default_options``,
    ``options_from``, ``describe_options`` and ``as_options``.

    >>> from fanshu.rules import get_rules
    >>> get_rules("beijing").as_options({"cap": 4}).cap
    4
    >>> get_rules("beijing").as_options(4)
    Traceback (most recent call last):
    ...
    fanshu.errors.OptionError: beijing options are a BeijingOptions or a mapping of its fields
    """

    name: str
    option_defaults: Opts
    option_notes: Mapping[str, str]

    def default_options(self) -> Opts:
        return self.option_defaults

    def options_from(self, data: Mapping[str, Any]) -> Opts:
        return type(self.option_defaults).from_dict(data)

    def describe_options(self) -> Sequence[tuple[str, str, str]]:
        return describe_fields(self.option_defaults, self.option_notes)

    def as_options(self, options: object) -> Opts:
        """The options object from None (the defaults), itself, or a mapping of its fields."""
        if options is None:
            return self.option_defaults
        kind = type(self.option_defaults)
        if isinstance(options, kind):
            return options
        if isinstance(options, Mapping):
            return kind.from_dict(options)
        raise OptionError(f"{self.name} options are a {kind.__name__} or a mapping of its fields")
