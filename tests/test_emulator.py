"""The Discord emulator proven with a tiny real discord.py bot that logs in to it."""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import zlib

import aiohttp
import discord
import discord.gateway
import discord.http
import pytest
import yarl
from discord import app_commands
from discord.ext import commands
from PIL import Image

from tests.emulator import FakeDiscord, Message, point_discord_at
from tests.emulator.command_limits import command_breaches
from tests.emulator.limits import form_error, message_breaches
from tests.emulator.messages import Upload, attachments_after, create_message, edit_message
from tests.emulator.state import World

TOKEN = "test-token"
ELEVEN_MIB = 11 * 1024 * 1024


def die_picture(sides: int) -> bytes:
    picture = Image.new("RGB", (8, 8), (sides, 40, 90))
    out = io.BytesIO()
    picture.save(out, "PNG")
    return out.getvalue()


# --- the tiny bot -------------------------------------------------------------------------


class RerollView(discord.ui.View):
    """Not persistent: found again through the response_message_id of the callback."""

    def __init__(self) -> None:
        super().__init__(timeout=30)

    @discord.ui.button(label="Reroll", custom_id="roll:again", style=discord.ButtonStyle.primary)
    async def reroll(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.edit_message(content="rerolled", view=None, attachments=[])


class PressView(discord.ui.View):
    """Persistent: registered at start-up, so it survives a restart of the bot."""

    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Press", custom_id="keep:press")
    async def press(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.send_message(f"pressed by {interaction.user.name}")


class ThanksView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Thanks", custom_id="dm:thanks")
    async def thanks(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        where = "dm" if interaction.guild is None else "guild"
        await interaction.response.send_message(f"welcome in {where}")


class PickView(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=30)

    @discord.ui.select(
        custom_id="pick:letters",
        max_values=2,
        options=[discord.SelectOption(label=x.upper(), value=x) for x in "abc"],
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.edit_message(content=f"picked {','.join(select.values)}")


@app_commands.command(description="Roll a die")
@app_commands.describe(sides="Number of sides", label="What is rolled")
async def roll(
    interaction: discord.Interaction, sides: app_commands.Range[int, 2, 100], label: str = "die"
) -> None:
    picture = discord.File(io.BytesIO(die_picture(sides)), "roll.png")
    await interaction.response.send_message(f"{label}: d{sides}", file=picture, view=RerollView())


table = app_commands.Group(name="table", description="Table games")


@table.command(name="new", description="Open a table")
@app_commands.choices(
    game=[
        app_commands.Choice(name="Dice Stars", value="ds"),
        app_commands.Choice(name="Dizzle", value="dz"),
    ]
)
async def table_new(
    interaction: discord.Interaction,
    game: app_commands.Choice[str],
    level: str = "1",
    rival: discord.User | None = None,
) -> None:
    versus = rival.name if rival else "nobody"
    text = f"{game.value} level {level} vs {versus} in {interaction.locale.value}"
    await interaction.response.send_message(text, view=PressView())


table_admin = app_commands.Group(name="admin", description="Table upkeep", parent=table)


@table_admin.command(name="reset", description="Reset a table")
async def table_reset(interaction: discord.Interaction, hard: bool = False) -> None:
    await interaction.response.send_message(f"reset hard={hard}", ephemeral=True)


@table_new.autocomplete("level")
async def level_choices(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    levels = [str(n) for n in range(1, 40) if current in str(n)]
    return [app_commands.Choice(name=f"Level {n}", value=n) for n in levels[:25]]


@app_commands.command(description="Think, then answer")
async def slow(interaction: discord.Interaction) -> None:
    await interaction.response.defer(thinking=True)
    await asyncio.sleep(0.1)
    await interaction.followup.send("slow answer")
    await interaction.followup.send("second thought", ephemeral=True)


@app_commands.command(description="A private answer")
async def secret(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("only for you", ephemeral=True)


@app_commands.command(description="Pick letters")
async def pick(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("pick some", view=PickView())


@app_commands.command(description="Send a DM")
async def whisper(interaction: discord.Interaction, target: discord.User) -> None:
    try:
        await target.send("psst", view=ThanksView())
    except discord.Forbidden as refusal:
        interaction.client.errors.append(refusal)
        await interaction.response.send_message("DMs closed", ephemeral=True)
        return
    await interaction.response.send_message("sent", ephemeral=True)


@app_commands.command(description="Server settings")
@app_commands.default_permissions(manage_guild=True)
async def settings(interaction: discord.Interaction) -> None:
    await interaction.response.send_message("settings", ephemeral=True)


@app_commands.command(description="Answer too late")
async def late(interaction: discord.Interaction) -> None:
    await asyncio.sleep(0.5)
    try:
        await interaction.response.send_message("finally")
    except discord.HTTPException as refusal:
        interaction.client.errors.append(refusal)


class NameModal(discord.ui.Modal, title="Name the table"):
    name = discord.ui.TextInput(label="Name", custom_id="table:name", max_length=40)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"table {self.name.value}")


@app_commands.command(description="Name a table")
async def rename(interaction: discord.Interaction) -> None:
    await interaction.response.send_modal(NameModal())


@app_commands.command(description="Open a thread for a table")
async def open_table(interaction: discord.Interaction, name: str) -> None:
    thread = await interaction.channel.create_thread(
        name=name, type=discord.ChannelType.public_thread
    )
    welcome = await thread.send("welcome")
    await welcome.add_reaction("🎲")
    await interaction.response.send_message(f"opened {thread.mention}")


def row(*items: dict) -> dict:
    return {"type": 1, "components": list(items)}


def button(custom_id: str) -> dict:
    return {"type": 2, "style": 1, "label": custom_id[:10], "custom_id": custom_id}


BAD_MESSAGES = {
    "rows": {"content": "rows", "components": [row(button(f"b{n}")) for n in range(6)]},
    "options": {
        "components": [
            row(
                {
                    "type": 3,
                    "custom_id": "s",
                    "options": [{"label": str(n), "value": str(n)} for n in range(26)],
                }
            )
        ]
    },
    "custom_id": {"components": [row(button("c" * 101))]},
    "duplicate": {"components": [row(button("same"), button("same"))]},
}


async def break_a_limit(interaction: discord.Interaction, kind: str) -> None:
    """Each kind breaks one of Discord's rules through the real client."""
    http, channel = interaction.client.http, interaction.channel
    if kind == "long":
        await interaction.response.send_message("x" * 2001)
        return
    await interaction.response.send_message("trying", ephemeral=True)
    if kind in BAD_MESSAGES:
        route = discord.http.Route("POST", "/channels/{channel_id}/messages", channel_id=channel.id)
        await http.request(route, json=BAD_MESSAGES[kind])
    elif kind == "file":
        await channel.send(file=discord.File(io.BytesIO(b"\0" * ELEVEN_MIB), "big.bin"))
    elif kind == "twice":
        route = discord.http.Route(
            "POST", "/interactions/{i}/{token}/callback", i=interaction.id, token=interaction.token
        )
        await http.request(route, json={"type": 4, "data": {"content": "again"}})
    elif kind == "foreign":
        async for message in channel.history(limit=10):
            if message.author != interaction.client.user:
                await message.edit(content="hijacked")
    elif kind == "route":
        await http.request(discord.http.Route("GET", "/nowhere"))


@app_commands.command(description="Break a Discord limit")
async def bad(interaction: discord.Interaction, kind: str) -> None:
    try:
        await break_a_limit(interaction, kind)
    except discord.HTTPException as refusal:
        interaction.client.errors.append(refusal)
        if not interaction.response.is_done():
            await interaction.response.send_message("refused", ephemeral=True)


TINY_COMMANDS = (roll, table, slow, secret, pick, whisper, settings, late, bad, rename, open_table)


class TinyBot(commands.Bot):
    def __init__(self, api_base: str, gateway_url: str, **options: object) -> None:
        # Like the real bot, it points discord.py at the Discord named in its settings.
        discord.http.Route.BASE = api_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            guild_ready_timeout=0.05,
            **options,  # type: ignore[arg-type]
        )
        self.errors: list[discord.HTTPException] = []
        self.resumed = asyncio.Event()
        for command in TINY_COMMANDS:
            self.tree.add_command(command)

    async def setup_hook(self) -> None:
        self.add_view(PressView())
        self.add_view(ThanksView())
        await self.tree.sync()

    async def on_resumed(self) -> None:
        self.resumed.set()

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        # discord.py waits 5 s before identifying again; tests need not.
        return None


class ShoutingTranslator(app_commands.Translator):
    """German names in capitals: Discord refuses upper-case slash command names."""

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: object
    ) -> str | None:
        return string.message.upper() if locale is discord.Locale.german else None


class ShoutingBot(TinyBot):
    async def setup_hook(self) -> None:
        await self.tree.set_translator(ShoutingTranslator())
        await super().setup_hook()


# --- fixtures -----------------------------------------------------------------------------


@pytest.fixture
async def emu():
    async with FakeDiscord(bot_token=TOKEN, bot_name="Table") as fake:
        with point_discord_at(fake):
            yield fake


@pytest.fixture
def place(emu):
    guild = emu.add_guild("Friday Night", locale="de")
    chan = emu.add_channel(guild, "games")
    thread = emu.add_thread(chan, "table 2")
    alice = emu.add_user("alice", locale="en-US")
    bob = emu.add_user("bob", locale="fr")
    emu.add_member(guild, alice)
    emu.add_member(guild, bob, manage_guild=True)
    return guild, chan, thread, alice, bob


@pytest.fixture
async def bot(emu, place):
    async with emu.run_bot(TinyBot(emu.api_base, emu.gateway_url)) as running:
        yield running


# --- login, sync, gateway -----------------------------------------------------------------


async def test_bot_logs_in_and_syncs_its_commands(emu, place, bot):
    guild = place[0]
    names = {command["name"] for command in emu.commands}
    assert {"roll", "table", "slow", "secret", "whisper", "settings"} <= names
    roll_options = next(c for c in emu.commands if c["name"] == "roll")["options"]
    assert [(o["name"], o["type"], o.get("required", False)) for o in roll_options] == [
        ("sides", 4, True),
        ("label", 3, False),
    ]
    assert bot.user.id == emu.bot_user.id
    assert bot.get_guild(guild.id).me is not None
    assert [c.name for c in bot.get_guild(guild.id).text_channels] == ["games"]
    assert [t.name for t in bot.get_guild(guild.id).threads] == ["table 2"]
    paths = [f"{r.method} {r.path}" for r in emu.requests]
    assert paths[:3] == [
        "GET /users/@me",
        "GET /oauth2/applications/@me",
        f"PUT /applications/{emu.application_id}/commands",
    ]
    assert emu.peak_rate(window=60) == len(emu.requests)
    assert 1 <= emu.peak_rate(window=0.001) <= len(emu.requests)
    emu.assert_no_violations()


async def test_world_changes_reach_the_running_bot(emu, place, bot):
    later = emu.add_guild("Later", locale="fr")
    lounge = emu.add_channel(place[0], "lounge")
    await emu.wait_until(lambda: bot.get_guild(later.id) and bot.get_channel(lounge.id))
    assert bot.get_guild(later.id).preferred_locale is discord.Locale.french
    assert bot.get_channel(lounge.id).name == "lounge"


async def test_invalid_command_names_fail_the_sync_and_the_start(emu, place):
    with pytest.raises(discord.HTTPException) as refusal:
        async with emu.run_bot(ShoutingBot(emu.api_base, emu.gateway_url)):
            pass
    assert refusal.value.code == 50035
    assert {v.rule for v in emu.violations} == {"command_invalid"}
    assert any("name_localizations.de: Command name 'ROLL'" in v.detail for v in emu.violations)
    assert emu.commands == []


async def test_gateway_uses_zlib_stream_frames(emu, bot):
    (connection,) = emu.gateway_connections
    assert connection.query["compress"] == "zlib-stream"
    assert connection.query["encoding"] == "json" and connection.query["v"] == "10"
    assert connection.binary_frames >= 3  # HELLO, READY, GUILD_CREATE at least
    assert connection.text_frames == 0


async def test_gateway_stream_decodes_with_one_zlib_context(emu, place):
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(f"{emu.gateway_url}?v=10&encoding=json&compress=zlib-stream") as ws,
    ):
        inflate = zlib.decompressobj()
        hello = await ws.receive()
        assert hello.type is aiohttp.WSMsgType.BINARY
        assert hello.data.endswith(b"\x00\x00\xff\xff")
        assert json.loads(inflate.decompress(hello.data))["op"] == 10
        await ws.send_str(json.dumps({"op": 2, "d": {"token": TOKEN, "intents": 1}}))
        events = [json.loads(inflate.decompress((await ws.receive()).data)) for _ in range(2)]
        assert [e["t"] for e in events] == ["READY", "GUILD_CREATE"]
        assert events[1]["d"]["name"] == "Friday Night"
        assert [m["user"]["username"] for m in events[1]["d"]["members"]] == ["Table"]
        await ws.send_str(json.dumps({"op": 1, "d": 2}))
        assert json.loads(inflate.decompress((await ws.receive()).data)) == {"op": 11}
        request = {"guild_id": str(place[0].id), "query": "", "limit": 0, "nonce": "n1"}
        await ws.send_str(json.dumps({"op": 8, "d": request}))
        chunk = json.loads(inflate.decompress((await ws.receive()).data))
        assert chunk["t"] == "GUILD_MEMBERS_CHUNK" and chunk["d"]["nonce"] == "n1"
        names = {m["user"]["username"] for m in chunk["d"]["members"]}
        assert names == {"Table", "alice", "bob"}


async def test_reconnect_resumes_the_session(emu, place, bot):
    _, chan, _, alice, _ = place
    emu.request_reconnect()
    await asyncio.wait_for(bot.resumed.wait(), 3)
    assert [c.resumed for c in emu.gateway_connections] == [False, True]
    ix = await emu.slash(alice, chan, "secret")
    assert ix.message.content == "only for you"


async def test_invalidated_session_identifies_again(emu, place, bot):
    _, chan, _, alice, _ = place
    first = emu.gateway.live
    emu.invalidate_session()
    await emu.wait_until(lambda: emu.gateway.live not in (None, first), what="a new session")
    assert len(emu.gateway_connections) == 2
    ix = await emu.slash(alice, chan, "secret")
    assert ix.message.content == "only for you"


async def test_wrong_token_fails_login(emu):
    intruder = TinyBot(emu.api_base, emu.gateway_url)
    with pytest.raises(discord.LoginFailure):
        await intruder.start("not-the-token")
    await intruder.close()
    assert emu.error_responses[0][:2] == ("GET /users/@me", 401)


async def test_point_discord_at_restores_the_old_targets():
    def targets() -> tuple[str, yarl.URL]:
        return discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY

    original = targets()
    async with FakeDiscord() as other:
        with point_discord_at(other):
            assert targets() == (other.api_base, yarl.URL(other.gateway_url))
    assert targets() == original


async def test_json_answers_have_the_exact_content_type(emu):
    async with (
        aiohttp.ClientSession() as session,
        session.get(f"{emu.api_base}/users/@me", headers={"Authorization": f"Bot {TOKEN}"}) as got,
    ):
        assert got.headers["Content-Type"] == "application/json"
        assert (await got.json())["username"] == "Table"


# --- slash commands, components, responses -------------------------------------------------


@pytest.mark.parametrize("where", ["channel", "thread"])
async def test_slash_answered_with_png_and_button_then_click_edits(emu, place, bot, where):
    _, chan, thread, alice, _ = place
    target = chan if where == "channel" else thread
    ix = await emu.slash(alice, target, "roll", {"sides": 20, "label": "Drache"})
    assert ix.response_type == 4 and ix.responded_in < emu.response_deadline
    (message,) = emu.channel_messages(target)
    assert message is ix.message and message.content == "Drache: d20"
    (picture,) = message.attachments
    assert picture.filename == "roll.png" and picture.content_type == "image/png"
    assert picture.data == die_picture(20)
    assert message.button(label="Reroll")["custom_id"] == "roll:again"

    click = await emu.click(alice, message, "roll:again")
    assert click.response_type == 7 and click.message is message
    assert message.content == "rerolled"
    assert message.attachments == [] and message.buttons() == []
    assert [old.content for old in message.edits] == ["Drache: d20"]
    assert emu.channel_messages(target) == [message]
    emu.assert_no_violations()


async def test_subcommand_choices_user_option_and_locales(emu, place, bot):
    _, chan, _, alice, bob = place
    ix = await emu.slash(alice, chan, "table new", {"game": "dz", "level": "3", "rival": bob})
    assert ix.payload["data"]["options"][0]["name"] == "new"
    assert ix.payload["data"]["resolved"]["users"][str(bob.id)]["username"] == "bob"
    assert ix.payload["locale"] == "en-US" and ix.payload["guild_locale"] == "de"
    assert ix.message.content == "dz level 3 vs bob in en-US"
    german = await emu.slash(alice, chan, "table new", {"game": "ds"}, locale="de")
    assert german.message.content == "ds level 1 vs nobody in de"
    reset = await emu.slash(bob, chan, "table admin reset", {"hard": True})
    (group,) = reset.payload["data"]["options"]
    assert (group["name"], group["type"], group["options"][0]["name"]) == ("admin", 2, "reset")
    assert reset.message.content == "reset hard=True"
    with pytest.raises(AssertionError, match="needs a subcommand"):
        await emu.slash(bob, chan, "table admin")


async def test_autocomplete_returns_the_bots_choices(emu, place, bot):
    _, chan, _, alice, _ = place
    choices = await emu.autocomplete(alice, chan, "table new", "level", "1", {"game": "ds"})
    assert choices[0] == {"name": "Level 1", "value": "1"}
    assert all("1" in choice["value"] for choice in choices)
    assert len(choices) == len([n for n in range(1, 40) if "1" in str(n)])


async def test_slash_refuses_what_a_user_could_not_send(emu, place, bot):
    _, chan, _, alice, bob = place
    with pytest.raises(AssertionError, match="not synced"):
        await emu.slash(alice, chan, "nosuch")
    with pytest.raises(AssertionError, match="below the minimum"):
        await emu.slash(alice, chan, "roll", {"sides": 1})
    with pytest.raises(AssertionError, match="needs the options"):
        await emu.slash(alice, chan, "roll", {"label": "x"})
    with pytest.raises(AssertionError, match="not one of"):
        await emu.slash(alice, chan, "table new", {"game": "chess"})
    with pytest.raises(AssertionError, match="may not use /settings"):
        await emu.slash(alice, chan, "settings")
    allowed = await emu.slash(bob, chan, "settings")
    assert allowed.message.content == "settings"
    assert len(emu.interactions) == 1


async def test_deferred_response_is_filled_by_the_first_followup(emu, place, bot):
    _, chan, _, alice, _ = place
    ix = await emu.slash(alice, chan, "slow")
    await emu.wait_until(lambda: len(ix.followups) == 2, what="two followups")
    assert ix.response_type == 5
    assert ix.message.content == "slow answer" and not ix.message.loading
    assert ix.followups[0] is ix.message
    assert [m.content for m in emu.channel_messages(chan)] == ["slow answer"]
    assert [m.content for m in emu.visible_to(alice, chan)] == ["slow answer", "second thought"]
    assert ix.followups[1].ephemeral_for == alice.id


async def test_ephemeral_reply_is_seen_only_by_its_user(emu, place, bot):
    _, chan, _, alice, bob = place
    ix = await emu.slash(alice, chan, "secret")
    assert ix.ephemeral and ix.message.ephemeral_for == alice.id
    assert emu.visible_to(alice, chan) == [ix.message]
    assert emu.visible_to(bob, chan) == []
    assert emu.channel_messages(chan) == []
    assert "only for you" in [t for m in emu.all_messages() for t in m.texts()]


async def test_modal_is_shown_and_submitted(emu, place, bot):
    _, chan, _, alice, _ = place
    opened = await emu.slash(alice, chan, "rename")
    assert opened.response_type == 9 and opened.modal["title"] == "Name the table"
    with pytest.raises(AssertionError, match="needs answers"):
        await emu.submit_modal(alice, opened, {})
    submitted = await emu.submit_modal(alice, opened, {"table:name": "Drachenhort"})
    assert submitted.message.content == "table Drachenhort"


async def test_bot_opens_a_thread_posts_and_reacts(emu, place, bot):
    _, chan, _, alice, _ = place
    ix = await emu.slash(alice, chan, "open_table", {"name": "table 3"})
    thread = next(c for c in emu.channels.values() if c.name == "table 3")
    assert thread.parent is chan and thread.is_thread
    assert ix.message.content == f"opened <#{thread.id}>"
    (welcome,) = emu.channel_messages(thread)
    assert welcome.content == "welcome" and welcome.reactions == {"🎲": {emu.bot_user.id}}
    assert bot.get_channel(thread.id).name == "table 3"


async def test_select_edits_the_message(emu, place, bot):
    _, chan, _, alice, _ = place
    message = (await emu.slash(alice, chan, "pick")).message
    ix = await emu.select(alice, message, "pick:letters", ["a", "c"])
    assert ix.response_type == 7 and message.content == "picked a,c"
    with pytest.raises(AssertionError, match="not among the options"):
        await emu.select(alice, message, "pick:letters", ["z"])


async def test_dm_is_sent_and_its_button_works(emu, place, bot):
    _, chan, _, alice, bob = place
    ix = await emu.slash(alice, chan, "whisper", {"target": bob})
    assert ix.message.content == "sent"
    (dm,) = emu.dm_messages(bob)
    assert dm.content == "psst" and dm.channel.recipient is bob
    click = await emu.click(bob, dm, "dm:thanks")
    assert "guild_id" not in click.payload and click.payload["channel"]["type"] == 1
    assert click.payload["user"]["id"] == str(bob.id)
    assert click.message.content == "welcome in dm"
    assert click.message.channel is dm.channel
    with pytest.raises(AssertionError, match="cannot see"):
        await emu.click(alice, dm, "dm:thanks")
    in_dm = await emu.slash(alice, emu.open_dm(alice), "secret")
    assert in_dm.payload["context"] == 1 and in_dm.message.channel.is_dm


async def test_dm_to_closed_dms_is_refused_with_50007(emu, place, bot):
    _, chan, _, alice, bob = place
    bob.dms_open = False
    ix = await emu.slash(alice, chan, "whisper", {"target": bob})
    assert ix.message.content == "DMs closed"
    assert (bot.errors[0].status, bot.errors[0].code) == (403, 50007)
    assert emu.dm_messages(bob) == []
    emu.assert_no_violations()


# --- limits -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kind", "rule", "status", "code"),
    [
        ("long", "content_too_long", 400, 50035),
        ("rows", "too_many_rows", 400, 50035),
        ("options", "too_many_options", 400, 50035),
        ("custom_id", "custom_id_too_long", 400, 50035),
        ("duplicate", "duplicate_custom_id", 400, 50035),
        ("file", "attachment_too_large", 413, 40005),
        ("twice", "already_acknowledged", 400, 40060),
        ("foreign", "edit_foreign_message", 403, 50005),
        ("route", "unknown_route", 404, 0),
    ],
)
async def test_each_broken_limit_is_a_violation(emu, place, bot, kind, rule, status, code):
    _, chan, _, alice, _ = place
    await emu.post(alice, chan, "a message by alice")
    ix = await emu.slash(alice, chan, "bad", {"kind": kind})
    await emu.wait_until(lambda: bot.errors, what="Discord's refusal")
    await ix.wait_response()
    assert [v.rule for v in emu.violations] == [rule]
    assert emu.violations[0].status == status
    (refusal,) = bot.errors
    assert (refusal.status, refusal.code) == (status, code)
    assert ix.response_type == 4
    assert emu.channel_messages(chan)[0].content == "a message by alice"
    assert len(emu.channel_messages(chan)) == 1


async def test_a_crashing_route_answers_400_and_records_the_traceback(emu, place):
    chan = place[1]
    url = f"{emu.api_base}/channels/{chan.id}/messages"
    broken = {"content": "hi", "components": "not a list"}
    async with (
        aiohttp.ClientSession(headers={"Authorization": f"Bot {TOKEN}"}) as session,
        session.post(url, json=broken) as answer,
    ):
        assert answer.status == 400
    (violation,) = emu.violations
    assert violation.rule == "handler_error" and "Traceback" in violation.detail


async def test_late_response_is_refused_as_unknown_interaction(emu, place, bot):
    _, chan, _, alice, _ = place
    emu.response_deadline = 0.3
    ix = await emu.slash(alice, chan, "late")
    assert ix.response_type is None and ix.refused == [404]
    (violation,) = emu.violations
    assert violation.rule == "late_response" and "/late by alice" in violation.detail
    assert ix.age >= 0.5
    assert bot.errors[0].code == 10062
    assert emu.channel_messages(chan) == []


async def test_no_answer_fails_naming_the_interaction(emu, place, bot):
    _, chan, _, alice, _ = place
    emu.callback_timeout = 0.2
    with pytest.raises(AssertionError, match="/late by alice in #games"):
        await emu.slash(alice, chan, "late")
    (ix,) = emu.interactions.values()
    await ix.wait_response(timeout=1)
    assert ix.message.content == "finally" and ix.responded_in > emu.callback_timeout


# --- restart ------------------------------------------------------------------------------


async def test_a_new_bot_instance_takes_over_the_same_emulator(emu, place):
    _, chan, _, alice, bob = place
    async with emu.run_bot(TinyBot(emu.api_base, emu.gateway_url)):
        lobby = (await emu.slash(alice, chan, "table new", {"game": "ds"})).message
    first_ids = {c["name"]: c["id"] for c in emu.commands}
    with pytest.raises(AssertionError, match="no bot is connected"):
        await emu.click(bob, lobby, "keep:press")

    async with emu.run_bot(TinyBot(emu.api_base, emu.gateway_url)) as second:
        assert second.get_guild(place[0].id) is not None
        ix = await emu.click(bob, lobby, "keep:press")
        assert ix.message.content == "pressed by bob"
    assert {c["name"]: c["id"] for c in emu.commands} == first_ids
    syncs = [r for r in emu.requests if r.method == "PUT" and r.path.endswith("/commands")]
    assert len(syncs) == 2
    assert [c.query["compress"] for c in emu.gateway_connections] == ["zlib-stream"] * 2
    assert [m.content for m in emu.channel_messages(chan)] == [lobby.content, "pressed by bob"]
    emu.assert_no_violations()


# --- sharding -----------------------------------------------------------------------------


class ShardedTinyBot(TinyBot, commands.AutoShardedBot):
    """The tiny bot on one or several shards; it notes every interaction that reaches it."""

    def __init__(self, api_base: str, gateway_url: str, **options: object) -> None:
        super().__init__(api_base, gateway_url, **options)
        self.received: list[int] = []

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        self.received.append(interaction.id)


@pytest.fixture
def two_shards(emu):
    """A guild on each shard of two, with a channel each; alice and bob are in both."""
    near, far = emu.add_guild("Near", shard=(0, 2)), emu.add_guild("Far", shard=(1, 2))
    alice, bob = emu.add_user("alice"), emu.add_user("bob")
    for guild in (near, far):
        emu.add_member(guild, alice)
        emu.add_member(guild, bob)
    return emu.add_channel(near, "near-games"), emu.add_channel(far, "far-games"), alice, bob


@contextlib.asynccontextmanager
async def running(emu, *bots: commands.Bot, shards: int):
    """Start bots (shards of one or several processes) and wait until every shard is in."""
    tasks = [asyncio.create_task(bot.start(TOKEN)) for bot in bots]
    try:
        for task in tasks:
            await emu.wait_for_bot(timeout=5, bot_task=task, shards=shards)
        yield bots
    finally:
        for bot in bots:
            await bot.close()
        for task in tasks:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(task, 5)


def ready_guilds(session) -> list[int]:
    ready = next(frame for frame in session.kept if frame["t"] == "READY")
    assert ready["d"]["shard"] == list(session.shard)
    return [int(guild["id"]) for guild in ready["d"]["guilds"]]


def test_guild_ids_can_be_chosen_for_a_shard(emu):
    for shard_id, shard_count in [(0, 2), (1, 2), (2, 3), (0, 1), (4, 5)]:
        guild = emu.add_guild(f"g{shard_id}", shard=(shard_id, shard_count))
        assert (guild.id >> 22) % shard_count == shard_id
    ids = list(emu.guilds)
    assert ids == sorted(ids), "ids keep growing, as snowflakes do"


async def test_gateway_bot_recommends_the_shard_count_and_ready_lists_own_guilds(emu, two_shards):
    near_chan, far_chan, alice, _ = two_shards
    emu.recommended_shards = 2
    bot = ShardedTinyBot(emu.api_base, emu.gateway_url)
    async with running(emu, bot, shards=2):
        assert "GET /gateway/bot" in [f"{r.method} {r.path}" for r in emu.requests]
        assert bot.shard_count == 2 and sorted(bot.shards) == [0, 1]
        sessions = emu.gateway.shards
        assert ready_guilds(sessions[0]) == [near_chan.guild.id]
        assert ready_guilds(sessions[1]) == [far_chan.guild.id]
        assert bot.get_guild(far_chan.guild.id).shard_id == 1
        ix = await emu.slash(alice, far_chan, "secret")
        assert ix.message.content == "only for you"
        assert ix.id in bot.received


async def test_each_process_gets_only_the_events_of_its_own_shards(emu, two_shards):
    near_chan, far_chan, alice, bob = two_shards
    first = ShardedTinyBot(emu.api_base, emu.gateway_url, shard_count=2, shard_ids=[0])
    second = ShardedTinyBot(emu.api_base, emu.gateway_url, shard_count=2, shard_ids=[1])
    async with running(emu, first, second, shards=2):
        assert first.get_guild(far_chan.guild.id) is None
        assert second.get_guild(near_chan.guild.id) is None
        near = await emu.slash(alice, near_chan, "secret")
        far = await emu.slash(alice, far_chan, "whisper", {"target": bob})
        assert (near.id in first.received, near.id in second.received) == (True, False)
        assert (far.id in first.received, far.id in second.received) == (False, True)
        # The far process sent the DM through REST; its button comes back through shard 0.
        (dm,) = emu.dm_messages(bob)
        thanks = await emu.click(bob, dm, "dm:thanks")
        in_dm = await emu.slash(alice, emu.open_dm(alice), "secret")
        for ix in (thanks, in_dm):
            assert ix.id in first.received and ix.id not in second.received
        assert thanks.message.content == "welcome in dm"
        later = emu.add_channel(far_chan.guild, "later")
        await emu.wait_until(lambda: second.get_channel(later.id), what="the far shard's event")
        assert first.get_channel(later.id) is None
    emu.assert_no_violations()


async def test_a_missing_shard_leaves_its_guilds_unserved(emu, two_shards):
    near_chan, far_chan, alice, _ = two_shards
    far_only = ShardedTinyBot(emu.api_base, emu.gateway_url, shard_count=2, shard_ids=[1])
    task = asyncio.create_task(far_only.start(TOKEN))
    try:
        with pytest.raises(AssertionError, match="not ready"):
            await emu.wait_for_bot(timeout=1, bot_task=task, shards=2)
        assert (await emu.slash(alice, far_chan, "secret")).message.content == "only for you"
        with pytest.raises(AssertionError, match="no bot is connected"):
            await emu.slash(alice, near_chan, "secret")
        with pytest.raises(AssertionError, match="no bot is connected"):
            await emu.slash(alice, emu.open_dm(alice), "secret")
    finally:
        await far_only.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(task, 5)


async def test_a_shard_beyond_the_count_is_refused_with_4010(emu):
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(f"{emu.gateway_url}?v=10&encoding=json") as ws,
    ):
        assert json.loads((await ws.receive()).data)["op"] == 10
        identify = {"token": TOKEN, "intents": 1, "shard": [2, 2]}
        await ws.send_str(json.dumps({"op": 2, "d": identify}))
        closed = await ws.receive()
        assert closed.type is aiohttp.WSMsgType.CLOSE and ws.close_code == 4010
    assert emu.gateway.shards == {}


# --- the rules themselves, without a bot -------------------------------------------------


def menu(options: int = 3, **extra: object) -> dict:
    choices = [{"label": f"o{n}", "value": f"o{n}"} for n in range(options)]
    return {"type": 3, "custom_id": "menu", "options": choices, **extra}


def labelled(custom_id: str, label: str) -> dict:
    return {**button(custom_id), "label": label}


@pytest.mark.parametrize(
    ("body", "rule"),
    [
        ({"content": "x" * 2001}, "content_too_long"),
        ({"components": [row(button(f"b{n}")) for n in range(6)]}, "too_many_rows"),
        ({"components": [row(*[button(f"b{n}") for n in range(6)])]}, "too_many_buttons"),
        ({"components": [row(menu(), button("b"))]}, "select_not_alone"),
        ({"components": [row(menu(26))]}, "too_many_options"),
        ({"components": [row(menu(0))]}, "no_options"),
        ({"components": [row(menu(min_values=3, max_values=2))]}, "select_values_out_of_range"),
        ({"components": [row(menu(max_values=4))]}, "select_values_out_of_range"),
        ({"components": [row(menu(placeholder="p" * 151))]}, "placeholder_too_long"),
        (
            {"components": [row({**menu(1), "options": [{"label": "l" * 101, "value": "v"}]})]},
            "option_text_too_long",
        ),
        ({"components": [row(button("c" * 101))]}, "custom_id_too_long"),
        ({"components": [row(button("same")), row(button("same"))]}, "duplicate_custom_id"),
        ({"components": [row(labelled("b", "l" * 81))]}, "label_too_long"),
        ({"components": [row({"type": 2, "style": 1, "custom_id": "x"})]}, "button_without_label"),
        ({"components": [row({"type": 2, "style": 5, "label": "go"})]}, "link_button_invalid"),
        ({"components": [row({"type": 2, "style": 1, "label": "go"})]}, "custom_id_missing"),
        ({"components": [row()]}, "empty_row"),
        ({"components": [button("x")]}, "row_not_action_row"),
        ({"embeds": [{"title": "t"}] * 11}, "too_many_embeds"),
        ({"embeds": [{"description": "d" * 4097}]}, "embed_too_long"),
        ({"attachments": [{"id": n, "filename": "f"} for n in range(11)]}, "too_many_attachments"),
    ],
)
def test_each_message_limit_has_its_rule(body, rule):
    assert {breach.rule for breach in message_breaches(body)} == {rule}


def test_a_message_within_the_limits_breaks_nothing():
    rows = [row(*[button(f"r{r}b{n}") for n in range(5)]) for r in range(4)]
    body = {"content": "x" * 2000, "components": [*rows, row(menu(25, max_values=25))]}
    assert message_breaches(body) == []


def test_form_error_nests_errors_along_the_path():
    body = form_error(message_breaches({"components": [row(button("c" * 101))]}))
    assert body["code"] == 50035 and body["message"] == "Invalid Form Body"
    leaf = body["errors"]["components"]["0"]["components"]["0"]["custom_id"]["_errors"][0]
    assert leaf["code"] == "BASE_TYPE_MAX_LENGTH"


def slash_definition(**extra: object) -> dict:
    return {"type": 1, "name": "roll", "description": "Roll a die", **extra}


def text_option(name: str, required: bool = False, **extra: object) -> dict:
    return {"type": 3, "name": name, "description": name, "required": required, **extra}


@pytest.mark.parametrize(
    ("command", "valid"),
    [
        (slash_definition(), True),
        (slash_definition(name="Roll"), False),
        (slash_definition(name="roll dice"), False),
        (slash_definition(name_localizations={"de": "würfeln", "fr": "lancer"}), True),
        (slash_definition(name_localizations={"de": "Würfeln"}), False),
        (slash_definition(name_localizations={"german": "würfeln"}), False),
        (slash_definition(description=""), False),
        (slash_definition(description_localizations={"fr": "d" * 101}), False),
        ({"type": 3, "name": "Show Board", "description": ""}, True),
        (slash_definition(options=[text_option("a", True), text_option("b")]), True),
        (slash_definition(options=[text_option("b"), text_option("a", True)]), False),
        (slash_definition(options=[text_option(f"o{n}") for n in range(26)]), False),
        (
            slash_definition(
                options=[
                    text_option("a", choices=[{"name": "x", "value": str(n)} for n in range(26)])
                ]
            ),
            False,
        ),
    ],
)
def test_command_definitions_are_checked_on_sync(command, valid):
    assert (command_breaches([command]) == []) is valid


def test_an_edit_keeps_the_listed_attachments_and_adds_the_uploads():
    world = World(None, "Table")
    uploads = [Upload(0, "a.png", b"a", None), Upload(1, "b.txt", b"b", None)]
    first = attachments_after(world, {}, uploads, [])
    assert [(a.filename, a.content_type, a.data) for a in first] == [
        ("a.png", "image/png", b"a"),
        ("b.txt", "text/plain", b"b"),
    ]
    listed = {"attachments": [{"id": first[1].id}, {"id": 0, "filename": "c.png"}]}
    kept = attachments_after(world, listed, [Upload(0, "upload.bin", b"c", None)], first)
    assert kept[0] is first[1]
    assert [(a.filename, a.data) for a in kept] == [("b.txt", b"b"), ("c.png", b"c")]
    assert attachments_after(world, {"attachments": []}, [], kept) == []
    assert attachments_after(world, {}, [], kept) == kept


def test_message_helpers_find_buttons_selects_and_texts():
    world = World(None, "Table")
    chan = world.add_channel(world.add_guild("G"), "games")
    components = [row(labelled("ds:1:roll", "Roll"), labelled("ds:1:keep", "Keep")), row(menu())]
    embed = {"title": "Round 3", "fields": [{"name": "alice", "value": "12"}]}
    note = Message(1, chan, world.bot_user, "turn", components, embeds=[embed])
    assert note.button(label="Keep")["custom_id"] == "ds:1:keep"
    assert note.button(custom_id_prefix="ds:1:r")["label"] == "Roll"
    assert note.select("men")["options"][0]["value"] == "o0"
    assert note.texts() == ["turn", "Round 3", "alice", "12", "Roll", "Keep", "o0", "o1", "o2"]
    with pytest.raises(AssertionError, match="no button label='Pass'"):
        note.button(label="Pass")


def test_a_new_message_notifies_as_discord_decides():
    world = World(None, "Table")
    guild = world.add_guild("Calm")
    chan = world.add_channel(guild, "games")
    alice, bob = world.add_user("alice"), world.add_user("bob")
    text = f"<@{alice.id}> and <@{bob.id}>"

    def made(body: dict, channel=chan, flags: int = 0, ephemeral_for=None) -> list[int]:
        return create_message(
            world,
            {"content": text, **body},
            [],
            channel=channel,
            author=world.bot_user,
            flags=flags,
            ephemeral_for=ephemeral_for,
        ).notified

    assert made({}) == [alice.id, bob.id], "without allowed_mentions every mention pings"
    assert made({"allowed_mentions": {"parse": ["users"]}}) == [alice.id, bob.id]
    assert made({"allowed_mentions": {"parse": [], "users": [str(bob.id)]}}) == [bob.id]
    assert made({"allowed_mentions": {"parse": []}}) == []
    assert made({}, flags=1 << 12) == [], "a silent message notifies nobody"
    assert made({}, ephemeral_for=alice.id) == []
    assert made({"allowed_mentions": {"parse": []}}, channel=world.open_dm(bob)) == [bob.id]
    # An edit never notifies: the list is the one of the message as it was made.
    message = create_message(world, {"content": text}, [], channel=chan, author=world.bot_user)
    edit_message(world, message, {"content": "edited"}, [])
    assert message.notified == [alice.id, bob.id]
