"""The printed sheet through the API (the printing package makes the PDF)."""

from __future__ import annotations

import pytest

from tests.api.conftest import ann_goes_out, assert_problem


def test_the_sheet_is_a_pdf_of_the_game(start):
    game = start(title="Friday")
    game.record(ann_goes_out())
    response = game.client.get(f"{game.url}/sheet.pdf")
    assert response.status_code == 200
    assert response.mimetype == "application/pdf"
    assert response.get_data().startswith(b"%PDF-")


def test_the_sheet_comes_in_letter_size_too_and_nothing_else(start):
    game = start()
    letter = game.client.get(f"{game.url}/sheet.pdf?page_size=Letter")
    assert letter.status_code == 200
    assert letter.get_data().startswith(b"%PDF-")
    problem = assert_problem(game.client.get(f"{game.url}/sheet.pdf?page_size=A0"), 422)
    assert problem["errors"]


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
