"""Pool elimination, shared by pool rummy (``indian``) and Kalooki (``kalooki``): a
player whose total reaches the pool limit is eliminated, the dealer skips them, they may
buy back in (a rejoin) and the last player left wins the pot (docs/rules.md sections 10
and 20)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .messages import Message, message
from .options import POT_STAKES, resolve
from .variant import Variant


def resolve_pot_stakes(
    given: Any, modes: tuple[str, ...], mode_rule: Message
) -> tuple[dict[str, Any] | None, dict[str, str]]:
    """Stakes whose mode is one of ``modes`` (the first when none is given); the pot needs
    ``entry_cents`` and nothing else does."""
    if given is None:
        return None, {}
    if isinstance(given, Mapping) and given.get("mode") is None:
        given = {**given, "mode": modes[0]}
    stakes, errors = resolve(POT_STAKES, given, "stakes", message("the stakes"))
    if "stakes.mode" not in errors and stakes["mode"] not in modes:
        errors["stakes.mode"] = mode_rule
    if "stakes.entry_cents" not in errors:
        if stakes["mode"] == "pot" and stakes["entry_cents"] is None:
            errors["stakes.entry_cents"] = message(
                "is required with the pot: the cents each player pays in, more than 0"
            )
        elif stakes["mode"] != "pot" and stakes["entry_cents"] is not None:
            errors["stakes.entry_cents"] = message("is only for the pot: leave it out")
    return stakes, errors


class PoolVariant(Variant):
    """A game that may eliminate players at ``self.limit`` (set by ``prepare``)."""

    limit: int
    pooled = True  # whether this game eliminates (Indian rummy only in its pool format)
    rejoin_above = 0  # a rejoiner comes back at the highest total of those still in + this

    def prepare(self):
        self.rejoins = [0] * self.n

    def active(self) -> list[int]:
        """The seats still in the pool."""
        return [seat for seat, total in enumerate(self.totals) if total < self.limit]

    def taking_part(self) -> list[int]:
        """The seats of the players taking part in the next deal (before any rejoin)."""
        return self.active() if self.pooled else list(range(self.n))

    def skips_dealers(self, number: int) -> bool:
        """Whether deal ``number``'s deal passes over players not taking part."""
        return self.pooled

    def dealer(self, number):
        """The deal passes to the left, skipping the players who will not take part."""
        if not self.skips_dealers(number) or not self.deals or number != len(self.deals) + 1:
            # Every player deals in turn (and in a fresh game, such as a blank pad).
            return super().dealer(number)
        previous = self.seats.exact[self.deals[-1].dealer]
        playing = set(self.taking_part())
        seat = next(
            seat for step in range(1, self.n + 1) if (seat := (previous + step) % self.n) in playing
        )
        return self.players[seat]

    def rejoiners(self, seats: list[int], playing: set[int], errors: dict) -> list[int]:
        """The eliminated players among ``seats``; a player still in is an error."""
        for seat in seats:
            if seat in playing:
                name = self.players[seat]
                errors[f"rejoin.{name}"] = message(
                    "%(player)s is still in the game: only an eliminated player rejoins",
                    player=name,
                )
        return [seat for seat in seats if seat not in playing]

    def rejoin_change(self, rejoined: list[int]) -> dict[int, int]:
        """What each rejoiner's total changes by to come back at the highest active total
        (+ ``rejoin_above``)."""
        if not rejoined:
            return {}
        highest = max(self.totals[seat] for seat in self.active())
        return {seat: highest + self.rejoin_above - self.totals[seat] for seat in rejoined}

    def rejoin_extras(self, change: dict[int, int]) -> dict[str, Any] | None:
        """The deal's ``rejoin_change``, when anyone rejoined."""
        if not change:
            return None
        return {"rejoin_change": {self.players[seat]: points for seat, points in change.items()}}

    def record(self, deal):
        for name in (deal.extras or {}).get("rejoin_change", ()):
            self.rejoins[self.seats.exact[name]] += 1
        super().record(deal)

    def pool_leaders(self) -> list[int]:
        """The active players with the lowest total."""
        active = self.active()
        low = min(self.totals[seat] for seat in active)
        return [seat for seat in active if self.totals[seat] == low]

    def next_deal(self):
        upcoming = super().next_deal()
        if upcoming is not None:
            upcoming["players"] = [self.players[seat] for seat in self.taking_part()]
        return upcoming

    # ------------------------------------------------------------ the pot

    def split_firsts(self) -> list[int]:
        """The entries each player receives before the pot is shared (a split's)."""
        return [0] * self.n

    def entries_paid(self) -> list[int]:
        """The entries each player paid: the first and each rejoin."""
        return [1 + rejoins for rejoins in self.rejoins]

    def extras(self):
        players = self.players
        eliminated = self.totals if self.pooled else ()
        extras: dict[str, Any] = {
            "eliminated": [
                players[seat] for seat, total in enumerate(eliminated) if total >= self.limit
            ],
            "rejoins": dict(zip(players, self.rejoins, strict=True)),
        }
        stakes = self.setup.stakes
        if stakes is not None:
            extras["pot_cents"] = (
                stakes["entry_cents"] * sum(self.entries_paid())
                if stakes["mode"] == "pot"
                else None
            )
        return extras
