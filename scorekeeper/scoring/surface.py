"""What a variant means to the surfaces: the page, the printed sheet, the paper pad.

The surfaces ask the variant (``Variant`` takes these from ``Surfaces``) rather than
test its id: its outcome words, each player's lines under a deal, a pad's columns, rows
and key rules. Words are Messages, translated at the edge; docs/adding-a-variant.md
lists what a new variant declares here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from .messages import Message, message, ngettext

if TYPE_CHECKING:
    from .entries import EntryField
    from .variant import Deal

# How a deal ended, by the core's result code, as the board's grid says it: the codes
# any game may give; a game with codes of its own adds them (``result_words``).
RESULT_WORDS = {
    "void": message("void"),
    "stock_out": message("stock ran out"),
    "pool_out": message("pool out"),
    "block": message("block"),
    "stalemate": message("stalemate: nobody scores"),
}


@dataclass(frozen=True)
class OutWords:
    """How the pages say whoever ended a deal: most games' player went out; a family
    with its own words (gin's knocked, Burraco's side closed) declares them."""

    key: Message  # the grid's key: "● went out"
    cell: Message  # read out before their points in the grid: "went out, "
    note: Message  # beside them on the deal form: "(out)"
    said: Message  # a deal waiting on the phone, {who} filled in by the page's script


WENT_OUT = OutWords(
    message("went out"), message("went out, "), message("(out)"), message("{who} went out")
)


@dataclass(frozen=True)
class DealWords:
    """What the pages call a deal; a family with its own word declares it (Golf's hole)."""

    head: Message  # the grid's first column
    number: Message  # "Deal %(number)s": the next deal, in a target game
    of: Message  # "Deal %(number)s of %(deals)s": the next deal of a fixed number
    save: Message  # the form's button, {number} filled in as the page's script says it
    won: Message  # a sheet's column of who won each deal, where nobody goes out
    # Under the totals of a game of fixed deals: how many are left, and who wins (plural
    # Messages, counted at use), where the highest total wins and where the lowest does.
    left_high: Message
    left_low: Message


DEAL = DealWords(
    message("Deal"),
    message("Deal %(number)s"),
    message("Deal %(number)s of %(deals)s"),
    message("Save deal {number}"),
    message("Won the deal"),
    ngettext(
        "%(num)s deal left; highest total wins.", "%(num)s deals left; highest total wins.", 1
    ),
    ngettext("%(num)s deal left; lowest total wins.", "%(num)s deals left; lowest total wins.", 1),
)


# The kinds of mark a deal may carry against a player, each a figure the points alone do
# not explain: the surfaces give each kind its sign (summary.MARK_SIGNS).
MARK_KINDS = ("eliminated", "rejoined", "not_opened", "one_turn")


@dataclass(frozen=True)
class Mark:
    """A mark a deal carries against a player, with a short note in words."""

    player: str
    kind: str  # one of MARK_KINDS
    words: Message


class Surfaces:
    """A variant's declarations for the surfaces; every variant class inherits them."""

    entry_fields: ClassVar[tuple[EntryField, ...]]

    # A deal's first player knocks, not goes out (gin): forms, boards and sheets say so.
    knocks: ClassVar[bool] = False
    # How a deal ended, by the result code its scoring gives (RESULT_WORDS above).
    result_words: ClassVar[Mapping[str, Message]] = RESULT_WORDS
    # What players say at the table, for the voice reader: meaning (an entry field's
    # name, "<field>.<choice>" for one of its choices) -> language -> phrases separated
    # by "|", the first the one read back. Fields several games share may be worded by
    # each; the reader takes every game's phrases.
    spoken: ClassVar[Mapping[str, Mapping[str, str]]] = {}
    # The words for whoever ended a deal, and for a deal (OutWords, DealWords above).
    out_words: ClassVar[OutWords] = WENT_OUT
    deal_words: ClassVar[DealWords] = DEAL
    # What a pack's pieces are called (a value table's head): cards, Rummikub's tiles.
    piece_word: ClassVar[Message] = message("Card")
    # A blank pad's title from the game's name (the free pad's name says "score pad").
    pad_title: ClassVar[Message] = message("%(game)s score pad")
    # A partnership pad's rows per side for each deal (Canasta's melds, canastas ...).
    pad_side_rows: ClassVar[tuple[Message, ...]] = ()
    # What the entry pages call a ``hands`` field where the variant has its own words
    # (Thirteen's penalty points); None: the points left in hand.
    hands_heading: ClassVar[Message | None] = None
    # The per-player entry fields a sheet prints and the board shows under a deal's
    # points, with their words (Canasta's melded, hand, canastas, red 3s).
    deal_line_fields: ClassVar[tuple[tuple[str, Message], ...]] = ()
    # Options a sheet and a pad always print in words, even at their default (Phase
    # 10's phases): the table needs them to play.
    listed_options: ClassVar[tuple[str, ...]] = ()
    # Each player's columns on a paper pad, where the entries' usual ones do not say
    # enough (Phase 10's phase): names of printing.pad's COLUMN_WORDS.
    pad_columns: ClassVar[tuple[str, ...] | None] = None

    @classmethod
    def pad_rules(cls, options: Mapping[str, Any]) -> tuple[Message, ...]:
        """The few sentences a table needs to score a deal by hand, for a paper pad's
        foot, where the variant gives them itself."""
        return ()

    @classmethod
    def pad_tiebreaks(cls, options: Mapping[str, Any]) -> int:
        """Blank rows a pad adds after the fixed deals for tie-break deals (deals rummy)."""
        return 0

    @classmethod
    def match_games(cls, options: Mapping[str, Any]) -> int:
        """Games scored side by side on a pad with boxes (gin: 1, Hollywood 3); 0: none."""
        return 0

    @classmethod
    def deal_outcome(
        cls, deal: Deal, options: Mapping[str, Any], label: Mapping[str, str]
    ) -> tuple[str, list[Message]]:
        """What a sheet's out column says of ``deal`` (a player's ``label``, or a word)
        and the notes beside it, read in order: the one place a deal's outcome is worded."""
        entry = deal.entry
        if not any(f.kind == "player" for f in cls.entry_fields):  # Golf, the free pad
            return (label[deal.winner] if deal.winner else message("tie")), []
        out = label[entry["out"]] if entry.get("out") else message("nobody")
        for field in cls.entry_fields:  # the first flag with a note of its own
            if field.noted is not None and entry.get(field.name):
                return out, [field.noted]
        if entry.get("out") is None:
            if deal.winner:
                name = label[deal.winner]
                return out, [message("stock ran out; %(name)s wins the block", name=name)]
            return out, [message("stock ran out")]
        return out, []

    @classmethod
    def void_field(cls) -> str | None:
        """The flag that voids a deal (``EntryField.voids_deal``), or None: the form
        offers it as the player field's "nobody", a reader hears "nobody" as it."""
        return next((f.name for f in cls.entry_fields if f.voids_deal), None)

    @classmethod
    def voided(cls, entry: Mapping[str, Any]) -> bool:
        """Whether ``entry`` voids its deal: nobody scores."""
        name = cls.void_field()
        return name is not None and bool(entry.get(name))

    @classmethod
    def progress_note(
        cls, options: Mapping[str, Any], figures: Mapping[str, Any], name: str
    ) -> Message | None:
        """What a player's progress through the game is beside their total, from the
        game's figures (``extras``), where the game has one (Phase 10's phase)."""
        return None

    @classmethod
    def flag_words(cls, entry: Mapping[str, Any]) -> list[Message]:
        """The flags ``entry`` sets, as the board's grid and the history say them."""
        return [f.said for f in cls.entry_fields if f.said is not None and entry.get(f.name)]

    @classmethod
    def final_lines(cls, options: Mapping[str, Any], state: Any) -> list[Message]:
        """What makes up each final score of a finished game, where the game has more
        to it than its deals (gin's game and box bonuses); none by default."""
        return []

    @classmethod
    def deal_marks(
        cls, deal: Deal, options: Mapping[str, Any], running: Mapping[str, int]
    ) -> tuple[Mark, ...]:
        """The marks ``deal`` carries against players (eliminated, bought back in, not
        laid down, out in one turn), for the page and the sheet to show beside the
        figures they explain; ``running`` is the totals after it. None by default."""
        return ()

    @classmethod
    def deal_lines(
        cls, deal: Deal, options: Mapping[str, Any], running: Mapping[str, int]
    ) -> dict[str, list[Message]]:
        """Each player's breakdown of ``deal``, by name, as the sheet prints it and the
        board shows it under the points (phases, canastas, drops ...); ``running`` is
        the totals after it. By default the ``deal_line_fields`` that are not 0."""
        lines: dict[str, list[Message]] = {}
        for field, words in cls.deal_line_fields:
            values = deal.entry.get(field)
            for name, value in (values if isinstance(values, Mapping) else {}).items():
                if value:
                    line = message("%(what)s: %(list)s", what=words, list=value)
                    lines.setdefault(name, []).append(line)
        return lines
