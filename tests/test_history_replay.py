"""Replays rebuild a finished game from its seed and log, on what the game itself kept."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from cogs.dizzle import DizzlePlugin
from cogs.history import rebuild
from games import dizzle as engine
from games import table as tables
from games.dizzle_levels import parse_level
from games.engine import CHANCE, settle
from storage import GameRecord, MoveRecord

LEVELS = Path(__file__).resolve().parent.parent / "games" / "levels"


def levels() -> dict:
    return {
        path.stem: parse_level(path.read_text("utf-8"), path.name)
        for path in sorted(LEVELS.glob("*.toml"))
    }


def test_a_dizzle_replay_uses_the_level_the_game_kept_even_after_its_file_changed():
    plugin = DizzlePlugin(levels())
    table = tables.open_table("dizzle", 1, "Ann", "en", {"level": "level2", "host_starts": True})
    table.seats.append(tables.Seat(2, "Bo"))
    table.status, table.seed = tables.ACTIVE, 99
    state = plugin.new_state(table)
    moves: list[MoveRecord] = []
    while not engine.is_over(state):
        for outcome, _ in settle(engine, state):
            moves.append(MoveRecord(len(moves) + 1, None, outcome, "chance", 0.0))
        if engine.is_over(state):
            break
        seat = engine.to_move(state)[0]
        action = engine.autopilot(state, seat)
        engine.apply(state, seat, action)
        moves.append(MoveRecord(len(moves) + 1, seat, action, "user", 0.0))
    table.state = engine.to_json(state)
    table.status = tables.FINISHED
    record = GameRecord(7, 1, 10, "dizzle", "finished", table.to_json(), 300, 0.0, 0.0, 0.0)

    # The server then edits its level file: the same id now holds another sheet.
    edited = levels()
    edited["level2"] = dataclasses.replace(edited["level3"], id="level2")
    replay = rebuild(DizzlePlugin(edited), record, moves, step=-1)
    assert engine.to_json(replay.state) == table.state
    assert replay.step == replay.steps == sum(1 for m in moves if m.seat is not None)
    halfway = rebuild(DizzlePlugin(edited), record, moves, step=10)
    assert halfway.step == 10 and engine.to_move(halfway.state) != [CHANCE]


def test_a_replay_shows_the_game_in_its_tables_language_around_the_readers_header():
    from types import SimpleNamespace

    from cogs.dice_stars import DiceStarsPlugin
    from cogs.history import HistoryCog
    from games import dice_stars
    from locales import Localizer

    plugin = DiceStarsPlugin()
    table = tables.open_table("dice_stars", 1, "Ann", "de", {"host_starts": True})
    table.seats.append(tables.Seat(2, "Bo"))
    table.status, table.seed = tables.ACTIVE, 5
    state = plugin.new_state(table)
    moves: list[MoveRecord] = []
    while not dice_stars.is_over(state):
        for outcome, _ in settle(dice_stars, state):
            moves.append(MoveRecord(len(moves) + 1, None, outcome, "chance", 0.0))
        if dice_stars.is_over(state):
            break
        seat = dice_stars.to_move(state)[0]
        action = dice_stars.autopilot(state, seat)
        dice_stars.apply(state, seat, action)
        moves.append(MoveRecord(len(moves) + 1, seat, action, "user", 0.0))
    table.state, table.status = dice_stars.to_json(state), tables.FINISHED
    record = GameRecord(8, 1, 10, "dice_stars", "finished", table.to_json(), 300, 0.0, 0.0, 0.0)
    loc = Localizer()
    history = HistoryCog(SimpleNamespace(loc=loc))  # type: ignore[arg-type]

    screen, replay = history.replay_screen(plugin, record, moves, -1, "fr")
    header = loc.text("fr", "history-step", step=replay.step, steps=replay.steps)
    assert screen.header is not None and header in screen.header
    assert loc.text("de", "hd-final") in screen.header  # the game's words: the table's
    assert loc.text("en", "hd-final") not in screen.header
    english, _ = history.replay_screen(
        plugin,
        dataclasses.replace(record, snapshot={**record.snapshot, "language": "en"}),
        moves,
        -1,
        "fr",
    )
    assert english.image != screen.image, "the picture's words are the table's too"
