"""The README's picture: the game page of a Crazy Gin game on a phone (Pixel 5), as the
scorer sees it after four deals. Run from the checkout after make test's installs:

    .venv/bin/python scripts/readme_screenshot.py   # writes docs/images/game-page-phone.png

It uses the browser tests' own pieces (tests/browser/conftest.py: the system's Chromium,
the phone profile, a server on a free loopback port) on a throwaway database.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from scorekeeper import create_app  # noqa: E402
from scorekeeper.db import Database, upgrade_schema  # noqa: E402
from scorekeeper.service_layer import services  # noqa: E402
from scorekeeper.service_layer.unit_of_work import UnitOfWork  # noqa: E402
from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS, PHONE, serving  # noqa: E402

PICTURE = ROOT / "docs" / "images" / "game-page-phone.png"
PLAYERS = ["Ann", "Bob", "Cy", "Dee"]
DEALS = [
    {"out": "Ann", "hands": {"Bob": 12, "Cy": 7, "Dee": 30}},
    {"out": "Cy", "hands": {"Ann": 4, "Bob": 21, "Dee": 9}},
    {"out": "Dee", "hands": {"Ann": 15, "Bob": 3, "Cy": 11}},
    {"out": "Bob", "hands": {"Ann": 8, "Cy": 26, "Dee": 5}},
]


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{folder}/scorekeeper.sqlite3"
        database = Database(url)
        upgrade_schema(database.engine)
        uow = UnitOfWork(database.session_factory)
        game = services.start_game(uow, players=PLAYERS, preset="Crazy Gin (13 deals)")
        for entry in DEALS:
            services.record_deal(uow, game.game.public_id, game.edit_token, entry)
        app = create_app(
            {"SECRET_KEY": "readme-screenshot-" + "x" * 32, "DATABASE_URL": url,
             "SESSION_COOKIE_SECURE": False, "PUBLIC_BASE_URL": "https://scores.example.org"},
            instance_path=f"{folder}/instance",
        )  # fmt: skip
        with serving(app) as base_url, sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            context = browser.new_context(**playwright.devices[PHONE], base_url=base_url)
            page = context.new_page()
            page.goto(f"/games/{game.game.public_id}/edit/{game.edit_token}")
            page.wait_for_load_state("networkidle")
            PICTURE.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=PICTURE, scale="css")
            browser.close()
        database.dispose()
    print(f"wrote {PICTURE.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
