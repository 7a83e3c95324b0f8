"""Permissions-Policy: the pages may use the microphone (say the deal), keep the screen
awake and open the share sheet, on this site only; every other powerful feature is off."""

from __future__ import annotations

import pytest

from scorekeeper.web import PERMISSIONS_ALLOWED, PERMISSIONS_OFF


def policy(response) -> dict[str, str]:
    header = response.headers["Permissions-Policy"]
    return dict(item.strip().split("=", 1) for item in header.split(","))


@pytest.mark.parametrize(
    "path",
    ["/", "/games/new", "/api/v1/variants", "/no/such/page", "/api/v1/no-such-route"],
)
def test_every_answer_allows_the_microphone_here_and_turns_the_rest_off(client, path):
    given = policy(client.get(path))
    assert given["microphone"] == "(self)"
    assert {name for name, allowed in given.items() if allowed != "()"} == set(PERMISSIONS_ALLOWED)
    assert {"camera", "geolocation", "payment", "usb"} <= set(PERMISSIONS_OFF)
    assert all(given[name] == "()" for name in PERMISSIONS_OFF)
