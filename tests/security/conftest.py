"""The API tests' fixtures (start a game through the API) for the security tests."""

from tests.api.conftest import start  # noqa: F401
