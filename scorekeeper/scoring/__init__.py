"""Scoring core: pure standard-library code, no framework imports.

Entries are the truth; every figure is derived from (setup, entries). See
docs/scoring-interface.md for the interface and docs/scoring.md for the design.
"""

# First: the kinds of entry field register themselves in entries.KINDS, which every
# EntryField a variant declares is checked against.
from . import kinds as _kinds  # noqa: F401
from .entries import EntryField
from .errors import GameOverError, ScoringError
from .game import Setup, hand_value, make_setup
from .options import OptionSpec
from .registry import PRESETS, VARIANTS, Preset, describe_catalogue, get_preset, get_variant
from .state import (
    GameState,
    derive,
    end_early,
    remove_last_entry,
    replace_entry,
    validate_entry,
)
from .surface import WENT_OUT, DealWords, OutWords
from .thirteen import take_press, untake_press
from .variant import Deal, Variant

__all__ = [
    "PRESETS",
    "VARIANTS",
    "WENT_OUT",
    "Deal",
    "DealWords",
    "EntryField",
    "GameOverError",
    "GameState",
    "OptionSpec",
    "OutWords",
    "Preset",
    "ScoringError",
    "Setup",
    "Variant",
    "derive",
    "describe_catalogue",
    "end_early",
    "get_preset",
    "get_variant",
    "hand_value",
    "make_setup",
    "remove_last_entry",
    "replace_entry",
    "take_press",
    "untake_press",
    "validate_entry",
]
