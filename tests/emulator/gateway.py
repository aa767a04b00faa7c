"""The gateway: HELLO, heartbeats, IDENTIFY -> READY + GUILD_CREATE, RESUME, dispatches.

Frames go out through one writer task per connection so that their order, and the order of
the connection's single zlib stream, is the order in which they were dispatched.

Sharding as on Discord: IDENTIFY may carry ``"shard": [id, count]``; a guild's events and
interactions go to the session of shard ``(guild_id >> 22) % count``, events without a guild
(DMs and their interactions) to shard 0 only, and READY lists only the session's own guilds.
Several sessions (one per shard, from one or several bot processes) are connected at once; the
newest session of a shard takes over from an older one.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import zlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from . import payloads
from .models import Guild

if TYPE_CHECKING:
    from .fake import FakeDiscord

# Opcodes
DISPATCH = 0
HEARTBEAT = 1
IDENTIFY = 2
PRESENCE_UPDATE = 3
VOICE_STATE_UPDATE = 4
RESUME = 6
RECONNECT = 7
REQUEST_GUILD_MEMBERS = 8
INVALID_SESSION = 9
HELLO = 10
HEARTBEAT_ACK = 11

HEARTBEAT_INTERVAL_MS = 41250
AUTHENTICATION_FAILED = 4004
INVALID_SHARD = 4010
DISALLOWED_INTENTS = 4014
# Closes after which Discord forgets the session, so that RESUME is refused.
FINAL_CLOSE_CODES = (1000, 1001)

# Intents
GUILDS = 1 << 0
GUILD_MEMBERS = 1 << 1
GUILD_PRESENCES = 1 << 8
GUILD_MESSAGES = 1 << 9
DIRECT_MESSAGES = 1 << 12
MESSAGE_CONTENT = 1 << 15
PRIVILEGED_INTENTS = GUILD_MEMBERS | GUILD_PRESENCES | MESSAGE_CONTENT

MAX_KEPT_DISPATCHES = 2000


@dataclass(eq=False)
class GatewayConnection:
    """One websocket: what the client asked for and which frames went out."""

    query: dict[str, str]
    compress: str | None
    binary_frames: int = 0
    text_frames: int = 0
    received_ops: list[int] = field(default_factory=list)
    close_code: int | None = None
    resumed: bool = False
    session: Session | None = None
    outbox: asyncio.Queue[dict[str, Any] | None] = field(default_factory=asyncio.Queue)
    closing: int | None = None

    def send(self, frame: dict[str, Any]) -> None:
        self.outbox.put_nowait(frame)

    def close(self, code: int) -> None:
        self.closing = code
        self.outbox.put_nowait(None)


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard Discord sends a guild's events to."""
    return (guild_id >> 22) % shard_count


@dataclass(eq=False)
class Session:
    id: str
    intents: int
    shard: tuple[int, int] = (0, 1)
    identified: int = 0  # the how-many-th IDENTIFY made it: the newest session of a shard wins
    seq: int = 0
    kept: list[dict[str, Any]] = field(default_factory=list)
    connection: GatewayConnection | None = None
    ended: bool = False

    @property
    def live(self) -> bool:
        return self.connection is not None and not self.ended

    def wants(self, intent: int | None) -> bool:
        return intent is None or bool(self.intents & intent)

    def routes(self, guild_id: int | None) -> bool:
        """Whether this session gets the events of this guild (None: DMs, shard 0 only)."""
        shard_id, shard_count = self.shard
        if guild_id is None:
            return shard_id == 0
        return shard_of(guild_id, shard_count) == shard_id


class Gateway:
    def __init__(self, emu: FakeDiscord) -> None:
        self.emu = emu
        self.connections: list[GatewayConnection] = []
        self.sessions: dict[str, Session] = {}
        self.shards: dict[int, Session] = {}  # shard id -> the session that identified last
        self._identified = 0
        self._sockets: list[web.WebSocketResponse] = []

    @property
    def current(self) -> Session | None:
        """The session that identified last and has not ended (an unsharded bot's only one)."""
        sessions = [s for s in self.shards.values() if not s.ended]
        return max(sessions, key=lambda s: s.identified, default=None)

    @property
    def live(self) -> Session | None:
        """The session the bot is connected with right now, if any (the newest one)."""
        session = self.current
        return session if session and session.live else None

    def session_for(self, guild_id: int | None) -> Session | None:
        """The session that gets the events of this guild (None: of DMs), as Discord routes."""
        sessions = [s for s in self.shards.values() if not s.ended and s.routes(guild_id)]
        return max(sessions, key=lambda s: s.identified, default=None)

    def shards_live(self, shard_count: int) -> bool:
        """Every shard of ``shard_count`` is connected with a session identified for that count."""
        return all(
            (session := self.shards.get(shard_id)) is not None
            and session.live
            and session.shard == (shard_id, shard_count)
            for shard_id in range(shard_count)
        )

    # --- sending ------------------------------------------------------------------------

    def dispatch(
        self,
        event: str,
        data: dict[str, Any],
        intent: int | None = None,
        guild_id: int | None = None,
    ) -> bool:
        """Send an event to the session of its guild (``guild_id``, else the data's own).

        Events without a guild go to shard 0. Kept for RESUME while that session is away.
        """
        if guild_id is None and data.get("guild_id"):
            guild_id = int(data["guild_id"])
        return self.send_to(self.session_for(guild_id), event, data, intent)

    def send_to(
        self, session: Session | None, event: str, data: dict[str, Any], intent: int | None = None
    ) -> bool:
        if session is None or session.ended or not session.wants(intent):
            return False
        session.seq += 1
        frame = {"op": DISPATCH, "t": event, "s": session.seq, "d": data}
        session.kept = [*session.kept[-MAX_KEPT_DISPATCHES:], frame]
        if session.connection is not None:
            session.connection.send(frame)
        return True

    def dispatch_guild(self, guild: Guild) -> None:
        """GUILD_CREATE to the guild's shard."""
        self._send_guild(self.session_for(guild.id), guild)

    def _send_guild(self, session: Session | None, guild: Guild) -> None:
        """GUILD_CREATE; its member list depends on the session's GUILD_MEMBERS intent."""
        if session is not None:
            with_members = bool(session.intents & GUILD_MEMBERS)
            data = payloads.guild(guild, with_members=with_members)
            self.send_to(session, "GUILD_CREATE", data, GUILDS)

    async def _writer(self, ws: web.WebSocketResponse, conn: GatewayConnection) -> None:
        compressor = zlib.compressobj() if conn.compress == "zlib-stream" else None
        while True:
            frame = await conn.outbox.get()
            if frame is None:
                await ws.close(code=conn.closing or 1000)
                return
            text = json.dumps(frame)
            try:
                if compressor is not None:
                    data = compressor.compress(text.encode()) + compressor.flush(zlib.Z_SYNC_FLUSH)
                    await ws.send_bytes(data)
                    conn.binary_frames += 1
                else:
                    await ws.send_str(text)
                    conn.text_frames += 1
            except (ConnectionError, RuntimeError):
                return

    # --- receiving ----------------------------------------------------------------------

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(compress=False, max_msg_size=0, autoping=True)
        await ws.prepare(request)
        query = dict(request.query)
        conn = GatewayConnection(query, query.get("compress"))
        self.connections.append(conn)
        self._sockets.append(ws)
        writer = asyncio.create_task(self._writer(ws, conn))
        conn.send({"op": HELLO, "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS}})
        try:
            async for message in ws:
                if message.type in (WSMsgType.TEXT, WSMsgType.BINARY):
                    self._receive(conn, json.loads(message.data))
        finally:
            conn.close_code = ws.close_code
            self._forget(conn)
            writer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await writer
            self._sockets.remove(ws)
        return ws

    def _receive(self, conn: GatewayConnection, frame: dict[str, Any]) -> None:
        op, data = frame.get("op"), frame.get("d")
        conn.received_ops.append(op)
        if op == HEARTBEAT:
            conn.send({"op": HEARTBEAT_ACK})
        elif op == IDENTIFY:
            self._identify(conn, data or {})
        elif op == RESUME:
            self._resume(conn, data or {})
        elif op == REQUEST_GUILD_MEMBERS:
            self._members_chunk(conn, data or {})

    def _identify(self, conn: GatewayConnection, data: dict[str, Any]) -> None:
        if data.get("token") != self.emu.bot_token:
            conn.close(AUTHENTICATION_FAILED)
            return
        intents = int(data.get("intents", 0))
        if intents & PRIVILEGED_INTENTS & ~self.emu.privileged_intents:
            conn.close(DISALLOWED_INTENTS)
            return
        shard = data.get("shard") or [0, 1]
        if not _valid_shard(shard):
            conn.close(INVALID_SHARD)
            return
        self._identified += 1
        session = Session(secrets.token_hex(16), intents, (shard[0], shard[1]), self._identified)
        self.sessions[session.id] = session
        self.shards[shard[0]] = session
        self._attach(conn, session)
        guilds = [g for g in self.emu.guilds.values() if session.routes(g.id)]
        self.send_to(session, "READY", self._ready(session, guilds))
        for guild in guilds:
            self._send_guild(session, guild)
        self.emu._bot_identified()

    def _ready(self, session: Session, guilds: list[Guild]) -> dict[str, Any]:
        return {
            "v": 10,
            "user": payloads.user(self.emu.bot_user),
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.emu.gateway_url,
            "shard": list(session.shard),
            "application": {"id": str(self.emu.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "user_settings": {},
            "auth": {},
        }

    def _resume(self, conn: GatewayConnection, data: dict[str, Any]) -> None:
        session = self.sessions.get(data.get("session_id", ""))
        if session is None or session.ended or data.get("token") != self.emu.bot_token:
            conn.send({"op": INVALID_SESSION, "d": False})
            return
        self._attach(conn, session)
        conn.resumed = True
        missed = [f for f in session.kept if f["s"] > (data.get("seq") or 0)]
        for frame in missed:
            conn.send(frame)
        self.send_to(session, "RESUMED", {})

    def _attach(self, conn: GatewayConnection, session: Session) -> None:
        conn.session = session
        session.connection = conn

    def _members_chunk(self, conn: GatewayConnection, data: dict[str, Any]) -> None:
        guild = self.emu.guilds.get(int(data.get("guild_id", 0)))
        if guild is None:
            return
        wanted = {int(uid) for uid in data.get("user_ids") or []}
        members = [m for m in guild.members.values() if not wanted or m.user.id in wanted]
        chunk = {
            "guild_id": str(guild.id),
            "members": [payloads.member(m) for m in members],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
            "presences": [],
        }
        if data.get("nonce") is not None:
            chunk["nonce"] = data["nonce"]
        self.send_to(conn.session, "GUILD_MEMBERS_CHUNK", chunk)

    def _forget(self, conn: GatewayConnection) -> None:
        session = conn.session
        if session is None or session.connection is not conn:
            return
        session.connection = None
        if conn.close_code in FINAL_CLOSE_CODES and conn.closing is None:
            session.ended = True

    # --- control from tests -------------------------------------------------------------

    def _live_session(self, shard_id: int | None) -> Session | None:
        session = self.live if shard_id is None else self.shards.get(shard_id)
        return session if session is not None and session.live else None

    def request_reconnect(self, shard_id: int | None = None) -> None:
        """Op 7 (to the newest session, or to that shard's): the client RESUMEs its session."""
        session = self._live_session(shard_id)
        if session is not None and session.connection is not None:
            session.connection.send({"op": RECONNECT, "d": None})

    def invalidate_session(self, shard_id: int | None = None) -> None:
        """Op 9 (not resumable): the client identifies again from scratch."""
        session = self._live_session(shard_id)
        if session is not None and session.connection is not None:
            session.ended = True
            session.connection.send({"op": INVALID_SESSION, "d": False})

    async def close_all(self) -> None:
        for ws in list(self._sockets):
            await ws.close(code=1001)


def _valid_shard(shard: Any) -> bool:
    """``[id, count]`` with ``0 <= id < count``, as Discord wants (else close 4010)."""
    return (
        isinstance(shard, list | tuple)
        and len(shard) == 2
        and all(isinstance(n, int) and not isinstance(n, bool) for n in shard)
        and 0 <= shard[0] < shard[1]
    )
