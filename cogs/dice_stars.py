"""Dice Stars on Discord: ``/dicestars new`` and ``/dicestars sheet``, and each turn's controls.

The turn message shows the table strip above the active player's sheet; its buttons are the
refill question, the draw sizes, or one button per choice that fits the sheet (with the dice
it takes) and a menu of empty multiplier fields for stars. When nothing fits, the penalty
choices are offered and explained.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from cogs import records
from cogs.drawing import TEXTS
from cogs.i18n import T
from cogs.plugin import GamePlugin, TableContext, action_button
from cogs.screens import Button, Option, Row, Screen, Select
from cogs.table import TableAddon
from games import dice_stars as engine
from games.engine import Action, Event
from games.table import Table
from rendering import dice_stars as pictures

if TYPE_CHECKING:
    from bot import TableBot
    from cogs.table import TableCog

COLOUR_EMOJI = {"black": "⚫", "purple": "🟣", "blue": "🔵", "yellow": "🟡"}
NUMBER_EMOJI = {2: "2️⃣", 3: "3️⃣", 4: "4️⃣", 5: "5️⃣", 6: "6️⃣"}


class DiceStarsPlugin(GamePlugin):
    engine = engine
    emoji = "🎲"
    key_prefix = "ds"
    computer_seats = True

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
            elif name == "rows" or name == "last_seat":
                args[name] = (
                    ", ".join(map(str, value)) if isinstance(value, list) else ctx.name(value)
                )
            elif isinstance(value, bool):
                args[name] = int(value)
            elif isinstance(value, int | str | float):
                args[name] = value
            elif isinstance(value, list) and all(isinstance(v, int) for v in value):
                args[name] = ", ".join(map(str, value))
        return args

    # ---- screens --------------------------------------------------------------------

    def _t(self, ctx: TableContext):
        return lambda key, **args: ctx.loc.text(ctx.language, key, **args)

    def turn_screen(self, ctx: TableContext) -> Screen:
        view = engine.view(ctx.state, None)
        names = [seat.name for seat in ctx.table.seats]
        seat = view["current"]
        t = self._t(ctx)
        phase = view["phase"]
        prompt = ctx.t(f"ds-prompt-{phase}", player=ctx.mention(seat))
        rows = self._controls(ctx, view, seat)
        if phase == engine.TAKE and not engine.fitting_choices(ctx.state, seat):
            prompt = ctx.t("ds-prompt-penalty", player=ctx.mention(seat))
        return Screen(
            text=prompt,
            image=pictures.render_turn(view, names, t),
            filename="dice-stars-turn.png",
            image_summary=pictures.turn_summary(view, names, t)[:1000],
            rows=rows,
        )

    def _controls(self, ctx: TableContext, view: dict[str, Any], seat: int) -> list[Row]:
        phase = view["phase"]
        legal = engine.legal_actions(ctx.state, seat)
        if phase == engine.REFILL:
            return [
                tuple(
                    action_button(
                        ctx.t(
                            "ds-action-refill-return"
                            if a["return_reserve"]
                            else "ds-action-refill-keep"
                        ),
                        a,
                        style="primary" if not a["return_reserve"] else "secondary",
                    )
                    for a in legal
                )
            ]
        if phase == engine.DRAW:
            allowed = {a["n"] for a in legal}
            return [
                tuple(
                    action_button(
                        ctx.t("ds-action-draw", n=n),
                        {"type": "draw", "n": n},
                        style="primary" if n in allowed else "secondary",
                        disabled=n not in allowed,
                        emoji="🎲",
                    )
                    for n in range(1, engine.MAX_DRAW + 1)
                )
            ]
        if phase != engine.TAKE:
            return []
        return self._take_controls(ctx, seat)

    def _take_controls(self, ctx: TableContext, seat: int) -> list[Row]:
        choices = engine.reserve_choices(ctx.state, seat)
        fitting = [c for c in choices if c["fits"]]
        penalty = not fitting
        colour_row: list[Button] = []
        number_row: list[Button] = []
        rows: list[Row] = []
        for choice in choices if penalty else fitting:
            detail = ctx.t("ds-choice-detail", count=len(choice["dice"]), sum=choice["sum"])
            if choice["kind"] == "colour":
                colour = choice["colour"]
                kind = "penalty_colour" if penalty else "take_colour"
                label = f"{ctx.t(f'ds-action-{kind}', colour=colour)} · {detail}"
                if not penalty:  # where the dice land
                    label += " " + ctx.t("ds-lands-colour", colour=colour)
                colour_row.append(
                    action_button(
                        label,
                        {"type": kind, "colour": colour},
                        emoji=COLOUR_EMOJI[colour],
                        style="danger" if penalty else "primary",
                    )
                )
            elif choice["kind"] == "number":
                n = choice["n"]
                kind = "penalty_number" if penalty else "take_number"
                label = f"{ctx.t(f'ds-action-{kind}', n=n)} · {detail}"
                if not penalty:
                    label += " " + ctx.t("ds-lands-number", n=n)
                number_row.append(
                    action_button(
                        label,
                        {"type": kind, "n": n},
                        emoji=NUMBER_EMOJI[n],
                        style="danger" if penalty else "primary",
                    )
                )
            elif not penalty:
                rows.append(self._stars_select(ctx, seat, choice["count"]))
        return [row for row in (tuple(colour_row), tuple(number_row)) if row] + rows

    def _stars_select(self, ctx: TableContext, seat: int, count: int) -> Select:
        """One option per star a row can still take: the fields of a row are interchangeable.

        A row with room for several of the stars offers "star number 2 in this row" as well,
        so that any legal placement can be picked; the menu warns of rows left unfinished.
        """
        sheet = ctx.state.sheets[seat]
        options = []
        for index, row in enumerate(engine.ROWS):
            crossed, fields = sheet.multipliers[index], engine.MULTIPLIER_FIELDS[row]
            for star in range(1, min(fields - crossed, count) + 1):
                after = crossed + star
                if star == 1:
                    label = ctx.t("ds-stars-row", row=row, crossed=crossed, fields=fields)
                else:
                    label = ctx.t("ds-stars-row-again", row=row, star=star)
                hint = ctx.t(
                    "ds-stars-after", full=int(after == fields), after=after, fields=fields
                )
                options.append(
                    Option(
                        label=label[:100], value=f"{row}.{star}", description=hint[:100], emoji="⭐"
                    )
                )
        return Select(
            placeholder=ctx.t("ds-stars-choose", count=count)[:150],
            payload="astars",
            options=tuple(options[:25]),
            min_values=count,
            max_values=count,
        )

    def decode_action(self, payload: str, values: list[str]) -> Action | None:
        if payload != "stars":
            return super().decode_action(payload, values)
        try:
            rows = sorted(int(value.split(".")[0]) for value in values)
        except ValueError:
            return None
        return {"type": "take_stars", "rows": rows}

    def final_screen(self, ctx: TableContext) -> Screen:
        view = engine.view(ctx.state, None)
        names = [self._seat_label(ctx, seat) for seat in range(len(ctx.table.seats))]
        t = self._t(ctx)
        result = view["result"]
        lines = [ctx.t("ds-final-title")]
        order = sorted(range(len(names)), key=lambda s: (result["ranking"][s], s))
        for seat in order:
            lines.append(
                ctx.t(
                    "ds-final-line",
                    place=result["ranking"][seat],
                    player=names[seat],
                    points=result["scores"][seat],
                )
            )
        if view.get("solo"):
            lines.append(
                ctx.t(
                    "ds-final-solo",
                    points=view["solo"]["points"],
                    crossed=view["solo"]["crossed"],
                    boxes=view["solo"]["boxes"],
                )
            )
        return Screen(
            text="\n".join(lines),
            image=pictures.render_scoreboard(view, names, t, best=ctx.best),
            filename="dice-stars-result.png",
            image_summary=pictures.scoreboard_summary(view, names, t)[:1000],
        )

    async def personal_best(
        self, cog: TableCog, ctx: TableContext, guild_id: int | None
    ) -> int | None:
        return await records.solo_best(cog.bot.db, self, ctx, guild_id)

    def _seat_label(self, ctx: TableContext, seat: int) -> str:
        label = ctx.name(seat)
        if ctx.table.seats[seat].left:
            label += " " + ctx.t("table-left-tag")
        return label


class DiceStarsCog(TableAddon):
    group = app_commands.Group(
        name=T("dicestars", "cmd-dicestars.name"),
        description=T("Play Dice Stars", "cmd-dicestars.description"),
        guild_only=True,
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
        name=T("sheet", "cmd-dicestars-sheet.name"),
        description=T(
            "Look at a player's sheet (only you see it)", "cmd-dicestars-sheet.description"
        ),
    )
    @app_commands.describe(player=T("Whose sheet (default: yours)", "cmd-dicestars-sheet.player"))
    @app_commands.rename(player=T("player", "cmd-dicestars-sheet.player-name"))
    async def sheet(
        self, interaction: discord.Interaction, player: discord.User | None = None
    ) -> None:
        record = await self.table.game_for_channel(interaction.channel_id or 0)
        if record is None or record.kind != engine.INFO.kind or not record.snapshot.get("state"):
            await self.table.tell(interaction, "ds-no-game-here")
            return
        table = Table.from_json(record.snapshot)
        who = player or interaction.user
        seat = table.seat_of(who.id)
        if seat is None:
            await self.table.tell(interaction, "ds-not-a-player", player=who.display_name)
            return
        lang = self.table.lang(interaction)
        state = engine.from_json(record.snapshot["state"])
        view = engine.view(state, None)

        def t(key: str, **args: Any) -> str:
            return self.bot.loc.text(lang, key, **args)

        await interaction.response.defer(ephemeral=True, thinking=True)
        name = table.seats[seat].name
        png = await self.table.drawing.picture(lang, pictures.render_sheet, view, seat, name, TEXTS)
        summary = pictures.sheet_summary(view, seat, name, t)
        file = discord.File(io.BytesIO(png), "sheet.png", description=summary[:1000])
        await interaction.followup.send(summary, file=file, ephemeral=True)


async def setup(bot: TableBot) -> None:
    await bot.add_cog(DiceStarsCog(bot))
