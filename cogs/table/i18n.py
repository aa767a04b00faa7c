"""Languages on Discord: who reads which language, and localized slash command texts."""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from locales import LANGUAGES, Localizer, pick_language

log = logging.getLogger(__name__)


def T(text: str, key: str) -> app_commands.locale_str:
    """A slash command text (``key`` = ``message.attribute`` in the Fluent files)."""
    return app_commands.locale_str(text, key=key)


def user_language(interaction: discord.Interaction, default: str = "en") -> str:
    """The user's Discord language, else the server's, else the bot's default."""
    return pick_language(
        str(interaction.locale) if interaction.locale else None,
        str(interaction.guild_locale) if interaction.guild_locale else None,
        default=default,
    )


class FluentTranslator(app_commands.Translator):
    """Slash command names and descriptions from the same Fluent files as every other text."""

    def __init__(self, localizer: Localizer) -> None:
        self.localizer = localizer

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        key = string.extras.get("key")
        language = pick_language(str(locale), default="")
        if not key or language not in LANGUAGES or language == "en":
            return None
        message, _, attribute = key.partition(".")
        if attribute:
            text = self.localizer.attribute(language, message, attribute)
        else:
            text = self.localizer.text(language, message)
        return None if text == message else text
