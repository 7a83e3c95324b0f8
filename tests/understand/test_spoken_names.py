"""Spoken names: a player the table calls by another name ("Priya" for Priyanka) is
read as that player once the game knows the name, on the server and on the phone."""

from __future__ import annotations

from scorekeeper.scoring import make_setup
from scorekeeper.understand import game_for_phones, understand

from .phone import phone_read_games, same, server_read

# Eight players, long accented names: the table says none of them in full.
PLAYERS = [
    "Priyanka Venkataraman-Østergård Ñúñez",
    "Bartholomew Ångström-Zieliński",
    "Zoë Beaumont-Lefèvre",
    "Łukasz Wiśniewski-Brzęczyszczykiewicz",
    "Renée Château-Dubois",
    "Björn Ólafsson Þórðarson",
    "Chloé Marchand-Saint-Hilaire",
    "Amélie Dufresne-Larochelle",
]
ALIASES = {"Priya": PLAYERS[0], "Barty": PLAYERS[1], "Ghost": "Nobody Here"}
LINE = "Priya out, Barty 25, Zoë 12"


def rummy():
    return make_setup(variant="threethirteen", players=PLAYERS)


def test_an_unknown_nickname_is_left_unclear():
    understood = understand(rummy(), LINE, "en")
    assert "Priya" in understood.unclear
    assert understood.entry.get("out") is None


def test_a_spoken_name_is_read_as_its_player():
    understood = understand(rummy(), LINE, "en", aliases=ALIASES)
    assert understood.entry["out"] == PLAYERS[0]
    assert understood.entry["hands"][PLAYERS[1]] == 25
    assert understood.entry["hands"][PLAYERS[2]] == 12
    assert understood.unclear == []


def test_a_spoken_name_of_no_player_here_names_no_one():
    understood = understand(rummy(), "Ghost out", "en", aliases=ALIASES)
    assert "out" not in understood.entry
    assert understood.unclear == ["Ghost"]


def test_a_spoken_name_of_a_seated_partner_names_the_side():
    setup = make_setup(
        variant="canasta",
        players=["Us", "Them"],
        seats=["Ann", "Priyanka", "Cy", "Dora"],
    )
    understood = understand(setup, "Priya went out", "en", aliases={"Priya": "Priyanka"})
    assert understood.entry["out"] == "Them"


def test_the_phone_reads_spoken_names_as_the_server_does():
    setup = rummy()
    lines = [LINE, "Ghost out, Priya 4", "Barty minus 3"]
    # Known to the game (served with it), and learned on the phone since.
    cases = [(game_for_phones(setup, aliases=ALIASES), line, "en") for line in lines]
    cases += [(game_for_phones(setup), line, "en", ALIASES) for line in lines]
    for (_, line, *_rest), phone in zip(cases, phone_read_games(cases), strict=True):
        assert same(phone) == server_read_with(setup, line), line


def server_read_with(setup, line: str) -> dict:
    understood = understand(setup, line, "en", aliases=ALIASES)
    return {
        "entry": understood.entry,
        "unclear": understood.unclear,
        "reasons": sorted(understood.reasons),
    }


def test_without_aliases_the_server_reads_as_before():
    assert server_read(rummy(), LINE, "en")["entry"] == understand(rummy(), LINE, "en").entry
