"""Interactions sent to the bot: the record a test reads, and the gateway payloads."""

from __future__ import annotations

import asyncio
import time
from typing import TYPE_CHECKING, Any

from . import payloads
from .limits import MAX_ATTACHMENT_BYTES
from .models import BOT_PERMISSIONS, Channel, Message, User, walk_components

if TYPE_CHECKING:
    from .state import World

# Interaction types.
PING = 1
APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
AUTOCOMPLETE = 4
MODAL_SUBMIT = 5

# Callback (response) types.
PONG = 1
CHANNEL_MESSAGE = 4
DEFERRED_CHANNEL_MESSAGE = 5
DEFERRED_UPDATE_MESSAGE = 6
UPDATE_MESSAGE = 7
AUTOCOMPLETE_RESULT = 8
MODAL = 9

ALLOWED_CALLBACKS = {
    APPLICATION_COMMAND: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, MODAL},
    MESSAGE_COMPONENT: {
        CHANNEL_MESSAGE,
        DEFERRED_CHANNEL_MESSAGE,
        DEFERRED_UPDATE_MESSAGE,
        UPDATE_MESSAGE,
        MODAL,
    },
    AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
    MODAL_SUBMIT: {
        CHANNEL_MESSAGE,
        DEFERRED_CHANNEL_MESSAGE,
        DEFERRED_UPDATE_MESSAGE,
        UPDATE_MESSAGE,
    },
}


class Interaction:
    """What happened to one interaction: its response, the message it made, its followups."""

    def __init__(
        self, ident: int, token: str, kind: int, user: User, channel: Channel, label: str
    ) -> None:
        self.id = ident
        self.token = token
        self.type = kind
        self.user = user
        self.channel = channel
        self.label = label
        self.payload: dict[str, Any] = {}
        self.component_message: Message | None = None
        self.sent_at: float | None = None
        self.response_type: int | None = None
        self.responded_at: float | None = None
        self.ephemeral = False
        self.message: Message | None = None
        self.followups: list[Message] = []
        self.choices: list[dict[str, Any]] | None = None
        self.modal: dict[str, Any] | None = None
        self.refused: list[int] = []
        self.dropped = False  # a fault kept the bot's callback from taking effect
        self.expired = False
        self._callback_seen = asyncio.Event()
        self._responded = asyncio.Event()

    @property
    def responded_in(self) -> float | None:
        """Seconds between sending the interaction and the bot's accepted initial response."""
        if self.responded_at is None or self.sent_at is None:
            return None
        return self.responded_at - self.sent_at

    @property
    def age(self) -> float:
        return time.monotonic() - (self.sent_at or time.monotonic())

    def note_callback(self, status: int | None = None) -> None:
        """Any callback arrived; a refused one is remembered by its HTTP status."""
        if status is not None:
            self.refused.append(status)
        self._callback_seen.set()

    def note_dropped(self) -> None:
        """The bot's callback arrived but a fault kept it from Discord (dropped, hung, bot died)."""
        self.dropped = True
        self._callback_seen.set()

    def note_response(self, callback_type: int) -> None:
        self.response_type = callback_type
        self.responded_at = time.monotonic()
        self._responded.set()
        self._callback_seen.set()

    async def wait_callback(self, timeout: float) -> None:
        try:
            await asyncio.wait_for(self._callback_seen.wait(), timeout)
        except TimeoutError:
            raise AssertionError(f"the bot did not answer {self} within {timeout} s") from None

    async def wait_response(self, timeout: float = 3.0) -> Interaction:
        """Wait until an initial response was accepted; AssertionError naming this one if not."""
        try:
            await asyncio.wait_for(self._responded.wait(), timeout)
        except TimeoutError:
            refused = f" (refused callbacks: {self.refused})" if self.refused else ""
            raise AssertionError(f"no response to {self} within {timeout} s{refused}") from None
        return self

    @property
    def private(self) -> Message | None:
        """The bot's private answer: an ephemeral response, else its newest ephemeral followup;
        a deleted one is no longer seen.

        A click acknowledged first (a deferred update) is answered privately by a followup.
        """
        if self.ephemeral and self.message is not None and not self.message.deleted:
            return self.message
        for message in reversed(self.followups):
            if message.ephemeral_for is not None and not message.deleted:
                return message
        return None

    def messages(self) -> list[Message]:
        """The response message (if any) and the followups."""
        return [m for m in [self.message, *self.followups] if m is not None]

    def __repr__(self) -> str:
        return f"<Interaction {self.id}: {self.label}>"


def base_payload(world: World, ix: Interaction, locale: str | None) -> dict[str, Any]:
    """The fields every interaction has, for a guild channel, a thread or a DM."""
    channel = ix.channel
    shape: dict[str, Any] = {
        "id": str(ix.id),
        "application_id": str(world.application_id),
        "type": ix.type,
        "token": ix.token,
        "version": 1,
        "attachment_size_limit": MAX_ATTACHMENT_BYTES,
        "locale": locale or ix.user.locale,
        "app_permissions": str(BOT_PERMISSIONS),
        "entitlements": [],
        "entitlement_sku_ids": [],
        "channel_id": str(channel.id),
        "channel": payloads.partial_channel(channel, world.permissions_of(ix.user, channel)),
    }
    guild = channel.guild
    if guild is None:
        shape["user"] = payloads.user(ix.user)
        shape["context"] = 1
        shape["authorizing_integration_owners"] = {"0": "0"}
        return shape
    member = world.member_of(guild, ix.user)
    if member is None:
        raise AssertionError(f"{ix.user.name} is not a member of {guild.name}")
    shape["guild_id"] = str(guild.id)
    shape["guild_locale"] = guild.locale
    shape["guild"] = {"id": str(guild.id), "locale": guild.locale, "features": []}
    shape["member"] = payloads.member(member, permissions=True)
    shape["context"] = 0
    shape["authorizing_integration_owners"] = {"0": str(guild.id)}
    return shape


def find_component(message: Message, custom_id: str, types: tuple[int, ...]) -> dict[str, Any]:
    """The enabled component a user can use on a message; AssertionError otherwise."""
    for component in walk_components(message.components):
        if component.get("custom_id") == custom_id and component.get("type") in types:
            if component.get("disabled"):
                raise AssertionError(f"{custom_id!r} on message {message.id} is disabled")
            return component
    present = [c.get("custom_id") for c in walk_components(message.components) if "custom_id" in c]
    raise AssertionError(f"no {custom_id!r} on message {message.id}; custom_ids: {present}")


def select_values_problem(select: dict[str, Any], values: list[str]) -> str | None:
    """Why a user could not pick these values in a select menu, or None if they could."""
    low, high = select.get("min_values", 1), select.get("max_values", 1)
    if not low <= len(values) <= high:
        return f"pick between {low} and {high} values, not {len(values)}"
    if select.get("type") == 3:
        offered = {option.get("value") for option in select.get("options", [])}
        unknown = [value for value in values if value not in offered]
        if unknown:
            return f"values {unknown} are not among the options {sorted(offered)}"
    return None


def modal_answers(modal: dict[str, Any], answers: dict[str, str]) -> list[dict[str, Any]]:
    """The `components` of a modal submit: every text input with the user's answer."""
    inputs = [c for c in walk_components(modal.get("components", [])) if c.get("type") == 4]
    unknown = set(answers) - {c.get("custom_id") for c in inputs}
    if unknown:
        raise AssertionError(f"modal {modal.get('custom_id')!r} has no inputs {sorted(unknown)}")
    missing = [
        c["custom_id"]
        for c in inputs
        if c.get("required", True) and not answers.get(c["custom_id"])
    ]
    if missing:
        raise AssertionError(f"modal {modal.get('custom_id')!r} needs answers for {missing}")
    return [_answered(component, answers) for component in modal.get("components", [])]


def _answered(component: dict[str, Any], answers: dict[str, str]) -> dict[str, Any]:
    kind = component.get("type")
    if kind == 1:
        return {"type": 1, "components": [_answered(c, answers) for c in component["components"]]}
    if kind == 18:
        return {"type": 18, "component": _answered(component["component"], answers)}
    custom_id = component.get("custom_id")
    if kind == 4:
        return {"type": 4, "custom_id": custom_id, "value": answers.get(custom_id, "")}
    return {"type": kind, "custom_id": custom_id, "values": []}
