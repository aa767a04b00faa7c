"""The servers the end-to-end tests play in: one guild, its channel and its players."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from tests.emulator import Channel, FakeDiscord, User


def table_world(
    emu: FakeDiscord,
    guild: str,
    channel: str,
    names: Sequence[str],
    closed_dms: Collection[str] = (),
) -> tuple[Channel, list[User]]:
    """A guild (English) with one channel and its members, whose DMs are open but for
    ``closed_dms``."""
    server = emu.add_guild(guild)
    chan = emu.add_channel(server, channel)
    users = [emu.add_user(name, dms_open=name not in closed_dms) for name in names]
    for user in users:
        emu.add_member(server, user)
    return chan, users
