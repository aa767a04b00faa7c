"""A Stella round started before the bot's messages were Components V2 messages (classic slate
DMs, a classic round message) plays to the end on the new code: each classic DM the round edits
becomes a V2 message, its buttons keep working."""

from __future__ import annotations

import random

from cogs.table.layout import ACCENTS
from cogs.table.messages import LAYOUT_KEY
from games import stella as engine
from tests.emulator.models import IS_COMPONENTS_V2
from tests.support.v2_shapes import assert_v2, make_classic
from tests.test_e2e_stella import (
    PublicWatch,
    cid,
    game_state,
    mark,
    open_table,
    play_round,
    seat_users,
    world,  # noqa: F401 (the fixture)
)

VIOLET = ACCENTS["stella"]


async def as_before_the_upgrade(emu, runner, chan) -> None:
    """The bot stopped, and everything of the table as the old code left it: classic
    messages, and a table that knows of no V2 message."""
    await emu.idle(quiet=0.1)
    record, _ = await game_state(runner, chan)
    snapshot = dict(record.snapshot)
    snapshot["messages"] = {
        key: value for key, value in snapshot["messages"].items() if not key.startswith(LAYOUT_KEY)
    }
    await runner.db.save_game(record.id, record.version, snapshot, status=record.status)
    await runner.stop()
    for message in emu.all_messages():
        if message.author.id == emu.bot_user.id and not message.deleted:
            make_classic(message)


async def toggled_after_the_upgrade(emu, runner, chan, user, slate, marked, toggled) -> None:
    """``user`` marks ``marked`` on ``slate``; the bot stops and everything turns classic; at
    the restart a tap on ``toggled`` makes the classic slate a V2 one, its grid kept."""
    await mark(emu, slate, user, marked, lock=False)
    await as_before_the_upgrade(emu, runner, chan)
    assert not slate.flags & IS_COMPONENTS_V2 and slate.content and slate.attachments
    await runner.start()
    grid = slate.attachments[0].data
    await emu.click(user, slate, cid(slate, f"atoggle:{toggled}"))
    assert_v2(slate, VIOLET, picture=True)
    assert slate.attachments[0].data == grid, "the same grid, not uploaded again"


async def test_a_round_with_classic_dms_plays_to_the_end_after_the_upgrade(emu, runner, world):  # noqa: F811
    chan, users = world
    alice, bob, _, dave = users
    players = [alice, bob, dave]
    await runner.start()
    await open_table(emu, chan, players)
    dm = emu.dm_messages(alice)[-1]
    await toggled_after_the_upgrade(emu, runner, chan, alice, dm, [3, 7], 11)
    assert "(D1 C2 B3)" in dm.text
    await emu.click(alice, dm, cid(dm, "alock"))
    _, state = await game_state(runner, chan)
    assert state.slates[0] == [3, 7, 11] and state.locked[0]
    assert not dm.buttons() and "final" in dm.text
    assert_v2(dm, VIOLET, picture=True)
    # Bob's classic DM, never tapped before the upgrade, still marks and locks.
    bobs = emu.dm_messages(bob)[-1]
    assert not bobs.flags & IS_COMPONENTS_V2
    await mark(emu, bobs, bob, [1])
    assert_v2(bobs, VIOLET, picture=True)

    rng = random.Random(7)
    watch = PublicWatch(emu)
    for _ in range(engine.ROUNDS * 2):
        record, state = await game_state(runner, chan)
        if record.status == "finished":
            break
        await play_round(emu, runner, chan, players, rng, watch)
    record, state = await game_state(runner, chan)
    assert record.status == "finished" and state.phase == engine.OVER
    assert "final scores" in emu.channel_messages(chan)[-1].text.lower()
    await emu.idle(quiet=0.2)
    for user in players:
        for message in emu.dm_messages(user):
            assert not message.buttons(), f"every slate closed: {user.name} {message.text!r}"
            if message.flags & IS_COMPONENTS_V2:
                assert_v2(message, VIOLET, picture=True)


async def test_a_classic_my_slate_panel_marks_and_locks_after_the_upgrade(emu, runner, world):  # noqa: F811
    """Carol's DMs are closed: she marked on "My slate", an ephemeral panel, before the upgrade.
    After it, her taps on that classic panel still mark and lock her slate, and the panel
    becomes a V2 card at its first edit."""
    chan, users = world
    alice, bob, carol, _ = users
    players = [alice, bob, carol]
    await runner.start()
    await open_table(emu, chan, players)
    turn = next(m for m in reversed(emu.channel_messages(chan)) if m.buttons())
    panel = (await emu.click(carol, turn, cid(turn, "u:slate"))).private
    assert panel is not None and panel.ephemeral_for == carol.id
    await toggled_after_the_upgrade(emu, runner, chan, carol, panel, [2], 8)
    record, state = await game_state(runner, chan)
    seat = seat_users(record, players).index(carol)
    assert state.slates[seat] == [2, 8] and not state.locked[seat]
    await emu.click(carol, panel, cid(panel, "alock"))
    _, state = await game_state(runner, chan)
    assert state.slates[seat] == [2, 8] and state.locked[seat]
    assert not panel.buttons()
    assert_v2(panel, VIOLET, picture=True)
    # The others' classic DMs play on, and the round ends.
    for user in (alice, bob):
        await mark(emu, emu.dm_messages(user)[-1], user, [0])
    _, state = await game_state(runner, chan)
    assert state.round == 1 and state.phase == engine.EXPLORATION
    assert state.slates[seat] == [2, 8]
