"""A click applies once: a control tapped twice at once, or one interaction delivered twice.

A shaky thumb sends two clicks on the same control before the first is answered; Discord may
deliver one interaction twice. Both carry the control's version (``t:<game>:<version>:...``),
and a seat's controls are out of date from the version its own action was saved at: the first
click applies, the second is told "out of date" and changes nothing. The same interaction
delivered twice is applied and answered by its first arrival alone.

Every kind of control of the three games is tapped twice, as the games go: the move log then
holds one move per double tap, and the game is the one its single moves make.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import secrets
from typing import Any

import pytest

from games import dice_stars as dice_stars_engine
from games import dizzle as dizzle_engine
from games import stella as stella_engine
from tests.emulator import FakeDiscord, Message, User
from tests.emulator.interactions import MESSAGE_COMPONENT, Interaction, base_payload
from tests.emulator.models import BUTTON
from tests.support.worlds import table_world
from tests.test_e2e_dice_stars import controls, star_values
from tests.test_e2e_dizzle import _toml, checkerboard_level, game_controls, pass_message
from tests.test_e2e_stella import cid, game_state, open_table, seat_users

STALE = {"en": "out of date", "de": "veraltet", "fr": "plus à jour"}


@pytest.fixture
def seeded(monkeypatch):
    """Tables start with a known seed (the bot's cogs read ``secrets`` at each start)."""
    drawn = secrets.randbits
    monkeypatch.setattr(secrets, "randbits", lambda bits: 4242 if bits == 62 else drawn(bits))


@pytest.fixture
def world(emu: FakeDiscord):
    return table_world(
        emu, "Shaky Thumbs", "games", ("alice", "bob", "carol"), closed_dms=("carol",)
    )


# --- tapping twice ---------------------------------------------------------------------------


def component_data(message: Message, custom_id: str, values: list[str] | None) -> dict[str, Any]:
    if values is None:
        return {"custom_id": custom_id, "component_type": BUTTON}
    menu = message.select(custom_id)
    return {"custom_id": custom_id, "component_type": menu["type"], "values": values}


async def tapped_twice(
    emu: FakeDiscord, user: User, message: Message, custom_id: str, values: list[str] | None = None
) -> tuple[Interaction, Interaction]:
    """Two clicks on the same control, sent together (each its own interaction)."""
    if values is None:
        first, second = emu.click(user, message, custom_id), emu.click(user, message, custom_id)
    else:
        first = emu.select(user, message, custom_id, values)
        second = emu.select(user, message, custom_id, values)
    return tuple(await asyncio.gather(first, second))  # type: ignore[return-value]


async def delivered_twice(
    emu: FakeDiscord, user: User, message: Message, custom_id: str, values: list[str] | None = None
) -> Interaction:
    """One click whose interaction Discord delivers twice, back to back."""
    ix = emu._new_interaction(MESSAGE_COMPONENT, user, message.channel, f"twice {custom_id!r}")
    ix.component_message = message
    ix.payload = {
        **base_payload(emu, ix, None),
        "data": component_data(message, custom_id, values),
        "message": emu.message_payload(message),
    }
    emu.gateway.dispatch("INTERACTION_CREATE", ix.payload)
    return await emu._send(ix)  # the second delivery, waited for as any click


def told(ix: Interaction) -> bool:
    """Answered with a private message (not the edit of the private panel it was made on)."""
    if any(message.ephemeral_for is not None for message in ix.followups):
        return True
    private, clicked = ix.private, ix.component_message
    return private is not None and (clicked is None or private.id != clicked.id)


def told_stale(ix: Interaction) -> bool:
    """Whether the click was told, privately, that it is out of date (its answer, or a
    follow-up of its acknowledgement)."""
    answers = [ix.private, *(m for m in ix.followups if m.ephemeral_for is not None)]
    return any(m is not None and text in m.text for m in answers for text in STALE.values())


async def user_moves(runner, game_id: int) -> list[dict[str, Any]]:
    return [m.action for m in await runner.db.moves(game_id) if m.actor == "user"]


async def apply_twice(
    emu, runner, game_id: int, user: User, message: Message, custom_id: str, values, how: str
) -> list[dict[str, Any]]:
    """Tap twice (``how``: "together" or "delivered twice"); the user moves this added."""
    before = await user_moves(runner, game_id)
    if how == "together":
        clicks = await tapped_twice(emu, user, message, custom_id, values)
        # One applied, and answered as any click; the other told privately that it came too
        # late (out of date, or the game is over).
        assert sorted(told(ix) for ix in clicks) == [False, True], [
            (ix.private.text if ix.private else None) for ix in clicks
        ]
    else:
        ix = await delivered_twice(emu, user, message, custom_id, values)
        assert not told_stale(ix) and not ix.refused, "answered once, by its first arrival"
    await emu.idle(quiet=0.05)
    after = await user_moves(runner, game_id)
    assert after[: len(before)] == before
    return after[len(before) :]


# --- Dice Stars: draw, take, the refill question, the stars menu -------------------------------


async def test_dice_stars_controls_tapped_twice_apply_once(emu, runner, world, seeded):
    chan, users = world
    alice, bob, _ = users
    await runner.start()
    ix = await emu.slash(alice, chan, "dicestars new", {})
    await emu.click(bob, ix.message, cid(ix.message, "join"))
    lobby = emu.channel_messages(chan)[0]
    await emu.click(alice, lobby, cid(lobby, "start"))
    kinds: set[str] = set()
    for step in range(400):
        record = await runner.db.open_game(chan.id)
        if record is None:
            break
        state = dice_stars_engine.from_json(record.snapshot["state"])
        seat = dice_stars_engine.to_move(state)[0]
        user = alice if record.snapshot["seats"][seat]["user_id"] == alice.id else bob
        turn = emu.channel_messages(chan)[-1]
        wanted = dice_stars_engine.autopilot(state, seat)
        if wanted["type"] == "take_stars":
            custom_id, values = turn.select("s:")["custom_id"], star_values(wanted["rows"])
        else:
            custom_id = next(c for c, action in controls(turn) if action == wanted)
            values = None
        how = "delivered twice" if step % 3 == 2 else "together"
        added = await apply_twice(emu, runner, record.id, user, turn, custom_id, values, how)
        assert added == [wanted], f"{wanted} applied once"
        kinds.add(wanted["type"])
    record = (await runner.db.guild_games(chan.guild.id))[0]
    assert record.status == "finished"
    assert {"draw", "take_stars", "refill"} <= kinds and kinds & {"take_colour", "take_number"}
    # The game is the one its single moves make.
    replay = dice_stars_engine.new_game(2, record.snapshot["seed"], record.snapshot["options"])
    for move in await runner.db.moves(record.id):
        seat = dice_stars_engine.CHANCE if move.seat is None else move.seat
        dice_stars_engine.apply(replay, seat, move.action)
    assert dice_stars_engine.to_json(replay) == record.snapshot["state"]


# --- Dizzle: placements by button and by menu, rerolls, passes, planets --------------------------


async def test_dizzle_controls_tapped_twice_apply_once(emu, runner, world, seeded):
    chan, users = world
    alice, bob, _ = users
    await runner.start()
    ix = await emu.slash(alice, chan, "dizzle new", {"level": "level4"})
    await emu.click(bob, ix.message, cid(ix.message, "join"))
    lobby = emu.channel_messages(chan)[0]
    await emu.click(alice, lobby, cid(lobby, "start"))
    kinds: set[tuple[str, bool]] = set()
    for step in range(600):
        record = await runner.db.open_game(chan.id)
        if record is None:
            break
        state = dizzle_engine.from_json(record.snapshot["state"])
        seat = dizzle_engine.to_move(state)[0]
        user = alice if record.snapshot["seats"][seat]["user_id"] == alice.id else bob
        turn = pass_message(emu, chan)
        wanted = dizzle_engine.autopilot(state, seat)
        custom_id, value = next((c, v) for c, v, action in game_controls(turn) if action == wanted)
        values = None if value is None else [value]
        how = "delivered twice" if step % 3 == 2 else "together"
        added = await apply_twice(emu, runner, record.id, user, turn, custom_id, values, how)
        assert added == [wanted], f"{wanted} applied once"
        kinds.add((wanted["type"], value is not None))
    record = (await runner.db.guild_games(chan.guild.id))[0]
    assert record.status == "finished"
    types = {kind for kind, _ in kinds}
    assert {"place", "reroll", "pass", "choose_planet"} <= types, kinds
    assert ("place", True) in kinds and ("place", False) in kinds, "by menu and by button"


# --- Stella: toggles, Lock in, My slate, Designate and the designation's buttons -----------------


async def test_stella_controls_tapped_twice_apply_once(emu, runner, world):
    chan, users = world
    alice, bob, carol = users  # carol's DMs are closed: her slate is "My slate"
    await runner.start()
    await open_table(emu, chan, users)
    await emu.idle(quiet=0.1)
    record, state = await game_state(runner, chan)
    seats = {user.id: seat for seat, user in enumerate(seat_users(record, users))}

    async def twice(user: User, message: Message, payload: str, how: str = "together") -> list:
        return await apply_twice(
            emu, runner, record.id, user, message, cid(message, payload), None, how
        )

    def draft(user: User, saved: stella_engine.State) -> list[int]:
        return saved.slates[seats[user.id]]

    # A toggle tapped twice marks once (a second toggle would have taken the mark off again).
    dm = emu.dm_messages(alice)[-1]
    assert await twice(alice, dm, "atoggle:0") == [{"type": "set_marks", "cards": [0]}]
    assert await twice(alice, dm, "atoggle:1", "delivered twice") == [
        {"type": "set_marks", "cards": [0, 1]}
    ]
    _, state = await game_state(runner, chan)
    assert draft(alice, state) == [0, 1]
    assert await twice(alice, dm, "alock") == [{"type": "lock_in"}]

    # "My slate" tapped twice changes nothing: each panel shows the slate as saved.
    turn = next(m for m in reversed(emu.channel_messages(chan)) if m.buttons())
    moves_before = await user_moves(runner, record.id)
    opened = await asyncio.gather(*(emu.click(carol, turn, cid(turn, "u:slate")) for _ in "12"))
    panels = [ix.private for ix in opened]
    assert all(panel is not None and panel.ephemeral_for == carol.id for panel in panels)
    assert await user_moves(runner, record.id) == moves_before
    panel = panels[0]
    assert await twice(carol, panel, "atoggle:2") == [{"type": "set_marks", "cards": [2]}]
    assert await twice(carol, panel, "atoggle:3", "delivered twice") == [
        {"type": "set_marks", "cards": [2, 3]}
    ]
    # The other panel shows an older draft of the same seat: its toggle names its card and
    # the state it asks for, so it adds card 4 and keeps the marks made since.
    late = await emu.click(carol, panels[1], cid(panels[1], "atoggle:4"))
    assert not told_stale(late)
    _, state = await game_state(runner, chan)
    assert draft(carol, state) == [2, 3, 4]
    # Lock in names the draft its panel shows: the newer panel's, tapped twice, locks once.
    assert await twice(carol, panels[1], "alock") == [{"type": "lock_in"}]

    bob_dm = emu.dm_messages(bob)[-1]
    for card in (2, 5):
        await emu.click(bob, bob_dm, cid(bob_dm, f"atoggle:{card}"))
    assert await twice(bob, bob_dm, "alock", "delivered twice") == [{"type": "lock_in"}]

    # Designate tapped twice opens the panel, changes nothing; its choice tapped twice
    # designates once.
    _, state = await game_state(runner, chan)
    assert state.phase == stella_engine.EXPLORATION
    active = next(user for user in users if seats[user.id] == state.active)
    turn = emu.channel_messages(chan)[-1]
    moves_before = await user_moves(runner, record.id)
    opened = await asyncio.gather(
        *(emu.click(active, turn, cid(turn, "u:designate")) for _ in "12")
    )
    assert all(ix.private is not None for ix in opened)
    assert await user_moves(runner, record.id) == moves_before
    card = stella_engine.legal_actions(state, state.active)[0]["card"]
    chosen = await twice(active, opened[0].private, f"adesignate:{card}")
    assert chosen == [{"type": "designate", "card": card}]
    # Its twin panel is out of date too.
    twin = opened[1].private
    late = await emu.click(active, twin, cid(twin, f"adesignate:{card}"))
    await emu.wait_until(lambda: told_stale(late), timeout=10, what="the out-of-date answer")
    assert [m for m in await user_moves(runner, record.id) if m["type"] == "designate"] == chosen


# --- the lobby: join, add a computer, start ------------------------------------------------------


async def test_lobby_buttons_tapped_twice_apply_once(emu, runner, world):
    chan, users = world
    alice, bob, _ = users
    await runner.start()
    lobby = (await emu.slash(alice, chan, "stella new", {})).message
    await tapped_twice(emu, bob, lobby, cid(lobby, "join"))
    record = await runner.db.open_game(chan.id)
    assert [seat["name"] for seat in record.snapshot["seats"]] == ["alice", "bob"]
    bot = next(b["custom_id"] for b in lobby.buttons() if ":bot:" in b["custom_id"])
    await tapped_twice(emu, alice, lobby, bot)  # "bot:<seat>" names the seat it adds
    record = await runner.db.open_game(chan.id)
    assert len(record.snapshot["seats"]) == 3, "one computer added"
    await tapped_twice(emu, alice, lobby, cid(lobby, "start"))
    record = await runner.db.open_game(chan.id)
    assert record.status == "active"
    rounds = [m for m in emu.channel_messages(chan) if "Round 1 of 4" in m.text]
    assert len(rounds) == 1, "one game started, one round message"
    assert len([m for m in emu.dm_messages(alice) if m.attachments]) == 1, "one slate"
    chance = [m.action["type"] for m in await runner.db.moves(record.id) if m.actor == "chance"]
    assert "first_scout" in chance and len(chance) == len(set(chance)), "the start's draws once"


async def test_dizzle_private_placement_menus_tapped_twice_apply_once(
    emu, runner, world, tmp_path, monkeypatch
):
    """A sheet with more placements than the turn message holds: "More" opens the rest in
    private menus. "More" tapped twice changes nothing; a private menu's choice sent twice
    places once."""
    drawn = secrets.randbits  # the seed of the private menus' own test in test_e2e_dizzle
    monkeypatch.setattr(secrets, "randbits", lambda bits: 20191 if bits == 62 else drawn(bits))
    folder = tmp_path / "levels"
    folder.mkdir()
    (folder / "board.toml").write_text(_toml(checkerboard_level(26, 26)), encoding="utf-8")
    runner.config = dataclasses.replace(runner.config, dizzle_levels_folder=folder)
    chan, (alice, *_) = world
    await runner.start()
    await emu.slash(alice, chan, "dizzle new", {"level": "board", "solo": True})

    def more_buttons() -> list[dict]:
        return [b for b in emu.channel_messages(chan)[-1].buttons() if ":u:more:" in b["custom_id"]]

    await emu.wait_until(more_buttons, timeout=5, what="the first turn message")
    turn = emu.channel_messages(chan)[-1]
    record = await runner.db.open_game(chan.id)
    opened = await tapped_twice(emu, alice, turn, more_buttons()[-1]["custom_id"])
    assert all(ix.private is not None and ix.private.selects() for ix in opened)
    assert await user_moves(runner, record.id) == []
    panel = opened[0].private
    menu = panel.selects()[-1]
    value = menu["options"][-1]["value"]
    added = await apply_twice(
        emu, runner, record.id, alice, panel, menu["custom_id"], [value], "together"
    )
    assert added == [json.loads(value)], "placed once"
