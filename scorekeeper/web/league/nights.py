"""League pages, on the league's blueprint: a club night (seating, late arrivals, the
board, the printed pack and sheets) and its tables (source, totals, close, link)."""

from __future__ import annotations

from flask import flash, redirect, render_template, request, url_for
from flask_babel import gettext as _

from scorekeeper import scoring
from scorekeeper.league import seating
from scorekeeper.league import services as league
from scorekeeper.printing import PackTable, night_sheets_pdf, print_pack_pdf
from scorekeeper.service_layer import services
from scorekeeper.web.common import links
from scorekeeper.web.common.db import unit_of_work
from scorekeeper.web.common.i18n import speak
from scorekeeper.web.league.blueprint import (
    board_answer,
    bp,
    form_int,
    keeps_input,
    organizer_id,
    paper_asked,
    paper_refused,
    pdf_response,
    to_manage,
    typed_day,
)
from scorekeeper.web.league.confirm import confirm_url
from scorekeeper.web.league.manage import render_manage
from scorekeeper.web.league.screen import night_events_url
from scorekeeper.web.table import sheets
from scorekeeper.web.table.presenters import printed_locale


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
        version=(
            version := league.night_version(unit_of_work(), public_id, organizer_id(), night_id)
        ),
        events_url=night_events_url(public_id, night_id, version),
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
    return to_manage(public_id, "nights")


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
    page_size = paper_asked()
    if page_size is None:
        return paper_refused()
    view, night_view = league.night_view(unit_of_work(), public_id, organizer_id(), night_id)
    speak(view.language)
    if not night_view.started:
        raise services.InvalidInput(
            _("Start the night first: the pack prints each table's edit link."),
            {"night": _("not started")},
        )
    check_night_size(night_view.tables)
    rules = view.rules
    # A league that asks a second phone to confirm each result prints its link on the slip.
    confirm_urls = {
        number: confirm_url(public_id, night_id, number, token)
        for number, token in league.confirm_links(
            unit_of_work(), public_id, organizer_id(), night_id
        ).items()
    }
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
            confirm_url=confirm_urls.get(table.number),
        )
        for table in night_view.tables
    ]
    public_url = f"{links.base_url()}{url_for('league.public', public_id=view.public_id)}"
    screen = league.screen_token(unit_of_work(), public_id, organizer_id(), night_id)
    screen_url = screen and links.base_url() + url_for(
        "league.screen", public_id=public_id, night_id=night_id, token=screen
    )
    pdf = print_pack_pdf(
        tables,
        title=view.name,
        day=night_view.held_on,
        public_url=public_url if view.published else None,
        screen_url=screen_url,
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
        raise services.InvalidInput(
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
        raise services.InvalidInput(
            _(
                "This night has %(tables)s tables; one PDF prints at most %(most)s.",
                tables=len(tables),
                most=NIGHT_MAX_TABLES,
            ),
            {"night": _("at most %(most)s tables", most=NIGHT_MAX_TABLES)},
        )


def check_night_deals(games) -> None:
    """Each table's sheet within a sheet's deal limit, and the night's deals within its own."""
    most = sheets.SHEET_MAX_DEALS  # read on each call: a setting of the sheets' module
    for number, game, _url in games:
        if len(game.entries) > most:
            raise services.InvalidInput(
                _(
                    "Table %(number)s has %(deals)s deals; a sheet prints at most %(most)s. "
                    "Its deals are all on the game's history page.",
                    number=number,
                    deals=len(game.entries),
                    most=most,
                ),
                {f"tables.{number}.deals": _("at most %(most)s deals", most=most)},
            )
    deals = sum(len(game.entries) for _number, game, _url in games)
    if deals > NIGHT_MAX_DEALS:
        raise services.InvalidInput(
            _(
                "The night's games have %(deals)s deals; one PDF prints at most %(most)s. "
                "Print each table's own sheet from its game page.",
                deals=deals,
                most=NIGHT_MAX_DEALS,
            ),
            {"night": _("at most %(most)s deals", most=NIGHT_MAX_DEALS)},
        )


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
