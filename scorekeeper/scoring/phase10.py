"""``phase10``: Phase 10, where phases decide the game and penalty points break ties."""

from __future__ import annotations

from typing import Any

from .cards import ValueTable
from .entries import EntryField
from .messages import message
from .options import OptionSpec
from .variant import Deal, OutVariant

# Messages, so that pages and sheets show them in the reader's language; stored as
# their English text, like any house phase.
PHASES = (
    message("2 sets of 3"),
    message("1 set of 3 + 1 run of 4"),
    message("1 set of 4 + 1 run of 4"),
    message("1 run of 7"),
    message("1 run of 8"),
    message("1 run of 9"),
    message("2 sets of 4"),
    message("7 cards of one color"),
    message("1 set of 5 + 1 set of 2"),
    message("1 set of 5 + 1 set of 3"),
)
# The pack: 1-9 count 5, 10-12 count 10, a Skip 15, a Wild 25.
CARDS = {str(number): 5 if number < 10 else 10 for number in range(1, 13)} | {
    "Skip": 15,
    "Wild": 25,
}


class PhaseTen(OutVariant):
    id = "phase10"
    name = message("Phase 10")
    description = message(
        "Lay down ten phases in turn; the first to complete the last wins, "
        "penalty points deciding between those who do."
    )
    min_players = 2
    max_players = 6
    # What players say at the table for this game's own fields, by language: the
    # voice reader's words (Surfaces.spoken).
    spoken = {
        "completed": {
            "en": (
                "phase done|made the phase|made phase|made their phase|phase complete|"
                "completed|made it"
            ),
            "fr": "phase faite|a fait sa phase|phase reussie|phase|ont fait leur phase",
            "es": "fase hecha|hizo la fase|completo la fase|fase|hicieron la fase",
            "pl": (
                "faza zrobiona|zrobil faze|zrobila faze|faza|zrobili faze|faze zrobila|faze zrobil"
            ),
            "de": (
                "phase geschafft|phase fertig|hat die phase|phase|haben ihre phase|"
                "haben die phase geschafft|die phase geschafft"
            ),
            "hi": "फेज़ पूरा|फेज़ किया|चरण पूरा|फेज़|का फेज़ पूरा",
        },
    }
    higher_wins = False
    allows_nobody_out = False
    step = 5
    options = (
        OptionSpec(
            "phases",
            "list",
            list(PHASES),
            items="text",
            length=(1, 20),
            help=message(
                "The phases in order, one description each (1 to 20 house phases); "
                "completing the last ends the game."
            ),
            label=message("Phases, one a line"),
            words=lambda value, options: message(
                "Phases: %(phases)s",
                phases="; ".join(f"{number}. {phase}" for number, phase in enumerate(value, 1)),
            ),
        ),
        OptionSpec(
            "tie",
            "choice",
            "replay",
            ("replay", "share"),
            message(
                "Tied lowest totals at the end: replay (the tied players play one more "
                "hand on the last phase, its winner wins) or share."
            ),
            label=message("Tie at the end"),
            choice_labels=(
                message("The tied players replay the last phase"),
                message("The tied players share the win"),
            ),
        ),
    )
    entry_fields = (
        EntryField("out", "player", message("Who went out.")),
        EntryField(
            "completed",
            "players",
            message("Everyone who laid down their phase this hand, including who went out."),
            includes_out=True,
        ),
        EntryField("hands", "per_player", message("Value of each other player's cards.")),
    )

    listed_options = ("phases",)
    pad_columns = ("phase", "deal", "total")

    @classmethod
    def value_table(cls, options):
        return ValueTable({}, named=CARDS)

    @classmethod
    def deal_lines(cls, deal, options, running):
        done = set(deal.entry.get("completed") or ())
        return {
            name: [
                message("phase %(number)s done", number=phase)
                if name in done
                else message("phase %(number)s", number=phase)
            ]
            for name, phase in (deal.extras or {}).get("phase", {}).items()
        }

    @classmethod
    def hand_cards(cls, options, players):
        return 10

    @classmethod
    def progress_note(cls, options, figures, name):
        phase = figures["phase"][name]
        if phase > len(options["phases"]):
            return message("all phases done")
        return message("phase %(number)s", number=phase)

    def prepare(self):
        self.last = len(self.rules["phases"])
        self.phase = [1] * self.n  # the phase each plays next
        self.tiebreak: list[int] | None = None  # the tied players of a tie-break hand

    def taking_part(self) -> list[int]:
        return self.tiebreak if self.tiebreak is not None else list(range(self.n))

    def score(self, entry: dict, number: int) -> Deal:
        values, accepted, errors = self.reader.read(entry)
        players = self.players
        playing = self.taking_part()
        out = values.get("out")
        if out is None and "out" not in errors:
            errors["out"] = message("Choose who went out")
        elif out is not None and out not in playing:
            errors["out"] = message("%(player)s is not in the tie-break hand", player=players[out])
        completed = values.get("completed", [])
        for seat in completed:
            if seat not in playing:
                errors[f"completed.{players[seat]}"] = message(
                    "%(player)s is not in the tie-break hand", player=players[seat]
                )
        # A tie-break hand moves no phase, so its entry may leave completed out.
        unsaid = self.tiebreak is not None and "completed" not in entry
        if out is not None and out not in completed and not unsaid and "completed" not in errors:
            errors["completed"] = message(
                "must include %(player)s: going out means laying down the phase first",
                player=players[out],
            )
        hands = values.get("hands") or [None] * self.n
        for seat, hand in enumerate(hands):
            name = players[seat]
            if f"hands.{name}" in errors or "hands" in errors:
                continue
            if seat not in playing:
                if hand is not None:
                    errors[f"hands.{name}"] = message(
                        "%(player)s is not in the tie-break hand", player=name
                    )
            elif seat == out:
                if hand:
                    errors[f"hands.{name}"] = message(
                        "must be 0 or left out: %(player)s went out", player=name
                    )
            elif hand is None and "out" not in errors:
                errors[f"hands.{name}"] = message("Enter what %(player)s held", player=name)
        self.refuse(errors, number)
        by_seat = [hand or 0 for hand in hands]
        played = {players[seat]: min(self.phase[seat], self.last) for seat in playing}
        return self.deal(number, accepted, by_seat, out, out, extras={"phase": played})

    def record(self, deal: Deal) -> None:
        self.deals.append(deal)
        for seat, points in enumerate(deal.by_seat):
            self.totals[seat] += points
        if self.tiebreak is not None:
            self.finished = True
            self.winners = [deal.went_out]
            self.tiebreak = None
            return
        completed = self.seats_named(deal.entry.get("completed"))
        finishers = [seat for seat in completed if self.phase[seat] == self.last]
        for seat in completed:
            self.phase[seat] += 1
        if not finishers:
            return
        low = min(self.totals[seat] for seat in finishers)
        tied = [seat for seat in finishers if self.totals[seat] == low]
        if len(tied) > 1 and self.rules["tie"] == "replay":
            self.tiebreak = tied
            return
        self.finished = True
        self.winners = tied

    def seats_named(self, names: Any) -> list[int]:
        """The seats of an accepted entry's list of names (seat spelling)."""
        return sorted(self.seats.exact[name] for name in names or ())

    def leaders(self):
        # The furthest phase first, then the lowest total (docs/rules.md section 15).
        if self.tiebreak is not None:
            return list(self.tiebreak)
        best = max(self.phase)
        furthest = [seat for seat in range(self.n) if self.phase[seat] == best]
        low = min(self.totals[seat] for seat in furthest)
        return [seat for seat in furthest if self.totals[seat] == low]

    def next_deal(self):
        upcoming = super().next_deal()
        if upcoming is not None:
            tiebreak = self.tiebreak
            upcoming["tiebreak"] = None if tiebreak is None else [self.players[s] for s in tiebreak]
        return upcoming

    def extras(self) -> dict[str, Any]:
        return {"phase": dict(zip(self.players, self.phase, strict=True))}
