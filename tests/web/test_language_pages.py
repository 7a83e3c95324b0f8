"""A gin game's pages in every language through the test client, with the real
catalogs: the words a player reads at each step, and every sheet and pad printed in the
table's language. Real Chromium plays the same game in French (the browser's language)
and in Hindi (the switcher): tests/browser/test_languages_play.py."""

from __future__ import annotations

from io import BytesIO

import pytest
from pypdf import PdfReader

from scorekeeper.web.common.i18n import LANGUAGES
from tests.catalogs import translated
from tests.printing.support import picture
from tests.web.support import deal_data, start, text

PLAYERS = ["Élisabeth-Françoise Núñez de Åkerlund", "अनीता शर्मा-वर्मा"]
GIN = "preset:Gin Rummy"


def html_lang(page: str) -> str:
    return page.split('<html lang="', 1)[1].split('"', 1)[0]


def record(client, game_id: str, knocker_seat: int, hands: tuple[int, int]) -> str:
    """A deal sent from the game page's form; the page it leads to."""
    fields = {f"hands_{seat}": str(value) for seat, value in enumerate(hands)}
    data = deal_data(client, game_id, out=str(knocker_seat), **fields)
    response = client.post(f"/games/{game_id}/deals", data=data, follow_redirects=True)
    assert response.status_code == 200
    return text(response)


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_a_gin_game_speaks_the_browsers_language_at_every_step(client, language):
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = language
    assert html_lang(text(client.get("/"))) == language
    game_id = start(client, PLAYERS, game=GIN)
    page = text(client.get(f"/games/{game_id}"))
    assert translated(language, "Save deal %(number)s", number=1) in page
    page = record(client, game_id, 0, (5, 30))
    assert translated(language, "Deal %(number)s saved.", number=1) in page
    # A refused deal: nobody chosen, a number typed; the answer in the page's words.
    refused = text(
        client.post(
            f"/games/{game_id}/deals",
            data=deal_data(client, game_id, hands_0="7"),
            follow_redirects=True,
        )
    )
    assert 'id="problems"' in refused and html_lang(refused) == language
    for path in ["deals/1/edit", "deals/1/undo", "end", "history", "share", "table"]:
        response = client.get(f"/games/{game_id}/{path}")
        assert response.status_code == 200, path
        assert html_lang(text(response)) == language, path
    page = record(client, game_id, 1, (90, 0))  # gin past 100: the game is over
    assert 'id="deal-form"' not in page and html_lang(page) == language


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_every_sheet_and_pad_prints_in_the_tables_language(client, output_dir, language):
    game_id = start(client, PLAYERS, game=GIN, language=language)
    client.set_cookie("lang", language)  # the reader's language too
    for hands in [(5, 30), (0, 90)]:
        record(client, game_id, 0, hands)
    for size in ("A4", "Letter"):
        sheet = client.get(f"/games/{game_id}/sheet.pdf?page_size={size}")
        assert sheet.mimetype == "application/pdf"
        assert str(PdfReader(BytesIO(sheet.data)).trailer["/Root"]["/Lang"]).startswith(language)
        picture(sheet.data, output_dir, f"lang-{language}-sheet-{size.lower()}")
        query = f"game=preset:Gin+Rummy&players=2&page_size={size}&orientation=auto"
        pad = client.get(f"/pads/pad.pdf?{query}")
        assert pad.mimetype == "application/pdf"
        assert str(PdfReader(BytesIO(pad.data)).trailer["/Root"]["/Lang"]).startswith(language)
        picture(pad.data, output_dir, f"lang-{language}-pad-{size.lower()}")
