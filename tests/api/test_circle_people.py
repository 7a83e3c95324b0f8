"""People's records in a circle (GET .../people/{name}, .../head-to-head, people.csv),
checked against a computation of their own from the games' states as the games' API
gives them: who sat where, the totals, the winners and the settlement."""

from __future__ import annotations

import csv
import io
from collections import defaultdict

from pypdf import PdfReader

from .conftest import EXACT, FAMILY, assert_problem, bearer

CANASTA_DEAL = {
    "out": "Nord-Sud",
    "melded": {"Nord-Sud": 385, "Est-Ouest": 0},
    "hand": {"Nord-Sud": 30, "Est-Ouest": 45},
    "natural": {"Nord-Sud": 1},
    "mixed": {"Nord-Sud": 2},
}


def play_a_week(started):
    """Five rummy games among the eight, one left open, one canasta of partners."""
    games = []
    for n in range(5):
        players = [FAMILY[(2 * n + k) % 8] for k in range(4)]
        out = players[n % 4]
        hands = {p: 5 + 11 * k + n for k, p in enumerate(players) if p != out}
        games.append(started.played(players, out, hands)["game"]["id"])
    open_game = started.game(players=FAMILY[:3], options={"deals": 3}, stakes=EXACT)
    games.append(open_game.get_json()["game"]["id"])
    canasta = started.game(
        variant="canasta",
        players=["Nord-Sud", "Est-Ouest"],
        seats=[FAMILY[0], FAMILY[5], FAMILY[2], FAMILY[7]],
        stakes={"mode": "pairs", "round_to": 5, "cents_per_point": 1},
    ).get_json()
    game_url = f"/api/v1/games/{canasta['game']['id']}"
    auth = bearer(canasta["edit_token"])
    assert (
        started.client.post(f"{game_url}/deals", json=CANASTA_DEAL, headers=auth).status_code == 201
    )
    assert started.client.post(f"{game_url}/end", json={}, headers=auth).status_code == 200
    games.append(canasta["game"]["id"])
    return games


def our_own_records(client, game_ids):
    """Per member: (variant, total, won, cents) for each finished game, in play order."""
    played = defaultdict(list)
    for game_id in game_ids:
        state = client.get(f"/api/v1/games/{game_id}").get_json()
        if not state["finished"]:
            continue
        sides = state["players"]
        for at, side in enumerate(sides):
            sitting = state["seats"][at :: len(sides)] if state.get("seats") else [side]
            cents = state["settlement"]["balances"][side]
            share, odd = divmod(abs(cents), len(sitting))
            for place, name in enumerate(sitting):
                mine = (share + (place < odd)) * (-1 if cents < 0 else 1)
                won = side in state["winners"]
                played[name].append((state["variant"], state["totals"][side], won, mine, state))
    return played


def streak_of(lines):
    if not lines:
        return None
    last, length = lines[-1][2], 0
    while length < len(lines) and lines[-1 - length][2] == last:
        length += 1
    return {"won": last, "games": length}


def test_each_person_record_matches_the_games(circle):
    started = circle(name="Famille Ñúñez", members=FAMILY, currency="EUR")
    ids = play_a_week(started)
    ours = our_own_records(started.client, ids)
    balances = started.get()["ledger"]["balances"]
    for name in FAMILY:
        response = started.client.get(f"{started.url}/people/{name.upper()}")
        assert response.status_code == 200
        record = response.get_json()
        lines = ours[name]
        wins = sum(won for _, _, won, _, _ in lines)
        assert record["name"] == name
        assert record["lifetime"] == {
            "games": len(lines),
            "wins": wins,
            "win_rate": round(100 * wins / len(lines)) if lines else 0,
            "net_cents": sum(cents for *_, cents, _ in lines),
        }
        assert record["streak"] == streak_of(lines)
        assert record["balance_cents"] == balances[name]
        assert set(record["by_variant"]) == {variant for variant, *_ in lines}
        for variant, line in record["by_variant"].items():
            mine = [entry for entry in lines if entry[0] == variant]
            totals = [total for _, total, *_ in mine]
            higher = mine[0][4]["higher_wins"]
            assert line["games"] == len(mine)
            assert line["average"] == round(sum(totals) / len(totals), 1)
            assert line["best"] == (max(totals) if higher else min(totals))
            assert line["worst"] == (min(totals) if higher else max(totals))
            assert line["streak"] == streak_of(mine)
    assert ours[FAMILY[0]] and {v for v, *_ in ours[FAMILY[0]]} == {"rummy", "canasta"}


def test_head_to_head_matches_the_games(circle):
    started = circle(name="Famille Ñúñez", members=FAMILY, currency="EUR")
    ids = play_a_week(started)
    a, b = FAMILY[0], FAMILY[2]  # rivals at rummy, partners at canasta
    expected = {"games": 0, "partners": 0, "against": 0, "level": 0}
    wins, ahead = {a: 0, b: 0}, {a: 0, b: 0}
    for game_id in ids:
        state = started.client.get(f"/api/v1/games/{game_id}").get_json()
        if not state["finished"]:
            continue
        sides = state["players"]
        side_of = {}
        for at, side in enumerate(sides):
            for name in state["seats"][at :: len(sides)] if state.get("seats") else [side]:
                side_of[name] = side
        if a not in side_of or b not in side_of:
            continue
        expected["games"] += 1
        for name in (a, b):
            wins[name] += side_of[name] in state["winners"]
        if side_of[a] == side_of[b]:
            expected["partners"] += 1
            continue
        expected["against"] += 1
        mine, theirs = state["totals"][side_of[a]], state["totals"][side_of[b]]
        if mine == theirs:
            expected["level"] += 1
        else:
            better = (mine > theirs) == state["higher_wins"]
            ahead[a if better else b] += 1
    response = started.client.get(f"{started.url}/head-to-head", query_string={"a": a, "b": b})
    assert response.status_code == 200
    assert response.get_json() == {"a": a, "b": b, **expected, "wins": wins, "ahead": ahead}
    assert expected["partners"] == 1 and expected["against"] >= 2


def test_people_csv_and_refusals(circle):
    started = circle(name="Famille Ñúñez", members=FAMILY, currency="EUR")
    play_a_week(started)
    response = started.client.get(f"{started.url}/people.csv")
    assert response.data.startswith(b"\xef\xbb\xbf")
    rows = list(csv.DictReader(io.StringIO(response.data.decode("utf-8-sig"))))
    for name in FAMILY:
        record = started.client.get(f"{started.url}/people/{name}").get_json()
        lifetime = next(row for row in rows if row["name"] == name and row["variant"] == "")
        assert int(lifetime["games"]) == record["lifetime"]["games"]
        assert lifetime["net"] == f"{record['lifetime']['net_cents'] / 100:.2f}"
    assert_problem(started.client.get(f"{started.url}/people/Nobody"), 404)
    refused = assert_problem(
        started.client.get(f"{started.url}/head-to-head", query_string={"a": FAMILY[0]}), 422
    )
    assert set(refused["errors"]) == {"b"}
    same = {"a": FAMILY[1], "b": FAMILY[1].upper()}
    assert_problem(started.client.get(f"{started.url}/head-to-head", query_string=same), 422)


def test_the_person_page_shows_the_record_and_a_head_to_head(circle):
    started = circle(name="Famille Ñúñez", members=FAMILY, currency="EUR")
    play_a_week(started)
    page = started.client.get(f"/circles/{started.id}")
    assert f"/circles/{started.id}/people/" in page.get_data(as_text=True)
    record = started.client.get(f"{started.url}/people/{FAMILY[0]}").get_json()
    versus = started.client.get(
        f"{started.url}/head-to-head", query_string={"a": FAMILY[0], "b": FAMILY[2]}
    ).get_json()
    response = started.client.get(
        f"/circles/{started.id}/people/{FAMILY[0]}", query_string={"vs": FAMILY[2]}
    )
    assert response.status_code == 200
    text = response.get_data(as_text=True)
    assert f"<h1>{FAMILY[0]}</h1>" in text
    assert f"<dt>Games</dt><dd>{record['lifetime']['games']}</dd>" in text
    assert f"<dt>As partners</dt><dd>{versus['partners']}</dd>" in text
    canasta = record["by_variant"]["canasta"]
    assert f"<td>{canasta['best']}</td><td>{canasta['worst']}</td>" in text
    assert started.client.get(f"/circles/{started.id}/people/Nobody").status_code == 404


def test_the_statement_prints_each_person_record(circle):
    started = circle(name="Famille Ñúñez", members=FAMILY, currency="EUR")
    play_a_week(started)
    response = started.client.get(f"/circles/{started.id}/statement.pdf")
    assert response.status_code == 200
    text = " ".join(
        " ".join(page.extract_text().split()) for page in PdfReader(io.BytesIO(response.data)).pages
    )
    assert "People's records" in text
    for name in FAMILY:
        record = started.client.get(f"{started.url}/people/{name}").get_json()
        for variant, line in record["by_variant"].items():
            name_of = {"rummy": "Rummy", "canasta": "Canasta"}[variant]
            figures = f"{line['games']} {line['wins']} {line['win_rate']}% {line['average']}"
            assert f"{name_of} {figures} {line['best']} {line['worst']}" in text
