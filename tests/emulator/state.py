"""Everything the fake Discord remembers: guilds, channels, users, messages, commands, breaches.

`World` is plain data with no I/O; the server subclasses it and announces changes over the
gateway through the `_on_*` hooks.
"""

from __future__ import annotations

from typing import Any

from .models import (
    BOT_PERMISSIONS,
    DM,
    EVERYONE_PERMISSIONS,
    GUILD_TEXT,
    MANAGE_GUILD,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    Attachment,
    Channel,
    Guild,
    Member,
    Message,
    Role,
    Snowflakes,
    User,
    Violation,
)


class World:
    def __init__(self, application_id: int | None, bot_name: str) -> None:
        self.ids = Snowflakes()
        # Applications created since 2019 share their id with their bot user.
        self.application_id = application_id or self.ids.next()
        self.bot_user = User(self.application_id, bot_name, bot=True)
        self.owner = User(self.ids.next(), "owner")
        self.users: dict[int, User] = {self.bot_user.id: self.bot_user}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self.attachments: dict[int, Attachment] = {}
        self.dm_channels: dict[int, Channel] = {}
        self.global_commands: list[dict[str, Any]] = []
        self.guild_commands: dict[int, list[dict[str, Any]]] = {}
        self.app_emojis: dict[int, Any] = {}  # by id: app_emojis.AppEmoji
        self.violations: list[Violation] = []

    # --- building the world -------------------------------------------------------------

    def add_guild(
        self, name: str, locale: str = "en-US", shard: tuple[int, int] | None = None
    ) -> Guild:
        """A new guild; with ``shard=(id, count)`` its id routes it to that shard."""
        guild_id = self.ids.next_on_shard(*shard) if shard else self.ids.next()
        guild = Guild(guild_id, name, locale, owner_id=self.owner.id)
        # The @everyone role shares the guild's id.
        guild.roles.append(Role(guild_id, "@everyone", EVERYONE_PERMISSIONS))
        bot_role = Role(
            self.ids.next(), self.bot_user.name, BOT_PERMISSIONS, 1, True, self.bot_user.id
        )
        guild.roles.append(bot_role)
        guild.members[self.bot_user.id] = Member(
            self.bot_user, guild, BOT_PERMISSIONS, role_ids=[bot_role.id]
        )
        self.guilds[guild_id] = guild
        self._on_guild_added(guild)
        return guild

    def add_channel(self, guild: Guild, name: str, topic: str | None = None) -> Channel:
        position = sum(1 for c in guild.channels if not c.is_thread)
        channel = Channel(self.ids.next(), name, GUILD_TEXT, guild, position=position, topic=topic)
        return self._store_channel(channel)

    def add_thread(
        self, parent: Channel, name: str, private: bool = False, owner: User | None = None
    ) -> Channel:
        thread_type = PRIVATE_THREAD if private else PUBLIC_THREAD
        owner_id = (owner or self.bot_user).id
        thread = Channel(
            self.ids.next(), name, thread_type, parent.guild, parent, owner_id=owner_id
        )
        return self._store_channel(thread)

    def archive_thread(self, thread: Channel, locked: bool = False) -> None:
        """Archive a thread as Discord does after its auto-archive time (or a moderator):
        it leaves the channel list, a phone can no longer click in it, a post brings it back.
        With ``locked``, a moderator locked it too: only Manage Threads may bring it back."""
        if not thread.is_thread:
            raise AssertionError(f"{thread} is not a thread")
        thread.set_archived(True)
        thread.locked = thread.locked or locked
        self._on_channel_changed("UPDATE", thread)

    def lock_thread(self, thread: Channel) -> None:
        """A moderator locks a thread (it stays open): only Manage Threads may post in it."""
        if not thread.is_thread:
            raise AssertionError(f"{thread} is not a thread")
        thread.locked = True
        self._on_channel_changed("UPDATE", thread)

    def delete_channel(self, channel: Channel) -> None:
        """Someone deletes a channel or thread: every route on it answers 404 (10003)."""
        channel.deleted = True
        self._on_channel_changed("DELETE", channel)

    def _store_channel(self, channel: Channel) -> Channel:
        self.channels[channel.id] = channel
        if channel.guild is not None:
            channel.guild.channels.append(channel)
        self._on_channel_added(channel)
        return channel

    def add_user(self, name: str, locale: str = "en-US", dms_open: bool = True) -> User:
        user = User(self.ids.next(), name, locale, dms_open)
        self.users[user.id] = user
        return user

    def add_member(
        self,
        guild: Guild,
        user: User,
        manage_guild: bool = False,
        nick: str | None = None,
        permissions: int | None = None,
    ) -> Member:
        """Make `user` a member; `permissions` overrides the computed permission bits."""
        role_ids = []
        bits = EVERYONE_PERMISSIONS
        if manage_guild:
            role_ids.append(self._manager_role(guild).id)
            bits |= MANAGE_GUILD
        member = Member(user, guild, bits if permissions is None else permissions, role_ids, nick)
        guild.members[user.id] = member
        self._on_member_added(member)
        return member

    def _manager_role(self, guild: Guild) -> Role:
        # A role carries the permission so that discord.py's guild_permissions agree with it.
        role = guild.role_named("Manager")
        if role is None:
            role = Role(self.ids.next(), "Manager", EVERYONE_PERMISSIONS | MANAGE_GUILD, 2)
            guild.roles.append(role)
        return role

    def open_dm(self, user: User) -> Channel:
        """The DM channel between the bot and `user` (created on first use, as Discord does)."""
        if user.id not in self.dm_channels:
            channel = Channel(self.ids.next(), user.name, DM, recipient=user)
            self.channels[channel.id] = channel
            self.dm_channels[user.id] = channel
        return self.dm_channels[user.id]

    # --- hooks for the server -----------------------------------------------------------

    def _on_guild_added(self, guild: Guild) -> None:
        """Called after a guild was added."""

    def _on_channel_added(self, channel: Channel) -> None:
        """Called after a channel or thread was added."""

    def _on_channel_changed(self, action: str, channel: Channel) -> None:
        """Called after a channel or thread was changed ("UPDATE") or deleted ("DELETE")."""

    def _on_member_added(self, member: Member) -> None:
        """Called after a member joined a guild."""

    # --- looking things up --------------------------------------------------------------

    def member_of(self, guild: Guild | None, user: User) -> Member | None:
        return guild.members.get(user.id) if guild else None

    def permissions_of(self, user: User, channel: Channel) -> int:
        member = self.member_of(channel.guild, user)
        return member.permissions if member else EVERYONE_PERMISSIONS

    @property
    def commands(self) -> list[dict[str, Any]]:
        """The global application commands as last synced."""
        return list(self.global_commands)

    def commands_for(self, guild: Guild | None) -> list[dict[str, Any]]:
        """The commands usable in a guild (its own first, then the global ones)."""
        own = self.guild_commands.get(guild.id, []) if guild else []
        return [*own, *self.global_commands]

    # --- reading messages ---------------------------------------------------------------

    def channel_messages(self, channel: Channel) -> list[Message]:
        """Public messages in a channel or thread, oldest first, in their current version."""
        return [
            m
            for m in self.messages.values()
            if m.channel is channel and not m.deleted and m.ephemeral_for is None
        ]

    def visible_to(self, user: User, channel: Channel) -> list[Message]:
        """Public messages plus `user`'s own ephemeral messages in a channel."""
        return [
            m
            for m in self.messages.values()
            if m.channel is channel and not m.deleted and m.ephemeral_for in (None, user.id)
        ]

    def dm_messages(self, user: User) -> list[Message]:
        """Messages the bot sent to `user`'s DM channel, oldest first."""
        channel = self.dm_channels.get(user.id)
        if channel is None:
            return []
        return [m for m in self.channel_messages(channel) if m.author is self.bot_user]

    def all_messages(self, with_edits: bool = False) -> list[Message]:
        """Every message ever made, deleted and ephemeral ones too; optionally older versions."""
        found: list[Message] = []
        for message in self.messages.values():
            found.append(message)
            if with_edits:
                found.extend(message.edits)
        return found

    # --- breaches -----------------------------------------------------------------------

    def violations_of(self, rule: str) -> list[Violation]:
        return [v for v in self.violations if v.rule == rule]

    def assert_no_violations(self) -> None:
        if self.violations:
            listed = "\n".join(str(v) for v in self.violations)
            raise AssertionError(f"Discord limits broken:\n{listed}")
