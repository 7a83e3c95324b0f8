"""Say the deal on the game page: the words (typed, or heard by the browser's speech
recognition) fill the deal form, each filled field marked; only Save saves."""

from __future__ import annotations

from flask import Blueprint, redirect, url_for
from flask_babel import gettext as _
from flask_wtf import FlaskForm
from wtforms import StringField
from wtforms.validators import InputRequired, Length

from scorekeeper.extensions import limit_writes
from scorekeeper.service_layer import understanding
from scorekeeper.translate import translate
from scorekeeper.web import i18n, table, unit_of_work

bp = Blueprint("say", __name__)
limit_writes(bp)


class SayForm(FlaskForm):
    text = StringField(validators=[InputRequired(), Length(max=understanding.LONGEST_TEXT)])


@bp.post("/games/<public_id>/say")
def understand_deal(public_id: str):
    view, token = table.editable(public_id)
    form = SayForm()
    empty = table.next_deal_form(view)
    if empty is None or not form.validate():
        return redirect(url_for("table.game", public_id=public_id), 303)
    language = view.language or i18n.chosen_language()
    understood = understanding.understand_deal(unit_of_work(), public_id, form.text.data, language)
    deal = table.next_deal_form(view, entry=understood.entry)
    heard = [field for field in deal if field.data != empty[field.name].data]
    for field in heard:
        field.render_kw = {**(field.render_kw or {}), "class": "heard"}
    notice = _(
        "Heard: “%(words)s”. The fields it filled are marked: check them, then Save.",
        words=form.text.data,
    )
    if understood.unclear:
        notice += " " + _("Not placed: %(words)s.", words=", ".join(understood.unclear))
    reasons = {path: translate(why) for path, why in understood.reasons.items()}
    left = deal.show_errors(reasons) if reasons else {}
    return table.render_game(view, token, deal, left=left, notice=notice, said=form.text.data)
