"""The venue screen, on the league's blueprint: tonight for a TV at the venue (no login,
a long revocable link), and the organizer's buttons that open and close it."""

from __future__ import annotations

from flask import redirect, render_template, url_for

from scorekeeper.league import services as league
from scorekeeper.web.common.db import unit_of_work
from scorekeeper.web.common.i18n import speak
from scorekeeper.web.league.blueprint import board_answer, bp, organizer_id

# The screen asks this often (ms): a 304 costs one bounded query (the night's tables),
# and a result shows on the wall within a second of its tap even with the page's own
# time to draw it (at 1000 ms the club night test measured up to 1.3 s).
SCREEN_POLL_MS = 500


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
    version = league.screen_version(unit_of_work(), public_id, night_id, token)

    def board() -> str:
        shown = league.screen(unit_of_work(), public_id, night_id, token)
        speak(shown.language)
        return render_template("league/_screen_board.html", screen=shown)

    response = board_answer(version, board)
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
