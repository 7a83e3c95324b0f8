"""WeasyPrint's side of printing: laying HTML out and writing its PDF.

Imported on the first PDF a process lays out (render.load_engine), not with the app:
WeasyPrint, its fonts' and PDF writers' libraries and the patches below cost ~0.9 s of
CPU to import, which every start of the app, the CLI and the event stream process paid
without printing. gunicorn's master and the job worker import it once before they
fork (docs/deployment.md), so no worker or job pays it again.

Importing this module patches WeasyPrint (here and in borders.py), its HTML parser
tinyhtml5 and pydyf: once a process, before the first layout, as nothing else imports
them (cascade.py and borders.py are imported from here only).
"""

from __future__ import annotations

import base64
import binascii
import gc
import re
import threading
import zlib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlsplit
from urllib.request import url2pathname

import pydyf
import tinyhtml5.inputstream
import weasyprint.draw
import weasyprint.layout.float
from weasyprint import CSS, HTML
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import URLFetcher, URLFetcherResponse, path2url

from scorekeeper.printing import borders, cascade  # noqa: F401 (borders: joined rules)
from scorekeeper.printing.assets import (
    INLINE_PNG,
    PDF_COMPRESSION,
    STATIC,
    STYLESHEETS,
    RefusedURL,
)

if TYPE_CHECKING:  # render.py imports this module when it first lays a PDF out
    from scorekeeper.printing.render import About, Refit


class _CharsUntilRegexes(dict):
    """A working cache for tinyhtml5's ``HTMLInputStream.chars_until``.

    tinyhtml5 2.1 stores each regex it compiles under the wrong key (in
    ``characters = cache[(characters, opposite)] = regex`` the name is rebound
    before the key is built), so every call builds the pattern again: ~28 µs for
    each attribute name the parser reads. This cache builds the pattern as
    chars_until does and keeps it under the key chars_until looks up.
    """

    def __missing__(self, key: tuple) -> re.Pattern:
        characters, opposite = key
        pattern = "".join(f"\\x{ord(character):02x}" for character in characters)
        regex = self[key] = re.compile(f"[{pattern}]+" if opposite else f"[^{pattern}]+")
        return regex


if type(getattr(tinyhtml5.inputstream, "characters_until_regex", None)) is dict:
    tinyhtml5.inputstream.characters_until_regex = _CharsUntilRegexes()


# Scripts whose shaping reorders or joins glyphs (Devanagari's ि is drawn before the
# consonant it follows): WeasyPrint maps each glyph to text once per font, from the
# first cluster it meets, so a copied or searched "विजेता" came out as "ɟवजेता". Their
# text is drawn inside a marked-content span whose /ActualText is the words as
# written, which text extraction (poppler, MuPDF, screen readers) reads instead.
SHAPED_SCRIPTS = re.compile("[\u0900-\u097f\ua8e0-\ua8ff]")


def _draw_text_as_written(draw_text):
    def draw(stream, textbox, *args, **kwargs):
        text = getattr(textbox, "text", "")
        if not SHAPED_SCRIPTS.search(text):
            return draw_text(stream, textbox, *args, **kwargs)
        stream.begin_marked_content("Span", pydyf.Dictionary({"ActualText": pydyf.String(text)}))
        try:
            return draw_text(stream, textbox, *args, **kwargs)
        finally:
            stream.end_marked_content()

    draw.as_written = True
    return draw


if not getattr(weasyprint.draw.draw_text, "as_written", False):
    weasyprint.draw.draw_text = _draw_text_as_written(weasyprint.draw.draw_text)


def _fixed_float_width(float_width):
    """WeasyPrint sizes a floated table (the QR code's box) by shrink-to-fit, measuring
    every cell's words at their narrowest and widest, then lays the table out. A table
    of fixed layout and a set width is as wide as that (CSS 2.1 17.5.2.1), which
    table_wrapper_width gives the float right after: the measuring is left out."""

    def width(box, context, containing_block):
        if box.is_table_wrapper:
            style = box.get_wrapped_table().style
            if style["table_layout"] == "fixed" and style["width"] != "auto":
                return None
        return float_width(box, context, containing_block)

    width.fixed_tables = True
    return width


if not getattr(weasyprint.layout.float.float_width, "fixed_tables", False):
    weasyprint.layout.float.float_width = _fixed_float_width(weasyprint.layout.float.float_width)


class _ZlibAtLevel:
    """pydyf's zlib, compressing no harder than PDF_COMPRESSION. pydyf compresses each
    stream at level 9, zlib's slowest: ~3% of making a one-page sheet (7 ms of the golf
    card), for a PDF 1-2% smaller than level 6 makes it."""

    def __getattr__(self, name):
        return getattr(zlib, name)

    @staticmethod
    def compressobj(level=zlib.Z_DEFAULT_COMPRESSION, *args, **kwargs):
        return zlib.compressobj(min(level, PDF_COMPRESSION), *args, **kwargs)


if getattr(pydyf, "zlib", None) is zlib:
    pydyf.zlib = _ZlibAtLevel()


class StaticOnlyFetcher(URLFetcher):
    """Serves ``file:`` URLs inside static/ from disk, and a PNG image written into the
    page (a QR code, qr_image: nothing is read for it), and refuses every other URL."""

    def fetch(self, url: str, headers=None) -> URLFetcherResponse:
        if url.startswith(INLINE_PNG):
            return _inline_png(url)
        if not url.startswith("file:"):
            raise RefusedURL(f"only the app's static files may be fetched, not {url!r}")
        path = Path(url2pathname(urlsplit(url).path)).resolve()
        if not path.is_relative_to(STATIC.resolve()) or not path.is_file():
            raise RefusedURL(f"{url!r} is not one of the app's static files")
        return URLFetcherResponse(path2url(str(path)), path.read_bytes(), _content_type(path))


_FETCHER = StaticOnlyFetcher()  # its fetch reads no state of its own: one a process


def _inline_png(url: str) -> URLFetcherResponse:
    try:
        image = base64.b64decode(url[len(INLINE_PNG) :], validate=True)
    except binascii.Error as error:
        raise RefusedURL(f"{url[:40]!r}... is not an image in base64") from error
    if not image.startswith(b"\x89PNG\r\n\x1a\n"):
        raise RefusedURL(f"{url[:40]!r}... is not a PNG image")
    return URLFetcherResponse(url, image, {"Content-Type": "image/png"})


def _content_type(path: Path) -> dict[str, str]:
    types = {".css": "text/css", ".svg": "image/svg+xml", ".png": "image/png"}
    return {"Content-Type": types.get(path.suffix, "application/octet-stream")}


@cache
def _page_numbers(words: str) -> CSS:
    """ "page 1 of 2" at the foot of each page, in the language being printed (the
    stylesheets' own words are English; a translation may put the numbers in any order):
    ``words`` is _page_words()'s."""
    parts = []
    for part in re.split("(\x01|\x02)", words):
        if part in ("\x01", "\x02"):
            parts.append("counter(page)" if part == "\x01" else "counter(pages)")
        elif part:
            quoted = part.replace("\\", "\\\\").replace('"', '\\"')
            parts.append(f'"{quoted}"')
    return CSS(string=f"@page {{ @bottom-right {{ content: {' '.join(parts)} }} }}")


_per_thread = threading.local()


def font_config() -> FontConfiguration:
    """This thread's font configuration. Pango's font map inside it caches font
    lookups and shaped glyphs, which makes a sheet ~20% faster once one has been
    printed; it is not safe to share between threads."""
    config = getattr(_per_thread, "fonts", None)
    if config is None:
        config = _per_thread.fonts = FontConfiguration()
    return config


YOUNG_COLLECTION_EVERY = 10_000  # allocations, while a PDF is made (CPython's default: 700)
_gc_lock = threading.Lock()
_gc_rendering = 0
_gc_threshold = gc.get_threshold()


@contextmanager
def _young_collections_less_often() -> Iterator[None]:
    """Run the cycle collector's young generation less often while a PDF is made.

    WeasyPrint's boxes and styles live until the PDF is written: a 25-table print
    pack makes about a million of them. At the default threshold they are promoted
    early and the collector runs ~8 full collections over them, a fifth of the
    pack's time. Collecting the young generation every 10 000 allocations instead
    of 700 leaves none to do (a sheet's own collections cost the same). The young
    generation is collected at the end, so this PDF's garbage is not left for
    whatever runs next. Threads share the thresholds: the first render in sets
    them, the last one out restores them."""
    global _gc_rendering, _gc_threshold
    with _gc_lock:
        if _gc_rendering == 0:
            _gc_threshold = gc.get_threshold()
            if 0 < _gc_threshold[0] < YOUNG_COLLECTION_EVERY:
                gc.set_threshold(YOUNG_COLLECTION_EVERY, *_gc_threshold[1:])
        _gc_rendering += 1
    try:
        yield
    finally:
        with _gc_lock:
            _gc_rendering -= 1
            if _gc_rendering == 0:
                gc.set_threshold(*_gc_threshold)
        gc.collect(0)


@cache
def named_stylesheet(style: str) -> CSS:
    """One of STYLESHEETS, parsed once per process: every PDF of its kind shares it."""
    return CSS(url=path2url(str(STYLESHEETS[style])), url_fetcher=_FETCHER)


@lru_cache(maxsize=128)
def _kept_rules(style: str, classes: frozenset[str]) -> CSS:
    path = STYLESHEETS[style]
    rules = cascade.rules(path)
    return CSS(
        string=rules.text(rules.kept(classes)), base_url=path2url(str(path)), url_fetcher=_FETCHER
    )


def stylesheet_for(document: HTML, style: str = "") -> CSS:
    """named_stylesheet(style) without the selectors that need a class no element of
    ``document`` has (printing/cascade.py): WeasyPrint tries none of them on each cell.
    Parsed once a process for each set of the stylesheet's classes a document has."""
    rules = cascade.rules(STYLESHEETS[style])
    return _kept_rules(style, rules.vocabulary.intersection(cascade.document_classes(document)))


def _document(html: str) -> HTML:
    return cascade.PrintedHTML(
        string=html, base_url=path2url(str(STATIC)) + "/", url_fetcher=_FETCHER
    )


def _layout(text: str, style: str, numbers: CSS):
    """``text`` laid out (a WeasyPrint Document) with the stylesheet ``style`` names and
    the page numbers ``numbers``, as every PDF here is."""
    html = _document(text)
    return html.render(
        stylesheets=[stylesheet_for(html, style), numbers],
        font_config=font_config(),
        # Tagged (PDF/UA-1): a screen reader reads the grid as a table, in order.
        pdf_variant="pdf/ua-1",
    )


PX_MM = 25.4 / 96  # WeasyPrint lays pages out in CSS pixels


def room_left_mm(page) -> float:
    """The height left empty at the foot of a laid-out ``page``'s content area."""
    box = page._page_box
    bottom = box.content_box_y() + box.height
    root = next(child for child in box.children if child.element_tag == "html")
    used = max(
        (child.position_y + child.margin_height() for child in root.descendants()),
        default=root.content_box_y(),
    )
    return max(0.0, (bottom - used) * PX_MM)


def _laid_out(html: str, refit: Refit | None, numbers: CSS):
    """``html`` laid out, or ``refit(room)``'s HTML where that is given: ``room`` is the
    height in mm left at the foot of ``html``'s last page (a finished sheet's chart
    takes it). The refit is kept only if it takes no more pages than ``html``."""

    document = _layout(html, "", numbers)
    other = None if refit is None else refit(room_left_mm(document.pages[-1]))
    if other is not None:
        fitted = _layout(other, "", numbers)
        if len(fitted.pages) <= len(document.pages):
            return fitted
    return document


def layout_one(html: str, style: str, page_words: str):
    """The layout (a WeasyPrint Document) render.OnePdf's PDF is written from."""
    with _young_collections_less_often():
        return _layout(html, style, _page_numbers(page_words))


def one_pdf(html: str, style: str, page_words: str):
    """render.OnePdf's layout and the PDF written from it."""
    with _young_collections_less_often():
        document = _layout(html, style, _page_numbers(page_words))
        return document, document.write_pdf(pdf_variant="pdf/ua-1")


def fitted_pdf(html: str, refit: Refit, page_words: str) -> bytes:
    """render.FittedPdf's PDF: ``html`` or its refit (_laid_out)."""
    with _young_collections_less_often():
        laid_out = _laid_out(html, refit, _page_numbers(page_words))
        return laid_out.write_pdf(pdf_variant="pdf/ua-1")


def many_pdf(
    htmls: Sequence[str], refits: Sequence[Refit | None], about: About, page_words: str
) -> bytes:
    """render.ManyPdfs's PDF: several documents, each its own page numbering, as one."""
    numbers = _page_numbers(page_words)
    with _young_collections_less_often():
        rendered = [_laid_out(html, fit, numbers) for html, fit in zip(htmls, refits, strict=True)]
        pages = [page for document in rendered for page in document.pages]
        combined = rendered[0].copy(pages)
        combined.metadata.title = about.title
        combined.metadata.authors = [about.author]
        combined.metadata.description = about.subject
        combined.metadata.lang = about.lang
        return combined.write_pdf(pdf_variant="pdf/ua-1")
