"""Mixed end-to-end load: what a busy evening of all three games costs the real bot.

The real bot runs in its own process (``python bot.py``, :mod:`bench.botprocess`), fresh for the
run so that its caches are cold, against the emulator of Discord. Tables of Dice Stars, Dizzle
and Stella in the ratio 7 : 2 : 1, each in a channel of its own with two to four simulated
users, are opened with the real slash command and lobby buttons (Join by the guests, Start by
the host) and played by players who click what they see (:mod:`bench.load_tables` says exactly
what a player may press); when a game ends the host opens the next one, so the count of tables
stays and new games keep starting. One global pacer (:mod:`bench.load_pacer`) sends at most 50
interactions a second in all, the pace Discord allows a bot.

Stages of 50, 300 and 1,000 open tables (``mixed``): a stage opens the tables it adds first
(its ramp), plays for a fixed time, then sends nothing for a quiet period before its figures are
taken. ``stella-load`` is one stage of Stella tables alone with a fresh bot process: the game
whose secret marking in DMs makes the most messages per move.

The bot's data folder is that of an installation that has run before: its database is new,
but Stella's painted deck is already on disk (``painted-cards``, painted by the first start of
any installation). The process is fresh all the same, so it holds no card, grid or text in
memory: every round is new to it.

Per stage:

- **first answer** p50/p99: INTERACTION_CREATE sent -> the bot's first callback arrived;
- **next picture** p50/p99: for a click that leads to a picture (Start, a game control,
  Designate, My slate; not when refused), the click -> the first message or edit carrying a
  picture that the clicking player sees (channel, their DM, their ephemerals); none within
  10 s counts as missing;
- **answers after 3 s**: interactions without an accepted callback within Discord's 3 s;
- **Discord limits broken**: the emulator's violations (a late answer is counted above, not
  here) and seconds in which the bot's own REST calls went over 50;
- **stuck tables**, counted after the quiet period: an open game in which no seated player may
  press anything (no enabled control on the newest message with controls of that game in the
  channel, their DM or their ephemerals, leaving out a message on which the bot refused their
  click until it changes; a lobby whose Start never enables; a ``/new`` that got no lobby three
  times) and no message in its places was made or edited for 10 s; the figure's note names a
  few with why;
- the bot's REST calls per second (those Discord counts), resident memory at the stage's end
  (and the peak), bot CPU seconds per interaction sent in the stage (its whole CPU time during
  the stage, quiet period included), interactions per game and kind;
- the load generator's own CPU (the emulator and the players share this process) and how late
  its event loop ran: if either is high, the figures above say more about the generator than
  about the bot.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import os
import pstats
import random
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from bench import rest_calls
from bench.botprocess import BotProcess
from bench.load_pacer import PICTURE_WAIT, Pacer, Sample, opening
from bench.load_tables import STUCK_AFTER, LoadTable
from bench.measure import MB, Figure, host_busy_seconds, median, ms, own_cpu_seconds, p99
from bench.players import CALLBACK_WAIT, BenchDiscord
from cogs.stella import PAINTED_FOLDER
from rendering import stella_cards
from rendering.stella import CARD_WIDTH
from rendering.stella_deck import PaintedDeck
from tests.emulator import Channel, Guild, Message, User, Violation


def _folder(prefix: str) -> contextlib.AbstractContextManager[str]:
    """The bot's folder; BENCH_KEEP=1 keeps it (database and log) to look at afterwards."""
    if os.environ.get("BENCH_KEEP"):
        return contextlib.nullcontext(tempfile.mkdtemp(prefix=prefix))
    return tempfile.TemporaryDirectory(prefix=prefix)


def _paint_deck(folder: Path) -> None:
    """What an earlier start of the bot left in its data folder: the painted deck."""
    deck = PaintedDeck(folder)
    for card in range(stella_cards.DECK_SIZE):
        deck.paint_ahead(card, CARD_WIDTH)


RATE = 50  # interactions per second in all, Discord's global pace
MIX = ("dicestars",) * 7 + ("dizzle",) * 2 + ("stella",)
PLAYERS = {"dicestars": (2, 3), "dizzle": (2, 3), "stella": (3, 4)}  # seats per table, at random
STAGES = ((50, 60.0), (300, 60.0), (1000, 60.0))
QUICK_STAGES = ((50, 20.0), (300, 20.0))
STELLA_STAGE = (100, 60.0)
STELLA_QUICK = (50, 20.0)
RAMP_BASE, RAMP_PER_TABLE = 20.0, 0.12  # seconds to open a stage's new tables, at most
QUIET = STUCK_AFTER + 1.0
FIRST_P99_MS = 150
PICTURE_P99_MS = 300
RSS_LIMIT_MB = 150
CPU_PER_INTERACTION_MS = 10
DEADLINE = 3.0
CHANNELS_PER_GUILD = 25
LOCALES = ("en-US", "de", "fr")
EXAMPLES = 3


def run_mixed(quick: bool, profile: bool = False) -> tuple[list[Figure], dict[str, str]]:
    stages = QUICK_STAGES if quick else STAGES
    return asyncio.run(load("mixed", MIX, stages, profile))


def run_stella(quick: bool, profile: bool = False) -> tuple[list[Figure], dict[str, str]]:
    stage = STELLA_QUICK if quick else STELLA_STAGE
    return asyncio.run(load("stella-load", ("stella",), (stage,), profile))


# --- the world -------------------------------------------------------------------------------


class World:
    """Guilds, channels and users of the tables; hands every bot message to its table."""

    def __init__(self, emu: BenchDiscord) -> None:
        self.emu = emu
        self.tables: list[LoadTable] = []
        self._by_channel: dict[int, LoadTable] = {}
        self._by_user: dict[int, LoadTable] = {}
        self._guild: Guild | None = None
        emu.on_message = self._hand_over

    def grow(self, count: int, mix: Sequence[str]) -> list[LoadTable]:
        """Tables up to ``count`` (kinds in the mix's ratio, seats at random, all seeded)."""
        added = []
        for index in range(len(self.tables), count):
            kind = mix[index % len(mix)]
            channel = self._channel(index)
            low, high = PLAYERS[kind]
            seats = random.Random(index).randint(low, high)
            users = [self._user(channel, f"{kind}{index}-{n}", index + n) for n in range(seats)]
            table = LoadTable(kind, channel, users[0], users[1:], seed=index)
            self.tables.append(table)
            self._by_channel[channel.id] = table
            for user in users:
                self._by_user[user.id] = table
            added.append(table)
        return added

    def _channel(self, index: int) -> Channel:
        if index % CHANNELS_PER_GUILD == 0 or self._guild is None:
            number = index // CHANNELS_PER_GUILD
            self._guild = self.emu.add_guild(f"Guild {number}", locale=LOCALES[number % 3])
        return self.emu.add_channel(self._guild, f"table-{index}")

    def _user(self, channel: Channel, name: str, index: int) -> User:
        user = self.emu.add_user(name, locale=LOCALES[index % 3])
        assert channel.guild is not None
        self.emu.add_member(channel.guild, user)
        return user

    def _hand_over(self, event: str, message: Message) -> None:
        channel = message.channel
        if channel.is_dm:
            recipient = channel.recipient
            table = self._by_user.get(recipient.id) if recipient else None
        else:
            table = self._by_channel.get(channel.id)
        if table is not None:
            table.see(message, created=event == "MESSAGE_CREATE")


# --- one run: a bot process, its stages ------------------------------------------------------


async def load(
    area: str,
    mix: Sequence[str],
    stages: Sequence[tuple[int, float]],
    profile: bool,
    quiet: float = QUIET,
) -> tuple[list[Figure], dict[str, str]]:
    """One bot process through ``stages`` of (open tables, seconds of play)."""
    figures: list[Figure] = []
    with _folder(f"bench-{area}-") as name:
        folder = Path(name)
        _paint_deck(folder / PAINTED_FOLDER)
        async with BenchDiscord(bot_token="bench-token") as emu:
            world = World(emu)
            bot = BotProcess(
                folder, folder / "tables.sqlite3", emu.bot_token, emu.api_base, emu.gateway_url
            )
            await bot.start(profile=profile)
            sampler = asyncio.create_task(_sample_rss(bot))
            try:
                await emu.wait_for_bot(timeout=60)
                pacer = Pacer(emu, RATE, seed=len(stages))
                for count, seconds in stages:
                    added = world.grow(count, mix)
                    pacer.add(added)
                    stage = await _stage(emu, bot, pacer, added, seconds, quiet)
                    figures += _figures(area, stage)
            finally:
                sampler.cancel()
                await bot.stop()
        errors = bot.errors()
        figures += [
            Figure(
                area,
                "peak resident memory of the bot",
                bot.peak_rss / MB,
                "MB",
                RSS_LIMIT_MB,
                note="the whole run: the bot with its drawing worker (PSS), every 0.5 s; "
                + bot.peak_note(),
            ),
            Figure(
                area,
                "errors the bot logged",
                len(errors),
                "lines",
                0,
                note=errors[0][:150] if errors else "",
            ),
        ]
        profiles = {f"bot, {area}": _profile_text(bot.profile)} if profile else {}
    return figures, profiles


@dataclass
class Stage:
    """What one stage measured, before it becomes figures."""

    count: int
    seconds: float  # of play after the ramp
    ramp: float
    sending: float  # ramp and play
    elapsed: float  # quiet period included
    sent: int
    samples: list[Sample]
    failures: list[str]
    broken: list[Violation]
    seconds_over: int
    peak_calls: int
    routes: Counter[str]
    all_calls: int
    rss: int
    peak_rss: int
    cpu: float  # the bot's process and its drawing worker
    worker_cpu: float
    worker_pss: int
    bot_pss: int
    worker_anon: int  # of it, the heap
    bot_anon: int
    driver_cpu: float  # the emulator and the simulated players (this process)
    others_cpu: float  # every other process on the host: noise in the figures
    lags: list[float]
    stuck: list[str]
    games_started: int
    games_finished: int
    tables_by_kind: Counter[str] = field(default_factory=Counter)


async def _stage(
    emu: BenchDiscord,
    bot: BotProcess,
    pacer: Pacer,
    added: list[LoadTable],
    seconds: float,
    quiet: float,
) -> Stage:
    tables = pacer.tables
    violations_before, requests_before = len(emu.violations), len(emu.requests)
    samples_before, failures_before = len(pacer.samples), len(pacer.failures)
    started_before = sum(t.games_started for t in tables)
    finished_before = sum(t.games_finished for t in tables)
    cpu_before, worker_before = bot.cpu_seconds(), bot.worker_cpu_seconds()
    driver_before, host_before = own_cpu_seconds(), host_busy_seconds()
    lags: list[float] = []
    watcher = asyncio.create_task(_watch_lag(lags))
    start = time.monotonic()
    sent = await pacer.play(
        RAMP_BASE + RAMP_PER_TABLE * len(added),
        until=lambda: not any(opening(t) for t in added),
        opening_first=True,
    )
    ramp = time.monotonic() - start
    sent += await pacer.play(seconds)
    stopped = time.monotonic()
    await pacer.drain()
    await asyncio.sleep(max(0.0, quiet - (time.monotonic() - stopped)))
    now = time.monotonic()
    stuck = [reason for t in tables if (reason := t.stuck_reason(now))]
    cpu = bot.cpu_seconds() - cpu_before
    worker_cpu = bot.worker_cpu_seconds() - worker_before
    driver = own_cpu_seconds() - driver_before
    others = host_busy_seconds() - host_before - cpu - driver
    watcher.cancel()
    rss = bot.rss()
    worker_pss = sum(size for pid, size in bot.pss_parts.items() if pid != bot.pid)
    bot_pss = bot.pss_parts.get(bot.pid, 0)
    worker_anon = sum(size for pid, size in bot.anon_parts.items() if pid != bot.pid)
    bot_anon = bot.anon_parts.get(bot.pid, 0)
    requests = emu.requests[requests_before:]
    return Stage(
        count=len(tables),
        seconds=seconds,
        ramp=ramp,
        sending=stopped - start,
        elapsed=now - start,
        sent=sent,
        samples=pacer.samples[samples_before:],
        failures=pacer.failures[failures_before:],
        broken=emu.violations[violations_before:],
        seconds_over=rest_calls.seconds_over_limit(requests, start),
        peak_calls=rest_calls.peak_rate(requests),
        routes=rest_calls.routes(requests, start, now),
        all_calls=len(requests),
        rss=rss,
        peak_rss=bot.peak_rss,
        cpu=cpu,
        worker_cpu=worker_cpu,
        worker_pss=worker_pss,
        bot_pss=bot_pss,
        worker_anon=worker_anon,
        bot_anon=bot_anon,
        driver_cpu=driver,
        others_cpu=max(0.0, others),
        lags=lags,
        stuck=stuck,
        games_started=sum(t.games_started for t in tables) - started_before,
        games_finished=sum(t.games_finished for t in tables) - finished_before,
        tables_by_kind=Counter(t.kind for t in tables),
    )


# --- figures ---------------------------------------------------------------------------------


def _slowest_kinds(samples: Sequence[Sample], shown: int = 3) -> str:
    """The click kinds whose pictures came last (game and verb, p99 and count)."""
    by_kind: dict[str, list[float]] = {}
    for s in samples:
        if s.expects_picture:
            waited = PICTURE_WAIT if s.picture_in is None else s.picture_in
            by_kind.setdefault(f"{s.game} {s.verb}", []).append(waited)
    ranked = sorted(by_kind.items(), key=lambda item: -p99(item[1]))[:shown]
    return ", ".join(f"{kind} {ms(p99(times)):,.0f} ms ({len(times)})" for kind, times in ranked)


def _figures(area: str, run: Stage) -> list[Figure]:
    samples = run.samples
    # Unanswered and missing count at the longest the players wait: a p99 past them is honest.
    first = [CALLBACK_WAIT if s.answered_in is None else s.answered_in for s in samples]
    expected = sum(1 for s in samples if s.expects_picture)
    shown = [s.picture_in for s in samples if s.picture_in is not None]
    pictures = [*shown, *[PICTURE_WAIT] * (expected - len(shown))]
    late = [s for s in samples if s.answered_in is None or s.answered_in > DEADLINE]
    refused = sum(1 for s in samples if s.refused)
    answers = Counter(s.answer for s in samples if s.refused and s.answer).most_common(3)
    lateness = [v for v in run.broken if v.rule == "late_response"]
    broken = [v for v in run.broken if v.rule != "late_response"]
    rules = Counter(v.rule for v in broken)
    kinds = ", ".join(f"{k} {n}" for k, n in sorted(run.tables_by_kind.items()))
    prefix = f"{run.count} tables" if area == "mixed" else f"Stella alone, {run.count} tables"
    interactions = max(run.sent, 1)
    return [
        Figure(
            area,
            f"{prefix}: interactions sent",
            run.sent,
            "",
            note=(
                f"{run.sent / run.sending:.1f}/s in {run.sending:.0f} s (paced at {RATE}/s; "
                f"ramp {run.ramp:.0f} s, then {run.seconds:.0f} s of play); tables: {kinds}; "
                f"games started {run.games_started}, finished {run.games_finished}; "
                + _kinds_note(samples)
            ),
        ),
        Figure(area, f"{prefix}: first answer, median", ms(median(first)), "ms"),
        Figure(
            area,
            f"{prefix}: first answer, p99",
            ms(p99(first)),
            "ms",
            FIRST_P99_MS,
            note="INTERACTION_CREATE sent -> the bot's first callback arrived",
        ),
        Figure(area, f"{prefix}: next picture, median", ms(median(pictures)), "ms"),
        Figure(
            area,
            f"{prefix}: next picture, p99",
            ms(p99(pictures)),
            "ms",
            PICTURE_P99_MS,
            note=(
                f"click -> first picture the player sees; {expected} clicks led to one, "
                f"{expected - len(shown)} of them showed none within 10 s (counted as 10 s); "
                f"slowest kinds (p99): {_slowest_kinds(samples)}"
            ),
        ),
        Figure(
            area,
            f"{prefix}: answers after 3 s",
            len(late),
            "",
            0,
            note=(
                f"{len(lateness)} callbacks came too late; answered privately (out of date, "
                f"not your turn, busy): {refused}, mostly {answers}; clicks on a control gone "
                f"meanwhile: {len(run.failures)}"
                + (f" ({run.failures[0][:120]})" if run.failures else "")
            ),
        ),
        Figure(
            area,
            f"{prefix}: Discord limits broken",
            len(broken) + run.seconds_over,
            "",
            0,
            note=f"emulator: {dict(rules) or 'none'}; seconds over {RATE} REST calls: "
            f"{run.seconds_over}",
        ),
        Figure(
            area,
            f"{prefix}: stuck tables",
            len(run.stuck),
            "",
            0,
            note=(
                f"after a quiet period: open game, nothing any seated player may press, "
                f"nothing changed for {STUCK_AFTER:.0f} s. " + " | ".join(run.stuck[:EXAMPLES])
            ),
        ),
        Figure(
            area,
            f"{prefix}: bot REST calls per second",
            sum(run.routes.values()) / run.elapsed,
            "/s",
            note=(
                f"counted by Discord, over {run.elapsed:.0f} s; peak {run.peak_calls} in 1 s; "
                f"{run.all_calls} calls with callbacks and webhooks; "
                + rest_calls.calls_note(run.routes, run.sent)
            ),
        ),
        Figure(
            area,
            f"{prefix}: resident memory at the end",
            run.rss / MB,
            "MB",
            RSS_LIMIT_MB,
            note=(
                f"the bot and its drawing worker, shared pages once (PSS): bot "
                f"{run.bot_pss / MB:.0f} MB ({run.bot_anon / MB:.0f} heap), worker "
                f"{run.worker_pss / MB:.0f} MB ({run.worker_anon / MB:.0f} heap); "
                f"peak so far {run.peak_rss / MB:.0f} MB"
            ),
        ),
        Figure(
            area,
            f"{prefix}: bot CPU per interaction",
            ms(run.cpu / interactions),
            "ms",
            CPU_PER_INTERACTION_MS,
            note=(
                f"{run.cpu:.1f} s CPU / {run.sent} interactions, of which the drawing worker "
                f"{ms(run.worker_cpu / interactions):.1f} ms; "
                f"{100 * run.cpu / run.elapsed:.0f} % of a core over {run.elapsed:.0f} s"
            ),
        ),
        Figure(
            area,
            f"{prefix}: load generator CPU",
            100 * run.driver_cpu / run.elapsed,
            "% of a core",
            note=(
                f"emulator and players; its event loop late by {ms(median(run.lags)):.0f} ms "
                f"median, {ms(p99(run.lags)):.0f} ms p99, {ms(max(run.lags, default=0)):.0f} ms "
                "at most (a stall bunches the bot's calls as Discord sees them); other "
                "processes on the host "
                f"{100 * run.others_cpu / run.elapsed:.0f} % of a core"
            ),
        ),
    ]


def _kinds_note(samples: Sequence[Sample]) -> str:
    counts = Counter(f"{s.game} {s.kind}" for s in samples)
    return "per kind: " + ", ".join(f"{name} {n}" for name, n in sorted(counts.items()))


# --- sampling --------------------------------------------------------------------------------


async def _sample_rss(bot: BotProcess) -> None:
    while True:
        bot.rss()
        await asyncio.sleep(0.5)


async def _watch_lag(lags: list[float], every: float = 0.05) -> None:
    """How much later than asked this process's event loop wakes up (a busy generator)."""
    loop = asyncio.get_running_loop()
    while True:
        asked = loop.time() + every
        await asyncio.sleep(every)
        lags.append(max(0.0, loop.time() - asked))


def _profile_text(path: Path, lines: int = 30) -> str:
    if not path.exists():
        return ""
    out = io.StringIO()
    stats = pstats.Stats(str(path), stream=out)
    stats.strip_dirs().sort_stats("tottime").print_stats(lines)
    stats.sort_stats("cumulative").print_stats(lines)
    return out.getvalue()
