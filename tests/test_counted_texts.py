"""Every counted text prints its own number, sign included, in every language.

A plural branch such as French ``[one]`` also receives 0 and −1 (and every language's ``[one]``
receives −1), so a branch that writes "1 victoire" lies for a player with no win. Only a branch
keyed by an exact number (``[0] nothing``, ``[1] the die``) may say its number in words.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest
from fluent.syntax import FluentParser, ast

from locales import FOLDER, LANGUAGES, Localizer

COUNTS = (-2, -1, 0, 1, 2, 5, 21)
PLURAL_CATEGORIES = {"zero", "one", "two", "few", "many", "other"}
# A number another variable holds: none of the counts above appears inside it.
OTHER_NUMBER = 37
# Sizes written after their own minus sign ("Darkness −3"): never negative.
UNSIGNED = {("st-sum-penalty", "points")}


def messages(folder: Path, language: str) -> dict[str, ast.Message]:
    parser = FluentParser()
    found: dict[str, ast.Message] = {}
    for path in sorted((folder / language).glob("*.ftl")):
        for entry in parser.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(entry, ast.Message) and entry.value is not None:
                found[entry.id.name] = entry
    return found


def nodes(node: ast.BaseNode) -> Iterator[ast.BaseNode]:
    stack: list[object] = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, ast.BaseNode):
            yield item
            for value in vars(item).values():
                stack.extend(value if isinstance(value, list) else [value])


def selects(message: ast.Message) -> Iterator[ast.SelectExpression]:
    for node in nodes(message.value):
        if isinstance(node, ast.SelectExpression) and isinstance(
            node.selector, ast.VariableReference
        ):
            yield node


def printed(message: ast.Message) -> set[str]:
    """Variables written into the text (not only used to choose a variant)."""
    return {
        node.expression.id.name
        for node in nodes(message.value)
        if isinstance(node, ast.Placeable) and isinstance(node.expression, ast.VariableReference)
    }


def exact_keys(message: ast.Message, name: str) -> set[float]:
    return {
        float(variant.key.value)
        for select in selects(message)
        if select.selector.id.name == name
        for variant in select.variants
        if isinstance(variant.key, ast.NumberLiteral)
    }


def numeric_names(catalogue: dict[str, ast.Message]) -> set[str]:
    """Variables that choose by number somewhere: plural categories or exact numbers."""
    return {
        select.selector.id.name
        for message in catalogue.values()
        for select in selects(message)
        if any(
            isinstance(v.key, ast.NumberLiteral) or v.key.name in PLURAL_CATEGORIES
            for v in select.variants
        )
    }


def counted(catalogue: dict[str, ast.Message], numeric: set[str]) -> list[tuple[str, str]]:
    """(message, variable) pairs where the message writes a numeric variable into its text.

    A selector that no variant writes (the number of players behind "it is your turn") only
    chooses the grammar; it is not a count the text shows.
    """
    return sorted(
        (key, name) for key, message in catalogue.items() for name in printed(message) & numeric
    )


def sample_arguments(message: ast.Message, numeric: set[str], shown: str) -> dict[str, object]:
    """Plausible values: numbers for numeric variables, for other selectors the variant that
    writes the variable ``shown`` (else the default one), a name for the rest."""
    keys = {
        select.selector.id.name: variant.key.name
        for select in selects(message)
        for variant in select.variants
        if variant.default and isinstance(variant.key, ast.Identifier)
    }
    keys |= route(message.value, shown) or {}
    names = {n.id.name for n in nodes(message.value) if isinstance(n, ast.VariableReference)}
    return {name: OTHER_NUMBER if name in numeric else keys.get(name, "Anna") for name in names}


def route(node: object, shown: str) -> dict[str, str] | None:
    """The keys of the variants (chosen by words) on the way to where ``shown`` is written."""
    if isinstance(node, ast.Placeable) and isinstance(node.expression, ast.VariableReference):
        return {} if node.expression.id.name == shown else None
    if isinstance(node, ast.SelectExpression):
        for variant in node.variants:
            found = route(variant.value, shown)
            if found is not None:
                if isinstance(variant.key, ast.Identifier) and isinstance(
                    node.selector, ast.VariableReference
                ):
                    found = {node.selector.id.name: variant.key.name, **found}
                return found
        return None
    if isinstance(node, ast.BaseNode):
        for value in vars(node).values():
            for item in value if isinstance(value, list) else [value]:
                found = route(item, shown)
                if found is not None:
                    return found
    return None


def shows(text: str, count: int) -> bool:
    """The count as Fluent writes it (Babel's hyphen-minus for negatives), standing alone."""
    number = re.escape(str(count))
    return re.search(rf"(?<![\w-])(?<!\d[.,]){number}(?!\d|[.,]\d)", text) is not None


@pytest.fixture(scope="module")
def localizer() -> Localizer:
    return Localizer()


@pytest.fixture(scope="module")
def numeric() -> set[str]:
    return set().union(*(numeric_names(messages(FOLDER, lang)) for lang in LANGUAGES))


def test_the_counted_texts_are_found(numeric):
    """The search finds the texts the players read counts in (a guard against finding none)."""
    found = counted(messages(FOLDER, "en"), numeric)
    assert {
        ("ds-final-line", "points"),
        ("dz-final-line", "crosses"),
        ("history-player-line", "wins"),
        ("st-event-count", "count"),
        ("table-timer-minutes", "n"),
    } <= set(found)
    assert len(found) > 80
    assert ("table-your-turn", "count") not in found  # chooses the grammar, prints no number


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_counted_text_prints_its_number(language, localizer, numeric):
    catalogue = messages(FOLDER, language)
    missing = []
    for key, name in counted(catalogue, numeric):
        args = sample_arguments(catalogue[key], numeric, name)
        for count in COUNTS:
            if count in exact_keys(catalogue[key], name):
                continue  # a variant for exactly this number may say it in words
            if count < 0 and (key, name) in UNSIGNED:
                continue
            text = localizer.text(language, key, **{**args, name: count})
            if not shows(text, count):
                missing.append(f"{key} ${name}={count}: {text!r}")
    assert not missing, "\n".join(missing)


@pytest.mark.parametrize("language", LANGUAGES)
def test_negative_numbers_keep_their_sign(language, localizer):
    """A Dizzle total can be negative: −1 is printed with its minus, not as "1 point"."""
    text = localizer.text(language, "dz-final-line", place=1, player="Anna", points=-1, crosses=0)
    assert re.search(r"(?<![\d])-1 ", text), text
    assert " 1 " not in text.replace("-1 ", "")


def test_numbers_from_the_database_choose_like_ints(localizer):
    """A sum PostgreSQL returns as a Decimal is counted like the int it is."""
    text = localizer.text("en", "history-player-line-no-best", game="X", games=Decimal(1), wins=0)
    assert text == "X: 1 game · 0 wins"


def test_french_zero_is_zero(localizer):
    """French puts 0 in the singular: 0 wins read "0 victoire", never "1 victoire"."""
    text = localizer.text("fr", "history-player-line-no-best", game="Dice Stars", games=1, wins=0)
    assert text.endswith("1 partie · 0 victoire")


def test_the_check_sees_a_hard_coded_one(tmp_path, localizer, numeric):
    """A branch that writes "1" instead of its number is caught."""
    (tmp_path / "fr").mkdir()
    (tmp_path / "fr" / "x.ftl").write_text(
        "wins = { $wins ->\n    [one] 1 victoire\n   *[other] { $wins } victoires\n}\n",
        encoding="utf-8",
    )
    catalogue = messages(tmp_path, "fr")
    assert counted(catalogue, numeric_names(catalogue)) == [("wins", "wins")]
    from fluent.runtime import FluentBundle, FluentResource

    bundle = FluentBundle(["fr"], use_isolating=False)
    bundle.add_resource(FluentResource((tmp_path / "fr" / "x.ftl").read_text(encoding="utf-8")))
    text, _ = bundle.format_pattern(bundle.get_message("wins").value, {"wins": 0})
    assert text == "1 victoire" and not shows(text, 0)
