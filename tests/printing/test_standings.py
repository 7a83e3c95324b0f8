"""The league standings PDF read back: ranks, ties, money, the legend, empty leagues."""

from __future__ import annotations

import io
import subprocess

import pytest
from pypdf import PdfReader

from scorekeeper.league.services import LeagueHead, Rules
from scorekeeper.league.standings import Line, Standings
from scorekeeper.league.views import Ranking
from scorekeeper.web.league.printing import standings_pdf
from tests.catalogs import translated
from tests.printing.support import assert_paper, pages, picture, words

LEAGUE = LeagueHead(
    public_id="L1",
    name="Thursday Rummy",
    rules=Rules("rummy", "Rummy", {}, {"cents_per_point": 1}, 4),
    ranking=Ranking(rank_by="rating", min_games=0, bye_counts="none", hide_money=False),
    published=True,
    manage=False,
)


def table(*lines: Line, currency: str | None = "USD") -> Standings:
    return Standings(None, (), True, currency, tuple(lines))


def line(name: str, rating: float, wins: int, money: int = 0, place: int = 1) -> Line:
    return Line(
        1,
        name,
        games=4,
        wins=wins,
        points=120,
        deals=30,
        money_cents=money,
        rating=rating,
        place=place,
    )


@pytest.fixture
def render(app):
    def render(standings: Standings, **kwargs) -> bytes:
        with app.test_request_context():
            return standings_pdf(LEAGUE, standings, **kwargs)

    return render


def test_tied_players_share_a_place_and_the_next_place_skips(render, tmp_path, output_dir):
    pdf = render(
        table(
            line("Ann", 12.04, 3, 645, place=1),
            line("Bob", 12.0, 3, -190, place=1),
            line("Cy", 9.5, 2, place=3),
            line("Dee", 9.5, 1, -455, place=4),
        )
    )
    picture(pdf, output_dir, "standings-ties-a4")
    text = words(pdf, tmp_path)
    assert "1 Ann" in text and "=1 Bob" in text and "3 Cy" in text and "4 Dee" in text
    assert "+$6.45" in text and "\u2212$1.90" in text and "-$" not in text
    assert "skill estimate" in text and "change over the league's latest night" in text


def test_an_empty_league_says_there_are_no_games_yet(render, tmp_path, output_dir):
    pdf = render(table())
    picture(pdf, output_dir, "standings-empty")
    text = words(pdf, tmp_path)
    assert "No games have been played in this league yet" in text
    assert "Player" not in text


def test_the_standings_print_on_letter_with_one_font_family(render, tmp_path):
    pdf = render(table(line("Ann", 1.0, 1)), page_size="letter")
    assert_paper(pdf, tmp_path, "Letter", "portrait")
    assert "page 1 of 1" in pages(pdf, tmp_path)[0]
    path = tmp_path / "standings.pdf"
    path.write_bytes(pdf)
    fonts = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True, check=True)
    names = [row.split()[0].split("+")[-1] for row in fonts.stdout.splitlines()[2:]]
    assert names and all(name.startswith("DejaVu-Sans") for name in names), names


def test_the_standings_are_tagged_and_described(render):
    pdf = render(table(line("Ann", 1.0, 1)), locale="en_US")
    reader = PdfReader(io.BytesIO(pdf))
    assert reader.metadata["/Title"] == "Thursday Rummy standings"
    assert reader.metadata["/Author"] == "Thursday Rummy"
    assert reader.metadata["/Subject"] == "Standings of Thursday Rummy: all seasons, 1 player"
    assert reader.trailer["/Root"]["/Lang"] == "en"
    french = PdfReader(io.BytesIO(render(table(line("Ann", 1.0, 1)), locale="fr_FR")))
    title = translated("fr", "%(league)s standings", league="Thursday Rummy")
    assert french.metadata["/Title"] == title != "Thursday Rummy standings"
    assert french.trailer["/Root"]["/Lang"] == "fr"
    assert reader.trailer["/Root"]["/MarkInfo"]["/Marked"]
