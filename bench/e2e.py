"""End to end: the real bot (its own process) against the local emulator of Discord.

Start-up: a database holding 10,000 finished games and a few hundred running ones (stored
through the storage API), the time from spawning ``python bot.py`` until the emulator sees it
logged in, connected and its commands synced, and until it answered a first ``/status``.

Load: N channels with a Dice Stars table each (two players; opened, joined and started with
the real slash command and lobby buttons), then players press buttons across all tables at
Discord's global pace of 50 interactions per second for a fixed time. Per interaction: the time
from the emulator sending INTERACTION_CREATE to the bot's initial callback arriving (the
figure with the target), and until the table's next picture and controls were posted. Also the
Discord rules broken (the emulator's violations, and seconds in which the bot's own REST calls
went over 50; interaction callbacks and webhooks do not count against that limit), the bot's
resident memory and CPU time.
"""

from __future__ import annotations

import asyncio
import io
import pstats
import random
import re
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from bench import storage
from bench.botprocess import BotProcess
from bench.measure import MB, Figure, host_busy_seconds, median, ms, own_cpu_seconds, p99
from bench.players import BenchDiscord, BenchTable, Pacer, Sample
from tests.emulator import Channel, Guild, Message, User, Violation

RATE = 50  # interactions per second, Discord's global pace
RESPONSE_P99_MS = 150
RSS_LIMIT_MB = 150
STARTUP_S = 3
STORED_GAMES = 10_000
RUNNING_GAMES = 300
CHANNELS_PER_GUILD = 25
LOCALES = ("en-US", "de", "fr")
ID = re.compile(r"\d{5,}")
FREE_ROUTES = ("/interactions/", "/webhooks/")  # not under the global rate limit


def run(quick: bool, profile: bool = False) -> tuple[list[Figure], dict[str, str]]:
    return asyncio.run(_run(quick, profile))


async def _run(quick: bool, profile: bool) -> tuple[list[Figure], dict[str, str]]:
    figures = await _startup()
    profiles: dict[str, str] = {}
    loads = ((100, 20.0),) if quick else ((100, 60.0), (1000, 60.0))
    for tables, seconds in loads:
        found, profile_text = await _load(tables, seconds, profile)
        figures += found
        if profile_text:
            profiles[f"bot with {tables} tables"] = profile_text
    return figures, profiles


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


# --- many tables at once ---------------------------------------------------------------------


async def _load(count: int, seconds: float, profile: bool) -> tuple[list[Figure], str]:
    with tempfile.TemporaryDirectory(prefix="bench-load-") as name:
        folder = Path(name)
        async with BenchDiscord(bot_token="bench-token") as emu:
            tables = _tables(emu, count)
            bot = _bot(emu, folder, folder / "tables.sqlite3")
            await bot.start(profile=profile)
            try:
                await emu.wait_for_bot(timeout=60)
                setup = await _set_up(emu, tables)
                figures = [*_load_figures(await _measure(emu, bot, tables, seconds)), setup]
            finally:
                await bot.stop()
        errors = bot.errors()
        figures.append(
            Figure(
                "e2e",
                f"{count} tables: errors the bot logged",
                len(errors),
                "lines",
                0,
                note=errors[0][:150] if errors else "",
            )
        )
        profile_text = _profile_text(bot.profile) if profile else ""
    return figures, profile_text


def _tables(emu: BenchDiscord, count: int) -> list[BenchTable]:
    """``count`` channels with a host and a guest each; the bot's messages reach their table."""
    tables = [
        BenchTable(
            channel,
            _player(emu, guild, f"host{index}", index),
            _player(emu, guild, f"guest{index}", index + 1),
            random.Random(index),
        )
        for index, (guild, channel) in enumerate(_guilds(emu, count))
    ]
    by_channel = {table.channel.id: table for table in tables}

    def hand_over(message: Message) -> None:
        table = by_channel.get(message.channel.id)
        if table is not None:
            table.see(message)

    emu.on_message = hand_over
    return tables


async def _set_up(emu: BenchDiscord, tables: list[BenchTable]) -> Figure:
    """Every table opened, joined and started, at the same pace as the play after it."""
    start = time.monotonic()
    setup = Pacer(emu, tables, RATE)
    await setup.play(
        600,
        until=lambda: all(table.playing for table in tables),
        first=lambda table: not table.playing,
    )
    return Figure(
        "e2e",
        f"{len(tables)} tables: setting up (slash command, join, start)",
        time.monotonic() - start,
        "s",
        note=f"{len(setup.samples)} interactions at {RATE}/s, not in the figures",
    )


@dataclass
class LoadRun:
    """What one load run measured, before it becomes figures."""

    count: int
    seconds: float
    elapsed: float
    samples: list[Sample]
    failures: int
    broken: list[Violation]
    seconds_over: int
    peak_calls: int
    routes: Counter[str]
    rss: int
    peak_rss: int
    cpu: float
    driver_cpu: float  # the emulator and the simulated players (this process)
    others_cpu: float  # every other process on the host: noise in the figures
    games: int


async def _measure(
    emu: BenchDiscord, bot: BotProcess, tables: list[BenchTable], seconds: float
) -> LoadRun:
    violations_before = len(emu.violations)
    requests_before = len(emu.requests)
    games_before = sum(t.games for t in tables)
    cpu_before = bot.cpu_seconds()
    driver_before, host_before = own_cpu_seconds(), host_busy_seconds()
    sampler = asyncio.create_task(_sample_rss(bot))
    pacer = Pacer(emu, tables, RATE)
    start = time.monotonic()
    await pacer.play(seconds)
    elapsed = time.monotonic() - start
    cpu = bot.cpu_seconds() - cpu_before
    driver = own_cpu_seconds() - driver_before
    others = host_busy_seconds() - host_before - cpu - driver
    rss = bot.rss()
    sampler.cancel()
    requests = emu.requests[requests_before:]
    return LoadRun(
        count=len(tables),
        seconds=seconds,
        elapsed=elapsed,
        samples=[s for s in pacer.samples if start <= s.sent_at <= start + seconds],
        failures=len(pacer.failures),
        broken=emu.violations[violations_before:],
        seconds_over=_seconds_over_limit(requests, start),
        peak_calls=_peak_rate(requests),
        routes=Counter(
            f"{r.method} {ID.sub('{id}', r.path)}"
            for r in requests
            if start <= r.time <= start + seconds and not r.path.startswith(FREE_ROUTES)
        ),
        rss=rss,
        peak_rss=bot.peak_rss,
        cpu=cpu,
        driver_cpu=driver,
        others_cpu=max(0.0, others),
        games=sum(t.games for t in tables) - games_before,
    )


def _load_figures(run: LoadRun) -> list[Figure]:
    sent = run.samples
    first = [s.responded_in for s in sent if s.responded_in is not None]
    settled = [s.settled_in for s in sent if s.settled_in is not None]
    unanswered = sum(1 for s in sent if s.responded_in is None)
    refused = sum(1 for s in sent if s.refused and s.responded_in is not None)
    rules = sorted({v.rule for v in run.broken})
    prefix = f"{run.count} tables"
    return [
        Figure(
            "e2e",
            f"{prefix}: interactions per second",
            len(sent) / run.seconds,
            "/s",
            note=f"{len(sent)} in {run.seconds:.0f} s, paced at {RATE}/s; {run.games} games ended",
        ),
        Figure("e2e", f"{prefix}: first response, median", ms(median(first)), "ms"),
        Figure(
            "e2e",
            f"{prefix}: first response, p99",
            ms(p99(first)),
            "ms",
            RESPONSE_P99_MS,
            note="INTERACTION_CREATE sent -> initial callback arrived",
        ),
        Figure(
            "e2e", f"{prefix}: next picture and controls posted, median", ms(median(settled)), "ms"
        ),
        Figure(
            "e2e",
            f"{prefix}: next picture and controls posted, p99",
            ms(p99(settled)),
            "ms",
            RESPONSE_P99_MS,
            note="INTERACTION_CREATE sent -> the table's new message or edit arrived",
        ),
        Figure(
            "e2e",
            f"{prefix}: Discord limit violations",
            len(run.broken) + run.seconds_over + unanswered,
            "",
            0,
            note=(
                f"emulator: {len(run.broken)} {rules}; seconds over {RATE} REST calls: "
                f"{run.seconds_over}; unanswered within 3 s: {unanswered}; private refusals: "
                f"{refused}; driver failures: {run.failures}"
            ),
        ),
        Figure(
            "e2e",
            f"{prefix}: peak bot REST calls in 1 s",
            run.peak_calls,
            "calls",
            RATE,
            note=_calls_note(run.routes, len(sent)),
        ),
        Figure(
            "e2e",
            f"{prefix}: resident memory",
            run.rss / MB,
            "MB",
            RSS_LIMIT_MB,
            note=f"peak {run.peak_rss / MB:.0f} MB",
        ),
        Figure(
            "e2e",
            f"{prefix}: bot CPU",
            100 * run.cpu / run.elapsed,
            "% of a core",
            note=(
                f"{run.cpu:.1f} s CPU in {run.elapsed:.1f} s; emulator and players "
                f"{100 * run.driver_cpu / run.elapsed:.0f} %, other processes on the host "
                f"{100 * run.others_cpu / run.elapsed:.0f} % of a core"
            ),
        ),
    ]


def _calls_note(routes: Counter[str], interactions: int) -> str:
    """Counted REST calls per interaction, by route."""
    per = max(interactions, 1)
    parts = [f"{route} {calls / per:.2f}" for route, calls in routes.most_common(4)]
    return f"{sum(routes.values()) / per:.2f} per interaction: " + ", ".join(parts)


async def _sample_rss(bot: BotProcess) -> None:
    while True:
        bot.rss()
        await asyncio.sleep(0.5)


def _counted(requests: Sequence) -> list[float]:
    return sorted(r.time for r in requests if not r.path.startswith(FREE_ROUTES))


def _seconds_over_limit(requests: Sequence, start: float) -> int:
    """Whole seconds (from ``start``) in which the bot made more than 50 counted calls."""
    buckets: dict[int, int] = {}
    for moment in _counted(requests):
        second = int(moment - start)
        buckets[second] = buckets.get(second, 0) + 1
    return sum(1 for calls in buckets.values() if calls > RATE)


def _peak_rate(requests: Sequence) -> int:
    """The most counted calls within any sliding second."""
    times = _counted(requests)
    peak, first = 0, 0
    for last, moment in enumerate(times):
        while moment - times[first] > 1.0:
            first += 1
        peak = max(peak, last - first + 1)
    return peak


def _profile_text(path: Path, lines: int = 30) -> str:
    if not path.exists():
        return ""
    out = io.StringIO()
    stats = pstats.Stats(str(path), stream=out)
    stats.strip_dirs().sort_stats("tottime").print_stats(lines)
    stats.sort_stats("cumulative").print_stats(lines)
    return out.getvalue()
