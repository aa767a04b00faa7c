"""After the game: the result's Rematch button opens the same table again, once.

The table plumbing runs with the tiny test game (``tests/support/nim.py``); the restart and
the crash run the real bot process on Dice Stars.
"""

from __future__ import annotations

import asyncio
import dataclasses
import signal
from typing import Any

import pytest

from bot import EXTENSIONS
from games import table as tables
from games.table import Table
from storage import Database
from tests.emulator import FakeDiscord, Message
from tests.support.controls import is_rematch, only_rematch
from tests.test_e2e_dice_stars import verb
from tests.test_e2e_healing import CHANNEL_POST, game_of, play_to_the_end, settled
from tests.test_e2e_table import confirm

LINK = "https://discord.com/channels/{guild}/{channel}/{message}"


@pytest.fixture
def bot_extensions():
    return (*EXTENSIONS, "tests.support.nim")


@pytest.fixture
def world(emu: FakeDiscord):
    guild = emu.add_guild("Friday Night", locale="en-US")
    chan = emu.add_channel(guild, "games")
    users = {}
    for name in ("alice", "bob", "carol", "dave"):
        users[name] = emu.add_user(name, locale="en-US")
        emu.add_member(guild, users[name])
    return chan, users


def rematch_id(message: Message) -> str:
    (button,) = [b for b in message.buttons() if is_rematch(b)]
    return button["custom_id"]


def newest(emu, chan) -> Message:
    return emu.channel_messages(chan)[-1]


async def pick(emu, user, message: Message, ending: str, value: str) -> None:
    menu = next(m for m in message.selects() if m["custom_id"].endswith(ending))
    await emu.select(user, message, menu["custom_id"], [value])


async def nim_lobby(emu, chan, host, players, computer: bool = False) -> Message:
    """A Nim lobby with a random start player and a 5 minute timer, everyone seated."""
    ix = await emu.slash(host, chan, "nim new", {})
    await emu.click(host, ix.message, verb(ix.message, "opt:host_starts=False"))
    await pick(emu, host, ix.message, ":timer", "5")
    for user in players:
        await emu.click(user, ix.message, verb(ix.message, "join"))
    if computer:
        await emu.click(host, ix.message, verb(ix.message, "bot"))
    return ix.message


async def play_nim(emu, runner, chan, users) -> Message:
    """Each player to move takes the first offer until the game ends; the result message."""
    for _ in range(40):
        record = await runner.db.open_game(chan.id)
        if record is None:
            break
        seat = record.snapshot["state"]["turn"]
        user_id = record.snapshot["seats"][seat]["user_id"]
        user = next(u for u in users.values() if u.id == user_id)
        turn = newest(emu, chan)
        await emu.click(user, turn, turn.buttons()[0]["custom_id"])
    final = newest(emu, chan)
    assert "wins" in final.text and only_rematch(final)
    return final


async def finished_nim(emu, runner, chan, users) -> Message:
    u = users
    lobby = await nim_lobby(emu, chan, u["alice"], [u["bob"], u["carol"]], computer=True)
    await emu.click(u["alice"], lobby, verb(lobby, "start"))
    return await play_nim(emu, runner, chan, users)


async def test_a_rematch_is_the_same_table_with_the_others_invited_by_one_mention(
    emu, runner, world
):
    chan, u = world
    tribune = emu.add_channel(chan.guild, "tribune")
    await runner.start()
    lobby = await nim_lobby(emu, chan, u["alice"], [u["bob"], u["carol"]], computer=True)
    await emu.slash(u["dave"], tribune, "spectate", {"table": chan})
    await emu.click(u["alice"], lobby, verb(lobby, "start"))
    final = await play_nim(emu, runner, chan, u)
    finished = (await runner.db.guild_games(chan.guild.id))[0]
    before = len(emu.channel_messages(chan))

    ix = await emu.click(u["bob"], final, rematch_id(final))
    assert ix.private is None, "the lobby in the channel is the answer"
    (lobby,) = emu.channel_messages(chan)[before:]
    record = await runner.db.open_game(chan.id)
    table = Table.from_json(record.snapshot)
    old = Table.from_json(finished.snapshot)
    assert (record.kind, table.options, table.turn_minutes) == ("nim", old.options, 5)
    assert table.options == {"host_starts": False}
    assert table.host_id == u["bob"].id and table.rematch_of == finished.id
    assert [(s.user_id, s.computer) for s in table.seats] == [(u["bob"].id, False), (None, True)]
    assert table.invited == [u["alice"].id, u["carol"].id]
    assert "bob (host), Robo 1 🤖" in lobby.text
    assert "Start player: **drawn at random**" in lobby.text
    assert "Turn timer: **5 minutes**" in lobby.text
    # One mention each, in the lobby alone, and it pings exactly them.
    for name in ("alice", "carol"):
        assert lobby.text.count(f"<@{u[name].id}>") == 1
    assert lobby.notified == [u["alice"].id, u["carol"].id]
    assert f"<@{u['bob'].id}>" not in lobby.text and f"<@{u['dave'].id}>" not in lobby.text
    assert f"Watched from: <#{tribune.id}>" in lobby.text, "the watchers follow the rematch"
    assert (await runner.db.linked_game(tribune.id)).id == record.id

    await emu.click(u["alice"], lobby, verb(lobby, "join"))
    assert f"<@{u['alice'].id}>" not in lobby.text, "alice is seated, no longer invited"
    assert lobby.text.count(f"<@{u['carol'].id}>") == 1
    await emu.click(u["carol"], lobby, verb(lobby, "join"))
    assert "Rematch" not in lobby.text
    assert len(emu.channel_messages(chan)) == before + 1, "joining edits the one lobby"
    await emu.click(u["bob"], lobby, verb(lobby, "start"))
    record = await runner.db.load_game(record.id)
    assert record.status == "active"
    seats = [(s["user_id"], s["computer"]) for s in record.snapshot["seats"]]
    assert seats == [
        (u["bob"].id, False),
        (None, True),
        (u["alice"].id, False),
        (u["carol"].id, False),
    ]


async def test_a_second_rematch_click_opens_no_second_table_and_says_where_it_is(
    emu, runner, world
):
    chan, u = world
    await runner.start()
    final = await finished_nim(emu, runner, chan, u)
    finished = (await runner.db.guild_games(chan.guild.id))[0]
    before = len(emu.channel_messages(chan))
    rematch = rematch_id(final)

    both = await asyncio.gather(
        emu.click(u["alice"], final, rematch), emu.click(u["bob"], final, rematch)
    )
    (lobby,) = emu.channel_messages(chan)[before:]
    record = await runner.db.open_game(chan.id)
    link = LINK.format(guild=chan.guild.id, channel=chan.id, message=lobby.id)
    told = [ix.private.text for ix in both if ix.private]
    assert told == [f"The rematch is already open: {link}"], "one opened it, one was told"
    host = Table.from_json(record.snapshot).host_id
    assert host in (u["alice"].id, u["bob"].id)

    # Anyone may ask; a bystander is told too, and nothing opens.
    ix = await emu.click(u["dave"], final, rematch)
    assert ix.private.text == f"The rematch is already open: {link}"
    assert (await runner.db.open_game(chan.id)).id == record.id
    assert len(emu.channel_messages(chan)) == before + 1

    # Once that lobby is cancelled: a bystander opens nothing, another table is named as such.
    host_user = next(user for user in u.values() if user.id == host)
    await confirm(emu, host_user, await emu.click(host_user, lobby, verb(lobby, "cancel")))
    ix = await emu.click(u["dave"], final, rematch)
    assert "Only the players of this game" in ix.private.text
    other = await emu.slash(u["dave"], chan, "nim new", {})
    ix = await emu.click(u["carol"], final, rematch)
    elsewhere = LINK.format(guild=chan.guild.id, channel=chan.id, message=other.message.id)
    assert ix.private.text.startswith(f"This channel already has a table: {elsewhere}")
    assert (await runner.db.open_game(chan.id)).snapshot["rematch_of"] == 0
    assert finished.id != record.id


async def test_a_rematch_another_process_opened_first_is_named_and_its_lobby_shown_here(
    emu, runner, world
):
    """The other process won the channel and died before posting: this one heals the table."""
    chan, u = world
    runner.config = dataclasses.replace(runner.config, timer_poll_seconds=0.3)
    await runner.start()
    final = await finished_nim(emu, runner, chan, u)
    finished = (await runner.db.guild_games(chan.guild.id))[0]
    before = len(emu.channel_messages(chan))
    other = await Database.open(runner.config.database)
    own = runner.db.create_game

    async def create_game(**kwargs: Any) -> Any:
        old = Table.from_json(finished.snapshot)
        theirs = tables.rematch(old, u["carol"].id, "carol", lambda n: f"Robo {n}")
        theirs.rematch_of, theirs.changed = finished.id, 1
        await other.create_game(
            guild_id=chan.guild.id, channel_id=chan.id, kind="nim", snapshot=theirs.to_json()
        )
        return await own(**kwargs)

    runner.db.create_game = create_game
    try:
        ix = await emu.click(u["bob"], final, rematch_id(final))
    finally:
        del runner.db.create_game
        await other.close()
    assert ix.private.text == f"The rematch is already open: <#{chan.id}>"
    await emu.wait_until(
        lambda: len(emu.channel_messages(chan)) == before + 1, timeout=15, what="the lobby"
    )
    lobby = newest(emu, chan)
    assert "carol (host), Robo 1 🤖" in lobby.text
    assert lobby.notified == [u["alice"].id, u["bob"].id]
    await emu.click(u["bob"], lobby, verb(lobby, "join"))
    record = await runner.db.open_game(chan.id)
    assert [s["user_id"] for s in record.snapshot["seats"]] == [u["carol"].id, None, u["bob"].id]


async def test_the_players_statistics_follow_their_user_id_through_a_new_name(emu, runner, world):
    chan, u = world
    await runner.start()
    lobby = await nim_lobby(emu, chan, u["alice"], [u["bob"]])
    await emu.click(u["alice"], lobby, verb(lobby, "start"))
    final = await play_nim(emu, runner, chan, u)
    emu.member_of(chan.guild, u["alice"]).nick = "Alicia"
    await emu.click(u["alice"], final, rematch_id(final))
    lobby = newest(emu, chan)
    assert "Alicia (host)" in lobby.text and f"<@{u['bob'].id}>" in lobby.text
    await emu.click(u["bob"], lobby, verb(lobby, "join"))
    await emu.click(u["alice"], lobby, verb(lobby, "start"))
    await play_nim(emu, runner, chan, u)

    games = await runner.db.guild_games(chan.guild.id)
    wins = {u["alice"].id: 0, u["bob"].id: 0}
    for record in games:
        state = record.snapshot["state"]
        wins[record.snapshot["seats"][state["winner"]]["user_id"]] += 1
    names = [record.snapshot["seats"][0]["name"] for record in reversed(games)]
    assert names == ["alice", "Alicia"], "one player, two names"

    ix = await emu.slash(u["carol"], chan, "history", {"player": u["alice"]})
    assert ix.private, "a player's statistics are private"
    lines = ix.private.text.split("\n")
    assert lines[0] == "📊 **Alicia** on this server:"
    win_text = "1 win" if wins[u["alice"].id] == 1 else f"{wins[u['alice'].id]} wins"
    assert lines[1].startswith(f"Nim: 2 games · {win_text} · best score **")
    ix = await emu.slash(u["carol"], chan, "history", {"player": u["carol"]})
    assert ix.private.text == "carol has not finished a game on this server yet."


# --- a rematch button from before a restart, and a crash as its lobby is posted ----------------


async def test_a_rematch_button_from_before_a_restart_opens_its_lobby_even_through_a_crash(
    emu, bot_process, world
):
    chan, u = world
    alice = u["alice"]
    await bot_process.start()
    path = bot_process.database
    ix = await emu.slash(alice, chan, "dicestars new", {"turn_timer": 15})
    await emu.click(alice, ix.message, verb(ix.message, "bot"))
    await emu.click(alice, ix.message, verb(ix.message, "start"))
    finished = await play_to_the_end(emu, path, chan, [alice])
    final = newest(emu, chan)
    assert only_rematch(final)
    before = len(emu.channel_messages(chan))

    assert await bot_process.terminate() == 0
    await bot_process.restart()
    # The click opens the lobby; the process dies as it posts it.
    hook = emu.inject("POST", CHANNEL_POST, before=bot_process.kill)
    await emu.click(alice, final, rematch_id(final))
    await hook.wait(timeout=10)
    assert await bot_process.wait_exit() == -signal.SIGKILL
    opened = await game_of(path, chan)
    assert opened.status == "lobby" and len(emu.channel_messages(chan)) == before

    await bot_process.restart()
    await settled(emu, path, chan)
    (lobby,) = emu.channel_messages(chan)[before:]
    assert "alice (host), Robo 1 🤖" in lobby.text and "Turn timer: **15 minutes**" in lobby.text
    table = Table.from_json(opened.snapshot)
    assert table.rematch_of == finished.record.id and table.invited == []

    ix = await emu.click(u["bob"], final, rematch_id(final))
    link = LINK.format(guild=chan.guild.id, channel=chan.id, message=lobby.id)
    assert ix.private.text == f"The rematch is already open: {link}"
    await emu.click(alice, lobby, verb(lobby, "start"))
    again = await settled(emu, path, chan)
    assert again.status == "active" and again.record.id == opened.record.id
    assert bot_process.tracebacks() == []
