"""Reading and writing tiles and hands in the notations people use.

The fanshu hand string (module ``fanshu.notation.fanshu``) is the default everywhere.
"""

from fanshu.notation.fanshu import format_hand, format_meld, format_tiles, parse_hand, parse_tiles

__all__ = ["format_hand", "format_meld", "format_tiles", "parse_hand", "parse_tiles"]
