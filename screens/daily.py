"""What the daily challenge says, as plain text: the result, the leaderboard, the share line.

Nothing here shows a die, a colour or a number on a sheet: a daily's result is posted while the
day runs, and the others have yet to play the same dice. The share line is an emoji picture in
the spirit of Wordle's: how full each row of the sheet got (Dice Stars), or what scored
(Dizzle), never what was entered where.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from games import dice_stars, dizzle

Text = Callable[..., str]

FILLED, CROSSED, EMPTY = "🟩", "🟥", "⬜"
DIZZLE_PARTS = (
    ("gems", "💎"),
    ("puzzles", "🧩"),
    ("lines", "📏"),
    ("flags", "🚩"),
    ("bombs", "💣"),
)
MEDALS = {1: "🥇", 2: "🥈", 3: "🥉"}


def final_score(kind: str, state_json: dict[str, Any]) -> int:
    """The player's score in a daily game as it stands (its end, or when its day ended)."""
    if kind == "dice_stars":
        return dice_stars.scores(dice_stars.from_json(state_json))[0]
    return dizzle.scores(dizzle.from_json(state_json))[0]


def emoji_grid(kind: str, state_json: dict[str, Any]) -> list[str]:
    """The spoiler-free picture of the player's sheet, one line of emojis a row."""
    if kind == "dice_stars":
        sheet = dice_stars.from_json(state_json).sheets[0]
        return [
            "".join(
                EMPTY if cell is None else CROSSED if cell == dice_stars.CROSS else FILLED
                for cell in row
            )
            for row in sheet.fields
        ]
    state = dizzle.from_json(state_json)
    parts = dizzle.score_sheet(state.level, state.sheets[0], solo=True)
    line = " ".join(f"{emoji}{parts[name]}" for name, emoji in DIZZLE_PARTS if parts[name])
    crosses = bin(state.sheets[0].crosses).count("1")
    return [f"✖️{crosses} {line}".rstrip()]


def share_line(t: Text, title: str, day: str, score: int, grid: Sequence[str]) -> str:
    """The line a player can paste anywhere: game, day, score and the emoji picture."""
    return "\n".join([t("daily-share", game=title, day=day, score=score), *grid])


def place(rank: int) -> str:
    return MEDALS.get(rank, f"{rank}.")


def board_lines(t: Text, entries: Sequence[Any]) -> list[str]:
    """A day's leaderboard, best first (entries as kept by the storage, all ended)."""
    lines, rank, previous = [], 0, None
    for index, entry in enumerate(entries, start=1):
        if entry.score != previous:
            rank, previous = index, entry.score
        lines.append(t("daily-board-line", place=place(rank), player=entry.name, score=entry.score))
    return lines or [t("daily-board-empty")]
