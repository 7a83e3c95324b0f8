"""Swiss as directors know it, as pure functions: tie-breaks against worked examples and
an independent computation, Baku acceleration as FIDE's handbook states it, and
properties of whole nights at 8 to 60 players over 5 rounds at tables of 2, 3 and 4."""

from __future__ import annotations

import itertools
import math
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.league import pairing, seating, swiss
from tests.tiers import examples


def pairwise_figures(results):
    """Score, Buchholz and Sonneborn-Berger from each table broken into the games of
    two it holds, as a chess crosstable reads (a tie beats nobody, scores nothing and
    counts half in Sonneborn-Berger): a computation independent of ``swiss``'s."""
    games = []  # (player, opponent, won, tied)
    for table in results:
        for (a, pa), (b, pb) in itertools.permutations(table, 2):
            games.append((a, b, pa < pb, pa == pb))
    score: dict[int, float] = {}
    for player, _opponent, won, _tied in games:
        score[player] = score.get(player, 0) + won
    buchholz: dict[int, float] = {}
    sonneborn: dict[int, float] = {}
    for player, opponent, won, tied in games:
        buchholz[player] = buchholz.get(player, 0) + score[opponent]
        share = 1 if won else 0.5 if tied else 0
        sonneborn[player] = sonneborn.get(player, 0) + share * score[opponent]
    return score, buchholz, sonneborn


# Sensei's Library, "Sonneborn-Berger" (a double round robin of A, B, C and D, 1 a win):
# A beat B, C, D then C; B beat C, D then A, D; C beat D then B, D; D beat A.
A, B, C, D = 1, 2, 3, 4
ROBIN = [
    [(A, 1), (B, 2)],
    [(A, 1), (C, 2)],
    [(A, 1), (D, 2)],
    [(B, 1), (C, 2)],
    [(B, 1), (D, 2)],
    [(C, 1), (D, 2)],
    [(B, 1), (A, 2)],
    [(A, 1), (C, 2)],
    [(D, 1), (A, 2)],
    [(C, 1), (B, 2)],
    [(B, 1), (D, 2)],
    [(C, 1), (D, 2)],
]


def test_sonneborn_berger_matches_the_handbook_example():
    """Sensei's Library, "Sonneborn-Berger", worked example: scores A 4, B 4, C 3, D 1;
    Sonneborn-Berger A 4+3+3+1 = 11, B 4+3+1+1 = 9, C 4+1+1 = 6, D 4: A wins the tie.
    Buchholz (FIDE Handbook C.07, the sum of the opponents' scores) follows: each met
    every other twice."""
    scores = swiss.scores_of(ROBIN)
    assert scores == {A: 4, B: 4, C: 3, D: 1}
    assert swiss.sonneborn_berger(ROBIN, scores) == {A: 11, B: 9, C: 6, D: 4}
    assert swiss.buchholz(ROBIN, scores) == {A: 16, B: 16, C: 18, D: 22}


def test_baku_acceleration_as_the_fide_handbook_states_it():
    """FIDE Handbook C.04.5.1 (Baku Acceleration): group A is the first half of the
    players rounded up to an even number (161 players: 82, i.e. 2 x ceil(161/4)); in a
    nine-round tournament five rounds are accelerated, group A having one virtual point
    in the first three and half a point in rounds 4 and 5."""
    assert len(swiss.group_a(list(range(161)))) == 82
    assert swiss.group_a(list(range(161))) == set(range(82))
    assert swiss.accelerated_rounds(9) == 5
    shares = [swiss.virtual_share(n, 9) for n in range(1, 10)]
    assert shares == [1, 1, 1, 0.5, 0.5, 0, 0, 0, 0]


def test_a_table_says_its_score_group_and_who_floated_in():
    scores = {1: 3, 2: 3, 3: 3, 4: 2, 5: 2, 6: 2, 7: 0, 8: 1}
    top, bottom = swiss.explain([[1, 2, 3, 4], [5, 6, 7, 8]], scores)
    assert (top.group, top.floats) == (3, ((4, 2),))  # 4 floated up from the 2s
    assert (bottom.group, bottom.floats) == (2, ((7, 0), (8, 1)))


tables_played = st.integers(2, 4).flatmap(
    lambda size: st.lists(
        st.lists(st.integers(1, size), min_size=size, max_size=size), min_size=1, max_size=12
    )
)


@settings(max_examples=examples(60), deadline=None)
@given(tables_played, st.randoms(use_true_random=False))
def test_tie_breaks_match_a_crosstable_computed_pairwise(places, rng):
    players = list(range(1, 13))
    results = [list(zip(rng.sample(players, len(table)), table, strict=True)) for table in places]
    score, buchholz, sonneborn = pairwise_figures(results)
    scores = swiss.scores_of(results)
    assert scores == score
    assert swiss.tiebreaks("buchholz", results, scores, {}) == buchholz
    assert swiss.tiebreaks("sonneborn", results, scores, {}) == sonneborn
    assert swiss.tiebreaks("rating", results, scores, {1: 25.0}) == {1: 25.0}


def play(tables, rng, results):
    """Each table's result by chance, now and then a tie; returns the tables by result."""
    for table in tables:
        places = sorted(rng.randint(1, len(table)) for _ in table)
        results.append(list(zip(rng.sample(table, len(table)), places, strict=True)))


def seatable(members, size, barred):
    """Whether ``members`` can sit at tables of ``size`` with no barred pair together:
    an exhaustive search, for small fields (the independent check of "avoidable")."""
    if not members:
        return True
    first, rest = members[0], members[1:]
    for combo in itertools.combinations(rest, size - 1):
        group = (first, *combo)
        if any(barred.get(seating.pair_key(a, b)) for a, b in itertools.combinations(group, 2)):
            continue
        if seatable([m for m in rest if m not in combo], size, barred):
            return True
    return False


def check_round(tables, byes, present, scores, paired, never, tonight, size):
    seated = [m for table in tables for m in table]
    assert sorted(seated + byes) == sorted(present)
    # Never-pairs are kept.
    for a, b in never:
        assert not any(a in table and b in table for table in tables)
    # Byes go to the lowest score group.
    if byes:
        assert max(scores.get(m, 0) for m in byes) <= min(scores.get(m, 0) for m in seated)
    # Score groups from the top: each table's best is no better than the table above's.
    leaders = [max(paired.get(m, 0) for m in table) for table in tables]
    assert leaders == sorted(leaders, reverse=True)
    # No repeat while one is avoidable: proven by exhaustive search on small fields,
    # and on large ones because each has met fewer than half the field.
    barred = dict(tonight)
    for a, b in never:
        barred[seating.pair_key(a, b)] = 1
    met_most = max(sum(1 for key in barred if m in key) for m in seated)
    if len(seated) <= 12:
        if seatable(sorted(seated), size, barred):
            assert pairing.repeats(tables, tonight) == 0
    elif len(seated) >= 2 * met_most + 2 * size:
        assert pairing.repeats(tables, tonight) == 0


@settings(
    max_examples=examples(50),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    st.integers(8, 60),
    st.sampled_from([2, 3, 4]),
    st.sampled_from(swiss.TIEBREAKS),
    st.booleans(),
    st.randoms(use_true_random=False),
)
def test_a_swiss_night_of_5_rounds_keeps_the_directors_rules(count, size, kind, accelerate, rng):
    present = list(range(1, count + 1))
    ratings = {m: rng.uniform(0, 40) for m in present}
    never = [tuple(rng.sample(present, 2)) for _ in range(rng.randint(0, 3))]
    sizes, out = seating.sizes_with_byes(count, size, size, size, [size])
    by_rating = sorted(present, key=lambda m: -ratings[m])
    results: list = []
    byes_so_far: dict[int, int] = {}
    tables = seating.seat_random(present[out:], sizes, rng)
    byes = present[:out]
    for number in range(2, 6):
        play(tables, rng, results)
        for m in byes:
            byes_so_far[m] = byes_so_far.get(m, 0) + 1
        scores = swiss.scores_of(results)
        share = swiss.virtual_share(number, 5) if accelerate else 0
        virtual = dict.fromkeys(swiss.group_a(by_rating), share * (size - 1))
        rules = pairing.SwissRules(swiss.tiebreaks(kind, results, scores, ratings), virtual, never)
        tonight = pairing.pairs_met([[m for m, _p in table] for table in results])
        tables, byes = pairing.plan_round(
            "swiss",
            present,
            sizes,
            out,
            previous=[],
            scores=scores,
            tonight=tonight,
            season={},
            byes_so_far=byes_so_far,
            rng=rng,
            swiss=rules,
        )
        paired = {m: scores.get(m, 0) + virtual.get(m, 0) for m in present}
        check_round(tables, byes, present, scores, paired, never, tonight, size)


@settings(max_examples=examples(30), deadline=None)
@given(st.integers(2, 15), st.sampled_from([2, 3, 4]), st.randoms(use_true_random=False))
def test_with_nobody_met_equal_scores_sit_in_tie_break_order(tables, size, rng):
    members = list(range(1, tables * size + 1))
    scores = {m: rng.randint(0, 3) for m in members}
    tiebreak = {m: rng.uniform(0, 20) for m in members}
    seated = pairing.seat_swiss(members, [size] * tables, scores, {}, {}, rng, tiebreak=tiebreak)
    key = lambda m: (-scores[m], -tiebreak[m])  # noqa: E731
    order = sorted(map(key, members))
    # Equal keys (a tie-break tied too) go by chance: the keys are compared, not who.
    assert [sorted(map(key, table)) for table in seated] == [
        order[i : i + size] for i in range(0, len(order), size)
    ]
    assert math.isclose(sum(map(len, seated)), len(members))


def test_a_never_pair_outweighs_any_repeat_when_nothing_else_fits():
    # Four at one table of four: the never-pair cannot be kept, and is seated anyway.
    tables, byes = pairing.plan_round(
        "swiss",
        [1, 2, 3, 4],
        [4],
        0,
        previous=[],
        scores={},
        tonight={},
        season={},
        byes_so_far={},
        rng=random.Random(1),
        swiss=pairing.SwissRules(never=[(1, 2)]),
    )
    assert sorted(tables[0]) == [1, 2, 3, 4] and byes == []
