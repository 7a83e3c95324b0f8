"""From clauses to the entry: each value bound to its player and field, or left empty
with the reason.

In a clause, a number and the field word beside it make a pair ("melded 40", "35 in
hand", "two naturals"), whichever comes first; a number beside two field words goes
to the one no other number needs. Numbers with no field word are the clause's bare
numbers: the game's one value field takes them (two of them are two values, left
empty), a meld game's two value fields take two in order, and one alone is left
empty. A correction word between two values for one path keeps the later; two values
without one leave the path empty. "Everyone else" fills, last, whoever takes part and
has no value yet in that field. The core then checks the entry as the next deal, and
whatever it refuses is emptied with its reason.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.scoring.messages import message

from .clauses import Clause, Tok
from .fields import Fields
from .text import words
from .vocabulary import CORRECT, EVERYONE, GIN, NOBODY, OR, OUT, PHRASES, REST

_TWICE = object()


class Filler:
    def __init__(self, fields: Fields, result, toks: list[Tok]):
        self.fields = fields
        self.result = result
        self.heard: dict[str, tuple[Any, int]] = {}  # path -> (value, where said)
        self.said: dict[str, str] = {}  # path -> the words it was heard from
        self.corrections = [t.at for t in toks if t.kind == "word" and t.value == CORRECT]
        self.bare: list[tuple[frozenset, list[list[Tok]]]] = []
        self.rest: list[tuple[str, Any, Tok]] = []  # "everyone else": (path name, value)

    # ------------------------------------------------------------ clauses

    def clause(self, clause: Clause) -> None:
        subject, toks = clause.subject, self._cards(clause.toks)
        pairs, bare = _pairs(toks, self.fields)
        for tok in toks:
            if tok.kind == "word":
                self._word(subject, tok)
            elif tok.kind == "named":
                name, value = tok.value
                self._value(subject, name, value, tok)
        for index in sorted(pairs):  # in the order said: a correction keeps the later
            self._value(subject, pairs[index], toks[index].value, toks[index])
        if not bare:
            return
        if isinstance(subject, frozenset):
            self.bare.append((subject, bare))
        elif subject == REST and len(self.fields.plain) == 1:
            for group in bare:
                for tok in group:
                    self.rest.append((self.fields.plain[0], tok.value, tok))
        else:
            self.result.unclear.extend(tok.text for group in bare for tok in group)

    def _cards(self, toks: list[Tok]) -> list[Tok]:
        """A rank or card said for a rank or card field ("sevens wild", "upcard seven of
        spades", "die Herz-Zehn"): heard, and its words taken out of the clause."""
        kinds = self.fields.kinds
        taken: set[int] = set()
        for index, tok in enumerate(toks):
            if tok.kind != "word" or kinds.get(tok.value) not in ("rank", "card"):
                continue
            if kinds[tok.value] == "rank":
                near = [i for i in (index - 1, index + 1) if _said(toks, i, "rank.")]
                if near:
                    rank = toks[near[0]].value.partition(".")[2]
                    self._hear(tok.value, rank, tok)
                    taken |= {index, near[0]}
                continue
            card = _card(toks, index)
            if card is not None:
                self._hear(tok.value, card[0], tok)
                taken |= {index, *card[1]}
        return [tok for index, tok in enumerate(toks) if index not in taken]

    def _seats(self, subject: Any) -> list[int]:
        if isinstance(subject, frozenset):
            return sorted(subject)
        if subject == EVERYONE:
            players = self.fields.players
            return [players.index(p) for p in self.fields.taking_part]
        return []

    def _word(self, subject: Any, tok: Tok) -> None:
        fields, meaning = self.fields, tok.value
        name, _, choice = meaning.partition(".")
        if meaning == NOBODY:
            if fields.void is not None:
                self._hear(fields.void, True, tok)
            elif fields.player is not None and fields.allows_nobody:
                self._hear(fields.player, None, tok)
            return
        if subject == REST:
            kind = fields.kinds.get(name)
            if kind == "bool_per_player":
                self.rest.append((name, choice != "no", tok))
            elif kind in ("players", "choice_per_player"):
                self.rest.append((name, choice or True, tok))
            return
        seats = self._seats(subject)
        kind = fields.kinds.get(name)
        if meaning in (OUT, GIN) or kind == "bool":
            self._went_out(subject, meaning, tok)
        if kind == "bool":
            self._hear(name, True, tok)
        for seat in seats:
            player = fields.players[seat]
            if kind == "players":
                self.heard.setdefault(f"{name}.{player}", (True, tok.at))
            elif kind == "choice_per_player":
                self._hear(f"{name}.{player}", choice, tok)
            elif kind == "bool_per_player":
                self._hear(f"{name}.{player}", choice != "no", tok)

    def _went_out(self, subject: Any, meaning: str, tok: Tok) -> None:
        """Went out, or a flag only whoever went out can have: names them as out."""
        fields = self.fields
        if not isinstance(subject, frozenset) or len(subject) != 1:
            return
        (seat,) = subject
        player = fields.players[seat]
        if fields.player is not None:
            self._hear(fields.player, player, tok)
        # Gin: the knocker's own deadwood is 0.
        gin = meaning == GIN or meaning in fields.empties_hand
        if gin and "knocker" in fields.by_name and fields.plain:
            self._hear(f"{fields.plain[0]}.{player}", 0, tok)

    def _value(self, subject: Any, name: str, value: int, tok: Tok) -> None:
        if subject == REST:
            self.rest.append((name, value, tok))
            return
        seats = self._seats(subject)
        if not seats:
            self.result.unclear.append(tok.text)
        for seat in seats:
            self._number(f"{name}.{self.fields.players[seat]}", name, value, tok)

    def _number(self, path: str, name: str, value: int, tok: Tok) -> None:
        problem = self.fields.problem(name, value)
        if problem is not None:
            self.result.reasons[path] = problem
            self.heard[path] = (_TWICE, tok.at)
            return
        self._hear(path, value, tok)

    def _hear(self, path: str, value: Any, tok: Tok) -> None:
        if path in self.heard:
            before, at = self.heard[path]
            if before is _TWICE or before == value:
                return
            if not any(at < c < tok.at for c in self.corrections):
                self.heard[path] = (_TWICE, tok.at)
                self.result.reasons[path] = message("heard two different values: left empty")
                return
            self.result.reasons.pop(path, None)
        self.heard[path] = (value, tok.at)
        self.said[path] = tok.text

    # ------------------------------------------------------------ the end

    def finish(self) -> None:
        for seats, groups in self.bare:
            for seat in sorted(seats):
                self._bare(seat, groups)
        self._rest()
        self._entry()
        self._checked()

    def _out(self) -> str | None:
        player = self.fields.player
        value = self.heard.get(player, (None, 0))[0] if player else None
        return value if isinstance(value, str) else None

    def _bare(self, seat: int, groups: list[list[Tok]]) -> None:
        fields = self.fields
        player = fields.players[seat]
        plain = list(fields.plain)
        if len(plain) > 1 and self._out() == player:
            plain = plain[:1]  # whoever went out has melds and no hand
        if len(plain) == 1:
            for group in groups:
                for tok in group:
                    self._number(f"{plain[0]}.{player}", plain[0], tok.value, tok)
            return
        if plain and len(groups) == len(plain) and all(len(g) == 1 for g in groups):
            for name, (tok,) in zip(plain, groups, strict=True):
                self._number(f"{name}.{player}", name, tok.value, tok)
            return
        self.result.unclear.extend(tok.text for group in groups for tok in group)
        for name in plain:
            path = f"{name}.{player}"
            if path not in self.heard:
                self.result.reasons[path] = message(
                    "say which number is which: %(fields)s", fields=", ".join(plain)
                )

    def _rest(self) -> None:
        """ "Everyone else": whoever takes part, is not out and has nothing in the field."""
        out = self._out()
        for name, value, tok in self.rest:
            for player in self.fields.taking_part:
                path = f"{name}.{player}"
                if player == out or path in self.heard or path in self.result.reasons:
                    continue
                if isinstance(value, int) and not isinstance(value, bool):
                    self._number(path, name, value, tok)
                elif self.fields.kinds.get(name) == "players":
                    self.heard[path] = (True, tok.at)
                else:
                    self._hear(path, value, tok)

    def _entry(self) -> None:
        entry = self.result.entry
        fields = self.fields
        players = fields.players
        for path, (value, _at) in self.heard.items():
            if value is _TWICE:
                continue
            name, _, player = path.partition(".")
            kind = fields.kinds[name]
            if kind == "players":
                entry.setdefault(name, []).append(player)
            elif player:
                entry.setdefault(name, {})[player] = value
            else:
                entry[name] = value
        out = self._out()
        for name, field in fields.by_name.items():
            # Whoever went out is one of them (Phase 10: going out lays the phase down).
            if field.kind == "players" and field.includes_out and out is not None:
                chosen = entry.setdefault(name, [])
                if out not in chosen:
                    chosen.append(out)
        for value in entry.values():
            if isinstance(value, list):
                value.sort(key=players.index)
        self.result.said = {p: self.said[p] for p in self.said if _has(entry, p)}

    def _checked(self) -> None:
        """Empty whatever the core refuses for the next deal, with its reason."""
        entry = self.result.entry
        for _ in range(3):  # a value emptied may be why another was refused: again
            errors = self.fields.refusals(entry)
            refused = [path for path in errors if _has(entry, path)]
            if not refused:
                return
            for path in refused:
                _drop(entry, path)
                self.result.reasons[path] = errors[path]
                self.result.said.pop(path, None)


def _said(toks: list[Tok], index: int, prefix: str) -> bool:
    return (
        0 <= index < len(toks)
        and toks[index].kind == "word"
        and toks[index].value.startswith(prefix)
    )


def _card(toks: list[Tok], start: int) -> tuple[str, tuple[int, int]] | None:
    """The card said after a card field's word, before the next mark: a rank (a number
    from 2 to 10, or a face) and a suit in either order."""
    rank = suit = None
    for index in range(start + 1, len(toks)):
        tok = toks[index]
        if tok.kind == "mark":
            break
        if tok.kind == "number" and 2 <= tok.value <= 10 and rank is None:
            rank = (str(tok.value), index)
        elif _said(toks, index, "face.") and rank is None:
            rank = (tok.value.partition(".")[2], index)
        elif _said(toks, index, "suit.") and suit is None:
            suit = (tok.value.partition(".")[2], index)
    if rank is None or suit is None:
        return None
    return rank[0] + suit[0], (rank[1], suit[1])


def _around(toks: list[Tok], i: int, fields: Fields) -> str | None:
    """The count whose phrase stands around number ``i`` (Hindi "हाथ में एक लाल तीन":
    one red three held), or None."""
    if not (0 < i < len(toks) - 1 and toks[i - 1].kind == toks[i + 1].kind == "word"):
        return None
    key = tuple(w for _, w in words(f"{toks[i - 1].text} {toks[i + 1].text}"))
    for phrases in PHRASES.values():
        for meaning in phrases.get(key, ()):
            if meaning in fields.counts and meaning in fields.per_player:
                return meaning
    return None


def _has(entry: dict, path: str) -> bool:
    name, _, player = path.partition(".")
    if not player:
        return name in entry
    value = entry.get(name)
    return isinstance(value, dict) and player in value


def _drop(entry: dict, path: str) -> None:
    name, _, player = path.partition(".")
    if not player:
        entry.pop(name, None)
        return
    entry[name].pop(player, None)
    if not entry[name]:
        del entry[name]


def _pairs(toks: list[Tok], fields: Fields) -> tuple[dict[int, str], list[list[Tok]]]:
    """Each number's field where a field word stands beside it, and the bare numbers
    (grouped where "or" joins two: two values, neither chosen)."""
    numbers = [i for i, t in enumerate(toks) if t.kind == "number"]

    def field_at(index: int) -> str | None:
        if 0 <= index < len(toks) and toks[index].kind == "word":
            name = toks[index].value
            return name if name in fields.per_player else None
        return None

    near = {i: [j for j in (i - 1, i + 1) if field_at(j)] for i in numbers}
    taken: dict[int, int] = {}  # number -> word index
    used: set[int] = set()
    pairs: dict[int, str] = {}
    for i in numbers:  # words around the number that are one field's phrase
        around = _around(toks, i, fields)
        if around is not None:
            pairs[i] = around
            used |= {i - 1, i + 1}
    changed = True
    while changed:  # a number with one word free beside it takes it
        changed = False
        for i in numbers:
            free = [j for j in near[i] if j not in used]
            if i not in taken and i not in pairs and len(free) == 1:
                taken[i] = free[0]
                used.add(free[0])
                changed = True
    for i in numbers:  # beside two free words: a value's word before it, a count's after
        free = [j for j in near[i] if j not in used]
        if i not in taken and i not in pairs and free:
            left = [j for j in free if j < i and toks[j].value not in fields.counts]
            right = [j for j in free if j > i and toks[j].value in fields.counts]
            taken[i] = (left or right or free)[0]
            used.add(taken[i])
    pairs |= {i: toks[j].value for i, j in taken.items()}
    bare: list[list[Tok]] = []
    for i in numbers:
        joined = i >= 2 and toks[i - 1].kind == "word" and toks[i - 1].value == OR
        if joined and toks[i - 2].kind == "number":
            other = i - 2
            if other in pairs and i not in pairs:
                pairs[i] = pairs[other]
            elif i in pairs and other not in pairs:
                pairs[other] = pairs[i]
                bare = [g for g in bare if toks[other] not in g]
            elif other not in pairs and i not in pairs and bare:
                bare[-1].append(toks[i])
                continue
        if i not in pairs:
            bare.append([toks[i]])
    return pairs, bare
