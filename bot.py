"""Entry point: settings -> storage -> bot -> cogs -> run, and a clean shutdown.

``python bot.py [config.toml] [--shard-count N] [--shard-ids ID ...]``: the options override
the settings discord.shard_count and discord.shard_ids, so that several processes can share
one settings file, each running its own range of shards (see ``Procfile.sharded``).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import logging
import signal
import sys
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import aiohttp
import discord
import yarl
from discord.ext import commands

from cogs.app_emojis import AppEmojis
from cogs.dizzle_level_files import read_dizzle_levels
from cogs.table.command_tree import TableTree
from cogs.table.components import TableButton, TableSelect
from cogs.table.direct_messages import DirectMessages
from cogs.table.i18n import FluentTranslator, user_language
from cogs.table.rest_budget import RestBudget, budgeted
from config import Config, ConfigError, load_config, with_shards
from drawing import allocator
from drawing.service import Drawing
from locales import Localizer
from storage import Database, open_storage

__version__ = "0.1.0"
EXTENSIONS = (
    "cogs.table.cog",
    "cogs.table_commands",
    "cogs.help",
    "cogs.timers",
    "cogs.spectate",
    "cogs.history",
    "cogs.dice_stars",
    "cogs.dizzle",
    "cogs.stella",
    "cogs.daily",
)
log = logging.getLogger("tablebot")
# The bot speaks no voice: discord.py's warnings about missing voice libraries only alarm a host.
discord.VoiceClient.warn_nacl = False
discord.VoiceClient.warn_dave = False
# The tasks that run interaction handlers (discord.py's names) and the table's repairs.
HANDLER_TASKS = (
    "CommandTree-invoker",
    "discord-ui-dynamic-item",
    "discord-ui-view-dispatch",
    "table-repair",
)
STOP_PATIENCE = 10.0  # seconds running handlers get to finish when the bot is stopped
DRAWING_THREADS = 1


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
            tree_cls=TableTree,
            **options,  # type: ignore[arg-type]
        )
        self.config = config
        self.db = db
        # Every call made with the bot's token counts against Discord's global limit.
        self.http.request = budgeted(self.http.request, RestBudget())  # type: ignore[method-assign]
        self.loc = Localizer(default=config.default_language)
        self.drawing = Drawing(config.drawing_processes, self.loc)
        self.direct = DirectMessages(self)
        self.app_emojis = AppEmojis(self, self.drawing)
        self.extension_names = tuple(extensions)
        self.version = __version__
        self.stopping = False

    async def refuse_while_stopping(self, interaction: discord.Interaction) -> bool:
        """While stopping, a new interaction is answered "restarting" instead of handled."""
        if not self.stopping:
            return False
        if interaction.type == discord.InteractionType.autocomplete:
            return True
        language = user_language(interaction, self.config.default_language)
        with contextlib.suppress(discord.HTTPException):
            await interaction.response.send_message(
                self.loc.text(language, "table-restarting"), ephemeral=True
            )
        return True

    async def stop_gracefully(self, patience: float = STOP_PATIENCE) -> None:
        """Stop taking interactions, let running handlers finish (bounded), then close."""
        if self.stopping:
            return
        self.stopping = True
        log.info("stopping: finishing the interactions in progress")
        for cog in list(self.cogs.values()):
            stop = getattr(cog, "stop_background", None)
            if stop is not None:
                await stop()
        loop = asyncio.get_running_loop()
        deadline = loop.time() + patience
        while handlers_running() and loop.time() < deadline:
            await asyncio.sleep(0.05)
        if handlers_running():
            log.warning("stopping with interactions still in progress")
        await self.close()

    async def setup_hook(self) -> None:
        # Pictures are drawn in a thread that holds the GIL for long stretches: one, so that the
        # event loop, which answers Discord, is not starved by a crowd of drawers.
        asyncio.get_running_loop().set_default_executor(
            ThreadPoolExecutor(DRAWING_THREADS, thread_name_prefix="drawing")
        )
        await self.tree.set_translator(FluentTranslator(self.loc))
        self.add_dynamic_items(TableButton, TableSelect)
        for name in self.extension_names:
            await self.load_extension(name)
        self.drawing.start()  # now that every game's plugin is registered
        self.app_emojis.start()  # in the background: controls show labels until it is done
        if self.syncs_commands:
            await self.sync_commands()

    async def close(self) -> None:
        self.direct.close()
        await self.app_emojis.stop()
        await super().close()
        self.drawing.close()

    @property
    def syncs_commands(self) -> bool:
        """Only the process running shard 0 syncs: several processes syncing would race."""
        return not self.config.shard_ids or 0 in self.config.shard_ids

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


def handlers_running() -> bool:
    return any(
        not task.done() and task.get_name().startswith(HANDLER_TASKS)
        for task in asyncio.all_tasks()
    )


class ShardedTableBot(TableBot, commands.AutoShardedBot):
    """The same bot on several gateway connections: the shards ``config.shard_ids`` of all."""


def make_bot(
    config: Config, db: Database, extensions: Sequence[str] = EXTENSIONS, **options: object
) -> TableBot:
    """The plain bot, or with ``config.shard_count`` the sharded one (all shards if no ids)."""
    if not config.shard_count:
        return TableBot(config, db, extensions, **options)
    shard_ids = list(config.shard_ids) or None
    return ShardedTableBot(
        config, db, extensions, shard_count=config.shard_count, shard_ids=shard_ids, **options
    )


async def run(config: Config) -> int:
    point_at(config)
    db = await open_storage(config)
    bot = make_bot(config, db)
    loop = asyncio.get_running_loop()
    stopping: list[asyncio.Future[None]] = []
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(
            sig, lambda: stopping.append(asyncio.ensure_future(bot.stop_gracefully()))
        )
    frozen = asyncio.create_task(freeze_when_ready(bot))
    trimming = asyncio.create_task(give_back_freed_memory())
    try:
        problem = await _log_in(bot, config)
        if problem:
            print(problem, file=sys.stderr)
            return 1
        await bot.connect()
    finally:
        frozen.cancel()
        trimming.cancel()
        if not bot.is_closed():
            await bot.close()
        await db.close()
    return 0


async def _log_in(bot: TableBot, config: Config) -> str | None:
    """Log in to Discord's REST API; a sentence naming the setting to check if that failed.

    Once logged in, a lost gateway is discord.py's to reconnect; before, a wrong address or
    token would only be retried in vain, so the start stops (a process manager sees it).
    """
    try:
        await bot.login(config.token)
    except discord.LoginFailure:
        return "Discord refused the token: check the setting discord.token (or DISCORD_TOKEN)."
    except (TimeoutError, OSError, aiohttp.ClientError):
        return (
            f"Cannot reach Discord at {config.api_base}: check the internet connection "
            "or the setting discord.api_base."
        )
    except discord.HTTPException as error:
        return (
            f"Discord at {config.api_base} answered {error.status} instead of logging in: "
            "check the setting discord.api_base."
        )
    return None


def shard_numbers(text: str) -> list[int]:
    """A shard id or a range of them: ``3`` or ``0-3``."""
    first, _, last = text.partition("-")
    try:
        low, high = int(first), int(last or first)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a shard number or range") from None
    return list(range(low, high + 1))


def parse_arguments(argv: Sequence[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="bot.py", description="Run the table bot.")
    parser.add_argument(
        "config", nargs="?", type=Path, help="the settings file (default: config.toml, if any)"
    )
    parser.add_argument(
        "--shard-count", type=int, metavar="N", help="number of shards (discord.shard_count)"
    )
    parser.add_argument(
        "--shard-ids",
        type=shard_numbers,
        nargs="+",
        metavar="ID",
        help="shards this process runs, e.g. 0 1 or 0-3 (discord.shard_ids)",
    )
    return parser.parse_args(argv)


def settings(argv: Sequence[str]) -> Config:
    """The settings file named on the command line, with the command line's shards.

    A server's own Dizzle level files are read now too: a broken one stops the start with its
    sentence, before Discord hears of the bot, instead of failing the Dizzle cog later.
    """
    arguments = parse_arguments(argv)
    ranges = arguments.shard_ids
    shard_ids = None if ranges is None else [n for numbers in ranges for n in numbers]
    if arguments.config is None:  # the default file may be absent: DISCORD_TOKEN then
        config = load_config("config.toml")
    else:
        config = load_config(arguments.config, named=True)
    if config.dizzle_levels_folder is not None:
        read_dizzle_levels(config.dizzle_levels_folder)
    return with_shards(config, arguments.shard_count, shard_ids)


async def give_back_freed_memory() -> None:
    """Now and then, the memory that uploads and pictures freed goes back to the system."""
    while True:
        await asyncio.sleep(allocator.TRIM_SECONDS)
        await asyncio.to_thread(allocator.give_back_freed)


async def freeze_when_ready(bot: commands.Bot) -> None:
    await bot.wait_until_ready()
    gc.collect()
    gc.freeze()


def main(argv: Sequence[str] = sys.argv[1:]) -> int:
    allocator.limit_arenas()
    try:
        config = settings(argv)
    except ConfigError as error:
        print(error, file=sys.stderr)
        return 2
    logging.basicConfig(
        level=config.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    return asyncio.run(run(config))


if __name__ == "__main__":
    raise SystemExit(main())
