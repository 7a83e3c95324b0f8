"""Words as compared: case and accents ignored, Devanagari spelling variants folded."""

from __future__ import annotations

import re
import unicodedata

DEVANAGARI_DIGITS = str.maketrans("०१२३४५६७८९", "0123456789")
# Nukta dropped and candrabindu read as anusvara: speech engines write either.
DEVANAGARI_VARIANTS = str.maketrans({"\u093c": None, "\u0901": "\u0902"})
# Letters whose accent is not a combining mark: read as their plain letter too.
PLAIN_LETTERS = str.maketrans({"ł": "l", "đ": "d", "ø": "o"})
DIGITS = re.compile(r"-?[0-9]+")  # a number written in digits
# Devanagari first: its vowel signs are marks, not letters, so \w would split a word.
WORD = re.compile(r"-?[0-9]+|[\u0900-\u0963\u0971-\u097f]+|[^\W\d_]+")
# What ends a clause as written: commas, stops, colons, the Devanagari danda.
MARK = "\ufe50,;.:!?\u0964\u0965\u2014"
WORD_OR_MARK = re.compile(WORD.pattern + "|[" + MARK + "]")


def fold(text: str) -> str:
    """``text`` lower-cased without Latin accents ("Fernández" -> "fernandez"); the
    Devanagari vowel signs, which are combining marks too, are kept."""
    text = text.translate(DEVANAGARI_DIGITS).translate(DEVANAGARI_VARIANTS).casefold()
    kept = []
    for char in unicodedata.normalize("NFD", text):
        if unicodedata.combining(char) and kept and kept[-1] < "\u0900":
            continue
        kept.append(char)
    return unicodedata.normalize("NFC", "".join(kept)).translate(PLAIN_LETTERS)


def words(text: str, marks: bool = False) -> list[tuple[str, str]]:
    """The words of ``text`` as (as written, folded), in order; punctuation dropped (or
    with ``marks`` kept as a word of its own, "," for any of them), and so are numerals
    that are not ASCII digits ("¹", "½", "Ⅻ"), as the page's reader (static/reader.js)
    drops them."""
    folded = unicodedata.normalize("NFC", text.translate(DEVANAGARI_DIGITS))
    plain = "".join(" " if not_a_digit(char) else char for char in folded)
    found = (WORD_OR_MARK if marks else WORD).finditer(plain)
    return [(m.group(), "," if m.group() in MARK else fold(m.group())) for m in found]


def not_a_digit(char: str) -> bool:
    return unicodedata.category(char)[0] == "N" and char not in "0123456789"


def distance(a: str, b: str, most: int) -> int:
    """Levenshtein distance, or ``most + 1`` once it is certain to exceed ``most``."""
    if abs(len(a) - len(b)) > most:
        return most + 1
    previous = list(range(len(b) + 1))
    for i, char in enumerate(a, 1):
        current = [i]
        for j, other in enumerate(b, 1):
            current.append(
                min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (char != other))
            )
        if min(current) > most:
            return most + 1
        previous = current
    return previous[-1]
