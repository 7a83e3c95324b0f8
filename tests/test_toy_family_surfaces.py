"""A game family is a plugin: a toy game declared here, beside nothing else, and
registered for these tests only, plays through the new-game page, the deal form, the
board and the history, the API, the printed sheet and pad, and the voice reader, with
no surface edited. Its words (an option's house rule, a flag's word on the board, its
label, its note on the sheet, its spoken phrases) are the family's declarations."""

from __future__ import annotations

import pytest

from scorekeeper import scoring
from scorekeeper.scoring.entries import EntryField
from scorekeeper.scoring.messages import message
from scorekeeper.scoring.options import OptionSpec, yes_no
from scorekeeper.scoring.variant import OutVariant
from scorekeeper.service_layer import services
from scorekeeper.understand import understand
from scorekeeper.web.table.entry_text import entry_text
from tests.printing.support import pages
from tests.web.support import deal_data, entries, house_rules_as_shown, start, text

PLAYERS = ["Ann", "Bob", "Zoë Łukasiewicz-Żabińska de Saint-Étiens"]  # 40 characters


class Toss(OutVariant):
    """Whoever goes out scores the others' hands; a lucky deal scores them times the
    table's multiplier. First to the target wins."""

    id = "toss"
    name = message("Toss")
    description = message("A toy game: going out scores the others' hands.")
    min_players = 2
    max_players = 6
    options = (
        OptionSpec(
            "target",
            "int",
            100,
            minimum=1,
            maximum=1000,
            help=message("The game ends after a deal where a total reaches this."),
            label=message("Game to"),
            words=lambda value, options: message("First to %(goal)s", goal=value),
        ),
        OptionSpec(
            "lucky_times",
            "int",
            2,
            minimum=1,
            maximum=5,
            help=message("What a lucky deal multiplies."),
            label=message("A lucky deal multiplies by"),
            words=lambda value, options: message("Lucky deals count x%(times)s", times=value),
        ),
        OptionSpec(
            "mercy",
            "bool",
            False,
            help=message("Nobody scores over 50 a deal."),
            label=message("Mercy rule"),
            words=yes_no(message("Mercy: 50 at most a deal"), message("No mercy")),
        ),
    )
    entry_fields = (
        EntryField("out", "player", message("Who went out, or null.")),
        EntryField("hands", "per_player", message("What each other player holds.")),
        EntryField(
            "lucky",
            "bool",
            message("Went out lucky."),
            label=message("Lucky going out"),
            said=message("went out lucky"),
            noted=message("lucky"),
        ),
    )
    spoken = {"lucky": {"en": "lucky|went out lucky", "fr": "chanceux|a eu de la chance"}}

    @classmethod
    def hand_cards(cls, options, players):
        return 7

    def prepare(self):
        self.target = self.rules["target"]

    def score_deal(self, number, entry, values, out, hands, melds):
        by_seat = [0] * self.n
        if out is not None:
            times = self.rules["lucky_times"] if values.get("lucky") else 1
            by_seat[out] = sum(hands) * times
        return self.deal(number, entry, by_seat, out, out)


@pytest.fixture(autouse=True)
def toss(monkeypatch):
    monkeypatch.setitem(scoring.VARIANTS, Toss.id, Toss)
    return Toss


def house_rules(client, **typed: str) -> dict[str, str]:
    """The new-game page's house-rule fields for the toy game, some typed in."""
    shown = house_rules_as_shown(client, "variant:toss")
    return {**shown, **{f"o_toss_{name}": value for name, value in typed.items()}}


LUCKY = {"out": "Ann", "hands": {"Bob": 10, PLAYERS[2]: 5}, "lucky": True}


def test_the_pages_start_it_take_a_deal_and_say_its_words(app, client, uow):
    assert 'value="variant:toss"' in text(client.get("/games/new"))
    game_id = start(client, PLAYERS, game="variant:toss", **house_rules(client, lucky_times="3"))
    page = text(client.get(f"/games/{game_id}"))
    assert "Lucky going out" in page  # the flag's label on the deal form
    fields = {"out": "0", "hands_1": "10", "hands_2": "5", "lucky": "y"}
    response = client.post(f"/games/{game_id}/deals", data=deal_data(client, game_id, **fields))
    assert response.status_code == 303, text(response)
    assert entries(uow, game_id) == [LUCKY]
    board = text(client.get(f"/games/{game_id}"))
    assert "went out lucky" in board  # the flag's word in the grid
    assert "45" in board  # (10 + 5) x 3
    setup = services.load_game(uow, game_id).setup
    with app.test_request_context("/"):
        assert entry_text(LUCKY, setup).endswith("; went out lucky")  # the history's line


def test_the_api_starts_it_records_a_deal_and_states_the_totals(client):
    started = client.post(
        "/api/v1/games", json={"variant": "toss", "players": PLAYERS, "options": {"mercy": True}}
    )
    assert started.status_code == 201, started.get_data(as_text=True)
    body = started.get_json()
    game = body["game"]["id"]
    auth = {"Authorization": f"Bearer {body['edit_token']}"}
    recorded = client.post(f"/api/v1/games/{game}/deals", json=LUCKY, headers=auth)
    assert recorded.status_code in (200, 201), recorded.get_data(as_text=True)
    state = client.get(f"/api/v1/games/{game}").get_json()
    assert state["totals"]["Ann"] == 30
    catalogue = client.get("/api/v1/variants").get_json()
    assert "toss" in [variant["id"] for variant in catalogue["variants"]]


def test_the_sheet_and_the_pad_print_its_house_rules_and_notes(client, tmp_path):
    game_id = start(client, PLAYERS, game="variant:toss", **house_rules(client, lucky_times="3"))
    client.post(
        f"/games/{game_id}/deals",
        data=deal_data(client, game_id, out="0", hands_1="10", hands_2="5", lucky="y"),
    )
    sheet = client.get(f"/games/{game_id}/sheet.pdf")
    assert sheet.status_code == 200
    printed = " ".join(" ".join(page.split()) for page in pages(sheet.get_data(), tmp_path))
    assert "Lucky deals count x3" in printed
    assert "lucky" in printed
    query = {"game": "variant:toss", "players": "3", "page_size": "A4", "orientation": "auto"}
    pad = client.get("/pads/pad.pdf", query_string={**query, "names-0": "Ann"})
    assert pad.status_code == 200
    assert pad.mimetype == "application/pdf"


@pytest.mark.parametrize(
    ("language", "line"),
    [("en", "Ann went out lucky, Bob 10, Zoë 5"), ("fr", "Ann est sortie chanceux, Bob 10, Zoë 5")],
)
def test_the_voice_reader_hears_its_flag(language, line):
    setup = scoring.make_setup(variant="toss", players=PLAYERS)
    heard = understand(setup, line, language, aliases={"Zoë": PLAYERS[2]})
    assert heard.entry == LUCKY
