"""Stella end to end: one draft per seat on both of its slates, one notification per decision,
and round messages that stay true without sending their picture again.

A seat marks on its DM or on "My slate" (an ephemeral panel on the round's message): both show
the one draft the table saved, and a tap on either means what it showed. Whoever the table
waits for is notified once when their decision starts, wherever they clicked before. The round's
marking message ends saying that the marking is over, and the grid is uploaded once a round.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from games import stella as engine
from tests.emulator import FakeDiscord, Message, User
from tests.support.worlds import table_world
from tests.test_e2e_stella import (
    PublicWatch,
    cid,
    designate,
    game_state,
    mark,
    open_table,
    play_round,
    seat_users,
    styles,
)

SUCCESS = 3  # a marked card's toggle is green


@pytest.fixture
def world(emu: FakeDiscord):
    """Four players, carol's DMs closed (so the round's message offers "My slate")."""
    return table_world(
        emu, "Night Sky", "stella", ("alice", "bob", "carol", "dave"), closed_dms=("carol",)
    )


def marked(message: Message) -> list[str]:
    """The cards a slate shows marked, by label."""
    toggles = styles(message)
    return [
        engine.label(int(toggle.split(":")[1]))
        for toggle, style in sorted(toggles.items(), key=lambda item: int(item[0][8:]))
        if style == SUCCESS
    ]


def round_message(emu: FakeDiscord, chan) -> Message:
    return next(m for m in reversed(emu.channel_messages(chan)) if m.buttons())


async def my_slate(emu: FakeDiscord, chan, user: User) -> Message:
    """ "My slate" pressed on the round's message: the ephemeral panel."""
    turn = round_message(emu, chan)
    ix = await emu.click(user, turn, cid(turn, "u:slate"))
    assert ix.private is not None and ix.private.ephemeral_for == user.id
    return ix.private


def notifications_of(emu: FakeDiscord, user: User, since: int = 0) -> list[Message]:
    """Every message (channel, DM, deleted or not) made after message id ``since`` that
    made the user's phone buzz."""
    return [m for m in emu.all_messages() if m.id > since and user.id in m.notified]


def newest_id(emu: FakeDiscord) -> int:
    return max((m.id for m in emu.all_messages()), default=0)


# --- the round's message: true at its last edit, its grid sent once ---------------------------


async def test_the_round_message_ends_true_and_its_grid_is_uploaded_once_a_round(
    emu, runner, world
):
    chan, users = world
    tribune = emu.add_channel(chan.guild, "tribune")  # a spectating channel: the same holds
    await runner.start()
    watches = uploads_watch(emu)
    lobby = (await emu.slash(users[0], chan, "stella new", {})).message
    assert (await emu.slash(users[3], tribune, "spectate", {"table": chan})).private is None
    for user in users[1:]:
        await emu.click(user, lobby, cid(lobby, "join"))
    await emu.click(users[0], lobby, cid(lobby, "start"))
    rng = random.Random(4)
    watch = PublicWatch(emu)
    for _ in range(engine.ROUNDS):
        await play_round(emu, runner, chan, users, rng, watch)
    record, _ = await game_state(runner, chan)
    assert record.status == "finished"

    for where in (chan, tribune):
        rounds = [m for m in emu.channel_messages(where) if "Marking finished" in m.text]
        assert len(rounds) == engine.ROUNDS, where.name
        for number, message in enumerate(rounds, start=1):
            assert f"Round {number} of 4" in message.text
            assert "Locked in: alice, bob, carol, dave" in message.text
            assert not message.buttons()
            assert [a.filename for a in message.attachments] == ["stella-grid.jpg"]
            # Every edit (each lock-in, then its end) kept the one picture it was posted with.
            versions = [*message.edits, message]
            assert {a.id for version in versions for a in version.attachments} == {
                message.attachments[0].id
            }
            assert len(message.edits) >= 3, "edited at each lock-in"
        texts = [m.text for m in emu.channel_messages(where)]
        assert not [text for text in texts if "Still marking" in text], where.name
        uploads = grid_uploads(emu, watches, where)
        assert uploads == engine.ROUNDS, where.name
        print(f"grid uploads in #{where.name}: {uploads} for {engine.ROUNDS} rounds")


def uploads_watch(emu: FakeDiscord) -> list[Any]:
    """Watches every POST and PATCH (nothing is changed): their parsed calls."""
    return [emu.inject(method, r".*", times=10**9) for method in ("POST", "PATCH")]


def grid_uploads(emu: FakeDiscord, watches: list[Any], where) -> int:
    """Grid pictures uploaded into the channel's public messages, from the request log: by
    the channel's routes, or through the token of a click in that channel (its callback,
    follow-ups and edits), unless what it made or edited is ephemeral."""
    count = 0
    for call in (call for watch in watches for call in watch.calls):
        grids = [u for u in call.uploads if u.filename.startswith("stella-grid")]
        parts = call.path.split("/")
        if not grids or len(parts) < 4:
            continue
        if parts[1] == "channels":
            count += len(grids) if parts[2] == str(where.id) else 0
            continue
        ix = emu.interactions_by_token.get(parts[3])  # /webhooks/<app>/<token>/...
        if ix is None or ix.channel.id != where.id:
            continue
        body = call.json()
        flags = (body.get("data") or body).get("flags") or 0
        new = call.method == "POST" and not call.path.endswith("/callback")
        edited = ix.component_message if not new else None
        private = flags & 64 or (edited is not None and edited.ephemeral_for is not None)
        count += 0 if private else len(grids)
    return count


# --- whoever the table waits for is notified once --------------------------------------------


@pytest.fixture
def open_dms(emu: FakeDiscord):
    guild = emu.add_guild("Lanterns", locale="en-US")
    chan = emu.add_channel(guild, "stella")
    users = [emu.add_user(name, locale="en-US") for name in ("mara", "nils", "olga")]
    for user in users:
        emu.add_member(guild, user)
    return chan, users


async def test_the_last_to_lock_in_who_designates_first_is_notified_once(emu, runner, open_dms):
    chan, users = open_dms
    await runner.start()
    await open_table(emu, chan, users)
    record, state = await game_state(runner, chan)
    players = seat_users(record, users)
    scout = state.first_scout  # designates first: locks in last, in the DM
    for seat in [s for s in range(len(players)) if s != scout]:
        await mark(emu, emu.dm_messages(players[seat])[-1], players[seat], [seat, 7])
    since = newest_id(emu)
    last = players[scout]
    await mark(emu, emu.dm_messages(last)[-1], last, [0, 3, 7])
    _, state = await game_state(runner, chan)
    assert state.phase == engine.EXPLORATION and state.active == scout

    buzzes = notifications_of(emu, last, since)
    prompt = emu.channel_messages(chan)[-1]
    assert [m.id for m in buzzes] == [prompt.id], "one notification: the prompt itself"
    assert f"<@{last.id}>, designate" in prompt.text
    for other in players:
        if other is not last:
            assert not notifications_of(emu, other, since), f"{other.name} waits for nothing"


async def test_one_person_and_two_computers_is_notified_once_per_decision(emu, runner, open_dms):
    chan, users = open_dms
    mara = users[0]
    await runner.start()
    lobby = (await emu.slash(mara, chan, "stella new", {})).message
    for seat in (1, 2):
        await emu.click(mara, lobby, cid(lobby, f"bot:{seat}"))
    await emu.click(mara, lobby, cid(lobby, "start"))

    rng = random.Random(23)
    since = 0
    per_round: dict[int, list[int]] = {}  # round -> notifications at each of mara's decisions
    for _ in range(100):
        _, state = await game_state(runner, chan)
        if state.phase == engine.OVER:
            break
        buzzes = notifications_of(emu, mara, since)
        per_round.setdefault(state.round, []).append(len(buzzes))
        since = newest_id(emu)
        if state.phase == engine.MARKING:
            assert [m.channel.is_dm for m in buzzes] == [True], "the slate's DM"
            dm = emu.dm_messages(mara)[-1]
            await mark(emu, dm, mara, rng.sample(range(engine.GRID_SIZE), rng.randint(2, 4)))
        else:
            assert state.active == 0, "the computers wait for nobody"
            assert [m.channel.id for m in buzzes] == [chan.id], "the designation's prompt"
            await designate(emu, chan, mara, engine.legal_actions(state, 0)[0]["card"])
    _, state = await game_state(runner, chan)
    assert state.phase == engine.OVER and sorted(per_round) == [1, 2, 3, 4]
    assert all(counts == [1] * len(counts) for counts in per_round.values()), per_round
    assert sum(map(len, per_round.values())) > engine.ROUNDS, "she designated too"
    print("notifications of mara per round (one per decision):", per_round)


# --- one draft, two slates --------------------------------------------------------------------


async def test_a_draft_marked_on_my_slate_shows_in_the_dm_whose_taps_and_lock_work(
    emu, runner, world
):
    chan, users = world
    alice = users[0]  # carol's DMs are closed: the round's message offers "My slate"
    await runner.start()
    await open_table(emu, chan, users)
    dm = emu.dm_messages(alice)[-1]
    await mark(emu, dm, alice, [0], lock=False)  # A1 in the DM

    panel = await my_slate(emu, chan, alice)
    assert marked(panel) == ["A1"], "the panel opens on the draft marked in the DM"
    await mark(emu, panel, alice, [1], lock=False)  # B1 on the panel
    record, state = await game_state(runner, chan)
    seat = [s["user_id"] for s in record.snapshot["seats"]].index(alice.id)
    assert state.slates[seat] == [0, 1]

    # Back in the DM: it shows the draft, and its taps are not out of date.
    assert marked(dm) == ["A1", "B1"] and "2 marks (A1 B1)" in dm.text
    ix = await emu.click(alice, dm, cid(dm, "atoggle:2"))  # C1
    assert ix.private is None and not ix.followups, "nobody told off"
    _, state = await game_state(runner, chan)
    assert state.slates[seat] == [0, 1, 2] and marked(dm) == ["A1", "B1", "C1"]
    assert marked(panel) == ["A1", "B1", "C1"], "the panel follows (its click's token holds)"

    # The DM could not be brought up to date (Discord refused the edit): it still shows the
    # draft before D1 was marked on the panel. A tap there asks for E1 marked, and leaves D1
    # as it is, for it did not ask for D1 unmarked.
    refused = emu.inject(
        "PATCH",
        rf"/channels/{dm.channel.id}/messages/{dm.id}",
        error=(403, 50001, "Missing Access"),
    )
    await mark(emu, panel, alice, [3], lock=False)  # D1 on the panel
    assert refused.fired and marked(dm) == ["A1", "B1", "C1"]
    ix = await emu.click(alice, dm, cid(dm, "atoggle:4"))  # E1, on the DM showing no D1
    assert ix.private is None and not ix.followups
    _, state = await game_state(runner, chan)
    assert state.slates[seat] == [0, 1, 2, 3, 4]
    assert marked(dm) == ["A1", "B1", "C1", "D1", "E1"], "the tap's answer shows the draft"

    ix = await emu.click(alice, dm, cid(dm, "alock"))
    assert ix.private is None and not ix.followups
    _, state = await game_state(runner, chan)
    assert state.locked[seat] and state.slates[seat] == [0, 1, 2, 3, 4]
    assert not dm.buttons() and "A1 B1 C1 D1 E1" in dm.text
    assert not panel.buttons(), "the panel has no controls left that could only be refused"


async def test_my_slate_pressed_by_a_player_with_dms_marks_and_locks_on_the_panel(
    emu, runner, world
):
    """The other way round: the DM's mark shows on the panel, the panel locks in, the DM
    closes with the locked slate."""
    chan, users = world
    alice = users[0]
    await runner.start()
    await open_table(emu, chan, users)
    panel = await my_slate(emu, chan, alice)
    dm = emu.dm_messages(alice)[-1]
    await mark(emu, dm, alice, [5], lock=False)  # A2 in the DM
    assert marked(panel) == ["A2"]
    await mark(emu, panel, alice, [6])  # B2, then "Lock in" on the panel
    record, state = await game_state(runner, chan)
    seat = [s["user_id"] for s in record.snapshot["seats"]].index(alice.id)
    assert state.locked[seat] and state.slates[seat] == [5, 6]
    assert not dm.buttons() and "A2 B2" in dm.text
