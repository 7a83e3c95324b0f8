"""Accessible, well-described PDFs: tagged (PDF/UA-1) with a structure tree a screen
reader can walk, and Title, Author, Subject, Creator and the reader's language."""

from __future__ import annotations

import io
from collections import Counter
from datetime import date

from pypdf import PdfReader

from scorekeeper.printing import PackTable, blank_pad_pdf, game_sheet_pdf, print_pack_pdf
from tests.printing import games
from tests.printing.cases import played
from tests.printing.support import VIEW_URL, figures


def structure(pdf: bytes) -> tuple[dict, dict, Counter]:
    """The document's metadata, its catalog, and how many of each structure element."""
    reader = PdfReader(io.BytesIO(pdf))
    catalog = reader.trailer["/Root"]
    kinds: Counter = Counter()
    stack = [catalog["/StructTreeRoot"].get_object()]
    while stack:
        node = stack.pop()
        if "/S" in node:
            kinds[str(node["/S"])] += 1
        kids = node.get("/K", [])
        for kid in kids if isinstance(kids, list) else [kids]:
            kid = kid.get_object() if hasattr(kid, "get_object") else kid
            if hasattr(kid, "get"):
                stack.append(kid)
    return dict(reader.metadata), catalog, kinds


def test_a_game_sheet_is_tagged_and_described_in_the_readers_language():
    pdf = game_sheet_pdf(games.gin(title="Friday gin"), view_url=VIEW_URL, locale="fr_FR")
    meta, catalog, kinds = structure(pdf)
    assert meta["/Title"] == "Friday gin"
    assert meta["/Author"] == "Scorekeeper" and meta["/Creator"] == "Scorekeeper"
    assert meta["/Subject"].startswith(
        "Score sheet of a game of Gin Rummy, 8 novembre 2024: Ann et Bob"
    )
    assert catalog["/Lang"] == "fr"
    assert catalog["/MarkInfo"]["/Marked"]
    assert kinds["/Table"] >= 2 and kinds["/TH"] > 10 and kinds["/TD"] > 10
    assert kinds["/Link"] >= 1  # the QR code's link


def test_pads_and_packs_are_tagged_and_described():
    pad = blank_pad_pdf(preset="500 Rum", players=4, locale="en_GB")
    meta, catalog, kinds = structure(pad)
    assert meta["/Title"] == "500 Rum score pad"
    assert meta["/Subject"] == "Blank score pad for 500 Rum, 4 players"
    assert catalog["/Lang"] == "en"
    assert kinds["/Table"] >= 1

    pack = print_pack_pdf(
        [PackTable("Table 1", ["Ann", "Bob"], variant="gin")],
        title="Thursday league",
        day=date(2024, 11, 14),
        locale="de_DE",
    )
    meta, catalog, _kinds = structure(pack)
    assert meta["/Title"] == "Thursday league: 14. November 2024"
    assert meta["/Author"] == "Thursday league"
    assert catalog["/Lang"] == "de"


def test_every_image_has_alternative_text_in_the_readers_language(app):
    """QR codes, the chart and its legend's line keys: each a tagged Figure with /Alt."""
    finished = played(13, preset="Crazy Gin (13 deals)", players=["Ann", "Bob", "Cy"])
    assert finished.state.finished
    tables = [
        PackTable(f"Table {n}", ["Ann", "Bob"], variant="gin", edit_url=f"{VIEW_URL}/edit/t{n}")
        for n in (1, 2)
    ]
    with app.app_context():
        sheet = game_sheet_pdf(finished, view_url=VIEW_URL, locale="fr_FR")
        pack = print_pack_pdf(
            tables,
            title="Week 6",
            day=date(2024, 11, 14),
            public_url="https://scores.example/leagues/l1",
            locale="fr_FR",
        )
    alts = {}
    for name, pdf in (("sheet", sheet), ("pack", pack)):
        alts[name] = [str(figure.get("/Alt", "")) for figure in figures(pdf)]
        assert alts[name] and all(alts[name]), (name, alts[name])
    # The QR code, the chart, a line key a player; the pack: a QR code a table and one
    # of the league's standings page.
    assert len(alts["sheet"]) == 1 + 1 + 3 and len(alts["pack"]) == 3
    assert f"Code QR de l'adresse scores.example/games/{VIEW_URL[-22:]}" in alts["sheet"]
    assert any(alt.startswith("Graphique du total cumulé") for alt in alts["sheet"])
    assert "La ligne de Cy" in alts["sheet"]
    assert "Code QR de l'adresse scores.example/leagues/l1" in alts["pack"]
