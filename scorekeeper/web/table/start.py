"""Starting a game at the table: the new-game page, its house rules, the edit link that
hands this phone the game, and "play again" after a finished game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from flask import (
    abort,
    current_app,
    flash,
    get_template_attribute,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _

from scorekeeper import scoring
from scorekeeper.extensions import limiter
from scorekeeper.service_layer import services
from scorekeeper.service_layer.errors import InvalidInput
from scorekeeper.service_layer.results import StartedGame
from scorekeeper.translate import translate
from scorekeeper.web.common.db import unit_of_work
from scorekeeper.web.table.blueprint import bp, editable, remember_token
from scorekeeper.web.table.forms import (
    GAMES,
    MAX_PLAYERS,
    STAKE_SPECS,
    NewGameForm,
    attach_errors,
    fill_game_defaults,
    game_variant,
    move_player,
    new_game_error_fields,
    option_fields,
    start_request,
    usual_mode,
)
from scorekeeper.web.table.in_circle import play_again_in_circle


@bp.route("/games/new", methods=["GET", "POST"])
def new_game():
    return new_game_page(lambda arguments: services.start_game(unit_of_work(), **arguments))


def new_game_page(
    start: Callable[[dict[str, Any]], StartedGame],
    *,
    members: Sequence[str] = (),
    defaults: Callable[[NewGameForm], None] | None = None,
    **context: Any,
):
    """The new-game page and its form, wherever a game starts: ``start`` takes the
    services.start_game arguments (a circle starts it in the circle). ``members``: the
    circle's, offered as players (a tap seats one); ``defaults`` fills a first form."""
    form = NewGameForm()
    context["members"] = members
    if request.method != "POST":
        fill_game_defaults(form, form.game.data)
        if defaults is not None:
            defaults(form)
        return render_new_game(form, **context)
    action = request.form.get("act", "start")
    if form.game.data not in GAMES:
        form.game.data = form.shown.data if form.shown.data in GAMES else form.game.default
    if action != "start":
        # The no-JS path: change the seats or the game, then show the form again.
        if form.shown.data != form.game.data:
            fill_game_defaults(form, form.game.data)
        seats = len(form.players)
        if action.startswith("member:"):
            seat_member(form, action.removeprefix("member:"), members)
        else:
            move_player(form, action)
        if action == "add" and len(form.players) == seats:
            return render_new_game(
                form,
                full=_("%(number)s players is the most a game can have.", number=seats),
                **context,
            )
        return render_new_game(form, **context)
    arguments, slots = start_request(form)
    try:
        started = start(arguments)
    except InvalidInput as error:
        left = attach_errors(new_game_error_fields(form, slots), error.errors)
        return render_new_game(form, detail=translate(error.detail), left=left, **context), 422
    public_id = started.game.public_id
    return redirect(url_for("table.edit_link", public_id=public_id, token=started.edit_token), 303)


def seat_member(form: NewGameForm, name: str, members: Sequence[str]) -> None:
    """A member tapped (no script): into the first empty seat, else a new one; a name
    already seated, or not a member, changes nothing."""
    if name not in members:
        return
    if any((entry.data or "").strip().casefold() == name.casefold() for entry in form.players):
        return
    for entry in form.players:
        if not (entry.data or "").strip():
            entry.data = name
            return
    if len(form.players) < MAX_PLAYERS:
        form.players.append_entry(name)


@bp.get("/games/new/rules")
def house_rules():
    """The chosen game's house rules alone, as the new-game page shows them, carrying the
    game's description: its script swaps them in when the game changes, so the page
    carries only one game's rules and description."""
    game = request.args.get("game", "")
    if game not in GAMES:
        abort(404)
    form = NewGameForm()
    fill_game_defaults(form, game)
    variant = scoring.get_variant(game_variant(game))
    fieldset = get_template_attribute("_forms.html", "house_rules")
    return fieldset(variant, option_fields(form, variant.id), desc=translate(GAMES[game][1]))


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
        # The seats section names the games it is for, as the registry declares them.
        partnership_names=", ".join(
            translate(v.name) for v in scoring.VARIANTS.values() if v.partnership
        ),
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
    in_circle = play_again_in_circle(view, next_first_dealer(setup))
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
