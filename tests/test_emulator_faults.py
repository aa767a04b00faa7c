"""Faults injected at exact requests, nonce deduplication, history paging, and the real bot
as its own process killed at a request and restarted, all with the real discord.py client."""

from __future__ import annotations

import asyncio

import aiohttp
import discord
import pytest
from discord import app_commands

from storage import Database
from tests.emulator import FakeDiscord, Message, point_discord_at, rest_channels
from tests.support.process import merged, problems, toml_text
from tests.test_e2e_dice_stars import verb
from tests.test_emulator import TOKEN, TinyBot

CALLBACK = r"/interactions/\d+/[^/]+/callback"
CHANNEL_POST = r"/channels/\d+/messages"
UNKNOWN_INTERACTION = (404, 10062, "Unknown interaction")
MISSING_PERMISSIONS = (403, 50013, "Missing Permissions")


@app_commands.command(description="Answer, noting a refusal")
async def answer(interaction: discord.Interaction) -> None:
    try:
        await interaction.response.send_message("answered")
    except discord.HTTPException as refusal:
        interaction.client.errors.append(refusal)


class FaultBot(TinyBot):
    def __init__(self, api_base: str, gateway_url: str) -> None:
        super().__init__(api_base, gateway_url)
        self.tree.add_command(answer)


@pytest.fixture
async def emu():
    async with FakeDiscord(bot_token=TOKEN) as fake:
        with point_discord_at(fake):
            yield fake


@pytest.fixture
def place(emu):
    guild = emu.add_guild("Friday Night")
    chan = emu.add_channel(guild, "games")
    alice, bob = emu.add_user("alice"), emu.add_user("bob")
    emu.add_member(guild, alice)
    emu.add_member(guild, bob)
    return chan, alice, bob


@pytest.fixture
async def bot(emu, place):
    async with emu.run_bot(FaultBot(emu.api_base, emu.gateway_url)) as running:
        yield running


@pytest.fixture
def channel(bot, place) -> discord.TextChannel:
    """The bot's own view of #games, to send and read through discord.py."""
    return bot.get_channel(place[0].id)


# --- errors on callbacks and channel posts ----------------------------------------------


async def test_an_injected_10062_leaves_the_slash_command_refused(emu, place, bot):
    chan, alice, _ = place
    fault = emu.inject("POST", CALLBACK, error=UNKNOWN_INTERACTION)
    ix = await emu.slash(alice, chan, "answer")  # returns: the refusal was the answer
    assert ix.refused == [404] and ix.response_type is None and not ix.dropped
    assert fault.fired == 1 and fault.spent
    assert isinstance(bot.errors[0], discord.NotFound) and bot.errors[0].code == 10062
    assert emu.error_responses[-1][1:] == (404, {"code": 10062, "message": "Unknown interaction"})
    assert emu.channel_messages(chan) == [] and emu.violations == []
    assert (await emu.slash(alice, chan, "answer")).message.content == "answered"


async def test_an_injected_10062_on_a_click_returns_from_click(emu, place, bot):
    chan, alice, bob = place
    lobby = (await emu.slash(alice, chan, "table new", {"game": "ds"})).message
    emu.inject("POST", CALLBACK, error=UNKNOWN_INTERACTION)
    ix = await emu.click(bob, lobby, "keep:press")
    assert ix.refused == [404] and ix.response_type is None
    assert (await emu.click(bob, lobby, "keep:press")).message.content == "pressed by bob"
    emu.assert_no_violations()


async def test_an_injected_error_on_a_channel_post_reaches_discord_py(emu, place, channel):
    chan = place[0]
    emu.inject("POST", rf"/channels/{chan.id}/messages", error=(404, 10003, "Unknown Channel"))
    with pytest.raises(discord.NotFound) as refusal:
        await channel.send("hello")
    assert (refusal.value.status, refusal.value.code) == (404, 10003)
    emu.inject("POST", CHANNEL_POST, error=MISSING_PERMISSIONS)
    with pytest.raises(discord.Forbidden) as refusal:
        await channel.send("hello")
    assert refusal.value.code == 50013 and refusal.value.text == "Missing Permissions"
    assert emu.channel_messages(chan) == [] and emu.violations == []
    assert [status for _, status, _ in emu.error_responses] == [404, 403]


async def test_nth_and_times_count_the_matching_requests_from_the_injection(emu, channel):
    await channel.send("earlier")  # before the injection: not counted
    fault = emu.inject("POST", CHANNEL_POST, nth=2, times=2, error=MISSING_PERMISSIONS)
    outcomes = []
    for text in "abcde":
        try:
            outcomes.append((await channel.send(text)).content)
        except discord.Forbidden:
            outcomes.append("refused")
    assert outcomes == ["a", "refused", "refused", "d", "e"]
    assert (fault.fired, fault.seen, fault.spent) == (2, 5, True)
    assert [call.json()["content"] for call in fault.calls] == ["b", "c"]


async def test_a_predicate_picks_the_request_and_cancel_removes_the_fault(emu, channel):
    only_x = emu.inject(
        "POST",
        CHANNEL_POST,
        match=lambda call: call.json().get("content") == "x",
        times=5,
        error=MISSING_PERMISSIONS,
    )
    await channel.send("y")
    with pytest.raises(discord.Forbidden):
        await channel.send("x")
    assert (only_x.seen, only_x.fired) == (1, 1)
    only_x.cancel()
    assert emu.faults == []
    assert (await channel.send("x")).content == "x"
    never = emu.inject("DELETE", CHANNEL_POST)
    with pytest.raises(AssertionError, match=r"<Fault DELETE .* fired=0> did not fire"):
        await never.wait(timeout=0.05)


# --- hooks, drop, hang ------------------------------------------------------------------


async def test_before_runs_ahead_of_the_request_and_after_once_it_took_effect(emu, place, channel):
    chan = place[0]
    seen = []

    async def after() -> None:
        seen.append(("after", [m.content for m in emu.channel_messages(chan)]))

    fault = emu.inject(
        "POST",
        CHANNEL_POST,
        before=lambda: seen.append(("before", [m.content for m in emu.channel_messages(chan)])),
        after=after,
    )
    sent = await channel.send("hi")
    await fault.wait()
    assert seen == [("before", []), ("after", ["hi"])]
    assert sent.content == "hi"


async def test_a_dropped_request_takes_no_effect_and_closes_the_connection(emu, place, channel):
    emu.inject("POST", CHANNEL_POST, before=lambda: "drop")
    with pytest.raises(aiohttp.ClientError):
        await channel.send("lost")
    emu.inject("POST", CHANNEL_POST, drop=True)
    with pytest.raises(aiohttp.ClientError):
        await channel.send("lost too")
    assert emu.channel_messages(place[0]) == []
    assert (await channel.send("through")).content == "through"
    emu.assert_no_violations()


async def test_a_dropped_callback_counts_as_answered_for_the_user(emu, place, bot):
    chan, alice, _ = place
    emu.inject("POST", CALLBACK, drop=True)
    ix = await emu.slash(alice, chan, "answer")
    assert ix.dropped and ix.refused == [] and ix.response_type is None
    assert emu.channel_messages(chan) == []


async def test_a_hung_request_never_answers_and_is_not_in_flight(emu, place, channel):
    chan = place[0]
    fault = emu.inject("POST", CHANNEL_POST, hang=True)
    sending = asyncio.create_task(channel.send("never"))
    await fault.wait()
    await emu.idle()
    await asyncio.sleep(0.2)
    assert not sending.done() and emu.channel_messages(chan) == []
    sending.cancel()
    with pytest.raises(asyncio.CancelledError):
        await sending
    # With `after`, the request takes effect first and only its answer is withheld.
    fault = emu.inject("POST", CHANNEL_POST, after=lambda: None, hang=True)
    sending = asyncio.create_task(channel.send("made, never confirmed"))
    await fault.wait()
    await emu.wait_until(lambda: emu.channel_messages(chan), what="the message")
    assert not sending.done()
    sending.cancel()
    emu.assert_no_violations()


async def test_stop_ends_a_hung_request():
    async with FakeDiscord(bot_token=TOKEN) as fake:
        guild = fake.add_guild("g")
        chan = fake.add_channel(guild, "c")
        fault = fake.inject("POST", CHANNEL_POST, hang=True)
        url = f"{fake.api_base}/channels/{chan.id}/messages"
        session = aiohttp.ClientSession(headers={"Authorization": f"Bot {TOKEN}"})
        posting = asyncio.create_task(session.post(url, json={"content": "hi"}))
        await fault.wait()
        await asyncio.wait_for(fake.stop(), 3)
        with pytest.raises(aiohttp.ClientError):
            await posting
        await session.close()
        assert fake.violations == []


# --- nonces -----------------------------------------------------------------------------


async def test_a_repeated_nonce_answers_the_first_message(emu, place, bot, channel):
    chan = place[0]
    spy = emu.inject("POST", CHANNEL_POST, times=10)  # no error, no hooks: it only watches
    first = await channel.send("roll", nonce="table-7-move-3")
    again = await channel.send("roll (retry)", nonce="table-7-move-3")
    assert again.id == first.id and again.content == "roll"
    assert spy.calls[0].json()["nonce"] == "table-7-move-3"
    assert spy.calls[0].json()["enforce_nonce"] is True  # discord.py sends it with a nonce
    await first.edit(content="rolled 5")
    assert (await channel.send("x", nonce="table-7-move-3")).content == "rolled 5"
    assert [m.content for m in emu.channel_messages(chan)] == ["rolled 5"]
    assert emu.channel_messages(chan)[0].nonce == "table-7-move-3"
    # discord.py picks a random nonce for every send without one: nothing is deduplicated.
    assert (await channel.send("a")).id != (await channel.send("a")).id
    # Not enforced: a plain nonce is only stored.
    route = discord.http.Route("POST", "/channels/{channel_id}/messages", channel_id=chan.id)
    plain = await bot.http.request(route, json={"content": "b", "nonce": "table-7-move-3"})
    assert int(plain["id"]) != first.id
    assert len(emu.channel_messages(chan)) == 4
    emu.assert_no_violations()


async def test_a_nonce_is_kept_per_channel_and_for_the_window(emu, place, bot, monkeypatch):
    chan = place[0]
    channel = bot.get_channel(chan.id)
    lounge = emu.add_channel(chan.guild, "lounge")
    await emu.wait_until(lambda: bot.get_channel(lounge.id), what="the new channel")
    first = await channel.send("one", nonce="n1")
    elsewhere = await bot.get_channel(lounge.id).send("one", nonce="n1")
    assert elsewhere.id != first.id
    monkeypatch.setattr(rest_channels, "NONCE_WINDOW", 0.0)
    await asyncio.sleep(0.01)
    assert (await channel.send("one", nonce="n1")).id != first.id


async def test_a_nonce_over_25_characters_is_a_violation(emu, place, channel):
    with pytest.raises(discord.HTTPException) as refusal:
        await channel.send("x", nonce="n" * 26)
    assert (refusal.value.status, refusal.value.code) == (400, 50035)
    (violation,) = emu.violations_of("nonce_too_long")
    assert violation.status == 400 and "nonce" in violation.detail
    assert emu.channel_messages(place[0]) == []
    assert (await channel.send("x", nonce="n" * 25)).content == "x"


# --- history ----------------------------------------------------------------------------


def fill(emu: FakeDiscord, chan, author, count: int) -> list[Message]:
    """Messages straight into the world (quicker than sending each)."""
    made = []
    for number in range(count):
        message = Message(emu.ids.next(), chan, author, f"m{number}")
        emu.messages[message.id] = message
        made.append(message)
    return made


async def test_history_pages_with_limit_before_after_and_around(emu, place, bot, channel):
    chan, alice, _ = place
    made = fill(emu, chan, alice, 7)
    names = [m.content for m in made]

    async def read(**options) -> list[str]:
        return [m.content async for m in channel.history(**options)]

    assert await read(limit=3) == ["m6", "m5", "m4"]
    assert await read(limit=2, before=discord.Object(made[4].id)) == ["m3", "m2"]
    assert await read(limit=3, after=discord.Object(made[1].id)) == ["m2", "m3", "m4"]
    assert sorted(await read(limit=3, around=discord.Object(made[3].id))) == ["m2", "m3", "m4"]
    raw = await bot.http.logs_from(chan.id, 5, around=made[3].id)
    assert [m["content"] for m in raw] == ["m5", "m4", "m3", "m2", "m1"]
    assert await read(limit=None) == names[::-1]
    first = await channel.fetch_message(made[0].id)
    assert first.content == "m0"


async def test_history_pages_through_more_than_a_hundred(emu, place, bot, channel):
    chan, alice, _ = place
    made = fill(emu, chan, alice, 230)
    newest_first = [m.id async for m in channel.history(limit=None)]
    assert newest_first == [m.id for m in reversed(made)]
    after = [m.id async for m in channel.history(limit=150, after=discord.Object(made[9].id))]
    assert after == [m.id for m in made[10:160]]
    pages = [r for r in emu.requests if r.method == "GET" and r.path.endswith("/messages")]
    assert len(pages) == 3 + 2
    default = await bot.http.request(
        discord.http.Route("GET", "/channels/{channel_id}/messages", channel_id=chan.id)
    )
    assert len(default) == 50


async def test_history_includes_components_and_refuses_a_bad_limit(emu, place, bot, channel):
    chan, alice, _ = place
    ix = await emu.slash(alice, chan, "table new", {"game": "ds"})
    (read,) = [m async for m in channel.history(limit=1)]
    assert read.id == ix.message.id
    assert read.components[0].children[0].custom_id == "keep:press"
    with pytest.raises(discord.HTTPException) as refusal:
        await bot.http.logs_from(chan.id, 101)
    assert refusal.value.code == 50035
    assert [v.rule for v in emu.violations] == ["history_limit_out_of_range"]


# --- the real bot as its own process ----------------------------------------------------


@pytest.fixture
def table(emu):
    guild = emu.add_guild("Friday Night")
    chan = emu.add_channel(guild, "games")
    carol = emu.add_user("carol")
    emu.add_member(guild, carol)
    return chan, carol


async def test_the_bot_killed_before_a_callback_restarts_and_answers(emu, table, bot_process):
    chan, carol = table
    await bot_process.start()
    assert (await emu.slash(carol, chan, "help")).response_type == 4
    fault = emu.inject("POST", CALLBACK, before=bot_process.kill)
    ix = await emu.slash(carol, chan, "about")  # returns: the bot's callback was lost
    assert fault.fired == 1 and ix.dropped and ix.response_type is None
    assert await bot_process.wait_exit() == -9
    await emu.wait_until(lambda: emu.gateway.live is None, what="the killed bot's gateway gone")
    with pytest.raises(AssertionError, match="no bot is connected"):
        await emu.slash(carol, chan, "about")
    await bot_process.restart()
    answered = await emu.slash(carol, chan, "about")
    assert answered.response_type == 4 and answered.message.text
    assert emu.logins == 2 and emu.violations == []


async def test_a_kill_after_the_callback_keeps_the_answer(emu, table, bot_process):
    chan, carol = table
    await bot_process.start()
    emu.inject("POST", CALLBACK, after=bot_process.kill)
    ix = await emu.slash(carol, chan, "help")
    assert ix.response_type == 4 and ix.message.text and not ix.dropped
    assert await bot_process.wait_exit() == -9
    await bot_process.restart()
    assert (await emu.slash(carol, chan, "help")).response_type == 4
    assert emu.violations == []
    db = await Database.open(bot_process.database)  # the bot's own SQLite file
    try:
        assert await db.open_games() == []
    finally:
        await db.close()


async def test_a_kill_before_a_post_keeps_it_from_the_channel(emu, table, bot_process):
    chan, carol = table
    dave = emu.add_user("dave")
    emu.add_member(chan.guild, dave)
    await bot_process.start()
    lobby = (await emu.slash(carol, chan, "dicestars new", {})).message
    await emu.click(dave, lobby, verb(lobby, "join"))
    before = len(emu.channel_messages(chan))
    # The first turn message goes out as the Start click's follow-up.
    fault = emu.inject("POST", r"/webhooks/\d+/[^/]+", before=bot_process.kill)
    await emu.click(carol, lobby, verb(lobby, "start"))
    await fault.wait()
    assert await bot_process.wait_exit() == -9
    assert len(emu.channel_messages(chan)) == before and emu.violations == []
    db = await Database.open(bot_process.database)
    try:
        record = await db.open_game(chan.id)
    finally:
        await db.close()
    assert record is not None and record.status == "active"
    await bot_process.restart()
    assert (await emu.slash(carol, chan, "about")).response_type == 4


async def test_terminate_stops_an_idle_bot_with_code_0(emu, table, bot_process):
    await bot_process.start()
    assert await bot_process.terminate() == 0
    assert "--- start 1 ---" in bot_process.log_text()


# --- the process helpers ----------------------------------------------------------------


def test_extra_settings_merge_into_the_sections_key_by_key():
    base = {"timers": {"poll_seconds": 0.2}, "bot": {"log_level": "INFO"}}
    text = toml_text(merged(base, '[timers]\nreminder_at = 0.8\n[dizzle]\nlevels_folder = "x"'))
    assert text == (
        "[timers]\npoll_seconds = 0.2\nreminder_at = 0.8\n"
        '[bot]\nlog_level = "INFO"\n[dizzle]\nlevels_folder = "x"\n'
    )
    assert toml_text(merged(base, {"bot": {"log_level": "DEBUG"}})).count("[bot]") == 1


def test_problems_are_error_records_and_tracebacks():
    log = "\n".join(
        [
            "2025-01-01 10:00:00,000 INFO tablebot: ready",
            "2025-01-01 10:00:01,000 ERROR discord.app_commands.tree: Ignoring exception",
            "Traceback (most recent call last):",
            '  File "x.py", line 1, in f',
            "ValueError: boom",
            "2025-01-01 10:00:02,000 INFO tablebot: still here",
            "Traceback (most recent call last):",
            '  File "y.py", line 2, in g',
            "KeyError: 'k'",
        ]
    )
    found = problems(log)
    assert len(found) == 2
    assert found[0].startswith("2025") and found[0].endswith("ValueError: boom")
    assert found[1].startswith("Traceback") and found[1].endswith("KeyError: 'k'")
