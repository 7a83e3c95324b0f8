"""Say the deal: one line of words ("Ann out, Bob twelve, Cy thirty-five") to an entry.

Pure, as the scoring core is: it reads the game's own players and the variant's entry
fields, fills only what it heard plainly, and leaves the rest empty with the words it
could not place and the reason for each field left empty. It never guesses a number;
the form (or the API's deal route) then checks the entry as always. docs/voice.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.scoring import Setup
from scorekeeper.scoring.messages import Message

from .clauses import Tok, clauses
from .fields import Fields
from .filling import Filler
from .readback import read_back
from .reading import Item, Reader
from .vocabulary import FILLER, GIN, LANGUAGES, OUT, for_phones, gather

__all__ = [
    "LANGUAGES",
    "Understood",
    "for_phones",
    "game_for_phones",
    "name_like",
    "read_back",
    "understand",
]


@dataclass
class Understood:
    entry: dict[str, Any] = field(default_factory=dict)
    unclear: list[str] = field(default_factory=list)  # the words it could not place
    reasons: dict[str, Message] = field(default_factory=dict)  # field path -> why empty
    said: dict[str, str] = field(default_factory=dict)  # path filled -> the words heard


def game_for_phones(
    setup: Setup,
    before: Sequence[Mapping[str, Any]] = (),
    aliases: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    """What the page's own reader (static/reader.js) needs of one game's next deal to read
    a line where there is no signal: the names (spoken names among them), and the fields
    as ``Fields`` sorts them."""
    fields = Fields(setup, before)
    return {
        "names": _names(setup, aliases),
        "aliases": dict(aliases or {}),
        "people": list(setup.seats or setup.players),
        "players": list(fields.players),
        "kinds": dict(fields.kinds),
        "player": fields.player,
        "counts": sorted(fields.counts),
        "plain": fields.plain,
        "bounds": {name: list(bound) for name, bound in fields.bounds.items()},
        "nobody": fields.allows_nobody,
        "void": fields.void,
        "emptiesHand": fields.empties_hand,
        "named": {word: list(value) for word, value in fields.named.items()},
        "takingPart": fields.taking_part,
        "includesOut": [name for name, f in fields.by_name.items() if f.includes_out],
    }


def name_like(word: str) -> bool:
    """Whether a word left unplaced may be a name the table uses (a nickname): it starts
    with a capital, as speech recognisers write names, or with a letter of a script
    without case (Devanagari). static/say.js's nameLike is the same."""
    first = word[:1]
    return first.isalpha() and not first.islower()


def _names(setup: Setup, aliases: Mapping[str, str] | None = None) -> list[tuple[str, int]]:
    """(name, seat): the players, a partnership game's seated people as their side, and
    the spoken names (``aliases``: a word the table says -> the player's or person's
    name) as whoever they stand for; an alias of no one here is left out."""
    names = [(name, seat) for seat, name in enumerate(setup.players)]
    if setup.seats:
        names += [(person, i % len(setup.players)) for i, person in enumerate(setup.seats)]
    seats = dict(names)
    names += [
        (alias, seats[name]) for alias, name in (aliases or {}).items() if name in seats and alias
    ]
    return names


def understand(
    setup: Setup,
    text: str,
    language: str | None = None,
    before: Sequence[Mapping[str, Any]] = (),
    aliases: Mapping[str, str] | None = None,
) -> Understood:
    """The entry ``text`` describes for the next deal of the game ``setup`` sets up,
    after the deals ``before`` (their entries, in order), the players also known by
    the spoken names ``aliases`` (word said -> player's name)."""
    gather()  # a game registered since the words were gathered brings its own
    fields = Fields(setup, before)
    language = language if language in LANGUAGES else "en"
    items = Reader(_names(setup, aliases), language).items(text[:2000])
    result = Understood()
    toks = _toks(items, fields, result)
    filler = Filler(fields, result, toks)
    for clause in clauses(toks, lambda tok: _holds_a_player(fields, tok)):
        filler.clause(clause)
    filler.finish()
    return result


def _toks(items: list[Item], fields: Fields, result: Understood) -> list[Tok]:
    """The items as the clauses take them: fillers dropped, words read as this game's."""
    toks = []
    for at, item in enumerate(items):
        kind, value = item.kind, item.value
        if kind == "word":
            meaning = fields.meaning(item.value)
            if meaning == FILLER:
                continue
            if meaning is None:
                kind, value = "unclear", item.text
            elif meaning in fields.named:
                kind, value = "named", fields.named[meaning]
            else:
                value = meaning
        if kind in ("unclear", "stranger"):
            result.unclear.append(item.text)
        toks.append(Tok(kind, value, item.text, at))
    return toks


def _holds_a_player(fields: Fields, tok: Tok) -> bool:
    """Whether a word says something of one player (went out, a flag, a tap)."""
    if tok.kind != "word":
        return False
    name = tok.value.split(".")[0]
    kind = fields.kinds.get(name)
    return tok.value in (OUT, GIN) or kind in ("bool", "players", "choice_per_player")
