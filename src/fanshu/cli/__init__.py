"""The ``fanshu`` command.  Its libraries (typer, rich) come with ``pip install fanshu[cli]``;
the core library never imports them."""

from __future__ import annotations

import sys


def run() -> None:
    """Console-script entry point: run the CLI, or say how to install it.

    (Not called ``main``: importing the ``fanshu.cli.main`` module would rebind that name.)
    """
    try:
        from fanshu.cli.main import main
    except ImportError as e:  # typer or rich missing: the core was installed alone
        missing = e.name or "typer"
        sys.stderr.write(f"error: the fanshu command needs {missing}: pip install 'fanshu[cli]'\n")
        raise SystemExit(2) from None
    main()
