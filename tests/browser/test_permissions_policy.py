"""Chromium reads the Permissions-Policy as meant: every feature in it is one it knows
(an unknown one is an error in the console of every page), the microphone and wake
lock stay allowed and the others are off."""

from __future__ import annotations

import pytest

from scorekeeper.web import PERMISSIONS_ALLOWED, PERMISSIONS_OFF

pytestmark = pytest.mark.browser


def test_chromium_knows_every_feature_named_and_allows_only_the_ones_the_pages_use(new_phone):
    page = new_phone()
    said: list[str] = []
    page.on("console", lambda message: said.append(message.text))
    page.goto("/games/new")
    allowed = page.evaluate(
        "names => names.map(name => document.featurePolicy.allowsFeature(name))",
        [*PERMISSIONS_ALLOWED, *PERMISSIONS_OFF],
    )
    assert allowed == [True] * len(PERMISSIONS_ALLOWED) + [False] * len(PERMISSIONS_OFF)
    known = page.evaluate("() => document.featurePolicy.features()")
    assert set(PERMISSIONS_ALLOWED) | set(PERMISSIONS_OFF) <= set(known)
    assert not [line for line in said if "Permissions-Policy" in line or "feature" in line]
