"""``/help`` and ``/about``: what the bot does, how to start each game, version and credits."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs.table.delivery import Reply
from cogs.table.i18n import T, user_language
from cogs.table.layout import HOUSE_ACCENT, card_view, headed
from cogs.table.rules import GAMES, send_rules

if TYPE_CHECKING:
    from bot import TableBot


class HelpCog(commands.Cog):
    def __init__(self, bot: TableBot) -> None:
        self.bot = bot

    def _lang(self, interaction: discord.Interaction) -> str:
        return user_language(interaction, self.bot.config.default_language)

    @app_commands.command(
        name=T("help", "cmd-help.name"),
        description=T("How to play with this bot", "cmd-help.description"),
    )
    @app_commands.describe(
        game=T("A game's rules and what its pictures show", "cmd-help-game.description")
    )
    @app_commands.rename(game=T("game", "cmd-help-game.name"))
    @app_commands.choices(
        game=[
            app_commands.Choice(name=T(name, f"cmd-help-game.{kind}"), value=kind)
            for kind, name in zip(GAMES, ("Dice Stars", "Dizzle", "Stella"), strict=True)
        ]
    )
    async def help(
        self, interaction: discord.Interaction, game: app_commands.Choice[str] | None = None
    ) -> None:
        lang = self._lang(interaction)
        if game is not None:
            reply = Reply(interaction, self.bot.loc, lang)
            await send_rules(reply, self.bot.loc, self.bot.drawing, lang, game.value)
            return
        text = self.bot.loc.text(lang, "help-text")
        await interaction.response.send_message(
            view=card_view(headed(text), HOUSE_ACCENT), ephemeral=True
        )

    @app_commands.command(
        name=T("about", "cmd-about.name"),
        description=T("Version and credits", "cmd-about.description"),
    )
    async def about(self, interaction: discord.Interaction) -> None:
        lang = self._lang(interaction)
        text = self.bot.loc.text(lang, "about-text", version=self.bot.version)
        await interaction.response.send_message(
            view=card_view(headed(text), HOUSE_ACCENT), ephemeral=True
        )


async def setup(bot: TableBot) -> None:
    await bot.add_cog(HelpCog(bot))
