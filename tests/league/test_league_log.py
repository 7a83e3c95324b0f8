"""The league's log: each kind of change (a result, seating, an adjustment, a member,
a table's link, a setting) is recorded by its use case with who, when, before and
after; organizers read it on the director page; exports carry it and imports keep it."""

from __future__ import annotations

from datetime import date

import pytest

from scorekeeper.league import adjustments, log, transfer
from scorekeeper.league import services as league
from scorekeeper.service_layer import services
from scorekeeper.service_layer.errors import InvalidInput

from .support import login, make_league, make_organizer, member_ids, play_out, seat_night

CLUB = [f"Zoë-Łucja Wójcik-Gutiérrez de Ávila {n:02d}" for n in range(8)]


@pytest.fixture
def olga(uow, client) -> int:
    organizer = make_organizer(uow)
    login(client)
    return organizer


def confirmed_night(uow, lid, olga):
    """A confirming league's night of eight, its seating changed before play (two
    players at different tables swapped), table 1 played out and confirmed."""
    league.set_confirming(uow, lid, olga, True)
    ids = member_ids(uow, lid, olga)
    night_id = seat_night(uow, lid, olga, list(ids.values()), held_on=date.today())
    _, seated = league.night_view(uow, lid, olga, night_id)
    first, second = seated.tables[0].seats[0], seated.tables[1].seats[0]
    league.swap_seats(uow, lid, olga, night_id, first.member_id, second.member_id)
    league.start_night(uow, lid, olga, night_id)
    _, night = league.night_view(uow, lid, olga, night_id)
    play_out(uow, night.tables[0])
    token = league.confirm_link(uow, lid, olga, night.id, 1)
    page = league.confirm_page(uow, lid, night.id, 1, token)
    league.confirm_result(uow, lid, night.id, 1, token, page.seen)
    return night, first, second


def change_one_of_each(uow, lid, olga):
    night, first, second = confirmed_night(uow, lid, olga)
    names = [seat.name for seat in night.tables[0].seats]
    ids = member_ids(uow, lid, olga)
    league.set_paper_totals(uow, lid, olga, night.id, 1, {n: 7 for n in names})
    adjustment = adjustments.record_adjustment(
        uow,
        lid,
        olga,
        kind="penalty",
        night_id=night.id,
        member_id=ids[CLUB[5]],
        points=10,
        reason="Late by an hour",
    )
    adjustments.withdraw_adjustment(uow, lid, olga, adjustment)
    league.rename_member(uow, lid, olga, ids[CLUB[7]], "Żaneta Øyelaran-Ñúñez")
    league.new_link(uow, lid, olga, night.id, 2)
    league.set_ranking(
        uow, lid, olga, rank_by="rating", min_games=3, bye_counts="none", hide_money=False
    )
    return night, first, second, names


def test_each_kind_of_change_is_logged_with_who_before_and_after(uow, olga):
    lid = make_league(uow, olga, names=CLUB)
    night, first, second, names = change_one_of_each(uow, lid, olga)

    changes = log.league_log(uow, lid, olga)

    assert {change.kind for change in changes} == set(log.KINDS)
    assert all((c.who, c.role) == ("Olga", "owner") for c in changes)
    assert changes == sorted(changes, key=lambda c: c.at, reverse=True)  # newest first
    by_kind = {}
    for change in reversed(changes):
        by_kind.setdefault(change.kind, []).append(change)
    added = [c.subject for c in by_kind["member"][:8]]
    assert added == sorted(CLUB)  # make_league added them, each logged
    renamed = by_kind["member"][-1]
    assert (renamed.before, renamed.after) == (
        {"name": CLUB[7]},
        {"name": "Żaneta Øyelaran-Ñúñez"},
    )
    (swap,) = by_kind["seating"]
    assert swap.before == {first.name: 1, second.name: 2}
    assert swap.after == {first.name: 2, second.name: 1}
    (result,) = by_kind["result"]
    assert result.subject == f"{night.held_on.isoformat()} · 1"
    assert result.before == {"source": "phone", "paper_totals": None}
    assert result.after == {"source": "paper_totals", "paper_totals": {n: 7 for n in names}}
    assert result.after_confirmation  # a second phone had confirmed it
    made, withdrawn = by_kind["adjustment"]
    assert made.before is None and made.after["member"] == CLUB[5]
    assert made.after["points"] == 10 and made.after["reason"] == "Late by an hour"
    assert withdrawn.after["withdrawn"] is True
    (link,) = by_kind["link"]
    assert link.subject.endswith(" · 2") and link.after["link_round"] > link.before["link_round"]
    confirming, ranking = by_kind["settings"]
    assert (confirming.before, confirming.after) == (
        {"confirm_results": False},
        {"confirm_results": True},
    )
    assert (ranking.before["min_games"], ranking.after["min_games"]) == (0, 3)
    # Saving the same ranking again changes nothing, and logs nothing.
    league.set_ranking(
        uow, lid, olga, rank_by="rating", min_games=3, bye_counts="none", hide_money=False
    )
    assert len(log.league_log(uow, lid, olga)) == len(changes)


def test_the_export_carries_the_log_and_an_import_keeps_it(uow, olga):
    lid = make_league(uow, olga, names=CLUB)
    change_one_of_each(uow, lid, olga)
    document = transfer.export_league(uow, lid, olga)
    assert {entry["kind"] for entry in document["log"]} == set(log.KINDS)
    assert len(document["log"]) == len(log.league_log(uow, lid, olga))

    document["league"]["name"] = "Copy"
    copy = transfer.import_document(uow, olga, document).league_id

    assert log.league_log(uow, copy, olga) == log.league_log(uow, lid, olga)

    document["log"][0]["kind"] = "weather"
    with pytest.raises(InvalidInput) as refused:
        transfer.import_document(uow, olga, document)
    assert "log.0.kind" in refused.value.errors


def test_the_director_page_shows_the_log_to_organizers(client, uow, olga):
    lid = make_league(uow, olga, names=CLUB)
    change_one_of_each(uow, lid, olga)
    page = client.get(f"/leagues/{lid}/director").get_data(as_text=True)
    assert 'id="log"' in page
    assert "Żaneta Øyelaran-Ñúñez" in page and "changed after it was confirmed" in page


def test_a_correction_after_confirmation_is_noted_under_the_standings(client, uow, olga):
    lid = make_league(uow, olga, names=CLUB)
    night, *_ = change_one_of_each(uow, lid, olga)
    page = client.get(f"/leagues/{lid}/standings").get_data(as_text=True)
    assert 'class="corrections"' in page
    assert f"{night.held_on.isoformat()} · 1, by Olga" in page
    (corrected,) = log.corrections(uow, lid, olga)
    assert corrected.subject == f"{night.held_on.isoformat()} · 1"
    assert log.corrections(uow, lid, olga, season="no such season") == []


def test_two_spellings_merged_are_logged_as_one_change(uow, olga):
    lid = make_league(uow, olga, names=[*CLUB, "Zoe-Lucja Wojcik-Gutierrez de Avila 00"])
    ids = member_ids(uow, lid, olga)
    league.merge_members(
        uow, lid, olga, ids["Zoe-Lucja Wojcik-Gutierrez de Avila 00"], ids[CLUB[0]]
    )
    merged = log.league_log(uow, lid, olga)[0]
    assert (merged.kind, merged.subject) == ("member", "Zoe-Lucja Wojcik-Gutierrez de Avila 00")
    assert merged.after == {"name": CLUB[0], "merged": True}


def test_a_phone_correcting_a_confirmed_table_through_its_link_is_logged_and_noted(
    client, uow, olga
):
    lid = make_league(uow, olga, names=CLUB)
    night, *_ = confirmed_night(uow, lid, olga)
    table = night.tables[0]
    names = [seat.name for seat in table.seats]
    # The phone at table 1 corrects deal 1 through the table's page, as a player would.
    stored = services.load_game(uow, table.game_id).entries[0]
    corrected = {**stored, "hands": {n: 25 for n in names if n != stored["out"]}}
    corrected.pop("number", None)
    services.correct_deal(uow, table.game_id, table.edit_token, 1, corrected)
    # Then undoes the last deal.
    services.delete_last_deal(uow, table.game_id, table.edit_token, 2)

    undone, fixed = [c for c in log.league_log(uow, lid, olga) if c.kind == "result"][:2]
    subject = f"{night.held_on.isoformat()} · 1"
    assert (fixed.subject, fixed.role) == (subject, "link")
    assert fixed.before["deal"] == fixed.after["deal"] == 1
    assert fixed.before["entry"]["hands"] != fixed.after["entry"]["hands"]
    assert fixed.after["entry"]["hands"] == corrected["hands"]
    assert fixed.after_confirmation  # a second phone had confirmed the result
    assert undone.before["deal"] == 2 and undone.after is None
    assert not undone.after_confirmation  # the correction had unconfirmed it
    page = client.get(f"/leagues/{lid}/standings").get_data(as_text=True)
    assert f"{subject}, by a phone with the table&#39;s link" in page
    french = client.get(f"/leagues/{lid}/director", headers={"Accept-Language": "fr"})
    assert "un téléphone avec le lien de la table (link)" in french.get_data(as_text=True)
    assert [c.subject for c in log.corrections(uow, lid, olga)] == [subject]
    # The export carries them, and an import keeps them.
    document = transfer.export_league(uow, lid, olga)
    assert sum(entry["role"] == "link" for entry in document["log"]) == 2
