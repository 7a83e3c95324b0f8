"""Printed sheets: a game's score sheet and blank score pads, as PDF downloads."""

from __future__ import annotations

import unicodedata
from datetime import date
from functools import cache
from typing import Any
from urllib.parse import quote

from flask import Blueprint, Response, abort, render_template, request
from flask_babel import get_locale
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    Field,
    FieldList,
    IntegerField,
    SelectChoice,
    SelectField,
    StringField,
)
from wtforms.validators import InputRequired, Length, NumberRange, Optional, Regexp

from scorekeeper import jobs
from scorekeeper.printing import PrintError, blank_pad_pdf, game_sheet_pdf
from scorekeeper.printing.budget import content_key
from scorekeeper.printing.layout import PAGE_SIZES, check_size, default_size, requested_size
from scorekeeper.printing.pad import MAX_ROWS
from scorekeeper.printing.pad_layout import two_up_most
from scorekeeper.printing.render import unreachable_from_phones
from scorekeeper.scoring import PRESETS, VARIANTS, get_variant
from scorekeeper.service_layer import services
from scorekeeper.service_layer.errors import GameNotFound
from scorekeeper.service_layer.results import GameView
from scorekeeper.translate import lazy_translation, preset_name, translate
from scorekeeper.web.common import links
from scorekeeper.web.common.db import unit_of_work
from scorekeeper.web.common.i18n import speak
from scorekeeper.web.table.fields import form_words
from scorekeeper.web.table.forms import (
    BLANK,
    EveryGameOptions,
    option_field_name,
    option_kind,
    option_value,
)
from scorekeeper.web.table.presenters import page_locale, printed_locale

# Its PDFs share the app's PDF limit (web.limit_pdfs).
bp = Blueprint("sheets", __name__)

# The free pad's 20 (a table of that many prints in tables of a few players each);
# the other games' own counts are the pad's to check (2 to 8).
MAX_SEATS = 20
# Seats past this many are folded away on the form: only the free pad takes them.
FEW_SEATS = 8


def game_choices() -> list[SelectChoice]:
    return [
        *(SelectChoice(f"preset:{name}", name, optgroup=_("Presets")) for name in PRESETS),
        *(
            SelectChoice(f"variant:{cls.id}", cls.name, optgroup=_("Variants"))
            for cls in VARIANTS.values()
        ),
    ]


class PadForm(FlaskForm, metaclass=EveryGameOptions):
    # A GET form for a download: nothing changes, so no CSRF token, which in a
    # query string would leak into history and logs and could forge the app's POSTs.
    class Meta:
        csrf = False

    game = SelectField(_l("Game"), choices=game_choices, default="preset:Crazy Gin (13 deals)")
    players = IntegerField(
        _l("Players"),
        default=4,
        validators=[
            InputRequired(_l("Say how many players.")),
            NumberRange(1, MAX_SEATS, _l("A pad has room for 1 to 20 players.")),
        ],
    )
    names = FieldList(
        StringField(_l("Name"), validators=[Length(max=40, message=_l("At most 40 characters."))]),
        min_entries=MAX_SEATS,
        max_entries=MAX_SEATS,
    )
    page_size = SelectField(
        _l("Paper"),
        choices=[SelectChoice(size) for size in PAGE_SIZES],
        # Any case, as on every PDF route: "letter" is Letter.
        filters=[lambda size: _canonical_size(size)],
    )
    orientation = SelectField(
        _l("Orientation"),
        choices=[
            SelectChoice("auto", _l("Whatever fits the table")),
            SelectChoice("portrait", _l("Portrait")),
            SelectChoice("landscape", _l("Landscape")),
        ],
    )
    two_up = BooleanField(
        _l("Two pads to a page (half sheets, for a few players: how many, game by game, below)")
    )
    title = StringField(
        _l("Title (optional)"), validators=[Length(max=80, message=_l("At most 80 characters."))]
    )
    first_dealer = SelectField(
        _l("First dealer"),
        choices=[
            SelectChoice(str(seat), _l("Seat %(number)s", number=seat))
            for seat in range(1, MAX_SEATS + 1)
        ],
        default="1",
    )
    rows = IntegerField(
        _l("Rows (optional: blank for what the game needs)"),
        validators=[
            Optional(),
            NumberRange(1, MAX_ROWS, _l("A pad has 1 to %(most)s rows.", most=MAX_ROWS)),
        ],
    )
    cents_per_point = IntegerField(
        _l("Stakes in cents a point (optional)"),
        validators=[Optional(), NumberRange(0, 10_000, _l("From 0 to 10000 cents a point."))],
    )
    # A game played for a pot (pool and deals rummy) needs its entry fee to print one.
    entry_cents = IntegerField(
        _l("Entry fee into the pot, in cents"),
        validators=[Optional(), NumberRange(0, 10_000_000, _l("From 0 to 10000000 cents."))],
    )
    currency = StringField(
        _l("Currency"),
        default="USD",
        validators=[Regexp(r"^[A-Za-z]{3}$", message=_l("A 3-letter code such as USD or EUR."))],
    )

    def variant_id(self) -> str:
        kind, _, value = self.game.data.partition(":")
        return PRESETS[value].variant if kind == "preset" else value

    def pad_arguments(self) -> dict:
        kind, _, value = self.game.data.partition(":")
        names = [(name or "").strip() for name in self.names.data][: self.players.data]
        seat = int(self.first_dealer.data) - 1
        stakes = None
        if self.cents_per_point.data is not None or self.entry_cents.data is not None:
            stakes = {"currency": self.currency.data.upper()}
            if self.cents_per_point.data is not None:
                stakes["cents_per_point"] = self.cents_per_point.data
            if self.entry_cents.data is not None:
                stakes["entry_cents"] = self.entry_cents.data
        return {
            kind: value,
            "players": self.players.data,
            "names": names,
            "first_dealer": names[seat] if seat < len(names) and names[seat] else None,
            "page_size": self.page_size.data,
            "orientation": None if self.orientation.data == "auto" else self.orientation.data,
            "title": (self.title.data or "").strip() or None,
            "rows": self.rows.data,
            "options": self.house_rules(),
            "stakes": stakes,
            "locale": page_locale(),
            "two_up": self.two_up.data,
        }

    def house_rules(self) -> dict:
        """The chosen game's house rules that were changed; blank: as the game plays it.
        Read as the new-game page reads them (``forms.option_value``): a list one item
        a line, a contract as "10: 2 groups of 3"."""
        options = {}
        for field, spec in self.house_rule_fields(self.variant_id()):
            given = (field.data or "").strip()
            if not given:
                continue
            value = option_value(spec, option_kind(spec).pad_data(given))
            if value is not BLANK:
                options[spec.name] = value
        return options

    def first_dealer_unnamed(self) -> bool:
        """A first dealer other than seat 1 needs a name: the rows name who deals."""
        seat = int(self.first_dealer.data)
        names = [(name or "").strip() for name in self.names.data]
        if seat > 1 and not names[seat - 1]:
            self.first_dealer.errors = [
                _("Write the name of seat %(number)s to print who deals first.", number=seat)
            ]
            return True
        return False

    def house_rule_fields(self, variant: str) -> list[tuple[Field, Any]]:
        return [
            (self[option_field_name(variant, spec.name)], spec)
            for spec in VARIANTS[variant].options
        ]

    def names_beyond_players(self) -> bool:
        found = False
        for seat, field in enumerate(self.names.entries):
            if seat >= self.players.data and (field.data or "").strip():
                field.errors = [
                    _(
                        "Seat %(number)s is beyond the %(players)s players.",
                        number=seat + 1,
                        players=self.players.data,
                    )
                ]
                found = True
        return found

    def show(self, errors: dict[str, str]) -> None:
        """Put PrintError's field errors beside the fields they are about."""
        variant = self.variant_id()
        rules = {spec.name for spec in VARIANTS[variant].options}
        for path, message in errors.items():
            head, _, rest = path.partition(".")
            if head == "names" and rest.isdigit() and int(rest) < MAX_SEATS:
                field = self.names.entries[int(rest)]
            elif head in (
                *("players", "names", "page_size", "orientation", "rows", "first_dealer"),
                "two_up",
            ):
                field = getattr(self, head)
            elif head == "options" and rest.partition(".")[0] in rules:  # contracts.2
                field = self[option_field_name(variant, rest.partition(".")[0])]
            elif head == "stakes":
                field = {"currency": self.currency, "entry_cents": self.entry_cents}.get(
                    rest, self.cents_per_point
                )
            else:  # preset, variant: the choice of game
                field = self.game
            field.errors = [*field.errors, form_words(message)]


def _house_rule_field(spec) -> Field:
    """A house rule on the pad form; blank keeps the game's own (a preset's) rule. Its
    label, help and choices in the reader's language, as the new-game page says them."""
    label = lazy_translation(spec.label) if spec.label else spec.name
    help_text = lazy_translation(spec.help)
    return option_kind(spec).pad_field(spec, label, help_text)


PadForm.option_field = staticmethod(_house_rule_field)


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


@cache
def two_up_table() -> tuple[tuple[str, str, int, int], ...]:
    """Each game the form offers (its kind and name) and up to how many players its pad
    prints two to a page on A4 and on Letter, as measured from the layout
    (printing.pad_layout.two_up_most): the same for every request, made once."""
    games = [("preset", name) for name in PRESETS] + [("variant", v) for v in VARIANTS]
    return tuple(
        (kind, name, *(two_up_most(**{kind: name}, page_size=size) for size in PAGE_SIZES))
        for kind, name in games
    )


def two_up_lines() -> list[str]:
    """The pad form's line for each game: up to how many players fit two to a page."""
    lines = []
    for kind, name, a4, letter in two_up_table():
        game = preset_name(name) if kind == "preset" else translate(VARIANTS[name].name)
        if not a4 and not letter:
            lines.append(_("%(game)s: a whole page only", game=game))
        elif a4 == letter:
            lines.append(_("%(game)s: up to %(most)s players", game=game, most=a4))
        else:
            lines.append(
                _(
                    "%(game)s: up to %(a4)s players on A4, %(letter)s on Letter",
                    game=game,
                    a4=a4,
                    letter=letter,
                )
            )
    return lines


@bp.get("/pads/new")
def new_pad():
    form = PadForm(formdata=None, page_size=browser_paper())
    return render_pad_form(form)


def render_pad_form(form: PadForm) -> str:
    rules_changed = any(
        field.errors or field.data
        for variant in VARIANTS
        for field, _ in form.house_rule_fields(variant)
    )
    return render_template(
        "print/new_pad.html",
        form=form,
        variants=list(VARIANTS.values()),
        house_rules_open=rules_changed,
        few_seats=FEW_SEATS,
        two_up_lines=two_up_lines(),
        more_seats_open=any(
            (field.data or "").strip() or field.errors for field in form.names[FEW_SEATS:]
        ),
    )


@bp.get("/pads/pad.pdf")
def pad_pdf():
    form = PadForm(formdata=request.args)
    if not form.validate() or form.names_beyond_players() or form.first_dealer_unnamed():
        return render_pad_form(form), 400
    arguments = form.pad_arguments()
    try:
        pdf = blank_pad_pdf(**arguments)
    except PrintError as error:
        form.show(error.errors)
        return render_pad_form(form), 400
    variant = VARIANTS[form.variant_id()]
    game = arguments.get("preset") or variant.name
    # In English, as the pad's title says it ("Free score pad", not "... score pad score pad").
    name = file_name(
        arguments["title"], variant.pad_title.msgid % {"game": game}, date.today().isoformat()
    )
    return pdf_response(pdf, name)


@bp.get("/games/<public_id>/sheet.pdf")
def game_sheet(public_id: str):
    try:
        size = requested_size(request.args)
    except PrintError as error:
        message = _(
            "%(detail)s The sheet's page_size %(error)s.",
            detail=translate(error.detail),
            error=translate(error.errors["page_size"]),
        )
        return render_template("error.html", code=400, message=message), 400
    try:
        game = services.load_game(unit_of_work(), public_id)
    except GameNotFound:
        abort(404)
    try:
        pdf = cached_game_sheet(game, size)
    except PrintError as error:
        return render_template("error.html", code=422, message=translate(error.detail)), 422
    return pdf_response(pdf, sheet_file_name(game))


# The longest game one sheet prints (the longest fixed game is 200 deals): about
# four seconds of CPU; a longer one (stalemates in a game to a target) is refused.
SHEET_MAX_DEALS = 200


def cached_game_sheet(game: GameView, page_size: str) -> bytes:
    """The game's sheet, in the game's language, made once per game version, size,
    language and link, whoever reads it.

    A reload, a second phone, a reader in another region or a refused retry costs a
    lookup, not a render: the sheet's figures and dates are written as its language
    usually writes them (en_US, fr_FR), not as each reader's browser would.
    Kept with every made PDF (jobs.files), for every process and server. Raises
    PrintError for a game longer than SHEET_MAX_DEALS, BeingMade while a worker makes it.
    """
    check_sheet_length(game)
    speak(game.language)  # a French table's sheet is French whoever downloads it
    view_url = links.view_url(game.public_id)
    version = (game.public_id, str(game.version), page_size, get_locale().language, view_url)
    key = content_key("game-sheet", *version)
    pdf = jobs.files().get(key)
    if pdf is None:
        pdf = game_sheet_pdf(game, view_url=view_url, page_size=page_size, locale=printed_locale())
        jobs.files().put(key, pdf)
    return pdf


def check_sheet_length(game: GameView, where: str = "deals") -> None:
    """Raises PrintError for a game longer than a sheet prints (SHEET_MAX_DEALS)."""
    if len(game.entries) > SHEET_MAX_DEALS:
        raise PrintError(
            {where: _("a sheet prints at most %(most)s deals", most=SHEET_MAX_DEALS)},
            _(
                "This game has %(deals)s deals; a sheet prints at most %(most)s. Its deals "
                "are all on the game's history page.",
                deals=len(game.entries),
                most=SHEET_MAX_DEALS,
            ),
        )


def pdf_response(pdf: bytes, filename: str) -> Response:
    response = Response(pdf, mimetype="application/pdf")
    response.headers["Content-Disposition"] = content_disposition(filename)
    response.headers["Cache-Control"] = "no-cache"
    return response


def content_disposition(filename: str, *, inline: bool = True) -> str:
    """``inline; filename="..."; filename*=UTF-8''...``: an ASCII name for old clients
    (accents dropped, anything unsafe as _) and the name as typed (RFC 5987), so
    "Zoë's game.pdf" saves as such. Nothing from the name can end the header."""
    name = " ".join(filename.split())[:150] or "file.pdf"
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    ascii_name = "".join(c if c.isalnum() or c in " .-_" else "_" for c in ascii_name).strip()
    disposition = "inline" if inline else "attachment"
    return (
        f'{disposition}; filename="{ascii_name or "file"}"; '
        f"filename*=UTF-8''{quote(name, safe='')}"
    )


def sheet_file_name(game: GameView) -> str:
    """ "Friday 500 Rum 2024-11-08 Tq3x….pdf": the title, the game, the day it began."""
    setup = game.setup
    played = setup.preset or get_variant(setup.variant).name
    return file_name(game.title, played, game.created_at.date().isoformat(), game.public_id)


def file_name(*parts: str | None) -> str:
    """A descriptive PDF file name from its non-empty parts: "Friday 500 Rum 2024-11-08.pdf"."""
    return " ".join(part for part in parts if part) + ".pdf"
