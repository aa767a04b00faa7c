"""Stella end to end with computer seats: one player and two computers play a whole game."""

from __future__ import annotations

import random
import re

import pytest

from games import stella as engine
from games import stella_ai
from rendering.stella_folder import TAGS_FILE
from tests.emulator import FakeDiscord
from tests.test_e2e_stella import (
    COUNT,
    LABEL,
    PublicWatch,
    cid,
    designate,
    game_state,
    mark,
    picture_folder,
    private_texts,
    secrets_of,
    slate_panel,
    use_cards,
)

DESIGNATED = re.compile(r"(Robo \d|carol) designates ([A-E][1-3])\.")


@pytest.fixture
def world(emu: FakeDiscord):
    guild = emu.add_guild("Two Short", locale="en-US")
    chan = emu.add_channel(guild, "stella")
    carol = emu.add_user("carol", locale="en-US", dms_open=False)
    emu.add_member(guild, carol)
    return chan, carol


async def test_one_player_and_two_computers_play_a_whole_game(emu, runner, world):
    chan, carol = world
    await runner.start()
    ix = await emu.slash(carol, chan, "stella new", {})
    lobby = ix.message
    await emu.click(carol, lobby, cid(lobby, "bot:1"))
    await emu.click(carol, lobby, cid(lobby, "bot:2"))
    assert "Robo 1 🤖" in lobby.text and "Robo 2 🤖" in lobby.text
    assert "Add computer" in [b["label"] for b in lobby.buttons()]
    await emu.click(carol, lobby, cid(lobby, "start"))

    watch = PublicWatch(emu)
    rng = random.Random(17)
    for _ in range(200):
        record, state = await game_state(runner, chan)
        if state.phase == engine.OVER:
            break
        number = state.round
        if state.phase == engine.MARKING:
            # The computers locked in at once: only carol is still marking.
            assert engine.to_move(state) == [0] and state.locked[1:] == [True, True]
            watch.take(number, True)
            panel = await slate_panel(emu, chan, carol)
            watch.take(number, True)
            await mark(emu, panel, carol, rng.sample(range(engine.GRID_SIZE), rng.randint(2, 4)))
        else:
            assert state.phase == engine.EXPLORATION and state.active == 0, (
                "computers wait for nobody"
            )
            card = engine.legal_actions(state, 0)[0]["card"]
            await designate(emu, chan, carol, card)
        watch.take(number, False)
    record, state = await game_state(runner, chan)
    assert record.status == "finished" and engine.is_over(state)
    assert len(state.history) == engine.ROUNDS
    assert not emu.dm_messages(carol), "carol's DMs are closed: all of it happened here"

    moves = await runner.db.moves(record.id)
    by_computers = [m for m in moves if m.actor == "autopilot"]
    assert {m.seat for m in by_computers} == {1, 2}
    assert {m.action["type"] for m in by_computers} == {"set_marks", "lock_in", "designate"}
    assert {m.seat for m in moves if m.actor == "user"} == {0}
    texts = "\n".join(m.text for m in emu.channel_messages(chan))
    designators = {name for name, _ in DESIGNATED.findall(texts)}
    assert {"Robo 1", "Robo 2"} <= designators, "computers designate in the channel"
    # Each round's marking message ends naming who locked in, and nobody as still marking.
    assert texts.count("Marking finished. Locked in: carol, Robo 1, Robo 2") == engine.ROUNDS
    assert "Still marking" not in texts
    final = emu.channel_messages(chan)[-1]
    assert "Final scores" in final.text and "Robo 2" in final.text

    # No computer's secret shows before its reveal: no unrevealed mark, no count before the
    # announcement, neither in public nor in what carol alone sees.
    rounds = await secrets_of(runner, record)
    assert any(marking for _, marking, _ in watch.log) and any(r["marks"] for r in rounds.values())
    for number, marking, text in watch.log:
        secret = rounds[number]
        hidden = set().union(*secret["marks"].values()) - secret["revealed"]
        text = text.replace("A1 to E3", "")  # the grid's summary names its corners, no mark
        leaked = set(LABEL.findall(text)) & {engine.label(card) for card in hidden}
        assert not leaked, f"round {number}: {leaked} in {text!r}"
        if marking:
            assert not COUNT.search(text), f"a count before the announcement: {text!r}"
    own = set().union(*(r["marks"].get(0, set()) for r in rounds.values()))
    shown = set().union(*(r["revealed"] for r in rounds.values()))
    allowed = {engine.label(card) for card in own | shown}
    for text in private_texts(emu, carol):
        assert set(LABEL.findall(text)) <= allowed, f"carol sees {text!r}"
    computers_marked = set().union(
        *(r["marks"].get(s, set()) for r in rounds.values() for s in (1, 2))
    )
    assert computers_marked, "the computers marked cards"


async def test_a_timed_out_scout_designates_its_most_likely_match(emu, runner, world):
    chan, carol = world
    await runner.start()
    lobby = (await emu.slash(carol, chan, "stella new", {})).message
    timer = next(s for s in lobby.selects() if s["custom_id"].endswith(":timer"))
    await emu.select(carol, lobby, timer["custom_id"], ["5"])
    for seat in (1, 2):
        await emu.click(carol, lobby, cid(lobby, f"bot:{seat}"))
    await emu.click(carol, lobby, cid(lobby, "start"))
    for _ in range(engine.ROUNDS):
        record, state = await game_state(runner, chan)
        if state.phase == engine.MARKING:
            panel = await slate_panel(emu, chan, carol)
            await mark(emu, panel, carol, list(range(engine.MAX_MARKS)))
        record, state = await game_state(runner, chan)
        if state.phase == engine.EXPLORATION:
            break
    assert state.phase == engine.EXPLORATION and state.active == 0
    expected = stella_ai.designation(state, 0)
    await runner.bot.get_cog("TimerCog").expire(record.id)
    moves = await runner.db.moves(record.id)
    timed_out = [m for m in moves if m.actor == "timeout"]
    assert [m.action for m in timed_out] == [{"type": "time_out", "card": expected}]
    texts = "\n".join(m.text for m in emu.channel_messages(chan))
    assert f"carol designates {engine.label(expected)}." in texts


async def test_a_server_deck_seats_computers_only_with_its_tags_file(emu, runner, world, tmp_path):
    chan, carol = world
    folder = picture_folder(tmp_path / "cards", 64)
    use_cards(runner, folder)
    await runner.start()
    lobby = (await emu.slash(carol, chan, "stella new", {"deck": "custom"})).message
    assert "No computer seats with this server's pictures" in lobby.text
    assert not [b for b in lobby.buttons() if b["custom_id"].endswith(":bot:1")]

    owls = "\n".join(f"card{n:03}.png: {'owl, night' if n % 2 else 'cake'}" for n in range(64))
    (folder / TAGS_FILE).write_text("# the test deck\n" + owls + "\n", encoding="utf-8")
    chan = emu.add_channel(chan.guild, "stella-2")  # a second table beside the first
    lobby = (await emu.slash(carol, chan, "stella new", {"deck": "custom"})).message
    assert "No computer seats" not in lobby.text
    for seat in (1, 2):
        await emu.click(carol, lobby, cid(lobby, f"bot:{seat}"))
    await emu.click(carol, lobby, cid(lobby, "start"))
    record, state = await game_state(runner, chan)
    assert state.phase == engine.MARKING and state.locked[1:] == [True, True]
    assert record.snapshot["options"]["deck_files"][0] == "card000.png"


@pytest.mark.parametrize("dms_open", [True, False], ids=["slate DM", "My slate"])
async def test_a_lock_in_whose_change_ends_the_round_closes_its_slate_as_it_was(
    emu, runner, dms_open
):
    """Carol locks in one mark last: the computers' designations and her own (if any: the
    rules leave her no choice in it) play out in the same change, and the next round's marking
    begins. The slate she clicked keeps its round's grid and her locked mark, without controls;
    the new round comes on a slate of its own."""
    guild = emu.add_guild("Short Round", locale="en-US")
    chan = emu.add_channel(guild, "stella")
    carol = emu.add_user("carol", locale="en-US", dms_open=dms_open)
    emu.add_member(guild, carol)
    await runner.start()
    lobby = (await emu.slash(carol, chan, "stella new", {})).message
    await emu.click(carol, lobby, cid(lobby, "bot:1"))
    await emu.click(carol, lobby, cid(lobby, "bot:2"))
    await emu.click(carol, lobby, cid(lobby, "start"))

    panel = await slate_panel(emu, chan, carol)
    assert (panel.ephemeral_for is None) is dms_open
    grid = [a.data for a in panel.attachments]
    await mark(emu, panel, carol, [7], lock=False)
    ix = await emu.click(carol, panel, cid(panel, "alock"))
    await emu.idle(quiet=0.2)

    record, state = await game_state(runner, chan)
    assert state.round == 2 and state.phase == engine.MARKING
    moves = await runner.db.moves(record.id)
    # Two clicks of carol's played the whole round (her designation, if the computers left
    # her mark unrevealed, the table played for her).
    assert [m.action["type"] for m in moves if m.actor == "user"] == ["set_marks", "lock_in"]
    # The click was answered by the edit of its own slate: what it was, closed.
    assert ix.response_type == 7
    # Its follow-ups, if any, are the channel's own messages (the round's results, the next
    # round), posted through the click's token: nothing private, nothing refused.
    assert all(m.ephemeral_for is None and m in emu.channel_messages(chan) for m in ix.followups)
    assert not panel.buttons() and not panel.selects()
    assert [a.data for a in panel.attachments] == grid, "the round's grid, not the next one"
    assert engine.label(7) in panel.text
    # The new round: a slate of its own, with nothing marked yet.
    fresh = await slate_panel(emu, chan, carol)
    assert fresh.id != panel.id and fresh.buttons()
    assert [a.data for a in fresh.attachments] != grid
    assert not [b for b in fresh.buttons() if b.get("style") == 3], "no card marked yet"
