"""The printing tests' readers (tests/printing/support.py) count pages and measure paper
with poppler, as pypdf reads them: pypdf took three times as long to find a tagged
PDF's pages (it reads the whole object stream its root sits in)."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from scorekeeper.printing import blank_pad_pdf
from tests.printing.cases import TWENTY_NAMES
from tests.printing.support import MM, page_count, pages, paper

pytestmark = pytest.mark.sqlite  # no database: one stage reads them


def test_page_counts_and_paper_sizes_are_pypdfs(tmp_path):
    # Twenty players: a landscape Letter sheet a group of them, several pages.
    pdf = blank_pad_pdf(preset="Free score pad", players=20, names=TWENTY_NAMES, page_size="Letter")
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) > 1
    assert page_count(pdf) == len(reader.pages)
    assert len(pages(pdf, tmp_path)) == len(pages(pdf, tmp_path, "-raw")) == len(reader.pages)
    assert paper(pdf, tmp_path) == [
        (round(float(page.mediabox.width) / MM, 1), round(float(page.mediabox.height) / MM, 1))
        for page in reader.pages
    ]
