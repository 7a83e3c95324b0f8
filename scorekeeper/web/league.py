"""League pages: organizer accounts (/account) and leagues (/leagues).

Every organizer-only page is checked in the league use cases, on the server:
a logged-out visitor is sent to log in, another league's organizer gets 403,
and an unpublished league's public pages answer 404 to everyone but its organizers.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from datetime import date
from functools import wraps
from typing import Any
from urllib.parse import urlsplit

from flask import (
    Blueprint,
    Flask,
    Response,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    url_for,
)
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_babel import ngettext
from flask_limiter.util import get_remote_address
from flask_login import current_user, login_required, login_user, logout_user
from werkzeug.exceptions import BadRequest, HTTPException
from werkzeug.routing import IntegerConverter

from scorekeeper import scoring
from scorekeeper.extensions import limit_writes, limiter
from scorekeeper.league import auth, seating, transfer
from scorekeeper.league import services as league
from scorekeeper.league import standings as league_standings
from scorekeeper.service_layer import services
from scorekeeper.service_layer.errors import GameNotFound, InvalidInput, ServiceError
from scorekeeper.translate import translate
from scorekeeper.web import links, unit_of_work
from scorekeeper.web.edge import safe_next
from scorekeeper.web.i18n import LANGUAGES, chosen_language, speak
from scorekeeper.web.presenters import printed_locale

bp = Blueprint("league", __name__)
bp.add_app_template_filter(transfer.readable_path, "file_path")
limit_writes(bp)


class RowId(IntegerConverter):
    """A row id in a URL: a larger number is no row (404), not an overflow in the database."""

    def __init__(self, map, *args, **kwargs):
        kwargs.setdefault("max", 2**31 - 1)
        super().__init__(map, *args, **kwargs)


def init_app(app: Flask) -> None:
    auth.init_app(app)
    app.url_map.converters["row_id"] = RowId
    app.register_blueprint(bp)
    # Before every other hook: CSRF protection reads the form, and with it the body.
    app.before_request_funcs.setdefault(None, []).insert(0, allow_a_season_file)


def allow_a_season_file() -> None:
    """A league export is far larger than the app-wide body limit allows any other request."""
    if request.endpoint == "league.import_file":
        request.max_content_length = current_app.config["LEAGUE_IMPORT_MAX_BYTES"]
        request.max_form_memory_size = current_app.config["LEAGUE_IMPORT_MAX_BYTES"]


def organizer_id() -> int | None:
    return current_user.id if current_user.is_authenticated else None


# ---------------------------------------------------------------- errors


@bp.errorhandler(league.LoginRequired)
def login_required_error(error: league.LoginRequired):
    flash(translate(error.detail))
    return redirect(url_for("league.login", next=request.full_path.rstrip("?")))


@bp.errorhandler(league.Forbidden)
def forbidden(error: league.Forbidden):
    return error_page(403, translate(error.detail))


@bp.errorhandler(league.NotFound)
@bp.errorhandler(GameNotFound)
def not_found(error: ServiceError):
    return error_page(404, translate(error.detail))


ERROR_TITLES = {403: _l("Organizers only"), 404: _l("Not found"), 413: _l("Too large")}
ERROR_MESSAGES = {
    400: _l("The form was out of date or incomplete. Go back, reload the page and try again."),
    404: _l("There is nothing here. Check the link."),
    405: _l("That page cannot be used that way."),
    413: _l("That was too much to send at once."),
    429: _l("Too many changes in a short time. Wait a moment and try again."),
}


def error_page(code: int, message: str):
    title = ERROR_TITLES.get(code) or _("Something went wrong")
    return render_template("league/error.html", code=code, title=title, message=message), code


@bp.errorhandler(HTTPException)
def http_error(error: HTTPException):
    """The league side's own page for CSRF failures, oversized bodies, unknown ids."""
    code = error.code or 500
    message = ERROR_MESSAGES.get(code) or _("Something went wrong.")
    if code == 413 and request.endpoint == "league.import_file":
        limit = current_app.config["LEAGUE_IMPORT_MAX_BYTES"] // 2**20
        message = _("An import file may be at most %(limit)s MB.", limit=limit)
    elif type(error) is BadRequest and error.description != BadRequest.description:
        message = error.description  # what was wrong with the text (a NUL ...), in words
    return error_page(code, message)


@bp.errorhandler(InvalidInput)
def invalid(error: InvalidInput):
    """A refused change: say why on the page it came from."""
    flash(translate(error.detail))
    for field, message in error.errors.items():
        if message not in error.detail:
            flash(f"{field.replace('_', ' ').replace('.', ' ')} {translate(message)}")
    return redirect(back_to(), 303)


def back_to() -> str:
    target = request.referrer or ""
    parts = urlsplit(target)
    if parts.netloc == request.host and parts.path.startswith("/"):
        return parts.path + (f"?{parts.query}" if parts.query else "")
    return url_for("league.leagues")


# ---------------------------------------------------------------- accounts


@bp.route("/account/signup", methods=["GET", "POST"])
@limiter.limit(lambda: current_app.config["RATELIMIT_LOGIN"], methods=["POST"])
def signup():
    errors: dict[str, str] = {}
    if request.method == "POST":
        form = request.form
        if form.get("password") != form.get("confirm"):
            errors["confirm"] = _("does not match the password")
        else:
            try:
                auth.create_organizer(
                    unit_of_work(),
                    email=form.get("email"),
                    name=form.get("name"),
                    password=form.get("password"),
                )
            except auth.EmailTaken:
                pass  # answered as a new account is: a signup never tells who has one
            except InvalidInput as exc:
                errors = exc.errors
            if not errors:
                flash(_("If that address had no account, it has one now: log in with it."))
                return redirect(url_for("league.login"), 303)
    status = 422 if errors else 200
    return render_template("league/signup.html", errors=errors, form=request.form), status


def login_key() -> str:
    """The address and the account it logs in to: wrong guesses at one account from a
    club's shared address do not refuse another member's right password."""
    email = request.form.get("email", "")
    return f"{get_remote_address()} {email.strip().lower()[:254]}"


def login_failed(response: Response) -> bool:
    return response.status_code == 401


@bp.route("/account/login", methods=["GET", "POST"])
@limiter.limit(
    lambda: current_app.config["RATELIMIT_LOGIN"],
    methods=["POST"],
    key_func=login_key,
    deduct_when=login_failed,
)
@limiter.limit(
    lambda: current_app.config["RATELIMIT_LOGIN_ADDRESS"],
    methods=["POST"],
    deduct_when=login_failed,
)
def login():
    failed = False
    if request.method == "POST":
        organizer = auth.authenticate(
            unit_of_work(), request.form.get("email"), request.form.get("password")
        )
        if organizer is not None:
            login_user(organizer)
            return redirect(safe_next(request.args.get("next"), url_for("league.leagues")), 303)
        failed = True
    status = 401 if failed else 200
    return render_template("league/login.html", failed=failed, form=request.form), status


@bp.post("/account/logout")
def logout():
    # The session keeps this phone's game edit tokens; only the login goes.
    logout_user()
    return redirect(url_for("table.home"), 303)


@bp.route("/account/password", methods=["GET", "POST"])
@login_required
def change_password():
    errors: dict[str, str] = {}
    if request.method == "POST":
        form = request.form
        if form.get("new_password") != form.get("confirm"):
            errors["confirm"] = _("does not match the new password")
        else:
            try:
                account = auth.change_password(
                    unit_of_work(),
                    current_user.id,
                    form.get("current_password"),
                    form.get("new_password"),
                )
            except InvalidInput as exc:
                errors = exc.errors
            else:
                login_user(account)  # this session goes on; every other one has ended
                flash(_("Your password was changed."))
                return redirect(url_for("league.leagues"), 303)
    status = 422 if errors else 200
    return render_template("league/password.html", errors=errors), status


# ---------------------------------------------------------------- leagues


@bp.get("/leagues/")
@login_required
def leagues():
    return render_template(
        "league/leagues.html", leagues=league.leagues_of(unit_of_work(), current_user.id)
    )


def rules_from_form(form) -> league.Rules:
    """House rules from the form: a preset or a variant, ``name = value`` options, stakes.

    The league's name is checked with them, so one refusal names every wrong field.
    """
    options: dict[str, Any] = {}
    errors: dict[str, str] = {}
    league_name = form.get("name", "")
    if not league_name.strip() or len(league_name.strip()) > 80:
        errors["name"] = _("must be 1 to 80 characters")
    for number, line in enumerate(form.get("options", "").splitlines(), 1):
        if not line.strip():
            continue
        name, sep, raw = line.partition("=")
        if not sep or not name.strip():
            errors["options"] = _("line %(number)s must read name = value", number=number)
            continue
        options[name.strip()] = parse_value(raw.strip(), "options", errors)
    stakes = None
    if form.get("cents_per_point", "").strip():
        stakes = {
            "cents_per_point": parse_value(
                form.get("cents_per_point", "").strip(), "stakes.cents_per_point", errors
            ),
            "round_to": parse_value(
                form.get("round_to", "5").strip() or "5", "stakes.round_to", errors
            ),
            "mode": form.get("mode") or "pairs",
            "currency": (form.get("currency") or "USD").strip().upper(),
        }
    table_size = parse_value(form.get("table_size", "").strip(), "table_size", errors)
    try:
        rules = league.check_rules(
            preset=form.get("preset") or None,
            variant=form.get("variant") or None,
            options=options,
            stakes=stakes,
            table_size=table_size,
        )
    except InvalidInput as refused:
        errors = {**refused.errors, **errors}
    if errors:
        raise InvalidInput(_("These house rules cannot be used."), errors)
    return rules


# Option values are words, numbers and short lists; deeper is refused before parsing.
OPTION_DEPTH = 4


def parse_value(raw: str, field: str, errors: dict[str, str]) -> Any:
    """JSON where it reads as JSON (true, 5, null), else the text itself."""
    if not raw:
        return None
    try:
        return transfer.read_json(raw, max_depth=OPTION_DEPTH, field=field)
    except transfer.NotJson:
        return raw
    except InvalidInput as refused:
        errors.update(refused.errors)
        return None


def rules_values(rules: league.Rules, name: str, language: str | None) -> dict[str, str]:
    """Saved house rules (and the league's language) as the form's fields show them."""
    stakes = rules.stakes or {}
    return {
        "name": name,
        "language": language or chosen_language(),
        "preset": rules.preset or "",
        "variant": "" if rules.preset else rules.variant,
        "options": "".join(f"{k} = {json.dumps(v)}\n" for k, v in rules.options.items()),
        "table_size": str(rules.table_size),
        "cents_per_point": str(stakes.get("cents_per_point", "")),
        "round_to": str(stakes.get("round_to", 5)),
        "mode": stakes.get("mode", "pairs"),
        "currency": stakes.get("currency", "USD"),
    }


def rules_context() -> dict[str, Any]:
    return {
        "presets": [(name, preset.variant) for name, preset in scoring.PRESETS.items()],
        "variants": list(scoring.VARIANTS.values()),
        "table_sizes": league.table_sizes_said,
        "modes": ["pairs", "winner", "per_deal"],
        "languages": LANGUAGES,
    }


def keeps_input(render: Callable[..., Any], form_name: str):
    """On a refusal, ``render`` the page again with the message beside the fields, as typed."""

    def wrap(view):
        @wraps(view)
        def checked(**kwargs):
            try:
                return view(**kwargs)
            except InvalidInput as refused:
                page = render(failed=form_name, refused=refused, **kwargs)
                return page, 422

        return checked

    return wrap


def render_new_league(*, failed: str | None = None, refused=None):
    return render_template(
        "league/new.html",
        values=request.form if failed else {"table_size": "", "language": chosen_language()},
        refused=refused,
        **rules_context(),
    )


@bp.route("/leagues/new", methods=["GET", "POST"])
@login_required
@keeps_input(render_new_league, "rules")
def new_league():
    if request.form.get("act") == "show":
        return render_new_league(failed="rules")  # without JS: the chosen game's options
    if request.method == "POST":
        rules = rules_from_form(request.form)
        public_id = league.create_league(
            unit_of_work(),
            current_user.id,
            name=request.form.get("name"),
            rules=rules,
            language=request.form.get("language"),
        )
        return redirect(url_for("league.manage", public_id=public_id), 303)
    return render_new_league()


def typed_day(text: str) -> date | None:
    """A date as a form's date field sends it (2027-01-14); None for anything else."""
    try:
        return date.fromisoformat(text)
    except ValueError:
        return None


def render_manage(
    public_id: str,
    *,
    failed: str | None = None,
    refused=None,
    merge_plan=None,
    tick: str | None = None,
    **ids,
):
    view = league.league_view(unit_of_work(), public_id, organizer_id())
    if ids:
        failed = f"{failed}-{next(iter(ids.values()))}"
    retick = tick is not None
    tick = tick or request.args.get("tick")
    preticked: list[str] = []
    if tick is None or tick == "coming":
        # A night planned for the date chosen (today, at first) starts from its yes answers.
        held_on = request.form.get("held_on", "") if tick else ""
        day = typed_day(held_on) or date.today()
        preticked = [
            str(m) for m in league.coming_on(unit_of_work(), public_id, organizer_id(), day)
        ]
    elif tick == "all":
        preticked = [str(member.id) for member in view.members if member.active]
    elif tick == "last" and view.nights:
        last = view.nights[0]
        preticked = [str(seat.member_id) for table in last.tables for seat in table.seats]
        preticked += [str(member_id) for member_id, _ in last.byes]
    return render_template(
        "league/manage.html",
        league=view,
        methods=seating.METHODS,
        today=date.today(),
        failed=failed,
        refused=refused,
        errors=refused.errors if refused else {},
        form=request.form if failed else {},
        saved_rules=rules_values(view.rules, view.name, view.language),
        rank_by=league_standings.RANK_BY,
        bye_counts=league_standings.BYE_COUNTS,
        preticked=preticked,
        retick=retick,
        merge_plan=merge_plan,
        schedule=league.schedule_of(unit_of_work(), public_id, organizer_id()),
        time_zone=league.time_zone_of(unit_of_work(), public_id, organizer_id()),
        turnout=league.turnout(unit_of_work(), public_id, organizer_id()),
        **rules_context(),
    )


@bp.get("/leagues/<public_id>")
def manage(public_id: str):
    return render_manage(public_id)


@bp.post("/leagues/<public_id>/rules")
@keeps_input(render_manage, "rules")
def update_rules(public_id: str):
    if request.form.get("act") == "show":
        return render_manage(public_id, failed="rules")  # without JS: the chosen game's options
    rules = rules_from_form(request.form)
    league.update_rules(
        unit_of_work(),
        public_id,
        organizer_id(),
        name=request.form.get("name"),
        rules=rules,
        language=request.form.get("language"),
    )
    flash(_("The house rules were saved; they apply to nights seated from now on."))
    return redirect(url_for("league.manage", public_id=public_id), 303)


@bp.post("/leagues/<public_id>/ranking")
@keeps_input(render_manage, "ranking")
def ranking(public_id: str):
    form = request.form
    raw_min = form.get("min_games", "0").strip() or "0"
    league.set_ranking(
        unit_of_work(),
        public_id,
        organizer_id(),
        rank_by=form.get("rank_by"),
        min_games=int(raw_min) if raw_min.isdigit() and len(raw_min) < 6 else raw_min,
        bye_counts=form.get("bye_counts"),
        hide_money=form.get("hide_money") == "1",
    )
    flash(_("The ranking rules were saved."))
    return redirect(url_for("league.manage", public_id=public_id) + "#ranking", 303)


@bp.post("/leagues/<public_id>/schedule")
@keeps_input(render_manage, "schedule")
def plan_nights(public_id: str):
    form = request.form
    typed = ("first", "weeks", "starts_at", "time_zone", "capacity", "answer_days")
    plan = league.read_plan(
        form.get("dates", "").splitlines(), **{name: form.get(name, "") for name in typed}
    )
    league.plan_nights(
        unit_of_work(), public_id, organizer_id(), plan, form.get("note"), form.get("place")
    )
    flash(
        ngettext(
            "%(num)d night is in the schedule.",
            "%(num)d nights are in the schedule.",
            len(plan.dates),
        )
    )
    return redirect(url_for("league.manage", public_id=public_id) + "#schedule", 303)


@bp.post("/leagues/<public_id>/schedule/<row_id:planned_id>/remove")
def unplan_night(public_id: str, planned_id: int):
    league.unplan_night(unit_of_work(), public_id, organizer_id(), planned_id)
    return redirect(url_for("league.manage", public_id=public_id) + "#schedule", 303)


@bp.get("/leagues/<public_id>/schedule.ics")
def schedule_ics(public_id: str):
    """The season's planned nights for a calendar app (anyone, once the league is published)."""
    host = urlsplit(links.base_url()).netloc  # PUBLIC_BASE_URL's when set, never any Host
    body = league.calendar_feed(unit_of_work(), public_id, organizer_id(), host=host)
    response = Response(body, mimetype="text/calendar")
    response.headers["Content-Disposition"] = attachment("schedule.ics")
    return response


@bp.post("/leagues/<public_id>/publish")
def publish(public_id: str):
    published = request.form.get("published") == "1"
    league.set_published(unit_of_work(), public_id, organizer_id(), published)
    flash(_("The standings are public.") if published else _("The standings are private."))
    return redirect(url_for("league.manage", public_id=public_id), 303)


@bp.post("/leagues/<public_id>/members")
@keeps_input(render_manage, "members")
def add_members(public_id: str):
    names = [line for line in request.form.get("names", "").splitlines() if line.strip()]
    skipped: list[str] = []
    added = league.add_members(unit_of_work(), public_id, organizer_id(), names, skipped)
    if added:
        flash(ngettext("Added %(num)d member.", "Added %(num)d members.", len(added)))
    if skipped:
        flash(
            _(
                "Skipped, as members already (or typed twice): %(names)s",
                names=", ".join(skipped),
            )
        )
    return redirect(url_for("league.manage", public_id=public_id) + "#members", 303)


def form_int(name: str) -> int | None:
    raw = request.form.get(name, "")
    return int(raw) if raw.isdigit() and len(raw) < 12 else None


@bp.post("/leagues/<public_id>/members/<row_id:member_id>/rename")
@keeps_input(render_manage, "rename")
def rename_member(public_id: str, member_id: int):
    league.rename_member(
        unit_of_work(), public_id, organizer_id(), member_id, request.form.get("name")
    )
    return redirect(url_for("league.manage", public_id=public_id) + "#members", 303)


@bp.post("/leagues/<public_id>/members/<row_id:member_id>/active")
def set_member_active(public_id: str, member_id: int):
    active = request.form.get("active") == "1"
    league.set_active(unit_of_work(), public_id, organizer_id(), member_id, active)
    return redirect(url_for("league.manage", public_id=public_id) + "#members", 303)


@bp.post("/leagues/<public_id>/members/merge")
@keeps_input(render_manage, "merge")
def merge_members(public_id: str):
    source, target = form_int("source"), form_int("target")
    if request.form.get("confirm") != "1":
        plan = league.merge_plan(unit_of_work(), public_id, organizer_id(), source, target)
        return render_manage(public_id, failed="merge", merge_plan=plan)
    league.merge_members(unit_of_work(), public_id, organizer_id(), source, target)
    flash(_("The two members are one now."))
    return redirect(url_for("league.manage", public_id=public_id) + "#members", 303)


@bp.post("/leagues/<public_id>/organizers")
@keeps_input(render_manage, "organizers")
def add_organizer(public_id: str):
    invited = league.add_organizer(
        unit_of_work(), public_id, organizer_id(), request.form.get("email")
    )
    if invited.token is None:
        flash(_("%(email)s runs this league already.", email=invited.email))
    else:
        # The same answer for every other address: it never tells who has an account.
        flash(invitation_said(invited))
    return redirect(url_for("league.manage", public_id=public_id) + "#organizers", 303)


def invitation_url(token: str) -> str:
    return f"{links.base_url()}{url_for('league.invitation', token=token)}"


def invitation_said(invited: league.Invited) -> str:
    return _(
        "%(email)s is invited. Pass them this link (it is shown only now, and works once,"
        " for whoever opens it logged in): %(url)s",
        email=invited.email,
        url=invitation_url(invited.token),
    )


@bp.route("/account/invitations/<token>", methods=["GET", "POST"])
@login_required
def invitation(token: str):
    """A co-organizer invitation's one-time link: see what it is, then accept it."""
    if request.method == "POST":
        public_id = league.accept_invitation(unit_of_work(), current_user.id, token)
        flash(_("You are one of this league's organizers now."))
        return redirect(url_for("league.manage", public_id=public_id), 303)
    return render_template(
        "league/invitation.html", invitation=league.invitation(unit_of_work(), token)
    )


@bp.post("/leagues/<public_id>/invitations/<row_id:invitation_id>/withdraw")
def withdraw_invitation(public_id: str, invitation_id: int):
    league.withdraw_invitation(unit_of_work(), public_id, organizer_id(), invitation_id)
    return redirect(url_for("league.manage", public_id=public_id) + "#organizers", 303)


@bp.post("/leagues/<public_id>/organizers/<row_id:removed_id>/remove")
def remove_organizer(public_id: str, removed_id: int):
    league.remove_organizer(unit_of_work(), public_id, organizer_id(), removed_id)
    return redirect(url_for("league.manage", public_id=public_id) + "#organizers", 303)


# ---------------------------------------------------------------- nights


@bp.post("/leagues/<public_id>/nights")
@keeps_input(render_manage, "night")
def new_night(public_id: str):
    form = request.form
    if form.get("tick") in ("last", "all", "none", "coming"):
        # "same as last night", "everyone", "nobody", "who said yes": tick them, keeping
        # what was chosen.
        return render_manage(public_id, failed="night", tick=form["tick"])
    held_on = typed_day(form.get("held_on", ""))
    present = [int(raw) for raw in form.getlist("present") if raw.isdigit() and len(raw) < 12]
    night_id = league.create_night(
        unit_of_work(),
        public_id,
        organizer_id(),
        held_on=held_on,
        season=form.get("season", "").strip() or None,
        present=present,
        method=form.get("method"),
    )
    return redirect(url_for("league.night", public_id=public_id, night_id=night_id), 303)


@bp.get("/leagues/<public_id>/nights/<row_id:night_id>")
def night(public_id: str, night_id: int):
    return render_night(public_id, night_id=night_id)


def render_night(public_id: str, *, night_id: int, failed=None, refused=None, deletion_plan=None):
    view, night_view = league.night_view(unit_of_work(), public_id, organizer_id(), night_id)
    seated = {member_id for member_id, _ in night_view.byes} | {
        seat.member_id for table in night_view.tables for seat in table.seats
    }
    return render_template(
        "league/night.html",
        deletion_plan=deletion_plan,
        league=view,
        night=night_view,
        absent=[member for member in view.members if member.id not in seated],
        form=request.form if failed else {},
        failed=failed,
        refused=refused,
        errors=refused.errors if refused else {},
        glances=league.night_glance(unit_of_work(), public_id, organizer_id(), night_id),
        version=league.night_version(unit_of_work(), public_id, organizer_id(), night_id),
        screen_url=screen_url(public_id, night_id),
        edit_url=links.edit_url,
        view_url=links.view_url,
        methods=seating.METHODS,
    )


def screen_url(public_id: str, night_id: int) -> str | None:
    """The night's venue screen link, while it is open."""
    token = league.screen_token(unit_of_work(), public_id, organizer_id(), night_id)
    if token is None:
        return None
    path = url_for("league.screen", public_id=public_id, night_id=night_id, token=token)
    return f"{links.base_url()}{path}"


@bp.get("/leagues/<public_id>/nights/<row_id:night_id>/board")
def night_board(public_id: str, night_id: int):
    """The tables at a glance, which the night page polls; 304 while nothing changed."""
    version = league.night_version(unit_of_work(), public_id, organizer_id(), night_id)

    def board() -> str:
        glances = league.night_glance(unit_of_work(), public_id, organizer_id(), night_id)
        return render_template(
            "league/_night_board.html", public_id=public_id, night_id=night_id, glances=glances
        )

    return board_answer(version, board)


def board_answer(version: str, board: Callable[[], str]):
    """A polled board: 304 while ``version`` is the one the page has, else ``board()``."""
    # "v" and the tag, as the game pages' polling script sends it back.
    tag = "v" + version
    if request.if_none_match.contains_weak(tag):
        response = current_app.response_class(status=304)
    else:
        response = current_app.make_response(board())
    response.set_etag(tag, weak=True)  # gzipped or not (see the game's scoreboard)
    response.headers["Cache-Control"] = "no-cache, private"
    return response


@bp.post("/leagues/<public_id>/nights/<row_id:night_id>/reseat")
@keeps_input(render_night, "reseat")
def reseat(public_id: str, night_id: int):
    league.reseat(unit_of_work(), public_id, organizer_id(), night_id, request.form.get("method"))
    flash(_("The night was seated again."))
    return redirect(url_for("league.night", public_id=public_id, night_id=night_id), 303)


@bp.post("/leagues/<public_id>/nights/<row_id:night_id>/late")
@keeps_input(render_night, "late")
def late_arrival(public_id: str, night_id: int):
    where = league.add_late_arrival(
        unit_of_work(), public_id, organizer_id(), night_id, form_int("member")
    )
    flash(where)
    return redirect(url_for("league.night", public_id=public_id, night_id=night_id), 303)


@bp.post("/leagues/<public_id>/nights/<row_id:night_id>/remove")
@keeps_input(render_night, "remove")
def remove_no_show(public_id: str, night_id: int):
    flash(
        league.remove_no_show(
            unit_of_work(), public_id, organizer_id(), night_id, form_int("member")
        )
    )
    return redirect(url_for("league.night", public_id=public_id, night_id=night_id), 303)


@bp.post("/leagues/<public_id>/nights/<row_id:night_id>/change")
@keeps_input(render_night, "change")
def change_night(public_id: str, night_id: int):
    held_on = typed_day(request.form.get("held_on", ""))
    league.change_night(
        unit_of_work(),
        public_id,
        organizer_id(),
        night_id,
        held_on=held_on,
        season=request.form.get("season"),
    )
    flash(_("The night's date and season were saved."))
    return redirect(url_for("league.night", public_id=public_id, night_id=night_id), 303)


@bp.post("/leagues/<public_id>/nights/<row_id:night_id>/delete")
@keeps_input(render_night, "delete")
def delete_night(public_id: str, night_id: int):
    confirmed = request.form.get("confirm") == "1"
    if not confirmed:
        plan = league.deletion_plan(unit_of_work(), public_id, organizer_id(), night_id)
        if plan is not None:  # played: say what goes with it, and ask
            return render_night(public_id, night_id=night_id, deletion_plan=plan)
    league.delete_night(unit_of_work(), public_id, organizer_id(), night_id, confirmed=confirmed)
    flash(_("The night was deleted."))
    return redirect(url_for("league.manage", public_id=public_id) + "#nights", 303)


@bp.post("/leagues/<public_id>/nights/<row_id:night_id>/swap")
def swap(public_id: str, night_id: int):
    league.swap_seats(
        unit_of_work(), public_id, organizer_id(), night_id, form_int("first"), form_int("second")
    )
    return redirect(url_for("league.night", public_id=public_id, night_id=night_id), 303)


@bp.post("/leagues/<public_id>/nights/<row_id:night_id>/start")
def start(public_id: str, night_id: int):
    league.start_night(unit_of_work(), public_id, organizer_id(), night_id)
    flash(_("The games are set up: print the pack or hand out the links."))
    return redirect(url_for("league.night", public_id=public_id, night_id=night_id), 303)


@bp.get("/leagues/<public_id>/nights/<row_id:night_id>/pack.pdf")
def pack(public_id: str, night_id: int):
    from scorekeeper.printing import PackTable, print_pack_pdf

    page_size = paper_asked()
    if page_size is None:
        return paper_refused()
    view, night_view = league.night_view(unit_of_work(), public_id, organizer_id(), night_id)
    speak(view.language)
    if not night_view.started:
        raise InvalidInput(
            _("Start the night first: the pack prints each table's edit link."),
            {"night": _("not started")},
        )
    check_night_size(night_view.tables)
    rules = view.rules
    tables = [
        PackTable(
            label=_("Table %(number)s", number=table.number),
            # A partnership game's pad is kept per side.
            players=league.game_players(scoring.get_variant(rules.variant), table.names),
            variant=rules.variant,
            preset=rules.preset,
            options=rules.options,
            edit_url=links.edit_url(table.game_id, table.edit_token) if table.edit_token else None,
            stakes=rules.stakes,
            paper=table.source != "phone",
        )
        for table in night_view.tables
    ]
    public_url = f"{links.base_url()}{url_for('league.public', public_id=view.public_id)}"
    pdf = print_pack_pdf(
        tables,
        title=view.name,
        day=night_view.held_on,
        public_url=public_url if view.published else None,
        page_size=page_size,
        locale=printed_locale(),
        byes=[name for _member, name in night_view.byes],
    )
    return pdf_response(pdf, f"{view.name} {night_view.held_on.isoformat()} pack.pdf")


# A night's PDFs print at most this many tables (a club's biggest night is about 30), and
# its sheets at most this many deals in all (about 5 s of CPU); each table's sheet obeys
# SHEET_MAX_DEALS. Beyond, the organizer is told to print the tables' own sheets.
NIGHT_MAX_TABLES = 50
NIGHT_MAX_DEALS = 400


@bp.get("/leagues/<public_id>/nights/<row_id:night_id>/sheets.pdf")
def night_sheets(public_id: str, night_id: int):
    """The night's played games' sheets as one PDF, for the league's archive."""
    from scorekeeper.printing import night_sheets_pdf

    page_size = paper_asked()
    if page_size is None:
        return paper_refused()
    uow = unit_of_work()
    view, night_view = league.night_view(uow, public_id, organizer_id(), night_id)
    speak(view.language)
    check_night_size(night_view.tables)
    games = [
        (table.number, services.load_game(uow, table.game_id), links.view_url(table.game_id))
        for table in night_view.tables
        if table.game_id
    ]
    games = [(number, game, url) for number, game, url in games if game.state.deals]
    if not games:
        raise InvalidInput(
            _("No game of this night has a deal yet: there is no sheet to print."),
            {"night": _("no games played")},
        )
    check_night_deals(games)
    title = f"{view.name} {night_view.held_on.isoformat()}"
    pdf = night_sheets_pdf(
        [(game, url) for _number, game, url in games],
        title=title,
        page_size=page_size,
        locale=printed_locale(),
    )
    return pdf_response(pdf, f"{title} sheets.pdf")


def check_night_size(tables) -> None:
    if len(tables) > NIGHT_MAX_TABLES:
        raise InvalidInput(
            _(
                "This night has %(tables)s tables; one PDF prints at most %(most)s.",
                tables=len(tables),
                most=NIGHT_MAX_TABLES,
            ),
            {"night": _("at most %(most)s tables", most=NIGHT_MAX_TABLES)},
        )


def check_night_deals(games) -> None:
    """Each table's sheet within a sheet's deal limit, and the night's deals within its own."""
    from scorekeeper.web.sheets import SHEET_MAX_DEALS

    for number, game, _url in games:
        if len(game.entries) > SHEET_MAX_DEALS:
            raise InvalidInput(
                _(
                    "Table %(number)s has %(deals)s deals; a sheet prints at most %(most)s. "
                    "Its deals are all on the game's history page.",
                    number=number,
                    deals=len(game.entries),
                    most=SHEET_MAX_DEALS,
                ),
                {f"tables.{number}.deals": _("at most %(most)s deals", most=SHEET_MAX_DEALS)},
            )
    deals = sum(len(game.entries) for _number, game, _url in games)
    if deals > NIGHT_MAX_DEALS:
        raise InvalidInput(
            _(
                "The night's games have %(deals)s deals; one PDF prints at most %(most)s. "
                "Print each table's own sheet from its game page.",
                deals=deals,
                most=NIGHT_MAX_DEALS,
            ),
            {"night": _("at most %(most)s deals", most=NIGHT_MAX_DEALS)},
        )


def paper_asked() -> str | None:
    """The page_size a PDF route's query asks for (any case), None if it is not one we print on."""
    from scorekeeper.printing import PrintError
    from scorekeeper.printing.layout import requested_size

    try:
        return requested_size(request.args)
    except PrintError:
        return None


def paper_refused():
    message = _("That paper size is not one we print on: say page_size=A4 or page_size=Letter.")
    return render_template("league/error.html", code=400, message=message), 400


def pdf_response(body: bytes, filename: str) -> Response:
    response = Response(body, mimetype="application/pdf")
    response.headers["Content-Disposition"] = attachment(filename, inline=True)
    return response


def attachment(filename: str, *, inline: bool = False) -> str:
    """A Content-Disposition value: an ASCII file name, and the name as typed (RFC 5987)."""
    from scorekeeper.web.sheets import content_disposition

    return content_disposition(filename, inline=inline)


# ---------------------------------------------------------------- tables


@bp.get("/leagues/<public_id>/nights/<row_id:night_id>/tables/<row_id:number>")
def table(public_id: str, night_id: int, number: int):
    return render_table(public_id, night_id=night_id, number=number)


def render_table(public_id: str, *, night_id: int, number: int, failed=None, refused=None):
    page = league.table_page(unit_of_work(), public_id, organizer_id(), night_id, number)
    return render_template(
        "league/table.html",
        page=page,
        sources=league.SOURCES,
        edit_url=links.edit_url,
        view_url=links.view_url,
        failed=failed,
        refused=refused,
        form=request.form if failed else {},
    )


@bp.post("/leagues/<public_id>/nights/<row_id:night_id>/tables/<row_id:number>/source")
def table_source(public_id: str, night_id: int, number: int):
    league.set_source(
        unit_of_work(), public_id, organizer_id(), night_id, number, request.form.get("source")
    )
    return redirect(
        url_for("league.table", public_id=public_id, night_id=night_id, number=number), 303
    )


@bp.post("/leagues/<public_id>/nights/<row_id:night_id>/tables/<row_id:number>/totals")
@keeps_input(render_table, "totals")
def table_totals(public_id: str, night_id: int, number: int):
    totals = {
        key.removeprefix("total."): value
        for key, value in request.form.items()
        if key.startswith("total.")
    }
    league.set_paper_totals(unit_of_work(), public_id, organizer_id(), night_id, number, totals)
    flash(_("The totals from the paper sheet were saved."))
    return redirect(
        url_for("league.table", public_id=public_id, night_id=night_id, number=number), 303
    )


@bp.post("/leagues/<public_id>/nights/<row_id:night_id>/tables/<row_id:number>/close")
def table_close(public_id: str, night_id: int, number: int):
    closed = request.form.get("closed") == "1"
    league.set_closed(unit_of_work(), public_id, organizer_id(), night_id, number, closed)
    return redirect(
        url_for("league.table", public_id=public_id, night_id=night_id, number=number), 303
    )


@bp.post("/leagues/<public_id>/nights/<row_id:night_id>/tables/<row_id:number>/link")
def table_link(public_id: str, night_id: int, number: int):
    league.new_link(unit_of_work(), public_id, organizer_id(), night_id, number)
    flash(_("Table %(number)s has a new edit link; the one before no longer works.", number=number))
    return redirect(
        url_for("league.table", public_id=public_id, night_id=night_id, number=number), 303
    )


# ---------------------------------------------------------------- standings


def season_arg() -> str | None:
    season = request.args.get("season", "").strip()
    return season[:20] or None


@bp.get("/leagues/<public_id>/standings")
def standings(public_id: str):
    view, table = league.league_standings(unit_of_work(), public_id, organizer_id(), season_arg())
    speak(view.language)
    return render_template("league/standings.html", league=view, standings=table)


@bp.get("/leagues/<public_id>/public")
def public(public_id: str):
    """The league's own page for anyone, once published: no account, no edit links."""
    page = league.public_page(unit_of_work(), public_id, organizer_id(), season_arg())
    upcoming = league.schedule_of(unit_of_work(), public_id, organizer_id(), from_day=date.today())
    speak(page.league.language)
    return render_template("league/public.html", page=page, league=page.league, upcoming=upcoming)


@bp.get("/leagues/<public_id>/standings.pdf")
def standings_pdf(public_id: str):
    from scorekeeper.league.printing import standings_pdf as render

    page_size = paper_asked()
    if page_size is None:
        return paper_refused()
    view, table = league.league_standings(unit_of_work(), public_id, organizer_id(), season_arg())
    speak(view.language)
    pdf = render(view, table, page_size=page_size, locale=printed_locale())
    return pdf_response(pdf, f"{view.name} standings.pdf")


STANDINGS_COLUMNS = [
    "place",
    "player",
    "games",
    "wins",
    "win_rate",
    "points",
    "deals",
    "average_per_deal",
    "money_cents",
    "rating",
    "rating_change",
    "byes",
]


@bp.get("/leagues/<public_id>/standings.csv")
def standings_csv(public_id: str):
    view, table = league.league_standings(unit_of_work(), public_id, organizer_id(), season_arg())
    rows = [
        [
            "" if line.place is None else line.place,
            line.name,
            line.games,
            line.wins,
            round(line.win_rate, 3),
            line.points,
            line.deals,
            "" if line.average_per_deal is None else round(line.average_per_deal, 2),
            "" if view.money_hidden else line.money_cents,
            round(line.rating, 2),
            "" if line.rating_change is None else round(line.rating_change, 2),
            line.byes,
        ]
        for line in table.lines
    ]
    return csv_response([STANDINGS_COLUMNS, *rows], f"{view.name} standings.csv")


def csv_safe(value: Any) -> Any:
    """Text that a spreadsheet would run as a formula gets a leading apostrophe.

    Numbers are written as numbers (a negative rating stays -1.83, not '-1.83): the
    guard is for text, which is where a formula could hide.
    """
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def csv_response(rows: list[list[Any]], filename: str) -> Response:
    buffer = io.StringIO()
    writer = csv.writer(buffer)
    for row in rows:
        writer.writerow([csv_safe(value) for value in row])
    response = Response(buffer.getvalue(), mimetype="text/csv")
    response.headers["Content-Disposition"] = attachment(filename)
    return response


@bp.get("/leagues/<public_id>/players/<row_id:member_id>")
def player(public_id: str, member_id: int):
    view, member, history = league.player_history(
        unit_of_work(), public_id, organizer_id(), member_id
    )
    speak(view.language)
    return render_template(
        "league/player.html",
        league=view,
        member=member,
        history=history,
        view_url=links.view_url,
    )


# ---------------------------------------------------------------- export and import


@bp.get("/leagues/<public_id>/export.json")
def export_json(public_id: str):
    document = transfer.export_league(unit_of_work(), public_id, organizer_id())
    response = Response(json.dumps(document, indent=1), mimetype="application/json")
    response.headers["Content-Disposition"] = attachment(f"{document['league']['name']}.json")
    return response


@bp.get("/leagues/<public_id>/export.csv")
def export_csv(public_id: str):
    rows = transfer.league_rows(unit_of_work(), public_id, organizer_id())
    return csv_response(rows, "league games.csv")


@bp.get("/leagues/games/<game_id>.json")
def game_json(game_id: str):
    document = transfer.export_game(unit_of_work(), game_id)
    response = Response(json.dumps(document, indent=1), mimetype="application/json")
    response.headers["Content-Disposition"] = attachment(f"game {game_id}.json")
    return response


@bp.get("/leagues/games/<game_id>.csv")
def game_csv(game_id: str):
    return csv_response(transfer.game_rows(unit_of_work(), game_id), f"game {game_id}.csv")


@bp.route("/leagues/import", methods=["GET", "POST"])
@login_required
@limiter.limit(lambda: current_app.config["RATELIMIT_IMPORTS"], methods=["POST"])
def import_file():
    if request.method != "POST":
        return render_template("league/import.html")
    upload = request.files.get("file")
    raw = upload.read() if upload else request.form.get("document", "").encode()
    try:
        result = transfer.import_document(unit_of_work(), current_user.id, transfer.read_json(raw))
    except InvalidInput as refused:
        return render_template("league/import.html", refused=refused), 422
    if result.league_id is not None:
        flash(_("The league was imported."))
        for invited in result.invited:
            flash(invitation_said(invited))
        return redirect(url_for("league.manage", public_id=result.league_id), 303)
    edit_url = links.edit_url(result.game_id, result.edit_token)
    flash(_("The game was imported. Its edit link: %(url)s", url=edit_url))
    return redirect(links.view_url(result.game_id), 303)
