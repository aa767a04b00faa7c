"""Discord components for a screen's controls, and the dynamic items that answer their clicks.

Every control is a :class:`discord.ui.DynamicItem` whose custom_id carries the game id, the
table version it was issued at and what it does (``t:<game>:<version>:<payload>``), so buttons
keep working after a restart; :class:`TableButton` and :class:`TableSelect` are registered once
at start-up and hand every click to the table cog.
"""

from __future__ import annotations

import io
import re
from typing import TYPE_CHECKING, Any

import discord

from cogs.screens import Button, Option, Row, Screen, Select

if TYPE_CHECKING:
    from cogs.table import TableCog

MAX_CUSTOM_ID = 100
STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


def attachments(screen: Screen) -> list[discord.File]:
    """The screen's picture as a file to send, described by its summary (or nothing)."""
    if screen.image is None:
        return []
    picture = io.BytesIO(screen.image)
    return [discord.File(picture, screen.filename, description=screen.image_summary)]


def custom_id(kind: str, game_id: int, version: int, payload: str) -> str:
    value = f"{kind}:{game_id}:{version}:{payload}"
    if len(value) > MAX_CUSTOM_ID:
        raise ValueError(f"custom_id longer than {MAX_CUSTOM_ID}: {value}")
    return value


class TableButton(
    discord.ui.DynamicItem[discord.ui.Button],
    template=r"t:(?P<game>[0-9]{1,18}):(?P<version>[0-9]{1,9}):(?P<payload>.{1,80})",
):
    def __init__(self, game_id: int, version: int, spec: Button) -> None:
        self.game_id, self.version, self.payload = game_id, version, spec.payload
        super().__init__(
            discord.ui.Button(
                label=spec.label,
                style=STYLES[spec.style],
                emoji=spec.emoji,
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

    async def callback(self, interaction: discord.Interaction) -> Any:
        await _table_cog(interaction).on_control(
            interaction, self.game_id, self.version, self.payload, []
        )


class TableSelect(
    discord.ui.DynamicItem[discord.ui.Select],
    template=r"s:(?P<game>[0-9]{1,18}):(?P<version>[0-9]{1,9}):(?P<payload>.{1,80})",
):
    def __init__(self, game_id: int, version: int, spec: Select) -> None:
        self.game_id, self.version, self.payload = game_id, version, spec.payload
        options = [
            discord.SelectOption(
                label=o.label,
                value=o.value,
                description=o.description,
                emoji=o.emoji,
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

    async def callback(self, interaction: discord.Interaction) -> Any:
        await _table_cog(interaction).on_control(
            interaction, self.game_id, self.version, self.payload, list(self.item.values)
        )


def _table_cog(interaction: discord.Interaction) -> TableCog:
    return interaction.client.get_cog("TableCog")  # type: ignore[attr-defined,return-value]


def build_view(game_id: int, version: int, rows: list[Row]) -> discord.ui.View | None:
    """Discord components for ``rows``; at most 5 rows of 5 buttons or one select each."""
    if not rows:
        return None
    if len(rows) > 5:
        raise ValueError("a message holds at most 5 rows of controls")
    view = discord.ui.View(timeout=None)
    for index, row in enumerate(rows):
        if isinstance(row, Select):
            if not 1 <= len(row.options) <= 25:
                raise ValueError("a select holds 1 to 25 options")
            item: discord.ui.Item = TableSelect(game_id, version, row)
            item.row = index
            view.add_item(item)
            continue
        if len(row) > 5:
            raise ValueError("a row holds at most 5 buttons")
        for button in row:
            item = TableButton(game_id, version, button)
            item.row = index
            view.add_item(item)
    # Clicks reach the registered dynamic items by their custom_id; a view discord.py kept
    # for every message sent (it never times out) would only pile up in memory.
    view.stop()
    return view
