"""HTML from trusted templates, then PDF with WeasyPrint.

User text (names, titles) reaches the templates only as data and is escaped by
Jinja's autoescape. WeasyPrint may read the app's own static files and nothing
else: no file outside static/, no network.
"""

from __future__ import annotations

import base64
import binascii
import gc
import re
import struct
import threading
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from urllib.parse import urlsplit
from urllib.request import url2pathname

import pydyf
import segno
import tinyhtml5.inputstream
import weasyprint.draw
import weasyprint.layout.float
from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup, escape
from weasyprint import CSS, HTML
from weasyprint.text.fonts import FontConfiguration
from weasyprint.urls import URLFetcher, URLFetcherResponse, path2url

from scorekeeper.i18n import get_translations, gettext
from scorekeeper.printing import borders, cascade, words  # noqa: F401 (borders: joined rules)
from scorekeeper.printing.budget import cached_pdf, content_key

PACKAGE_ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = PACKAGE_ROOT / "templates" / "print"
STATIC = PACKAGE_ROOT / "static"
STYLESHEET = STATIC / "print" / "sheet.css"


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


PDF_COMPRESSION = 6  # zlib's own default level


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


@dataclass(frozen=True)
class About:
    """A PDF's metadata: its Title, Author, Subject and the language of its text
    (Creator is always Scorekeeper)."""

    title: str
    author: str
    subject: str
    lang: str  # "en", "fr": the reader's language, as the dates and money are

    @classmethod
    def of(cls, title: str, subject: str, locale: str, author: str = "Scorekeeper") -> About:
        return cls(title, author, subject, locale.replace("_", "-").split("-")[0] or "en")


class RefusedURL(ValueError):
    """WeasyPrint asked for something other than one of the app's static files."""


INLINE_PNG = "data:image/png;base64,"  # a QR code's image, in the page itself (qr_image)


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


QUIET_ZONE = 4  # modules of white around a QR code, as ISO/IEC 18004 asks


def qr_image(url: str) -> Markup:
    """A QR code of ``url`` as an image of one pixel a module, its quiet zone included,
    which the stylesheet sizes and prints unsmoothed (image-rendering: pixelated), each
    module a sharp square. WeasyPrint draws an image at once, where it read and drew an
    SVG path of the same code a command at a time (~900 for a game's address: ~5% of a
    one-page sheet). Its alt text is the PDF's alternative text for it (a tagged
    Figure's /Alt)."""
    title = gettext("QR code of the address %(address)s", address=_typed_url(url))
    return Markup('<img class="qr" src="{}" alt="{}">').format(_qr_png(url), title)


@lru_cache(maxsize=512)
def _qr_png(url: str) -> str:
    """Encoded once per process: a 50-table pack's codes were 70% of the web request that
    keys it (its HTML is hashed there), asked again in each language and paper size."""
    rows = segno.make(url, error="m").matrix_iter(scale=1, border=QUIET_ZONE)
    image = grey_png([[not dark for dark in row] for row in rows])
    return INLINE_PNG + base64.b64encode(image).decode("ascii")


def _png_chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def grey_png(rows: list[list[bool]]) -> bytes:
    """A PNG of 8-bit grey pixels, black or white (True), a row a list. WeasyPrint
    embeds such an image as it is; segno's 1-bit PNG it converted to RGB and encoded
    twice more before writing it (~1.6 ms of a sheet), for the same black and white."""
    header = struct.pack(">IIBBBBB", len(rows[0]), len(rows), 8, 0, 0, 0, 0)
    pixels = b"".join(b"\0" + bytes(255 if light else 0 for light in row) for row in rows)
    return b"".join(
        (
            b"\x89PNG\r\n\x1a\n",
            _png_chunk(b"IHDR", header),
            _png_chunk(b"IDAT", zlib.compress(pixels, PDF_COMPRESSION)),
            _png_chunk(b"IEND", b""),
        )
    )


def _typed_url(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.netloc}{parts.path}"


URL_PIECE = 16  # characters: a piece of an address fits the QR code's caption line
# Where an address may break: a zero-width space, the character WeasyPrint prints for a
# <wbr> (its user agent stylesheet's wbr::before), without the element and its box.
BREAK = "\u200b"


def short_url(url: str) -> Markup:
    """``url`` as printed beside its QR code: without the scheme, to type if a camera
    fails. It may break after each "/" and inside a long id only into even pieces
    (never leaving its last letter alone on a line)."""
    pieces = []
    for piece in re.split("(?<=/)", _typed_url(url)):
        count = -(-len(piece) // URL_PIECE)
        size = -(-len(piece) // max(count, 1))
        pieces.append(
            Markup(BREAK).join(piece[at : at + size] for at in range(0, len(piece), size))
        )
    return Markup(BREAK).join(pieces)


LOOPBACK_HOSTS = ("localhost", "::1")


def unreachable_from_phones(url: str) -> bool:
    """Whether ``url`` points at this machine itself (127.0.0.1, localhost): the app
    has no public base URL set, and no phone at the table can open the link."""
    host = (urlsplit(url).hostname or "").lower()
    return host in LOOPBACK_HOSTS or host.startswith("127.") or host.endswith(".localhost")


def nowrap(text: object) -> Markup:
    """``text`` escaped, its spaces no-break spaces: it stays on one line. (Cheaper
    for WeasyPrint than a span with ``white-space: nowrap``: no box to lay out.)"""
    return escape(text).replace(" ", "\u00a0")


@cache
def environment() -> Environment:
    env = Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        extensions=["jinja2.ext.i18n"],
    )
    # Flask-Babel's catalog: the request's language inside one, the msgid (English)
    # outside; Jinja's newstyle gettext fills in (and escapes) the parameters.
    env.install_gettext_callables(
        lambda string: get_translations().ugettext(string),
        lambda singular, plural, n: get_translations().ungettext(singular, plural, n),
        newstyle=True,
    )
    env.filters["qr"] = qr_image
    env.filters["short_url"] = short_url
    env.tests["unreachable_from_phones"] = unreachable_from_phones
    env.filters["nowrap"] = nowrap
    env.filters["and_list"] = words.and_list
    return env


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


def _page_words() -> str:
    return gettext("page %(page)s of %(pages)s", page="\x01", pages="\x02")


_per_thread = threading.local()


def font_config() -> FontConfiguration:
    """This thread's font configuration. Pango's font map inside it caches font
    lookups and shaped glyphs, which makes a sheet ~20% faster once one has been
    printed; it is not safe to share between threads."""
    config = getattr(_per_thread, "fonts", None)
    if config is None:
        config = _per_thread.fonts = FontConfiguration()
    return config


def render_html(template: str, **context) -> str:
    return environment().get_template(template).render(**context)


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


STYLESHEETS = {
    "": STYLESHEET,
    "league": STATIC / "league" / "print.css",
    "certificate": STATIC / "league" / "certificate.css",
}


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


# What a PDF is made from, as plain data: a recipe goes through the job queue
# (pickled) to the worker that makes it (budget.cached_pdf).


@dataclass(frozen=True)
class OnePdf:
    """``html`` with one of STYLESHEETS and its page numbers in ``page_words``."""

    html: str
    style: str
    page_words: str

    def __call__(self) -> bytes:
        return self.laid_out_pdf()[1]

    def laid_out_pdf(self):
        """The layout (a WeasyPrint Document) and the PDF written from it: a reader that
        measures the boxes of the PDF it checks (tests/printing) lays it out once."""
        with _young_collections_less_often():
            document = self.layout()
            return document, document.write_pdf(pdf_variant="pdf/ua-1")

    def layout(self):
        """The layout (a WeasyPrint Document) the PDF is written from."""
        return _layout(self.html, self.style, _page_numbers(self.page_words))


def laid_out_pdf(html: str, *, style: str = ""):
    """``html``'s layout and its PDF, as html_to_pdf makes it (OnePdf), from one layout
    and past the PDF cache: for a reader that measures the very boxes it prints."""
    return OnePdf(html, style, _page_words()).laid_out_pdf()


def laid_out(html: str, *, style: str = ""):
    """``html``'s layout (a WeasyPrint Document) as html_to_pdf lays it out, without
    writing the PDF: for a reader that measures boxes only (tests/printing)."""
    with _young_collections_less_often():
        return OnePdf(html, style, _page_words()).layout()


def html_to_pdf(html: str, *, style: str = "") -> bytes:
    """The PDF of ``html`` with the stylesheet ``style`` names (STYLESHEETS), made once
    per content (budget.cached_pdf)."""
    words = _page_words()
    return cached_pdf(content_key("one", style, words, html), OnePdf(html, style, words))


def pdf_of(html: str, *, style: str = "") -> bytes:
    """The PDF of ``html`` made now, in this thread, as html_to_pdf's job makes it: for
    a recipe that makes its HTML in the worker (printing.PackPdf)."""
    return OnePdf(html, style, _page_words())()


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


Refit = Callable[[float], "str | None"]


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


@dataclass(frozen=True)
class FittedPdf:
    """``html`` or its refit (``_laid_out``)."""

    html: str
    refit: Refit
    page_words: str

    def __call__(self) -> bytes:
        with _young_collections_less_often():
            laid_out = _laid_out(self.html, self.refit, _page_numbers(self.page_words))
            return laid_out.write_pdf(pdf_variant="pdf/ua-1")


def fitted_pdf(html: str, refit: Refit) -> bytes:
    """The PDF of ``html`` or of its refit (``_laid_out``), made once per content."""
    words = _page_words()
    return cached_pdf(content_key("fitted", words, html), FittedPdf(html, refit, words))


def render_pdf(template: str, **context) -> bytes:
    return html_to_pdf(render_html(template, **context))


@dataclass(frozen=True)
class ManyPdfs:
    """Several documents, each its own page numbering, as one PDF."""

    htmls: tuple[str, ...]
    about: About
    refits: tuple[Refit | None, ...]
    page_words: str

    def __call__(self) -> bytes:
        numbers = _page_numbers(self.page_words)
        with _young_collections_less_often():
            rendered = [
                _laid_out(html, fit, numbers)
                for html, fit in zip(self.htmls, self.refits, strict=True)
            ]
            pages = [page for document in rendered for page in document.pages]
            combined = rendered[0].copy(pages)
            combined.metadata.title = self.about.title
            combined.metadata.authors = [self.about.author]
            combined.metadata.description = self.about.subject
            combined.metadata.lang = self.about.lang
            return combined.write_pdf(pdf_variant="pdf/ua-1")


def documents_to_pdf(
    htmls: list[str], about: About, refits: list[Refit | None] | None = None
) -> bytes:
    """Several documents (each its own page numbering) as one PDF, for the archive;
    ``refits`` (one or None a document) as ``fitted_pdf``'s."""
    words = _page_words()
    recipe = ManyPdfs(tuple(htmls), about, tuple(refits or [None] * len(htmls)), words)
    about_words = (about.title, about.author, about.subject, about.lang)
    return cached_pdf(content_key("many", *about_words, words, *htmls), recipe)
