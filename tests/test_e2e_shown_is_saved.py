"""What a player is shown is saved: a slate's answer comes after its save, and a process killed
at any request of a toggle or a lock-in leaves a slate showing exactly what was saved.

A toggle on a slate is answered by the edit of that slate once its change is saved (the edit
is the click's answer). Every request that shows a slate, a lock-in or the round's "Locked in"
line is checked against the database at the moment it reaches Discord; then the bot process is
SIGKILLed just before or just after each request of a toggle and of a lock-in, restarted, and
the slate is compared with the save.
"""

from __future__ import annotations

from typing import Any

import pytest

from games import stella as engine
from tests.emulator import FakeDiscord, Message, User
from tests.emulator.rest import Call
from tests.test_e2e_healing import (
    CALLBACK,
)
from tests.test_e2e_stella import cid, game_state, open_table, payload

PATCH_WEBHOOK = r"/webhooks/\d+/[^/]+/messages/[^/]+"
PATCH_MESSAGE = r"/channels/\d+/messages/\d+"
GREEN = 3  # a marked card's button


@pytest.fixture
def world(emu: FakeDiscord):
    guild = emu.add_guild("Friday Night", locale="en-US")
    chan = emu.add_channel(guild, "games")
    users = [
        emu.add_user(name, locale="en-US", dms_open=name != "carol")
        for name in ("alice", "bob", "carol")
    ]
    for user in users:
        emu.add_member(guild, user)
    return chan, users


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
    return {int(payload(b["custom_id"])[8:]) for b in toggles if b.get("style") == GREEN}


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
        content = data.get("content") or ""
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
    alice, bob, carol = users  # carol's DMs are closed: her slate is "My slate"
    await runner.start()
    await open_table(emu, chan, users)
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
