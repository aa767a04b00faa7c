"""Screens drawn in the worker process are the screens drawn in the bot's own thread.

Seeded games of every title are played part-way and to the end; each screen is drawn both
ways and must come back identical (text, controls and the picture's bytes). A worker that is
killed costs one screen drawn in a thread, and the next worker draws the one after.
"""

from __future__ import annotations

import asyncio
import dataclasses
import os
import random
import signal
from typing import Any

import pytest

from cogs.dice_stars import DiceStarsPlugin
from cogs.dizzle import DizzlePlugin
from cogs.dizzle_level_files import read_dizzle_levels
from cogs.stella import StellaPlugin
from cogs.table.plugin import GamePlugin
from drawing.allocator import TRIM_SECONDS
from drawing.service import TEXTS, Drawing
from drawing.worker import PARENT_CHECK_SECONDS, warm_up
from games import table as tables
from games.engine import RulesError, settle
from games.table import Seat, Table
from locales import Localizer
from rendering import stella_cards
from screens.context import TableContext
from tests.support import in_worker

LOC = Localizer()


def _plugins() -> list[GamePlugin]:
    return [DiceStarsPlugin(), DizzlePlugin(read_dizzle_levels(None)), StellaPlugin()]


def _context(plugin: GamePlugin, players: int, seed: int, moves: int | None) -> TableContext:
    """A table of ``players`` after ``moves`` autopilot moves (None: to the end)."""
    info = plugin.info
    options = {option.name: option.default for option in info.options}
    table = Table(
        kind=plugin.kind,
        host_id=1,
        language="de",
        options=options,
        seats=[Seat(100 + index, f"Player {index + 1}") for index in range(players)],
    )
    table.status, table.seed = tables.ACTIVE, seed
    state = plugin.new_state(table)
    settle(plugin.engine, state)
    played, rng = 0, random.Random(seed)
    while not plugin.engine.is_over(state) and (moves is None or played < moves):
        seat = plugin.engine.to_move(state)[0]
        plugin.engine.apply(state, seat, _move(plugin, state, seat, rng))
        settle(plugin.engine, state)
        played += 1
    if plugin.engine.is_over(state):
        table.status = tables.FINISHED
    table.state = plugin.engine.to_json(state)
    return TableContext(7, played + 1, table, state, "de", LOC)


def _move(plugin: GamePlugin, state: Any, seat: int, rng: random.Random) -> Any:
    """The autopilot's move, or for a secret draft (Stella's marks) a few seeded toggles."""
    try:
        return plugin.engine.autopilot(state, seat)
    except RulesError:
        actions = plugin.engine.legal_actions(state, seat)
        if {"type": "lock_in"} in actions and rng.random() < 0.4:
            return {"type": "lock_in"}
        return rng.choice([action for action in actions if action["type"] != "lock_in"])


def _screens(plugin: GamePlugin) -> list[tuple[str, TableContext, tuple[Any, ...]]]:
    players = max(plugin.info.min_players, 3)
    middle = _context(plugin, players, seed=11, moves=9)
    end = _context(plugin, players, seed=11, moves=None)
    screens = [("turn_screen", middle, ()), ("final_screen", end, ())]
    if isinstance(plugin, StellaPlugin):
        screens += [("slate_screen", middle, (0, 555)), ("slate_picture", middle, (1,))]
    return screens


@pytest.fixture
async def drawing():
    plugins = _plugins()
    drawing = Drawing(processes=1, loc=LOC)
    for plugin in plugins:
        drawing.register(plugin)
    drawing.start()
    yield drawing, plugins
    drawing.close()


async def test_the_worker_draws_what_a_thread_draws(drawing) -> None:
    worker, plugins = drawing
    in_thread = Drawing(processes=0, loc=LOC)
    for plugin in plugins:
        for method, ctx, args in _screens(plugin):
            there = await worker.screen(plugin, method, ctx, *args)
            here = await in_thread.screen(plugin, method, ctx, *args)
            assert there.image if hasattr(there, "image") else there, (plugin.kind, method)
            assert there == here, (plugin.kind, method)
    assert worker.worker_pids() and os.getpid() not in worker.worker_pids()
    assert worker.restarts == 0


async def test_a_spawned_worker_draws_every_screen_without_discord() -> None:
    """Everything sent to the worker (screens, pictures, warm-up work) comes from modules that
    do not import discord.py, so a spawned worker (where the system cannot fork) never loads
    it."""
    plugins = _plugins()
    worker = Drawing(processes=1, loc=LOC, start_method="spawn")
    for plugin in plugins:
        worker.register(plugin)
    worker.start()
    try:
        await _draw_every_kind(worker, plugins)
        assert await worker.ask(in_worker.discord_modules) == []
        assert worker.restarts == 0
    finally:
        worker.close()


async def _draw_every_kind(worker: Drawing, plugins: list[GamePlugin]) -> None:
    from rendering import dice_stars as pictures
    from rendering.legend import render_legend

    for plugin in plugins:
        for method, ctx, args in _screens(plugin):
            await worker.screen(plugin, method, ctx, *args)
    stella = plugins[2]
    own = _context(stella, 3, seed=11, moves=None)
    await worker.screen(stella, "own_screen", own, [{"type": "round_over", "round": 1}])
    view = plugins[0].engine.view(_context(plugins[0], 2, seed=5, moves=12).state, None)
    await worker.picture("en", pictures.render_sheet, view, 1, "Bob", TEXTS)
    await worker.picture("fr", render_legend, "stella", TEXTS)
    function, args = stella.warm_up()[0]
    await worker.ask(warm_up, function, args)


async def test_a_killed_worker_costs_no_screen(drawing) -> None:
    worker, plugins = drawing
    dice_stars = plugins[0]
    method, ctx, _ = _screens(dice_stars)[0]
    expected = await worker.screen(dice_stars, method, ctx)
    first = worker.worker_pids()
    for pid in first:
        os.kill(pid, signal.SIGKILL)
    assert await worker.screen(dice_stars, method, ctx) == expected  # drawn here meanwhile
    assert await worker.screen(dice_stars, method, ctx) == expected  # by the new worker
    assert worker.restarts == 1
    assert worker.worker_pids() and set(worker.worker_pids()).isdisjoint(first)


async def test_the_stella_deck_is_painted_while_the_worker_is_idle(drawing) -> None:
    worker, plugins = drawing
    stella = plugins[2]
    method, ctx, args = _screens(stella)[0]
    await worker.screen(stella, method, ctx, *args)
    warming = worker._warming[stella.kind]
    await asyncio.wait_for(warming, timeout=120)
    painted = await worker.ask(in_worker.painted_cards)
    assert painted >= len(stella.warm_up()) == stella_cards.DECK_SIZE


async def _in(drawing: Drawing, question: Any) -> Any:
    return await drawing.ask(question)


def _paintings() -> int:
    """Run in the worker: how many cards its process painted."""
    from rendering import stella_cards

    return stella_cards.paintings


async def test_a_deck_painted_to_the_data_folder_is_read_by_the_next_worker(tmp_path) -> None:
    painted = StellaPlugin(painted=tmp_path / "painted-cards")
    first = Drawing(processes=1, loc=LOC)
    first.register(painted)
    first.start()
    try:
        first.warm(painted)
        await asyncio.wait_for(first._warming[painted.kind], timeout=120)
        files = sorted((tmp_path / "painted-cards").glob("*/176/*.rgb"))
        assert len(files) == stella_cards.DECK_SIZE
    finally:
        first.close()
    stamps = [file.stat().st_mtime_ns for file in files]
    after_restart = Drawing(processes=1, loc=LOC)  # a fresh process, as after a restart
    after_restart.register(painted)
    try:
        painted_before = await _in(after_restart, _paintings)  # a forked one counts the bot's
        in_memory = StellaPlugin()  # the deck painted in this process's memory instead
        for method, ctx, args in _screens(painted):
            there = await after_restart.screen(painted, method, ctx, *args)
            assert there == getattr(in_memory.screens, method)(ctx, *args), method
        assert await _in(after_restart, _paintings) == painted_before
    finally:
        after_restart.close()
    assert [file.stat().st_mtime_ns for file in files] == stamps, "read, never written again"


async def test_a_picture_gets_the_texts_of_its_language_in_the_worker(drawing) -> None:
    from rendering import dice_stars as pictures

    worker, plugins = drawing
    ctx = _context(plugins[0], 2, seed=5, moves=12)
    view = plugins[0].engine.view(ctx.state, None)
    in_thread = Drawing(processes=0, loc=LOC)
    for language in ("en", "fr"):
        args = (pictures.render_sheet, view, 1, "Bob", TEXTS)
        there = await worker.picture(language, *args)
        assert there == await in_thread.picture(language, *args)
    assert await worker.picture("en", *args[:-1], TEXTS) != there  # English, not French


async def test_a_solo_results_best_reaches_the_worker(drawing) -> None:
    worker, plugins = drawing
    dizzle = plugins[1]
    solo = _context(dizzle, 1, seed=5, moves=None)
    score = dizzle.engine.scores(solo.state)[0]
    plain = await worker.screen(dizzle, "final_screen", solo)
    with_best = dataclasses.replace(solo, best=score + 10)
    there = await worker.screen(dizzle, "final_screen", with_best)
    here = await Drawing(processes=0, loc=LOC).screen(dizzle, "final_screen", with_best)
    assert there == here and there.image != plain.image


async def test_what_the_last_pictures_freed_goes_back_though_no_picture_follows(drawing) -> None:
    worker, _ = drawing
    loop = asyncio.get_running_loop()
    await worker.picture("en", in_worker.own_heap)  # a job: the worker has just trimmed
    high = await worker.picture("en", in_worker.leave_freed_memory)  # too soon to trim again
    deadline = loop.time() + TRIM_SECONDS + 3 * PARENT_CHECK_SECONDS
    low = high
    while loop.time() < deadline and high - low < 20_000:
        await asyncio.sleep(0.25)
        low = await worker.ask(in_worker.own_heap)  # asked, not a job
    assert high - low > 20_000, (high, low)
