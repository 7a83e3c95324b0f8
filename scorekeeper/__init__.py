"""scorekeeper: a score pad for rummy-family card games.

The application factory lives in ``factory.py`` and is loaded on first use, so that
``import scorekeeper.scoring`` (the pure scoring core) loads neither Flask nor
SQLAlchemy: a notebook or another app can score games with the standard library alone.
``from scorekeeper import create_app`` and ``flask --app scorekeeper`` work as ever.
"""

from __future__ import annotations

import importlib
from typing import Any

# What the factory module offers at the package's top level (gunicorn, flask, the tests).
FACTORY_NAMES = frozenset({"create_app", "create_app_or_exit"})


def __getattr__(name: str) -> Any:
    if name in FACTORY_NAMES:
        return getattr(importlib.import_module("scorekeeper.factory"), name)
    raise AttributeError(f"module 'scorekeeper' has no attribute {name!r}")
