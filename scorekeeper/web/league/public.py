"""League pages, on the league's blueprint: what players read (standings, the public
page, a player's history, the standings as PDF and CSV) and a league game's files."""

from __future__ import annotations

import json
from datetime import date

from flask import Response, render_template, request

from scorekeeper.league import log, transfer
from scorekeeper.league import services as league
from scorekeeper.league.standings import Standings
from scorekeeper.web.common import links
from scorekeeper.web.common.db import unit_of_work
from scorekeeper.web.common.i18n import speak
from scorekeeper.web.league import printing
from scorekeeper.web.league.blueprint import (
    attachment,
    bp,
    csv_response,
    organizer_id,
    paper_asked,
    paper_refused,
    pdf_response,
)
from scorekeeper.web.table.presenters import printed_locale


def season_arg() -> str | None:
    season = request.args.get("season", "").strip()
    return season[:20] or None


@bp.get("/leagues/<public_id>/standings")
def standings(public_id: str):
    view, table = league.league_standings(unit_of_work(), public_id, organizer_id(), season_arg())
    speak(view.language)
    corrected = log.corrections(unit_of_work(), public_id, organizer_id(), season_arg())
    return render_template(
        "league/standings.html", league=view, standings=table, corrected=corrected
    )


@bp.get("/leagues/<public_id>/public")
def public(public_id: str):
    """The league's own page for anyone, once published: no account, no edit links."""
    page = league.public_page(unit_of_work(), public_id, organizer_id(), season_arg())
    upcoming = league.schedule_of(unit_of_work(), public_id, organizer_id(), from_day=date.today())
    speak(page.league.language)
    return render_template("league/public.html", page=page, league=page.league, upcoming=upcoming)


@bp.get("/leagues/<public_id>/standings.pdf")
def standings_pdf(public_id: str):
    page_size = paper_asked()
    if page_size is None:
        return paper_refused()
    view, table = league.league_standings(unit_of_work(), public_id, organizer_id(), season_arg())
    speak(view.language)
    pdf = printing.standings_pdf(view, table, page_size=page_size, locale=printed_locale())
    return pdf_response(pdf, f"{view.name} standings.pdf")


STANDINGS_COLUMNS = [
    "place",
    "player",
    "games",
    "wins",
    "win_rate",
    "points",
    "deals",
    "average_per_deal",
    "money_cents",
    "rating",
    "rating_change",
    "byes",
]


@bp.get("/leagues/<public_id>/standings.csv")
def standings_csv(public_id: str):
    view, table = league.league_standings(unit_of_work(), public_id, organizer_id(), season_arg())
    rows = [
        [
            "" if line.place is None else line.place,
            line.name,
            line.games,
            line.wins,
            round(line.win_rate, 3),
            line.points,
            line.deals,
            "" if line.average_per_deal is None else round(line.average_per_deal, 2),
            "" if view.money_hidden else line.money_cents,
            round(line.rating, 2),
            "" if line.rating_change is None else round(line.rating_change, 2),
            line.byes,
        ]
        for line in table.lines
    ]
    if table.handicap:  # the league keeps a handicap standing: its figures beside
        return csv_response(with_handicap(table, rows), f"{view.name} standings.csv")
    return csv_response([STANDINGS_COLUMNS, *rows], f"{view.name} standings.csv")


HANDICAP_COLUMNS = [
    "handicap_place",
    "handicap_nights",
    "handicap_average",
    "handicapped",
    "handicap",
]


def with_handicap(table: Standings, rows: list[list]) -> list[list]:
    """The standings rows with each player's line of the handicap standing after them
    (empty for a player with no night counted yet)."""
    lines = {line.member_id: line for line in table.handicap}
    out = [STANDINGS_COLUMNS + HANDICAP_COLUMNS]
    for scratch, row in zip(table.lines, rows, strict=True):
        line = lines.get(scratch.member_id)
        figures = (
            ["", "", "", "", ""]
            if line is None
            else [
                "" if line.place is None else line.place,
                line.nights,
                round(line.average, 2),
                round(line.handicapped, 2),
                round(line.handicap, 2),
            ]
        )
        out.append(row + figures)
    return out


@bp.get("/leagues/<public_id>/players/<row_id:member_id>")
def player(public_id: str, member_id: int):
    view, member, history = league.player_history(
        unit_of_work(), public_id, organizer_id(), member_id
    )
    handicap = league.player_handicap(unit_of_work(), public_id, organizer_id(), member_id)
    speak(view.language)
    return render_template(
        "league/player.html",
        league=view,
        member=member,
        history=history,
        handicap=handicap,
        view_url=links.view_url,
    )


@bp.get("/leagues/games/<game_id>.json")
def game_json(game_id: str):
    document = transfer.export_game(unit_of_work(), game_id)
    response = Response(json.dumps(document, indent=1), mimetype="application/json")
    response.headers["Content-Disposition"] = attachment(f"game {game_id}.json")
    return response


@bp.get("/leagues/games/<game_id>.csv")
def game_csv(game_id: str):
    return csv_response(transfer.game_rows(unit_of_work(), game_id), f"game {game_id}.csv")
