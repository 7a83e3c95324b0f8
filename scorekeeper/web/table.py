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
    get_template_attribute,
    jsonify,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from werkzeug.datastructures import MultiDict
from werkzeug.exceptions import HTTPException

from scorekeeper import scoring
from scorekeeper.extensions import limit_writes, limiter
from scorekeeper.service_layer import services
from scorekeeper.service_layer.errors import (
    Conflict,
    DealNotFound,
    GameNotFound,
    IdempotencyKeyReused,
    InvalidInput,
    ServiceError,
    TokenInvalid,
    TokenMissing,
)
from scorekeeper.service_layer.results import GameView
from scorekeeper.service_layer.unit_of_work import UnitOfWork
from scorekeeper.translate import translate
from scorekeeper.web import links, push, unit_of_work
from scorekeeper.web.forms import (
    GAMES,
    MAX_PLAYERS,
    STAKE_SPECS,
    ConfirmForm,
    DealForm,
    EndGameForm,
    LanguageForm,
    NewGameForm,
    attach_errors,
    clean_key,
    deal_form,
    fill_game_defaults,
    game_variant,
    move_player,
    new_game_error_fields,
    new_key,
    number_or_text,
    option_fields,
    start_request,
    usual_mode,
)
from scorekeeper.web.i18n import LANGUAGES, speak
from scorekeeper.web.presenters import (
    board,
    card_buttons,
    chart,
    deal_script_words,
    deals_ahead,
    end_rule,
    entry_text,
    game_name,
    new_game_script_words,
    page_locale,
    standing_text,
    when,
)

bp = Blueprint("table", __name__)
limit_writes(bp)

# Edit tokens this phone holds; the oldest are forgotten past this many games.
REMEMBERED_GAMES = 30


bp.add_app_template_filter(entry_text)
bp.add_app_template_filter(when)
bp.add_app_template_global(standing_text)
bp.add_app_template_global(game_name)
bp.add_app_template_global(chart)
bp.add_app_template_global(deal_script_words)
bp.add_app_template_global(new_game_script_words)


@bp.get("/")
def home():
    return render_template("home.html")


@bp.get("/sw.js")
def service_worker():
    """The service worker, from the site's root so that it may keep every page."""
    response = current_app.send_static_file("sw.js")
    response.headers["Cache-Control"] = "no-cache"  # a new version is found at once
    return response


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
        except TokenInvalid:
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


@bp.errorhandler(GameNotFound)
@bp.errorhandler(DealNotFound)
def not_found(error: ServiceError):
    return render_template("error.html", code=404, message=translate(error.detail)), 404


@bp.errorhandler(TokenMissing)
@bp.errorhandler(TokenInvalid)
def forbidden(error: ServiceError):
    return error_page(403)


ERROR_MESSAGES = {
    400: _l("The form was out of date or incomplete. Go back, reload the page and try again."),
    403: _l(
        "This phone can only look at this game. To record deals, open the game's edit "
        "link (ask whoever started the game to share it)."
    ),
    404: _l("There is nothing here. Check the link, or start a new game."),
    405: _l("That page cannot be used that way."),
    413: _l("That was far too much to send."),
    429: _l("Too many changes in a short time. Wait a moment and try again."),
}


def error_page(code: int):
    message = ERROR_MESSAGES.get(code, _l("Something went wrong."))
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
        seats = len(form.players)
        move_player(form, action)
        if action == "add" and len(form.players) == seats:
            return render_new_game(
                form, full=_("%(number)s players is the most a game can have.", number=seats)
            )
        return render_new_game(form)
    arguments, slots = start_request(form)
    try:
        started = services.start_game(unit_of_work(), **arguments)
    except InvalidInput as error:
        left = attach_errors(new_game_error_fields(form, slots), error.errors)
        return render_new_game(form, detail=translate(error.detail), left=left), 422
    public_id = started.game.public_id
    return redirect(url_for(".edit_link", public_id=public_id, token=started.edit_token), 303)


@bp.get("/games/new/rules")
def house_rules():
    """The chosen game's house rules alone, as the new-game page shows them: its script
    swaps them in when the game changes, so the page carries only one game's."""
    game = request.args.get("game", "")
    if game not in GAMES:
        abort(404)
    form = NewGameForm()
    fill_game_defaults(form, game)
    variant = scoring.get_variant(game_variant(game))
    fieldset = get_template_attribute("_forms.html", "house_rules")
    return fieldset(variant, option_fields(form, variant.id))


def render_new_game(form: NewGameForm, **context: Any):
    # Only the house rules of the game chosen: the others come when it changes.
    variant = scoring.get_variant(game_variant(form.game.data))
    rules_open = any(field.errors for field, _spec in option_fields(form, variant.id))
    stakes_open = form.stakes_on.data or any(form[name].errors for name in STAKE_SPECS)
    return render_template(
        "new_game.html",
        form=form,
        games=GAMES,
        variant=variant,
        most_players={v.id: min(v.max_players, MAX_PLAYERS) for v in scoring.VARIANTS.values()},
        partnerships={v.id for v in scoring.VARIANTS.values() if v.partnership},
        option_fields=option_fields,
        usual_mode=usual_mode,
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
        flash(_("Game started. Share it from “Share” so other phones can follow or record."))
    return redirect(url_for(".game", public_id=public_id), 303)


# ---------------------------------------------------------------- the game page


@bp.get("/games/<public_id>")
def game(public_id: str):
    view, token = load(public_id)
    if token is None:
        speak(view.language)  # the shared view speaks the table's language
        return render_game(view, None, None)
    retry = taken(RETRY, public_id)
    if retry is None:
        return render_game(view, token, next_deal_form(view), **just_done(view))
    form = next_deal_form(view, formdata=MultiDict(retry["form"]))
    left = form.show_errors(retry["errors"]) if form else {}
    for name in retry.get("heard", ()) if form else ():  # filled from words said (web/say.py)
        if name in form:
            form[name].render_kw = {**(form[name].render_kw or {}), "class": "heard"}
    return render_game(view, token, form, left=left, notice=retry["notice"], said=retry.get("said"))


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
    view: GameView,
    token: str | None,
    form: DealForm | None,
    *,
    left: dict[str, str] | None = None,
    notice: str | None = None,
    saved: int | None = None,
    pressed: dict[str, Any] | None = None,
    undo_form: ConfirmForm | None = None,
    said: str | None = None,
):
    next_deal = view.state.next_deal
    cards = card_buttons(view.setup, next_deal["wild"]) if form and next_deal else None
    ahead = None
    if form and next_deal:
        ahead = deals_ahead(view.setup, next_deal["number"], end_rule(view.setup)[0])
    offer_form = None
    again_form = ConfirmForm(formdata=None) if token and view.state.finished else None
    # The offer adds the points to the last deal: none before deal 1.
    if token and view.state.press_offer and view.entries:
        offer_form = ConfirmForm(formdata=None, data={"number": len(view.entries)})
    from scorekeeper.web import circles  # the circle pages build on this module

    circle = circles.circle_of(view.public_id)
    return render_template(
        "game.html",
        view=view,
        circle=circle,
        joinable=circles.joinable_circles(view.public_id) if token and circle is None else [],
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


@bp.post("/games/<public_id>/deals")
def record(public_id: str):
    view, token = editable(public_id)
    form = next_deal_form(view, formdata=request.form) or deal_form(
        view.setup, number=len(view.entries) + 1, formdata=request.form
    )
    typed = number_or_text(form.number.data)
    entry = form.entry()
    try:
        recorded = services.record_deal(
            unit_of_work(), public_id, token, entry, idempotency_key=clean_key(form.key.data)
        )
    except InvalidInput as error:
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
    except Conflict as error:
        fresh = error.game
        if "number" in error.errors and same_deal(fresh, typed, entry):
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
        return retry_later(public_id, form, {}, notice, number=str(number), key=new_key())
    except IdempotencyKeyReused:
        message = _("This form was already sent with other values; nothing new was stored.")
        return refused_for_good(public_id, message)
    return saved(public_id, typed if isinstance(typed, int) else len(recorded.game.entries))


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
    form = ConfirmForm()
    offer = view.state.press_offer
    number = len(view.entries)
    if offer is None or number == 0 or number_or_text(form.number.data) != number:
        flash(_("The game changed on another phone; check the Press again."))
        return redirect(url_for(".game", public_id=public_id), 303)
    entry = dict(view.entries[-1])
    press_points = dict(entry.get("press_points") or {})
    press_points[offer["player"]] = press_points.get(offer["player"], 0) + offer["points"]
    entry["press_points"] = press_points
    try:
        services.correct_deal(unit_of_work(), public_id, token, number, entry)
    except InvalidInput as error:
        flash(translate(error.detail))
    else:
        session[PRESSED] = {"game": public_id, "number": number, **offer}
    return redirect(url_for(".game", public_id=public_id), 303)


@bp.post("/games/<public_id>/press/undo")
def untake_press(public_id: str):
    """Undo the Press just taken: its points come off the last deal again."""
    view, token = editable(public_id)
    form = ConfirmForm()
    number = len(view.entries)
    player = request.form.get("player", "")
    points = number_or_text(request.form.get("points"))
    entry = dict(view.entries[-1]) if view.entries else {}
    press_points = dict(entry.get("press_points") or {})
    has = press_points.get(player, 0)
    if number_or_text(form.number.data) != number or not isinstance(points, int) or has < points:
        flash(_("The game changed on another phone; the Press was left as it is."))
        return redirect(url_for(".game", public_id=public_id), 303)
    if has == points:
        del press_points[player]
    else:
        press_points[player] = has - points
    if press_points:
        entry["press_points"] = press_points
    else:
        entry.pop("press_points", None)
    services.correct_deal(unit_of_work(), public_id, token, number, entry)
    flash(
        _(
            "%(player)s did not take the Press after all: the %(points)s points are off again.",
            player=player,
            points=points,
        )
    )
    return redirect(url_for(".game", public_id=public_id), 303)


def next_first_dealer(setup: scoring.Setup) -> str:
    """Who deals first in the next game: the one after this game's first dealer. Where
    partners are seated the deal passes seat by seat, so the dealer is a seat."""
    dealers = list(setup.seats or setup.players)
    return dealers[(dealers.index(setup.first_dealer) + 1) % len(dealers)]


@bp.post("/games/<public_id>/again")
def play_again(public_id: str):
    """A new game like this finished one: same players, game, house rules and stakes;
    the deal passes to the next player. This phone holds the new game's edit token."""
    view, _token = editable(public_id)
    if not view.state.finished:
        flash(_("This game is not over yet."))
        return redirect(url_for(".game", public_id=public_id), 303)
    setup = view.setup
    from scorekeeper.web import circles

    in_circle = circles.play_again_in_circle(view, next_first_dealer(setup))
    if in_circle is not None:
        return in_circle
    started = services.start_game(
        unit_of_work(),
        players=list(setup.players),
        variant=setup.variant,
        preset=setup.preset,
        options=dict(setup.options),
        first_dealer=next_first_dealer(setup),
        seats=list(setup.seats) if setup.seats else None,
        stakes=dict(setup.stakes) if setup.stakes else None,
        title=view.title,
        language=view.language,
    )
    new_id = started.game.public_id
    return redirect(url_for(".edit_link", public_id=new_id, token=started.edit_token), 303)


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


# ---------------------------------------------------------------- sharing and watching


def qr_svg(url: str) -> str:
    # Colours as attributes, no style attribute: fine under our CSP.
    return segno.make(url, error="m").svg_inline(
        dark="#000", light="#fff", svgclass="qr", omitsize=True
    )


@bp.get("/games/<public_id>/share")
def share(public_id: str):
    view, token = load(public_id)
    shared = [(_("Follow the score (read only)"), links.view_url(public_id))]
    if token:
        shared.append(
            (
                _("Record deals (edit link: share only with players)"),
                links.edit_url(public_id, token),
            )
        )
    language_form = None
    if token:
        language_form = LanguageForm(formdata=None, data={"language": view.language})
    return render_template(
        "share.html",
        view=view,
        language_form=language_form,
        shared=[(label, url, qr_svg(url)) for label, url in shared],
        sheet=links.sheet_url(public_id),
    )


@bp.post("/games/<public_id>/language")
def change_language(public_id: str):
    """The game's own language, for its sheet and shared view (editors only)."""
    _view, token = editable(public_id)
    language = LanguageForm().language.data
    if language in LANGUAGES:
        services.set_language(unit_of_work(), public_id, token, language)
        flash(
            _("The sheet and the view link now speak %(language)s.", language=LANGUAGES[language])
        )
    return redirect(url_for(".share", public_id=public_id), 303)


@bp.get("/games/<public_id>/scoreboard")
def scoreboard(public_id: str):
    """The scoreboard fragment the view pages poll; 304 while the game is unchanged."""
    version = services.current_version(unit_of_work(), public_id)
    if request.if_none_match.contains_weak(f"v{version}"):
        response = current_app.response_class(status=304)
    else:
        view = services.load_game(unit_of_work(), public_id)
        speak(view.language)
        version = view.version
        response = current_app.make_response(
            render_template("_board.html", b=board(view, page_locale()), editable=False)
        )
    # Weak: the same version gzipped or not (Flask-Compress keeps a weak ETag as it is).
    response.set_etag(f"v{version}", weak=True)
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/games/<public_id>/events")
def events(public_id: str):
    """Server-sent events: a ``version`` event each time the game changes (see push)."""
    version = services.current_version(unit_of_work(), public_id)
    # The page's own version: a change made before the stream opened (the phone was
    # offline, the stream was opening again) is said at once.
    version = request.args.get("since", version, type=int)
    open_streams = push.streams(current_app)
    if not open_streams.take(current_app.config["PUSH_STREAMS"]):
        return current_app.response_class(status=204)  # all threads this may use are busy
    database = current_app.extensions["scorekeeper.db"]
    push.listen(database.engine)

    # The stream outlives the request: it reaches the database without the app context.
    def version_now() -> int:
        return services.current_version(UnitOfWork(database.session_factory), public_id)

    look_every = push.LOOK_EVERY[database.engine.dialect.name]
    body = push.stream(public_id, version, version_now, look_every)
    response = current_app.response_class(body, mimetype="text/event-stream")
    response.call_on_close(open_streams.give_back)
    response.headers["Cache-Control"] = "no-cache"
    response.headers["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return response


@bp.get("/games/<public_id>/table")
def table_view(public_id: str):
    view = services.load_game(unit_of_work(), public_id)
    speak(view.language)
    return render_template("table.html", view=view, b=board(view, page_locale()))
