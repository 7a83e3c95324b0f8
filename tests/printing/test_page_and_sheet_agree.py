"""The game page and the printed sheet render one game summary (scorekeeper/summary.py):
for a finished game with stakes they show the same totals, winners, status and money."""

from __future__ import annotations

import re
from html import unescape

import pytest

from scorekeeper.service_layer import services
from tests.printing.support import flat, words

PLAYERS = ["Ann", "Bob", "Cy"]
DEALS = [
    {"out": "Bob", "hands": {"Ann": 20, "Cy": 10}},
    {"out": "Ann", "hands": {"Bob": 15, "Cy": 40}},
]


def plain(amount: str) -> str:
    """An amount as the page writes it: paper sets a true minus and no-break spaces."""
    return amount.replace("\u2212", "-").replace("\xa0", " ").replace("\u202f", " ")


def page_money(page: str) -> tuple[dict[str, str], list[str]]:
    """The page's balances by name and its fewest payments, as "payer payee amount"."""
    balances = dict(re.findall(r"<li><span>([^<]+)</span> <b [^>]*>([^<]+)</b></li>", page))
    transfers = re.findall(r"<li>(\w+) (?:pays|zahlt) (\w+) <b>([^<]+)</b></li>", page)
    return (
        {name: plain(text) for name, text in balances.items()},
        [f"{payer} {payee} {plain(text)}" for payer, payee, text in transfers],
    )


def sheet_money(text: str) -> tuple[dict[str, str], list[str]]:
    """The sheet's balances by name and its fewest transfers, read back from the PDF."""
    balances = re.search(r"(?:Balances|Salden): (.*?)\.(?= )", text).group(1)
    transfers = re.search(r"(?:Fewest transfers|Wenigste Überweisungen): (.*?)\.(?= |$)", text)
    pairs = [item.split(" ", 1) for item in balances.split("; ")]  # one-word names
    found = transfers.group(1).split("; ")
    return (
        {name: plain(amount) for name, amount in pairs},
        [plain(item.replace(" → ", " ")) for item in found],
    )


@pytest.mark.parametrize("language", ["en-US", "de-DE"])
def test_the_page_and_the_sheet_show_one_summary_of_a_finished_game(
    client, uow, tmp_path, language
):
    started = services.start_game(
        uow,
        variant="rummy",
        players=PLAYERS,
        options={"target": 50},
        stakes={"cents_per_point": 5, "currency": "EUR"},
    )
    game_id = started.game.public_id
    for entry in DEALS:
        services.record_deal(uow, game_id, started.edit_token, entry)
    state = services.load_game(uow, game_id).state
    assert state.finished and state.winners == ["Ann"]
    headers = {"Accept-Language": language}
    page = unescape(client.get(f"/games/{game_id}", headers=headers).get_data(as_text=True))
    sheet = words(client.get(f"/games/{game_id}/sheet.pdf", headers=headers).data, tmp_path)

    # Totals: the page's tiles and the sheet's totals row, each the state's own.
    tile = r'<span class="name">(\w+)</span>\s*<span class="total">(-?\d+)</span>'
    tiles = re.findall(tile, page)
    assert tiles == [(name, str(state.totals[name])) for name in PLAYERS]
    assert re.search(r"(Totals|Summen) " + " ".join(str(state.totals[p]) for p in PLAYERS), sheet)

    # Status: the summary's few words on the page (its list of games), its sentence on
    # the sheet, and the same winner on both.
    standing = re.search(r'"standing": "([^"]+)"', page).group(1)
    assert standing == {"en-US": "Ann won", "de-DE": "Ann gewonnen"}[language]
    status = {"en-US": "Finished: Ann wins", "de-DE": "Beendet: Ann gewinnt"}[language]
    assert status in sheet
    assert re.search(r"(Winner|Sieger): <strong>Ann</strong>", page)
    assert re.search(r"(Winner|Sieger): Ann\b", sheet)

    # Money: the same balances and payments, in the same amounts as the locale writes them.
    page_balances, page_transfers = page_money(page)
    sheet_balances, sheet_transfers = sheet_money(flat(sheet))
    assert page_balances == sheet_balances
    assert set(page_balances) == set(PLAYERS)
    assert page_transfers == sheet_transfers
    assert len(page_transfers) == len(state.settlement["transfers"])
