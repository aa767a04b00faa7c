"""Which of the bot's application emojis this process knows, and the emoji a control shows.

A screen names an application emoji by its key (``Button.app_emoji``): once the emojis are
known (:mod:`cogs.app_emojis` finds or creates them after login), the control shows it; until
then, or when Discord would not have them, it shows what it always did (its unicode emoji,
or its label alone). Known is per process: every process of the bot finds the same emojis.
"""

from __future__ import annotations

from collections.abc import Mapping

import discord

from screens.model import Button, Option

_known: dict[str, discord.PartialEmoji] = {}


def learn(found: Mapping[str, discord.PartialEmoji]) -> None:
    """From now on, controls show these emojis (by key)."""
    _known.update(found)


def forget() -> None:
    """Controls show their own emojis again (a bot stopping, or starting afresh)."""
    _known.clear()


def known() -> Mapping[str, discord.PartialEmoji]:
    return dict(_known)


def shown_emoji(spec: Button | Option) -> str | discord.PartialEmoji | None:
    """The application emoji the control names if it is known, else its own emoji (or none)."""
    if spec.app_emoji is not None:
        found = _known.get(spec.app_emoji)
        if found is not None:
            return found
    return spec.emoji
