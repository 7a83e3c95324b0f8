"""Deals said as people say them, in the app's six languages, read as entries
(the cases test_sentences.py and test_phone_reader.py read).

Each language gives its own words (went out, in hand, melded, and, fillers, numbers);
the same twenty situations are said in each with two tables of names: short ones, and
accented ones said without their accents or misheard by a letter.
"""

from __future__ import annotations

import pytest
from hypothesis import strategies as st

from scorekeeper.scoring import get_variant, make_setup

SAID = {
    "en": {
        "out": "went out",
        "hand": "in hand",
        "melded": "melded",
        "and": "and",
        "um": "um, so",
        "knock": "knocked with",
        "gin": "gin",
        "nobody": "nobody went out",
        "drop": "dropped",
        "middle": "middle drop",
        "wrong": "wrong show",
        "phase": "made the phase",
        "naturals": "naturals",
        "red": "red threes",
        "n": {
            0: "zero",
            7: "seven",
            12: "twelve",
            15: "fifteen",
            21: "twenty-one",
            35: "thirty-five",
            40: "forty",
            68: "sixty eight",
            99: "ninety-nine",
            235: "two hundred and thirty-five",
            1180: "one thousand one hundred and eighty",
        },
    },
    "fr": {
        "out": "est sorti",
        "hand": "en main",
        "melded": "a posé",
        "and": "et",
        "um": "euh, alors",
        "knock": "a frappé avec",
        "gin": "gin",
        "nobody": "personne",
        "drop": "abandonne",
        "middle": "abandon au milieu",
        "wrong": "mauvais show",
        "phase": "a fait sa phase",
        "naturals": "naturelles",
        "red": "trois rouges",
        "n": {
            0: "zéro",
            7: "sept",
            12: "douze",
            15: "quinze",
            21: "vingt et un",
            35: "trente-cinq",
            40: "quarante",
            68: "soixante-huit",
            99: "quatre-vingt-dix-neuf",
            235: "deux cent trente-cinq",
            1180: "mille cent quatre-vingts",
        },
    },
    "es": {
        "out": "salió",
        "hand": "en mano",
        "melded": "bajó",
        "and": "y",
        "um": "eh, pues",
        "knock": "tocó con",
        "gin": "gin",
        "nobody": "nadie",
        "drop": "se retiró",
        "middle": "abandono en medio",
        "wrong": "mala declaración",
        "phase": "hizo la fase",
        "naturals": "naturales",
        "red": "treses rojos",
        "n": {
            0: "cero",
            7: "siete",
            12: "doce",
            15: "quince",
            21: "veintiuno",
            35: "treinta y cinco",
            40: "cuarenta",
            68: "sesenta y ocho",
            99: "noventa y nueve",
            235: "doscientos treinta y cinco",
            1180: "mil ciento ochenta",
        },
    },
    "pl": {
        "out": "wyszła",
        "hand": "w ręce",
        "melded": "wyłożył",
        "and": "i",
        "um": "yyy, no",
        "knock": "zapukał z",
        "gin": "gin",
        "nobody": "nikt",
        "drop": "spasował",
        "middle": "pas w środku",
        "wrong": "błędna deklaracja",
        "phase": "zrobił fazę",
        "naturals": "naturalne",
        "red": "czerwone trójki",
        "n": {
            0: "zero",
            7: "siedem",
            12: "dwanaście",
            15: "piętnaście",
            21: "dwadzieścia jeden",
            35: "trzydzieści pięć",
            40: "czterdzieści",
            68: "sześćdziesiąt osiem",
            99: "dziewięćdziesiąt dziewięć",
            235: "dwieście trzydzieści pięć",
            1180: "tysiąc sto osiemdziesiąt",
        },
    },
    "de": {
        "out": "ist raus",
        "hand": "auf der Hand",
        "melded": "ausgelegt",
        "and": "und",
        "um": "äh, also",
        "knock": "hat geklopft mit",
        "gin": "Gin",
        "nobody": "niemand",
        "drop": "steigt aus",
        "middle": "mittlerer Ausstieg",
        "wrong": "falsche Meldung",
        "phase": "Phase geschafft",
        "naturals": "natürliche",
        "red": "rote Dreien",
        "n": {
            0: "null",
            7: "sieben",
            12: "zwölf",
            15: "fünfzehn",
            21: "einundzwanzig",
            35: "fünfunddreißig",
            40: "vierzig",
            68: "achtundsechzig",
            99: "neunundneunzig",
            235: "zweihundertfünfunddreißig",
            1180: "eintausendeinhundertachtzig",
        },
    },
    "hi": {
        "out": "बाहर गया",
        "hand": "हाथ में",
        "melded": "मेल्ड",
        "and": "और",
        "um": "तो",
        "knock": "नॉक किया",
        "gin": "जिन",
        "nobody": "कोई नहीं",
        "drop": "ड्रॉप",
        "middle": "मिडिल ड्रॉप",
        "wrong": "गलत शो",
        "phase": "फेज़ पूरा",
        "naturals": "नेचुरल",
        "red": "लाल तीन",
        "n": {
            0: "शून्य",
            7: "सात",
            12: "बारह",
            15: "पंद्रह",
            21: "इक्कीस",
            35: "पैंतीस",
            40: "चालीस",
            68: "अड़सठ",
            99: "निन्यानबे",
            235: "दो सौ पैंतीस",
            1180: "एक हज़ार एक सौ अस्सी",
        },
    },
}

# Two tables: (names as typed, names as said in the sentences).
TABLES = (
    (("Ann", "Bob", "Cy", "Dee"), ("Ann", "Bob", "Cy", "Dee")),
    (
        ("Émile Durand", "Zoë", "Łucja", "Fernández"),
        ("emile", "Zoe", "Lucja", "Fernandes"),  # first name, no accents, misheard by one
    ),
)


def situations(w):
    """(variant, players used, sentence with {0}..{3} for names, expected by seat)."""
    n = w["n"]
    return [
        (
            "rummy",
            3,
            f"{{0}} {w['out']}, {{1}} {n[12]}, {{2}} {n[35]}",
            {"out": 0, "hands": {1: 12, 2: 35}},
        ),
        (
            "rummy",
            3,
            f"{w['um']} {{0}} {w['out']} {w['and']} {{1}} {n[7]} {w['and']} {{2}} {n[21]}",
            {"out": 0, "hands": {1: 7, 2: 21}},
        ),
        (
            "rummy",
            3,
            f"{n[15]} {{1}}, {n[40]} {{2}}, {{0}} {w['out']}",
            {"out": 0, "hands": {1: 15, 2: 40}},
        ),
        (
            "rummy",
            4,
            f"{{3}} {w['out']}. {{0}} {n[68]}, {{1}} {n[0]}, {{2}} 9",
            {"out": 3, "hands": {0: 68, 1: 0, 2: 9}},
        ),
        (
            "rummy",
            3,
            f"{w['nobody']}, {{0}} {n[12]}, {{1}} {n[15]}, {{2}} {n[7]}",
            {"out": None, "hands": {0: 12, 1: 15, 2: 7}},
        ),
        (
            "rummy",
            3,
            f"{{0}} {w['out']}, {{1}} {n[235]}, {{2}} {n[7]}",
            {"out": 0, "hands": {2: 7}},
        ),  # 235 is beyond a rummy hand: left empty
        (
            "gin",
            2,
            f"{{0}} {w['knock']} {n[7]}, {{1}} {n[35]}",
            {"knocker": 0, "hands": {0: 7, 1: 35}},
        ),
        (
            "gin",
            2,
            f"{{1}} {w['gin']} {w['and']} {{0}} {n[21]}",
            {"knocker": 1, "hands": {1: 0, 0: 21}},
        ),
        ("gin", 2, f"{{0}} {w['knock']} 4, {{1}} {n[12]}", {"knocker": 0, "hands": {0: 4, 1: 12}}),
        (
            "rummy500",
            3,
            f"{{0}} {w['out']} {w['melded']} {n[99]}, {{1}} {w['melded']} {n[40]} {w['and']} "
            f"{n[15]} {w['hand']}, {{2}} {w['melded']} {n[12]} {w['hand']} {n[35]}",
            {"out": 0, "melds": {0: 99, 1: 40, 2: 12}, "hands": {1: 15, 2: 35}},
        ),
        (
            "rummy500",
            3,
            f"{{0}} {w['out']}, {{1}} {n[40]} {n[15]}, {{2}} {n[21]} {n[7]}",
            {"out": 0, "melds": {1: 40, 2: 21}, "hands": {1: 15, 2: 7}},
        ),
        (
            "indian",
            4,
            f"{{0}} {w['out']}, {{1}} {n[40]}, {{2}} {w['drop']}, {{3}} {w['middle']}",
            {"out": 0, "hands": {1: 40}, "drops": {2: "first", 3: "middle"}},
        ),
        (
            "indian",
            3,
            f"{{1}} {w['out']}, {{0}} {w['wrong']}, {{2}} {n[68]}",
            {"out": 1, "wrong_show": [0], "hands": {2: 68}},
        ),
        (
            "phase10",
            3,
            f"{{0}} {w['out']}, {{1}} {w['phase']} {n[15]}, {{2}} {n[40]}",
            {"out": 0, "completed": [0, 1], "hands": {1: 15, 2: 40}},
        ),
        (
            "five_crowns",
            4,
            f"{{2}} {w['out']}, {{0}} {n[21]}, {{1}} {n[35]}, {{3}} {n[0]}",
            {"out": 2, "hands": {0: 21, 1: 35, 3: 0}},
        ),
        (
            "thirteen",
            3,
            f"{{1}} {w['out']} {w['and']} {{0}} {n[99]} {w['and']} {{2}} {n[12]}",
            {"out": 1, "hands": {0: 99, 2: 12}},
        ),
        (
            "rummy",
            3,
            f"{{0}} {w['out']}, {{1}} {n[12]}, {{1}} {n[15]}, {{2}} {n[7]}",
            {"out": 0, "hands": {2: 7}},
        ),  # Bob given twice: left empty
        (
            "rummy",
            3,
            f"{{0}} {w['out']}, {{1}} {n[21]}, {{2}} {n[35]} {w['and']}",
            {"out": 0, "hands": {1: 21, 2: 35}},
        ),
        (
            "rummy",
            3,
            f"{{2}} {w['out']} {w['and']} {{1}} {n[7]}, {{0}} {n[12]}",
            {"out": 2, "hands": {1: 7, 0: 12}},
        ),
        (
            "rummy5000",
            3,
            f"{{0}} {w['out']} {w['melded']} {n[1180]}, {{1}} {w['melded']} {n[235]} "
            f"{w['hand']} {n[35]}, {{2}} {w['melded']} {n[40]} {w['hand']} {n[15]}",
            {"out": 0, "melds": {0: 1180, 1: 235, 2: 40}, "hands": {1: 35, 2: 15}},
        ),
    ]


def cases():
    for language, words in SAID.items():
        for table, (typed, said) in enumerate(TABLES):
            for index, (variant, count, sentence, expected) in enumerate(situations(words)):
                players = typed[:count]
                text = sentence.format(*said[:count])
                yield pytest.param(
                    variant,
                    players,
                    text,
                    language,
                    expected,
                    id=f"{language}-{table}-{index}-{variant}",
                )


def by_name(expected, players):
    entry = {}
    for field, value in expected.items():
        if isinstance(value, dict):
            entry[field] = {players[seat]: v for seat, v in value.items()}
        elif isinstance(value, list):
            entry[field] = [players[seat] for seat in value]
        else:
            entry[field] = None if value is None else players[value]
    return entry


NAMES = ("Ann", "Bob", "Zoë", "Łucja", "अनु", "Fernández-Gutiérrez")
VARIANTS = ("rummy", "gin", "rummy500", "thirteen", "indian", "phase10", "canasta", "handfoot")


@st.composite
def games_and_entries(draw):
    variant = draw(st.sampled_from(VARIANTS))
    cls = get_variant(variant)
    count = 2 if variant == "gin" else draw(st.integers(2, min(len(NAMES), cls.max_players)))
    setup = make_setup(variant=variant, players=list(NAMES[:count]))
    game = cls(setup)
    players = game.players
    entry = {}
    for field in game.reader.fields:
        if field.kind == "player":
            choice = st.sampled_from(players)
            if game.allows_nobody_out and "void" not in game.reader.allowed:
                choice = st.one_of(choice, st.none())
            entry[field.name] = draw(choice)
        elif field.kind == "bool" and draw(st.booleans()):
            entry[field.name] = True
        elif field.kind == "players":
            chosen = draw(st.lists(st.sampled_from(players), unique=True, max_size=count))
            if chosen:
                entry[field.name] = sorted(chosen, key=players.index)
        elif field.kind == "choice_per_player":
            chosen = draw(st.dictionaries(st.sampled_from(players), st.sampled_from(field.choices)))
            if chosen:
                entry[field.name] = chosen
        elif field.kind == "per_player":
            bound, step = game.reader.bounds[field.name]
            value = st.integers(0, bound // step).map(lambda n, step=step: n * step)
            chosen = draw(st.dictionaries(st.sampled_from(players), value))
            if chosen:
                entry[field.name] = chosen
    return setup, entry
