"""A new entry-field kind is one class (scoring.entries.Kind): how an entry gives it,
and as data the input a form asks for it with, how a value is written back into that
input, and its API schema. The one widget (web.table.fields.Widget) builds, reads,
prefills and explains it from that: nothing else names a kind."""

from __future__ import annotations

import pytest

from scorekeeper import scoring
from scorekeeper.scoring.entries import KINDS, UNSAID, EntryField, Kind
from scorekeeper.scoring.messages import message
from scorekeeper.web.api import openapi_entries
from scorekeeper.web.table.deal_forms import deal_form
from scorekeeper.web.table.fields import CONTROLS, MAKERS
from tests.web.support import deal_data, entries, message_beside, start, text

PLAYERS = ["Ann", "Bob"]


class Tally(Kind):
    """A made-up kind: each player's tally marks, typed as strokes (||||), the entry
    giving them as a count."""

    name = "tally"
    per_seat = True

    def read(self, reader, field, raw, errors, changes):
        def problem(value):
            return None if type(value) is int and value >= 0 else message("must be a count")

        expected = message("must be an object with a count for each player")
        return reader.by_seat(field.name, raw, expected, problem, errors, changes)

    def schema(self, described):
        return {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}}

    def section(self, field):
        return "scores"

    def attrs(self, field, bound):
        return {"pattern": "[|]*", "autocomplete": "off"}

    def label(self, field):
        return "player: words"

    def cell(self, field, data):
        text = (data or "").strip()
        return (text.count("|") if set(text) == {"|"} else text) if text else UNSAID

    def shown(self, field, value):
        return "|" * value


@pytest.fixture
def tally(monkeypatch):
    """Rummy with one more entry field, of the new kind, registered by its one class."""
    monkeypatch.setitem(KINDS, "tally", Tally())
    rummy = scoring.get_variant("rummy")
    field = EntryField("tally", "tally", message("Tally marks"))
    monkeypatch.setattr(rummy, "entry_fields", (*rummy.entry_fields, field))
    return scoring.make_setup(variant="rummy", players=PLAYERS)


def test_every_kind_is_built_by_the_one_widget_or_names_a_control_of_its_own():
    assert all(kind.control in MAKERS or kind.control in CONTROLS for kind in KINDS.values())
    assert set(CONTROLS) == {"player", "card"}


def test_the_core_reads_a_new_kind_with_its_class(tally):
    reader = scoring.get_variant("rummy")(tally).reader
    values, _accepted, errors = reader.read({"tally": {"Ann": 3, "bob": 0}})
    assert values == {"tally": [3, 0]} and errors == {}
    _values, _accepted, errors = reader.read({"tally": {"Ann": "three"}})
    assert errors == {"tally.Ann": "must be a count"}


def test_the_deal_form_builds_a_new_kind_from_its_declaration(tally, app):
    with app.test_request_context():
        form = deal_form(tally, number=1)
        assert [f.name for f in form.section("scores")] == ["tally"]
        assert form["tally_1"].label.text == "Bob: Tally marks"
        html = form["tally_1"]()
        assert 'pattern="[|]*"' in html and 'autocomplete="off"' in html
        assert "tally" not in form.entry()


def test_the_deal_form_reads_prefills_and_explains_a_new_kind(tally, app):
    with app.test_request_context():
        corrected = deal_form(tally, entry={"out": "Ann", "tally": {"Bob": 4}}, number=1)
        assert corrected["tally_0"].data is None and corrected["tally_1"].data == "||||"
        assert corrected.entry()["tally"] == {"Bob": 4}
        errors = {"tally.Bob": message("must be a count"), "tally": message("is missing")}
        assert corrected.show_errors(errors) == {}
        assert corrected["tally_1"].errors == ["must be a count"]
        assert corrected["tally_0"].errors == ["is missing"]


def test_the_api_schema_of_a_new_kind_is_its_classs(tally):
    catalogue = scoring.describe_catalogue()
    schema = openapi_entries.entry_schema(catalogue)["properties"]["tally"]
    assert schema == {
        "type": "object",
        "additionalProperties": {"type": "integer", "minimum": 0},
        "description": "Tally marks",
    }
    described = openapi_entries.catalogue_schema()["properties"]["variants"]["items"]
    kinds = described["properties"]["entry_fields"]["items"]["properties"]["kind"]["enum"]
    assert "tally" in kinds


def test_the_game_page_shows_records_and_corrects_a_new_kind(tally, client, uow):
    game_id = start(client, PLAYERS, game="variant:rummy")
    page = text(client.get(f"/games/{game_id}"))
    assert 'name="tally_1"' in page and 'pattern="[|]*"' in page

    typed = {"out": "0", "hands_1": "12", "tally_0": "||", "tally_1": "three"}
    client.post(f"/games/{game_id}/deals", data=deal_data(client, game_id, **typed))
    assert message_beside(text(client.get(f"/games/{game_id}")), "tally_1") == "must be a count"
    assert entries(uow, game_id) == []

    typed["tally_1"] = "|||"
    client.post(f"/games/{game_id}/deals", data=deal_data(client, game_id, **typed))
    assert entries(uow, game_id)[0]["tally"] == {"Ann": 2, "Bob": 3}
    edit = text(client.get(f"/games/{game_id}/deals/1/edit"))
    assert 'name="tally_1" pattern="[|]*" type="text" value="|||"' in edit


@pytest.mark.parametrize(
    ("variant", "heading"),
    [("thirteen", "Penalty points in hand"), ("rummy", "Points left in hand")],
)
def test_the_hands_heading_is_the_variants_own_words_or_the_usual_ones(app, variant, heading):
    setup = scoring.make_setup(variant=variant, players=PLAYERS)
    with app.test_request_context():
        assert deal_form(setup, number=1).heading("hands") == heading


def test_a_counts_label_is_punctuated_as_the_pages_language_does(app):
    """French puts a space before the colon: "Ann : En main", as a grid's labels say."""
    from flask_babel import force_locale

    setup = scoring.make_setup(variant="canasta", players=PLAYERS)
    with app.test_request_context(), force_locale("fr"):
        form = deal_form(setup, number=1)
        counts = {f.name for f in form.section("counts")}
        labels = [field.label.text for field in form if field.name.rsplit("_", 1)[0] in counts]
        assert labels, "canasta's deal form counts each side's melds"
        assert labels[0].startswith("Ann\u00a0: ") or labels[0].startswith("Ann : ")
        assert not any(
            ": " in label and " : " not in label and "\u00a0: " not in label for label in labels
        )


def test_a_mark_for_those_sitting_out_is_declared_not_named(monkeypatch, app):
    """A field the core declares for players sitting the deal out (pool rummy's rejoin)
    is offered to them, whatever its name; the others' marks to those playing."""
    rummy = scoring.get_variant("rummy")
    back = EntryField("buys_back", "players", message("Buying back in"), for_sitting_out=True)
    late = EntryField("late", "players", message("Came late"))
    monkeypatch.setattr(rummy, "entry_fields", (*rummy.entry_fields, back, late))
    setup = scoring.make_setup(variant="rummy", players=[*PLAYERS, "Cy"])
    with app.test_request_context():
        form = deal_form(setup, number=2, taking_part=["Ann", "Bob"])
        assert [mark.name for mark in form.taps(2)] == ["buys_back_2"]
        assert [mark.name for mark in form.taps(0)] == ["late_0"]
        assert not form.sits_out(2)  # a number to give, once back in
        assert "2" in [choice[0] for choice in form["out"].iter_choices()]
    assert [f.name for f in scoring.get_variant("indian").entry_fields if f.for_sitting_out] == [
        "rejoin"
    ]
    kalooki = scoring.get_variant("kalooki").entry_fields
    assert [f.name for f in kalooki if f.for_sitting_out] == ["rejoin"]
