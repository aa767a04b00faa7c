r"""A local, wire-level emulator of Discord (REST API v10 + zlib-stream gateway) for tests.

The real discord.py client (pinned 2.7.1) logs in to it, syncs its application commands and
receives interactions from simulated users; tests then read every message, edit, DM and
attachment, and every Discord limit the bot broke.

Starting::

    async with FakeDiscord(bot_token="test-token", bot_name="Table") as emu:
        with point_discord_at(emu):            # Route.BASE + DEFAULT_GATEWAY, restored after
            async with emu.run_bot(bot):       # bot.start(), wait_for_bot(), bot.close()
                ...

    emu.api_base, emu.gateway_url, emu.base_url, emu.port
    await emu.start(); await emu.stop()
    await emu.wait_for_bot(timeout=5, bot_task=None, synced=True)
        # logged in, READY + GUILD_CREATE sent, commands synced since that login
    Bots must use guild_ready_timeout=0.05, and either the members intent off or
    chunk_guilds_at_startup=False (op 8 is answered with one GUILD_MEMBERS_CHUNK anyway).
    emu.logins                          # GET /users/@me so far: a restarted bot logs in anew

The real bot as its own process (tests/support/process.py, fixture `bot_process`): `python
bot.py` on a settings file pointing at `emu` and a SQLite file in tmp_path::

    bot_process.extra_settings = {"timers": {"reminder_at": 0.8}}   # or TOML text; merged
    await bot_process.start(timeout=30)   # until ready; AssertionError + log tail if it exits
    emu.inject("POST", r"/channels/\d+/messages", before=bot_process.kill)  # SIGKILL there
    assert await bot_process.wait_exit() == -9
    await bot_process.restart()           # same settings and database
    await bot_process.terminate()         # SIGTERM and wait: the return code
    bot_process.database; .pid; .log_text(); .tracebacks()   # ERROR records and tracebacks

A killed client's gateway connection ends at once (the session stays resumable, as on
Discord), so `emu.gateway.live` is None until the restarted process identifies.

Building the world (runtime additions are announced over the gateway)::

    guild = emu.add_guild("Friday Night", locale="de")          # Guild .id .name .locale
    chan = emu.add_channel(guild, "games", topic=None)           # Channel .id .guild .type 0
    thread = emu.add_thread(chan, "table 2", private=False)      # Channel type 11, .parent
    alice = emu.add_user("alice", locale="en-US", dms_open=True) # User .id .name .locale .dms_open
    emu.add_member(guild, alice, manage_guild=False, nick=None, permissions=None)
    alice.dms_open = False          # bot DMs to alice now get 403 {"code": 50007} (no violation)
    dm = emu.open_dm(alice)         # the DM channel (type 1), e.g. for slash commands in DMs
    emu.archive_thread(thread, locked=False)   # as Discord after its auto-archive time
    emu.lock_thread(thread)                     # a moderator locks it (it stays open)
    emu.delete_channel(thread)                  # every route on it: 404 {"code": 10003}

Threads as Discord has them: `thread_metadata` (archived, auto_archive_duration,
archive_timestamp, locked); THREAD_UPDATE / THREAD_DELETE reach the bot on every change. A
message posted in an archived thread brings it back; PATCH /channels/{thread} with only
`archived: false` needs the right to send messages, anything else (auto_archive_duration one of
60, 1440, 4320, 10080; locked; unarchiving a locked thread) needs Manage Threads, else 403
50013; an archived thread takes no other change and no message edit or delete (400 50083); a
locked thread takes posts only with Manage Threads. The bot has Manage Threads unless a test
sets `guild.members[emu.bot_user.id].permissions`. A click or select in an archived thread
raises `ThreadArchived` (an AssertionError): the web and phone apps never send it.

Simulated users (each sends over the gateway, waits up to `emu.callback_timeout` (3 s) for the
bot's initial callback — AssertionError naming the interaction if none — then `idle()`)::

    ix = await emu.slash(alice, chan, "dicestars new", {"solo": True}, locale=None)
    ix = await emu.click(alice, message, custom_id)              # type 3, component_type 2
    ix = await emu.select(alice, message, custom_id, ["a", "b"]) # type 3, the select's type
    choices = await emu.autocomplete(alice, chan, "dizzle new", "level", "lev", options=None)
    ix2 = await emu.submit_modal(alice, ix, {"word": "Drache"})  # after a type 9 response
    note = await emu.post(alice, chan, "hello")                  # a plain user message
    await emu.idle(quiet=0.05, timeout=5)   # no REST call for `quiet` s, no open "thinking"
    await emu.wait_until(lambda: ..., timeout=3, what="...")

`slash` builds the payload from the synced definitions: subcommand (group) nesting, option
types, choices, min/max, required options, `data.resolved` for User/Channel values and
(filename, bytes) attachments; a command the user may not see (default_member_permissions,
contexts, DMs) or an unknown option is an AssertionError. `locale` defaults to the user's
locale, `guild_locale` is the guild's. Clicks check that the button exists, is enabled and
that the user can see the message (their own ephemeral, their own DM).

Interaction records (`ix`): .id .token .type .user .channel .payload .response_type (4..9)
.ephemeral .message (made or edited by the initial response; the "thinking" placeholder of a
type 5, later filled by @original edits or by the first followup) .followups .choices .modal
.component_message .responded_in (s) .refused (HTTP statuses of refused callbacks)
.dropped (a fault kept its callback from Discord) .expired .age (s since sent) .label,
.messages() and `await ix.wait_response(timeout=3)`.
A refused callback (limit broken, too late) leaves the interaction unanswered, as on Discord.

Messages (`Message`): .id .channel .channel_id .guild_id .author .author_id .content
.components (raw) .attachments (.filename .data .content_type .size .description) .embeds
.flags .type .ephemeral_for (user id or None) .edits (older versions) .deleted
.notified (ids of the users the new message notified: none when silent (flag 4096) or
ephemeral, a DM's recipient, else the mentions `allowed_mentions` let through)
.interaction_id .reactions {emoji: {user ids}} .thread .loading; helpers .buttons() (dicts:
label, custom_id, disabled, style, emoji, url), .selects(), .button(label=...|
custom_id_prefix=...), .select(custom_id_prefix), .texts() (every visible string).

Bot messages: POST /channels/{id}/messages with a `nonce` (at most 25 characters) and
`"enforce_nonce": true` (discord.py 2.7 sends both with every `channel.send`, a random nonce
unless one is given) answers the bot's message with that nonce in that channel from the last
rest_channels.NONCE_WINDOW (300) s, in its current version, instead of making a new one (a
deleted one does not count); `Message.nonce` keeps it. GET /channels/{id}/messages pages as
Discord does: newest first, `limit` 1-100 (50), then one of `around` (limit - limit // 2 up
to and including the id, limit // 2 after it), `before` (the nearest older ones) or `after`
(the nearest newer ones); GET /channels/{id}/messages/{id} answers one.

Components V2 (limits_v2.py), on every create and edit (channel, DM, callbacks 4 and 7,
followups, @original): V2 types (9-14, 17) need the flag 1 << 15 (else 400 50035
UNION_TYPE_CHOICES at components.N.type); with the flag, a `content` string (even ""),
`embeds`, `poll` or `sticker_ids` is refused (MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2
at that field); an edit may add the flag to a classic message only if it also empties what the
message used (`content: null`, `embeds: []`), and may never clear it (`flags`); at most 40
components, 4,000 characters in all text displays; each component's own limits (top level,
container and section children, section 1-3 texts + button or thumbnail, gallery 1-10 items,
alt text <= 1,024, accent colour 0-0xFFFFFF, separator spacing 1-2, file only
`attachment://`). An `attachment://name` with no such upload or kept attachment is refused; an
attachment no gallery, thumbnail or file names is kept and shown nowhere, as on Discord (a
`v2_attachment_not_shown` violation, the answer stays 200). A deferred callback (5, 6) takes
only EPHEMERAL. PATCH @original (and the first followup after a "thinking" defer, which edits
it) refuses a new upload shown in a media gallery (discord-api-docs#7529): send it with a
fresh response (callback 4 or 7) or a new followup.

Reading::

    emu.channel_messages(chan)     # public messages, oldest first, current versions
    emu.visible_to(alice, chan)    # public + alice's ephemerals there
    emu.dm_messages(alice)         # what the bot sent to alice's DM channel
    emu.all_messages(with_edits=False)  # everything incl. deleted/ephemeral (secrecy checks)
    emu.commands / emu.commands_for(guild) / emu.guild_commands
    emu.app_emojis                 # {id: AppEmoji(.id .name .image .animated)}, see app_emojis.py:
        # /applications/{id}/emojis as on Discord (2,000 at most, names unique, 256 KiB images);
        # a control showing a custom emoji that is not among them is refused (unknown_emoji)
    emu.interactions               # {id: Interaction}
    emu.violations                 # list[Violation(rule, detail, route, status)]
    emu.violations_of(rule); emu.assert_no_violations()
    emu.requests                   # [(method, path, time.monotonic())]; emu.peak_rate(1.0)
    emu.error_responses            # [(route, status, body)] of every error answer
    emu.gateway_connections        # .query .compress .binary_frames .text_frames .resumed ...

Faults at an exact request (faults.py has the details)::

    fault = emu.inject(
        "POST", r"/channels/\d+/messages",  # method; regex fullmatched on the path sans /api/v10
        match=None,     # predicate(call) on the parsed request: .json() .query .uploads .params
        nth=1,          # fires on the nth matching request counted from now (1-based) ...
        times=1,        # ... and on the times - 1 matching requests after it
        error=None,     # (status, code, message): answer this Discord error (no violation)
        before=None,    # callable (sync or async), run before the request takes effect
        after=None,     # callable, run after it took effect, before the answer goes out
        hang=False,     # never answer (until the client goes away or the emulator stops)
        drop=False,     # not handled; the connection is closed without an answer
        retry_after=None,  # with error=(429, ...): Discord's rate-limit answer (Via header,
                           # retry_after in the body), which discord.py waits out and retries
    )
    fault.fired; fault.seen; fault.calls; fault.spent; fault.cancel()
    await fault.wait(timeout=5)            # AssertionError naming the fault if it never fired
    emu.faults                             # the injected faults, in order

The route does not run with `drop`, when `before` returns "drop", when the client died during
`before` (e.g. `before=bot_process.kill`), or for `error`/`hang` without `after`. With `after`,
the request takes effect and then gets the error, no answer, or its own answer. A fault with
no error, hook, hang or drop only watches (`fault.calls`). A callback kept from its route
still ends the user's wait: `slash`/`click`/... return, with the injected status in
`ix.refused` (e.g. (404, 10062, "Unknown interaction"), as Discord answers a late callback),
or `ix.dropped` set (dropped, hung, bot gone). A hung request does not count for `idle()`.
When a client is gone, its answer goes nowhere and the emulator carries on.

Gateway control: emu.request_reconnect(shard_id=None) (op 7 -> RESUME -> RESUMED),
emu.invalidate_session(shard_id=None) (op 9 -> IDENTIFY -> READY); without a shard id, the
newest session.

Sharding, as Discord does it: GET /gateway/bot answers {url, shards: emu.recommended_shards,
session_start_limit}; each IDENTIFY with "shard": [id, count] is a session of its own, and
several (from one AutoShardedBot or from several processes) run at once. A guild's events and
interactions go only to shard (guild_id >> 22) % count, DMs and DM interactions only to shard
0, READY lists only the shard's guilds; [id, count] with id >= count is closed with 4010::

    guild = emu.add_guild("Far", shard=(1, 2))     # an id that routes it to shard 1 of 2
    await emu.wait_for_bot(timeout=20, shards=2)    # shards 0 and 1 of 2 connected, synced once
    emu.gateway.session_for(guild.id).shard         # (1, 2); session_for(None): the DM shard
    emu.gateway.shards                              # {shard id: newest Session}

Violation rules (each answered with Discord's real status and JSON body): content_too_long,
too_many_rows, row_not_action_row, empty_row, too_many_buttons, select_not_alone,
too_many_options, no_options, select_values_out_of_range, custom_id_too_long,
custom_id_missing, duplicate_custom_id, label_too_long, button_without_label,
link_button_invalid, option_text_too_long, placeholder_too_long, too_many_components,
too_many_embeds, embed_too_long, attachment_too_large (413), too_many_attachments,
nonce_too_long, history_limit_out_of_range, history_query_invalid (a non-numeric id),
edit_foreign_message (403 50005), late_response (404 10062), already_acknowledged (400 40060),
unknown_interaction, invalid_response_type, followup_before_response, unknown_webhook,
token_expired, too_many_choices, choice_too_long, modal_invalid, thread_name_too_long,
command_invalid, wrong_application, unknown_route (404/405), handler_error (400 + traceback).
"""

from .fake import FakeDiscord, point_discord_at
from .faults import Fault
from .interactions import Interaction
from .models import Attachment, Channel, Guild, Member, Message, RequestRecord, User, Violation

__all__ = [
    "Attachment",
    "Channel",
    "FakeDiscord",
    "Fault",
    "Guild",
    "Interaction",
    "Member",
    "Message",
    "RequestRecord",
    "User",
    "Violation",
    "point_discord_at",
]
