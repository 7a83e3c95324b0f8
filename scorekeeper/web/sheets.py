"""Printed sheets: a game's score sheet and blank score pads, as PDF downloads."""

from __future__ import annotations

from flask import Blueprint, Response, abort, current_app, render_template, request
from flask_wtf import FlaskForm
from wtforms import FieldList, IntegerField, SelectChoice, SelectField, StringField
from wtforms.validators import InputRequired, Length, NumberRange

from scorekeeper.extensions import limiter
from scorekeeper.printing import PrintError, blank_pad_pdf, game_sheet_pdf
from scorekeeper.printing.layout import PAGE_SIZES, check_size, default_size, requested_size
from scorekeeper.printing.render import unreachable_from_phones
from scorekeeper.scoring import PRESETS, VARIANTS
from scorekeeper.service_layer import services
from scorekeeper.web import links, unit_of_work
from scorekeeper.web.presenters import page_locale

bp = Blueprint("sheets", __name__)
# Rendering a PDF costs a tenth of a second or more of CPU: limit it like a write.
limiter.limit(lambda: current_app.config["RATELIMIT_SHEETS"])(bp)

MAX_SEATS = 8


def game_choices() -> list[SelectChoice]:
    return [
        *(SelectChoice(f"preset:{name}", name, optgroup="Presets") for name in PRESETS),
        *(
            SelectChoice(f"variant:{cls.id}", cls.name, optgroup="Variants")
            for cls in VARIANTS.values()
        ),
    ]


class PadForm(FlaskForm):
    # A GET form for a download: nothing changes, so no CSRF token, which in a
    # query string would leak into history and logs and could forge the app's POSTs.
    class Meta:
        csrf = False

    game = SelectField("Game", choices=game_choices, default="preset:Crazy Gin (13 deals)")
    players = IntegerField(
        "Players",
        default=4,
        validators=[
            InputRequired("Say how many players."),
            NumberRange(2, MAX_SEATS, "A pad has room for 2 to 8 players."),
        ],
    )
    names = FieldList(
        StringField("Name", validators=[Length(max=40, message="At most 40 characters.")]),
        min_entries=MAX_SEATS,
        max_entries=MAX_SEATS,
    )
    page_size = SelectField(
        "Paper",
        choices=[SelectChoice(size) for size in PAGE_SIZES],
        # Any case, as on every PDF route: "letter" is Letter.
        filters=[lambda size: _canonical_size(size)],
    )
    orientation = SelectField(
        "Orientation",
        choices=[
            SelectChoice("auto", "Whatever fits the table"),
            SelectChoice("portrait", "Portrait"),
            SelectChoice("landscape", "Landscape"),
        ],
    )

    def pad_arguments(self) -> dict:
        kind, _, value = self.game.data.partition(":")
        names = [(name or "").strip() for name in self.names.data]
        return {
            kind: value,
            "players": self.players.data,
            "names": names[: self.players.data],
            "page_size": self.page_size.data,
            "orientation": None if self.orientation.data == "auto" else self.orientation.data,
        }

    def names_beyond_players(self) -> bool:
        found = False
        for seat, field in enumerate(self.names.entries):
            if seat >= self.players.data and (field.data or "").strip():
                field.errors = [f"Seat {seat + 1} is beyond the {self.players.data} players."]
                found = True
        return found

    def show(self, errors: dict[str, str]) -> None:
        """Put PrintError's field errors beside the fields they are about."""
        for path, message in errors.items():
            head, _, rest = path.partition(".")
            if head == "names" and rest.isdigit() and int(rest) < MAX_SEATS:
                field = self.names.entries[int(rest)]
            elif head in ("players", "names", "page_size", "orientation"):
                field = getattr(self, head)
            else:  # preset, variant, options.*: the choice of game
                field = self.game
            field.errors = [*field.errors, message]


def _canonical_size(size: str | None) -> str | None:
    try:
        return check_size(size)
    except PrintError:
        return size  # left as typed: the choices refuse it beside the field


def browser_paper() -> str:
    """Letter where the browser asks for a US or Canadian language, else A4."""
    best = request.accept_languages.best
    return default_size(best.replace("-", "_")) if best else "A4"


@bp.app_context_processor
def link_warning() -> dict:
    """``links_unreachable``: the printed QR codes would point at this machine itself
    (no public base URL is set and the request came to 127.0.0.1), which no phone opens."""
    return {"links_unreachable": unreachable_from_phones(links.base_url())}


@bp.get("/pads/new")
def new_pad():
    form = PadForm(formdata=None, page_size=browser_paper())
    return render_template("print/new_pad.html", form=form)


@bp.get("/pads/pad.pdf")
def pad_pdf():
    form = PadForm(formdata=request.args)
    if not form.validate() or form.names_beyond_players():
        return render_template("print/new_pad.html", form=form), 400
    try:
        pdf = blank_pad_pdf(**form.pad_arguments())
    except PrintError as error:
        form.show(error.errors)
        return render_template("print/new_pad.html", form=form), 400
    return pdf_response(pdf, "score-pad.pdf")


@bp.get("/games/<public_id>/sheet.pdf")
def game_sheet(public_id: str):
    try:
        size = requested_size(request.args)
    except PrintError as error:
        message = f"{error.detail} The sheet's page_size {error.errors['page_size']}."
        return render_template("error.html", code=400, message=message), 400
    try:
        game = services.load_game(unit_of_work(), public_id)
    except services.GameNotFound:
        abort(404)
    pdf = game_sheet_pdf(
        game, view_url=links.view_url(public_id), page_size=size, locale=page_locale()
    )
    return pdf_response(pdf, f"scorekeeper-{public_id}.pdf")


def pdf_response(pdf: bytes, filename: str) -> Response:
    response = Response(pdf, mimetype="application/pdf")
    response.headers["Content-Disposition"] = f'inline; filename="{filename}"'
    response.headers["Cache-Control"] = "no-cache"
    return response
