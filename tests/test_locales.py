"""Every text exists in English, German and French, with the same variables."""

import pytest

from locales import FOLDER, LANGUAGES, MEMO_LIMIT, Localizer, message_ids, pick_language


@pytest.fixture(scope="module")
def catalogue() -> dict[str, dict[str, set[str]]]:
    return {language: message_ids(FOLDER, language) for language in LANGUAGES}


def test_every_language_has_every_key(catalogue):
    english = set(catalogue["en"])
    assert english, "no English messages found"
    for language in ("de", "fr"):
        keys = set(catalogue[language])
        assert not english - keys, f"missing in {language}: {sorted(english - keys)}"
        assert not keys - english, f"only in {language}: {sorted(keys - english)}"


def test_translations_use_the_same_variables(catalogue):
    for language in ("de", "fr"):
        for key, names in catalogue["en"].items():
            assert catalogue[language][key] == names, f"{language} {key}"


def test_german_and_french_are_translated(catalogue):
    loc = Localizer()
    same = [
        key
        for key in catalogue["en"]
        if loc.text("en", key) == loc.text("de", key) == loc.text("fr", key)
        and not key.startswith(("game-", "cmd-status", "table-computer-name", "lobby-setting"))
        and len(loc.text("en", key)) > 12
    ]
    assert not same, f"untranslated: {same}"


def test_plural_rules_apply():
    loc = Localizer()
    assert loc.text("de", "table-error-full", max=4) == "Der Tisch ist voll (höchstens 4 Spieler)."


def test_missing_key_falls_back_to_the_key_without_raising():
    assert Localizer().text("de", "no-such-key") == "no-such-key"


@pytest.mark.parametrize(
    ("candidates", "expected"),
    [
        (("de", "fr"), "de"),
        (("en-US", "de"), "en"),
        (("pt-BR", "fr"), "fr"),
        (("ja", None), "en"),
        ((None, None), "en"),
    ],
)
def test_user_language_then_server_then_default(candidates, expected):
    assert pick_language(*candidates) == expected


def test_slash_command_names_are_valid_discord_names(catalogue):
    loc = Localizer()
    for language in LANGUAGES:
        for key in catalogue[language]:
            if key.startswith("cmd-") and ".name" in catalogue[language][key]:
                name = loc.attribute(language, key, "name")
                assert name == name.lower() and " " not in name and 1 <= len(name) <= 32, name


def test_kept_texts_are_the_texts_formatted_anew():
    """Formatted texts are kept for speed; what is kept must be what formatting gives."""
    loc, fresh = Localizer(), Localizer()
    for language in LANGUAGES:
        for count in (1, 2, 1, 2.0, True, "7"):
            first = loc.text(language, "ds-stars-choose", count=count)
            assert loc.text(language, "ds-stars-choose", count=count) == first
            assert first == fresh._format(language, "ds-stars-choose", {"count": count})
    assert loc.text("de", "ds-stars-choose", count=1) != loc.text("de", "ds-stars-choose", count=2)
    assert loc.text("en", "ds-stars-choose", count=[1]) == fresh._format(
        "en", "ds-stars-choose", {"count": [1]}
    )


def test_kept_texts_are_bounded_and_the_used_ones_stay():
    """A thousand tables' names make more texts than are kept; those asked for again stay."""
    loc = Localizer()
    label = loc.text("de", "ds-stars-choose", count=3)
    for n in range(2 * MEMO_LIMIT):
        loc.text("fr", "ds-stars-choose", count=n)
        if n % 100 == 0:
            assert loc.text("de", "ds-stars-choose", count=3) == label
    kept = loc._kept.cache_info()
    assert kept.currsize == MEMO_LIMIT
    assert kept.hits >= 2 * MEMO_LIMIT // 100  # the label, every time
