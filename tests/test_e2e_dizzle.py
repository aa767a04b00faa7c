"""Dizzle end to end: simulated players click through whole games on the emulator.

Also the pieces around it: the menus that split more than 25 placements, the private sheet
look-up, the custom levels folder and its one-sentence errors.
"""

from __future__ import annotations

import dataclasses
import json
import secrets
from pathlib import Path

import pytest

import bot
from cogs.dizzle_level_files import read_dizzle_levels
from cogs.table.components import custom_id
from cogs.table.layout import ACCENTS
from config import ConfigError, load_config
from games import dizzle as engine
from games.dizzle_levels import bits, cells_of, field_label, level_from_json, level_to_json
from games.table import Table
from locales import Localizer
from screens.context import TableContext
from screens.dizzle import MAX_OPTIONS, MAX_ROWS, choice_menus, more_pages, turn_rows
from screens.model import Button, Select
from tests.emulator import FakeDiscord, Message
from tests.support.controls import only_rematch, with_game_controls
from tests.support.v2_shapes import assert_v2

LOC = Localizer()


def english(key: str, **args) -> str:
    return LOC.text("en", key, **args)


@pytest.fixture
def world(emu: FakeDiscord):
    guilds = {}
    for locale in ("en-US", "de", "fr"):
        guild = emu.add_guild(f"Dice night {locale}", locale=locale)
        guilds[locale] = (guild, emu.add_channel(guild, "dizzle"))
    users = [
        emu.add_user(name, locale=locale)
        for name, locale in (("alice", "en-US"), ("bob", "de"), ("carol", "fr"), ("dave", "en-US"))
    ]
    for guild, _ in guilds.values():
        for user in users:
            emu.add_member(guild, user)
    return guilds, users


@pytest.fixture
def seeded(monkeypatch):
    """Tables start with a known seed, so that a whole game is the same on every run."""
    # The bot loads its cogs afresh (discord.py's load_extension runs the module again), so a
    # patch of cogs.table.cog would be gone by then: the table's 62-bit seed is fixed in `secrets`
    # itself, and discord.py's 64-bit message nonces stay random.
    drawn = secrets.randbits
    monkeypatch.setattr(secrets, "randbits", lambda bits: 20191 if bits == 62 else drawn(bits))


def verb(message: Message, name: str) -> str:
    """The custom_id of a lobby button (join, start, bot, ...)."""
    for button in message.buttons():
        payload = button["custom_id"].split(":", 3)[3]
        if payload == name or payload.startswith(name + ":"):  # "bot:<seat>" for "bot"
            return button["custom_id"]
    raise AssertionError(f"no {name} button")


async def open_and_start(emu, chan, users, level: str | None = None, computers: int = 0):
    options = {"level": level} if level else {}
    ix = await emu.slash(users[0], chan, "dizzle new", options)
    assert ix.private is None
    for user in users[1:]:
        await emu.click(user, ix.message, verb(ix.message, "join"))
    lobby = emu.channel_messages(chan)[0]
    for _ in range(computers):
        await emu.click(users[0], lobby, verb(lobby, "bot"))
        lobby = emu.channel_messages(chan)[0]
    await emu.click(users[0], lobby, verb(lobby, "start"))
    return lobby


def game_controls(message: Message) -> list[tuple[str, str | None, dict]]:
    """(custom_id, select value or None, action) of every engine action a message offers."""
    found = []
    for button in message.buttons():
        payload = button["custom_id"].split(":", 3)[3]
        if payload.startswith("a{") and not button["disabled"]:
            found.append((button["custom_id"], None, json.loads(payload[1:])))
    for menu in message.selects():
        for option in menu["options"]:
            found.append((menu["custom_id"], option["value"], json.loads(option["value"])))
    return found


async def use(emu, user, message: Message, cid: str, value: str | None):
    if value is None:
        return await emu.click(user, message, cid)
    return await emu.select(user, message, cid, [value])


async def play_step(emu, runner, chan, users) -> bool:
    """The next player to act clicks what the autopilot would choose; False once it is over."""
    record = await runner.db.open_game(chan.id)
    if record is None:
        return False
    state = engine.from_json(record.snapshot["state"])
    seats = record.snapshot["seats"]
    movers = engine.to_move(state)
    seat = movers[0]
    user = next(u for u in users if u.id == seats[seat]["user_id"])
    turn = pass_message(emu, chan)
    for mover in movers:  # every planet picker is named; otherwise the one player to act
        assert f"<@{seats[mover]['user_id']}>" in turn.text, turn.text
    picture = turn.attachments[0]
    assert picture.data.startswith(b"\x89PNG") and picture.description
    wanted = engine.autopilot(state, seat)
    offered = game_controls(turn)
    assert sorted(json.dumps(a, sort_keys=True) for _, _, a in offered) == sorted(
        json.dumps(a, sort_keys=True) for a in _legal_for_everyone(state)
    ), "the controls offer exactly the legal moves"
    cid, value = next((cid, value) for cid, value, action in offered if action == wanted)
    await use(emu, user, turn, cid, value)
    after = await runner.db.load_game(record.id)
    assert after.version > record.version, "the click was applied"
    return after.status == "active"


def _legal_for_everyone(state: engine.State) -> list[dict]:
    """The legal moves of the players to act (planets: any picker's, once each)."""
    actions = []
    for seat in engine.to_move(state):
        actions += [a for a in engine.legal_actions(state, seat) if a not in actions]
    return actions


def pass_message(emu, chan) -> Message:
    """The message of the current pass (a short "your turn" message may follow it)."""
    return [m for m in emu.channel_messages(chan) if m.attachments][-1]


async def play_to_the_end(emu, runner, chan, users, limit: int = 400) -> None:
    for _ in range(limit):
        if not await play_step(emu, runner, chan, users):
            return
    raise AssertionError("the game did not end")


async def replay(runner, record) -> engine.State:
    """The stored move log, replayed from the seed on the level the game stored."""
    return (await _replayed(runner, record))[0]


async def replay_events(runner, record) -> list[dict]:
    return (await _replayed(runner, record))[1]


async def _replayed(runner, record) -> tuple[engine.State, list[dict]]:
    snapshot = record.snapshot
    stored = engine.from_json(snapshot["state"])
    options = {**snapshot["options"], "level": level_to_json(stored.level)}
    state = engine.new_game(len(snapshot["seats"]), snapshot["seed"], options)
    events = []
    for move in await runner.db.moves(record.id):
        seat = engine.CHANCE if move.seat is None else move.seat
        events += engine.apply(state, seat, move.action)
    return state, events


def assert_final_message(emu, chan, record, points_word: str) -> Message:
    final = emu.channel_messages(chan)[-1]
    assert final.attachments[0].filename == "dizzle-result.png"
    assert final.attachments[0].description
    state = engine.from_json(record.snapshot["state"])
    for seat, points in enumerate(engine.scores(state)):
        name = record.snapshot["seats"][seat]["name"]
        assert f"{name} " in final.text and f"{points} {points_word}" in final.text
    assert with_game_controls(emu.channel_messages(chan)) == [] and only_rematch(final)
    return final


# ---- whole games ------------------------------------------------------------------------------


async def test_two_players_play_level_4_with_planet_picks_in_german(emu, runner, world, seeded):
    guilds, users = world
    _, chan = guilds["de"]
    await runner.start()
    # bob hosts: the table speaks his language (the server's would be en-US on most servers).
    await open_and_start(emu, chan, [users[1], users[0]], level="level4")
    lobby = emu.channel_messages(chan)[0]
    assert "Level: **Level 4**" in lobby.edits[-1].text
    await play_to_the_end(emu, runner, chan, users)
    record = (await runner.db.guild_games(chan.guild.id))[0]
    assert record.status == "finished"
    final = assert_final_message(emu, chan, record, "Punkt")
    assert "Endstand" in final.text
    moves = await runner.db.moves(record.id)
    picks = [m for m in moves if m.action["type"] == "choose_planet"]
    assert picks and all(m.actor == "user" for m in picks), "players picked planets"
    state = engine.from_json(record.snapshot["state"])
    # The log replays to exactly the same game, its random source included.
    replayed = engine.to_json(await replay(runner, record))
    assert replayed == engine.to_json(state)
    assert state.pass_index == engine.ROUNDS[2] * 2


async def test_four_players_play_level_3_with_its_bombs_and_flags(emu, runner, world, seeded):
    guilds, users = world
    _, chan = guilds["fr"]
    await runner.start()
    await open_and_start(emu, chan, [users[2], users[0], users[1]], level="level3", computers=1)
    await play_to_the_end(emu, runner, chan, users, limit=600)
    record = (await runner.db.guild_games(chan.guild.id))[0]
    assert record.status == "finished"
    assert_final_message(emu, chan, record, "point")
    # Every bomb and flag that went off is told in the channel, in French.
    said = "\n".join(m.text for m in emu.channel_messages(chan))
    state = engine.from_json(record.snapshot["state"])
    assert state.level.id == "level3"
    specials = [e for e in await replay_events(runner, record) if e["type"] in ("bomb", "flag")]
    assert {e["type"] for e in specials} == {"bomb", "flag"}
    plugin = runner.bot.get_cog("TableCog").plugins["dizzle"]
    ctx = TableContext(record.id, 0, Table.from_json(record.snapshot), state, "fr", LOC)
    for line in plugin.event_lines(ctx, specials):
        assert line in said


async def test_solo_game_starts_at_once_and_ends_with_the_scoreboard(emu, runner, world, seeded):
    guilds, users = world
    _, chan = guilds["en-US"]
    await runner.start()
    ix = await emu.slash(users[0], chan, "dizzle new", {"level": "level2", "solo": True})
    assert ix.private is None
    first = emu.channel_messages(chan)[-1]
    assert "Round 1 of 10" in first.text and first.attachments
    await play_to_the_end(emu, runner, chan, users)
    record = (await runner.db.guild_games(chan.guild.id))[0]
    assert record.status == "finished"
    final = assert_final_message(emu, chan, record, "points")
    assert "**Dizzle** · Solo game · final score · Level 2" in final.text, "a solo shows no ranking"
    # One message per pass: each pass's log and prompt are edited into the same message.
    turns = [m for m in emu.channel_messages(chan) if m.attachments][:-1]
    assert len(turns) == engine.ROUNDS[1]


async def test_computer_seats_play_their_own_turns(emu, runner, world, seeded):
    guilds, users = world
    _, chan = guilds["en-US"]
    await runner.start()
    await open_and_start(emu, chan, users[:1], computers=1)
    for _ in range(6):
        assert await play_step(emu, runner, chan, users)
    record = await runner.db.open_game(chan.id)
    moves = await runner.db.moves(record.id)
    assert any(m.seat == 1 for m in moves), "the computer seat moved"
    assert engine.to_move(engine.from_json(record.snapshot["state"])) == [0]


async def test_simultaneous_planet_picks_share_one_message_edited_in_place(emu, runner, world):
    guilds, users = world
    _, chan = guilds["en-US"]
    await runner.start()
    await open_and_start(emu, chan, users[:2], level="level4")
    # A constructed position: both players launched a rocket at the end of this pass.
    cog = runner.bot.get_cog("TableCog")
    record = await runner.db.open_game(chan.id)
    table = Table.from_json(record.snapshot)
    state = engine.from_json(table.state)
    state.phase = "planets"
    for sheet in state.sheets:
        sheet.rockets = 1
    await cog.save_and_show(None, cog.plugins["dizzle"], record, table, state, [], [])
    picks = pass_message(emu, chan)
    assert all(f"<@{u.id}>" in picks.text for u in users[:2])
    # The pass's message is edited, so a short message notifies the picker whom this pass
    # has not told yet (its message told its start player).
    ping = emu.channel_messages(chan)[-1]
    told = {u.id for u in users[:2]} - set(picks.notified)
    assert len(told) == 1 and ping.id != picks.id and set(ping.notified) == told
    offered = game_controls(picks)
    planet = offered[0][2]
    await use(emu, users[1], picks, offered[0][0], offered[0][1])
    assert pass_message(emu, chan).id == picks.id, "edited, not posted again"
    assert f"<@{users[0].id}>" in picks.text and f"<@{users[1].id}>" not in picks.text
    assert "bob" in picks.text, "the log line of bob's pick stays"
    again_id, again_value, _ = next(c for c in game_controls(picks) if c[2] == planet)
    again = await use(emu, users[1], picks, again_id, again_value)
    assert again.private, "bob has picked already"
    await use(emu, users[0], picks, again_id, again_value)
    assert pass_message(emu, chan).id != picks.id and not game_controls(picks)
    assert not ping.deleted, "a notification's message stays"
    after = engine.from_json((await runner.db.open_game(chan.id)).snapshot["state"])
    cell = after.level.cell(*planet["at"])
    assert all(sheet.crosses >> cell & 1 for sheet in after.sheets)
    assert after.pass_index == state.pass_index + 1 and after.phase == "turn"


# ---- restart, privacy, wrong player -----------------------------------------------------------


async def test_restart_mid_pass_loses_nothing_and_old_controls_work(emu, runner, world, seeded):
    guilds, users = world
    _, chan = guilds["en-US"]
    await runner.start()
    await open_and_start(emu, chan, users[:2])
    for _ in range(3):
        assert await play_step(emu, runner, chan, users)
    before = await runner.db.open_game(chan.id)
    state = engine.from_json(before.snapshot["state"])
    assert any(sheet.dice for sheet in state.sheets), "a pass is under way"
    old_turn = pass_message(emu, chan)
    await runner.restart()
    assert (await runner.db.open_game(chan.id)).snapshot == before.snapshot
    assert pass_message(emu, chan).id == old_turn.id
    for _ in range(4):
        assert await play_step(emu, runner, chan, users)  # the first click is on old_turn


async def test_a_sheet_is_shown_in_a_spectating_channel_too(emu, runner, world):
    """As in Dice Stars: the table watched from a channel is the one whose seats it names."""
    guilds, users = world
    guild, chan = guilds["en-US"]
    tribune = emu.add_channel(guild, "tribune")
    await runner.start()
    await open_and_start(emu, chan, users[:2])
    assert (await emu.slash(users[3], tribune, "spectate", {"table": chan})).private is None
    choices = await emu.autocomplete(users[3], tribune, "dizzle sheet", "player", "bo")
    assert [c["name"] for c in choices] == ["bob"]
    look = await emu.slash(users[3], tribune, "dizzle sheet", {"player": choices[0]["value"]})
    assert look.private and look.private.attachments and "bob" in look.private.text
    assert look.private.ephemeral_for == users[3].id


async def test_sheet_lookup_is_private_and_not_your_turn_too(emu, runner, world):
    guilds, users = world
    _, chan = guilds["en-US"]
    await runner.start()
    await open_and_start(emu, chan, users[:2])
    choices = await emu.autocomplete(users[2], chan, "dizzle sheet", "player", "bo")
    assert [c["name"] for c in choices] == ["bob"]
    look = await emu.slash(users[2], chan, "dizzle sheet", {"player": choices[0]["value"]})
    assert look.private and look.private.attachments
    assert "bob" in look.message.text
    assert look.message.id not in [m.id for m in emu.channel_messages(chan)]
    mine = await emu.slash(users[0], chan, "dizzle sheet", {})
    assert mine.private and "alice" in mine.private.text
    stranger = await emu.slash(users[3], chan, "dizzle sheet", {})
    assert stranger.private and not stranger.private.attachments
    record = await runner.db.open_game(chan.id)
    state = engine.from_json(record.snapshot["state"])
    idle = users[1 - engine.to_move(state)[0]]
    turn = emu.channel_messages(chan)[-1]
    cid, value, _ = game_controls(turn)[0]
    ix = await use(emu, idle, turn, cid, value)
    language = "de" if idle is users[1] else "en"
    assert ix.private and ix.private.text == LOC.text(language, "dz-error-not-your-turn")
    assert (await runner.db.load_game(record.id)).version == record.version


async def test_level_autocomplete_and_lobby_choice(emu, runner, world):
    guilds, users = world
    _, chan = guilds["de"]
    await runner.start()
    choices = await emu.autocomplete(users[1], chan, "dizzle new", "level", "3")
    assert [(c["name"], c["value"]) for c in choices] == [("Level 3", "level3")]
    ix = await emu.slash(users[1], chan, "dizzle new", {"level": "level4"})
    lobby = ix.message
    assert "Level 4" in lobby.text
    menu = next(m for m in lobby.selects() if m["custom_id"].endswith(":opt:level"))
    assert [o["value"] for o in menu["options"]] == list(engine.LEVEL_IDS)
    await emu.select(users[1], lobby, menu["custom_id"], ["level2"])
    assert "Level 2" in emu.channel_messages(chan)[0].text
    bad = await emu.slash(users[0], chan, "dizzle new", {"level": "nowhere"})
    assert bad.private and "nowhere" in bad.private.text


# ---- more than 25 placements ------------------------------------------------------------------


def checkerboard_level(rows: int, cols: int) -> dict:
    """A level whose every other field is a start cross: every free field touches a cross."""
    grid = [
        " ".join(
            f"X{(r * 5 + c) % 6 + 1}" if (r + c) % 2 == 0 else str((r * 5 + c) % 6 + 1)
            for c in range(cols)
        )
        for r in range(rows)
    ]
    return {"id": "board", "title": "Big board", "rows": rows, "cols": cols, "grid": grid}


def position(level: dict, middle: list[int], seats: int = 2) -> engine.State:
    state = engine.new_game(seats, 1, {"level": level, "host_starts": True})
    values = (middle + [6] * engine.DICE[seats])[: engine.DICE[seats]]
    engine.apply(state, engine.CHANCE, {"type": "roll", "values": values})
    return state


def offered(menus: list[Select]) -> list[dict]:
    return [json.loads(o.value) for menu in menus for o in menu.options]


def assert_fits_discord(rows) -> None:
    assert len(rows) <= MAX_ROWS
    for row in rows:
        if isinstance(row, Select):
            assert 1 <= len(row.options) <= MAX_OPTIONS and len(row.placeholder) <= 150
            assert all(len(o.label) <= 100 and len(o.value) <= 100 for o in row.options)
            custom_id("s", 10**17, 10**8, row.payload)
        else:
            assert len(row) <= 5 and all(len(b.label) <= 80 for b in row)


def test_more_than_25_placements_are_split_into_menus_that_reach_every_one():
    # Level 3 with a crossed chequerboard of its fields: the first die has 30+ fields to go.
    level = level_from_json(level_to_json(_shipped("level3")))
    state = position(level_to_json(level), [1, 2, 3, 4, 5, 6, 6], seats=2)
    sheet = state.sheets[state.turn]
    sheet.crosses |= bits(c for c in cells_of(level.field_mask) if sum(level.at(c)) % 2 == 0)
    legal = engine.legal_actions(state, state.turn)
    assert len(legal) > MAX_OPTIONS
    rows = turn_rows(state, english)
    assert_fits_discord(rows)
    assert all(isinstance(row, Select) for row in rows) and len(rows) >= 2
    assert sorted(map(str, offered(rows))) == sorted(map(str, legal))
    option = rows[0].options[0]
    action = json.loads(option.value)
    assert option.label == f"{level.pips[level.cell(*action['at'])]} → {field_label(*action['at'])}"
    sizes = {len(legal) // len(rows), -(-len(legal) // len(rows))}  # balanced menus
    assert {len(row.options) for row in rows} <= sizes
    assert len({row.payload for row in rows}) == len(rows)


def test_hundreds_of_placements_show_four_menus_and_buttons_for_the_rest():
    state = position(checkerboard_level(26, 26), [1, 2, 3, 4, 5, 6, 6])
    legal = engine.legal_actions(state, state.turn)
    assert len(legal) > MAX_ROWS * MAX_OPTIONS
    rows = turn_rows(state, english)
    assert_fits_discord(rows)
    buttons = rows[-1]
    assert not isinstance(buttons, Select) and all(isinstance(b, Button) for b in buttons)
    pages = more_pages(choice_menus(state, english))
    assert len(pages) == len(buttons)
    for page in pages:
        assert_fits_discord(page)
    reachable = offered([r for r in rows if isinstance(r, Select)]) + [
        a for page in pages for a in offered(page)
    ]
    assert sorted(map(str, reachable)) == sorted(map(str, legal))
    assert len(reachable) == len(legal)


def test_planet_menu_offers_every_pickers_planets_and_return_menu_the_own_dice():
    level = _shipped("level4")
    state = position(level_to_json(level), [1, 2, 3, 4, 5, 6, 6, 6, 6, 6], seats=3)
    planets = cells_of(level.kind_masks["planet"])
    state.phase = "planets"
    state.sheets[0].rockets = state.sheets[2].rockets = 1
    state.sheets[0].crosses |= 1 << planets[0]
    state.sheets[2].crosses |= 1 << planets[1]
    menus = choice_menus(state, english)
    assert sorted(tuple(a["at"]) for a in offered(menus)) == sorted(level.at(c) for c in planets)
    state.phase, state.turn = "return", 1
    state.sheets[1].dice = bits(planets[:2])
    menus = choice_menus(state, english)
    assert offered(menus) == engine.legal_actions(state, 1)
    assert menus[0].options[0].label.startswith("Return the")


def _shipped(level_id: str):
    return read_dizzle_levels()[level_id]


async def test_more_button_opens_the_rest_privately_and_its_menus_play(
    emu, runner, world, tmp_path, seeded
):
    folder = tmp_path / "levels"
    folder.mkdir()
    (folder / "board.toml").write_text(_toml(checkerboard_level(26, 26)), encoding="utf-8")
    runner.config = dataclasses.replace(runner.config, dizzle_levels_folder=folder)
    guilds, users = world
    _, chan = guilds["en-US"]
    await runner.start()
    await emu.slash(users[0], chan, "dizzle new", {"level": "board", "solo": True})

    def more_buttons() -> list[dict]:
        turn = emu.channel_messages(chan)[-1]
        return [b for b in turn.buttons() if ":u:more:" in b["custom_id"]]

    # The answer is the line-up; the turn message (a large sheet to draw) follows it.
    await emu.wait_until(more_buttons, timeout=5, what="the first turn message")
    turn = emu.channel_messages(chan)[-1]
    more = more_buttons()
    assert more and len(turn.selects()) == 4
    record = await runner.db.open_game(chan.id)
    stranger = await emu.click(users[1], turn, more[0]["custom_id"])
    assert stranger.private and not stranger.private.selects()
    ix = await emu.click(users[0], turn, more[-1]["custom_id"])
    assert ix.private and ix.private.selects()
    assert_v2(ix.private, ACCENTS["dizzle"])  # the further menus: a V2 panel in Dizzle's blue
    assert_v2(stranger.private)  # the refusal: a text display alone
    menu = ix.message.selects()[-1]
    value = menu["options"][-1]["value"]
    await emu.select(users[0], ix.message, menu["custom_id"], [value])
    after = await runner.db.open_game(chan.id)
    assert after.version > record.version
    placed = engine.from_json(after.snapshot["state"]).sheets[0]
    board = engine.from_json(after.snapshot["state"]).level
    target = board.cell(*json.loads(value)["at"])
    assert placed.dice >> target & 1 or placed.crosses >> target & 1


def _toml(level: dict) -> str:
    grid = ",\n".join(f'  "{row}"' for row in level["grid"])
    return (
        f'id = "{level["id"]}"\ntitle = "{level["title"]}"\n'
        f"rows = {level['rows']}\ncols = {level['cols']}\ngrid = [\n{grid},\n]\n"
    )


# ---- custom levels: the setting and its errors ------------------------------------------------


def _config(tmp_path: Path, folder: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(f'[discord]\ntoken = "t"\n[dizzle]\nlevels_folder = "{folder}"\n')
    return path


def test_custom_levels_join_the_shipped_ones(tmp_path):
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "board.toml").write_text(_toml(checkerboard_level(6, 8)))
    config = load_config(_config(tmp_path, "mine"), env={})
    assert config.dizzle_levels_folder == tmp_path / "mine"
    levels = read_dizzle_levels(config.dizzle_levels_folder)
    assert list(levels) == [*engine.LEVEL_IDS, "board"]
    assert levels["board"].title == "Big board"
    assert load_config(_config(tmp_path, ""), env={}).dizzle_levels_folder is None


def test_a_bad_level_file_stops_start_up_with_one_sentence_naming_file_and_cell(tmp_path):
    (tmp_path / "mine").mkdir()
    bad = _toml(checkerboard_level(6, 8)) + '[[special]]\nat = [1, 2]\nkind = "gem"\npoints = 4\n'
    (tmp_path / "mine" / "broken.toml").write_text(bad)
    with pytest.raises(ConfigError) as caught:
        bot.settings([str(_config(tmp_path, "mine"))])
    message = str(caught.value)
    assert "broken.toml" in message and "cell (1, 2)" in message and "gem points" in message
    assert "\n" not in message and message.endswith(".")
    assert load_config(_config(tmp_path, "mine"), env={}).dizzle_levels_folder == tmp_path / "mine"


@pytest.mark.parametrize(
    ("name", "text", "named"),
    [
        ("clash.toml", _toml({**checkerboard_level(6, 8), "id": "level1"}), "level1"),
        ("junk.toml", "id = [", "not valid TOML"),
    ],
)
def test_other_level_mistakes_name_the_file(tmp_path, name, text, named):
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / name).write_text(text)
    with pytest.raises(ConfigError) as caught:
        bot.settings([str(_config(tmp_path, "mine"))])
    assert name in str(caught.value) and named in str(caught.value)
    assert "\n" not in str(caught.value)


def test_a_missing_levels_folder_names_the_setting(tmp_path):
    with pytest.raises(ConfigError, match=r"dizzle\.levels_folder"):
        load_config(_config(tmp_path, "nowhere"), env={})
