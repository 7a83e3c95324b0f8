"""From a line of words to the items a deal is made of: players, numbers, field words.

``Reader.items`` walks the words once. At each word it takes the longest of: a
player's name (or its first word, when no other player's begins the same), a number
in the game's language (then any other), a phrase of the vocabulary; a word none of
them takes is matched to a name one letter off (two for long names) when exactly one
name is that close, and is otherwise left unclear.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .numbers import read_number, split_german
from .text import DIGITS, distance, fold, words
from .vocabulary import DEAL, FILLER, HESITATIONS, LANGUAGES, LONGEST, MINUS, PHRASES


@dataclass(frozen=True)
class Item:
    # "player", "number", "word", "unclear", "mark" (a comma, a stop ...) or "stranger"
    # (a name, or a word close to one, that two players share: it names neither)
    kind: str
    value: object  # a seat, an int, the meanings (a tuple) or the word as written
    text: str  # the words as written


class Reader:
    def __init__(self, names: Sequence[tuple[str, int]], language: str):
        """``names``: (name, seat) pairs: the players, and for a partnership game the
        seated people too (each pointing at their side)."""
        self.language = language
        self.languages = (language, *(other for other in LANGUAGES if other != language))
        self.full: dict[tuple[str, ...], set[int]] = {}
        firsts: dict[str, set[int]] = {}
        for name, seat in names:
            folded = tuple(word for _, word in words(name)) or (fold(name),)
            self.full.setdefault(folded, set()).add(seat)
            firsts.setdefault(folded[0], set()).add(seat)
        # A first word names a player only when it names one (two Anns: say which).
        self.first = {word: seats for word, seats in firsts.items() if (word,) not in self.full}
        self.longest_name = max(map(len, self.full), default=1)

    def items(self, text: str) -> list[Item]:
        said = self._words(text)
        folded = [word for _, word in said]
        found: list[Item] = []
        at = 0
        while at < len(said):
            if folded[at] == ",":
                found.append(Item("mark", ",", said[at][0]))
                at += 1
                continue
            item, after = self._longest(folded, at, said)
            if item is None:
                item, after = self._misheard(folded[at], said[at][0]), at + 1
            found.append(item)
            at = after
        return _joined(found)

    def _words(self, text: str) -> list[tuple[str, str]]:
        """The words, a German number written as one word split into its parts, and
        hesitations left out (one may fall inside a phrase: "red threes, um, held")."""
        said = []
        for raw, word in words(text, marks=True):
            if word in HESITATIONS:
                continue
            parts = None if self._known(word) else split_german(word)
            if parts and len(parts) > 1:
                said.extend((raw if i == 0 else "", part) for i, part in enumerate(parts))
            else:
                said.append((raw, word))
        return said

    def _known(self, word: str) -> bool:
        return (
            (word,) in self.full
            or word in self.first
            or any((word,) in PHRASES[language] for language in LANGUAGES)
        )

    def _longest(self, folded: list[str], at: int, said) -> tuple[Item | None, int]:
        for length in range(min(self.longest_name, len(folded) - at), 0, -1):
            seats = self.full.get(tuple(folded[at : at + length]))
            if seats is not None:
                return self._player(seats, said, at, at + length), at + length
        if folded[at] in self.first:
            return self._player(self.first[folded[at]], said, at, at + 1), at + 1
        best: tuple[Item | None, int] = (None, at)
        for language in self.languages:
            number = read_number(folded, at, language)
            if number is not None and number[1] > best[1]:
                best = (Item("number", number[0], _text(said, at, number[1])), number[1])
            phrase = self._phrase(folded, at, language)
            if phrase is not None and phrase[1] > best[1]:
                best = (Item("word", phrase[0], _text(said, at, phrase[1])), phrase[1])
            if best[0] is not None:
                return best  # the game's language first: another's words only if it has none
        return best

    @staticmethod
    def _phrase(folded: list[str], at: int, language: str):
        phrases = PHRASES[language]
        for length in range(min(LONGEST[language], len(folded) - at), 0, -1):
            meanings = phrases.get(tuple(folded[at : at + length]))
            if meanings is not None:
                return meanings, at + length
        return None

    @staticmethod
    def _player(seats: set[int], said, start: int, end: int) -> Item:
        text = _text(said, start, end)
        if len(seats) > 1:
            return Item("stranger", text, text)  # a name two players share: neither
        return Item("player", next(iter(seats)), text)

    def _misheard(self, word: str, raw: str) -> Item:
        """A name said another way: declined (Polish "Kasi", "Pawła", "Kubie"), or one
        letter off (two for names of seven or more), when exactly one name is that close."""
        if len(word) < 3 or DIGITS.fullmatch(word):
            return Item("unclear", raw, raw)
        firsts = [(name[0], seats) for name, seats in self.full.items()]
        if self.language == "pl":
            stem = _stem(word)
            declined = {s for name, seats in firsts if _stem(name) == stem for s in seats}
            if len(declined) == 1:
                return Item("player", declined.pop(), raw)
        close = set()
        for name, seats in firsts:
            most = 2 if len(name) >= 7 else 1
            if distance(word, name, most) <= most:
                close |= seats
        if len(close) == 1:
            return Item("player", close.pop(), raw)
        return Item("stranger" if close else "unclear", raw, raw)


# Polish case endings, longest first: a name's stem is the same in every case.
ENDINGS = ("owi", "iem", "ie", "ia", "em", "om", "a", "i", "y", "e", "u", "o")


def _stem(word: str) -> str:
    for ending in ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 2:
            word = word[: -len(ending)]
            break
    # A vowel that drops in the other cases (Paweł, Pawła).
    return word[:-2] + word[-1] if len(word) >= 4 and word[-2] == "e" else word


def _text(said, start: int, end: int) -> str:
    return " ".join(raw for raw, _ in said[start:end] if raw)


def _joined(found: list[Item]) -> list[Item]:
    """ "minus 6" as the number -6; "deal 5" as a filler, not a score."""
    joined: list[Item] = []
    for item in found:
        previous = joined[-1] if joined else None
        said = previous is not None and previous.kind == "word" and item.kind == "number"
        text = f"{previous.text} {item.text}" if said else ""
        minus = previous is not None and previous.kind == "word" and MINUS in previous.value
        if minus and item.kind == "word" and item.value == (FILLER,):
            continue  # "minus a hundred"
        if said and MINUS in previous.value:
            joined[-1] = Item("number", -item.value, text)
        elif said and DEAL in previous.value:
            joined[-1] = Item("word", (FILLER,), text)
        else:
            joined.append(item)
    return joined
