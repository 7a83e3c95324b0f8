"""What a bye scores, as the league chooses: nothing, half a win or a win, in tonight's
score (Swiss seats by it), in the standings' wins, on the night page and the standings
page, kept through an export and an import."""

from __future__ import annotations

import json
import random

import pytest

from scorekeeper.league import services as league
from scorekeeper.league import transfer
from scorekeeper.service_layer.services import InvalidInput

from .support import (
    GIN,
    login,
    make_league,
    make_organizer,
    member_ids,
    play_gin,
    rank_by_wins,
    seat_night,
)

# Five at gin: two tables and one bye a round. Long accented names, as clubs have them.
FIVE = [
    "Zoë Łukasiewicz-Ångström de la Peña-Øst",
    "Bob",
    "Çağla Yilmaz-Nørgaard",
    "Dee",
    "Eve",
]


def two_rounds(uow, bye_scores):
    olga = make_organizer(uow)
    lid = make_league(uow, olga, rules=GIN, names=FIVE)
    rank_by_wins(uow, lid, olga, bye_scores=bye_scores)
    ids = member_ids(uow, lid, olga)
    night_id = seat_night(uow, lid, olga, [ids[name] for name in FIVE])
    league.set_rounds(uow, lid, olga, night_id, rounds=2, method="swiss")
    league.start_round(uow, lid, olga, night_id)
    play_gin(uow, lid, olga, night_id, 1)
    return olga, lid, night_id


@pytest.mark.parametrize(("bye_scores", "share"), [("nothing", 0), ("half", 0.5), ("win", 1)])
def test_a_bye_scores_what_the_league_chose_tonight_and_in_the_standings(uow, bye_scores, share):
    olga, lid, night_id = two_rounds(uow, bye_scores)
    rounds = league.night_rounds(uow, lid, olga, night_id)
    (sat_out,) = rounds.sitting_out
    tonight = dict(rounds.tonight)
    # At gin a win beats one player: the bye scores that share of it tonight.
    assert tonight.get(sat_out, 0) == share
    _, standing = league.league_standings(uow, lid, olga, None)
    line = next(line for line in standing.lines if line.name == sat_out)
    assert (line.byes, line.games, line.wins, line.bye_wins) == (1, 0, share, share)
    assert standing.bye_scores == bye_scores
    assert sum(line.wins for line in standing.lines) == 2 + share


def test_a_swiss_round_after_a_winning_bye_seats_the_bye_with_the_winners(uow):
    olga, lid, night_id = two_rounds(uow, "win")
    rounds = league.night_rounds(uow, lid, olga, night_id)
    (sat_out,) = rounds.sitting_out
    league.propose_round(uow, lid, olga, night_id, random.Random(5))
    proposal = league.night_rounds(uow, lid, olga, night_id)
    top = set(proposal.tables[0].names)
    # The two winners and the bye each scored 1: the bye now goes to a loser (score 0).
    (bye_next,) = (name for _, name in proposal.byes)
    assert dict(rounds.tonight).get(bye_next, 0) == 0
    assert sat_out in top or sat_out in set(proposal.tables[1].names)


def test_the_night_and_the_standings_pages_say_what_a_bye_scores(client, uow):
    _olga, lid, night_id = two_rounds(uow, "half")
    login(client)
    night_page = client.get(f"/leagues/{lid}/nights/{night_id}").text
    assert "A bye scores: Half a win." in night_page
    standings_page = client.get(f"/leagues/{lid}/standings").text
    assert "Each bye adds half a win." in standings_page
    assert ">0.5<" in standings_page


def test_the_ranking_form_saves_what_a_bye_scores_and_refuses_others(client, uow):
    olga = make_organizer(uow)
    lid = make_league(uow, olga, rules=GIN, names=FIVE)
    login(client)
    form = {"rank_by": "wins", "min_games": "0", "bye_counts": "none", "bye_scores": "win"}
    assert client.post(f"/leagues/{lid}/ranking", data=form).status_code == 303
    assert league.league_view(uow, lid, olga).ranking.bye_scores == "win"
    page = client.get(f"/leagues/{lid}").text
    assert '<option value="win" selected>' in page
    refused = client.post(f"/leagues/{lid}/ranking", data={**form, "bye_scores": "double"})
    assert refused.status_code == 422
    assert league.league_view(uow, lid, olga).ranking.bye_scores == "win"
    with pytest.raises(InvalidInput) as raised:
        rank_by_wins(uow, lid, olga, bye_scores="double")
    assert set(raised.value.errors) == {"bye_scores"}


def test_what_a_bye_scores_survives_an_export_and_an_import(uow):
    olga, lid, _night_id = two_rounds(uow, "half")
    document = transfer.export_league(uow, lid, olga)
    assert document["league"]["bye_scores"] == "half"
    imported = transfer.import_document(uow, olga, json.loads(json.dumps(document)))
    view = league.league_view(uow, imported.league_id, olga)
    assert view.ranking.bye_scores == "half"
    older = json.loads(json.dumps(document))
    del older["league"]["bye_scores"]  # an export from before byes could score
    again = transfer.import_document(uow, olga, older)
    assert league.league_view(uow, again.league_id, olga).ranking.bye_scores == "nothing"
