"""Accessible, well-described PDFs: tagged (PDF/UA-1) with a structure tree a screen
reader can walk, and Title, Author, Subject, Creator and the reader's language."""

from __future__ import annotations

import io
from collections import Counter
from datetime import date

from pypdf import PdfReader

from scorekeeper.printing import PackTable, blank_pad_pdf, game_sheet_pdf, print_pack_pdf
from tests.printing import games
from tests.printing.support import VIEW_URL


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
