"""Entry point: settings -> storage -> bot -> cogs -> run, and a clean shutdown."""

from __future__ import annotations

import asyncio
import logging
import signal
import sys
from collections.abc import Sequence
from pathlib import Path

import discord
import yarl
from discord.ext import commands

from cogs.i18n import FluentTranslator
from cogs.screens import TableButton, TableSelect
from config import Config, ConfigError, load_config
from locales import Localizer
from storage import Database, open_storage

__version__ = "0.1.0"
EXTENSIONS = (
    "cogs.table",
    "cogs.help",
    "cogs.timers",
    "cogs.spectate",
    "cogs.history",
    "cogs.dice_stars",
    "cogs.dizzle",
    "cogs.stella",
)
log = logging.getLogger("tablebot")


def point_at(config: Config) -> None:
    """Use the configured REST and gateway addresses (Discord's own unless set otherwise).

    discord.py has no option for these, so its two class attributes are set.
    """
    discord.http.Route.BASE = config.api_base
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(config.gateway_url)


class TableBot(commands.Bot):
    def __init__(
        self,
        config: Config,
        db: Database,
        extensions: Sequence[str] = EXTENSIONS,
        **options: object,
    ) -> None:
        # Slash commands and components only: no message content or member list is needed.
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            **options,  # type: ignore[arg-type]
        )
        self.config = config
        self.db = db
        self.loc = Localizer(default=config.default_language)
        self.extension_names = tuple(extensions)
        self.version = __version__

    async def setup_hook(self) -> None:
        await self.tree.set_translator(FluentTranslator(self.loc))
        self.add_dynamic_items(TableButton, TableSelect)
        for name in self.extension_names:
            await self.load_extension(name)
        await self.sync_commands()

    async def sync_commands(self) -> None:
        if self.config.dev_guild_ids:
            for guild_id in self.config.dev_guild_ids:
                guild = discord.Object(guild_id)
                self.tree.copy_global_to(guild=guild)
                await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    async def on_ready(self) -> None:
        log.info("ready as %s in %d servers", self.user, len(self.guilds))


async def run(config: Config) -> None:
    point_at(config)
    db = await open_storage(config)
    bot = TableBot(config, db)
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, lambda: asyncio.ensure_future(bot.close()))
    try:
        await bot.start(config.token)
    except discord.LoginFailure:
        log.error("Discord refused the token: check the setting discord.token.")
    finally:
        if not bot.is_closed():
            await bot.close()
        await db.close()


def main(argv: Sequence[str] = sys.argv[1:]) -> int:
    path = Path(argv[0]) if argv else Path("config.toml")
    try:
        config = load_config(path)
    except ConfigError as error:
        print(error, file=sys.stderr)
        return 2
    logging.basicConfig(
        level=config.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    asyncio.run(run(config))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
