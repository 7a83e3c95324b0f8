"""Helpers for the scoring tests: a setup in one line, a game from its entries."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from scorekeeper.scoring import GameState, ScoringError, Setup, derive, make_setup

FOUR = ("Ann", "Bob", "Cy", "Dee")


def game_setup(
    variant: str, players=FOUR, *, stakes: Any = None, first_dealer=None, **options
) -> Setup:
    return make_setup(
        variant=variant,
        players=list(players),
        options=options,
        stakes=stakes,
        first_dealer=first_dealer,
    )


def play(setup: Setup, *entries: dict) -> GameState:
    return derive(setup, list(entries))


def errors_of(call, *args, **kwargs) -> dict[str, str]:
    """The field errors ``call`` raises (it must raise ScoringError)."""
    try:
        call(*args, **kwargs)
    except ScoringError as error:
        return error.errors
    raise AssertionError(f"{call.__name__} accepted it")


def out(player: str | None, **hands: int) -> dict:
    """An out-and-hands entry: out("Ann", Bob=10, Cy=5)."""
    return {"out": player, "hands": hands}


def melded(player: str | None, melds: dict[str, int], hands: dict[str, int]) -> dict:
    return {"out": player, "melds": melds, "hands": hands}


def check_payments_and_transfers(settlement: dict) -> None:
    """The payments make the balances; the transfers settle them in at most n - 1."""
    balances = settlement["balances"]
    from_payments = dict.fromkeys(balances, 0)
    for payment in settlement["payments"]:
        assert payment["cents"] > 0
        from_payments[payment["from"]] -= payment["cents"]
        from_payments[payment["to"]] += payment["cents"]
    assert from_payments == balances
    left = dict(balances)
    for transfer in settlement["transfers"]:
        assert transfer["cents"] > 0
        left[transfer["from"]] += transfer["cents"]
        left[transfer["to"]] -= transfer["cents"]
    assert set(left.values()) <= {0}
    assert len(settlement["transfers"]) <= len(balances) - 1


def check_prefixes(setup: Setup, entries: list[dict]) -> None:
    """Deriving the first k entries gives the first k deals and the totals after deal k."""
    full = derive(setup, entries)
    deals = [deal.as_dict() for deal in full.deals]
    for k in range(len(entries) + 1):
        part = derive(setup, entries[:k])
        assert [deal.as_dict() for deal in part.deals] == deals[:k]
        if k:
            assert part.totals == full.running_totals[k - 1]


JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**20), 10**20)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=4)
    ),
    max_leaves=15,
)


FIELDS = ["out", "hands", "melds", "rummy", "knocker", "void", "big_gin", "upcard", "wild",
          "press_points", "up_for_two", "number", "completed", "melded", "hand", "natural",
          "mixed", "red_threes", "concealed", "clean", "dirty", "sevens", "red_threes_held",
          "drops", "wrong_show", "rejoin", "racks", "one_turn", "no_joker", "not_opened",
          "scores", "grids", "pozzetto", "semi_clean"]  # fmt: skip


PLAYER_KEYS = st.sampled_from(["Ann", " ann", "BOB", "Cy", "Zed", ""]) | st.text(max_size=4)


PER_PLAYER = st.dictionaries(PLAYER_KEYS, st.integers(-5, 400) | JSON, max_size=5)


ENTRIES = (
    st.dictionaries(
        st.sampled_from(FIELDS) | st.text(max_size=6),
        PER_PLAYER | PLAYER_KEYS | JSON,
        max_size=7,
    )
    | JSON
)


def only_scoring_errors(call, *args, **kwargs):
    try:
        return call(*args, **kwargs)
    except ScoringError as error:
        assert error.errors
        assert all(isinstance(k, str) and isinstance(v, str) for k, v in error.errors.items())
        return None
