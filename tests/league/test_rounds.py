"""A night in rounds through the use cases: proposed from the results, a swap, started,
and every round's games in the standings."""

from __future__ import annotations

import json
import random
import re
from datetime import UTC, datetime

import pytest

from scorekeeper.league import services as league
from scorekeeper.league import transfer
from scorekeeper.service_layer import services
from scorekeeper.service_layer.services import InvalidInput

from .support import (
    GIN,
    NAMES,
    figures,
    login,
    make_league,
    make_organizer,
    member_ids,
    play_out,
    seat_night,
)


def tables_of(uow, lid, olga, night_id, round_number):
    _, night = league.night_view(uow, lid, olga, night_id)
    return [table for table in night.tables if table.round == round_number]


def play_round(uow, lid, olga, night_id, round_number):
    for table in tables_of(uow, lid, olga, night_id, round_number):
        play_out(uow, table, winner_seat=0)


def play_gin(uow, lid, olga, night_id, round_number):
    """One deal at each gin table of the round, then ended early: each table counts."""
    for table in tables_of(uow, lid, olga, night_id, round_number):
        first, second = table.names
        entry = {"knocker": first, "hands": {first: 3, second: 30}}
        services.record_deal(uow, table.game_id, table.edit_token, entry)
        league.set_closed(uow, lid, olga, night_id, table.number, True)


def test_a_three_round_swiss_night_is_proposed_swapped_started_and_counted(uow):
    olga = make_organizer(uow)
    lid = make_league(uow, olga)
    ids = member_ids(uow, lid, olga)
    present = [ids[name] for name in NAMES[:9]]  # 9 at 4 a table: three tables of 3
    night_id = seat_night(uow, lid, olga, present)
    league.set_rounds(uow, lid, olga, night_id, rounds=3, method="swiss", minutes=30)
    league.start_round(uow, lid, olga, night_id)  # round 1, with its clock
    first = league.night_rounds(uow, lid, olga, night_id)
    assert first.current == 1 and first.ends_at is not None and first.ends_at > datetime.now(UTC)
    with pytest.raises(InvalidInput, match="not over"):
        league.propose_round(uow, lid, olga, night_id)
    play_round(uow, lid, olga, night_id, 1)

    assert league.propose_round(uow, lid, olga, night_id, random.Random(3)) == 2
    proposal = league.night_rounds(uow, lid, olga, night_id)
    assert proposal.proposed == 2 and [t.number for t in proposal.tables] == [4, 5, 6]
    winners = [t.names[0] for t in tables_of(uow, lid, olga, night_id, 1)]
    # Swiss: tonight's three winners (two players beaten each) share the top table.
    assert set(proposal.tables[0].names) == set(winners)
    assert {move.was for move in proposal.moves} == {1, 2, 3}
    a, b = proposal.tables[0].member_ids[0], proposal.tables[1].member_ids[0]
    league.swap_in_round(uow, lid, olga, night_id, a, b)
    swapped = league.night_rounds(uow, lid, olga, night_id)
    assert swapped.tables[0].member_ids[0] == b and swapped.tables[1].member_ids[0] == a

    league.start_round(uow, lid, olga, night_id)
    second = tables_of(uow, lid, olga, night_id, 2)
    assert all(t.game_id for t in second) and [t.number for t in second] == [4, 5, 6]
    play_round(uow, lid, olga, night_id, 2)
    league.propose_round(uow, lid, olga, night_id, random.Random(4))
    league.start_round(uow, lid, olga, night_id)
    play_round(uow, lid, olga, night_id, 3)
    done = league.night_rounds(uow, lid, olga, night_id)
    assert done.current == 3 and not done.can_propose
    with pytest.raises(InvalidInput, match="no next round"):
        league.propose_round(uow, lid, olga, night_id)

    _, standing = league.league_standings(uow, lid, olga, None)
    assert {line.name: line.games for line in standing.lines if line.games} == {
        name: 3 for name in NAMES[:9]
    }
    # Round 1 is as a one-round night has it: tables 1 to 3.
    assert [t.number for t in tables_of(uow, lid, olga, night_id, 1)] == [1, 2, 3]


def test_a_night_not_in_rounds_stays_one_round(uow):
    olga = make_organizer(uow)
    lid = make_league(uow, olga)
    ids = member_ids(uow, lid, olga)
    night_id = seat_night(uow, lid, olga, [ids[name] for name in NAMES[:8]])
    league.start_night(uow, lid, olga, night_id)
    shown = league.night_rounds(uow, lid, olga, night_id)
    assert not shown.in_rounds and not shown.can_propose and shown.current == 1
    with pytest.raises(InvalidInput):
        league.propose_round(uow, lid, olga, night_id)


def test_rounds_refuse_bad_numbers_field_by_field(uow):
    olga = make_organizer(uow)
    lid = make_league(uow, olga)
    ids = member_ids(uow, lid, olga)
    night_id = seat_night(uow, lid, olga, [ids[name] for name in NAMES[:8]])
    with pytest.raises(InvalidInput) as refused:
        league.set_rounds(uow, lid, olga, night_id, rounds=0, method="chess", minutes=1)
    assert set(refused.value.errors) == {"rounds", "method", "minutes"}
    assert not league.night_rounds(uow, lid, olga, night_id).in_rounds


def test_the_night_page_and_the_venue_screen_follow_the_rounds(client, uow):
    olga = make_organizer(uow)
    login(client)
    lid = make_league(uow, olga)
    ids = member_ids(uow, lid, olga)
    night_id = seat_night(uow, lid, olga, [ids[name] for name in NAMES[:9]])
    page = f"/leagues/{lid}/nights/{night_id}"
    assert client.post(f"{page}/rounds", data={"rounds": "2", "method": "king", "minutes": "20"})
    assert client.post(f"{page}/rounds/start").status_code == 303
    assert "Round 1 of 2" in client.get(page).text
    client.post(f"{page}/screen")
    (url,) = re.findall(r'<a href="([^"]+)" class="screen-link">', client.get(page).text)
    screen = url.split("localhost", 1)[-1]
    shown = client.get(screen).text
    assert "Round 1 of 2" in shown and 'class="countdown"' in shown and "Table 1" in shown
    play_round(uow, lid, olga, night_id, 1)
    client.post(f"{page}/rounds/propose")
    night = client.get(page).text
    assert "Round 2 as proposed" in night and "Start round 2" in night
    shown = client.get(screen).text
    assert "Next: round 2 of 2" in shown and "from table 1" in shown and "Table 4" in shown
    assert 'class="countdown"' not in shown  # no clock between rounds
    client.post(f"{page}/rounds/start")
    shown = client.get(screen).text
    assert "Round 2 of 2" in shown and "Table 4" in shown and "Table 1<" not in shown


def test_bad_rounds_from_the_form_are_refused_with_the_field_said(client, uow):
    olga = make_organizer(uow)
    login(client)
    lid = make_league(uow, olga)
    ids = member_ids(uow, lid, olga)
    night_id = seat_night(uow, lid, olga, [ids[name] for name in NAMES[:8]])
    page = f"/leagues/{lid}/nights/{night_id}"
    answer = client.post(
        f"{page}/rounds",
        data={"rounds": "x", "method": "swiss", "minutes": "soon"},
        headers={"Referer": f"http://localhost{page}"},
        follow_redirects=True,
    )
    assert answer.status_code == 200
    assert "must be a whole number from 1 to 12" in answer.text
    assert "minutes must be a whole number of minutes" in answer.text
    huge = client.post(
        f"{page}/rounds",
        data={"rounds": "2", "method": "swiss", "minutes": "9" * 20},
        headers={"Referer": f"http://localhost{page}"},
        follow_redirects=True,
    )
    assert "minutes must be a whole number of minutes" in huge.text
    assert not league.night_rounds(uow, lid, olga, night_id).in_rounds


def test_a_late_arrival_plays_from_the_next_round(uow):
    olga = make_organizer(uow)
    lid = make_league(uow, olga)
    ids = member_ids(uow, lid, olga)
    night_id = seat_night(uow, lid, olga, [ids[name] for name in NAMES[:8]])
    league.set_rounds(uow, lid, olga, night_id, rounds=2, method="king")
    league.start_round(uow, lid, olga, night_id)
    league.add_late_arrival(uow, lid, olga, night_id, ids["Ivy"])  # no table: a bye
    play_round(uow, lid, olga, night_id, 1)
    league.propose_round(uow, lid, olga, night_id, random.Random(1))
    proposal = league.night_rounds(uow, lid, olga, night_id)
    seated = [name for table in proposal.tables for name in table.names]
    assert sorted(seated) == sorted(NAMES[:9]) and proposal.came_from["Ivy"] is None
    # King of the hill: the one back from a bye joins the bottom table.
    assert "Ivy" in proposal.tables[-1].names


def test_a_night_in_rounds_exports_and_imports_with_its_rounds_and_byes(uow):

    from .support import GIN

    olga = make_organizer(uow)
    lid = make_league(uow, olga, rules=GIN)
    ids = member_ids(uow, lid, olga)
    # Five at gin: two tables and one bye each round.
    night_id = seat_night(uow, lid, olga, [ids[name] for name in NAMES[:5]])
    league.set_rounds(uow, lid, olga, night_id, rounds=2, method="swiss", minutes=15)
    league.start_round(uow, lid, olga, night_id)
    play_gin(uow, lid, olga, night_id, 1)
    league.propose_round(uow, lid, olga, night_id, random.Random(2))
    league.start_round(uow, lid, olga, night_id)
    play_gin(uow, lid, olga, night_id, 2)
    document = transfer.export_league(uow, lid, olga)
    (night,) = document["nights"]
    assert [t.get("round", 1) for t in night["tables"]] == [1, 1, 2, 2]
    assert len(night["byes"]) == 1 and len(night["later_byes"][0]) == 1

    imported = transfer.import_document(uow, olga, json.loads(json.dumps(document)))

    assert figures(uow, imported.league_id, olga) == figures(uow, lid, olga)
    again = transfer.export_league(uow, imported.league_id, olga)["nights"][0]
    assert (again["rounds"], again["round_method"], again["round_minutes"]) == (2, "swiss", 15)
    assert [t.get("round", 1) for t in again["tables"]] == [1, 1, 2, 2]
    names = {m["id"]: m["name"] for m in document["members"]}
    new_names = {
        m["id"]: m["name"] for m in transfer.export_league(uow, imported.league_id, olga)["members"]
    }
    assert [names[m] for m in night["later_byes"][0]] == [
        new_names[m] for m in again["later_byes"][0]
    ]


def test_a_player_sitting_out_the_next_round_can_be_swapped_in(uow):
    olga = make_organizer(uow)
    lid = make_league(uow, olga, rules=GIN)
    ids = member_ids(uow, lid, olga)
    night_id = seat_night(uow, lid, olga, [ids[name] for name in NAMES[:5]])
    league.set_rounds(uow, lid, olga, night_id, rounds=2, method="random")
    league.start_round(uow, lid, olga, night_id)
    first_bye = league.night_view(uow, lid, olga, night_id)[1].byes[0][0]
    play_gin(uow, lid, olga, night_id, 1)
    league.propose_round(uow, lid, olga, night_id, random.Random(5))
    proposal = league.night_rounds(uow, lid, olga, night_id)
    ((out, _name),) = proposal.byes
    assert out != first_bye  # nobody sits out twice before everyone has once
    seated = proposal.tables[0].member_ids[1]
    league.swap_in_round(uow, lid, olga, night_id, seated, out)
    after = league.night_rounds(uow, lid, olga, night_id)
    assert [member for member, _name in after.byes] == [seated]
    assert after.tables[0].member_ids[1] == out
    with pytest.raises(InvalidInput):
        league.swap_in_round(uow, lid, olga, night_id, seated, seated)


def test_a_timed_rounds_end_is_said_on_the_leagues_clock(client, uow):
    from zoneinfo import ZoneInfo

    from babel.dates import format_time
    from sqlalchemy import update

    from scorekeeper.league.models import League

    olga = make_organizer(uow)
    login(client)
    lid = make_league(uow, olga)
    with uow:
        uow.session.execute(
            update(League).where(League.public_id == lid).values(time_zone="America/New_York")
        )
        uow.commit()
    ids = member_ids(uow, lid, olga)
    night_id = seat_night(uow, lid, olga, [ids[name] for name in NAMES[:4]])
    league.start_night(uow, lid, olga, night_id)
    # Timed once play is on: the round in play gets its clock now.
    league.set_rounds(uow, lid, olga, night_id, rounds=2, method="random", minutes=45)
    shown = league.night_rounds(uow, lid, olga, night_id)
    assert shown.ends_local == shown.ends_at.astimezone(ZoneInfo("America/New_York")).time()
    said = format_time(shown.ends_local, "short", locale="en")
    assert f"this round ends at {said}" in client.get(f"/leagues/{lid}/nights/{night_id}").text


def test_a_proposal_seated_again_does_not_count_its_own_byes(uow):
    olga = make_organizer(uow)
    lid = make_league(uow, olga, rules=GIN)
    ids = member_ids(uow, lid, olga)
    # Three at gin: one table and one bye a round; round 1's bye has had theirs.
    night_id = seat_night(uow, lid, olga, [ids[name] for name in NAMES[:3]])
    league.set_rounds(uow, lid, olga, night_id, rounds=2, method="random")
    league.start_round(uow, lid, olga, night_id)
    first_bye = league.night_view(uow, lid, olga, night_id)[1].byes[0][0]
    play_gin(uow, lid, olga, night_id, 1)
    for seed in range(4):
        # The same chance twice gives the same bye: the first proposal's is not counted.
        chosen = []
        for _again in range(2):
            league.propose_round(uow, lid, olga, night_id, random.Random(seed))
            ((out, _name),) = league.night_rounds(uow, lid, olga, night_id).byes
            chosen.append(out)
        assert chosen[0] == chosen[1] != first_bye


def test_starting_play_starts_round_ones_clock(uow):
    olga = make_organizer(uow)
    lid = make_league(uow, olga)
    ids = member_ids(uow, lid, olga)
    night_id = seat_night(uow, lid, olga, [ids[name] for name in NAMES[:4]])
    league.set_rounds(uow, lid, olga, night_id, rounds=2, method="swiss", minutes=20)
    assert league.night_rounds(uow, lid, olga, night_id).ends_at is None
    league.start_night(uow, lid, olga, night_id)  # the night page's own Start play
    ends = league.night_rounds(uow, lid, olga, night_id).ends_at
    assert ends is not None and ends > datetime.now(UTC)


def test_the_night_page_names_who_sits_out_the_round_in_play(client, uow):
    olga = make_organizer(uow)
    login(client)
    lid = make_league(uow, olga, rules=GIN)
    ids = member_ids(uow, lid, olga)
    night_id = seat_night(uow, lid, olga, [ids[name] for name in NAMES[:3]])
    league.set_rounds(uow, lid, olga, night_id, rounds=2, method="king")
    league.start_round(uow, lid, olga, night_id)
    play_gin(uow, lid, olga, night_id, 1)
    league.propose_round(uow, lid, olga, night_id, random.Random(1))
    league.start_round(uow, lid, olga, night_id)
    shown = league.night_rounds(uow, lid, olga, night_id)
    (out,) = shown.sitting_out
    page = client.get(f"/leagues/{lid}/nights/{night_id}").text
    assert f"Sitting out this round: {out}." in page


def test_fewer_rounds_drop_a_proposal_past_them(uow):
    olga = make_organizer(uow)
    lid = make_league(uow, olga)
    ids = member_ids(uow, lid, olga)
    night_id = seat_night(uow, lid, olga, [ids[name] for name in NAMES[:8]])
    league.set_rounds(uow, lid, olga, night_id, rounds=3, method="swiss")
    league.start_round(uow, lid, olga, night_id)
    play_round(uow, lid, olga, night_id, 1)
    league.propose_round(uow, lid, olga, night_id)
    league.set_rounds(uow, lid, olga, night_id, rounds=1, method="swiss")
    shown = league.night_rounds(uow, lid, olga, night_id)
    assert shown.proposed is None and not shown.can_propose
    assert len(league.night_view(uow, lid, olga, night_id)[1].tables) == 2
    with pytest.raises(InvalidInput, match="No round is waiting"):
        league.start_round(uow, lid, olga, night_id)
