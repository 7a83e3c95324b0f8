"""League money reads as a game page's does: one formatter (summary.money), in the
page's language, on the standings, public and player pages and in print (issue 25)."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from scorekeeper.league import services as league
from scorekeeper.summary import money

from .support import NAMES, login, make_organizer, member_ids, play_out
from .support import started_night as start

EURO_RULES = league.Rules(
    "rummy", "Rummy", {"deals": 2}, {"cents_per_point": 2, "currency": "EUR"}, 3
)


@pytest.fixture
def played(uow, client):
    """A French league for euros, one night played out: each winner is paid 80 cents."""
    olga = make_organizer(uow)
    login(client)
    lid = league.create_league(uow, olga, name="Club du jeudi", rules=EURO_RULES, language="fr")
    league.add_members(uow, lid, olga, NAMES)
    league.set_published(uow, lid, olga, True)
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, [ids[n] for n in NAMES[:3]])
    play_out(uow, night.tables[0])
    winner = night.tables[0].names[0]
    _, table = league.league_standings(uow, lid, olga, None)
    cents = {line.name: line.money_cents for line in table.lines}
    return lid, ids[winner], cents[winner], min(cents.values())


def test_league_pages_write_money_as_the_game_pages_do(client, played):
    lid, winner_id, gain, loss = played
    gain_words = money(gain, "EUR", "fr_FR", signed=True)  # "+0,80 €", as a game page says it
    loss_words = money(loss, "EUR", "fr_FR", signed=True)
    assert gain_words.startswith("+") and "€" in gain_words
    for path in ("standings", "public", f"players/{winner_id}"):
        page = client.get(f"/leagues/{lid}/{path}").get_data(as_text=True)
        assert gain_words in page, path
        assert f"{gain / 100:+.2f} EUR" not in page, path  # not the old "+1.60 EUR"
    standings = client.get(f"/leagues/{lid}/standings").get_data(as_text=True)
    assert loss_words in standings


def test_the_printed_standings_use_the_same_formatter(client, played):
    lid, _, gain, _ = played
    pdf = client.get(f"/leagues/{lid}/standings.pdf").data
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    assert money(gain, "EUR", "fr_FR", signed=True, printed=True) in text


def test_the_standings_csv_keeps_money_a_number(client, played):
    lid, _, gain, _ = played
    body = client.get(f"/leagues/{lid}/standings.csv").data.decode()
    assert "money_cents" in body.splitlines()[0] and f",{gain}," in body
