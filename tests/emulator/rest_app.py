"""REST routes about the bot itself: login, application, command sync, gateway, guilds."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import payloads
from .command_limits import command_breaches
from .models import Guild
from .rest import Call, DiscordError, Reply, Route, route, unknown

if TYPE_CHECKING:
    from .fake import FakeDiscord


def get_me(emu: FakeDiscord, call: Call) -> Reply:
    emu._logins += 1
    return 200, payloads.user(emu.bot_user)


def get_user(emu: FakeDiscord, call: Call) -> Reply:
    user = emu.users.get(call.id("user_id"))
    if user is None:
        raise unknown("User", 10013)
    return 200, payloads.user(user)


def get_application(emu: FakeDiscord, call: Call) -> Reply:
    return 200, payloads.application(emu.application_id, emu.bot_user.name, emu.owner)


def get_gateway(emu: FakeDiscord, call: Call) -> Reply:
    return 200, {"url": emu.gateway_url}


def get_gateway_bot(emu: FakeDiscord, call: Call) -> Reply:
    limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
    return 200, {
        "url": emu.gateway_url,
        "shards": emu.recommended_shards,
        "session_start_limit": limit,
    }


def _check_application(emu: FakeDiscord, call: Call) -> None:
    if call.params.get("app_id") != str(emu.application_id):
        raise DiscordError(403, 50001, "Missing Access", "wrong_application", call.path)


def _guild(emu: FakeDiscord, call: Call) -> Guild:
    guild = emu.guilds.get(call.id("guild_id"))
    if guild is None:
        raise unknown("Guild", 10004)
    return guild


def _stored_commands(
    emu: FakeDiscord,
    definitions: list[dict[str, Any]],
    old: list[dict[str, Any]],
    guild_id: int | None,
) -> list[dict[str, Any]]:
    """Commands as Discord stores them; a command keeps its id across syncs, as on Discord."""
    old_ids = {(c["name"], c.get("type", 1)): c["id"] for c in old}
    stored = []
    for definition in definitions:
        kind = definition.get("type", 1)
        command = {
            "type": kind,
            "options": [],
            "default_member_permissions": None,
            "nsfw": False,
            **definition,
            "id": old_ids.get((definition["name"], kind)) or str(emu.ids.next()),
            "application_id": str(emu.application_id),
            "version": str(emu.ids.next()),
        }
        if guild_id is not None:
            command["guild_id"] = str(guild_id)
        stored.append(command)
    return stored


def put_global_commands(emu: FakeDiscord, call: Call) -> Reply:
    _check_application(emu, call)
    definitions = call.body or []
    breaches = command_breaches(definitions)
    if breaches:
        raise DiscordError.invalid_form(breaches)
    emu.global_commands = _stored_commands(emu, definitions, emu.global_commands, None)
    emu._commands_synced()
    return 200, emu.global_commands


def get_global_commands(emu: FakeDiscord, call: Call) -> Reply:
    _check_application(emu, call)
    return 200, emu.global_commands


def put_guild_commands(emu: FakeDiscord, call: Call) -> Reply:
    _check_application(emu, call)
    guild = _guild(emu, call)
    definitions = call.body or []
    breaches = command_breaches(definitions)
    if breaches:
        raise DiscordError.invalid_form(breaches)
    old = emu.guild_commands.get(guild.id, [])
    emu.guild_commands[guild.id] = _stored_commands(emu, definitions, old, guild.id)
    emu._commands_synced()
    return 200, emu.guild_commands[guild.id]


def get_guild_commands(emu: FakeDiscord, call: Call) -> Reply:
    _check_application(emu, call)
    return 200, emu.guild_commands.get(_guild(emu, call).id, [])


def get_guild(emu: FakeDiscord, call: Call) -> Reply:
    return 200, payloads.guild_base(_guild(emu, call))


def get_guild_channels(emu: FakeDiscord, call: Call) -> Reply:
    guild = _guild(emu, call)
    live = [c for c in guild.channels if not c.deleted and not c.is_thread]
    return 200, [payloads.channel(c) for c in live]


def get_guild_roles(emu: FakeDiscord, call: Call) -> Reply:
    return 200, [payloads.role(r) for r in _guild(emu, call).roles]


def get_member(emu: FakeDiscord, call: Call) -> Reply:
    member = _guild(emu, call).members.get(call.id("user_id"))
    if member is None:
        raise unknown("Member", 10007)
    return 200, payloads.member(member)


ROUTES: list[Route] = [
    route("GET", "/users/@me", get_me),
    route("GET", "/users/{user_id}", get_user),
    route("GET", "/oauth2/applications/@me", get_application),
    route("GET", "/applications/@me", get_application),
    route("GET", "/gateway", get_gateway, needs_bot_token=False),
    route("GET", "/gateway/bot", get_gateway_bot),
    route("PUT", "/applications/{app_id}/commands", put_global_commands),
    route("GET", "/applications/{app_id}/commands", get_global_commands),
    route("PUT", "/applications/{app_id}/guilds/{guild_id}/commands", put_guild_commands),
    route("GET", "/applications/{app_id}/guilds/{guild_id}/commands", get_guild_commands),
    route("GET", "/guilds/{guild_id}", get_guild),
    route("GET", "/guilds/{guild_id}/channels", get_guild_channels),
    route("GET", "/guilds/{guild_id}/roles", get_guild_roles),
    route("GET", "/guilds/{guild_id}/members/{user_id}", get_member),
]
