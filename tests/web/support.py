"""Helpers for driving the table pages through Flask's test client."""

from __future__ import annotations

import json
import re
from html import unescape

from scorekeeper.service_layer import services

CRAZY_GIN = "preset:Crazy Gin (13 deals)"


def csrf_token(html: str) -> str:
    match = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html)
    return match.group(1) if match else ""


def start(client, players: list[str], game: str = CRAZY_GIN, **fields: str) -> str:
    """Start a game through the new-game form; this client then holds its edit token.

    Without ``shown`` the house-rule fields are not applied, so a preset starts
    with its own options.
    """
    page = client.get("/games/new").get_data(as_text=True)
    data = {"game": game, "act": "start", "csrf_token": csrf_token(page)}
    data.update({f"players-{i}": name for i, name in enumerate(players)})
    data.update(fields)
    response = client.post("/games/new", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)
    edit_link = response.headers["Location"]
    response = client.get(edit_link)
    assert response.status_code == 303
    game_id = edit_link.split("/")[2]
    assert response.headers["Location"] == f"/games/{game_id}"
    return game_id


def deal_data(client, game_id: str, **fields: str) -> dict[str, str]:
    """The entry form as the game page serves it, with ``fields`` typed in."""
    page = client.get(f"/games/{game_id}").get_data(as_text=True)
    page = page[page.index('id="deal-form"') :]  # not the Press offer's own form
    data = {
        "csrf_token": csrf_token(page),
        "number": re.search(r'name="number" type="hidden" value="(\d+)"', page).group(1),
        "key": re.search(r'name="key" type="hidden" value="([^"]+)"', page).group(1),
    }
    data.update(fields)
    return data


def record(client, game_id: str, **fields: str):
    """The game page's deal post, with ``fields`` typed into its form."""
    return client.post(f"/games/{game_id}/deals", data=deal_data(client, game_id, **fields))


def entries(uow, game_id: str) -> list[dict]:
    return list(services.load_game(uow, game_id).entries)


def text(response) -> str:
    return unescape(response.get_data(as_text=True))


def message_beside(html: str, field_id: str) -> str:
    """The error message rendered for a field (its aria-describedby target)."""
    match = re.search(rf'<p class="msg" id="{re.escape(field_id)}-msg">([^<]*)</p>', html)
    assert match, f"no message beside {field_id}"
    return unescape(match.group(1))


def counter_cards(page: str) -> dict[str, int]:
    raw = re.search(r"data-cards='([^']*)'", page).group(1)
    return dict(json.loads(raw))


def house_rules_as_shown(client, game: str) -> dict[str, str]:
    """The chosen game's house-rule fields as a browser sends them untouched (the page's
    script swaps this fieldset in when the game changes), with ``shown`` saying so."""
    html = client.get("/games/new/rules", query_string={"game": game}).get_data(as_text=True)
    return {"shown": game, **fields_as_sent(html)}


def fields_as_sent(html: str) -> dict[str, str]:
    """The fields of ``html`` (one form's, or a part of one) as a browser sends them untouched."""
    fields = {}
    for tag in re.findall(r"<input[^>]*>", html):
        name = re.search(r'name="([^"]+)"', tag).group(1)
        value = re.search(r'value="([^"]*)"', tag)
        if 'type="checkbox"' in tag or 'type="radio"' in tag:  # sent only when ticked
            if " checked" in tag:
                fields[name] = unescape(value.group(1)) if value else "on"
        else:
            fields[name] = unescape(value.group(1)) if value else ""
    for name, options in re.findall(r'<select[^>]*name="([^"]+)"[^>]*>(.*?)</select>', html, re.S):
        listed = re.findall(r"<option([^>]*)>([^<]*)", options)
        attributes, label = next((o for o in listed if re.search(r"\sselected\b", o[0])), listed[0])
        value = re.search(r'value="([^"]*)"', attributes)  # without one, its text
        fields[name] = unescape(value.group(1) if value else label)
    for name, value in re.findall(
        r'<textarea[^>]*name="([^"]+)"[^>]*>(.*?)</textarea>', html, re.S
    ):
        fields[name] = re.sub(r"^\r?\n", "", unescape(value))  # as a browser reads it
    return fields
