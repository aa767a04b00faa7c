"""End to end: the real bot (its own process) against the local emulator of Discord.

Start-up: a database holding 10,000 finished games and a few hundred running ones (stored
through the storage API), the time from spawning ``python bot.py`` until the emulator sees it
logged in, connected and its commands synced, and until it answered a first ``/status``.

The load of many tables at once (all three games, at Discord's pace) is the ``mixed`` area,
:mod:`bench.mixed`.
"""

from __future__ import annotations

import asyncio
import tempfile
import time
from pathlib import Path

from bench import storage
from bench.botprocess import BotProcess
from bench.measure import MB, Figure
from bench.players import BenchDiscord
from tests.emulator import Channel, Guild, User

STARTUP_S = 3
STORED_GAMES = 10_000
RUNNING_GAMES = 300
CHANNELS_PER_GUILD = 25
LOCALES = ("en-US", "de", "fr")


def run(quick: bool, profile: bool = False) -> tuple[list[Figure], dict[str, str]]:
    """Start-up figures (the same in a quick run: one start is quick already)."""
    return asyncio.run(_startup()), {}


# --- the world -------------------------------------------------------------------------------


def _guilds(emu: BenchDiscord, channels: int) -> list[tuple[Guild, Channel]]:
    found: list[tuple[Guild, Channel]] = []
    guild: Guild | None = None
    for index in range(channels):
        if index % CHANNELS_PER_GUILD == 0:
            number = index // CHANNELS_PER_GUILD
            guild = emu.add_guild(f"Guild {number}", locale=LOCALES[number % 3])
        assert guild is not None
        found.append((guild, emu.add_channel(guild, f"table-{index}")))
    return found


def _player(emu: BenchDiscord, guild: Guild, name: str, index: int) -> User:
    user = emu.add_user(name, locale=LOCALES[index % 3])
    emu.add_member(guild, user)
    return user


def _bot(emu: BenchDiscord, folder: Path, database: Path) -> BotProcess:
    return BotProcess(folder, database, emu.bot_token, emu.api_base, emu.gateway_url)


# --- start-up --------------------------------------------------------------------------------


async def _startup() -> list[Figure]:
    figures: list[Figure] = []
    with tempfile.TemporaryDirectory(prefix="bench-startup-") as name:
        folder = Path(name)
        async with BenchDiscord(bot_token="bench-token") as emu:
            places = _guilds(emu, RUNNING_GAMES)
            guild, channel = places[0]
            asker = _player(emu, guild, "asker", 0)
            filled = folder / "stored.sqlite3"
            games = await storage.templates(count_per_title=2)
            # Channel 0 gets a Dice Stars game, so the first /status draws a picture.
            games.sort(key=lambda game: game.kind != "dice_stars")
            opened = [(g.id, c.id) for g, c in places]
            fill_seconds = await storage.fill(filled, STORED_GAMES, opened, games)
            size = _database_mb(filled)
            empty_ready, _, _ = await _start_once(
                emu, folder, folder / "empty.sqlite3", asker, channel
            )
            ready, answered, rss = await _start_once(emu, folder, filled, asker, channel)
    figures += [
        Figure(
            "e2e",
            f"start-up to ready, {STORED_GAMES:,} stored games",
            ready,
            "s",
            STARTUP_S,
            note=(
                f"process spawn -> logged in, gateway READY, commands synced; "
                f"{RUNNING_GAMES} running games; empty database: {empty_ready:.2f} s"
            ),
        ),
        Figure("e2e", "start-up to first answered /status", answered, "s"),
        Figure("e2e", "resident memory after start-up", rss / MB, "MB"),
        Figure(
            "e2e",
            f"filling the database with {STORED_GAMES:,} games",
            fill_seconds,
            "s",
            note=f"{size:.0f} MB on disk, through the storage API",
        ),
    ]
    return figures


def _database_mb(path: Path) -> float:
    """The database file with its WAL and shared-memory files."""
    return sum(p.stat().st_size for p in path.parent.glob(path.name + "*")) / MB


async def _start_once(
    emu: BenchDiscord, folder: Path, database: Path, asker: User, channel: Channel
) -> tuple[float, float, int]:
    """Seconds to ready and to the first answer, and resident bytes, of one bot start."""
    bot = _bot(emu, folder, database)
    start = time.monotonic()
    await bot.start()
    try:
        await emu.wait_for_bot(timeout=60)
        ready = time.monotonic() - start
        ix = await emu.slash(asker, channel, "status", {})
        answered = (ix.responded_at or float("nan")) - start
        await asyncio.sleep(0.5)  # the picture is drawn after the answer
        rss = bot.rss()
    finally:
        await bot.stop()
    return ready, answered, rss
