"""The request's way to the database: a unit of work on the app's session factory."""

from __future__ import annotations

from flask import current_app

from scorekeeper.service_layer.unit_of_work import UnitOfWork


def unit_of_work() -> UnitOfWork:
    return UnitOfWork(current_app.extensions["scorekeeper.db"].session_factory)
