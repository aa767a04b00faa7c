"""FakeDiscord: the server (REST + gateway) and the simulated users who drive the bot."""

from __future__ import annotations

import asyncio
import contextlib
import re
import secrets
import socket
import time
from collections.abc import AsyncIterator, Callable, Iterator
from typing import Any

from aiohttp import web

from . import app_emojis, payloads, rest_app, rest_channels, rest_interactions
from .commands import command_data
from .faults import Fault, Hook
from .gateway import (
    DIRECT_MESSAGES,
    GUILD_MEMBERS,
    GUILD_MESSAGES,
    GUILDS,
    MESSAGE_CONTENT,
    PRIVILEGED_INTENTS,
    Gateway,
)
from .interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    Interaction,
    base_payload,
    find_component,
    modal_answers,
    select_values_problem,
)
from .limits import RESPONSE_DEADLINE, TOKEN_LIFETIME
from .messages import USER_MENTION
from .models import (
    BUTTON,
    SELECT_TYPES,
    Channel,
    Guild,
    Member,
    Message,
    RequestRecord,
    User,
)
from .rest import Call, handle_rest
from .state import World


class ThreadArchived(AssertionError):
    """A click in an archived thread: it never reaches the bot (web and phone clients)."""


ATTACHMENT_PATH = re.compile(r"^/attachments/(\d+)/[^/]+$")
MAX_BODY_BYTES = 64 * 1024 * 1024


class FakeDiscord(World):
    """A local Discord (REST API v10 + gateway) for the real discord.py client.

    Tunable attributes: `response_deadline` (3 s to answer an interaction), `callback_timeout`
    (how long `slash`/`click`/... wait for the bot), `token_lifetime` (15 min),
    `privileged_intents` (the intents the application may use; all by default),
    `recommended_shards` (what GET /gateway/bot answers; 1).
    """

    def __init__(
        self,
        bot_token: str = "test-token",
        application_id: int | None = None,
        bot_name: str = "Table",
    ) -> None:
        super().__init__(application_id, bot_name)
        self.bot_token = bot_token
        self.response_deadline = RESPONSE_DEADLINE
        self.callback_timeout = 3.0
        # Extra "still working" signals, e.g. the bot under test reporting handlers in progress.
        self.busy_checks: list[Callable[[], bool]] = []
        self.token_lifetime = TOKEN_LIFETIME
        self.privileged_intents = PRIVILEGED_INTENTS
        self.recommended_shards = 1
        self.interactions: dict[int, Interaction] = {}
        self.interactions_by_token: dict[str, Interaction] = {}
        self.requests: list[RequestRecord] = []
        self.error_responses: list[tuple[str, int, Any]] = []
        self.faults: list[Fault] = []
        self.gateway = Gateway(self)
        self.port: int | None = None
        self._routes = [
            *rest_app.ROUTES,
            *app_emojis.ROUTES,
            *rest_channels.ROUTES,
            *rest_interactions.ROUTES,
        ]
        self._runner: web.AppRunner | None = None
        self._in_flight = 0
        self._last_rest = time.monotonic()
        self._logins = 0
        self._command_syncs = 0
        self._synced_at_login = -1
        self._identified_at_login = -1
        self._stopping = asyncio.Event()

    # --- lifecycle ----------------------------------------------------------------------

    async def start(self) -> FakeDiscord:
        app = web.Application(client_max_size=MAX_BODY_BYTES)
        app.router.add_route("*", "/{tail:.*}", self._handle)
        self._runner = web.AppRunner(app, access_log=None, shutdown_timeout=1.0)
        await self._runner.setup()
        listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        listener.bind(("127.0.0.1", 0))
        self.port = listener.getsockname()[1]
        await web.SockSite(self._runner, listener).start()
        return self

    async def stop(self) -> None:
        self._stopping.set()  # hung requests end, so that the server can shut down
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(self, *exc_info: object) -> None:
        await self.stop()

    @property
    def base_url(self) -> str:
        if self.port is None:
            raise RuntimeError("start the emulator first")
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        return f"{self.base_url}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        if request.path == "/gateway":
            return await self.gateway.handle(request)
        found = ATTACHMENT_PATH.match(request.path)
        if found and int(found[1]) in self.attachments:
            attachment = self.attachments[int(found[1])]
            content_type = attachment.content_type or "application/octet-stream"
            return web.Response(body=attachment.data, headers={"Content-Type": content_type})
        return await handle_rest(self, request, self._routes)

    # --- faults ---------------------------------------------------------------------------

    def inject(
        self,
        method: str,
        path: str,
        match: Callable[[Call], bool] | None = None,
        nth: int = 1,
        times: int = 1,
        error: tuple[int, int, str] | None = None,
        before: Hook | None = None,
        after: Hook | None = None,
        hang: bool = False,
        drop: bool = False,
        retry_after: float | None = None,
    ) -> Fault:
        """A fault on the `nth` (and `times - 1` more) requests matching from now on.

        `path` is a regex fullmatched against the API path without /api/v10; see faults.py
        for what `error`, `before`, `after`, `hang` and `drop` do, and in which order.
        """
        fault = Fault(
            method.upper(),
            re.compile(path),
            match,
            nth,
            times,
            error,
            before,
            after,
            hang,
            drop,
            retry_after,
        )
        fault.owner = self.faults
        self.faults.append(fault)
        return fault

    async def _hang_until_gone(self, request: web.Request) -> None:
        """Keep a request unanswered until its client goes away or the emulator stops."""
        while request.transport is not None and not self._stopping.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._stopping.wait(), 0.05)

    # --- waiting for the bot --------------------------------------------------------------

    @property
    def logins(self) -> int:
        """How many times a bot logged in (GET /users/@me), e.g. to see a restart coming up."""
        return self._logins

    def _rest_started(self) -> None:
        self._in_flight += 1
        self._last_rest = time.monotonic()

    def _rest_finished(self) -> None:
        self._in_flight -= 1
        self._last_rest = time.monotonic()

    def _commands_synced(self) -> None:
        self._command_syncs += 1
        self._synced_at_login = self._logins

    def _bot_identified(self) -> None:
        self._identified_at_login = self._logins

    def _bot_ready(self, synced: bool, shards: int) -> bool:
        if shards:
            # Several processes log in and identify in any order; one of them syncs.
            return self.gateway.shards_live(shards) and (not synced or self._command_syncs > 0)
        if self.gateway.live is None or self._identified_at_login != self._logins:
            return False
        return not synced or self._synced_at_login == self._logins

    async def wait_for_bot(
        self,
        timeout: float = 5.0,
        bot_task: asyncio.Task | None = None,
        synced: bool = True,
        shards: int = 0,
    ) -> None:
        """Until the bot logged in, identified (READY + GUILD_CREATEs sent) and synced commands.

        With `bot_task` (the task running `bot.start`), an error during login is raised
        here instead of hiding behind a timeout. With `shards=N`, until every shard 0..N-1
        (from one process or several) is connected with a session identified as [id, N], and
        commands were synced at least once.
        """
        deadline = time.monotonic() + timeout
        while True:
            if self._bot_ready(synced, shards):
                break
            if bot_task is not None and bot_task.done():
                bot_task.result()
                raise AssertionError("the bot stopped before it was ready")
            if time.monotonic() > deadline:
                raise AssertionError(f"the bot was not ready within {timeout} s")
            await asyncio.sleep(0.01)
        await self.idle()

    @contextlib.asynccontextmanager
    async def run_bot(self, bot: Any, timeout: float = 5.0) -> AsyncIterator[Any]:
        """Start a discord.py bot against this emulator, wait until ready, close it on exit."""
        task = asyncio.create_task(bot.start(self.bot_token))
        try:
            await self.wait_for_bot(timeout, bot_task=task)
            yield bot
        finally:
            await bot.close()
            with contextlib.suppress(Exception):
                await asyncio.wait_for(task, 5)

    async def idle(self, quiet: float = 0.05, timeout: float = 5.0) -> None:
        """Until no REST call for `quiet` seconds and no "thinking" placeholder is left open."""
        deadline = time.monotonic() + timeout
        while True:
            now = time.monotonic()
            thinking = [ix for ix in self.interactions.values() if _still_thinking(ix)]
            busy = any(check() for check in self.busy_checks)
            if not self._in_flight and now - self._last_rest >= quiet and not thinking and not busy:
                return
            if now > deadline:
                recent = [f"{r.method} {r.path}" for r in self.requests[-5:]]
                raise AssertionError(
                    f"not idle after {timeout} s: {self._in_flight} calls in flight, "
                    f"still thinking: {thinking}, last calls: {recent}"
                )
            await asyncio.sleep(min(quiet / 2, 0.02))

    async def wait_until(
        self, predicate: Callable[[], Any], timeout: float = 3.0, what: str = "condition"
    ) -> None:
        deadline = time.monotonic() + timeout
        while not predicate():
            if time.monotonic() > deadline:
                raise AssertionError(f"{what} not met within {timeout} s")
            await asyncio.sleep(0.01)

    # --- simulated users ------------------------------------------------------------------

    async def slash(
        self,
        user: User,
        channel: Channel,
        command: str,
        options: dict[str, Any] | None = None,
        locale: str | None = None,
    ) -> Interaction:
        """Run a synced slash command ("group sub" names work) as `user` in `channel`."""
        data = command_data(self, user, channel, command, options or {}, self.base_url)
        label = f"/{command} by {user.name} in #{channel.name}"
        ix = self._new_interaction(APPLICATION_COMMAND, user, channel, label)
        ix.payload = {**base_payload(self, ix, locale), "data": data}
        return await self._send(ix)

    async def autocomplete(
        self,
        user: User,
        channel: Channel,
        command: str,
        option: str,
        value: str,
        options: dict[str, Any] | None = None,
        locale: str | None = None,
    ) -> list[dict[str, Any]]:
        """Type `value` into an autocomplete option; returns the bot's choices."""
        values = {**(options or {}), option: value}
        data = command_data(self, user, channel, command, values, self.base_url, focused=option)
        label = f"autocomplete /{command} {option}={value!r} by {user.name}"
        ix = self._new_interaction(AUTOCOMPLETE, user, channel, label)
        ix.payload = {**base_payload(self, ix, locale), "data": data}
        await self._send(ix)
        if ix.choices is None:
            raise AssertionError(f"no autocomplete choices accepted for {ix}")
        return ix.choices

    async def click(
        self, user: User, message: Message, custom_id: str, locale: str | None = None
    ) -> Interaction:
        """Click an enabled button (also on a DM or ephemeral message the user can see)."""
        find_component(message, custom_id, (BUTTON,))
        data = {"custom_id": custom_id, "component_type": BUTTON}
        label = f"click {custom_id!r} by {user.name} on message {message.id}"
        return await self._component(user, message, data, label, locale)

    async def select(
        self,
        user: User,
        message: Message,
        custom_id: str,
        values: list[str],
        locale: str | None = None,
    ) -> Interaction:
        """Pick `values` in a select menu (string selects check the values against options)."""
        menu = find_component(message, custom_id, SELECT_TYPES)
        problem = select_values_problem(menu, values)
        if problem:
            raise AssertionError(f"select {custom_id!r} on message {message.id}: {problem}")
        data = {"custom_id": custom_id, "component_type": menu["type"], "values": values}
        label = f"select {custom_id!r}={values} by {user.name} on message {message.id}"
        return await self._component(user, message, data, label, locale)

    async def submit_modal(
        self, user: User, opened_by: Interaction, answers: dict[str, str], locale: str | None = None
    ) -> Interaction:
        """Fill in and submit the modal the bot opened in answer to `opened_by`."""
        modal = opened_by.modal
        if modal is None:
            raise AssertionError(f"{opened_by} did not open a modal")
        data = {"custom_id": modal["custom_id"], "components": modal_answers(modal, answers)}
        label = f"modal {modal['custom_id']!r} by {user.name}"
        ix = self._new_interaction(MODAL_SUBMIT, user, opened_by.channel, label)
        ix.component_message = opened_by.component_message
        ix.payload = {**base_payload(self, ix, locale), "data": data}
        if ix.component_message is not None:
            ix.payload["message"] = self.message_payload(ix.component_message)
        return await self._send(ix)

    async def post(self, user: User, channel: Channel, content: str) -> Message:
        """A user writes a plain message (MESSAGE_CREATE reaches the bot by its intents)."""
        if channel.guild is not None and self.member_of(channel.guild, user) is None:
            raise AssertionError(f"{user.name} is not a member of {channel.guild.name}")
        message = Message(self.ids.next(), channel, user, content)
        self.messages[message.id] = message
        self._announce_message("MESSAGE_CREATE", message)
        await self.idle()
        return message

    async def _component(
        self, user: User, message: Message, data: dict[str, Any], label: str, locale: str | None
    ) -> Interaction:
        self._check_visible(user, message)
        ix = self._new_interaction(MESSAGE_COMPONENT, user, message.channel, label)
        ix.component_message = message
        ix.payload = {
            **base_payload(self, ix, locale),
            "data": data,
            "message": self.message_payload(message),
        }
        return await self._send(ix)

    def _check_visible(self, user: User, message: Message) -> None:
        channel = message.channel
        if channel.is_thread and channel.archived and not channel.deleted:
            # The app tries to unarchive the thread first, is refused, and never sends the click
            # (on the web and on phones; only the desktop app gets through).
            raise ThreadArchived(f"{user.name} cannot click in archived thread #{channel.name}")
        hidden = (
            message.deleted
            or channel.deleted
            or message.ephemeral_for not in (None, user.id)
            or (channel.is_dm and channel.recipient is not user)
        )
        if hidden:
            raise AssertionError(f"{user.name} cannot see message {message.id}")

    def _new_interaction(self, kind: int, user: User, channel: Channel, label: str) -> Interaction:
        return Interaction(self.ids.next(), secrets.token_urlsafe(48), kind, user, channel, label)

    async def _send(self, ix: Interaction) -> Interaction:
        guild = ix.channel.guild
        receiver = self.gateway.session_for(guild.id if guild else None)
        if receiver is None or not receiver.live:
            raise AssertionError(f"no bot is connected to receive {ix}")
        self.interactions[ix.id] = ix
        self.interactions_by_token[ix.token] = ix
        ix.sent_at = time.monotonic()
        self.gateway.dispatch("INTERACTION_CREATE", ix.payload)
        await ix.wait_callback(self.callback_timeout)
        await self.idle()
        return ix

    # --- gateway control ----------------------------------------------------------------

    def request_reconnect(self, shard_id: int | None = None) -> None:
        """Ask the bot (or one shard) to reconnect (op 7); it should RESUME and get RESUMED."""
        self.gateway.request_reconnect(shard_id)

    def invalidate_session(self, shard_id: int | None = None) -> None:
        """Invalidate the bot's (or a shard's) session (op 9); it should IDENTIFY again."""
        self.gateway.invalidate_session(shard_id)

    @property
    def gateway_connections(self) -> list[Any]:
        return self.gateway.connections

    # --- announcing changes to the bot --------------------------------------------------

    def message_payload(self, message: Message) -> dict[str, Any]:
        ids = [int(found) for found in USER_MENTION.findall(message.content)]
        mentioned = [self.users[ident] for ident in dict.fromkeys(ids) if ident in self.users]
        return payloads.message(message, self.base_url, self.bot_user, mentioned)

    def _announce_message(self, event: str, message: Message) -> None:
        if message.ephemeral_for is not None:
            return
        channel = message.channel
        if event == "MESSAGE_CREATE" and channel.is_thread and channel.archived:
            # A message posted in an archived thread brings it back (a locked one refused it).
            channel.set_archived(False)
            self._announce_channel("UPDATE", channel)
        data = self.message_payload(message)
        member = self.member_of(message.channel.guild, message.author)
        if member is not None:
            data["member"] = payloads.member(member, with_user=False)
        session = self.gateway.session_for(message.guild_id)
        reads_content = session is not None and session.intents & MESSAGE_CONTENT
        if message.guild_id and message.author is not self.bot_user and not reads_content:
            # Without the privileged intent Discord blanks other people's messages.
            data.update(content="", embeds=[], attachments=[], components=[])
        intent = DIRECT_MESSAGES if message.channel.is_dm else GUILD_MESSAGES
        self.gateway.dispatch(event, data, intent)

    def _announce_deleted(self, message: Message) -> None:
        if message.ephemeral_for is not None:
            return
        data = {"id": str(message.id), "channel_id": str(message.channel_id)}
        if message.guild_id is not None:
            data["guild_id"] = str(message.guild_id)
        intent = DIRECT_MESSAGES if message.channel.is_dm else GUILD_MESSAGES
        self.gateway.dispatch("MESSAGE_DELETE", data, intent)

    def _announce_channel(self, action: str, channel: Channel) -> None:
        if channel.is_dm:
            return
        if channel.is_thread:
            data = payloads.thread(channel)
            if action == "CREATE":
                data["newly_created"] = True
            self.gateway.dispatch(f"THREAD_{action}", data, GUILDS)
        else:
            self.gateway.dispatch(f"CHANNEL_{action}", payloads.channel(channel), GUILDS)

    def _on_guild_added(self, guild: Guild) -> None:
        self.gateway.dispatch_guild(guild)

    def _on_channel_added(self, channel: Channel) -> None:
        self._announce_channel("CREATE", channel)

    def _on_channel_changed(self, action: str, channel: Channel) -> None:
        self._announce_channel(action, channel)

    def _on_member_added(self, member: Member) -> None:
        data = {**payloads.member(member), "guild_id": str(member.guild.id)}
        self.gateway.dispatch("GUILD_MEMBER_ADD", data, GUILD_MEMBERS)

    # --- figures --------------------------------------------------------------------------

    def peak_rate(self, window: float = 1.0) -> int:
        """The most REST calls made within any `window` seconds (Discord allows 50 per s)."""
        times = sorted(record.time for record in self.requests)
        peak, start = 0, 0
        for end, moment in enumerate(times):
            while moment - times[start] > window:
                start += 1
            peak = max(peak, end - start + 1)
        return peak


def _still_thinking(ix: Interaction) -> bool:
    message = ix.message
    return bool(message and message.loading and not message.deleted and not ix.expired)


@contextlib.contextmanager
def point_discord_at(emu: FakeDiscord) -> Iterator[FakeDiscord]:
    """Point discord.py's REST base and default gateway at the emulator; restore on exit."""
    import discord.gateway
    import discord.http
    import yarl

    route, websocket = discord.http.Route, discord.gateway.DiscordWebSocket
    old_base, old_gateway = route.BASE, websocket.DEFAULT_GATEWAY
    route.BASE = emu.api_base
    websocket.DEFAULT_GATEWAY = yarl.URL(emu.gateway_url)
    try:
        yield emu
    finally:
        route.BASE = old_base
        websocket.DEFAULT_GATEWAY = old_gateway
