"""The emulator of Discord as the load areas use it.

:class:`BenchDiscord` is the test emulator with two changes for load: a user's interaction
returns as soon as the bot's initial callback arrived (no waiting for the whole emulator to be
idle, which it never is under load), and every message the bot makes or edits (in channels,
DMs and ephemerals) is handed to ``on_message`` with its event, so the simulated players of
:mod:`bench.load_tables` read what the bot shows them.
"""

from __future__ import annotations

from collections.abc import Callable

from tests.emulator import FakeDiscord, Interaction, Message

CALLBACK_WAIT = 3.5  # Discord's 3 s, and a little for the emulator itself


class BenchDiscord(FakeDiscord):
    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.callback_timeout = CALLBACK_WAIT
        self.on_message: Callable[[str, Message], None] = lambda event, message: None

    async def idle(self, quiet: float = 0.05, timeout: float = 5.0) -> None:
        """Under load the emulator is never quiet, and nothing here waits for it to be."""

    async def _send(self, ix: Interaction) -> Interaction:
        try:
            return await super()._send(ix)
        except AssertionError:
            if ix.sent_at is None:  # not sent at all: no bot to receive it
                raise
            return ix  # sent, and not answered in time: the caller reads that off ``ix``

    def _announce_message(self, event: str, message: Message) -> None:
        super()._announce_message(event, message)
        self.on_message(event, message)
