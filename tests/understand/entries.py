"""Random valid entries of every variant, for the property tests: drawn field by field
from what the variant declares, then checked by the core as the next deal (what it
refuses is dropped, and an entry that is still not whole is drawn again)."""

from __future__ import annotations

from hypothesis import assume
from hypothesis import strategies as st

from scorekeeper.scoring import VARIANTS, ScoringError, get_variant, make_setup, validate_entry

NAMES = ("Ann", "Bob", "Zoë", "Łucja", "अनु", "Fernández-Gutiérrez", "Mary Jo", "Émile Durand")
SIDES = ("Us", "Them", "Wir")
# Fields voice does not read: a card, a rank, a golf grid (the page has pickers for them).
UNREAD = ("card", "rank", "ranks_per_player")


def _players(draw, cls) -> list[str]:
    if cls.partnership:
        return list(SIDES[: draw(st.integers(cls.min_players, min(cls.max_players, 3)))])
    least = max(cls.min_players, 2)
    return list(NAMES[: draw(st.integers(least, min(len(NAMES), cls.max_players)))])


def _value(draw, game, name: str, kind: str) -> int:
    if kind == "signed_per_player":
        least, most = game.reader.bounds[name]
        return draw(st.integers(least, most))
    bound, step = game.reader.bounds[name]
    return draw(st.integers(0, min(bound, 60 * step) // step)) * step


def _field(draw, game, field, players, out) -> object:
    kind = field.kind
    if kind == "bool":
        return True if out is not None and draw(st.booleans()) else None
    if kind == "players":
        if field.for_sitting_out:
            return None
        chosen = draw(st.lists(st.sampled_from(players), unique=True, max_size=len(players)))
        if field.includes_out and out is not None and out not in chosen:
            chosen.append(out)
        return sorted(chosen, key=players.index) or None
    if kind == "choice_per_player":
        choices = st.sampled_from(field.choices)
        return draw(st.dictionaries(st.sampled_from(players), choices)) or None
    if kind == "bool_per_player":
        return draw(st.dictionaries(st.sampled_from(players), st.booleans())) or None
    if kind in ("per_player", "signed_per_player"):
        if field.name in getattr(game, "counts", ()):
            counted = st.sampled_from(players)
            return draw(st.dictionaries(counted, st.integers(0, 2), max_size=len(players))) or None
        return {player: _value(draw, game, field.name, kind) for player in players}
    return None


@st.composite
def games_and_entries(draw, variants=tuple(VARIANTS), whole=True):
    """(setup, entry); ``whole``: only entries the core takes as they are (else also
    what remains of one after the core's refusals, for tests that need no valid deal)."""
    variant = draw(st.sampled_from(variants))
    cls = get_variant(variant)
    players = _players(draw, cls)
    setup = make_setup(variant=variant, players=players)
    game = cls(setup)
    entry: dict = {}
    fields = [f for f in game.reader.fields if f.kind not in UNREAD]
    player_field = next((f.name for f in fields if f.kind == "player"), None)
    out = None
    if player_field is not None:
        who = st.sampled_from(players)
        if game.allows_nobody_out and "void" not in game.reader.allowed:
            who = st.one_of(who, st.none())
        out = draw(who)
        entry[player_field] = out
    for field in fields:
        if field.kind != "player" and field.name != "void":
            value = _field(draw, game, field, players, out)
            if value is not None:
                entry[field.name] = value
    return setup, _valid(setup, entry, whole)


def _valid(setup, entry: dict, whole: bool) -> dict:
    """``entry`` less whatever the core refuses in it; not valid at all: drawn again."""
    for _ in range(4):
        try:
            return validate_entry(setup, [], entry)
        except ScoringError as error:
            for path in error.errors:
                name, _, player = path.partition(".")
                value = entry.get(name)
                if player and isinstance(value, dict):
                    value.pop(player, None)
                    if not value:
                        del entry[name]
                elif not player and name in entry and name not in ("out", "knocker"):
                    del entry[name]
    assume(not whole)
    return entry
