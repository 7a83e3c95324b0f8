"""Table play: the pages players use on their phones."""

from flask import Blueprint, render_template

bp = Blueprint("table", __name__)


@bp.get("/")
def home():
    return render_template("home.html")
