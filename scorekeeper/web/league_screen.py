"""The venue screen, on the league's blueprint: tonight for a TV at the venue (no login,
a long revocable link), and the organizer's buttons that open and close it."""

from __future__ import annotations

from flask import current_app, redirect, render_template, request, url_for

from scorekeeper.league import services as league
from scorekeeper.web import unit_of_work
from scorekeeper.web.i18n import speak
from scorekeeper.web.league import bp, organizer_id

# The screen asks this often (ms): a 304 costs one indexed query, and a result shows
# on the wall within a second of its tap.
SCREEN_POLL_MS = 1000


@bp.get("/leagues/<public_id>/nights/<row_id:night_id>/screen/<token>")
def screen(public_id: str, night_id: int, token: str):
    shown = league.screen(unit_of_work(), public_id, night_id, token)
    speak(shown.language)
    page = render_template(
        "league/screen.html",
        screen=shown,
        token=token,
        poll_ms=SCREEN_POLL_MS,
        public_id=public_id,
        night_id=night_id,
    )
    return page, 200, {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer"}


@bp.get("/leagues/<public_id>/nights/<row_id:night_id>/screen/<token>/board")
def screen_board(public_id: str, night_id: int, token: str):
    """What the screen polls: 304 while nothing changed, as the night page's board."""
    version = "v" + league.screen_version(unit_of_work(), public_id, night_id, token)
    if request.if_none_match.contains_weak(version):
        response = current_app.response_class(status=304)
    else:
        shown = league.screen(unit_of_work(), public_id, night_id, token)
        speak(shown.language)
        response = current_app.make_response(
            render_template("league/_screen_board.html", screen=shown)
        )
    response.set_etag(version, weak=True)
    response.headers["Cache-Control"] = "no-cache, private"
    response.headers["Referrer-Policy"] = "no-referrer"
    return response


@bp.post("/leagues/<public_id>/nights/<row_id:night_id>/screen")
def open_screen(public_id: str, night_id: int):
    league.open_screen(unit_of_work(), public_id, organizer_id(), night_id)
    return redirect(
        url_for("league.night", public_id=public_id, night_id=night_id) + "#screen", 303
    )


@bp.post("/leagues/<public_id>/nights/<row_id:night_id>/screen/close")
def close_screen(public_id: str, night_id: int):
    league.close_screen(unit_of_work(), public_id, organizer_id(), night_id)
    return redirect(
        url_for("league.night", public_id=public_id, night_id=night_id) + "#screen", 303
    )
