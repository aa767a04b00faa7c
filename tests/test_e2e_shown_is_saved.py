"""What a player is shown is saved: a slate's answer comes after its save, and a process killed
at any request of a toggle or a lock-in leaves a slate showing exactly what was saved.

A toggle on a slate is answered by the edit of that slate once its change is saved (the edit
is the click's answer). Every request that shows a slate, a lock-in or the round's "Locked in"
line is checked against the database at the moment it reaches Discord; then the bot process is
SIGKILLed just before or just after each request of a toggle and of a lock-in, restarted, and
the slate is compared with the save.
"""

from __future__ import annotations

import asyncio
import signal
import time
from typing import Any

import pytest

from games import stella as engine
from storage import Database
from tests.emulator import FakeDiscord, Message, User
from tests.emulator.interactions import UPDATE_MESSAGE
from tests.emulator.rest import Call
from tests.support.bodies import body_text
from tests.support.worlds import table_world
from tests.test_e2e_healing import (
    CALLBACK,
    lock_in_everyone,
    settled,
    slate,
    stella_state,
)
from tests.test_e2e_stella import cid, game_state, open_table, payload

PATCH_WEBHOOK = r"/webhooks/\d+/[^/]+/messages/[^/]+"


def updates_message(call: Call) -> bool:
    return call.json().get("type") == UPDATE_MESSAGE


PATCH_MESSAGE = r"/channels/\d+/messages/\d+"
GREEN = 3  # a marked card's button


@pytest.fixture
def world(emu: FakeDiscord):
    return table_world(
        emu, "Friday Night", "games", ("alice", "bob", "carol", "dave"), closed_dms=("carol",)
    )


# --- what a request shows -------------------------------------------------------------------


def controls_in(body: dict[str, Any]) -> list[dict[str, Any]]:
    """Every button of a request's message (callback data, or an edit's body)."""
    found: list[dict[str, Any]] = []

    def walk(items: list[Any]) -> None:
        for item in items:
            if isinstance(item, dict):
                if "custom_id" in item:
                    found.append(item)
                walk(item.get("components", []))
                if isinstance(item.get("component"), dict):
                    walk([item["component"]])
                if isinstance(item.get("accessory"), dict):
                    walk([item["accessory"]])

    walk(body.get("components", []) or [])
    return found


def marks_in(buttons: list[dict[str, Any]]) -> set[int] | None:
    """The cards a slate shows marked; None if these are not a slate's toggles."""
    toggles = [b for b in buttons if payload(b["custom_id"]).startswith("atoggle:")]
    if not toggles:
        return None
    # A toggle's payload is "atoggle:<card>:<the state it asks for>".
    cards = [(payload(b["custom_id"]).split(":")[1], b.get("style")) for b in toggles]
    return {int(card) for card, style in cards if style == GREEN}


def shown_marks(message: Message) -> set[int]:
    return marks_in(message.buttons()) or set()


def ever_shown(message: Message) -> set[int]:
    """Every card any version of the message showed marked."""
    marked = shown_marks(message)
    for older in message.edits:
        marked |= shown_marks(older)
    return marked


class ShownIsSaved:
    """Before each request that shows a slate, a lock-in or the round's "Locked in" line
    reaches Discord: what it shows is in the database already."""

    def __init__(self, emu: FakeDiscord, runner, chan) -> None:
        self.emu, self.runner, self.chan = emu, runner, chan
        self.checked: list[str] = []
        self.wrong: list[str] = []
        self._calls: list[Call] = []  # matched, their check not begun yet
        self.faults = [
            emu.inject(method, path, match=self._take, times=100_000, before=self.check)
            for method, path in (
                ("POST", CALLBACK),
                ("PATCH", PATCH_WEBHOOK),
                ("PATCH", PATCH_MESSAGE),
            )
        ]

    def _take(self, call: Call) -> bool:
        self._calls.append(call)
        return True

    def stop(self) -> None:
        for fault in self.faults:
            fault.cancel()

    async def check(self) -> None:
        call = self._calls.pop(0)  # before any await: the hooks begin in the calls' order
        body = call.json()
        data = body.get("data") or {} if call.path.startswith("/interactions/") else body
        record, state = await game_state(self.runner, self.chan)
        seats = record.snapshot["seats"]
        user = self._whose(call)
        seat = next((n for n, s in enumerate(seats) if user and s["user_id"] == user.id), None)
        marks = marks_in(controls_in(data))
        if marks is not None and seat is not None:
            self._compare(f"{user.name}'s slate", marks, set(state.slates[seat]))
        content = body_text(data)
        if seat is not None and marks is None and "You locked in" in content:
            self._compare(f"{user.name}'s slate locked", True, bool(state.locked[seat]))
        if "Locked in:" in content:
            listed = content.split("Locked in:")[1].split("\n")[0]
            for number, entry in enumerate(seats):
                if entry["name"] in listed:
                    self._compare(f"{entry['name']} listed", True, bool(state.locked[number]))

    def _compare(self, what: str, shown: Any, saved: Any) -> None:
        self.checked.append(what)
        if shown != saved:
            self.wrong.append(f"{what}: shown {shown}, saved {saved}")

    def _whose(self, call: Call) -> User | None:
        """The player whose private message the request shows (a click's, or a DM)."""
        parts = call.path.split("/")
        if call.path.startswith("/interactions/"):
            ix = self.emu.interactions.get(int(parts[2]))
        elif call.path.startswith("/webhooks/"):
            ix = self.emu.interactions_by_token.get(parts[3])
        else:
            channel = self.emu.channels.get(int(parts[2]))
            return channel.recipient if channel is not None and channel.is_dm else None
        if ix is None or ix.component_message is None:
            return None
        message = ix.component_message
        private = message.channel.is_dm or message.ephemeral_for is not None
        return ix.user if private else None


async def test_every_slate_and_lock_in_shown_is_saved_when_shown(emu, runner, world):
    chan, users = world
    alice, bob, carol, _ = users  # carol's DMs are closed: her slate is "My slate"
    await runner.start()
    await open_table(emu, chan, users[:3])
    await emu.idle(quiet=0.1)
    watch = ShownIsSaved(emu, runner, chan)
    dm = emu.dm_messages(alice)[-1]
    for card in (0, 4, 0, 2, 7):  # marks and one taken off again
        await emu.click(alice, dm, cid(dm, f"atoggle:{card}"))
    await emu.click(alice, dm, cid(dm, "alock"))
    turn = next(m for m in reversed(emu.channel_messages(chan)) if m.buttons())
    panel = (await emu.click(carol, turn, cid(turn, "u:slate"))).private
    for card in (1, 3, 1, 5):
        await emu.click(carol, panel, cid(panel, f"atoggle:{card}"))
    await emu.click(carol, panel, cid(panel, "alock"))
    bob_dm = emu.dm_messages(bob)[-1]
    await emu.click(bob, bob_dm, cid(bob_dm, "atoggle:6"))
    await emu.click(bob, bob_dm, cid(bob_dm, "alock"))
    await emu.idle(quiet=0.1)
    watch.stop()
    assert watch.wrong == []
    assert watch.checked.count("alice's slate") == 5 and watch.checked.count("carol's slate") == 4
    assert "alice's slate locked" in watch.checked and "alice listed" in watch.checked
    _, state = await game_state(runner, chan)
    assert state.phase == engine.EXPLORATION
    assert [sorted(s) for s in state.slates] != []


# --- the bot process killed at each request of a toggle and of a lock-in ------------------------


async def stella_with_dms(emu, bot_process, world) -> tuple[Any, list[User], Message]:
    """The bot process started, a Stella table of alice, bob and dave (DMs open) started, and
    alice's slate DM with card 0 marked (answered, saved)."""
    chan, (alice, bob, _, dave) = world
    users = [alice, bob, dave]
    await bot_process.start()
    lobby = (await emu.slash(alice, chan, "stella new", {})).message
    for user in (bob, dave):
        await emu.click(user, lobby, cid(lobby, "join"))
    await emu.click(alice, lobby, cid(lobby, "start"))
    await emu.wait_until(lambda: slate(emu, alice) is not None, timeout=10, what="a slate")
    dm = slate(emu, alice)
    await emu.click(alice, dm, cid(dm, "atoggle:0"))
    await emu.wait_until(lambda: shown_marks(dm) == {0}, timeout=10, what="the mark")
    return chan, users, dm


async def restarted_and_shown(emu, bot_process, chan):
    """After the SIGKILL: the bot restarted, the game shown everywhere (no unshown save left),
    Discord quiet; the game as saved."""
    assert await bot_process.wait_exit() == -signal.SIGKILL
    await bot_process.restart()
    game = await settled(emu, bot_process.database, chan)
    deadline = time.monotonic() + 20
    while True:
        db = await Database.open(bot_process.database)
        try:
            unshown = await db.unshown_games(before=time.time() + 60)
        finally:
            await db.close()
        if game.record.id not in unshown:
            break
        assert time.monotonic() < deadline, "the restart did not repair the table"
        await asyncio.sleep(0.05)
    return await settled(emu, bot_process.database, chan)


def seat_of_user(game, user: User) -> int:
    return [s["user_id"] for s in game.snapshot["seats"]].index(user.id)


@pytest.mark.parametrize(
    ("request_", "moment"),
    [("answer", "before"), ("answer", "after"), ("round", "before"), ("round", "after")],
)
async def test_a_sigkill_at_each_request_of_a_lock_in_leaves_what_was_saved_shown(
    emu, bot_process, world, request_, moment
):
    """A lock-in's requests: the slate DM's edit as the click's answer (closing it), then the
    round's message in the channel ("Locked in: alice"). Killed just before or after either."""
    chan, users, dm = await stella_with_dms(emu, bot_process, world)
    alice = users[0]
    await emu.click(alice, dm, cid(dm, "atoggle:4"))
    await emu.wait_until(lambda: shown_marks(dm) == {0, 4}, timeout=10, what="the mark")
    if request_ == "answer":
        # The lock's answer: the edit of its slate (an UPDATE_MESSAGE callback).
        fault = emu.inject("POST", CALLBACK, match=updates_message, **{moment: bot_process.kill})
    else:
        fault = emu.inject(
            "PATCH", rf"/channels/{chan.id}/messages/\d+", **{moment: bot_process.kill}
        )
    await emu.click(alice, dm, cid(dm, "alock"))
    await fault.wait(timeout=10)
    shown = ever_shown(dm)
    game = await restarted_and_shown(emu, bot_process, chan)
    state = stella_state(game)
    seat = seat_of_user(game, alice)
    assert state.locked[seat] and state.slates[seat] == [0, 4], "saved before its answer"
    assert shown <= set(state.slates[seat]), "every mark alice was shown is saved"
    assert not dm.buttons() and "You locked in" in dm.text, "the slate shows the lock-in"
    turn = next(m for m in reversed(emu.channel_messages(chan)) if "Locked in:" in m.text)
    assert "alice" in turn.text.split("Locked in:")[1], "the round's message shows it"
    await lock_in_everyone(emu, bot_process.database, chan, users)
    assert stella_state(await settled(emu, bot_process.database, chan)).phase != engine.MARKING
    assert bot_process.tracebacks() == []


@pytest.mark.parametrize("moment", ["before", "after"])
async def test_a_sigkill_at_the_edit_of_a_toggle_acknowledged_first(
    emu, bot_process, world, moment
):
    """A toggle made while the round's start still holds the table (bob's slate waits for
    Discord) is acknowledged at its patience; its slate is edited through the click once saved.
    Killed just before or after that edit."""
    chan, (alice, bob, _, dave) = world
    users = [alice, bob, dave]
    await bot_process.start()
    lobby = (await emu.slash(alice, chan, "stella new", {})).message
    for user in (bob, dave):
        await emu.click(user, lobby, cid(lobby, "join"))
    await emu.idle()  # the DM channels are asked for as the players sit
    acknowledged = asyncio.Event()
    bobs = emu.dm_channels[bob.id].id
    emu.inject(
        "POST",
        rf"/channels/{bobs}/messages",
        before=acknowledged.wait,  # bob's slate waits until alice's toggle is acknowledged
    )
    start = asyncio.create_task(emu.click(alice, lobby, cid(lobby, "start")))
    await emu.wait_until(lambda: slate(emu, alice) is not None, timeout=10, what="a slate")
    dm = slate(emu, alice)
    emu.inject("POST", CALLBACK, after=acknowledged.set)

    def of_the_slate(call: Call) -> bool:
        ix = emu.interactions_by_token.get(call.path.split("/")[3])
        return ix is not None and ix.component_message is dm

    edit = emu.inject("PATCH", PATCH_WEBHOOK, match=of_the_slate, **{moment: bot_process.kill})
    toggle = asyncio.create_task(emu.click(alice, dm, cid(dm, "atoggle:4")))
    await edit.wait(timeout=10)
    assert acknowledged.is_set()
    shown = ever_shown(dm)
    assert shown == (set() if moment == "before" else {4})
    for click in (start, toggle):
        click.cancel()
    await asyncio.gather(start, toggle, return_exceptions=True)
    game = await restarted_and_shown(emu, bot_process, chan)
    saved = set(stella_state(game).slates[seat_of_user(game, alice)])
    assert saved == {4} and shown <= saved
    assert shown_marks(dm) == saved, "the slate shows exactly what was saved"
    await emu.wait_until(lambda: slate(emu, bob) is not None, timeout=10, what="bob's slate")
    assert len(emu.dm_messages(bob)) == 1, "bob's slate sent once"
    await lock_in_everyone(emu, bot_process.database, chan, users)
    assert stella_state(await settled(emu, bot_process.database, chan)).phase != engine.MARKING
    assert bot_process.tracebacks() == []


async def test_a_game_started_at_once_answers_with_its_line_up_once_its_start_is_saved(
    emu, runner, world
):
    """A solo game starts with its slash command: the answer (its line-up) says it started,
    so the start is saved before it; the first turn message follows it."""
    chan, (alice, *_) = world
    await runner.start()
    saved: list[str | None] = []

    async def status_when_answered() -> None:
        record = await runner.db.open_game(chan.id)
        saved.append(record.status if record is not None else None)

    emu.inject("POST", CALLBACK, before=status_when_answered)
    ix = await emu.slash(alice, chan, "dicestars new", {"solo": True})
    assert saved == ["active"], "the start was saved before the line-up was shown"
    assert ix.message is not None and "alice" in ix.message.text and not ix.message.buttons()
    turn = emu.channel_messages(chan)[-1]
    assert turn.id != ix.message.id and turn.attachments, "the first turn message follows"
