"""``/history``: a server's finished games, their records, and replays move by move.

Records and a player's statistics (``/history player:``) come from the seats kept of every
finished game (:mod:`cogs.table.records`), keyed by Discord user id; games finished before those
were kept get their seats at start-up, from their saved state.

A replay rebuilds the game from its seed and move log and shows the public picture of each
moment (never a secret: pictures come from the spectator's view), with Back/Forward buttons on
a private message.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import logging
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from cogs import daily_day
from cogs.table.cog import TableAddon
from cogs.table.delivery import answer_privately
from cogs.table.i18n import T
from cogs.table.layout import (
    HOUSE_ACCENT,
    accent_of,
    card_view,
    files_of,
    headed,
    without_picture,
)
from cogs.table.plugin import GamePlugin
from cogs.table.records import is_lost_solo, is_win, seat_results
from games.engine import CHANCE, RulesError
from games.table import Table
from screens.context import TableContext
from screens.model import Button, Option, Screen, Select, game_header
from storage import GameRecord, SeatResult, Storage, StorageUnavailable

if TYPE_CHECKING:
    from bot import TableBot
    from cogs.table.click import Click
    from locales import Localizer

log = logging.getLogger(__name__)
LISTED_GAMES = 10
HIDDEN_DAILIES = 20  # today's daily games a list may pass over (they replay from tomorrow on)
BACKFILL_BATCH = 100


@dataclass(frozen=True)
class Replay:
    step: int  # player moves applied
    steps: int  # player moves in the whole game
    state: Any


class HistoryCog(TableAddon):
    def __init__(self, bot: TableBot) -> None:
        self.bot = bot
        self._backfill: asyncio.Task[None] | None = None

    async def cog_load(self) -> None:
        self._backfill = asyncio.create_task(self._keep_earlier_seats(), name="history-backfill")

    async def cog_unload(self) -> None:
        if self._backfill is not None:
            self._backfill.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._backfill

    async def _keep_earlier_seats(self) -> None:
        await self.bot.wait_until_ready()  # every game cog has registered its plugin
        try:
            while True:
                try:
                    kept = await keep_earlier_seats(self.bot.db, self.table.plugins)
                    break
                except StorageUnavailable:  # logged once per outage; what is kept stays kept
                    await asyncio.sleep(self.bot.config.timer_poll_seconds)
        except Exception:
            log.exception("seats of earlier finished games not kept")
            return
        if kept:
            log.info("kept the seats of %s games finished earlier", kept)

    @app_commands.command(
        name=T("history", "cmd-history.name"),
        description=T(
            "Finished games of this server, records and replays", "cmd-history.description"
        ),
    )
    @app_commands.describe(
        player=T("Games, wins and best scores of one player", "cmd-history.player")
    )
    @app_commands.rename(player=T("player", "cmd-history.player-name"))
    @app_commands.guild_only()
    async def history(
        self, interaction: discord.Interaction, player: discord.User | None = None
    ) -> None:
        if player is not None:
            await self._player(interaction, player)
            return
        lang = self.table.lang(interaction)
        guild_id = interaction.guild_id or 0
        games = await self._listed_games(guild_id)
        if not games:
            await self.table.tell(interaction, "history-none")
            return
        lines = [self.bot.loc.text(lang, "history-title")]
        lines += await self._records(guild_id, lang)
        lines.append(self.bot.loc.text(lang, "history-recent"))
        options = []
        for record in games[:LISTED_GAMES]:
            line = self._describe(record, lang)
            lines.append(f"• {line}")
            options.append(Option(label=line[:100], value=str(record.id), emoji="🎞️"))
        menu = Select(self.bot.loc.text(lang, "history-pick"), "hpick", tuple(options))
        card = replace(headed("\n".join(lines)), rows=[menu])
        await interaction.response.send_message(view=card_view(card, HOUSE_ACCENT), ephemeral=True)

    async def _listed_games(self, guild_id: int) -> list[GameRecord]:
        """The newest finished games, and the dailies a midnight ended unfinished; no daily
        game whose day still runs."""
        db = self.bot.db
        finished = await db.guild_games(guild_id, ("finished",), LISTED_GAMES + HIDDEN_DAILIES)
        ended = await db.guild_games(guild_id, ("abandoned",), HIDDEN_DAILIES)
        games = [*finished, *(record for record in ended if record.snapshot.get("daily"))]
        games.sort(key=lambda record: (record.updated_at, record.id), reverse=True)
        return [record for record in games if not running_daily(record)][:LISTED_GAMES]

    def _describe(self, record: GameRecord, lang: str) -> str:
        plugin = self.table.plugins.get(record.kind)
        table = Table.from_json(record.snapshot)
        title = plugin.title(self.bot.loc, lang) if plugin else record.kind
        day = dt.datetime.fromtimestamp(record.finished_at or record.updated_at, dt.UTC)
        seats = seat_results(plugin, table) if plugin and table.state else []
        # A trophy exactly where the statistics count a win (see cogs/records.py); a computer
        # seat is shown as one.
        players = ", ".join(
            f"{seat.name}{' 🤖' if seat.computer else ''} {seat.score}"
            + (" 🏆" if is_win(seat) and record.status == "finished" else "")
            for seat in seats
        )
        if table.daily:  # a daily's place is its rank among the day's players
            players += " · " + self.bot.loc.text(lang, "daily-history-tag", day=table.daily)
        elif len(seats) == 1:
            players += " · " + self.bot.loc.text(lang, "solo-history-tag", outcome=_solo(seats[0]))
        return f"{title} · {day:%Y-%m-%d} · {players}"

    async def _records(self, guild_id: int, lang: str) -> list[str]:
        t, db = self.bot.loc.text, self.bot.db
        lines = [
            t(lang, "history-record-dice-stars", points=record.value, player=record.name)
            for record in await db.best_scores(guild_id, "dice_stars")
        ]
        lines += [
            t(
                lang,
                "history-record-dizzle-solo",
                level=record_level(
                    self.table.plugins.get("dizzle"), self.bot.loc, lang, record.variant
                ),
                points=record.value,
                player=record.name,
            )
            for record in await db.best_scores(guild_id, "dizzle", solo=True)
        ]
        stella = await db.most_wins(guild_id, "stella")
        if stella is not None:
            lines.append(t(lang, "history-record-stella", player=stella.name, wins=stella.value))
        return lines

    async def _player(self, interaction: discord.Interaction, player: discord.User) -> None:
        """One player's games, wins and best score per game, privately."""
        lang = self.table.lang(interaction)
        t = self.bot.loc.text
        totals = await self.bot.db.player_totals(interaction.guild_id or 0, player.id)
        name = player.display_name  # the current name: the totals go by user id
        if not totals:
            await self.table.tell(interaction, "history-player-none", player=name)
            return
        lines = [t(lang, "history-player-title", player=name)]
        for games in totals:
            plugin = self.table.plugins.get(games.kind)
            title = plugin.title(self.bot.loc, lang) if plugin else games.kind
            key = "history-player-line" if games.best is not None else "history-player-line-no-best"
            best = games.best if games.best is not None else 0
            lines.append(t(lang, key, game=title, games=games.games, wins=games.wins, best=best))
        card = card_view(headed("\n".join(lines)), HOUSE_ACCENT)
        await answer_privately(interaction, "", card)

    # ---- replays ------------------------------------------------------------------------

    async def on_click(self, click: Click) -> None:
        """A page of a replay (``h:<step>``), or the game picked from the list (``hpick``)."""
        game_id, step = click.game_id, click.version
        if click.argument == "hpick":
            values = click.values
            game_id = int(values[0]) if values and values[0].isdigit() else 0
            step = -1
        elif click.argument[2:].isdigit():
            step = int(click.argument[2:])
        else:
            raise RulesError("history-unknown")
        record = await self.bot.db.load_game(game_id)
        if (
            record is None
            or not (record.status == "finished" or ended_daily(record))
            or record.guild_id != click.guild_id
            or record.kind not in self.table.plugins
            or running_daily(record)
        ):
            raise RulesError("history-unknown")
        # The page's new picture goes with the edit of the message as the click's answer
        # (Discord takes no new picture into a gallery through the click's token); a page
        # drawn too late for it comes as a new private message.
        click.reply.hold()
        plugin = self.table.plugins[record.kind]
        lang = click.language
        screen, replay = await asyncio.to_thread(
            self.replay_screen, plugin, record, await self.bot.db.moves(game_id), step, lang
        )
        page = replace(screen, rows=[_navigation(replay, self.bot.loc.text, lang)])
        accent = accent_of(record.kind)

        def edit() -> dict[str, Any]:
            # A page from before V2 messages becomes one: its content goes.
            view = card_view(page, accent, game_id)
            return {"content": None, "embed": None, "view": view, "attachments": files_of(page)}

        if await click.reply.answer_by_edit(edit):
            return
        view = card_view(page, accent, game_id)
        try:
            await click.reply.follow_up(view=view, files=files_of(page), ephemeral=True)
        except discord.HTTPException as error:
            log.info("replay page of game %s not shown (%s)", game_id, error.code)
            with contextlib.suppress(discord.HTTPException):
                await click.reply.follow_up(
                    view=card_view(without_picture(page), accent, game_id), ephemeral=True
                )

    def replay_screen(
        self, plugin: GamePlugin, record: GameRecord, moves: list, step: int, lang: str
    ) -> tuple[Screen, Replay]:
        """The public picture of the game after ``step`` player moves (-1: the end).

        The game's own messages and pictures speak the table's language, as they did in its
        channel; the header and the buttons around them speak the reader's (``lang``).
        """
        replay = rebuild(plugin, record, moves, step)
        table = Table.from_json(record.snapshot)
        ctx = TableContext(record.id, 0, table, replay.state, table.language, self.bot.loc)
        over = plugin.engine.is_over(replay.state)
        screen = plugin.final_screen(ctx) if over else plugin.turn_screen(ctx)
        step_line = self.bot.loc.text(lang, "history-step", step=replay.step, steps=replay.steps)
        title = plugin.title(self.bot.loc, lang)
        detail = " · ".join(line for line in (step_line, screen.header) if line)
        header = game_header(plugin.emoji, title, detail)
        # The replay is the reader's own: its picture is described in their language.
        reader = replace(ctx, language=lang)
        alt = plugin.screens.picture_alt(reader) if plugin.screens else None
        return Screen(
            screen.text, screen.image, screen.filename, alt or screen.image_summary, header=header
        ), replay


def ended_daily(record: GameRecord) -> bool:
    """A daily game that its day's end closed unfinished: it replays as far as it went."""
    return record.status == "abandoned" and bool(record.snapshot.get("daily"))


def running_daily(record: GameRecord) -> bool:
    """A daily game whose day still runs: its moves would show others today's dice."""
    day = str(record.snapshot.get("daily") or "")
    return bool(day) and day >= daily_day.utc_today().isoformat()


async def keep_earlier_seats(db: Storage, plugins: dict[str, GamePlugin]) -> int:
    """Keep the seats of finished games that have none kept yet; how many games got them.

    For games finished before seats were kept with the finishing save. A game of a kind no
    plugin plays any more, or one whose state cannot be read, is left as it is.
    """
    kept, after = 0, 0
    while True:
        games = await db.unrecorded_games(after_id=after, limit=BACKFILL_BATCH)
        if not games:
            return kept
        for record in games:
            after = record.id
            plugin = plugins.get(record.kind)
            if plugin is None:
                continue
            try:
                table = Table.from_json(record.snapshot)
                results = seat_results(plugin, table) if table.state else []
            except Exception:  # one unreadable game must not keep the others from their seats
                log.warning("seats of finished game %s not readable", record.id, exc_info=True)
                continue
            if results:
                await db.save_results(record.id, results)
                kept += 1


def rebuild(plugin: GamePlugin, record: GameRecord, moves: list, step: int) -> Replay:
    """Replay the seed and the move log up to ``step`` player moves (and the chance after)."""
    table = Table.from_json(record.snapshot)
    engine = plugin.engine
    state = plugin.replay_state(table)
    steps = sum(1 for move in moves if move.seat is not None)
    target = steps if step < 0 or step > steps else step
    done = 0
    for move in moves:
        if move.seat is not None:
            if done == target:
                break
            done += 1
        engine.apply(state, CHANCE if move.seat is None else move.seat, move.action)
    return Replay(done, steps, state)


def _solo(seat: SeatResult) -> str:
    """How a solo ended for ``solo-history-tag``: won, lost, or neither (no opponent)."""
    if seat.place is None:
        return "none"
    return "lost" if is_lost_solo(seat) else "won"


def _navigation(replay: Replay, t: Any, lang: str) -> tuple[Button, ...]:
    first, last = replay.step <= 0, replay.step >= replay.steps
    return (
        Button(t(lang, "history-first"), "hf0", emoji="⏮️", disabled=first),
        Button(t(lang, "history-back"), f"hb{max(0, replay.step - 1)}", emoji="◀️", disabled=first),
        Button(t(lang, "history-next"), f"hn{replay.step + 1}", emoji="▶️", disabled=last),
        Button(t(lang, "history-last"), f"hl{replay.steps}", emoji="⏭️", disabled=last),
    )


async def setup(bot: TableBot) -> None:
    await bot.add_cog(HistoryCog(bot))


def record_level(plugin: GamePlugin | None, loc: Localizer, lang: str, title: str) -> str:
    """A Dizzle record's level, kept by its printed title ("Level 2"), in the reader's words."""
    find_level = getattr(plugin, "find_level", None)
    level_name = getattr(plugin, "level_name", None)
    if find_level is None or level_name is None:
        return title

    def t(key: str, **args: Any) -> str:
        return loc.text(lang, key, **args)

    level_id = find_level(title, t)
    return level_name(level_id, t) if level_id else title
