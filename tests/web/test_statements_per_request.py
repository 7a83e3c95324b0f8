"""How many SQL statements the two busiest requests issue: a deal posted from the game
page and the game page itself. Each walks down to the database once (docs/architecture.md,
"A request walks down once"); these hold them to the fewest measured."""

from __future__ import annotations

from tests.databases import statements
from tests.web.support import deal_data, start

PLAYERS = ["Ann", "Bob", "Cy"]
# Measured on 2026-11-26 (SQLite). A deal post: the lock (an UPDATE), the game's setup
# and its deals, the form's one-time key looked up, the deal, the expired keys dropped,
# the key kept; it was 9 when the post loaded the game before locking it. The game page:
# the game's version, token and circle in one (its view is kept per version); 3 when it
# loaded the whole game to check the token and then looked up its circle.
DEAL_POST = 7
GAME_PAGE = 1


def engine_of(app):
    return app.extensions["scorekeeper.db"].engine


def notify(app) -> int:
    """PostgreSQL tells the other app servers of each write: one statement more."""
    return int(app.extensions["scorekeeper.db"].engine.dialect.name == "postgresql")


def test_a_deal_posted_from_the_game_page_issues_the_fewest_statements(client, app):
    game_id = start(client, PLAYERS)
    data = deal_data(client, game_id, out="0", hands_1="12", hands_2="7")
    with statements(engine_of(app)) as seen:
        response = client.post(f"/games/{game_id}/deals", data=data)
    assert response.status_code == 303
    assert len(seen) == DEAL_POST + notify(app), "\n".join(seen)


def test_the_game_page_issues_the_fewest_statements(client, app):
    game_id = start(client, PLAYERS)
    client.post(
        f"/games/{game_id}/deals",
        data=deal_data(client, game_id, out="0", hands_1="1", hands_2="2"),
    )
    client.get(f"/games/{game_id}")  # the deal's notice shown once
    with statements(engine_of(app)) as seen:
        response = client.get(f"/games/{game_id}")
    assert response.status_code == 200
    assert len(seen) == GAME_PAGE, "\n".join(seen)
