"""``python -m fanshu.botzone``: the Botzone bot without the ``fanshu`` command's front
end (typer, rich), so that one process per turn starts as fast as Python and fanshu
can, and so that a zip of the library alone (``fanshu botzone package``) is a bot.

    python -m fanshu.botzone --player ev [--seed N] [--last-tile safe|botzone] [--keep-running]

The same options and answers as ``fanshu botzone bot`` (``fanshu.botzone.bot.run``).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from fanshu.botzone.bot import PLAYER_NAMES, run
from fanshu.botzone.state import LAST_TILE_RULES, last_tile_rule


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m fanshu.botzone",
        description="Answer Botzone's Chinese-Standard-Mahjong requests on stdin (JSON or "
        "simple interaction). 回答 Botzone 国标麻将的请求。",
    )
    p.add_argument("--player", choices=PLAYER_NAMES, default="greedy", help="the fanshu bot")
    p.add_argument("--seed", type=int, default=0, help="seed of the bot's choices")
    p.add_argument("--last-tile", choices=LAST_TILE_RULES, default="safe")
    p.add_argument("--keep-running", action="store_true", help="Botzone's keep-running mode")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    return run(
        player=args.player,
        seed=args.seed,
        last_tile=last_tile_rule(args.last_tile),
        keep_running=args.keep_running,
    )


if __name__ == "__main__":
    sys.exit(main())
