"""The league pages through HTTP: forms, refusals, escaping, PDFs and CSV."""

from __future__ import annotations

import csv
import io
import itertools
import re
import subprocess
from datetime import date, timedelta

import pytest
from markupsafe import escape
from pypdf import PdfReader

from scorekeeper.league import services as league
from scorekeeper.service_layer import services
from scorekeeper.service_layer.errors import GameNotFound
from tests.web.support import house_rules_as_shown

from .support import NAMES, login, make_league, make_organizer, member_ids, play_out, seat_night
from .support import started_night as start


@pytest.fixture
def olga(uow, client) -> int:
    organizer = make_organizer(uow)
    login(client)
    return organizer


def pdf_text(body: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(body)).pages)


def no_inline_script_or_style(html: str) -> None:
    assert "<style" not in html
    assert " style=" not in html
    assert re.search(r"<script(?![^>]*\bsrc=)", html) is None
    assert re.search(r"<[^>]+\son[a-z]+=", html) is None


def test_a_league_is_set_up_through_the_forms(client, uow, olga):
    response = client.post(
        "/leagues/new",
        data={
            "name": "Thursday Club",
            "preset": "Crazy Gin (13 deals)",
            **house_rules_as_shown(client, "preset:Crazy Gin (13 deals)"),
            "o_thirteen_press": "y",
            "o_thirteen_press_gap": "40",
            "table_size": "4",
            "cents_per_point": "1",
            "round_to": "5",
            "mode": "pairs",
            "currency": "eur",
        },
    )
    assert response.status_code == 303
    lid = response.headers["Location"].rsplit("/", 1)[1]
    client.post(f"/leagues/{lid}/members", data={"names": "\n".join(NAMES)})
    view = league.league_view(uow, lid, olga)
    assert view.rules.variant == "thirteen"
    assert view.rules.options == {"press": True, "press_gap": 40}
    assert view.rules.stakes["currency"] == "EUR"
    assert len(view.members) == 10
    page = client.get(f"/leagues/{lid}").get_data(as_text=True)
    assert "Crazy Gin (13 deals)" in page and "Jo" in page
    no_inline_script_or_style(page)


@pytest.mark.parametrize(
    ("form", "beside"),
    [
        ({"name": "", "preset": "Rummy", "table_size": "4"}, "The name must be 1 to 80"),
        ({"name": "Wédnesday", "preset": "No such game", "table_size": "4"}, "The preset"),
        ({"name": "Wédnesday", "preset": "Rummy", "table_size": "lots"}, "Players per table must"),
        ({"name": "Wédnesday", "variant": "rummy", "cents_per_point": "a lot"}, "Stakes"),
        (
            {"name": "Wédnesday", "preset": "Gin Rummy", "table_size": "4"},
            "Players per table must be 2: Gin",
        ),
    ],
)
def test_bad_house_rules_are_shown_beside_the_field_with_every_value_kept(
    client, uow, olga, form, beside
):
    response = client.post("/leagues/new", data=form)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert re.search(f'<p class="error" id="[a-z_-]+-error">{beside}', page)
    for name, value in form.items():
        if name == "preset":
            assert f" selected>{value}</option>" in page or value == "No such game"
        elif name == "variant":
            assert f'value="{value}" selected>' in page
        else:
            assert f'name="{name}"' in page and f'value="{value}"' in page
    assert league.leagues_of(uow, olga) == []


def test_the_table_size_follows_the_game_when_left_empty(client, uow, olga):
    for preset, size in [("Gin Rummy", 2), ("Rummy", 4)]:
        response = client.post("/leagues/new", data={"name": preset, "preset": preset})
        lid = response.headers["Location"].rsplit("/", 1)[1]
        assert league.league_view(uow, lid, olga).rules.table_size == size
    page = client.get("/leagues/new").get_data(as_text=True)
    assert 'name="table_size" inputmode="numeric" value=""' in page
    assert "2 players a table" in page  # gin, in the list of each game's sizes and options


def shown_variants(page: str) -> list[str]:
    """The games whose table sizes and options the rules form shows (not hidden)."""
    return re.findall(r'<section data-variant="([a-z_]+)">', page)


def test_the_options_box_lists_the_chosen_games_options_with_help_and_usual_value(
    client, uow, olga
):
    from scorekeeper import scoring

    gin = scoring.get_variant("gin")
    blank = client.get("/leagues/new").get_data(as_text=True)
    assert shown_variants(blank) == []
    assert "Choose a preset or a variant to see its table sizes and options." in blank
    # Without a script: the button asks the server, which keeps what was typed.
    typed = {
        "act": "show",
        "name": "Tuesday Gin",
        "preset": "Gin Rummy",
        **house_rules_as_shown(client, "preset:Gin Rummy"),
        "o_gin_target": "150",
    }
    response = client.post("/leagues/new", data=typed)
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert shown_variants(page) == ["gin"]
    assert '<details class="option-help" open>' in page
    assert "2 players a table" in page
    for spec in gin.options:  # each as the new-game page shows it, with its usual value
        assert f'name="o_gin_{spec.name}"' in page
        assert str(escape(spec.help)) in page
        if spec.default is not None and spec.type != "bool":
            assert f"Usual: {spec.default}." in page
    assert 'value="Tuesday Gin"' in page and re.search(r'name="o_gin_target"[^>]*value="150"', page)
    assert league.leagues_of(uow, olga) == []
    # A variant chosen over a preset is the one shown; the manage page shows the saved one.
    page = client.post(
        "/leagues/new", data={"act": "show", "preset": "Gin Rummy", "variant": "rummy"}
    )
    assert shown_variants(page.get_data(as_text=True)) == ["rummy"]
    created = client.post("/leagues/new", data={"name": "Tuesday Gin", "preset": "Gin Rummy"})
    manage = client.get(created.headers["Location"]).get_data(as_text=True)
    assert shown_variants(manage) == ["gin"]
    league_id = created.headers["Location"].rsplit("/", 1)[1]
    again = client.post(f"/leagues/{league_id}/rules", data={"act": "show", "variant": "rummy"})
    assert again.status_code == 200 and shown_variants(again.get_data(as_text=True)) == ["rummy"]
    assert league.league_view(uow, league_id, olga).rules.variant == "gin"


def test_a_night_is_seated_swapped_and_started_through_the_forms(client, uow, olga):
    lid = make_league(uow, olga)
    ids = member_ids(uow, lid, olga)
    response = client.post(
        f"/leagues/{lid}/nights",
        data={
            "held_on": "2026-03-05",
            "method": "rotating",
            "present": [str(ids[n]) for n in NAMES[:9]],
        },
    )
    assert response.status_code == 303
    night_path = response.headers["Location"]
    night_id = int(night_path.rsplit("/", 1)[1])
    _, night = league.night_view(uow, lid, olga, night_id)
    a, b = night.tables[0].seats[0], night.tables[2].seats[1]
    client.post(f"{night_path}/swap", data={"first": a.member_id, "second": b.member_id})
    _, night = league.night_view(uow, lid, olga, night_id)
    assert night.tables[0].seats[0].member_id == b.member_id
    assert client.post(f"{night_path}/start").status_code == 303
    page = client.get(night_path).get_data(as_text=True)
    _, night = league.night_view(uow, lid, olga, night_id)
    for table in night.tables:
        assert f"/games/{table.game_id}/edit/{table.edit_token}" in page
    no_inline_script_or_style(page)


@pytest.mark.parametrize(
    "form",
    [
        {"held_on": "yesterday", "method": "random"},
        {"held_on": "2026-03-05", "method": "alphabetical"},
        {"held_on": "2026-03-05", "method": "random", "present": ["999999"]},
        {"held_on": "2026-03-05", "method": "random", "present": ["x", "-1"]},
    ],
)
def test_a_bad_night_is_refused_without_an_error_page(client, uow, olga, form):
    lid = make_league(uow, olga)
    response = client.post(f"/leagues/{lid}/nights", data=form)
    assert response.status_code == 422
    assert f'value="{form["held_on"]}"' in response.get_data(as_text=True)
    assert league.league_view(uow, lid, olga).nights == ()


def test_a_night_that_cannot_be_seated_keeps_every_tick_and_says_why_once(client, uow, olga):
    lid = make_league(uow, olga, names=[f"Żaneta Wiśniewska-Kowalczyk {i:02}" for i in range(18)])
    ids = list(member_ids(uow, lid, olga).values())
    form = {"held_on": "2026-03-05", "season": "Spring", "method": "balanced", "present": [ids[4]]}
    page = client.post(f"/leagues/{lid}/nights", data=form).get_data(as_text=True)
    assert page.count("only 1 is ticked") == 1
    assert f'value="{ids[4]}" checked' in page
    assert page.count(" checked>") == 1
    assert 'value="Spring"' in page and 'value="balanced" selected' in page
    ticked = {**form, "present": [*ids[:3], 999999]}
    page = client.post(f"/leagues/{lid}/nights", data=ticked).get_data(as_text=True)
    assert page.count(" checked>") == 3 and "Tick the present players" in page


def test_paper_totals_and_closing_a_table_through_the_forms(client, uow, olga):
    lid = make_league(uow, olga)
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, [ids[n] for n in NAMES[:6]])
    first, second = night.tables
    base = f"/leagues/{lid}/nights/{night.id}/tables"
    totals = {f"total.{name}": str(10 * i) for i, name in enumerate(first.names)}
    assert client.post(f"{base}/1/totals", data=totals).status_code == 303
    bad = client.post(f"{base}/1/totals", data={f"total.{first.names[0]}": "ten"})
    assert bad.status_code == 422
    page = bad.get_data(as_text=True)
    assert 'value="ten"' in page
    assert f"{first.names[0]}'s total must be a whole number" in page
    assert f"{first.names[1]}'s total must be a whole number" in page
    one = {"out": second.names[0], "hands": {second.names[1]: 3, second.names[2]: 4}}
    services.record_deal(uow, second.game_id, second.edit_token, one)
    client.post(f"{base}/2/close", data={"closed": "1"})
    page = client.get(f"{base}/1").get_data(as_text=True)
    assert "from paper (totals only)" in page
    _, table = league.league_standings(uow, lid, olga, None)
    by_name = {line.name: line for line in table.lines}
    assert by_name[first.names[2]].wins == 1 and by_name[first.names[2]].points == 20
    assert by_name[second.names[0]].wins == 1


def test_player_names_are_escaped_everywhere(client, uow, olga):
    names = ["<script>alert(1)</script>", "Bob", "Cy"]
    lid = make_league(uow, olga, names=names)
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, list(ids.values()))
    play_out(uow, night.tables[0])
    paths = [
        f"/leagues/{lid}",
        f"/leagues/{lid}/nights/{night.id}",
        f"/leagues/{lid}/nights/{night.id}/tables/1",
        f"/leagues/{lid}/standings",
        f"/leagues/{lid}/players/{ids[names[0]]}",
    ]
    for path in paths:
        page = client.get(path).get_data(as_text=True)
        assert "<script>alert" not in page, path
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page, path


def test_the_standings_page_pdf_and_csv_agree(client, uow, olga):
    lid = make_league(uow, olga)
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, [ids[n] for n in NAMES[:9]])
    for table in night.tables:
        play_out(uow, table)
    page = client.get(f"/leagues/{lid}/standings").get_data(as_text=True)
    no_inline_script_or_style(page)
    pdf = client.get(f"/leagues/{lid}/standings.pdf")
    assert pdf.mimetype == "application/pdf"
    text = pdf_text(pdf.data)
    rows = list(csv.reader(io.StringIO(client.get(f"/leagues/{lid}/standings.csv").text)))
    assert rows[0][:4] == ["place", "player", "games", "wins"]
    assert len(rows) == 10
    for row in rows[1:]:
        assert row[1] in page and row[1] in text
    winners = {t.names[0] for t in night.tables}
    assert {row[1] for row in rows[1:4]} == winners


def test_the_print_pack_has_a_seating_list_and_a_page_per_table(client, uow, olga):
    lid = make_league(uow, olga)
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, [ids[n] for n in NAMES[:9]])
    response = client.get(f"/leagues/{lid}/nights/{night.id}/pack.pdf")
    assert response.mimetype == "application/pdf"
    reader = PdfReader(io.BytesIO(response.data))
    # Seating, name index, 3 pads; no result slips: every table is scored on a phone.
    assert len(reader.pages) >= 1 + 1 + 3
    assert "Result slip" not in pdf_text(response.data)
    text = pdf_text(response.data)
    for table in night.tables:
        assert f"Table {table.number}" in text
        assert all(name in text for name in table.names)
    assert "Standings and results" not in text  # a private league's page has no QR code


def test_a_published_leagues_pack_carries_the_public_pages_qr_code(
    client, uow, olga, tmp_path, output_dir
):
    lid = make_league(uow, olga)
    league.set_published(uow, lid, olga, True)
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, [ids[n] for n in NAMES[:9]])
    body = client.get(f"/leagues/{lid}/nights/{night.id}/pack.pdf").data
    first_page = PdfReader(io.BytesIO(body)).pages[0].extract_text()
    assert "Standings and results" in first_page
    (tmp_path / "pack.pdf").write_bytes(body)
    subprocess.run(
        [
            "pdftoppm",
            "-png",
            "-r",
            "60",
            "-f",
            "1",
            "-l",
            "1",
            str(tmp_path / "pack.pdf"),
            str(output_dir / "league-pack-seating"),
        ],
        check=True,
    )


def test_the_nights_played_sheets_print_as_one_pdf_on_the_paper_asked(client, uow, olga):
    lid = make_league(uow, olga)
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, [ids[n] for n in NAMES[:9]])
    path = f"/leagues/{lid}/nights/{night.id}/sheets.pdf"
    nothing = client.get(path)
    assert nothing.status_code == 303  # no deal yet: sent back with the reason
    for table in night.tables:
        play_out(uow, table)
    response = client.get(path, query_string={"page_size": "letter"})
    assert response.mimetype == "application/pdf"
    reader = PdfReader(io.BytesIO(response.data))
    assert len(reader.pages) >= 3
    assert {round(float(page.mediabox.width)) for page in reader.pages} == {612}  # Letter
    text = pdf_text(response.data)
    assert all(name in text for table in night.tables for name in table.names)
    assert client.get(path, query_string={"page_size": "A0"}).status_code == 400


def test_the_pack_waits_until_play_has_started(client, uow, olga):
    lid = make_league(uow, olga)
    ids = member_ids(uow, lid, olga)
    night_id = seat_night(uow, lid, olga, [ids[n] for n in NAMES[:3]])
    response = client.get(f"/leagues/{lid}/nights/{night_id}/pack.pdf")
    assert response.status_code == 303


def test_an_unknown_league_night_or_table_is_not_found(client, uow, olga):
    lid = make_league(uow, olga)
    assert client.get("/leagues/nope").status_code == 404
    assert client.get(f"/leagues/{lid}/nights/999").status_code == 404
    assert client.get(f"/leagues/{lid}/players/999").status_code == 404
    assert client.get("/leagues/games/nope.json").status_code == 404


def test_the_home_page_leads_to_leagues_and_to_logging_in(client, uow):
    page = client.get("/").get_data(as_text=True)
    assert 'href="/account/login"' in page and 'href="/account/signup"' in page
    make_organizer(uow)
    login(client)
    page = client.get("/").get_data(as_text=True)
    assert 'href="/leagues/"' in page and 'href="/account/login"' not in page


def test_player_pages_show_todays_names_after_a_rename_and_a_merge(client, uow, olga):
    gin = league.Rules("gin", "Gin Rummy", {}, None, 2)
    lid = make_league(uow, olga, names=["Ben Baker", "Pete Parks", "Benn Baker", "Ann"], rules=gin)
    league.set_published(uow, lid, olga, True)
    ids = member_ids(uow, lid, olga)
    for present in ([ids["Ben Baker"], ids["Pete Parks"]], [ids["Benn Baker"], ids["Ann"]]):
        night = start(uow, lid, olga, present)
        table = night.tables[0]
        a, b = table.names
        services.record_deal(
            uow, table.game_id, table.edit_token, {"knocker": a, "hands": {a: 0, b: 40}}
        )
        league.set_closed(uow, lid, olga, night.id, 1, True)
    league.merge_members(uow, lid, olga, ids["Benn Baker"], ids["Ben Baker"])
    league.rename_member(uow, lid, olga, ids["Ben Baker"], "Benjamin Baker")
    client.post("/account/logout")

    ben = client.get(f"/leagues/{lid}/players/{ids['Ben Baker']}").get_data(as_text=True)
    with_column = re.findall(r'<td>((?:<a href="[^"]+/players/\d+">[^<]+</a>(?:, )?)+)</td>', ben)
    opponents = sorted(re.sub("<[^>]+>", "", cell) for cell in with_column)
    assert opponents == ["Ann", "Pete Parks"]  # one opponent a game, never his own old names
    pete = client.get(f"/leagues/{lid}/players/{ids['Pete Parks']}").get_data(as_text=True)
    assert f'/players/{ids["Ben Baker"]}">Benjamin Baker</a>' in pete
    assert "Ben Baker<" not in pete


def test_a_table_counted_by_paper_totals_shows_them_and_no_money(client, uow, olga):
    stakes = league.Rules("rummy", "Rummy", {"deals": 2}, {"cents_per_point": 1}, 3)
    lid = make_league(uow, olga, rules=stakes)
    league.set_published(uow, lid, olga, True)
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, [ids[n] for n in NAMES[:3]])
    table = night.tables[0]
    totals = dict(zip(table.names, [41, 17, 8], strict=True))
    form = {f"total.{name}": str(value) for name, value in totals.items()}
    client.post(f"/leagues/{lid}/nights/{night.id}/tables/1/totals", data=form)

    page = client.get(f"/leagues/{lid}/nights/{night.id}/tables/1").get_data(as_text=True)
    assert "in play" not in page and "0 deals" not in page
    assert "Counted by the final totals typed from the paper sheet" in page
    assert '<table class="result-totals">' in page and 'class="totals"' not in page
    assert "<td>41</td><td>17</td><td>8</td>" in page
    player = client.get(f"/leagues/{lid}/players/{ids[table.names[0]]}").get_data(as_text=True)
    assert "$0.00" not in player and "<td>\u2013</td>" in player


def test_the_night_page_shows_every_table_at_a_glance_and_polls_cheaply(client, uow, olga):
    lid = make_league(uow, olga)
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, [ids[n] for n in NAMES[:9]])
    first, second, third = night.tables
    play_out(uow, first)
    one = {"out": second.names[2], "hands": {second.names[0]: 5, second.names[1]: 7}}
    services.record_deal(uow, second.game_id, second.edit_token, one)
    board_url = f"/leagues/{lid}/nights/{night.id}/board"

    page = client.get(f"/leagues/{lid}/nights/{night.id}").get_data(as_text=True)
    assert f'data-poll="{board_url}"' in page
    rows = re.findall(r'<tr class="state-([a-z-]+)">(.*?)</tr>', page, re.S)
    assert [state for state, _ in rows] == ["finished", "in-play", "in-play"]
    cells = [re.findall(r"<td>(.*?)</td>", row, re.S) for _, row in rows]
    assert cells[0][3:5] == ["2", first.names[0]]
    assert cells[1][3:5] == ["1", second.names[2]]
    assert cells[2][3:5] == ["0", ""]
    assert "1 of 3</strong> tables done" in page
    no_inline_script_or_style(page)

    board = client.get(board_url)
    etag = board.headers["ETag"]
    assert client.get(board_url, headers={"If-None-Match": etag}).status_code == 304
    totals = dict(zip(third.names, [30, 12, 12], strict=True))
    league.set_paper_totals(uow, lid, olga, night.id, third.number, totals)
    changed = client.get(board_url, headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["ETag"] != etag
    assert "2 of 3</strong> tables done" in changed.get_data(as_text=True)
    client.post("/account/logout")
    assert client.get(board_url).status_code == 302  # organizers only


def test_standings_explain_every_column_and_money_can_be_hidden_from_the_public(client, uow, olga):
    stakes = league.check_rules(
        preset="Rummy",
        variant=None,
        options={"deals": 2},
        stakes={"cents_per_point": 1},
        table_size=3,
    )
    lid = make_league(uow, olga, rules=stakes)
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, [ids[n] for n in NAMES[:6]])
    for table in night.tables:
        play_out(uow, table)
    response = client.post(
        f"/leagues/{lid}/ranking",
        data={"rank_by": "wins", "min_games": "1", "bye_counts": "none", "hide_money": "1"},
    )
    assert response.status_code == 303
    league.set_published(uow, lid, olga, True)
    headings = ["#", "Games", "Wins", "Win rate", "Points", "Per deal", "Rating", "Last night"]

    page = client.get(f"/leagues/{lid}/standings").get_data(as_text=True)
    for heading in [*headings, "Money"]:
        assert f"<dt>{heading}</dt>" in page  # organizers see money, and its legend
    assert "Ranked by wins" in page
    pdf = pdf_text(client.get(f"/leagues/{lid}/standings.pdf").data)
    assert "Place by wins" in pdf and "openskill" in pdf and "Money" in pdf

    client.post("/account/logout")
    public = client.get(f"/leagues/{lid}/standings").get_data(as_text=True)
    assert "Money" not in public and "USD" not in public and "$" not in public
    assert all(f"<dt>{heading}</dt>" in public for heading in headings)
    assert "Money" not in pdf_text(client.get(f"/leagues/{lid}/standings.pdf").data)
    rows = list(csv.reader(io.StringIO(client.get(f"/leagues/{lid}/standings.csv").data.decode())))
    assert {row[rows[0].index("money_cents")] for row in rows[1:]} == {""}
    player = client.get(f"/leagues/{lid}/players/{ids['Ann']}").get_data(as_text=True)
    assert "USD" not in player and "$" not in player


def test_a_bad_ranking_rule_keeps_the_form(client, uow, olga):
    lid = make_league(uow, olga)
    response = client.post(
        f"/leagues/{lid}/ranking",
        data={"rank_by": "wins", "min_games": "lots", "bye_counts": "average", "hide_money": "1"},
    )
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert "Games needed must be a whole number from 0 to 1000" in page
    assert 'value="lots"' in page and 'value="average" selected' in page
    assert 'name="hide_money" value="1" checked' in page


def test_the_night_page_names_who_sits_out(client, uow, olga):
    gin = league.Rules("gin", "Gin Rummy", {}, None, 2)
    lid = make_league(uow, olga, rules=gin)
    ids = member_ids(uow, lid, olga)
    response = client.post(
        f"/leagues/{lid}/nights",
        data={"held_on": "2026-03-05", "method": "random", "present": [ids[n] for n in NAMES[:7]]},
    )
    assert response.status_code == 303
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert page.count('class="table-card"') == 3
    assert "Sitting out tonight (a bye):" in page


def test_a_merge_says_what_it_will_do_and_asks_first(client, uow, olga):
    lid = make_league(uow, olga, names=[*NAMES, "Anne"])
    ids = member_ids(uow, lid, olga)
    start(uow, lid, olga, [ids["Anne"], ids["Bob"], ids["Cy"]])
    form = {"source": ids["Anne"], "target": ids["Ann"]}
    asked = client.post(f"/leagues/{lid}/members/merge", data=form)
    assert asked.status_code == 200
    page = asked.get_data(as_text=True)
    assert "Merge Anne into Ann? Anne&#39;s 1 seat and its results" in page
    assert 'name="confirm" value="1"' in page
    assert f'value="{ids["Anne"]}" selected' in page and f'value="{ids["Ann"]}" selected' in page
    assert "Anne" in [m.name for m in league.league_view(uow, lid, olga).members]
    done = client.post(f"/leagues/{lid}/members/merge", data={**form, "confirm": "1"})
    assert done.status_code == 303
    assert "Anne" not in [m.name for m in league.league_view(uow, lid, olga).members]


def test_the_night_form_ticks_last_nights_players_or_everyone(client, uow, olga):
    lid = make_league(uow, olga)
    ids = member_ids(uow, lid, olga)
    came = [ids[n] for n in NAMES[2:7]]
    seat_night(uow, lid, olga, came)
    last = client.get(f"/leagues/{lid}?tick=last").get_data(as_text=True)
    assert sorted(int(i) for i in re.findall(r'value="(\d+)" checked', last)) == sorted(came)
    everyone = client.get(f"/leagues/{lid}?tick=all").get_data(as_text=True)
    assert len(re.findall(r'name="present" value="\d+" checked', everyone)) == len(NAMES)
    assert 'value="2026"' in client.get(f"/leagues/{lid}").get_data(as_text=True)  # its season


def test_attendance_late_arrival_no_show_reseat_and_delete(client, uow, olga):
    lid = make_league(uow, olga)
    ids = member_ids(uow, lid, olga)
    night_id = seat_night(uow, lid, olga, [ids[n] for n in NAMES[:6]])
    base = f"/leagues/{lid}/nights/{night_id}"

    def seated():
        _, night = league.night_view(uow, lid, olga, night_id)
        return [sorted(s.member_id for s in t.seats) for t in night.tables], night

    assert client.post(f"{base}/late", data={"member": ids["Gus"]}).status_code == 303
    tables, _ = seated()
    assert sorted(len(t) for t in tables) == [3, 4] and any(ids["Gus"] in t for t in tables)
    again = client.post(f"{base}/late", data={"member": ids["Gus"]})
    assert again.status_code == 422 and "Gus is already here" in again.get_data(as_text=True)

    assert client.post(f"{base}/remove", data={"member": ids["Gus"]}).status_code == 303
    tables, _ = seated()
    assert sorted(len(t) for t in tables) == [3, 3]
    no_show = tables[0][0]
    assert client.post(f"{base}/remove", data={"member": no_show}).status_code == 303
    refused = client.post(f"{base}/remove", data={"member": tables[0][1]})
    assert refused.status_code == 422  # rummy needs 2 at a table
    assert "reseat the night instead" in refused.get_data(as_text=True)

    assert client.post(f"{base}/reseat", data={"method": "balanced"}).status_code == 303
    tables, night = seated()
    assert night.seating == "balanced"
    assert sorted(itertools.chain(*tables)) == sorted(
        ids[n] for n in NAMES[:6] if ids[n] != no_show
    )
    assert client.post(f"{base}/delete").status_code == 303
    assert league.league_view(uow, lid, olga).nights == ()


def test_a_played_night_is_not_deleted_unasked_and_a_late_pair_opens_a_table(client, uow, olga):
    gin = league.Rules("gin", "Gin Rummy", {}, None, 2)
    lid = make_league(uow, olga, rules=gin)
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, [ids[n] for n in NAMES[:5]])  # one bye
    base = f"/leagues/{lid}/nights/{night.id}"
    assert client.post(f"{base}/late", data={"member": ids["Fay"]}).status_code == 303
    _, after = league.night_view(uow, lid, olga, night.id)
    assert len(after.tables) == 3 and after.byes == ()
    assert all(table.game_id for table in after.tables)  # the new table's game started
    table = after.tables[0]
    a, b = table.names
    services.record_deal(
        uow, table.game_id, table.edit_token, {"knocker": a, "hands": {a: 0, b: 30}}
    )
    # A played night is not deleted at once: the organizer is asked first.
    asked = client.post(f"{base}/delete")
    assert asked.status_code == 200 and "played table goes with it" in asked.get_data(as_text=True)
    assert len(league.league_view(uow, lid, olga).nights) == 1


def test_the_public_league_page_needs_no_account_once_published(client, uow, olga):
    stakes = league.check_rules(
        preset="Rummy",
        variant=None,
        options={"deals": 2},
        stakes={"cents_per_point": 1},
        table_size=3,
    )
    lid = make_league(uow, olga, rules=stakes)
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, [ids[n] for n in NAMES[:6]])
    for table in night.tables:
        play_out(uow, table)
    league.rename_member(uow, lid, olga, ids["Ann"], "Ann Åkerlund")
    client.post("/account/logout")
    assert client.get(f"/leagues/{lid}/public").status_code == 404  # not published yet

    league.set_published(uow, lid, olga, True)
    page = client.get(f"/leagues/{lid}/public").get_data(as_text=True)
    assert "Ann Åkerlund" in page and "<td>+$0.80</td>" in page
    plain = re.sub(r"<a [^>]+>([^<]+)</a>", r"\1", page).replace("Ann Åkerlund", "Ann")
    for table in night.tables:
        assert f"{table.names[0]} 40 <strong>(won)</strong>" in plain
    assert "/edit/" not in page and "edit_token" not in page
    no_inline_script_or_style(page)
    league.set_ranking(
        uow, lid, olga, rank_by="rating", min_games=0, bye_counts="none", hide_money=True
    )
    assert "$" not in client.get(f"/leagues/{lid}/public").get_data(as_text=True)


def test_a_season_schedule_is_on_the_public_page_and_in_a_calendar_feed(client, uow, olga):
    from icalendar import Calendar

    lid = make_league(uow, olga)
    later = [date.today() + timedelta(days=7 * week) for week in (1, 2, 3)]
    form = {"dates": "\n".join(day.isoformat() for day in later), "note": "7 pm at Zoë's"}
    assert client.post(f"/leagues/{lid}/schedule", data=form).status_code == 303
    bad = client.post(f"/leagues/{lid}/schedule", data={"dates": "2027-01-14\nnext week"})
    assert bad.status_code == 422
    page = bad.get_data(as_text=True)
    assert "Date 2 must be a date such as 2027-01-14" in page and "next week</textarea>" in page
    league.set_published(uow, lid, olga, True)
    client.post("/account/logout")

    public = client.get(f"/leagues/{lid}/public").get_data(as_text=True)
    for day in later:
        assert f"{day.isoformat()}: 7 pm at Zoë&#39;s" in public
    feed = client.get(f"/leagues/{lid}/schedule.ics")
    assert feed.mimetype == "text/calendar"
    events = Calendar.from_ical(feed.data).walk("VEVENT")
    assert [event.decoded("dtstart") for event in events] == later
    assert all(str(event["description"]) == "7 pm at Zoë's" for event in events)
    assert len({str(event["uid"]) for event in events}) == 3


def test_a_partnership_leagues_standings_say_each_player_gets_their_sides_result(client, uow, olga):
    rules = league.Rules("canasta", "Canasta", {"target": 1500}, None, 4)
    lid = make_league(uow, olga, rules=rules)
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, [ids[n] for n in NAMES[:4]])
    table = night.tables[0]
    north, east = services.load_game(uow, table.game_id).setup.players
    league.set_paper_totals(uow, lid, olga, night.id, 1, {north: "1655", east: "-220"})
    explained = "In partnership games each player gets their side's result"

    page = client.get(f"/leagues/{lid}/standings").get_data(as_text=True)
    pdf = pdf_text(client.get(f"/leagues/{lid}/standings.pdf").data)

    assert explained in page
    assert "each player gets their side's result" in " ".join(pdf.split())
    for name in table.names:
        assert escape(name) in page
    rummy = client.get(f"/leagues/{make_league(uow, olga, name='Rummy Club')}/standings")
    assert "partnership" not in rummy.get_data(as_text=True)
    form = client.get("/leagues/new").get_data(as_text=True)
    assert "4 players a table." in form  # Canasta, counted in people
    assert "4, 6 or 8 players a table in whole sides (usually 4)" in form


def test_a_canasta_nights_pack_has_a_pad_per_table_kept_by_side(client, uow, olga):
    rules = league.Rules("canasta", "Canasta", {}, None, 4)
    lid = make_league(uow, olga, rules=rules)
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, [ids[n] for n in NAMES[:8]])

    response = client.get(f"/leagues/{lid}/nights/{night.id}/pack.pdf")

    assert response.status_code == 200
    text = pdf_text(response.data)
    for table in night.tables:
        for side in services.load_game(uow, table.game_id).setup.players:
            assert side in text


def test_a_refused_rename_or_merge_keeps_the_form_and_says_why_once(client, uow, olga):
    lid = make_league(uow, olga)
    ids = member_ids(uow, lid, olga)
    response = client.post(f"/leagues/{lid}/members/{ids['Ann']}/rename", data={"name": "bob"})
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert 'value="bob"' in page  # as typed, in Ann's rename field
    assert page.count("belongs to another member") == 1
    assert league.league_view(uow, lid, olga).members[0].name == "Ann"
    same = {"source": str(ids["Cy"]), "target": str(ids["Cy"])}
    response = client.post(f"/leagues/{lid}/members/merge", data=same)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert page.count("Pick two different members to merge.") == 1
    assert f'<option value="{ids["Cy"]}" selected>Cy</option>' in page
    assert "source:" not in page


def test_the_calendar_feed_escapes_and_folds_its_text_and_names_the_configured_site(
    app, client, uow, olga
):
    """RFC 5545: TEXT values escape ; , and \\, content lines fold at 75 octets; the UID
    names the configured public base, whatever Host the request said."""
    from icalendar import Calendar

    app.config["PUBLIC_BASE_URL"] = "https://cards.example.org"
    lid = make_league(uow, olga, name="Rummy; Gin, and \\ more")
    note = "Zoë's, " + "upstairs; " * 7  # longer than a content line once escaped
    assert client.post(f"/leagues/{lid}/schedule", data={"dates": "2027-01-14", "note": note})
    league.set_published(uow, lid, olga, True)
    feed = client.get(f"/leagues/{lid}/schedule.ics", headers={"Host": "evil.example"})
    lines = feed.data.split(b"\r\n")
    assert b"X-WR-CALNAME:Rummy\\; Gin\\, and \\\\ more" in lines
    assert all(len(line) <= 75 for line in lines)
    assert b"\r" not in feed.data.replace(b"\r\n", b"")
    (event,) = Calendar.from_ical(feed.data).walk("VEVENT")
    assert str(event["uid"]).endswith("@cards.example.org")
    assert str(event["description"]) == note.strip()


GIN = league.Rules("gin", "Gin Rummy", {}, None, 2)


def a_gin_night_with_a_bye(uow, olga):
    """Five at gin: two tables of two, and one sitting out."""
    lid = make_league(uow, olga, rules=GIN, names=NAMES[:5])
    ids = member_ids(uow, lid, olga)
    night_id = seat_night(uow, lid, olga, list(ids.values()))
    _, night = league.night_view(uow, lid, olga, night_id)
    ((bye_id, bye_name),) = night.byes
    return lid, night, bye_id, bye_name


def test_at_gin_a_no_show_is_replaced_by_the_player_sitting_out(client, uow, olga):
    lid, night, bye_id, bye_name = a_gin_night_with_a_bye(uow, olga)
    gone = night.tables[0].seats[1]
    taken_off = client.post(
        f"/leagues/{lid}/nights/{night.id}/remove", data={"member": str(gone.member_id)}
    )
    assert taken_off.status_code == 303
    page = client.get(taken_off.headers["Location"]).get_data(as_text=True)
    assert f"{bye_name}, who was sitting out, takes the seat at table 1" in page
    _, after = league.night_view(uow, lid, olga, night.id)
    assert after.byes == ()
    assert [seat.member_id for seat in after.tables[0].seats][1] == bye_id


def test_at_gin_swap_offers_the_player_sitting_out(client, uow, olga):
    lid, night, bye_id, bye_name = a_gin_night_with_a_bye(uow, olga)
    page = client.get(f"/leagues/{lid}/nights/{night.id}").get_data(as_text=True)
    second = page[page.index('name="second"') :]
    second = second[: second.index("</select>")]
    assert f'<option value="{bye_id}">{escape(bye_name)} (sitting out)</option>' in second
    seated = night.tables[1].seats[0]
    form = {"first": str(seated.member_id), "second": str(bye_id)}
    assert client.post(f"/leagues/{lid}/nights/{night.id}/swap", data=form).status_code == 303
    _, after = league.night_view(uow, lid, olga, night.id)
    assert [member_id for member_id, _ in after.byes] == [seated.member_id]
    assert after.tables[1].seats[0].member_id == bye_id


def test_an_earlier_game_reopened_by_a_correction_is_flagged_not_silently_dropped(
    client, uow, olga
):
    lid = make_league(uow, olga)
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, [ids[n] for n in NAMES[:8]], held_on=date(2026, 3, 5))
    for table in night.tables:
        play_out(uow, table)
    table = night.tables[1]
    # Taking back the last deal of a finished game reopens it: it stops counting.
    services.delete_last_deal(uow, table.game_id, table.edit_token, 2)
    _, standings = league.league_standings(uow, lid, olga, None)
    assert standings.open_games == ((night.id, date(2026, 3, 5), 2),)
    page = client.get(f"/leagues/{lid}/standings").get_data(as_text=True)
    assert "Open, so not counted until finished or ended early:" in page
    assert f'href="/leagues/{lid}/nights/{night.id}/tables/2">2026-03-05 table 2</a>' in page
    board = client.get(f"/leagues/{lid}/nights/{night.id}/board").get_data(as_text=True)
    assert 'class="state-reopened"' in board
    assert "open again: not in the standings until finished or ended" in board


def test_the_night_boards_times_carry_their_zone(client, uow, olga):
    lid = make_league(uow, olga)
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, [ids[n] for n in NAMES[:4]])
    play_out(uow, night.tables[0])
    board = client.get(f"/leagues/{lid}/nights/{night.id}/board").get_data(as_text=True)
    stamp = re.search(r'<time datetime="([^"]+)">([^<]+)</time>', board)
    assert stamp.group(1).endswith("+00:00")  # ISO 8601 with its offset: UTC, said so
    assert stamp.group(2).endswith(" UTC")


def test_a_player_whose_only_night_was_a_bye_is_in_the_standings_unranked(client, uow, olga):
    lid, night, bye_id, bye_name = a_gin_night_with_a_bye(uow, olga)
    league.start_night(uow, lid, olga, night.id)
    _, night = league.night_view(uow, lid, olga, night.id)
    for table in night.tables:
        first, second = table.names
        entry = {"knocker": first, "hands": {first: 0, second: 30}}
        services.record_deal(uow, table.game_id, table.edit_token, entry)
        league.set_closed(uow, lid, olga, night.id, table.number, True)
    _, standings = league.league_standings(uow, lid, olga, None)
    (line,) = [line for line in standings.lines if line.member_id == bye_id]
    assert (line.games, line.byes, line.place) == (0, 1, None)
    assert standings.lines[-1] is line
    page = client.get(f"/leagues/{lid}/standings").get_data(as_text=True)
    assert "Not yet ranked: no game counted yet" in page and escape(bye_name) in page


@pytest.mark.parametrize("tick", ["all", "last", "none"])
def test_ticking_everyone_keeps_the_date_season_and_seating_chosen(client, uow, olga, tick):
    lid = make_league(uow, olga)
    ids = member_ids(uow, lid, olga)
    start(uow, lid, olga, [ids[n] for n in NAMES[:4]])
    form = {"held_on": "2026-05-01", "season": "Spring", "method": "rotating", "tick": tick}
    form["present"] = [str(ids["Jo"])]
    response = client.post(f"/leagues/{lid}/nights", data=form)
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert 'name="held_on" required value="2026-05-01"' in page
    assert 'name="season" maxlength="20" value="Spring"' in page
    assert '<option value="rotating" selected>' in page
    ticked = set(re.findall(r'name="present" value="(\d+)" checked', page))
    expected = {
        "all": {str(i) for i in ids.values()},
        "last": {str(ids[n]) for n in NAMES[:4]},
        "none": set(),
    }
    assert ticked == expected[tick]
    assert len(league.league_view(uow, lid, olga).nights) == 1  # nothing seated


def test_a_nights_date_and_season_can_be_put_right(client, uow, olga):
    lid = make_league(uow, olga)
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, [ids[n] for n in NAMES[:4]])
    play_out(uow, night.tables[0])
    base = f"/leagues/{lid}/nights/{night.id}"
    form = {"held_on": "2026-03-06", "season": "Spring 26"}
    assert client.post(f"{base}/change", data=form).status_code == 303
    (changed,) = league.league_view(uow, lid, olga).nights
    assert (changed.held_on, changed.season) == (date(2026, 3, 6), "Spring 26")
    refused = client.post(f"{base}/change", data={"held_on": "6 March", "season": " "})
    assert refused.status_code == 422
    page = refused.get_data(as_text=True)
    assert "The date must be a date" in page and 'value="6 March"' in page
    _, standings = league.league_standings(uow, lid, olga, "Spring 26")
    assert sum(line.games for line in standings.lines) == 4


def test_a_played_night_is_deleted_after_saying_what_goes_with_it(client, uow, olga):
    lid = make_league(uow, olga)
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, [ids[n] for n in NAMES[:8]])
    play_out(uow, night.tables[0])
    base = f"/leagues/{lid}/nights/{night.id}"
    asked = client.post(f"{base}/delete")
    assert asked.status_code == 200
    page = asked.get_data(as_text=True)
    assert "Delete the night of 2026-03-05? Its 1 played table goes with it" in page
    assert "(2 deals in all)" in page and 'name="confirm" value="1"' in page
    assert len(league.league_view(uow, lid, olga).nights) == 1  # nothing yet
    done = client.post(f"{base}/delete", data={"confirm": "1"})
    assert (done.status_code, done.headers["Location"]) == (303, f"/leagues/{lid}#nights")
    assert league.league_view(uow, lid, olga).nights == ()
    assert services_game_gone(uow, night.tables[0].game_id)
    _, standings = league.league_standings(uow, lid, olga, None)
    assert standings.lines == ()


def services_game_gone(uow, game_id) -> bool:
    try:
        services.load_game(uow, game_id)
    except GameNotFound:
        return True
    return False


def test_the_pack_lists_those_sitting_out_and_slips_only_paper_tables(client, uow, olga):
    lid, night, _bye_id, bye_name = a_gin_night_with_a_bye(uow, olga)
    league.start_night(uow, lid, olga, night.id)
    league.set_source(uow, lid, olga, night.id, 2, "paper_deals")
    text = " ".join(pdf_text(client.get(f"/leagues/{lid}/nights/{night.id}/pack.pdf").data).split())
    assert f"Sitting out tonight (a bye): {bye_name}." in text
    assert f"{bye_name} sitting out" in text  # in the index, with everyone present
    assert "Result slip: Table 2" in text and "Result slip: Table 1" not in text


def test_a_pool_rummy_league_takes_an_entry_fee_and_its_pads_print_the_pot(client, uow, olga):
    form = {"name": "Pool night", "preset": "Pool Rummy 101", "table_size": "4"}
    refused = client.post("/leagues/new", data={**form, "entry_cents": "five"})
    assert refused.status_code == 422
    page = refused.get_data(as_text=True)
    assert re.search(r'<p class="error" id="stakes-entry_cents-error">Stakes entry cents ', page)
    assert 'name="entry_cents" inputmode="numeric" value="five" aria-invalid="true"' in page
    assert league.leagues_of(uow, olga) == []
    response = client.post("/leagues/new", data={**form, "entry_cents": "500", "currency": "eur"})
    assert response.status_code == 303
    lid = response.headers["Location"].rsplit("/", 1)[1]
    view = league.league_view(uow, lid, olga)
    assert view.rules.stakes["entry_cents"] == 500  # the mode left to the game: the pot
    client.post(f"/leagues/{lid}/members", data={"names": "\n".join(NAMES[:8])})
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, [ids[n] for n in NAMES[:8]])
    text = pdf_text(client.get(f"/leagues/{lid}/nights/{night.id}/pack.pdf").data)
    assert "€5.00" in text and "pot" in text
    edit = client.get(f"/leagues/{lid}").get_data(as_text=True)  # its rules, to change
    assert 'name="entry_cents" inputmode="numeric" value="500"' in edit


def test_the_game_whose_rules_a_form_was_sent_with_is_never_restored_by_a_browser(client, olga):
    """Firefox restores hidden fields on a reload: ``shown`` must still name the rules the
    page came with, so that new_game.js fetches those of a game the browser restored."""
    for path in ("/games/new", "/leagues/new"):
        page = client.get(path).get_data(as_text=True)
        shown = re.search(r'<input[^>]*name="shown"[^>]*>', page)
        assert shown is not None and 'autocomplete="off"' in shown.group(0), path
