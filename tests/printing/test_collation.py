"""The pack's find-your-table list in the order a reader of the language looks names up.

The expected orders are written by hand from each language's alphabet, not taken from
ICU: Polish ą ć ę ł ń ó ś ź ż are letters of their own after their base letters,
Spanish ñ after n (ch and ll are no letters of their own since 1994), German (DIN
5007-1) and French read ä, é, ç as a, e, c with an accent and ß, œ as ss, oe, English
reads every accented letter as its base letter (French weighs the accents on letters
otherwise equal as its dictionaries do: e, é, è), and Hindi follows the Devanagari
alphabet: the vowels अ आ इ उ ऋ ए ओ, then the consonants क ख ग ... ह, a consonant
without a vowel sign before its vowel signs ा ि ु in that order, a consonant with a
nukta (ज़, फ़) read as the consonant.
"""

from __future__ import annotations

import threading
import unicodedata
from datetime import date

import pytest

from scorekeeper.printing import PackTable
from scorekeeper.printing.collation import collated, sort_key
from scorekeeper.printing.pack import print_pack

SURNAME = " Żółkiewska-Wiśniewska Grünewald-Ørsted"  # pads each name to 40 characters

# Each language's names in its readers' order.
ORDERS = {
    "en_US": [
        "Ängström",
        "Angus",
        "Émile",
        "Eve",
        "Lech",
        "Łukasz",
        "Lyle",
        "Ñandú",
        "Nube",
        "Nuria",
        "Żaneta",
        "Zenon",
    ],
    "fr_FR": [
        "Çelik",
        "Cyril",
        "Denis",
        "Élodie",
        "Emile",
        "Émile",
        "Eve",
        "Lefebvre",
        "Lefevre",
        "Lefévre",
        "Lefèvre",
        "Odile",
        "Œdipe",
        "Oscar",
        "Zoé",
    ],
    "es_ES": [
        "Álvaro",
        "Ana",
        "Ángel",
        "Cecilia",
        "Chema",
        "Cruz",
        "Lina",
        "Llorente",
        "Luis",
        "Nadia",
        "Núñez",
        "Ñandú",
        "Oscar",
    ],
    "pl_PL": [
        "Czesław",
        "Ćwikła",
        "Eryk",
        "Ewa",
        "Ęka",
        "Lech",
        "Lucyna",
        "Łukasz",
        "Sylwia",
        "Ścibor",
        "Zofia",
        "Źdźbło",
        "Żaneta",
    ],
    "de_DE": [
        "Ärger",
        "Azra",
        "Mueller",
        "Muller",
        "Müller",
        "Otto",
        "Özil",
        "Paul",
        "Strasse",
        "Straße",
        "Weiss",
        "Weiß",
        "Weisz",
    ],
    "hi_IN": [
        "अमित",
        "आशा",
        "इंदु",
        "उमा",
        "ऋतु",
        "एकता",
        "ओम",
        "कमल",
        "काजल",
        "किरण",
        "कुणाल",
        "खुशी",
        "गीता",
        "जया",
        "जान",
        "ज़ोया",
        "जोशी",
        "ज्योति",
        "नेहा",
        "प्रिया",
        "फ़रहान",
        "फल",
        "राहुल",
        "विजय",
        "शालिनी",
        "सीमा",
        "हर्ष",
    ],
}


def long_name(first: str) -> str:
    """A 40-character name whose first word decides its place."""
    return (first + SURNAME)[:40]


@pytest.mark.parametrize("locale", sorted(ORDERS))
def test_the_packs_index_sorts_every_player_as_the_language_does(locale):
    expected = [long_name(first) for first in ORDERS[locale]]
    shuffled = expected[1::2][::-1] + expected[::2]  # neither sorted nor reversed
    *seated, sitting_out = shuffled
    tables = [
        PackTable(f"Table {number}", seated[start : start + 8], variant="rummy500")
        for number, start in enumerate(range(0, len(seated), 8), 1)
    ]
    pack = print_pack(
        tables, title="Liga", day=date(2024, 11, 14), locale=locale, byes=[sitting_out]
    )
    assert [entry.name for entry in pack.index] == expected


@pytest.mark.parametrize("locale", sorted(ORDERS))
def test_names_sort_by_the_languages_alphabet(locale):
    expected = ORDERS[locale]
    assert collated(reversed(expected), locale) == expected
    assert collated(reversed(expected), locale.replace("_", "-")) == expected


def test_a_letter_of_its_own_in_polish_is_an_accent_elsewhere():
    names = ["Żaneta", "Zenon", "Zuzanna"]
    assert collated(names, "pl") == ["Zenon", "Zuzanna", "Żaneta"]
    assert collated(names, "en") == ["Żaneta", "Zenon", "Zuzanna"]


def test_a_name_typed_with_combining_accents_sorts_as_the_composed_one():
    for name in ("Żaneta", "Émile", "Núñez"):
        for locale in ("pl", "fr", "es"):
            decomposed = unicodedata.normalize("NFD", name)
            assert sort_key(decomposed, locale) == sort_key(name, locale)


def test_threads_sort_at_once_each_with_its_own_collator():
    expected = ORDERS["pl_PL"]
    results: list[list[str]] = []

    def sort_many():
        results.extend(collated(reversed(expected), "pl_PL") for _ in range(200))

    threads = [threading.Thread(target=sort_many) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(results) == 800 and all(result == expected for result in results)
