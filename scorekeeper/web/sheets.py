"""Printed sheets: a game's score sheet and blank score pads, as PDF downloads."""

from __future__ import annotations

from threading import Lock

from cachetools import LRUCache
from flask import Blueprint, Response, abort, render_template, request
from flask_wtf import FlaskForm
from wtforms import FieldList, IntegerField, SelectChoice, SelectField, StringField
from wtforms.validators import InputRequired, Length, NumberRange

from scorekeeper.printing import PrintError, blank_pad_pdf, game_sheet_pdf
from scorekeeper.printing.layout import PAGE_SIZES
from scorekeeper.scoring import PRESETS, VARIANTS
from scorekeeper.service_layer import services
from scorekeeper.web import links, unit_of_work
from scorekeeper.web.presenters import page_locale

# Its PDFs share the app's PDF limit (web.limit_pdfs).
bp = Blueprint("sheets", __name__)

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
    page_size = SelectField("Paper", choices=[SelectChoice(size) for size in PAGE_SIZES])
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


@bp.get("/pads/new")
def new_pad():
    return render_template("print/new_pad.html", form=PadForm(formdata=None))


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
    size = request.args.get("size", "A4")
    if size not in PAGE_SIZES:
        return Response(
            f"size must be one of {', '.join(PAGE_SIZES)}.\n", status=400, mimetype="text/plain"
        )
    try:
        game = services.load_game(unit_of_work(), public_id)
    except services.GameNotFound:
        abort(404)
    try:
        pdf = cached_game_sheet(game, size)
    except PrintError as error:
        return Response(f"{error.detail}\n", status=422, mimetype="text/plain")
    return pdf_response(pdf, f"scorekeeper-{public_id}.pdf")


# The longest game one sheet prints (the longest fixed game is 200 deals): about
# four seconds of CPU; a longer one (stalemates in a game to a target) is refused.
SHEET_MAX_DEALS = 200
# Each worker keeps the newest sheets it made, per game version, up to this many bytes.
_sheets: LRUCache[tuple, bytes] = LRUCache(maxsize=32 * 2**20, getsizeof=len)
_sheets_lock = Lock()


def cached_game_sheet(game: services.GameView, page_size: str) -> bytes:
    """The game's sheet, made once per game version, size, locale and link.

    A reload, a second phone or a refused retry costs a lookup, not a render.
    Raises PrintError for a game longer than SHEET_MAX_DEALS or an unknown size.
    """
    if len(game.entries) > SHEET_MAX_DEALS:
        raise PrintError(
            {"deals": f"a sheet prints at most {SHEET_MAX_DEALS} deals"},
            f"This game has {len(game.entries)} deals; a sheet prints at most "
            f"{SHEET_MAX_DEALS}. Its deals are all on the game's history page.",
        )
    view_url = links.view_url(game.public_id)
    key = (game.public_id, game.version, page_size, page_locale(), view_url)
    with _sheets_lock:
        pdf = _sheets.get(key)
    if pdf is None:
        pdf = game_sheet_pdf(game, view_url=view_url, page_size=page_size, locale=key[3])
        with _sheets_lock:
            _sheets[key] = pdf
    return pdf


def pdf_response(pdf: bytes, filename: str) -> Response:
    response = Response(pdf, mimetype="application/pdf")
    response.headers["Content-Disposition"] = f'inline; filename="{filename}"'
    response.headers["Cache-Control"] = "no-cache"
    return response
