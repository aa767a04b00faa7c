"""A tiny game used to test the table plumbing on its own: Nim with a rolled pile.

A chance step rolls the pile (10-15 stones); players take 1-3 stones in turn; whoever takes
the last stone wins. It follows the engine contract of ``games/engine.py`` and plugs into the
table cog like a real game (``/nim new``).
"""

from __future__ import annotations

import sys
from dataclasses import asdict, dataclass
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.table.plugin import GamePlugin
from games.engine import CHANCE, GameInfo, Option, Rng, RulesError, rank
from screens.context import TableContext, action_button
from screens.model import Screen

INFO = GameInfo("nim", 2, 4, (Option("host_starts", (False, True), True),))


@dataclass
class State:
    seats: int
    rng: int
    pile: int | None = None
    turn: int = 0
    winner: int | None = None


def new_game(seats: int, seed: int, options: dict[str, Any]) -> State:
    return State(seats=seats, rng=seed)


def from_json(data: dict[str, Any]) -> State:
    return State(**data)


def to_json(state: State) -> dict[str, Any]:
    return asdict(state)


def to_move(state: State) -> list[int]:
    if state.winner is not None:
        return []
    return [CHANCE] if state.pile is None else [state.turn]


def legal_actions(state: State, seat: int) -> list[dict[str, Any]]:
    if to_move(state) != [seat]:
        return []
    return [{"type": "take", "n": n} for n in range(1, min(3, state.pile or 0) + 1)]


def apply(state: State, seat: int, action: dict[str, Any]) -> list[dict[str, Any]]:
    if seat == CHANCE:
        state.pile = int(action["pile"])
        return [{"type": "rolled", "pile": state.pile}]
    if state.winner is not None:
        raise RulesError("table-error-closed")
    if seat != state.turn:
        raise RulesError("table-error-not-your-turn")
    if action not in legal_actions(state, seat):
        raise RulesError("table-error-unknown-control")
    state.pile = (state.pile or 0) - action["n"]
    if state.pile == 0:
        state.winner = seat
        return [{"type": "won", "seat": seat}]
    state.turn = (state.turn + 1) % state.seats
    return [{"type": "took", "seat": seat, "n": action["n"]}]


def sample_chance(state: State) -> dict[str, Any]:
    rng = Rng(state.rng)
    pile = 10 + rng.below(6)
    state.rng = rng.state
    return {"type": "pile", "pile": pile}


def view(state: State, viewer: int | None) -> dict[str, Any]:
    return to_json(state)


def is_over(state: State) -> bool:
    return state.winner is not None


def scores(state: State) -> list[int]:
    return [int(seat == state.winner) for seat in range(state.seats)]


def ranking(state: State) -> list[int]:
    return rank(scores(state))


def autopilot(state: State, seat: int) -> dict[str, Any]:
    pile = state.pile or 0
    return {"type": "take", "n": pile % 4 or 1}


class NimPlugin(GamePlugin):
    engine = sys.modules[__name__]  # this module is the engine
    emoji = "🪨"
    computer_seats = True

    def title(self, loc: object, language: str) -> str:
        return "Nim"

    def turn_screen(self, ctx: TableContext) -> Screen:
        seat = ctx.state.turn
        buttons = tuple(action_button(f"take {a['n']}", a) for a in legal_actions(ctx.state, seat))
        return Screen(f"Pile: {ctx.state.pile}. {ctx.mention(seat)} to move.", rows=[buttons])

    def final_screen(self, ctx: TableContext) -> Screen:
        return Screen(f"{ctx.name(ctx.state.winner)} took the last stone and wins.")


class NimCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot
        self.plugin = NimPlugin()
        bot.get_cog("TableCog").register(self.plugin)  # type: ignore[union-attr]

    group = app_commands.Group(name="nim", description="A test game")

    @group.command(name="new", description="Open a Nim table")
    async def new(self, interaction: discord.Interaction, host_starts: bool | None = None) -> None:
        cog = self.bot.get_cog("TableCog")
        await cog.open_table(interaction, self.plugin, {"host_starts": host_starts})  # type: ignore[union-attr]


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(NimCog(bot))
