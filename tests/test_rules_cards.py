"""The rules cards: short enough for a phone, right for the table's preset, and a legend that
names every symbol each game's pictures draw."""

from __future__ import annotations

import inspect
import io
from pathlib import Path

import pytest
from PIL import Image

from cogs.table.rules import GAMES, legend_file, rules_text
from games import dizzle_levels
from locales import LANGUAGES, Localizer
from rendering import dice_stars as ds_render
from rendering import dizzle as dz_render
from rendering import dizzle_symbols
from rendering import stella as st_render
from rendering.legend import RENDERED_KINDS, legend_keys, legend_kinds, render_legend
from screens.alt_text import LIMIT

LEVELS = Path(dizzle_levels.__file__).parent / "levels"
MAX_MESSAGE = 2000
MAX_LINES = 14  # "about 12 lines" on a phone


@pytest.fixture(scope="module")
def loc() -> Localizer:
    return Localizer()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("preset", ["seed", "published"])
def test_a_rules_card_fits_a_phone_and_a_message(loc, game, language, preset):
    text = rules_text(loc, language, game, preset)
    assert not text.startswith("rules-"), "the card exists"
    assert len(text) <= MAX_MESSAGE
    assert len(text.splitlines()) <= MAX_LINES
    assert "{" not in text and "$" not in text, "every variable filled in"


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ("0 when only some", "ends the game", "Solo")),
        ("de", ("0, wenn nur einige", "beendet das Spiel", "Solo")),
        ("fr", ("0 si seulement certaines", "met fin à la partie", "Solo")),
    ],
)
def test_dice_stars_card_names_its_traps(loc, language, words):
    text = rules_text(loc, language, "dice_stars")
    for word in words:
        assert word in text


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ("first die", "crosses", "bomb", "others", "next pass", "rocket", "Flags")),
        ("de", ("erster Würfel", "Kreuze", "Bombe", "anderen", "nächsten Durchgang", "Rakete")),
        ("fr", ("premier dé", "croix", "bombe", "autres", "tour de table suivant", "fusée")),
    ],
)
def test_dizzle_card_names_its_traps(loc, language, words):
    text = rules_text(loc, language, "dizzle")
    for word in words:
        assert word in text


@pytest.mark.parametrize(
    ("language", "darkness", "seed_points", "published_points"),
    [
        ("en", "Darkness", "**2 points** when two", "**3 points** when two"),
        ("de", "Dunkelheit", "**2 Punkte**, wenn es zwei", "**3 Punkte**, wenn es zwei"),
        ("fr", "Obscurité", "**2 points** si deux", "**3 points** si deux"),
    ],
)
def test_stella_card_speaks_of_the_tables_preset(
    loc, language, darkness, seed_points, published_points
):
    seed = rules_text(loc, language, "stella", "seed")
    published = rules_text(loc, language, "stella", "published")
    assert darkness in seed and seed_points in seed and published_points not in seed
    assert published_points in published and seed_points not in published


def test_every_symbol_kind_a_renderer_draws_is_in_its_legend():
    """The renderers' own lists are the legend's; each kind is painted and named."""
    assert RENDERED_KINDS == {
        "dice_stars": ds_render.SYMBOL_KINDS,
        "dizzle": dz_render.SYMBOL_KINDS,
        "stella": st_render.SYMBOL_KINDS,
    }
    for game in GAMES:
        assert legend_kinds(game) == RENDERED_KINDS[game], game


def test_every_special_a_level_can_hold_and_every_dizzle_symbol_is_in_the_legend():
    kinds = set(legend_kinds("dizzle"))
    assert set(dizzle_levels.KINDS) <= kinds
    drawn = {
        name.replace("_", "-")
        for name, function in inspect.getmembers(dizzle_symbols, inspect.isfunction)
        if function.__module__ == dizzle_symbols.__name__
        and not name.startswith("_")
        and name != "grow"  # geometry, not a symbol
    }
    assert drawn <= kinds, drawn - kinds
    for path in sorted(LEVELS.glob("*.toml")):
        level = dizzle_levels.parse_level(path.read_text(encoding="utf-8"), path.name)
        assert {special.kind for special in level.specials.values()} <= kinds, path.name


def test_dice_stars_legend_names_every_dice_colour_and_every_pill(loc):
    text = " ".join(loc.text("en", key) for key in legend_keys("dice_stars"))
    for colour in ds_render.COLOURS:
        assert colour in text
    for pill in ("refill", "nothing-fits", "last-round"):
        assert pill in legend_kinds("dice_stars")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_legend_picture_draws_one_line_per_symbol_in_the_readers_language(loc, game, language):
    def t(key: str, **args: object) -> str:
        return loc.text(language, key, **args)

    for key in legend_keys(game):
        assert loc.has(key, language), key
    picture = Image.open(io.BytesIO(render_legend(game, t)))
    assert picture.width == 440
    # A title and at least one 38 px line per symbol.
    assert picture.height >= 14 + 40 + 38 * len(legend_kinds(game)) + 14
    file = legend_file(loc, language, game, render_legend(game, t))
    assert file.description and len(file.description) <= LIMIT
    assert loc.text(language, legend_keys(game)[0]) in file.description


def test_legend_pictures_differ_by_language(loc):
    english = render_legend("dizzle", lambda key, **a: loc.text("en", key, **a))
    german = render_legend("dizzle", lambda key, **a: loc.text("de", key, **a))
    assert english != german


def test_slash_command_descriptions_fit_discord(loc):
    """Discord refuses a command whose description or choice is longer than 100 characters."""
    from locales import FOLDER, message_ids

    for language in LANGUAGES:
        for key, names in message_ids(FOLDER, language).items():
            if not key.startswith("cmd-"):
                continue
            for name in names:
                if name.startswith(".") and name != ".name":
                    text = loc.attribute(language, key, name[1:])
                    assert 1 <= len(text) <= 100, (language, key, name, len(text))
