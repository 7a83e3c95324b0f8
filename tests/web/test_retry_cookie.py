"""Issue 23, finding 14: a refused deal keeps what was typed in the session cookie, and
that cookie stays far below what browsers keep (4 KB), whatever junk was typed."""

from __future__ import annotations

import random
import re
import string

import pytest

from tests.web.support import deal_data, start, text

PLAYERS = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]
# Browsers drop a cookie past 4096 bytes; the edit tokens of the phone's games share it.
COOKIE_MOST_BYTES = 2048


def junk(rng: random.Random) -> str:
    return "".join(rng.choice(string.ascii_letters + string.digits + "<>&\"'é") for _ in range(300))


@pytest.mark.parametrize(
    "game", ["preset:Rummy", "preset:500 Rum", "preset:Phase 10", "preset:Points Rummy"]
)
def test_a_refused_deal_with_junk_in_every_field_keeps_the_cookie_small(client, game):
    game_id = start(client, PLAYERS, game=game)
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    form = page[page.index('id="deal-form"') :]
    names = set(re.findall(r'name="([\w-]+)"', form)) - {"csrf_token", "number", "key"}
    assert len(names) >= 6
    rng = random.Random(23)
    data = deal_data(client, game_id, **{name: junk(rng) for name in names})
    response = client.post(f"/games/{game_id}/deals", data=data)
    assert response.status_code == 303
    cookie = next(
        value for value in response.headers.getlist("Set-Cookie") if value.startswith("session=")
    )
    assert len(cookie) < COOKIE_MOST_BYTES, (len(cookie), len(names))
    # The retry message is kept (it is what a dropped cookie used to lose).
    assert "Deal 1 was not saved." in text(client.get(f"/games/{game_id}"))
