"""The slash command tree: options checked before any command runs, failures said privately.

Discord's client checks option types, ranges and choices, but a stale client (commands synced
anew while it kept the old ones) or any other sender may still send what a command cannot
take. Such an interaction gets one private sentence in the user's language and changes nothing;
a command that fails anyway says so privately too, and never leaves the user waiting.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.enums import AppCommandOptionType

from cogs.table.delivery import answer_privately
from cogs.table.i18n import user_language
from cogs.table.outages import storage_outage

if TYPE_CHECKING:
    from bot import TableBot

log = logging.getLogger(__name__)
NUMBERS = (AppCommandOptionType.integer, AppCommandOptionType.number)
PLAIN_TYPES: dict[AppCommandOptionType, type | tuple[type, ...]] = {
    AppCommandOptionType.integer: int,
    AppCommandOptionType.number: (int, float),
    AppCommandOptionType.string: str,
    AppCommandOptionType.boolean: bool,
}


def bad_option(command: app_commands.Command[Any, ..., Any], values: dict[str, Any]) -> str | None:
    """The first option value the command cannot take (as text), or None when all fit."""
    for parameter in command.parameters:
        if parameter.display_name not in values:
            continue
        value = values[parameter.display_name]
        expected = PLAIN_TYPES.get(parameter.type)
        if expected is None:
            continue  # users, channels, attachments: resolved by Discord itself
        if not isinstance(value, expected) or (
            parameter.type in NUMBERS and isinstance(value, bool)
        ):
            return str(value)
        if parameter.type in NUMBERS:
            low, high = parameter.min_value, parameter.max_value
            if (low is not None and value < low) or (high is not None and value > high):
                return str(value)
        choices = parameter.choices
        if choices and value not in {choice.value for choice in choices}:
            return str(value)
    return None


class TableTree(app_commands.CommandTree):
    client: TableBot

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        if await self.client.refuse_while_stopping(interaction):
            return False
        if interaction.type != discord.InteractionType.application_command:
            return True
        command = interaction.command
        if not isinstance(command, app_commands.Command):
            return True
        value = bad_option(command, dict(iter(interaction.namespace)))
        if value is None:
            return True
        log.info("refused /%s with the value %r", command.qualified_name, value)
        await self._tell(interaction, "table-error-bad-value", value=value[:100])
        return False

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError, /
    ) -> None:
        if isinstance(error, app_commands.TransformerError):
            await self._tell(interaction, "table-error-bad-value", value=str(error.value)[:100])
        elif isinstance(error, app_commands.NoPrivateMessage):
            await self._tell(interaction, "table-error-guild-only")
        elif isinstance(error, app_commands.CheckFailure):
            await self._tell(interaction, "table-error-not-allowed")
        elif self._outage_noted(getattr(error, "original", error), interaction):
            await self._tell(interaction, "outage-storage-retry")
        else:
            log.error("command %s failed", interaction.command, exc_info=error)
            await self._tell(interaction, "table-error-internal")

    def _outage_noted(self, error: BaseException, interaction: discord.Interaction) -> bool:
        """The database away (one log line for the whole outage, see cogs/outages.py)."""
        table = self.client.get_cog("TableCog")
        if table is None or not storage_outage(error):
            return False
        return table.outage_noted(error, f"command {interaction.command}")  # type: ignore[attr-defined]

    async def _tell(self, interaction: discord.Interaction, key: str, **args: Any) -> None:
        client = self.client
        language = user_language(interaction, client.config.default_language)
        await answer_privately(interaction, client.loc.text(language, key, **args))
