"""Printed sheets: a game's score sheet, blank score pads and league print packs.

Each is two steps: a pure view-model (``sheet``, ``pad``: plain dataclasses
from the derived game state or a setup) and rendering (``render``: trusted
Jinja templates in templates/print/, the stylesheet in static/print/; ``engine``:
WeasyPrint, imported by the first PDF a process makes, not with the app).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import TYPE_CHECKING, Any

from scorekeeper.i18n import force_locale, ngettext
from scorekeeper.i18n import gettext as _
from scorekeeper.printing import words
from scorekeeper.printing.assets import PACKAGE_ROOT
from scorekeeper.printing.budget import cached_pdf, content_key, files_version
from scorekeeper.printing.charts import with_chart_in
from scorekeeper.printing.errors import PrintError
from scorekeeper.printing.pack import Pack, PackTable, print_pack
from scorekeeper.printing.pad import blank_pad
from scorekeeper.printing.render import (
    About,
    Refit,
    documents_to_pdf,
    fitted_pdf,
    html_to_pdf,
    load_engine,
    pdf_of,
    render_html,
    render_pdf,
)
from scorekeeper.printing.sheet import GameSheet, game_sheet
from scorekeeper.printing.statement import statement as statement_of

if TYPE_CHECKING:
    from scorekeeper.service_layer.circles import CircleView
    from scorekeeper.service_layer.results import GameView

__all__ = [
    "PackTable",
    "PrintError",
    "blank_pad_pdf",
    "circle_statement_pdf",
    "game_sheet_pdf",
    "load_engine",
    "night_sheets_pdf",
    "print_pack_pdf",
]


def game_sheet_pdf(
    game: GameView, *, view_url: str, page_size: str = "A4", locale: str = "en_US"
) -> bytes:
    """The game's score sheet; ``view_url`` (its read-only page) is printed as a QR code.

    Raises PrintError for a page size other than A4 or Letter.
    """
    with force_locale(locale):
        sheet = game_sheet(game, view_url=view_url, page_size=page_size, locale=locale)
        subject = _(
            "Score sheet of a game of %(game)s, %(day)s: %(players)s",
            game=sheet.preset or sheet.variant,
            day=sheet.date,
            players=words.and_list(sheet.players, locale),
        )
        about = About.of(sheet.title, subject, locale)
        html, refit = _sheet_html(sheet, about, locale)
        return html_to_pdf(html) if refit is None else fitted_pdf(html, refit)


def _sheet_html(sheet: GameSheet, about: About, locale: str) -> tuple[str, Refit | None]:
    """The sheet's HTML, and where its rows counted left the chart off, how to draw it
    as high as the room measured at the foot of its last page allows."""
    html = render_html("game_sheet.html", sheet=sheet, about=about)
    if sheet.chart is not None or not sheet.running:
        return html, None
    caption = _("Running totals after each deal, from %(low)s to %(high)s", low=0, high=0)
    return html, ChartRefit(sheet, about, locale, caption)


@dataclass(frozen=True)
class ChartRefit:
    """A sheet's HTML with its chart as high as ``room_mm`` allows (render.Refit), as
    plain data: it goes to the worker that makes the PDF with its recipe."""

    sheet: GameSheet
    about: About
    locale: str
    caption: str

    def __call__(self, room_mm: float) -> str | None:
        with force_locale(self.locale):
            fitted = with_chart_in(self.sheet, room_mm, self.caption)
            if fitted is None:
                return None
            return render_html("game_sheet.html", sheet=fitted, about=self.about)


def circle_statement_pdf(circle: CircleView, *, view_url: str, locale: str = "en_US") -> bytes:
    """A circle's statement: members' games, wins, money and what to pay whom."""
    with force_locale(locale):
        labels = {
            "expense": _("%(payer)s paid for %(names)s"),
            "payment": _("%(payer)s paid %(payee)s"),
        }
        made = statement_of(circle, view_url=view_url, locale=locale, labels=labels)
        subject = _("Statement of the circle %(name)s", name=circle.name)
        about = About.of(circle.name, subject, locale)
        return render_pdf("circle_statement.html", s=made, about=about)


def night_sheets_pdf(
    games: Sequence[tuple[GameView, str]],
    *,
    title: str,
    page_size: str = "A4",
    locale: str = "en_US",
) -> bytes:
    """A league night's game sheets as one PDF for the archive: ``games`` pairs each
    game with its read-only URL (its QR code). Raises PrintError for no games."""
    with force_locale(locale):
        if not games:
            raise PrintError(
                {"games": _("must list at least one game")}, _("There is nothing to print.")
            )
        about = About.of(
            title,
            ngettext(
                "The game sheets of %(title)s: %(num)s table",
                "The game sheets of %(title)s: %(num)s tables",
                len(games),
                title=title,
            ),
            locale,
        )
        htmls, refits = [], []
        for game, view_url in games:
            sheet = game_sheet(game, view_url=view_url, page_size=page_size, locale=locale)
            html, refit = _sheet_html(sheet, about, locale)
            htmls.append(html)
            refits.append(refit)
        return documents_to_pdf(htmls, about, refits)


def blank_pad_pdf(*, locale: str = "en_US", **setup: Any) -> bytes:
    """A blank score pad for a variant or preset: ``setup`` is ``printing.pad.blank_pad``'s
    (variant, preset, players, names, options, first_dealer, page_size, orientation,
    title, stakes, rows, two_up). Raises PrintError, whose ``errors`` name the bad
    arguments.
    """
    with force_locale(locale):  # the page numbers' words too, whatever the caller's locale
        return html_to_pdf(blank_pad_html(locale=locale, **setup))


def blank_pad_html(*, locale: str = "en_US", **setup: Any) -> str:
    """The HTML blank_pad_pdf prints (render.laid_out_pdf lays it out for a reader
    that measures its boxes)."""
    with force_locale(locale):
        pad = blank_pad(locale=locale, **setup)
        subject = ngettext(
            "Blank score pad for %(game)s, %(num)s player",
            "Blank score pad for %(game)s, %(num)s players",
            len(pad.players),
            game=pad.preset or pad.variant,
        )
        about = About.of(pad.title, subject, locale)
        return render_html("pad.html", pads=[pad], pack=None, about=about)


def print_pack_pdf(
    tables: Sequence[PackTable],
    *,
    title: str,
    day: date | None = None,
    page_size: str = "A4",
    locale: str = "en_US",
    public_url: str | None = None,
    screen_url: str | None = None,
    byes: Sequence[str] = (),
) -> bytes:
    """One PDF for a league night: a seating list, then each table's named pad with
    its seat order, first dealer and a QR code of its edit link, and a result slip for
    each table scored on paper. With ``public_url`` the seating list carries its QR
    code too (the league's public page), and with ``screen_url`` the venue screen's, to
    open it on the TV; ``byes`` are listed as sitting out.

    Raises PrintError; errors for a table are keyed ``tables.<index>.<field>``.
    """
    recipe = PackPdf(
        tuple(tables),
        title,
        day or date.today(),
        page_size,
        locale,
        public_url,
        screen_url,
        tuple(byes),
    )
    return cached_pdf(recipe.key(), recipe, check=recipe.pack)


@dataclass(frozen=True)
class PackPdf:
    """A print pack as the data it shows, kept by the hash of that data and of the
    app's files (templates, catalogs, code), not of its HTML: an organizer's ask that
    finds the PDF kept, or being made, costs a lookup; its HTML (60 to 300 ms of CPU
    for 50 tables) is made by the worker with the PDF, not in the web beside table play."""

    tables: tuple[PackTable, ...]
    title: str
    day: date
    page_size: str
    locale: str
    public_url: str | None
    screen_url: str | None
    byes: tuple[str, ...]

    def key(self) -> str:
        return content_key("pack", files_version(PACKAGE_ROOT), repr(self))

    def pack(self) -> Pack:
        """The pack's view-model (raises PrintError for what cannot be printed)."""
        with force_locale(self.locale):
            return print_pack(
                self.tables,
                title=self.title,
                day=self.day,
                page_size=self.page_size,
                locale=self.locale,
                public_url=self.public_url,
                screen_url=self.screen_url,
                byes=self.byes,
            )

    def __call__(self) -> bytes:
        pack = self.pack()
        with force_locale(self.locale):
            subject = ngettext(
                "Print pack for %(title)s, %(day)s: %(num)s table",
                "Print pack for %(title)s, %(day)s: %(num)s tables",
                len(pack.pads),
                title=self.title,
                day=pack.date,
            )
            about = About.of(f"{self.title}: {pack.date}", subject, self.locale, author=self.title)
            return pdf_of(render_html("pad.html", pads=pack.pads, pack=pack, about=about))
