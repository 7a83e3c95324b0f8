"""The game page and what is sent from it: a deal (or its refusal, kept for the page to
show again: post-redirect-get) and the Press.

A deal post walks down once: the form is read against the game as the one service call
loads and locks it (``PostedDeal``), and the page is drawn again after the redirect."""

from __future__ import annotations

from typing import Any

from flask import flash, jsonify, redirect, render_template, request, session, url_for
from flask_babel import gettext as _
from werkzeug.datastructures import MultiDict

from scorekeeper import scoring
from scorekeeper.service_layer import services
from scorekeeper.service_layer.errors import Conflict, IdempotencyKeyReused, InvalidInput
from scorekeeper.service_layer.results import GameView, OpenedGame
from scorekeeper.translate import translate
from scorekeeper.web.common.db import unit_of_work
from scorekeeper.web.common.i18n import speak
from scorekeeper.web.table.blueprint import bp, editable, open_page, writing_token
from scorekeeper.web.table.forms import (
    ConfirmForm,
    DealForm,
    clean_key,
    deal_form,
    new_key,
    number_or_text,
)
from scorekeeper.web.table.in_circle import joinable_circles
from scorekeeper.web.table.presenters import (
    board,
    card_buttons,
    deals_ahead,
    end_rule,
    page_locale,
)
from scorekeeper.web.table.start import next_first_dealer


@bp.get("/games/<public_id>")
def game(public_id: str):
    opened, token = open_page(public_id)
    view = opened.game
    if token is None:
        speak(view.language)  # the shared view speaks the table's language
        return render_game(opened, None, None)
    retry = taken(RETRY, public_id)
    if retry is None:
        return render_game(opened, token, next_deal_form(view), **just_done(view))
    form = next_deal_form(view, formdata=MultiDict(retry["form"]))
    left = form.show_errors(retry["errors"]) if form else {}
    heard = retry.get("heard") or {}
    for name, words in heard.items() if form else ():  # filled from words said (web/voice/say.py)
        if name in form:
            marked = {"class": "heard"}
            if words:  # what it was heard as, shown when the field is pointed at
                marked["title"] = _("Heard as “%(words)s”", words=words)
            form[name].render_kw = {**(form[name].render_kw or {}), **marked}
    return render_game(
        opened,
        token,
        form,
        left=left,
        notice=retry["notice"],
        said=retry.get("said"),
        readback=retry.get("readback"),
        ask=retry.get("ask"),
    )


# Session keys for what the game page shows once after a POST (POST-redirect-GET):
# a refused deal form with its messages, the deal just saved, the Press just taken.
RETRY, SAVED, PRESSED = "retry", "saved", "pressed"
# Longer than any number or key the form takes, so every refused value is shown as sent.
KEPT_CHARACTERS = 80
# The session is one cookie (browsers drop one past 4 KB) that also carries the phone's
# edit tokens: what a refused deal keeps is bounded in all, whatever was typed. A real
# deal's values are a few characters each; junk past this is left for the player to retype.
KEPT_IN_ALL = 400
KEPT_MESSAGE = 120  # characters of each field's message


def taken(key: str, public_id: str) -> dict[str, Any] | None:
    """What a POST left in the session for this game's page, removed as it is shown."""
    kept = session.pop(key, None)
    return kept if isinstance(kept, dict) and kept.get("game") == public_id else None


def just_done(view: GameView) -> dict[str, Any]:
    """The deal just saved or the Press just taken on this phone, while it is still the
    last change (so its Undo beside it undoes what the player thinks it does)."""
    last = len(view.entries)
    saved = taken(SAVED, view.public_id)
    pressed = taken(PRESSED, view.public_id)
    undo = ConfirmForm(formdata=None, data={"number": last})
    return {
        "saved": saved["number"] if saved and saved["number"] == last else None,
        "pressed": pressed if pressed and pressed["number"] == last else None,
        "undo_form": undo,
    }


def next_deal_form(view: GameView, **kwargs: Any) -> DealForm | None:
    next_deal = view.state.next_deal
    if next_deal is None:
        return None
    taking_part = next_deal.get("players") or next_deal.get("tiebreak")
    return deal_form(view.setup, number=next_deal["number"], taking_part=taking_part, **kwargs)


def render_game(
    opened: OpenedGame,
    token: str | None,
    form: DealForm | None,
    *,
    left: dict[str, str] | None = None,
    notice: str | None = None,
    saved: int | None = None,
    pressed: dict[str, Any] | None = None,
    undo_form: ConfirmForm | None = None,
    said: str | None = None,
    readback: str | None = None,
    ask: str | None = None,
):
    view, circle = opened.game, opened.circle
    next_deal = view.state.next_deal
    cards = card_buttons(view.setup, next_deal["wild"]) if form and next_deal else None
    ahead = None
    if form and next_deal:
        fixed = end_rule(view.setup)[0]
        ahead = deals_ahead(view.setup, next_deal["number"], fixed, counter=cards is not None)
    offer_form = None
    again_form = ConfirmForm(formdata=None) if token and view.state.finished else None
    # The offer adds the points to the last deal: none before deal 1.
    if token and view.state.press_offer and view.entries:
        offer_form = ConfirmForm(formdata=None, data={"number": len(view.entries)})
    return render_template(
        "game.html",
        view=view,
        circle=circle,
        in_circle=opened.in_circle,
        joinable=joinable_circles(view.public_id) if token and not opened.in_circle else [],
        b=board(view, page_locale()),
        form=form,
        editable=token is not None,
        offer_form=offer_form,
        again_form=again_form,
        again_dealer=next_first_dealer(view.setup) if again_form else None,
        cards=cards,
        ahead=ahead,
        left=left or {},
        notice=notice,
        saved=saved,
        pressed=pressed,
        undo_form=undo_form,
        said=said,
        readback=readback,
        ask=ask,
    )


def retry_later(
    public_id: str, form: DealForm, errors: dict[str, str], notice: str, **changes: str
):
    """Keep what was typed, and why it was refused, for the game page to show again:
    the address stays the game's, and a reload does not send the deal again."""
    # Only the form's own fields, each cut short: the session is a cookie of at most 4 KB.
    sent = request.form.to_dict()
    # The deal's number and one-time key first: the retry must still name its deal.
    typed = {name: sent[name][:KEPT_CHARACTERS] for name in ("number", "key") if name in sent}
    room = KEPT_IN_ALL
    for name, value in sent.items():
        if name in form and name not in ("csrf_token", *typed) and room > 0:
            typed[name] = value[: min(KEPT_CHARACTERS, room)]
            room -= len(typed[name])
    session[RETRY] = {
        "game": public_id,
        "form": {**typed, **changes},
        # Translated now: the session keeps text, not the core's Messages.
        "errors": {path: translate(error)[:KEPT_MESSAGE] for path, error in errors.items()},
        "notice": notice[: KEPT_MESSAGE * 2],
    }
    return redirect(url_for(".game", public_id=public_id, _anchor="problems"), 303)


# The page's script sends a deal with this header (so a deal typed without a signal can
# wait on the phone and go later): it is answered in JSON, never redirected.
OUTBOX = "X-Outbox"


class PostedDeal:
    """The deal form as posted, read against the game as the service call loaded and
    locked it: the form's fields are the game's (its players, its entry fields)."""

    def __init__(self, formdata: MultiDict):
        self.formdata = formdata
        self.form: DealForm | None = None
        self.entry: dict[str, Any] = {}

    def read(self, view: GameView) -> dict[str, Any]:
        self.form = next_deal_form(view, formdata=self.formdata) or deal_form(
            view.setup, number=len(view.entries) + 1, formdata=self.formdata
        )
        self.entry = self.form.entry()
        return self.entry

    @property
    def typed(self) -> Any:
        """The deal number the form was for (text, if it was not a number)."""
        return number_or_text(self.form.number.data) if self.form else None


@bp.post("/games/<public_id>/deals")
def record(public_id: str):
    token = writing_token(public_id)
    posted = PostedDeal(request.form)
    key = clean_key(request.form.get("key"))
    try:
        recorded = services.record_deal(
            unit_of_work(), public_id, token, posted.read, idempotency_key=key
        )
    except InvalidInput as error:
        return deal_refused(public_id, posted, error)
    except Conflict as error:
        return deal_in_conflict(public_id, posted, error)
    except IdempotencyKeyReused:
        message = _("This form was already sent with other values; nothing new was stored.")
        return refused_for_good(public_id, message)
    typed = posted.typed
    return saved(public_id, typed if isinstance(typed, int) else len(recorded.game.entries))


def deal_refused(public_id: str, posted: PostedDeal, error: InvalidInput):
    """The deal broke a rule: the form comes back with each field's message."""
    form, typed = posted.form, posted.typed
    refused = (
        _("Deal %(number)s was not saved.", number=typed)
        if isinstance(typed, int)
        else translate(error.detail)
    )
    if OUTBOX in request.headers:
        left = form.show_errors(error.errors)
        problems = [
            _("%(label)s: %(message)s", label=label, message=message)
            for _id, label, message in form.problems()
        ]
        return jsonify(message=refused, problems=[*problems, *left.values()]), 422
    return retry_later(public_id, form, error.errors, refused)


def deal_in_conflict(public_id: str, posted: PostedDeal, error: Conflict):
    """The game moved on meanwhile (another phone, a finished game)."""
    fresh, typed = error.game, posted.typed
    if "number" in error.errors and same_deal(fresh, typed, posted.entry):
        flash(
            _(
                "Another phone had recorded deal %(number)s just the same: it is stored once.",
                number=typed,
            )
        )
        return saved(public_id, typed)
    if "number" not in error.errors or fresh.state.next_deal is None:
        return refused_for_good(public_id, translate(error.detail))
    # Another phone recorded this deal first: what was typed moves on to the next.
    number = fresh.state.next_deal["number"]
    notice = _(
        "%(problem)s Another phone recorded it first, so nothing was stored.",
        problem=translate(error.detail),
    )
    if OUTBOX in request.headers:
        return jsonify(message=notice, problems=[]), 409
    notice += " " + _(
        "What you typed is kept for deal %(number)s: check it before saving.", number=number
    )
    return retry_later(public_id, posted.form, {}, notice, number=str(number), key=new_key())


def same_deal(fresh: GameView, number: Any, entry: dict[str, Any]) -> bool:
    """Whether deal ``number``, recorded meanwhile by another phone, is this very entry."""
    if not isinstance(number, int) or not 1 <= number <= len(fresh.entries):
        return False
    return fresh.entries[number - 1] == {k: v for k, v in entry.items() if k != "number"}


def saved(public_id: str, number: int):
    session[SAVED] = {"game": public_id, "number": number}
    if OUTBOX in request.headers:
        return jsonify(saved=number), 201
    return redirect(url_for(".game", public_id=public_id), 303)


def refused_for_good(public_id: str, message: str):
    """Nothing to fix in the form (the game is over, the form was already used)."""
    if OUTBOX in request.headers:
        return jsonify(message=message, problems=[]), 409
    flash(message)
    return redirect(url_for(".game", public_id=public_id), 303)


@bp.post("/games/<public_id>/press")
def take_press(public_id: str):
    """Take the Press offer: the trailing player's points go on the last deal."""
    view, token = editable(public_id)
    number = number_or_text(ConfirmForm().number.data)
    offer = view.state.press_offer
    try:
        entry = scoring.take_press(view.entries, offer, number)
        services.correct_deal(unit_of_work(), public_id, token, number, entry)
    except (scoring.ScoringError, InvalidInput) as error:
        flash(translate(error.detail))
    else:
        session[PRESSED] = {"game": public_id, "number": number, **offer}
    return redirect(url_for(".game", public_id=public_id), 303)


@bp.post("/games/<public_id>/press/undo")
def untake_press(public_id: str):
    """Undo the Press just taken: its points come off the last deal again."""
    view, token = editable(public_id)
    number = number_or_text(ConfirmForm().number.data)
    player = request.form.get("player", "")
    points = number_or_text(request.form.get("points"))
    try:
        entry = scoring.untake_press(view.entries, number, player, points)
        services.correct_deal(unit_of_work(), public_id, token, number, entry)
    except (scoring.ScoringError, InvalidInput) as error:
        flash(translate(error.detail))
    else:
        flash(
            _(
                "%(player)s did not take the Press after all: the %(points)s points are off again.",
                player=player,
                points=points,
            )
        )
    return redirect(url_for(".game", public_id=public_id), 303)
