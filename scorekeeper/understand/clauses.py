"""A line's items grouped by whom they are said of: its structure, not its word order.

Marks (commas, stops, colons) cut a line into segments. In a segment, the names (one,
or several joined by "and": a shared value or flag) are its subjects: the words and
numbers after a name are that name's ("Bob twelve"), and what comes before the first
name is the first name's ("Salió Lucía", "big gin for Kevin"), except in a segment
that opens with a number, whose numbers go with the name after them ("twelve Bob").
A segment with no name goes on with the subject before it ("Priya melded 12, 35 in
hand"). A word that is no player's name, followed by a number or "went out", is a
subject of its own (``UNKNOWN``): what is said of it is nobody's, never the player's
named before it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .vocabulary import EVERYONE, REST

UNKNOWN = "UNKNOWN"  # a subject that is no player: an unknown name, or one shared by two


@dataclass
class Tok:
    kind: str  # "player", "number", "word", "named", "unclear", "stranger" or "mark"
    value: Any  # a seat, an int, a meaning, (field, value) for "named", the words
    text: str  # as said
    at: int  # its place in the line


@dataclass
class Clause:
    subject: Any  # frozenset of seats, REST, EVERYONE, UNKNOWN, or None (the whole deal)
    toks: list[Tok]


def clauses(toks: list[Tok], holds_a_player) -> list[Clause]:
    """``toks`` grouped into clauses; ``holds_a_player(tok)``: whether a word says
    something of one player (went out, a flag, a tap), kept for the name after it
    when a line opens with it before any name ("Phase geschafft: Björn und Sören")."""
    found: list[Clause] = []
    current: Clause | None = None
    waiting: list[Tok] = []
    for segment in _segments(toks):
        groups = _subjects(segment)
        if not groups:
            if current is not None:
                current.toks.extend(segment)
            else:
                waiting += [t for t in segment if holds_a_player(t)]
                found.append(Clause(None, [t for t in segment if not holds_a_player(t)]))
            continue
        for clause in _split(segment, groups):
            if waiting and clause.subject not in (UNKNOWN, None):
                clause.toks[:0] = waiting
                waiting = []
            found.append(clause)
        current = found[-1]
    return found


def _segments(toks: list[Tok]) -> list[list[Tok]]:
    """The toks between marks, each segment ending with its mark (numbers and words
    pair only within one)."""
    segments: list[list[Tok]] = [[]]
    for tok in toks:
        segments[-1].append(tok)
        if tok.kind == "mark":
            segments.append([])
    return [segment for segment in segments if segment]


def _subjects(segment: list[Tok]) -> list[tuple[int, int, Any]]:
    """(start, end, subject) of each subject in ``segment``: names side by side
    ("Jürgen und Uwe": "und" is a filler, dropped) make one subject of several seats."""
    groups: list[tuple[int, int, Any]] = []
    for index in range(len(segment)):
        subject = _subject(segment, index)
        if subject is None:
            continue
        if groups and groups[-1][1] == index and isinstance(subject, frozenset):
            start, _end, before = groups[-1]
            if isinstance(before, frozenset):
                groups[-1] = (start, index + 1, before | subject)
                continue
        groups.append((index, index + 1, subject))
    return groups


def _subject(segment: list[Tok], index: int) -> Any:
    tok = segment[index]
    if tok.kind == "player":
        return frozenset({tok.value})
    if tok.kind == "word" and tok.value in (REST, EVERYONE):
        return tok.value
    if tok.kind == "stranger":
        return UNKNOWN
    if tok.kind != "unclear":
        return None
    # An unknown word said as a name is: right before a number or "went out", and not
    # right after a name (where it is what the name did: "Zosia ugrała sto").
    before = segment[index - 1] if index else None
    after = segment[index + 1] if index + 1 < len(segment) else None
    said_of = after is not None and (
        after.kind in ("number", "named") or (after.kind == "word" and after.value == "OUT")
    )
    after_name = before is not None and before.kind in ("player", "unclear", "stranger")
    return UNKNOWN if said_of and not after_name else None


def _split(segment: list[Tok], groups: list[tuple[int, int, Any]]) -> list[Clause]:
    leading = segment[: groups[0][0]]
    number_first = any(t.kind in ("number", "named") for t in leading)
    split: list[Clause] = []
    for k, (start, end, subject) in enumerate(groups):
        following = groups[k + 1][0] if k + 1 < len(groups) else len(segment)
        if number_first:
            begin = groups[k - 1][1] if k else 0
            mine = segment[begin:start]
            if k + 1 == len(groups):
                mine += segment[end:]
        else:
            mine = (leading if k == 0 else []) + segment[end:following]
        split.append(Clause(subject, mine))
    return split
