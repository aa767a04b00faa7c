"""Discord's Components V2 rules as the emulator enforces them, driven by the real discord.py
client (``ui.LayoutView``) and, for what discord.py would not send, by raw requests through the
client's own HTTP session. Each test shows the valid form passing and the breach refused."""

from __future__ import annotations

import io
from typing import Any

import discord
import discord.http
import pytest
from discord import app_commands
from discord.ext import commands

from tests.emulator import FakeDiscord, point_discord_at
from tests.emulator.models import IS_COMPONENTS_V2

TOKEN = "test-token"
V2 = IS_COMPONENTS_V2
EPHEMERAL = 1 << 6
PICTURE = b"\x89PNG\r\n\x1a\n" + bytes(64)
LEGACY = "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2"


def png(name: str) -> discord.File:
    return discord.File(io.BytesIO(PICTURE), name)


def card(text: str) -> discord.ui.LayoutView:
    """A V2 message: one container with one line of text."""
    view = discord.ui.LayoutView()
    view.add_item(discord.ui.Container(discord.ui.TextDisplay(text), accent_colour=0x5865F2))
    return view


def gallery(text: str, *names: str) -> discord.ui.LayoutView:
    """A V2 message whose gallery shows the attachments `names`, each with alt text."""
    items = [discord.MediaGalleryItem(f"attachment://{n}", description=f"alt {n}") for n in names]
    view = discord.ui.LayoutView()
    view.add_item(
        discord.ui.Container(discord.ui.TextDisplay(text), discord.ui.MediaGallery(*items))
    )
    return view


class Controls(discord.ui.ActionRow):
    """Buttons inside a container; their clicks answer with UPDATE_MESSAGE (type 7)."""

    @discord.ui.button(label="Picture", custom_id="v2:picture")
    async def picture(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        # A new upload in a gallery through a fresh response: allowed.
        await interaction.response.edit_message(
            view=gallery("after the click", "click.png"), attachments=[png("click.png")]
        )

    @discord.ui.button(label="Wordy", custom_id="v2:wordy")
    async def wordy(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        client: V2Bot = interaction.client  # type: ignore[assignment]
        try:
            await interaction.response.edit_message(content="words", view=Board("wordy"))
        except discord.HTTPException as refusal:
            client.refusals.append(("wordy", refusal))
            await interaction.response.edit_message(view=Board("without content"))


class Board(discord.ui.LayoutView):
    def __init__(self, text: str = "board") -> None:
        super().__init__(timeout=None)
        self.add_item(discord.ui.Container(discord.ui.TextDisplay(text), Controls()))


async def _try(client: V2Bot, step: str, action: Any) -> Any:
    try:
        return await action
    except discord.HTTPException as refusal:
        client.refusals.append((step, refusal))
        return None


async def _raw_callback(interaction: discord.Interaction, body: dict[str, Any]) -> None:
    route = discord.http.Route(
        "POST", "/interactions/{i}/{token}/callback", i=interaction.id, token=interaction.token
    )
    await interaction.client.http.request(route, json=body)


async def _scenario(interaction: discord.Interaction, kind: str) -> None:
    client: V2Bot = interaction.client  # type: ignore[assignment]
    response, followup = interaction.response, interaction.followup
    if kind == "answer":
        await _try(client, "content", response.send_message("hello", view=card("x")))
        await response.send_message(view=card("answered"))
    elif kind == "defer":
        flags = EPHEMERAL | V2
        await _try(
            client, "defer", _raw_callback(interaction, {"type": 5, "data": {"flags": flags}})
        )
        await response.defer(thinking=True)
        await interaction.edit_original_response(view=card("after the defer"))
    elif kind == "gallery":
        await response.defer(thinking=True)
        view = gallery("the sheet", "sheet.png")
        edit = interaction.edit_original_response(view=view, attachments=[png("sheet.png")])
        await _try(client, "original", edit)
        await _try(client, "first followup", followup.send(view=view, file=png("sheet.png")))
        await interaction.edit_original_response(view=card("the sheet follows"))
        await followup.send(view=view, file=png("sheet.png"))
    elif kind == "followups":
        await response.send_message(view=card("first"))
        await _try(client, "content", followup.send("words", view=card("x")))
        sent = await followup.send(view=card("second"), wait=True)
        route = discord.http.Route(
            "PATCH",
            "/webhooks/{app}/{token}/messages/{message_id}",
            app=client.application_id,
            token=interaction.token,
            message_id=sent.id,
        )
        unflag = client.http.request(route, json={"flags": 0, "components": []})
        await _try(client, "unflag", unflag)
        await sent.edit(view=card("second, edited"))
    elif kind == "board":
        await response.send_message(view=Board())


@app_commands.command(description="Components V2 scenarios")
async def v2(interaction: discord.Interaction, kind: str) -> None:
    await _scenario(interaction, kind)


class V2Bot(commands.Bot):
    def __init__(self) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            guild_ready_timeout=0.05,
        )
        self.refusals: list[tuple[str, discord.HTTPException]] = []
        self.tree.add_command(v2)

    async def setup_hook(self) -> None:
        self.add_view(Board())
        await self.tree.sync()

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        return None


@pytest.fixture
async def emu():
    async with FakeDiscord(bot_token=TOKEN, bot_name="Table") as fake:
        with point_discord_at(fake):
            yield fake


@pytest.fixture
def place(emu):
    guild = emu.add_guild("Friday Night")
    chan = emu.add_channel(guild, "games")
    alice = emu.add_user("alice")
    emu.add_member(guild, alice)
    return chan, alice


@pytest.fixture
async def bot(emu, place):
    async with emu.run_bot(V2Bot()) as running:
        yield running


async def raw(bot: V2Bot, method: str, path: str, body: Any, **params: Any) -> Any:
    return await bot.http.request(discord.http.Route(method, path, **params), json=body)


async def refused(emu: FakeDiscord, bot: V2Bot, method: str, path: str, body: Any, **params: Any):
    """Discord's error body for a raw request the emulator must refuse with 400 50035."""
    with pytest.raises(discord.HTTPException) as caught:
        await raw(bot, method, path, body, **params)
    assert caught.value.status == 400 and caught.value.code == 50035
    return emu.error_responses[-1][2]["errors"]


def text(content: str) -> dict[str, Any]:
    return {"type": 10, "content": content}


def flagged(*components: dict[str, Any], **fields: Any) -> dict[str, Any]:
    return {"flags": V2, "components": list(components), **fields}


CHANNEL_MESSAGES = "/channels/{channel_id}/messages"
ONE_MESSAGE = "/channels/{channel_id}/messages/{message_id}"


def refusal_steps(bot: V2Bot) -> dict[str, discord.HTTPException]:
    return dict(bot.refusals)


# --- the flag --------------------------------------------------------------------------------


async def test_v2_components_need_the_flag(emu, place, bot):
    chan, _ = place
    sent = await bot.get_channel(chan.id).send(view=card("Dice Stars · round 1"))
    message = emu.messages[sent.id]
    assert message.flags & V2 and message.text == "Dice Stars · round 1"
    emu.assert_no_violations()

    errors = await refused(
        emu, bot, "POST", CHANNEL_MESSAGES, {"components": [text("no flag")]}, channel_id=chan.id
    )
    (error,) = errors["components"]["0"]["type"]["_errors"]
    assert error["code"] == "UNION_TYPE_CHOICES" and "(1,)" in error["message"]
    assert [v.rule for v in emu.violations] == ["v2_component_without_flag"]
    assert len(emu.channel_messages(chan)) == 1


@pytest.mark.parametrize(
    "field, value",
    [
        ("content", "hello"),
        ("content", ""),
        ("embeds", [{"title": "old"}]),
        ("poll", {"question": {"text": "?"}, "answers": [{"poll_media": {"text": "a"}}]}),
        ("sticker_ids", ["1"]),
    ],
)
async def test_flagged_message_takes_no_content_embeds_poll_or_stickers(
    emu, place, bot, field, value
):
    chan, _ = place
    allowed = flagged(text("only components"), content=None, embeds=[])
    await raw(bot, "POST", CHANNEL_MESSAGES, allowed, channel_id=chan.id)
    emu.assert_no_violations()

    body = flagged(text("and more"), **{field: value})
    errors = await refused(emu, bot, "POST", CHANNEL_MESSAGES, body, channel_id=chan.id)
    assert errors[field]["_errors"][0]["code"] == LEGACY
    assert [v.rule for v in emu.violations] == ["v2_legacy_field"]
    assert [m.text for m in emu.channel_messages(chan)] == ["only components"]


async def test_flag_is_never_removed(emu, place, bot):
    chan, _ = place
    sent = await bot.get_channel(chan.id).send(view=card("one"))
    await sent.edit(view=card("two"))
    ids = {"channel_id": chan.id, "message_id": sent.id}
    await raw(bot, "PATCH", ONE_MESSAGE, {"components": [text("three")]}, **ids)
    message = emu.messages[sent.id]
    assert message.flags & V2 and message.text == "three"
    emu.assert_no_violations()

    classic = {"flags": 0, "components": [{"type": 1, "components": [BUTTON]}]}
    errors = await refused(emu, bot, "PATCH", ONE_MESSAGE, classic, **ids)
    assert list(errors) == ["flags"]
    assert [v.rule for v in emu.violations] == ["v2_flag_removed"]
    assert message.flags & V2 and message.text == "three" and message.content == ""


async def test_classic_message_becomes_v2_only_when_the_edit_empties_content_and_embeds(
    emu, place, bot
):
    chan, _ = place
    sent = await bot.get_channel(chan.id).send("turn 3", embed=discord.Embed(title="sheet"))
    message = emu.messages[sent.id]
    with pytest.raises(discord.HTTPException):
        await sent.edit(view=card("turn 3"))  # content and embeds would stay
    errors = emu.error_responses[-1][2]["errors"]
    assert errors["content"]["_errors"][0]["code"] == LEGACY
    assert errors["embeds"]["_errors"][0]["code"] == LEGACY
    with pytest.raises(discord.HTTPException):
        await sent.edit(content=None, view=card("turn 3"))  # the embed would stay
    assert list(emu.error_responses[-1][2]["errors"]) == ["embeds"]
    assert not message.flags & V2 and message.content == "turn 3"
    assert {v.rule for v in emu.violations} == {"v2_legacy_field"}
    emu.violations.clear()

    await sent.edit(content=None, embed=None, view=card("turn 3, now V2"))
    assert message.flags & V2 and message.text == "turn 3, now V2"
    assert message.content == "" and message.embeds == []
    emu.assert_no_violations()


# --- sizes -----------------------------------------------------------------------------------


async def test_at_most_40_components_and_4000_characters_of_text(emu, place, bot):
    chan, _ = place
    forty = flagged(*(text("x" * 100) for _ in range(40)))
    await raw(bot, "POST", CHANNEL_MESSAGES, forty, channel_id=chan.id)
    one_long = flagged({"type": 17, "components": [text("y" * 4000)]})
    await raw(bot, "POST", CHANNEL_MESSAGES, one_long, channel_id=chan.id)
    emu.assert_no_violations()

    container = {"type": 17, "components": [text("z") for _ in range(40)]}  # 41 in all
    await refused(emu, bot, "POST", CHANNEL_MESSAGES, flagged(container), channel_id=chan.id)
    too_long = flagged(text("a" * 2000), {"type": 17, "components": [text("b" * 2001)]})
    await refused(emu, bot, "POST", CHANNEL_MESSAGES, too_long, channel_id=chan.id)
    assert [v.rule for v in emu.violations] == ["too_many_components", "v2_text_too_long"]
    assert len(emu.channel_messages(chan)) == 2


def media(url: str = "https://example.com/a.png", **fields: Any) -> dict[str, Any]:
    return {"media": {"url": url}, **fields}


def section(*texts: dict[str, Any], accessory: dict[str, Any] | None = None) -> dict[str, Any]:
    shown = {"type": 9, "components": list(texts)}
    return shown if accessory is None else {**shown, "accessory": accessory}


BUTTON = {"type": 2, "style": 1, "label": "Roll", "custom_id": "roll"}
THUMBNAIL = {"type": 11, **media(description="a die")}
OPTION = {"label": "one", "value": "1"}

WITHIN_EVERY_LIMIT = [
    {
        "type": 17,
        "accent_color": 0xFFFFFF,
        "components": [
            section(text("a"), text("b"), text("c"), accessory=BUTTON),
            section(text("d"), accessory={"type": 11, **media(description="d" * 1024)}),
            {"type": 12, "items": [media(description="e" * 1024) for _ in range(10)]},
            {"type": 14, "divider": True, "spacing": 2},
            {"type": 1, "components": [{**BUTTON, "custom_id": "again"}]},
        ],
    },
    {"type": 17, "accent_color": 0, "components": [text("second container")]},
    {"type": 14, "spacing": 1},
]

BROKEN = {
    "gallery_empty": ([{"type": 12, "items": []}], "v2_gallery_items"),
    "gallery_11": ([{"type": 12, "items": [media() for _ in range(11)]}], "v2_gallery_items"),
    "alt_text_1025": (
        [{"type": 12, "items": [media(description="x" * 1025)]}],
        "v2_description_too_long",
    ),
    "thumbnail_alt_1025": (
        [section(text("a"), accessory={"type": 11, **media(description="x" * 1025)})],
        "v2_description_too_long",
    ),
    "no_media_url": ([{"type": 12, "items": [{"media": {}}]}], "v2_media_missing"),
    "accent_too_big": (
        [{"type": 17, "accent_color": 0x1000000, "components": [text("a")]}],
        "v2_accent_color",
    ),
    "accent_negative": (
        [{"type": 17, "accent_color": -1, "components": [text("a")]}],
        "v2_accent_color",
    ),
    "section_4_texts": (
        [section(*(text(c) for c in "abcd"), accessory=BUTTON)],
        "v2_section_texts",
    ),
    "section_empty": ([section(accessory=BUTTON)], "v2_section_texts"),
    "section_no_accessory": ([section(text("a"))], "v2_section_accessory"),
    "section_select_accessory": (
        [section(text("a"), accessory={"type": 3, "custom_id": "s", "options": [OPTION]})],
        "v2_section_accessory",
    ),
    "section_holds_a_gallery": (
        [section({"type": 12, "items": [media()]}, accessory=BUTTON)],
        "v2_component_misplaced",
    ),
    "separator_spacing_3": ([{"type": 14, "spacing": 3}], "v2_separator_spacing"),
    "thumbnail_alone": ([THUMBNAIL], "v2_component_misplaced"),
    "button_alone": ([BUTTON], "v2_component_misplaced"),
    "container_in_container": (
        [{"type": 17, "components": [{"type": 17, "components": [text("a")]}]}],
        "v2_component_misplaced",
    ),
    "empty_text": ([text("")], "v2_text_missing"),
    "file_by_url": (
        [{"type": 13, "file": {"url": "https://example.com/rules.pdf"}}],
        "v2_file_not_attachment",
    ),
}


@pytest.mark.parametrize("kind", list(BROKEN))
async def test_each_component_keeps_its_own_limits(emu, place, bot, kind):
    chan, _ = place
    await raw(bot, "POST", CHANNEL_MESSAGES, flagged(*WITHIN_EVERY_LIMIT), channel_id=chan.id)
    emu.assert_no_violations()

    components, rule = BROKEN[kind]
    await refused(emu, bot, "POST", CHANNEL_MESSAGES, flagged(*components), channel_id=chan.id)
    assert [v.rule for v in emu.violations] == [rule]
    assert len(emu.channel_messages(chan)) == 1


# --- attachments -----------------------------------------------------------------------------


async def test_attachments_are_shown_only_through_components_that_name_them(emu, place, bot):
    chan, _ = place
    channel = bot.get_channel(chan.id)
    view = gallery("the board", "board.png")
    view.add_item(
        discord.ui.Section(
            discord.ui.TextDisplay("alice"),
            accessory=discord.ui.Thumbnail("attachment://alice.png", description="alice's sheet"),
        )
    )
    view.add_item(discord.ui.File("attachment://rules.txt"))
    rules = discord.File(io.BytesIO(b"rules"), "rules.txt")
    sent = await channel.send(view=view, files=[png("board.png"), png("alice.png"), rules])
    message = emu.messages[sent.id]
    assert [a.filename for a in message.attachments] == ["board.png", "alice.png", "rules.txt"]
    assert message.media_descriptions() == {
        "attachment://board.png": "alt board.png",
        "attachment://alice.png": "alice's sheet",
        "attachment://rules.txt": None,
    }
    # As Discord answers it, the gallery item points at the stored attachment.
    container, *_ = sent.components
    shown_gallery = next(
        c for c in container.children if isinstance(c, discord.MediaGalleryComponent)
    )
    assert shown_gallery.items[0].media.url == sent.attachments[0].url
    # A gallery read back from a message shows the same picture by its url.
    board = await channel.send(view=gallery("the board", "board.png"), file=png("board.png"))
    await board.edit(view=discord.ui.LayoutView.from_message(board))
    assert emu.messages[board.id].media_descriptions() == {
        board.attachments[0].url: "alt board.png"
    }
    emu.assert_no_violations()

    # A reference to a file that is not there: refused.
    with pytest.raises(discord.HTTPException) as caught:
        await channel.send(view=gallery("missing", "other.png"), file=png("board.png"))
    assert caught.value.status == 400 and caught.value.code == 50035
    assert [v.rule for v in emu.violations] == ["v2_attachment_not_found"]
    emu.violations.clear()

    # An upload no component names: Discord keeps it but shows it nowhere.
    hidden = await channel.send(view=card("where is the picture?"), file=png("lost.png"))
    assert [a.filename for a in emu.messages[hidden.id].attachments] == ["lost.png"]
    (violation,) = emu.violations
    assert violation.rule == "v2_attachment_not_shown" and "lost.png" in violation.detail
    emu.violations.clear()

    # An edit that drops the gallery but keeps its file hides it too.
    await sent.edit(view=card("no picture now"))
    assert [v.rule for v in emu.violations] == ["v2_attachment_not_shown"]
    emu.violations.clear()
    await sent.edit(view=card("no picture, no file"), attachments=[])
    assert message.attachments == []
    emu.assert_no_violations()


# --- interactions ----------------------------------------------------------------------------


async def test_callback_answer_follows_the_rules(emu, place, bot):
    chan, alice = place
    ix = await emu.slash(alice, chan, "v2", {"kind": "answer"})
    assert list(refusal_steps(bot)) == ["content"]
    assert ix.response_type == 4 and ix.message.flags & V2 and ix.message.text == "answered"
    assert [v.rule for v in emu.violations] == ["v2_legacy_field"]


async def test_deferred_response_carries_only_the_ephemeral_flag(emu, place, bot):
    chan, alice = place
    ix = await emu.slash(alice, chan, "v2", {"kind": "defer"})
    assert list(refusal_steps(bot)) == ["defer"]
    assert [v.rule for v in emu.violations] == ["deferred_flags"]
    # The V2 answer after the defer: the edit of the original response.
    assert ix.response_type == 5 and not ix.message.loading
    assert ix.message.flags & V2 and ix.message.text == "after the defer"


async def test_new_upload_in_a_gallery_is_refused_on_an_edit_of_the_original(emu, place, bot):
    chan, alice = place
    ix = await emu.slash(alice, chan, "v2", {"kind": "gallery"})
    assert list(refusal_steps(bot)) == ["original", "first followup"]
    assert [v.rule for v in emu.violations] == ["v2_gallery_upload_in_original_edit"] * 2
    assert ix.message.text == "the sheet follows" and ix.message.attachments == []
    # The same picture as a new followup message: shown.
    (shown,) = [m for m in ix.followups if m is not ix.message]
    assert shown.media_descriptions() == {"attachment://sheet.png": "alt sheet.png"}
    assert [a.filename for a in shown.attachments] == ["sheet.png"]


async def test_click_may_put_a_new_upload_in_a_gallery_with_update_message(emu, place, bot):
    chan, alice = place
    ix = await emu.slash(alice, chan, "v2", {"kind": "board"})
    board = ix.message
    assert board.flags & V2 and board.button(label="Picture")

    click = await emu.click(alice, board, "v2:picture")
    assert click.response_type == 7 and board.text == "after the click"
    assert [a.filename for a in board.attachments] == ["click.png"]
    emu.assert_no_violations()


async def test_update_message_follows_the_rules(emu, place, bot):
    chan, alice = place
    ix = await emu.slash(alice, chan, "v2", {"kind": "board"})
    click = await emu.click(alice, ix.message, "v2:wordy")
    assert list(refusal_steps(bot)) == ["wordy"]
    assert click.response_type == 7 and ix.message.text == "without content"
    assert ix.message.content == "" and ix.message.flags & V2
    assert [v.rule for v in emu.violations] == ["v2_legacy_field"]


async def test_followups_and_their_edits_follow_the_rules(emu, place, bot):
    chan, alice = place
    ix = await emu.slash(alice, chan, "v2", {"kind": "followups"})
    assert list(refusal_steps(bot)) == ["content", "unflag"]
    assert [v.rule for v in emu.violations] == ["v2_legacy_field", "v2_flag_removed"]
    (second,) = ix.followups
    assert second.flags & V2 and second.text == "second, edited"


async def test_dm_follows_the_rules(emu, place, bot):
    _, alice = place
    dm = await bot.create_dm(discord.Object(alice.id))
    await dm.send(view=card("your sheet"))
    (message,) = emu.dm_messages(alice)
    assert message.flags & V2 and message.text == "your sheet"
    emu.assert_no_violations()

    body = flagged(text("and"), content="words")
    errors = await refused(emu, bot, "POST", CHANNEL_MESSAGES, body, channel_id=dm.id)
    assert errors["content"]["_errors"][0]["code"] == LEGACY
    assert len(emu.dm_messages(alice)) == 1


async def test_classic_messages_pass_as_before(emu, place, bot):
    chan, _ = place
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="Roll", custom_id="classic:roll"))
    channel = bot.get_channel(chan.id)
    sent = await channel.send("turn 1", view=view, file=png("board.png"))
    await sent.edit(content="turn 2", embed=discord.Embed(title="sheet"))
    message = emu.messages[sent.id]
    assert not message.flags & V2 and message.text == "turn 2"
    assert [a.filename for a in message.attachments] == ["board.png"]
    emu.assert_no_violations()
