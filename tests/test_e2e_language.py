"""The table's language end to end, on a friends' server (Discord says en-US for it).

A German host gets a German table: lobby, turn messages, event lines, the pictures' words and
Stella's word. The host switches the lobby to French and everything public follows, while
each player's private answers (rules cards, DMs) stay in their own language, also after the
bot process restarted.
"""

from __future__ import annotations

import json
import re

import pytest

from games import dice_stars as ds_engine
from games import stella as st_engine
from games.stella_words import WORD_CARDS
from games.table import Table
from locales import Localizer
from screens.context import TableContext
from storage import Database
from tests.emulator import FakeDiscord, Message

LOC = Localizer()


@pytest.fixture
def world(emu: FakeDiscord):
    guild = emu.add_guild("Friends", locale="en-US")
    chan = emu.add_channel(guild, "games")
    users = {
        name: emu.add_user(name, locale=locale)
        for name, locale in (("baerbel", "de"), ("ann", "en-US"), ("claire", "fr"))
    }
    for user in users.values():
        emu.add_member(guild, user)
    return chan, users


def cid(message: Message, wanted: str) -> str:
    for item in [*message.buttons(), *message.selects()]:
        found = item["custom_id"].split(":", 3)[3]
        if found == wanted or found.startswith(wanted + ":"):  # "alock" for "alock:<draft>"
            return item["custom_id"]
    raise AssertionError(f"no {wanted} control on {message.text!r}")


def lobby_line(language: str, name_key: str, value: str) -> str:
    return LOC.text(language, "lobby-setting", name=LOC.text(language, name_key), value=value)


def words_of(language: str) -> set[str]:
    return {word for card in WORD_CARDS[language] for word in card}


async def test_a_german_host_gets_a_german_table_and_each_reader_their_own_rules(
    emu, runner, world
):
    chan, users = world
    baerbel, ann, claire = users["baerbel"], users["ann"], users["claire"]
    await runner.start()
    lobby = (await emu.slash(baerbel, chan, "dicestars new", {})).message
    assert lobby_line("de", "table-language", "Deutsch") in lobby.text
    assert "baerbel (Gastgeber)" in lobby.text
    menu = next(s for s in lobby.selects() if s["custom_id"].endswith(":lang"))
    assert [o["value"] for o in menu["options"] if o.get("default")] == ["de"]

    # The lobby's "How to play": each reader gets the rules in their own language, privately.
    for user, language in ((ann, "en"), (claire, "fr"), (baerbel, "de")):
        ix = await emu.click(user, lobby, cid(lobby, "rules"))
        assert ix.private and ix.private.ephemeral_for == user.id
        assert ix.private.text == LOC.text(language, "rules-dice_stars")
        legend = ix.private.attachments[0]
        assert legend.filename == "legend-dice_stars.png" and legend.data.startswith(b"\x89PNG")
        assert LOC.text(language, "legend-dice_stars-green-field") in legend.description

    await emu.click(ann, lobby, cid(lobby, "join"))
    await emu.click(baerbel, lobby, cid(lobby, "start"))
    await emu.idle()
    record = await runner.db.open_game(chan.id)
    turn = emu.channel_messages(chan)[-1]
    plugin = runner.bot.get_cog("TableCog").plugins["dice_stars"]
    table = Table.from_json(record.snapshot)
    state = ds_engine.from_json(table.state)

    def screen(language: str):
        return plugin.turn_screen(TableContext(record.id, 0, table, state, language, LOC))

    german, english = screen("de"), screen("en")
    assert german.text in turn.text and english.text not in turn.text
    # The picture is the one drawn with German words (and not the English one).
    assert turn.attachments[0].data == german.image != english.image
    assert turn.attachments[0].description == german.image_summary
    # The first turn message teaches the game too.
    rules = next(b for b in turn.buttons() if b["custom_id"].endswith(":rules"))
    assert rules["label"] == LOC.text("de", "rules-button")
    ix = await emu.click(ann, turn, rules["custom_id"])
    assert ix.private.text == LOC.text("en", "rules-dice_stars"), "ann reads English"
    assert (await runner.db.load_game(record.id)).version == record.version, "nothing changed"

    # A move: its event line is German; a click out of turn is answered in English to ann.
    seat = ds_engine.to_move(state)[0]
    mover = baerbel if table.seats[seat].user_id == baerbel.id else ann
    other = ann if mover is baerbel else baerbel
    # Forced choices play themselves: the first button offered is a real decision.
    click = next(
        b["custom_id"]
        for b in turn.buttons()
        if b["custom_id"].split(":", 3)[3].startswith("a{") and not b["disabled"]
    )
    action = json.loads(click.split(":", 3)[3][1:])
    if other is ann:
        ix = await emu.click(ann, turn, click)
        assert ix.private.text == LOC.text("en", "ds-error-not-your-turn")
    await emu.click(mover, turn, click)
    await emu.idle()
    said = "\n".join(m.text for m in emu.channel_messages(chan))
    events = ds_engine.apply(ds_engine.from_json(table.state), seat, action)
    german_lines = plugin.event_lines(TableContext(record.id, 0, table, state, "de", LOC), events)
    assert german_lines and all(line in said for line in german_lines), german_lines

    # /help game: opens the same private card, in the reader's language.
    for user, language in ((ann, "en"), (baerbel, "de"), (claire, "fr")):
        for game in ("dice_stars", "dizzle", "stella"):
            ix = await emu.slash(user, chan, "help", {"game": game})
            assert ix.private and ix.private.text == LOC.text(
                language, f"rules-{game}", preset="seed"
            )
            assert ix.private.attachments[0].filename == f"legend-{game}.png"


async def test_the_host_switches_to_french_everything_public_follows_and_survives_a_restart(
    emu, bot_process, world
):
    chan, users = world
    baerbel, ann, claire = users["baerbel"], users["ann"], users["claire"]
    await bot_process.start()
    lobby = (await emu.slash(baerbel, chan, "stella new", {})).message
    words_de = lobby_line("de", "st-option-language", LOC.text("de", "st-option-language-de"))
    assert words_de in lobby.text, "Stella's word cards follow the table's language"

    await emu.select(baerbel, lobby, cid(lobby, "lang"), ["fr"])
    await emu.idle()
    assert lobby_line("fr", "table-language", "Français") in lobby.text
    assert lobby_line("fr", "st-option-language", LOC.text("fr", "st-option-language-fr")) in (
        lobby.text
    )
    assert "baerbel (hôte)" in lobby.text
    # A guest may not change it: privately told in their own language, nothing changes.
    ix = await emu.select(ann, lobby, cid(lobby, "lang"), ["en"])
    assert ix.private.text == LOC.text("en", "table-error-host-only")
    assert lobby_line("fr", "table-language", "Français") in lobby.text

    for user in (ann, claire):
        await emu.click(user, lobby, cid(lobby, "join"))
    await emu.click(baerbel, lobby, cid(lobby, "start"))

    def grid_posted() -> bool:
        return emu.channel_messages(chan)[-1].id != lobby.id and all(
            emu.dm_messages(user) for user in users.values()
        )

    # A fresh process paints its cards first: no REST call for a while, so wait for the grid.
    await emu.wait_until(grid_posted, timeout=30, what="the grid and the three slates")
    await emu.idle()
    grid = emu.channel_messages(chan)[-1]
    assert LOC.text("fr", "st-marking-prompt") in grid.text
    word = re.search(r"«\u00a0(.+?)\u00a0»", grid.text).group(1)
    assert word in words_of("fr")
    db = await Database.open(bot_process.database)
    try:
        record = await db.open_game(chan.id)
    finally:
        await db.close()
    state = st_engine.from_json(record.snapshot["state"])
    assert record.snapshot["language"] == "fr" and state.language == "fr"
    assert st_engine.word(state) == word
    # Each slate comes by DM in its reader's language.
    prompt = {"min": st_engine.MIN_MARKS, "max": st_engine.MAX_MARKS}
    for user, language in ((ann, "en"), (baerbel, "de"), (claire, "fr")):
        assert LOC.text(language, "st-slate-prompt", **prompt) in emu.dm_messages(user)[-1].text

    await bot_process.terminate()
    await bot_process.restart()
    slate = emu.dm_messages(ann)[-1]
    await emu.click(ann, slate, cid(slate, "atoggle:0"))

    def lock_enabled() -> bool:
        latest = emu.dm_messages(ann)[-1]
        return any(":alock:" in b["custom_id"] and not b["disabled"] for b in latest.buttons())

    await emu.wait_until(lock_enabled, timeout=30, what="ann's slate with one mark")
    slate = emu.dm_messages(ann)[-1]
    await emu.click(ann, slate, cid(slate, "alock"))
    locked = LOC.text("en", "st-event-slate_locked", count=1, labels="A1")
    await emu.wait_until(
        lambda: (
            "Ardoises validées\u00a0: ann" in emu.channel_messages(chan)[-1].text
            and locked in emu.dm_messages(ann)[-1].text
        ),
        timeout=30,
        what="the grid naming ann as locked in, and her DM saying so",
    )
    assert locked in emu.dm_messages(ann)[-1].text, "ann's DM stays English"
    status = emu.channel_messages(chan)[-1].text
    assert "Ardoises validées\u00a0: ann" in status, status
    assert not bot_process.tracebacks()
