"""The printed sheet through the API (the printing package makes the PDF)."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from tests.api.conftest import ann_goes_out, assert_problem

POINTS_PER_MM = 72 / 25.4
PAPER_MM = {"A4": (210.0, 297.0), "Letter": (215.9, 279.4)}


def paper_mm(pdf: bytes) -> set[tuple[float, float]]:
    """The (width, height) of every page's MediaBox, in millimetres."""
    return {
        (
            round(float(page.mediabox.width) / POINTS_PER_MM, 1),
            round(float(page.mediabox.height) / POINTS_PER_MM, 1),
        )
        for page in PdfReader(io.BytesIO(pdf)).pages
    }


def test_the_sheet_is_a_pdf_of_the_game(start):
    game = start(title="Friday")
    game.record(ann_goes_out())
    response = game.client.get(f"{game.url}/sheet.pdf")
    assert response.status_code == 200
    assert response.mimetype == "application/pdf"
    assert response.get_data().startswith(b"%PDF-")
    assert paper_mm(response.get_data()) == {PAPER_MM["A4"]}


@pytest.mark.parametrize("asked", ["Letter", "letter", "LETTER"])
def test_the_sheet_comes_in_letter_size_whatever_the_case(start, asked):
    game = start()
    letter = game.client.get(f"{game.url}/sheet.pdf?page_size={asked}")
    assert letter.status_code == 200
    assert paper_mm(letter.get_data()) == {PAPER_MM["Letter"]}


def test_an_unknown_paper_size_is_a_problem_naming_page_size(start):
    game = start()
    problem = assert_problem(game.client.get(f"{game.url}/sheet.pdf?page_size=A0"), 422)
    assert "A4, Letter" in problem["errors"]["page_size"]


def test_the_pages_older_size_parameter_is_refused_not_ignored(start):
    game = start()
    problem = assert_problem(game.client.get(f"{game.url}/sheet.pdf?size=Letter"), 422)
    assert "page_size=Letter" in problem["errors"]["page_size"]


def test_the_links_sheet_is_the_apis_own_sheet(start, client):
    game = start()
    sheet = game.started["links"]["sheet"]
    assert sheet.endswith(f"/api/v1/games/{game.id}/sheet.pdf")
    response = client.get(sheet.removeprefix("http://localhost") + "?page_size=Letter")
    assert response.status_code == 200
    assert paper_mm(response.get_data()) == {PAPER_MM["Letter"]}


class TestWithRateLimiting:
    @pytest.fixture
    def app_config(self, app_config):
        return {**app_config, "RATELIMIT_ENABLED": True, "RATELIMIT_SHEETS": "1 per minute"}

    def test_sheets_past_the_limit_are_429_with_retry_after(self, start):
        game = start()
        assert game.client.get(f"{game.url}/sheet.pdf").status_code == 200
        response = game.client.get(f"{game.url}/sheet.pdf")
        assert_problem(response, 429)
        assert 1 <= int(response.headers["Retry-After"]) <= 60
        # The state is cheap and stays unlimited.
        assert game.client.get(game.url).status_code == 200
