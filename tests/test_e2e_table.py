"""The table plumbing end to end: the real bot against the local Discord emulator.

A tiny test game (``tests/support/nim.py``) stands in for the real ones, so these tests show
the lobby, turns, locks and restarts on their own.
"""

from __future__ import annotations

import asyncio
import json

import pytest

from bot import EXTENSIONS
from locales import Localizer
from tests.emulator import FakeDiscord, Message
from tests.support.controls import only_rematch


@pytest.fixture
def bot_extensions():
    return (*EXTENSIONS, "tests.support.nim")


@pytest.fixture
def world(emu: FakeDiscord):
    guild = emu.add_guild("Friday Night", locale="en-US")
    chan = emu.add_channel(guild, "games")
    users = {}
    for name, locale in (("alice", "en-US"), ("bob", "de"), ("carol", "fr"), ("dave", "en-US")):
        users[name] = emu.add_user(name, locale=locale)
        emu.add_member(guild, users[name], manage_guild=(name == "dave"))
    return guild, chan, users


def lobby(emu: FakeDiscord, chan) -> Message:
    return next(
        m
        for m in emu.channel_messages(chan)
        if m.button(custom_id_prefix="t:")
        and "join" in [b["custom_id"].rsplit(":", 1)[1] for b in m.buttons()]
    )


def cid(message: Message, payload: str) -> str:
    for button in message.buttons():
        if button["custom_id"].split(":", 3)[3] == payload:
            return button["custom_id"]
    raise AssertionError(f"no {payload} button on {message.text!r}")


def private_text(ix) -> str:
    assert ix.private, f"expected a private answer, got {ix.messages()}"
    return ix.private.text


async def confirm(emu, user, ix):
    """Press the button of a private "are you sure?" answer."""
    question = ix.private
    assert question is not None, f"expected a private question, got {ix.messages()}"
    sure = next(b["custom_id"] for b in question.buttons() if ":sure:" in b["custom_id"])
    return await emu.click(user, question, sure)


async def open_nim(emu, chan, host) -> Message:
    ix = await emu.slash(host, chan, "nim new", {})
    assert ix.private is None
    return ix.message


async def test_open_join_leave_hand_over_start_and_play_to_the_end(emu, runner, world):
    _, chan, u = world
    await runner.start()
    message = await open_nim(emu, chan, u["alice"])
    assert "alice (host)" in message.text
    start = next(b for b in message.buttons() if b["custom_id"].endswith(":start"))
    assert start["disabled"], "one player cannot start a 2-4 player game"

    await emu.click(u["bob"], message, cid(message, "join"))
    message = lobby(emu, chan)
    assert "alice (host), bob" in message.text
    await emu.click(u["carol"], message, cid(message, "join"))

    # The host leaves: bob becomes host, alice can no longer start.
    await emu.click(u["alice"], lobby(emu, chan), cid(lobby(emu, chan), "leave"))
    message = lobby(emu, chan)
    assert "bob (host), carol" in message.text and "alice" not in message.text
    ix = await emu.click(u["alice"], message, cid(message, "start"))
    assert "not playing" in private_text(ix) or "host" in private_text(ix)

    await emu.click(u["bob"], message, cid(message, "start"))
    assert "game is on" in lobby_like(emu, chan).text
    assert not lobby_like(emu, chan).buttons(), "the lobby loses its buttons at the start"

    record = await runner.db.open_game(chan.id)
    assert record.status == "active"
    # Play: each turn is a new message mentioning the player; the old one loses its buttons.
    for _ in range(40):
        record = await runner.db.load_game(record.id)
        if record.status == "finished":
            break
        turn = emu.channel_messages(chan)[-1]
        state = record.snapshot["state"]
        player = [u["bob"], u["carol"]][state["turn"]]
        assert f"<@{player.id}>" in turn.text
        await emu.click(player, turn, turn.buttons()[0]["custom_id"])
        older = [m for m in emu.channel_messages(chan)[:-1] if m.id == turn.id]
        assert not older or not older[0].buttons() or emu.channel_messages(chan)[-1].id == turn.id
    assert record.status == "finished"
    last = emu.channel_messages(chan)[-1]
    assert "wins" in last.text and only_rematch(last)
    moves = await runner.db.moves(record.id)
    assert moves[0].actor == "chance"
    assert all(m.actor in ("user", "chance", "forced") for m in moves)


def lobby_like(emu, chan) -> Message:
    return next(m for m in emu.channel_messages(chan) if "🪨" in m.text)


async def test_not_your_turn_is_private_and_changes_nothing(emu, runner, world):
    _, chan, u = world
    await runner.start()
    message = await open_nim(emu, chan, u["alice"])
    await emu.click(u["bob"], message, cid(message, "join"))
    await emu.click(u["alice"], lobby(emu, chan), cid(lobby(emu, chan), "start"))
    turn = emu.channel_messages(chan)[-1]
    record = await runner.db.open_game(chan.id)
    mover = u["alice"] if record.snapshot["state"]["turn"] == 0 else u["bob"]
    other = u["bob"] if mover is u["alice"] else u["alice"]
    ix = await emu.click(other, turn, turn.buttons()[0]["custom_id"])
    assert private_text(ix)
    assert ix.private.id not in [m.id for m in emu.visible_to(mover, chan)]
    ix = await emu.click(u["carol"], turn, turn.buttons()[0]["custom_id"])
    assert "ne joues pas" in private_text(ix)  # carol reads French
    assert (await runner.db.load_game(record.id)).version == record.version


async def test_restart_mid_lobby_keeps_the_table_and_old_buttons_work(emu, runner, world):
    _, chan, u = world
    await runner.start()
    message = await open_nim(emu, chan, u["alice"])
    await emu.click(u["bob"], message, cid(message, "join"))
    before = lobby(emu, chan)
    await runner.restart()
    await emu.click(u["carol"], before, cid(before, "join"))
    after = lobby(emu, chan)
    assert "alice (host), bob, carol" in after.text
    await emu.click(u["alice"], after, cid(after, "start"))
    assert (await runner.db.open_game(chan.id)).status == "active"


async def test_restart_mid_game_keeps_turn_buttons_working(emu, runner, world):
    _, chan, u = world
    await runner.start()
    message = await open_nim(emu, chan, u["alice"])
    await emu.click(u["bob"], message, cid(message, "join"))
    await emu.click(u["alice"], lobby(emu, chan), cid(lobby(emu, chan), "start"))
    turn = emu.channel_messages(chan)[-1]
    record = await runner.db.open_game(chan.id)
    pile = record.snapshot["state"]["pile"]
    await runner.restart()
    mover = [u["alice"], u["bob"]][record.snapshot["state"]["turn"]]
    await emu.click(mover, turn, turn.buttons()[0]["custom_id"])
    assert (await runner.db.load_game(record.id)).snapshot["state"]["pile"] == pile - 1


async def test_double_clicks_apply_once(emu, runner, world):
    _, chan, u = world
    await runner.start()
    message = await open_nim(emu, chan, u["alice"])
    await emu.click(u["bob"], message, cid(message, "join"))
    current = lobby(emu, chan)
    # The host and a server manager start and cancel at once; both clicks on one message.
    start, join = cid(current, "start"), cid(current, "join")
    results = await asyncio.gather(
        emu.click(u["alice"], current, start),
        emu.click(u["alice"], current, start),
        emu.click(u["carol"], current, join),
    )
    record = await runner.db.open_game(chan.id)
    assert record.status == "active"
    assert sum(1 for ix in results if ix.private) >= 1
    turn = emu.channel_messages(chan)[-1]
    pile = record.snapshot["state"]["pile"]
    mover = [u["alice"], u["bob"], u["carol"]][record.snapshot["state"]["turn"]]
    take = turn.buttons()[0]["custom_id"]
    first, second = await asyncio.gather(emu.click(mover, turn, take), emu.click(mover, turn, take))
    after = await runner.db.load_game(record.id)
    assert after.snapshot["state"]["pile"] == pile - 1
    assert [ix.private is not None for ix in (first, second)].count(True) == 1
    moves = [m for m in await runner.db.moves(record.id) if m.actor == "user"]
    assert len(moves) == 1


async def test_forged_and_stale_custom_ids_change_nothing(emu, runner, world):
    _, chan, u = world
    await runner.start()
    message = await open_nim(emu, chan, u["alice"])
    await emu.click(u["bob"], message, cid(message, "join"))
    await emu.click(u["alice"], lobby(emu, chan), cid(lobby(emu, chan), "start"))
    record = await runner.db.open_game(chan.id)
    turn = emu.channel_messages(chan)[-1]
    mover = [u["alice"], u["bob"]][record.snapshot["state"]["turn"]]
    real = turn.buttons()[0]["custom_id"]
    _, game, version, _payload = real.split(":", 3)
    forged = [
        f"t:{int(game) + 50}:{version}:join",  # a game that does not exist
        f"t:{game}:{int(version) + 7}:a" + json.dumps({"type": "take", "n": 1}),  # future
        f"t:{game}:{version}:a" + json.dumps({"type": "take", "n": 9}),  # illegal move
        f"t:{game}:{version}:a{{not json",
        f"t:{game}:{version}:launch",  # no such control
        f"t:{game}:{version}:u:peek",  # a game verb Nim does not have
    ]
    for custom_id in forged:
        tampered = turn.snapshot()
        tampered.components = [
            {
                "type": 1,
                "components": [{"type": 2, "style": 2, "label": "x", "custom_id": custom_id}],
            }
        ]
        ix = await emu.click(mover, tampered, custom_id)
        assert private_text(ix), custom_id
    after = await runner.db.load_game(record.id)
    assert after.version == record.version and after.snapshot == record.snapshot
    # A real button clicked again after its player moved (a slow client still showing it).
    shown_before = turn.snapshot()
    await emu.click(mover, turn, real)
    moved = await runner.db.load_game(record.id)
    assert moved.version > record.version
    ix = await emu.click(mover, shown_before, real)
    assert "out of date" in private_text(ix)
    assert (await runner.db.load_game(record.id)).snapshot == moved.snapshot


async def test_cancel_needs_host_or_manager_and_frees_the_channel(emu, runner, world):
    _, chan, u = world
    await runner.start()
    message = await open_nim(emu, chan, u["alice"])
    await emu.click(u["bob"], message, cid(message, "join"))
    ix = await emu.click(u["bob"], lobby(emu, chan), cid(lobby(emu, chan), "cancel"))
    assert "Gastgeber" in private_text(ix)  # bob reads German
    ix = await emu.slash(u["dave"], chan, "cancel", {})
    assert await runner.db.open_game(chan.id) is not None, "asked, not done yet"
    await confirm(emu, u["dave"], ix)
    assert "cancelled by dave" in emu.channel_messages(chan)[-1].text
    assert await runner.db.open_game(chan.id) is None
    again = await open_nim(emu, chan, u["bob"])
    # Public texts speak the host's language, not the server's (en-US on any friends' server).
    assert "bob (Gastgeber)" in again.text


async def test_one_table_per_channel_and_threads_run_side_by_side(emu, runner, world):
    _, chan, u = world
    thread = emu.add_thread(chan, "second table")
    await runner.start()
    await open_nim(emu, chan, u["alice"])
    ix = await emu.slash(u["bob"], chan, "nim new", {})
    assert "already has a table" not in ix.message.text and ix.private
    second = await emu.slash(u["bob"], thread, "nim new", {})
    assert second.private is None
    assert (await runner.db.open_game(thread.id)).snapshot["host_id"] == u["bob"].id


async def test_help_and_about_speak_the_users_language(emu, runner, world):
    _, chan, u = world
    await runner.start()
    ix = await emu.slash(u["bob"], chan, "help", {})
    assert ix.private and "Beitreten" in ix.private.text
    ix = await emu.slash(u["carol"], chan, "about", {})
    assert ix.private and "OpenMoji" in ix.private.text and "0.1.0" in ix.message.text
    names = {c["name"]: c for c in emu.commands}
    assert names["help"]["name_localizations"]["de"] == "hilfe"
    assert names["cancel"]["description_localizations"]["fr"].startswith("Annule")


async def test_slash_commands_keep_the_lobby_message_true(emu, runner, world):
    guild, chan, u = world
    tribune = emu.add_channel(guild, "tribune")
    await runner.start()
    message = await open_nim(emu, chan, u["alice"])
    await emu.click(u["bob"], message, cid(message, "join"))
    await emu.click(u["carol"], lobby(emu, chan), cid(lobby(emu, chan), "join"))
    ix = await emu.slash(u["carol"], chan, "leave", {})
    assert ix.private and "carol" in message.text, "asked first"
    await confirm(emu, u["carol"], ix)
    assert "alice (host), bob" in message.text and "carol" not in message.text
    await emu.slash(u["dave"], tribune, "spectate", {"table": chan})
    assert f"<#{tribune.id}>" in message.text
    # Two clicks on "Add computer" of the same lobby add one seat.
    add = next(b["custom_id"] for b in message.buttons() if ":bot:" in b["custom_id"])
    shown_before = message.snapshot()
    first = await emu.click(u["alice"], message, add)
    second = await emu.click(u["alice"], shown_before, add)  # a slow client clicks again
    record = await runner.db.open_game(chan.id)
    assert [s["computer"] for s in record.snapshot["seats"]] == [False, False, True]
    assert first.private is None and "out of date" in private_text(second)
    await confirm(emu, u["alice"], await emu.slash(u["alice"], chan, "cancel", {}))
    assert "closed" in message.text and not message.buttons()


async def test_a_click_loads_its_game_once_and_only_its_own_channel_may_change_it(
    emu, runner, world
):
    """The game's channel (for its lock) is remembered: one load per click, and a button of
    a known game pressed in another channel, or of a game known only from disk, still checks."""
    _, chan, u = world
    other = emu.add_channel(world[0], "elsewhere")
    loc = Localizer()

    def refused(ix, user) -> bool:
        language = {"bob": "de", "carol": "fr"}.get(user.name, "en")
        return private_text(ix) == loc.text(language, "table-error-unknown-game")

    await runner.start()
    message = await open_nim(emu, chan, u["alice"])
    await emu.click(u["bob"], message, cid(message, "join"))
    await emu.click(u["alice"], lobby(emu, chan), cid(lobby(emu, chan), "start"))
    record = await runner.db.open_game(chan.id)
    turn = emu.channel_messages(chan)[-1]
    mover = [u["alice"], u["bob"]][record.snapshot["state"]["turn"]]
    take = turn.buttons()[0]["custom_id"]
    # The same button, shown in another channel: refused, nothing changes.
    moved = turn.snapshot()
    moved.channel = other
    ix = await emu.click(mover, moved, take)
    assert refused(ix, mover)
    assert (await runner.db.load_game(record.id)).version == record.version
    loads: list[int] = []
    load_game = runner.db.load_game

    async def counted(game_id: int):
        loads.append(game_id)
        return await load_game(game_id)

    runner.db.load_game = counted  # type: ignore[method-assign]
    await emu.click(mover, turn, take)
    assert loads == [record.id]
    assert (await load_game(record.id)).snapshot["state"]["pile"] == (
        record.snapshot["state"]["pile"] - 1
    )
    # After a restart the game is known from disk only: its buttons work, elsewhere not.
    await runner.restart()
    record = await runner.db.open_game(chan.id)
    turn = emu.channel_messages(chan)[-1]
    mover = [u["alice"], u["bob"]][record.snapshot["state"]["turn"]]
    moved = turn.snapshot()
    moved.channel = other
    ix = await emu.click(mover, moved, turn.buttons()[0]["custom_id"])
    assert refused(ix, mover)
    await emu.click(mover, turn, turn.buttons()[0]["custom_id"])
    assert (await runner.db.load_game(record.id)).version > record.version
