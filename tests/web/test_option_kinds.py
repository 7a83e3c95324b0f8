"""An option's kind (``OptionSpec.kind``) is the one thing a surface asks to show and
read it: each surface keeps one table of kinds, and every option of every game has its
row there."""

from __future__ import annotations

import pytest

from scorekeeper.printing.words import SAID
from scorekeeper.scoring import VARIANTS, OptionSpec
from scorekeeper.web.table.option_kinds import BLANK, OPTION_KINDS, option_value

EVERY_OPTION = [spec for cls in VARIANTS.values() for spec in cls.options]


def test_every_option_of_every_game_has_a_row_in_each_surfaces_table():
    kinds = {spec.kind for spec in EVERY_OPTION}
    assert kinds <= set(OPTION_KINDS) == set(SAID)
    assert {"bool", "list", "choice", "int"} <= kinds


@pytest.mark.parametrize(
    ("spec", "kind"),
    [
        (OptionSpec("jokers", "bool", False), "bool"),
        (OptionSpec("phases", "list", [], items="text"), "list"),
        (OptionSpec("decks", "int", 2, choices=(1, 2, 3)), "choice"),
        (OptionSpec("format", "choice", "pool", choices=("pool", "deals")), "choice"),
        (OptionSpec("target", "int", 500, minimum=50, maximum=5000), "int"),
        (OptionSpec("label", "text", "x"), "text"),
    ],
)
def test_an_options_kind_comes_of_its_type_and_choices(spec, kind):
    assert spec.kind == kind


def test_each_kind_reads_a_forms_data_as_the_options_value():
    decks = OptionSpec("decks", "int", 2, choices=(1, 2, 3))
    assert option_value(decks, "3") == 3
    target = OptionSpec("target", "int", None, nullable=True, minimum=50, maximum=5000)
    assert (option_value(target, " 250 "), option_value(target, "None")) == (250, None)
    assert option_value(target, "") is BLANK
    scores = OptionSpec("scores", "list", [], items="int", minimum=0, maximum=99)
    assert option_value(scores, "1, 2\n3") == [1, 2, 3]
    contracts = OptionSpec("contracts", "list", [], items="contract")
    assert option_value(contracts, "10: 2 groups of 3\n") == [
        {"contract": "2 groups of 3", "cards": 10}
    ]
    assert option_value(OptionSpec("jokers", "bool", False), "y") is True
