"""The web layer: blueprints for table play, the JSON API and leagues."""

from __future__ import annotations

from flask import Flask

from scorekeeper.extensions import csrf, limiter


def init_app(app: Flask) -> None:
    csrf.init_app(app)
    limiter.init_app(app)

    from scorekeeper.web import table

    app.register_blueprint(table.bp)
