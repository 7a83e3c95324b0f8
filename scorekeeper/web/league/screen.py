"""The venue screen, on the league's blueprint: tonight for a TV at the venue (no login,
a long revocable link), and the organizer's buttons that open and close it."""

from __future__ import annotations

from flask import abort, current_app, redirect, render_template, request, url_for

from scorekeeper.league import services as league
from scorekeeper.web.common import passes, push
from scorekeeper.web.common.db import unit_of_work
from scorekeeper.web.common.i18n import speak
from scorekeeper.web.league.blueprint import board_answer, bp, organizer_id

# The screen asks this often (ms): a 304 costs one bounded query (the night's tables),
# and a result shows on the wall within a second of its tap even with the page's own
# time to draw it (at 1000 ms the club night test measured up to 1.3 s).
SCREEN_POLL_MS = 500
# How long each page of a night too big for one screen stays up (ms; static/league/screen.js).
SCREEN_TURN_MS = 12_000


@bp.get("/leagues/<public_id>/nights/<row_id:night_id>/screen/<token>")
def screen(public_id: str, night_id: int, token: str):
    shown = league.screen(unit_of_work(), public_id, night_id, token)
    speak(shown.language)
    page = render_template(
        "league/screen.html",
        screen=shown,
        token=token,
        poll_ms=SCREEN_POLL_MS,
        turn_ms=SCREEN_TURN_MS,
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


@bp.get("/leagues/<public_id>/nights/<row_id:night_id>/screen/<token>/events")
def screen_events(public_id: str, night_id: int, token: str):
    """The screen's stream where no stream process serves it (scorekeeper.web.common.push)."""
    return push.answer_as_page(
        f"screen:{night_id}", lambda uow: league.screen_version(uow, public_id, night_id, token)
    )


def night_events_url(public_id: str, night_id: int, version: str) -> str | None:
    """The organizer's night page's stream, with its pass (passes): the stream process
    reads no login cookie. None without a login."""
    who = organizer_id()
    if who is None:
        return None
    signed = passes.night_pass(current_app.secret_key, public_id, night_id, who)
    return url_for(
        "league.night_events",
        public_id=public_id,
        night_id=night_id,
        since=version,
        **{"pass": signed},
    )


@bp.get("/leagues/<public_id>/nights/<row_id:night_id>/events")
def night_events(public_id: str, night_id: int):
    """The night page's stream where no stream process serves it (push): let in by its
    pass, as the stream process does, then by the same service call as the page's poll."""
    token = request.args.get("pass", "")
    who = passes.night_watcher(current_app.secret_key, public_id, night_id, token)
    if who is None:
        abort(404)
    return push.answer_as_page(
        f"night:{night_id}:{who}", lambda uow: league.night_version(uow, public_id, who, night_id)
    )


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
