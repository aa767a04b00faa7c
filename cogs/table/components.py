"""Discord components for a screen's controls, and the dynamic items that answer their clicks.

Every control is a :class:`discord.ui.DynamicItem` whose custom_id carries the game id, the
table version it was issued at and what it does (``t:<game>:<version>:<payload>``), so buttons
keep working after a restart; :class:`TableButton` and :class:`TableSelect` are registered once
at start-up (``Client.add_dynamic_items``) and are where every click enters the table: read once
into a :class:`~cogs.table.click.Click` and handed to the table cog.

A message's controls are sent as a stopped view of these items: the registered items answer
every click, so no message needs a view kept for it.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from typing import Any, Protocol

import discord

from cogs.table.click import Click, Kind, read_payload
from cogs.table.delivery import Reply
from cogs.table.emojis import shown_emoji
from locales import Localizer
from screens.model import Button, Option, Row, Screen, Select
from storage import GameRecord

MAX_CUSTOM_ID = 100
STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


class ClickTaker(Protocol):
    """Where a click goes once read (the table cog): what reading it needs, and the click."""

    @property
    def loc(self) -> Localizer: ...

    def lang(self, interaction: discord.Interaction) -> str: ...

    async def on_click(self, click: Click) -> None: ...


class Upload(discord.File):
    """A picture to send once: its bytes are let go as soon as discord.py is done with it.

    discord.py closes a file after its request, but leaves a buffer it did not open alone,
    and the request's objects hold it in reference cycles that the garbage collector takes
    seconds to clear; a round start sends a slate to every seat at once.
    """

    def __init__(self, picture: bytes, filename: str, description: str | None = None) -> None:
        super().__init__(io.BytesIO(picture), filename, description=description)

    def close(self) -> None:
        super().close()
        self.fp.close()


def attachments(screen: Screen) -> list[discord.File]:
    """The screen's picture as a file to send, described by its summary (or nothing)."""
    if screen.image is None:
        return []
    return [Upload(screen.image, screen.filename, screen.image_summary)]


def custom_id(kind: str, game_id: int, version: int, payload: str) -> str:
    value = f"{kind}:{game_id}:{version}:{payload}"
    if len(value) > MAX_CUSTOM_ID:
        raise ValueError(f"custom_id longer than {MAX_CUSTOM_ID}: {value}")
    return value


BUTTON_TEMPLATE = r"t:(?P<game>[0-9]{1,18}):(?P<version>[0-9]{1,9}):(?P<payload>.{1,80})"
SELECT_TEMPLATE = r"s:(?P<game>[0-9]{1,18}):(?P<version>[0-9]{1,9}):(?P<payload>.{1,80})"
_CONTROL = {2: re.compile(BUTTON_TEMPLATE), 3: re.compile(SELECT_TEMPLATE)}  # by component type


class TableButton(discord.ui.DynamicItem[discord.ui.Button], template=BUTTON_TEMPLATE):
    def __init__(self, game_id: int, version: int, spec: Button) -> None:
        self.game_id, self.version, self.payload = game_id, version, spec.payload
        super().__init__(
            discord.ui.Button(
                label=spec.label,
                style=STYLES[spec.style],
                emoji=shown_emoji(spec),
                disabled=spec.disabled,
                custom_id=custom_id("t", game_id, version, spec.payload),
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str], /
    ) -> TableButton:
        spec = Button(label=item.label or "?", payload=match["payload"])
        return cls(int(match["game"]), int(match["version"]), spec)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return await _open(interaction)

    async def callback(self, interaction: discord.Interaction) -> Any:
        await _enter(interaction, self.game_id, self.version, self.payload, ())


class TableSelect(discord.ui.DynamicItem[discord.ui.Select], template=SELECT_TEMPLATE):
    def __init__(self, game_id: int, version: int, spec: Select) -> None:
        self.game_id, self.version, self.payload = game_id, version, spec.payload
        options = [
            discord.SelectOption(
                label=o.label,
                value=o.value,
                description=o.description,
                emoji=shown_emoji(o),
                default=o.default,
            )
            for o in spec.options
        ]
        super().__init__(
            discord.ui.Select(
                custom_id=custom_id("s", game_id, version, spec.payload),
                placeholder=spec.placeholder,
                options=options,
                min_values=spec.min_values,
                max_values=spec.max_values,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Select, match: re.Match[str], /
    ) -> TableSelect:
        spec = Select(
            placeholder=item.placeholder or "",
            payload=match["payload"],
            options=tuple(Option(o.label, o.value) for o in item.options),
            min_values=item.min_values,
            max_values=item.max_values,
        )
        return cls(int(match["game"]), int(match["version"]), spec)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return await _open(interaction)

    async def callback(self, interaction: discord.Interaction) -> Any:
        values = tuple(self.item.values)
        await _enter(interaction, self.game_id, self.version, self.payload, values)


def controls_of(message: discord.Message) -> list[tuple[int, int, str]]:
    """Game, version and payload of each table control on a message (as Discord returns it)."""
    found = []
    for component in _walk(message.components):
        custom = getattr(component, "custom_id", None) or ""
        match = _CONTROL[2].fullmatch(custom) or _CONTROL[3].fullmatch(custom)
        if match is not None:
            found.append((int(match["game"]), int(match["version"]), match["payload"]))
    return found


def _walk(components: Any) -> list[Any]:
    """Every component of a message: rows of a classic one, a V2 one's containers too."""
    found = []
    for component in components:
        found.append(component)
        found.extend(_walk(getattr(component, "children", [])))
        accessory = getattr(component, "accessory", None)
        if accessory is not None:
            found.append(accessory)
    return found


async def _open(interaction: discord.Interaction) -> bool:
    """Whether the bot takes clicks: a stopping bot answers "restarting" instead."""
    refuse = getattr(interaction.client, "refuse_while_stopping", None)
    return refuse is None or not await refuse(interaction)


async def _enter(
    interaction: discord.Interaction,
    game_id: int,
    version: int,
    payload: str,
    values: tuple[str, ...],
) -> None:
    cog = _table_cog(interaction)
    if cog is not None:  # None only while the bot starts or stops
        click = read_click(interaction, game_id, version, payload, values, cog.loc, cog.lang)
        await cog.on_click(click)


def read_click(
    interaction: discord.Interaction,
    game_id: int,
    version: int,
    payload: str,
    values: tuple[str, ...],
    loc: Localizer,
    language_of: Callable[[discord.Interaction], str],
) -> Click:
    """Everything the table needs of a click, read once."""
    kind, argument = read_payload(payload)
    return _read(
        interaction, game_id, version, kind, argument, values, loc, language_of(interaction)
    )


def read_command(
    interaction: discord.Interaction, record: GameRecord, loc: Localizer, language: str
) -> Click:
    """A slash command that opened a table, read as a click on it (its answers go the same
    ways: the command's response, then follow-ups through its token)."""
    return _read(interaction, record.id, record.version, Kind.COMMAND, "", (), loc, language)


def _read(
    interaction: discord.Interaction,
    game_id: int,
    version: int,
    kind: Kind,
    argument: str,
    values: tuple[str, ...],
    loc: Localizer,
    language: str,
) -> Click:
    message = interaction.message  # None for a slash command
    private = message is not None and (interaction.guild_id is None or message.flags.ephemeral)
    return Click(
        id=interaction.id,
        game_id=game_id,
        version=version,
        kind=kind,
        argument=argument,
        values=values,
        user_id=interaction.user.id,
        user_name=interaction.user.display_name,
        language=language,
        manages_server=can_manage(interaction),
        guild_id=interaction.guild_id,
        channel_id=interaction.channel_id,
        on_message=message is not None,
        on_private_panel=private,
        reply=Reply(interaction, loc, language),
    )


def can_manage(interaction: discord.Interaction) -> bool:
    """Whether the user may manage the server (and so cancel any of its tables)."""
    permissions = interaction.permissions
    return bool(permissions and (permissions.manage_guild or permissions.administrator))


def _table_cog(interaction: discord.Interaction) -> ClickTaker | None:
    return interaction.client.get_cog("TableCog")  # type: ignore[attr-defined,return-value]


def table_items(game_id: int, version: int, rows: list[Row]) -> list[list[discord.ui.Item[Any]]]:
    """The registered items of ``rows``, row by row; at most 5 rows of 5 buttons or one
    select each."""
    if len(rows) > 5:
        raise ValueError("a message holds at most 5 rows of controls")
    built: list[list[discord.ui.Item[Any]]] = []
    for row in rows:
        if isinstance(row, Select):
            if not 1 <= len(row.options) <= 25:
                raise ValueError("a select holds 1 to 25 options")
            built.append([TableSelect(game_id, version, row)])
        else:
            if len(row) > 5:
                raise ValueError("a row holds at most 5 buttons")
            built.append([TableButton(game_id, version, button) for button in row])
    return built


def build_view(game_id: int, version: int, rows: list[Row]) -> discord.ui.View | None:
    """Discord components for ``rows`` on a classic message (see :func:`table_items`).

    The view is stopped before it is sent, so discord.py keeps none of them: the registered
    items answer every click by its custom_id.
    """
    if not rows:
        return None
    view = discord.ui.View(timeout=None)
    for index, items in enumerate(table_items(game_id, version, rows)):
        for item in items:
            item.row = index
            view.add_item(item)
    view.stop()
    return view
