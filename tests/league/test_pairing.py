"""Seating the next round of a night: Swiss, king of the hill, random, and byes.

Pure functions over member ids: a season of 30 nights x 4 rounds x 40 players runs in
well under a second."""

from __future__ import annotations

import itertools
import random

from scorekeeper.league import pairing, seating

PLAYERS = list(range(1, 41))


def play(tables, rng, scores):
    """Each table's result by chance, the winner first; scores add players beaten."""
    ranked = []
    for table in tables:
        order = rng.sample(table, len(table))
        for place, member in enumerate(order):
            scores[member] = scores.get(member, 0) + len(order) - 1 - place
        ranked.append(order)
    return ranked


def add(met, tables):
    for key, count in pairing.pairs_met(tables).items():
        met[key] = met.get(key, 0) + count


def seated_once(tables, members, sizes):
    assert sorted(m for table in tables for m in table) == sorted(members)
    assert sorted(len(table) for table in tables) == sorted(sizes)


def test_swiss_repeats_nobody_tonight_over_a_season_of_30_nights_x_4_rounds_x_40_players():
    rng = random.Random(29)
    season: dict = {}
    for size in (4, 2):  # rummy at tables of four, gin at tables of two
        sizes = [size] * (40 // size)
        for _night in range(30):
            tonight: dict = {}
            scores: dict = {}
            tables = seating.seat_random(PLAYERS, sizes, rng)
            for _round in range(4):
                if _round:
                    tables = pairing.seat_swiss(PLAYERS, sizes, scores, tonight, season, rng)
                    seated_once(tables, PLAYERS, sizes)
                    assert pairing.repeats(tables, tonight) == 0
                play(tables, rng, scores)
                add(tonight, tables)
                add(season, tables)


def test_swiss_seats_similar_standing_together():
    scores = {member: 100 - member for member in PLAYERS}  # 1 is best, 40 worst
    tables = pairing.seat_swiss(PLAYERS, [4] * 10, scores, {}, {}, random.Random(1))
    assert tables == [PLAYERS[i : i + 4] for i in range(0, 40, 4)]


def test_swiss_takes_the_season_pair_met_least_among_equals():
    scores = dict.fromkeys(range(1, 5), 1)
    season = {(1, 2): 3, (3, 4): 3}  # 1-2 and 3-4 met often, the others never
    tables = pairing.seat_swiss([1, 2, 3, 4], [2, 2], scores, {}, season, random.Random(2))
    assert {frozenset(table) for table in tables} & {frozenset({1, 2}), frozenset({3, 4})} == set()


def all_seatings(members, sizes):
    """Every way to seat ``members`` at tables of ``sizes``, in that order."""
    if not sizes:
        yield []
        return
    for table in itertools.combinations(members, sizes[0]):
        left = [m for m in members if m not in table]
        for seating_rest in all_seatings(left, sizes[1:]):
            yield [list(table), *seating_rest]


def test_swiss_avoids_a_repeat_whenever_some_seating_avoids_it():
    """Against every seating of eight players, for random nights met so far."""
    rng = random.Random(5)
    members = list(range(8))
    for sizes in ([4, 4], [2, 2, 2, 2], [3, 3, 2]):
        for _case in range(60):
            tonight = {pair: 1 for pair in itertools.combinations(members, 2) if rng.random() < 0.4}
            scores = {member: rng.randint(0, 6) for member in members}
            avoidable = any(
                pairing.repeats(seats, tonight) == 0 for seats in all_seatings(members, sizes)
            )
            tables = pairing.seat_swiss(members, sizes, scores, tonight, {}, rng)
            seated_once(tables, members, sizes)
            assert (pairing.repeats(tables, tonight) == 0) == avoidable


def test_king_of_the_hill_moves_each_winner_up_and_each_last_down():
    previous = [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]  # each by result, winner first
    tables = pairing.seat_king(previous, [4, 4, 4], [], [])
    assert [sorted(t) for t in tables] == [[1, 2, 3, 5], [4, 6, 7, 9], [8, 10, 11, 12]]


def test_king_of_the_hill_at_two_a_table_swaps_neighbours():
    tables = pairing.seat_king([[1, 2], [3, 4], [5, 6]], [2, 2, 2], [], [])
    assert [sorted(t) for t in tables] == [[1, 3], [2, 5], [4, 6]]


def test_king_of_the_hill_sends_a_bye_out_and_brings_one_back_at_the_bottom():
    previous = [[1, 2], [3, 4]]
    tables = pairing.seat_king(previous, [2, 2], sitting_out=[1], coming_back=[5])
    assert [sorted(t) for t in tables] == [[2, 3], [4, 5]]


def test_random_seats_everyone_once_and_differs_by_chance():
    seen = set()
    for seed in range(5):
        tables, byes = pairing.plan_round(
            "random",
            PLAYERS,
            [4] * 10,
            0,
            previous=[],
            scores={},
            tonight={},
            season={},
            byes_so_far={},
            rng=random.Random(seed),
        )
        seated_once(tables, PLAYERS, [4] * 10)
        assert byes == []
        seen.add(tuple(map(tuple, tables)))
    assert len(seen) == 5


def test_byes_spread_within_one_over_the_rounds_and_the_season():
    """41 at gin: one sits out each round, for 30 nights of 4 rounds, by every method."""
    rng = random.Random(11)
    present = list(range(1, 42))
    sizes, out = seating.sizes_with_byes(len(present), 2, 2, 2)
    assert out == 1
    byes: dict[int, int] = {}
    season: dict = {}
    for night in range(30):
        method = pairing.METHODS[night % 3]
        scores: dict = {}
        tonight: dict = {}
        previous: list = []
        tonight_byes: dict[int, int] = {}
        for _round in range(4):
            tables, sat_out = pairing.plan_round(
                method,
                present,
                sizes,
                out,
                previous=previous,
                scores=scores,
                tonight=tonight,
                season=season,
                byes_so_far=byes,
                rng=rng,
            )
            seated_once(tables, [m for m in present if m not in sat_out], sizes)
            for member in sat_out:
                byes[member] = byes.get(member, 0) + 1
                tonight_byes[member] = tonight_byes.get(member, 0) + 1
            assert max(tonight_byes.values()) == 1  # nobody sits out twice in a night
            previous = play(tables, rng, scores)
            add(tonight, tables)
            add(season, tables)
            counts = [byes.get(member, 0) for member in present]
            assert max(counts) - min(counts) <= 1
    assert sum(byes.values()) == 120


def season_of_swiss(with_season: bool) -> list[int]:
    """How often each pair met over 30 nights x 4 rounds x 40 players at tables of four,
    Swiss told the season's pair counts or not."""
    rng = random.Random(30)
    sizes = [4] * 10
    season: dict = {}
    for _night in range(30):
        tonight: dict = {}
        scores: dict = {}
        tables = seating.seat_random(PLAYERS, sizes, rng)
        for _round in range(4):
            if _round:
                known = season if with_season else {}
                tables = pairing.seat_swiss(PLAYERS, sizes, scores, tonight, known, rng)
            play(tables, rng, scores)
            add(tonight, tables)
            add(season, tables)
    return [season.get(pair, 0) for pair in itertools.combinations(PLAYERS, 2)]


def test_swiss_spreads_the_seasons_meetings_by_its_pair_counts():
    counted, blind = season_of_swiss(True), season_of_swiss(False)
    assert sum(counted) == sum(blind)  # as many meetings either way
    assert max(counted) < max(blind) and min(counted) > min(blind)
    assert sum(c * c for c in counted) < sum(c * c for c in blind)
