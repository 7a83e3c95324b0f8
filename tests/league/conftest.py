"""The browser fixtures of tests/browser (one Chromium, phones, a live server), shared."""

from tests.browser.conftest import (  # noqa: F401
    browser,
    live_server,
    new_phone,
    phone_profile,
    playwright,
    shots,
)
