"""Make ``tests/`` importable, so that tests can ``import support.…``."""

import signal
import sys
from pathlib import Path

_TESTS = str(Path(__file__).resolve().parent)
if _TESTS not in sys.path:
    sys.path.insert(0, _TESTS)

# A suite started in the background of a non-interactive shell (`make test &`, nohup, some
# CI runners) inherits SIGINT ignored, and an ignored signal stays ignored in every command
# a test starts: the Ctrl-C tests (SIGINT, status 130) would see it do nothing.  A handler
# here is reset to the default in each child, so the commands get Python's own Ctrl-C.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

# A throwaway PostgreSQL cluster per session and a database per test, for any test
# that asks (tests/store runs on both backends).
from support.postgres import pg_cluster, pg_db  # noqa: E402, F401


def pytest_collection_modifyitems(config, items):  # type: ignore[no-untyped-def]
    """Long soaks (``@pytest.mark.slow``) run only when asked for with ``-m slow``."""
    import pytest

    if "slow" in (config.getoption("markexpr") or ""):
        return
    skip = pytest.mark.skip(reason="a long soak: run with -m slow")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)
