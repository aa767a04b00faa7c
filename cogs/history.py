"""``/history``: a server's finished games, their records, and replays move by move.

A replay rebuilds the game from its seed and move log and shows the public picture of each
moment (never a secret: pictures come from the spectator's view), with Back/Forward buttons on
a private message.
"""

from __future__ import annotations

import asyncio
import datetime as dt
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from cogs.i18n import T
from cogs.plugin import GamePlugin, TableContext
from cogs.screens import Button, Option, Screen, Select, build_view
from cogs.table import TableAddon
from games.engine import CHANCE
from games.table import Table
from storage import GameRecord

if TYPE_CHECKING:
    from bot import TableBot

LISTED_GAMES = 10
SCANNED_GAMES = 500


@dataclass(frozen=True)
class Replay:
    step: int  # player moves applied
    steps: int  # player moves in the whole game
    state: Any


class HistoryCog(TableAddon):
    def __init__(self, bot: TableBot) -> None:
        self.bot = bot

    @app_commands.command(
        name=T("history", "cmd-history.name"),
        description=T(
            "Finished games of this server, records and replays", "cmd-history.description"
        ),
    )
    @app_commands.guild_only()
    async def history(self, interaction: discord.Interaction) -> None:
        lang = self.table.lang(interaction)
        games = await self.bot.db.guild_games(
            interaction.guild_id or 0, statuses=("finished",), limit=SCANNED_GAMES
        )
        if not games:
            await self.table.tell(interaction, "history-none")
            return
        lines = [self.bot.loc.text(lang, "history-title")]
        lines += self._records(games, lang)
        lines.append(self.bot.loc.text(lang, "history-recent"))
        options = []
        for record in games[:LISTED_GAMES]:
            line = self._describe(record, lang)
            lines.append(f"• {line}")
            options.append(Option(label=line[:100], value=str(record.id), emoji="🎞️"))
        menu = Select(self.bot.loc.text(lang, "history-pick"), "hpick", tuple(options))
        await interaction.response.send_message(
            "\n".join(lines)[:2000], view=build_view(0, 0, [menu]), ephemeral=True
        )

    def _describe(self, record: GameRecord, lang: str) -> str:
        plugin = self.table.plugins.get(record.kind)
        table = Table.from_json(record.snapshot)
        title = plugin.title(self.bot.loc, lang) if plugin else record.kind
        day = dt.datetime.fromtimestamp(record.finished_at or record.updated_at, dt.UTC)
        scores = _scores(plugin, table)
        players = ", ".join(
            f"{seat.name} {score}" + (" 🏆" if place == 1 else "")
            for seat, (score, place) in zip(table.seats, scores, strict=False)
        )
        return f"{title} · {day:%Y-%m-%d} · {players}"

    def _records(self, games: list[GameRecord], lang: str) -> list[str]:
        t = self.bot.loc.text
        lines = []
        best: tuple[int, str] | None = None
        solo_best: dict[str, tuple[int, str]] = {}
        stella_wins: Counter[str] = Counter()
        for record in games:
            plugin = self.table.plugins.get(record.kind)
            table = Table.from_json(record.snapshot)
            scores = _scores(plugin, table)
            if not scores:
                continue
            for seat, (score, place) in zip(table.seats, scores, strict=False):
                if record.kind == "dice_stars" and (best is None or score > best[0]):
                    best = (score, seat.name)
                if record.kind == "stella" and place == 1:
                    stella_wins[seat.name] += 1
            if record.kind == "dizzle" and len(table.seats) == 1:
                level = (table.state or {}).get("level", {}).get("title", "?")
                score = scores[0][0]
                if level not in solo_best or score > solo_best[level][0]:
                    solo_best[level] = (score, table.seats[0].name)
        if best:
            lines.append(t(lang, "history-record-dice-stars", points=best[0], player=best[1]))
        for level, (score, name) in sorted(solo_best.items()):
            lines.append(
                t(lang, "history-record-dizzle-solo", level=level, points=score, player=name)
            )
        if stella_wins:
            name, wins = stella_wins.most_common(1)[0]
            lines.append(t(lang, "history-record-stella", player=name, wins=wins))
        return lines

    # ---- replays ------------------------------------------------------------------------

    async def on_control(
        self,
        interaction: discord.Interaction,
        game_id: int,
        step: int,
        payload: str,
        values: list[str],
    ) -> None:
        if payload == "hpick":
            game_id = int(values[0]) if values and values[0].isdigit() else 0
            step = -1
        elif payload[2:].isdigit():
            step = int(payload[2:])
        else:
            await self.table.tell(interaction, "history-unknown")
            return
        record = await self.bot.db.load_game(game_id)
        if (
            record is None
            or record.status != "finished"
            or record.guild_id != interaction.guild_id
            or record.kind not in self.table.plugins
        ):
            await self.table.tell(interaction, "history-unknown")
            return
        await interaction.response.defer()
        plugin = self.table.plugins[record.kind]
        lang = self.table.lang(interaction)
        screen, replay = await asyncio.to_thread(
            self.replay_screen, plugin, record, await self.bot.db.moves(game_id), step, lang
        )
        rows = [_navigation(replay, self.bot.loc.text, lang)]
        await interaction.edit_original_response(
            content=screen.text[:2000],
            attachments=screen.files(),
            view=build_view(game_id, 0, rows),
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
        header = self.bot.loc.text(lang, "history-step", step=replay.step, steps=replay.steps)
        return Screen(
            f"{header}\n{screen.text}", screen.image, screen.filename, screen.image_summary
        ), replay


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


def _scores(plugin: GamePlugin | None, table: Table) -> list[tuple[int, int]]:
    if plugin is None or not table.state:
        return []
    state = plugin.engine.from_json(table.state)
    return list(zip(plugin.engine.scores(state), plugin.engine.ranking(state), strict=False))


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
