"""A TCP relay on 127.0.0.1 that a test can cut: a database server that went away, then came back.

    async with CuttableRelay("127.0.0.1", 5432) as relay:
        url = relay.rewrite(database_url)   # the same database, through the relay
        relay.cut()      # every open connection reset, every new one refused
        relay.restore()  # connections are relayed again

A cut is what a failover or a restart of PostgreSQL looks like to its clients: open connections
die, new ones are refused until the server is back.
"""

from __future__ import annotations

import asyncio
import contextlib
from urllib.parse import urlsplit, urlunsplit


class CuttableRelay:
    def __init__(self, host: str, port: int) -> None:
        self.host = host
        self.port = port
        self.cut_off = False
        self.refused = 0  # connections refused while cut
        self._server: asyncio.Server | None = None
        self._open: set[asyncio.StreamWriter] = set()

    @property
    def listening_port(self) -> int:
        assert self._server is not None
        return self._server.sockets[0].getsockname()[1]

    def rewrite(self, url: str) -> str:
        """`url` with the relay's address in place of the server's."""
        parts = urlsplit(url)
        credentials = parts.netloc.rpartition("@")[0]
        netloc = f"{credentials}@127.0.0.1:{self.listening_port}" if credentials else None
        return urlunsplit(parts._replace(netloc=netloc or f"127.0.0.1:{self.listening_port}"))

    def cut(self) -> None:
        self.cut_off = True
        for writer in list(self._open):
            writer.transport.abort()
        self._open.clear()

    def restore(self) -> None:
        self.cut_off = False

    async def __aenter__(self) -> CuttableRelay:
        self._server = await asyncio.start_server(self._relay, "127.0.0.1", 0)
        return self

    async def __aexit__(self, *_: object) -> None:
        self.cut()
        assert self._server is not None
        self._server.close()
        await self._server.wait_closed()

    async def _relay(self, client_in: asyncio.StreamReader, client_out: asyncio.StreamWriter):
        if self.cut_off:
            self.refused += 1
            client_out.transport.abort()
            return
        try:
            server_in, server_out = await asyncio.open_connection(self.host, self.port)
        except OSError:
            client_out.transport.abort()
            return
        self._open.update((client_out, server_out))
        await asyncio.gather(
            _pump(client_in, server_out), _pump(server_in, client_out), return_exceptions=True
        )
        for writer in (client_out, server_out):
            self._open.discard(writer)
            writer.transport.abort()


async def _pump(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
    with contextlib.suppress(ConnectionError, OSError):
        while data := await source.read(65536):
            sink.write(data)
            await sink.drain()
    sink.transport.abort()
