"""Export and import: JSON round trips without loss, CSV for spreadsheets, bad files refused."""

from __future__ import annotations

import csv
import io
import json
from datetime import date

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import delete, select

from scorekeeper.league import services as league
from scorekeeper.league import transfer
from scorekeeper.league.models import League, LeagueResult
from scorekeeper.models import Game
from scorekeeper.service_layer import services
from scorekeeper.service_layer.errors import InvalidInput
from scorekeeper.service_layer.unit_of_work import UnitOfWork
from tests.conftest import SECRET_KEY
from tests.databases import seeded_setting
from tests.tiers import examples

from .support import (
    NAMES,
    a_season,
    figures,
    login,
    make_league,
    make_organizer,
    member_ids,
    play_out,
)
from .support import started_night as start


def two_nights_played(uow):
    """Two nights: phones, a correction, a closed game, totals from paper, a merge."""
    olga = make_organizer(uow)
    lid = make_league(uow, olga, names=[*NAMES, "Anne"])
    ids = member_ids(uow, lid, olga)
    first = start(uow, lid, olga, [ids[n] for n in [*NAMES[:8], "Anne"]])
    for table in first.tables:
        play_out(uow, table)
    table = first.tables[0]
    entry = {"out": table.names[1], "hands": {table.names[0]: 30, table.names[2]: 3}}
    services.correct_deal(uow, table.game_id, table.edit_token, 1, entry, by="Olga")
    league.merge_members(uow, lid, olga, ids["Anne"], ids["Ivy"])
    second = start(
        uow, lid, olga, [ids[n] for n in NAMES[:9]], method="rotating", held_on=date(2026, 3, 12)
    )
    play_out(uow, second.tables[0], 2)
    closing = second.tables[1]
    one = {"out": closing.names[0], "hands": {closing.names[1]: 4, closing.names[2]: 9}}
    services.record_deal(uow, closing.game_id, closing.edit_token, one)
    league.set_closed(uow, lid, olga, second.id, closing.number, True)
    paper = second.tables[2]
    totals = dict(zip(paper.names, [5, 25, 15], strict=True))
    league.set_paper_totals(uow, lid, olga, second.id, paper.number, totals)
    return olga, lid


# Stored once a module on SQLite (about a tenth of a second a test, some twenty tests).
seeded, database_url, played = seeded_setting(two_nights_played, SECRET_KEY, name="played")


def test_a_league_exported_and_imported_has_the_same_standings(uow, played):
    olga, lid = played
    document = transfer.export_league(uow, lid, olga)
    imported = transfer.import_document(uow, olga, json.loads(json.dumps(document)))
    assert imported.league_id != lid
    assert figures(uow, imported.league_id, olga) == figures(uow, lid, olga)
    assert figures(uow, imported.league_id, olga, "2026") == figures(uow, lid, olga, "2026")


def test_an_imported_league_exports_to_the_same_document(uow, played):
    olga, lid = played
    document = transfer.export_league(uow, lid, olga)
    imported = transfer.import_document(uow, olga, document)
    again = transfer.export_league(uow, imported.league_id, olga)

    def without_ids(doc):
        # Member ids are the new database's, and on the same server the league's and
        # games' public ids are taken, so they are new too; everything else is the same.
        renumber = {m["id"]: i for i, m in enumerate(doc["members"])}
        doc = json.loads(json.dumps(doc))
        del doc["league"]["id"]
        for member in doc["members"]:
            member["id"] = renumber[member["id"]]
        for night in doc["nights"]:
            for table in night["tables"]:
                table["seats"] = [renumber[m] for m in table["seats"]]
                if table["game"]:
                    del table["game"]["id"]
        return doc

    assert without_ids(again) == without_ids(document)
    revisions = document["nights"][0]["tables"][0]["game"]["revisions"]
    assert [(r["number"], r["action"], r["replaced_by"]) for r in revisions] == [
        (1, "corrected", "Olga")
    ]


def test_imported_games_get_new_edit_tokens_and_never_export_them(uow, played):
    olga, lid = played
    document = transfer.export_league(uow, lid, olga)
    old_tokens = [t.edit_token for n in league.league_view(uow, lid, olga).nights for t in n.tables]
    assert not any(token in json.dumps(document) for token in old_tokens)
    imported = transfer.import_document(uow, olga, document)
    for night in league.league_view(uow, imported.league_id, olga).nights:
        for table in night.tables:
            services.check_edit_token(uow, table.game_id, table.edit_token)
            assert table.edit_token not in old_tokens


def test_a_single_game_round_trips_through_json(uow, played):
    olga, lid = played
    table = league.league_view(uow, lid, olga).nights[-1].tables[0]
    document = transfer.export_game(uow, table.game_id)
    imported = transfer.import_document(uow, olga, document)
    original = services.load_game(uow, table.game_id)
    copy = services.check_edit_token(uow, imported.game_id, imported.edit_token)
    assert copy.entries == original.entries
    assert copy.state.as_dict() == original.state.as_dict()
    assert transfer.export_game(uow, imported.game_id)["deals"] == document["deals"]


def read_csv(body: bytes) -> list[list[str]]:
    return list(csv.reader(io.StringIO(body.decode())))


def test_a_game_as_csv_has_a_row_per_deal_with_running_totals(client, uow, played):
    olga, lid = played
    table = league.league_view(uow, lid, olga).nights[-1].tables[0]
    rows = read_csv(client.get(f"/leagues/games/{table.game_id}.csv").data)
    names = list(table.names)
    assert rows[0] == ["deal", "dealer", "winner", *names, *(f"{n} total" for n in names)]
    assert len(rows) == 3
    state = services.load_game(uow, table.game_id).state
    assert [int(v) for v in rows[-1][-3:]] == [state.totals[n] for n in names]


def test_the_league_csv_has_a_row_per_player_per_deal(client, uow, played):
    _, lid = played
    login(client)
    rows = read_csv(client.get(f"/leagues/{lid}/export.csv").data)
    assert rows[0] == transfer.LEAGUE_COLUMNS
    sources = {row[3] for row in rows[1:]}
    assert sources == {"phone", "paper_totals"}
    # Four finished tables x 2 deals x 3 players, a closed table's 1 deal x 3, a paper table x 3.
    assert len(rows) - 1 == 4 * 2 * 3 + 3 + 3


def test_csv_cells_that_a_spreadsheet_would_run_are_defused(client, uow):
    olga = make_organizer(uow)
    lid = make_league(uow, olga, names=["=HYPERLINK(1)", "Bob", "Cy"])
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, list(ids.values()))
    play_out(uow, night.tables[0])
    login(client)
    body = client.get(f"/leagues/{lid}/standings.csv").data.decode()
    assert "'=HYPERLINK(1)" in body
    assert "\n=HYPERLINK" not in body and ",=HYPERLINK" not in body


def test_the_import_page_takes_an_uploaded_league(client, uow, played):
    olga, lid = played
    login(client)
    exported = client.get(f"/leagues/{lid}/export.json")
    upload = {"file": (io.BytesIO(exported.data), "league.json")}
    response = client.post("/leagues/import", data=upload, content_type="multipart/form-data")
    assert response.status_code == 303
    assert len(league.leagues_of(uow, olga)) == 2


@pytest.mark.parametrize(
    "document",
    [
        b"not json",
        b"[]",
        b'{"format": "scorekeeper.league", "version": 1}',
        b'{"format": "scorekeeper.game", "version": 1, "setup": {"variant": "rummy"}}',
        b'{"format": "something else"}',
    ],
)
def test_a_bad_import_file_is_refused_on_the_import_page(client, uow, document):
    make_organizer(uow)
    login(client)
    response = client.post(
        "/leagues/import",
        data={"file": (io.BytesIO(document), "x.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "Nothing was stored." in page and '<input type="file" name="file"' in page


def test_an_import_with_a_deal_that_breaks_the_rules_names_it(uow, played):
    olga, lid = played
    document = transfer.export_league(uow, lid, olga)
    deal = document["nights"][0]["tables"][1]["game"]["deals"][1]
    deal["entry"]["hands"] = {name: 999 for name in deal["entry"]["hands"]}
    with pytest.raises(InvalidInput) as refused:
        transfer.import_document(uow, olga, document)
    assert any(path.startswith("nights.0.tables.1.game.deals") for path in refused.value.errors)
    assert len(league.leagues_of(uow, olga)) == 1


def test_a_refused_deal_is_named_by_its_place_in_the_file_and_counted_from_1_on_the_page(
    client, uow, played
):
    """The path points at the file's own list item (deals.1 is the second deal); the
    page counts every index from 1, as the message counts the deal: never a night 0
    beside a deal 2."""
    olga, lid = played
    document = transfer.export_league(uow, lid, olga)
    deal = document["nights"][0]["tables"][1]["game"]["deals"][1]
    deal["entry"]["hands"] = {name: -5 for name in deal["entry"]["hands"]}
    with pytest.raises(InvalidInput) as refused:
        transfer.import_document(uow, olga, document)
    paths = [p for p in refused.value.errors if p.startswith("nights.0.tables.1.game.deals")]
    assert paths and all(p.startswith("nights.0.tables.1.game.deals.1.") for p in paths), paths
    assert all(refused.value.errors[p].startswith("deal 2: ") for p in paths)
    login(client)
    response = client.post(
        "/leagues/import",
        data={"file": (io.BytesIO(json.dumps(document).encode()), "league.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "nights #1 / tables #2 / game / deals #2 / " in page
    assert "nights.0" not in page


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=5),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)


@settings(
    max_examples=examples(60),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    head=st.fixed_dictionaries(
        {
            "format": st.sampled_from(["scorekeeper.league", "scorekeeper.game"]),
            "version": st.just(1),
        }
    ),
    body=st.dictionaries(
        st.sampled_from(
            ["league", "members", "nights", "setup", "deals", "revisions", "title", "ending"]
        ),
        JSON,
    ),
)
def test_any_json_document_is_imported_or_refused_cleanly(uow, head, body):
    try:
        transfer.import_document(uow, 1, {**body, **head})
    except InvalidInput as refused:
        assert refused.errors


def test_a_season_of_30_nights_at_12_tables_imports_through_the_page(client, uow):
    olga, document = a_season(uow)
    body = json.dumps(document, indent=1).encode()
    assert len(body) > 64 * 1024  # beyond the app-wide limit every other request keeps
    login(client)
    response = client.post(
        "/leagues/import",
        data={"file": (io.BytesIO(body), "season.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 303, response.get_data(as_text=True)[-500:]
    lid = response.headers["Location"].rsplit("/", 1)[1]
    view = league.league_view(uow, lid, olga)
    assert [len(night.tables) for night in view.nights] == [12] * 30
    _, table = league.league_standings(uow, lid, olga, None)
    assert sum(line.games for line in table.lines) == 2 * 12 * 30


def test_a_season_moved_to_a_fresh_database_keeps_its_ratings(uow, fresh_app):
    """The league keeps its public id on the new server; its ratings are that server's own
    (a cache keyed by the public id alone gave the first database's, by member ids that
    mean other people there: every rating read 0)."""
    olga, document = a_season(uow, nights=3)
    lid = transfer.import_document(uow, olga, document).league_id
    before = figures(uow, lid, olga)
    fresh = UnitOfWork(fresh_app.extensions["scorekeeper.db"].session_factory)
    importer = make_organizer(fresh)
    moved = transfer.import_document(fresh, importer, transfer.export_league(uow, lid, olga))
    assert moved.league_id == lid
    assert figures(fresh, lid, importer) == before
    assert {rating for *_, rating, _change in before} != {0.0}


def test_an_import_beyond_its_own_limit_gets_the_league_sides_page(app, client, uow):
    make_organizer(uow)
    login(client)
    app.config["LEAGUE_IMPORT_MAX_BYTES"] = 1024 * 1024
    body = b'{"format": "scorekeeper.league", "pad": "' + b"x" * (1024 * 1024) + b'"}'
    response = client.post(
        "/leagues/import",
        data={"file": (io.BytesIO(body), "huge.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 413
    page = response.get_data(as_text=True)
    assert "<h1>Too large</h1>" in page and "at most 1 MB" in page
    assert 'class="league-nav"' in page


def test_other_league_forms_keep_the_app_wide_limit(client, uow):
    olga = make_organizer(uow)
    lid = make_league(uow, olga)
    login(client)
    response = client.post(f"/leagues/{lid}/members", data={"names": "x" * (65 * 1024)})
    assert response.status_code == 413
    assert "<h1>Too large</h1>" in response.get_data(as_text=True)


def test_standings_csv_writes_negative_figures_as_numbers_and_guards_text(client, uow):
    olga = make_organizer(uow)
    lid = make_league(uow, olga, names=["-Minus", "=SUM(A1)", "Cy"])
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, list(ids.values()))
    play_out(uow, night.tables[0])
    login(client)
    rows = read_csv(client.get(f"/leagues/{lid}/standings.csv").data)
    header = rows[0]
    by_name = {row[1]: dict(zip(header, row, strict=True)) for row in rows[1:]}
    assert set(by_name) == {"'-Minus", "'=SUM(A1)", "Cy"}
    ratings = [row["rating"] for row in by_name.values()]
    assert any(value.startswith("-") for value in ratings)  # losers rate below zero
    for row in by_name.values():
        for column in ("games", "wins", "win_rate", "points", "rating", "money_cents"):
            float(row[column])  # a number, never text behind an apostrophe


def test_an_import_where_the_ids_are_free_keeps_them_and_the_co_organizers(uow, database, played):
    olga, lid = played
    pia = make_organizer(uow, email="pia@example.org", name="Pia")
    link = league.add_organizer(uow, lid, olga, "PIA@example.org")
    league.accept_invitation(uow, pia, link.token)  # Pia takes the invitation up
    league.add_organizer(uow, lid, olga, "Quin@example.org")  # still invited
    document = transfer.export_league(uow, lid, olga)
    assert document["organizers"] == [
        {"email": "org@example.org", "role": "owner"},
        {"email": "pia@example.org", "role": "co"},
    ]
    assert document["invitations"] == [{"email": "quin@example.org", "role": "co"}]
    assert "password" not in json.dumps(document)
    league.plan_nights(uow, lid, olga, [date(2026, 4, 2), date(2026, 4, 9)], "7 pm")
    document = transfer.export_league(uow, lid, olga)
    document["organizers"].append({"email": "new@example.org", "role": "co"})
    game_ids = [t["game"]["id"] for n in document["nights"] for t in n["tables"]]
    before = figures(uow, lid, olga)
    # As on a fresh server: the league and its games are gone from this one.
    with database.session_factory() as session:
        gone = session.scalar(select(League).where(League.public_id == lid))
        session.execute(delete(LeagueResult).where(LeagueResult.league_id == gone.id))
        session.delete(gone)  # the ORM removes seats before the members they point at
        session.flush()
        session.execute(delete(Game).where(Game.public_id.in_(game_ids)))
        session.commit()

    imported = transfer.import_document(uow, olga, document)
    assert imported.league_id == lid
    # Every other address is invited, with an account here or not: nothing tells which.
    emails = ("pia@example.org", "new@example.org", "quin@example.org")
    assert tuple(invited.email for invited in imported.invited) == emails
    invited = league.league_view(uow, lid, olga).invitations
    assert [i.email for i in invited] == ["new@example.org", "pia@example.org", "quin@example.org"]
    league.accept_invitation(uow, pia, imported.invited[0].token)  # Pia opens her new link
    view = league.league_view(uow, lid, pia)  # Pia runs it again
    assert [(o.email, o.role) for o in view.organizers] == [
        ("org@example.org", "owner"),
        ("pia@example.org", "co"),
    ]
    assert [t.game_id for n in reversed(view.nights) for t in n.tables] == game_ids
    assert figures(uow, lid, olga) == before
    assert [(p.held_on, p.note) for p in league.schedule_of(uow, lid, olga)] == [
        (date(2026, 4, 2), "7 pm"),
        (date(2026, 4, 9), "7 pm"),
    ]


def one_member_in_every_seat(document):
    table = document["nights"][0]["tables"][0]
    table["seats"] = [table["seats"][0]] * len(table["seats"])
    return "nights.0.tables.0.seats.1"


def the_same_members_at_two_tables(document):
    tables = document["nights"][0]["tables"]
    tables[1]["seats"] = list(tables[0]["seats"])
    return "nights.0.tables.1.seats.0"


def a_bye_for_a_seated_member(document):
    night = document["nights"][0]
    night["byes"] = [night["tables"][0]["seats"][0]]
    return "nights.0.byes.0"


def paper_totals_naming_non_members(document):
    table = document["nights"][1]["tables"][2]
    table["game"], table["paper_totals"] = None, {"Zed": 5, "Nobody": 7}
    return "nights.1.tables.2.paper_totals"


@pytest.mark.parametrize(
    "break_it",
    [
        one_member_in_every_seat,
        the_same_members_at_two_tables,
        a_bye_for_a_seated_member,
        paper_totals_naming_non_members,
    ],
)
def test_an_impossible_night_is_refused_by_the_path_of_its_field(uow, played, break_it):
    olga, lid = played
    document = transfer.export_league(uow, lid, olga)
    path = break_it(document)
    with pytest.raises(InvalidInput) as refused:
        transfer.import_document(uow, olga, document)
    assert path in refused.value.errors
    assert len(league.leagues_of(uow, olga)) == 1


def test_a_saved_player_link_finds_the_same_person_or_nobody_after_a_move(uow, played, fresh_app):
    """Member ids are kept where the new server has them free; a taken one gets an id no
    exported link can name, so an old link answers 404 rather than show another person."""
    olga, lid = played
    league.set_published(uow, lid, olga, True)
    document = transfer.export_league(uow, lid, olga)
    fresh = UnitOfWork(fresh_app.extensions["scorekeeper.db"].session_factory)
    importer = make_organizer(fresh)
    make_league(fresh, importer, names=["Xan", "Yul", "Zia"], name="Other club")  # ids 1-3 taken
    assert transfer.import_document(fresh, importer, document).league_id == lid
    reader = fresh_app.test_client()
    kept = 0
    for member in document["members"]:
        page = reader.get(f"/leagues/{lid}/players/{member['id']}")
        if page.status_code == 200:
            assert f"<h1>{member['name']}" in page.get_data(as_text=True)
            kept += 1
        else:
            assert page.status_code == 404
    assert kept == len(document["members"]) - 3
    ids = member_ids(fresh, lid, importer)
    assert len(set(ids.values())) == len(document["members"])
    assert figures(fresh, lid, importer) == figures(uow, lid, olga)
    # Members added after the import get ids of their own.
    league.add_members(fresh, lid, importer, ["Newcomer"])
    assert len(set(member_ids(fresh, lid, importer).values())) == len(document["members"]) + 1
