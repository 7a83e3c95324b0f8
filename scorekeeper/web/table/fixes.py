"""Fixing mistakes at the table: correct or undo a deal, end a game early or reopen it,
and the history of what was changed."""

from __future__ import annotations

from typing import Any

from flask import abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _

from scorekeeper.service_layer import services
from scorekeeper.service_layer.errors import Conflict, InvalidInput
from scorekeeper.service_layer.results import GameView
from scorekeeper.translate import translate
from scorekeeper.web.common.db import unit_of_work
from scorekeeper.web.table.blueprint import bp, editable
from scorekeeper.web.table.forms import (
    ConfirmForm,
    DealForm,
    EndGameForm,
    attach_errors,
    deal_form,
)
from scorekeeper.web.table.presenters import board, card_buttons, page_locale


@bp.route("/games/<public_id>/deals/<int:number>/edit", methods=["GET", "POST"])
def edit_deal(public_id: str, number: int):
    view, token = editable(public_id)
    if not 1 <= number <= len(view.entries):
        abort(404)
    deal = view.state.deals[number - 1]
    if request.method != "POST":
        form = deal_form(view.setup, number=number, entry=view.entries[number - 1])
        return render_edit(view, form, deal)
    form = deal_form(view.setup, number=number, formdata=request.form)
    entry = form.entry()
    entry.pop("number", None)
    try:
        services.correct_deal(unit_of_work(), public_id, token, number, entry)
    except InvalidInput as error:
        left = form.show_errors(error.errors)
        return render_edit(view, form, deal, left=left, detail=translate(error.detail)), 422
    flash(_("Deal %(number)s corrected.", number=number))
    return redirect(url_for(".game", public_id=public_id), 303)


def render_edit(view: GameView, form: DealForm, deal: Any, **context: Any):
    return render_template(
        "edit_deal.html",
        view=view,
        form=form,
        deal=deal,
        cards=card_buttons(view.setup, deal.wild),
        **context,
    )


@bp.route("/games/<public_id>/deals/<int:number>/undo", methods=["GET", "POST"])
def undo_deal(public_id: str, number: int):
    view, token = editable(public_id)
    form = ConfirmForm()
    if request.method == "POST":
        # A deal already undone from another phone is a conflict the service explains.
        try:
            services.delete_last_deal(unit_of_work(), public_id, token, number)
        except Conflict as error:
            flash(translate(error.detail))
        else:
            flash(_("Deal %(number)s was undone. Its entry is kept in the history.", number=number))
        return redirect(url_for(".game", public_id=public_id), 303)
    if not 1 <= number <= len(view.entries):
        abort(404)
    deal = view.state.deals[number - 1]
    last = number == len(view.entries)
    return render_template("undo.html", view=view, deal=deal, form=form, last=last)


@bp.route("/games/<public_id>/end", methods=["GET", "POST"])
def end_game(public_id: str):
    """End the game where it stands; a page that asks first, then the same page's POST."""
    view, token = editable(public_id)
    form = EndGameForm()
    if view.state.finished:
        flash(
            _("The game is already over.")
            if not view.state.ended_early
            else _("The game was already ended.")
        )
        return redirect(url_for(".game", public_id=public_id), 303)
    if request.method == "POST":
        try:
            services.end_game(unit_of_work(), public_id, token, split=bool(form.split.data))
        except InvalidInput as error:
            left = attach_errors({"split": form.split}, error.errors)
            return render_end(view, form, left=left, detail=translate(error.detail)), 422
        except Conflict as error:
            flash(translate(error.detail))
        else:
            flash(_("The game was ended here. Reopen it to play on."))
        return redirect(url_for(".game", public_id=public_id), 303)
    return render_end(view, form)


def render_end(view: GameView, form: EndGameForm, **context: Any):
    return render_template(
        "end_game.html",
        view=view,
        b=board(view, page_locale()),
        form=form,
        # Only a game that can be split (pool rummy) has "split" in its state.
        splittable="split" in view.state.as_dict(),
        **context,
    )


@bp.post("/games/<public_id>/reopen")
def reopen_game(public_id: str):
    _view, token = editable(public_id)
    try:
        services.reopen_game(unit_of_work(), public_id, token)
    except Conflict as error:
        flash(translate(error.detail))
    else:
        flash(_("The game is open again: record the next deal."))
    return redirect(url_for(".game", public_id=public_id), 303)


@bp.get("/games/<public_id>/history")
def history(public_id: str):
    uow = unit_of_work()
    view = services.load_game(uow, public_id)
    return render_template("history.html", view=view, history=services.deal_history(uow, public_id))
