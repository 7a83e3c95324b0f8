"""tests/browser's live server and screenshot folder, for the league night test."""

from tests.browser.conftest import live_server, shots  # noqa: F401
