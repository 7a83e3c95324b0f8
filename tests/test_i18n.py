"""The words' seam (scorekeeper.i18n): the league, the sheets and the core's messages mark
their words there, English outside an app; create_app makes them speak Flask-Babel's
catalogs, so a league use case's refusal reads in the reader's language."""

from __future__ import annotations

import pytest
from markupsafe import escape

from scorekeeper import i18n
from scorekeeper.league import auth, seating
from scorekeeper.service_layer.services import InvalidInput


def test_outside_an_app_the_words_are_english_filled_in_as_flask_babel_fills_them():
    assert i18n.gettext("%(name)s keeps score", name="Ann") == "Ann keeps score"
    assert i18n.gettext("100%") == "100%"  # no parameters: no formatting
    assert i18n.ngettext("%(num)d deal", "%(num)d deals", 2) == "2 deals"
    assert i18n.pgettext("card", "Ace") == "Ace"
    with i18n.force_locale("fr"):
        assert i18n.gettext("Random") == "Random"


def test_a_lazy_word_is_looked_up_when_shown_and_behaves_as_its_text():
    word = i18n.lazy_gettext("%(n)s tables", n=3)
    assert word == "3 tables"
    assert f"{word}!" == "3 tables!"
    assert escape(word) == "3 tables"  # Jinja shows it through __html__
    assert {word: 1}["3 tables"] == 1


def test_in_an_app_a_league_use_case_speaks_the_language_asked_for(app, uow):
    with app.app_context(), i18n.force_locale("fr"):
        assert str(seating.METHODS["random"]) == "Au hasard"
        with pytest.raises(InvalidInput) as refused:
            auth.create_organizer(uow, email="a@example.org", name="", password="x")
    assert refused.value.errors["name"] == "doit faire 1 à 80 caractères"
