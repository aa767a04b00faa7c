"""A calm channel, end to end: few messages, notifications only for whose turn came, no taps
that decide nothing, and a second button for what cannot be undone."""

from __future__ import annotations

import pytest

from games import dice_stars as ds_engine
from games import dizzle as dz_engine
from games import stella as st_engine
from games.table import Table
from tests.emulator import FakeDiscord, Message
from tests.support.worlds import table_world
from tests.test_e2e_dice_stars import open_and_start as open_dice_stars
from tests.test_e2e_dice_stars import play_turn_step
from tests.test_e2e_dizzle import open_and_start as open_dizzle
from tests.test_e2e_dizzle import pass_message, play_step
from tests.test_e2e_stella import cid, mark, open_table, seat_users, slate_panel
from tests.test_e2e_table import confirm

SILENT = 1 << 12
ONLY_CHOICE = "(the only possible move, played at once)"


@pytest.fixture
def world(emu: FakeDiscord):
    return table_world(
        emu, "Quiet evening", "games", ("alice", "bob", "carol", "dave"), closed_dms=("carol",)
    )


def made_since(emu: FakeDiscord, chan, known: set[int]) -> list[Message]:
    return [m for m in emu.all_messages() if m.channel is chan and m.id not in known]


async def waiting_users(runner, chan, engine) -> set[int]:
    record = await runner.db.open_game(chan.id)
    if record is None:
        return set()
    seats = record.snapshot["seats"]
    state = engine.from_json(record.snapshot["state"])
    return {seats[s]["user_id"] for s in engine.to_move(state) if s >= 0}


# --- Dizzle: one message per pass -----------------------------------------------------------


async def test_a_dizzle_pass_is_one_picture_message_and_only_whose_turn_came_is_notified(
    emu, runner, world
):
    chan, users = world
    await runner.start()
    await open_dizzle(emu, chan, users[:2])
    first = pass_message(emu, chan)
    record = await runner.db.open_game(chan.id)
    assert dz_engine.from_json(record.snapshot["state"]).pass_index == 0
    known = {m.id for m in emu.all_messages()}
    for _ in range(60):
        await play_step(emu, runner, chan, users)
        made = made_since(emu, chan, known)
        known |= {m.id for m in made}
        waiting = await waiting_users(runner, chan, dz_engine)
        for message in made:
            assert set(message.notified) <= waiting, "a notification for whose turn came only"
            if not message.notified:
                assert message.flags & SILENT, "what needs nobody is sent silently"
        state = dz_engine.from_json((await runner.db.open_game(chan.id)).snapshot["state"])
        if state.pass_index == 1:
            break
    else:
        raise AssertionError("the first pass did not end")
    pictures = [m for m in emu.channel_messages(chan) if m.attachments]
    assert pictures == [first, pass_message(emu, chan)], "one picture message for the pass"
    assert len(first.edits) > 2 and not first.buttons(), "edited in place, then closed"
    assert "alice" in first.text and "bob" in first.text, "its log names both players"
    pings = [m for m in emu.all_messages() if m.channel is chan and not m.attachments]
    pings = [m for m in pings if "your turn" in m.text]
    assert pings, "a turn that came within the pass was told by a short message"
    assert all(len(m.notified) == 1 for m in pings)
    assert not any(m.deleted for m in pings), "a notification's message stays"
    told = [user for m in [first, *pings] for user in m.notified]
    assert len(told) == len(set(told)), "each player is told once in the pass"


async def test_a_forced_placement_is_played_by_the_table_and_logged(emu, runner, world):
    chan, users = world
    await runner.start()
    await open_dizzle(emu, chan, users[:2])
    cog = runner.bot.get_cog("TableCog")
    plugin = cog.plugins["dizzle"]
    record = await runner.db.open_game(chan.id)
    table = Table.from_json(record.snapshot)
    state = dz_engine.from_json(table.state)
    seat = state.turn
    level, sheet = state.level, state.sheets[seat]
    fits = {v: (dz_engine.reach(level, sheet) & level.pip_masks[v]).bit_count() for v in range(7)}
    one = next(v for v in range(1, 7) if fits[v] == 1)
    none = [v for v in range(1, 7) if fits[v] == 0][:1]
    state.middle = sorted([one, *none])  # a position with exactly one legal placement
    assert len(dz_engine.legal_actions(state, seat)) == 1
    moves: list = []
    events = cog.play_automatic_moves(plugin, table, state, moves, record.version + 1)
    async with cog.queue(chan.id):
        await cog.save_and_show(None, plugin, record, table, state, moves, events)
    logged = await runner.db.moves(record.id)
    assert (logged[-1].seat, logged[-1].action["type"], logged[-1].actor) == (
        seat,
        "place",
        "forced",
    )
    assert ONLY_CHOICE in pass_message(emu, chan).text


# --- Dice Stars: the only draw plays itself; stars by row -----------------------------------


async def test_a_forced_draw_takes_no_tap_and_the_log_says_so(emu, runner, world):
    chan, users = world
    await runner.start()
    await open_dice_stars(emu, chan, users[:2])
    record = await runner.db.open_game(chan.id)
    state = ds_engine.from_json(record.snapshot["state"])
    assert state.phase == ds_engine.TAKE, "the first draw (3 dice, the only size) is made"
    moves = await runner.db.moves(record.id)
    draws = [m for m in moves if m.action["type"] == "draw"]
    assert [(m.action["n"], m.actor) for m in draws] == [(3, "forced")]
    turn = emu.channel_messages(chan)[-1]
    assert ONLY_CHOICE in turn.text
    assert not any('"draw"' in b["custom_id"] for b in turn.buttons()), "no button to press"
    # Whole turns go on without any tap on a forced choice.
    for _ in range(6):
        assert await play_turn_step(emu, runner, chan, users)
    moves = await runner.db.moves(record.id)
    replay = ds_engine.new_game(2, record.snapshot["seed"], record.snapshot["options"])
    for move in moves:
        seat = ds_engine.CHANCE if move.seat is None else move.seat
        if move.actor == "user":
            assert len(ds_engine.legal_actions(replay, seat)) > 1, "a tap decided something"
        ds_engine.apply(replay, seat, move.action)


# --- Stella: one tap per designation, no picture per toggle, one closed-DM notice ------------


async def test_stella_designation_by_one_tap_and_a_calm_marking(emu, runner, world):
    chan, users = world
    players = [users[0], users[1], users[2]]  # carol's DMs are closed
    await runner.start()
    await open_table(emu, chan, players)
    for round_ in (1, 2):
        record = await runner.db.open_game(chan.id)
        state = st_engine.from_json(record.snapshot["state"])
        assert state.round == round_ and state.phase == st_engine.MARKING
        seated = seat_users(record, users)
        marking = next(m for m in reversed(emu.channel_messages(chan)) if m.attachments)
        carol = users[2]
        # The DM notifies the others. carol (no DMs) is notified once a round: the first time
        # by the notice that her DMs are closed (the round's message went out before the DMs
        # were tried), later by the round's message, unless she just clicked.
        assert set(marking.notified) <= {carol.id}
        notices = [m for m in emu.channel_messages(chan) if m.text.startswith("I cannot send")]
        assert len(notices) == 1 and notices[0].notified == [carol.id]
        if round_ == 1:
            assert marking.notified == []
            assert "My slate" in str(marking.buttons()), "offered once her DM failed"
        for seat in st_engine.to_move(state):
            user = seated[seat]
            panel = await slate_panel(emu, chan, user)
            pictures = [a.id for a in panel.attachments]
            await mark(emu, panel, user, [0, 1 + seat], lock=False)  # card 0: shared
            assert [a.id for a in panel.attachments] == pictures, "no new picture per toggle"
            await emu.click(user, panel, cid(panel, "alock"))
        designated = 0
        for _ in range(20):
            record = await runner.db.open_game(chan.id)
            state = st_engine.from_json(record.snapshot["state"])
            if state.phase != st_engine.EXPLORATION or state.round != round_:
                break
            user = seat_users(record, users)[state.active]
            turn = emu.channel_messages(chan)[-1]
            ix = await emu.click(user, turn, cid(turn, "u:designate"))
            legal = st_engine.legal_actions(state, state.active)
            cards = [b for b in ix.private.buttons() if ":adesignate:" in b["custom_id"]]
            assert len(cards) == len(legal) > 1, "one button per unrevealed mark"
            assert not ix.private.selects()
            await emu.click(user, ix.private, cards[0]["custom_id"])  # the one tap
            after = await runner.db.load_game(record.id)
            assert after.version > record.version
            designated += 1
        assert designated, "somebody designated by a tap"
    moves = await runner.db.moves(record.id)
    forced = [m for m in moves if m.actor == "forced"]
    assert forced and all(m.action["type"] == "designate" for m in forced)
    said = "\n".join(m.text for m in emu.channel_messages(chan))
    assert ONLY_CHOICE in said


# --- what cannot be undone ------------------------------------------------------------------


def lobby_button(message: Message, name: str) -> str:
    return next(b["custom_id"] for b in message.buttons() if b["custom_id"].endswith(":" + name))


async def test_cancel_and_leave_need_a_second_button_and_a_stale_one_does_nothing(
    emu, runner, world
):
    chan, users = world
    alice, bob = users[0], users[1]
    await runner.start()
    ix = await emu.slash(alice, chan, "dicestars new", {})
    lobby = ix.message
    await emu.click(bob, lobby, lobby_button(lobby, "join"))
    asked = await emu.click(alice, lobby, lobby_button(lobby, "cancel"))
    assert asked.private and "Cancel this table" in asked.private.text
    assert (await runner.db.open_game(chan.id)).status == "lobby", "nothing happened yet"
    await emu.click(alice, lobby, lobby_button(lobby, "start"))
    stale = await confirm(emu, alice, asked)
    assert "out of date" in stale.messages()[-1].text
    assert (await runner.db.open_game(chan.id)).status == "active", "the game goes on"

    # /leave asks; a confirmation after the turn moved on changes nothing.
    question = await emu.slash(bob, chan, "leave", {})
    assert question.private and "for good" in question.private.text
    record = await runner.db.open_game(chan.id)
    await play_turn_step(emu, runner, chan, users)
    stale = await confirm(emu, bob, question)
    assert "out of date" in stale.messages()[-1].text
    record = await runner.db.open_game(chan.id)
    assert not any(seat["left"] for seat in record.snapshot["seats"])

    # Confirmed at once, it is done.
    done = await confirm(emu, bob, await emu.slash(bob, chan, "leave", {}))
    assert "You left" in done.message.text
    record = await runner.db.open_game(chan.id)
    assert [seat["left"] for seat in record.snapshot["seats"]] == [False, True]
    await confirm(emu, alice, await emu.slash(alice, chan, "cancel", {}))
    assert await runner.db.open_game(chan.id) is None
    assert "cancelled by alice" in emu.channel_messages(chan)[-1].text
