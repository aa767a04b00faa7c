"""Discord away for a while: the game is played to its end across the outage.

The real bot as its own process against the emulator. "A minute" of outage is every request
on the paths refused until the bot has tried again several times (counted on the faults, not
timed); the bot's sweep runs every 0.2 s here (``timers.poll_seconds``) instead of every minute.
Afterwards the table shows every move once, the log has one line for the outage and no
traceback.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

from games import dice_stars as engine
from storage import Database
from tests.emulator import FakeDiscord, Fault
from tests.support.worlds import table_world
from tests.test_e2e_dice_stars import controls, star_values, verb
from tests.test_e2e_healing import (
    assert_whole,
    click_autopilot,
    expected_log,
    game_of,
    live,
    open_game,
    play_to_the_end,
    public_log,
    settled,
)
from tests.test_e2e_timers import pass_deadline

CHANNEL_ROUTES = r"/channels/\d+/messages(/\d+)?"
OUTAGE_LINE = re.compile(r"(is not answering|rate limited)", re.IGNORECASE)
TRIES_DURING_THE_OUTAGE = 40  # refused requests before Discord is back


@pytest.fixture
def world(emu: FakeDiscord):
    return table_world(emu, "Friday Night", "games", ("alice", "bob"))


def outage(emu: FakeDiscord, methods: tuple[str, ...], path: str, **error) -> list[Fault]:
    return [emu.inject(method, path, times=1_000_000, **error) for method in methods]


async def until_refused(emu: FakeDiscord, faults: list[Fault], count: int) -> None:
    """Until the bot met the outage ``count`` more times (its sweep tries again and again)."""
    start = sum(fault.fired for fault in faults)
    await emu.wait_until(
        lambda: sum(fault.fired for fault in faults) >= start + count,
        timeout=30,
        what=f"{count} refused requests",
    )


def outage_lines(log: str) -> list[str]:
    return [line for line in log.splitlines() if OUTAGE_LINE.search(line)]


async def the_next_click(emu, path, chan, users):
    """The move the player to move makes next: (user, message, custom_id, values)."""
    record = await settled(emu, path, chan)
    (turn,) = live(emu, chan)
    state = engine.from_json(record.snapshot["state"])
    seat = engine.to_move(state)[0]
    user = next(u for u in users if u.id == record.snapshot["seats"][seat]["user_id"])
    wanted = engine.autopilot(state, seat)
    if wanted["type"] == "take_stars":
        return user, turn, turn.select("s:")["custom_id"], star_values(wanted["rows"])
    return user, turn, next(c for c, a in controls(turn) if a == wanted), None


async def test_a_minute_of_429s_on_every_route_and_the_game_plays_on(emu, bot_process, world):
    chan, users = world
    await bot_process.start()
    path = bot_process.database
    await open_game(emu, chan, users)
    for _ in range(3):
        await click_autopilot(emu, path, chan, users)
    user, message, custom_id, values = await the_next_click(emu, path, chan, users)
    moves_before = len((await game_of(path, chan)).moves)
    log_before = len(bot_process.log_text())

    faults = outage(
        emu, ("GET", "POST", "PATCH", "DELETE"), r"/.*", error=(429, 0, ""), retry_after=0.01
    )
    if values is None:
        ix = await emu.click(user, message, custom_id)
    else:
        ix = await emu.select(user, message, custom_id, values)
    assert 429 in ix.refused, "Discord never took the click's answer"
    await until_refused(emu, faults, TRIES_DURING_THE_OUTAGE)
    saved = await game_of(path, chan)
    assert len(saved.moves) > moves_before, "the click's move is saved during the outage"
    for fault in faults:
        fault.cancel()

    record = await settled(emu, path, chan)  # shown by the sweep once Discord is back
    assert len(record.moves) == len(saved.moves), "the move was applied once"
    record = await play_to_the_end(emu, path, chan, users)
    assert_whole(emu, chan, record)
    assert bot_process.tracebacks() == []
    during = bot_process.log_text()[log_before:]
    assert len(outage_lines(during)) == 1, outage_lines(during)


# discord.py tries a 500 five times itself, 16 s in all: six refusals are one call given up
# and the next one met; a 503 it gives up at once.
@pytest.mark.parametrize(("status", "refusals"), [(503, TRIES_DURING_THE_OUTAGE), (500, 6)])
async def test_a_minute_of_5xx_while_a_timeout_plays_a_turn(
    emu, bot_process, world, status, refusals
):
    """No click to answer: the turn timer plays the turn, and the channel cannot be reached."""
    chan, users = world
    await bot_process.start()
    path = bot_process.database
    ix = await emu.slash(users[0], chan, "dicestars new", {})
    timer = next(s for s in ix.message.selects() if s["custom_id"].endswith(":timer"))
    await emu.select(users[0], ix.message, timer["custom_id"], ["5"])
    lobby = emu.channel_messages(chan)[0]
    await emu.click(users[1], lobby, verb(lobby, "join"))
    lobby = emu.channel_messages(chan)[0]
    await emu.click(users[0], lobby, verb(lobby, "start"))
    game = await settled(emu, path, chan)
    log_before = len(bot_process.log_text())

    faults = outage(
        emu, ("POST", "PATCH", "DELETE"), CHANNEL_ROUTES, error=(status, 0, "Server Error")
    )
    db = await Database.open(path)
    try:
        await pass_deadline(db, game.record.id)
    finally:
        await db.close()
    await until_refused(emu, faults, refusals)
    timed_out = [m for m in (await game_of(path, chan)).moves if m.actor == "timeout"]
    assert timed_out, "the timeout was played and saved during the outage"
    for fault in faults:
        fault.cancel()

    await emu.wait_until(
        lambda: any("ran out of time" in m.text for m in emu.channel_messages(chan)),
        timeout=10,
        what="the timeout shown once Discord is back",
    )
    record = await play_to_the_end(emu, path, chan, users)
    # Every move once, and the one note of the timeout.
    shown = public_log(emu, chan)
    notes = Counter({line: n for line, n in shown.items() if "ran out of time" in line})
    assert sum(notes.values()) == 1 and shown == expected_log(record) + notes
    assert live(emu, chan) == []
    assert bot_process.tracebacks() == []
    during = bot_process.log_text()[log_before:]
    assert len(outage_lines(during)) == 1, outage_lines(during)


async def test_a_click_whose_change_cannot_be_shown_hears_that_it_counts(emu, bot_process, world):
    """Discord refuses every edit (429) but takes the click and its follow-ups: the join is
    saved, the player hears so privately, and the lobby shows it once edits go through."""
    chan, (alice, bob) = world
    await bot_process.start()
    lobby = (await emu.slash(alice, chan, "dicestars new", {})).message
    faults = outage(emu, ("PATCH",), r"/.*", error=(429, 0, ""), retry_after=0.01)
    join = await emu.click(bob, lobby, verb(lobby, "join"))
    await emu.wait_until(lambda: join.private is not None, timeout=10, what="a private word")
    assert join.private.text == (
        "Discord is not answering right now. Your click counts: it is saved, and the table "
        "shows it as soon as Discord is back."
    )
    seats = (await game_of(bot_process.database, chan)).snapshot["seats"]
    assert [seat["name"] for seat in seats] == ["alice", "bob"]
    assert "bob" not in lobby.text, "not shown while Discord refuses the edit"
    await until_refused(emu, faults, TRIES_DURING_THE_OUTAGE)
    for fault in faults:
        fault.cancel()
    await emu.wait_until(lambda: "bob" in lobby.text, timeout=10, what="the lobby with bob")
    assert [m.id for m in emu.channel_messages(chan)] == [lobby.id]
    assert bot_process.tracebacks() == []
    assert len(outage_lines(bot_process.log_text())) == 1
