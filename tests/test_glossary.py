"""One voice per language: each game's glossary (locales/<lang>/glossary.toml) names its words,
and no text of that game uses a banned synonym (nor, in French, the formal *vous* but where a
text speaks to several players at once)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from fluent.syntax import FluentParser, ast

from locales import FOLDER, LANGUAGES

# Which messages belong to a game: by key prefix (events, buttons, pictures, commands, rules).
GAME_PREFIXES = {
    "dice_stars": ("ds-", "cmd-dicestars", "rules-dice_stars", "legend-dice_stars-"),
    "dizzle": ("dz-", "cmd-dizzle", "rules-dizzle", "legend-dizzle-"),
    "stella": ("st-", "cmd-stella", "rules-stella", "legend-stella-"),
}


def glossary(language: str) -> dict:
    return tomllib.loads((FOLDER / language / "glossary.toml").read_text(encoding="utf-8"))


def texts(folder: Path, language: str) -> dict[str, str]:
    """Every message's words (value and attributes; placeables left out), by message id."""
    found: dict[str, str] = {}
    parser = FluentParser()
    for path in sorted((folder / language).glob("*.ftl")):
        for entry in parser.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(entry, ast.Message):
                patterns = [entry.value] + [a.value for a in entry.attributes]
                found[entry.id.name] = " ".join(_words(p) for p in patterns if p is not None)
    return found


def _words(node: ast.BaseNode) -> str:
    parts: list[str] = []
    stack: list[object] = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, ast.TextElement | ast.StringLiteral):
            parts.append(item.value)
        if isinstance(item, ast.BaseNode):
            for value in vars(item).values():
                if isinstance(value, list):
                    stack.extend(value)
                elif isinstance(value, ast.BaseNode):
                    stack.append(value)
    return " ".join(parts)


def banned_in(text: str, word: str) -> bool:
    # Whole words only ("ton" is not "bouton"); a French elision ("t'") is not a word here.
    return re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text) is not None


def offences(messages: dict[str, str], rules: dict) -> list[str]:
    found = []
    for scope, words in rules.get("banned", {}).items():
        prefixes = GAME_PREFIXES.get(scope, ("",))
        for key, text in messages.items():
            if not key.startswith(prefixes):
                continue
            if scope == "register" and key in rules.get("several", ()):
                continue  # "vous" is the plural of "tu" here
            for word, instead in words.items():
                if banned_in(text, word):
                    found.append(f"{key}: {word!r} (say {instead!r})")
    return found


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_text_uses_a_banned_synonym(language):
    assert offences(texts(FOLDER, language), glossary(language)) == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_glossary_word_is_the_one_its_game_uses(language):
    """A glossary that names a word nobody uses is stale."""
    messages = texts(FOLDER, language)
    for game, terms in glossary(language)["terms"].items():
        words = " ".join(t for k, t in messages.items() if k.startswith(GAME_PREFIXES[game]))
        for thing, word in terms.items():
            assert word.casefold() in words.casefold(), f"{language} {game} {thing}: {word}"


def test_every_game_has_a_glossary_in_every_language():
    for language in LANGUAGES:
        assert set(glossary(language)["terms"]) == set(GAME_PREFIXES)


def test_the_check_catches_a_banned_word(tmp_path):
    """The test above would see a relapse: "Ténèbres" in Stella, *vous* in Dizzle, "Bogen"."""
    (tmp_path / "fr").mkdir()
    (tmp_path / "fr" / "x.ftl").write_text(
        "st-img-darkness = Ténèbres\n"
        "dz-status-turn = { $player }, à vous : posez un dé.\n"
        "dz-button = Bouton\n",
        encoding="utf-8",
    )
    (tmp_path / "de").mkdir()
    (tmp_path / "de" / "x.ftl").write_text(
        "ds-prompt = Nichts passt auf deinen { $x -> \n   *[a] Bogen\n}.\n", encoding="utf-8"
    )
    french = offences(texts(tmp_path, "fr"), glossary("fr"))
    assert any("Ténèbres" in line for line in french)
    assert any("'vous'" in line for line in french)
    assert not any("dz-button" in line for line in french)
    assert any("Bogen" in line for line in offences(texts(tmp_path, "de"), glossary("de")))
