"""A TCP relay in front of a server (PostgreSQL) that a test can take away and bring back.

``cut()`` closes every relayed connection at once, as a server restart or a fail-over does,
and from then on closes each new connection as soon as it is made (counted in ``refused``), as
a server still starting does; ``mend()`` relays again::

    proxy = await TcpProxy("127.0.0.1", 5432).start()   # proxy.port
    proxy.cut(); ...; proxy.mend(); await proxy.close()
"""

from __future__ import annotations

import asyncio
import contextlib


class TcpProxy:
    def __init__(self, host: str, port: int) -> None:
        self.host, self.upstream_port = host, port
        self.port = 0
        self.refused = 0  # connections closed at once while cut
        self._down = False
        self._server: asyncio.Server | None = None
        self._writers: set[asyncio.StreamWriter] = set()

    async def start(self) -> TcpProxy:
        self._server = await asyncio.start_server(self._relay, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]
        return self

    def cut(self) -> None:
        self._down = True
        for writer in list(self._writers):
            writer.close()
        self._writers.clear()

    def mend(self) -> None:
        self._down = False

    async def close(self) -> None:
        self.cut()
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()

    async def _relay(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self._down:
            self.refused += 1
            writer.close()
            return
        try:
            up_reader, up_writer = await asyncio.open_connection(self.host, self.upstream_port)
        except OSError:
            writer.close()
            return
        self._writers |= {writer, up_writer}
        await asyncio.gather(_pipe(reader, up_writer), _pipe(up_reader, writer))
        self._writers -= {writer, up_writer}


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    with contextlib.suppress(ConnectionError, OSError):
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    writer.close()
