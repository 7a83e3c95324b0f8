"""A league's Swiss rules through the use cases and pages: the tie-break ordering equal
scores (saved by the standings form, shown in tonight's order and on the night page),
Baku acceleration, pairs never seated together, each proposed table's reason, and all
of it kept through an export and an import."""

from __future__ import annotations

import json
import random
from datetime import date, timedelta

import pytest

from scorekeeper.league import services as league
from scorekeeper.league import swiss, transfer
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

# Eight at gin: four tables of two a round. Long accented names, as clubs have them.
EIGHT = [
    "Zoë Łukasiewicz-Ångström de la Peña-Øst",
    "Bob",
    "Çağla Yilmaz-Nørgaard",
    "Dee",
    "Eve",
    "Fátima Núñez-Oyelaran",
    "Gus",
    "Hélène",
]


def night_of_eight(uow, tiebreak="buchholz", rounds=3):
    olga = make_organizer(uow)
    lid = make_league(uow, olga, rules=GIN, names=EIGHT)
    rank_by_wins(uow, lid, olga, tiebreak=tiebreak)
    ids = member_ids(uow, lid, olga)
    night_id = seat_night(uow, lid, olga, [ids[name] for name in EIGHT])
    league.set_rounds(uow, lid, olga, night_id, rounds=rounds, method="swiss")
    league.start_round(uow, lid, olga, night_id)
    play_gin(uow, lid, olga, night_id, 1)
    return olga, lid, night_id, ids


def test_tonight_is_ordered_by_score_then_buchholz_computed_from_the_tables(uow):
    olga, lid, night_id, _ids = night_of_eight(uow)
    league.propose_round(uow, lid, olga, night_id, random.Random(3))
    league.start_round(uow, lid, olga, night_id)
    play_gin(uow, lid, olga, night_id, 2)
    _, night = league.night_view(uow, lid, olga, night_id)
    # Each table's first seat knocked and won: scores and opponents from the tables.
    score: dict[str, int] = {}
    opponents: dict[str, list[str]] = {}
    for table in night.tables:
        first, second = table.names
        score[first] = score.get(first, 0) + 1
        score.setdefault(second, 0)
        opponents.setdefault(first, []).append(second)
        opponents.setdefault(second, []).append(first)
    buchholz = {name: sum(score[o] for o in opponents[name]) for name in score}
    rounds = league.night_rounds(uow, lid, olga, night_id)
    assert rounds.tiebreak == "buchholz"
    shown = [(name, s, tb) for name, s, tb in rounds.standing]
    assert {name: (s, tb) for name, s, tb in shown} == {
        name: (score[name], buchholz[name]) for name in score
    }
    keys = [(-s, -tb) for _name, s, tb in shown]
    assert keys == sorted(keys)


def test_the_night_page_shows_the_tie_break_and_why_each_table_was_seated(client, uow):
    olga, lid, night_id, _ids = night_of_eight(uow, tiebreak="sonneborn")
    league.propose_round(uow, lid, olga, night_id, random.Random(3))
    login(client)
    page = client.get(f"/leagues/{lid}/nights/{night_id}").text
    assert "Equal scores are ordered by Sonneborn-Berger" in page
    assert "(SB " in page
    assert "Score group 1." in page and "Score group 0." in page
    assert "Colour-free" in page
    rounds = league.night_rounds(uow, lid, olga, night_id)
    # Four winners and four losers at tables of two: no float is needed.
    assert sorted(table.group for table in rounds.tables) == [0, 0, 1, 1]
    assert all(table.floats == () for table in rounds.tables)


def test_the_venue_screen_shows_each_score_with_its_tie_break(client, uow):
    olga, lid, night_id, _ids = night_of_eight(uow)
    league.propose_round(uow, lid, olga, night_id, random.Random(3))
    token = league.open_screen(uow, lid, olga, night_id)
    page = client.get(f"/leagues/{lid}/nights/{night_id}/screen/{token}").text
    rounds = league.night_rounds(uow, lid, olga, night_id)
    # After round 1 at gin each winner's Buchholz is 0 (their opponent lost), each loser's 1.
    assert {(score, tb) for _name, score, tb in rounds.standing} == {(1, 0), (0, 1)}
    assert page.count('class="tiebreak"') == 8
    assert "Bh 1" in page and "Bh 0" in page


def test_a_never_pair_is_kept_apart_in_every_swiss_round(client, uow):
    olga, lid, night_id, ids = night_of_eight(uow)
    rounds = league.night_rounds(uow, lid, olga, night_id)
    winners = [name for name, score in rounds.tonight if score == 1]
    first, second = ids[winners[0]], ids[winners[1]]
    login(client)
    form = {"first": str(first), "second": str(second)}
    assert client.post(f"/leagues/{lid}/never-pairs", data=form).status_code == 303
    view = league.league_view(uow, lid, olga)
    assert [(a, b) for a, _n, b, _m in view.ranking.never_pairs] == [tuple(sorted((first, second)))]
    assert winners[0] in client.get(f"/leagues/{lid}").text
    for seed in range(12):
        league.propose_round(uow, lid, olga, night_id, random.Random(seed))
        proposal = league.night_rounds(uow, lid, olga, night_id)
        assert not any({first, second} <= set(t.member_ids) for t in proposal.tables)
    refused = client.post(f"/leagues/{lid}/never-pairs", data={"first": "1", "second": "1"})
    assert refused.status_code == 422
    form["keep"] = "0"
    assert client.post(f"/leagues/{lid}/never-pairs", data=form).status_code == 303
    assert league.league_view(uow, lid, olga).ranking.never_pairs == ()


def test_the_standings_form_saves_the_tie_break_and_acceleration_and_refuses_others(client, uow):
    olga = make_organizer(uow)
    lid = make_league(uow, olga, rules=GIN, names=EIGHT)
    login(client)
    form = {"rank_by": "wins", "min_games": "0", "bye_counts": "none", "bye_scores": "nothing"}
    saved = client.post(
        f"/leagues/{lid}/ranking", data={**form, "tiebreak": "rating", "accelerate": "1"}
    )
    assert saved.status_code == 303
    ranking = league.league_view(uow, lid, olga).ranking
    assert (ranking.tiebreak, ranking.accelerate) == ("rating", True)
    refused = client.post(f"/leagues/{lid}/ranking", data={**form, "tiebreak": "coin"})
    assert refused.status_code == 422
    assert "must be buchholz, sonneborn or rating" in refused.text


def test_an_accelerated_night_seats_the_top_half_a_win_ahead_in_its_first_rounds(uow):
    olga = make_organizer(uow)
    lid = make_league(uow, olga, rules=GIN, names=EIGHT)
    rank_by_wins(uow, lid, olga, accelerate=True)
    ids = member_ids(uow, lid, olga)
    night_id = seat_night(uow, lid, olga, [ids[name] for name in EIGHT])
    # Five rounds: three accelerated (Baku), the first two with a whole virtual win.
    league.set_rounds(uow, lid, olga, night_id, rounds=5, method="swiss")
    league.start_round(uow, lid, olga, night_id)
    play_gin(uow, lid, olga, night_id, 1)
    # No ratings yet: group A is the first four by member id (Baku's initial order).
    group_a = set(sorted(ids.values())[:4])
    for seed in range(6):
        league.propose_round(uow, lid, olga, night_id, random.Random(seed))
        proposal = league.night_rounds(uow, lid, olga, night_id)
        scores = dict(proposal.tonight)
        paired = [
            sorted(
                (
                    scores.get(n, 0) + (m in group_a)
                    for n, m in zip(t.names, t.member_ids, strict=True)
                ),
                reverse=True,
            )
            for t in proposal.tables
        ]
        # Seated by score plus virtual win: the tables are that order's pairs from the top.
        ranked = sorted((v for table in paired for v in table), reverse=True)
        assert sorted(paired) == sorted(ranked[i : i + 2] for i in range(0, 8, 2))
    # Round 3 is accelerated by half a win, round 4 by none (FIDE C.04.5.1).
    assert [swiss.virtual_share(n, 5) for n in (2, 3, 4, 5)] == [1, 0.5, 0, 0]


def test_the_swiss_rules_survive_an_export_and_an_import(uow):
    olga, lid, _night_id, ids = night_of_eight(uow, tiebreak="sonneborn")
    rank_by_wins(uow, lid, olga, tiebreak="sonneborn", accelerate=True)
    league.never_pair(uow, lid, olga, ids["Bob"], ids["Hélène"], keep=True)
    document = json.loads(json.dumps(transfer.export_league(uow, lid, olga)))
    assert document["league"]["tiebreak"] == "sonneborn"
    imported = transfer.import_document(uow, olga, document)
    ranking = league.league_view(uow, imported.league_id, olga).ranking
    assert (ranking.tiebreak, ranking.accelerate) == ("sonneborn", True)
    assert [{n, m} for _a, n, _b, m in ranking.never_pairs] == [{"Bob", "Hélène"}]
    older = json.loads(json.dumps(document))
    for key in ("tiebreak", "accelerate", "never_pairs"):
        del older["league"][key]  # an export from before Swiss tie-breaks
    again = league.league_view(uow, transfer.import_document(uow, olga, older).league_id, olga)
    assert (again.ranking.tiebreak, again.ranking.accelerate) == ("buchholz", False)
    assert again.ranking.never_pairs == ()


def test_a_bye_asked_for_through_the_answer_link_is_given_in_that_round(client, uow):
    olga = make_organizer(uow)
    lid = make_league(uow, olga, rules=GIN, names=EIGHT)
    rank_by_wins(uow, lid, olga, bye_scores="half")
    day = date.today() + timedelta(days=1)
    typed = {"capacity": "", "answer_days": ""}
    league.plan_nights(uow, lid, olga, league.read_plan([day.isoformat()], **typed), None)
    planned = next(p.id for p in league.schedule_of(uow, lid, olga) if p.held_on == day)
    links = {link.name: link.token for link in league.make_answer_links(uow, lid, olga)}
    for name in EIGHT:
        league.give_answer(uow, links[name], planned, "yes")
    early, later = EIGHT[0], "Dee"
    page = client.get(f"/leagues/answers/{links[early]}").text
    assert "Sit out a round with a bye" in page
    asked = client.post(f"/leagues/answers/{links[early]}/{planned}/bye", data={"bye_round": "1"})
    assert asked.status_code == 303
    league.ask_bye(uow, links[later], planned, 2)
    assert 'value="1" selected' in client.get(f"/leagues/answers/{links[early]}").text
    ids = member_ids(uow, lid, olga)
    night_id = seat_night(uow, lid, olga, [ids[name] for name in EIGHT], held_on=day)
    league.set_rounds(uow, lid, olga, night_id, rounds=3, method="swiss")
    league.start_round(uow, lid, olga, night_id)
    rounds = league.night_rounds(uow, lid, olga, night_id)
    # Seven left to seat at gin: three tables, the asked bye and one more sit out.
    assert early in rounds.sitting_out and len(rounds.sitting_out) == 2
    play_gin(uow, lid, olga, night_id, 1)
    league.propose_round(uow, lid, olga, night_id, random.Random(4))
    proposal = league.night_rounds(uow, lid, olga, night_id)
    assert later in [name for _id, name in proposal.byes]
    assert all(later not in table.names for table in proposal.tables)
    # The bye scored what the league's byes score: half a win, FIDE's half-point bye.
    assert dict(proposal.tonight)[early] == 0.5
    # Asking is for a member coming, and for a round of the night.
    league.give_answer(uow, links["Bob"], planned, "maybe")
    with pytest.raises(InvalidInput):
        league.ask_bye(uow, links["Bob"], planned, 2)
    with pytest.raises(InvalidInput):
        league.ask_bye(uow, links[later], planned, 13)
