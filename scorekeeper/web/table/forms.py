"""WTForms for the table pages: a new game, and the small one-button forms. The
entry of one deal is web.table.deal_forms', its fields' widgets web.table.fields' (both
re-exported here, where the pages have always found them).

The forms only carry what was typed. Every rule (names, bounds, who may have a
hand value) is the scoring core's, reached through the services; their field
paths (``players.1``, ``options.target``) are mapped back onto these fields so
each message shows beside the field it is about.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    Field,
    FieldList,
    Form,
    HiddenField,
    SelectField,
    StringField,
)
from wtforms.fields.choices import SelectChoice

from scorekeeper import scoring
from scorekeeper.scoring.messages import message
from scorekeeper.scoring.options import POT_STAKES
from scorekeeper.translate import lazy_translation
from scorekeeper.web.common.i18n import LANGUAGES, chosen_language
from scorekeeper.web.table.deal_forms import DealForm, deal_form  # noqa: F401 (re-exported)
from scorekeeper.web.table.fields import NUMERIC, attach_errors, clean_key, new_key, number_or_text  # noqa: F401 (re-exported)
from scorekeeper.web.table.option_kinds import (  # noqa: F401 (re-exported)
    BLANK,
    list_field,
    list_text,
    option_kind,
    option_value,
)

# The most players any variant takes (the free pad's 20); each game's own most is
# its variant's max_players. Seats stay at the partnership tables' 8 on this page.
MAX_PLAYERS = max(variant.max_players for variant in scoring.VARIANTS.values())
MAX_SEATS = 8
# Enough name fields for most tables without JS; blank ones are ignored.
DEFAULT_SLOTS = 4

# ---------------------------------------------------------------- a new game


Game = tuple[str, str, str, Mapping[str, Any], Mapping[str, Any] | None]


class RegistryGames(Mapping[str, Game]):
    """value -> (label, description, variant id, options, stakes) for every preset and
    variant the registry holds when asked (a game family registered since, such as a
    test's toy game, is offered too); the label and the description are the core's
    Messages in English (the preset's name is its id)."""

    _kept: tuple[tuple, dict[str, Game]] = ((), {})

    def _games(self) -> dict[str, Game]:
        # The new game page asks thousands of times a render; the registry rarely changes.
        names = (tuple(scoring.PRESETS), tuple(scoring.VARIANTS))
        kept_names, games = self._kept
        if kept_names != names:
            games = self._made()
            self._kept = (names, games)
        return games

    def _made(self) -> dict[str, Game]:
        presets = {
            f"preset:{p.name}": (p.name, p.description, p.variant, p.options, p.stakes)
            for p in scoring.PRESETS.values()
        }
        variants = {
            f"variant:{v.id}": (
                message("%(variant)s (set it up yourself)", variant=v.name),
                v.description,
                v.id,
                {},
                None,
            )
            for v in scoring.VARIANTS.values()
        }
        return {**presets, **variants}

    def __getitem__(self, key: str) -> Game:
        return self._games()[key]

    def __iter__(self):
        return iter(self._games())

    def __len__(self) -> int:
        return len(self._games())


GAMES = RegistryGames()
DEFAULT_GAME = "preset:Crazy Gin (13 deals)"

# Every stake any game takes: the pot's (Indian rummy) are a superset of the others.
STAKE_SPECS = {spec.name: spec for spec in POT_STAKES}
MODE_LABELS = {
    "pairs": _l("Everyone settles with everyone"),
    "winner": _l("Only the winner is paid"),
    "per_deal": _l("Each deal's losers pay its winner (Rummy, Indian rummy)"),
    "pot": _l("A pot: each entry pays in, the winner takes it (Indian rummy)"),
}


def option_field_name(variant_id: str, option: str) -> str:
    return f"o_{variant_id}_{option}"


def _option_field(spec: scoring.OptionSpec) -> Field:
    label = lazy_translation(spec.label) if spec.label else spec.name
    return option_kind(spec).field(spec, label, lazy_translation(spec.help))


def _stake_number(name: str, label: str, default: str) -> Field:
    """A stakes field typed as a whole number, its help the core's for that stake."""
    help = lazy_translation(STAKE_SPECS[name].help)
    return StringField(label, default=default, render_kw=NUMERIC, description=help)


class EveryGameOptions(type(FlaskForm)):
    """A form class that carries every game's option fields, those of a game family
    registered since it was made too (a test's toy game): they are added, each by the
    class's ``option_field``, before each form is made."""

    def __call__(cls, *args, **kwargs):
        for variant in scoring.VARIANTS.values():
            for spec in variant.options:
                name = option_field_name(variant.id, spec.name)
                if name not in cls.__dict__:
                    setattr(cls, name, cls.option_field(spec))
        return super().__call__(*args, **kwargs)


class NewGameForm(FlaskForm, metaclass=EveryGameOptions):
    game = SelectField(
        _l("Game"),
        choices=lambda: [SelectChoice(k, lazy_translation(v[0])) for k, v in GAMES.items()],
        default=DEFAULT_GAME,
    )
    # The game the house rules below were filled in for (see options_for).
    shown = HiddenField(default=DEFAULT_GAME)
    title = StringField(
        _l("Name this game (optional)"), render_kw={"maxlength": 120, "autocomplete": "off"}
    )
    # The game's sheet and shared view speak it; this page's language unless changed.
    language = SelectField(
        _l("Language of the sheet and view link"),
        choices=[SelectChoice(code, name) for code, name in LANGUAGES.items()],
        default=chosen_language,
    )
    players = FieldList(
        StringField(
            _l("Player"),
            # No maxlength: a browser would cut a longer name silently; the server says so.
            render_kw={"autocomplete": "off", "list": "known-names"},
        ),
        min_entries=DEFAULT_SLOTS,
        max_entries=MAX_PLAYERS,
    )
    # Partnership games only: the people at the table, partners alternating.
    seats = FieldList(
        StringField(_l("Seat"), render_kw={"autocomplete": "off"}),
        min_entries=MAX_SEATS,
        max_entries=MAX_SEATS,
    )
    first_dealer = SelectField(
        _l("First dealer"),
        choices=[
            SelectChoice(str(i), _l("Player %(number)s", number=i + 1)) for i in range(MAX_PLAYERS)
        ],
        default="0",
    )
    stakes_on = BooleanField(_l("Play for money"))
    cents_per_point = _stake_number("cents_per_point", _l("Cents per point"), "1")
    round_to = SelectField(
        _l("Round each amount to"),
        choices=[SelectChoice(str(c), f"{c} ¢") for c in STAKE_SPECS["round_to"].choices],
        default="5",
    )
    mode = SelectField(
        _l("Who pays whom"),
        choices=[SelectChoice(c, MODE_LABELS[c]) for c in STAKE_SPECS["mode"].choices],
        default="pairs",
    )
    deal_winner_cents = _stake_number(
        "deal_winner_cents", _l("Cents to whoever goes out, each deal"), "0"
    )
    entry_cents = _stake_number("entry_cents", _l("Entry fee into the pot, in cents"), "")
    currency = StringField(
        _l("Currency"),
        default="USD",
        render_kw={"maxlength": 3, "autocomplete": "off", "autocapitalize": "characters"},
        description=_l("A 3-letter code such as USD, EUR or GBP."),
    )


class HouseRulesForm(Form, metaclass=EveryGameOptions):
    """A league's house rules: the new-game page's option fields, for the league's rules
    form (which carries its own CSRF token and reads its other fields itself)."""

    shown = HiddenField()  # the game the fields were filled in for, as on the new-game page


NewGameForm.option_field = HouseRulesForm.option_field = staticmethod(_option_field)

# Either form: both carry every game's option fields and ``shown``.
OptionsForm = NewGameForm | HouseRulesForm


def game_variant(game: str) -> str:
    return GAMES.get(game, GAMES[DEFAULT_GAME])[2]


def option_fields(form: OptionsForm, variant_id: str) -> list[tuple[Field, scoring.OptionSpec]]:
    return [
        (form[option_field_name(variant_id, spec.name)], spec)
        for spec in scoring.get_variant(variant_id).options
    ]


def option_defaults(game: str, given: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Each house-rule field of ``game`` as the form first shows it: the options the
    game starts from, as the core resolves them (a preset's own, and the defaults
    that follow from them, such as Penalty Rummy's block); ``given`` options (a league's
    saved ones) over them, as given."""
    _label, _description, variant_id, options, _stakes = GAMES[game]
    variant = scoring.get_variant(variant_id)
    starting = variant.starting_options(options)
    given = given or {}
    shown: dict[str, Any] = {}
    for spec in variant.options:
        value = given.get(spec.name, starting[spec.name])
        shown[spec.name] = option_kind(spec).shown(spec, value, spec.name in given)
    return shown


def usual_mode(game: str) -> str:
    """Who pays whom in ``game`` unless the table says otherwise: the preset's, or the
    one its options call for (pool rummy is played for a pot)."""
    _label, _description, variant_id, options, stakes = GAMES[game]
    if stakes and "mode" in stakes:
        return stakes["mode"]
    variant = scoring.get_variant(variant_id)
    return variant.usual_stake_mode(variant.starting_options(options))


def fill_options(form: OptionsForm, game: str, given: Mapping[str, Any] | None = None) -> None:
    """Set ``game``'s house-rule fields to what it starts with, ``given`` options over it."""
    shown = option_defaults(game, given)
    for field, spec in option_fields(form, game_variant(game)):
        field.data = shown[spec.name]
    form.shown.data = game


def fill_game_defaults(form: NewGameForm, game: str) -> None:
    """Set the house rules and stakes to what ``game`` starts with (a preset's own)."""
    stakes = GAMES[game][4]
    fill_options(form, game)
    form.mode.data = usual_mode(game)
    if stakes is not None:
        form.stakes_on.data = True
        for name, value in stakes.items():
            form[name].data = str(value)


def move_player(form: NewGameForm, action: str) -> None:
    """The no-JS buttons beside the names: add, remove:<i>, up:<i>."""
    names = [entry.data or "" for entry in form.players]
    verb, _, index = action.partition(":")
    i = int(index) if index.isdigit() else -1
    if verb == "add" and len(names) < MAX_PLAYERS:
        names.append("")
    elif verb == "remove" and 0 <= i < len(names) and len(names) > 2:
        del names[i]
    elif verb == "up" and 0 < i < len(names):
        names[i - 1], names[i] = names[i], names[i - 1]
    while len(form.players):
        form.players.pop_entry()
    for name in names:
        form.players.append_entry(name)


def start_request(form: NewGameForm) -> tuple[dict[str, Any], list[int]]:
    """The services.start_game arguments, and for each player the slot they came from."""
    slots = [i for i, entry in enumerate(form.players) if (entry.data or "").strip()]
    players = [form.players[i].data for i in slots]
    game = form.game.data if form.game.data in GAMES else DEFAULT_GAME
    _label, _description, variant_id, _options, _stakes = GAMES[game]
    request: dict[str, Any] = {"players": players, "title": (form.title.data or "").strip() or None}
    if form.language.data in LANGUAGES:
        request["language"] = form.language.data
    if game.startswith("preset:"):
        request["preset"] = GAMES[game][0]
    else:
        request["variant"] = variant_id
    # House rules filled in for another game (changed without JS) do not apply.
    if form.shown.data == game:
        request["options"] = options_given(form, game)
    seats = [name for name in (entry.data or "" for entry in form.seats) if name.strip()]
    dealer = form.first_dealer.data
    if seats and scoring.get_variant(variant_id).takes_seats():
        # The first seat deals first: the deal passes seat by seat, not side by side.
        request["seats"] = seats
    elif dealer is not None and dealer.isdigit() and int(dealer) in slots:
        request["first_dealer"] = players[slots.index(int(dealer))]
    elif dealer not in (None, "0"):
        request["first_dealer"] = ""  # a blank seat: the services say why
    if form.stakes_on.data:
        request["stakes"] = _stakes_given(form, game)
    return request, slots


def _stakes_given(form: NewGameForm, game: str) -> dict[str, Any]:
    stakes = {
        "cents_per_point": number_or_text(form.cents_per_point.data),
        "round_to": number_or_text(form.round_to.data),
        "deal_winner_cents": number_or_text(form.deal_winner_cents.data),
        "currency": (form.currency.data or "").strip().upper(),
    }
    # Left as shown, the mode is the game's to choose from its house rules as they
    # resolve (a format changed to pool is played for a pot).
    if form.shown.data != game or form.mode.data != usual_mode(game):
        stakes["mode"] = form.mode.data
    entry = number_or_text(form.entry_cents.data)
    if stakes.get("mode") == "pot" or ("mode" not in stakes and entry is not None):
        stakes["entry_cents"] = entry
    return stakes


def options_given(form: OptionsForm, game: str) -> dict[str, Any]:
    """The house rules the table changed: a field left as the form first showed it is
    not sent, so the game takes the preset's or the core's own value (which may hang on
    the other options or the players)."""
    shown = option_defaults(game)
    given: dict[str, Any] = {}
    for field, spec in option_fields(form, game_variant(game)):
        value = option_value(spec, field.data)
        if value is not BLANK and value != option_value(spec, shown[spec.name]):
            given[spec.name] = value
    return given


def new_game_error_fields(form: NewGameForm, slots: list[int]) -> dict[str, Field]:
    """Service field paths -> this form's fields."""
    variant_id = game_variant(form.game.data)
    fields: dict[str, Field] = {
        "variant": form.game,
        "preset": form.game,
        "players": form.players,
        "first_dealer": form.first_dealer,
        "title": form.title,
    }
    fields.update({f"players.{i}": form.players[slot] for i, slot in enumerate(slots)})
    filled = [entry for entry in form.seats if (entry.data or "").strip()]
    fields["seats"] = form.seats
    fields.update({f"seats.{i}": entry for i, entry in enumerate(filled)})
    fields.update({f"options.{spec.name}": f for f, spec in option_fields(form, variant_id)})
    fields.update({f"stakes.{name}": form[name] for name in STAKE_SPECS})
    return fields


class ConfirmForm(FlaskForm):
    """A bare form for one-button actions (undo, take the Press offer): CSRF and a number."""

    number = HiddenField()


class LanguageForm(FlaskForm):
    """The game's own language, changed later from its share page."""

    language = SelectField(
        _l("Language of the sheet and view link"),
        choices=[SelectChoice(code, name) for code, name in LANGUAGES.items()],
    )


class EndGameForm(FlaskForm):
    """End the game here (docs/rules.md section 15); a pool rummy game may be split instead."""

    split = BooleanField(_l("Split the pot: every player still in agrees"))
