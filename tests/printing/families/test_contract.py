"""Contract Rummy's and Shanghai's pads: each deal's contract and cards, Shanghai's ten
contracts of eleven cards, worded in rummy's terms (not Phase 10's) in every language."""

from __future__ import annotations

import pytest

from scorekeeper.printing import blank_pad_pdf
from tests.printing.support import (
    IN_EVERY_LANGUAGE,
    printed_in,
)
from tests.printing.support import words as read


def test_the_contract_rummy_pad_has_each_deals_contract_and_cards(tmp_path):
    text = read(blank_pad_pdf(preset="Contract Rummy", players=8), tmp_path)
    assert "2 groups of 3 (10 cards)" in text
    assert "3 sequences of 4 (12 cards)" in text


def test_the_shanghai_pad_has_its_ten_contracts_of_eleven_cards(tmp_path):
    text = read(blank_pad_pdf(preset="Shanghai", players=4), tmp_path)
    for contract in ("2 sets of 3", "1 set of 3 + 1 run of 10", "3 runs of 5"):
        assert contract in text
    assert text.count("11 cards") == 10
    assert "10 contracts, one a deal, on the rows below" in text


def test_shanghai_is_worded_in_rummys_terms_and_phase_10_in_its_own(app, tmp_path):
    """The same English as Phase 10's phases, worded apart: German Shanghai has Sätze
    and Reihen where Phase 10 has Drillinge and Folgen; Polish Shanghai sekwensy, not strity."""
    shanghai = {
        language: read(
            printed_in(
                app,
                language,
                lambda locale: blank_pad_pdf(preset="Shanghai", players=4, locale=locale),
            ),
            tmp_path,
        )
        for language in ("de", "pl")
    }
    assert "2 Sätze zu 3" in shanghai["de"] and "1 Satz zu 3 + 1 Reihe zu 4" in shanghai["de"]
    assert "Drilling" not in shanghai["de"]
    assert "1 trójka + 1 sekwens z 4" in shanghai["pl"] and "strit" not in shanghai["pl"]


CONTRACT_WORD = {"en": "Contract", "fr": "Contrat", "es": "Contrato", "pl": "Kontrakt",
                 "de": "Kontrakt", "hi": "कॉन्ट्रैक्ट"}  # fmt: skip


# The app only for its catalogs: no database is used, so the SQLite run's renders suffice.
@pytest.mark.sqlite
@pytest.mark.parametrize("language", IN_EVERY_LANGUAGE)
@pytest.mark.parametrize(("preset", "players"), [("Contract Rummy", 8), ("Shanghai", 6)])
def test_a_contract_pad_says_contract_in_every_language(app, preset, players, language, tmp_path):
    pdf = printed_in(
        app, language, lambda locale: blank_pad_pdf(preset=preset, players=players, locale=locale)
    )
    assert CONTRACT_WORD[language] in read(pdf, tmp_path)
