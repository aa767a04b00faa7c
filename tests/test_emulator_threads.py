"""Archived, locked and deleted threads as Discord has them, and Discord's own 429 answer,
proven with the real discord.py client."""

from __future__ import annotations

import discord
import pytest

from tests.emulator import FakeDiscord, point_discord_at
from tests.emulator.fake import ThreadArchived
from tests.emulator.models import EVERYONE_PERMISSIONS, MANAGE_THREADS
from tests.test_emulator import TOKEN, TinyBot

CHANNEL_POST = r"/channels/\d+/messages"


@pytest.fixture
async def emu():
    async with FakeDiscord(bot_token=TOKEN) as fake:
        with point_discord_at(fake):
            yield fake


@pytest.fixture
def place(emu):
    guild = emu.add_guild("Friday Night")
    chan = emu.add_channel(guild, "games")
    thread = emu.add_thread(chan, "table 2")
    alice = emu.add_user("alice")
    emu.add_member(guild, alice)
    return guild, chan, thread, alice


@pytest.fixture
async def bot(emu, place):
    async with emu.run_bot(TinyBot(emu.api_base, emu.gateway_url)) as running:
        yield running


def without_manage_threads(emu: FakeDiscord, guild) -> None:
    """The bot invited with the plain permissions: it may send in threads, not manage them."""
    guild.members[emu.bot_user.id].permissions = EVERYONE_PERMISSIONS


async def test_an_archived_thread_takes_no_click_until_a_post_brings_it_back(emu, place, bot):
    guild, _, thread, alice = place
    lobby = (await emu.slash(alice, thread, "table new", {"game": "ds"})).message
    emu.archive_thread(thread)
    await emu.wait_until(lambda: bot.get_guild(guild.id).get_thread(thread.id) is None)
    # A phone tries to bring the thread back, is refused, and never sends the click.
    with pytest.raises(ThreadArchived, match="archived thread #table 2"):
        await emu.click(alice, lobby, "keep:press")
    fetched = await bot.fetch_channel(thread.id)
    assert fetched.archived and fetched.archive_timestamp is not None
    # Its messages cannot be edited while it is archived.
    with pytest.raises(discord.HTTPException) as refusal:
        await bot.get_partial_messageable(thread.id).get_partial_message(lobby.id).edit(content="x")
    assert (refusal.value.status, refusal.value.code) == (400, 50083)

    await bot.get_partial_messageable(thread.id).send("back")
    assert not thread.archived
    await emu.wait_until(lambda: bot.get_guild(guild.id).get_thread(thread.id) is not None)
    assert (await emu.click(alice, lobby, "keep:press")).message.content == "pressed by alice"
    emu.assert_no_violations()


async def test_unarchiving_needs_only_sending_but_a_week_needs_manage_threads(emu, place, bot):
    guild, _, thread, _ = place
    without_manage_threads(emu, guild)
    emu.archive_thread(thread)
    fetched = await bot.fetch_channel(thread.id)
    with pytest.raises(discord.HTTPException) as refusal:
        await fetched.edit(auto_archive_duration=10080)  # archived: nothing changes but that
    assert refusal.value.code == 50083
    with pytest.raises(discord.Forbidden):
        await fetched.edit(archived=False, auto_archive_duration=10080)
    assert thread.archived and thread.auto_archive_duration == 1440
    back = await fetched.edit(archived=False)
    assert not back.archived and not thread.archived
    guild.members[emu.bot_user.id].permissions |= MANAGE_THREADS
    longer = await back.edit(auto_archive_duration=10080)
    assert longer.auto_archive_duration == thread.auto_archive_duration == 10080
    emu.assert_no_violations()


async def test_a_locked_thread_takes_nothing_from_a_bot_without_manage_threads(emu, place, bot):
    guild, _, thread, _ = place
    without_manage_threads(emu, guild)
    emu.archive_thread(thread, locked=True)
    fetched = await bot.fetch_channel(thread.id)
    assert fetched.locked and fetched.archived
    with pytest.raises(discord.Forbidden):
        await fetched.edit(archived=False)
    with pytest.raises(discord.Forbidden):
        await bot.get_partial_messageable(thread.id).send("let me in")
    assert thread.archived and emu.channel_messages(thread) == []
    guild.members[emu.bot_user.id].permissions |= MANAGE_THREADS
    assert not (await fetched.edit(archived=False)).archived
    emu.assert_no_violations()


async def test_a_deleted_thread_is_an_unknown_channel(emu, place, bot):
    guild, _, thread, alice = place
    lobby = (await emu.slash(alice, thread, "table new", {"game": "ds"})).message
    emu.delete_channel(thread)
    await emu.wait_until(lambda: bot.get_guild(guild.id).get_thread(thread.id) is None)
    for call in (bot.fetch_channel(thread.id), bot.get_partial_messageable(thread.id).send("x")):
        with pytest.raises(discord.NotFound) as refusal:
            await call
        assert refusal.value.code == 10003
    with pytest.raises(AssertionError, match="cannot see"):
        await emu.click(alice, lobby, "keep:press")


async def test_a_rate_limit_with_retry_after_is_waited_out_by_discord_py(emu, place, bot):
    chan = bot.get_channel(place[1].id)
    fault = emu.inject("POST", CHANNEL_POST, error=(429, 0, ""), retry_after=0.01, times=2)
    assert (await chan.send("after two 429s")).content == "after two 429s"
    assert fault.fired == 2
    (_, status, body), *_ = emu.error_responses
    assert status == 429 and body["retry_after"] == 0.01 and body["global"] is False
    # discord.py tries five times, then gives up with the 429.
    emu.inject("POST", CHANNEL_POST, error=(429, 0, ""), retry_after=0.01, times=5)
    with pytest.raises(discord.HTTPException) as refusal:
        await chan.send("never")
    assert refusal.value.status == 429
    emu.assert_no_violations()
