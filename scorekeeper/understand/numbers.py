"""Numbers said aloud, in the app's six languages: "two hundred and thirty-five",
"deux cent trente-cinq", "doscientos treinta y cinco", "dwieście trzydzieści pięć",
"zweihundertfünfunddreißig", "दो सौ पैंतीस", or digits (Devanagari ones too).

Each language lists its words for 0 to 99 as token phrases, its hundreds and its
thousand; one grammar reads them all: [n thousand] [n hundred | a hundreds word]
[connector] [0-99]. Words are compared after ``fold`` (see ``text.fold``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .text import DIGITS, fold


@dataclass
class Numerals:
    small: dict[tuple[str, ...], int] = field(default_factory=dict)  # 0-99 as phrases
    hundred: frozenset[str] = frozenset()  # multiplies what comes before it
    hundreds: dict[str, int] = field(default_factory=dict)  # words that are 100-900 alone
    thousand: frozenset[str] = frozenset()
    connectors: frozenset[str] = frozenset()  # "and" after a hundred or thousand
    # Halves said before a hundred or a thousand: Hindi डेढ़ सौ (150), ढाई सौ (250);
    # ``plus_half`` before a number adds a half to it (साढ़े चार सौ: 450).
    halves: dict[str, int] = field(default_factory=dict)  # in halves: डेढ़ is 3
    plus_half: frozenset[str] = frozenset()
    longest: int = 1

    def add_words(self, words: Sequence[str]) -> None:
        """Each word for the number that is its place in ``words`` (the first is 0)."""
        for value, word in enumerate(words):
            self.add(word, value)

    def add(self, phrase: str, value: int) -> None:
        tokens = tuple(fold(phrase).replace("-", " ").split())
        self.small.setdefault(tokens, value)
        self.longest = max(self.longest, len(tokens))


def _words(text: str) -> list[str]:
    """A language's number words, written as one text (one word a number, in order)."""
    return text.split()


def _tens_and_units(
    numerals: Numerals, units: Sequence[str], tens: dict[int, str], joined: str, join_one: str
) -> None:
    """Words for 21-99 made as tens + units ("twenty one", "treinta y uno")."""
    for value, word in tens.items():
        numerals.add(word, value)
        for unit in range(1, 10):
            glue = join_one if unit == 1 else joined
            numerals.add(f"{word} {glue} {units[unit]}".replace("  ", " "), value + unit)


def _english() -> Numerals:
    n = Numerals(hundred=frozenset({"hundred"}), thousand=frozenset({"thousand"}))
    n.connectors = frozenset({"and"})
    words = _words(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
        "fifteen sixteen seventeen eighteen nineteen"
    )
    n.add_words(words)
    for word in ("nil", "nothing", "none"):
        n.add(word, 0)
    tens = dict(
        zip(
            range(20, 100, 10),
            ["twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"],
            strict=True,
        )
    )
    _tens_and_units(n, words, tens, "", "")
    return n


def _french() -> Numerals:
    n = Numerals(hundred=frozenset({"cent", "cents"}), thousand=frozenset({"mille"}))
    words = _words(
        "zero un deux trois quatre cinq six sept huit neuf dix onze douze treize quatorze "
        "quinze seize"
    )
    n.add_words(words)
    n.add("une", 1)
    n.add("rien", 0)
    for unit in (7, 8, 9):
        n.add(f"dix {words[unit]}", 10 + unit)
    teens = {10 + u: (words[10 + u] if u < 7 else f"dix {words[u]}") for u in range(10)}
    tens = {20: "vingt", 30: "trente", 40: "quarante", 50: "cinquante", 60: "soixante"}
    # Belgian and Swiss French count 70, 80 and 90 the regular way.
    tens |= {70: "septante", 80: "huitante", 90: "nonante"}
    _tens_and_units(n, words, tens, "", "et")
    n.add("octante", 80)
    for twenty_based, start in (("soixante", 60), ("quatre vingt", 80)):
        for teen, word in teens.items():
            glue = "et " if (start, teen) == (60, 11) else ""
            n.add(f"{twenty_based} {glue}{word}", start + teen)
    n.add("quatre vingts", 80)
    for unit in range(1, 10):
        n.add(f"quatre vingt {words[unit]}", 80 + unit)
    return n


def _spanish() -> Numerals:
    n = Numerals(thousand=frozenset({"mil"}))
    words = _words(
        "cero uno dos tres cuatro cinco seis siete ocho nueve diez once doce trece catorce "
        "quince dieciseis diecisiete dieciocho diecinueve veinte veintiuno veintidos "
        "veintitres veinticuatro veinticinco veintiseis veintisiete veintiocho veintinueve"
    )
    n.add_words(words)
    for word, value in (("un", 1), ("una", 1), ("nada", 0), ("veintiun", 21), ("veintiuna", 21)):
        n.add(word, value)
    tens = dict(
        zip(
            range(30, 100, 10),
            ["treinta", "cuarenta", "cincuenta", "sesenta", "setenta", "ochenta", "noventa"],
            strict=True,
        )
    )
    _tens_and_units(n, words, tens, "y", "y")
    hundreds = (
        "cien doscientos trescientos cuatrocientos quinientos seiscientos setecientos "
        "ochocientos novecientos"
    )
    for index, word in enumerate(hundreds.split()):
        n.hundreds[fold(word)] = 100 * (index + 1)
        if index:
            n.hundreds[fold(word[:-2] + "as")] = 100 * (index + 1)
    n.hundreds["ciento"] = 100
    return n


def _polish() -> Numerals:
    n = Numerals(thousand=frozenset(fold(w) for w in ("tysiąc", "tysiące", "tysięcy")))
    words = _words(
        "zero jeden dwa trzy cztery pięć sześć siedem osiem dziewięć dziesięć jedenaście "
        "dwanaście trzynaście czternaście piętnaście szesnaście siedemnaście osiemnaście "
        "dziewiętnaście"
    )
    n.add_words(words)
    for word, value in (("jedna", 1), ("jedno", 1), ("dwie", 2), ("nic", 0)):
        n.add(word, value)
    # "zapukał z siedmioma": knocked with seven.
    with_ = "jednym dwoma trzema czterema pięcioma sześcioma siedmioma ośmioma dziewięcioma"
    for value, word in enumerate((*with_.split(), "dziesięcioma"), 1):
        n.add(word, value)
    tens = dict(
        zip(
            range(20, 100, 10),
            _words(
                "dwadzieścia trzydzieści czterdzieści pięćdziesiąt sześćdziesiąt "
                "siedemdziesiąt osiemdziesiąt dziewięćdziesiąt"
            ),
            strict=True,
        )
    )
    _tens_and_units(n, words, tens, "", "")
    hundreds = "sto dwieście trzysta czterysta pięćset sześćset siedemset osiemset dziewięćset"
    for index, word in enumerate(hundreds.split()):
        n.hundreds[fold(word)] = 100 * (index + 1)
    return n


GERMAN_UNITS = ["null", "eins", "zwei", "drei", "vier", "fünf", "sechs", "sieben", "acht", "neun"]
GERMAN_TEENS = _words(
    "zehn elf zwölf dreizehn vierzehn fünfzehn sechzehn siebzehn achtzehn neunzehn"
)
GERMAN_TENS = _words("zwanzig dreißig vierzig fünfzig sechzig siebzig achtzig neunzig")


def _german() -> Numerals:
    n = Numerals(hundred=frozenset({"hundert"}), thousand=frozenset({"tausend"}))
    n.add_words(GERMAN_UNITS + GERMAN_TEENS)
    for word, value in (("ein", 1), ("eine", 1), ("nichts", 0)):
        n.add(word, value)
    units = ["", "ein", *GERMAN_UNITS[2:]]
    for index, tens in enumerate(GERMAN_TENS):
        value = 20 + 10 * index
        n.add(tens, value)
        for unit in range(1, 10):
            n.add(f"{units[unit]} und {tens}", value + unit)
    return n


# 0-99 each have a word of their own in Hindi.
HINDI_SMALL = _words(
    "शून्य एक दो तीन चार पाँच छह सात आठ नौ दस ग्यारह बारह तेरह चौदह पंद्रह सोलह सत्रह अठारह "
    "उन्नीस बीस इक्कीस बाईस तेईस चौबीस पच्चीस छब्बीस सत्ताईस अट्ठाईस उनतीस तीस इकतीस बत्तीस "
    "तैंतीस चौंतीस पैंतीस छत्तीस सैंतीस अड़तीस उनतालीस चालीस इकतालीस बयालीस तैंतालीस चौवालीस "
    "पैंतालीस छियालीस सैंतालीस अड़तालीस उनचास पचास इक्यावन बावन तिरपन चौवन पचपन छप्पन सत्तावन "
    "अट्ठावन उनसठ साठ इकसठ बासठ तिरसठ चौंसठ पैंसठ छियासठ सड़सठ अड़सठ उनहत्तर सत्तर इकहत्तर "
    "बहत्तर तिहत्तर चौहत्तर पचहत्तर छिहत्तर सतहत्तर अठहत्तर उन्यासी अस्सी इक्यासी बयासी तिरासी "
    "चौरासी पचासी छियासी सत्तासी अट्ठासी नवासी नब्बे इक्यानबे बानबे तिरानबे चौरानबे पचानबे "
    "छियानबे सत्तानबे अट्ठानबे निन्यानबे"
)


def _hindi() -> Numerals:
    n = Numerals(hundred=frozenset({fold("सौ")}), thousand=frozenset({fold("हज़ार")}))
    n.add_words(HINDI_SMALL)
    for word, value in (("छः", 6), ("छे", 6), ("ज़ीरो", 0), ("पांच", 5)):
        n.add(word, value)
    n.halves = {fold("डेढ़"): 3, fold("ढाई"): 5}
    n.plus_half = frozenset({fold("साढ़े")})
    return n


NUMERALS: dict[str, Numerals] = {
    "en": _english(),
    "fr": _french(),
    "es": _spanish(),
    "pl": _polish(),
    "de": _german(),
    "hi": _hindi(),
}

GERMAN_PARTS = sorted(
    {
        fold(w)
        for w in (
            *GERMAN_UNITS,
            *GERMAN_TEENS,
            *GERMAN_TENS,
            "ein",
            "eine",
            "und",
            "hundert",
            "tausend",
        )
    },
    key=len,
    reverse=True,
)


def split_german(token: str) -> list[str] | None:
    """A German number written as one word ("zweihundertfünfunddreißig") in its parts,
    or None when it is not one."""
    if not token:
        return []
    for part in GERMAN_PARTS:
        if token.startswith(part):
            rest = split_german(token[len(part) :])
            if rest is not None:
                return [part, *rest]
    return None


def read_number(tokens: Sequence[str], start: int, language: str) -> tuple[int, int] | None:
    """The number whose words begin at ``tokens[start]`` (folded), and the index just
    after them; None when no number starts there. Digits are a number in any language."""
    token = tokens[start]
    if DIGITS.fullmatch(token):
        return int(token), start + 1
    n = NUMERALS[language]
    halved = _halves(n, tokens, start)
    if halved is not None:
        return halved
    value, at = 0, start
    at, thousands = _times(n, tokens, at, n.thousand, 1000)
    value += thousands
    hundreds_at, hundreds = _hundreds(n, tokens, at)
    if hundreds:
        value, at = value + hundreds, hundreds_at
    connected = at > start and at + 1 < len(tokens) and tokens[at] in n.connectors
    if connected and _small(n, tokens, at + 1) is not None:
        at += 1
    small = _small(n, tokens, at)
    if small is not None:
        value, at = value + small[0], small[1]
    return (value, at) if at > start else None


def _halves(n: Numerals, tokens: Sequence[str], at: int) -> tuple[int, int] | None:
    """डेढ़ सौ, ढाई हज़ार, साढ़े चार सौ: so many halves of a hundred or a thousand."""
    halves, after = n.halves.get(tokens[at]), at + 1
    if halves is None and tokens[at] in n.plus_half:
        small = _small(n, tokens, at + 1)
        if small is None:
            return None
        halves, after = 2 * small[0] + 1, small[1]
    if halves is None or after >= len(tokens):
        return None
    unit = 100 if tokens[after] in n.hundred else 1000 if tokens[after] in n.thousand else 0
    return (halves * unit // 2, after + 1) if unit else None


def _small(n: Numerals, tokens: Sequence[str], at: int) -> tuple[int, int] | None:
    for length in range(min(n.longest, len(tokens) - at), 0, -1):
        value = n.small.get(tuple(tokens[at : at + length]))
        if value is not None:
            return value, at + length
    return None


def _times(n: Numerals, tokens: Sequence[str], at: int, words: frozenset[str], unit: int):
    """``[0-99] word`` (two thousand) or the word alone (a thousand)."""
    if at < len(tokens) and tokens[at] in words:
        return at + 1, unit
    small = _small(n, tokens, at)
    if small is not None and small[1] < len(tokens) and tokens[small[1]] in words and small[0]:
        return small[1] + 1, small[0] * unit
    return at, 0


def _hundreds(n: Numerals, tokens: Sequence[str], at: int) -> tuple[int, int]:
    if at < len(tokens) and tokens[at] in n.hundreds:
        return at + 1, n.hundreds[tokens[at]]
    return _times(n, tokens, at, n.hundred, 100)
