"""Properties of Indian rummy games, checked with Hypothesis: every format, rejoins,
tie-break deals, the pot, early ends and splits."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from scorekeeper.scoring import (
    ScoringError,
    Setup,
    derive,
    end_early,
    make_setup,
    replace_entry,
    validate_entry,
)
from tests.tiers import examples

from .support import (
    ENTRIES,
    check_payments_and_transfers,
    check_prefixes,
    only_scoring_errors,
)

NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve", "Fay")
# Coarse values, so that totals tie (tie-break deals) and pools last (rejoins, splits).
HANDS = st.sampled_from([0, 0, 0, 5, 10, 20, 40, 81, 130]) | st.integers(0, 130)
FAST = settings(
    max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@st.composite
def setups(draw) -> Setup:
    form = draw(st.sampled_from(["points", "pool", "deals"]))
    players = list(NAMES[: draw(st.integers(2, 6))])
    options: dict = {"format": form}
    if form == "pool":
        options["pool_limit"] = draw(st.sampled_from([101, 201, 61]))
        if draw(st.booleans()):
            options["rejoin_max"] = None
    elif form == "deals":
        options["deals"] = draw(st.integers(1, 4))
    else:
        options["deals"] = draw(st.none() | st.integers(1, 8))
    if draw(st.booleans()):
        options["full_count"] = draw(st.integers(40, 130))
    if form == "points" or (form == "deals" and draw(st.booleans())):
        stakes = {
            "mode": "per_deal",
            "cents_per_point": draw(st.integers(0, 30)),
            "round_to": draw(st.sampled_from([1, 5, 10, 25])),
        }
    else:
        stakes = {"entry_cents": draw(st.integers(1, 1000))}
    return make_setup(
        variant="indian",
        players=players,
        options=options,
        first_dealer=draw(st.sampled_from(players)),
        stakes=draw(st.none() | st.just(stakes)),
    )


def entry_for(draw, setup: Setup, entries: list[dict]) -> dict:
    """A valid entry for the next deal: results for the players taking part, and in pool
    rummy now and then a rejoin while no active total is above rejoin_max."""
    state = derive(setup, entries).as_dict()
    playing = list(state["next_deal"]["players"])
    rejoin_max = setup.options["rejoin_max"]
    rejoin = []
    if (
        state["eliminated"]
        and rejoin_max is not None
        and max(state["totals"][name] for name in playing) <= rejoin_max
        and draw(st.booleans())
    ):
        rejoin = draw(st.lists(st.sampled_from(state["eliminated"]), min_size=1, unique=True))
    winner = draw(st.sampled_from(playing + rejoin))
    entry: dict = {"out": winner, "hands": {}, "drops": {}, "wrong_show": []}
    if rejoin:
        entry["rejoin"] = rejoin
    for name in playing + rejoin:
        if name == winner:
            continue
        kind = draw(st.integers(0, 5))
        if kind <= 3:
            entry["hands"][name] = draw(HANDS)
        elif kind == 4:
            entry["drops"][name] = draw(st.sampled_from(["first", "middle"]))
        else:
            entry["wrong_show"].append(name)
    return validate_entry(setup, entries, entry)


@st.composite
def games(draw) -> tuple[Setup, list[dict], dict | None]:
    """A setup, the entries of a game (to its end or 20 deals) and maybe an early end."""
    setup = draw(setups())
    entries: list[dict] = []
    for _ in range(draw(st.integers(0, 20))):
        if derive(setup, entries).finished:
            break
        entries.append(entry_for(draw, setup, entries))
    ending = None
    if not derive(setup, entries).finished and draw(st.booleans()):
        split = setup.options["format"] == "pool" and draw(st.booleans())
        try:
            ending = end_early(setup, entries, split=split)
        except ScoringError:
            ending = end_early(setup, entries)
    return setup, entries, ending


# Games the properties always see: the pool example of RULES.md split three ways, a
# tie-break deal, a rejoin that wins its deal and a pool played out.
POOL = make_setup(
    variant="indian", players=["A", "B", "C", "D"], options={"format": "pool"},
    stakes={"entry_cents": 500},
)  # fmt: skip
POOL_EXAMPLE = [
    {"out": "A", "hands": {"B": 34}, "drops": {"C": "first"}, "wrong_show": ["D"]},
    {"out": "C", "hands": {"A": 52, "D": 95}, "drops": {"B": "middle"}},
    {"out": "B", "hands": {"A": 30, "C": 61, "D": 28}, "rejoin": ["D"]},
]
DEALS = make_setup(
    variant="indian", players=["A", "B", "C"], options={"format": "deals"},
    stakes={"entry_cents": 100},
)  # fmt: skip
TIED = [
    {"out": "A", "hands": {"B": 0, "C": 10}},
    {"out": "B", "hands": {"A": 5, "C": 0}},
    {"out": "B", "hands": {"A": 0}},
    {"out": "A", "hands": {"B": 3}},
]
EXAMPLES = [
    (POOL, POOL_EXAMPLE, {"split": True}),
    (POOL, POOL_EXAMPLE[:2], None),
    (DEALS, TIED, None),
    (DEALS, TIED[:3], {"split": False}),
    (
        POOL,
        [*POOL_EXAMPLE[:2], {**POOL_EXAMPLE[2], "out": "D", "hands": {"A": 1, "B": 2, "C": 3}}],
        None,
    ),
    (POOL, [*POOL_EXAMPLE, {"out": "B", "wrong_show": ["A", "C"]}], None),
]


def with_examples(test):
    for game in EXAMPLES:
        test = example(game)(test)
    return test


@FAST
@with_examples
@given(games())
def test_balances_sum_to_zero_including_the_pot(game):
    setup, entries, ending = game
    state = derive(setup, entries, ending).as_dict()
    settlement = state["settlement"]
    if settlement is None:
        return
    assert sum(settlement["balances"].values()) == 0
    check_payments_and_transfers(settlement)
    if setup.stakes["mode"] == "pot":
        assert settlement["payments"] == settlement["transfers"]
        # Everyone has paid in; only the winners (or leaders) get anything back.
        paid = {name: setup.stakes["entry_cents"] * (1 + state["rejoins"][name])
                for name in setup.players}  # fmt: skip
        assert sum(paid.values()) == state["pot_cents"]
        payees = state["winners"] if state["finished"] else derive(setup, entries).leaders
        for name, balance in settlement["balances"].items():
            assert balance == -paid[name] or name in payees


@FAST
@with_examples
@given(games())
def test_deriving_the_first_k_entries_gives_the_first_k_deals(game):
    setup, entries, _ending = game
    check_prefixes(setup, entries)


@FAST
@with_examples
@given(games())
def test_totals_eliminations_and_chips_follow_from_the_deal_points(game):
    setup, entries, ending = game
    state = derive(setup, entries, ending).as_dict()
    assert json.loads(json.dumps(state)) == state
    totals = state["totals"]
    for player in setup.players:
        assert totals[player] == sum(deal["points"][player] for deal in state["deals"])
    options = setup.options
    if options["format"] == "pool":
        limit = options["pool_limit"]
        assert state["eliminated"] == [p for p in setup.players if totals[p] >= limit]
        assert state["finished"] == (
            ending is not None or len(state["eliminated"]) == len(totals) - 1
        )
    else:
        assert sum(totals.values()) == 0
        assert state["eliminated"] == []
    if options["format"] == "deals":
        assert state["chips"] == {
            p: options["full_count"] * options["deals"] + totals[p] for p in setup.players
        }
    if state["next_deal"] is not None:
        assert state["next_deal"]["dealer"] in state["next_deal"]["players"]
    assert (state["next_deal"] is None) == state["finished"] == bool(state["winners"])


INDIAN_GAMES = [
    make_setup(variant="indian", players=["Ann", "Bob", "Cy"], stakes={}),
    make_setup(
        variant="indian",
        players=["Ann", "Bob", "Cy", "Dee"],
        options={"format": "pool"},
        stakes={"entry_cents": 100},
    ),
    make_setup(variant="indian", players=["Ann", "Bob", "Cy"], options={"format": "deals"}),
]
# Cy out of the pool: rejoins, hands for a player not taking part ...
CY_OUT = [
    {"out": "Ann", "hands": {"Bob": 5, "Dee": 1}, "wrong_show": ["Cy"]},
    {"out": "Ann", "hands": {"Bob": 5, "Dee": 1}, "wrong_show": ["Cy"]},
]
FIELDS = ["out", "hands", "drops", "wrong_show", "rejoin", "number"]
INDIAN_ENTRIES = (
    st.dictionaries(
        st.sampled_from(FIELDS),
        st.sampled_from(["Ann", "cy", "Zed", "first", "middle"])
        | st.lists(st.sampled_from(["Ann", "Bob", "Cy", "Dee", "x"]), max_size=4)
        | st.dictionaries(
            st.sampled_from(["Ann", "Bob", "Cy", "Dee", "x"]),
            st.sampled_from(["first", "middle", "last", 0, 40, 131, -1, None]),
            max_size=4,
        ),
        max_size=6,
    )
    | ENTRIES
)


@settings(max_examples=examples(300), deadline=None)
@given(st.sampled_from(range(len(INDIAN_GAMES))), INDIAN_ENTRIES)
def test_any_json_like_entry_gets_the_cores_own_error_or_none(index, entry):
    setup = INDIAN_GAMES[index]
    earlier = CY_OUT if setup.options["format"] == "pool" else []
    accepted = only_scoring_errors(validate_entry, setup, earlier, entry)
    if accepted is not None:
        assert derive(setup, [*earlier, accepted]).deals[-1].entry == accepted
    only_scoring_errors(replace_entry, setup, [*earlier, *earlier], 1, entry)
    only_scoring_errors(end_early, setup, earlier, split=entry)


@settings(max_examples=examples(100), deadline=None)
@given(
    st.dictionaries(
        st.sampled_from(["format", "deals", "pool_limit", "first_drop", "rejoin_max", "x"]),
        st.sampled_from(["points", "pool", "deals", None, 0, 2, 61, 101, 201, 80, "101"]),
    ),
    st.dictionaries(
        st.sampled_from(["mode", "entry_cents", "deal_winner_cents", "cents_per_point"]),
        st.sampled_from(["pot", "per_deal", "pairs", None, 0, 5, 500, -1, "5"]),
    )
    | st.none(),
)
def test_setting_up_raises_only_scoring_errors_and_a_setup_derives(options, stakes):
    setup = only_scoring_errors(
        make_setup, variant="indian", players=["Ann", "Bob"], options=options, stakes=stakes
    )
    if setup is not None and setup.stakes is not None:
        settlement = derive(setup, [{"out": "Ann", "hands": {"Bob": 9}}]).settlement
        assert sum(settlement["balances"].values()) == 0
