"""Every message the bot posts or edits for a table besides its turn messages is a Components V2
message in the family look: help and about, rules cards, /status, sheets, spectating's answer,
a refused click, the cancel question and its notices, /history and its replay pages. The
emulator refuses any breach of Discord's V2 rules on the way."""

from __future__ import annotations

import pytest

from cogs.table.layout import ACCENTS, HOUSE_ACCENT
from games import stella as engine_stella
from tests import test_e2e_stella as stella
from tests.emulator import FakeDiscord
from tests.support.v2_shapes import assert_v2
from tests.support.worlds import table_world
from tests.test_e2e_dice_stars import play_turn_step, verb
from tests.test_e2e_table import confirm

GOLD = ACCENTS["dice_stars"]
VIOLET = ACCENTS["stella"]


@pytest.fixture
def world(emu: FakeDiscord):
    chan, users = table_world(emu, "Friday Night", "games", ("alice", "bob", "carol"))
    return chan, emu.add_channel(chan.guild, "tribune"), users


async def test_help_about_and_the_rules_card_from_help(emu, runner, world):
    chan, _, users = world
    await runner.start()
    for command in ("help", "about"):
        ix = await emu.slash(users[0], chan, command, {})
        assert ix.private
        assert_v2(ix.private, HOUSE_ACCENT)
    ix = await emu.slash(users[0], chan, "help", {"game": "dice_stars"})
    assert ix.private and "how to play" in ix.private.text
    assert_v2(ix.private, GOLD, picture=True)


async def test_a_table_s_private_and_public_answers_are_v2_cards(emu, runner, world):
    chan, watch, users = world
    alice, bob, carol = users
    await runner.start()
    lobby = (await emu.slash(alice, chan, "dicestars new", {})).message
    await emu.click(bob, lobby, verb(lobby, "join"))
    lobby = emu.channel_messages(chan)[0]
    # The lobby's "How to play" (drawn after a defer: the card is the follow-up), twice.
    for _ in range(2):
        rules = await emu.click(carol, lobby, verb(lobby, "rules"))
        assert rules.private and "how to play" in rules.private.text
        assert_v2(rules.private, GOLD, picture=True)
    status = await emu.slash(carol, chan, "status", {})
    assert status.private and "alice" in status.private.text
    assert_v2(status.private, GOLD)
    spectate = await emu.slash(carol, watch, "spectate", {"table": chan})
    assert spectate.private is None and f"<#{chan.id}>" in spectate.message.text
    assert_v2(spectate.message, GOLD)
    refused = await emu.slash(carol, watch, "spectate", {"table": chan})
    assert refused.private
    assert_v2(refused.private)  # a one-line private answer: a text display alone
    await emu.click(alice, lobby, verb(lobby, "start"))

    status = await emu.slash(carol, chan, "status", {})
    assert status.private and "Dice Stars" in status.private.text
    assert_v2(status.private, GOLD, picture=True)
    assert not status.private.buttons(), "the table's controls stay on its own message"
    sheet = await emu.slash(carol, chan, "dicestars sheet", {"player": "bob"})
    assert sheet.private and "bob" in sheet.private.text
    assert_v2(sheet.private, GOLD, picture=True)
    turn = emu.channel_messages(chan)[-1]
    move = next(b["custom_id"] for b in turn.buttons() if b["custom_id"].split(":")[3][0] == "a")
    wrong = await emu.click(carol, turn, move)
    assert wrong.private
    assert_v2(wrong.private)

    for _ in range(300):
        if not await play_turn_step(emu, runner, chan, [alice, bob]):
            break
    listing = await emu.slash(carol, chan, "history", {})
    assert listing.private and listing.private.selects()
    assert_v2(listing.private, HOUSE_ACCENT)
    record = (await runner.db.guild_games(chan.guild.id))[0]
    menu = listing.private.select("s:")
    await emu.select(carol, listing.private, menu["custom_id"], [str(record.id)])
    assert "move" in listing.private.text
    assert_v2(listing.private, GOLD, picture=True)
    mine = await emu.slash(carol, chan, "history", {"player": alice})
    assert mine.private and "alice" in mine.private.text
    assert_v2(mine.private, HOUSE_ACCENT)


async def test_the_cancel_question_its_answer_and_the_channel_s_notice(emu, runner, world):
    chan, _, users = world
    await runner.start()
    await emu.slash(users[0], chan, "dicestars new", {})
    question = await emu.slash(users[0], chan, "cancel", {})
    assert question.private and question.private.buttons()
    assert_v2(question.private, GOLD)
    await confirm(emu, users[0], question)
    assert not question.private.buttons() and "cancelled" in question.private.text
    assert_v2(question.private)
    notice = emu.channel_messages(chan)[-1]
    assert "cancelled by alice" in notice.text
    assert_v2(notice, GOLD)


async def test_stella_s_slates_panels_and_notice_are_v2_messages(emu, runner):
    guild = emu.add_guild("Night Sky", locale="en-US")
    chan = emu.add_channel(guild, "stella")
    alice, bob, carol = [
        emu.add_user(name, locale="en-US", dms_open=name != "carol")
        for name in ("alice", "bob", "carol")
    ]
    for user in (alice, bob, carol):
        emu.add_member(guild, user)
    await runner.start()
    await stella.open_table(emu, chan, [alice, bob, carol])
    notice = next(m for m in emu.channel_messages(chan) if "cannot send" in m.text)
    assert_v2(notice, VIOLET)
    assert f"<@{carol.id}>" in notice.text and carol.id in notice.notified
    dm = emu.dm_messages(alice)[-1]
    assert_v2(dm, VIOLET, picture=True)  # the slate DM: the round's grid, its cards as buttons
    # Three marks each: the exploration has choices (no move the table plays on its own).
    await stella.mark(emu, dm, alice, [1, 3, 5])
    assert_v2(dm, VIOLET, picture=True)
    await stella.mark(emu, emu.dm_messages(bob)[-1], bob, [1, 4, 6])
    panel = await stella.slate_panel(emu, chan, carol)  # "My slate": DMs closed
    assert_v2(panel, VIOLET, picture=True)
    await stella.mark(emu, panel, carol, [1, 2, 7], lock=False)
    assert_v2(panel, VIOLET, picture=True)  # a toggle keeps the grid it shows
    await emu.click(carol, panel, stella.cid(panel, "alock"))
    assert_v2(panel, VIOLET, picture=True)
    assert not panel.buttons() and "Not revealed yet" in panel.text  # the exploration begins

    record, state = await stella.game_state(runner, chan)
    assert state.phase == engine_stella.EXPLORATION
    player = stella.seat_users(record, [alice, bob, carol])[state.active]
    turn = emu.channel_messages(chan)[-1]
    ix = await emu.click(player, turn, stella.cid(turn, "u:designate"))
    assert_v2(ix.private, VIOLET, picture=True)  # the designation panel: the player's slate
    card = engine_stella.legal_actions(state, state.active)[0]["card"]
    designation = ix.private
    await emu.click(player, designation, stella.cid(designation, f"adesignate:{card}"))
    assert "You designated" in designation.text
    assert_v2(designation, VIOLET)
