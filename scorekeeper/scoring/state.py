"""Entries in, game state out: everything derived in one pass over the entries."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import Any

from .errors import GameOverError, ScoringError
from .game import Setup
from .messages import message
from .registry import get_variant
from .settlement import settle
from .variant import Deal, Variant


class GameState:
    """The derived state of a game; ``as_dict()`` is the game state of docs/api.md."""

    def __init__(self, game: Variant):
        self._game = game
        setup = self.setup = game.setup
        self.variant = setup.variant
        self.preset = setup.preset
        self.options = game.rules
        self.first_dealer = setup.first_dealer
        self.stakes = setup.stakes
        players = game.players
        self.players = players
        self.higher_wins = game.higher_wins
        self.deals: tuple[Deal, ...] = tuple(game.deals)
        self.totals = dict(zip(players, game.totals, strict=True))
        self.seats = setup.seats
        self.finished = game.finished
        self.ended_early = game.ended_early
        self.split = game.split
        self.winners = [players[seat] for seat in game.winners]
        self.leaders = [players[seat] for seat in game.leaders()]
        self.next_deal = game.next_deal()
        self.press_offer = game.press_offer()
        self.extras = game.extras()
        # gin's figures (None elsewhere)
        self.boxes = self.extras.get("boxes")
        self.final = self.extras.get("final")
        self.margin = self.extras.get("margin")
        self.games = self.extras.get("games")

    @cached_property
    def settlement(self) -> dict[str, Any] | None:
        return settle(self._game)

    @cached_property
    def running_totals(self) -> list[dict[str, int]]:
        """Each player's total after each deal."""
        totals = [0] * len(self.players)
        running = []
        for deal in self.deals:
            totals = [total + points for total, points in zip(totals, deal.by_seat, strict=True)]
            running.append(dict(zip(self.players, totals, strict=True)))
        return running

    def as_dict(self) -> dict[str, Any]:
        return {
            "variant": self.variant,
            "preset": self.preset,
            "options": dict(self.options),
            "players": list(self.players),
            **({} if self.seats is None else {"seats": list(self.seats)}),
            "first_dealer": self.first_dealer,
            "higher_wins": self.higher_wins,
            "stakes": None if self.stakes is None else dict(self.stakes),
            "deals": [deal.as_dict() for deal in self.deals],
            "totals": dict(self.totals),
            "next_deal": None if self.next_deal is None else dict(self.next_deal),
            "press_offer": None if self.press_offer is None else dict(self.press_offer),
            "finished": self.finished,
            "ended_early": self.ended_early,
            **({"split": self.split} if self._game.splittable else {}),
            "winners": list(self.winners),
            "settlement": self.settlement,
            **self.extras,
        }


def _entries(entries: Any) -> Sequence[Any]:
    if not isinstance(entries, list | tuple):
        raise ScoringError({"deals": message("must be a list of entries")})
    return entries


def _play_through(game: Variant, entries: Sequence[Any], first_number: int) -> list[dict]:
    """Play ``entries`` (deals first_number, ...) on ``game``; their errors name their deal."""
    accepted = []
    play = game.play
    for number, entry in enumerate(entries, first_number):
        try:
            accepted.append(play(entry).entry)
        except GameOverError:
            raise ScoringError(
                {
                    f"deals.{number}": message(
                        "deal %(number)s: the game would be over after deal %(last)s",
                        number=number,
                        last=number - 1,
                    )
                },
                message("Deal %(number)s would come after the end of the game.", number=number),
            ) from None
        except ScoringError as error:
            raise error.prefixed(number) from None
    return accepted


def _start(setup: Setup) -> Variant:
    return get_variant(setup.variant)(setup)


def _split(ending: Mapping[str, Any] | None) -> bool:
    """Whether a stored ending is a split; anything but ``{"split": true}`` is not."""
    return isinstance(ending, Mapping) and ending.get("split") is True


def _end(game: Variant, ending: Mapping[str, Any] | None) -> None:
    """Apply a stored early end, unless the entries reached the end rule themselves."""
    if ending is not None and not game.finished:
        game.end_early(_split(ending))


def derive(
    setup: Setup, entries: Sequence[dict], ending: Mapping[str, Any] | None = None
) -> GameState:
    """The game state the entries make, ended early where ``ending`` (as stored on the
    game: ``{"split": bool}``) is given; an entry that breaks a rule raises ScoringError."""
    game = _start(setup)
    _play_through(game, _entries(entries), 1)
    _end(game, ending)
    return GameState(game)


def end_early(setup: Setup, entries: Sequence[dict], *, split: Any = False) -> dict[str, bool]:
    """The ending to store when the table ends the game here (docs/rules.md section 15)."""
    if type(split) is not bool:
        raise ScoringError(
            {"split": message("must be true or false")}, message("The ending is not valid.")
        )
    game = _start(setup)
    _play_through(game, _entries(entries), 1)
    if game.finished:
        raise GameOverError(
            {"end": message("the game already ended with deal %(number)s", number=len(game.deals))},
            message("The game is over: it cannot be ended early."),
        )
    game.end_early(split)
    return {"split": split}


def validate_entry(
    setup: Setup, entries: Sequence[dict], entry: Any, ending: Mapping[str, Any] | None = None
) -> dict:
    """``entry`` as accepted for the next deal after ``entries``."""
    game = _start(setup)
    _play_through(game, _entries(entries), 1)
    if ending is not None and not game.finished:
        raise GameOverError(
            {"deals": message("the game was ended early: reopen it to record another deal")},
            message("The game was ended early: reopen it to record another deal."),
        )
    accepted = game.play(entry).entry
    return dict(accepted)


def replace_entry(
    setup: Setup,
    entries: Sequence[dict],
    number: Any,
    entry: Any,
    ending: Mapping[str, Any] | None = None,
) -> list[dict]:
    """The entries with deal ``number`` replaced; every later deal is checked again, and
    a stored split too (a correction that would leave it refused is refused)."""
    entries = _entries(entries)
    if type(number) is not int or not 1 <= number <= len(entries):
        raise ScoringError(
            {
                "number": message(
                    "must be the number of a recorded deal (1 to %(last)s)", last=len(entries)
                )
            },
            message("There is no deal %(number)s.", number=number),
        )
    game = _start(setup)
    earlier = _play_through(game, entries[: number - 1], 1)
    replaced = dict(game.play(entry).entry)
    corrected = [*earlier, replaced, *_play_through(game, entries[number:], number + 1)]
    _end(game, ending)
    return corrected


def remove_last_entry(setup: Setup, entries: Sequence[dict]) -> list[dict]:
    """The entries without the last deal: removing it never invalidates another."""
    entries = _entries(entries)
    if not entries:
        raise ScoringError(
            {"deals": message("there is no deal to remove")}, message("No deal has been recorded.")
        )
    return list(entries[:-1])
