"""Seating: table sizes for the variant and the three ways to seat a night."""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.league import seating


def test_nine_players_at_four_a_table_sit_at_three_tables_of_three():
    assert seating.table_sizes(9, 2, 6, 4) == [3, 3, 3]


def test_ten_players_at_four_a_table_sit_four_three_three():
    assert seating.table_sizes(10, 2, 6, 4) == [4, 3, 3]


def test_gin_cannot_seat_an_odd_number_and_says_so():
    with pytest.raises(seating.SeatingError, match="cannot all be seated"):
        seating.table_sizes(9, 2, 2, 2)


def test_too_few_players_for_one_table_are_refused():
    with pytest.raises(seating.SeatingError, match="At least 3"):
        seating.table_sizes(2, 3, 8, 4)


def test_a_table_grows_past_the_preferred_size_when_it_must():
    # 5000 Rummy needs 3 a table: 5 players cannot sit 3 + 2, so one table of 5.
    assert seating.table_sizes(5, 3, 8, 4) == [5]


@given(
    present=st.integers(2, 60),
    low=st.integers(2, 4),
    span=st.integers(0, 4),
    preferred=st.integers(2, 8),
)
def test_table_sizes_seat_everyone_within_the_variants_limits(present, low, span, preferred):
    high = low + span
    # Every even split (tables differing by at most one), told by its largest table.
    even_splits = [
        -(-present // count)
        for count in range(1, present + 1)
        if low <= present // count and -(-present // count) <= high
    ]
    try:
        sizes = seating.table_sizes(present, low, high, preferred)
    except seating.SeatingError:
        # Refused only where nobody could seat them evenly.
        assert even_splits == []
        return
    assert sum(sizes) == present
    assert all(low <= size <= high for size in sizes)
    assert max(sizes) - min(sizes) <= 1
    # No table above the preferred size where an even split allows it.
    if min(even_splits) <= preferred:
        assert max(sizes) <= max(preferred, low)


def test_random_seating_seats_each_player_once():
    tables = seating.seat_random(list(range(9)), [3, 3, 3], random.Random(1))
    assert sorted(itertools.chain(*tables)) == list(range(9))
    assert [len(t) for t in tables] == [3, 3, 3]


def test_rotating_seating_avoids_pairs_that_have_met():
    # Last time 0-1-2, 3-4-5 and 6-7-8 sat together: a new night can avoid every pair.
    met = {}
    for table in ([0, 1, 2], [3, 4, 5], [6, 7, 8]):
        for a, b in itertools.combinations(table, 2):
            met[seating.pair_key(a, b)] = 1
    tables = seating.seat_rotating(list(range(9)), [3, 3, 3], met, random.Random(3))
    assert seating.meeting_cost(tables, met) == 0
    assert sorted(itertools.chain(*tables)) == list(range(9))


def test_balanced_seating_at_two_player_gin_pairs_rating_neighbours():
    # Player 0 is rated highest, 16 lowest: #1 meets #2, never #17.
    ratings = {player: float(20 - player) for player in range(16)}
    tables = seating.seat_balanced(list(range(16)), [2] * 8, ratings, random.Random(5))
    assert [sorted(table) for table in tables] == [[i, i + 1] for i in range(0, 16, 2)]


@given(
    ratings=st.lists(st.floats(-50, 50, allow_nan=False), min_size=2, max_size=40),
    low=st.integers(2, 4),
    spread=st.integers(0, 4),
    preferred=st.integers(2, 8),
    seed=st.integers(0, 2**32),
)
def test_balanced_tables_never_interleave_in_rating(ratings, low, spread, preferred, seed):
    """Whoever sits between two players of one table in the rating order sits at that table."""
    members = list(range(len(ratings)))
    try:
        sizes = seating.table_sizes(len(members), low, low + spread, preferred)
    except seating.SeatingError:
        return
    rated = dict(enumerate(ratings))
    tables = seating.seat_balanced(members, sizes, rated, random.Random(seed))
    assert sorted(itertools.chain(*tables)) == members
    assert [len(t) for t in tables] == sizes
    spans = [(min(rated[p] for p in t), max(rated[p] for p in t)) for t in tables]
    for (low_a, high_a), (low_b, high_b) in itertools.combinations(spans, 2):
        assert high_a <= low_b or high_b <= low_a
