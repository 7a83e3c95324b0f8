"""The standings as a PDF: a trusted template, the league stylesheet, WeasyPrint."""

from __future__ import annotations

from datetime import date
from functools import cache
from pathlib import Path

from flask import render_template
from flask_babel import force_locale
from weasyprint import CSS, HTML

from scorekeeper.league.standings import Standings
from scorekeeper.league.views import LeagueHead
from scorekeeper.printing import words
from scorekeeper.printing.layout import page_for
from scorekeeper.printing.render import (
    STATIC,
    About,
    StaticOnlyFetcher,
    font_config,
    page_numbers,
)

STYLESHEET = STATIC / "league" / "print.css"


@cache
def stylesheet() -> CSS:
    return CSS(filename=str(STYLESHEET), url_fetcher=StaticOnlyFetcher())


def standings_pdf(
    league: LeagueHead, standings: Standings, *, page_size: str = "A4", locale: str = "en_US"
) -> bytes:
    with force_locale(locale):  # written in the language its figures and dates are in
        html = render_template(
            "league/print/standings.html",
            league=league,
            standings=standings,
            page=page_for(page_size, landscape=False),
            money=lambda cents: words.money(cents, standings.currency, locale, signed=True),
            signed=signed_figure,
            printed=words.day(date.today(), locale),
            lang=About.of("", "", locale).lang,
        )
        numbers = page_numbers()
    document = HTML(
        string=html, base_url=Path(STATIC).as_uri() + "/", url_fetcher=StaticOnlyFetcher()
    )
    return document.write_pdf(
        stylesheets=[stylesheet(), numbers], font_config=font_config(), pdf_variant="pdf/ua-1"
    )


def signed_figure(value: float) -> str:
    """A rating change as printed: one decimal, a plus for a gain, a true minus sign."""
    return f"{value:+.1f}".replace("-", words.MINUS)
