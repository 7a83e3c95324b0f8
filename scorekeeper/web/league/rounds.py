"""A night in rounds, on the league's blueprint: the organizer sets the rounds, sees the
next round proposed from tonight's results, swaps two players and starts it."""

from __future__ import annotations

from flask import flash, redirect, request, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from scorekeeper.league import services as league
from scorekeeper.web.common.db import unit_of_work
from scorekeeper.web.league.blueprint import bp, form_int, organizer_id

ROUND_METHODS = {
    "swiss": _l("Swiss: similar scores tonight meet, nobody twice"),
    "king": _l("King of the hill: a table's winner moves up, its last down"),
    "random": _l("Random"),
}


@bp.context_processor
def rounds_words():
    """What the night page's rounds section and the venue screen need besides the night."""

    def night_rounds(public_id: str, night_id: int) -> league.Rounds:
        return league.night_rounds(unit_of_work(), public_id, organizer_id(), night_id)

    return {"night_rounds": night_rounds, "round_methods": ROUND_METHODS}


def back(public_id: str, night_id: int):
    return redirect(
        url_for("league.night", public_id=public_id, night_id=night_id) + "#rounds", 303
    )


@bp.post("/leagues/<public_id>/nights/<row_id:night_id>/rounds")
def set_rounds(public_id: str, night_id: int):
    typed = request.form.get("minutes", "").strip()
    # Empty: rounds are not timed; anything but a small whole number is refused as typed.
    minutes = (form_int("minutes") or typed) if typed else None
    league.set_rounds(
        unit_of_work(),
        public_id,
        organizer_id(),
        night_id,
        rounds=form_int("rounds"),
        method=request.form.get("method"),
        minutes=minutes,
    )
    flash(_("The rounds are saved."))
    return back(public_id, night_id)


@bp.post("/leagues/<public_id>/nights/<row_id:night_id>/rounds/propose")
def propose_round(public_id: str, night_id: int):
    number = league.propose_round(unit_of_work(), public_id, organizer_id(), night_id)
    flash(_("Round %(round)s is seated: check it, swap if you like, then start it.", round=number))
    return back(public_id, night_id)


@bp.post("/leagues/<public_id>/nights/<row_id:night_id>/rounds/swap")
def swap_in_round(public_id: str, night_id: int):
    league.swap_in_round(
        unit_of_work(), public_id, organizer_id(), night_id, form_int("first"), form_int("second")
    )
    return back(public_id, night_id)


@bp.post("/leagues/<public_id>/nights/<row_id:night_id>/rounds/start")
def start_round(public_id: str, night_id: int):
    league.start_round(unit_of_work(), public_id, organizer_id(), night_id)
    flash(_("The round's games are set up: hand out the links."))
    return back(public_id, night_id)
