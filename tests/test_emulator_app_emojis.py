"""The emulator's application emojis, driven by the real discord.py client: Discord's routes,
payloads, name and image rules, unique names, the limit, and emojis on controls."""

from __future__ import annotations

import base64
import io

import discord
import pytest
from PIL import Image

from tests.emulator import FakeDiscord, point_discord_at
from tests.emulator import app_emojis as emulated

TOKEN = "emoji-token"


def png(colour: tuple[int, int, int] = (200, 40, 40), size: int = 16) -> bytes:
    out = io.BytesIO()
    Image.new("RGBA", (size, size), (*colour, 255)).save(out, "PNG")
    return out.getvalue()


@pytest.fixture
async def emu():
    async with FakeDiscord(bot_token=TOKEN, bot_name="Table") as fake:
        with point_discord_at(fake):
            yield fake


@pytest.fixture
async def client(emu):
    client = discord.Client(intents=discord.Intents.none())
    await client.login(TOKEN)
    try:
        yield client
    finally:
        await client.close()


def rules(emu: FakeDiscord) -> list[str]:
    return [violation.rule for violation in emu.violations]


async def test_emojis_are_created_listed_renamed_and_deleted(emu, client):
    made = await client.create_application_emoji(name="die4_0a1b2c3d", image=png())
    assert made.name == "die4_0a1b2c3d" and made.id and made.is_application_owned()
    assert emu.app_emojis[made.id].image == png()
    listed = await client.fetch_application_emojis()
    assert [(e.id, e.name) for e in listed] == [(made.id, "die4_0a1b2c3d")]
    assert (await client.fetch_application_emoji(made.id)).name == "die4_0a1b2c3d"
    renamed = await made.edit(name="die4_ffffffff")
    assert renamed.name == "die4_ffffffff" == emu.app_emojis[made.id].name
    await made.delete()
    assert await client.fetch_application_emojis() == []
    with pytest.raises(discord.NotFound):
        await client.fetch_application_emoji(made.id)
    assert not emu.violations


async def test_a_taken_name_is_refused_as_discord_does_and_nothing_is_duplicated(emu, client):
    first = await client.create_application_emoji(name="st_spark_12345678", image=png())
    with pytest.raises(discord.HTTPException) as refused:
        await client.create_application_emoji(name="st_spark_12345678", image=png((0, 0, 200)))
    assert refused.value.status == 400 and refused.value.code == 50035
    _, status, body = emu.error_responses[-1]
    assert status == 400
    assert body["errors"]["name"]["_errors"][0]["code"] == emulated.NAME_TAKEN
    assert [e.id for e in await client.fetch_application_emojis()] == [first.id]
    second = await client.create_application_emoji(name="st_mark_12345678", image=png())
    with pytest.raises(discord.HTTPException):
        await second.edit(name="st_spark_12345678")
    assert emu.app_emojis[second.id].name == "st_mark_12345678"
    assert not emu.violations  # a race lost is no broken rule


@pytest.mark.parametrize(
    ("name", "image", "rule"),
    [
        ("x", png(), "emoji_name_invalid"),
        ("x" * 33, png(), "emoji_name_invalid"),
        ("die-4", png(), "emoji_name_invalid"),
        ("big_one", png(size=2000) + b"\0" * (256 * 1024), "emoji_image_too_large"),
    ],
)
async def test_names_and_images_break_discords_rules(emu, client, name, image, rule):
    with pytest.raises(discord.HTTPException) as refused:
        await client.create_application_emoji(name=name, image=image)
    assert refused.value.status == 400
    assert rules(emu) == [rule]
    assert emu.app_emojis == {}
    emu.violations.clear()


async def test_an_image_that_is_no_data_uri_is_refused(emu, client):
    route = discord.http.Route("POST", "/applications/{a}/emojis", a=emu.application_id)
    with pytest.raises(discord.HTTPException):
        await client.http.request(route, json={"name": "plain", "image": "not a picture"})
    data = "data:image/png;base64," + base64.b64encode(png()).decode()
    made = await client.http.request(route, json={"name": "plain", "image": data})
    assert made["name"] == "plain" and made["require_colons"] is True
    assert rules(emu) == ["emoji_image_invalid"]
    emu.violations.clear()


async def test_the_application_holds_at_most_its_limit(emu, client, monkeypatch):
    monkeypatch.setattr(emulated, "MAX_APPLICATION_EMOJIS", 2)
    for name in ("one", "two"):
        await client.create_application_emoji(name=name, image=png())
    with pytest.raises(discord.HTTPException) as refused:
        await client.create_application_emoji(name="three", image=png())
    assert refused.value.code == emulated.MAX_EMOJIS_REACHED
    assert sorted(e.name for e in await client.fetch_application_emojis()) == ["one", "two"]
    assert not emu.violations


async def test_controls_may_show_only_the_applications_own_emojis(emu, client):
    guild = emu.add_guild("Emoji Night")
    chan = emu.add_channel(guild, "games")
    channel = await client.fetch_channel(chan.id)
    made = await client.create_application_emoji(name="ds_blue_00000000", image=png())

    def view(emoji: str | discord.PartialEmoji) -> discord.ui.View:
        view = discord.ui.View()
        view.add_item(discord.ui.Button(label="Blue", emoji=emoji, custom_id="blue"))
        select = discord.ui.Select(custom_id="menu")
        select.add_option(label="A row", value="a", emoji=emoji)
        view.add_item(select)
        return view

    ours = discord.PartialEmoji(name=made.name, id=made.id)
    sent = await channel.send("turn", view=view(ours))
    shown = emu.messages[sent.id].buttons()[0]["emoji"]
    assert str(shown["id"]) == str(made.id) and shown["name"] == made.name
    await channel.send("plain", view=view("🔵"))
    assert not emu.violations
    unknown = discord.PartialEmoji(name="ds_blue_00000000", id=made.id + 1)
    with pytest.raises(discord.HTTPException):
        await channel.send("turn", view=view(unknown))
    assert rules(emu) == ["unknown_emoji", "unknown_emoji"]  # the button's and the option's
    emu.violations.clear()
    await made.delete()
    with pytest.raises(discord.HTTPException):
        await sent.edit(content="again", view=view(ours))  # the emoji is gone
    assert rules(emu) == ["unknown_emoji", "unknown_emoji"]
    emu.violations.clear()
