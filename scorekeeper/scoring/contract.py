"""``contract``: Contract Rummy (Liverpool, Shanghai): one deal per contract, each with
its melds to lay down first and its number of cards; lowest total wins (docs/rules.md
section 17)."""

from __future__ import annotations

from .cards import ValueTable, face_values
from .entries import EntryField
from .messages import Message, message, ngettext, pgettext
from .options import MINUS, OptionSpec, Words
from .paper import Lead, OutMark, PadPaper, SheetPaper
from .shared_options import card_count_option, out_bonus_option
from .surface import Mark
from .variant import OutVariant

# The texts are messages so that a page can show them in its language; the API and the
# stored options keep them in English.
BICYCLE = (
    (10, message("2 groups of 3")),
    (10, message("1 group of 3 + 1 sequence of 4")),
    (10, message("2 sequences of 4")),
    (10, message("3 groups of 3")),
    (12, message("2 groups of 3 + 1 sequence of 4")),
    (12, message("1 group of 3 + 2 sequences of 4")),
    (12, message("3 sequences of 4")),
)
# Shanghai's words are rummy's (sets and runs), not Phase 10's: the same English, so a
# context tells a catalog the two apart.
SHANGHAI = (
    pgettext("Shanghai", "2 sets of 3"),
    pgettext("Shanghai", "1 set of 3 + 1 run of 4"),
    pgettext("Shanghai", "2 runs of 4"),
    pgettext("Shanghai", "3 sets of 3"),
    pgettext("Shanghai", "1 set of 3 + 1 run of 7"),
    pgettext("Shanghai", "2 sets of 3 + 1 run of 5"),
    pgettext("Shanghai", "3 runs of 4"),
    pgettext("Shanghai", "1 set of 3 + 1 run of 10"),
    pgettext("Shanghai", "3 sets of 3 + 1 run of 5"),
    pgettext("Shanghai", "3 runs of 5"),
)
SHANGHAI_CARDS = 11
WENT_OUT_RULE = message(
    "One box a player a deal: write the points left in hand; tick the \u25cb in the box "
    "of the player who went out."
)
# Who went out in each deal, as a mark and not a colour: a tick beside their points on
# the sheet, a circle in every box of the pad to tick (its key, WENT_OUT_RULE).
WENT_OUT = OutMark("\u2713", "\u25cb", message("went out"))
CONTRACT_MM = 36.0  # a sheet's and a pad's contract column: the deal's terms in words
# Buying discards adds cards: a hand is bounded by 30 cards, not by the deal's.
HAND_CARDS = 30


def contracts(pairs) -> list[dict]:
    return [{"contract": text, "cards": cards} for cards, text in pairs]


# A game stores its contracts as English text: a usual one is found again by its text,
# to be shown in the reader's language (a house contract stays as typed).
USUAL: dict[str, Message] = {str(text): text for _cards, text in BICYCLE} | {
    str(text): text for text in SHANGHAI
}


SHANGHAI_CONTRACTS = contracts((SHANGHAI_CARDS, text) for text in SHANGHAI)


def _one_turn_bonus(name: str, help: Message, label: Message, words: Words) -> OptionSpec:
    """What going out in one turn scores (minus) instead of ``out_bonus``; blank: the
    entry's flag is only recorded."""
    return OptionSpec(
        name,
        "int",
        None,
        nullable=True,
        minimum=0,
        maximum=500,
        help=help,
        label=label,
        words=words,
    )


class Contract(OutVariant):
    id = "contract"
    name = message("Contract Rummy")
    description = message(
        "One deal per contract, from 2 groups of 3 to 3 sequences of 4: lay the contract "
        "down before anything else; penalty points, lowest total wins."
    )
    min_players = 2
    max_players = 8
    # What players say at the table for this game's own fields, by language: the
    # voice reader's words (Surfaces.spoken).
    spoken = {
        "no_joker": {
            "en": "no joker|without a joker|without jokers",
            "fr": "sans joker",
            "es": "sin comodin",
            "pl": "bez jokera",
            "de": "ohne joker",
            "hi": "बिना जोकर",
        },
    }
    higher_wins = False
    allows_nobody_out = False
    options = (
        OptionSpec(
            "contracts",
            "list",
            contracts(BICYCLE),
            items="contract",
            length=(1, 20),
            help=message(
                "The contracts in order, one deal each: what must be laid down first and "
                "the cards dealt (the seven of Bicycle's rules by default)."
            ),
            label=message("Contracts, one a line (cards: contract)"),
            words=lambda value, options: ngettext(
                "%(num)s contract, one a deal, on the rows below",
                "%(num)s contracts, one a deal, on the rows below",
                len(value),
            ),
        ),
        card_count_option("ace", "ace", 15, message("What an Ace left in hand counts.")),
        card_count_option(
            "joker",
            "joker",
            15,
            message("What a Joker (or any other wild card) left in hand counts (25 in Liverpool)."),
        ),
        OptionSpec(
            "low_cards",
            "choice",
            "face",
            ("face", *range(1, 11)),
            message(
                "What a 2 to 10 left in hand counts: its face value, or the same number each "
                "(5 in Shanghai)."
            ),
            label=message("2 to 10 count"),
            choice_labels=(
                message("Their face value"),
                message("1 each"),
                message("2 each"),
                message("3 each"),
                message("4 each"),
                message("5 each"),
                message("6 each"),
                message("7 each"),
                message("8 each"),
                message("9 each"),
                message("10 each"),
            ),
            words=lambda value, options: (
                message("2 to 10 count their face value")
                if value == "face"
                else message("2 to 10 count %(value)s each", value=value)
            ),
        ),
        out_bonus_option(
            0, message("House rule: the player who goes out scores minus this."), maximum=100
        ),
        _one_turn_bonus(
            "one_turn_bonus",
            message(
                "Going out in one turn (blind) scores minus this instead (25 in Shanghai); "
                "blank: only recorded."
            ),
            message("Going out in one turn"),
            lambda value, options: (
                message("Going out in one turn is only noted")
                if value is None
                else message("Going out in one turn scores %(points)s", points=f"{MINUS}{value}")
            ),
        ),
        _one_turn_bonus(
            "no_joker_bonus",
            message(
                "Going out in one turn without a joker or other wild card scores minus this "
                "instead (50 in Shanghai); blank: only recorded."
            ),
            message("Going out in one turn without a wild card"),
            lambda value, options: (
                message("Going out in one turn without a joker is only noted")
                if value is None
                else message(
                    "Going out in one turn without a joker scores %(points)s",
                    points=f"{MINUS}{value}",
                )
            ),
        ),
    )
    entry_fields = (
        EntryField("out", "player", message("Who went out.")),
        EntryField("hands", "per_player", message("Value of the cards each other player holds.")),
        EntryField(
            "one_turn",
            "bool",
            message("Who went out did it in one turn, having melded nothing before (blind)."),
            label=message("Went out in one turn, having laid nothing before"),
            said=message("went out in one turn"),
        ),
        EntryField(
            "no_joker",
            "bool",
            message("Going out in one turn, without a joker or other wild card."),
            label=message("\u2026 and without a joker or other wild card"),
            said=message("without a joker"),
        ),
    )

    @classmethod
    def deal_marks(cls, deal, options, running):
        """Who went out in one turn (and without a wild card): the bonus it scores."""
        entry = deal.entry
        if not (entry.get("one_turn") and entry.get("out")):
            return ()
        if entry.get("no_joker"):
            words = message("went out in one turn without a wild card")
        else:
            words = message("went out in one turn")
        return (Mark(entry["out"], "one_turn", words),)

    @classmethod
    def value_table(cls, options):
        low = options["low_cards"]
        ranks = face_values(A=options["ace"])
        if low != "face":
            ranks |= {rank: low for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10")}
        joker = options["joker"]
        return ValueTable(ranks, wild=joker, joker=joker)

    @classmethod
    def hand_cards(cls, options, players):
        return HAND_CARDS

    def prepare(self):
        self.fixed_deals = len(self.rules["contracts"])

    def contract(self, number: int) -> dict | None:
        """Deal ``number``'s contract and cards, or None past the last."""
        listed = self.rules["contracts"]
        if number > len(listed):
            return None
        item = listed[number - 1]
        return {**item, "contract": USUAL.get(item["contract"], item["contract"])}

    @classmethod
    def pad_paper(cls, options):
        # As a Shanghai or Liverpool score sheet: one wide box a player a deal (not a
        # deal's and a total's narrow boxes side by side), the totals at the foot.
        return PadPaper(columns=("deal",), keys=(WENT_OUT_RULE,), out_mark=WENT_OUT)

    @classmethod
    def sheet_paper(cls, state, options):
        return SheetPaper(out_mark=WENT_OUT)

    @classmethod
    def paper_leads(cls, options):
        return (Lead(message("Contract"), style="terms", width_mm=CONTRACT_MM),)

    def lead_cells(self, number, deal):
        planned = self.contract(number)
        if planned is None:
            return ("",)
        words = message(
            "%(contract)s (%(cards)s cards)", contract=planned["contract"], cards=planned["cards"]
        )
        return (words,)

    def foreseen(self, number):
        return super().foreseen(number) | (self.contract(number) or {})

    def check(self, values, out, number, errors):
        if values.get("no_joker") and not values.get("one_turn") and "one_turn" not in errors:
            errors["no_joker"] = message(
                "only with one_turn: going out without a joker counts when going out in one turn"
            )

    def score_deal(self, number, entry, values, out, hands, melds):
        rules = self.rules
        bonus = rules["out_bonus"]
        if values.get("one_turn"):
            if rules["one_turn_bonus"] is not None:
                bonus = rules["one_turn_bonus"]
            if values.get("no_joker") and rules["no_joker_bonus"] is not None:
                bonus = rules["no_joker_bonus"]
        by_seat = list(hands)
        by_seat[out] = -bonus
        return self.deal(number, entry, by_seat, out, out)
