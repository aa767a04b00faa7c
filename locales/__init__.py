"""Every text a user sees, in English, German and French (Fluent files, with plural rules).

``locales/<lang>/*.ftl`` hold the messages; :class:`Localizer` formats them. A user gets their
Discord language, else the server's, else the bot's default (see :func:`pick_language`).

French typography is applied as the French files are read (:func:`french_typography`): the
files are written with plain spaces and straight apostrophes, and no French text can miss it.
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Iterable
from decimal import Decimal
from pathlib import Path
from typing import Any

from fluent.runtime import FluentBundle, FluentResource
from fluent.syntax import FluentParser, ast

LANGUAGES = ("en", "de", "fr")
FOLDER = Path(__file__).resolve().parent
log = logging.getLogger(__name__)
# Formatted texts kept, the least recently used dropped first, in the bot and again in its
# drawing worker. A thousand tables' names and scores make tens of thousands
# of texts that come back rarely; the labels and numbers every picture shows stay.
MEMO_LIMIT = 4096
NO_BREAK_SPACE = "\u00a0"
# A space written before : ; ! ? » or after « (never a missing one, as in "/aide jeu:").
_FRENCH_SPACE = re.compile(r"(?<=\S) (?=[:;!?»])|(?<=«) ")


def pick_language(*candidates: str | None, default: str = "en") -> str:
    """The first candidate the bot speaks; Discord locales like ``en-US`` or ``de`` both work."""
    for candidate in candidates:
        if candidate:
            short = str(candidate).split("-")[0].split("_")[0].lower()
            if short in LANGUAGES:
                return short
    return default


class Localizer:
    """Loads all ``.ftl`` files once and formats messages; a missing text never raises."""

    def __init__(self, folder: Path = FOLDER, default: str = "en") -> None:
        self.default = default
        self.bundles: dict[str, FluentBundle] = {}
        for language in LANGUAGES:
            bundle = FluentBundle([language], use_isolating=False)
            for path in sorted((folder / language).glob("*.ftl")):
                source = path.read_text(encoding="utf-8")
                if language == "fr":
                    source = french_typography(source)
                bundle.add_resource(FluentResource(source))
            self.bundles[language] = bundle
        # lru_cache's own lock-free C cache is safe for the drawing thread too.
        self._kept = functools.lru_cache(maxsize=MEMO_LIMIT)(self._format_frozen)

    def has(self, key: str, language: str = "en") -> bool:
        return self.bundles[language].has_message(key)

    def __call__(self, language: str, key: str, /, **args: Any) -> str:
        return self.text(language, key, **args)

    def text(self, language: str, key: str, /, **args: Any) -> str:
        # Formatting is slow (numbers go through Babel's locale data, for every text a picture
        # shows), and a table asks for the same few texts over and over: keep them.
        args = {name: _plain_number(value) for name, value in args.items()}
        frozen = tuple((name, type(value), value) for name, value in sorted(args.items()))
        try:
            return self._kept(language, key, frozen)
        except TypeError:  # an argument that cannot be a key (a list): format it each time
            return self._format(language, key, args)

    def _format_frozen(self, language: str, key: str, frozen: tuple[Any, ...]) -> str:
        return self._format(language, key, {name: value for name, _, value in frozen})

    def _format(self, language: str, key: str, args: dict[str, Any]) -> str:
        for lang in (language, self.default, "en"):
            bundle = self.bundles.get(lang)
            if bundle is not None and bundle.has_message(key):
                message = bundle.get_message(key)
                if message.value is None:
                    continue
                text, errors = bundle.format_pattern(message.value, args)
                if errors:
                    log.warning("locale %s key %s: %s", lang, key, errors)
                return text
        log.error("missing locale key %s", key)
        return key

    def attribute(self, language: str, key: str, name: str, /, **args: Any) -> str:
        """A message attribute such as ``.description`` (used for slash command texts)."""
        for lang in (language, "en"):
            bundle = self.bundles[lang]
            if bundle.has_message(key):
                message = bundle.get_message(key)
                if name in message.attributes:
                    return bundle.format_pattern(message.attributes[name], args)[0]
        return key


def _plain_number(value: Any) -> Any:
    """A whole Decimal (PostgreSQL's numeric sums) as an int: fluent.runtime picks plural
    variants of Decimals by their written digits, and Decimal(1) would read "1 games"."""
    if isinstance(value, Decimal) and value == value.to_integral_value():
        return int(value)
    return value


def french_typography(source: str) -> str:
    """French as it is printed: a no-break space before : ; ! ? and inside « », so a line never
    breaks before them, and the typographic apostrophe (’) throughout.

    Fluent's own syntax uses none of these characters, so a whole file can be converted.
    """
    return _FRENCH_SPACE.sub(NO_BREAK_SPACE, source).replace("'", "’")


def message_ids(folder: Path, language: str) -> dict[str, set[str]]:
    """Each message id of a language with the names of its variables and attributes.

    Variables used through a referenced message (``{ other-message }``) count as used.
    """
    parser = FluentParser()
    found: dict[str, set[str]] = {}
    references: dict[str, set[str]] = {}
    for path in sorted((folder / language).glob("*.ftl")):
        for entry in parser.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(entry, ast.Junk):
                raise ValueError(f"{path}: cannot parse {entry.content[:60]!r}")
            if isinstance(entry, ast.Message):
                names = _variables(entry)
                references[entry.id.name] = {n[1:] for n in names if n.startswith("@")}
                found[entry.id.name] = {n for n in names if not n.startswith("@")} | {
                    f".{a.id.name}" for a in entry.attributes
                }
    for key, referenced in references.items():
        seen: set[str] = set()
        while referenced - seen:
            other = (referenced - seen).pop()
            seen.add(other)
            found[key] |= {n for n in found.get(other, set()) if n.startswith("$")}
            referenced = referenced | references.get(other, set())
    return found


def _variables(node: Any) -> set[str]:
    names: set[str] = set()
    stack: list[Any] = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, ast.VariableReference):
            names.add("$" + item.id.name)
        elif isinstance(item, ast.MessageReference):
            names.add("@" + item.id.name)
        if isinstance(item, ast.BaseNode):
            stack.extend(_children(item))
    return names


def _children(node: ast.BaseNode) -> Iterable[Any]:
    for value in vars(node).values():
        if isinstance(value, list):
            yield from value
        elif isinstance(value, ast.BaseNode):
            yield value
