"""The printed sheet through the API (the printing package makes the PDF)."""

from __future__ import annotations

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
