"""The director's page, on the league's blueprint: the handicap setting, adjustments
(made with a reason, withdrawn on the record) and closing a season, with a printed
certificate for each award winner. The use cases are league/director.py,
league/adjustments.py and league/seasons.py; their words are translated here."""

from __future__ import annotations

from flask import flash, redirect, render_template, request, url_for
from flask_babel import gettext as _

from scorekeeper.league import adjustments, director, log, seasons
from scorekeeper.league import services as league
from scorekeeper.translate import translate
from scorekeeper.web.common.db import unit_of_work
from scorekeeper.web.common.i18n import speak
from scorekeeper.web.league.blueprint import (
    bp,
    keeps_input,
    organizer_id,
    paper_asked,
    paper_refused,
    pdf_response,
)
from scorekeeper.web.league.printing import certificate_pdf
from scorekeeper.web.table.presenters import printed_locale


def render_director(public_id: str, *, failed: str | None = None, refused=None, **_ids):
    view = league.league_view(unit_of_work(), public_id, organizer_id())
    page = seasons.seasons_page(unit_of_work(), public_id, organizer_id())
    record = adjustments.league_adjustments(unit_of_work(), public_id, organizer_id())
    return render_template(
        "league/director.html",
        league=view,
        seasons=page,
        record=record,
        changes=log.league_log(unit_of_work(), public_id, organizer_id()),
        kinds=adjustments.KINDS,
        failed=failed,
        refused=refused,
        errors={k: translate(v) for k, v in refused.errors.items()} if refused else {},
        form=request.form if failed else {},
    )


@bp.get("/leagues/<public_id>/director")
def director_page(public_id: str):
    return render_director(public_id)


def number(name: str) -> int | str | None:
    """A whole number as typed, or the text itself (the use case says what is wrong)."""
    raw = request.form.get(name, "").strip()
    if not raw:
        return None
    return int(raw) if raw.isdigit() and len(raw) < 10 else raw


@bp.post("/leagues/<public_id>/handicap")
@keeps_input(render_director, "handicap")
def set_handicap(public_id: str):
    director.set_handicap(
        unit_of_work(),
        public_id,
        organizer_id(),
        enabled=request.form.get("handicap") == "1",
        nights=number("handicap_nights"),
    )
    flash(_("The handicap setting was saved."))
    return redirect(url_for("league.director_page", public_id=public_id) + "#handicap", 303)


@bp.post("/leagues/<public_id>/adjustments")
@keeps_input(render_director, "adjustment")
def record_adjustment(public_id: str):
    kind = request.form.get("kind")
    adjustments.record_adjustment(
        unit_of_work(),
        public_id,
        organizer_id(),
        kind=kind,
        night_id=number("night"),
        member_id=number("member") if kind != "averaged" else None,
        table_number=number("table") if kind == "averaged" else None,
        points=number("points"),
        reason=request.form.get("reason"),
    )
    flash(_("The adjustment was recorded."))
    return redirect(url_for("league.director_page", public_id=public_id) + "#adjustments", 303)


@bp.post("/leagues/<public_id>/adjustments/<row_id:adjustment_id>/withdraw")
def withdraw_adjustment(public_id: str, adjustment_id: int):
    adjustments.withdraw_adjustment(unit_of_work(), public_id, organizer_id(), adjustment_id)
    flash(_("The adjustment was withdrawn; the record keeps it."))
    return redirect(url_for("league.director_page", public_id=public_id) + "#adjustments", 303)


@bp.post("/leagues/<public_id>/seasons/close")
@keeps_input(render_director, "season")
def close_season(public_id: str):
    season = request.form.get("season", "")
    seasons.close_season(
        unit_of_work(),
        public_id,
        organizer_id(),
        season=season,
        next_season=request.form.get("next_season"),
    )
    flash(_("%(season)s is closed: its standings and awards are kept as they are.", season=season))
    return redirect(url_for("league.director_page", public_id=public_id) + "#seasons", 303)


@bp.get("/leagues/<public_id>/seasons/<path:season>/certificates/<kind>/<row_id:member_id>.pdf")
def certificate(public_id: str, season: str, kind: str, member_id: int):

    page_size = paper_asked()
    if page_size is None:
        return paper_refused()
    view, closed, award, name = seasons.certificate(
        unit_of_work(), public_id, organizer_id(), season, kind, member_id
    )
    speak(view.language)
    pdf = certificate_pdf(view, closed, award, name, page_size=page_size, locale=printed_locale())
    return pdf_response(pdf, f"{view.name} {season} {name}.pdf")
