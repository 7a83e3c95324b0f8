"""Helpers for the printing tests: games without a database, PDFs read back, pictures."""

from __future__ import annotations

import html
import io
import re
import subprocess
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from scorekeeper.scoring import derive, make_setup
from scorekeeper.service_layer.results import GameView
from tests.pictures import PICTURES
from tests.tiers import SLOW, sampled

GAME_ID = "Tq3xVb8Kp2LmN9sRw4YzAa"
VIEW_URL = f"https://scores.example/games/{GAME_ID}"
STARTED = datetime(2024, 11, 8, 19, 30, tzinfo=UTC)
MM = 72 / 25.4  # PDF points per millimetre
PAPER_MM = {"A4": (210, 297), "Letter": (215.9, 279.4)}


def game_view(entries=(), *, title=None, **setup) -> GameView:
    """A game as the service layer would load it, derived from ``entries``."""
    game_setup = make_setup(**setup)
    entries = list(entries)
    return GameView(
        public_id=GAME_ID,
        title=title,
        version=len(entries) + 1,
        created_at=STARTED,
        updated_at=STARTED,
        setup=game_setup,
        entries=tuple(entries),
        state=derive(game_setup, entries),
    )


def pages(pdf: bytes, tmp_path: Path, mode: str = "-layout") -> list[str]:
    """Each page's text as poppler's pdftotext lays it out (``-layout``: rows on one
    line) or reads it (``-raw``: each cell's text whole, in the order it was drawn).
    pdftotext ends every page, an empty one too, with a form feed: the pages are the
    pieces before the last one (counting them with pypdf cost 36 ms a PDF, three times
    pdftotext's own: a tagged PDF's root sits in an object stream pypdf reads whole)."""
    path = tmp_path / "sheet.pdf"
    path.write_bytes(pdf)
    text = subprocess.run(
        ["pdftotext", mode, "-enc", "UTF-8", str(path), "-"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    *texts, after = text.split("\f")
    assert after == "", "pdftotext ends each page with a form feed"
    return texts


def page_count(pdf: bytes) -> int:
    """The PDF's number of pages, as poppler's pdfinfo reads it."""
    info = subprocess.run(
        ["pdfinfo", "-"], input=pdf, check=True, capture_output=True
    ).stdout.decode("utf-8", "replace")
    return int(re.search(r"^Pages:\s+(\d+)$", info, re.M).group(1))


def paper(pdf: bytes, tmp_path: Path) -> list[tuple[float, float]]:
    """Each page's (width, height) in millimetres: its media box, as pdftotext reads it."""
    return [
        (round(page.width / MM, 1), round(page.height / MM, 1))
        for page in word_boxes(pdf, tmp_path)
    ]


def assert_paper(pdf: bytes, tmp_path: Path, size: str, orientation: str) -> None:
    width, height = PAPER_MM[size]
    expected = (height, width) if orientation == "landscape" else (width, height)
    for page in paper(pdf, tmp_path):
        assert page == (round(expected[0], 1), round(expected[1], 1))


def words(pdf: bytes, tmp_path: Path) -> str:
    """All the text of the PDF as read, every run of spaces and line breaks one space."""
    return flat(" ".join(pages(pdf, tmp_path, "-raw")))


def flat(text: str) -> str:
    """The text with every run of spaces and line breaks as one space."""
    return " ".join(text.split())


def numbers(text: str) -> list[int]:
    """The whole numbers standing alone in ``text`` (not "x2", "$0.05" or "1.")."""
    return [int(number) for number in re.findall(r"(?<!\S)-?\d+(?!\S)", text)]


def row_texts(pdf: bytes, tmp_path: Path) -> dict[int, str]:
    """The text of each numbered row of the deal grid, page by page, as read."""
    rows: dict[int, str] = {}
    number = 0
    for page in pages(pdf, tmp_path, "-raw"):
        # The totals row ends the grid; on a page a long game runs on from, the totals
        # carried forward end it.
        grid = re.split(r"Totals|Carried forward", page)[0]
        on_this_page = False
        for line in grid.splitlines():
            if line.startswith(f"Game {GAME_ID}"):  # the footer
                continue
            if line.startswith(f"{number + 1} "):
                number += 1
                rows[number] = line
                on_this_page = True
            elif on_this_page:
                rows[number] += "\n" + line
        number = max(rows, default=0)
    return rows


def line_starting(text: str, pattern: str) -> str:
    """The one line of ``text`` that starts with the regular expression ``pattern``."""
    lines = [line.strip() for line in text.splitlines() if re.match(pattern, line.strip())]
    assert len(lines) == 1, f"one line starting {pattern!r} expected, got {lines}"
    return lines[0]


def picture(pdf: bytes, output_dir: Path, name: str) -> int:
    """The PDF's page count; with SHOTS=1 (tests/pictures.py), every page also rendered to
    PNG at 100 dpi in test-output/printing/, for people to look at."""
    count = page_count(pdf)
    if not PICTURES:
        return count
    folder = output_dir / "printing"
    folder.mkdir(exist_ok=True)
    for old in folder.glob(f"{name}-*.png"):
        old.unlink()
    source = folder / f"{name}.pdf"
    source.write_bytes(pdf)
    subprocess.run(["pdftoppm", "-r", "100", "-png", str(source), str(folder / name)], check=True)
    assert len(list(folder.glob(f"{name}-*.png"))) == count, f"pdftoppm missed pages of {name}"
    return count


LANGUAGES = ["en", "fr", "es", "pl", "de", "hi"]
PAPERS = ("A4", "Letter")
# German's words run longest on paper: it stands for the six in the quick tier.
IN_EVERY_LANGUAGE = sampled(LANGUAGES, quick=["de"])


def papers_by_turns(cases: Iterable[tuple], ids: Iterable[str] | None = None) -> list:
    """(*case, paper) for each case (a tuple of arguments) on both papers: the quick tier
    prints each case on one, A4 and Letter by turns down the cases, so that the cases
    meet both papers there; the slow tier prints each on the other too."""
    names = list(ids) if ids is not None else None
    return [
        pytest.param(
            *case,
            paper,
            id=None if names is None else f"{names[turn]}-{paper}",
            marks=() if paper == PAPERS[turn % 2] else SLOW,
        )
        for turn, case in enumerate(cases)
        for paper in PAPERS
    ]


def each_in_a_language_by_turns(names: Iterable[str], german_turn: int | None = None) -> list:
    """(name, language) for every name in every language: German in every run (the quick
    tier); in CI each name in one other language, the next name in the next, so that each
    language meets several names; the other languages exhaustive. Given ``german_turn``
    (0 or 1), German is quick for every other name only, that turn's (a test in English
    over the same names takes the other turn: tiers.alternated), and slow for the rest."""
    names = list(names)
    others = [language for language in LANGUAGES if language != "de"]
    cases = [(name, language) for name in names for language in LANGUAGES]
    turns = {name: others[turn % len(others)] for turn, name in enumerate(names)}
    german = [case for case in cases if case[1] == "de"]
    quick = [
        (name, language)
        for name, language in german
        if german_turn is None or names.index(name) % 2 == german_turn
    ]
    return [
        pytest.param(*case.values[0], marks=case.marks, id="-".join(case.values[0]))
        for case in sampled(
            cases,
            quick=quick,
            ci=[*german, *((name, lang) for name, lang in cases if turns[name] == lang)],
        )
    ]


WORD_BOX = re.compile(
    r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>'
)


def overlapping_words(pdf: bytes, tmp_path: Path) -> list[tuple[int, str, str]]:
    """(page, word, word) for each two words printed over each other: a column head
    running into the next, say. Boxes grazing by less than a quarter of a line's height
    (the ascenders and vowel signs of stacked Devanagari lines) do not count."""
    source = tmp_path / "boxes.pdf"
    source.write_bytes(pdf)
    read = subprocess.run(
        ["pdftotext", "-bbox", str(source), "-"], check=True, capture_output=True, text=True
    ).stdout
    found = []
    for number, page in enumerate(read.split("<page ")[1:], 1):
        boxes = sorted(
            (float(x0), float(y0), float(x1), float(y1), html.unescape(word))
            for x0, y0, x1, y1, word in WORD_BOX.findall(page)
        )
        for i, (x0, y0, x1, y1, word) in enumerate(boxes):
            for u0, v0, u1, v1, other in boxes[i + 1 :]:
                if u0 >= x1 - 0.5:
                    break  # sorted by left edge: no later word reaches back this far
                wide = min(x1, u1) - max(x0, u0)
                high = min(y1, v1) - max(y0, v0)
                if wide > 0.5 and high > 0.25 * min(y1 - y0, v1 - v0):
                    found.append((number, word, other))
    return found


def assert_no_overlapping_text(pdf: bytes, tmp_path: Path) -> None:
    overlapping = overlapping_words(pdf, tmp_path)
    assert not overlapping, f"text printed over text: {overlapping[:5]}"


def printed_in(app, language: str, make) -> bytes:
    """``make(locale)``'s PDF as a reader of ``language`` gets it (their Accept-Language)."""
    from scorekeeper.web.table.presenters import page_locale

    with app.test_request_context("/", headers={"Accept-Language": language}):
        return make(page_locale())


@dataclass(frozen=True)
class Word:
    text: str
    left: float  # points from the page's left edge
    top: float  # points from the page's top edge
    right: float
    bottom: float


@dataclass(frozen=True)
class WordPage:
    width: float  # points
    height: float
    words: tuple[Word, ...]

    @property
    def text(self) -> str:
        return " ".join(word.text for word in self.words)


_PAGE = re.compile(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', re.S)
_WORD = re.compile(
    r'<word xMin="([-\d.]+)" yMin="([-\d.]+)" xMax="([-\d.]+)" yMax="([-\d.]+)">(.*?)</word>'
)


def word_boxes(pdf: bytes, tmp_path: Path) -> list[WordPage]:
    """Every word of every page with the box poppler reads it in (``pdftotext -bbox``:
    the glyphs' advance widths by the font's ascent and descent)."""
    path = tmp_path / "boxes.pdf"
    path.write_bytes(pdf)
    xhtml = subprocess.run(
        ["pdftotext", "-bbox", "-enc", "UTF-8", str(path), "-"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return [
        WordPage(
            float(width),
            float(height),
            tuple(
                Word(html.unescape(text), float(x0), float(y0), float(x1), float(y1))
                for x0, y0, x1, y1, text in _WORD.findall(body)
            ),
        )
        for width, height, body in _PAGE.findall(xhtml)
    ]


# Glyph boxes are the font's full ascent to descent: a word on the next line of a
# paragraph set at line-height 1.15 grazes this one by a little; a word printed over
# another shares most of its height with it.
OVERLAP_SHARE = 0.3
OVERLAP_PT = 0.6


def overprinted(page: WordPage) -> list[tuple[str, str]]:
    """The pairs of words printed over each other on ``page``."""
    found = []
    words = sorted(page.words, key=lambda word: word.left)
    for index, one in enumerate(words):
        for other in words[index + 1 :]:
            if other.left >= one.right - OVERLAP_PT:
                break  # sorted by left edge: no later word reaches back into this one
            across = min(one.right, other.right) - max(one.left, other.left)
            down = min(one.bottom, other.bottom) - max(one.top, other.top)
            shorter = min(one.bottom - one.top, other.bottom - other.top)
            if across > OVERLAP_PT and down > OVERLAP_SHARE * shorter:
                found.append((one.text, other.text))
    return found


def outside_margins(page: WordPage, side_mm: float = 13.0) -> list[str]:
    """The words printed in the side margins or off the page (the page's header and
    footer sit in the top and bottom margins, inside the side margins)."""
    side = side_mm * MM - OVERLAP_PT
    return [
        word.text
        for word in page.words
        if word.left < side
        or word.right > page.width - side
        or word.top < 0
        or word.bottom > page.height
    ]


def figures(pdf: bytes) -> list:
    """Every Figure structure element of the PDF."""
    reader = PdfReader(io.BytesIO(pdf))
    found, stack = [], [reader.trailer["/Root"]["/StructTreeRoot"].get_object()]
    while stack:
        node = stack.pop()
        if node.get("/S") == "/Figure":
            found.append(node)
        kids = node.get("/K", [])
        for kid in kids if isinstance(kids, list) else [kids]:
            kid = kid.get_object() if hasattr(kid, "get_object") else kid
            if hasattr(kid, "get"):
                stack.append(kid)
    return found


def link_targets(body: bytes) -> set[str]:
    """Every address the PDF links to (each QR code is a link to its address too)."""
    return {
        annotation.get_object()["/A"]["/URI"]
        for page in PdfReader(io.BytesIO(body)).pages
        for annotation in page.get("/Annots", [])
        if "/URI" in annotation.get_object().get("/A", {})
    }


# The narrowest a writing box may be: 14 mm, its border box as box_widths_mm measures it.
LEAST_MM = 14 - 0.05


def laid_out(html_text: str) -> Any:
    """The page as WeasyPrint lays it out (a Document) for its PDF (render.laid_out:
    the layout html_to_pdf writes its PDF from, its stylesheet, page numbers and fonts):
    measured once, read many ways."""
    from scorekeeper.printing.render import laid_out as layout

    return layout(html_text)


def box_widths_mm(html_text: Any, css_class: str | tuple[str, ...]) -> list[float]:
    """The width of every table cell of ``css_class`` (or of any of several, measured in
    one layout) as WeasyPrint lays the page out (the border box: the lines a hand writes
    between); ``html_text`` the HTML, or its layout (laid_out)."""
    wanted = {css_class} if isinstance(css_class, str) else set(css_class)
    document = laid_out(html_text) if isinstance(html_text, str) else html_text
    widths, stack = [], [page._page_box for page in document.pages]
    while stack:
        box = stack.pop()
        element = getattr(box, "element", None)
        # The cell's own box, not the lines and text inside it (a filled cell's).
        is_cell = box.element_tag == "td" and type(box).__name__ == "TableCellBox"
        if is_cell and wanted & set((element.get("class") or "").split()):
            widths.append(box.border_width() * 25.4 / 96)
        stack.extend(getattr(box, "children", ()))
    return widths


def _lines(box: Any) -> list[str]:
    """The text of each line a box's words were laid out in."""
    if type(box).__name__ == "LineBox":
        texts, stack = [], [box]
        while stack:
            part = stack.pop(0)
            texts += [part.text] if hasattr(part, "text") else []
            stack[:0] = getattr(part, "children", ())
        return ["".join(texts)]
    return [line for child in getattr(box, "children", ()) for line in _lines(child)]


def broken_heads(document: Any) -> list[str]:
    """Each grid column's head (a players' name aside: tags stand for those) that the
    layout broke inside a word ("Comod-|ín", "Runde" as "Run|de"): a line holding a
    piece that is none of the head's words."""
    found, stack = [], [(page._page_box, False) for page in document.pages]
    while stack:
        box, in_head = stack.pop()
        in_head = in_head or box.element_tag == "thead"
        element = getattr(box, "element", None)
        if in_head and box.element_tag == "th":
            head = " ".join("".join(element.itertext()).split())
            if "player" not in (element.get("class") or "").split():
                pieces = [piece for line in _lines(box) for piece in line.split()]
                if any(piece not in head.split() for piece in pieces):
                    found.append(f"{head!r} printed as {pieces}")
            continue
        stack.extend((child, in_head) for child in getattr(box, "children", ()))
    return found
