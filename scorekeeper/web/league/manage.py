"""League pages, on the league's blueprint: an organizer's leagues, a new league, and
running one (house rules, ranking, schedule, members, co-organizers, export and import)."""

from __future__ import annotations

import json
from datetime import date
from typing import Any
from urllib.parse import urlsplit

from flask import Response, current_app, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import ngettext
from flask_login import current_user, login_required

from scorekeeper import scoring
from scorekeeper.extensions import limiter
from scorekeeper.league import mailing, seating, transfer
from scorekeeper.league import services as league
from scorekeeper.league import standings as league_standings
from scorekeeper.league import views as league_views
from scorekeeper.service_layer import services
from scorekeeper.translate import preset_name
from scorekeeper.web.common import links
from scorekeeper.web.common.db import unit_of_work
from scorekeeper.web.common.i18n import LANGUAGES, chosen_language
from scorekeeper.web.league import mail as league_mail
from scorekeeper.web.league.accounts import invitation_said, invitation_url
from scorekeeper.web.league.blueprint import (
    attachment,
    bp,
    csv_response,
    form_int,
    keeps_input,
    organizer_id,
    typed_day,
)
from scorekeeper.web.table.forms import (
    HouseRulesForm,
    attach_errors,
    fill_options,
    game_variant,
    option_fields,
    options_given,
)
from scorekeeper.web.table.presenters import page_locale


@bp.get("/leagues/")
@login_required
def leagues():
    return render_template(
        "league/leagues.html",
        leagues=league.leagues_of(unit_of_work(), current_user.id),
        scoring=league.leagues_of(unit_of_work(), current_user.id, ("scorer",)),
    )


def rules_from_form(form) -> league.Rules:
    """House rules from the form: a preset or a variant, its house-rule fields, stakes.

    The league's name is checked with them, so one refusal names every wrong field.
    """
    errors: dict[str, str] = {}
    league_name = form.get("name", "")
    if not league_name.strip() or len(league_name.strip()) > 80:
        errors["name"] = _("must be 1 to 80 characters")
    game = chosen_game(form)
    options: dict[str, Any] = {}
    # As on the new-game page: fields filled in for another game (changed without the
    # script) do not apply, and a field left as first shown is the game's own.
    if game is not None and form.get("shown") == game:
        options = options_given(HouseRulesForm(formdata=form), game)
    stakes = stakes_from_form(form, errors)
    table_size = parse_value(form.get("table_size", "").strip(), "table_size", errors)
    try:
        rules = league.check_rules(
            preset=form.get("preset") or None,
            variant=form.get("variant") or None,
            options=options,
            stakes=stakes,
            table_size=table_size,
        )
    except services.InvalidInput as refused:
        errors = {**refused.errors, **errors}
    if errors:
        raise services.InvalidInput(_("These house rules cannot be used."), errors)
    return rules


def chosen_game(form) -> str | None:
    """The new-game page's name (``preset:…``, ``variant:…``) of the game the rules form
    chooses: the preset, or the variant chosen over it; None for neither."""
    preset, variant = form.get("preset") or None, form.get("variant") or None
    try:
        chosen = scoring.get_preset(preset) if preset else None
    except scoring.ScoringError:
        chosen = None
    if chosen is not None and variant in (None, chosen.variant):
        return f"preset:{chosen.name}"
    return f"variant:{variant}" if variant in scoring.VARIANTS else None


def house_rules(form, saved: league.Rules | None, errors: dict[str, str]) -> dict[str, Any]:
    """The chosen game's house-rule fields, as the new-game page shows them: as typed
    (``form``: a refused or re-shown form), else the ``saved`` rules. Errors about a
    field go beside it; those left are returned for the form's own places."""
    if form is None and saved is not None:
        game = chosen_game({"preset": saved.preset, "variant": saved.variant})
    else:
        game = chosen_game(form or {})
    if game is None:
        return {"game": None, "variant": None, "fields": [], "errors": errors}
    variant = scoring.get_variant(game_variant(game))
    if form is not None and form.get("shown") == game:
        fields = HouseRulesForm(formdata=form)
    else:
        fields = HouseRulesForm()
        fill_options(fields, game, saved.options if form is None and saved else None)
    pairs = option_fields(fields, variant.id)
    beside = {f"options.{spec.name}": field for field, spec in pairs}
    attach_errors(beside, {path: error for path, error in errors.items() if path in beside})
    left = {path: error for path, error in errors.items() if path not in beside}
    return {"game": game, "variant": variant, "fields": pairs, "errors": left}


def stakes_from_form(form, errors: dict[str, str]) -> dict[str, Any] | None:
    """Cents a point, or an entry fee into a pot (pool and deals rummy), or both; None
    for neither. A mode left blank is the game's usual one (pool rummy's is the pot)."""
    cents = form.get("cents_per_point", "").strip()
    entry = form.get("entry_cents", "").strip()
    if not cents and not entry:
        return None
    stakes: dict[str, Any] = {"currency": (form.get("currency") or "USD").strip().upper()}
    if form.get("mode"):
        stakes["mode"] = form.get("mode")
    if cents:
        stakes["cents_per_point"] = parse_value(cents, "stakes.cents_per_point", errors)
        round_to = form.get("round_to", "5").strip() or "5"
        stakes["round_to"] = parse_value(round_to, "stakes.round_to", errors)
    if entry:
        stakes["entry_cents"] = parse_value(entry, "stakes.entry_cents", errors)
    return stakes


# The table size and the stakes are numbers; anything deeper is refused before parsing.
VALUE_DEPTH = 4


def parse_value(raw: str, field: str, errors: dict[str, str]) -> Any:
    """JSON where it reads as JSON (true, 5, null), else the text itself."""
    if not raw:
        return None
    try:
        return transfer.read_json(raw, max_depth=VALUE_DEPTH, field=field)
    except transfer.NotJson:
        return raw
    except services.InvalidInput as refused:
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
        "table_size": str(rules.table_size),
        "cents_per_point": str(stakes.get("cents_per_point", "")),
        "round_to": str(stakes.get("round_to", 5)),
        "mode": stakes.get("mode", ""),
        "entry_cents": str(stakes.get("entry_cents") or ""),
        "currency": stakes.get("currency", "USD"),
    }


def rules_context() -> dict[str, Any]:
    return {
        # Stored and sent in English, shown in the page's language as on the new-game page.
        "presets": [
            (name, preset.variant, preset_name(name)) for name, preset in scoring.PRESETS.items()
        ],
        "variants": list(scoring.VARIANTS.values()),
        "table_sizes": league.table_sizes_said,
        "modes": ["", "pairs", "winner", "per_deal", "pot"],
        "languages": LANGUAGES,
    }


def render_new_league(*, failed: str | None = None, refused=None):
    errors = dict(refused.errors) if refused else {}
    return render_template(
        "league/new.html",
        values=request.form if failed else {"table_size": "", "language": chosen_language()},
        refused=refused,
        house=house_rules(request.form if failed else {}, None, errors),
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
        house=house_rules(
            request.form if failed == "rules" else None,
            view.rules,
            dict(refused.errors) if refused and failed == "rules" else {},
        ),
        rank_by=league_standings.RANK_BY,
        bye_counts=league_standings.BYE_COUNTS,
        bye_scores=league_views.BYE_SCORES,
        tiebreaks=league_views.TIEBREAKS,
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
        bye_scores=form.get("bye_scores", "nothing"),
        tiebreak=form.get("tiebreak", "buchholz"),
        accelerate=form.get("accelerate") == "1",
        hide_money=form.get("hide_money") == "1",
    )
    flash(_("The ranking rules were saved."))
    return redirect(url_for("league.manage", public_id=public_id) + "#ranking", 303)


@bp.post("/leagues/<public_id>/never-pairs")
@keeps_input(render_manage, "never")
def never_pair(public_id: str):
    form = request.form
    whole = lambda raw: int(raw) if raw.isdigit() and len(raw) < 10 else raw  # noqa: E731
    league.never_pair(
        unit_of_work(),
        public_id,
        organizer_id(),
        whole(form.get("first", "")),
        whole(form.get("second", "")),
        keep=form.get("keep", "1") == "1",
    )
    flash(_("The pairs never seated together were saved."))
    return redirect(url_for("league.manage", public_id=public_id) + "#never", 303)


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


@bp.post("/leagues/<public_id>/schedule/<row_id:planned_id>/move")
@keeps_input(render_manage, "move")
def move_night(public_id: str, planned_id: int):
    form = request.form
    league.move_night(
        unit_of_work(),
        public_id,
        organizer_id(),
        planned_id,
        form.get("held_on", ""),
        form.get("starts_at", ""),
    )
    flash(_("The night was moved; calendars will follow."))
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
        unit_of_work(),
        public_id,
        organizer_id(),
        request.form.get("email"),
        request.form.get("role", "co"),
    )
    if invited.token is None:
        flash(_("%(email)s runs this league already.", email=invited.email))
    else:
        # The same answer for every other address: it never tells who has an account.
        flash(invitation_said(invited))
        if league_mail.mail_on():
            url = invitation_url(invited.token)
            letter = mailing.invitation_letter(
                unit_of_work(), public_id, invited.email, url, page_locale()
            )
            league_mail.deliver([letter])
    return redirect(url_for("league.manage", public_id=public_id) + "#organizers", 303)


@bp.post("/leagues/<public_id>/invitations/<row_id:invitation_id>/withdraw")
def withdraw_invitation(public_id: str, invitation_id: int):
    league.withdraw_invitation(unit_of_work(), public_id, organizer_id(), invitation_id)
    return redirect(url_for("league.manage", public_id=public_id) + "#organizers", 303)


@bp.post("/leagues/<public_id>/organizers/<row_id:removed_id>/remove")
def remove_organizer(public_id: str, removed_id: int):
    league.remove_organizer(unit_of_work(), public_id, organizer_id(), removed_id)
    return redirect(url_for("league.manage", public_id=public_id) + "#organizers", 303)


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
    except services.InvalidInput as refused:
        return render_template("league/import.html", refused=refused), 422
    if result.league_id is not None:
        flash(_("The league was imported."))
        for invited in result.invited:
            flash(invitation_said(invited))
        return redirect(url_for("league.manage", public_id=result.league_id), 303)
    edit_url = links.edit_url(result.game_id, result.edit_token)
    flash(_("The game was imported. Its edit link: %(url)s", url=edit_url))
    return redirect(links.view_url(result.game_id), 303)
