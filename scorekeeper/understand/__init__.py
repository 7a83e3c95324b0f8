"""Say the deal: one line of words ("Ann out, Bob twelve, Cy thirty-five") to an entry.

Pure, as the scoring core is: it reads the game's own players and the variant's entry
fields, fills only what it heard plainly, and leaves the rest empty with the words it
could not place and the reason for each field left empty. It never guesses a number;
the form (or the API's deal route) then checks the entry as always. docs/voice.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.scoring import Setup, get_variant
from scorekeeper.scoring.messages import Message, message

from .reading import Item, Reader
from .vocabulary import DEAL, FILLER, GIN, LANGUAGES, NOBODY, OUT, WORDS, for_phones

__all__ = ["LANGUAGES", "Understood", "for_phones", "game_for_phones", "read_back", "understand"]


@dataclass
class Understood:
    entry: dict[str, Any] = field(default_factory=dict)
    unclear: list[str] = field(default_factory=list)  # the words it could not place
    reasons: dict[str, Message] = field(default_factory=dict)  # field path -> why empty


class _Fields:
    """The entry fields this game takes, sorted by what a spoken word can fill."""

    def __init__(self, setup: Setup):
        game = get_variant(setup.variant)(setup)
        self.players = game.players
        self.bounds = game.reader.bounds
        taken = game.reader.fields
        self.by_name = {f.name: f for f in taken}
        self.player = next((f.name for f in taken if f.kind == "player"), None)
        counts = set(getattr(game, "counts", ()))
        self.counts = counts
        per_player = [f for f in taken if f.kind == "per_player"]
        # What a bare number fills, in order: the values, not counts or optional extras.
        self.plain = [f.name for f in per_player if f.name not in counts and f.option is None]
        self.per_player = {f.name for f in per_player}
        self.bools = {f.name for f in taken if f.kind == "bool"}
        self.negative = bool(getattr(game, "signed_fields", ()))
        self.allows_nobody = game.allows_nobody_out

    def meaning(self, meanings: tuple[str, ...]) -> str | None:
        """The first of a phrase's meanings that this game has a use for."""
        for meaning in meanings:
            name = meaning.split(".")[0]
            if meaning == DEAL:
                return FILLER
            if meaning in (OUT, GIN, NOBODY, FILLER) or name in self.by_name:
                return meaning
        return None


def game_for_phones(setup: Setup) -> dict[str, Any]:
    """What the page's own reader (static/say.js) needs of one game to read a line
    where there is no signal: the names, and the fields sorted as ``_Fields`` sorts them."""
    fields = _Fields(setup)
    return {
        "names": _names(setup),
        "players": list(fields.players),
        "kinds": {name: f.kind for name, f in fields.by_name.items()},
        "player": fields.player,
        "counts": sorted(fields.counts),
        "plain": fields.plain,
        "bounds": {name: list(bound) for name, bound in fields.bounds.items()},
        "negative": fields.negative,
        "nobody": fields.allows_nobody,
    }


def _names(setup: Setup) -> list[tuple[str, int]]:
    """(name, seat): the players, and a partnership game's seated people as their side."""
    names = [(name, seat) for seat, name in enumerate(setup.players)]
    if setup.seats:
        names += [(person, i % len(setup.players)) for i, person in enumerate(setup.seats)]
    return names


def understand(setup: Setup, text: str, language: str | None = None) -> Understood:
    """The entry ``text`` describes for the next deal of the game ``setup`` sets up."""
    fields = _Fields(setup)
    language = language if language in LANGUAGES else "en"
    items = Reader(_names(setup), language).items(text[:2000])
    result = Understood()
    _Filler(fields, result).fill(items)
    return result


class _Filler:
    def __init__(self, fields: _Fields, result: Understood):
        self.fields = fields
        self.result = result
        self.heard: dict[str, Any] = {}  # path -> value; None where heard twice
        self.numbers_heard = 0

    def fill(self, items: list[Item]) -> None:
        for seat, clause in _clauses(items):
            self._clause(seat, clause)
        self._entry()

    def _clause(self, seat: int | None, clause: list[Item]) -> None:
        fields = self.fields
        meant: list[tuple[int, str]] = []
        for index, item in enumerate(clause):
            if item.kind == "unclear":
                self.result.unclear.append(item.text)
            elif item.kind == "word":
                meaning = fields.meaning(item.value)
                if meaning is None:
                    self.result.unclear.append(item.text)
                elif meaning != FILLER:
                    meant.append((index, meaning))
        numbers = {i for i, item in enumerate(clause) if item.kind == "number"}
        bound: set[int] = set()
        for index, meaning in meant:
            self._meaning(seat, meaning, clause, numbers, bound, index)
        self._bare_numbers(seat, [clause[i] for i in sorted(numbers - bound)])

    def _meaning(self, seat, meaning, clause, numbers, bound, index) -> None:
        fields = self.fields
        name = meaning.split(".")[0]
        if meaning == NOBODY:
            if "void" in fields.by_name:
                self._hear("void", True)
            elif fields.player is not None and fields.allows_nobody:
                self._hear(fields.player, None)
            return
        if name in fields.per_player:
            before, after = index - 1, index + 1
            order = (before, after) if name in fields.counts else (after, before)
            for at in order:
                if at in numbers and at not in bound:
                    bound.add(at)
                    self._number(seat, name, clause[at])
                    return
            return
        if seat is None:
            if fields.by_name.get(name) is not None and fields.by_name[name].kind == "bool":
                self._hear(name, True)
            return
        player = fields.players[seat]
        if meaning in (OUT, GIN) or name == "big_gin":
            if fields.player is not None:
                self._hear(fields.player, player)
            if meaning != OUT and "knocker" in fields.by_name and fields.plain:
                self.heard.setdefault(f"{fields.plain[0]}.{player}", 0)
        kind = fields.by_name[name].kind if name in fields.by_name else None
        if kind == "bool":
            self._hear(name, True)
        elif kind == "players":
            self.heard[f"{name}.{player}"] = True
        elif kind == "choice_per_player":
            self._hear(f"{name}.{player}", meaning.split(".", 1)[1])

    def _bare_numbers(self, seat: int | None, numbers: list[Item]) -> None:
        if not numbers:
            return
        plain = self.fields.plain
        if seat is None or not plain:
            self.result.unclear.extend(item.text for item in numbers)
            return
        player = self.fields.players[seat]
        if len(plain) == 1 or len(numbers) == len(plain):
            for name, item in zip(plain, numbers, strict=False):
                self._number(seat, name, item)
            self.result.unclear.extend(item.text for item in numbers[len(plain) :])
            return
        self.result.unclear.extend(item.text for item in numbers)
        self.result.reasons[f"{plain[0]}.{player}"] = message(
            "say which number is which: %(fields)s", fields=", ".join(plain)
        )

    def _number(self, seat: int | None, name: str, item: Item) -> None:
        if seat is None:
            self.result.unclear.append(item.text)
            return
        path = f"{name}.{self.fields.players[seat]}"
        value = item.value
        bound, step = self.fields.bounds.get(name, (None, 1))
        low = -bound if self.fields.negative and bound is not None else 0
        if bound is not None and not low <= value <= bound:
            self.result.reasons[path] = message(
                "%(number)s is more than this field takes (%(bound)s): left empty",
                number=value,
                bound=bound,
            )
            return
        if value % step:
            self.result.reasons[path] = message(
                "%(number)s is not a multiple of %(step)s: left empty", number=value, step=step
            )
            return
        self._hear(path, value)

    def _hear(self, path: str, value: Any) -> None:
        if path in self.heard and self.heard[path] != value:
            self.heard[path] = _TWICE
            self.result.reasons[path] = message("heard two different values: left empty")
        else:
            self.heard[path] = value

    def _entry(self) -> None:
        entry = self.result.entry
        players = self.fields.players
        for path, value in self.heard.items():
            if value is _TWICE:
                continue
            name, _, player = path.partition(".")
            kind = self.fields.by_name[name].kind
            if kind == "players":
                entry.setdefault(name, []).append(player)
            elif player:
                entry.setdefault(name, {})[player] = value
            else:
                entry[name] = value
        for value in entry.values():
            if isinstance(value, list):
                value.sort(key=players.index)


_TWICE = object()


def _clauses(items: list[Item]) -> list[tuple[int | None, list[Item]]]:
    """The items grouped by the player they are said of. Numbers said before names
    ("twelve Bob") go with the name after them, else with the name before them; a
    word goes with the numbers it stands among, else with the name before it."""
    first_player = next((i for i, item in enumerate(items) if item.kind == "player"), None)
    leading = items[:first_player] if first_player is not None else items
    clauses: list[tuple[int | None, list[Item]]] = [(None, [])]
    if not any(item.kind == "number" for item in leading):
        for item in items:
            if item.kind == "player":
                clauses.append((item.value, []))
            else:
                clauses[-1][1].append(item)
        return clauses
    pending: list[Item] = []
    for index, item in enumerate(items):
        if item.kind == "player":
            clauses.append((item.value, pending))
            pending = []
        elif item.kind == "number" or pending or _number_follows(items, index):
            pending.append(item)
        else:
            clauses[-1][1].append(item)
    clauses[0][1].extend(pending)
    return clauses


def _number_follows(items: list[Item], index: int) -> bool:
    following = next((item for item in items[index + 1 :] if item.kind != "word"), None)
    return following is not None and following.kind == "number"


def read_back(setup: Setup, entry: Mapping[str, Any], language: str) -> str:
    """``entry`` said as the app would read it back ("Ann went out; Bob in hand 12")."""
    fields = _Fields(setup)
    words = WORDS[language if language in WORDS else "en"]
    said: list[str] = []
    # Words of the whole deal ("big gin") first, so that no player's clause takes them.
    ordered = sorted(entry.items(), key=lambda item: item[0] not in fields.bools)
    for name, value in ordered:
        field_ = fields.by_name.get(name)
        if field_ is None:
            continue
        if field_.kind == "player":
            said.append(words[NOBODY][0] if value is None else f"{value} {words[OUT][0]}")
        elif field_.kind == "bool" and value:
            said.append(words[NOBODY][0] if name == "void" else words[name][0])
        elif field_.kind == "players":
            said.extend(f"{player} {words[name][0]}" for player in value)
        elif field_.kind == "choice_per_player":
            said.extend(f"{p} {words[f'{name}.{c}'][0]}" for p, c in value.items())
        elif field_.kind == "per_player":
            word = words[name][0]
            for player, number in value.items():
                count = name in fields.counts
                said.append(f"{player} {number} {word}" if count else f"{player} {word} {number}")
    return "; ".join(said)
