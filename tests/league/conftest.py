"""Fixtures of the league tests (helpers that are not fixtures are in support.py)."""

from __future__ import annotations

import jinja2
import pytest


@pytest.fixture
def made(monkeypatch) -> list[str]:
    """The templates rendered from here on, by name."""
    rendered: list[str] = []
    render = jinja2.Template.render

    def spy(self, *args, **kwargs):
        rendered.append(self.name)
        return render(self, *args, **kwargs)

    monkeypatch.setattr(jinja2.Template, "render", spy)
    return rendered
