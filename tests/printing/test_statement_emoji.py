"""An emoji in a circle's or a member's name prints as itself on the statement, from a
font that has it (Noto Color Emoji, docs/deployment.md), never as a box; the digits
beside it stay in the sheet's own font (the emoji font maps digits too)."""

from __future__ import annotations

import io
import re

from pypdf import PdfReader

from scorekeeper.printing import circle_statement_pdf
from scorekeeper.service_layer import circles, services
from tests.printing.support import VIEW_URL, picture

NAMES = [
    "Zoë 🃏 Ångström-Łukasiewicz dela Peña",
    "Björn 🎉 Üçüncü-Żółkiewski Hernández",
    "Anaïs Dvořáková-Gómez de Sousa 🍕",
    "Jürgen Ærøskøbing-Szczęśniak Castaño",
]


def characters_by_font(pdf: bytes) -> dict[str, set[str]]:
    """Each font the PDF's pages use (its name without the subset's tag), and the
    characters its glyphs stand for (its ToUnicode map)."""
    found: dict[str, set[str]] = {}
    for page in PdfReader(io.BytesIO(pdf)).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            name = str(font["/BaseFont"]).split("+")[-1]
            cmap = font["/ToUnicode"].get_object().get_data().decode("latin-1")
            cmap = cmap.split("endcodespacerange")[1]  # the glyphs' entries follow
            pairs = re.findall(r"<[0-9a-fA-F]+> <([0-9a-fA-F]+)>", cmap)
            found.setdefault(name, set()).update(
                bytes.fromhex(text).decode("utf-16-be") for text in pairs
            )
    return found


def test_emoji_in_names_print_in_an_emoji_font(uow, output_dir):
    started = circles.create_circle(uow, name="Famille 🃏 à Łódź", members=NAMES, currency="EUR")
    circle_id, token = started.circle.public_id, started.edit_token
    game = circles.start_game(
        uow,
        circle_id,
        token,
        {"variant": "rummy", "players": NAMES, "stakes": {"cents_per_point": 1}},
    )
    hands = {name: 7 for name in NAMES[1:]}
    services.record_deal(
        uow, game.game.public_id, game.edit_token, {"out": NAMES[0], "hands": hands}
    )
    services.end_game(uow, game.game.public_id, game.edit_token)
    circles.add_expense(
        uow, circle_id, token, {"paid_by": NAMES[1], "cents": 103, "shared_by": NAMES, "note": "🍕"}
    )
    pdf = circle_statement_pdf(circles.load_circle(uow, circle_id), view_url=VIEW_URL)
    picture(pdf, output_dir, "statement-emoji")
    fonts = characters_by_font(pdf)
    emoji = set().union(*(chars for name, chars in fonts.items() if "Emoji" in name))
    assert emoji == {"🃏", "🎉", "🍕"}, fonts  # and no digit: they stay in DejaVu Sans
    assert set("0123456789") <= fonts["DejaVu-Sans"]
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    for emoji in "🃏🎉🍕":
        assert emoji in text
