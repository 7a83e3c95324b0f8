"""The pack's find-your-table list in the order a reader of the language looks names up."""

from __future__ import annotations

from datetime import date

import pytest

from scorekeeper.printing import PackTable
from scorekeeper.printing.collation import sort_key
from scorekeeper.printing.pack import print_pack

PAD = "x" * 20  # names at the pad's full 40 characters


def ordered(names, locale):
    return sorted(names, key=lambda name: sort_key(name, locale))


@pytest.mark.parametrize(
    ("locale", "names", "expected"),
    [
        # Polish: Ł, Ś, Ż are letters of their own, each just after its base letter.
        (
            "pl_PL",
            ["Żaneta", "Zenon", "Łukasz", "Lech", "Ścibor", "Sylwia", "Ola"],
            ["Lech", "Łukasz", "Ola", "Sylwia", "Ścibor", "Zenon", "Żaneta"],
        ),
        # French: É is an E with an accent, between Émile's neighbours and not after Z.
        (
            "fr_FR",
            ["Zoé", "Élodie", "Eve", "Emile", "Émile", "Denis"],
            ["Denis", "Élodie", "Emile", "Émile", "Eve", "Zoé"],
        ),
        # German (DIN 5007-1): Ä reads as A, ß as ss, the unaccented spelling first.
        (
            "de_DE",
            ["Özil", "Otto", "Ärger", "Azra", "Straße", "Strasse", "Paul"],
            ["Ärger", "Azra", "Otto", "Özil", "Paul", "Strasse", "Straße"],
        ),
        # Spanish: ñ is a letter after n.
        ("es_ES", ["Ñandú", "Nube", "Oscar"], ["Nube", "Ñandú", "Oscar"]),
    ],
)
def test_names_sort_by_the_languages_letters(locale, names, expected):
    assert ordered(names, locale) == expected


def test_a_letter_of_its_own_in_polish_is_an_accent_elsewhere():
    names = ["Żaneta", "Zenon", "Zuzanna"]
    assert ordered(names, "pl") == ["Zenon", "Zuzanna", "Żaneta"]
    assert ordered(names, "en") == ["Żaneta", "Zenon", "Zuzanna"]


def test_the_packs_index_sorts_eight_long_accented_names_the_polish_way():
    names = [
        f"Żaneta Żółkiewska-Wiśniewska {PAD}"[:40],
        f"Zenon Zawadzki-Zieliński {PAD}"[:40],
        f"Łucja Łukasiewicz-Ładna {PAD}"[:40],
        f"Lech Lewandowski-Lipski {PAD}"[:40],
        f"Ewa Świątek-Ęckowska {PAD}"[:40],
        f"Élodie Écuyer-Étienne {PAD}"[:40],
        f"Ścibor Śliwiński-Świerczewski {PAD}"[:40],
        f"Sylwia Sosnowska-Szymańska {PAD}"[:40],
    ]
    table = PackTable("Stół 1", names, variant="rummy500")
    pack = print_pack([table], title="Liga", day=date(2024, 11, 14), locale="pl_PL")
    assert [entry.name.split()[0] for entry in pack.index] == [
        "Élodie",
        "Ewa",
        "Lech",
        "Łucja",
        "Sylwia",
        "Ścibor",
        "Zenon",
        "Żaneta",
    ]
