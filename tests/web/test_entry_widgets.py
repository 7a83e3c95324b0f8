"""A new entry-field kind is one core class (scoring.entries.Kind: how an entry gives
it) and one widget (web.fields.Widget: its form fields, their reading, prefill and
errors, and its API schema): nothing else names a kind."""

from __future__ import annotations

from typing import Any

import pytest
from wtforms import StringField

from scorekeeper import scoring
from scorekeeper.scoring.entries import KINDS, EntryField, Kind
from scorekeeper.scoring.messages import message
from scorekeeper.web import openapi_entries
from scorekeeper.web.deal_forms import deal_form
from scorekeeper.web.fields import WIDGETS, Widget

PLAYERS = ["Ann", "Bob"]


class Tally(Kind):
    """A made-up kind: a tally mark count written as digits."""

    name = "tally"

    def read(self, reader, field, raw, errors, changes):
        if not (isinstance(raw, str) and raw.isdigit()):
            errors[field.name] = message("must be digits")
            return None
        return int(raw)


class TallyWidget(Widget):
    kind = "tally"

    def build(self, f, b):
        return {"tally_marks": StringField(f"Tally of {len(b.players)}")}

    def read(self, form, f, entry):
        if form["tally_marks"].data:
            entry[f.name] = form["tally_marks"].data

    def prefill(self, f, entry, players):
        return {"tally_marks": entry.get(f.name) or ""}

    def error_fields(self, form, f):
        return {f.name: form["tally_marks"]}

    def schema(self, described: Any) -> dict[str, Any]:
        return {"type": "string", "pattern": "^[0-9]+$"}


@pytest.fixture
def tally(monkeypatch):
    """Rummy with one more entry field, of the new kind, registered in both halves."""
    monkeypatch.setitem(KINDS, "tally", Tally())
    monkeypatch.setitem(WIDGETS, "tally", TallyWidget())
    rummy = scoring.get_variant("rummy")
    field = EntryField("tally", "tally", message("Tally marks."))
    monkeypatch.setattr(rummy, "entry_fields", (*rummy.entry_fields, field))
    return scoring.make_setup(variant="rummy", players=PLAYERS)


def test_every_kind_the_core_reads_has_its_widget():
    assert set(WIDGETS) == set(KINDS)


def test_the_core_reads_a_new_kind_with_its_class(tally):
    reader = scoring.get_variant("rummy")(tally).reader
    values, _accepted, errors = reader.read({"tally": "12"})
    assert values == {"tally": 12} and errors == {}
    _values, _accepted, errors = reader.read({"tally": "twelve"})
    assert errors == {"tally": "must be digits"}


def test_the_deal_form_builds_reads_prefills_and_explains_a_new_kind_by_its_widget(tally, app):
    with app.test_request_context():
        form = deal_form(tally, number=1)
        assert form["tally_marks"].label.text == "Tally of 2"
        assert "tally" not in form.entry()

        corrected = deal_form(tally, entry={"out": "Ann", "tally": "7"}, number=1)
        assert corrected["tally_marks"].data == "7"
        assert corrected.entry()["tally"] == "7"
        assert corrected.show_errors({"tally": message("must be digits")}) == {}
        assert corrected["tally_marks"].errors == ["must be digits"]


def test_the_api_schema_of_a_new_kind_is_its_widgets(tally):
    catalogue = scoring.describe_catalogue()
    schema = openapi_entries.entry_schema(catalogue)["properties"]["tally"]
    assert schema == {"type": "string", "pattern": "^[0-9]+$", "description": "Tally marks."}
    described = openapi_entries.catalogue_schema()["properties"]["variants"]["items"]
    kinds = described["properties"]["entry_fields"]["items"]["properties"]["kind"]["enum"]
    assert "tally" in kinds


@pytest.mark.parametrize(
    ("variant", "heading"),
    [("thirteen", "Penalty points in hand"), ("rummy", "Points left in hand")],
)
def test_the_hands_heading_is_the_variants_own_words_or_the_usual_ones(app, variant, heading):
    setup = scoring.make_setup(variant=variant, players=PLAYERS)
    with app.test_request_context():
        assert deal_form(setup, number=1).heading("hands") == heading
