"""axe-core (npm, package-lock.json) run in a page: the accessibility rules a screen reader,
a keyboard and a low-vision player rely on.

The script is evaluated, not added as a <script> tag: the app's CSP allows no inline script,
and Playwright's evaluate is not subject to the page's CSP.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache
from pathlib import Path

import pytest
from playwright.sync_api import Page

from tests import tiers
from tests.browser.phone import picture

AXE = Path(__file__).resolve().parents[2] / "node_modules/axe-core/axe.min.js"
# WCAG 2.1 A and AA and axe's best practices: what Lighthouse's accessibility audit draws on.
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]


@cache
def axe_source() -> str:
    if not AXE.exists():
        raise AssertionError(f"{AXE} is missing: run make test (it runs npm ci from the lock)")
    return AXE.read_text(encoding="utf-8")


def violations(page: Page) -> list[dict]:
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.evaluate(axe_source())
    result = page.evaluate(
        "tags => axe.run(document, {runOnly: {type: 'tag', values: tags},"
        " resultTypes: ['violations']})",
        TAGS,
    )
    assert result["passes"], "axe checked no rule at all"
    return result["violations"]


def describe(found: list[dict]) -> str:
    lines = []
    for violation in found:
        lines.append(f"{violation['id']} ({violation['impact']}): {violation['help']}")
        for node in violation["nodes"]:
            lines.append(f"    {' '.join(map(str, node['target']))}: {node['html'][:160]}")
    return "\n".join(lines)


def assert_no_violations(page: Page) -> None:
    found = violations(page)
    assert not found, f"axe found on {page.url}:\n{describe(found)}"


SCHEMES = ("light", "dark")


def scheme_cases(states: Iterable[Callable], quick: dict[str, set[str]]) -> list:
    """Parameters ``(state, schemes)``: in a quick run, each state the quick tier checks
    reached once for the schemes it checks it in (``quick[scheme]`` names those states).
    In a run that takes in the slow tier, each state reached once for every scheme (a
    state in the quick tier checked in the light scheme only was reached a second time
    for the dark one, a second or two of the browser each); such a case is in the slow
    tier unless every scheme of it is quick."""
    states = list(states)
    names = {state.__name__ for state in states}
    assert all(quick[scheme] <= names for scheme in quick), "a quick state is not a state"
    cases = []
    for state in states:
        fast = tuple(s for s in SCHEMES if state.__name__ in quick.get(s, ()))
        rest = tuple(s for s in SCHEMES if s not in fast)
        if tiers.RUNS_SLOW:
            schemes, marks = SCHEMES, (tiers.SLOW if rest else ())
        else:
            schemes, marks = fast, ()
        if schemes:
            name = f"{state.__name__}-{'-'.join(schemes)}"
            cases.append(pytest.param(state, schemes, id=name, marks=marks))
    return cases


def assert_no_violations_in(page: Page, schemes: tuple[str, ...], shots: Path, name: str) -> None:
    """axe in each colour scheme, switched in place: the pages' colours follow
    prefers-color-scheme in the stylesheet alone, so a state reached once serves both."""
    for scheme in schemes:
        page.emulate_media(color_scheme=scheme)
        dark = page.evaluate("() => matchMedia('(prefers-color-scheme: dark)').matches")
        assert dark == (scheme == "dark"), f"the page is not in the {scheme} scheme"
        picture(page, shots / f"axe-{name}-{scheme}.png", full_page=True)
        assert_no_violations(page)
