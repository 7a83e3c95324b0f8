"""Second-phone confirmation: another phone at the table confirms its result, a
correction un-confirms it, and the night board and the venue screen say which results
are missing and which are unconfirmed (league/confirm.py)."""

from __future__ import annotations

import re
from datetime import date

import pytest

from scorekeeper.league import services as league
from scorekeeper.service_layer import services

from .support import NAMES, login, make_league, make_organizer, member_ids, play_out
from .support import started_night as start


@pytest.fixture
def night(uow):
    """A confirming league's night of two tables: table 1 played out, table 2 not."""
    olga = make_organizer(uow)
    lid = make_league(uow, olga)
    league.set_confirming(uow, lid, olga, True)
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, [ids[n] for n in NAMES[:8]], held_on=date.today())
    play_out(uow, night.tables[0])
    return olga, lid, night


def token_of(uow, olga, lid, night, number: int = 1) -> str:
    return league.confirm_link(uow, lid, olga, night.id, number)


def confirm(uow, lid, night, token, number: int = 1):
    page = league.confirm_page(uow, lid, night.id, number, token)
    return league.confirm_result(uow, lid, night.id, number, token, page.seen)


def states(uow, olga, lid, night) -> list[str | None]:
    return [g.confirmation for g in league.night_glance(uow, lid, olga, night.id)]


def test_a_result_is_unconfirmed_until_a_second_phone_confirms_it(uow, night):
    olga, lid, night = night
    token = token_of(uow, olga, lid, night)
    assert states(uow, olga, lid, night) == ["unconfirmed", "waiting"]
    page = league.confirm_page(uow, lid, night.id, 1, token)
    assert page.result_in and not page.confirmed and page.winners == (night.tables[0].names[0],)
    before = league.night_version(uow, lid, olga, night.id)

    confirmed = confirm(uow, lid, night, token)

    assert confirmed.confirmed
    assert states(uow, olga, lid, night) == ["confirmed", "waiting"]
    assert league.night_version(uow, lid, olga, night.id) != before  # the boards follow
    _, seen = league.night_view(uow, lid, olga, night.id)
    assert seen.tables[0].confirmed


def test_a_correction_after_confirmation_unconfirms(uow, night):
    olga, lid, night = night
    token = token_of(uow, olga, lid, night)
    confirm(uow, lid, night, token)
    table = night.tables[0]
    names = list(table.names)
    entry = {"out": names[0], "hands": {n: 20 for n in names[1:]}}
    services.correct_deal(uow, table.game_id, table.edit_token, 1, entry)
    assert states(uow, olga, lid, night) == ["unconfirmed", "waiting"]
    confirm(uow, lid, night, token)
    # A change made by the organizer (totals typed from paper) un-confirms too.
    league.set_paper_totals(uow, lid, olga, night.id, 1, {n: 1 for n in names})
    assert states(uow, olga, lid, night) == ["unconfirmed", "waiting"]


def test_a_result_not_in_or_changed_meanwhile_is_refused_and_nothing_stored(uow, night):
    olga, lid, night = night
    waiting = token_of(uow, olga, lid, night, 2)
    page = league.confirm_page(uow, lid, night.id, 2, waiting)
    assert not page.result_in
    with pytest.raises(services.InvalidInput):
        league.confirm_result(uow, lid, night.id, 2, waiting, page.seen)
    token = token_of(uow, olga, lid, night)
    seen = league.confirm_page(uow, lid, night.id, 1, token).seen
    league.set_closed(uow, lid, olga, night.id, 1, True)  # the table's revision moves on
    with pytest.raises(services.InvalidInput):
        league.confirm_result(uow, lid, night.id, 1, token, seen)
    assert states(uow, olga, lid, night) == ["unconfirmed", "waiting"]


def test_a_confirm_link_is_the_tables_own_and_a_new_edit_link_replaces_it(uow, night):
    olga, lid, night = night
    token = token_of(uow, olga, lid, night)
    other = token_of(uow, olga, lid, night, 2)
    assert token != other and token != night.tables[0].edit_token
    for wrong in (other, token[:-1], "", None):
        with pytest.raises(league.NotFound):
            league.confirm_page(uow, lid, night.id, 1, wrong)
    league.new_link(uow, lid, olga, night.id, 1)
    with pytest.raises(league.NotFound):
        league.confirm_page(uow, lid, night.id, 1, token)
    confirm(uow, lid, night, token_of(uow, olga, lid, night))


def test_a_league_that_does_not_ask_shows_no_confirmation(uow, night):
    olga, lid, night = night
    league.set_confirming(uow, lid, olga, False)
    assert states(uow, olga, lid, night) == [None, None]


def confirm_path(client, lid, night) -> str:
    page = client.get(f"/leagues/{lid}/nights/{night.id}/tables/1").text
    (url,) = re.findall(r'<a class="confirm-link" href="([^"]+)">', page)
    return url.split("localhost", 1)[-1]


def test_the_phone_that_records_cannot_confirm_another_phone_can(app, client, uow, night):
    _olga, lid, night = night
    login(client)
    path = confirm_path(client, lid, night)
    board = client.get(f"/leagues/{lid}/nights/{night.id}/board").text
    assert "Unconfirmed: table 1" in board and "Missing results: table 2" in board
    recorder = app.test_client()
    table = night.tables[0]
    recorder.get(f"/games/{table.game_id}/edit/{table.edit_token}")
    refused = recorder.get(path)
    assert refused.status_code == 403 and "another phone" in refused.text

    opponent = app.test_client()  # no login, no edit link: the link is the key
    page = opponent.get(path)
    assert page.status_code == 200 and "Yes, confirm this result" in page.text
    seen = re.search(r'name="seen" value="([^"]+)"', page.text).group(1)
    assert recorder.post(path, data={"seen": seen}).status_code == 403
    done = opponent.post(path, data={"seen": seen}, follow_redirects=True)
    assert "is confirmed" in done.text and "Confirmed." in done.text
    board = client.get(f"/leagues/{lid}/nights/{night.id}/board").text
    assert "Unconfirmed" not in board and "Missing results: table 2" in board


def test_the_venue_screen_says_what_is_missing_and_unconfirmed(client, uow, night):
    olga, lid, night = night
    login(client)
    client.post(f"/leagues/{lid}/nights/{night.id}/screen")
    token = league.screen_token(uow, lid, olga, night.id)
    screen = client.get(f"/leagues/{lid}/nights/{night.id}/screen/{token}/board").text
    assert "Missing results: table 2" in screen and "Unconfirmed: table 1" in screen
    confirm(uow, lid, night, token_of(uow, olga, lid, night))
    screen = client.get(f"/leagues/{lid}/nights/{night.id}/screen/{token}/board").text
    assert "Unconfirmed" not in screen


def test_the_organizer_turns_confirmation_on_and_off(client, uow, night):
    olga, lid, night = night
    login(client)
    assert "Stop asking for a second phone" in client.get(f"/leagues/{lid}").text
    assert client.post(f"/leagues/{lid}/confirming", data={"confirming": "0"}).status_code == 303
    assert not league.league_view(uow, lid, olga).confirming
    assert "/confirm/" not in client.get(f"/leagues/{lid}/nights/{night.id}/tables/1").text


def test_the_recording_phones_game_page_shows_the_confirm_link_once_the_result_is_in(
    app, uow, night
):
    olga, lid, night = night
    played, waiting = night.tables
    recorder = app.test_client()
    for table in night.tables:
        recorder.get(f"/games/{table.game_id}/edit/{table.edit_token}")
    page = recorder.get(f"/games/{played.game_id}").text
    assert 'id="confirm-prompt"' in page and token_of(uow, olga, lid, night) in page
    assert 'id="confirm-prompt"' not in recorder.get(f"/games/{waiting.game_id}").text
    reader = app.test_client()  # only the view link: no prompt
    assert 'id="confirm-prompt"' not in reader.get(f"/games/{played.game_id}").text
    confirm(uow, lid, night, token_of(uow, olga, lid, night))
    page = recorder.get(f"/games/{played.game_id}").text
    assert "This result is confirmed at the table." in page
    league.set_confirming(uow, lid, olga, False)
    assert 'id="confirm-prompt"' not in recorder.get(f"/games/{played.game_id}").text


def test_a_game_outside_a_confirming_league_has_no_prompt(uow):
    started = services.start_game(uow, players=["Ann", "Bob"], variant="rummy")
    assert league.confirm_prompt(uow, started.game.public_id) is None
