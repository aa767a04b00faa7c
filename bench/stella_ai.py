"""Stella's computer seats against random markers: ``python -m bench --only stella-ai``.

Seeded games of computer seats only, at 3, 4 and 6 seats under both presets. The same games
(same seeds, so the same grids and words) are played again by random markers: each seat marks
as many cards as the computer would have, but picks them at random, and designates a random own
card. Figures: the share of designations that spark (the card was marked by someone else too)
and the mean points per seat and round. ``python -m bench.stella_ai --examples`` prints example
rounds (the word, the grid, what each computer marked) for a person to check by eye.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from dataclasses import dataclass

from bench.measure import Figure
from games import stella, stella_ai
from games.engine import Action, settle
from games.stella_scenes import plan_card
from rendering import stella_cards

SEATS = (3, 4, 6)
TARGET_RATIO = 2.0  # the computers' spark share, at least twice the random markers'

Policy = Callable[[stella.State, int], Action]


@dataclass
class Tally:
    designations: int = 0
    sparks: int = 0
    points: int = 0
    seat_rounds: int = 0

    @property
    def spark_share(self) -> float:
        return self.sparks / self.designations if self.designations else 0.0

    @property
    def points_per_round(self) -> float:
        return self.points / self.seat_rounds if self.seat_rounds else 0.0


def computer(state: stella.State, seat: int) -> Action:
    return stella.autopilot(state, seat)


def random_markers(seed: int) -> Policy:
    """Marks as many cards as the computer would, at random; designates a random own card."""
    rng = random.Random(seed)
    planned: dict[tuple[int, int], list[int]] = {}

    def play(state: stella.State, seat: int) -> Action:
        if state.phase == stella.MARKING:
            key = (state.round, seat)
            if key not in planned:
                count = len(stella_ai.slate(state, seat))
                planned[key] = sorted(rng.sample(range(stella.GRID_SIZE), count))
            if state.slates[seat] != planned[key]:
                return {"type": "set_marks", "cards": planned[key]}
            return {"type": "lock_in"}
        cards = [action["card"] for action in stella.legal_actions(state, seat)]
        return {"type": "designate", "card": rng.choice(cards)}

    return play


def play_game(seats: int, preset: str, seed: int, policy: Policy) -> stella.State:
    options = {"preset": preset, "deck_size": stella_cards.DECK_SIZE}
    state = stella.new_game(seats, seed, options)
    while True:
        settle(stella, state)
        if stella.is_over(state):
            return state
        seat = stella.to_move(state)[0]
        stella.apply(state, seat, policy(state, seat))


def tally(states: list[stella.State]) -> Tally:
    result = Tally()
    for state in states:
        for record in state.history:
            for _, _, _, markers in record["reveals"]:
                result.designations += 1
                result.sparks += len(markers) > 1
            result.points += sum(record["scores"])
            result.seat_rounds += len(record["scores"])
    return result


def run(quick: bool) -> list[Figure]:
    games = 40 if quick else 200
    figures: list[Figure] = []
    everyone = {"computers": Tally(), "random": Tally()}
    for preset in stella.PRESETS:
        for seats in SEATS:
            seeds = range(1, games + 1)
            ours = tally([play_game(seats, preset, seed, computer) for seed in seeds])
            chance = tally([play_game(seats, preset, s, random_markers(s)) for s in seeds])
            for name, found in (("computers", ours), ("random", chance)):
                total = everyone[name]
                total.designations += found.designations
                total.sparks += found.sparks
                total.points += found.points
                total.seat_rounds += found.seat_rounds
            figures += _figures(f"{seats} seats, {preset}", ours, chance, games)
    figures += _figures("all tables", everyone["computers"], everyone["random"], games * 6)
    return figures


def _figures(where: str, ours: Tally, chance: Tally, games: int) -> list[Figure]:
    ratio = ours.spark_share / chance.spark_share if chance.spark_share else 0.0
    counted = f"{games} games, {ours.designations} / {chance.designations} designations"
    return [
        Figure("stella-ai", f"{where}: spark share, computers", ours.spark_share * 100, "%"),
        Figure("stella-ai", f"{where}: spark share, random markers", chance.spark_share * 100, "%"),
        Figure(
            "stella-ai",
            f"{where}: spark share, computers / random markers",
            ratio,
            "x",
            TARGET_RATIO,
            at_least=True,
            note=counted,
        ),
        Figure("stella-ai", f"{where}: points per round, computers", ours.points_per_round, "pts"),
        Figure(
            "stella-ai",
            f"{where}: points per round, random markers",
            chance.points_per_round,
            "pts",
        ),
    ]


# --- example rounds for the README ---------------------------------------------------------


def _card_text(picture: int) -> str:
    plan = plan_card(picture)
    others = dict.fromkeys(p.motif.name for p in plan.placements if p.motif != plan.focal)
    return f"{plan.focal.name} ({', '.join(others)}; {plan.palette.name})"


def example_rounds(seed: int, seats: int = 3, rounds: int = 4) -> str:
    """Seeded rounds of computers as Markdown: the word, the grid (each card's focal motif, its
    companions and its palette), what each seat marked and how the designations went."""
    state = stella.new_game(seats, seed, {"deck_size": stella_cards.DECK_SIZE})
    lines: list[str] = []
    while True:
        settle(stella, state)
        if stella.is_over(state) or state.round > rounds:
            return "\n".join(lines)
        lines += [f"Seed {seed}, round {state.round}: **{stella.word(state)}**", ""]
        lines += ["| | A | B | C | D | E |", "| --- | --- | --- | --- | --- | --- |"]
        for row in range(stella.ROWS):
            cells = [_card_text(p) for p in state.grid[row * 5 : row * 5 + 5]]
            lines.append(f"| {row + 1} | " + " | ".join(cells) + " |")
        marked = [
            f"{stella_ai.style(seat).name} seat {seat}: "
            + " ".join(map(stella.label, stella_ai.slate(state, seat)))
            for seat in range(seats)
        ]
        played = len(state.history)
        while len(state.history) == played:
            seat = stella.to_move(state)[0]
            stella.apply(state, seat, computer(state, seat))
        shown = [
            f"{stella.label(card)} by seat {by} ({'spark' if len(markers) > 1 else 'fall'})"
            for card, _, by, markers in state.history[-1]["reveals"]
        ]
        lines += ["", f"Marked: {'; '.join(marked)}. Designated: {', '.join(shown)}.", ""]


if __name__ == "__main__":
    if "--examples" in sys.argv:
        print(example_rounds(int(sys.argv[-1]) if sys.argv[-1].isdigit() else 7))
    else:
        for figure in run(quick="--quick" in sys.argv):
            print(figure.name, round(figure.value, 2), figure.note)
