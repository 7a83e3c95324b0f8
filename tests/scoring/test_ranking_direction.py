"""Which way a game ranks, asked of its variant (``Variant.ranks_higher``) without
deriving a deal: the same answer the derived state gives, for every preset, for the
options that turn it (penalty rummy, pool rummy, the free pad won low), and for a
setup stored before its options were all known."""

from __future__ import annotations

from dataclasses import replace

import pytest

from scorekeeper.scoring import PRESETS, VARIANTS, derive, get_variant, make_setup

# 40-character accented names, as many as the variant seats at most (eight at a table).
NAMES = [f"Éléonore-Françoise de la Tour d'Auvergne{i}"[-40:] for i in range(8)]


def seated(variant_id: str, **given) -> dict:
    variant = get_variant(variant_id)
    players = NAMES[: min(variant.max_players, 8)]
    return {"players": players, **given}


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_ranks_as_its_derived_state_does(name):
    preset = PRESETS[name]
    setup = make_setup(preset=name, **seated(preset.variant))
    assert get_variant(setup.variant).ranks_higher(setup) is derive(setup, []).higher_wins


@pytest.mark.parametrize(
    ("variant_id", "options", "higher"),
    [
        ("rummy", {"scoring": "penalty"}, False),
        ("rummy", {"scoring": "winner_takes_all"}, True),
        ("indian", {"format": "pool"}, False),
        ("indian", {"format": "points"}, True),
        ("free", {"higher_wins": False}, False),
        ("free", {"higher_wins": True}, True),
        ("golf", {}, False),
    ],
)
def test_the_options_that_turn_the_ranking_turn_the_variants_answer(variant_id, options, higher):
    setup = make_setup(variant=variant_id, options=options, **seated(variant_id))
    assert get_variant(variant_id).ranks_higher(setup) is higher
    assert derive(setup, []).higher_wins is higher


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_a_setup_stored_without_its_options_ranks_by_their_defaults(variant_id):
    setup = make_setup(variant=variant_id, **seated(variant_id))
    stored = replace(setup, options={})
    assert get_variant(variant_id).ranks_higher(stored) is derive(stored, []).higher_wins
