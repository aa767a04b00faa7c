"""The JSON shapes Discord sends for users, members, channels, guilds and messages."""

from __future__ import annotations

from typing import Any

from .models import (
    Attachment,
    Channel,
    Guild,
    Member,
    Message,
    Role,
    User,
)


def user(who: User) -> dict[str, Any]:
    return {
        "id": str(who.id),
        "username": who.name,
        "discriminator": "0",
        "global_name": who.global_name,
        "avatar": None,
        "bot": who.bot,
        "public_flags": 0,
        "locale": who.locale,
    }


def member(who: Member, *, with_user: bool = True, permissions: bool = False) -> dict[str, Any]:
    shape: dict[str, Any] = {
        "roles": [str(role_id) for role_id in who.role_ids],
        "nick": who.nick,
        "avatar": None,
        "joined_at": who.joined_at,
        "premium_since": None,
        "deaf": False,
        "mute": False,
        "flags": 0,
        "pending": False,
        "communication_disabled_until": None,
    }
    if with_user:
        shape["user"] = user(who.user)
    if permissions:
        shape["permissions"] = str(who.permissions)
    return shape


def role(guild_role: Role) -> dict[str, Any]:
    shape: dict[str, Any] = {
        "id": str(guild_role.id),
        "name": guild_role.name,
        "permissions": str(guild_role.permissions),
        "position": guild_role.position,
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
        "hoist": False,
        "managed": guild_role.managed,
        "mentionable": False,
        "icon": None,
        "unicode_emoji": None,
        "flags": 0,
    }
    if guild_role.bot_id is not None:
        shape["tags"] = {"bot_id": str(guild_role.bot_id)}
    return shape


def channel(where: Channel) -> dict[str, Any]:
    """Any channel: text channel, thread or DM, as GET /channels/{id} answers."""
    if where.is_dm:
        return {
            "id": str(where.id),
            "type": where.type,
            "last_message_id": None,
            "flags": 0,
            "recipients": [user(where.recipient)] if where.recipient else [],
        }
    if where.is_thread:
        return thread(where)
    return {
        "id": str(where.id),
        "type": where.type,
        "guild_id": str(where.guild.id) if where.guild else None,
        "name": where.name,
        "position": where.position,
        "permission_overwrites": [],
        "nsfw": False,
        "parent_id": None,
        "topic": where.topic,
        "rate_limit_per_user": 0,
        "last_message_id": None,
        "flags": 0,
    }


def thread(where: Channel) -> dict[str, Any]:
    return {
        "id": str(where.id),
        "type": where.type,
        "guild_id": str(where.guild.id) if where.guild else None,
        "parent_id": str(where.parent.id) if where.parent else None,
        "owner_id": str(where.owner_id),
        "name": where.name,
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "message_count": 0,
        "member_count": 1,
        "total_message_sent": 0,
        "flags": 0,
        "thread_metadata": {
            "archived": where.archived,
            "auto_archive_duration": where.auto_archive_duration,
            "archive_timestamp": where.archived_at or where.created_at,
            "locked": where.locked,
            "create_timestamp": where.created_at,
        },
    }


def partial_channel(where: Channel, permissions: int) -> dict[str, Any]:
    """A channel as it appears in an interaction's `resolved.channels`."""
    shape = channel(where)
    shape["permissions"] = str(permissions)
    return shape


def guild(place: Guild, *, with_members: bool = True) -> dict[str, Any]:
    """A full guild as in GUILD_CREATE; without members only the bot's own member is sent."""
    members = [m for m in place.members.values() if with_members or m.user.bot]
    live_channels = [c for c in place.channels if not c.deleted]
    return {
        **guild_base(place),
        "unavailable": False,
        "large": False,
        "member_count": len(place.members),
        "members": [member(m) for m in members],
        "channels": [channel(c) for c in live_channels if not c.is_thread],
        "threads": [thread(c) for c in live_channels if c.is_thread and not c.archived],
        "voice_states": [],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
    }


def guild_base(place: Guild) -> dict[str, Any]:
    """The guild object of GET /guilds/{id}."""
    return {
        "id": str(place.id),
        "name": place.name,
        "icon": None,
        "splash": None,
        "discovery_splash": None,
        "banner": None,
        "description": None,
        "owner_id": str(place.owner_id),
        "afk_channel_id": None,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "roles": [role(r) for r in place.roles],
        "emojis": [],
        "stickers": [],
        "features": [],
        "mfa_level": 0,
        "system_channel_id": None,
        "system_channel_flags": 0,
        "rules_channel_id": None,
        "public_updates_channel_id": None,
        "preferred_locale": place.locale,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "nsfw_level": 0,
        "premium_progress_bar_enabled": False,
    }


def attachment(file: Attachment, base_url: str) -> dict[str, Any]:
    url = f"{base_url}/attachments/{file.id}/{file.filename}"
    shape: dict[str, Any] = {
        "id": str(file.id),
        "filename": file.filename,
        "size": file.size,
        "url": url,
        "proxy_url": url,
        "content_type": file.content_type,
        "flags": 0,
    }
    if file.description is not None:
        shape["description"] = file.description
    return shape


def _resolved(components: Any, files: list[Attachment], base_url: str) -> Any:
    """Components as Discord answers them: an `attachment://name` media item becomes the
    attachment's own url, with its id and content type."""
    if not files:
        return components
    if isinstance(components, list):
        return [_resolved(item, files, base_url) for item in components]
    if not isinstance(components, dict):
        return components
    shape = {key: _resolved(value, files, base_url) for key, value in components.items()}
    url = components.get("url")
    if isinstance(url, str) and url.startswith("attachment://"):
        named = url.removeprefix("attachment://")
        found = next((file for file in files if file.filename == named), None)
        if found is not None:
            shown = attachment(found, base_url)
            shape.update(
                url=shown["url"],
                proxy_url=shown["proxy_url"],
                content_type=found.content_type,
                attachment_id=str(found.id),
            )
    return shape


def message(
    note: Message, base_url: str, bot: User, mentioned: list[User] | None = None
) -> dict[str, Any]:
    shape: dict[str, Any] = {
        "id": str(note.id),
        "channel_id": str(note.channel_id),
        "type": note.type,
        "content": note.content,
        "author": user(note.author),
        "timestamp": note.created_at,
        "edited_timestamp": note.edited_at,
        "tts": False,
        "mention_everyone": False,
        "mentions": [user(who) for who in mentioned or []],
        "mention_roles": [],
        "attachments": [attachment(a, base_url) for a in note.attachments],
        "embeds": note.embeds,
        "components": _resolved(note.components, note.attachments, base_url),
        "pinned": False,
        "flags": note.flags,
        "reactions": [_reaction(emoji, users, bot) for emoji, users in note.reactions.items()],
    }
    if note.guild_id is not None:
        shape["guild_id"] = str(note.guild_id)
    if note.nonce is not None:
        shape["nonce"] = note.nonce
    if note.channel.is_thread:
        shape["position"] = 0
    if note.interaction_id is not None:
        shape["webhook_id"] = str(bot.id)
        shape["application_id"] = str(bot.id)
        shape["interaction_metadata"] = {
            "id": str(note.interaction_id),
            "type": note.interaction_type,
            "user": user(note.interaction_user or note.author),
            "authorizing_integration_owners": {},
        }
    if note.thread is not None:
        shape["thread"] = thread(note.thread)
    return shape


def _reaction(emoji: str, users: set[int], bot: User) -> dict[str, Any]:
    name, _, emoji_id = emoji.partition(":")
    return {
        "emoji": {"id": emoji_id or None, "name": name},
        "count": len(users),
        "count_details": {"burst": 0, "normal": len(users)},
        "me": bot.id in users,
        "me_burst": False,
        "burst_colors": [],
    }


def application(app_id: int, name: str, owner: User) -> dict[str, Any]:
    return {
        "id": str(app_id),
        "name": name,
        "icon": None,
        "description": "",
        "rpc_origins": [],
        "bot_public": True,
        "bot_require_code_grant": False,
        "owner": user(owner),
        "summary": "",
        "verify_key": "0" * 64,
        "team": None,
        "flags": 0,
        "tags": [],
    }
