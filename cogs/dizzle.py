"""Dizzle on Discord: ``/dizzle new`` and ``/dizzle sheet``, and each turn's controls.

The levels are read once when the cog loads: the shipped ``games/levels/*.toml`` and the
``*.toml`` files of the server's ``[dizzle] levels_folder`` (see :func:`config.read_dizzle_levels`),
kept by id. The lobby offers them by title; the chosen level's JSON travels into the engine
state, so a running game never depends on the files again.

The turn message shows the middle above the sheet of the player to act, a one-line summary and
the controls of the phase: a button per legal placement when there are up to four, else a menu,
labelled as on the picture ("4 → C5", with the special; a single placement is played by the
table itself), the Reroll / Pass buttons when nothing fits, a
menu of the player's dice of this pass after a missed reroll, and a planet menu after rockets.
Planet picks are simultaneous: the one message lists everyone who still picks, anyone of them
may use its menu (the engine checks each pick against the picker's own sheet), and it is edited
in place until every pick is made.

Discord allows 25 options a menu and 5 rows a message. More choices than one menu holds are
split into balanced menus in label order, each named by its first and last choice; more than
five menus show the first four and a row of buttons, each opening the next five menus in a
private message. A level has at most 26 x 26 fields, which 4 + 5 x 5 menus of 25 always hold.

Choices of this adapter: ``/dizzle sheet`` takes the player from an autocomplete over the
seats (computer seats included) rather than a Discord user; a level id given to ``/dizzle new``
may also be its title; a lobby whose level disappeared (a custom file removed before the start)
starts on the default level; a solo game posts one message per pass, edited after each die.
"""

from __future__ import annotations

import dataclasses
import io
import logging
import math
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from cogs import records
from cogs.components import build_view
from cogs.drawing import TEXTS
from cogs.i18n import T
from cogs.plugin import GamePlugin, TableContext, action_payload, decode_json_action
from cogs.screens import Button, Option, Row, Screen, Select
from cogs.seats import seat_choices, seat_named
from cogs.table import TableAddon
from config import read_dizzle_levels
from games import dizzle as engine
from games import table as tables
from games.dizzle_levels import Level, Special, field_label, level_to_json
from games.engine import Action, Event, GameInfo
from games.engine import Option as GameOption
from games.table import Table
from rendering import dizzle as pictures

if TYPE_CHECKING:
    from bot import TableBot
    from cogs.table import TableCog

log = logging.getLogger(__name__)
Text = Callable[..., str]

# Discord's limits for one message's controls.
MAX_OPTIONS = 25
MAX_ROWS = 5
MAX_BUTTONS = 5
SHOWN_MENUS = 4  # menus beside the row of "more" buttons when the choices need more than 5
MAX_BUTTONS_FOR_CHOICES = 4  # up to this many placements (or dice to return) are buttons
MAX_AUTOCOMPLETE = 25

SPECIAL_EMOJI = {
    "gem": "💎",
    "puzzle": "🧩",
    "key": "🔑",
    "lock": "🔒",
    "bomb": "💣",
    "rocket": "🚀",
    "planet": "🪐",
    "flag": "🚩",
    "poop": "💩",
}


def level_name(level_id: str, title: str, t: Text) -> str:
    """A shipped level ("level3") is named in the reader's language, others by their title."""
    number = level_id.removeprefix("level")
    if level_id.startswith("level") and number.isdigit():
        return t("dz-level-title", number=int(number))
    return title


# ---- the choices of a turn ----------------------------------------------------------------


def choice_menus(state: engine.State, t: Text) -> list[Select]:
    """Every menu the current phase needs (placements, a die to return, planets), split to fit."""
    phase = state.phase
    if phase == "planets":
        return split_menu(_planet_options(state, t), t("dz-choose-planet"), t)
    if phase == "return":
        seat = state.turn
        options = [
            _option(t("dz-action-return-die", value=_pips(state, a), field=_label(a)), a)
            for a in engine.legal_actions(state, seat)
        ]
        return split_menu(options, t("dz-choose-return"), t)
    if phase not in ("turn", "forced"):
        return []
    places = [a for a in engine.legal_actions(state, state.turn) if a["type"] == "place"]
    places.sort(key=lambda a: (_pips(state, a), a["at"][1], a["at"][0]))
    return split_menu([_place_option(state, a, t) for a in places], t("dz-choose-place"), t)


def split_menu(options: list[Option], placeholder: str, t: Text) -> list[Select]:
    """One menu, or balanced menus of at most 25 options named by their first and last."""
    if not options:
        return []
    count = math.ceil(len(options) / MAX_OPTIONS)
    size = math.ceil(len(options) / count)
    chunks = [options[i : i + size] for i in range(0, len(options), size)]
    if len(chunks) == 1:
        return [Select(placeholder, "am0", tuple(options))]
    menus = []
    for index, chunk in enumerate(chunks):
        part = t("dz-choose-part", choose=placeholder, first=chunk[0].label, last=chunk[-1].label)
        menus.append(Select(part[:150], f"am{index}", tuple(chunk)))
    return menus


def turn_rows(state: engine.State, t: Text) -> list[Row]:
    """The controls of the turn message."""
    if state.phase == "turn":
        legal = engine.legal_actions(state, state.turn)
        if legal and legal[0]["type"] in ("reroll", "pass"):
            reroll = Button(
                t("dz-action-reroll"), action_payload({"type": "reroll"}), "primary", "🎲"
            )
            pass_ = Button(t("dz-action-pass"), action_payload({"type": "pass"}), "secondary")
            return [(reroll, pass_)]
    menus = choice_menus(state, t)
    if len(menus) == 1 and len(menus[0].options) <= MAX_BUTTONS_FOR_CHOICES:
        # Few choices: a button each, named by its result ("4 → C5"): one tap, no menu.
        return [tuple(_choice_button(option) for option in menus[0].options)]
    if len(menus) <= MAX_ROWS:
        return list(menus)
    buttons = []
    for number, page in enumerate(more_pages(menus)):
        first, last = page[0].options[0].label, page[-1].options[-1].label
        label = t("dz-more-choices", first=first, last=last)
        buttons.append(Button(label[:80], f"u:more:{number}", emoji="➕"))
    return [*menus[:SHOWN_MENUS], tuple(buttons)]


def _choice_button(option: Option) -> Button:
    label = option.label if not option.description else f"{option.label} · {option.description}"
    return Button(label[:80], "a" + option.value, "primary", option.emoji)


def more_pages(menus: list[Select]) -> list[list[Select]]:
    """The menus behind the "more" buttons: five a private message, up to five buttons."""
    rest = menus[SHOWN_MENUS:] if len(menus) > MAX_ROWS else []
    pages = [rest[i : i + MAX_ROWS] for i in range(0, len(rest), MAX_ROWS)]
    if len(pages) > MAX_BUTTONS:
        raise ValueError("more choices than a level of 26 x 26 fields can offer")
    return pages


def _option(label: str, action: Action, **extra: Any) -> Option:
    return Option(label=label[:100], value=_value(action), **extra)


def _value(action: Action) -> str:
    return action_payload(action)[1:]


def _label(action: Action) -> str:
    return field_label(*action["at"])


def _pips(state: engine.State, action: Action) -> int:
    level = state.level
    return level.pips[level.cell(*action["at"])]


def _place_option(state: engine.State, action: Action, t: Text) -> Option:
    level = state.level
    special = level.specials.get(level.cell(*action["at"]))
    label = f"{_pips(state, action)} → {_label(action)}"  # as the picture names them
    if special is None:
        return _option(label, action)
    return _option(
        label,
        action,
        description=_special_text(state, special, t)[:100],
        emoji=SPECIAL_EMOJI[special.kind],
    )


def _special_text(state: engine.State, special: Special, t: Text) -> str:
    """What a special on a field means for the player placing there, in a few words."""
    name = t(f"dz-special-{special.kind}")
    kind = special.kind
    if kind in ("gem", "poop"):
        return f"{name} {special.points}"
    if kind == "bomb":
        solo = engine.is_solo(state)
        points = engine.SOLO_BOMB_POINTS if solo else special.points
        return t("dz-place-bomb", solo=int(solo), points=points)
    if kind == "flag":
        values = state.level.flags[special.flag_id]
        struck = 0 if engine.is_solo(state) else state.flags_struck.get(special.flag_id, 0)
        points = values[struck] if struck < len(values) else 0
        return f"{name} {points}"
    if special.color:
        return f"{name} ({t('dz-color-name', color=special.color)})"
    return name


def _planet_options(state: engine.State, t: Text) -> list[Option]:
    """The planets any picker may still take (each pick is checked against the picker's sheet)."""
    seen: dict[tuple[int, int], Action] = {}
    for seat in engine.to_move(state):
        for action in engine.legal_actions(state, seat):
            seen.setdefault(tuple(action["at"]), action)
    return [
        _option(t("dz-action-choose-planet", field=_label(a)), a, emoji=SPECIAL_EMOJI["planet"])
        for _, a in sorted(seen.items())
    ]


# ---- the plugin ---------------------------------------------------------------------------


class DizzlePlugin(GamePlugin):
    engine = engine
    emoji = "🧩"
    key_prefix = "dz"
    computer_seats = True

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
        args: dict[str, Any] = {}
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

    # ---- screens --------------------------------------------------------------------

    def _names(self, ctx: TableContext) -> list[str]:
        return [ctx.name(seat) for seat in range(len(ctx.table.seats))]

    def turn_screen(self, ctx: TableContext) -> Screen:
        state = ctx.state
        view = engine.view(state, None)
        names = self._names(ctx)
        summary = pictures.turn_summary(view, names, ctx.t)
        lines = [self._prompt(ctx, view)]
        if state.phase != "planets":
            lines.insert(0, summary)
        return Screen(
            text="\n".join(lines),
            image=pictures.render_turn(view, names, ctx.t),
            filename="dizzle-turn.png",
            image_summary=summary[:1000],
            rows=turn_rows(state, ctx.t),
        )

    def _prompt(self, ctx: TableContext, view: dict[str, Any]) -> str:
        state = ctx.state
        if state.phase == "planets":
            pickers = engine.to_move(state)
            players = ", ".join(ctx.mention(seat) for seat in pickers)
            status = ctx.t("dz-status-planets", players=players, count=len(pickers))
            return f"{status}\n{ctx.t('dz-planets-hint')}"
        seat = state.turn
        player = ctx.mention(seat)
        if state.phase == "forced":
            return ctx.t("dz-status-forced", player=player)
        if state.phase == "return":
            return ctx.t("dz-status-return", player=player)
        if not engine.placeable(state, seat):
            return ctx.t("dz-status-stuck", player=player)
        prompt = ctx.t("dz-status-turn", player=player)
        if view["players"][seat]["boxed_in"]:
            prompt += " " + ctx.t("dz-status-boxed-in")
        return prompt

    def final_screen(self, ctx: TableContext) -> Screen:
        state = ctx.state
        view = engine.view(state, None)
        names = [self._seat_label(ctx, seat) for seat in range(len(ctx.table.seats))]
        level = view["level"]
        lines = [ctx.t("dz-final-title", level=level_name(level["id"], level["title"], ctx.t))]
        places = engine.ranking(state)
        scores = engine.scores(state)
        for seat in sorted(range(len(names)), key=lambda s: (places[s], s)):
            lines.append(
                ctx.t(
                    "dz-final-line",
                    place=places[seat],
                    player=names[seat],
                    points=scores[seat],
                    crosses=view["players"][seat]["cross_count"],
                )
            )
        if pictures.tie_broken(list(zip(places, view["players"], strict=True))):
            lines.append(ctx.t("dz-final-tie-break"))  # only where fewer crosses decided
        return Screen(
            text="\n".join(lines),
            image=pictures.render_scoreboard(view, names, ctx.t, best=ctx.best),
            filename="dizzle-result.png",
            image_summary=pictures.scoreboard_summary(view, names, ctx.t)[:1000],
        )

    async def personal_best(
        self, cog: TableCog, ctx: TableContext, guild_id: int | None
    ) -> int | None:
        level = ctx.state.level.id

        def same_level(table: Table) -> bool:
            return (table.state or {}).get("level", {}).get("id") == level

        return await records.solo_best(cog.bot.db, self, ctx, guild_id, same_level)

    def _seat_label(self, ctx: TableContext, seat: int) -> str:
        label = ctx.name(seat)
        if ctx.table.seats[seat].left:
            label += " " + ctx.t("table-left-tag")
        return label

    # ---- the "more" buttons: the rest of the menus, privately ------------------------

    async def on_ui(
        self,
        cog: TableCog,
        interaction: discord.Interaction,
        game_id: int,
        verb: str,
        values: list[str],
    ) -> None:
        name, _, number = verb.partition(":")
        record = await cog.bot.db.load_game(game_id)
        if name != "more" or not number.isdigit() or record is None:
            await cog.tell(interaction, "table-error-unknown-control")
            return
        table = Table.from_json(record.snapshot)
        if record.status != tables.ACTIVE or table.state is None:
            await cog.tell(interaction, "table-error-closed")
            return
        state = engine.from_json(table.state)
        seat = table.seat_of(interaction.user.id)
        if seat is None:
            await cog.tell(interaction, "table-error-not-seated")
            return
        if seat not in engine.to_move(state):
            await cog.tell(interaction, "dz-error-not-your-turn")
            return
        lang = cog.lang(interaction)

        def t(key: str, **args: Any) -> str:
            return cog.loc.text(lang, key, **args)

        pages = more_pages(choice_menus(state, t))
        page = int(number)
        if page >= len(pages):
            await cog.tell(interaction, "table-error-stale")
            return
        await interaction.response.send_message(
            t("dz-more-title"),
            view=build_view(game_id, record.version, list(pages[page])),
            ephemeral=True,
        )


# ---- the cog ------------------------------------------------------------------------------


class DizzleCog(TableAddon):
    group = app_commands.Group(
        name=T("dizzle", "cmd-dizzle.name"),
        description=T("Play Dizzle", "cmd-dizzle.description"),
        guild_only=True,
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
        name=T("sheet", "cmd-dizzle-sheet.name"),
        description=T("Look at a player's sheet (only you see it)", "cmd-dizzle-sheet.description"),
    )
    @app_commands.describe(player=T("Whose sheet (default: yours)", "cmd-dizzle-sheet.player"))
    @app_commands.rename(player=T("player", "cmd-dizzle-sheet.player-name"))
    async def sheet(self, interaction: discord.Interaction, player: str | None = None) -> None:
        record = await self.bot.db.open_game(interaction.channel_id or 0)
        if record is None or record.kind != engine.INFO.kind or not record.snapshot.get("state"):
            await self.table.tell(interaction, "dz-no-game-here")
            return
        table = Table.from_json(record.snapshot)
        seat = seat_named(table, player) if player else table.seat_of(interaction.user.id)
        if seat is None:
            key = "dz-not-a-player" if player else "dz-sheet-whose"
            await self.table.tell(interaction, key, player=(player or "")[:100])
            return
        t = self._t(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        view = engine.view(engine.from_json(table.state or {}), None)
        name = table.seats[seat].name
        language = self.table.lang(interaction)
        png = await self.table.drawing.picture(
            language, pictures.render_sheet, view, seat, name, TEXTS
        )
        summary = pictures.sheet_summary(view, seat, name, t)
        file = discord.File(io.BytesIO(png), "dizzle-sheet.png", description=summary[:1000])
        await interaction.followup.send(summary[:2000], file=file, ephemeral=True)

    @sheet.autocomplete("player")
    async def player_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        record = await self.bot.db.open_game(interaction.channel_id or 0)
        if record is None or record.kind != engine.INFO.kind:
            return []
        return seat_choices(Table.from_json(record.snapshot), current)


async def setup(bot: TableBot) -> None:
    await bot.add_cog(DizzleCog(bot))
