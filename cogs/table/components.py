"""Discord components for a screen's controls, and the dynamic items that answer their clicks.

Every control is a :class:`discord.ui.DynamicItem` whose custom_id carries the game id, the
table version it was issued at and what it does (``t:<game>:<version>:<payload>``), so buttons
keep working after a restart; :class:`TableButton` and :class:`TableSelect` are registered once
at start-up and hand every click to the table cog.

A message's controls are sent as :class:`Controls`, their payload written out directly, and a
click is read straight off its custom_id (:func:`table_control`): the registered items answer
every click, so the bot never needs discord.py's view objects (building one costs about as much
as the rest of a click's answer).
"""

from __future__ import annotations

import functools
import io
import re
from typing import TYPE_CHECKING, Any

import discord

from screens.model import Button, Option, Row, Screen, Select

if TYPE_CHECKING:
    from cogs.table.cog import TableCog

MAX_CUSTOM_ID = 100
STYLES = {
    "primary": discord.ButtonStyle.primary,
    "secondary": discord.ButtonStyle.secondary,
    "success": discord.ButtonStyle.success,
    "danger": discord.ButtonStyle.danger,
}


class Upload(discord.File):
    """A picture to send once: its bytes are let go as soon as discord.py is done with it.

    discord.py closes a file after its request, but leaves a buffer it did not open alone,
    and the request's objects hold it in reference cycles that the garbage collector takes
    seconds to clear: with a hundred rounds starting, some 150 slates (27 MB) were kept so.
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


class TableSelect(discord.ui.DynamicItem[discord.ui.Select], template=SELECT_TEMPLATE):
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


def table_control(data: dict[str, Any]) -> tuple[int, int, str, list[str]] | None:
    """A click on one of the table's controls (an INTERACTION_CREATE payload): game, version,
    payload and chosen values; None for any other interaction.

    The bot hands these to the table cog itself: discord.py would first rebuild a view of
    every control on the clicked message, only to find the one clicked.
    """
    if data.get("type") != 3 or not data.get("message"):
        return None
    inner = data.get("data") or {}
    template = _CONTROL.get(inner.get("component_type", 0))
    match = template.fullmatch(inner.get("custom_id", "")) if template else None
    if match is None:
        return None
    values = [str(value) for value in inner.get("values", [])]
    return int(match["game"]), int(match["version"]), match["payload"], values


def controls_of(message: discord.Message) -> list[tuple[int, int, str]]:
    """Game, version and payload of each table control on a message (as Discord returns it)."""
    found = []
    for row in message.components:
        for child in getattr(row, "children", []):
            custom = getattr(child, "custom_id", None) or ""
            match = _CONTROL[2].fullmatch(custom) or _CONTROL[3].fullmatch(custom)
            if match is not None:
                found.append((int(match["game"]), int(match["version"]), match["payload"]))
    return found


async def press(interaction: discord.Interaction, control: tuple[int, int, str, list[str]]) -> None:
    """Hand a click found by :func:`table_control` to the table cog."""
    game_id, version, payload, values = control
    cog = _table_cog(interaction)
    if cog is not None:  # None only while the bot starts or stops
        await cog.on_control(interaction, game_id, version, payload, values)


def _table_cog(interaction: discord.Interaction) -> TableCog:
    return interaction.client.get_cog("TableCog")  # type: ignore[attr-defined,return-value]


class Controls:
    """A message's rows of controls as Discord's component payload, for discord.py's ``view=``.

    discord.py asks a view for its payload and whether to keep it for dispatching; these are
    never kept (clicks reach :class:`TableButton` and :class:`TableSelect` by their custom_id).
    The payload is what a stopped ``discord.ui.View`` of the same items sends (a test compares).
    """

    __discord_ui_view__ = True
    timeout = None

    def __init__(self, components: list[dict[str, Any]]) -> None:
        self.components = components

    def to_components(self) -> list[dict[str, Any]]:
        return self.components

    def has_components_v2(self) -> bool:
        return False

    def is_finished(self) -> bool:
        return True

    def is_dispatchable(self) -> bool:
        return False


def build_view(game_id: int, version: int, rows: list[Row]) -> Controls | None:
    """Discord components for ``rows``; at most 5 rows of 5 buttons or one select each."""
    if not rows:
        return None
    if len(rows) > 5:
        raise ValueError("a message holds at most 5 rows of controls")
    components: list[dict[str, Any]] = []
    for row in rows:
        if isinstance(row, Select):
            if not 1 <= len(row.options) <= 25:
                raise ValueError("a select holds 1 to 25 options")
            items = [_select_payload(game_id, version, row)]
        else:
            if len(row) > 5:
                raise ValueError("a row holds at most 5 buttons")
            items = [_button_payload(game_id, version, button) for button in row]
        if items:
            components.append({"type": 1, "components": items})
    return Controls(components)


def _button_payload(game_id: int, version: int, button: Button) -> dict[str, Any]:
    payload: dict[str, Any] = {
        "type": 2,
        "style": STYLES[button.style].value,
        "disabled": button.disabled,
    }
    if button.label:
        payload["label"] = button.label
    payload["custom_id"] = custom_id("t", game_id, version, button.payload)
    if button.emoji:
        payload["emoji"] = _emoji(button.emoji)
    return payload


def _select_payload(game_id: int, version: int, select: Select) -> dict[str, Any]:
    payload: dict[str, Any] = {
        "type": 3,
        "custom_id": custom_id("s", game_id, version, select.payload),
        "min_values": select.min_values,
        "max_values": select.max_values,
        "disabled": False,
        "required": True,
    }
    if select.placeholder:
        payload["placeholder"] = select.placeholder
    payload["options"] = [_option_payload(option) for option in select.options]
    return payload


def _option_payload(option: Option) -> dict[str, Any]:
    payload: dict[str, Any] = {
        "label": option.label,
        "value": option.value,
        "default": option.default,
    }
    if option.description:
        payload["description"] = option.description
    if option.emoji:
        payload["emoji"] = _emoji(option.emoji)
    return payload


@functools.lru_cache(maxsize=512)
def _emoji_payload(text: str) -> tuple[tuple[str, Any], ...]:
    return tuple(discord.PartialEmoji.from_str(text).to_dict().items())


def _emoji(text: str) -> dict[str, Any]:
    # A fresh dict each time: a payload is Discord's to serialise, never shared.
    return dict(_emoji_payload(text))
