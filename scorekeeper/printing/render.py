"""HTML from trusted templates, then PDF with WeasyPrint.

User text (names, titles) reaches the templates only as data and is escaped by
Jinja's autoescape. WeasyPrint may read the app's own static files and nothing
else: no file outside static/, no network.

This module makes the HTML and the recipes of PDFs (plain data); WeasyPrint itself,
which lays them out, is printing/engine.py, imported by the first PDF made
(load_engine): the app loads without it.
"""

from __future__ import annotations

import base64
import re
import struct
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache
from types import ModuleType
from urllib.parse import urlsplit

import segno
from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup, escape

from scorekeeper.i18n import get_translations, gettext
from scorekeeper.printing import words
from scorekeeper.printing.assets import INLINE_PNG, PDF_COMPRESSION, TEMPLATES
from scorekeeper.printing.budget import cached_pdf, content_key


def load_engine() -> ModuleType:
    """printing/engine.py, WeasyPrint's side, imported (and WeasyPrint patched) on the
    first call of a process. Every PDF is laid out through it; a server that forks
    calls it before forking (gunicorn_conf, jobs.worker), so that no worker pays the
    ~0.9 s of CPU of importing WeasyPrint, and nothing else imports it."""
    from scorekeeper.printing import engine  # for speed: WeasyPrint only where PDFs are made

    return engine


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


def _page_words() -> str:
    return gettext("page %(page)s of %(pages)s", page="\x01", pages="\x02")


def render_html(template: str, **context) -> str:
    return environment().get_template(template).render(**context)


# What a PDF is made from, as plain data: a recipe goes through the job queue
# (pickled) to the worker that makes it (budget.cached_pdf).


@dataclass(frozen=True)
class OnePdf:
    """``html`` with one of assets.STYLESHEETS and its page numbers in ``page_words``."""

    html: str
    style: str
    page_words: str

    def __call__(self) -> bytes:
        return self.laid_out_pdf()[1]

    def laid_out_pdf(self):
        """The layout (a WeasyPrint Document) and the PDF written from it: a reader that
        measures the boxes of the PDF it checks (tests/printing) lays it out once."""
        return load_engine().one_pdf(self.html, self.style, self.page_words)

    def layout(self):
        """The layout (a WeasyPrint Document) the PDF is written from."""
        return load_engine().layout_one(self.html, self.style, self.page_words)


def laid_out_pdf(html: str, *, style: str = ""):
    """``html``'s layout and its PDF, as html_to_pdf makes it (OnePdf), from one layout
    and past the PDF cache: for a reader that measures the very boxes it prints."""
    return OnePdf(html, style, _page_words()).laid_out_pdf()


def laid_out(html: str, *, style: str = ""):
    """``html``'s layout (a WeasyPrint Document) as html_to_pdf lays it out, without
    writing the PDF: for a reader that measures boxes only (tests/printing)."""
    return OnePdf(html, style, _page_words()).layout()


def html_to_pdf(html: str, *, style: str = "") -> bytes:
    """The PDF of ``html`` with the stylesheet ``style`` names (assets.STYLESHEETS), made once
    per content (budget.cached_pdf)."""
    words = _page_words()
    return cached_pdf(content_key("one", style, words, html), OnePdf(html, style, words))


def pdf_of(html: str, *, style: str = "") -> bytes:
    """The PDF of ``html`` made now, in this thread, as html_to_pdf's job makes it: for
    a recipe that makes its HTML in the worker (printing.PackPdf)."""
    return OnePdf(html, style, _page_words())()


Refit = Callable[[float], "str | None"]


@dataclass(frozen=True)
class FittedPdf:
    """``html`` or its refit (``refit(room)``'s HTML: ``room`` is the height in mm left at
    the foot of ``html``'s last page, a finished sheet's chart takes it), whichever
    engine.py's layout keeps."""

    html: str
    refit: Refit
    page_words: str

    def __call__(self) -> bytes:
        return load_engine().fitted_pdf(self.html, self.refit, self.page_words)


def fitted_pdf(html: str, refit: Refit) -> bytes:
    """The PDF of ``html`` or of its refit (FittedPdf), made once per content."""
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
        return load_engine().many_pdf(self.htmls, self.refits, self.about, self.page_words)


def documents_to_pdf(
    htmls: list[str], about: About, refits: list[Refit | None] | None = None
) -> bytes:
    """Several documents (each its own page numbering) as one PDF, for the archive;
    ``refits`` (one or None a document) as ``fitted_pdf``'s."""
    words = _page_words()
    recipe = ManyPdfs(tuple(htmls), about, tuple(refits or [None] * len(htmls)), words)
    about_words = (about.title, about.author, about.subject, about.lang)
    return cached_pdf(content_key("many", *about_words, words, *htmls), recipe)
