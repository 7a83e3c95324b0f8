"""``golf``: Six-card Golf, a hole a deal, lowest total wins (docs/rules.md, Golf)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .cards import JOKER, ValueTable, face_values
from .entries import EntryField
from .messages import message, ngettext, pgettext
from .options import MINUS, OptionSpec, yes_no
from .paper import Block, PadPaper, SheetPaper
from .surface import DealWords
from .variant import Deal, Variant

# A 1, 2 -2, 3-10 their pips, J Q 10, K 0; a Joker -2.
GOLF_VALUES = face_values(**{"2": -2, "K": 0})
JOKER_VALUE = -2
COLUMNS = ((0, 3), (1, 4), (2, 5))  # a top card and the card below it
HIGHEST = 60  # three columns of J and Q
# A golf card (as the club's and the public card-game pads print it): the holes across in
# nines, each nine's subtotal (Out, In) after it and the total after the last; a player
# a row, named in a column this wide (tags where a name is longer).
NINE = 9
CARD_NAME_MM = 27.0  # A4 portrait: 11 boxes of 14 mm between the lines beside it


def nines(holes: int) -> tuple[dict[str, Any], ...]:
    """The card's nines: each its holes, the subtotal's head (None: a single nine has
    only the total) and whether the total follows it."""
    count = -(-holes // NINE)
    heads = (pgettext("golf card", "Out"), pgettext("golf card", "In")) if count == 2 else ()
    parts = []
    for index in range(count):
        first, last = index * NINE + 1, min(holes, (index + 1) * NINE)
        head = None
        if count > 1:
            head = (
                heads[index]
                if heads
                else message("Holes %(first)s\u2013%(last)s", first=first, last=last)
            )
        parts.append(
            {"holes": tuple(range(first, last + 1)), "subtotal": head, "total": index == count - 1}
        )
    return tuple(parts)


def grid_score(grid: Sequence[str], rules: Mapping[str, Any]) -> int:
    """A six-card grid's score: unpaired columns count their cards, pairs 0 (2s
    ``pair_of_twos``), two columns paired in one rank ``four_of_a_kind`` once."""
    score = 0
    paired: dict[str, int] = {}  # rank -> paired columns of it
    for top, bottom in COLUMNS:
        rank = grid[top]
        if rank == grid[bottom]:
            paired[rank] = paired.get(rank, 0) + 1
            score += rules["pair_of_twos"] if rank == "2" else 0
        else:
            score += card_value(grid[top]) + card_value(grid[bottom])
    four = rules["four_of_a_kind"]
    if four is not None:
        for rank, count in paired.items():
            if count >= 2:  # once in a grid: two columns take four_of_a_kind instead
                score += four - 2 * (rules["pair_of_twos"] if rank == "2" else 0)
                break
    return score


def card_value(rank: str) -> int:
    return JOKER_VALUE if rank == JOKER else GOLF_VALUES[rank]


def lowest_score(rules: Mapping[str, Any]) -> int:
    """The lowest hole score the options allow: min(3c, c + four_of_a_kind) for the
    lowest column c (a 2 and a K, a 2 and a Joker, or a pair of 2s)."""
    column = min(-4 if rules["jokers"] else -2, rules["pair_of_twos"])
    four = rules["four_of_a_kind"]
    return min(3 * column, column + four) if four is not None else 3 * column


# A golf card counts holes, not deals.
HOLE = DealWords(
    message("Hole"),
    message("Hole %(number)s"),
    message("Hole %(number)s of %(deals)s"),
    message("Save hole {number}"),
    message("Won the hole"),
    ngettext(
        "%(num)s hole left; highest total wins.", "%(num)s holes left; highest total wins.", 1
    ),
    ngettext("%(num)s hole left; lowest total wins.", "%(num)s holes left; lowest total wins.", 1),
)


class Golf(Variant):
    id = "golf"
    name = message("Golf")
    description = message(
        "Six-card Golf: a grid of two rows of three, column pairs cancel; "
        "a hole a deal, lowest total wins."
    )
    min_players = 2
    max_players = 8
    higher_wins = False
    deal_words = HOLE  # a golf card says Hole
    options = (
        OptionSpec(
            "holes",
            "int",
            9,
            minimum=1,
            maximum=36,
            help=message("Deals in a game: 9, or 18 for a long game."),
            label=message("Holes"),
            words=lambda value, options: message("%(holes)s holes", holes=value),
        ),
        OptionSpec(
            "jokers",
            "bool",
            False,
            help=message("Two Jokers a pack, -2 each."),
            label=message("Jokers in the pack"),
            words=yes_no(message("Two Jokers a pack, \u22122 each"), message("No Jokers")),
        ),
        OptionSpec(
            "pair_of_twos",
            "int",
            0,
            choices=(0, -4),
            help=message("What a column pair of 2s scores: 0 as any pair, or -4 (house rule)."),
            label=message("A column pair of 2s scores"),
            words=lambda value, options: message(
                "A column pair of 2s scores %(value)s", value=str(value).replace("-", MINUS)
            ),
        ),
        OptionSpec(
            "four_of_a_kind",
            "int",
            None,
            nullable=True,
            minimum=-100,
            maximum=0,
            help=message(
                "Two columns paired in one rank score this together (e.g. -10); blank: no bonus."
            ),
            label=message("Four of a kind scores"),
            words=lambda value, options: (
                message("No bonus for four of a kind")
                if value is None
                else message(
                    "Two columns paired in one rank score %(four)s together",
                    four=str(value).replace("-", MINUS),
                )
            ),
        ),
    )
    entry_fields = (
        EntryField(
            "scores",
            "signed_per_player",
            message("Each player's score for the hole (may be negative)."),
            label=message("Hole score"),
        ),
        EntryField(
            "grids",
            "ranks_per_player",
            message(
                "Each player's six cards, top row left to right then the bottom row: "
                "the app scores them."
            ),
            length=6,
            label=message("Grid"),
        ),
    )

    @classmethod
    def value_table(cls, options):
        return ValueTable(GOLF_VALUES, joker=JOKER_VALUE if options["jokers"] else None)

    @classmethod
    def pad_rules(cls, options):
        twos = options["pair_of_twos"]
        rules = [
            message(
                "A 1, 2 \u22122, 3-10 their pips, J Q 10, K 0%(joker)s. A column of two cards "
                "of one rank scores 0 (two 2s: %(twos)s).",
                joker=message(", Joker \u22122") if options["jokers"] else "",
                twos=str(twos).replace("-", "\u2212"),
            ),
            message("Lowest total after hole %(holes)s wins; ties share.", holes=options["holes"]),
        ]
        four = options["four_of_a_kind"]
        if four is not None:
            rules.append(
                message(
                    "Two columns paired in one rank score %(four)s together.",
                    four=str(four).replace("-", "\u2212"),
                )
            )
        return tuple(rules)

    @classmethod
    def card(cls, options) -> dict[str, Any]:
        """The card's layout, the pad's and the sheet's: its nines, the columns of the
        widest (every nine's table as wide, so the holes line up down the card) and the
        head of the row that says who won each hole."""
        parts = nines(options["holes"])
        widest = max(len(part["holes"]) + bool(part["subtotal"]) + part["total"] for part in parts)
        return {"nines": parts, "columns": widest, "won": cls.deal_words.won}

    @classmethod
    def pad_paper(cls, options):
        return PadPaper(
            grid=Block("card", cls.card(options)),
            columns=(),  # a player is a row: no columns of their own
            label_mm=CARD_NAME_MM,
            across=True,
            running=False,
            portrait=True,
            # Half a page leaves a hole's box under 14 mm: a card is printed whole.
            whole_page=message("a golf card takes a whole page: its boxes are 14 mm wide"),
        )

    @classmethod
    def sheet_paper(cls, state, options):
        # The pad's card filled in from the state, so a table that kept the card can
        # check the app hole by hole: each player's strokes, a nine's subtotal once its
        # holes are played, the total so far.
        card = cls.card(options)
        played = {deal.number: deal.points for deal in state.deals}
        strokes, subtotals = [], []
        for player in state.players:
            holes = {hole: points[player] for hole, points in played.items()}
            strokes.append(holes)
            subtotals.append(
                tuple(
                    sum(holes[hole] for hole in part["holes"])
                    if all(hole in holes for hole in part["holes"])
                    else None
                    for part in card["nines"]
                )
            )
        figures = {
            "strokes": tuple(strokes),
            "subtotals": tuple(subtotals),
            "totals": tuple(state.totals[player] for player in state.players),
        }
        return SheetPaper(
            grid=Block("card", {**card, **figures}), deal_heads=True, label_mm=CARD_NAME_MM
        )

    @classmethod
    def grid_rules(cls, options):
        values = {**GOLF_VALUES, **({JOKER: JOKER_VALUE} if options["jokers"] else {})}
        return {
            "values": values,
            "columns": [list(column) for column in COLUMNS],
            "pairs": {"2": options["pair_of_twos"]},  # a pair scores 0 unless listed
            # Two columns paired in one rank score this together (None: as two pairs).
            "paired_columns": options["four_of_a_kind"],
        }

    def prepare(self):
        self.fixed_deals = self.rules["holes"]

    def bounds(self):
        return {"scores": (lowest_score(self.rules), HIGHEST)}

    def score(self, entry: dict, number: int) -> Deal:
        values, accepted, errors = self.reader.read(entry)
        scores = list(values.get("scores") or [None] * self.n)
        grids = values.get("grids") or [None] * self.n
        for seat, grid in enumerate(grids):
            player = self.players[seat]
            if grid is None:
                continue
            if JOKER in grid and not self.rules["jokers"]:
                errors[f"grids.{player}"] = message(
                    "holds a Joker: Jokers are only in play with the jokers option"
                )
                continue
            scored = grid_score(grid, self.rules)
            if scores[seat] is not None and scores[seat] != scored:
                errors[f"grids.{player}"] = message(
                    "scores %(grid)s, but the score entered for %(player)s is %(score)s",
                    grid=scored,
                    player=player,
                    score=scores[seat],
                )
            scores[seat] = scored
        if "scores" not in errors and "grids" not in errors:
            for seat, score in enumerate(scores):
                player = self.players[seat]
                if score is None and not any(
                    key in errors for key in (f"scores.{player}", f"grids.{player}")
                ):
                    errors[f"scores.{player}"] = message(
                        "Enter %(player)s's score, or their grid", player=player
                    )
        self.refuse(errors, number)
        best = self.best(scores)
        winner = best[0] if len(best) == 1 else None
        return self.deal(number, accepted, scores, winner, winner)
