"""axe-core (npm, package-lock.json) run in a page: the accessibility rules a screen reader,
a keyboard and a low-vision player rely on.

The script is evaluated, not added as a <script> tag: the app's CSP allows no inline script,
and Playwright's evaluate is not subject to the page's CSP.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from playwright.sync_api import Page

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
