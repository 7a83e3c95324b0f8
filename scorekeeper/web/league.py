"""League pages: organizer accounts (/account) and leagues (/leagues).

Every organizer-only page is checked in the league use cases, on the server:
a logged-out visitor is sent to log in, another league's organizer gets 403,
and an unpublished league's public pages answer 404 to everyone but its organizers.
"""

from __future__ import annotations

import csv
import io
import json
from datetime import date
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
from flask_login import current_user, login_required, login_user, logout_user

from scorekeeper import scoring
from scorekeeper.extensions import limit_writes, limiter
from scorekeeper.league import auth, seating, transfer
from scorekeeper.league import services as league
from scorekeeper.service_layer import services
from scorekeeper.web import links, unit_of_work
from scorekeeper.web.presenters import page_locale

bp = Blueprint("league", __name__)
limit_writes(bp)


def init_app(app: Flask) -> None:
    auth.init_app(app)
    app.register_blueprint(bp)


def organizer_id() -> int | None:
    return current_user.id if current_user.is_authenticated else None


# ---------------------------------------------------------------- errors


@bp.errorhandler(league.LoginRequired)
def login_required_error(error: league.LoginRequired):
    flash(error.detail)
    return redirect(url_for("league.login", next=request.full_path.rstrip("?")))


@bp.errorhandler(league.Forbidden)
def forbidden(error: league.Forbidden):
    return render_template("league/error.html", code=403, message=error.detail), 403


@bp.errorhandler(league.NotFound)
@bp.errorhandler(services.GameNotFound)
def not_found(error: services.ServiceError):
    return render_template("league/error.html", code=404, message=error.detail), 404


@bp.errorhandler(services.InvalidInput)
def invalid(error: services.InvalidInput):
    """A refused change: say why on the page it came from."""
    flash(error.detail)
    for field, message in error.errors.items():
        flash(f"{field}: {message}")
    return redirect(back_to(), 303)


def back_to() -> str:
    target = request.referrer or ""
    parts = urlsplit(target)
    if parts.netloc == request.host and parts.path.startswith("/"):
        return parts.path + (f"?{parts.query}" if parts.query else "")
    return url_for("league.leagues")


def safe_next(target: str | None) -> str:
    """Only a path on this site: never an open redirect."""
    if target and target.startswith("/") and not target.startswith("//") and "\\" not in target:
        return target
    return url_for("league.leagues")


# ---------------------------------------------------------------- accounts


@bp.route("/account/signup", methods=["GET", "POST"])
def signup():
    errors: dict[str, str] = {}
    if request.method == "POST":
        form = request.form
        if form.get("password") != form.get("confirm"):
            errors["confirm"] = "does not match the password"
        else:
            try:
                organizer = auth.create_organizer(
                    unit_of_work(),
                    email=form.get("email"),
                    name=form.get("name"),
                    password=form.get("password"),
                )
            except services.InvalidInput as exc:
                errors = exc.errors
            else:
                login_user(organizer)
                return redirect(url_for("league.leagues"), 303)
    status = 422 if errors else 200
    return render_template("league/signup.html", errors=errors, form=request.form), status


@bp.route("/account/login", methods=["GET", "POST"])
@limiter.limit(lambda: current_app.config["RATELIMIT_LOGIN"], methods=["POST"])
def login():
    failed = False
    if request.method == "POST":
        organizer = auth.authenticate(
            unit_of_work(), request.form.get("email"), request.form.get("password")
        )
        if organizer is not None:
            login_user(organizer)
            return redirect(safe_next(request.args.get("next")), 303)
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
            errors["confirm"] = "does not match the new password"
        else:
            try:
                auth.change_password(
                    unit_of_work(),
                    current_user.id,
                    form.get("current_password"),
                    form.get("new_password"),
                )
            except services.InvalidInput as exc:
                errors = exc.errors
            else:
                flash("Your password was changed.")
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
    """House rules from the form: a preset or a variant, ``name = value`` options, stakes."""
    options: dict[str, Any] = {}
    errors: dict[str, str] = {}
    for number, line in enumerate(form.get("options", "").splitlines(), 1):
        if not line.strip():
            continue
        name, sep, raw = line.partition("=")
        if not sep or not name.strip():
            errors[f"options.line {number}"] = "must read name = value"
            continue
        options[name.strip()] = parse_value(raw.strip())
    stakes = None
    if form.get("cents_per_point", "").strip():
        stakes = {
            "cents_per_point": parse_value(form.get("cents_per_point", "").strip()),
            "round_to": parse_value(form.get("round_to", "5").strip() or "5"),
            "mode": form.get("mode") or "pairs",
            "currency": (form.get("currency") or "USD").strip().upper(),
        }
    table_size = parse_value(form.get("table_size", "").strip())
    if errors:
        raise services.InvalidInput("These house rules cannot be read.", errors)
    return league.check_rules(
        preset=form.get("preset") or None,
        variant=form.get("variant") or None,
        options=options,
        stakes=stakes,
        table_size=table_size,
    )


def parse_value(raw: str) -> Any:
    """JSON where it reads as JSON (true, 5, null), else the text itself."""
    try:
        return json.loads(raw)
    except ValueError:
        return raw


def rules_context() -> dict[str, Any]:
    return {
        "presets": list(scoring.PRESETS),
        "variants": [(cls.id, cls.name) for cls in scoring.VARIANTS.values()],
        "modes": ["pairs", "winner", "per_deal"],
    }


@bp.route("/leagues/new", methods=["GET", "POST"])
@login_required
def new_league():
    if request.method == "POST":
        rules = rules_from_form(request.form)
        public_id = league.create_league(
            unit_of_work(), current_user.id, name=request.form.get("name"), rules=rules
        )
        return redirect(url_for("league.manage", public_id=public_id), 303)
    return render_template("league/new.html", **rules_context())


@bp.get("/leagues/<public_id>")
def manage(public_id: str):
    view = league.league_view(unit_of_work(), public_id, organizer_id())
    return render_template(
        "league/manage.html",
        league=view,
        methods=seating.METHODS,
        today=date.today(),
        **rules_context(),
    )


@bp.post("/leagues/<public_id>/rules")
def update_rules(public_id: str):
    rules = rules_from_form(request.form)
    league.update_rules(
        unit_of_work(), public_id, organizer_id(), name=request.form.get("name"), rules=rules
    )
    flash("The house rules were saved; they apply to nights seated from now on.")
    return redirect(url_for("league.manage", public_id=public_id), 303)


@bp.post("/leagues/<public_id>/publish")
def publish(public_id: str):
    published = request.form.get("published") == "1"
    league.set_published(unit_of_work(), public_id, organizer_id(), published)
    flash("The standings are public." if published else "The standings are private.")
    return redirect(url_for("league.manage", public_id=public_id), 303)


@bp.post("/leagues/<public_id>/members")
def add_members(public_id: str):
    names = [line for line in request.form.get("names", "").splitlines() if line.strip()]
    added = league.add_members(unit_of_work(), public_id, organizer_id(), names)
    flash(f"Added {len(added)} member(s)." if added else "Those names are members already.")
    return redirect(url_for("league.manage", public_id=public_id) + "#members", 303)


def form_int(name: str) -> int | None:
    raw = request.form.get(name, "")
    return int(raw) if raw.isdigit() and len(raw) < 12 else None


@bp.post("/leagues/<public_id>/members/<int:member_id>/rename")
def rename_member(public_id: str, member_id: int):
    league.rename_member(
        unit_of_work(), public_id, organizer_id(), member_id, request.form.get("name")
    )
    return redirect(url_for("league.manage", public_id=public_id) + "#members", 303)


@bp.post("/leagues/<public_id>/members/merge")
def merge_members(public_id: str):
    league.merge_members(
        unit_of_work(), public_id, organizer_id(), form_int("source"), form_int("target")
    )
    flash("The two members are one now.")
    return redirect(url_for("league.manage", public_id=public_id) + "#members", 303)


@bp.post("/leagues/<public_id>/organizers")
def add_organizer(public_id: str):
    league.add_organizer(unit_of_work(), public_id, organizer_id(), request.form.get("email"))
    return redirect(url_for("league.manage", public_id=public_id) + "#organizers", 303)


@bp.post("/leagues/<public_id>/organizers/<int:removed_id>/remove")
def remove_organizer(public_id: str, removed_id: int):
    league.remove_organizer(unit_of_work(), public_id, organizer_id(), removed_id)
    return redirect(url_for("league.manage", public_id=public_id) + "#organizers", 303)


# ---------------------------------------------------------------- nights


@bp.post("/leagues/<public_id>/nights")
def new_night(public_id: str):
    form = request.form
    try:
        held_on = date.fromisoformat(form.get("held_on", ""))
    except ValueError:
        held_on = None
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


@bp.get("/leagues/<public_id>/nights/<int:night_id>")
def night(public_id: str, night_id: int):
    view, night_view = league.night_view(unit_of_work(), public_id, organizer_id(), night_id)
    return render_template(
        "league/night.html",
        league=view,
        night=night_view,
        edit_url=links.edit_url,
        view_url=links.view_url,
        methods=seating.METHODS,
    )


@bp.post("/leagues/<public_id>/nights/<int:night_id>/swap")
def swap(public_id: str, night_id: int):
    league.swap_seats(
        unit_of_work(), public_id, organizer_id(), night_id, form_int("first"), form_int("second")
    )
    return redirect(url_for("league.night", public_id=public_id, night_id=night_id), 303)


@bp.post("/leagues/<public_id>/nights/<int:night_id>/start")
def start(public_id: str, night_id: int):
    league.start_night(unit_of_work(), public_id, organizer_id(), night_id)
    flash("The games are set up: print the pack or hand out the links.")
    return redirect(url_for("league.night", public_id=public_id, night_id=night_id), 303)


@bp.get("/leagues/<public_id>/nights/<int:night_id>/pack.pdf")
def pack(public_id: str, night_id: int):
    from scorekeeper.printing import PackTable, print_pack_pdf

    page_size = paper_asked()
    if page_size is None:
        return paper_refused()
    view, night_view = league.night_view(unit_of_work(), public_id, organizer_id(), night_id)
    if not night_view.started:
        raise services.InvalidInput(
            "Start the night first: the pack prints each table's edit link.",
            {"night": "not started"},
        )
    rules = view.rules
    tables = [
        PackTable(
            label=f"Table {table.number}",
            players=table.names,
            variant=rules.variant,
            preset=rules.preset,
            options=rules.options,
            edit_url=links.edit_url(table.game_id, table.edit_token),
            stakes=rules.stakes,
        )
        for table in night_view.tables
    ]
    pdf = print_pack_pdf(
        tables, title=view.name, day=night_view.held_on, page_size=page_size, locale=page_locale()
    )
    return pdf_response(pdf, f"{view.name} {night_view.held_on.isoformat()} pack.pdf")


@bp.get("/leagues/<public_id>/nights/<int:night_id>/sheets.pdf")
def night_sheets(public_id: str, night_id: int):
    """The night's played games' sheets as one PDF, for the league's archive."""
    from scorekeeper.printing import night_sheets_pdf

    page_size = paper_asked()
    if page_size is None:
        return paper_refused()
    uow = unit_of_work()
    view, night_view = league.night_view(uow, public_id, organizer_id(), night_id)
    games = [
        (services.load_game(uow, table.game_id), links.view_url(table.game_id))
        for table in night_view.tables
        if table.game_id
    ]
    games = [(game, url) for game, url in games if game.state.deals]
    if not games:
        raise services.InvalidInput(
            "No game of this night has a deal yet: there is no sheet to print.",
            {"night": "no games played"},
        )
    title = f"{view.name} {night_view.held_on.isoformat()}"
    pdf = night_sheets_pdf(games, title=title, page_size=page_size, locale=page_locale())
    return pdf_response(pdf, f"{title} sheets.pdf")


def paper_asked() -> str | None:
    """The page_size a PDF route's query asks for (any case), None if it is not one we print on."""
    from scorekeeper.printing import PrintError
    from scorekeeper.printing.layout import requested_size

    try:
        return requested_size(request.args)
    except PrintError:
        return None


def paper_refused():
    message = "That paper size is not one we print on: say page_size=A4 or page_size=Letter."
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


@bp.get("/leagues/<public_id>/nights/<int:night_id>/tables/<int:number>")
def table(public_id: str, night_id: int, number: int):
    page = league.table_page(unit_of_work(), public_id, organizer_id(), night_id, number)
    return render_template(
        "league/table.html",
        page=page,
        sources=league.SOURCES,
        edit_url=links.edit_url,
        view_url=links.view_url,
    )


@bp.post("/leagues/<public_id>/nights/<int:night_id>/tables/<int:number>/source")
def table_source(public_id: str, night_id: int, number: int):
    league.set_source(
        unit_of_work(), public_id, organizer_id(), night_id, number, request.form.get("source")
    )
    return redirect(
        url_for("league.table", public_id=public_id, night_id=night_id, number=number), 303
    )


@bp.post("/leagues/<public_id>/nights/<int:night_id>/tables/<int:number>/totals")
def table_totals(public_id: str, night_id: int, number: int):
    totals = {
        key.removeprefix("total."): value
        for key, value in request.form.items()
        if key.startswith("total.")
    }
    league.set_paper_totals(unit_of_work(), public_id, organizer_id(), night_id, number, totals)
    flash("The totals from the paper sheet were saved.")
    return redirect(
        url_for("league.table", public_id=public_id, night_id=night_id, number=number), 303
    )


@bp.post("/leagues/<public_id>/nights/<int:night_id>/tables/<int:number>/close")
def table_close(public_id: str, night_id: int, number: int):
    closed = request.form.get("closed") == "1"
    league.set_closed(unit_of_work(), public_id, organizer_id(), night_id, number, closed)
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
    return render_template("league/standings.html", league=view, standings=table)


@bp.get("/leagues/<public_id>/standings.pdf")
def standings_pdf(public_id: str):
    from scorekeeper.league.printing import standings_pdf as render

    page_size = paper_asked()
    if page_size is None:
        return paper_refused()
    view, table = league.league_standings(unit_of_work(), public_id, organizer_id(), season_arg())
    pdf = render(view, table, page_size=page_size, locale=page_locale())
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
]


@bp.get("/leagues/<public_id>/standings.csv")
def standings_csv(public_id: str):
    view, table = league.league_standings(unit_of_work(), public_id, organizer_id(), season_arg())
    rows = [
        [
            place,
            line.name,
            line.games,
            line.wins,
            f"{line.win_rate:.3f}",
            line.points,
            line.deals,
            "" if line.average_per_deal is None else f"{line.average_per_deal:.2f}",
            line.money_cents,
            f"{line.rating:.2f}",
            "" if line.rating_change is None else f"{line.rating_change:.2f}",
        ]
        for place, line in enumerate(table.lines, 1)
    ]
    return csv_response([STANDINGS_COLUMNS, *rows], f"{view.name} standings.csv")


def csv_safe(value: Any) -> Any:
    """Names that a spreadsheet would run as a formula get a leading apostrophe."""
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


@bp.get("/leagues/<public_id>/players/<int:member_id>")
def player(public_id: str, member_id: int):
    view, member, history = league.player_history(
        unit_of_work(), public_id, organizer_id(), member_id
    )
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
def import_file():
    if request.method == "GET":
        return render_template("league/import.html")
    upload = request.files.get("file")
    raw = upload.read() if upload else request.form.get("document", "").encode()
    try:
        document = json.loads(raw)
    except ValueError:
        raise services.InvalidInput("That is not a JSON export.", {"file": "is not JSON"}) from None
    result = transfer.import_document(unit_of_work(), current_user.id, document)
    if result.league_id is not None:
        flash("The league was imported.")
        return redirect(url_for("league.manage", public_id=result.league_id), 303)
    flash(
        "The game was imported. Its edit link: " + links.edit_url(result.game_id, result.edit_token)
    )
    return redirect(links.view_url(result.game_id), 303)
