"""The daily challenge's seed, level rotation and streaks (pure, no Discord, no database)."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import pytest

from games import daily, dice_stars, dizzle
from games.dizzle_levels import level_to_json, parse_level
from games.engine import settle
from screens.daily import emoji_grid, final_score, share_line

LEVELS = Path(__file__).resolve().parent.parent / "games" / "levels"
DAY = date(2026, 12, 5)


def daily_game(kind: str, day: date):
    """The day's game as a bot builds it: the seed and level from the day only."""
    level = daily.daily_level(kind, day)
    seed = daily.daily_seed(kind, level, day)
    if kind == "dizzle":
        path = LEVELS / f"{level}.toml"
        options = {"level": level_to_json(parse_level(path.read_text("utf-8"), path.name))}
        return dizzle, dizzle.new_game(1, seed, options)
    return dice_stars, dice_stars.new_game(1, seed, {})


def play(kind: str, day: date, moves: int) -> list[dict]:
    """The day's game played by the autopilot: the state after each move, as JSON."""
    engine, state = daily_game(kind, day)
    seen = []
    for _ in range(moves):
        settle(engine, state)
        seats = engine.to_move(state)
        if not seats:
            break
        engine.apply(state, seats[0], engine.autopilot(state, seats[0]))
        seen.append(engine.to_json(state))
    return seen


@pytest.mark.parametrize("kind", daily.KINDS)
def test_every_player_meets_the_same_roll_and_stream_on_one_day(kind):
    # Two players (two servers, two processes: nothing of theirs enters the seed).
    first, second = play(kind, DAY, 12), play(kind, DAY, 12)
    assert len(first) == 12
    assert first == second


@pytest.mark.parametrize("kind", daily.KINDS)
def test_the_next_day_brings_another_game(kind):
    engine, today = daily_game(kind, DAY)
    _, tomorrow = daily_game(kind, DAY + timedelta(days=1))
    settle(engine, today)
    settle(engine, tomorrow)
    assert engine.to_json(today) != engine.to_json(tomorrow)
    assert play(kind, DAY, 12) != play(kind, DAY + timedelta(days=1), 12)


def test_the_seed_depends_on_game_level_and_day_only():
    seed = daily.daily_seed("dizzle", "level2", DAY)
    assert seed == daily.daily_seed("dizzle", "level2", date(2026, 12, 5))
    assert 0 <= seed < 2**62
    others = {
        daily.daily_seed("dice_stars", "level2", DAY),
        daily.daily_seed("dizzle", "level3", DAY),
        daily.daily_seed("dizzle", "level2", DAY + timedelta(days=1)),
    }
    assert seed not in others and len(others) == 3


def test_dizzle_cycles_its_published_rotation_by_day():
    assert daily.DIZZLE_ROTATION == ("level1", "level2", "level3", "level4")
    days = [daily.EPOCH + timedelta(days=n) for n in range(9)]
    assert [daily.daily_level("dizzle", day) for day in days] == [
        *daily.DIZZLE_ROTATION,
        *daily.DIZZLE_ROTATION,
        "level1",
    ]
    assert daily.daily_level("dizzle", daily.EPOCH - timedelta(days=1)) == "level4"
    assert daily.daily_level("dice_stars", DAY) == ""
    with pytest.raises(ValueError):
        daily.daily_level("stella", DAY)


def test_the_rotation_names_shipped_sheets():
    shipped = {path.stem for path in LEVELS.glob("level*.toml")}
    assert set(daily.DIZZLE_ROTATION) <= shipped


def test_the_day_changes_at_midnight_utc():
    before = datetime(2026, 12, 5, 23, 59, 59, tzinfo=UTC).timestamp()
    assert daily.utc_day(before) == date(2026, 12, 5)
    assert daily.utc_day(before + 1) == date(2026, 12, 6)


def test_a_streak_counts_consecutive_days_and_breaks_on_a_missed_one():
    d = DAY
    played = [d - timedelta(days=n) for n in (0, 1, 2)] + [d - timedelta(days=5)]
    assert daily.streaks(played, d) == (3, 3)
    # Today not played yet: yesterday's run is still alive until midnight UTC.
    assert daily.streaks(played, d + timedelta(days=1)) == (3, 3)
    # A whole day missed: the run is over, the best stays.
    assert daily.streaks(played, d + timedelta(days=2)) == (0, 3)
    assert daily.streaks([], d) == (0, 0)
    longer = [d - timedelta(days=n) for n in range(10, 15)] + [d]
    assert daily.streaks(longer, d) == (1, 5)


def test_a_streak_breaks_at_midnight_utc_not_local_time():
    late = datetime(2026, 12, 5, 23, 30, tzinfo=UTC).timestamp()
    early = datetime(2026, 12, 7, 0, 30, tzinfo=UTC).timestamp()  # 25 hours later
    days = [daily.utc_day(late), daily.utc_day(early)]
    assert daily.streaks(days, daily.utc_day(early)) == (1, 1)
    next_day = datetime(2026, 12, 6, 0, 5, tzinfo=UTC).timestamp()  # 35 minutes later
    days = [daily.utc_day(late), daily.utc_day(next_day)]
    assert daily.streaks(days, daily.utc_day(next_day)) == (2, 2)


@pytest.mark.parametrize("kind", daily.KINDS)
def test_the_share_line_shows_the_score_and_no_die(kind):
    engine, state = daily_game(kind, DAY)
    for _ in range(30):  # a game under way: dice rolled, fields taken
        settle(engine, state)
        seats = engine.to_move(state)
        if not seats:
            break
        engine.apply(state, seats[0], engine.autopilot(state, seats[0]))
    snapshot = engine.to_json(state)
    score = final_score(kind, snapshot)
    assert score == engine.scores(state)[0]
    grid = emoji_grid(kind, snapshot)
    line = share_line(
        lambda key, **a: f"{a['game']} {a['day']}: {a['score']}", "G", "D", score, grid
    )
    assert line.splitlines()[0] == f"G D: {score}"
    if kind == "dice_stars":
        # One row of squares per sheet row, as long as the row: how full, never which die.
        sheet = state.sheets[0]
        assert [len(row) for row in grid] == [len(row) for row in sheet.fields]
        assert set("".join(grid)) <= {"🟩", "🟥", "⬜"} and "🟩" in "".join(grid)
    else:
        assert grid[0].startswith("✖️") and len(grid) == 1
