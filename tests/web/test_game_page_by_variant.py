"""What the game page shows of each variant's own: the card counter's cards, the
scoreboard's figures, each mark of the history in words, and the entry kinds'
stylesheet and script only for the games with marks or steppers."""

from __future__ import annotations

import re

from scorekeeper import scoring
from scorekeeper.web.table.entry_text import entry_text
from tests.web.families.support import POOL
from tests.web.support import record, start, text


def test_the_card_counter_has_each_games_own_cards(client):
    game_id = start(client, ["Ann", "Bob", "Cy"], game="preset:Phase 10")
    cards = re.search(r"data-cards='([^']*)'", text(client.get(f"/games/{game_id}"))).group(1)
    assert '["Skip", 15]' in cards
    assert '["Wild", 25]' in cards
    assert '["12", 10]' in cards
    assert '["K"' not in cards
    game_id = start(client, ["Ann", "Bob", "Cy"], game="preset:Five Crowns")
    cards = re.search(r"data-cards='([^']*)'", text(client.get(f"/games/{game_id}"))).group(1)
    assert '["3 wild", 20]' in cards
    assert '["Joker", 50]' in cards
    assert '["A"' not in cards


def test_the_history_tells_each_mark_in_words():
    entry = {
        "out": "Aarav",
        "hands": {"Bhavna": 34},
        "drops": {POOL[2]: "first"},
        "wrong_show": ["Divyā"],
    }
    assert entry_text(entry) == (
        f"Aarav went out; in hand: Bhavna 34; dropped: {POOL[2]} (first); wrong show: Divyā"
    )
    canasta = {"out": "NS", "melded": {"NS": 385}, "natural": {"NS": 1}, "concealed": True}
    setup = scoring.make_setup(variant="canasta", players=["NS", "EW"])
    assert entry_text(canasta, setup) == (
        "NS went out; melded: NS 385; natural canastas: NS 1; went out concealed"
    )


def test_the_scoreboard_shows_each_variants_own_figures(client):
    game_id = start(client, POOL, game="preset:Pool Rummy 101")
    record(client, game_id, out="0", hands_1="34", drops_first_2="y", wrong_show_3="y")
    record(client, game_id, out="2", hands_0="52", drops_middle_1="y", hands_3="95")
    assert "<small>eliminated</small>" in text(client.get(f"/games/{game_id}"))

    game_id = start(client, ["Ann", "Bob", "Cy"], game="preset:Phase 10")
    record(client, game_id, out="0", completed_0="y", completed_1="y", hands_1="35", hands_2="80")
    assert "<small>phase 2</small>" in text(client.get(f"/games/{game_id}/table"))

    game_id = start(client, ["Ann", "Bob", "Cy"], game="preset:Five Crowns")
    assert "deals 3 cards each" in text(client.get(f"/games/{game_id}"))

    game_id = start(client, ["NS", "EW"], game="preset:Canasta")
    assert "<small>melds 50 to open</small>" in text(client.get(f"/games/{game_id}"))


def test_only_games_with_marks_or_steppers_load_their_stylesheet_and_script(client):
    rummy = text(client.get(f"/games/{start(client, ['Ann', 'Bob'], game='preset:Rummy')}"))
    assert "entry_kinds" not in rummy
    pool = text(client.get(f"/games/{start(client, POOL, game='preset:Pool Rummy 101')}"))
    assert "entry_kinds.css" in pool and "entry_kinds.js" not in pool
    canasta = text(client.get(f"/games/{start(client, ['NS', 'EW'], game='preset:Canasta')}"))
    assert "entry_kinds.css" in canasta and "entry_kinds.js" in canasta
