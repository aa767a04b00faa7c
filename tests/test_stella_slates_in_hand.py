"""Slates drawn for DMs that wait for Discord do not pile up in the bot's memory."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

from cogs import stella as stella_cog
from games.table import Seat, Table
from locales import Localizer
from screens.context import TableContext
from screens.model import Screen


class _Drawing:
    """Draws a slate at once and counts those drawn and not yet delivered."""

    def __init__(self) -> None:
        self.in_hand = 0
        self.most = 0
        self.drawn: list[tuple[int, str]] = []

    async def screen(self, plugin: Any, method: str, ctx: TableContext, seat: int, _: int) -> Any:
        assert method == "slate_screen"
        self.drawn.append((seat, ctx.language))
        self.in_hand += 1
        self.most = max(self.most, self.in_hand)
        return Screen(f"slate {seat}")


def _context(game_id: int, seats: int) -> TableContext:
    table = Table(
        kind="stella",
        host_id=1,
        language="en",
        options={},
        seats=[Seat(user_id=100 * game_id + n, name=f"P{n}", language="de") for n in range(seats)],
    )
    return TableContext(game_id, 1, table, None, "en", Localizer())


async def test_at_most_a_few_slates_wait_in_hand_while_many_rounds_start() -> None:
    plugin = stella_cog.StellaPlugin()
    drawing = _Drawing()
    cog: Any = SimpleNamespace(drawing=drawing)
    limit = asyncio.Event()  # Discord's global limit: nothing goes out until it lifts
    delivered: list[tuple[int, int, str]] = []

    def deliverer(game_id: int) -> Any:
        async def deliver(seat: int, slate: Screen) -> int:
            await limit.wait()
            drawing.in_hand -= 1
            delivered.append((game_id, seat, slate.text))
            return 1000 * game_id + seat

        return deliver

    rounds = [
        asyncio.create_task(
            plugin._each_slate(cog, _context(game, 4), [0, 1, 2, 3], 7, deliverer(game))
        )
        for game in range(1, 11)
    ]
    await asyncio.sleep(0.05)
    # Forty slates are due; only the bot's allowance is drawn while none can be sent.
    assert drawing.in_hand == stella_cog.SLATES_IN_HAND
    limit.set()
    results = await asyncio.gather(*rounds)

    assert drawing.most == stella_cog.SLATES_IN_HAND
    assert results == [[1000 * game + seat for seat in range(4)] for game in range(1, 11)]
    assert sorted(delivered) == [
        (game, seat, f"slate {seat}") for game in range(1, 11) for seat in range(4)
    ]
    assert {language for _, language in drawing.drawn} == {"de"}  # each player's own language
