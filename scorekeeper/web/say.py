"""Say the deal on the game page: the words (typed, or heard by the browser's speech
recognition) fill the deal form, each filled field marked; only Save saves."""

from __future__ import annotations

from flask import Blueprint, redirect, session, url_for
from flask_babel import gettext as _
from flask_wtf import FlaskForm
from wtforms import BooleanField, Field, RadioField, StringField
from wtforms.validators import InputRequired, Length

from scorekeeper.extensions import limit_writes
from scorekeeper.service_layer import understanding
from scorekeeper.translate import translate
from scorekeeper.web import i18n, table, unit_of_work

bp = Blueprint("say", __name__)
limit_writes(bp)
# Marked where a mark shows: typed boxes and ticks (a chosen radio shows itself).
UNMARKED = ("HiddenField", "CSRFTokenField", "RadioField")


class SayForm(FlaskForm):
    text = StringField(validators=[InputRequired(), Length(max=understanding.LONGEST_TEXT)])


@bp.post("/games/<public_id>/say")
def understand_deal(public_id: str):
    """The deal form filled from the words, shown on the game page (post-redirect-get,
    as a refused deal is): the page's address stays the game's."""
    view, _token = table.editable(public_id)  # only a phone that may record fills
    form = SayForm()
    empty = table.next_deal_form(view)
    if empty is None or not form.validate():
        return redirect(url_for("table.game", public_id=public_id), 303)
    language = view.language or i18n.chosen_language()
    understood = understanding.understand_deal(unit_of_work(), public_id, form.text.data, language)
    deal = table.next_deal_form(view, entry=understood.entry)
    heard = [f for f in deal if f.data != empty[f.name].data and f.type not in UNMARKED]
    notice = _(
        "Heard: “%(words)s”. The fields it filled are marked: check them, then Save.",
        words=form.text.data,
    )
    if understood.unclear:
        notice += " " + _("Not placed: %(words)s.", words=", ".join(understood.unclear))
    session[table.RETRY] = {
        "game": public_id,
        "form": {f.name: typed for f in deal if (typed := as_typed(f)) is not None},
        "errors": {path: translate(why) for path, why in understood.reasons.items()},
        "notice": notice,
        "heard": [f.name for f in heard],
        "said": form.text.data,
    }
    return redirect(url_for("table.game", public_id=public_id, _anchor="deal-form"), 303)


def as_typed(field: Field) -> str | None:
    """What a phone would send for ``field`` as filled (None: nothing)."""
    if field.type == "CSRFTokenField":
        return None
    if isinstance(field, BooleanField):
        return "y" if field.data else None
    if isinstance(field, RadioField):
        return None if field.data is None else str(field.data)
    return field._value() or None
