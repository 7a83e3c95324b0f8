"""indian (RULES.md section 10): points, pool and deals rummy; drops, wrong shows and the
full count; elimination, rejoins, the pot and its split; chips and tie-break deals."""

from __future__ import annotations

import pytest

from scorekeeper.scoring import (
    GameOverError,
    Setup,
    derive,
    describe_catalogue,
    end_early,
    get_variant,
    hand_value,
    make_setup,
    replace_entry,
    validate_entry,
)

from .support import errors_of, game_setup, play

ABC = ("A", "B", "C")
ABCD = ("A", "B", "C", "D")
SPLIT = {"split": True}
ENDED = {"split": False}


def show(winner, hands=None, drops=None, wrong=None, rejoin=None) -> dict:
    """An entry: who won the deal and every other player's hand, drop or wrong show."""
    entry: dict = {"out": winner}
    if hands:
        entry["hands"] = hands
    if drops:
        entry["drops"] = drops
    if wrong:
        entry["wrong_show"] = wrong
    if rejoin:
        entry["rejoin"] = rejoin
    return entry


def indian(players=ABC, stakes=None, **options):
    return game_setup("indian", players, stakes=stakes, **options)


def pool(players=ABCD, stakes=None, **options):
    return indian(players, stakes, format="pool", **options)


# RULES.md's pool example: deal 1 A shows, B 34, C first drop, D wrong show; deal 2 C shows,
# A 52, B middle drop, D 95 (counts 80); deal 3 D rejoins, B shows, A 30, C 61, D 28.
POOL_EXAMPLE = [
    show("A", {"B": 34}, {"C": "first"}, ["D"]),
    show("C", {"A": 52, "D": 95}, {"B": "middle"}),
    show("B", {"A": 30, "C": 61, "D": 28}, rejoin=["D"]),
]
# RULES.md's points example: deal 1 A shows, B 37, C first drop; deal 2 B shows, A 120
# (counts 80), C wrong show.
POINTS_EXAMPLE = [
    show("A", {"B": 37}, {"C": "first"}),
    show("B", {"A": 120}, wrong=["C"]),
]
CENTS_25 = {"cents_per_point": 25, "round_to": 5}


def moves(listed):
    return [(move["from"], move["to"], move["cents"]) for move in listed]


# ---------------------------------------------------------------- options and stakes


@pytest.mark.parametrize(
    ("given", "resolved"),
    [
        ({}, {"format": "points", "deals": None, "pool_limit": 101, "first_drop": 20,
              "middle_drop": 40, "wrong_show": 80, "full_count": 80, "rejoin_max": 79}),
        ({"format": "deals"}, {"format": "deals", "deals": 2, "pool_limit": 101,
                               "first_drop": 20, "middle_drop": 40, "wrong_show": 80,
                               "full_count": 80, "rejoin_max": 79}),
        ({"format": "pool"}, {"format": "pool", "deals": None, "pool_limit": 101,
                              "first_drop": 20, "middle_drop": 40, "wrong_show": 80,
                              "full_count": 80, "rejoin_max": 79}),
        ({"format": "pool", "pool_limit": 201}, {"format": "pool", "deals": None,
                                                 "pool_limit": 201, "first_drop": 25,
                                                 "middle_drop": 50, "wrong_show": 80,
                                                 "full_count": 80, "rejoin_max": 174}),
        ({"format": "pool", "pool_limit": 61}, {"format": "pool", "deals": None,
                                                "pool_limit": 61, "first_drop": 15,
                                                "middle_drop": 30, "wrong_show": 60,
                                                "full_count": 60, "rejoin_max": 44}),
        # pool_limit is used only in pool: points and deals keep pool 101's penalties.
        ({"pool_limit": 61}, {"format": "points", "deals": None, "pool_limit": 61,
                              "first_drop": 20, "middle_drop": 40, "wrong_show": 80,
                              "full_count": 80, "rejoin_max": 79}),
        ({"format": "deals", "deals": 6}, {"format": "deals", "deals": 6, "pool_limit": 101,
                                           "first_drop": 20, "middle_drop": 40,
                                           "wrong_show": 80, "full_count": 80,
                                           "rejoin_max": 79}),
    ],
)  # fmt: skip
def test_options_take_their_defaults_by_format_and_pool_size(given, resolved):
    assert dict(make_setup(variant="indian", players=list(ABC), options=given).options) == resolved


def test_a_penalty_given_overrides_the_table_and_the_rest_keep_it():
    options = indian(format="pool", pool_limit=201, first_drop=30, full_count=70).options
    assert (options["first_drop"], options["middle_drop"], options["full_count"]) == (30, 50, 70)


def test_a_null_rejoin_max_means_no_rejoining_while_leaving_it_out_takes_the_table():
    assert indian(format="pool", rejoin_max=None).options["rejoin_max"] is None
    assert indian(format="pool", pool_limit=201).options["rejoin_max"] == 174


def test_a_null_deals_in_deals_rummy_takes_the_default_two():
    assert indian(format="deals", deals=None).options["deals"] == 2


@pytest.mark.parametrize(
    ("options", "field", "message"),
    [
        ({"format": "rubber"}, "options.format", "must be one of: points, pool, deals"),
        ({"format": "pool", "deals": 3}, "options.deals",
         "pool rummy has no set number of deals: it ends when one player is left"),
        ({"format": "deals", "deals": 0}, "options.deals",
         "must be a whole number from 1 to 200, or null"),
        ({"format": "pool", "pool_limit": 100}, "options.pool_limit",
         "must be one of: 101, 201, 61"),
        ({"format": "pool", "rejoin_max": 100}, "options.rejoin_max",
         "must be at most 99 with pool 101: a player rejoins at the highest total + 1, "
         "below the pool limit"),
        ({"format": "pool", "pool_limit": 61, "rejoin_max": 79}, "options.rejoin_max",
         "must be at most 59 with pool 61: a player rejoins at the highest total + 1, "
         "below the pool limit"),
        ({"first_drop": 0}, "options.first_drop", "must be a whole number from 1 to 500"),
        ({"full_count": 131}, "options.full_count", "must be a whole number from 1 to 130"),
        ({"wrong_show": "80"}, "options.wrong_show", "must be a whole number from 1 to 500"),
        ({"jokers": 2}, "options.jokers", "is not an option of indian"),
    ],
)  # fmt: skip
def test_options_that_break_the_rules_are_refused(options, field, message):
    errors = errors_of(make_setup, variant="indian", players=list(ABC), options=options)
    assert errors == {field: message}


@pytest.mark.parametrize(
    ("options", "stakes", "mode"),
    [
        ({}, {}, "per_deal"),
        ({"format": "deals"}, {"entry_cents": 500}, "pot"),
        ({"format": "deals"}, {"mode": "per_deal"}, "per_deal"),
        ({"format": "pool"}, {"entry_cents": 500}, "pot"),
        ({"format": "pool"}, {"mode": "pot", "entry_cents": 1}, "pot"),
    ],
)
def test_the_stakes_mode_defaults_by_format(options, stakes, mode):
    setup = make_setup(variant="indian", players=list(ABC), options=options, stakes=stakes)
    assert setup.stakes["mode"] == mode


@pytest.mark.parametrize(
    ("options", "stakes", "field", "message"),
    [
        ({}, {"mode": "pairs"}, "stakes.mode",
         "points rummy settles deal by deal: the mode must be per_deal"),
        ({}, {"mode": "pot", "entry_cents": 500}, "stakes.mode",
         "points rummy settles deal by deal: the mode must be per_deal"),
        ({"format": "deals"}, {"mode": "winner"}, "stakes.mode",
         "deals rummy is played for a pot or settled deal by deal: the mode must be pot or "
         "per_deal"),
        ({"format": "pool"}, {"mode": "per_deal"}, "stakes.mode",
         "pool rummy is played for a pot: the mode must be pot"),
        ({"format": "pool"}, {}, "stakes.entry_cents",
         "is required with the pot: the cents each player pays in, more than 0"),
        ({"format": "deals"}, {"mode": "pot"}, "stakes.entry_cents",
         "is required with the pot: the cents each player pays in, more than 0"),
        ({"format": "pool"}, {"entry_cents": 0}, "stakes.entry_cents",
         "must be a whole number from 1 to 10000000"),
        ({}, {"entry_cents": 500}, "stakes.entry_cents", "is only for the pot: leave it out"),
        ({}, {"deal_winner_cents": 10}, "stakes.deal_winner_cents",
         "must be 0 in Indian rummy: the deal's losers already pay its winner, or the pot pays"),
        ({}, {"mode": "jackpot"}, "stakes.mode",
         "must be one of: pairs, winner, per_deal, pot"),
    ],
)  # fmt: skip
def test_stakes_that_break_the_rules_are_refused(options, stakes, field, message):
    errors = errors_of(
        make_setup, variant="indian", players=list(ABC), options=options, stakes=stakes
    )
    assert errors == {field: message}


def test_the_pot_is_only_for_indian_rummy():
    errors = errors_of(make_setup, variant="rummy", players=list(ABC), stakes={"mode": "pot"})
    assert errors == {"stakes.mode": "must be one of: pairs, winner, per_deal"}
    errors = errors_of(make_setup, variant="rummy", players=list(ABC), stakes={"entry_cents": 5})
    assert errors == {"stakes.entry_cents": "is not an option of the stakes"}


def test_the_catalogue_shows_the_options_and_entry_fields_of_the_rules():
    variant = next(v for v in describe_catalogue()["variants"] if v["id"] == "indian")
    assert [option["name"] for option in variant["options"]] == [
        "format", "deals", "pool_limit", "first_drop", "middle_drop", "wrong_show",
        "full_count", "rejoin_max",
    ]  # fmt: skip
    fields = {field["name"]: field for field in variant["entry_fields"]}
    assert {name: field["kind"] for name, field in fields.items()} == {
        "out": "player",
        "hands": "per_player",
        "drops": "choice_per_player",
        "wrong_show": "players",
        "rejoin": "players",
    }
    assert fields["drops"]["choices"] == ["first", "middle"]
    assert (fields["rejoin"]["option"], fields["rejoin"]["when"]) == ("format", "pool")
    assert (variant["min_players"], variant["max_players"]) == (2, 6)
    first_drop = next(o for o in variant["options"] if o["name"] == "first_drop")
    assert "20" in first_drop["help"] and "25 in pool 201" in first_drop["help"]


# ---------------------------------------------------------------- the worked examples


def test_the_points_example_scores_each_deal_for_the_winner_against_the_others():
    state = play(indian(stakes=CENTS_25), *POINTS_EXAMPLE)
    assert [deal.points for deal in state.deals] == [
        {"A": 57, "B": -37, "C": -20},
        {"A": -80, "B": 160, "C": -80},
    ]
    assert state.totals == {"A": -23, "B": 123, "C": -100}
    assert state.higher_wins is True
    assert not state.finished  # points without deals: only the table ends it


def test_the_points_example_settles_per_pair_rounded_once():
    settlement = play(indian(stakes=CENTS_25), *POINTS_EXAMPLE).settlement
    # A pays B 80 - 37 = 43 points = 10.75; C pays A 5.00 and B 20.00.
    assert moves(settlement["payments"]) == [("A", "B", 1075), ("C", "A", 500), ("C", "B", 2000)]
    assert settlement["balances"] == {"A": -575, "B": 3075, "C": -2500}


def test_the_points_example_played_as_two_deals_rummy_ends_with_chips():
    setup = indian(format="deals", deals=2)
    state = play(setup, *POINTS_EXAMPLE).as_dict()
    assert (state["finished"], state["winners"]) == (True, ["B"])
    assert state["chips"] == {"A": 137, "B": 283, "C": 60}


def test_the_pool_example_deal_by_deal():
    setup = pool(stakes={"entry_cents": 500})
    running = play(setup, *POOL_EXAMPLE).running_totals
    assert running == [
        {"A": 0, "B": 34, "C": 20, "D": 80},
        {"A": 52, "B": 74, "C": 20, "D": 160},
        {"A": 82, "B": 74, "C": 81, "D": 103},
    ]
    after_two = play(setup, *POOL_EXAMPLE[:2]).as_dict()
    assert after_two["eliminated"] == ["D"]
    assert after_two["next_deal"]["players"] == ["A", "B", "C"]
    assert after_two["pot_cents"] == 2000


def test_the_pool_example_rejoin_comes_back_at_the_highest_active_total_plus_one():
    state = play(pool(stakes={"entry_cents": 500}), *POOL_EXAMPLE).as_dict()
    third = state["deals"][2]
    assert third["rejoin_change"] == {"D": -85}  # 160 -> 75
    assert third["points"] == {"A": 30, "B": 0, "C": 61, "D": -85 + 28}
    assert state["rejoins"] == {"A": 0, "B": 0, "C": 0, "D": 1}
    assert state["pot_cents"] == 2500
    assert state["eliminated"] == ["D"]  # out again at 103
    assert state["finished"] is False


def test_the_pool_example_refuses_a_second_rejoin_naming_the_highest():
    setup = pool(stakes={"entry_cents": 500})
    entry = show("C", {"A": 10, "B": 10, "D": 10}, rejoin=["D"])
    assert errors_of(validate_entry, setup, POOL_EXAMPLE, entry) == {
        "rejoin": "nobody may rejoin now: A has 82, above 79"
    }


def test_the_pool_example_split_pays_the_drops_left_first_then_shares_to_the_cent():
    setup = pool(stakes={"entry_cents": 500})
    ending = end_early(setup, POOL_EXAMPLE, split=True)
    assert ending == SPLIT
    state = derive(setup, POOL_EXAMPLE, ending).as_dict()
    assert (state["finished"], state["ended_early"], state["split"]) == (True, True, True)
    assert state["winners"] == ["A", "B", "C"]
    settlement = state["settlement"]
    # B gets 500 first for one drop more; 2000 shared: 667, 667 (B), 666.
    assert settlement["balances"] == {"A": 167, "B": 667, "C": 166, "D": -1000}
    assert moves(settlement["transfers"]) == [("D", "B", 667), ("D", "A", 167), ("D", "C", 166)]
    assert settlement["payments"] == settlement["transfers"]


# ---------------------------------------------------------------- penalties


@pytest.mark.parametrize(
    ("options", "entry", "penalty"),
    [
        ({}, show("A", {"B": 0, "C": 37}), 37),
        ({}, show("A", {"B": 0}, {"C": "first"}), 20),
        ({}, show("A", {"B": 0}, {"C": "middle"}), 40),
        ({}, show("A", {"B": 0}, wrong=["C"]), 80),
        ({}, show("A", {"B": 0, "C": 81}), 80),
        ({}, show("A", {"B": 0, "C": 130}), 80),
        ({"format": "pool", "pool_limit": 201}, show("A", {"B": 0}, {"C": "first"}), 25),
        ({"format": "pool", "pool_limit": 201}, show("A", {"B": 0}, {"C": "middle"}), 50),
        ({"format": "pool", "pool_limit": 201}, show("A", {"B": 0, "C": 95}), 80),
        ({"format": "pool", "pool_limit": 61}, show("A", {"B": 0}, {"C": "first"}), 15),
        ({"format": "pool", "pool_limit": 61}, show("A", {"B": 0}, {"C": "middle"}), 30),
        ({"format": "pool", "pool_limit": 61}, show("A", {"B": 0}, wrong=["C"]), 60),
        ({"format": "pool", "pool_limit": 61}, show("A", {"B": 0, "C": 75}), 60),
        ({"full_count": 50}, show("A", {"B": 0, "C": 75}), 50),
        ({"wrong_show": 100}, show("A", {"B": 0}, wrong=["C"]), 100),
    ],
)
def test_a_players_penalty_is_their_capped_hand_their_drop_or_the_wrong_show(
    options, entry, penalty
):
    state = play(indian(**options), entry)
    pooled = options.get("format") == "pool"
    assert state.totals["C"] == (penalty if pooled else -penalty)
    assert state.totals["A"] == (0 if pooled else penalty)


def test_pool_deal_points_are_each_players_own_penalty_and_lowest_leads():
    state = play(pool(ABC), show("B", {"A": 12}, {"C": "middle"}))
    assert state.totals == {"A": 12, "B": 0, "C": 40}
    assert (state.higher_wins, state.leaders) == (False, ["B"])


def test_points_and_deals_totals_always_sum_to_zero():
    for setup in (indian(), indian(format="deals", deals=3)):
        state = play(setup, show("C", {"A": 75, "B": 3}), show("A", {"C": 0}, {"B": "middle"}))
        assert sum(state.totals.values()) == 0


def test_the_player_who_shows_may_have_a_hand_of_zero_and_nothing_else():
    state = play(indian(), show("A", {"A": 0, "B": 5}, {"C": "first"}))
    assert state.totals == {"A": 25, "B": -5, "C": -20}


def test_every_other_player_may_drop_or_show_wrongly_leaving_the_winner():
    state = play(indian(), show("A", drops={"B": "middle"}, wrong=["C"]))
    assert state.totals == {"A": 120, "B": -40, "C": -80}


# ---------------------------------------------------------------- entries refused

# Pool 101: two wrong shows put C out on 160; A has 5, B 10.
C_OUT = [show("A", {"B": 10}, wrong=["C"]), show("B", {"A": 5}, wrong=["C"])]


@pytest.mark.parametrize(
    ("setup", "earlier", "entry", "errors"),
    [
        (indian(), [], {"hands": {"B": 1, "C": 2}},
         {"out": "Choose who won the deal: who made a valid show, or the last one left"}),
        (indian(), [], show(None, {"A": 1, "B": 2, "C": 3}),
         {"out": "Choose who won the deal: who made a valid show, or the last one left"}),
        (indian(), [], show("Zed", {"B": 1, "C": 2}), {"out": "is not a player of this game"}),
        (indian(), [], show("A", {"B": 1}),
         {"hands.C": "Enter what C held, or mark C's drop or wrong show: C did not win the "
                     "deal"}),
        (indian(), [], show("A", {"B": 1, "C": 5}, {"C": "first"}),
         {"drops.C": "C has a hand value already: give only one of a hand value, a drop or a "
                     "wrong show"}),
        (indian(), [], show("A", {"B": 1}, {"C": "first"}, ["C"]),
         {"wrong_show.C": "C has a drop already: give only one of a hand value, a drop or a "
                          "wrong show"}),
        (indian(), [], show("A", {"B": 1, "C": 2}, {"A": "first"}),
         {"drops.A": "must be left out: A made the show and won the deal"}),
        (indian(), [], show("A", {"B": 1, "C": 2}, wrong=["A"]),
         {"wrong_show.A": "must be left out: A made the show and won the deal"}),
        (indian(), [], show("A", {"A": 3, "B": 1, "C": 2}),
         {"hands.A": "must be 0 or left out: A made the show and won the deal"}),
        (indian(), [], show("A", {"B": 131, "C": 2}),
         {"hands.B": "must be a whole number from 0 to 130"}),
        (indian(), [], show("A", {"B": 1}, {"C": "last"}), {"drops.C": "must be first or middle"}),
        (indian(), [], show("A", {"B": 1}, wrong=["C", "Zed"]),
         {"wrong_show": "Zed is not a player of this game"}),
        (indian(), [], show("A", {"B": 1}, wrong=["C"], rejoin=["B"]),
         {"rejoin": "only with format pool"}),
        (pool(ABC), C_OUT, show("A", {"B": 1, "C": 4}),
         {"hands.C": "C is out of the pool and takes no part in this deal (rejoin first)"}),
        (pool(ABC), C_OUT, show("A", {"B": 1}, {"C": "first"}),
         {"drops.C": "C is out of the pool and takes no part in this deal (rejoin first)"}),
        (pool(ABC), C_OUT, show("A", {"B": 1}, wrong=["C"]),
         {"wrong_show.C": "C is out of the pool and takes no part in this deal (rejoin first)"}),
        (pool(ABC), C_OUT, show("C", {"A": 1, "B": 1}),
         {"out": "C is out of the pool and takes no part in this deal (rejoin first)"}),
        (pool(ABC), C_OUT, show("A", {"B": 1}, rejoin=["B"]),
         {"rejoin.B": "B is still in the game: only an eliminated player rejoins"}),
        (pool(ABC, rejoin_max=None), C_OUT, show("A", {"B": 1, "C": 4}, rejoin=["C"]),
         {"rejoin": "this game has no rejoining"}),
        (pool(ABC), C_OUT, show("A", {"B": 1, "C": 4}, rejoin=["C", "c"]),
         {"rejoin.C": "names C twice"}),
    ],
)  # fmt: skip
def test_an_entry_that_breaks_a_rule_is_refused_field_by_field(setup, earlier, entry, errors):
    assert errors_of(validate_entry, setup, earlier, entry) == errors


def test_players_named_in_any_case_are_stored_in_their_seat_spelling():
    setup = indian(("Ånnä", "Bob", "Cy"))
    accepted = validate_entry(
        setup, [], {"out": " ånnä", "hands": {"BOB": 3}, "wrong_show": ["cy"], "number": 1}
    )
    assert accepted == {"out": "Ånnä", "hands": {"Bob": 3}, "wrong_show": ["Cy"]}


# ---------------------------------------------------------------- pool rummy


def test_a_player_reaching_the_pool_limit_is_eliminated_and_keeps_that_total():
    state = play(pool(ABC), *C_OUT).as_dict()
    assert state["totals"] == {"A": 5, "B": 10, "C": 160}
    assert state["eliminated"] == ["C"]
    assert state["next_deal"]["players"] == ["A", "B"]


def test_exactly_the_pool_limit_eliminates():
    state = play(
        pool(ABC, pool_limit=61), show("A", {"B": 60, "C": 1}), show("A", {"B": 1, "C": 1})
    )
    assert state.as_dict()["eliminated"] == ["B"]


def test_the_pool_ends_when_one_active_player_is_left_and_refuses_more_deals():
    setup = pool(ABC)
    entries = [show("A", {"B": 80}, wrong=["C"]), show("A", {"B": 30}, wrong=["C"])]
    state = play(setup, *entries)
    assert (state.finished, state.winners, state.next_deal) == (True, ["A"], None)
    assert state.as_dict()["eliminated"] == ["B", "C"]
    with pytest.raises(GameOverError):
        validate_entry(setup, entries, show("A", {"B": 1}))


def test_the_deal_passes_to_the_left_skipping_eliminated_players():
    setup = pool(ABCD, first_dealer="A", full_count=101)  # one full count puts a player out
    # Deal 1 (dealer A) eliminates B; deal 2 goes to C, not B.
    first = show("A", {"B": 101, "C": 0, "D": 0})
    state = play(setup, first)
    assert state.next_deal["dealer"] == "C"
    state = play(setup, first, show("C", {"A": 0, "D": 0}), show("C", {"A": 0, "D": 0}))
    assert [deal.dealer for deal in state.deals] == ["A", "C", "D"]
    assert state.next_deal["dealer"] == "A"


def test_a_rejoin_does_not_change_the_dealer_of_its_deal():
    setup = pool(ABCD, first_dealer="A", full_count=101)
    entries = [show("A", {"B": 101, "C": 0, "D": 0})]
    assert play(setup, *entries).next_deal["dealer"] == "C"
    state = play(setup, *entries, show("C", {"A": 0, "B": 0, "D": 0}, rejoin=["B"]))
    assert state.deals[1].dealer == "C"
    assert state.next_deal["dealer"] == "D"


def test_a_blank_pad_of_a_fresh_pool_game_rotates_through_every_player():
    game = get_variant("indian")(pool(ABCD, first_dealer="C"))
    assert [game.dealer(number) for number in range(1, 6)] == ["C", "D", "A", "B", "C"]


def test_two_rejoiners_in_one_entry_both_come_back_at_the_highest_active_plus_one():
    setup = pool(ABCD, stakes={"entry_cents": 200}, full_count=120)
    entries = [
        show("A", {"B": 10, "C": 101, "D": 120}),
        show("A", {"B": 30, "C": 0, "D": 0}, rejoin=["C", "D"]),
    ]
    state = play(setup, *entries).as_dict()
    assert state["deals"][1]["rejoin_change"] == {"C": 11 - 101, "D": 11 - 120}
    assert state["totals"] == {"A": 0, "B": 40, "C": 11, "D": 11}
    assert state["rejoins"] == {"A": 0, "B": 0, "C": 1, "D": 1}
    assert state["pot_cents"] == 6 * 200
    assert state["eliminated"] == []


def test_a_rejoiner_may_win_the_deal_they_rejoin():
    setup = pool(ABC)
    entries = [*C_OUT, show("C", {"A": 10, "B": 10}, rejoin=["C"])]
    state = play(setup, *entries)
    assert state.totals == {"A": 15, "B": 20, "C": 11}


def test_a_rejoin_is_allowed_at_exactly_rejoin_max():
    setup = pool(ABC, full_count=101)
    entries = [show("A", {"B": 79, "C": 101}), show("B", {"A": 1, "C": 4}, rejoin=["C"])]
    assert play(setup, *entries).totals == {"A": 1, "B": 79, "C": 84}


def test_a_rejoin_in_pool_201_opens_up_to_174():
    setup = pool(ABC, pool_limit=201)
    entries = [
        show("A", {"B": 80, "C": 80}),
        show("A", {"B": 80, "C": 80}),
        show("B", {"A": 0, "C": 50}),
    ]
    assert play(setup, *entries).as_dict()["eliminated"] == ["C"]
    late = show("A", {"B": 1, "C": 1}, rejoin=["C"])
    assert validate_entry(setup, entries, late) == late
    over = [*entries[:2], show("C", {"A": 0, "B": 15})]  # B 175: C cannot come back
    entries = [*over, show("A", {"B": 0, "C": 41})]
    assert errors_of(validate_entry, setup, entries, late) == {
        "rejoin": "nobody may rejoin now: B has 175, above 174"
    }


def test_a_refused_rejoin_names_the_first_in_seat_order_of_those_tied_highest():
    setup = pool(ABCD, full_count=101)
    entries = [show("B", {"A": 80, "C": 80, "D": 101})]
    entry = show("B", {"A": 1, "C": 1, "D": 1}, rejoin=["D"])
    assert errors_of(validate_entry, setup, entries, entry) == {
        "rejoin": "nobody may rejoin now: A has 80, above 79"
    }


def test_correcting_an_earlier_deal_re_checks_a_later_rejoin():
    setup = pool(ABC)
    entries = [*C_OUT, show("A", {"B": 1, "C": 4}, rejoin=["C"])]
    # Deal 2 corrected: C holds 0 instead of showing wrongly, so is still in, on 80.
    errors = errors_of(replace_entry, setup, entries, 2, show("B", {"A": 5, "C": 0}))
    assert errors == {
        "deals.3.rejoin.C": "deal 3: C is still in the game: only an eliminated player rejoins",
        "deals.3.rejoin": "deal 3: nobody may rejoin now: C has 80, above 79",
    }


def test_the_state_of_a_points_game_still_lists_eliminations_and_rejoins():
    state = play(indian(), show("A", {"B": 1, "C": 2})).as_dict()
    assert state["eliminated"] == []
    assert state["rejoins"] == {"A": 0, "B": 0, "C": 0}
    assert "pot_cents" not in state and "chips" not in state
    assert state["next_deal"]["players"] == ["A", "B", "C"]
    assert "rejoin_change" not in state["deals"][0]


def test_pot_cents_is_null_when_the_stakes_have_no_pot():
    assert play(indian(stakes={}), show("A", {"B": 1, "C": 2})).as_dict()["pot_cents"] is None


# ---------------------------------------------------------------- the pot


def test_before_the_end_the_pot_goes_to_the_active_players_with_the_lowest_total():
    setup = pool(stakes={"entry_cents": 500})
    settlement = play(setup, POOL_EXAMPLE[0]).settlement  # A leads on 0
    assert settlement["balances"] == {"A": 1500, "B": -500, "C": -500, "D": -500}


def test_joint_leaders_share_the_pot_the_odd_cents_going_one_each_in_seat_order():
    setup = pool(ABC, stakes={"entry_cents": 333})
    settlement = play(setup, show("A", {"B": 0, "C": 5})).settlement
    # A and B lead on 0: 999 / 2 = 499 each and one cent over to A.
    assert settlement["balances"] == {"A": 500 - 333, "B": 499 - 333, "C": -333}


def test_the_pool_winner_takes_the_whole_pot_including_rejoins():
    setup = pool(ABC, stakes={"entry_cents": 500})
    entries = [
        *C_OUT,
        show("A", {"B": 1, "C": 4}, rejoin=["C"]),
        show("A", {"B": 80, "C": 80}),
        show("A", {"B": 80}, wrong=["C"]),
    ]
    state = play(setup, *entries)
    assert (state.finished, state.winners) == (True, ["A"])
    assert state.settlement["balances"] == {"A": 1500, "B": -500, "C": -1000}
    assert moves(state.settlement["transfers"]) == [("C", "A", 1000), ("B", "A", 500)]


def test_deals_rummy_for_a_pot_pays_the_winner():
    setup = indian(format="deals", deals=2, stakes={"entry_cents": 1000})
    state = play(setup, *POINTS_EXAMPLE)
    assert state.settlement["balances"] == {"A": -1000, "B": 2000, "C": -1000}
    assert state.as_dict()["pot_cents"] == 3000


def test_deals_rummy_settled_per_deal_pays_as_points_rummy_does():
    setup = indian(format="deals", deals=2, stakes={**CENTS_25, "mode": "per_deal"})
    settlement = play(setup, *POINTS_EXAMPLE).settlement
    assert settlement["balances"] == {"A": -575, "B": 3075, "C": -2500}


# ---------------------------------------------------------------- deals rummy and points


def test_chips_start_at_full_count_times_deals():
    assert play(indian(format="deals", deals=2)).as_dict()["chips"] == {
        "A": 160,
        "B": 160,
        "C": 160,
    }
    assert play(indian(format="deals", deals=3)).as_dict()["chips"] == {
        "A": 240,
        "B": 240,
        "C": 240,
    }


def test_a_tie_for_highest_after_the_last_deal_brings_tie_break_deals_for_the_tied_only():
    setup = indian(format="deals", deals=2, first_dealer="A")
    entries = [show("A", {"B": 0, "C": 10}), show("B", {"A": 5, "C": 0})]
    state = play(setup, *entries)
    assert state.totals == {"A": 5, "B": 5, "C": -10}
    assert not state.finished
    # The deal passes from B to A, skipping C, who does not play it.
    assert (state.next_deal["players"], state.next_deal["dealer"]) == (["A", "B"], "A")
    errors = errors_of(validate_entry, setup, entries, show("A", {"B": 5, "C": 5}))
    assert errors == {"hands.C": "C is not in this tie-break deal: only the tied players play it"}
    state = play(setup, *entries, show("B", {"A": 5}))
    assert (state.finished, state.winners) == (True, ["B"])
    assert state.deals[2].points == {"A": -5, "B": 5, "C": 0}
    assert state.as_dict()["chips"] == {"A": 160, "B": 170, "C": 150}


def test_tie_break_deals_go_on_while_the_tie_stands():
    setup = indian(format="deals", deals=1)
    all_zero = show("C", {"A": 0, "B": 0})
    state = play(setup, all_zero)
    assert not state.finished and state.next_deal["players"] == ["A", "B", "C"]
    state = play(setup, all_zero, show("A", {"B": 0, "C": 0}))
    assert not state.finished and state.next_deal["players"] == ["A", "B", "C"]
    state = play(setup, all_zero, show("A", {"B": 0, "C": 0}), show("A", {"B": 0, "C": 3}))
    assert (state.finished, state.winners, state.totals["A"]) == (True, ["A"], 3)


def test_points_rummy_with_deals_ends_after_them_and_ties_share():
    setup = indian(deals=1)
    state = play(setup, show("A", {"B": 10, "C": 10}))
    assert (state.finished, state.winners) == (True, ["A"])
    state = play(indian(deals=2), show("A", {"B": 0, "C": 10}), show("B", {"A": 5, "C": 0}))
    assert (state.finished, state.winners) == (True, ["A", "B"])  # 5 each, no tie-break


def test_points_rummy_without_deals_goes_on_until_the_table_ends_it():
    setup = indian(stakes={})
    # 51 deals, each won in turn, each loser holding 5: all even, then A wins one more.
    entries = [show(ABC[n % 3], {p: 5 for p in ABC if p != ABC[n % 3]}) for n in range(51)]
    entries.append(show("A", {"B": 2, "C": 0}))
    state = play(setup, *entries)
    assert not state.finished and len(state.deals) == 52
    assert state.totals == {"A": 2, "B": -2, "C": 0}
    ended = derive(setup, entries, end_early(setup, entries))
    assert (ended.finished, ended.winners) == (True, ["A"])
    assert ended.settlement["balances"] == {"A": 0, "B": 0, "C": 0}  # 2 cents round to 0


# ---------------------------------------------------------------- ending early and the split


def test_a_pool_ended_early_is_won_by_the_active_players_with_the_lowest_total():
    setup = pool(stakes={"entry_cents": 500})
    state = derive(setup, POOL_EXAMPLE, end_early(setup, POOL_EXAMPLE))
    assert (state.winners, state.ended_early, state.split) == (["B"], True, False)
    assert state.settlement["balances"] == {"A": -500, "B": 2000, "C": -500, "D": -1000}


def test_deals_rummy_ended_early_with_a_tie_shares_the_pot():
    setup = indian(format="deals", deals=3, stakes={"entry_cents": 100})
    entries = [show("A", {"B": 0, "C": 10}), show("B", {"A": 5, "C": 0})]
    state = derive(setup, entries, ENDED)
    assert state.winners == ["A", "B"]
    assert state.settlement["balances"] == {"A": 50, "B": 50, "C": -100}


def test_a_split_needs_two_or_three_players_left():
    setup = pool(stakes={"entry_cents": 500})
    assert errors_of(end_early, setup, POOL_EXAMPLE[:1], split=True) == {
        "split": "a split needs 2 or 3 players left in the pool, not 4"
    }


def test_a_split_leaving_less_than_one_entry_to_share_is_refused():
    # A on 0 has 5 drops left, B on 100 none: A would take 5 entries of a pot of 2.
    setup = pool(("A", "B"), stakes={"entry_cents": 500})
    entries = [show("A", {"B": 80}), show("A", {"B": 20})]
    assert errors_of(end_early, setup, entries, split=True) == {
        "split": "less than one entry would be left to share after paying for the drops "
        "left: play on"
    }


def test_a_split_leaving_exactly_one_entry_to_share_is_allowed_and_none_refused():
    setup = pool(("A", "B"), stakes={"entry_cents": 500})
    # A on 0 has 5 drops left. B on 20 has 4: A gets one entry first, one is left to share.
    entries = [show("A", {"B": 20})]
    state = derive(setup, entries, end_early(setup, entries, split=True))
    assert state.settlement["balances"] == {"A": 250, "B": -250}
    # B on 21 has 3: A would get both entries first, none left to share.
    entries = [show("A", {"B": 21})]
    assert set(errors_of(end_early, setup, entries, split=True)) == {"split"}


def test_without_stakes_the_split_is_never_refused_for_money():
    setup = pool(("A", "B"))
    entries = [show("A", {"B": 80}), show("A", {"B": 20})]
    state = derive(setup, entries, end_early(setup, entries, split=True))
    assert (state.winners, state.split, state.settlement) == (["A", "B"], True, None)


def test_a_split_pays_a_player_with_a_drop_more_one_entry_first():
    setup = pool(ABC, stakes={"entry_cents": 500})
    entries = [show("A", {"B": 10, "C": 15})]  # drops left 5, 4, 4: A first 500
    state = derive(setup, entries, SPLIT)
    # The other 1000 shared: 334 (A, the odd cent), 333, 333.
    assert state.settlement["balances"] == {"A": 500 + 334 - 500, "B": 333 - 500, "C": 333 - 500}


def test_six_players_with_long_accented_names_play_a_pool_game_to_its_end():
    names = [f"{letter}éèçàùöñ Þórðarsdóttir-Łukasiewicz-Ångström"[:40] for letter in "ABCDEF"]
    setup = pool(names, stakes={"entry_cents": 250})
    winner, *others = names
    entries = [show(winner, drops=dict.fromkeys(others, "middle"))] * 2
    entries.append(show(winner, wrong=others))
    state = play(setup, *entries).as_dict()
    assert (state["finished"], state["winners"]) == (True, [winner])
    assert state["eliminated"] == others
    assert state["settlement"]["balances"] == {winner: 1250, **dict.fromkeys(others, -250)}


def test_the_card_counter_counts_court_cards_and_aces_ten_and_jokers_nothing():
    setup = indian()
    assert hand_value(setup, ["AS", "KH", "QD", "JC", "10S", "2H", "9D"]) == 61
    assert hand_value(setup, ["Joker", "7S", "7H"], wild="7") == 0
    assert hand_value(setup, ["AS"] * 13) == 130


def test_a_pool_ended_early_with_two_lowest_shares_the_pot_the_odd_cent_to_the_first():
    setup = pool(ABC, stakes={"entry_cents": 101})
    entries = [show("C", {"A": 15, "B": 10}), show("B", {"A": 0, "C": 10})]  # 15, 10, 10
    state = derive(setup, entries, ENDED)
    # B and C share 303: 152 to B (first in seat order), 151 to C.
    assert state.winners == ["B", "C"]
    assert state.settlement["balances"] == {"A": -101, "B": 51, "C": 50}


def test_a_correction_that_would_refuse_a_stored_split_is_refused():
    setup = pool(("A", "B"), stakes={"entry_cents": 500})
    entries = [show("A", {"B": 10}), show("A", {"B": 10})]  # drops left 5 and 4
    # A gets one entry first; the other 500 is shared.
    assert derive(setup, entries, SPLIT).settlement["balances"] == {"A": 250, "B": -250}
    # B on 80 would have 1 drop left: A's 4 entries first, from a pot of 2.
    errors = errors_of(replace_entry, setup, entries, 2, show("A", {"B": 70}), SPLIT)
    assert errors == {
        "split": "less than one entry would be left to share after paying for the drops left: "
        "play on"
    }


def test_a_correction_that_ends_the_pool_drops_the_early_end():
    setup = pool(ABC)
    entries = [show("A", {"B": 80}, wrong=["C"]), show("A", {"B": 0}, wrong=["C"])]
    assert derive(setup, entries, ENDED).ended_early is True
    corrected = replace_entry(setup, entries, 2, show("A", {"B": 30}, wrong=["C"]), ENDED)
    state = derive(setup, corrected, ENDED)
    assert (state.finished, state.ended_early, state.winners) == (True, False, ["A"])


@pytest.mark.parametrize(
    ("options", "stakes"),
    [
        ({}, {"cents_per_point": 25}),
        ({"format": "deals", "deals": 3}, {"entry_cents": 200}),
        ({"format": "deals"}, {"mode": "per_deal"}),
        ({"format": "pool", "pool_limit": 61, "rejoin_max": None}, {"entry_cents": 500}),
        ({"format": "pool", "pool_limit": 201}, None),
    ],
)
def test_a_setup_stored_and_read_back_is_the_same(options, stakes):
    setup = indian(stakes=stakes, **options)
    assert Setup.from_dict(setup.to_dict()) == setup


@pytest.mark.parametrize(
    ("variant", "article"), [("indian", "an"), ("acetoace", "an"), ("gin", "a")]
)
def test_an_unknown_field_is_named_with_the_right_article(variant, article):
    players = ("A", "B") if variant == "gin" else ABC
    setup = game_setup(variant, players)
    errors = errors_of(validate_entry, setup, [], {"colour": "red"})
    assert errors["colour"] == f"is not a field of {article} {variant} entry"
