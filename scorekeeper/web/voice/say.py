"""Say the deal on the game page: the words (typed, or heard by the browser's speech
recognition) fill the deal form, each filled field marked; only Save saves."""

from __future__ import annotations

import hashlib
import json
from contextlib import suppress
from functools import cache

from flask import Blueprint, Response, redirect, request, session, url_for
from flask_babel import gettext as _
from flask_wtf import FlaskForm
from wtforms import BooleanField, Field, RadioField, StringField
from wtforms.validators import InputRequired, Length

from scorekeeper import understand
from scorekeeper.extensions import limit_writes
from scorekeeper.service_layer import services, understanding
from scorekeeper.service_layer.errors import GameNotFound, InvalidInput
from scorekeeper.service_layer.results import GameView
from scorekeeper.translate import translate
from scorekeeper.web.common import i18n
from scorekeeper.web.common.db import unit_of_work
from scorekeeper.web.common.i18n import LANGUAGES, speak
from scorekeeper.web.table import blueprint as table
from scorekeeper.web.table import game as table_game

bp = Blueprint("say", __name__)
limit_writes(bp)
# Marked where a mark shows: typed boxes and ticks (a chosen radio shows itself).
UNMARKED = ("HiddenField", "CSRFTokenField", "RadioField")


class SayForm(FlaskForm):
    text = StringField(validators=[InputRequired(), Length(max=understanding.LONGEST_TEXT)])


class NameForm(FlaskForm):
    """The scorer's answer to "Who is “Priya”?": the word, the player, the line again."""

    word = StringField(validators=[InputRequired(), Length(max=understanding.LONGEST_SPOKEN_NAME)])
    who = StringField(validators=[InputRequired(), Length(max=200)])
    text = StringField(validators=[InputRequired(), Length(max=understanding.LONGEST_TEXT)])


@bp.post("/games/<public_id>/say")
def understand_deal(public_id: str):
    """The deal form filled from the words, shown on the game page (post-redirect-get,
    as a refused deal is): the page's address stays the game's."""
    view, _token = table.editable(public_id)  # only a phone that may record fills
    form = SayForm()
    if table_game.next_deal_form(view) is None or not form.validate():
        return redirect(url_for("table.game", public_id=public_id), 303)
    return fill_from(view, form.text.data)


@bp.post("/games/<public_id>/spoken-name")
def learn_name(public_id: str):
    """A word the reader could not place kept as the player the scorer tapped (the
    game's spoken names), and the line read again with it."""
    view, token = table.editable(public_id)
    form = NameForm()
    if table_game.next_deal_form(view) is None or not form.validate():
        return redirect(url_for("table.game", public_id=public_id), 303)
    aliases = {**(view.spoken_names or {}), form.word.data: form.who.data}
    # A stale page's player or word is not kept: the line is read again as it was.
    with suppress(InvalidInput):
        view = understanding.set_spoken_names(unit_of_work(), public_id, token, aliases)
    return fill_from(view, form.text.data)


def fill_from(view: GameView, text: str):
    """Read ``text`` as the next deal and keep the filled form for the game page."""
    public_id = view.public_id
    empty = table_game.next_deal_form(view)
    language = view.language or i18n.chosen_language()
    understood = understanding.understand_deal(unit_of_work(), public_id, text, language)
    deal = table_game.next_deal_form(view, entry=understood.entry)
    heard = [f for f in deal if f.data != empty[f.name].data and f.type not in UNMARKED]
    notice = told(text, filled=bool(understood.entry))
    if understood.unclear:
        notice += " " + _("Not placed: %(words)s.", words=", ".join(understood.unclear))
    session[table_game.RETRY] = {
        "game": public_id,
        "form": {f.name: typed for f in deal if (typed := as_typed(f)) is not None},
        "errors": {path: translate(why) for path, why in understood.reasons.items()},
        "notice": notice,
        "heard": {f.name: heard_as(f.name, understood, list(view.setup.players)) for f in heard},
        "said": text,
        # What the page reads aloud, on a tap, before Save: the entry as it will be saved.
        "readback": understand.read_back(view.setup, understood.entry, language)
        if understood.entry
        else "",
        "ask": who_is(understood.unclear),
    }
    return redirect(url_for("table.game", public_id=public_id, _anchor="deal-form"), 303)


def who_is(unclear: list[str]) -> str | None:
    """The first word left unplaced that reads as a name (capitalised, as recognisers
    write names, or of a script without case), to ask the scorer whom it names."""
    return next((word for word in unclear if understand.name_like(word)), None)


def told(words: str, filled: bool) -> str:
    """What the page says it heard: that the fields it filled are marked only when it
    filled some (a line it placed nothing of says so)."""
    if filled:
        return _(
            "Heard: “%(words)s”. The fields it filled are marked: check them, then Save.",
            words=words,
        )
    return _(
        "Heard: “%(words)s”. It filled no field from it: say the deal again, or type it.",
        words=words,
    )


def heard_as(name: str, understood: understand.Understood, players: list[str]) -> str:
    """The words the form input ``name`` was filled from ("" where none): an entry path
    ``hands.Bob`` is the input ``hands_<Bob's seat>``, a choice's ``drops_middle_<seat>``."""
    for path, words in understood.said.items():
        field, _sep, player = path.partition(".")
        if not player:
            if name == field:
                return words
            continue
        seat = players.index(player)
        value = understood.entry.get(field)
        choice = value.get(player) if isinstance(value, dict) else None
        if name in (f"{field}_{seat}", f"{field}_{choice}_{seat}"):
            return words
    return ""


def as_typed(field: Field) -> str | None:
    """What a phone would send for ``field`` as filled (None: nothing)."""
    if field.type == "CSRFTokenField":
        return None
    if isinstance(field, BooleanField):
        return "y" if field.data else None
    if isinstance(field, RadioField):
        return None if field.data is None else str(field.data)
    return field._value() or None


# The page's own reader (static/reader.js) reads a line where there is no signal, from
# these two answers, which game.js keeps on the phone while there is one.
@cache
def words_json() -> tuple[str, str]:
    """The words and numbers of every language, and their content hash."""
    text = json.dumps(understand.for_phones(), ensure_ascii=False, separators=(",", ":"))
    return text, hashlib.sha256(text.encode()).hexdigest()[:16]


@bp.get("/understand/words.json")
def words():
    text, version = words_json()
    # Named by its content hash (?v=), as the static files are: kept for a year.
    return Response(
        text,
        mimetype="application/json",
        headers={"Cache-Control": "public, max-age=31536000, immutable", "ETag": version},
    )


@bp.get("/games/<public_id>/say.json")
def game_words(public_id: str):
    """One game's names and fields for the page's reader, and its messages in the
    page's language (``?language=``)."""
    view = services.load_game(unit_of_work(), public_id)
    language = request.args.get("language")
    if language in LANGUAGES:
        speak(language)
    return {
        **understand.game_for_phones(view.setup, view.entries, view.spoken_names),
        "messages": {
            "heard": told("{words}", filled=True),
            "none": told("{words}", filled=False),
            "unclear": _("Not placed: %(words)s.", words="{words}"),
            "bound": _("a number past what this field takes: left empty"),
            "step": _("a number this field does not take: left empty"),
            "twice": _("heard two different values: left empty"),
            "which": _("say which number is which"),
            "listening": _("Listening: say the deal, then pause."),
            "unheard": _("Nothing was heard: try again, or type the words."),
            "whoIs": _("Who is “%(word)s”?", word="{word}"),
        },
    }


@bp.errorhandler(GameNotFound)
def not_found(_error: GameNotFound):
    return {"error": "no such game"}, 404


def words_url() -> str:
    return url_for("say.words", v=words_json()[1])


bp.add_app_template_global(words_url, "say_words_url")
