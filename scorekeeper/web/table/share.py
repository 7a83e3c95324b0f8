"""Sharing and watching a game: the share page with its links and QR codes, the game's
language, and what the watching phones read (scoreboard, events, table view)."""

from __future__ import annotations

import segno
from flask import current_app, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _

from scorekeeper.service_layer import services
from scorekeeper.web.common import links, push
from scorekeeper.web.common.db import unit_of_work
from scorekeeper.web.common.i18n import LANGUAGES, speak
from scorekeeper.web.table.blueprint import bp, editable, open_page
from scorekeeper.web.table.forms import LanguageForm
from scorekeeper.web.table.presenters import board, page_locale


def qr_svg(url: str) -> str:
    # Colours as attributes, no style attribute: fine under our CSP.
    return segno.make(url, error="m").svg_inline(
        dark="#000", light="#fff", svgclass="qr", omitsize=True
    )


@bp.get("/games/<public_id>/share")
def share(public_id: str):
    opened, token = open_page(public_id)
    view = opened.game
    shared = [(_("Follow the score (read only)"), links.view_url(public_id))]
    # A phone recording through its circle's link holds no edit link of this game to
    # share: the circle's token in a game's link would hand out the circle's money.
    if token and not opened.by_circle:
        shared.append(
            (
                _("Record deals (edit link: share only with players)"),
                links.edit_url(public_id, token),
            )
        )
    language_form = None
    if token:
        language_form = LanguageForm(formdata=None, data={"language": view.language})
    return render_template(
        "share.html",
        view=view,
        language_form=language_form,
        shared=[(label, url, qr_svg(url)) for label, url in shared],
        sheet=links.sheet_url(public_id),
    )


@bp.post("/games/<public_id>/language")
def change_language(public_id: str):
    """The game's own language, for its sheet and shared view (editors only)."""
    _view, token = editable(public_id)
    language = LanguageForm().language.data
    if language in LANGUAGES:
        services.set_language(unit_of_work(), public_id, token, language)
        flash(
            _("The sheet and the view link now speak %(language)s.", language=LANGUAGES[language])
        )
    return redirect(url_for(".share", public_id=public_id), 303)


@bp.get("/games/<public_id>/scoreboard")
def scoreboard(public_id: str):
    """The scoreboard fragment the view pages poll; 304 while the game is unchanged."""
    version = services.current_version(unit_of_work(), public_id)
    if request.if_none_match.contains_weak(f"v{version}"):
        response = current_app.response_class(status=304)
    else:
        view = services.load_game(unit_of_work(), public_id)
        speak(view.language)
        version = view.version
        response = current_app.make_response(
            render_template("_board.html", b=board(view, page_locale()), editable=False)
        )
    # Weak: the same version gzipped or not (Flask-Compress keeps a weak ETag as it is).
    response.set_etag(f"v{version}", weak=True)
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.get("/games/<public_id>/events")
def events(public_id: str):
    """Server-sent events: a ``version`` event each time the game changes (see push)."""
    return push.answer_as_page(
        public_id, lambda uow: services.current_version(uow, public_id), since_type=int
    )


@bp.get("/games/<public_id>/table")
def table_view(public_id: str):
    view = services.load_game(unit_of_work(), public_id)
    speak(view.language)
    return render_template("table.html", view=view, b=board(view, page_locale()))
