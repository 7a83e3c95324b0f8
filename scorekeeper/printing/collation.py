"""Names in the order a reader of the language looks for them (the pack's name index).

Neither PyICU nor pyuca is installed and Babel has no collation, so this is a small
pure-Python collation in the manner of the Unicode algorithm's three levels: letters
first (an accent and case only part names otherwise equal), keyed on the canonical
decomposition (É is E with an acute), with the letter orders the languages we print in
tailor. Polish puts ą, ć, ę, ł, ń, ó, ś, ź, ż after their base letters as letters of
their own, Spanish ñ after n; German (DIN 5007-1) and French read ä, é ... as a, e with
an accent, which the decomposition gives. Letters that do not decompose (ł, ø, đ) sort
just after their base letter everywhere, ß, æ and œ as the two letters they stand for.
"""

from __future__ import annotations

import unicodedata

# Letters that are letters of their own in a language: (base letter, rank after it).
TAILORED: dict[str, dict[str, tuple[str, int]]] = {
    "pl": {
        "ą": ("a", 1),
        "ć": ("c", 1),
        "ę": ("e", 1),
        "ł": ("l", 1),
        "ń": ("n", 1),
        "ó": ("o", 1),
        "ś": ("s", 1),
        "ź": ("z", 1),
        "ż": ("z", 2),
    },
    "es": {"ñ": ("n", 1)},
}
# Letters without a decomposition: an accent-like difference from their base letter.
STROKED = {"ł": "l", "ø": "o", "đ": "d", "ħ": "h", "ŧ": "t"}
EXPANDED = {"ß": "ss", "æ": "ae", "œ": "oe", "ĳ": "ij"}


def sort_key(text: str, locale: str = "en") -> tuple[tuple, tuple, tuple]:
    """The key that orders ``text`` as ``locale``'s readers do: letters, then accents,
    then case (lower first)."""
    tailored = TAILORED.get(locale.replace("-", "_").split("_")[0].lower(), {})
    letters: list[tuple[str, int]] = []
    accents: list[str] = []
    cases: list[int] = []
    for char in unicodedata.normalize("NFC", text):
        folded = char.lower()
        upper = int(folded != char)
        if folded in tailored:
            letters.append(tailored[folded])
            accents.append("")
        elif folded in STROKED:
            letters.append((STROKED[folded], 0))
            accents.append("/")
        elif folded in EXPANDED:
            letters.extend((letter, 0) for letter in EXPANDED[folded])
            accents.extend(("~", "~"))
            cases.append(upper)
            continue
        else:
            base, *marks = unicodedata.normalize("NFD", folded) or folded
            letters.append((base, 0))
            accents.append("".join(marks))
        cases.append(upper)
    return tuple(letters), tuple(accents), tuple(cases)


def collated(texts, locale: str = "en", key=None) -> list:
    """``texts`` sorted by ``locale``'s collation (``key`` picks the text of an item)."""
    pick = key or (lambda item: item)
    return sorted(texts, key=lambda item: sort_key(pick(item), locale))
