"""A circle's pages (docs/circles.md): start one, its page (members, a new game with the
members one tap away, games, stats, the ledger with settle up, expenses, payments and
their undo), its share links and its printed statement.

As a game's: the edit token reaches a phone once through the edit link and then lives
in the phone's session (``session["circles"]``: circle id -> token); the view link reads.
"""

from __future__ import annotations

import threading
from collections import Counter
from contextlib import suppress
from decimal import Decimal, InvalidOperation
from typing import Any

from babel import Locale
from cachetools import LRUCache
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
from flask_babel import gettext as _

from scorekeeper import scoring
from scorekeeper.chart import Chart, running_totals_chart
from scorekeeper.extensions import limit_writes, limiter
from scorekeeper.printing import circle_statement_pdf
from scorekeeper.scoring import circle as ledger
from scorekeeper.service_layer import circle_people as people
from scorekeeper.service_layer import circles, services
from scorekeeper.service_layer.circles import CircleView
from scorekeeper.service_layer.errors import (
    GameNotFound,
    InvalidInput,
    ServiceError,
    TokenInvalid,
    TokenMissing,
)
from scorekeeper.summary import money
from scorekeeper.translate import translate
from scorekeeper.web.circles import body as circle_body
from scorekeeper.web.circles.forms import expense_body, on_the_form
from scorekeeper.web.common import links
from scorekeeper.web.common.db import unit_of_work
from scorekeeper.web.table.blueprint import error_page, held_circle_tokens
from scorekeeper.web.table.blueprint import held_token as game_token
from scorekeeper.web.table.forms import DEFAULT_GAME, GAMES, clean_key, fill_game_defaults
from scorekeeper.web.table.presenters import (
    CHART_HEIGHT,
    CHART_PAD,
    CHART_WIDTH,
    game_name,
    page_locale,
)
from scorekeeper.web.table.share import qr_svg
from scorekeeper.web.table.sheets import file_name, pdf_response
from scorekeeper.web.table.start import new_game_page

bp = Blueprint("circles", __name__)
limit_writes(bp)

REMEMBERED_CIRCLES = 10
# The page stays light; ledger.csv and the statement have them all.
SHOWN_GAMES = 30
SHOWN_RECORDS = 30
CHART_SERIES = 8  # the chart's colours
CHART_POINTS = 24  # a point every 13 px across the chart: 60 weighed 700 bytes more, gzipped


# ---------------------------------------------------------------- tokens in the session


def held_token(public_id: str) -> str | None:
    return held_circle_tokens().get(public_id)


def remember_token(public_id: str, token: str) -> None:
    tokens = dict(session.get("circles") or {})
    tokens.pop(public_id, None)
    tokens[public_id] = token
    session["circles"] = dict(list(tokens.items())[-REMEMBERED_CIRCLES:])
    session.permanent = True


def load(public_id: str) -> tuple[CircleView, str | None]:
    token = held_token(public_id)
    if token:
        try:
            return circles.check_token(unit_of_work(), public_id, token), token
        except TokenInvalid:
            tokens = dict(session.get("circles") or {})
            tokens.pop(public_id, None)
            session["circles"] = tokens
    return circles.load_circle(unit_of_work(), public_id), None


def editing(public_id: str) -> str:
    token = held_token(public_id)
    if not token:
        abort(403)
    return token


@bp.errorhandler(circles.CircleNotFound)
@bp.errorhandler(GameNotFound)
def not_found(error: ServiceError):
    return error_page(404)


@bp.errorhandler(TokenMissing)
@bp.errorhandler(TokenInvalid)
def forbidden(error: ServiceError):
    return error_page(403)


# ---------------------------------------------------------------- starting a circle


@bp.route("/circles/new", methods=["GET", "POST"])
def new_circle():
    errors: dict[str, str] = {}
    detail = None
    if request.method == "POST":
        members = [line for line in request.form.get("members", "").splitlines() if line.strip()]
        try:
            started = circles.create_circle(
                unit_of_work(),
                name=request.form.get("name", ""),
                members=members,
                currency=request.form.get("currency", "USD").strip().upper() or "USD",
            )
        except InvalidInput as error:
            errors, detail = field_messages(error.errors), translate(error.detail)
        else:
            circle_id = started.circle.public_id
            return redirect(
                url_for(".edit_link", public_id=circle_id, token=started.edit_token), 303
            )
    return render_template("circles/new.html", errors=errors, detail=detail, form=request.form), (
        422 if errors else 200
    )


@bp.post("/circles/from-game/<game_id>")
def from_game(game_id: str):
    """A circle for the people of a finished game (a league night's table among them),
    who want to keep playing together: they are its first members. The game itself stays
    where it is (a league keeps its games)."""
    view = services.load_game(unit_of_work(), game_id)
    if not view.state.finished:
        abort(409)
    setup = view.setup
    people = list(setup.seats or setup.players)
    currency = (setup.stakes or {}).get("currency", "USD")
    name = (view.title or _("%(game)s players", game=game_name(view)))[: circles.NAME_LIMIT]
    started = circles.create_circle(unit_of_work(), name=name, members=people, currency=currency)
    circle_id = started.circle.public_id
    return redirect(url_for(".edit_link", public_id=circle_id, token=started.edit_token), 303)


def field_messages(errors: dict[str, str]) -> dict[str, str]:
    """Each field's first message, a list's items under the list's own name."""
    shown: dict[str, str] = {}
    for path, text in errors.items():
        shown.setdefault(path.split(".")[0], translate(text))
    return shown


@bp.get("/circles/<public_id>/edit/<token>")
@limiter.limit(
    lambda: current_app.config["RATELIMIT_LOGIN"], deduct_when=lambda r: r.status_code >= 400
)
def edit_link(public_id: str, token: str):
    circles.check_token(unit_of_work(), public_id, token)
    remember_token(public_id, token)
    return redirect(url_for(".circle", public_id=public_id), 303)


# ---------------------------------------------------------------- the circle page


@bp.get("/circles/<public_id>")
def circle(public_id: str):
    view, token = load(public_id)
    return circle_page(view, token)


def circle_page(view: CircleView, token: str | None, **context: Any) -> str:
    host = view.member_index(request.args.get("host")) if request.args.get("host") else None
    editable = token is not None
    shown = circle_body.rendered(view, host, editable, lambda: present(view, host), **context)
    return render_template("circles/circle.html", view=view, body=shown, editable=editable)


@bp.get("/circles/<public_id>/people/<name>")
def person(public_id: str, name: str):
    """One member's record, and head-to-head with another (``?vs=NAME``)."""
    view, _token = load(public_id)
    member = view.member_index(name)
    if member is None:
        abort(404)
    rival = view.member_index(request.args.get("vs"))
    versus = None if rival is None or rival == member else people.head_to_head(view, member, rival)
    locale = page_locale()
    return render_template(
        "circles/person.html",
        view=view,
        record=people.person(view, member),
        versus=versus,
        variant_name=lambda variant: translate(scoring.get_variant(variant).name),
        fmt=lambda cents: money(cents, view.currency, locale),
    )


@bp.get("/circles/<public_id>/share")
def share(public_id: str):
    view, token = load(public_id)
    return render_template(
        "circles/share.html", view=view, shared=share_links(view.public_id, token)
    )


# What the page shows, worked out once per circle version, reader's locale and host:
# the phones at a table reload the same circle, and this is the page's dearest part
# after its template (every amount written by Babel).
_PRESENTED: LRUCache[tuple[str, int, str, int | None], dict[str, Any]] = LRUCache(maxsize=64)
_PRESENTED_LOCK = threading.Lock()
_WRITTEN: LRUCache[tuple[int, str, str], str] = LRUCache(maxsize=4096)


def present(view: CircleView, host: int | None) -> dict[str, Any]:
    key = (view.public_id, view.version, str(page_locale()), host)
    with _PRESENTED_LOCK:
        made = _PRESENTED.get(key)
    if made is None:
        made = _present(view, host)
        with _PRESENTED_LOCK:
            _PRESENTED[key] = made
    return made


def _present(view: CircleView, host: int | None) -> dict[str, Any]:
    """What the page shows, money written in the reader's locale."""
    locale = Locale.parse(page_locale())  # once: Babel parses a locale's name on each call

    def fmt(cents: int) -> str:
        # Babel's formatting is the page's dearest part: each amount once, and kept
        # across versions (a change moves a few balances; the records stay as they were).
        key = (cents, view.currency, str(locale))
        with _PRESENTED_LOCK:
            text = _WRITTEN.get(key)
        if text is None:
            text = money(cents, view.currency, locale)
            with _PRESENTED_LOCK:
                _WRITTEN[key] = text
        return text

    names = view.names
    balances = view.balances()
    stats = view.stats()
    best = [best_game(line.by_variant) for line in stats]
    return {
        "balances": [(n, b, fmt(b)) for n, b in zip(names, balances, strict=True)],
        "stats": [
            (
                names[i],
                line.games,
                line.wins,
                round(100 * line.wins / line.games) if line.games else 0,
                best[i],
                line.net_cents,
                fmt(line.net_cents),
            )
            for i, line in enumerate(stats)
        ],
        "host": None if host is None else names[host],
        "transfers": [
            (t["from"], t["to"], t["cents"], fmt(t["cents"])) for t in view.transfers(host)
        ],
        "records": [
            {
                "record": r,
                "payer": names[r.payer],
                "payee": None if r.payee is None else names[r.payee],
                "sharers": ", ".join(names[i] for i in r.shared_by or ()),
                "amount": fmt(r.cents),
            }
            for r in view.records[: -SHOWN_RECORDS - 1 : -1]
        ],
        "games": [
            (g, [names[m] for p in g.result.winners for m in g.result.sides[p]])
            for g in view.games[:SHOWN_GAMES]
        ],
        "more_records": len(view.records) > SHOWN_RECORDS,
        "chart": net_chart(view),
        "fmt": fmt,
    }


def net_chart(view: CircleView) -> Chart | None:
    """Net money at the table after each finished game, of the members who played most
    (as many as the chart has colours), from the first game on; a long season is drawn
    at every few games so the page stays light."""
    results = [e for _, _, e in view.events() if isinstance(e, ledger.GameResult)]
    if not results:
        return None
    rows = [row for _, row in ledger.running_balances(len(view.members), results)]
    step = -(-len(rows) // CHART_POINTS)
    # Every step-th game, and always the last: the chart ends where the season stands.
    rows = [row for index, row in enumerate(rows, 1) if index % step == 0 or index == len(rows)]
    stats = view.stats()
    played = [i for i in range(len(view.members)) if stats[i].games]
    chosen = sorted(sorted(played, key=lambda i: -stats[i].games)[:CHART_SERIES])
    series = {view.names[i]: [row[i] for row in rows] for i in chosen}
    return running_totals_chart(series, CHART_WIDTH, CHART_HEIGHT, CHART_PAD)


def best_game(by_variant: dict[str, dict[str, int]]) -> str | None:
    """The variant a member wins most at (most wins, then fewest games)."""
    won = [(count["wins"], -count["games"], v) for v, count in by_variant.items() if count["wins"]]
    return translate(scoring.get_variant(max(won)[2]).name) if won else None


def usual_games(view: CircleView) -> list[tuple[str, str]]:
    """Every game to choose from, the circle's most played first (by what it was started as)."""
    played = Counter(
        f"preset:{g.game.setup.preset}"
        if g.game.setup.preset
        else f"variant:{g.game.setup.variant}"
        for g in view.games
    )
    order = sorted(GAMES, key=lambda key: (-played[key], key != DEFAULT_GAME))
    return [(key, translate(GAMES[key][0])) for key in order]


def usual_stakes(view: CircleView) -> dict[str, Any] | None:
    """The stakes of the circle's last game with stakes."""
    for game in view.games:
        if game.game.setup.stakes is not None:
            return dict(game.game.setup.stakes)
    return None


def share_links(public_id: str, token: str | None) -> list[tuple[str, str, str]]:
    shared = [(_("Follow the circle (read only)"), links.circle_view_url(public_id))]
    if token:
        shared.append(
            (
                _("Keep the circle (edit link: share only with its members)"),
                links.circle_edit_url(public_id, token),
            )
        )
    return [(label, url, qr_svg(url)) for label, url in shared]


# ---------------------------------------------------------------- writes


def back(public_id: str, **args: Any):
    return redirect(url_for(".circle", public_id=public_id, **args), 303)


def refused(public_id: str, error: ServiceError):
    parts = [translate(error.detail), *(translate(text) for text in error.errors.values())]
    flash(" ".join(parts))
    return back(public_id)


@bp.route("/circles/<public_id>/games/new", methods=["GET", "POST"])
def new_game(public_id: str):
    """The new-game page every game starts from, its game started in the circle: the
    members offered as players, the circle's most played game and last stakes first."""
    token = editing(public_id)
    view = circles.check_token(unit_of_work(), public_id, token)

    def start(arguments: dict[str, Any]):
        language = arguments.pop("language", None)
        stakes = arguments.get("stakes")
        if stakes is not None and not stakes.get("currency"):
            stakes["currency"] = view.currency
        uow = unit_of_work()
        return circles.start_game(uow, public_id, token, arguments, language=language)

    def defaults(form: Any) -> None:
        form.game.data = usual_games(view)[0][0]
        fill_game_defaults(form, form.game.data)
        stakes = usual_stakes(view)
        if stakes is not None:
            form.stakes_on.data = True
            for name in ("cents_per_point", "round_to", "mode"):
                if name in stakes:
                    form[name].data = str(stakes[name])
        form.currency.data = view.currency

    return new_game_page(start, members=view.names, defaults=defaults, circle=view)


@bp.post("/circles/<public_id>/members")
def add_member(public_id: str):
    try:
        circles.add_member(unit_of_work(), public_id, editing(public_id), request.form.get("name"))
    except InvalidInput as error:
        return refused(public_id, error)
    return back(public_id)


@bp.post("/circles/<public_id>/members/rename")
def rename_member(public_id: str):
    try:
        circles.rename_member(
            unit_of_work(),
            public_id,
            editing(public_id),
            request.form.get("name"),
            request.form.get("new_name"),
        )
    except InvalidInput as error:
        return refused(public_id, error)
    return back(public_id)


@bp.post("/circles/<public_id>/expenses")
def add_expense(public_id: str):
    token = editing(public_id)
    view = circles.check_token(unit_of_work(), public_id, token)
    body = expense_body(request.form, view, cents_of)
    try:
        circles.add_expense(
            unit_of_work(), public_id, token, body, key=clean_key(request.form.get("key"))
        )
    except InvalidInput as error:
        # The page again, the form as typed and each message beside its field.
        errors = on_the_form(field_messages(error.errors))
        expense = {"form": request.form, "errors": errors, "detail": translate(error.detail)}
        return circle_page(view, token, expense=expense), 422
    flash(_("Expense added."))
    return back(public_id)


@bp.post("/circles/<public_id>/payments")
def add_payment(public_id: str):
    """Mark as paid: one of the transfers, or any money handed over."""
    token = editing(public_id)
    cents = request.form.get("cents")
    body = {
        "from": request.form.get("from"),
        "to": request.form.get("to"),
        "cents": int(cents) if cents and cents.isdigit() else cents_of(request.form.get("amount")),
        "note": request.form.get("note") or None,
    }
    try:
        circles.add_payment(
            unit_of_work(), public_id, token, body, key=clean_key(request.form.get("key"))
        )
    except InvalidInput as error:
        return refused(public_id, error)
    flash(_("Payment marked as paid."))
    return back(public_id, host=request.form.get("host") or None)


@bp.post("/circles/<public_id>/<any(expense, payment):kind>/<int:number>/<any(undo, redo):act>")
def undo_record(public_id: str, kind: str, number: int, act: str):
    # RecordNotFound: another phone did it first; the page shows it as it is.
    with suppress(circles.RecordNotFound):
        circles.remove_record(
            unit_of_work(), public_id, editing(public_id), kind, number, restore=act == "redo"
        )
    return back(public_id)


def cents_of(amount: Any) -> Any:
    """An amount typed in the currency's units ("12.50" or "12,50") as whole cents; what
    is not one is passed on as typed, for the use case to refuse with its message."""
    if not isinstance(amount, str):
        return amount
    try:
        value = Decimal(amount.strip().replace(",", "."))
    except InvalidOperation:
        return amount
    cents = value * 100
    if not cents.is_finite() or cents != cents.to_integral_value():
        return amount
    return int(cents)


@bp.get("/circles/<public_id>/statement.pdf")  # limited with every PDF (web.limit_pdfs)
def statement(public_id: str):
    view = circles.load_circle(unit_of_work(), public_id)
    pdf = circle_statement_pdf(
        view, view_url=links.circle_view_url(public_id), locale=page_locale()
    )
    return pdf_response(pdf, file_name(view.name, _("statement")))


# ---------------------------------------------------------------- the game page's link back


@bp.post("/circles/<public_id>/games/add")
def add_existing_game(public_id: str):
    """From a game's menu: this phone keeps both the game's and the circle's tokens."""
    game_id = request.form.get("game", "")
    try:
        circles.add_existing_game(
            unit_of_work(), public_id, editing(public_id), game_id, game_token(game_id)
        )
    except InvalidInput as error:
        return refused(public_id, error)
    flash(_("The game is in the circle now."))
    return redirect(url_for("table.game", public_id=game_id), 303)
