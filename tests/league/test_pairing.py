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


def test_king_of_the_hill_sends_a_bye_out_and_brings_one_back_into_the_seat_left():
    previous = [[1, 2], [3, 4]]
    tables = pairing.seat_king(previous, [2, 2], sitting_out=[1], coming_back=[5])
    # 1 would have stayed at the top: 5 takes that seat, and 2 and 3 still swap.
    assert [sorted(t) for t in tables] == [[3, 5], [2, 4]]


def targets(previous):
    """Where king of the hill sends each player of ``previous`` (tables by result)."""
    bottom = len(previous) - 1
    goes = {}
    for number, table in enumerate(previous):
        for place, member in enumerate(table):
            move = -1 if place == 0 else 1 if place == len(table) - 1 else 0
            goes[member] = min(max(number + move, 0), bottom)
    return goes


def test_king_of_the_hill_with_a_bye_mid_ladder_moves_every_other_player():
    """29 at gin: 14 tables and a bye. Round 2's bye falls to table 7's loser: the 27
    others who played round 1 all move (or stay) as their result says, tables 8 to 14
    included, and the one back from round 1's bye takes the seat left."""
    previous = [[2 * t + 1, 2 * t + 2] for t in range(14)]  # winner first
    sits_out, back = previous[6][1], 29
    tables = pairing.seat_king(previous, [2] * 14, [sits_out], [back])
    seated_once(tables, [m for m in range(1, 30) if m != sits_out], [2] * 14)
    table_of = {member: number for number, table in enumerate(tables) for member in table}
    goes = targets(previous)
    moved_right = [m for m in goes if m != sits_out and table_of[m] == goes[m]]
    assert len(moved_right) == 27
    assert table_of[back] == goes[sits_out]


def test_king_of_the_hill_moves_everyone_right_from_8_to_60_players_over_5_rounds():
    """Every size from 8 to 60, at gin (2 a table, a bye when odd) and at tables of
    four (byes when the count does not split): in each of 5 rounds everyone who played
    the last round and plays this one sits where the last result sends them."""
    rng = random.Random(29)
    for low, high, preferred in ((2, 2, 2), (4, 4, 4)):
        for n in range(8, 61):
            present = list(range(1, n + 1))
            sizes, out = seating.sizes_with_byes(n, low, high, preferred)
            byes: dict[int, int] = {}
            sat_out = seating.choose_byes(present, out, byes, rng)
            tables = seating.seat_random([m for m in present if m not in sat_out], sizes, rng)
            scores: dict = {}
            for _round in range(5):
                for member in sat_out:
                    byes[member] = byes.get(member, 0) + 1
                previous = play(tables, rng, scores)
                tables, sat_out = pairing.plan_round(
                    "king",
                    present,
                    sizes,
                    out,
                    previous=previous,
                    scores=scores,
                    tonight={},
                    season={},
                    byes_so_far=byes,
                    rng=rng,
                )
                seated_once(tables, [m for m in present if m not in sat_out], sizes)
                goes = targets(previous)
                for number, table in enumerate(tables):
                    for member in table:
                        assert goes.get(member, number) == number, (n, _round, member)


def test_a_swiss_bye_goes_to_the_lowest_score_group_from_8_to_60_players_over_5_rounds():
    """Every size from 8 to 60 at tables of four and at gin: each round's byes are the
    lowest scores tonight (nobody seated scores less than one sitting out), the fewest
    byes first within a score, never a leader."""
    rng = random.Random(60)
    for low, high, preferred in ((4, 4, 4), (2, 2, 2)):
        for n in range(8, 61):
            present = list(range(1, n + 1))
            sizes, out = seating.sizes_with_byes(n, low, high, preferred)
            byes: dict[int, int] = {}
            scores: dict = {}
            tonight: dict = {}
            tables = seating.seat_random(present[: sum(sizes)], sizes, rng)
            for member in present[sum(sizes) :]:
                byes[member] = 1
            for _round in range(5):
                play(tables, rng, scores)
                add(tonight, tables)
                # The seating is Swiss's own (tested above); these tables are by chance.
                sat_out = pairing.swiss_byes(present, out, scores, byes, rng)
                seated = [m for m in present if m not in sat_out]
                tables = seating.seat_random(seated, sizes, rng)
                assert len(sat_out) == out
                for bye in sat_out:
                    for member in seated:
                        mine, theirs = scores.get(bye, 0), scores.get(member, 0)
                        assert mine <= theirs, (n, _round)
                        if mine == theirs:
                            assert byes.get(bye, 0) <= byes.get(member, 0), (n, _round)
                    if out < n // 2:
                        assert scores.get(bye, 0) < max(scores.values()), (n, _round)
                for member in sat_out:
                    byes[member] = byes.get(member, 0) + 1


def test_a_swiss_round_gives_its_bye_to_the_lowest_score_even_with_fewer_byes_above():
    """29 at gin after a round: the bye goes to a player who lost, never to the leader
    who had no bye yet while the losers had one each."""
    present = list(range(1, 30))
    scores = {m: 1 for m in range(1, 29, 2)}  # 14 winners of round 1, the losers 0
    byes = {m: 1 for m in present if m not in scores}
    byes[29] = 1
    for seed in range(20):
        tables, sat_out = pairing.plan_round(
            "swiss",
            present,
            [2] * 14,
            1,
            previous=[],
            scores=scores,
            tonight={},
            season={},
            byes_so_far=byes,
            rng=random.Random(seed),
        )
        (bye,) = sat_out
        assert scores.get(bye, 0) == 0
        seated_once(tables, [m for m in present if m != bye], [2] * 14)


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
    """41 at gin: one sits out each round, for 30 nights of 4 rounds, by king of the
    hill and random (Swiss gives its byes to the lowest scores: tested below)."""
    rng = random.Random(11)
    present = list(range(1, 42))
    sizes, out = seating.sizes_with_byes(len(present), 2, 2, 2)
    assert out == 1
    byes: dict[int, int] = {}
    season: dict = {}
    for night in range(30):
        method = ("king", "random")[night % 2]
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
