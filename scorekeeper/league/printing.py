"""The standings as a PDF: a trusted template, the league stylesheet, WeasyPrint."""

from __future__ import annotations

from datetime import date
from functools import cache
from pathlib import Path

from flask import render_template
from weasyprint import CSS, HTML

from scorekeeper.league.services import LeagueHead
from scorekeeper.league.standings import Standings
from scorekeeper.printing import words
from scorekeeper.printing.layout import page_for
from scorekeeper.printing.render import STATIC, About, StaticOnlyFetcher, font_config

STYLESHEET = STATIC / "league" / "print.css"


@cache
def stylesheet() -> CSS:
    return CSS(filename=str(STYLESHEET), url_fetcher=StaticOnlyFetcher())


def shared_places(standings: Standings) -> list[int]:
    """Each line's place, tied players sharing one (1, 2, 2, 4): a tie is the same
    rating as printed and the same number of wins, the keys the table is sorted by."""
    places: list[int] = []
    previous = None
    for index, line in enumerate(standings.lines):
        key = (round(line.rating, 1), line.wins)
        places.append(places[-1] if key == previous else index + 1)
        previous = key
    return places


def standings_pdf(
    league: LeagueHead, standings: Standings, *, page_size: str = "A4", locale: str = "en_US"
) -> bytes:
    html = render_template(
        "league/print/standings.html",
        league=league,
        standings=standings,
        places=shared_places(standings),
        page=page_for(page_size, landscape=False),
        money=lambda cents: words.money(cents, standings.currency, locale, signed=True),
        signed=signed_figure,
        printed=date.today().isoformat(),
        lang=About.of("", "", locale).lang,
    )
    document = HTML(
        string=html, base_url=Path(STATIC).as_uri() + "/", url_fetcher=StaticOnlyFetcher()
    )
    return document.write_pdf(
        stylesheets=[stylesheet()], font_config=font_config(), pdf_variant="pdf/ua-1"
    )


def signed_figure(value: float) -> str:
    """A rating change as printed: one decimal, a plus for a gain, a true minus sign."""
    return f"{value:+.1f}".replace("-", words.MINUS)
