"""Say the deal through the game page's form, as a phone without its script does."""

from __future__ import annotations

import re

from .support import csrf_token


def say(client, game_id: str, words: str):
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    form = page[page.index('id="say-form"') :]
    response = client.post(
        f"/games/{game_id}/say", data={"text": words, "csrf_token": csrf_token(form)}
    )
    assert response.status_code == 303
    return client.get(response.headers["Location"])


def value(html: str, name: str) -> str:
    match = re.search(rf'<input[^>]*name="{name}"[^>]*>', html)
    assert match, name
    found = re.search(r'value="([^"]*)"', match.group())
    return found.group(1) if found else ""
