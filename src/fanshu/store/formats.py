"""The file formats of export and import: JSON and CSV (see :mod:`fanshu.match.exchange`)."""

from __future__ import annotations

from fanshu.i18n import msg
from fanshu.store.interface import StoreError

__all__ = ["FORMATS", "check_format", "guess_format"]

FORMATS = ("json", "csv")


def check_format(fmt: str) -> str:
    """``fmt`` if it is one of :data:`FORMATS`, else :class:`StoreError`."""
    if fmt not in FORMATS:
        raise StoreError(
            msg("unknown format {fmt!r}: one of {formats}", fmt=fmt, formats=", ".join(FORMATS))
        )
    return fmt


def guess_format(name: str, text: str) -> str:
    """``json`` or ``csv`` from a file name, else from the first character of the text.

    >>> guess_format("scores.CSV", ""), guess_format("-", '{"id": 1}')
    ('csv', 'json')
    """
    lower = name.lower()
    if lower.endswith(".json"):
        return "json"
    if lower.endswith(".csv"):
        return "csv"
    return "json" if text.lstrip().startswith("{") else "csv"
