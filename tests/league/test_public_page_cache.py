"""A published league's pages for anonymous readers are made once per league version
(web/league/cache.py): a reload, or another phone, is a lookup or a 304; a deal, a
rename or a setting makes the next one anew; pages made count against a limit."""

from __future__ import annotations

import pytest

from scorekeeper.league import services as league
from scorekeeper.service_layer import services
from scorekeeper.web.league import public as league_public
from scorekeeper.web.league.cache import page_key
from tests.league.support import (
    PASSWORD,
    make_league,
    make_organizer,
    member_ids,
    play_out,
    published_night_of_eight,
    started_night,
)

PAGES = ("standings", "public")


@pytest.fixture
def made(monkeypatch) -> list[str]:
    """The standings each page computed (league_standings and public_page calls)."""
    calls: list[str] = []
    for name in ("league_standings", "public_page"):
        real = getattr(league, name)
        monkeypatch.setattr(
            league_public.league,
            name,
            lambda *a, _real=real, _name=name, **k: calls.append(_name) or _real(*a, **k),
        )
    return calls


def test_a_reload_and_another_phone_cost_a_lookup_and_a_304(app, uow, made):
    olga = make_organizer(uow)
    lid, _ids, _night = published_night_of_eight(uow, olga)
    phone, other_phone = app.test_client(), app.test_client()
    for page in PAGES:
        first = phone.get(f"/leagues/{lid}/{page}")
        assert first.status_code == 200 and first.headers["Cache-Control"] == "no-cache"
        etag = first.headers["ETag"]
        again = other_phone.get(f"/leagues/{lid}/{page}")
        assert (again.status_code, again.headers["ETag"]) == (200, etag)
        assert again.data == first.data
        unchanged = phone.get(f"/leagues/{lid}/{page}", headers={"If-None-Match": etag})
        assert (unchanged.status_code, unchanged.data) == (304, b"")
    assert made == ["league_standings", "public_page"]


def test_a_deal_a_rename_and_a_setting_each_make_the_page_anew(app, uow, made):
    olga = make_organizer(uow)
    lid, ids, _night = published_night_of_eight(uow, olga)
    reader = app.test_client()
    seen = [reader.get(f"/leagues/{lid}/standings")]
    later = started_night(uow, lid, olga, [ids[n] for n in ("Ann", "Bob", "Cy", "Dee")])
    play_out(uow, later.tables[0], 1)
    seen.append(reader.get(f"/leagues/{lid}/standings"))
    new_name = "Annabelle Ødegård-Łukasiewicz de Ávila"
    league.rename_member(uow, lid, olga, ids["Ann"], new_name)
    seen.append(reader.get(f"/leagues/{lid}/standings"))
    league.set_published(uow, lid, olga, False)
    assert reader.get(f"/leagues/{lid}/standings").status_code == 404
    etags = [answer.headers["ETag"] for answer in seen]
    assert len(set(etags)) == 3
    assert new_name in seen[-1].get_data(as_text=True)
    assert made == ["league_standings"] * 3


def test_an_organizer_gets_the_page_made_for_them(client, uow, made):
    olga = make_organizer(uow)
    lid, _ids, _night = published_night_of_eight(uow, olga)
    client.post("/account/login", data={"email": "org@example.org", "password": PASSWORD})
    for _ in range(2):
        answer = client.get(f"/leagues/{lid}/standings")
        assert answer.status_code == 200 and "ETag" not in answer.headers
    assert made == ["league_standings"] * 2


class TestLimit:
    @pytest.fixture
    def app_config(self, app_config):
        return {**app_config, "RATELIMIT_ENABLED": True, "RATELIMIT_PUBLIC_PAGES": "2 per minute"}

    def test_pages_made_count_and_pages_kept_do_not(self, app, uow):
        olga = make_organizer(uow)
        lid, ids, _night = published_night_of_eight(uow, olga)
        reader = app.test_client()
        statuses = [reader.get(f"/leagues/{lid}/standings").status_code for _ in range(5)]
        statuses.append(reader.get(f"/leagues/{lid}/public").status_code)
        assert statuses == [200] * 6  # two made, four kept
        player = reader.get(f"/leagues/{lid}/players/{ids['Ann']}")
        assert player.status_code == 429


# Eight members with names as long as a member's may be, accented.
LONG_NAMES = [f"Zoë-Åsa Łukasiewicz-Øvergaard {n} Ñúñez-Ángel"[:40] for n in range(8)]
THREE_DEALS = league.Rules("rummy", "Rummy", {"deals": 3}, None, 4)


def test_a_deal_of_a_game_in_play_keeps_the_page_its_first_and_its_last_make_it_anew(
    app, uow, made
):
    """The standings show which tables are in play and the counted games, not the deals
    of a game in play: a club night's readers get the kept page while its tables play."""
    olga = make_organizer(uow)
    lid = make_league(uow, olga, names=LONG_NAMES, rules=THREE_DEALS)
    league.set_published(uow, lid, olga, True)
    night = started_night(uow, lid, olga, list(member_ids(uow, lid, olga).values()))
    reader = app.test_client()
    etags, pages = [], []

    def read() -> None:
        answer = reader.get(f"/leagues/{lid}/standings")
        assert answer.status_code == 200
        etags.append(answer.headers["ETag"])
        pages.append(answer.get_data(as_text=True))

    read()
    first, other = night.tables
    for number in (1, 2, 3):
        deal(uow, first, seat=number % 2)
        deal(uow, other, seat=0)
        read()
    assert etags[2] == etags[1] != etags[0]  # the first deals: both tables in play
    assert etags[3] != etags[2]  # the last: both games count
    assert made == ["league_standings"] * 3
    assert 'class="open-games"' in pages[1] and 'class="open-games"' not in pages[3]
    assert all(name in pages[3] for name in LONG_NAMES)


def deal(uow, table, seat: int) -> None:
    names = list(table.names)
    out = names[seat]
    entry = {"out": out, "hands": {name: 10 for name in names if name != out}}
    services.record_deal(uow, table.game_id, table.edit_token, entry)


def test_a_page_another_reader_is_making_answers_the_last_one_made(app, uow, made):
    """Twenty phones reading a new version at once: the first makes it (its claim
    taken in the store every process shares), the others get the last page made
    meanwhile, not made again; the one made then serves everyone."""
    olga = make_organizer(uow)
    lid = make_league(uow, olga, names=LONG_NAMES, rules=THREE_DEALS)
    league.set_published(uow, lid, olga, True)
    ids = member_ids(uow, lid, olga)
    reader, path = app.test_client(), f"/leagues/{lid}/standings"
    before = reader.get(path)
    renamed = "Annabelle Ødegård-Łukasiewicz de Ávila"
    league.rename_member(uow, lid, olga, ids[LONG_NAMES[0]], renamed)
    files = app.extensions["scorekeeper.jobs"].files  # every process's and server's
    with app.test_request_context(path):
        key = page_key(lid)
    assert files.claim(key, 60)  # another reader is making the new version
    meanwhile = reader.get(path)
    assert meanwhile.status_code == 200 and meanwhile.data == before.data
    assert "ETag" not in meanwhile.headers and meanwhile.headers["Cache-Control"] == "no-store"
    assert made == ["league_standings"]
    files.put(key, b"made by the other reader")  # its page, kept
    files.release(key)
    kept = reader.get(path)
    assert (kept.data, kept.headers["ETag"]) == (b"made by the other reader", f'"{key}"')
    assert made == ["league_standings"]


def test_a_reader_with_no_page_to_fall_back_on_leaves_the_makers_claim(app, uow, made):
    """A first reader while another is making the page has no last page to be given:
    it makes the page itself, and leaves the other reader's claim to that reader, so
    readers coming after still wait on the one making it."""
    olga = make_organizer(uow)
    lid = make_league(uow, olga, names=LONG_NAMES, rules=THREE_DEALS)
    league.set_published(uow, lid, olga, True)
    reader, path = app.test_client(), f"/leagues/{lid}/standings"
    files = app.extensions["scorekeeper.jobs"].files
    with app.test_request_context(path):
        key = page_key(lid)
    assert files.claim(key, 60)  # another reader is making the first version
    first = reader.get(path)
    assert first.status_code == 200 and made == ["league_standings"]
    assert not files.claim(key, 60)  # still the other reader's
    files.release(key)
