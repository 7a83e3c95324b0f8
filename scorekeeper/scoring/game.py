"""A game's setup: variant, resolved options, players, first dealer and stakes."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .cards import JOKER, RANKS, parse_rank
from .entries import Seats
from .errors import ScoringError
from .messages import Message, message
from .registry import get_preset, get_variant
from .variant import Variant

NAME_LENGTH = 40
MOST_SEATS = Variant.max_seats  # people at a partnership game's table (the usual most)


@dataclass(frozen=True)
class Setup:
    variant: str
    preset: str | None
    options: Mapping[str, Any]
    players: tuple[str, ...]
    first_dealer: str
    stakes: Mapping[str, Any] | None = None
    # Partnership games: the individual players in seat order (``players`` are the
    # sides); the dealer passes seat by seat and ``first_dealer`` is a seat.
    seats: tuple[str, ...] | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "preset": self.preset,
            "options": dict(self.options),
            "players": list(self.players),
            "first_dealer": self.first_dealer,
            "stakes": None if self.stakes is None else dict(self.stakes),
            "seats": None if self.seats is None else list(self.seats),
        }

    @classmethod
    def from_dict(cls, data: Any) -> Setup:
        """The setup ``to_dict`` gave, checked again."""
        if not isinstance(data, Mapping):
            raise ScoringError({"setup": message("must be an object")})
        return make_setup(
            variant=data.get("variant"),
            preset=data.get("preset"),
            players=data.get("players"),
            options=data.get("options"),
            first_dealer=data.get("first_dealer"),
            stakes=data.get("stakes"),
            seats=data.get("seats"),
        )


def make_setup(
    *,
    variant: Any = None,
    preset: Any = None,
    players: Any,
    options: Any = None,
    first_dealer: Any = None,
    stakes: Any = None,
    seats: Any = None,
) -> Setup:
    """A checked setup; a preset's options and stakes lie under the caller's."""
    errors: dict[str, str] = {}
    chosen = None
    if preset is not None:
        try:
            chosen = get_preset(preset)
        except ScoringError as error:
            errors.update(error.errors)
    cls: type[Variant] | None = None
    if variant is None and chosen is not None:
        cls = get_variant(chosen.variant)
    elif variant is None:
        if "preset" not in errors:
            errors["variant"] = message("is required, or a preset")
    else:
        try:
            cls = get_variant(variant)
        except ScoringError as error:
            errors.update(error.errors)
        if cls is not None and chosen is not None and chosen.variant != cls.id:
            errors["variant"] = message(
                "must be %(variant)s for the preset %(preset)s",
                variant=chosen.variant,
                preset=chosen.name,
            )
    names = _names(players, cls, errors)
    if cls is None or "players" in errors or "variant" in errors:
        raise ScoringError(errors, message("The game cannot be set up as given."))
    seated = _seats(seats, cls, len(names), errors)
    if chosen is not None and isinstance(options, Mapping | None):
        options = {**chosen.options, **(options or {})}
    resolved, option_errors = cls.resolve_options(options, cls.people_at(len(names), seated))
    errors.update(option_errors)
    dealers = seated or names  # who deals in turn: the seats where there are any
    dealer = dealers[0] if dealers else None
    if first_dealer is not None:
        seat = Seats(dealers).find(first_dealer)
        if seat is None:
            errors["first_dealer"] = (
                message("must be one of the seated players")
                if seated
                else message("must be one of the players")
            )
        else:
            dealer = dealers[seat]
    if chosen is not None and chosen.stakes is not None and isinstance(stakes, Mapping | None):
        stakes = {**chosen.stakes, **(stakes or {})}
    resolved_stakes, stake_errors = cls.resolve_stakes(stakes, resolved)
    errors.update(stake_errors)
    if errors:
        raise ScoringError(errors, message("The game cannot be set up as given."))
    return Setup(
        variant=cls.id,
        preset=None if chosen is None else chosen.name,
        options=resolved,
        players=tuple(names),
        first_dealer=dealer,
        stakes=resolved_stakes,
        seats=seated,
    )


def _count(low: int, high: int) -> Message:
    if low == high:
        return message("exactly %(count)s", count=low)
    return message("%(least)s to %(most)s", least=low, most=high)


def _names(players: Any, cls: type[Variant] | None, errors: dict[str, str]) -> list[str]:
    low, high = (cls.min_players, cls.max_players) if cls is not None else (2, 8)
    if not isinstance(players, list | tuple):
        errors["players"] = message("must be a list of %(count)s names", count=_count(low, high))
        return []
    names = _unique_names(players, "players", errors)
    if not low <= len(players) <= high:
        who = cls.name if cls is not None else message("A game")
        count, given = _count(low, high), len(players)
        if cls is not None and cls.partnership:
            wrong = message(
                "%(variant)s is for %(count)s sides, not %(given)s",
                variant=who,
                count=count,
                given=given,
            )
        else:
            wrong = message(
                "%(variant)s is for %(count)s players, not %(given)s",
                variant=who,
                count=count,
                given=given,
            )
        errors["players"] = wrong
    return names


def _unique_names(given: list | tuple, field: str, errors: dict[str, str]) -> list[str]:
    """The trimmed names; an error for each one empty, too long or given twice."""
    names: list[str] = []
    seen: dict[str, int] = {}
    for index, name in enumerate(given):
        name = name.strip() if isinstance(name, str) else ""
        if not 1 <= len(name) <= NAME_LENGTH:
            errors[f"{field}.{index}"] = message(
                "must be a name of 1 to %(length)s characters", length=NAME_LENGTH
            )
            continue
        # Control characters (NUL above all) cannot be stored or printed.
        if not name.isprintable():
            errors[f"{field}.{index}"] = message("must not contain control characters")
            continue
        folded = name.casefold()
        if folded in seen:
            number = seen[folded] + 1
            if field == "seats":
                twice = message(
                    "%(name)s is already seat %(number)s: names must differ",
                    name=name,
                    number=number,
                )
            else:
                twice = message(
                    "%(name)s is already player %(number)s: names must differ",
                    name=name,
                    number=number,
                )
            errors[f"{field}.{index}"] = twice
            continue
        seen[folded] = index
        names.append(name)
    return names


def _seats(seats: Any, cls: type[Variant], sides: int, errors: dict[str, str]) -> tuple | None:
    """The individual players of a partnership game in seat order (docs/rules.md section 13):
    the same number per side, partners alternating, so seat i plays for side i mod sides."""
    if seats is None or not sides:  # no side is named well enough to seat anyone
        return None
    if not cls.takes_seats():
        errors["seats"] = message(
            "only a partnership game has seats; %(variant)s is played by players", variant=cls.id
        )
        return None
    low, high = cls.seats_per_side
    most = min(high, cls.max_seats // sides)
    if not 2 <= sides <= cls.max_sides or most < low:
        errors["seats"] = message(
            "%(variant)s seats players only for %(count)s sides, not %(given)s",
            variant=cls.name,
            count=_count(2, min(cls.max_sides, cls.max_seats // low)),
            given=sides,
        )
        return None
    counts = _count(low * sides, most * sides) if low < most else str(low * sides)
    wanted = message(
        "%(count)s names: %(per_side)s for each side, partners alternating",
        count=counts,
        per_side=_count(low, most),
    )
    if not isinstance(seats, list | tuple):
        errors["seats"] = message("must be a list of %(wanted)s", wanted=wanted)
        return None
    names = _unique_names(seats, "seats", errors)
    if len(seats) % sides or not low <= len(seats) // sides <= most:
        errors["seats"] = message(
            "must be %(wanted)s, not %(given)s", wanted=wanted, given=len(seats)
        )
    if any(key.startswith("seats") for key in errors):
        return None
    return tuple(names)


def hand_value(setup: Setup, cards: Any, wild: Any = None) -> int:
    """The value of ``cards`` in hand under the setup's options and the deal's wild rank."""
    cls = get_variant(setup.variant)
    if not isinstance(cards, list | tuple):
        raise ScoringError({"cards": message("must be a list of cards")})
    errors: dict[str, str] = {}
    wild_rank = None
    if wild is not None:
        joker = isinstance(wild, str) and wild.strip().casefold() == JOKER.casefold()
        wild_rank = JOKER if joker else parse_rank(wild)
        ranks = cls.wild_ranks(setup.options)
        if wild_rank not in ranks:
            if not ranks:
                errors["wild"] = message("%(variant)s has no wild rank", variant=cls.id)
            elif ranks.issuperset(RANKS):
                errors["wild"] = message("must be a rank: A, 2 to 10, J, Q or K")
            else:
                wilds = ", ".join(rank for rank in RANKS if rank in ranks)
                errors["wild"] = message("must be one of: %(choices)s", choices=wilds)
    total, card_errors = cls.value_table(setup.options).total(cards, wild_rank)
    errors.update(card_errors)
    if errors:
        raise ScoringError(errors, message("The cards cannot be counted."))
    return total
