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

from .messages import Message, message

if TYPE_CHECKING:
    from .entries import EntryField
    from .variant import Deal

# How a deal ended, by the core's result code, as the board's grid says it.
RESULT_WORDS = {
    "void": message("void"),
    "stock_out": message("stock ran out"),
    "pool_out": message("pool out"),
    "block": message("block"),
    "stalemate": message("stalemate: nobody scores"),
    "gin": message("gin"),
    "big_gin": message("big gin"),
    "knock": message("knock"),
    "undercut": message("undercut"),
}
# An entry's flags, as the board's grid and the history say them.
FLAG_WORDS = {
    "rummy": message("went rummy"),
    "big_gin": message("big gin"),
    "up_for_two": message("went up for 2"),
    "concealed": message("went out concealed"),
    "one_turn": message("went out in one turn"),
    "no_joker": message("without a joker"),
}


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
    def option_words(cls, name: str, value: Any, options: Mapping[str, Any]) -> Message | None:
        """An option's value in words where this variant words it apart from the others
        (Thirteen's going-out bonus is a minus), else None: the sheet's usual words."""
        return None

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
        if entry.get("rummy"):
            return out, [message("went rummy")]
        if entry.get("up_for_two"):
            return out, [message("up for 2")]
        if entry.get("concealed"):
            return out, [message("went out concealed")]
        if entry.get("out") is None:
            if deal.winner:
                name = label[deal.winner]
                return out, [message("stock ran out; %(name)s wins the block", name=name)]
            return out, [message("stock ran out")]
        return out, []

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
