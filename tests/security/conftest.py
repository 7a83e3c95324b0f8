"""Fixtures reused from the API tests (start a game) and the operations tests (gunicorn)."""

from tests.api.conftest import start  # noqa: F401
from tests.ops.conftest import serve  # noqa: F401
