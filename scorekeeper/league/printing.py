"""The standings as a PDF: a trusted template, the league stylesheet, WeasyPrint."""

from __future__ import annotations

from datetime import date
from functools import cache
from pathlib import Path

from flask import render_template
from weasyprint import CSS, HTML

from scorekeeper.league.standings import Standings
from scorekeeper.league.views import LeagueHead
from scorekeeper.printing.render import STATIC, StaticOnlyFetcher

STYLESHEET = STATIC / "league" / "print.css"


@cache
def stylesheet() -> CSS:
    return CSS(filename=str(STYLESHEET), url_fetcher=StaticOnlyFetcher())


def standings_pdf(league: LeagueHead, standings: Standings) -> bytes:
    html = render_template(
        "league/print/standings.html",
        league=league,
        standings=standings,
        printed=date.today().isoformat(),
    )
    document = HTML(
        string=html, base_url=Path(STATIC).as_uri() + "/", url_fetcher=StaticOnlyFetcher()
    )
    return document.write_pdf(stylesheets=[stylesheet()])
