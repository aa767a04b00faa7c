"""Dizzle on Discord: ``/dizzle new`` and ``/dizzle sheet``, and each turn's controls.

The levels are read once when the cog loads: the shipped ``games/levels/*.toml`` and the
``*.toml`` files of the server's ``[dizzle] levels_folder`` (see :mod:`cogs.dizzle_level_files`),
kept by id. The lobby offers them by title; the chosen level's JSON travels into the engine
state, so a running game never depends on the files again.

How the turn message and its controls look (and how choices are split to fit Discord's limits)
is :mod:`screens.dizzle`; this cog opens the further menus privately ("more" buttons).

Choices of this adapter: ``/dizzle sheet`` takes the player from an autocomplete over the
seats (computer seats included) rather than a Discord user; a level id given to ``/dizzle new``
may also be its title; a lobby whose level disappeared (a custom file removed before the start)
starts on the default level; a solo game posts one message per pass, edited after each die.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from cogs.daily import start_daily
from cogs.dizzle_level_files import read_dizzle_levels
from cogs.table import records
from cogs.table.cog import TableAddon
from cogs.table.i18n import T
from cogs.table.layout import (
    accent_of,
    notice_view,
)
from cogs.table.plugin import GamePlugin
from cogs.table.seats import seat_choices
from cogs.table.sheets import SheetPictures, answer_sheet
from games import dizzle as engine
from games import table as tables
from games.dizzle_levels import Level, level_to_json
from games.engine import Action, Event, GameInfo, RulesError
from games.engine import Option as GameOption
from games.table import Table
from rendering import dizzle as pictures
from screens.context import TableContext, decode_json_action
from screens.dizzle import DizzleScreens, Text, choice_menus, level_name, more_pages
from screens.dizzle_alt import sheet_alt

if TYPE_CHECKING:
    from bot import TableBot
    from cogs.table.click import Click
    from cogs.table.services import TableServices

log = logging.getLogger(__name__)
MAX_AUTOCOMPLETE = 25
PLAY_BY_POST_MINUTES = 60  # a turn timer this long or longer: players are not at the table
SHEET = SheetPictures(pictures.render_sheet, pictures.sheet_summary, sheet_alt, "dizzle-sheet.png")

# ---- the plugin ---------------------------------------------------------------------------


class DizzlePlugin(GamePlugin):
    engine = engine
    emoji = "🧩"
    key_prefix = "dz"
    computer_seats = True
    screens = DizzleScreens()
    solo_is_won_or_lost = False  # a solo is played for a personal best (rules: Solo)

    def __init__(self, levels: Mapping[str, Level]) -> None:
        if not levels:
            raise ValueError("Dizzle needs at least one level")
        self.levels = dict(levels)
        default = next(o.default for o in engine.INFO.options if o.name == "level")
        self.default_level = default if default in self.levels else next(iter(self.levels))
        # The engine lists the shipped levels; this table offers every level loaded here.
        level = GameOption("level", tuple(self.levels), self.default_level)
        self._info = dataclasses.replace(
            engine.INFO,
            options=tuple(level if o.name == "level" else o for o in engine.INFO.options),
        )

    @property
    def info(self) -> GameInfo:
        return self._info

    def level_name(self, level_id: str, t: Text) -> str:
        level = self.levels.get(level_id)
        return level_name(level_id, level.title if level else level_id, t)

    def find_level(self, text: str, t: Text) -> str | None:
        """The id of the level named by an id or a title (as typed into a slash command)."""
        wanted = text.strip().casefold()
        for level_id, level in self.levels.items():
            names = (level_id, level.title, self.level_name(level_id, t))
            if wanted in (name.casefold() for name in names):
                return level_id
        return None

    def option_label(self, loc: Any, language: str, name: str, value: Any) -> str:
        if name == "level":
            return self.level_name(str(value), lambda key, **a: loc.text(language, key, **a))
        return super().option_label(loc, language, name, value)

    def choice_label(self, loc: Any, language: str, name: str, value: Any) -> str:
        if name == "level":  # "Level 3" names itself
            return self.option_label(loc, language, name, value)
        return super().choice_label(loc, language, name, value)

    def new_state(self, table: Table) -> engine.State:
        level_id = table.options.get("level", self.default_level)
        if level_id not in self.levels:
            log.warning("level %r is gone; table starts on %r", level_id, self.default_level)
            level_id = self.default_level
        options = {**table.options, "level": level_to_json(self.levels[level_id])}
        return engine.new_game(len(table.seats), table.seed, options)

    def replay_state(self, table: Table) -> engine.State:
        """A replay starts on the level the game kept, even if its file changed since."""
        if table.state and "level" in table.state:
            options = {**table.options, "level": table.state["level"]}
            return engine.new_game(len(table.seats), table.seed, options)
        return self.new_state(table)

    def record_variant(self, table: Table) -> str:
        """Solo records are kept per sheet, by the title the game was played on."""
        level = (table.state or {}).get("level") or {}
        return str(level.get("title", "?"))

    def decode_action(self, payload: str, values: list[str]) -> Action | None:
        # A menu's choice carries the whole action; its own payload only tells menus apart.
        return decode_json_action(values[0] if values else payload)

    def turn_key(self, state: engine.State) -> str:
        if state.phase == "planets":
            return f"{state.pass_index}:planets"  # one message while the picks last
        return f"{state.pass_index}:{','.join(map(str, engine.to_move(state)))}"

    def message_key(self, state: engine.State) -> str:
        # One channel message per pass, edited as its dice are placed (planet picks included).
        return f"pass:{state.pass_index}"

    def channel_pings(self, ctx: TableContext, seats: list[int]) -> list[int]:
        """A live table tells each player once per pass: the pass's message or, when their turn
        first comes in it, a short message that stays. Play-by-post players are away, so every
        turn that comes is worth its own notification."""
        if ctx.table.turn_minutes >= PLAY_BY_POST_MINUTES:
            return seats
        return [seat for seat in seats if seat not in ctx.table.notified]

    def decision_key(self, state: engine.State, table: Table) -> str:
        # The planet picks run at once for everyone, on one timer; each turn on its own.
        if state.phase == "planets":
            return self.turn_key(state)
        return super().decision_key(state, table)

    # ---- what happened --------------------------------------------------------------

    def event_lines(self, ctx: TableContext, events: list[Event]) -> list[str]:
        lines = []
        for event in events:
            key = f"dz-event-{event['type']}"
            if ctx.loc.has(key):
                lines.append(ctx.t(key, **self._event_args(ctx, event)))
        return lines

    def _event_args(self, ctx: TableContext, event: Event) -> dict[str, Any]:
        args: dict[str, Any] = {"table_size": len(ctx.table.seats)}  # a solo speaks to one
        for name, value in event.items():
            if name in ("type", "at"):
                continue
            if name == "seat":
                args["player"] = ctx.name(value)
            elif name == "seats":
                args["players"] = ", ".join(ctx.name(seat) for seat in value)
            elif name == "scribbled":
                args["scribbled"] = ", ".join(ctx.name(seat) for seat in value)
            elif isinstance(value, bool):
                args[name] = int(value)
            elif isinstance(value, int | str | float):
                args[name] = value
            elif isinstance(value, list) and all(isinstance(v, int) for v in value):
                args[name] = ", ".join(map(str, value))  # dice values
        return args

    async def personal_best(
        self, services: TableServices, ctx: TableContext, guild_id: int | None
    ) -> int | None:
        level = ctx.state.level.id

        def same_level(table: Table) -> bool:
            return (table.state or {}).get("level", {}).get("id") == level

        return await records.solo_best(services.db, self, ctx, guild_id, same_level)

    # ---- the "more" buttons: the rest of the menus, privately ------------------------

    async def on_ui(self, services: TableServices, click: Click) -> None:
        name, _, number = click.argument.partition(":")
        record = await services.db.load_game(click.game_id)
        if name != "more" or not number.isdigit() or record is None:
            raise RulesError("table-error-unknown-control")
        table = Table.from_json(record.snapshot)
        if record.status != tables.ACTIVE or table.state is None:
            raise RulesError("table-error-closed")
        state = engine.from_json(table.state)
        seat = table.seat_of(click.user_id)
        if seat is None:
            raise RulesError("table-error-not-seated")
        if seat not in engine.to_move(state):
            raise RulesError("dz-error-not-your-turn")
        lang = click.language

        def t(key: str, **args: Any) -> str:
            return services.loc.text(lang, key, **args)

        pages = more_pages(choice_menus(state, t))
        page = int(number)
        if page >= len(pages):
            raise RulesError("table-error-stale")
        menus = list(pages[page])
        accent = accent_of(engine.INFO.kind)
        await click.reply.open_panel(
            lambda _: notice_view(t("dz-more-title"), accent, menus, click.game_id, record.version)
        )


# ---- the cog ------------------------------------------------------------------------------


class DizzleCog(TableAddon):
    group = app_commands.Group(
        name=T("dizzle", "cmd-dizzle.name"),
        description=T("Play Dizzle", "cmd-dizzle.description"),
        # Not server-only: the daily is also played from a DM (a new table says where to open it).
    )

    def __init__(self, bot: TableBot) -> None:
        self.bot = bot
        self.plugin = DizzlePlugin(read_dizzle_levels(bot.config.dizzle_levels_folder))
        self.table.register(self.plugin)

    def _t(self, interaction: discord.Interaction) -> Text:
        lang = self.table.lang(interaction)
        return lambda key, **args: self.bot.loc.text(lang, key, **args)

    @group.command(
        name=T("new", "cmd-dizzle-new.name"),
        description=T("Open a Dizzle table in this channel", "cmd-dizzle-new.description"),
    )
    @app_commands.describe(
        level=T("The sheet everyone plays (default: Level 1)", "cmd-dizzle-new.level"),
        solo=T("Play alone, starting at once", "cmd-dizzle-new.solo"),
        turn_timer=T("Minutes per turn (0: no timer)", "cmd-timer.description"),
    )
    @app_commands.rename(
        level=T("level", "cmd-dizzle-new.level-name"),
        solo=T("solo", "cmd-dizzle-new.solo-name"),
        turn_timer=T("turn_timer", "cmd-timer.name"),
    )
    async def new(
        self,
        interaction: discord.Interaction,
        level: str | None = None,
        solo: bool = False,
        turn_timer: app_commands.Range[int, 0, 10080] | None = None,
    ) -> None:
        level_id = None
        if level is not None:
            level_id = self.plugin.find_level(level, self._t(interaction))
            if level_id is None:
                await self.table.tell(interaction, "dz-unknown-level", level=level[:100])
                return
        await self.table.open_table(
            interaction,
            self.plugin,
            {"level": level_id},
            start_now=solo,
            turn_minutes=turn_timer,
        )

    @new.autocomplete("level")
    async def level_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        t = self._t(interaction)
        wanted = current.strip().casefold()
        choices = []
        for level_id in self.plugin.levels:
            name = self.plugin.level_name(level_id, t)
            if wanted in name.casefold() or wanted in level_id.casefold():
                choices.append(app_commands.Choice(name=name[:100], value=level_id[:100]))
        return choices[:MAX_AUTOCOMPLETE]

    @group.command(
        name=T("daily", "cmd-dizzle-daily.name"),
        description=T(
            "Today's Dizzle challenge: the same dice for everyone", "cmd-dizzle-daily.description"
        ),
    )
    async def daily(self, interaction: discord.Interaction) -> None:
        await start_daily(self.bot, interaction, self.plugin)

    @group.command(
        name=T("sheet", "cmd-dizzle-sheet.name"),
        description=T("Look at a player's sheet (only you see it)", "cmd-dizzle-sheet.description"),
    )
    @app_commands.describe(player=T("Whose sheet (default: yours)", "cmd-dizzle-sheet.player"))
    @app_commands.rename(player=T("player", "cmd-dizzle-sheet.player-name"))
    async def sheet(self, interaction: discord.Interaction, player: str | None = None) -> None:
        await answer_sheet(interaction, self.table, self.plugin, SHEET, player)

    @sheet.autocomplete("player")
    async def player_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        record = await self.table.game_for_channel(interaction.channel_id or 0)
        if record is None or record.kind != engine.INFO.kind:
            return []
        return seat_choices(Table.from_json(record.snapshot), current)


async def setup(bot: TableBot) -> None:
    await bot.add_cog(DizzleCog(bot))
