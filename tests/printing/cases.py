"""Sheets and pads at real-world sizes: played games for any variant or preset, and
the names people really have (long, accented, several words, one long word)."""

from __future__ import annotations

from scorekeeper.scoring import ScoringError, derive, get_variant, make_setup
from tests.plays import LONG as MORE_LONG_NAMES
from tests.printing.support import game_view

# 40 characters each, accented, in several words: what a league's sign-up sheet holds.
LONG_NAMES = [
    "Zoë Ångström-Bartholomew de la Fuente Rí",
    "Maria Fernanda Élisabeth Schmidt-Østergå",
    "Christopher Alexander Petrov-Łukasiewicz",
    "Bartholomew Ñúñez Jørgensen-Mäkeläinen I",
    "Élisabeth Schmidt Françoise Dœrflinger I",
    "Søren Kierkegaard-Åberg Ólafsdóttir Jr I",
    "Anne-Marie Çelik Grünewald-Weiß Štěpánek",
    "Jean-Baptiste Ørsted-Müller Ådalsvägen I",
]
# Twenty 40-character accented names: a free pad at its largest table.
TWENTY_NAMES = [
    *LONG_NAMES,
    *MORE_LONG_NAMES,
    "Ingrid Þórunn Sæmundsdóttir-Vázquez Ölçü",
    "Leopold Ämilian Castañeda-Wróblewski Jr.",
    "Dagný Åsa Christensen-Müller Quiñones IV",
    "Radosław Żabiński-Gonçalves da Conceição",
]
assert len(set(TWENTY_NAMES)) == 20 and {len(name) for name in TWENTY_NAMES} == {40}

SHORT_NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
# Names that broke mid-word in narrow columns before.
ORDINARY_NAMES = ["Maria Fernanda", "Christopher", "Alexander Petrov", "Elisabeth Schmidt"]


def _entry(setup, number: int) -> dict:
    names = setup.players
    out = names[number % len(names)]
    if setup.variant == "gin":
        other = names[(number + 1) % 2]
        entry = {"knocker": out, "hands": {out: number % 2 * 5, other: 10 + number % 4 * 5}}
        if setup.options.get("knock_card"):
            entry["upcard"] = "10H"
        return entry
    entry = {"out": out, "hands": {n: (number + s) % 4 * 5 + 5 for s, n in enumerate(names)}}
    del entry["hands"][out]
    if any(field.name == "melds" for field in get_variant(setup.variant).entry_fields):
        entry["melds"] = {n: (number * s) % 4 * 5 for s, n in enumerate(names)}
    return entry


def played(deals: int, *, players, stakes=None, title=None, deal=_entry, **setup):
    """A game of ``deals`` deals (fewer if it ends sooner), as a table would enter it;
    ``deal(setup, number)`` makes each deal's entry."""
    game_setup = make_setup(players=players, **setup)
    entries: list[dict] = []
    for number in range(1, deals + 1):
        entry = deal(game_setup, number)
        try:
            state = derive(game_setup, [*entries, entry])
        except ScoringError:
            break
        entries.append(entry)
        if state.finished:
            break
    return game_view(entries, players=players, stakes=stakes, title=title, **setup)
