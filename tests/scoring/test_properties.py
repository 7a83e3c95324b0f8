"""Properties that hold for every game, checked with Hypothesis."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.scoring import (
    GameOverError,
    Setup,
    derive,
    hand_value,
    make_setup,
    replace_entry,
    validate_entry,
)
from tests.scoring.support import (
    ENTRIES,
    JSON,
    PLAYER_KEYS,
    check_payments_and_transfers,
    check_prefixes,
    only_scoring_errors,
)
from tests.tiers import examples

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
FAST = settings(
    max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)

VARIANTS = {
    # variant: (fewest players, most players, options)
    "rummy": (2, 6, {
        "scoring": st.sampled_from(["winner_takes_all", "penalty"]),
        "rummy_bonus": st.sampled_from(["double", "plus_10", "none"]),
        "stock_out": st.sampled_from(["stalemate", "block"]),
        "ace_high": st.booleans(),
        "target": st.integers(20, 300),
        "deals": st.none() | st.integers(1, 8),
    }),
    "gin": (2, 2, {
        "knock_card": st.booleans(),
        "hollywood": st.booleans(),
        "undercut_on_equal": st.booleans(),
        "shutout_double": st.booleans(),
        "target": st.integers(20, 150),
    }),
    "rummy500": (2, 8, {"target": st.integers(50, 400), "out_bonus": st.integers(0, 20)}),
    "rummy5000": (3, 8, {
        "scoring": st.sampled_from(["collect", "subtract"]),
        "target": st.integers(20, 400).map(lambda t: t * 5),
        "went_out_wins": st.booleans(),
        "out_bonus": st.sampled_from([0, 50, 200]),
    }),
    "thirteen": (2, 8, {
        "wild_sequence": st.sampled_from(
            ["ace_to_king", "two_to_king", "ace_to_ace", "king_to_ace", "dealer_choice"]
        ),
        "joker_deal": st.booleans(),
        "press": st.booleans(),
        "auto_press": st.booleans(),
        "double_on_7_or_king": st.booleans(),
        "out_bonus": st.integers(0, 15),
        "up_for_two": st.booleans(),
    }),
    "acetoace": (2, 4, {}),
    "five_crowns": (2, 7, {"out_bonus": st.integers(0, 15)}),
    "phase10": (2, 6, {
        "tie": st.sampled_from(["replay", "share"]),
        "phases": st.lists(st.sampled_from(["2 sets of 3", "1 run of 7"]), min_size=1, max_size=3),
    }),
    "canasta": (2, 2, {
        "target": st.integers(20, 600).map(lambda t: t * 5),
        "canastas_to_go_out": st.integers(0, 2),
        "out_bonus": st.sampled_from([0, 100]),
    }),
    "handfoot": (2, 3, {
        "rounds": st.integers(1, 5),
        "wild_book": st.none() | st.just(1500),
        "sevens_book": st.none() | st.just(1000),
        "red_three_held": st.sampled_from([100, 500]),
    }),
    "rummikub": (2, 6, {
        "joker": st.sampled_from([30, 50]),
        "rounds": st.none() | st.integers(1, 3),
        "target": st.none() | st.integers(20, 200),
        "rank_by": st.sampled_from(["points", "wins"]),
        "winner_bonus": st.sampled_from([0, 50]),
        "loser_cap": st.none() | st.just(25),
    }),
    "contract": (2, 8, {
        "joker": st.sampled_from([15, 25]),
        "low_cards": st.sampled_from(["face", 5]),
        "out_bonus": st.integers(0, 10),
        "one_turn_bonus": st.none() | st.just(25),
        "no_joker_bonus": st.none() | st.just(50),
    }),
    "threethirteen": (2, 8, {
        "face_values": st.sampled_from(["ten", "rank"]),
        "wild_value": st.none() | st.just(20),
    }),
    "kalooki": (2, 6, {
        "pool_limit": st.sampled_from([101, 150, 201]),
        "one_turn_double": st.booleans(),
        "not_opened_penalty": st.none() | st.just(100),
        "rejoin": st.booleans(),
    }),
    "golf": (2, 8, {
        "holes": st.integers(1, 18),
        "jokers": st.booleans(),
        "pair_of_twos": st.sampled_from([0, -4]),
        "four_of_a_kind": st.none() | st.just(-10),
    }),
    "burraco": (2, 3, {
        "target": st.integers(20, 600).map(lambda t: t * 5),
        "semi_clean": st.none() | st.just(150),
        "clean_to_close": st.booleans(),
    }),
    "free": (1, 8, {
        "higher_wins": st.booleans(),
        "target": st.none() | st.integers(-50, 200),
        "rounds": st.none() | st.integers(1, 12),
        "zero_sum": st.booleans(),
    }),
}  # fmt: skip
PARTNERSHIPS = ("canasta", "handfoot", "burraco")


@st.composite
def stakes(draw, variant):
    if variant == "kalooki":  # played for a pot only
        return {"mode": "pot", "entry_cents": draw(st.integers(1, 500))}
    modes = ["pairs", "winner", *(["per_deal"] if variant == "rummy" else [])]
    return {
        "mode": draw(st.sampled_from(modes)),
        "cents_per_point": draw(st.integers(0, 10)),
        "round_to": draw(st.sampled_from([1, 5, 10, 25])),
        "deal_winner_cents": draw(st.sampled_from([0, 0, 3, 25])),
    }


@st.composite
def setups(draw, variant: str | None = None) -> Setup:
    variant = variant or draw(st.sampled_from(sorted(VARIANTS)))
    low, high, options = VARIANTS[variant]
    players = list(NAMES[: draw(st.integers(low, high))])
    chosen = draw(st.fixed_dictionaries({}, optional=options))
    if variant == "handfoot" and "rounds" in chosen:  # one minimum for each round
        chosen["minimums"] = [50 + 5 * r for r in range(chosen["rounds"])]
    seats = None
    seatable = variant in PARTNERSHIPS and (variant != "burraco" or len(players) == 2)
    if (seatable or (variant == "free" and len(players) > 1)) and draw(st.booleans()):
        table = 20 if variant == "free" else 8  # people seated at most
        most = 2 if variant in ("canasta", "burraco") else min(4, table // len(players))
        per_side = draw(st.integers(2, most))
        seats = [f"Seat {i}" for i in range(per_side * len(players))]
    return make_setup(
        variant=variant,
        players=players,
        options=chosen,
        first_dealer=draw(st.sampled_from(seats or players)),
        stakes=draw(stakes(variant)),
        seats=seats,
    )


def entry_for(draw, setup: Setup, entries: list[dict], calls: list[str]) -> dict:
    """A valid entry for the deal after ``entries`` (values within every bound)."""
    players = setup.players
    options = setup.options
    number = len(entries) + 1
    if setup.variant == "burraco":
        return burraco_entry(draw, setup)
    if setup.variant in PARTNERSHIPS:
        return partnership_entry(draw, setup)
    if setup.variant in ("golf", "free"):
        return scores_entry(draw, setup)
    if setup.variant == "phase10":
        return phase10_entry(draw, setup, entries)
    if setup.variant == "kalooki":
        return kalooki_entry(draw, setup, entries)
    if setup.variant == "rummikub":
        went_out = draw(st.none() | st.sampled_from(players))
        racks = st.integers(0, 120)
        return {"out": went_out, "racks": {p: draw(racks) for p in players if p != went_out}}
    if setup.variant == "gin":
        if draw(st.integers(0, 9)) == 0:
            return {"void": True}
        knocker = draw(st.sampled_from(players))
        k = draw(st.integers(0, 10))
        entry = {"knocker": knocker, "hands": {p: draw(st.integers(0, 100)) for p in players}}
        entry["hands"][knocker] = k
        if k == 0 and draw(st.booleans()):
            entry["big_gin"] = True
        if options["knock_card"]:
            entry["upcard"] = draw(st.sampled_from(["KH", "QS", "10D", "JC", "10S"]))
        return entry
    step = 5 if setup.variant == "rummy5000" else 1
    never_nobody = ("five_crowns", "contract", "threethirteen")
    nobody = st.nothing() if setup.variant in never_nobody else st.none()
    went_out = draw(nobody | st.sampled_from(players))
    most = min(60, 10 * (number + 2)) if setup.variant == "threethirteen" else 60
    values = st.integers(0, most // step).map(lambda v: v * step)
    entry = {"out": went_out, "hands": {p: draw(values) for p in players if p != went_out}}
    if setup.variant in ("rummy500", "rummy5000", "acetoace"):
        entry["melds"] = {p: draw(values) for p in players}
    if setup.variant == "rummy" and went_out is not None:
        entry["rummy"] = draw(st.booleans())
    if setup.variant == "contract":
        entry["one_turn"] = draw(st.booleans())
        entry["no_joker"] = entry["one_turn"] and draw(st.booleans())
    if setup.variant == "thirteen":
        if options["up_for_two"] and went_out is not None:
            entry["up_for_two"] = draw(st.booleans())
        if options["wild_sequence"] == "dealer_choice" and number <= 13:
            entry["wild"] = calls[number - 1]
    return entry


def phase10_entry(draw, setup: Setup, entries: list[dict]) -> dict:
    """Who went out among those playing (the tied players of a tie-break hand)."""
    upcoming = derive(setup, entries).next_deal  # None once the game is over
    playing = (upcoming and upcoming["tiebreak"]) or setup.players
    went_out = draw(st.sampled_from(playing))
    others = [p for p in playing if p != went_out]
    completed = [went_out, *draw(st.lists(st.sampled_from(others), unique=True))] if others else []
    fives = st.integers(0, 50).map(lambda v: v * 5)
    return {
        "out": went_out,
        "completed": completed or [went_out],
        "hands": {p: draw(fives) for p in others},
    }


def kalooki_entry(draw, setup: Setup, entries: list[dict]) -> dict:
    """Hands for the players taking part, now and then a rejoin and players not opened."""
    state = derive(setup, entries).as_dict()
    if state["finished"]:  # the entry is refused as after the end, whatever it is
        return {"out": setup.players[0]}
    playing = list(state["next_deal"]["players"])
    rejoin = []
    if state["eliminated"] and setup.options["rejoin"] and draw(st.booleans()):
        rejoin = draw(st.lists(st.sampled_from(state["eliminated"]), min_size=1, unique=True))
    went_out = draw(st.sampled_from(playing + rejoin))
    others = [p for p in playing + rejoin if p != went_out]
    not_opened = draw(st.lists(st.sampled_from(others), unique=True)) if others else []
    fixed = setup.options["not_opened_penalty"] is not None
    hands = st.sampled_from([0, 5, 40, 90]) | st.integers(0, 210)
    entry = {
        "out": went_out,
        "hands": {p: draw(hands) for p in others if not (fixed and p in not_opened)},
        "one_turn": draw(st.booleans()),
        "not_opened": not_opened,
    }
    if rejoin:
        entry["rejoin"] = rejoin
    return entry


def partnership_entry(draw, setup: Setup) -> dict:
    """Melds, hands and counts within the pack; who goes out has the canastas it needs."""
    sides = setup.players
    went_out = draw(st.none() | st.sampled_from(sides))
    fives = st.integers(1, 60).map(lambda v: v * 5)
    entry: dict = {
        "out": went_out,
        "melded": {side: draw(fives) for side in sides},
        "hand": {side: draw(fives) - 5 for side in sides},
        "red_threes": {draw(st.sampled_from(sides)): draw(st.integers(0, 4))},
    }
    if setup.variant == "canasta":
        entry["natural"] = {side: draw(st.integers(0, 3)) for side in sides}
        entry["mixed"] = {side: draw(st.integers(0, 3)) for side in sides}
        if went_out is not None:
            entry["natural"][went_out] += setup.options["canastas_to_go_out"]
            entry["concealed"] = draw(st.booleans())
        return entry
    for kind in ("clean", "dirty", "red_threes_held"):
        entry[kind] = {side: draw(st.integers(0, 2)) for side in sides}
    for kind, option in (("wild", "wild_book"), ("sevens", "sevens_book")):
        if setup.options[option] is not None:
            entry[kind] = {side: draw(st.integers(0, 1)) for side in sides}
    return entry


def burraco_entry(draw, setup: Setup) -> dict:
    """Melds and hands within the pack; the side that closed took its pozzetto and has a
    clean burraco."""
    sides = setup.players
    went_out = draw(st.none() | st.sampled_from(sides))
    fives = st.integers(1, 30).map(lambda v: v * 5)
    entry: dict = {
        "out": went_out,
        "melded": {side: draw(fives) for side in sides},
        "hand": {side: draw(fives) - 5 for side in sides},
        "clean": {side: draw(st.integers(0, 2)) for side in sides},
        "dirty": {side: draw(st.integers(0, 2)) for side in sides},
        "pozzetto": {side: draw(st.booleans()) for side in sides},
    }
    if setup.options["semi_clean"] is not None:
        entry["semi_clean"] = {side: draw(st.integers(0, 1)) for side in sides}
    if went_out is not None:
        entry["clean"][went_out] += 1
        entry["pozzetto"][went_out] = True
    return entry


def scores_entry(draw, setup: Setup) -> dict:
    """Golf: a grid or a score per player; free: scores (summing to 0 where they must)."""
    players = setup.players
    if setup.variant == "free":
        scores = {p: draw(st.integers(-500, 500)) for p in players}
        if setup.options["zero_sum"]:
            scores[players[0]] -= sum(scores.values())
        return {"scores": scores}
    ranks = [*RANKS, *(["Joker"] if setup.options["jokers"] else [])]
    grids = {p: draw(st.lists(st.sampled_from(ranks), min_size=6, max_size=6)) for p in players}
    chosen = draw(st.lists(st.sampled_from(players), unique=True))
    entry: dict = {"scores": {p: draw(st.integers(-6, 60)) for p in players if p not in chosen}}
    if chosen:
        entry["grids"] = {p: grids[p] for p in chosen}
    return entry


@st.composite
def games(draw, variant: str | None = None) -> tuple[Setup, list[dict]]:
    """A setup and the entries of a game played to its end (or 16 deals)."""
    setup = draw(setups(variant))
    calls = draw(st.permutations(RANKS))
    entries: list[dict] = []
    for _ in range(16):
        entry = entry_for(draw, setup, entries, calls)
        try:
            entries.append(validate_entry(setup, entries, entry))
        except GameOverError:
            break
    return setup, entries


@FAST
@given(games())
def test_balances_always_sum_to_zero(game):
    setup, entries = game
    settlement = derive(setup, entries).settlement
    assert sum(settlement["balances"].values()) == 0


@FAST
@given(games())
def test_balances_sum_to_zero_in_a_game_ended_early_too(game):
    setup, entries = game
    state = derive(setup, entries, {"split": False})
    assert state.finished and state.winners
    assert sum(state.settlement["balances"].values()) == 0


@FAST
@given(games())
def test_payments_make_the_balances_and_transfers_settle_them_in_at_most_n_minus_1(game):
    setup, entries = game
    check_payments_and_transfers(derive(setup, entries).settlement)


@FAST
@given(games())
def test_deriving_the_first_k_entries_gives_the_first_k_deals(game):
    check_prefixes(*game)


@FAST
@given(games("rummikub"))
def test_rummikub_deals_sum_to_zero_without_a_winner_bonus(game):
    setup, entries = game
    for deal in derive(setup, entries).deals:
        bonus = setup.options["winner_bonus"] if deal.winner is not None else 0
        assert sum(deal.points.values()) == bonus


@FAST
@given(games())
def test_totals_are_the_sums_of_the_deal_points(game):
    setup, entries = game
    state = derive(setup, entries)
    for player in setup.players:
        assert state.totals[player] == sum(deal.points[player] for deal in state.deals)


@FAST
@given(games())
def test_the_state_is_plain_json_of_ints(game):
    import json

    setup, entries = game
    state = derive(setup, entries).as_dict()
    assert json.loads(json.dumps(state)) == state
    assert all(type(v) is int for v in state["totals"].values())
    assert (state["next_deal"] is None) == state["finished"]
    assert bool(state["winners"]) == state["finished"]


# ---------------------------------------------------------------- arbitrary input

EVERYTHING_ON = [
    make_setup(variant="rummy", players=["Ann", "Bob", "Cy"], stakes={"mode": "per_deal"}),
    make_setup(variant="gin", players=["Ann", "Bob"], options={"knock_card": True}),
    make_setup(variant="rummy500", players=["Ann", "Bob", "Cy"]),
    make_setup(variant="rummy5000", players=["Ann", "Bob", "Cy"]),
    make_setup(
        variant="thirteen",
        players=["Ann", "Bob", "Cy", "Dee"],
        options={
            "press": True,
            "auto_press": True,
            "wild_sequence": "dealer_choice",
            "up_for_two": True,
            "joker_deal": True,
        },
    ),
    make_setup(variant="acetoace", players=["Ann", "Bob", "Cy"]),
    make_setup(variant="five_crowns", players=["Ann", "Bob", "Cy"]),
    make_setup(variant="phase10", players=["Ann", "Bob", "Cy"], options={"phases": ["x"]}),
    make_setup(variant="canasta", players=["Ann", "Bob"], seats=["N", "E", "S", "W"], stakes={}),
    make_setup(
        variant="handfoot",
        players=["Ann", "Bob", "Cy"],
        options={"wild_book": 1500, "sevens_book": 1000},
    ),
    make_setup(
        variant="indian",
        players=["Ann", "Bob", "Cy"],
        options={"format": "pool", "rejoin_max": 79},
        stakes={"mode": "pot", "entry_cents": 500},
    ),
    make_setup(variant="indian", players=["Ann", "Bob", "Cy"], options={"format": "deals"}),
    make_setup(
        variant="rummikub",
        players=["Ann", "Bob", "Cy"],
        options={"loser_cap": 25, "winner_bonus": 50, "rank_by": "wins"},
    ),
    make_setup(preset="Shanghai", players=["Ann", "Bob", "Cy"]),
    make_setup(variant="threethirteen", players=["Ann", "Bob", "Cy"], options={"wild_value": 20}),
    make_setup(preset="Scala 40", players=["Ann", "Bob", "Cy"], stakes={"entry_cents": 100}),
    make_setup(variant="kalooki", players=["Ann", "Bob", "Cy"], options={"pool_limit": 20}),
    make_setup(variant="golf", players=["Ann", "Bob", "Cy"], options={"jokers": True}),
    make_setup(variant="burraco", players=["Ann", "Bob"], options={"semi_clean": 150}),
    make_setup(variant="free", players=["Ann", "Bob", "Cy"], options={"zero_sum": True}),
]


@settings(max_examples=examples(300), deadline=None)
@given(st.sampled_from(EVERYTHING_ON), ENTRIES)
def test_validation_raises_only_scoring_errors_whatever_the_entry(setup, entry):
    accepted = only_scoring_errors(validate_entry, setup, [], entry)
    if accepted is not None:
        assert derive(setup, [accepted]).deals[0].entry == accepted


@settings(max_examples=examples(100), deadline=None)
@given(st.sampled_from(EVERYTHING_ON), JSON, ENTRIES, st.lists(ENTRIES, max_size=3))
def test_corrections_and_derivation_raise_only_scoring_errors(setup, number, entry, entries):
    only_scoring_errors(replace_entry, setup, entries, number, entry)
    only_scoring_errors(derive, setup, entries)
    only_scoring_errors(derive, setup, entry)


@settings(max_examples=examples(200), deadline=None)
@given(
    st.sampled_from(["rummy", "gin", "thirteen", "rummy5000", "canasta", "handfoot", "poker"])
    | st.sampled_from(["golf", "burraco", "free"])
    | JSON,
    st.sampled_from(["Biddies", "beanie", "Poker", "buraco", "Golf (18 holes)"]) | JSON,
    st.lists(PLAYER_KEYS | JSON, max_size=9) | JSON,
    st.dictionaries(
        st.sampled_from(["target", "press", "ace_value", "phases", "minimums", "rounds", "x"])
        | st.sampled_from(["holes", "jokers", "higher_wins", "zero_sum", "semi_clean"]),
        JSON,
    )
    | JSON,
    st.dictionaries(st.sampled_from(["mode", "round_to", "currency", "y"]), JSON) | JSON,
    PLAYER_KEYS | JSON,
    st.lists(PLAYER_KEYS | JSON, max_size=9) | JSON,
)
def test_setting_up_raises_only_scoring_errors(
    variant, preset, players, options, stakes, dealer, seats
):
    kwargs = {
        "players": players,
        "options": options,
        "stakes": stakes,
        "first_dealer": dealer,
        "seats": seats,
    }
    only_scoring_errors(make_setup, variant=variant, **kwargs)
    only_scoring_errors(make_setup, preset=preset, **kwargs)
    only_scoring_errors(Setup.from_dict, {"variant": variant, **kwargs})


@settings(max_examples=examples(150), deadline=None)
@given(
    st.sampled_from(EVERYTHING_ON), st.lists(st.text(max_size=4) | JSON, max_size=5) | JSON, JSON
)
def test_the_card_counter_raises_only_scoring_errors(setup, cards, wild):
    only_scoring_errors(hand_value, setup, cards, wild)
