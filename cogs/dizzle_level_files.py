"""Dizzle's level files: the shipped ``games/levels/*.toml`` and a server's own.

The settings name only the folder of a server's own levels (``[dizzle] levels_folder``); the
files are read here, by the start-up check in ``bot.py`` and by the Dizzle cog as it loads, and
parsed by :func:`games.dizzle_levels.parse_level`. A broken file is a mistake in the settings:
:class:`config.ConfigError`, one sentence naming the file and, where there is one, the cell.
"""

from __future__ import annotations

from pathlib import Path

from config import ConfigError
from games.dizzle_levels import Level, LevelError, parse_level

SHIPPED_DIZZLE_LEVELS = Path(__file__).resolve().parent.parent / "games" / "levels"


def read_dizzle_levels(folder: Path | None = None) -> dict[str, Level]:
    """The shipped Dizzle levels, then those of ``folder`` (``*.toml``), by id in that order."""
    paths = sorted(SHIPPED_DIZZLE_LEVELS.glob("*.toml"))
    if folder is not None:
        paths += sorted(folder.glob("*.toml"))
    levels: dict[str, Level] = {}
    for path in paths:
        try:
            level = parse_level(path.read_text(encoding="utf-8"), str(path))
        except (OSError, UnicodeDecodeError) as error:
            raise ConfigError(f"The Dizzle level file {path} cannot be read: {error}.") from None
        except LevelError as error:
            raise ConfigError(f"Dizzle level file {_one_line(str(error))}.") from None
        if level.id in levels:
            raise ConfigError(
                f"The Dizzle level file {path} has the id {level.id!r}, "
                "which another level already uses."
            )
        levels[level.id] = level
    return levels


def _one_line(text: str) -> str:
    return " ".join(text.split()).rstrip(".")
