"""WTForms for the table pages: a new game, and the entry of one deal.

The forms only carry what was typed. Every rule (names, bounds, who may have a
hand value) is the scoring core's, reached through the services; their field
paths (``players.1``, ``options.target``, ``hands.Bob``) are mapped back onto
these fields so each message shows beside the field it is about.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Iterable, Mapping
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    Field,
    FieldList,
    HiddenField,
    RadioField,
    SelectField,
    StringField,
    TextAreaField,
)
from wtforms.fields.choices import SelectChoice

from scorekeeper import scoring
from scorekeeper.scoring.cards import RANKS, SUITS
from scorekeeper.scoring.messages import message
from scorekeeper.scoring.options import POT_STAKES
from scorekeeper.translate import lazy_translation, list_item, list_item_typed, translate
from scorekeeper.web.i18n import LANGUAGES, chosen_language
from scorekeeper.web.presenters import SUIT_SYMBOLS, enabled_fields

NUMBER = re.compile(r"-?[0-9]{1,9}")  # a minus only where the field takes one
# The most players any variant takes (the free pad's 20); each game's own most is
# its variant's max_players. Seats stay at the partnership tables' 8 on this page.
MAX_PLAYERS = max(variant.max_players for variant in scoring.VARIANTS.values())
MAX_SEATS = 8
# Enough name fields for most tables without JS; blank ones are ignored.
DEFAULT_SLOTS = 4
NUMERIC = {"inputmode": "numeric", "pattern": "[0-9]*", "autocomplete": "off", "maxlength": 6}
# A score that may be negative: a phone's number pad has no minus, so the page's
# script adds a ± button beside it; typed, the minus is taken as well.
SIGNED = {"inputmode": "numeric", "pattern": "-?[0-9]*", "autocomplete": "off", "maxlength": 7}


def number_or_text(raw: Any) -> int | str | None:
    """A typed number as an int; blank as None; anything else as typed, for the
    services to refuse with their own message."""
    text = (raw or "").strip() if isinstance(raw, str) else ""
    if not text:
        return None
    return int(text) if NUMBER.fullmatch(text) else text


def new_key() -> str:
    return secrets.token_urlsafe(16)


def clean_key(raw: Any) -> str | None:
    """The form's one-time key if it looks like one we issued (it becomes a DB key)."""
    if isinstance(raw, str) and re.fullmatch(r"[A-Za-z0-9_-]{16,64}", raw):
        return raw
    return None


NULLABLE = "%(expected)s, or null"  # the core's words for an option the API may null


def attach_errors(fields: Mapping[str, Field], errors: Mapping[str, str]) -> dict[str, str]:
    """Put each service error on its field, in the page's language; return those that
    belong to no field."""
    left = {}
    for path, error in errors.items():
        field = fields.get(path)
        if field is not None and getattr(error, "msgid", None) == NULLABLE:
            error = error.params["expected"]  # a form leaves a field blank, never "null"
        if field is None:
            left[path] = translate(error)
        else:
            field.errors = [*field.errors, translate(error)]
    return left


# ---------------------------------------------------------------- a new game


GAMES: dict[str, tuple[str, str, str, Mapping[str, Any], Mapping[str, Any] | None]] = {
    # value -> (label, description, variant id, options, stakes); the label and the
    # description are the core's Messages in English (the preset's name is its id).
    **{
        f"preset:{p.name}": (p.name, p.description, p.variant, p.options, p.stakes)
        for p in scoring.PRESETS.values()
    },
    **{
        f"variant:{v.id}": (
            message("%(variant)s (set it up yourself)", variant=v.name),
            v.description,
            v.id,
            {},
            None,
        )
        for v in scoring.VARIANTS.values()
    },
}
DEFAULT_GAME = "preset:Crazy Gin (13 deals)"

# Every stake any game takes: the pot's (Indian rummy) are a superset of the others.
STAKE_SPECS = {spec.name: spec for spec in POT_STAKES}
MODE_LABELS = {
    "pairs": _l("Everyone settles with everyone"),
    "winner": _l("Only the winner is paid"),
    "per_deal": _l("Each deal's losers pay its winner (Rummy, Indian rummy)"),
    "pot": _l("A pot: each entry pays in, the winner takes it (Indian rummy)"),
}


def list_text(value: Any) -> str:
    if value is None:
        return ""
    # Contract Rummy's contracts: "cards: contract" a line, such as "10: 2 groups of 3".
    return "\n".join(
        f"{item['cards']}: {item['contract']}" if isinstance(item, Mapping) else str(item)
        for item in value
    )


def _contract_item(line: str) -> Any:
    """A line "10: 2 groups of 3" as a contract; anything else as typed, for the core to
    refuse naming the item."""
    cards, colon, text = line.partition(":")
    if colon and cards.strip().isdigit():
        return {"contract": text.strip(), "cards": int(cards)}
    return line


def list_items(spec: scoring.OptionSpec, text: str | None) -> list[Any] | None:
    """A list option as typed: one item a line (numbers and cards may also be
    separated by commas or spaces); nothing typed is null where the option may be."""
    if spec.items in ("text", "contract"):
        items = [line.strip() for line in (text or "").splitlines() if line.strip()]
        if spec.items == "contract":
            items = [_contract_item(line) for line in items]
    else:
        items = [item for item in re.split(r"[\s,]+", text or "") if item]
    if not items and spec.nullable:
        return None
    return [number_or_text(item) for item in items] if spec.items == "int" else items


def option_field_name(variant_id: str, option: str) -> str:
    return f"o_{variant_id}_{option}"


def _option_field(spec: scoring.OptionSpec) -> Field:
    label = lazy_translation(spec.label) if spec.label else spec.name
    kw: dict[str, Any] = {"description": lazy_translation(spec.help)}
    if spec.type == "bool":
        return BooleanField(label, default=spec.default, **kw)
    if spec.type == "list":
        # One item a line: Phase 10's house phases are sentences.
        return TextAreaField(label, default=list_text(spec.default), **kw)
    if spec.choices is not None:
        words = spec.choice_label
        choices = [SelectChoice(str(c), lazy_translation(words(c))) for c in spec.choices]
        return SelectField(label, choices=choices, default=str(spec.default), **kw)
    default = "" if spec.default is None else str(spec.default)
    render = dict(NUMERIC) if spec.type == "int" else {"autocomplete": "off"}
    return StringField(label, default=default, render_kw=render, **kw)


class NewGameForm(FlaskForm):
    game = SelectField(
        _l("Game"),
        choices=[SelectChoice(k, lazy_translation(v[0])) for k, v in GAMES.items()],
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
    cents_per_point = StringField(
        _l("Cents per point"),
        default="1",
        render_kw=NUMERIC,
        description=lazy_translation(STAKE_SPECS["cents_per_point"].help),
    )
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
    deal_winner_cents = StringField(
        _l("Cents to whoever goes out, each deal"),
        default="0",
        render_kw=NUMERIC,
        description=lazy_translation(STAKE_SPECS["deal_winner_cents"].help),
    )
    entry_cents = StringField(
        _l("Entry fee into the pot, in cents"),
        default="",
        render_kw=NUMERIC,
        description=lazy_translation(STAKE_SPECS["entry_cents"].help),
    )
    currency = StringField(
        _l("Currency"),
        default="USD",
        render_kw={"maxlength": 3, "autocomplete": "off", "autocapitalize": "characters"},
        description=_l("A 3-letter code such as USD, EUR or GBP."),
    )


for _variant in scoring.VARIANTS.values():
    for _spec in _variant.options:
        setattr(NewGameForm, option_field_name(_variant.id, _spec.name), _option_field(_spec))


def game_variant(game: str) -> str:
    return GAMES.get(game, GAMES[DEFAULT_GAME])[2]


def option_fields(form: NewGameForm, variant_id: str) -> list[tuple[Field, scoring.OptionSpec]]:
    return [
        (form[option_field_name(variant_id, spec.name)], spec)
        for spec in scoring.get_variant(variant_id).options
    ]


def option_defaults(game: str) -> dict[str, Any]:
    """Each house-rule field of ``game`` as the form first shows it: the options the
    game starts from, as the core resolves them (a preset's own, and the defaults
    that follow from them, such as Penalty Rummy's block)."""
    _label, _description, variant_id, options, _stakes = GAMES[game]
    variant = scoring.get_variant(variant_id)
    starting = variant.starting_options(options)
    shown: dict[str, Any] = {}
    for spec in variant.options:
        value = starting[spec.name]
        if spec.type == "list":
            items = None if value is None else [list_item(spec, item) for item in value]
            shown[spec.name] = list_text(items)
        else:
            shown[spec.name] = value if spec.type == "bool" else "" if value is None else str(value)
    return shown


def usual_mode(game: str) -> str:
    """Who pays whom in ``game`` unless the table says otherwise: the preset's, or the
    one its options call for (pool rummy is played for a pot)."""
    _label, _description, variant_id, options, stakes = GAMES[game]
    if stakes and "mode" in stakes:
        return stakes["mode"]
    variant = scoring.get_variant(variant_id)
    return variant.usual_stake_mode(variant.starting_options(options))


def fill_game_defaults(form: NewGameForm, game: str) -> None:
    """Set the house rules and stakes to what ``game`` starts with (a preset's own)."""
    _label, _description, variant_id, _options, stakes = GAMES[game]
    shown = option_defaults(game)
    for field, spec in option_fields(form, variant_id):
        field.data = shown[spec.name]
    form.mode.data = usual_mode(game)
    if stakes is not None:
        form.stakes_on.data = True
        for name, value in stakes.items():
            form[name].data = str(value)
    form.shown.data = game


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
        request["options"] = _options_given(form, game)
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


def _options_given(form: NewGameForm, game: str) -> dict[str, Any]:
    """The house rules the table changed: a field left as the form first showed it is
    not sent, so the game takes the preset's or the core's own value (which may hang on
    the other options or the players)."""
    shown = option_defaults(game)
    given: dict[str, Any] = {}
    for field, spec in option_fields(form, game_variant(game)):
        value = _option_value(spec, field.data)
        if value is not _BLANK and value != _option_value(spec, shown[spec.name]):
            given[spec.name] = value
    return given


_BLANK = object()  # a number field left blank: the option keeps its default


def _option_value(spec: scoring.OptionSpec, data: Any) -> Any:
    """One house-rule field's data as the option's value (or as typed, to be refused)."""
    if spec.type == "bool":
        return bool(data)
    if spec.type == "list":
        items = list_items(spec, data)
        return None if items is None else [list_item_typed(spec, item) for item in items]
    if spec.choices is not None:
        by_text = {str(choice): choice for choice in spec.choices}
        return by_text.get(data, data)
    if spec.type == "int":
        # Blank leaves the option to its default, which may hang on the others
        # (Indian rummy's penalties on the format); "none" is null where allowed.
        value = number_or_text(data)
        if isinstance(value, str) and value.casefold() == "none" and spec.nullable:
            return None
        return _BLANK if value is None else value
    return (data or "").strip()


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


# ---------------------------------------------------------------- one deal


HEADINGS = {
    "out": _l("Who went out?"),
    "knocker": _l("Who knocked?"),
    "melds": _l("Melded this deal"),
    "press_points": _l("Press points"),
    "rummy": _l("Went rummy: the whole hand in one turn"),
    "big_gin": _l("Big gin: all 11 cards"),
    "up_for_two": _l("Went up for 2"),
    "wild": _l("Wild rank the dealer called"),
    "upcard": _l("Upcard"),
    "concealed": _l("Went out concealed: the whole hand in one turn"),
    "racks": _l("Tiles left on the rack"),
    "one_turn": _l("Went out in one turn, having laid nothing before"),
    "no_joker": _l("… and without a joker or other wild card"),
}
# Column heads where a player's row has two numbers.
COLUMNS = {
    "melds": _l("Melded"),
    "hands": _l("In hand"),
    "melded": _l("Melded"),
    "hand": _l("In hand"),
    "racks": _l("On the rack"),
}
# Per-player card points, typed as numbers; every other per-player field (a
# partnership's canastas, books and red threes) is a count, given with steppers.
POINT_FIELDS = ("melds", "hands", "melded", "hand", "racks")
# Each player's one-tap marks beside their number (entry kinds players and
# choice_per_player), and the counts' labels.
TAPS = {
    "wrong_show": _l("Wrong show"),
    "rejoin": _l("Rejoins"),
    "completed": _l("Phase done"),
    "not_opened": _l("Not opened"),
    "first": _l("1st drop"),
    "middle": _l("Middle drop"),
}
COUNTS = {
    "natural": _l("Natural canastas"),
    "mixed": _l("Mixed canastas"),
    "red_threes": _l("Red 3s"),
    "clean": _l("Clean books"),
    "dirty": _l("Dirty books"),
    "wild": _l("Wild books"),
    "sevens": _l("Sevens books"),
    "red_threes_held": _l("Red 3s held"),
}
NOBODY = {"out": _l("Nobody: the stock ran out"), "knocker": _l("Nobody knocked: void deal")}
NOBODY_OUT = {"stock": NOBODY["out"], "pool": _l("Nobody: the pool ran out")}


class DealForm(FlaskForm):
    number = HiddenField()
    key = HiddenField()

    # Set by deal_form: the game's entry fields and players.
    entry_fields: tuple[scoring.EntryField, ...] = ()
    players: tuple[str, ...] = ()
    variant: str = ""
    # Who takes part in the deal, where the variant names them (None: everyone).
    taking_part: tuple[str, ...] | None = None
    # How the grid helper scores a grid (Golf), from the variant; None without a grid.
    grid_rules: dict[str, Any] | None = None

    @property
    def knocks(self) -> bool:
        """Whether the deal's player knocked rather than went out (gin), as the variant says."""
        return bool(self.variant) and scoring.get_variant(self.variant).knocks

    def player_field(self) -> tuple[scoring.EntryField, Field] | None:
        for f in self.entry_fields:
            if f.kind == "player":
                return f, self["out"]
        return None

    def per_player(self) -> list[scoring.EntryField]:
        """melds before hands: the order players count their cards in; then scores."""
        fields = [f for f in self.entry_fields if f.kind == "per_player"]
        points = sorted(
            (f for f in fields if f.name in POINT_FIELDS), key=lambda f: POINT_FIELDS.index(f.name)
        )
        return points + [f for f in self.entry_fields if f.kind == "signed_per_player"]

    def grid(self) -> scoring.EntryField | None:
        """A field of ranks per player (Golf's six cards), given with the grid helper."""
        return next((f for f in self.entry_fields if f.kind == "ranks_per_player"), None)

    def signed(self, name: str) -> bool:
        return any(f.name == name and f.kind == "signed_per_player" for f in self.entry_fields)

    def counts_legend(self) -> str:
        """The counts' heading: the variant's own words for them, else the old families'."""
        labels = [translate(f.label) for f in self.counts() if f.label]
        return ", ".join(labels) if labels else _("Canastas, books and red threes")

    def counts(self) -> list[scoring.EntryField]:
        """A side's canastas, books and red threes: small whole numbers."""
        return [
            f
            for f in self.entry_fields
            if f.kind == "per_player" and f.name not in POINT_FIELDS and f.name != "press_points"
        ]

    def taps(self, seat: int) -> list[Field]:
        """The player's one-tap marks (a drop, a wrong show, a rejoin, a phase done)."""
        name = self.players[seat]
        playing = self.taking_part is None or name in self.taking_part
        marks = []
        for f in self.entry_fields:
            if f.kind == "choice_per_player" and playing:
                marks += [self[f"{f.name}_{choice}_{seat}"] for choice in f.choices or ()]
            # A rejoin is for a player sitting out; the rest for those playing (a
            # correction, not knowing who sat out, offers every mark).
            elif (
                f.kind == "players"
                and (self.taking_part is None or (f.name == "rejoin") != playing)
            ) or f.kind == "bool_per_player":
                marks.append(self[f"{f.name}_{seat}"])
        return marks

    def has_marks(self) -> bool:
        """Whether the form has one-tap marks or steppers (their stylesheet is then linked)."""
        marked = ("players", "choice_per_player", "bool_per_player", "signed_per_player")
        return bool(self.counts() or self.grid()) or any(
            f.kind in marked for f in self.entry_fields
        )

    def out_of_game(self, seat: int) -> bool:
        """Not taking part in this deal (eliminated, or watching a tie-break)."""
        return self.taking_part is not None and self.players[seat] not in self.taking_part

    def sits_out(self, seat: int) -> bool:
        """Out of the deal with no way in: no number to give. A player who may
        rejoin keeps their number, given when they tap Rejoins."""
        return self.out_of_game(seat) and not self.has("rejoin")

    def has(self, name: str) -> bool:
        return any(f.name == name for f in self.entry_fields)

    def flags(self) -> list[Field]:
        return [self[f.name] for f in self.entry_fields if f.kind == "bool" and f.name != "void"]

    def heading(self, name: str) -> str:
        own = next((f.label for f in self.entry_fields if f.name == name and f.label), None)
        if own is not None:
            return translate(own)
        if name == "hands":  # the variant's own words (Thirteen's penalty points), else these
            own = scoring.get_variant(self.variant).hand_heading if self.variant else None
            return _("Points left in hand") if own is None else translate(own)
        return HEADINGS.get(name, name.replace("_", " ").capitalize())

    def column(self, name: str) -> str:
        """A number's column head, and its name in the cell's label and in errors: the
        variant's own label first (gin's Deadwood, never "in hand")."""
        if any(f.name == name and f.label for f in self.entry_fields):
            return self.heading(name)
        return COLUMNS.get(name, self.heading(name))

    def cell(self, name: str, seat: int) -> Field:
        return self[f"{name}_{seat}"]

    def entry(self) -> dict[str, Any]:
        """The entry as typed, for services.record_deal / correct_deal."""
        entry: dict[str, Any] = {}
        number = number_or_text(self.number.data)
        if number is not None:
            entry["number"] = number
        for f in self.entry_fields:
            if f.kind == "player":
                choice = self["out"].data
                if choice == "void":
                    entry["void"] = True
                elif choice == "none":
                    entry[f.name] = None
                elif choice is not None and choice.isdigit() and int(choice) < len(self.players):
                    entry[f.name] = self.players[int(choice)]
            elif f.kind in ("per_player", "signed_per_player"):
                values = {
                    name: number_or_text(self.cell(f.name, seat).data)
                    for seat, name in enumerate(self.players)
                }
                values = {name: v for name, v in values.items() if v is not None}
                if values:  # none at all: the services name each one missing
                    entry[f.name] = values
            elif f.kind == "bool_per_player":  # names every player, a tap for true
                entry[f.name] = {
                    name: bool(self[f"{f.name}_{seat}"].data)
                    for seat, name in enumerate(self.players)
                }
            elif f.kind == "ranks_per_player":
                grids = {
                    name: self.cell(f.name, seat).data.replace(",", " ").split()
                    for seat, name in enumerate(self.players)
                    if (self.cell(f.name, seat).data or "").strip()
                }
                if grids:
                    entry[f.name] = grids
            elif f.kind == "bool" and f.name != "void":
                if self[f.name].data:
                    entry[f.name] = True
            elif f.kind == "players":
                chosen = [
                    name
                    for seat, name in enumerate(self.players)
                    if self[f"{f.name}_{seat}"].data
                    or (f.includes_out and entry.get("out") == name)
                ]
                if chosen:
                    entry[f.name] = chosen
            elif f.kind == "choice_per_player":
                choices: dict[str, Any] = {}
                for seat, name in enumerate(self.players):
                    picked = [c for c in f.choices or () if self[f"{f.name}_{c}_{seat}"].data]
                    if picked:
                        # Two taps for one player: sent as both, for the core to refuse.
                        choices[name] = picked[0] if len(picked) == 1 else " and ".join(picked)
                if choices:
                    entry[f.name] = choices
            elif f.kind == "rank":
                if self[f.name].data:
                    entry[f.name] = self[f.name].data
            elif f.kind == "card":
                rank, suit = self["upcard_rank"].data, self["upcard_suit"].data
                if rank or suit:
                    entry[f.name] = f"{rank or ''}{suit or ''}"
        return entry

    def error_fields(self) -> dict[str, Field]:
        fields: dict[str, Field] = {}
        for f in self.entry_fields:
            if f.kind == "player":
                fields[f.name] = fields["void"] = self["out"]
            elif f.kind in ("per_player", "signed_per_player", "ranks_per_player"):
                fields[f.name] = self[f"{f.name}_0"]
                for seat, name in enumerate(self.players):
                    fields[f"{f.name}.{name}"] = self.cell(f.name, seat)
            elif f.kind == "card":
                fields[f.name] = self["upcard_rank"]
            elif f.kind in ("players", "choice_per_player", "bool_per_player"):
                fields.update(self._tap_error_fields(f))
            elif f.name != "void":
                fields[f.name] = self[f.name]
        return fields

    def _tap_error_fields(self, f: scoring.EntryField) -> dict[str, Field]:
        """A mark's message shows beside the player's first mark of that kind; one
        about the whole field beside the first such mark on the page."""
        fields: dict[str, Field] = {}
        for seat, name in enumerate(self.players):
            first = (
                f"{f.name}_{f.choices[0]}_{seat}"
                if f.kind == "choice_per_player"
                else f"{f.name}_{seat}"
            )
            fields[f"{f.name}.{name}"] = self[first]
            if f.name not in fields and self[first] in self.taps(seat):
                fields[f.name] = self[first]
        return fields

    def show_errors(self, errors: Mapping[str, str]) -> dict[str, str]:
        return attach_errors(self.error_fields(), errors)

    def problems(self) -> list[tuple[str, str, str]]:
        """(field id, what it is, message) for each refused field, in the page's order:
        the error summary links each one to its field."""
        shown: list[tuple[Field, str]] = []
        if "out" in self:
            shown.append((self["out"], self.heading(self.player_field()[0].name)))
        if self.has("wild"):
            shown.append((self["wild"], self.heading("wild")))
        if self.has("upcard"):
            shown.append((self["upcard_rank"], _("Upcard")))
        for seat, name in enumerate(self.players):
            for f in self.per_player():
                shown.append(
                    (
                        self.cell(f.name, seat),
                        _("%(name)s, %(column)s", name=name, column=self.column(f.name).lower()),
                    )
                )
            grid = self.grid()
            if grid is not None:
                shown.append((self.cell(grid.name, seat), _("%(name)s, grid", name=name)))
        shown += [(flag, flag.label.text) for flag in self.flags()]
        if self.has("press_points"):
            shown += [
                (self.cell("press_points", seat), _("%(name)s, press points", name=name))
                for seat, name in enumerate(self.players)
            ]
        first_of = {"out": "out-0", "upcard_rank": "upcard_rank"}
        return [
            (first_of.get(field.id, field.id), label, message)
            for field, label in shown
            for message in field.errors
        ]


def _not_for_out(f: scoring.EntryField) -> dict[str, str]:
    """A mark the page's script hides beside whoever went out: they cannot have it, or
    have it already (Phase 10's phase done)."""
    return {"data-not-out": ""} if f.excludes_out or f.includes_out else {}


def deal_form(
    setup: scoring.Setup,
    *,
    entry: Mapping[str, Any] | None = None,
    number: int,
    taking_part: Iterable[str] | None = None,
    **kwargs: Any,
) -> DealForm:
    """The entry form for this game; prefilled from ``entry`` when correcting a deal.
    ``taking_part`` (the next deal's ``players``) leaves out players sitting it out.

    It reads the request's form only when given ``formdata``: a form shown after
    another phone's deal must not be filled with this phone's stale values.
    """
    kwargs.setdefault("formdata", None)
    fields = enabled_fields(setup)
    players = tuple(setup.players)
    attrs: dict[str, Any] = {
        "entry_fields": fields,
        "players": players,
        "variant": setup.variant,
    }
    variant = scoring.get_variant(setup.variant)
    bounds = variant(setup).bounds()
    for f in fields:
        if f.kind == "player":
            # Who may go out: those in the deal, or anyone where a player may rejoin.
            anyone = taking_part is None or any(x.name == "rejoin" for x in fields)
            choices = [
                SelectChoice(str(seat), name)
                for seat, name in enumerate(players)
                if anyone or name in taking_part
            ]
            if f.name == "knocker" and any(x.name == "void" for x in fields):
                choices.append(SelectChoice("void", NOBODY["knocker"]))
            elif variant.allows_nobody_out:
                choices.append(SelectChoice("none", NOBODY_OUT[variant.runs_out]))
            attrs["out"] = RadioField(HEADINGS[f.name], choices=choices)
        elif (
            f.kind == "per_player" and f.name not in POINT_FIELDS and (f.name in COUNTS or f.label)
        ):
            label = translate(f.label) if f.label else COUNTS[f.name]
            for seat, name in enumerate(players):
                attrs[f"{f.name}_{seat}"] = StringField(
                    f"{name}: {label}", render_kw=_stepper(bounds.get(f.name))
                )
        elif f.kind == "signed_per_player":
            for seat, name in enumerate(players):
                attrs[f"{f.name}_{seat}"] = StringField(name, render_kw=SIGNED)
        elif f.kind == "bool_per_player":
            for seat in range(len(players)):
                attrs[f"{f.name}_{seat}"] = BooleanField(translate(f.label or f.help))
        elif f.kind == "ranks_per_player":
            for seat, name in enumerate(players):
                attrs[f"{f.name}_{seat}"] = StringField(
                    _("%(name)s: %(what)s", name=name, what=translate(f.label or f.help)),
                    render_kw={"autocomplete": "off", "spellcheck": "false"},
                )
        elif f.kind == "per_player":
            for seat, name in enumerate(players):
                attrs[f"{f.name}_{seat}"] = StringField(name, render_kw=NUMERIC)
        elif f.kind == "players":
            for seat in range(len(players)):
                attrs[f"{f.name}_{seat}"] = BooleanField(
                    TAPS.get(f.name, f.help), render_kw=_not_for_out(f)
                )
        elif f.kind == "choice_per_player":
            for seat in range(len(players)):
                for choice in f.choices or ():
                    attrs[f"{f.name}_{choice}_{seat}"] = BooleanField(
                        TAPS.get(choice, choice), render_kw=_not_for_out(f)
                    )
        elif f.kind == "bool" and f.name != "void":
            attrs[f.name] = BooleanField(HEADINGS.get(f.name, f.help))
        elif f.kind == "rank":
            attrs[f.name] = SelectField(
                HEADINGS[f.name],
                choices=[SelectChoice("", _("Choose")), *(SelectChoice(r) for r in RANKS)],
            )
        elif f.kind == "card":
            attrs["upcard_rank"] = SelectField(
                _("Upcard rank"),
                choices=[SelectChoice("", _("Rank")), *(SelectChoice(r) for r in RANKS)],
            )
            attrs["upcard_suit"] = RadioField(
                _("Upcard suit"), choices=[SelectChoice(s, SUIT_SYMBOLS[s]) for s in SUITS]
            )
    attrs["grid_rules"] = variant.grid_rules(setup.options)
    form_class = type("GameDealForm", (DealForm,), attrs)
    form_class.taking_part = None if taking_part is None else tuple(taking_part)
    data: dict[str, Any] = {"number": str(number), "key": new_key()}
    # A new deal starts with every side having taken its pozzetto: one tap marks the
    # side that did not.
    for f in fields:
        if f.kind == "bool_per_player":
            data.update({f"{f.name}_{seat}": True for seat in range(len(players))})
    if entry is not None:
        data.update(_prefill(entry, fields, players))
    return form_class(data=data, **kwargs)


def _prefill(
    entry: Mapping[str, Any], fields: Iterable[scoring.EntryField], players: tuple[str, ...]
) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for f in fields:
        value = entry.get(f.name)
        if f.kind == "player":
            if entry.get("void"):
                data["out"] = "void"
            elif value in players:
                data["out"] = str(players.index(value))
            elif f.name in entry:
                data["out"] = "none"
        elif f.kind in ("per_player", "signed_per_player"):
            for seat, name in enumerate(players):
                if isinstance(value, Mapping) and name in value:
                    data[f"{f.name}_{seat}"] = str(value[name])
        elif f.kind == "bool_per_player":
            for seat, name in enumerate(players):
                data[f"{f.name}_{seat}"] = isinstance(value, Mapping) and value.get(name) is True
        elif f.kind == "ranks_per_player":
            for seat, name in enumerate(players):
                if isinstance(value, Mapping) and isinstance(value.get(name), list):
                    data[f"{f.name}_{seat}"] = " ".join(map(str, value[name]))
        elif f.kind == "bool":
            data[f.name] = bool(value)
        elif f.kind == "players" and isinstance(value, list):
            for seat, name in enumerate(players):
                data[f"{f.name}_{seat}"] = name in value
        elif f.kind == "choice_per_player" and isinstance(value, Mapping):
            for seat, name in enumerate(players):
                if value.get(name) in (f.choices or ()):
                    data[f"{f.name}_{value[name]}_{seat}"] = True
        elif f.kind == "rank" and value:
            data[f.name] = value
        elif f.kind == "card" and value:
            data["upcard_rank"], data["upcard_suit"] = value[:-1], value[-1]
    return data


def _stepper(bound: tuple[int, int] | None) -> dict[str, Any]:
    """A count's input: a number field the phone's keypad and the +/- buttons fill."""
    render = {"type": "number", "inputmode": "numeric", "min": 0, "autocomplete": "off"}
    if bound is not None:
        render["max"] = bound[0]
    return render


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
