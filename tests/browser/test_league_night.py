"""A league night end to end in real Chromium on phones.

The organizer signs up, creates a league, adds ten members, seats nine, swaps
two, starts play and prints the pack; two tables play on players' phones
through the table pages (their edit links), the third is typed from its paper
sheet; the standings change as the tables finish. CSRF is on, as in production.

Each scenario opens its phones on the session's one Chromium (tests/browser/conftest.py's
new_phone), as every browser test does, rather than launching a Chromium of its own.
"""

from __future__ import annotations

import io
import re

import pytest
from playwright.sync_api import Page, expect
from pypdf import PdfReader

from scorekeeper.league import services as league
from scorekeeper.league import transfer
from scorekeeper.service_layer import services
from scorekeeper.service_layer.unit_of_work import UnitOfWork
from tests.browser.phone import Phone, serving
from tests.browser.support import correct, log_in, record, submit
from tests.league.support import (
    LONG_NAMES,
    NAMES,
    PASSWORD,
    a_season,
    figures,
    make_league,
    make_organizer,
    member_ids,
    play_out,
)
from tests.league.support import started_night as start
from tests.tiers import SLOW

pytestmark = pytest.mark.browser


@pytest.fixture
def app_config(app_config: dict) -> dict:
    return {**app_config, "WTF_CSRF_ENABLED": True}


def standings_rows(page: Page) -> dict[str, list[str]]:
    rows = page.locator("table.standings tbody tr")
    found = {}
    for i in range(rows.count()):
        cells = rows.nth(i).locator("td").all_inner_texts()
        found[cells[1]] = cells
    return found


# Slow tier (tests/tiers.py): tests/league/test_pages.py plays the night through the test
# client, and test_league_rules_phone.py and test_director_phone.py the league on a phone.
@SLOW
def test_a_league_night_from_sign_up_to_standings(new_phone, shots, uow):
    league_night(new_phone, shots, uow)


def league_night(new_phone, shots, uow) -> None:
    organizer = Phone(new_phone(), shots)
    page = organizer.page

    page.goto("/account/signup")
    page.fill("input[name=email]", "olga@example.org")
    page.fill("input[name=name]", "Olga")
    page.fill("input[name=password]", PASSWORD)
    page.fill("input[name=confirm]", PASSWORD)
    submit(page, "Create account")
    # A signup never logs in: it answers the same for a taken address.
    page.fill("input[name=email]", "olga@example.org")
    page.fill("input[name=password]", PASSWORD)
    submit(page, "Log in")

    page.get_by_role("link", name="New league").click()
    page.fill("input[name=name]", "Thursday Club")
    page.select_option("select[name=preset]", label="Rummy")
    page.get_by_label("Number of deals").fill("2")  # Rummy's house rules, as on a new game
    page.fill("input[name=table_size]", "4")
    submit(page, "Create league")
    lid = page.url.rsplit("/", 1)[1]

    page.fill("textarea[name=names]", "\n".join(NAMES))
    submit(page, "Add members")
    expect(page.get_by_text("Added 10 members.")).to_be_visible()

    for name in NAMES[:9]:
        page.get_by_label(name, exact=True).check()
    page.select_option("select[name=method]", value="rotating")
    submit(page, "Seat them")
    expect(page.locator(".table-card")).to_have_count(3)
    page.select_option("select[name=first]", index=0)
    page.select_option("select[name=second]", index=8)
    first_before = page.locator("select[name=first] option").nth(0).inner_text()
    submit(page, "Swap seats")
    expect(page.locator("#table-3 .seats li").last).to_contain_text(first_before.split(" (")[0])
    organizer.shot("league-night-seated")
    submit(page, "Start play: set up the games")

    pack_href = page.get_by_role("link", name="Print pack (PDF)").get_attribute("href")
    pack = page.request.get(pack_href)
    assert pack.headers["content-type"] == "application/pdf"
    pack_pages = PdfReader(io.BytesIO(pack.body())).pages
    # The seating list, the A-to-Z index, a pad a table (no result slips: every table
    # is scored on a phone so far).
    assert len(pack_pages) >= 1 + 1 + 3
    organizer.shot("league-night-started")

    organizer_id = 1
    night = league.league_view(uow, lid, organizer_id).nights[0]
    edit_links = [link.get_attribute("href") for link in page.locator("a.edit-link").all()]
    assert len(edit_links) == 3

    # Tables 1 and 2: a player's phone opens the edit link and records two deals.
    for index in range(2):
        table = night.tables[index]
        player = Phone(new_phone(), shots)
        player.page.goto(edit_links[index])
        player.page.wait_for_url(re.compile(rf"/games/{table.game_id}$"))
        winner = table.names[index]
        others = [f"hands_{seat}" for seat, name in enumerate(table.names) if name != winner]
        for hand in ("12", "8"):
            record(player, winner, [(field, hand) for field in others])
        player.shot(f"league-table-{table.number}-played")
        assert services.load_game(uow, table.game_id).state.finished

        page.goto(f"/leagues/{lid}/standings")
        rows = standings_rows(page)
        assert len(rows) == 3 * (index + 1)
        assert rows[winner][3] == "1"  # wins
        assert rows[winner][5] == "40"  # points: 12 + 12, then 8 + 8

    # Table 3 comes in on paper: the organizer types its final totals.
    paper = night.tables[2]
    page.goto(f"/leagues/{lid}/nights/{night.id}")
    page.get_by_role("link", name="Manage table").nth(2).click()
    for name, total in zip(paper.names, ["15", "40", "5"], strict=True):
        page.get_by_label(name, exact=True).fill(total)
    submit(page, "Save totals (counts the table by these alone)")
    expect(page.get_by_text("The totals from the paper sheet were saved.")).to_be_visible()
    expect(page.locator("select[name=source]")).to_have_value("paper_totals")

    page.goto(f"/leagues/{lid}/standings")
    rows = standings_rows(page)
    organizer.shot("league-standings")
    # On the phone the table scrolls sideways; places and names stay at its left edge.
    scroller = page.locator(".scroll")
    assert scroller.evaluate("box => box.scrollWidth > box.clientWidth")
    scroller.evaluate("box => { box.scrollLeft = box.scrollWidth; }")
    left = scroller.bounding_box()["x"]
    # The place stays at the left edge and the name right beside it.
    place = page.locator("table.standings tbody tr").first.locator("td").nth(0)
    name = page.locator("table.standings tbody tr").first.locator("td").nth(1)
    assert place.bounding_box()["x"] == pytest.approx(left, abs=1)
    beside = left + place.bounding_box()["width"]
    assert name.bounding_box()["x"] == pytest.approx(beside, abs=1)
    organizer.shot("league-standings-scrolled")
    assert set(rows) == set(NAMES[:9])
    assert rows[paper.names[1]][3] == "1" and rows[paper.names[1]][5] == "40"
    assert rows[paper.names[1]][6] == "\N{EN DASH}"  # no deals typed: no average per deal
    winners = {night.tables[0].names[0], night.tables[1].names[1], paper.names[1]}
    assert {cells[1] for cells in list(rows.values())[:3]} == winners
    # The page is the same figures the standings use case derives.
    _, table = league.league_standings(uow, lid, organizer_id, None)
    assert [line.name for line in table.lines] == list(rows)


LAPTOP = {
    "viewport": {"width": 1366, "height": 768},
    "device_scale_factor": 1,
    "is_mobile": False,
    "has_touch": False,
}


def test_standings_and_a_tables_totals_fit_a_laptop_screen(new_phone, shots, uow):
    olga = make_organizer(uow)
    stakes = league.Rules("rummy", "Rummy", {"deals": 2}, {"cents_per_point": 1}, 3)
    lid = make_league(uow, olga, rules=stakes)
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, [ids[name] for name in NAMES[:6]])
    for table in night.tables:
        play_out(uow, table)

    def scenario(new_phone) -> None:
        laptop = Phone(new_phone(**LAPTOP), shots)
        page = laptop.page
        page.goto("/account/login")
        page.fill("input[name=email]", "org@example.org")
        page.fill("input[name=password]", PASSWORD)
        submit(page, "Log in")
        page.goto(f"/leagues/{lid}/standings")
        laptop.shot("league-standings-laptop")
        # Every column in sight: Rating, Last night and Change are not cut off.
        assert page.locator(".scroll").evaluate("box => box.scrollWidth <= box.clientWidth")
        page.goto(f"/leagues/{lid}/nights/{night.id}/tables/1")
        laptop.shot("league-table-laptop")
        heads = page.locator("table.result-totals th").all()
        cells = page.locator("table.result-totals td").all()
        assert len(heads) == len(cells) == 3
        for head, cell in zip(heads, cells, strict=True):
            above, below = head.bounding_box(), cell.bounding_box()
            assert above["y"] + above["height"] <= below["y"] + 0.5  # the heading sits above
            assert abs(above["x"] - below["x"]) < 1  # in its number's column

    scenario(new_phone)


SEASON_NAMES = [
    "Zoë Quist",
    "Zoe Quist",
    "Élisabeth-Françoise Núñez de Åkerlund 01",
    "Bartholomew Ignatius Szczepański-Øst 02",
    "Ana Lúcia",
    "Ben Baker",
    "Chloé Dubois",
]


# Slow tier (tests/tiers.py): the night from sign-up to standings stands for it.
@pytest.mark.long
@SLOW
def test_a_gin_season_night_run_by_an_organizer_on_a_laptop(new_phone, shots, uow):
    """The issue's season flow: from the home page to a bye, phones, paper, a correction,
    the night page following the tables by itself, a rename and a merge, an export."""
    season_night(new_phone, shots, uow)


def season_night(new_phone, shots, uow) -> None:
    organizer = Phone(new_phone(**LAPTOP), shots)
    page = organizer.page
    page.goto("/")
    with page.expect_navigation():
        page.get_by_role("link", name="sign up").click()
    page.fill("input[name=email]", "olga@example.org")
    page.fill("input[name=name]", "Olga")
    page.fill("input[name=password]", PASSWORD)
    page.fill("input[name=confirm]", PASSWORD)
    submit(page, "Create account")
    # A signup never logs in (it answers the same for a taken address): log in.
    page.fill("input[name=email]", "olga@example.org")
    page.fill("input[name=password]", PASSWORD)
    submit(page, "Log in")

    with page.expect_navigation():
        page.get_by_role("link", name="New league").click()
    page.fill("input[name=name]", "Gin Thursdays")
    page.select_option("select[name=preset]", label="Gin Rummy")
    expect(page.locator("input[name=table_size]")).to_have_value("")  # the game's usual
    # The options box follows the game chosen: gin's options, help and usual values only.
    options = page.locator(".option-help")
    expect(options.locator("section:visible")).to_have_count(1)
    expect(options.locator("section:visible h3")).to_have_text("Gin Rummy")
    expect(options.get_by_text("2 players a table")).to_be_visible()
    # Its house rules as the new-game page has them, from the server.
    expect(page.locator("[name=shown]")).to_have_value("preset:Gin Rummy")
    expect(options.get_by_label("Game to")).to_have_value("100")
    organizer.shot("season-new-league-options")
    submit(page, "Create league")
    expect(page.get_by_text("Gin Rummy, 2 a table")).to_be_visible()
    lid = page.url.rsplit("/", 1)[1]

    page.fill("textarea[name=names]", "\n".join(SEASON_NAMES))
    submit(page, "Add members")
    expect(page.get_by_text("Added 7 members.")).to_be_visible()
    # Everyone is ticked (a button of the night form), then the two not here yet are unticked.
    with page.expect_navigation():
        page.get_by_role("button", name="everyone").click()
    page.get_by_label("Zoe Quist", exact=True).uncheck()
    page.get_by_label("Chloé Dubois", exact=True).uncheck()
    expect(page.locator("input[name=present]:checked")).to_have_count(5)
    submit(page, "Seat them")
    expect(page.locator(".table-card")).to_have_count(2)
    expect(page.get_by_text("Sitting out tonight (a bye):")).to_be_visible()
    # A late arrival with the one sitting out opens a third table.
    page.select_option("select[name=member]", label="Zoe Quist")
    submit(page, "Seat the late arrival")
    expect(page.locator(".table-card")).to_have_count(3)
    organizer.shot("season-night-seated")
    submit(page, "Start play: set up the games")
    night_url = page.url
    expect(page.locator("table.glance tbody tr")).to_have_count(3)
    edit_links = [link.get_attribute("href") for link in page.locator("a.edit-link").all()]

    organizer_id = 1
    night = league.league_view(uow, lid, organizer_id).nights[0]
    # Tables 1 and 2 play on players' phones; table 1 corrects its first deal.
    for index in range(2):
        table = night.tables[index]
        player = Phone(new_phone(), shots)
        player.page.goto(edit_links[index])
        player.page.wait_for_url(re.compile(rf"/games/{table.game_id}$"))
        knocker = table.names[0]
        record(player, knocker, [("hands_0", "5"), ("hands_1", "30")])
        if index == 0:
            correct(player, 1, "hands_1", "35")
        record(player, knocker, [("hands_0", "0"), ("hands_1", "90")])  # gin: past 100
        player.shot(f"season-table-{table.number}-phone")
        assert services.load_game(uow, table.game_id).state.finished
        # The organizer's night page marks the table finished by itself, no reload.
        expect(page.locator("table.glance tr.state-finished")).to_have_count(index + 1)
        assert page.url == night_url
    organizer.shot("season-night-two-finished")

    # Table 3 came in on paper: its final totals are typed on the table page.
    paper = night.tables[2]
    page.locator("table.glance").get_by_role("link", name="3", exact=True).click()
    for name, total in zip(paper.names, ["125", "0"], strict=True):
        page.get_by_label(name, exact=True).fill(total)
    submit(page, "Save totals (counts the table by these alone)")
    expect(
        page.get_by_text("Counted by the final totals typed from the paper sheet")
    ).to_be_visible()
    organizer.shot("season-table-paper")
    page.goto(night_url)
    expect(page.locator("table.glance tr.state-totals-typed")).to_have_count(1)
    expect(page.get_by_text("3 of 3", exact=True)).to_be_visible()

    # A rename, then a merge that asks first.
    page.goto(f"/leagues/{lid}")
    page.get_by_label("Name of Ben Baker").fill("Benjamin Baker")
    page.get_by_label("Name of Ben Baker").press("Enter")
    page.wait_for_load_state()
    expect(page.get_by_label("Name of Benjamin Baker")).to_be_visible()
    played = {name for t in night.tables for name in t.names}
    source, target = "Zoe Quist", "Zoë Quist"
    if source in played and target in played:
        source = next(name for name in SEASON_NAMES if name not in played)
    page.select_option("select[name=source]", label=source)
    page.select_option("select[name=target]", label=target)
    submit(page, "Merge…")
    expect(page.get_by_text(f"Merge {source} into {target}?")).to_be_visible()
    organizer.shot("season-merge-asks")
    submit(page, "Yes, merge them")
    expect(page.get_by_text("The two members are one now.")).to_be_visible()

    page.goto(f"/leagues/{lid}/standings")
    rows = standings_rows(page)
    organizer.shot("season-standings-laptop")
    assert "Benjamin Baker" in rows or "Benjamin Baker" not in played
    _, table = league.league_standings(uow, lid, organizer_id, None)
    assert [line.name for line in table.lines] == list(rows)
    exported = page.request.get(f"/leagues/{lid}/export.json").json()
    assert exported["organizers"] == [{"email": "olga@example.org", "role": "owner"}]
    assert [t["game"]["id"] for t in exported["nights"][0]["tables"]] == [
        t.game_id for t in night.tables
    ]

    # The public page on a phone, once published.
    submit_publish = page.goto(f"/leagues/{lid}")
    assert submit_publish.ok
    submit(page, "Publish standings")
    phone = Phone(new_phone(), shots)
    phone.page.goto(f"/leagues/{lid}/public")
    expect(phone.page.get_by_role("heading", name="Nights and results")).to_be_visible()
    phone.shot("season-public-phone")


# Slow tier (tests/tiers.py): tests/league/test_transfer.py stands for it.
@SLOW
def test_a_30_night_season_exported_and_imported_into_a_fresh_database_is_the_same(
    new_phone, fresh_app, shots, uow, tmp_path
):
    """The issue's last step: a season of 30 nights x 12 tables leaves one server by its
    export link and enters another, on a fresh database, by the import page, with the
    same standings, league and game ids and co-organizers."""
    # The season is built through the service layer: 30 nights played in a browser would
    # take an hour and prove nothing more than the one night the test above plays.
    olga, document = a_season(uow)
    lid = transfer.import_document(uow, olga, document).league_id
    cora = make_organizer(uow, "cora@example.org", "Cora")
    invited = league.add_organizer(uow, lid, olga, "cora@example.org")
    league.accept_invitation(uow, cora, invited.token)
    fresh = UnitOfWork(fresh_app.extensions["scorekeeper.db"].session_factory)
    importer = make_organizer(fresh)  # the same organizer, with an account on the new server
    with serving(fresh_app) as fresh_server:
        move_season(new_phone, shots, lid, fresh_server, tmp_path)
    cora_there = make_organizer(fresh, "cora@example.org", "Cora")
    # The import showed its one-time link for Cora; inviting again gives the one she opens.
    link = league.add_organizer(fresh, lid, importer, "cora@example.org")
    league.accept_invitation(fresh, cora_there, link.token)

    old, new = league.league_view(uow, lid, olga), league.league_view(fresh, lid, importer)
    assert [len(night.tables) for night in new.nights] == [12] * 30
    games = [[table.game_id for table in night.tables] for night in old.nights]
    assert [[table.game_id for table in night.tables] for night in new.nights] == games
    assert figures(fresh, lid, importer) == figures(uow, lid, olga)
    exported = transfer.export_league(uow, lid, olga)
    again = transfer.export_league(fresh, lid, importer)
    assert (
        exported["organizers"]
        == again["organizers"]
        == [
            {"email": "org@example.org", "role": "owner"},
            {"email": "cora@example.org", "role": "co"},
        ]
    )
    assert again["invitations"] == []


def move_season(new_phone, shots, lid: str, fresh_server: str, tmp_path) -> None:
    """On a laptop: export on the old server, import on the new; then a phone's look."""
    organizer = Phone(new_phone(**LAPTOP), shots)
    page = organizer.page
    log_in(page)
    log_in(page, server=fresh_server)
    page.goto(f"/leagues/{lid}")
    with page.expect_download() as download:
        page.get_by_role("link", name="Export JSON").click()
    season_file = tmp_path / "season.json"
    download.value.save_as(season_file)
    page.goto(f"/leagues/{lid}/standings")
    before = standings_rows(page)
    assert len(before) == len(LONG_NAMES)
    organizer.shot("season-30-nights-standings-before")

    page.goto(f"{fresh_server}/leagues/import")
    page.set_input_files("input[name=file]", season_file)
    # 360 games derived and stored: far longer than a click's usual wait on a busy machine.
    with page.expect_navigation(timeout=180_000):
        page.get_by_role("button", name="Import").click(timeout=180_000)
    expect(page.get_by_text("The league was imported.")).to_be_visible()
    expect(page.get_by_text("cora@example.org").first).to_be_visible()
    assert page.url == f"{fresh_server}/leagues/{lid}"
    organizer.shot("season-30-nights-imported")
    page.goto(f"{fresh_server}/leagues/{lid}/standings")
    assert standings_rows(page) == before
    organizer.shot("season-30-nights-standings-after")

    phone = Phone(new_phone(), shots)
    log_in(phone.page, server=fresh_server)
    phone.page.goto(f"{fresh_server}/leagues/{lid}/standings")
    assert standings_rows(phone.page) == before
    phone.shot("season-30-nights-standings-phone")


def test_public_standings_keep_the_ranking_in_view_on_a_phone(new_phone, uow):
    """8 players with 40-character accented names: scrolled to its last column, the
    standings still show each line's place and name on a Pixel 5."""
    names = [f"Élisabeth-Françoise Núñez de Åkerlund {i:02}" for i in range(8)]
    olga = make_organizer(uow)
    lid = make_league(uow, olga, names=names)
    ids = member_ids(uow, lid, olga)
    night = start(uow, lid, olga, list(ids.values()))
    for table in night.tables:
        play_out(uow, table)
    league.set_published(uow, lid, olga, True)
    ranking_in_view(new_phone, lid)


def ranking_in_view(new_phone, lid: str) -> None:
    for language in ("en", "pl"):
        page = new_phone(locale=language)
        page.goto(f"/language/{language}?next=/leagues/{lid}/public")
        box = page.locator("#standings .scroll")
        box.evaluate("element => { element.scrollLeft = element.scrollWidth; }")
        width = page.viewport_size["width"]
        for cell in ("td:nth-child(1)", "td:nth-child(2)"):
            for found in page.locator(f"table.standings tbody tr {cell}").all():
                left, right = found.evaluate(
                    "c => [c.getBoundingClientRect().left, c.getBoundingClientRect().right]"
                )
                assert left >= 0 and right <= width, (language, cell, left, right)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
