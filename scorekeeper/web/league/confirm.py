"""Scorers and second-phone confirmation, on the league's blueprint.

A scorer's way in (their nights), what every league page knows of the viewer's role
(``scorer``: the pages hide what a scorer may not do; the use cases refuse it anyway),
the league's "confirm each result" setting, and a table's confirm link: a page at the
table, on a phone other than the one that records, that confirms the result.
"""

from __future__ import annotations

from flask import flash, g, redirect, render_template, request, url_for
from flask_babel import gettext as _

from scorekeeper.league import services as league
from scorekeeper.service_layer import services
from scorekeeper.translate import translate
from scorekeeper.web.common import links
from scorekeeper.web.common.db import unit_of_work
from scorekeeper.web.common.i18n import speak
from scorekeeper.web.league.blueprint import bp, organizer_id
from scorekeeper.web.table import blueprint as table_pages
from scorekeeper.web.table.blueprint import held_token
from scorekeeper.web.table.share import qr_svg


def viewer_role() -> str | None:
    """The logged-in viewer's role in the league of this request, found once."""
    if "viewer_role" not in g:
        public_id = (request.view_args or {}).get("public_id")
        viewer = organizer_id()
        found = None
        if public_id and viewer is not None and request.blueprint == "league":
            found = league.viewer_role(unit_of_work(), public_id, viewer)
        g.viewer_role = found
    return g.viewer_role


@bp.context_processor
def role_context() -> dict:
    return {"scorer": viewer_role() == "scorer", "confirm_url": confirm_url, "qr_svg": qr_svg}


@bp.before_request
def scorers_to_their_nights():
    """A scorer opening the league's page is shown their nights (the rest is not theirs)."""
    if request.endpoint == "league.manage" and viewer_role() == "scorer":
        return redirect(url_for("league.scoring", public_id=request.view_args["public_id"]), 303)
    return None


def confirm_url(public_id: str, night_id: int, number: int, token: str) -> str:
    path = url_for(
        "league.confirm", public_id=public_id, night_id=night_id, number=number, token=token
    )
    return f"{links.base_url()}{path}"


@bp.get("/leagues/<public_id>/scoring")
def scoring(public_id: str):
    scored = league.scored_nights(unit_of_work(), public_id, organizer_id())
    return render_template("league/scoring.html", scored=scored)


@bp.post("/leagues/<public_id>/confirming")
def confirming(public_id: str):
    on = request.form.get("confirming") == "1"
    league.set_confirming(unit_of_work(), public_id, organizer_id(), on)
    flash(
        _("A second phone at each table now confirms its result.")
        if on
        else _("Results no longer wait for a second phone's confirmation.")
    )
    return redirect(url_for("league.manage", public_id=public_id) + "#results", 303)


CONFIRM = "/leagues/<public_id>/nights/<row_id:night_id>/tables/<row_id:number>/confirm/<token>"


@bp.route(CONFIRM, methods=["GET", "POST"])
def confirm(public_id: str, night_id: int, number: int, token: str):
    """The table's result for a second phone to confirm (no login: the link is the key)."""
    page = league.confirm_page(unit_of_work(), public_id, night_id, number, token)
    speak(page.language)
    headers = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"}
    if held_token(page.game_id):
        # The phone that records cannot vouch for itself: an opponent's phone confirms.
        message = _(
            "This phone holds the table's edit link, so it records the scores: another"
            " phone at the table (an opponent's) confirms the result."
        )
        title = _("Another phone confirms")
        page_html = render_template("league/error.html", code=403, title=title, message=message)
        return page_html, 403, headers
    if request.method == "POST":
        try:
            league.confirm_result(
                unit_of_work(), public_id, night_id, number, token, request.form.get("seen")
            )
        except services.InvalidInput as refused:  # said on the page itself (no referrer)
            flash(translate(refused.detail))
        else:
            flash(_("Thank you: table %(number)s's result is confirmed.", number=number))
        return redirect(request.path, 303)
    return render_template("league/confirm.html", page=page), 200, headers


@table_pages.bp.context_processor
def confirm_prompt_context() -> dict:
    """The recording phone's game page, for a confirming league's table: the confirm
    link and its QR code, for an opponent's phone to scan once the game is finished.
    Asked by the page only then, so a game page in play costs no statement for it (a
    table the organizer closed early shows its link on the night's table page)."""
    public_id = (request.view_args or {}).get("public_id")
    if request.endpoint != "table.game" or not public_id or not held_token(public_id):
        return {}

    def league_confirm_prompt():
        prompt = league.confirm_prompt(unit_of_work(), public_id)
        if prompt is None:
            return None
        return prompt, confirm_url(prompt.public_id, prompt.night_id, prompt.number, prompt.token)

    return {"league_confirm_prompt": league_confirm_prompt, "qr_svg": qr_svg}
