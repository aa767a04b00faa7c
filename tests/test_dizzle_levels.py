"""Dizzle level files: the shipped sheets and every validation rule, each failure naming file and
cell."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from games.dizzle_levels import (
    LevelError,
    cells_of,
    field_label,
    level_from_json,
    level_to_json,
    parse_level,
)

LEVELS = Path(__file__).resolve().parent.parent / "games" / "levels"
SHIPPED = sorted(LEVELS.glob("level*.toml"))


def base() -> dict[str, Any]:
    """A small valid level as the file structure: two regions, one reached through a planet."""
    return {
        "id": "probe",
        "title": "Probe",
        "rows": 4,
        "cols": 5,
        "grid": [
            "X1 2 3 . 5",
            "6 1 2 . 4",
            "4 5 6 . 3",
            "3 4 5 . 2",
        ],
        "special": [
            {"at": [0, 1], "kind": "gem", "points": 2},
            {"at": [1, 1], "kind": "rocket"},
            {"at": [0, 4], "kind": "planet"},
            {"at": [2, 0], "kind": "puzzle", "color": "red"},
            {"at": [3, 4], "kind": "puzzle", "color": "red"},
            {"at": [1, 0], "kind": "key", "color": "blue"},
            {"at": [3, 2], "kind": "lock", "color": "blue"},
            {"at": [2, 1], "kind": "flag", "flag_id": "f"},
            {"at": [2, 2], "kind": "bomb", "penalty": -3},
            {"at": [3, 0], "kind": "poop", "points": -2},
        ],
        "puzzle_bonus": {"red": 5},
        "flag": [{"id": "f", "values": [4, 2]}],
        "line_bonus": [{"axis": "col", "index": 4, "points": 3}],
    }


def to_toml(data: dict[str, Any]) -> str:
    """Write the structure as TOML (enough of TOML for level files)."""
    lines = [f"{k} = {json.dumps(data[k])}" for k in ("id", "title", "rows", "cols", "grid")]
    for entry in data.get("special", []):
        lines.append("[[special]]")
        lines += [f"{k} = {json.dumps(v)}" for k, v in entry.items()]
    lines.append("[puzzle_bonus]")
    lines += [f"{k} = {v}" for k, v in data.get("puzzle_bonus", {}).items()]
    for entry in data.get("flag", []):
        lines += ["[[flag]]", f"id = {json.dumps(entry['id'])}", f"values = {entry['values']}"]
    for entry in data.get("line_bonus", []):
        lines.append("[[line_bonus]]")
        lines += [f"{k} = {json.dumps(v)}" for k, v in entry.items()]
    return "\n".join(lines) + "\n"


def fails(data: dict[str, Any], *parts: str) -> str:
    with pytest.raises(LevelError) as caught:
        parse_level(to_toml(data), "probe.toml")
    message = str(caught.value)
    assert message.startswith("probe.toml: ")
    for part in parts:
        assert part in message
    return message


def with_special(data: dict[str, Any], at: list[int], **entry: Any) -> dict[str, Any]:
    data = copy.deepcopy(data)
    data["special"] = [s for s in data["special"] if s["at"] != at] + [{"at": at, **entry}]
    return data


# --- the shipped levels ------------------------------------------------------------------------


def test_four_levels_are_shipped() -> None:
    assert [p.name for p in SHIPPED] == [f"level{n}.toml" for n in (1, 2, 3, 4)]


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_shipped_level_is_valid_and_in_size(path: Path) -> None:
    level = parse_level(path.read_text(encoding="utf-8"), path.name)
    fields = level.field_mask.bit_count()
    assert path.stem == level.id
    assert 8 <= level.cols <= 10 and 6 <= level.rows <= 8
    assert 50 <= fields <= 70
    assert 2 <= len(level.start_crosses) <= 3
    counts = [level.pip_masks[v].bit_count() for v in range(1, 7)]
    assert max(counts) - min(counts) <= 1  # pips spread evenly


@pytest.mark.parametrize("path", SHIPPED, ids=lambda p: p.name)
def test_shipped_level_survives_json(path: Path) -> None:
    level = parse_level(path.read_text(encoding="utf-8"), path.name)
    data = json.loads(json.dumps(level_to_json(level)))
    assert level_from_json(data) == level


def test_a_level_read_again_from_the_same_data_is_the_one_built_before() -> None:
    first = level_from_json(base())
    assert level_from_json(json.loads(json.dumps(base()))) is first


def test_a_level_read_again_from_other_data_is_built_from_that_data() -> None:
    first = level_from_json(base())
    changed = base()
    changed["grid"][1] = "6 1 2 . 5"
    second = level_from_json(changed)
    assert second is not first
    assert second.pips[second.cell(1, 4)] == 5 and first.pips[first.cell(1, 4)] == 4
    assert level_from_json(base()) == first


def test_data_changed_after_reading_does_not_change_what_is_read_next() -> None:
    data = base()
    first = level_from_json(data)
    data["special"][0]["points"] = 7  # invalid: a gem is worth 1 to 3
    with pytest.raises(LevelError, match="gem points"):
        level_from_json(data)
    assert level_from_json(base()) == first


def kinds(path: Path) -> dict[str, int]:
    level = parse_level(path.read_text(encoding="utf-8"), path.name)
    return {kind: mask.bit_count() for kind, mask in level.kind_masks.items()}


def test_level_1_is_the_learning_sheet() -> None:
    level = parse_level(SHIPPED[0].read_text(encoding="utf-8"), "level1.toml")
    count = kinds(SHIPPED[0])
    assert level.field_mask == (1 << level.rows * level.cols) - 1  # open grid
    assert count["gem"] > 0 and 1 <= count["bomb"] <= 2
    assert 2 <= len(level.puzzle_bonus) <= 3 and level.line_bonuses
    assert count["lock"] == count["rocket"] == count["flag"] == count["poop"] == 0


def test_level_2_adds_keys_and_locks_guarding_areas() -> None:
    level = parse_level(SHIPPED[1].read_text(encoding="utf-8"), "level2.toml")
    colors = {s.color for s in level.specials.values() if s.kind == "lock"}
    assert 2 <= len(colors) <= 3
    for color in colors:
        locks = level.color_mask("lock", color)
        # Behind each lock lies something worth points that no other way reaches.
        from_starts = _reach(level, level.field_mask & ~level.kind_masks["lock"])
        guarded = level.field_mask & ~from_starts & ~level.kind_masks["lock"]
        assert guarded & level.kind_masks["gem"] and locks


def test_level_3_has_flags_bombs_one_poop_and_a_rocket_pair() -> None:
    count = kinds(SHIPPED[2])
    assert count["flag"] >= 2 and count["bomb"] >= 1 and count["poop"] == 1
    assert count["rocket"] >= 1 and count["planet"] >= 1


def test_level_4_hides_its_best_fields_on_islands() -> None:
    level = parse_level(SHIPPED[3].read_text(encoding="utf-8"), "level4.toml")
    assert 3 <= level.kind_masks["rocket"].bit_count() <= 4
    mainland = _reach(level, level.field_mask)
    islands = level.field_mask & ~mainland
    assert islands and islands & level.kind_masks["planet"] == level.kind_masks["planet"]
    best_gem = max(s.points for s in level.specials.values() if s.kind == "gem")
    best = [c for c, s in level.specials.items() if s.kind == "gem" and s.points == best_gem]
    assert all(islands >> c & 1 for c in best)
    puzzles = level.kind_masks["puzzle"]
    assert puzzles and not puzzles & mainland


def _reach(level: Any, allowed: int) -> int:
    reached = sum(1 << c for c in level.start_crosses)
    while True:
        grown = (reached | level.spread(reached)) & allowed
        if grown == reached:
            return reached
        reached = grown


# --- reading ---------------------------------------------------------------------------------


def test_base_probe_is_valid_and_reads_everything() -> None:
    level = parse_level(to_toml(base()), "probe.toml")
    assert level.start_crosses == (0,)
    assert level.pips[3] == 0 and level.pips[4] == 5
    assert level.specials[1].kind == "gem" and level.specials[1].points == 2
    assert level.specials[level.cell(2, 2)].points == -3
    assert level.flags == {"f": (4, 2)}
    assert level.puzzle_bonus == {"red": 5}
    assert level.line_masks[0] == sum(1 << level.cell(r, 4) for r in range(4))


def test_json_round_trip_of_a_level() -> None:
    level = parse_level(to_toml(base()), "probe.toml")
    assert level_from_json(json.loads(json.dumps(level_to_json(level)))) == level


def test_field_label_is_column_letter_and_row_number() -> None:
    assert field_label(4, 2) == "C5"
    assert field_label(0, 0) == "A1"
    assert field_label(7, 9) == "J8"


def test_cells_of_lists_set_bits() -> None:
    assert cells_of(0b10110) == [1, 2, 4]


def test_broken_toml_names_the_file() -> None:
    with pytest.raises(LevelError, match=r"^broken\.toml: "):
        parse_level("rows = = 3", "broken.toml")


# --- validation: each rule, naming file and cell ---------------------------------------------


def test_unknown_grid_symbol() -> None:
    data = base()
    data["grid"][1] = "6 1 7 . 4"
    fails(data, "cell (1, 2)", "unknown symbol '7'")


def test_grid_row_of_wrong_length() -> None:
    data = base()
    data["grid"][2] = "4 5 6 ."
    fails(data, "grid row 2")


def test_unknown_special_kind() -> None:
    fails(with_special(base(), [1, 2], kind="dragon"), "cell (1, 2)", "unknown special")


def test_region_without_start_cross_or_planet() -> None:
    data = with_special(base(), [0, 4], kind="gem", points=1)  # the island loses its planet
    fails(data, "cell (0, 4)", "no start cross and no planet")


def test_planet_needs_a_rocket() -> None:
    data = base()
    data["special"] = [s for s in data["special"] if s["kind"] != "rocket"]
    fails(data, "cell (0, 4)", "no rocket")


def test_more_rockets_than_planets() -> None:
    data = with_special(base(), [1, 2], kind="rocket")
    fails(data, "cell (1, 1)", "2 rockets but only 1 planets")


def test_lock_needs_a_key_reachable_without_passing_its_colour() -> None:
    data = with_special(base(), [1, 0], kind="gem", points=1)  # the only blue key is gone
    fails(data, "cell (3, 2)", "no blue key")


def test_key_behind_its_own_lock_is_rejected() -> None:
    data = {
        "id": "walled",
        "title": "Walled",
        "rows": 3,
        "cols": 3,
        "grid": ["X1 2 3", "4 5 6", "1 2 3"],
        "special": [
            *({"at": [1, c], "kind": "lock", "color": "green"} for c in range(3)),
            {"at": [2, 1], "kind": "key", "color": "green"},
        ],
    }
    fails(data, "cell (1, 0)", "no green key reachable without passing a green lock")


def test_key_of_a_lock_reached_through_rocket_and_planet_is_fine() -> None:
    data = with_special(base(), [1, 0], kind="gem", points=1)
    data = with_special(data, [1, 4], kind="key", color="blue")  # on the planet's island
    assert parse_level(to_toml(data), "probe.toml").kind_masks["key"]


def test_puzzle_colour_needs_two_pieces() -> None:
    data = base()
    data["special"] = [s for s in data["special"] if s["at"] != [3, 4]]
    fails(data, "cell (2, 0)", "at least two pieces")


def test_puzzle_colour_needs_a_bonus() -> None:
    data = base()
    data["puzzle_bonus"] = {}
    fails(data, "cell (2, 0)", "no puzzle_bonus")


def test_two_specials_on_one_field() -> None:
    data = base()
    data["special"].append({"at": [0, 1], "kind": "gem", "points": 1})
    fails(data, "cell (0, 1)", "more than one special")


def test_planet_carries_no_other_special() -> None:
    data = base()
    data["special"].append({"at": [0, 4], "kind": "gem", "points": 1})
    fails(data, "cell (0, 4)", "a planet carries no other special")


def test_no_special_on_a_start_cross() -> None:
    fails(with_special(base(), [0, 0], kind="gem", points=1), "cell (0, 0)", "start cross")


def test_no_special_on_a_hole() -> None:
    fails(with_special(base(), [2, 3], kind="gem", points=1), "cell (2, 3)", "hole")


def test_special_outside_the_grid() -> None:
    fails(with_special(base(), [4, 0], kind="gem", points=1), "cell (4, 0)", "outside")


@pytest.mark.parametrize("points", [0, 4, -1])
def test_gem_points_range(points: int) -> None:
    fails(with_special(base(), [0, 1], kind="gem", points=points), "cell (0, 1)", "gem points")


@pytest.mark.parametrize("penalty", [0, -6, 2])
def test_bomb_penalty_range(penalty: int) -> None:
    fails(with_special(base(), [2, 2], kind="bomb", penalty=penalty), "cell (2, 2)", "penalty")


@pytest.mark.parametrize("points", [0, -6, 3])
def test_poop_points_range(points: int) -> None:
    fails(with_special(base(), [3, 0], kind="poop", points=points), "cell (3, 0)", "poop points")


@pytest.mark.parametrize("bonus", [2, 13])
def test_puzzle_bonus_range(bonus: int) -> None:
    data = base()
    data["puzzle_bonus"] = {"red": bonus}
    fails(data, "puzzle bonus 'red' must be 3 to 12")


@pytest.mark.parametrize("points", [1, 11])
def test_line_bonus_range(points: int) -> None:
    data = base()
    data["line_bonus"] = [{"axis": "col", "index": 4, "points": points}]
    fails(data, "line_bonus col 4 must be 2 to 10")


def test_line_bonus_off_the_grid() -> None:
    data = base()
    data["line_bonus"] = [{"axis": "row", "index": 4, "points": 3}]
    fails(data, "line_bonus row 4")


@pytest.mark.parametrize("values", [[], [3, 3], [1, 2], [5, 4, 3, 2, 1], [2, 0]])
def test_flag_values_are_one_to_four_strictly_descending(values: list[int]) -> None:
    data = base()
    data["flag"] = [{"id": "f", "values": values}]
    fails(data, "flag 'f'")


def test_flag_field_names_an_existing_flag() -> None:
    data = with_special(base(), [2, 1], kind="flag", flag_id="nope")
    fails(data, "cell (2, 1)", "no [[flag]] with id 'nope'")


def test_unknown_colour() -> None:
    fails(with_special(base(), [1, 0], kind="key", color="pink"), "cell (1, 0)", "colour")


def test_attribute_that_does_not_belong_to_the_kind() -> None:
    data = with_special(base(), [0, 1], kind="gem", points=2, color="red")
    fails(data, "cell (0, 1)", "a gem takes no 'color'")


def test_missing_key() -> None:
    data = base()
    del data["rows"]
    with pytest.raises(LevelError, match=r"^probe: missing key 'rows'"):
        level_from_json(data)


def test_level_needs_a_start_cross() -> None:
    data = base()
    data["grid"][0] = "1 2 3 . 5"
    fails(data, "start cross")
