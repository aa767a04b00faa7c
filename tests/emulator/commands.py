"""Slash command payloads built from the commands the bot synced.

A test names a command as a user types it ("dicestars new") and gives option values by
name; everything is checked against the synced definitions, so a test cannot call what the bot
did not register, nor pass a value Discord's client would not let a user enter.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import payloads
from .models import ADMINISTRATOR, Attachment, Channel, User

if TYPE_CHECKING:
    from .state import World

SUB_COMMAND = 1
SUB_COMMAND_GROUP = 2
STRING = 3
INTEGER = 4
BOOLEAN = 5
USER = 6
CHANNEL = 7
ROLE = 8
MENTIONABLE = 9
NUMBER = 10
ATTACHMENT = 11

GUILD_CONTEXT = 0
BOT_DM_CONTEXT = 1


def command_data(
    world: World,
    user: User,
    channel: Channel,
    path: str,
    values: dict[str, Any],
    base_url: str,
    focused: str | None = None,
) -> dict[str, Any]:
    """The `data` of a type 2 (or, with `focused`, type 4) interaction."""
    command, chain, definitions = find_command(world, user, channel, path)
    resolved: dict[str, dict[str, Any]] = {}
    context = _Context(world, channel, resolved, base_url, f"/{path}")
    leaf = [
        context.option(definitions, name, value, name == focused) for name, value in values.items()
    ]
    context.check_required(definitions, values, focused)
    options = leaf
    for sub in reversed(chain):
        options = [{"name": sub["name"], "type": sub["type"], "options": options}]
    data: dict[str, Any] = {
        "id": command["id"],
        "name": command["name"],
        "type": command.get("type", 1),
        "options": options,
    }
    if command.get("guild_id"):
        data["guild_id"] = command["guild_id"]
    if resolved:
        data["resolved"] = resolved
    return data


def find_command(
    world: World, user: User, channel: Channel, path: str
) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
    """The command, the chain of subcommand (group) options, and the leaf option definitions."""
    names = path.split()
    synced = [c for c in world.commands_for(channel.guild) if c.get("type", 1) == 1]
    command = next((c for c in synced if c["name"] == names[0]), None)
    if command is None:
        raise AssertionError(
            f"/{names[0]} is not synced here; synced: {[c['name'] for c in synced]}"
        )
    _check_usable(world, command, user, channel)
    chain: list[dict[str, Any]] = []
    options = command.get("options") or []
    for name in names[1:]:
        sub = next((o for o in options if o["name"] == name and o["type"] in (1, 2)), None)
        if sub is None:
            subs = [o["name"] for o in options if o["type"] in (1, 2)]
            raise AssertionError(f"/{path}: no subcommand {name!r}; there are {subs}")
        chain.append(sub)
        options = sub.get("options") or []
    nested = [o["name"] for o in options if o["type"] in (1, 2)]
    if nested:
        raise AssertionError(f"/{path} needs a subcommand, one of {nested}")
    return command, chain, options


def _check_usable(world: World, command: dict[str, Any], user: User, channel: Channel) -> None:
    """Discord's client only offers a command where and to whom it is allowed."""
    contexts = command.get("contexts")
    name = command["name"]
    if channel.guild is None:
        allowed = (
            BOT_DM_CONTEXT in contexts if contexts else command.get("dm_permission") is not False
        )
        if not allowed or command.get("guild_id"):
            raise AssertionError(f"/{name} is not available in DMs")
        return
    if contexts and GUILD_CONTEXT not in contexts:
        raise AssertionError(f"/{name} is not available in servers")
    needed = command.get("default_member_permissions")
    if needed is None:
        return
    has = world.permissions_of(user, channel)
    if not has & ADMINISTRATOR and has & int(needed) != int(needed):
        raise AssertionError(f"{user.name} may not use /{name} (needs permissions {needed})")


class _Context:
    """Converts option values and collects `resolved` objects for one command payload."""

    def __init__(
        self, world: World, channel: Channel, resolved: dict[str, Any], base_url: str, label: str
    ) -> None:
        self.world = world
        self.channel = channel
        self.resolved = resolved
        self.base_url = base_url
        self.label = label

    def option(
        self, definitions: list[dict[str, Any]], name: str, value: Any, focused: bool
    ) -> dict[str, Any]:
        definition = next((d for d in definitions if d["name"] == name), None)
        if definition is None:
            known = [d["name"] for d in definitions]
            raise AssertionError(f"{self.label} has no option {name!r}; options: {known}")
        shape = {"name": name, "type": definition["type"]}
        if focused:
            if not definition.get("autocomplete"):
                raise AssertionError(f"option {name!r} of {self.label} has no autocomplete")
            return {**shape, "value": value, "focused": True}
        return {**shape, "value": self.convert(definition, value)}

    def check_required(
        self, definitions: list[dict[str, Any]], values: dict[str, Any], focused: str | None
    ) -> None:
        # While autocompleting, the user has not filled in the other options yet.
        if focused is not None:
            return
        missing = [d["name"] for d in definitions if d.get("required") and d["name"] not in values]
        if missing:
            raise AssertionError(f"{self.label} needs the options {missing}")

    def convert(self, definition: dict[str, Any], value: Any) -> Any:
        kind = definition["type"]
        name = f"option {definition['name']!r} of {self.label}"
        if kind in (STRING, INTEGER, NUMBER, BOOLEAN):
            return _checked_scalar(definition, value, name)
        if kind in (USER, MENTIONABLE):
            return self.user(value, name)
        if kind == CHANNEL:
            return self.channel_value(definition, value, name)
        if kind == ATTACHMENT:
            return self.attachment(value, name)
        raise AssertionError(f"{name}: option type {kind} is not supported by the emulator")

    def user(self, value: Any, name: str) -> str:
        if not isinstance(value, User):
            raise AssertionError(f"{name} takes a User, not {value!r}")
        self.resolved.setdefault("users", {})[str(value.id)] = payloads.user(value)
        member = self.world.member_of(self.channel.guild, value)
        if member is not None:
            shape = payloads.member(member, with_user=False, permissions=True)
            self.resolved.setdefault("members", {})[str(value.id)] = shape
        return str(value.id)

    def channel_value(self, definition: dict[str, Any], value: Any, name: str) -> str:
        if not isinstance(value, Channel):
            raise AssertionError(f"{name} takes a Channel, not {value!r}")
        allowed = definition.get("channel_types")
        if allowed and value.type not in allowed:
            raise AssertionError(f"{name} accepts channel types {allowed}, not {value.type}")
        permissions = self.world.permissions_of(self.world.bot_user, value)
        shape = payloads.partial_channel(value, permissions)
        self.resolved.setdefault("channels", {})[str(value.id)] = shape
        return str(value.id)

    def attachment(self, value: Any, name: str) -> str:
        if not (isinstance(value, tuple) and len(value) == 2 and isinstance(value[1], bytes)):
            raise AssertionError(f"{name} takes a (filename, bytes) pair")
        upload = Attachment(self.world.ids.next(), value[0], value[1])
        self.world.attachments[upload.id] = upload
        shape = payloads.attachment(upload, self.base_url)
        self.resolved.setdefault("attachments", {})[str(upload.id)] = shape
        return str(upload.id)


def _checked_scalar(definition: dict[str, Any], value: Any, name: str) -> Any:
    kind = definition["type"]
    expected = {STRING: (str,), INTEGER: (int,), NUMBER: (int, float), BOOLEAN: (bool,)}[kind]
    if not isinstance(value, expected) or (kind != BOOLEAN and isinstance(value, bool)):
        raise AssertionError(f"{name} takes {expected[0].__name__}, not {value!r}")
    choices = definition.get("choices")
    if choices and value not in [choice["value"] for choice in choices]:
        raise AssertionError(f"{name}: {value!r} is not one of {[c['value'] for c in choices]}")
    _check_bounds(definition, value, name)
    return value


def _check_bounds(definition: dict[str, Any], value: Any, name: str) -> None:
    if isinstance(value, str):
        low, high, measure = definition.get("min_length"), definition.get("max_length"), len(value)
    elif isinstance(value, bool):
        return
    else:
        low, high, measure = definition.get("min_value"), definition.get("max_value"), value
    if low is not None and measure < low:
        raise AssertionError(f"{name}: {value!r} is below the minimum {low}")
    if high is not None and measure > high:
        raise AssertionError(f"{name}: {value!r} is above the maximum {high}")
