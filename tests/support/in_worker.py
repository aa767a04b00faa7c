"""Questions put to the drawing worker (run in its process): this module imports no discord.py,
so asking them adds nothing to what the worker holds."""

from __future__ import annotations

import sys


def discord_modules() -> list[str]:
    """The discord.py modules the process has imported."""
    return sorted(name for name in sys.modules if name.split(".")[0] == "discord")


def painted_cards() -> int:
    """How many cards of the Stella deck the process has painted."""
    from rendering import stella_cards

    return len(stella_cards.painted)
