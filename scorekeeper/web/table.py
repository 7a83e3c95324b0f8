"""Table play: the pages players use on their phones.

Who may change a game is decided by its edit token, which reaches a phone once,
through the edit link, and then lives in that phone's signed session cookie
(``session["edit"]``: game id -> token). The view link alone can read, never write.
"""

from __future__ import annotations

from typing import Any

import segno
from flask import (
    Blueprint,
    abort,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from werkzeug.exceptions import HTTPException

from scorekeeper import scoring
from scorekeeper.extensions import limit_writes, limiter
from scorekeeper.service_layer import services
from scorekeeper.service_layer.services import GameView
from scorekeeper.web import links, unit_of_work
from scorekeeper.web.forms import (
    GAMES,
    STAKE_SPECS,
    ConfirmForm,
    DealForm,
    EndGameForm,
    NewGameForm,
    attach_errors,
    clean_key,
    deal_form,
    fill_game_defaults,
    game_variant,
    move_player,
    new_game_error_fields,
    number_or_text,
    option_fields,
    start_request,
)
from scorekeeper.web.presenters import board, card_buttons, entry_text, page_locale, when

bp = Blueprint("table", __name__)
limit_writes(bp)

# Edit tokens this phone holds; the oldest are forgotten past this many games.
REMEMBERED_GAMES = 30


bp.add_app_template_filter(entry_text)
bp.add_app_template_filter(when)


@bp.get("/")
def home():
    return render_template("home.html")


# ---------------------------------------------------------------- edit tokens in the session


def held_token(public_id: str) -> str | None:
    tokens = session.get("edit")
    return tokens.get(public_id) if isinstance(tokens, dict) else None


def remember_token(public_id: str, token: str) -> None:
    tokens = dict(session.get("edit") or {})
    tokens.pop(public_id, None)
    tokens[public_id] = token
    session["edit"] = dict(list(tokens.items())[-REMEMBERED_GAMES:])
    session.permanent = True


def forget_token(public_id: str) -> None:
    tokens = dict(session.get("edit") or {})
    if tokens.pop(public_id, None) is not None:
        session["edit"] = tokens


def load(public_id: str) -> tuple[GameView, str | None]:
    """The game, and the edit token if this phone holds a valid one."""
    token = held_token(public_id)
    if token:
        try:
            return services.check_edit_token(unit_of_work(), public_id, token), token
        except services.TokenInvalid:
            forget_token(public_id)  # the token was replaced: this phone may only read now
    return services.load_game(unit_of_work(), public_id), None


def editable(public_id: str) -> tuple[GameView, str]:
    """The game and this phone's edit token; 403 for a phone that only holds the view link."""
    if not held_token(public_id):
        abort(403)  # before loading anything: a read-only phone gets no further
    view, token = load(public_id)
    if token is None:
        abort(403)
    return view, token


@bp.errorhandler(services.GameNotFound)
@bp.errorhandler(services.DealNotFound)
def not_found(error: services.ServiceError):
    return render_template("error.html", code=404, message=error.detail), 404


@bp.errorhandler(services.TokenMissing)
@bp.errorhandler(services.TokenInvalid)
def forbidden(error: services.ServiceError):
    return error_page(403)


ERROR_MESSAGES = {
    400: "The form was out of date or incomplete. Go back, reload the page and try again.",
    403: "This phone can only look at this game. To record deals, open the game's edit "
    "link (ask whoever started the game to share it).",
    404: "There is nothing here. Check the link, or start a new game.",
    405: "That page cannot be used that way.",
    413: "That was far too much to send.",
    429: "Too many changes in a short time. Wait a moment and try again.",
}


def error_page(code: int):
    message = ERROR_MESSAGES.get(code, "Something went wrong.")
    return render_template("error.html", code=code, message=message), code


@bp.errorhandler(HTTPException)
def http_error(error: HTTPException):
    # Also catches CSRF failures and oversized bodies on these pages.
    return error_page(error.code or 500)


# ---------------------------------------------------------------- a new game


@bp.route("/games/new", methods=["GET", "POST"])
def new_game():
    form = NewGameForm()
    if request.method != "POST":
        fill_game_defaults(form, form.game.data)
        return render_new_game(form)
    action = request.form.get("act", "start")
    if form.game.data not in GAMES:
        form.game.data = form.shown.data if form.shown.data in GAMES else form.game.default
    if action != "start":
        # The no-JS path: change the seats or the game, then show the form again.
        if form.shown.data != form.game.data:
            fill_game_defaults(form, form.game.data)
        move_player(form, action)
        return render_new_game(form)
    arguments, slots = start_request(form)
    try:
        started = services.start_game(unit_of_work(), **arguments)
    except services.InvalidInput as error:
        left = attach_errors(new_game_error_fields(form, slots), error.errors)
        return render_new_game(form, detail=error.detail, left=left), 422
    public_id = started.game.public_id
    return redirect(url_for(".edit_link", public_id=public_id, token=started.edit_token), 303)


def render_new_game(form: NewGameForm, **context: Any):
    variant = game_variant(form.game.data)
    rules_open = any(field.errors for field, _spec in option_fields(form, variant))
    stakes_open = form.stakes_on.data or any(form[name].errors for name in STAKE_SPECS)
    return render_template(
        "new_game.html",
        form=form,
        games=GAMES,
        variant=variant,
        variants=scoring.VARIANTS.values(),
        option_fields=option_fields,
        rules_open=rules_open,
        stakes_open=stakes_open,
        **context,
    )


@bp.get("/games/<public_id>/edit/<token>")
# Counts failed checks only (guessing): the phones of a whole club share one address.
@limiter.limit(
    lambda: current_app.config["RATELIMIT_LOGIN"], deduct_when=lambda r: r.status_code >= 400
)
def edit_link(public_id: str, token: str):
    """The edit link: keep the token in this phone's session, then drop it from the URL."""
    view = services.check_edit_token(unit_of_work(), public_id, token)
    remember_token(public_id, token)
    if not view.entries:
        flash("Game started. Share it from “Share” so other phones can follow or record.")
    return redirect(url_for(".game", public_id=public_id), 303)


# ---------------------------------------------------------------- the game page


@bp.get("/games/<public_id>")
def game(public_id: str):
    view, token = load(public_id)
    form = next_deal_form(view) if token else None
    return render_game(view, token, form)


def next_deal_form(view: GameView, **kwargs: Any) -> DealForm | None:
    next_deal = view.state.next_deal
    if next_deal is None:
        return None
    taking_part = next_deal.get("players") or next_deal.get("tiebreak")
    return deal_form(view.setup, number=next_deal["number"], taking_part=taking_part, **kwargs)


def render_game(
    view: GameView,
    token: str | None,
    form: DealForm | None,
    *,
    left: dict[str, str] | None = None,
    notice: str | None = None,
):
    next_deal = view.state.next_deal
    cards = card_buttons(view.setup, next_deal["wild"]) if form and next_deal else None
    offer_form = None
    # The one-tap offer adds the points to the last deal: none before deal 1.
    if token and view.state.press_offer and view.entries:
        offer_form = ConfirmForm(formdata=None, data={"number": len(view.entries)})
    return render_template(
        "game.html",
        view=view,
        b=board(view, page_locale()),
        form=form,
        editable=token is not None,
        offer_form=offer_form,
        cards=cards,
        left=left or {},
        notice=notice,
    )


@bp.post("/games/<public_id>/deals")
def record(public_id: str):
    view, token = editable(public_id)
    form = next_deal_form(view, formdata=request.form) or deal_form(
        view.setup, number=len(view.entries) + 1, formdata=request.form
    )
    try:
        services.record_deal(
            unit_of_work(),
            public_id,
            token,
            form.entry(),
            idempotency_key=clean_key(form.key.data),
        )
    except services.InvalidInput as error:
        left = form.show_errors(error.errors)
        return render_game(view, token, form, left=left, notice=error.detail), 422
    except services.Conflict as error:
        notice = error.detail
        if "number" in error.errors:
            notice = (
                f"{error.detail} Another phone recorded it first, so nothing was stored: "
                "here is the score now."
            )
        return render_game(error.game, token, next_deal_form(error.game), notice=notice), 409
    except services.IdempotencyKeyReused:
        fresh = services.load_game(unit_of_work(), public_id)
        notice = "This form was already sent with other values; nothing new was stored."
        return render_game(fresh, token, next_deal_form(fresh), notice=notice), 409
    return redirect(url_for(".game", public_id=public_id), 303)


@bp.post("/games/<public_id>/press")
def take_press(public_id: str):
    """Take the Press offer: the trailing player's points go on the last deal."""
    view, token = editable(public_id)
    form = ConfirmForm()
    offer = view.state.press_offer
    number = len(view.entries)
    if offer is None or number == 0 or number_or_text(form.number.data) != number:
        flash("The game changed on another phone; check the Press again.")
        return redirect(url_for(".game", public_id=public_id), 303)
    entry = dict(view.entries[-1])
    press_points = dict(entry.get("press_points") or {})
    press_points[offer["player"]] = press_points.get(offer["player"], 0) + offer["points"]
    entry["press_points"] = press_points
    try:
        services.correct_deal(unit_of_work(), public_id, token, number, entry)
    except services.InvalidInput as error:
        flash(error.detail)
    else:
        flash(f"{offer['player']} took {offer['points']}: the Press is on for the next deal.")
    return redirect(url_for(".game", public_id=public_id), 303)


# ---------------------------------------------------------------- fixing mistakes


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
    except services.InvalidInput as error:
        left = form.show_errors(error.errors)
        return render_edit(view, form, deal, left=left, detail=error.detail), 422
    flash(f"Deal {number} corrected.")
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
        except services.Conflict as error:
            flash(error.detail)
        else:
            flash(f"Deal {number} was undone. Its entry is kept in the history.")
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
            "The game is already over."
            if not view.state.ended_early
            else "The game was already ended."
        )
        return redirect(url_for(".game", public_id=public_id), 303)
    if request.method == "POST":
        try:
            services.end_game(unit_of_work(), public_id, token, split=bool(form.split.data))
        except services.InvalidInput as error:
            left = attach_errors({"split": form.split}, error.errors)
            return render_end(view, form, left=left, detail=error.detail), 422
        except services.Conflict as error:
            flash(error.detail)
        else:
            flash("The game was ended here. Reopen it to play on.")
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
    except services.Conflict as error:
        flash(error.detail)
    else:
        flash("The game is open again: record the next deal.")
    return redirect(url_for(".game", public_id=public_id), 303)


@bp.get("/games/<public_id>/history")
def history(public_id: str):
    uow = unit_of_work()
    view = services.load_game(uow, public_id)
    return render_template("history.html", view=view, history=services.deal_history(uow, public_id))


# ---------------------------------------------------------------- sharing and watching


def qr_svg(url: str) -> str:
    # Colours as attributes, no style attribute: fine under our CSP.
    return segno.make(url, error="m").svg_inline(
        dark="#000", light="#fff", svgclass="qr", omitsize=True
    )


@bp.get("/games/<public_id>/share")
def share(public_id: str):
    view, token = load(public_id)
    shared = [("Follow the score (read only)", links.view_url(public_id))]
    if token:
        shared.append(
            ("Record deals (edit link: share only with players)", links.edit_url(public_id, token))
        )
    return render_template(
        "share.html",
        view=view,
        shared=[(label, url, qr_svg(url)) for label, url in shared],
        sheet=links.sheet_url(public_id),
    )


@bp.get("/games/<public_id>/scoreboard")
def scoreboard(public_id: str):
    """The scoreboard fragment the view pages poll; 304 while the game is unchanged."""
    version = services.current_version(unit_of_work(), public_id)
    if request.if_none_match.contains(f"v{version}"):
        response = current_app.response_class(status=304)
    else:
        view = services.load_game(unit_of_work(), public_id)
        version = view.version
        response = current_app.make_response(
            render_template("_board.html", b=board(view, page_locale()), editable=False)
        )
    response.set_etag(f"v{version}")
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/games/<public_id>/table")
def table_view(public_id: str):
    view = services.load_game(unit_of_work(), public_id)
    return render_template("table.html", view=view, b=board(view, page_locale()))
