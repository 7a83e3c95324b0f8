"""The standings as a PDF: a trusted template, the league stylesheet, WeasyPrint."""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from babel.numbers import format_decimal
from flask import render_template
from flask_babel import force_locale

from scorekeeper.league.standings import Standings
from scorekeeper.league.views import LeagueHead
from scorekeeper.printing import words
from scorekeeper.printing.layout import page_for
from scorekeeper.printing.render import About, html_to_pdf
from scorekeeper.scoring.options import MINUS

# The most players a printed table lists (about 12 pages): a club's whole league fits; a
# bigger one prints its top players and says how many more are on the standings page.
PRINTED_MAX_LINES = 500


def standings_pdf(
    league: LeagueHead, standings: Standings, *, page_size: str = "A4", locale: str = "en_US"
) -> bytes:
    left_out = max(0, len(standings.lines) - PRINTED_MAX_LINES)
    printed_lines = replace(standings, lines=standings.lines[:PRINTED_MAX_LINES])
    with force_locale(locale):  # written in the language its figures and dates are in
        html = render_template(
            "league/print/standings.html",
            league=league,
            standings=printed_lines,
            left_out=left_out,
            page=page_for(page_size, landscape=False),
            money=lambda cents: words.money(cents, standings.currency, locale, signed=True),
            signed=signed_figure,
            printed=words.day(date.today(), locale),
            lang=About.of("", "", locale).lang,
        )
        return html_to_pdf(html, style="league")


def signed_figure(value: float) -> str:
    """A rating change as printed: one decimal, a plus for a gain, a true minus sign."""
    return f"{value:+.1f}".replace("-", MINUS)


def certificate_pdf(
    league: LeagueHead,
    closed,
    award,
    name: str,
    *,
    page_size: str = "A4",
    locale: str = "en_US",
) -> bytes:
    """A closed season's award to one winner, on one landscape page (seasons.certificate)."""
    with force_locale(locale):
        html = render_template(
            "league/print/certificate.html",
            league=league,
            closed=closed,
            award=award,
            name=name,
            figure=format_decimal(round(award.figure, 1), locale=locale),
            page=page_for(page_size, landscape=True),
            closed_on=words.day(closed.closed_at.date(), locale),
            lang=About.of("", "", locale).lang,
        )
        return html_to_pdf(html, style="certificate")
