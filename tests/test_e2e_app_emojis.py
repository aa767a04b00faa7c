"""The bot's application emojis end to end: created once by two processes starting at once and
again at their next start, shown on a turn's controls once known, and a game played exactly
as before when Discord refuses them."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from cogs import app_emojis
from cogs.app_emojis import MAX_EMOJIS_REACHED
from cogs.table import emojis
from games import dizzle
from rendering.app_emojis import emoji_set
from screens.dice_stars import COLOUR_EMOJI, NUMBER_EMOJI
from screens.dizzle import special_emoji
from tests import test_e2e_dizzle as dizzle_games
from tests import test_e2e_shards as sharding
from tests.emulator import FakeDiscord, Message
from tests.emulator.app_emojis import AppEmoji
from tests.support.worlds import table_world
from tests.test_e2e_dice_stars import play_turn_step
from tests.test_e2e_dizzle import pass_message as dizzle_pass
from tests.test_e2e_dizzle import play_step as dizzle_step
from tests.test_e2e_shards import SHARDS, ShardProcesses, until

shared = sharding.shared  # the database both processes use (PostgreSQL when configured)
seeded = dizzle_games.seeded  # a table's seed fixed: the same game on every run
EMOJIS = r"/applications/\d+/emojis"
ALL_KNOWN = f"application emojis: {len(emoji_set())} of {len(emoji_set())} known"


@pytest.fixture
def world(emu: FakeDiscord):
    return table_world(emu, "Dice Night", "dice", ("alice", "bob"))


def creates(emu: FakeDiscord) -> int:
    return sum(1 for r in emu.requests if r.method == "POST" and r.path.endswith("/emojis"))


def emoji_names(emu: FakeDiscord) -> list[str]:
    return sorted(emoji.name for emoji in emu.app_emojis.values())


def action_of(control: dict[str, Any]) -> dict[str, Any] | None:
    payload = control["custom_id"].split(":", 3)[3]
    return json.loads(payload[1:]) if payload.startswith("a{") else None


def emoji_key(emu: FakeDiscord, emoji: dict[str, Any] | None) -> str | None:
    """The key of the application emoji a control shows (None for none or a unicode one)."""
    if not emoji or not emoji.get("id"):
        return None
    found = emu.app_emojis[int(emoji["id"])]  # the emulator refuses unknown ones anyway
    assert found.name == emoji["name"]
    return found.name.rpartition("_")[0]


def expected_key(action: dict[str, Any]) -> str | None:
    kind = action["type"]
    if kind == "draw":
        return "dice"
    if kind in ("take_number", "penalty_number"):
        return f"die{action['n']}"
    if kind in ("take_colour", "penalty_colour"):
        return f"ds_{action['colour']}"
    return None  # the refill question


def expected_unicode(action: dict[str, Any]) -> str | None:
    kind = action["type"]
    if kind == "draw":
        return "🎲"
    if kind in ("take_number", "penalty_number"):
        return NUMBER_EMOJI[action["n"]]
    if kind in ("take_colour", "penalty_colour"):
        return COLOUR_EMOJI[action["colour"]]
    return None


async def play_solo(emu, runner, chan, users, look: Any) -> int:
    """A solo Dice Stars game to its end, ``look`` at each turn's message; turns seen."""
    await emu.slash(users[0], chan, "dicestars new", {"solo": True})
    turns = 0
    for _ in range(300):
        turn = emu.channel_messages(chan)[-1]
        if await runner.db.open_game(chan.id) is None:
            break
        look(turn)
        turns += 1
        if not await play_turn_step(emu, runner, chan, users):
            break
    record = (await runner.db.guild_games(chan.guild.id))[0]
    assert record.status == "finished"
    return turns


async def test_a_turns_dice_show_the_die_face_and_colour_emojis(emu, runner, world):
    chan, users = world
    await runner.start()  # and its emojis are known (see BotRunner.start)
    assert emoji_names(emu) == sorted(art.name for art in emoji_set())
    shown: dict[str, int] = {}

    def look(turn: Message) -> None:
        for button in turn.buttons():
            action = action_of(button)
            if action is None:
                continue
            key = emoji_key(emu, button["emoji"])
            assert key == expected_key(action), (button["label"], button["emoji"])
            assert button["label"], "the words stay beside the emoji"
            if key:
                shown[key] = shown.get(key, 0) + 1
        for select in turn.selects():
            for option in select["options"]:
                assert emoji_key(emu, option.get("emoji")) == "ds_star", option

    await play_solo(emu, runner, chan, users, look)
    assert shown.get("dice", 0) > 0
    assert any(key.startswith("die") for key in shown), shown
    assert any(key.startswith("ds_") for key in shown), shown


async def test_dizzles_placements_show_their_die_face_or_special(emu, runner, world, seeded):
    """Each placement shows the die face of its field, or the field's special (a key or lock
    in its colour); a planet pick shows the planet, a reroll the dice."""
    chan, users = world
    await runner.start()
    await emu.slash(users[0], chan, "dizzle new", {"level": "level4", "solo": True})
    shown: set[str] = set()
    for _ in range(400):
        record = await runner.db.open_game(chan.id)
        if record is None:
            break
        level = dizzle.from_json(record.snapshot["state"]).level
        turn = dizzle_pass(emu, chan)
        controls = [(b, action_of(b)) for b in turn.buttons()]
        for menu in turn.selects():
            controls += [(o, json.loads(o["value"])) for o in menu["options"]]
        for control, action in controls:
            if action is None:
                continue
            key = emoji_key(emu, control.get("emoji"))
            if action["type"] in ("place", "return_die", "choose_planet"):
                cell = level.cell(*action["at"])
                special = level.specials.get(cell)
                if action["type"] == "choose_planet":
                    expected = "dz_planet"
                elif special is not None and action["type"] == "place":
                    expected = special_emoji(special)
                else:
                    expected = f"die{level.pips[cell]}"
                assert key == expected, (control, action)
            elif action["type"] == "reroll":
                assert key == "dice"
            if key:
                shown.add(key)
        if not await dizzle_step(emu, runner, chan, users):
            break
    assert (await runner.db.guild_games(chan.guild.id))[0].status == "finished"
    assert any(key.startswith("die") for key in shown), shown
    assert any(key.startswith("dz_") for key in shown), shown


@pytest.mark.parametrize(
    ("method", "error"),
    [
        ("POST", (400, MAX_EMOJIS_REACHED, "Maximum number of emojis reached (2000)")),
        ("POST", (403, 50013, "Missing Permissions")),
        ("GET", (403, 50001, "Missing Access")),
        ("GET", None),  # no answer at all
    ],
    ids=["at-the-limit", "creating-refused", "listing-refused", "listing-unanswered"],
)
async def test_the_game_plays_with_todays_labels_when_emojis_are_refused(
    emu, runner, world, method, error, monkeypatch
):
    chan, users = world
    monkeypatch.setattr(app_emojis, "CALL_PATIENCE", 0.5)  # how long the bot waits for one
    refusal = emu.inject(method, EMOJIS, error=error, hang=error is None, times=1000)
    await runner.start()
    assert refusal.fired >= 1 and emu.app_emojis == {}
    looked = []

    def look(turn: Message) -> None:
        for button in turn.buttons():
            action = action_of(button)
            if action is not None:
                emoji = button["emoji"]
                assert (emoji or {}).get("id") is None, "no application emoji"
                assert (emoji or {}).get("name") == expected_unicode(action), button
                looked.append(action["type"])
        for select in turn.selects():
            assert all(option["emoji"]["name"] == "⭐" for option in select["options"])

    await play_solo(emu, runner, chan, users, look)
    assert "draw" in looked and len(set(looked)) > 1
    assert not runner.bot.is_closed()


async def test_an_emoji_found_is_taken_and_new_art_comes_as_a_new_emoji(emu, runner, world):
    """One emoji is there already under its name, another under an older art's: the first is
    taken as it is, the second is made anew beside the old one, which earlier messages show."""
    arts = emoji_set()
    there = AppEmoji(emu.ids.next(), arts[0].name, arts[0].png)
    older = AppEmoji(emu.ids.next(), f"{arts[1].key}_00000000", b"older art")
    emu.app_emojis.update({there.id: there, older.id: older})
    await runner.start()
    assert creates(emu) == len(arts) - 1
    known = emojis.known()
    assert known[arts[0].key].id == there.id
    assert known[arts[1].key].id != older.id and known[arts[1].key].name == arts[1].name
    assert older.id in emu.app_emojis and len(emu.app_emojis) == len(arts) + 1
    await runner.restart()
    assert creates(emu) == len(arts) - 1 and emojis.known() == known


async def test_a_create_whose_answer_is_lost_is_found_by_the_list(emu, runner, monkeypatch):
    """Discord made the emoji but its answer never came: the list finds it, no second one."""
    monkeypatch.setattr(app_emojis, "CALL_PATIENCE", 0.5)
    lost = emu.inject("POST", EMOJIS, nth=3, hang=True, after=lambda: None)
    await runner.start()
    assert lost.fired == 1
    assert emoji_names(emu) == sorted(art.name for art in emoji_set())
    assert creates(emu) == len(emoji_set())
    assert set(emojis.known()) == {art.key for art in emoji_set()}


async def test_two_processes_starting_at_once_create_each_emoji_once(emu, shared, tmp_path):
    """Both find every emoji missing; the first emoji's two creates are made to meet, and the
    one Discord refuses finds the other's. A second start of both creates nothing."""
    emu.add_guild("Dice Night", shard=(1, SHARDS))
    first = emoji_set()[0].name
    both_asked = asyncio.Event()

    async def hold() -> None:
        await asyncio.wait_for(both_asked.wait(), 60)

    def of_first(call: Any) -> bool:
        return call.json().get("name") == first

    held = emu.inject("POST", EMOJIS, match=of_first, before=hold)
    second = emu.inject("POST", EMOJIS, match=of_first, nth=2, before=both_asked.set)
    processes = ShardProcesses(emu, shared[0], tmp_path)
    try:
        for start in (1, 2):
            await processes.start()

            async def all_known() -> bool:
                logs = [processes.log_path(n).read_text(errors="replace") for n in range(SHARDS)]
                return all(ALL_KNOWN in log for log in logs)

            await until(all_known, f"start {start}: every emoji known in both processes", 60)
            assert emoji_names(emu) == sorted(art.name for art in emoji_set())
            if start == 1:
                assert held.fired == second.fired == 1  # the two processes met on one name
                refused = [body for _, status, body in emu.error_responses if status == 400]
                assert [b["errors"]["name"]["_errors"][0]["code"] for b in refused] == [
                    "APPLICATION_EMOJI_NAME_ALREADY_TAKEN"
                ] * len(refused)
                assert len(refused) >= 1
                made, ids = creates(emu), set(emu.app_emojis)
            else:
                assert creates(emu) == made and set(emu.app_emojis) == ids
            await processes.stop()
            processes.processes.clear()
    finally:
        await processes.stop()
    assert "Traceback" not in processes.logs()
