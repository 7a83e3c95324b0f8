"""Who sits where, as printed: full names where they fit, short tags where they don't.

A name is never broken inside a word. Narrow columns (the dealer, who went out)
print every player's tag (initials, or seat numbers where initials repeat) unless
every name fits; a player's column heading prints the name when its longest word
fits the column, else the tag. The header's seat list is the legend: every seat
with its full name and tag.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

# DejaVu Sans averages about 0.62 em a character over names (capitals, accents);
# estimates round towards "does not fit", so a name that is printed fits.
CHAR_EM = 0.62
PT_MM = 25.4 / 72
TAG_LETTERS = 3
# The most letters of a first word a tag takes to tell shared initials apart.
SHARED_LETTERS = 5


@dataclass(frozen=True)
class Seat:
    number: int
    name: str  # "" for a seat to write a name in
    tag: str  # initials or the seat number: what narrow columns print
    heading: str  # the player's column heading: the name, or the tag when a word won't fit


def text_mm(text: str, size_pt: float) -> float:
    """About how wide ``text`` prints in DejaVu Sans at ``size_pt``, in millimetres."""
    return len(text) * CHAR_EM * size_pt * PT_MM


HEADING_LINES = 2  # a heading taller than this costs the grid a row


def fits(name: str, width_mm: float, size_pt: float, lines: int = HEADING_LINES) -> bool:
    """Whether ``name`` fits ``width_mm`` in at most ``lines`` lines, wrapping only
    between words (at spaces and after hyphens)."""
    words = name.replace("-", "- ").split()
    if any(text_mm(word, size_pt) > width_mm for word in words):
        return False
    used, line = 1, ""
    for word in words:
        joined = f"{line}{'' if line.endswith('-') or not line else ' '}{word}"
        if line and text_mm(joined, size_pt) > width_mm:
            used, line = used + 1, word
        else:
            line = joined
    return used <= lines


def _words(name: str) -> list[str]:
    # A word's letters with their combining marks: Devanagari's vowel signs are not
    # letters to Python's \w, and a word must not split at them (अनीता शर्मा is अश).
    return "".join(
        char if char.isalnum() or unicodedata.category(char).startswith("M") else " "
        for char in name
    ).split()


def initials(name: str, letters: int = 1) -> str:
    """ "Maria Fernanda" as "MF", "Christopher" as "Chr", a short name ("NS", "Us") as
    itself; "" when the name has no letters. ``letters`` of the first word where
    initials alone are shared ("Maria Fernanda" and "Mario Fuentes": "MarF", "MarioF")."""
    words = _words(name)
    if len(words) == 1:
        word = words[0]
        return word if len(word) <= TAG_LETTERS else word[: TAG_LETTERS + letters - 1].title()
    first = words[0][:letters].title()
    return first + "".join(word[0] for word in words[1:TAG_LETTERS]).upper()


def seat_tags(names: Sequence[str]) -> tuple[str, ...]:
    """A short tag for each name, all different: initials, with more of the first word
    where initials are shared, then the seat number after them ("ZÅB3") where the
    names begin alike; seat numbers only where a seat has no name to tag."""
    tags = [initials(name) if name else "" for name in names]
    if not all(tags):
        return tuple(str(seat) for seat in range(1, len(names) + 1))
    for letters in range(2, SHARED_LETTERS + 1):
        shared = {tag for tag in tags if tags.count(tag) > 1}
        if not shared:
            return tuple(tags)
        for seat, name in enumerate(names):
            if tags[seat] in shared:
                tags[seat] = initials(name, letters)
    shared = {tag for tag in tags if tags.count(tag) > 1}
    return tuple(
        f"{initials(name)}{seat}" if tag in shared else tag
        for seat, (name, tag) in enumerate(zip(names, tags, strict=True), 1)
    )


def seats(
    names: Sequence[str],
    *,
    column_mm: float,
    size_pt: float,
    tags: Sequence[str] | None = None,
) -> tuple[Seat, ...]:
    """Each name's seat, tag and heading; ``tags`` where they are chosen beside other
    names' (a partnership's sides and its people share one set)."""
    tags = seat_tags(names) if tags is None else tags
    return tuple(
        Seat(
            number=seat,
            name=name,
            tag=tag,
            heading=name if not name or fits(name, column_mm, size_pt) else tag,
        )
        for seat, (name, tag) in enumerate(zip(names, tags, strict=True), 1)
    )


def narrow_labels(chosen: Sequence[Seat], width_mm: float, size_pt: float) -> dict[str, str]:
    """What a narrow column prints for each name: every full name if all fit on one
    line, else every tag (one way for the whole sheet, so a reader learns it once)."""
    whole = all(text_mm(seat.name, size_pt) <= width_mm for seat in chosen)
    return {seat.name: seat.name if whole else seat.tag for seat in chosen}


@dataclass(frozen=True)
class LeadHeads:
    """The deal number's and dealer's column heads as printed: a word wider than its
    column is cut to the letters that fit and a full stop ("Don.", "Roz."), and the key
    under the grid spells it out, so no head breaks inside a word."""

    deal: str
    dealer: str
    key: tuple[str, ...] = ()  # "Roz.: Rozdanie", one a shortened head
    # The narrow columns' heads after them (the wild rank's, a family's lead columns'),
    # shortened alike: es "Comodín" broke "Comod-|ín" over a wild rank's 13 mm.
    marks: tuple[str, ...] = ()


def head_mm(text: str, size_pt: float) -> float:
    """About how wide ``text`` prints as a column's head (DejaVu Sans Bold) at
    ``size_pt``, in millimetres: wider than text_mm's names, rounded up letter by
    letter (de "Summe" measured 11.8 mm at 8 pt, estimated 12.3)."""
    em = sum(WIDE_EM if c in WIDE else CAPITAL_EM if c.isupper() else BOLD_EM for c in text)
    return em * size_pt * PT_MM


# DejaVu Sans Bold: lowercase letters are at most 0.72 em but m and w, capitals at
# most 0.87 em but M and W (es "Comodín" 0.70 em on average, de "Summe" 0.84).
BOLD_EM, CAPITAL_EM, WIDE_EM = 0.72, 0.87, 1.1
WIDE = frozenset("mwMW")


def abbreviated(head: str, width_mm: float, size_pt: float, measure=text_mm) -> str:
    """``head`` where each of its words fits ``width_mm``, else its first word's
    leading letters and a full stop (one letter at the least); ``measure`` a text's
    width (text_mm, or head_mm for a bold head)."""
    if all(measure(word, size_pt) <= width_mm for word in head.replace("-", "- ").split()):
        return head
    word = head.split()[0]
    letters = max(
        [n for n in range(1, len(word)) if measure(word[:n] + ".", size_pt) <= width_mm],
        default=1,
    )
    return word[:letters] + "."


def lead_heads(
    deal: str,
    dealer: str,
    *,
    deal_mm: float,
    dealer_mm: float,
    size_pt: float,
    marks: Sequence[tuple[str, float]] = (),
) -> LeadHeads:
    """The two leading columns' heads for widths ``deal_mm`` and ``dealer_mm`` (inside
    the cell's padding), and each of ``marks``' heads for its width (head, mm), with a
    key to each one shortened."""
    full = (deal, dealer, *(head for head, _ in marks))
    printed = (
        abbreviated(deal, deal_mm, size_pt),
        abbreviated(dealer, dealer_mm, size_pt),
        *(abbreviated(head, width_mm, size_pt, head_mm) for head, width_mm in marks),
    )
    key = tuple(
        f"{short}: {whole}" for short, whole in zip(printed, full, strict=True) if short != whole
    )
    return LeadHeads(printed[0], printed[1], key=key, marks=printed[2:])
