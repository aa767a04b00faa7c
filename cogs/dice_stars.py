"""Dice Stars on Discord: ``/dicestars new`` and ``/dicestars sheet``, and each turn's controls.

``/dicestars sheet`` names a seat (an autocomplete over the table's seats, computers included),
as ``/dizzle sheet`` does, so that a computer's sheet can be looked at too.

How the turn message and its buttons look is :mod:`screens.dice_stars`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from cogs.daily import start_daily
from cogs.table import records
from cogs.table.cog import TableAddon
from cogs.table.i18n import T
from cogs.table.plugin import GamePlugin
from cogs.table.seats import seat_choices
from cogs.table.sheets import SheetPictures, answer_sheet
from games import dice_stars as engine
from games.engine import Action, Event
from games.table import Table
from rendering import dice_stars as pictures
from screens.context import TableContext
from screens.dice_stars import DiceStarsScreens
from screens.dice_stars_alt import sheet_alt

if TYPE_CHECKING:
    from bot import TableBot
    from cogs.table.services import TableServices

SHEET = SheetPictures(pictures.render_sheet, pictures.sheet_summary, sheet_alt, "sheet.png")


class DiceStarsPlugin(GamePlugin):
    engine = engine
    emoji = "🎲"
    key_prefix = "ds"
    computer_seats = True
    screens = DiceStarsScreens()

    # ---- what happened --------------------------------------------------------------

    def event_lines(self, ctx: TableContext, events: list[Event]) -> list[str]:
        lines = []
        for event in events:
            if event["type"] == "turn":
                continue  # the turn message itself says whose turn it is
            args = self._event_args(ctx, event)
            key = f"ds-event-{event['type']}"
            if ctx.loc.has(key):
                lines.append(ctx.t(key, **args))
        return lines

    def _event_args(self, ctx: TableContext, event: Event) -> dict[str, Any]:
        args: dict[str, Any] = {}
        for name, value in event.items():
            if name == "type":
                continue
            if name == "seat":
                args["player"] = ctx.name(value)
            elif name == "dice":
                args["dice"] = ", ".join(
                    ctx.t("ds-die", colour=colour, face=face) for colour, face in value
                )
            elif name == "winners":
                args["winners"] = ", ".join(ctx.name(seat) for seat in value)
            elif name == "rows" and isinstance(value, list):
                # "2 multiplier fields in row 2", not "in rows 2, 2".
                distinct = sorted(set(value))
                args["rows"] = ", ".join(map(str, distinct))
                args["lines"] = len(distinct)
            elif name == "last_seat":
                args[name] = ctx.name(value)
            elif isinstance(value, bool):
                args[name] = int(value)
            elif isinstance(value, int | str | float):
                args[name] = value
            elif isinstance(value, list) and all(isinstance(v, int) for v in value):
                args[name] = ", ".join(map(str, value))
        return args

    def decode_action(self, payload: str, values: list[str]) -> Action | None:
        if payload != "stars":
            return super().decode_action(payload, values)
        try:
            rows = sorted(int(value.split(".")[0]) for value in values)
        except ValueError:
            return None
        return {"type": "take_stars", "rows": rows}

    async def personal_best(
        self, services: TableServices, ctx: TableContext, guild_id: int | None
    ) -> int | None:
        return await records.solo_best(services.db, self, ctx, guild_id)


class DiceStarsCog(TableAddon):
    group = app_commands.Group(
        name=T("dicestars", "cmd-dicestars.name"),
        description=T("Play Dice Stars", "cmd-dicestars.description"),
        # Not server-only: the daily is also played from a DM (a new table says where to open it).
    )

    def __init__(self, bot: TableBot) -> None:
        self.bot = bot
        self.plugin = DiceStarsPlugin()
        self.table.register(self.plugin)

    @group.command(
        name=T("new", "cmd-dicestars-new.name"),
        description=T("Open a Dice Stars table in this channel", "cmd-dicestars-new.description"),
    )
    @app_commands.describe(
        solo=T("Play alone against the solo opponent, starting at once", "cmd-dicestars-new.solo"),
        turn_timer=T("Minutes per turn (0: no timer)", "cmd-timer.description"),
    )
    @app_commands.rename(
        solo=T("solo", "cmd-dicestars-new.solo-name"),
        turn_timer=T("turn_timer", "cmd-timer.name"),
    )
    async def new(
        self,
        interaction: discord.Interaction,
        solo: bool = False,
        turn_timer: app_commands.Range[int, 0, 10080] | None = None,
    ) -> None:
        await self.table.open_table(
            interaction, self.plugin, {}, start_now=solo, turn_minutes=turn_timer
        )

    @group.command(
        name=T("daily", "cmd-dicestars-daily.name"),
        description=T(
            "Today's Dice Stars challenge: the same dice for everyone",
            "cmd-dicestars-daily.description",
        ),
    )
    async def daily(self, interaction: discord.Interaction) -> None:
        await start_daily(self.bot, interaction, self.plugin)

    @group.command(
        name=T("sheet", "cmd-dicestars-sheet.name"),
        description=T(
            "Look at a player's sheet (only you see it)", "cmd-dicestars-sheet.description"
        ),
    )
    @app_commands.describe(player=T("Whose sheet (default: yours)", "cmd-dicestars-sheet.player"))
    @app_commands.rename(player=T("player", "cmd-dicestars-sheet.player-name"))
    async def sheet(self, interaction: discord.Interaction, player: str | None = None) -> None:
        await answer_sheet(interaction, self.table, self.plugin, SHEET, player)

    @sheet.autocomplete("player")
    async def player_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The seats of the table played (or watched) in this channel, computers included."""
        record = await self.table.game_for_channel(interaction.channel_id or 0)
        if record is None or record.kind != engine.INFO.kind:
            return []
        return seat_choices(Table.from_json(record.snapshot), current)


async def setup(bot: TableBot) -> None:
    await bot.add_cog(DiceStarsCog(bot))
