"""The daily challenge on Discord: ``/dicestars daily``, ``/dizzle daily`` and ``/daily``.

Today's game (the same dice for everyone: :mod:`games.daily`) is a solo table in the player's
DM with the bot, wherever they asked for it: a phone keeps it one tap away, and nothing of the
running puzzle is shown where others read. The command's answer is private and leads there.
When the game ends, the channel where it was asked for gets one spoiler-free line: the score,
the rank among today's players of that server and of all, and the emoji picture of
:mod:`screens.daily`. ``/daily`` shows the day's leaderboards of the server, yesterday's
winners and the player's streaks, privately unless the player shares them.

Choices where the game's rules are silent:

- an attempt counts from its start (the day's first roll is its first move): a second
  ``daily`` the same day answers privately with that attempt, never with a second game;
- an attempt not finished by midnight UTC ends then with the score its sheet shows: its table
  takes no more moves and closes (just after midnight, and whenever a ``daily`` command is
  used, by whichever process comes first);
- the DM holds one table at a time: the other game's daily waits until this one ends;
- a daily started in a DM is ranked among all players only (it belongs to no server).
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import logging
import time
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs import daily_day
from cogs.table.cog import TableAddon
from cogs.table.delivery import answer_privately
from cogs.table.i18n import T
from cogs.table.layout import HOUSE_ACCENT, accent_of, card_view, headed, notice_view
from cogs.table.outages import discord_outage
from games import daily
from games import table as tables
from games.table import Table
from screens.daily import board_lines, emoji_grid, final_score, share_line
from storage import ChannelBusy, DailyEntry, DailyTaken, GameRecord

if TYPE_CHECKING:
    from bot import TableBot
    from cogs.table.cog import TableCog
    from cogs.table.plugin import GamePlugin

log = logging.getLogger(__name__)
NO_PINGS = discord.AllowedMentions.none()
BOARD_SIZE = 10
SECONDS_A_DAY = 86400  # a UTC day: Unix time has no leap seconds
MIDNIGHT_MARGIN = 5.0  # seconds after midnight, so that every clock agrees the day changed


def dm_link(channel_id: int) -> str:
    return f"https://discord.com/channels/@me/{channel_id}"


class DailyCog(TableAddon):
    def __init__(self, bot: TableBot) -> None:
        self.bot = bot

    # ---- starting (or finding) today's attempt -------------------------------------------

    async def start(self, interaction: discord.Interaction, plugin: GamePlugin) -> None:
        """``/<game> daily``: today's game in the player's DM, or their attempt of today."""
        cog, db, user = self.table, self.bot.db, interaction.user
        lang = cog.lang(interaction)
        day = daily_day.utc_today()
        await self.settle(day)
        entry = await db.daily_entry(plugin.kind, day.isoformat(), user.id)
        if entry is not None:
            await self.answer_attempt(interaction, plugin, entry, lang)
            return
        level = daily.daily_level(plugin.kind, day)
        settings = {option.name: option.default for option in plugin.info.options}
        if level:
            if level not in getattr(plugin, "levels", {}):
                await cog.tell(interaction, "daily-no-level", level=level)
                return
            settings["level"] = level
        await interaction.response.defer(ephemeral=True, thinking=True)
        title = plugin.title(self.bot.loc, lang)
        try:
            dm = await self.bot.direct.channel(user.id)
        except discord.HTTPException:
            await self._private(interaction, lang, "daily-no-dm")
            return
        if await db.open_game(dm.id) is not None:  # the other game's daily, still running
            await self._private(interaction, lang, "daily-dm-busy", link=dm_link(dm.id))
            return
        try:
            # Said before anything is kept: with DMs closed, no attempt is used up. Silent: the
            # first turn, right after it, is the one notification of the start.
            intro = self.bot.loc.text(lang, "daily-dm-intro", game=title, day=day.isoformat())
            await dm.send(view=notice_view(intro, accent_of(plugin.kind)), silent=True)
        except discord.HTTPException:
            await self._private(interaction, lang, "daily-no-dm")
            return
        table = tables.open_table(plugin.kind, user.id, user.display_name, lang, settings)
        table.seats[0].language = lang
        table.turn_minutes = 0  # the day's end is the only clock
        table.daily = day.isoformat()
        table.daily_channel = (interaction.channel_id or 0) if interaction.guild_id else 0
        tables.start(table, plugin.info, user.id, seed=daily.daily_seed(plugin.kind, level, day))
        table.changed = table.shown = 1  # no lobby: the first turn is the first thing shown
        async with cog.queue(dm.id):
            try:
                record = await db.create_daily_game(
                    kind=plugin.kind,
                    day=table.daily,
                    user_id=user.id,
                    name=user.display_name,
                    level=level,
                    guild_id=interaction.guild_id,
                    channel_id=dm.id,
                    snapshot=table.to_json(),
                )
            except DailyTaken:  # started a moment ago, through another process
                entry = await db.daily_entry(plugin.kind, table.daily, user.id)
                if entry is not None:
                    await self.answer_attempt(interaction, plugin, entry, lang)
                return
            except ChannelBusy:
                await self._private(interaction, lang, "daily-dm-busy", link=dm_link(dm.id))
                return
            cog.remember(record)
            await cog.start_game(None, plugin, record, table, plugin.new_state(table))
        await self._private(interaction, lang, "daily-started", link=dm_link(dm.id))

    async def answer_attempt(
        self, interaction: discord.Interaction, plugin: GamePlugin, entry: DailyEntry, lang: str
    ) -> None:
        """A second ``daily`` the same day: the result, or the way back to the running game."""
        if not entry.ended:
            record = await self.bot.db.load_game(entry.game_id)
            if record is not None and record.status in (tables.LOBBY, tables.ACTIVE):
                key, link = "daily-resume", dm_link(record.channel_id)
                await self._private(interaction, lang, key, link=link)
                return
            if record is not None:  # it ended, and its end was not noted yet
                await self.end_attempt(record, Table.from_json(record.snapshot))
            entry = await self.bot.db.daily_of_game(entry.game_id) or entry
        result = await self.result_text(entry, lang)
        await answer_privately(interaction, "", card_view(headed(result), accent_of(plugin.kind)))

    async def _private(
        self, interaction: discord.Interaction, lang: str, key: str, **args: Any
    ) -> None:
        await answer_privately(interaction, self.bot.loc.text(lang, key, **args))

    # ---- the end of an attempt ---------------------------------------------------------

    async def cog_load(self) -> None:
        self.table.end_followers.append(self.end_attempt)
        self.table.move_guards.append(self.day_over)
        self._midnight = asyncio.create_task(self._settle_each_midnight(), name="daily-midnight")

    async def cog_unload(self) -> None:
        self._midnight.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._midnight
        table = self.table  # gone already when the bot closes its table first
        if table is not None:
            if self.end_attempt in table.end_followers:
                table.end_followers.remove(self.end_attempt)
            if self.day_over in table.move_guards:
                table.move_guards.remove(self.day_over)

    def day_over(self, table: Table) -> str | None:
        """A daily game takes no move once its day ended: it counts as it stood at midnight."""
        if table.daily and table.daily < daily_day.utc_today().isoformat():
            return "daily-day-over"
        return None

    async def _settle_each_midnight(self) -> None:
        """Ends the day's unfinished attempts just after each midnight UTC (and once at start,
        for a day that ended while the bot was away); every process may: each ends once."""
        await self.bot.wait_until_ready()
        while True:
            try:
                await self.settle(daily_day.utc_today())
            except Exception as error:
                if not self.table.outage_noted(error, "the daily's midnight"):
                    log.exception("the unfinished dailies were not ended")
            now = time.time()
            await asyncio.sleep(SECONDS_A_DAY - now % SECONDS_A_DAY + MIDNIGHT_MARGIN)

    async def end_attempt(self, record: GameRecord, table: Table) -> None:
        """Keep a daily game's score (the first process to end it keeps it), then tell the
        player and the channel it was started from, until that is noted as done.

        The result's messages carry nonces, so a process that dies after sending them and
        before noting it, or two processes ending the game at once, post each line once: the
        sweep of :meth:`settle` sends what a process left unsent.
        """
        if not table.daily or not table.state:
            return
        score = final_score(record.kind, table.state)
        grid = emoji_grid(record.kind, table.state)
        await self.bot.db.end_daily(record.id, score, "\n".join(grid))
        entry = await self.bot.db.daily_of_game(record.id)
        if entry is None or entry.announced:
            return
        with_dm = await self.result_text(entry, table.language)
        await self._send(record, record.channel_id, with_dm, f"daily{record.id}", silent=False)
        if table.daily_channel:
            public = await self.public_text(entry, table.language)
            await self._send(record, table.daily_channel, public, f"dailyp{record.id}")
        await self.bot.db.daily_announced(record.id)

    async def _send(
        self, record: GameRecord, channel_id: int, text: str, nonce: str, silent: bool = True
    ) -> None:
        """One result message; one Discord refuses (closed DMs, a channel gone) is given up,
        an outage is raised so that the sweep sends it later."""
        channel = self.bot.get_partial_messageable(channel_id)
        try:
            view = card_view(headed(text), accent_of(record.kind))
            await channel.send(view=view, nonce=nonce, allowed_mentions=NO_PINGS, silent=silent)
        except discord.HTTPException as error:
            if discord_outage(error):
                raise
            log.info("daily result of game %s not sent to %s (%s)", record.id, channel_id, error)

    async def settle(self, today: dt.date) -> None:
        """Attempts of earlier days that never finished end with the score they reached."""
        for entry in await self.bot.db.unended_dailies(today.isoformat()):
            record = await self.bot.db.load_game(entry.game_id)
            if record is None:
                continue
            if record.status in (tables.LOBBY, tables.ACTIVE):
                await self._close(record)
                record = await self.bot.db.load_game(entry.game_id) or record
            await self.end_attempt(record, Table.from_json(record.snapshot))
        # Results a process did not get to send (it died, or Discord was away).
        for entry in await self.bot.db.unannounced_dailies():
            record = await self.bot.db.load_game(entry.game_id)
            if record is not None and record.status not in (tables.LOBBY, tables.ACTIVE):
                await self.end_attempt(record, Table.from_json(record.snapshot))

    async def _close(self, record: GameRecord) -> None:
        cog = self.table

        async def close() -> None:
            current = await self.bot.db.load_game(record.id)
            if current is None or current.status not in (tables.LOBBY, tables.ACTIVE):
                return
            table = Table.from_json(current.snapshot)
            table.status = tables.ABANDONED
            await cog.change_table(current, table)

        await cog.changing(record.channel_id, close)

    # ---- what the results say ----------------------------------------------------------

    def _title(self, kind: str, lang: str) -> str:
        plugin = self.table.plugins.get(kind)
        return plugin.title(self.bot.loc, lang) if plugin else kind

    async def _ranks(self, entry: DailyEntry) -> dict[str, int]:
        db, score = self.bot.db, entry.score or 0
        everywhere = await db.daily_rank(entry.kind, entry.day, score)
        ranks = {"place_all": everywhere.rank, "players_all": everywhere.players}
        if entry.guild_id is not None:
            here = await db.daily_rank(entry.kind, entry.day, score, guild_id=entry.guild_id)
            ranks |= {"place": here.rank, "players": here.players}
        return ranks

    async def streaks(self, kind: str, user_id: int, today: dt.date) -> tuple[int, int]:
        days = await self.bot.db.daily_days(kind, user_id)
        return daily.streaks((dt.date.fromisoformat(day) for day in days), today)

    async def result_text(self, entry: DailyEntry, lang: str) -> str:
        """The player's own result: score, ranks, streak, and the line to share."""
        t = self._t(lang)
        title = self._title(entry.kind, lang)
        ranks = await self._ranks(entry)
        streak, best = await self.streaks(entry.kind, entry.user_id, daily_day.utc_today())
        lines = [t("daily-result-title", game=title, day=entry.day, score=entry.score or 0)]
        if "place" in ranks:
            lines.append(t("daily-rank-here", place=ranks["place"], players=ranks["players"]))
        lines.append(t("daily-rank-all", place=ranks["place_all"], players=ranks["players_all"]))
        lines.append(t("daily-streak", streak=streak, best=best))
        share = share_line(t, title, entry.day, entry.score or 0, entry.summary.splitlines())
        lines += [t("daily-share-hint"), share]
        return "\n".join(lines)[:2000]

    async def public_text(self, entry: DailyEntry, lang: str) -> str:
        """The channel's line: who, the score, the ranks and the emoji picture, no dice."""
        t = self._t(lang)
        title = self._title(entry.kind, lang)
        ranks = await self._ranks(entry)
        head = t(
            "daily-public",
            player=entry.name,
            day=entry.day,
            game=title,
            score=entry.score or 0,
            place=ranks.get("place", 1),
            players=ranks.get("players", 1),
            place_all=ranks["place_all"],
            players_all=ranks["players_all"],
        )
        share = share_line(t, title, entry.day, entry.score or 0, entry.summary.splitlines())
        return f"{head}\n{share}"[:2000]

    def _t(self, lang: str) -> Any:
        return lambda key, **args: self.bot.loc.text(lang, key, **args)

    # ---- /daily ------------------------------------------------------------------------

    @app_commands.command(
        name=T("daily", "cmd-daily.name"),
        description=T("Today's daily challenge: leaderboard and streaks", "cmd-daily.description"),
    )
    @app_commands.describe(share=T("Show the answer to the channel", "cmd-daily.share"))
    @app_commands.rename(share=T("share", "cmd-daily.share-name"))
    async def daily_board(self, interaction: discord.Interaction, share: bool = False) -> None:
        lang = self.table.lang(interaction)
        t = self._t(lang)
        today = daily_day.utc_today()
        yesterday = today - dt.timedelta(days=1)
        await self.settle(today)
        guild_id = interaction.guild_id
        db = self.bot.db
        key = "daily-board-title" if guild_id else "daily-board-title-all"
        lines = [t(key, day=today.isoformat())]
        for kind in daily.KINDS:
            if kind not in self.table.plugins:
                continue
            title = self._title(kind, lang)
            level = daily.daily_level(kind, today)
            if level:
                name = self.table.plugins[kind].option_label(self.bot.loc, lang, "level", level)
                lines.append(t("daily-board-game-level", game=title, level=name))
            else:
                lines.append(t("daily-board-game", game=title))
            board = await db.daily_board(kind, today.isoformat(), guild_id, BOARD_SIZE)
            lines += board_lines(t, board)
            winners = await db.daily_board(kind, yesterday.isoformat(), guild_id, 1)
            if winners:
                best = winners[0]
                lines.append(t("daily-yesterday", player=best.name, score=best.score or 0))
            streak, longest = await self.streaks(kind, interaction.user.id, today)
            lines.append(t("daily-your-streak", streak=streak, best=longest))
        card = card_view(headed("\n".join(lines)), HOUSE_ACCENT)
        if share:
            await interaction.response.send_message(view=card, allowed_mentions=NO_PINGS)
        else:
            await answer_privately(interaction, "", card)


async def start_daily(
    bot: commands.Bot, interaction: discord.Interaction, plugin: GamePlugin
) -> None:
    """``/<game> daily``: today's challenge of that game, when the daily extension is loaded."""
    challenge: DailyCog | None = bot.get_cog("DailyCog")  # type: ignore[assignment]
    if challenge is None:
        table: TableCog = bot.get_cog("TableCog")  # type: ignore[assignment]
        await table.tell(interaction, "daily-unavailable")
        return
    await challenge.start(interaction, plugin)


async def setup(bot: TableBot) -> None:
    await bot.add_cog(DailyCog(bot))
