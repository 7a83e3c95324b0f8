"""Who is coming, on the league's blueprint: a member's answer page (their personal
link, no account) and the organizer's answer links, shown once when made."""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Response, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _

from scorekeeper.league import mailing
from scorekeeper.league import services as league
from scorekeeper.web.common import links
from scorekeeper.web.common.db import unit_of_work
from scorekeeper.web.common.i18n import speak
from scorekeeper.web.league import mail as league_mail
from scorekeeper.web.league.blueprint import attachment, bp, organizer_id


@bp.get("/leagues/answers/<token>")
def answers(token: str):
    page = league.answer_page(unit_of_work(), token)
    speak(page.language)
    response = render_template("league/answers.html", page=page, token=token)
    # A personal link: no cache keeps it, no other site learns it from a Referer.
    return response, 200, {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"}


@bp.get("/leagues/answers/<token>/nights.ics")
def my_nights_ics(token: str):
    """A member's own calendar feed: the nights they said yes to."""
    host = urlsplit(links.base_url()).netloc  # PUBLIC_BASE_URL's when set, never any Host
    body = league.member_feed(unit_of_work(), token, host=host)
    response = Response(body, mimetype="text/calendar")
    response.headers["Content-Disposition"] = attachment("my-nights.ics")
    # A personal link, as the answer page is.
    response.headers["Cache-Control"] = "no-store"
    response.headers["Referrer-Policy"] = "no-referrer"
    return response


@bp.post("/leagues/answers/<token>/<row_id:planned_id>")
def answer(token: str, planned_id: int):
    # Whoever the answer gives a seat to, from the waiting line, hears so by mail.
    before = mailing.seated(unit_of_work(), planned_id) if league_mail.mail_on() else None
    league.give_answer(unit_of_work(), token, planned_id, request.form.get("answer"))
    if before is not None:
        league_mail.deliver(mailing.youre_in(unit_of_work(), planned_id, before, links.base_url()))
    flash(_("Your answer is saved."))
    return redirect(url_for("league.answers", token=token) + f"#night-{planned_id}", 303)


@bp.post("/leagues/answers/<token>/<row_id:planned_id>/bye")
def ask_bye(token: str, planned_id: int):
    raw = request.form.get("bye_round", "")
    league.ask_bye(
        unit_of_work(), token, planned_id, int(raw) if raw.isdigit() and len(raw) < 4 else None
    )
    flash(_("Your bye is saved."))
    return redirect(url_for("league.answers", token=token) + f"#night-{planned_id}", 303)


@bp.post("/leagues/<public_id>/answer-links")
def make_answer_links(public_id: str):
    member = request.form.get("member", "")
    made = league.make_answer_links(
        unit_of_work(),
        public_id,
        organizer_id(),
        int(member) if member.isdigit() and len(member) < 12 else None,
    )
    view = league.league_view(unit_of_work(), public_id, organizer_id())
    shown = [
        (link.name, f"{links.base_url()}{url_for('league.answers', token=link.token)}")
        for link in made
    ]
    body = render_template("league/answer_links.html", league=view, shown=shown)
    return body, 200, {"Cache-Control": "no-store"}
