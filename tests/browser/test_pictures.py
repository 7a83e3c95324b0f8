"""Pictures of the pages are taken only when asked for (SHOTS=1), and then as asked: the
page as shown and, for a venue screen, a copy as read from across the room."""

from __future__ import annotations

import pytest
from PIL import Image

from tests.browser import phone
from tests.browser.phone import picture
from tests.browser.support import VENUE_TV

pytestmark = pytest.mark.browser


def test_a_picture_is_taken_only_when_asked_for_with_its_copy_from_across_the_room(
    new_phone, tmp_path, monkeypatch
):
    shots = tmp_path / "shots"
    page = new_phone(**VENUE_TV)
    page.goto("/")
    monkeypatch.setattr(phone, "PICTURES", False)
    picture(page, shots / "not-asked.png", across_the_room=True)
    assert not shots.exists()
    monkeypatch.setattr(phone, "PICTURES", True)
    picture(page, shots / "home.png", across_the_room=True)
    with Image.open(shots / "home.png") as full:
        assert full.size == (VENUE_TV["viewport"]["width"], VENUE_TV["viewport"]["height"])
    with Image.open(shots / "home-25.png") as far:
        assert far.size == (480, 270)
