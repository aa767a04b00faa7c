"""Stella end to end: players mark in DMs (or with "My slate"), designate in the channel.

The secrecy check is built from the engine's own move log: for every round, the cards that were
marked but never revealed and the counts before the announcement must not show in any message,
picture summary or button that other players can see.
"""

from __future__ import annotations

import asyncio
import dataclasses
import random
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from cogs.table.components import Upload
from games import stella as engine
from games.engine import CHANCE
from locales import Localizer
from rendering import stella as pictures
from rendering import stella_cards
from tests.emulator import FakeDiscord, Message, User
from tests.emulator.interactions import UPDATE_MESSAGE
from tests.emulator.models import walk_components
from tests.support.controls import only_rematch, with_game_controls
from tests.test_e2e_table import confirm

LABEL = re.compile(r"\b[A-E][1-3]\b")
COUNT = re.compile(r"\b\d+ marks?\b")
FAVOURITES = range(8)  # players mark among the first 8 cards, so that marks overlap


@pytest.fixture
def world(emu: FakeDiscord):
    guild = emu.add_guild("Night Sky", locale="en-US")
    chan = emu.add_channel(guild, "stella")
    users = [
        emu.add_user(name, locale=locale, dms_open=name != "carol")
        for name, locale in (("alice", "en-US"), ("bob", "de"), ("carol", "fr"), ("dave", "en-US"))
    ]
    for user in users:
        emu.add_member(guild, user)
    return chan, users


def picture_folder(folder: Path, count: int) -> Path:
    folder.mkdir()
    for n in range(count):
        colour = (n * 4 % 256, 255 - n * 3 % 256, n * 37 % 256)
        Image.new("RGB", (200, 300), colour).save(folder / f"card{n:03}.png")
    (folder / "notes.txt").write_text("not a picture")
    Image.new("RGB", (150, 300)).save(folder / "too-narrow.png")
    return folder


def use_cards(runner, folder: Path) -> None:
    runner.config = dataclasses.replace(runner.config, stella_cards_folder=folder)


# --- clicking like a player ----------------------------------------------------------------------


def payload(custom_id: str) -> str:
    return custom_id.split(":", 3)[3]


def cid(message: Message, wanted: str) -> str:
    """A button by its payload, or by the payload's start: "atoggle:4" finds the toggle of
    card 4 (whose payload also names the state it asks for), "alock" the lock."""
    for button in message.buttons():
        found = payload(button["custom_id"])
        if found == wanted or found.startswith(wanted + ":"):
            return button["custom_id"]
    raise AssertionError(f"no {wanted} button on {message.text!r}")


async def open_table(emu, chan, users: list[User], **options: Any) -> int:
    ix = await emu.slash(users[0], chan, "stella new", options)
    assert ix.private is None, ix.message.text
    lobby = ix.message
    for user in users[1:]:
        await emu.click(user, lobby, cid(lobby, "join"))
    await emu.click(users[0], lobby, cid(lobby, "start"))
    return lobby.id


async def game_state(runner, chan) -> tuple[Any, engine.State]:
    record = (await runner.db.guild_games(chan.guild.id, statuses=("active", "finished")))[0]
    return record, engine.from_json(record.snapshot["state"])


def seat_users(record, users: list[User]) -> list[User]:
    by_id = {user.id: user for user in users}
    return [by_id[seat["user_id"]] for seat in record.snapshot["seats"]]


def action_rows(message: Message) -> list[dict[str, Any]]:
    """A message's rows of controls, classic or V2 (inside its container)."""
    return [c for c in walk_components(message.components) if c["type"] == 1]


def has_toggles(message: Message) -> bool:
    return any(payload(b["custom_id"]).startswith("atoggle:") for b in message.buttons())


async def slate_panel(emu, chan, user: User) -> Message:
    """The player's slate: the DM of this round, else "My slate" on the round's message."""
    dms = emu.dm_messages(user)
    if dms and has_toggles(dms[-1]):
        return dms[-1]
    turn = next(m for m in reversed(emu.channel_messages(chan)) if m.buttons())
    ix = await emu.click(user, turn, cid(turn, "u:slate"))
    assert ix.private and ix.private.ephemeral_for == user.id
    assert ix.private.attachments, "the slate comes with its picture"
    return ix.private


async def mark(emu, panel: Message, user: User, cards: list[int], lock: bool = True) -> None:
    for card in cards:
        edits = len(panel.edits)
        ix = await emu.click(user, panel, cid(panel, f"atoggle:{card}"))
        # Answered by the toggled slate once saved (7), or acknowledged (6) by a process
        # that has not met the game yet; nobody told off.
        assert ix.response_type in (6, 7) and not ix.followups
        assert len(panel.edits) > edits, "a toggle edits the slate in place"
    if lock:
        await emu.click(user, panel, cid(panel, "alock"))


async def designate(emu, chan, user: User, card: int) -> None:
    turn = emu.channel_messages(chan)[-1]
    ix = await emu.click(user, turn, cid(turn, "u:designate"))
    assert ix.private
    # One button per unrevealed mark of the player: the designation is one tap.
    await emu.click(user, ix.private, cid(ix.private, f"adesignate:{card}"))


class PublicWatch:
    """Every public text (content, labels, picture summaries) with the moment it first showed."""

    def __init__(self, emu: FakeDiscord) -> None:
        self.emu = emu
        self.seen: set[tuple[int, str]] = set()
        self.log: list[tuple[int, bool, str]] = []  # (round, still marking after, text)

    def take(self, round_: int, marking: bool) -> None:
        for message in self.emu.all_messages(with_edits=True):
            if message.ephemeral_for is not None or message.channel.is_dm:
                continue
            texts = message.texts() + [a.description or "" for a in message.attachments]
            for text in texts:
                if text and (message.id, text) not in self.seen:
                    self.seen.add((message.id, text))
                    self.log.append((round_, marking, text))


def private_texts(emu: FakeDiscord, user: User) -> list[str]:
    """What only this player sees: their DMs and their ephemeral messages (contents)."""
    found = []
    for message in emu.all_messages(with_edits=True):
        if message.ephemeral_for == user.id or (
            message.channel.is_dm and message.channel.recipient is user
        ):
            found.append(message.text)
    return found


async def secrets_of(runner, record) -> dict[int, dict[str, Any]]:
    """Per round, from the move log: each seat's marks, the revealed cards and the counts."""
    options = {**record.snapshot["options"], "deck_size": deck_size(record)}
    replay = engine.new_game(len(record.snapshot["seats"]), record.snapshot["seed"], options)
    rounds: dict[int, dict[str, Any]] = defaultdict(
        lambda: {"marks": {}, "revealed": set(), "counts": {}}
    )
    current = 0
    for move in await runner.db.moves(record.id):
        seat = CHANCE if move.seat is None else move.seat
        for event in engine.apply(replay, seat, move.action):
            if event["type"] == "round_started":
                current = event["round"]
            elif event["type"] == "slate_locked":
                rounds[current]["marks"][event["to"]] = set(event["cards"])
            elif event["type"] == "designated":
                rounds[current]["revealed"].add(event["card"])
            elif event["type"] == "count":
                rounds[current]["counts"][event["seat"]] = event["count"]
    assert engine.to_json(replay) == record.snapshot["state"], "the log replays to the game"
    return rounds


def deck_size(record) -> int:
    files = record.snapshot["options"].get("deck_files")
    return len(files) if files else stella_cards.DECK_SIZE


async def play_round(emu, runner, chan, users, rng: random.Random, watch: PublicWatch) -> None:
    record, state = await game_state(runner, chan)
    players = seat_users(record, users)
    number = state.round
    for seat in engine.to_move(state):
        panel = await slate_panel(emu, chan, players[seat])
        watch.take(number, True)
        cards = rng.sample(FAVOURITES, rng.randint(1, 4))
        await mark(emu, panel, players[seat], cards)
        _, after = await game_state(runner, chan)
        watch.take(number, after.phase == engine.MARKING)
        # (The table may play a whole exploration of forced moves: then the next round marks.)
        if after.phase == engine.MARKING and after.round == number:
            turn = next(m for m in reversed(emu.channel_messages(chan)) if "Locked in" in m.text)
            assert players[seat].name in turn.text.split("Locked in:")[1]
    while True:
        record, state = await game_state(runner, chan)
        if state.phase != engine.EXPLORATION:
            return
        seat = state.active
        await designate(emu, chan, players[seat], engine.legal_actions(state, seat)[0]["card"])
        watch.take(number, False)


# --- the tests ---------------------------------------------------------------------------------


async def test_four_players_keep_their_marks_secret_through_a_whole_game(
    emu, runner, world, tmp_path
):
    chan, users = world
    use_cards(runner, picture_folder(tmp_path / "cards", 64))
    await runner.start()
    watch = PublicWatch(emu)
    lobby_id = await open_table(emu, chan, users, deck="custom")
    lobby = next(m for m in emu.channel_messages(chan) if m.id == lobby_id)
    assert "Picture cards: **this server's own pictures**" in lobby.edits[-1].text
    assert "Rules: **2 points if two marked a card, 3 if more · 15 new cards each round**" in (
        lobby.edits[-1].text
    )
    watch.take(0, True)
    carol = users[2]
    notice = next(m for m in emu.channel_messages(chan) if "direct message" in m.text)
    assert f"<@{carol.id}>" in notice.text, "the channel says whose DMs are closed"
    assert not emu.dm_messages(carol)
    rng = random.Random(4)
    for _ in range(engine.ROUNDS):
        await play_round(emu, runner, chan, users, rng, watch)
    record, state = await game_state(runner, chan)
    assert record.status == "finished" and state.phase == engine.OVER
    final = emu.channel_messages(chan)[-1]
    assert "Final scores" in final.text and final.attachments[0].filename == "stella-scores.png"
    summaries = [m for m in emu.channel_messages(chan) if "· Results" in m.text]
    assert [m.attachments[0].filename for m in summaries] == ["stella-round.png"] * 4
    assert with_game_controls(emu.channel_messages(chan)) == [] and only_rematch(final)
    assert not [m for m in emu.all_messages() if m.channel.is_dm and m.buttons()]

    rounds = await secrets_of(runner, record)
    # Each designation is announced in a message of its own (the round's last one with its end);
    # one the table played (the last unrevealed mark) shares the message of the move before it.
    said = [m.text for m in emu.channel_messages(chan)]
    shown = [text.count(". Marked by:") for text in said]
    assert sum(shown) == sum(len(r["revealed"]) for r in rounds.values())
    for count, text in zip(shown, said, strict=True):
        assert count <= 1 or text.count("the only possible move") == count - 1
    for number, text in [(r, t) for r, _, t in watch.log]:
        secret = rounds[number]
        hidden = set().union(*secret["marks"].values()) - secret["revealed"] if secret else set()
        leaked = set(LABEL.findall(text)) & {engine.label(card) for card in hidden}
        assert not leaked, f"round {number}: {leaked} in {text!r}"
    loc = Localizer()
    names = [seat["name"] for seat in record.snapshot["seats"]]
    for number, marking, text in watch.log:
        if not marking:
            continue
        assert not COUNT.search(text), f"a count before the announcement: {text!r}"
        for seat, count in rounds[number]["counts"].items():
            phrase = loc.text("en", "st-event-count", player=names[seat], count=count)
            assert phrase not in text
    players = seat_users(record, users)
    for seat, player in enumerate(players):
        own = set().union(*(r["marks"].get(seat, set()) for r in rounds.values()))
        shown = set().union(*(r["revealed"] for r in rounds.values()))
        allowed = {engine.label(card) for card in own | shown}
        for text in private_texts(emu, player):
            assert set(LABEL.findall(text)) <= allowed, f"{player.name} sees {text!r}"
    assert any("Ton ardoise" in t for t in private_texts(emu, carol)), "carol reads French"
    assert any("Deine Tafel" in t for t in private_texts(emu, users[1])), "bob reads German"


async def test_a_restart_while_marking_loses_no_mark_and_old_dm_buttons_work(emu, runner, world):
    chan, users = world
    alice, bob, _, dave = users
    await runner.start()
    await open_table(emu, chan, [alice, bob, dave])
    dm = emu.dm_messages(alice)[-1]
    rows = [[b["label"] for b in row["components"]] for row in action_rows(dm)]
    assert rows[:3] == [["A1", "B1", "C1", "D1", "E1"], ["A2", "B2", "C2", "D2", "E2"],
                        ["A3", "B3", "C3", "D3", "E3"]]  # fmt: skip
    assert dm.button(custom_id_prefix="t:").get("disabled") is False
    assert next(b for b in dm.buttons() if payload(b["custom_id"]) == "alock:0")["disabled"]
    turn = emu.channel_messages(chan)[-1]
    edits_before = len(turn.edits)
    await mark(emu, dm, alice, [3, 7], lock=False)
    assert [b["label"] for b in dm.buttons() if b["style"] == 3] == ["D1", "C2"]
    await mark(emu, emu.dm_messages(bob)[-1], bob, [1], lock=False)
    _, before = await game_state(runner, chan)
    assert before.slates[:2] == [[3, 7], [1]]
    assert len(turn.edits) == edits_before, "drafts leave the channel message alone"

    await runner.restart()
    _, after = await game_state(runner, chan)
    assert after.slates == before.slates
    await mark(emu, dm, alice, [11])  # a DM sent before the restart
    _, state = await game_state(runner, chan)
    assert state.slates[0] == [3, 7, 11] and state.locked[0]
    assert not dm.buttons() and "final" in dm.text
    assert "Locked in: alice ·" in turn.text and not COUNT.search(turn.text)


async def test_not_your_turn_and_out_of_date_answers_are_private(emu, runner, world):
    chan, users = world
    alice, bob, _, dave = users
    await runner.start()
    await open_table(emu, chan, [alice, bob, dave])
    dm = emu.dm_messages(alice)[-1]
    old = dm.snapshot()
    await mark(emu, dm, alice, [2], lock=False)
    # A tap on the slate as it was before: "mark E1" still means just that, and the slate
    # tapped shows the draft as saved (the emulator edits the copy that was tapped on).
    ix = await emu.click(alice, old, cid(old, "atoggle:4"))
    assert ix.private is None and not ix.followups
    _, state = await game_state(runner, chan)
    assert state.slates[0] == [2, 4]
    assert [toggle for toggle, style in styles(old).items() if style == 3] == [
        "atoggle:2",
        "atoggle:4",
    ]
    # "Lock in" on a slate that shows another draft than the saved one would lock what the
    # player no longer meant: out of date, nothing locked.
    both = old.snapshot()
    dm = old
    await mark(emu, dm, alice, [4], lock=False)  # E1 unmarked again
    ix = await emu.click(alice, both, cid(both, "alock"))
    assert ix.private and "out of date" in ix.private.text
    _, state = await game_state(runner, chan)
    assert state.slates[0] == [2] and not state.locked[0]
    public_before = len(emu.channel_messages(chan))

    # Two marks or more each: the first designation is a choice, not played by the table.
    await mark(emu, dm, alice, [4])
    await mark(emu, emu.dm_messages(bob)[-1], bob, [2, 5, 7])
    await mark(emu, emu.dm_messages(dave)[-1], dave, [5, 4])
    _, state = await game_state(runner, chan)
    assert state.phase == engine.EXPLORATION
    announcement = emu.channel_messages(chan)[-1]
    assert "bob: 3 marks" in announcement.text and "bob alone" in announcement.text
    assert len(emu.channel_messages(chan)) == public_before + 1
    record, _ = await game_state(runner, chan)
    players = seat_users(record, users)
    idle = next(p for seat, p in enumerate(players) if seat != state.active)
    turn = emu.channel_messages(chan)[-1]
    ix = await emu.click(idle, turn, cid(turn, "u:designate"))
    assert ix.private and ix.private.ephemeral_for == idle.id
    expected = {"alice": "not your turn", "bob": "nicht am Zug", "dave": "not your turn"}
    assert expected[idle.name] in ix.private.text
    ix = await emu.click(alice, both, cid(both, "atoggle:4"))  # a slate of the marking phase
    assert ix.private
    assert len(emu.channel_messages(chan)) == public_before + 1
    _, after = await game_state(runner, chan)
    assert engine.to_json(after) == engine.to_json(state)


async def test_the_published_preset_replaces_one_row_in_the_next_grid(emu, runner, world):
    chan, users = world
    alice, bob, _, dave = users
    await runner.start()
    await open_table(emu, chan, [alice, bob, dave], rules="published")
    _, first = await game_state(runner, chan)
    rng = random.Random(11)
    await play_round(emu, runner, chan, users, rng, PublicWatch(emu))
    record, second = await game_state(runner, chan)
    assert second.round == 2 and second.phase == engine.MARKING
    assert second.grid[:10] == first.grid[:10]
    assert not set(second.grid[10:]) & set(first.grid)
    grid = emu.channel_messages(chan)[-1]
    assert "Row 3 gets new cards." in grid.text
    loc = Localizer()

    def t(key: str, **args: Any) -> str:
        return loc.text("en", key, **args)

    # The channel's picture is the spectator's view of the new grid, byte for byte.
    expected = pictures.render_grid(engine.view(second, None), t, stella_cards.card_image)
    assert grid.attachments[0].data == expected
    first_grid = next(m for m in emu.channel_messages(chan) if "Round 1 of 4" in m.text)
    assert first_grid.attachments[0].data != expected
    assert record.snapshot["options"]["preset"] == "published"


async def test_a_folder_with_too_few_pictures_is_named_at_the_start(emu, runner, world, tmp_path):
    chan, users = world
    alice, bob, _, dave = users
    folder = picture_folder(tmp_path / "few", 12)
    use_cards(runner, folder)
    await runner.start()
    ix = await emu.slash(alice, chan, "stella new", {"deck": "custom"})
    for user in (bob, dave):
        await emu.click(user, ix.message, cid(ix.message, "join"))
    start = await emu.click(alice, ix.message, cid(ix.message, "start"))
    assert start.private
    assert str(folder) in start.private.text and "12 usable pictures" in start.private.text
    assert (await runner.db.open_game(chan.id)).status == "lobby"


async def test_the_server_deck_needs_a_configured_folder(emu, runner, world):
    chan, users = world
    await runner.start()
    ix = await emu.slash(users[1], chan, "stella new", {"deck": "custom"})
    assert ix.private and "Ordner" in ix.private.text  # bob reads German
    assert await runner.db.open_game(chan.id) is None


async def test_who_times_out_or_leaves_sits_out_and_their_dm_closes(emu, runner, world):
    chan, users = world
    alice, bob, _, dave = users
    await runner.start()
    ix = await emu.slash(alice, chan, "stella new", {})
    timer = next(s for s in ix.message.selects() if s["custom_id"].endswith(":timer"))
    await emu.select(alice, ix.message, timer["custom_id"], ["5"])
    for user in (bob, dave):
        await emu.click(user, ix.message, cid(ix.message, "join"))
    await emu.click(alice, ix.message, cid(ix.message, "start"))
    await mark(emu, emu.dm_messages(alice)[-1], alice, [0, 1])
    await mark(emu, emu.dm_messages(dave)[-1], dave, [1], lock=False)
    await confirm(emu, bob, await emu.slash(bob, chan, "leave", {}))
    bob_dm, dave_dm = emu.dm_messages(bob)[-1], emu.dm_messages(dave)[-1]
    # bob's DM speaks the language he joined with (German).
    assert not bob_dm.buttons() and "Du setzt diese Runde aus" in bob_dm.text
    record, state = await game_state(runner, chan)
    assert state.phase == engine.MARKING and engine.to_move(state) == [2]

    await runner.bot.get_cog("TimerCog").expire(record.id)
    record, state = await game_state(runner, chan)
    assert state.phase == engine.EXPLORATION and state.active == 0 and state.darkness == 0
    assert not state.taking_part[2] and state.slates[2] == [], "the draft is discarded"
    assert not dave_dm.buttons() and "no part in this round" in dave_dm.text
    texts = "\n".join(m.text for m in emu.channel_messages(chan))
    assert "dave did not lock in in time" in texts and "alice: 2 marks" in texts
    assert "dave: " not in texts.split("The counts:")[1], "who sits out has no count"


async def test_a_spectating_channel_follows_a_round_without_any_secret(emu, runner, world):
    chan, users = world
    tribune = emu.add_channel(chan.guild, "tribune")
    await runner.start()
    lobby = (await emu.slash(users[0], chan, "stella new", {})).message
    ix = await emu.slash(users[3], tribune, "spectate", {"table": chan})
    assert ix.private is None
    for user in users[1:]:
        await emu.click(user, lobby, cid(lobby, "join"))
    await emu.click(users[0], lobby, cid(lobby, "start"))
    # Each slate speaks its player's language from the first DM on (bob joined in German).
    assert "Markiere" in emu.dm_messages(users[1])[0].text
    watch = PublicWatch(emu)
    await play_round(emu, runner, chan, users, random.Random(9), watch)
    record, _ = await game_state(runner, chan)
    rounds = await secrets_of(runner, record)
    mirrored = [m for m in emu.channel_messages(tribune) if m.attachments]
    assert len(mirrored) >= 3, "the grid, the designations and the round's end"
    assert all(not m.buttons() and not m.selects() for m in mirrored)
    secret = rounds[1]
    hidden = set().union(*secret["marks"].values()) - secret["revealed"]
    announced = False
    for message in emu.channel_messages(tribune):
        texts = [message.text, *(a.description or "" for a in message.attachments)]
        announced = announced or "locked in. The counts" in message.text
        for text in texts:
            leaked = set(LABEL.findall(text)) & {engine.label(card) for card in hidden}
            assert not leaked, f"{leaked} in {text!r}"
            assert announced or not COUNT.search(text), f"a count before its time: {text!r}"


async def test_each_players_dm_channel_is_asked_for_once_a_game(emu, runner, world):
    """discord.py remembers the DM channels of its last 128 users only: an evening of many
    tables would ask Discord again for nearly every slate, spending the global REST limit."""
    chan, users = world
    bot = await runner.start()
    await open_table(emu, chan, users)
    rng = random.Random(7)
    watch = PublicWatch(emu)
    for _ in range(3):  # the fourth round's slates come with the third's end
        # As if a hundred other players had been sent DMs since: discord.py forgot them all.
        bot._connection._private_channels.clear()
        bot._connection._private_channels_by_user.clear()
        await play_round(emu, runner, chan, users, rng, watch)
    asked = [r for r in emu.requests if r.method == "POST" and r.path == "/users/@me/channels"]
    assert len(asked) == len(users), "once per player (carol's DMs are closed to the bot)"
    for user in [user for user in users if user.name != "carol"]:
        slates = [m for m in emu.dm_messages(user) if m.attachments]
        assert len(slates) == 4, f"{user.name} got a slate each round"


async def test_dm_channels_are_asked_for_as_players_sit_not_at_the_start(emu, runner, world):
    """The start sends every slate at once: their DM channels are known by then."""
    chan, users = world
    alice, bob, _, dave = users
    await runner.start()
    ix = await emu.slash(alice, chan, "stella new", {})
    lobby = ix.message
    for user in (bob, dave):
        await emu.click(user, lobby, cid(lobby, "join"))

    def asked() -> int:
        return sum(1 for r in emu.requests if r.path == "/users/@me/channels")

    await emu.idle()  # the asks run in the background
    assert asked() == 3, "the host's and each guest's, as they sat down"
    await emu.click(alice, lobby, cid(lobby, "start"))
    assert asked() == 3, "the start asked for none"
    for user in (alice, bob, dave):
        assert [m for m in emu.dm_messages(user) if m.attachments], f"{user.name}'s slate"


async def test_a_dm_channel_refused_at_the_seat_is_asked_again_for_the_slate(emu, runner, world):
    """Asking ahead is a head start, nothing more: if Discord refuses it, the slate asks again."""
    chan, users = world
    alice, bob, _, dave = users
    await runner.start()
    refused = emu.inject("POST", r"/users/@me/channels", error=(500, 0, "Internal Server Error"))
    ix = await emu.slash(alice, chan, "stella new", {})
    lobby = ix.message
    for user in (bob, dave):
        await emu.click(user, lobby, cid(lobby, "join"))
    await emu.idle()
    assert refused.fired, "the host's DM channel was asked for, and refused"
    await emu.click(alice, lobby, cid(lobby, "start"))
    for user in (alice, bob, dave):
        assert [m for m in emu.dm_messages(user) if m.attachments], f"{user.name}'s slate"
    asked = [r for r in emu.requests if r.path == "/users/@me/channels"]
    assert len(asked) == 4, "three as they sat (one refused), the host's again at the start"


# --- a toggle answered with its slate once saved ----------------------------------------------


def styles(message: Message) -> dict[str, str]:
    """The style of each toggle, by "atoggle:<card>"."""
    return {
        ":".join(payload(b["custom_id"]).split(":")[:2]): b["style"]
        for b in message.buttons()
        if payload(b["custom_id"]).startswith("atoggle:")
    }


async def alices_slate_while_busy(emu, runner, world) -> tuple[Message, User, Any]:
    """A three-player table's first round: alice's slate, alice, and the table cog (whose
    lock the test holds, as a round start would)."""
    chan, users = world
    await runner.start()
    await open_table(emu, chan, [users[0], users[1], users[3]])
    await emu.idle(quiet=0.1)
    alice = users[0]
    return await slate_panel(emu, chan, alice), alice, runner.bot.get_cog("TableCog")


def seat_of(record, user: User) -> int:
    return [s["user_id"] for s in record.snapshot["seats"]].index(user.id)


async def test_a_toggle_shows_nothing_before_its_save_while_its_table_is_busy(emu, runner, world):
    """A round start may hold the table while every slate waits for Discord: a toggle is
    acknowledged in time (its patience), and its slate shows the mark only once it is saved."""
    chan, _ = world
    panel, alice, table = await alices_slate_while_busy(emu, runner, world)
    before = styles(panel)
    async with table.queue(chan.id):  # the table is busy
        edits = len(panel.edits)
        sent = len(emu.interactions)
        click = asyncio.create_task(emu.click(alice, panel, cid(panel, "atoggle:4")))
        await emu.wait_until(lambda: len(emu.interactions) > sent, what="the click")
        ix = list(emu.interactions.values())[-1]
        await ix.wait_response(timeout=5)
        assert ix.response_type == 6, "acknowledged while the change waits"
        assert len(panel.edits) == edits and styles(panel) == before, "nothing shown yet"
        record, state = await game_state(runner, chan)
        assert 4 not in state.slates[seat_of(record, alice)], "nothing saved yet"
    assert await click is ix
    record, state = await game_state(runner, chan)
    assert state.slates[seat_of(record, alice)] == [4], "saved"
    assert styles(panel) == {**before, "atoggle:4": 3}, "then card 4 shows marked (green)"
    assert not ix.followups, "nobody told off"


async def test_a_toggle_refused_as_out_of_date_leaves_the_slate_as_it_was(emu, runner, world):
    chan, _ = world
    panel, alice, table = await alices_slate_while_busy(emu, runner, world)
    before = (panel.text, panel.buttons())
    edits = len(panel.edits)
    async with table.queue(chan.id):
        click = asyncio.create_task(emu.click(alice, panel, cid(panel, "atoggle:4")))
        # Meanwhile the slate became one of an earlier marking (the table's message of the
        # marking began after it): its buttons are out of date.
        record, _ = await game_state(runner, chan)
        snapshot = dict(record.snapshot)
        seat = seat_of(record, alice)
        snapshot["acted_at"] = list(snapshot["acted_at"])
        snapshot["acted_at"][seat] = record.version + 1
        snapshot["turn_since"] = record.version + 1
        await runner.db.save_game(record.id, record.version, snapshot, status=record.status)
    ix = await click
    await emu.idle(quiet=0.1)
    _, state = await game_state(runner, chan)
    assert 4 not in state.slates[seat], "refused: nothing saved"
    assert len(panel.edits) == edits and (panel.text, panel.buttons()) == before
    assert ix.private and ix.private.ephemeral_for == alice.id
    assert "out of date" in ix.private.text


async def test_the_slate_a_toggle_answered_with_still_works_after_another_save(emu, runner, world):
    """The toggle's edit carries the version of its save; another change saved after it
    (another seat's, another process's) leaves its buttons working: a Lock on it locks."""
    chan, _ = world
    panel, alice, _ = await alices_slate_while_busy(emu, runner, world)
    edits = len(panel.edits)
    toggled = await emu.click(alice, panel, cid(panel, "atoggle:4"))
    await emu.wait_until(lambda: len(panel.edits) == edits + 1, timeout=10, what="the edit")
    record, _ = await game_state(runner, chan)
    await runner.db.save_game(record.id, record.version, record.snapshot, status=record.status)
    locked = await emu.click(alice, panel, cid(panel, "alock"))
    await emu.idle(quiet=0.1)
    record, state = await game_state(runner, chan)
    seat = seat_of(record, alice)
    assert not toggled.followups and not locked.followups, "nobody told off as out of date"
    assert state.locked[seat] and state.slates[seat] == [4]


async def test_a_lock_clicked_while_a_toggle_is_answered_locks_the_slate_with_that_toggle(
    emu, runner, world
):
    """The toggle's edit (its slate, once saved) reaches Discord and is slow to come back to
    the bot; a Lock clicked on that slate meanwhile must not go first and lock the slate
    without the toggle's mark."""
    chan, _ = world
    panel, alice, _ = await alices_slate_while_busy(emu, runner, world)
    await mark(emu, panel, alice, [0], lock=False)
    answering = asyncio.Event()
    release = asyncio.Event()

    async def slow_answer() -> None:
        answering.set()
        await release.wait()

    # Discord shows the toggled slate (the click's answer is the edit of its slate), but its
    # answer to the bot is slow to come back.
    held = emu.inject("POST", r"/interactions/\d+/[^/]+/callback", after=slow_answer, times=1)
    toggle = asyncio.create_task(emu.click(alice, panel, cid(panel, "atoggle:4")))
    await asyncio.wait_for(answering.wait(), 5)
    assert styles(panel)["atoggle:4"] == 3, "alice sees card 4 marked"
    lock = asyncio.create_task(emu.click(alice, panel, cid(panel, "alock")))
    await asyncio.sleep(0.3)  # time enough for a Lock that jumped the line to be saved
    _, state = await game_state(runner, chan)
    record, _ = await game_state(runner, chan)
    seat = [s["user_id"] for s in record.snapshot["seats"]].index(alice.id)
    assert not state.locked[seat], "the Lock waits for the toggle that came before it"
    release.set()
    toggled, locked = await asyncio.gather(toggle, lock)
    assert held.fired and toggled.response_type == UPDATE_MESSAGE
    await emu.idle(quiet=0.1)
    _, state = await game_state(runner, chan)
    assert state.locked[seat] and state.slates[seat] == [0, 4], "locked with both marks"
    assert not toggled.followups and not locked.followups, "nobody told off"


async def test_every_picture_sent_lets_its_bytes_go_at_once(emu, runner, world, monkeypatch):
    """A round start sends its grid and every slate: none of their buffers waits for the
    garbage collector once its request is done (a hundred round starts kept 27 MB so)."""
    made: list[Upload] = []
    begin = Upload.__init__

    def made_one(self, *args, **kwargs) -> None:
        begin(self, *args, **kwargs)
        made.append(self)

    monkeypatch.setattr(Upload, "__init__", made_one)
    chan, users = world
    await runner.start()
    await open_table(emu, chan, [users[0], users[1], users[3]])
    await emu.idle(quiet=0.1)
    panel = await slate_panel(emu, chan, users[0])
    await mark(emu, panel, users[0], [0], lock=False)
    await emu.idle(quiet=0.1)
    assert len(made) >= 4, "the round's message and three slates at least"
    assert [u.filename for u in made if not u.fp.closed] == []
