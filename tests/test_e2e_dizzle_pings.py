"""Dizzle's notifications, counted end to end: the bot in its own process, seeded games.

A notification is a new message in the channel (a post or a click's follow-up) whose allowed
mentions let a mention of its text through, as the emulator records it (``Message.notified``).
A live table notifies each player at most once per pass, in a message that stays; a
play-by-post table (a turn timer of an hour or more) notifies every turn that comes.
"""

from __future__ import annotations

import re
import signal
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from games import dice_stars as ds_engine
from games import dizzle as engine
from storage import Database
from tests.emulator import FakeDiscord, Message
from tests.support.bodies import body_text
from tests.support.process import BotProcess
from tests.support.worlds import table_world
from tests.test_e2e_dice_stars import play_turn_step
from tests.test_e2e_dizzle import pass_message, play_step, verb
from tests.test_e2e_healing import FOLLOWUP, live, settled

SEED = 20191
MENTION = re.compile(r"<@!?(\d+)>")
PASS_PICTURE = "dizzle-turn.png"


@pytest.fixture
def world(emu: FakeDiscord):
    return table_world(emu, "Friday voice", "dizzle", ("anna", "ben", "eve", "gus"))


@pytest.fixture
def seeded_process(monkeypatch, tmp_path: Path) -> None:
    """The bot process draws the table's 62-bit seed as SEED (its other random bits stay)."""
    folder = tmp_path / "seeded"
    folder.mkdir()
    (folder / "sitecustomize.py").write_text(
        "import secrets\n"
        "_drawn = secrets.randbits\n"
        f"secrets.randbits = lambda bits: {SEED} if bits == 62 else _drawn(bits)\n",
        encoding="utf-8",
    )
    monkeypatch.setenv("PYTHONPATH", str(folder))


@dataclass
class Reader:
    """What the Dizzle helpers read the game through (the bot's own database file)."""

    db: Database


@dataclass
class Pass:
    """One pass of the game as the channel showed it, and who decided something in it."""

    message: Message
    notified: Counter[int] = field(default_factory=Counter)
    deciders: set[int] = field(default_factory=set)


def passes_of(emu: FakeDiscord, chan) -> list[Pass]:
    """The channel's messages, deleted ones too, cut into passes at each pass picture.

    Each notification counts for the user it notified, once the text it was posted with
    mentions them.
    """
    messages = sorted(
        (m for m in emu.all_messages() if m.channel is chan and m.ephemeral_for is None),
        key=lambda m: m.id,
    )
    passes: list[Pass] = []
    for message in messages:
        if any(a.filename == PASS_PICTURE for a in message.attachments):
            passes.append(Pass(message))
        posted = message.edits[0] if message.edits else message  # as it notified
        mentioned = {int(found) for found in MENTION.findall(posted.text)}
        told = [user for user in message.notified if user in mentioned]
        assert len(told) == len(message.notified), "a notification names whom it is for"
        if told:
            assert passes, f"a notification before the first pass: {message.text!r}"
            passes[-1].notified.update(told)
    return passes


def notifying(emu: FakeDiscord, chan) -> list[Message]:
    return [m for m in emu.all_messages() if m.channel is chan and m.notified]


def opener(emu: FakeDiscord, message: Message) -> int | None:
    """Who clicked the click that posted this message (None: the channel's route)."""
    if message.interaction_id is None:
        return None
    return emu.interactions[message.interaction_id].user.id


async def play_game(
    emu: FakeDiscord,
    bot: BotProcess,
    chan,
    players: list,
    options: dict | None = None,
    stop_at_pass: int | None = None,
    game: str = "dizzle",
    until: Callable[[], bool] | None = None,
) -> list[tuple[int, int, list[Message]]]:
    """Open, start and play (every player clicks the autopilot's move) to the end, to the
    given pass or until ``until()`` holds after a click (then the channel is left as it is);
    per click: the pass it was made in, the user, the messages it brought."""
    await bot.start()
    ix = await emu.slash(players[0], chan, f"{game} new", options or {})
    for user in players[1:]:
        await emu.click(user, ix.message, verb(ix.message, "join"))
    lobby = emu.channel_messages(chan)[0]
    await emu.click(players[0], lobby, verb(lobby, "start"))
    db = await Database.open(bot.database)
    clicks: list[tuple[int, int, list[Message]]] = []
    try:
        reader = Reader(db)
        for _ in range(800):
            record = (await settled(emu, bot.database, chan)).record
            if record.status != "active":
                break
            rules = engine if game == "dizzle" else ds_engine
            state = rules.from_json(record.snapshot["state"])
            index = getattr(state, "pass_index", 0)
            if stop_at_pass is not None and index >= stop_at_pass:
                break
            seat = rules.to_move(state)[0]
            user = record.snapshot["seats"][seat]["user_id"]
            known = {m.id for m in emu.all_messages()}
            step = play_step if game == "dizzle" else play_turn_step
            await step(emu, reader, chan, players)
            if until is not None and until():
                break
            await settled(emu, bot.database, chan)
            made = [m for m in emu.all_messages() if m.channel is chan and m.id not in known]
            clicks.append((index, user, made))
        else:
            raise AssertionError("the game did not end")
    finally:
        await db.close()
    assert bot.tracebacks() == [] or until is not None
    return clicks


def figures(passes: list[Pass], players: list) -> str:
    totals = Counter()
    for one in passes:
        totals.update(one.notified)
    per_pass = [max(one.notified.values(), default=0) for one in passes]
    names = ", ".join(f"{user.name} {totals[user.id]}" for user in players)
    return f"notifications per player: {names}; most in one pass: {max(per_pass, default=0)}"


def assert_live_notifications(emu: FakeDiscord, chan, players: list, clicks, passes_wanted: int):
    passes = passes_of(emu, chan)
    print(f"\n{len(players)} players, {len(passes)} passes: {figures(passes, players)}")
    deleted = [m.text for m in notifying(emu, chan) if m.deleted]
    assert deleted == [], f"{len(deleted)} notifying messages deleted: {deleted[:3]}"
    told = {str(m.id) for m in notifying(emu, chan)}
    deletions = [r.path for r in emu.requests if r.method == "DELETE"]
    assert not [path for path in deletions if path.rsplit("/", 1)[-1] in told], "none asked"
    assert len(passes) == passes_wanted
    for number, one in enumerate(passes):
        assert max(one.notified.values(), default=0) <= 1, f"pass {number}: {one.notified}"
    # Nobody is left unaware: whoever decided something in a pass was notified in it, unless
    # their own click opened it (they are looking at the channel).
    for index, user, _ in clicks:
        passes[index].deciders.add(user)
    for number, one in enumerate(passes):
        unaware = one.deciders - set(one.notified) - {opener(emu, one.message)}
        assert not unaware, f"pass {number}: never told {unaware}"


# --- live tables -------------------------------------------------------------------------------


async def test_a_live_two_player_game_notifies_each_player_once_a_pass_at_most(
    emu, bot_process, world, seeded_process
):
    chan, users = world
    players = users[:2]
    clicks = await play_game(emu, bot_process, chan, players)
    passes = engine.ROUNDS[2] * 2
    assert_live_notifications(emu, chan, players, clicks, passes)
    assert emu.channel_messages(chan)[-1].attachments[0].filename == "dizzle-result.png"


async def test_a_live_four_player_game_notifies_each_player_once_a_pass_at_most(
    emu, bot_process, world, seeded_process
):
    chan, users = world
    clicks = await play_game(emu, bot_process, chan, users)
    passes = engine.ROUNDS[4] * 4
    assert_live_notifications(emu, chan, users, clicks, passes)
    assert emu.channel_messages(chan)[-1].attachments[0].filename == "dizzle-result.png"


async def test_a_ping_lost_in_a_crash_is_posted_again_not_taken_from_an_earlier_pass(
    emu, bot_process, world, seeded_process
):
    """The bot dies just before its ping's follow-up: the repair after the restart posts it,
    although an earlier pass's ping with the same words is still in the channel."""
    chan, users = world
    players = users[:2]
    target = players[1]

    def ping_for_target(call) -> bool:
        content = body_text(call.json())
        return not call.uploads and content.startswith("🔔") and f"<@{target.id}>" in content

    killed = emu.inject("POST", FOLLOWUP, match=ping_for_target, nth=2, before=bot_process.kill)
    await play_game(emu, bot_process, chan, players, until=lambda: killed.fired > 0)
    assert await bot_process.wait_exit() == -signal.SIGKILL
    earlier = [m for m in notifying(emu, chan) if m.notified == [target.id]][-1]
    await bot_process.restart()
    await settled(emu, bot_process.database, chan)
    latest = [m for m in notifying(emu, chan) if m.notified == [target.id]][-1]
    assert latest.id > pass_message(emu, chan).id > earlier.id, "told again, in this pass"
    passes = passes_of(emu, chan)
    assert passes[-1].notified[target.id] == 1
    assert not any(m.deleted for m in notifying(emu, chan))
    assert bot_process.tracebacks() == []


# --- play by post --------------------------------------------------------------------------------


async def test_a_play_by_post_table_notifies_every_turn_that_comes_and_deletes_none(
    emu, bot_process, world, seeded_process
):
    """With a day per turn the players are away: each turn that comes to a player who did
    not just click is its own notification, in a message that stays."""
    chan, users = world
    players = users[:2]
    clicks = await play_game(emu, bot_process, chan, players, {"turn_timer": 1440}, 2)
    passes = passes_of(emu, chan)
    print(f"\nplay by post, {len(passes)} passes: {figures(passes, players)}")
    assert notifying(emu, chan) and not [m for m in notifying(emu, chan) if m.deleted]
    handed_over = 0
    db = await Database.open(bot_process.database)
    try:
        record = await db.open_game(chan.id)
    finally:
        await db.close()
    seats = {seat["user_id"]: index for index, seat in enumerate(record.snapshot["seats"])}
    assert set(seats) == {user.id for user in players}
    for number, (_, user, made) in enumerate(clicks[:-1]):
        following = clicks[number + 1][1]  # the next player to click is the one whose turn came
        told = [u for m in made for u in m.notified]
        if following != user:
            handed_over += 1
            assert told == [following], f"click {number}: the turn came to {following}: {told}"
        else:
            assert told == [], f"click {number}: the player who just clicked is not notified"
    assert handed_over > len(passes), "more notifications than passes: one per turn that came"
    assert live(emu, chan) == [pass_message(emu, chan)], "the game goes on"


# --- the other games keep theirs ---------------------------------------------------------------


async def test_dice_stars_still_notifies_by_one_mention_in_each_new_turn_message(
    emu, bot_process, world, seeded_process
):
    chan, users = world
    players = users[:3]
    clicks = await play_game(emu, bot_process, chan, players, game="dicestars")
    told = notifying(emu, chan)
    totals = Counter(user for m in told for user in m.notified)
    print("\nDice Stars, 3 players:", ", ".join(f"{u.name} {totals[u.id]}" for u in players))
    assert all(m.attachments and len(m.notified) == 1 for m in told), "the turn message itself"
    assert not any(m.deleted for m in told)
    assert not [m for m in emu.all_messages() if "your turn" in m.text], "no extra message"
    # Each turn that came to a player who did not just click is one mention of them.
    for number, (_, user, made) in enumerate(clicks[:-1]):
        following = clicks[number + 1][1]
        expected = [] if following == user else [following]
        assert [u for m in made for u in m.notified] == expected, f"click {number}"
