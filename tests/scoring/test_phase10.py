"""phase10: phases per player, the end after the last phase, tie-break hands (section 12)."""

from __future__ import annotations

import pytest

from scorekeeper.scoring import derive, end_early, hand_value, make_setup, validate_entry

from .support import errors_of, game_setup, play

THREE = ("A", "B", "C")
PHASE10 = game_setup("phase10", THREE)


def hand(out: str | None, completed, **hands: int) -> dict:
    return {"out": out, "completed": list(completed), "hands": hands}


def short(phases: int = 2, **options):
    """A game of ``phases`` house phases, quick to finish."""
    return game_setup(
        "phase10", THREE, phases=[f"phase {n}" for n in range(1, phases + 1)], **options
    )


def test_the_first_hand_of_the_rules_moves_on_those_who_completed_their_phase():
    state = play(PHASE10, hand("A", "AB", B=35, C=80))
    assert state.totals == {"A": 0, "B": 35, "C": 80}
    as_dict = state.as_dict()
    assert as_dict["phase"] == {"A": 2, "B": 2, "C": 1}
    assert as_dict["deals"][0]["phase"] == {"A": 1, "B": 1, "C": 1}


def test_the_rules_example_only_who_completed_the_last_phase_can_win():
    # A reaches phase 10 with 210, B phase 10 with 185, C phase 9 with 150.
    entries = [hand("C", "ABC", A=25, B=20)] * 7 + [hand("C", "ABC", A=25, B=45)]
    entries += [hand("B", "AB", A=10, C=150)]
    before = derive(PHASE10, entries)
    assert before.totals == {"A": 210, "B": 185, "C": 150}
    assert before.extras["phase"] == {"A": 10, "B": 10, "C": 9}
    state = derive(PHASE10, [*entries, hand("C", "CA", A=45, B=60)])
    assert state.totals == {"A": 255, "B": 245, "C": 150}
    assert (state.finished, state.winners) == (True, ["A"])
    assert state.extras["phase"] == {"A": 11, "B": 10, "C": 10}


def test_among_those_who_completed_the_last_phase_the_lowest_total_wins():
    state = play(short(1), hand("A", "AB", B=35, C=80))
    assert state.winners == ["A"]
    state = play(short(2), hand("C", "ABC", A=40, B=5), hand("C", "ABC", A=0, B=0))
    assert state.winners == ["C"]


def test_a_tie_on_the_last_phase_is_replayed_by_the_tied_players_alone():
    setup = short(1)
    entries = [hand("A", "AB", B=0, C=80)]
    state = derive(setup, entries)
    assert (state.finished, state.next_deal["tiebreak"]) == (False, ["A", "B"])
    assert state.extras["phase"] == {"A": 2, "B": 2, "C": 1}
    # Its entry names only them, and its out wins.
    state = derive(setup, [*entries, hand("B", "B", A=25)])
    assert (state.finished, state.winners, state.totals) == (
        True,
        ["B"],
        {"A": 25, "B": 0, "C": 80},
    )
    assert state.as_dict()["deals"][1]["phase"] == {"A": 1, "B": 1}


@pytest.mark.parametrize(
    ("entry", "errors"),
    [
        (hand("C", "C", A=5, B=5), {
            "out": "C is not in the tie-break hand",
            "completed.C": "C is not in the tie-break hand",
        }),
        (hand("A", "A", B=5, C=5), {"hands.C": "C is not in the tie-break hand"}),
        (hand("A", "A"), {"hands.B": "Enter what B held"}),
    ],
)  # fmt: skip
def test_a_tie_break_entry_names_only_the_tied_players(entry, errors):
    entries = [hand("A", "AB", B=0, C=80)]
    assert errors_of(validate_entry, short(1), entries, entry) == errors


def test_a_tie_break_entry_may_leave_completed_out():
    state = play(short(1), hand("A", "AB", B=0, C=80), {"out": "A", "hands": {"B": 5}})
    assert (state.finished, state.winners) == (True, ["A"])


def test_with_tie_share_tied_players_on_the_last_phase_share_the_win():
    state = play(short(1, tie="share"), hand("A", "AB", B=0, C=80))
    assert (state.finished, state.winners, state.next_deal) == (True, ["A", "B"], None)


def test_next_deal_shows_no_tie_break_in_an_ordinary_hand():
    assert derive(PHASE10, []).next_deal["tiebreak"] is None


@pytest.mark.parametrize(
    ("entry", "errors"),
    [
        (hand(None, "", A=5, B=5, C=5), {"out": "Choose who went out"}),
        ({"completed": ["A"], "hands": {"B": 5, "C": 5}}, {"out": "Choose who went out"}),
        (hand("A", "B", B=5, C=5), {
            "completed": "must include A: going out means laying down the phase first"}),
        ({"out": "A", "hands": {"B": 5, "C": 5}}, {
            "completed": "must include A: going out means laying down the phase first"}),
        (hand("A", "A", B=5), {"hands.C": "Enter what C held"}),
        (hand("A", "A", B=7, C=5), {"hands.B": "must be a multiple of 5 from 0 to 250"}),
        (hand("A", "A", B=255, C=5), {"hands.B": "must be a multiple of 5 from 0 to 250"}),
        (hand("A", "A", A=5, B=5, C=5), {"hands.A": "must be 0 or left out: A went out"}),
        (hand("A", ["A", "Zed"], B=5, C=5), {"completed": "Zed is not a player of this game"}),
        (hand("A", ["A", "a"], B=5, C=5), {"completed.A": "names A twice"}),
        ({"out": "A", "completed": "A", "hands": {"B": 5, "C": 5}}, {
            "completed": "must be a list of players"}),
    ],
)  # fmt: skip
def test_phase10_entries_are_checked(entry, errors):
    assert errors_of(validate_entry, PHASE10, [], entry) == errors


def test_completed_names_are_accepted_in_seat_spelling():
    accepted = validate_entry(PHASE10, [], hand("a", ["b", "a"], B=5, C=5))
    assert accepted == hand("A", ["B", "A"], B=5, C=5)


def test_card_values_are_5_10_15_and_25():
    assert hand_value(PHASE10, ["1", "9", "10", "12", "Skip", "wild"]) == 5 + 5 + 10 + 10 + 15 + 25
    assert errors_of(hand_value, PHASE10, ["13"]) == {
        "cards.0": "must be one of: 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, Skip, Wild"
    }


def test_the_ten_phases_are_the_default_and_house_phases_may_be_1_to_20():
    assert len(PHASE10.options["phases"]) == 10
    assert PHASE10.options["phases"][0] == "2 sets of 3"
    setup = game_setup("phase10", THREE, phases=[f" p{n} " for n in range(20)])
    assert setup.options["phases"][0] == "p0"


@pytest.mark.parametrize("phases", [[], ["x"] * 21, "2 sets of 3", [""], [3], ["x" * 101]])
def test_house_phases_are_checked(phases):
    errors = errors_of(
        make_setup, variant="phase10", players=list(THREE), options={"phases": phases}
    )
    assert list(errors) == ["options.phases"]


def test_totals_settle_as_a_penalty_game_in_pairs():
    setup = game_setup("phase10", THREE, stakes={"cents_per_point": 1, "round_to": 1})
    balances = play(setup, hand("A", "AB", B=35, C=80)).settlement["balances"]
    assert balances == {"A": 115, "B": 10, "C": -125}


def test_in_winner_mode_a_player_with_a_lower_total_than_the_winner_pays_nothing():
    setup = short(2, stakes={"mode": "winner", "cents_per_point": 1, "round_to": 1})
    # B and C complete the last phase with 20 and 35; A, still on phase 2, has 0.
    state = play(setup, hand("A", "ABC", B=20, C=30), hand("B", "BC", A=0, C=5))
    assert (state.winners, state.totals) == (["B"], {"A": 0, "B": 20, "C": 35})
    assert state.settlement["balances"] == {"A": 0, "B": 15, "C": -15}


def test_a_phase10_game_ended_early_is_won_by_the_furthest_phase_then_the_lowest_total():
    entries = [hand("A", "AB", B=35, C=5), hand("C", "C", A=40, B=5)]
    state = derive(PHASE10, entries, end_early(PHASE10, entries))
    # Everyone is on phase 2: the lowest total wins.
    assert state.extras["phase"] == {"A": 2, "B": 2, "C": 2}
    assert state.totals == {"A": 40, "B": 40, "C": 5}
    assert state.winners == ["C"]
    entries = [hand("A", "A", B=35, C=5)]
    assert derive(PHASE10, entries, {"split": False}).winners == ["A"]


def test_ending_early_during_a_tie_break_shares_between_the_tied_players():
    entries = [hand("A", "AB", B=0, C=0)]
    assert derive(short(1), entries, {"split": False}).winners == ["A", "B"]


def test_a_51_hand_game_of_20_house_phases_for_six_long_accented_names():
    names = [f"Joueur {i} " + "é" * 31 for i in range(6)]
    assert {len(name) for name in names} == {40}
    setup = game_setup("phase10", names, phases=[f"phase {n}" for n in range(1, 21)])
    # The other five take turns going out for 31 hands, then the first player goes out
    # 20 times running and completes the 20th phase with hand 51.
    outs = [names[1 + k % 5] for k in range(31)] + [names[0]] * 20
    entries = [
        {"out": who, "completed": [who], "hands": {n: 5 for n in names if n != who}} for who in outs
    ]
    assert not derive(setup, entries[:50]).finished
    state = derive(setup, entries)
    assert (state.finished, len(state.deals), state.winners) == (True, 51, [names[0]])
    # The second player went out 7 times in the 31 hands, the other four 6 times.
    assert state.extras["phase"] == {names[0]: 21, names[1]: 8, **{n: 7 for n in names[2:]}}
    assert state.totals[names[0]] == 31 * 5


def test_a_players_phase_is_the_games_progress_note_beside_their_total():
    from scorekeeper.scoring import VARIANTS

    phase10 = VARIANTS["phase10"]
    options = {"phases": ["one", "two"]}
    figures = {"phase": {"Ann": 2, "Bob": 3}}
    assert phase10.progress_note(options, figures, "Ann").msgid == "phase %(number)s"
    assert phase10.progress_note(options, figures, "Bob").msgid == "all phases done"
    assert VARIANTS["rummy"].progress_note({}, figures, "Ann") is None
