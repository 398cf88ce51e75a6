"""Each catalog says one thing with one set of words, as its tables say it (tests/test_i18n.py
checks that every catalog is complete, in its language and compiled)."""

import re

import pytest

from tests.test_i18n import DOMAINS, LOCALES, messages, translations

EVERY_CATALOG = pytest.mark.parametrize(
    ("locale", "domain"), [(locale, domain) for locale in LOCALES for domain in DOMAINS]
)

# A thing said in many sentences (the English that names it, as a pattern) and the words each
# catalog says it with, one of which every translation of such a sentence holds: the first out
# is "yang pertama habis" and "maubos ang una" wherever a sentence meets it (the season's note
# said "ketika pemain pertama habis" and "maubos ang nauna", the one before); a whole hand is
# "13 kartu utuh" and "buo ang 13" (the rules line said "kalau 13 kartu", "kapag 13 baraha":
# from 13 cards, or 13 of them).
SAID_ONE_WAY = {
    r"first went out": {
        "vi": ["về"],
        "id": ["yang pertama habis"],
        "fil": ["maubos ang una"],
        "zh_Hant": ["第一名出完"],
        "zh_Hans": ["第一名出完"],
    },
    r"for all 13|all 13 are left": {
        "vi": ["đủ 13", "nguyên 13"],
        "id": ["13 kartu utuh", "13 utuh", "13 kartu masih utuh", "13 semua"],
        "fil": ["buo ang 13", "buo pa ang 13", "lahat ng 13"],
        "zh_Hant": ["13 張"],
        "zh_Hans": ["13 张"],
    },
}


@EVERY_CATALOG
def test_a_thing_said_in_many_sentences_is_said_with_the_catalogs_words(locale, domain):
    astray = [
        (entry["msgid"], text)
        for english, words in SAID_ONE_WAY.items()
        for entry in messages(locale, domain)
        if re.search(english, entry["msgid"])
        for text in translations(entry)
        if not any(word in text for word in words[locale])
    ]
    assert astray == []


# What the season page writes after a player's name and a label's colon ("Ann: rival Ben ·
# nemesis Cat"): a colon of its own reads "Ann: karibal: Ben" (Filipino said "karibal: %s").
AFTER_A_LABEL = {"rival %(rival)s", "nemesis %(nemesis)s", "no rival yet", "no nemesis"}


@pytest.mark.parametrize("locale", LOCALES)
def test_what_follows_a_labels_colon_has_no_colon_of_its_own(locale):
    entries = [entry for entry in messages(locale, "django") if entry["msgid"] in AFTER_A_LABEL]
    assert {entry["msgid"] for entry in entries} == AFTER_A_LABEL
    colons = [text for entry in entries for text in translations(entry) if re.search("[:：]", text)]
    assert colons == []
