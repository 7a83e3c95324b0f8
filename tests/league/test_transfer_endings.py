"""Export and import carry what issue 15 added to a game: its early end and its seats."""

from __future__ import annotations

import json

import pytest

from scorekeeper.league import transfer
from scorekeeper.service_layer import services
from scorekeeper.service_layer.errors import InvalidInput

from .support import make_organizer

PLAYERS = ["Ann", "Bob", "Cy"]


def ann_goes_out(bob: int = 5, cy: int = 7) -> dict:
    return {"out": "Ann", "hands": {"Bob": bob, "Cy": cy}}


def ended_game(uow) -> str:
    started = services.start_game(uow, variant="rummy", players=PLAYERS)
    public_id, token = started.game.public_id, started.edit_token
    services.record_deal(uow, public_id, token, ann_goes_out())
    services.record_deal(uow, public_id, token, {"out": "Bob", "hands": {"Ann": 30, "Cy": 2}})
    services.end_game(uow, public_id, token)
    return public_id


def test_a_game_ended_early_is_exported_and_imported_ended_early(uow):
    olga = make_organizer(uow)
    public_id = ended_game(uow)
    document = transfer.export_game(uow, public_id)
    assert document["ending"] == {"split": False}

    imported = transfer.import_document(uow, olga, json.loads(json.dumps(document)))

    copy = services.check_edit_token(uow, imported.game_id, imported.edit_token)
    assert copy.state.ended_early is True
    assert copy.state.winners == ["Bob"]
    assert transfer.export_game(uow, imported.game_id)["ending"] == {"split": False}
    # The imported game can be reopened like any other.
    reopened = services.reopen_game(uow, imported.game_id, imported.edit_token)
    assert reopened.state.finished is False


def test_an_open_game_exports_no_ending_and_an_older_document_without_one_imports(uow):
    olga = make_organizer(uow)
    started = services.start_game(uow, variant="rummy", players=PLAYERS)
    services.record_deal(uow, started.game.public_id, started.edit_token, ann_goes_out())
    document = transfer.export_game(uow, started.game.public_id)
    assert document["ending"] is None
    del document["ending"]  # as exported before endings existed
    imported = transfer.import_document(uow, olga, document)
    copy = services.load_game(uow, imported.game_id)
    assert copy.state.ended_early is False
    assert copy.state.finished is False


@pytest.mark.parametrize("ending", [{"split": "no"}, {"split": False, "by": "Ann"}, [], "yes"])
def test_an_ending_that_is_not_null_or_a_split_flag_is_refused_by_name(uow, ending):
    olga = make_organizer(uow)
    document = transfer.export_game(uow, ended_game(uow))
    document["ending"] = ending
    with pytest.raises(InvalidInput) as refused:
        transfer.import_document(uow, olga, document)
    assert any(path.startswith("game.ending") for path in refused.value.errors)


def test_a_split_ending_on_a_game_that_cannot_split_is_refused(uow):
    olga = make_organizer(uow)
    document = transfer.export_game(uow, ended_game(uow))
    document["ending"] = {"split": True}
    with pytest.raises(InvalidInput) as refused:
        transfer.import_document(uow, olga, document)
    assert any(path.startswith("game") for path in refused.value.errors)


def test_a_partnership_game_keeps_its_seats_through_export_and_import(uow):
    olga = make_organizer(uow)
    seats = ["Nadia", "Émile", "Søren", "Wanjiru"]
    started = services.start_game(
        uow, variant="canasta", players=["NS", "EW"], seats=seats, first_dealer="Émile"
    )
    document = transfer.export_game(uow, started.game.public_id)
    assert document["setup"]["seats"] == seats
    imported = transfer.import_document(uow, olga, json.loads(json.dumps(document)))
    copy = services.load_game(uow, imported.game_id)
    assert copy.setup.seats == tuple(seats)
    assert copy.state.next_deal["dealer"] == "Émile"
