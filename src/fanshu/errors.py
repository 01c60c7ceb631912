"""The errors fanshu raises.  Each carries a stable ``code`` (used by the batch
output, the HTTP API and the CLI) and a message that names the offending tile,
meld or position.  A message made with :func:`fanshu.i18n.msg` can be shown in Chinese
(:func:`fanshu.i18n.translate`): front ends translate ``error.message``."""

from __future__ import annotations

from typing import ClassVar

from fanshu.i18n import msg


class FanshuError(ValueError):
    """Base class: bad input that fanshu can explain."""

    code: ClassVar[str] = "invalid_input"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class SettlementError(FanshuError):
    """A settlement asked of players, a winner, a dealer, a discarder or facts that do not
    fit together (every rule set's ``settle``)."""

    code = "bad_settlement"


class NotationError(FanshuError):
    """A string that does not parse; ``position`` is the 0-based index of the fault."""

    code: ClassVar[str] = "bad_notation"

    def __init__(self, message: str, position: int | None = None) -> None:
        if position is not None:
            message = msg("{message} at {position}", message=message, position=position)
        super().__init__(message)
        self.position = position


class InvalidHandError(FanshuError):
    """A hand or win context that cannot happen at a table."""

    code: ClassVar[str] = "invalid_hand"


class OptionError(FanshuError):
    """An unknown option or an option value out of range."""

    code: ClassVar[str] = "bad_option"
